"""The streaming partition writer (``start_segment``/``add_batch``) writes the same bytes as
the whole-segment one (``add_segment``, :func:`write_partition_dir`), and the bytes main
f3e8056 wrote (golden digests); its memory, and :func:`write_partition_dir`'s, does not grow
with the segment size."""

from __future__ import annotations

import dataclasses
import hashlib
import random
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from kformat import Batch, Record, build_batch, control_record, make_batch
from kformat.errors import EncodeError
from kformat.segments import partition as partition_module
from kformat.segments.partition import (
    PartitionWriter,
    SegmentIndexer,
    build_segment_indexes,
    read_partition_dir,
    starts_new_segment,
    write_partition_dir,
)

T0 = 1_700_000_000_000
CODECS = ("none", "gzip", "snappy", "lz4", "zstd")


def _records(rng: random.Random, offset: int, n: int, size: int) -> list[Record]:
    return [Record(key=b"k%d" % (offset + i), value=rng.randbytes(size // 2) + b"v" * (size // 2),
                   timestamp=T0 + 10 * (offset + i) - (7 if i == 1 else 0)) for i in range(n)]


def dataset() -> list[list[Batch]]:
    """Four segments: magic 0 and 1 (every codec they have, uncompressed ones written an
    entry per record), magic 2 in every codec, transactions aborted and committed (one
    spanning a segment roll), control batches, leader epochs, a segment of more than the
    writer's 256 KiB of buffered bytes, and a gap in offsets before the last."""
    rng = random.Random(11)
    segs: list[list[Batch]] = []
    offset = 0
    legacy = []
    for magic in (0, 1):
        for codec in ("none", "gzip", "snappy", "lz4"):
            legacy.append(make_batch(_records(rng, offset, 4, 300), codec=codec, magic=magic,
                                     base_offset=offset))
            offset += 4
    segs.append(legacy)
    txn = {"producer_epoch": 1, "is_transactional": True, "partition_leader_epoch": 2}
    second = []
    for codec in CODECS:
        second.append(make_batch(_records(rng, offset, 5, 400), codec=codec,
                                 base_offset=offset, partition_leader_epoch=1))
        offset += 5
    second.append(make_batch(_records(rng, offset, 3, 200), codec="zstd", base_offset=offset,
                             producer_id=7, base_sequence=0, **txn))  # aborted below
    offset += 3
    second.append(make_batch(_records(rng, offset, 3, 200), codec="lz4", base_offset=offset,
                             producer_id=8, base_sequence=0, **txn))  # committed below
    offset += 3
    second.append(make_batch(_records(rng, offset, 2, 200), base_offset=offset,
                             producer_id=9, base_sequence=0, **txn))  # aborted in segment 3
    offset += 2
    second.append(make_batch([control_record("abort", 4, timestamp=T0 + 10 * offset)],
                             base_offset=offset, producer_id=7, is_control=True, **txn))
    offset += 1
    second.append(make_batch([control_record("commit", 4, timestamp=T0 + 10 * offset)],
                             base_offset=offset, producer_id=8, is_control=True, **txn))
    offset += 1
    segs.append(second)
    third = [make_batch([control_record("abort", 5, timestamp=T0 + 10 * offset)],
                        base_offset=offset, producer_id=9, is_control=True, **txn)]
    offset += 1
    for i in range(70):  # about 420 KiB: appended in pieces, indexes built in pieces
        third.append(make_batch(_records(rng, offset, 3, 2000), codec=CODECS[i % 5],
                                base_offset=offset, partition_leader_epoch=3,
                                producer_id=10, producer_epoch=0, base_sequence=3 * i))
        offset += 3
    segs.append(third)
    offset += 50  # a gap, as compaction leaves
    segs.append([make_batch(_records(rng, offset + 2 * i, 2, 3000), codec=CODECS[i % 5],
                            base_offset=offset + 2 * i, partition_leader_epoch=4)
                 for i in range(12)])
    return segs


def _files(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


def _stream(log_dir: Path, segs: list[list[Batch]], *, parsed: bool, **kw: int) -> Path:
    """The dataset through start_segment/add_batch: with each batch's value, or (``parsed``
    False) its bytes alone."""
    writer = PartitionWriter(log_dir, "orders", 3, **kw)  # type: ignore[arg-type]
    for seg in segs:
        writer.start_segment(seg[0].base_offset)
        for b in seg:
            data = build_batch(b)
            if parsed and b.magic == 2:
                writer.add_batch(data, b)
            else:
                writer.add_batch(data)
    return writer.close()


# The first 128 bits of the SHA-256 of every file main f3e8056 (the whole-segment writer)
# wrote for dataset().
GOLDEN = {
    "plain": {
        "00000000000000000000.index": "795e12c63e863ff64623ab51277c8449",
        "00000000000000000000.log": "943f719b49c2ab23007c8987aaada597",
        "00000000000000000000.timeindex": "20b8d5570e4b08dcce9779a94f67eb30",
        "00000000000000000032.index": "aa9d6ec52501bcc660027f803d375f44",
        "00000000000000000032.log": "258a2ca4ae13f5807a25602af89fc3df",
        "00000000000000000032.timeindex": "7e48e823240170a05f1e631b03f90a07",
        "00000000000000000032.txnindex": "cfef03699c70350cf685ad0bcf5393c5",
        "00000000000000000067.index": "6acca881a7cbd04a8fa74d1da9d2f75d",
        "00000000000000000067.log": "250211c9d0d6d98b9e72297b0a695e70",
        "00000000000000000067.timeindex": "b3e38ea1522fcebfbb937fda29f578dd",
        "00000000000000000067.txnindex": "1a7f10417c2b6f2990f41e2dbb99eb30",
        "00000000000000000328.index": "322cf49e4677f528f7772134be412e32",
        "00000000000000000328.log": "1a655b7c5d33636f2127a30ab183444f",
        "00000000000000000328.timeindex": "506bf10f98c06b8c1f9dff21cc19fbef",
        "00000000000000000352.snapshot": "b64dbbfb64202f8c0ed14f4612ad44f8",
        "leader-epoch-checkpoint": "9f70850a986092a6ada692bd9f0a33f9",
        "partition.metadata": "eff07303f4444f6545048e1e1f2504f4",
    },
    "preallocated": {
        "00000000000000000000.index": "a7bba51fe909c3b5887ed462ecb7edaf",
        "00000000000000000000.log": "943f719b49c2ab23007c8987aaada597",
        "00000000000000000000.timeindex": "2cf1f8ca2a9b4fe149ca877e4c9725dc",
        "00000000000000000032.index": "86511b6fcfe95f64bd13644312554ab0",
        "00000000000000000032.log": "258a2ca4ae13f5807a25602af89fc3df",
        "00000000000000000032.timeindex": "c7cff07b3d0923e7c0ae16f3f595fcd7",
        "00000000000000000032.txnindex": "cfef03699c70350cf685ad0bcf5393c5",
        "00000000000000000067.index": "6acca881a7cbd04a8fa74d1da9d2f75d",
        "00000000000000000067.log": "250211c9d0d6d98b9e72297b0a695e70",
        "00000000000000000067.timeindex": "b3e38ea1522fcebfbb937fda29f578dd",
        "00000000000000000067.txnindex": "1a7f10417c2b6f2990f41e2dbb99eb30",
        "00000000000000000328.index": "247d2d7429f969058ba0c8985e79b0bb",
        "00000000000000000328.log": "1a655b7c5d33636f2127a30ab183444f",
        "00000000000000000328.timeindex": "e9981ebc5770af5f35196b0bf510cb4f",
        "00000000000000000352.snapshot": "b64dbbfb64202f8c0ed14f4612ad44f8",
        "leader-epoch-checkpoint": "9f70850a986092a6ada692bd9f0a33f9",
        "partition.metadata": "eff07303f4444f6545048e1e1f2504f4",
    },
}

SETTINGS = {"plain": {"index_interval_bytes": 300},
            "preallocated": {"index_interval_bytes": 1000, "preallocate_index_bytes": 10_005}}


@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_streaming_writes_the_batch_writers_bytes(tmp_path: Path, setting: str) -> None:
    kw = SETTINGS[setting]
    segs = dataset()
    whole = _files(write_partition_dir(tmp_path / "whole", "orders", 3, segs, **kw))
    assert len([n for n in whole if n.endswith(".log")]) == 4
    assert any(n.endswith(".txnindex") for n in whole)
    assert {n: hashlib.sha256(d).hexdigest()[:32] for n, d in whole.items()} == GOLDEN[setting]
    for parsed in (True, False):
        streamed = _files(_stream(tmp_path / f"stream-{parsed}", segs, parsed=parsed, **kw))
        assert streamed == whole
    generators = [(build_batch(b) if i % 2 else b for i, b in enumerate(seg)) for seg in segs]
    assert _files(write_partition_dir(tmp_path / "gen", "orders", 3, generators[::-1],
                                      **kw)) == whole  # bytes or batches, in any order
    pd = read_partition_dir(tmp_path / "whole" / "orders-3")
    assert pd.problems == []
    assert len(pd.segments[2].index.entries) > 64  # type: ignore[union-attr]


def test_add_segment_is_the_streaming_steps(tmp_path: Path) -> None:
    """add_segment with raw pieces that are not one per batch (a whole segment's bytes as
    one piece) writes what the batch-by-batch calls write."""
    segs = dataset()[1:3]
    one = PartitionWriter(tmp_path / "one", "orders", 3, index_interval_bytes=500)
    for seg in segs:
        raw = [build_batch(b) for b in seg]
        laid, at = [], 0
        for b, data in zip(seg, raw, strict=True):
            laid.append(dataclasses.replace(b, position=at, size=len(data)))
            at += len(data)
        one.add_segment(seg[0].base_offset, [b"".join(raw)], laid)
    assert _files(one.close()) == _files(
        _stream(tmp_path / "two", segs, parsed=True, index_interval_bytes=500))


def test_indexer_is_build_segment_indexes(tmp_path: Path) -> None:
    path = write_partition_dir(tmp_path, "t", 0, dataset())
    for seg in read_partition_dir(path).segments:
        batches = seg.log.batches
        for rolled in (True, False):
            indexer = SegmentIndexer(700)
            taken = []
            for i, b in enumerate(batches):
                indexer.add(b, b.position)
                if i % 3 == 0:
                    taken.append(indexer.take())
            indexer.finish(rolled=rolled)
            taken.append(indexer.take())
            whole = build_segment_indexes(batches, index_interval_bytes=700, rolled=rolled)
            assert [e for t in taken for e in t.offsets] == whole.offsets
            assert [e for t in taken for e in t.times] == whole.times


def test_a_segment_rolls_when_the_next_batch_would_take_it_past_segment_bytes() -> None:
    assert not starts_new_segment(0, 5000, 1000)  # an empty segment takes any batch
    assert not starts_new_segment(600, 400, 1000)  # exactly full
    assert starts_new_segment(600, 401, 1000)


def test_streaming_refuses_misuse(tmp_path: Path) -> None:
    writer = PartitionWriter(tmp_path, "t", 0)
    data = build_batch(make_batch([Record(value=b"x", timestamp=T0)], base_offset=5))
    with pytest.raises(EncodeError, match="start_segment first"):
        writer.add_batch(data)
    writer.start_segment(5)
    with pytest.raises(EncodeError, match="not whole batches") as info:
        writer.add_batch(data[:-1])
    assert info.value.path == "segments[0]"
    writer.add_batch(data)
    with pytest.raises(EncodeError, match="must increase: 5 after 5"):
        writer.start_segment(5)


def test_an_index_offset_out_of_range_is_refused_with_its_entry(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    """Entries appended in pieces are numbered in the whole file, as when built at once."""
    monkeypatch.setattr(partition_module, "_FLUSH_BYTES", 1)
    writer = PartitionWriter(tmp_path, "t", 0, index_interval_bytes=1)
    writer.start_segment(0)
    for i in range(3):
        writer.add_batch(build_batch(make_batch([Record(value=b"x" * 50, timestamp=T0)],
                                                base_offset=i)))
    with pytest.raises(EncodeError, match="does not fit the index") as info:
        writer.add_batch(build_batch(make_batch([Record(value=b"x", timestamp=T0)],
                                                base_offset=1 << 31)))
    assert info.value.path == "entries[2].offset"


# --------------------------------------------------------------------------- memory

SEGMENT = 8 << 20
BOUND = 4 << 20


def _one_batch(size: int) -> tuple[bytes, Batch, int]:
    """A batch of about ``size`` bytes: its bytes, its value without records, its count."""
    rng = random.Random(5)
    records = [Record(key=b"k", value=rng.randbytes(1000), timestamp=T0 + i)
               for i in range(size // 1000)]
    batch = make_batch(records)
    return build_batch(batch), dataclasses.replace(batch, records=[]), len(records)


def _peak(run: object) -> int:
    tracemalloc.start()
    try:
        run()  # type: ignore[operator]
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_partition_writer_memory_is_not_a_segment(tmp_path: Path) -> None:
    """Three 8 MiB segments of 64 KiB batches: the peak stays well under one segment."""
    data, value, count = _one_batch(64 << 10)

    def write() -> None:
        writer = PartitionWriter(tmp_path, "t", 0)
        offset = 0
        for _ in range(3):
            writer.start_segment(offset)
            size = 0
            while size + len(data) <= SEGMENT:
                head = offset.to_bytes(8, "big")  # the base offset is outside the CRC
                writer.add_batch(head + data[8:], dataclasses.replace(value, base_offset=offset))
                offset += count
                size += len(data)
        writer.close()

    peak = _peak(write)
    assert peak < BOUND + len(data), peak
    assert sum(p.stat().st_size for p in (tmp_path / "t-0").glob("*.log")) > 3 * SEGMENT - \
        3 * len(data)


def test_write_partition_dir_memory_is_not_a_segment(tmp_path: Path) -> None:
    """write_partition_dir streams each batch through PartitionWriter: three 8 MiB segments
    of 64 KiB batches, given as lists of bytes or as generators, peak well under one segment
    (main 1ba18d6 built every segment's bytes first: 31 MiB for the lists)."""
    data, _, count = _one_batch(64 << 10)
    per = SEGMENT // len(data)

    def batch(n: int) -> bytes:
        return (n * count).to_bytes(8, "big") + data[8:]  # the base offset: outside the CRC

    lists = [[batch(s * per + i) for i in range(per)] for s in range(3)]
    peak = _peak(lambda: write_partition_dir(tmp_path / "lists", "t", 0, lists))
    assert peak < BOUND + len(data), peak
    def segment(s: int) -> Iterator[bytes]:
        return (batch(s * per + i) for i in range(per))

    generators = {s * per * count: segment(s) for s in range(3)}
    peak = _peak(lambda: write_partition_dir(tmp_path / "generators", "t", 0, generators))
    assert peak < BOUND + len(data), peak
    logs = [sorted((tmp_path / d / "t-0").glob("*.log")) for d in ("lists", "generators")]
    assert [p.read_bytes() for p in logs[0]] == [b"".join(seg) for seg in lists]
    assert [p.read_bytes() for p in logs[1]] == [b"".join(seg) for seg in lists]
