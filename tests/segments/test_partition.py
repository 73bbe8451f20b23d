"""A partition directory written by :func:`write_partition_dir`, read back fully; planted
problems each reported with file and position."""

from __future__ import annotations

import struct
import uuid
from pathlib import Path

import pytest

from kformat import Batch, Record, build_batch, control_record, make_batch
from kformat.segments.checks import Problem
from kformat.segments.indexes import (
    AbortedTxn,
    OffsetPosition,
    TimestampOffset,
    parse_offset_index,
    parse_time_index,
)
from kformat.segments.partition import (
    build_segment_indexes,
    check_partition_dir,
    read_partition_dir,
    write_partition_dir,
)
from kformat.segments.snapshot import ProducerEntry
from kformat.segments.textfiles import EpochEntry, PartitionMetadata

T0 = 1_700_000_000_000
TOPIC_ID = uuid.UUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8")


def data_batch(offset: int, n: int = 3, *, epoch: int = 0, codec: str = "none",
               **kw: object) -> Batch:
    records = [Record(key=b"key-%d" % (offset + i), value=b"x" * 200, timestamp=T0 + offset + i)
               for i in range(n)]
    return make_batch(records, base_offset=offset, codec=codec, partition_leader_epoch=epoch,
                      **kw)  # type: ignore[arg-type]


def segments() -> list[list[Batch]]:
    """Two segments; the second holds an aborted and a committed transaction."""
    first = [data_batch(3 * i, codec="gzip" if i % 4 == 0 else "none") for i in range(8)]
    txn = dict(producer_epoch=1, is_transactional=True, epoch=2)
    second = [
        data_batch(24, epoch=2),
        data_batch(27, 2, producer_id=7, base_sequence=0, **txn),   # txn of producer 7
        data_batch(29, 2, producer_id=8, base_sequence=0, **txn),   # txn of producer 8
        data_batch(31, epoch=2),
        make_batch([control_record("abort", 4, timestamp=T0 + 40)], base_offset=34,
                   producer_id=7, producer_epoch=1, is_transactional=True, is_control=True,
                   partition_leader_epoch=2),
        make_batch([control_record("commit", 4, timestamp=T0 + 41)], base_offset=35,
                   producer_id=8, producer_epoch=1, is_transactional=True, is_control=True,
                   partition_leader_epoch=2),
        data_batch(36, epoch=3, producer_id=9, producer_epoch=0, base_sequence=5),
    ]
    return [first, second]


@pytest.fixture
def partition(tmp_path: Path) -> Path:
    return write_partition_dir(tmp_path, "orders", 3, segments(), index_interval_bytes=1000,
                               topic_id=TOPIC_ID)


def test_written_files(partition: Path) -> None:
    assert partition.name == "orders-3"
    assert sorted(p.name for p in partition.iterdir()) == [
        "00000000000000000000.index", "00000000000000000000.log",
        "00000000000000000000.timeindex",
        "00000000000000000024.index", "00000000000000000024.log",
        "00000000000000000024.timeindex", "00000000000000000024.txnindex",
        "00000000000000000039.snapshot", "leader-epoch-checkpoint", "partition.metadata",
    ]
    assert (partition / "partition.metadata").read_text() == \
        "version: 0\ntopic_id: a6e4EJ2tEdGAtADAT9QwyA\n"
    assert (partition / "leader-epoch-checkpoint").read_text() == "0\n3\n0 0\n2 24\n3 36\n"


def test_read_back_fully(partition: Path) -> None:
    pd = read_partition_dir(partition)
    assert pd.problems == []
    assert (pd.topic, pd.partition) == ("orders", 3)
    assert pd.metadata == PartitionMetadata(TOPIC_ID)
    assert pd.leader_epochs == [EpochEntry(0, 0), EpochEntry(2, 24), EpochEntry(3, 36)]
    written = [b for seg in segments() for b in seg]
    assert [(r.offset, r.timestamp, r.key, r.value) for b in pd.batches for r in b.records] \
        == [(r.offset, r.timestamp, r.key, r.value) for b in written for r in b.records]
    first, second = pd.segments
    assert (first.base_offset, second.base_offset) == (0, 24)
    assert first.txn_index is None
    assert second.txn_index == [AbortedTxn(7, 27, 34, 29)]  # producer 8's txn still open
    assert pd.snapshots[39].entries == [
        ProducerEntry(7, 1, 1, 28, 1, T0 + 40, 4, -1),
        ProducerEntry(8, 1, 1, 30, 1, T0 + 41, 4, -1),
        ProducerEntry(9, 0, 7, 38, 2, T0 + 38, -1, -1),
    ]


def test_indexes_follow_the_broker(partition: Path) -> None:
    pd = read_partition_dir(partition)
    for seg in pd.segments:
        batches = seg.log.batches
        starts = {b.position: b for b in batches}
        assert seg.index is not None and seg.time_index is not None
        assert seg.index.entries, "index_interval_bytes=1000 must give entries"
        last_at = 0
        for e in seg.index.entries:
            b = starts[e.position]
            assert e.offset == b.last_offset
            assert e.position - last_at > 1000
            last_at = e.position
        timestamps = [e.timestamp for e in seg.time_index.entries]
        assert timestamps == sorted(set(timestamps))
    first = pd.segments[0]
    # a rolled segment ends with its greatest timestamp
    assert first.time_index.entries[-1] == TimestampOffset(T0 + 23, 23)  # type: ignore[union-attr]


def test_segment_indexes_golden() -> None:
    batches = [data_batch(3 * i) for i in range(4)]
    sizes = [len(build_batch(b)) for b in batches]
    position = 0
    for b, size in zip(batches, sizes, strict=True):
        b.position, b.size = position, size
        position += size
    idx = build_segment_indexes(batches, index_interval_bytes=sizes[0] - 1, rolled=False)
    # entries for batches 1..3 (the first batch, at position 0, is never indexed)
    assert idx.offsets == [OffsetPosition(5, sizes[0]), OffsetPosition(8, sum(sizes[:2])),
                           OffsetPosition(11, sum(sizes[:3]))]
    assert idx.times == [TimestampOffset(T0 + 5, 5), TimestampOffset(T0 + 8, 8),
                         TimestampOffset(T0 + 11, 11)]
    assert build_segment_indexes(batches, index_interval_bytes=10**6).offsets == []
    assert build_segment_indexes(batches, index_interval_bytes=10**6).times == [
        TimestampOffset(T0 + 11, 11)]


def test_preallocated_active_indexes(tmp_path: Path) -> None:
    path = write_partition_dir(tmp_path, "t", 0, segments(), index_interval_bytes=1000,
                               preallocate_index_bytes=10 * 1024 * 1024)
    active = path / "00000000000000000024.index"
    assert active.stat().st_size == 10 * 1024 * 1024
    assert (path / "00000000000000000000.index").stat().st_size < 100
    pd = read_partition_dir(path)
    assert pd.problems == []
    assert pd.segments[1].index.padding > 1_000_000  # type: ignore[union-attr]


def test_mapping_gives_base_offsets_and_empty_segments(tmp_path: Path) -> None:
    path = write_partition_dir(tmp_path, "t", 1, {0: [data_batch(0)], 100: []})
    pd = read_partition_dir(path)
    assert [s.base_offset for s in pd.segments] == [0, 100]
    assert pd.segments[1].log.batches == [] and pd.problems == []
    assert sorted(pd.snapshots) == [100]


# --------------------------------------------------------------------------- planted problems


def kinds(problems: list[Problem]) -> list[tuple[str, int, str]]:
    return [(Path(p.file).name, p.position, p.kind) for p in problems]


def patch(path: Path, at: int, data: bytes) -> None:
    raw = bytearray(path.read_bytes())
    raw[at:at + len(data)] = data
    path.write_bytes(bytes(raw))


def test_index_entry_with_wrong_position(partition: Path) -> None:
    index = partition / "00000000000000000000.index"
    entries = parse_offset_index(index.read_bytes()).entries
    patch(index, 8 + 4, struct.pack(">i", entries[1].position + 1))
    assert kinds(check_partition_dir(partition)) == [
        ("00000000000000000000.index", 8, "index-position")]


def test_index_entry_pointing_at_the_wrong_batch(partition: Path) -> None:
    index = partition / "00000000000000000000.index"
    entries = parse_offset_index(index.read_bytes()).entries
    # entry 0 keeps its position but names an offset of the next batch
    patch(index, 0, struct.pack(">i", entries[0].offset + 1))
    problems = check_partition_dir(partition)
    assert kinds(problems) == [("00000000000000000000.index", 0, "index-offset")]
    assert "holds offsets" in problems[0].detail


def test_index_offsets_going_backwards(partition: Path) -> None:
    index = partition / "00000000000000000000.index"
    raw = index.read_bytes()
    index.write_bytes(raw[8:16] + raw[0:8] + raw[16:])  # swap entries 0 and 1
    assert kinds(check_partition_dir(partition)) == [
        ("00000000000000000000.index", 8, "index-order")]


def test_log_offsets_going_backwards(tmp_path: Path) -> None:
    path = write_partition_dir(tmp_path, "t", 0, [[data_batch(0), data_batch(3), data_batch(2)]])
    second = len(build_batch(data_batch(0))) + len(build_batch(data_batch(3)))
    assert kinds(check_partition_dir(path)) == [
        ("00000000000000000000.log", second, "offsets-backwards")]


def test_corrupted_crc(partition: Path) -> None:
    log = partition / "00000000000000000024.log"
    pd = read_partition_dir(partition)
    third = pd.segments[1].log.batches[2]
    raw = bytearray(log.read_bytes())
    raw[third.position + third.size - 2] ^= 0x01  # the last byte of the last record's value
    log.write_bytes(bytes(raw))
    problems = check_partition_dir(partition)
    assert kinds(problems) == [("00000000000000000024.log", third.position, "crc")]
    # reading goes on: the batch is there (crc_valid False), and the batches after it too
    batches = read_partition_dir(partition).segments[1].log.batches
    assert [b.crc_valid for b in batches] == [True, True, False, True, True, True, True]


def test_corrupted_crc_and_content(partition: Path) -> None:
    log = partition / "00000000000000000024.log"
    pd = read_partition_dir(partition)
    third = pd.segments[1].log.batches[2]
    raw = bytearray(log.read_bytes())
    raw[third.position + third.size - 1] = 0x02  # the last record's header count: 0 -> 1
    log.write_bytes(bytes(raw))
    problems = check_partition_dir(partition)
    assert kinds(problems)[0] == ("00000000000000000024.log", third.position, "crc")
    assert "does not decode" in problems[0].detail
    seg = read_partition_dir(partition, check=False).segments[1].log
    assert [b.base_offset for b in seg.batches] == [24, 27, 31, 34, 35, 36]
    assert [(s.position, s.size) for s in seg.skipped] == [(third.position, third.size)]


def test_truncated_last_batch(partition: Path) -> None:
    log = partition / "00000000000000000024.log"
    pd = read_partition_dir(partition)
    last = pd.segments[1].log.batches[-1]
    log.write_bytes(log.read_bytes()[:last.position + 30])
    problems = check_partition_dir(partition)
    assert kinds(problems) == [("00000000000000000024.log", last.position, "truncated")]
    assert problems[0].detail == f"last batch cut short: 30 of {last.size} bytes present"


def test_time_index_problems(partition: Path) -> None:
    timeindex = partition / "00000000000000000000.timeindex"
    entries = parse_time_index(timeindex.read_bytes()).entries
    patch(timeindex, 0, struct.pack(">q", entries[0].timestamp - 1))       # wrong timestamp
    patch(timeindex, 12 + 8, struct.pack(">i", entries[1].offset - 1))     # not a batch end
    problems = kinds(check_partition_dir(partition))
    assert problems == [("00000000000000000000.timeindex", 0, "timeindex-timestamp"),
                        ("00000000000000000000.timeindex", 12, "timeindex-offset")]


def test_time_index_out_of_order(partition: Path) -> None:
    timeindex = partition / "00000000000000000000.timeindex"
    raw = timeindex.read_bytes()
    timeindex.write_bytes(raw[12:24] + raw[0:12] + raw[24:])
    assert ("00000000000000000000.timeindex", 12, "timeindex-order") in kinds(
        check_partition_dir(partition))


def test_garbage_after_index_padding(partition: Path) -> None:
    index = partition / "00000000000000000000.index"
    raw = index.read_bytes()
    index.write_bytes(raw + bytes(16) + struct.pack(">ii", 99, 99))
    padding_end = len(raw) + 16
    assert kinds(check_partition_dir(partition)) == [
        ("00000000000000000000.index", padding_end, "index-garbage")]


def test_txn_index_without_marker(partition: Path) -> None:
    txn = partition / "00000000000000000024.txnindex"
    patch(txn, 2 + 8 + 8, struct.pack(">q", 33))  # last offset 34 -> 33 (no marker there)
    assert kinds(check_partition_dir(partition)) == [
        ("00000000000000000024.txnindex", 0, "txn-marker")]


def test_unreadable_files_become_problems(partition: Path) -> None:
    snapshot = partition / "00000000000000000039.snapshot"
    patch(snapshot, 12, b"\xff")
    (partition / "leader-epoch-checkpoint").write_bytes(b"0\n5\n")
    (partition / "00000000000000000024.txnindex").write_bytes(b"\x00\x00\x01")
    problems = check_partition_dir(partition)
    assert sorted(kinds(problems)) == [
        ("00000000000000000024.txnindex", 2, "unreadable"),
        ("00000000000000000039.snapshot", 2, "unreadable"),
        ("leader-epoch-checkpoint", 4, "unreadable"),
    ]
    assert "CorruptRecordError" in next(p.detail for p in problems if "snapshot" in p.file)


def test_bytes_and_legacy_batches(tmp_path: Path) -> None:
    legacy = make_batch([(b"a", b"1"), (b"b", b"2")], magic=1, base_offset=0,
                        base_timestamp=T0)  # uncompressed: one entry per record
    raw = build_batch(data_batch(2))
    path = write_partition_dir(tmp_path, "t", 0, [[legacy, raw]], index_interval_bytes=10)
    pd = read_partition_dir(path)
    assert pd.problems == []
    assert [(b.magic, b.base_offset, b.position) for b in pd.batches] == [
        (1, 0, 0), (1, 1, 36), (2, 2, 72)]  # a v1 message with 1-byte key and value: 36
    assert pd.segments[0].index.entries == [  # type: ignore[union-attr]
        OffsetPosition(1, 36), OffsetPosition(4, 72)]
    assert pd.leader_epochs == [EpochEntry(0, 2)]


def test_a_segments_first_legacy_batch_is_built_once(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A segment given without its base offset learns it from its first batch: a magic 0/1
    batch is built for that, and those bytes are what is written (not a second build)."""
    from kformat.segments import partition as partition_module

    legacy = make_batch([(b"a", b"1"), (b"b", b"2")], magic=1, codec="gzip", base_offset=5,
                        base_timestamp=T0)
    built: list[Batch] = []

    def counting_build(batch: Batch) -> bytes:
        built.append(batch)
        return build_batch(batch)

    monkeypatch.setattr(partition_module, "build_batch", counting_build)
    path = write_partition_dir(tmp_path, "t", 0, [[legacy]])
    assert built == [legacy]
    pd = read_partition_dir(path)
    assert pd.problems == []
    assert [(b.magic, b.base_offset, len(b.records)) for b in pd.batches] == [(1, 5, 2)]
    assert (path / "00000000000000000005.log").read_bytes() == build_batch(legacy)


@pytest.mark.parametrize("segs, path", [
    ([[b"\x00" * 30]], "segments[0][0]"),
    ([[build_batch(data_batch(0))[:-1]]], "segments[0][0]"),
    ([[data_batch(0)], []], "segments[1]"),
    ([[data_batch(5)], [data_batch(0), build_batch(data_batch(3))[:-1]]], "segments[1][1]"),
    ({7: [data_batch(7)], 0: [data_batch(0), b"\x00" * 30]}, "segments[1][1]"),
])
def test_writer_rejects(tmp_path: Path, segs: object, path: str) -> None:
    """The path is the segment's place in the input and the batch's in it, whatever the
    order segments are written in."""
    from kformat.errors import EncodeError

    with pytest.raises(EncodeError) as info:
        write_partition_dir(tmp_path, "t", 0, segs)  # type: ignore[arg-type]
    assert info.value.path == path
