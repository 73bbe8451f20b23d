"""The ``kafka-segments`` writer (kformat.spark.writer) without Spark: rows read from a
corpus written back batch for batch, every codec, rolled segments and indexes, peers reading
what it writes, ``kformat dump`` finding nothing wrong."""

from __future__ import annotations

import io
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from kformat.errors import EncodeError, KFormatError
from kformat.records.api import parse_batches
from kformat.segments.dump import main as dump_main
from kformat.segments.indexes import parse_offset_index, parse_time_index
from kformat.segments.partition import check_partition_dir, read_partition_dir
from kformat.spark.columns import ColumnReader, ReadOptions
from kformat.spark.files import topic_partition
from kformat.spark.writer import WriteOptions, commit, write_rows
from tests.spark import data
from tests.spark.test_columns import rows_of

CODECS = ("none", "gzip", "snappy", "lz4", "zstd")


def read_dir(root: Path) -> list[data.Row]:
    rows: list[data.Row] = []
    for path in sorted(root.glob("*/*.log")):
        topic, partition = topic_partition(str(path))
        rows += rows_of(ColumnReader(path.read_bytes(), topic=topic, partition=partition,
                                     options=ReadOptions(mode="FAILFAST")))
    return rows


def arrow_of(root: Path) -> list[pa.RecordBatch]:
    out = []
    for path in sorted(root.glob("*/*.log")):
        topic, partition = topic_partition(str(path))
        out += list(ColumnReader(path.read_bytes(), topic=topic, partition=partition,
                                 options=ReadOptions(mode="FAILFAST")))
    return out


def simple_rows(n: int, topic: str = "t", partition: int = 0) -> pa.RecordBatch:
    return pa.RecordBatch.from_pylist(
        [{"topic": topic, "partition": partition, "key": b"k%d" % i,
          "value": b"value-%d" % i * (1 + i % 5),
          "headers": [{"key": "h", "value": b"%d" % i}] if i % 3 == 0 else [],
          "timestamp": 1_700_000_000_000_000 + 1000 * i} for i in range(n)],
        schema=pa.schema([("topic", pa.string()), ("partition", pa.int32()),
                          ("key", pa.binary()), ("value", pa.binary()),
                          ("headers", pa.list_(pa.struct([("key", pa.string()),
                                                          ("value", pa.binary())]))),
                          ("timestamp", pa.timestamp("us", tz="UTC"))]))


def test_the_corpus_is_written_back_batch_for_batch(corpus_data: data.Fixture,
                                                    tmp_path: Path) -> None:
    parts = write_rows(arrow_of(corpus_data.log_dir), tmp_path,
                       WriteOptions(segment_bytes=data.SEGMENT_BYTES))
    assert {(p.topic, p.partition) for p in parts} == {
        (s.topic, s.partition) for s in corpus_data.shards}
    assert not any(p.assigned for p in parts)
    assert read_dir(tmp_path) == corpus_data.rows
    for p in parts:
        directory = Path(p.directory)
        assert check_partition_dir(directory) == []
        assert len(list(directory.glob("*.log"))) > 1, "rolled"
        assert (directory / "leader-epoch-checkpoint").exists()
        assert (directory / "partition.metadata").exists()


def test_every_codec_with_assigned_offsets_rolls_segments_and_indexes(tmp_path: Path) -> None:
    for codec in CODECS:
        out = tmp_path / codec
        (part,) = write_rows([simple_rows(3000)], out,
                             WriteOptions(codec=codec, segment_bytes=20_000,
                                          index_interval_bytes=1000, batch_records=100))
        assert part.assigned and (part.first_offset, part.last_offset) == (0, 2999)
        directory = Path(part.directory)
        pd = read_partition_dir(directory)
        assert pd.problems == []
        batches = pd.batches
        assert {b.codec for b in batches} == {CODECS.index(codec)}
        assert max(len(b.records) for b in batches) == 100
        assert [r.offset for b in batches for r in b.records] == list(range(3000))
        assert [r.value for b in batches for r in b.records][:2] == [b"value-0",
                                                                     b"value-1value-1"]
        logs = sorted(directory.glob("*.log"))
        assert len(logs) > 1 and all(p.stat().st_size <= 20_000 for p in logs)
        for log in logs:
            base = int(log.stem)
            index = parse_offset_index(log.with_suffix(".index").read_bytes(), base)
            times = parse_time_index(log.with_suffix(".timeindex").read_bytes(), base)
            if log.stat().st_size > 2000:
                assert index.entries and times.entries
        epochs = (directory / "leader-epoch-checkpoint").read_text().split()
        assert epochs == ["0", "1", "0", "0"]


def test_batch_bytes_cuts_batches(tmp_path: Path) -> None:
    (part,) = write_rows([simple_rows(500)], tmp_path,
                         WriteOptions(batch_records=10_000, batch_bytes=2000))
    batches = read_partition_dir(part.directory).batches
    assert len(batches) > 5
    assert all(b.size < 4000 for b in batches)


def test_peers_read_what_it_writes(tmp_path: Path) -> None:
    kafka_memory = pytest.importorskip("kafka.record.memory_records")
    aio_memory = pytest.importorskip("aiokafka.record.memory_records")
    for codec in CODECS:
        (part,) = write_rows([simple_rows(300)], tmp_path / codec,
                             WriteOptions(codec=codec, batch_records=64))
        want = [(i, b"k%d" % i, b"value-%d" % i * (1 + i % 5)) for i in range(300)]
        for log in sorted(Path(part.directory).glob("*.log")):
            raw = log.read_bytes()
            for memory in (kafka_memory.MemoryRecords(raw), aio_memory.MemoryRecords(raw)):
                got = []
                while memory.has_next():
                    batch = memory.next_batch()
                    assert batch.validate_crc()
                    got += [(r.offset, r.key, r.value) for r in batch]
                assert got == want, codec


def test_kformat_dump_checks_pass(tmp_path: Path) -> None:
    (part,) = write_rows([simple_rows(2000)], tmp_path,
                         WriteOptions(codec="zstd", segment_bytes=30_000,
                                      index_interval_bytes=500))
    out = io.StringIO()
    assert dump_main([part.directory, "--index-sanity-check"], out=out) == 0
    assert dump_main([part.directory, "--deep-iteration"], out=io.StringIO()) == 0


def test_offsets_must_increase(tmp_path: Path) -> None:
    batch = pa.RecordBatch.from_pylist([{"topic": "t", "partition": 0, "offset": 5},
                                        {"topic": "t", "partition": 0, "offset": 5}])
    with pytest.raises(EncodeError, match="offsets must increase within t-0: 5 after 5"):
        write_rows([batch], tmp_path, WriteOptions())


def test_topic_and_partition_from_options(tmp_path: Path) -> None:
    batch = pa.RecordBatch.from_pylist([{"value": b"a"}, {"value": b"b"}])
    with pytest.raises(ValueError, match="topic column or the topic option"):
        write_rows([batch], tmp_path, WriteOptions())
    (part,) = write_rows([batch], tmp_path, WriteOptions(topic="x", partition=4))
    assert Path(part.directory).name == "x-4"
    assert [r.value for b in read_partition_dir(part.directory).batches
            for r in b.records] == [b"a", b"b"]


def test_commit_merges_parts_of_one_partition_in_task_order(tmp_path: Path) -> None:
    staging = tmp_path / "staging"
    opts = WriteOptions(batch_records=50, segment_bytes=5000)
    first = write_rows([simple_rows(120)], staging / "a", opts, task=1)
    second = write_rows([simple_rows(80)], staging / "b", opts, task=0)
    written = commit(first + second, tmp_path / "out", opts, staging)
    assert written == [str(tmp_path / "out" / "t-0")]
    assert not staging.exists()
    pd = read_partition_dir(tmp_path / "out" / "t-0")
    assert pd.problems == []
    records = [r for b in pd.batches for r in b.records]
    assert [r.offset for r in records] == list(range(200))
    # task 0's 80 rows first, then task 1's 120
    assert [r.key for r in records] == [b"k%d" % i for i in range(80)] + \
        [b"k%d" % i for i in range(120)]
    commit(write_rows([simple_rows(3)], staging / "c", opts), tmp_path / "out", opts,
           staging, overwrite=True)
    assert len([r for b in read_partition_dir(tmp_path / "out" / "t-0").batches
                for r in b.records]) == 3


def test_commit_refuses_overlapping_explicit_offsets(tmp_path: Path) -> None:
    staging = tmp_path / "staging"
    rows = [{"topic": "t", "partition": 0, "offset": i, "value": b"v"} for i in range(10)]
    opts = WriteOptions()
    a = write_rows([pa.RecordBatch.from_pylist(rows)], staging / "a", opts, task=0)
    b = write_rows([pa.RecordBatch.from_pylist(rows[5:])], staging / "b", opts, task=1)
    with pytest.raises(EncodeError, match="overlapping offsets"):
        commit(a + b, tmp_path / "out", opts, staging)


def test_commit_merges_a_batch_at_a_time(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Merging parts on the driver holds the records of one run of batches, not of a whole
    segment (a 1 GiB segment parsed at once: gigabytes of records): with runs of 16 KiB, the
    merge of 40,000 small records peaks under 5x the bytes of the logs, not at 10x."""
    import tracemalloc

    import kformat.records.reading as reading

    staging = tmp_path / "staging"
    n = 40_000
    rows = [{"topic": "t", "partition": 0, "offset": i, "value": b"v"} for i in range(n)]
    opts = WriteOptions()
    parts = write_rows([pa.RecordBatch.from_pylist(rows[:n // 2])], staging / "a", opts,
                       task=0)
    parts += write_rows([pa.RecordBatch.from_pylist(rows[n // 2:])], staging / "b", opts,
                        task=1)
    del rows
    size = sum(p.stat().st_size for p in staging.rglob("*.log"))
    monkeypatch.setattr(reading, "_ITER_RUN_BYTES", 16 << 10)
    tracemalloc.start()
    try:
        commit(parts, tmp_path / "out", opts, staging)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5 * size, (peak, size)
    pd = read_partition_dir(tmp_path / "out" / "t-0")
    assert pd.problems == []
    assert [r.offset for b in pd.batches for r in b.records] == list(range(n))


def test_write_options() -> None:
    opts = WriteOptions.from_options({"codec": "ZSTD", "segmentBytes": "1m",
                                      "batchRecords": "10", "indexIntervalBytes": "8k",
                                      "topic": "t", "partition": "3", "magic": "1"})
    assert (opts.codec, opts.segment_bytes, opts.batch_records, opts.index_interval_bytes,
            opts.topic, opts.partition, opts.magic) == ("zstd", 1 << 20, 10, 8192, "t", 3, 1)
    for bad in ({"codec": "brotli"}, {"magic": "3"}, {"batchRecords": "0"},
                {"partition": "x"}):
        with pytest.raises(ValueError):
            WriteOptions.from_options(bad)


def test_legacy_magic_and_every_offset_parse(tmp_path: Path) -> None:
    rows = simple_rows(50)
    no_headers = rows.select([n for n in rows.schema.names if n != "headers"])
    with pytest.raises(EncodeError, match="magic 0/1 messages have no headers"):
        write_rows([rows], tmp_path / "h", WriteOptions(magic=1))
    for magic in (0, 1):
        (part,) = write_rows([no_headers], tmp_path / str(magic),
                             WriteOptions(magic=magic, codec="gzip", batch_records=20))
        batches: list[Any] = []
        for log in sorted(Path(part.directory).glob("*.log")):
            batches += parse_batches(log.read_bytes())
        assert {b.magic for b in batches} == {magic}
        assert [r.offset for b in batches for r in b.records] == list(range(50))
        assert check_partition_dir(part.directory) == []


SEGMENT = 8 << 20
BOUND = 4 << 20


def _big_rows(count: int, start: int = 0) -> Iterator[pa.RecordBatch]:
    """``count`` rows of 1,000 random bytes, made 256 at a time (not held by the caller)."""
    import random

    rng = random.Random(start)
    for at in range(start, start + count, 256):
        n = min(256, start + count - at)
        yield pa.RecordBatch.from_pylist(
            [{"topic": "t", "partition": 0, "key": b"k%d" % i, "value": rng.randbytes(1000),
              "timestamp": 1_700_000_000_000_000 + 1000 * i} for i in range(at, at + n)],
            schema=pa.schema([("topic", pa.string()), ("partition", pa.int32()),
                              ("key", pa.binary()), ("value", pa.binary()),
                              ("timestamp", pa.timestamp("us", tz="UTC"))]))


def _peak(run: Callable[[], object]) -> int:
    import tracemalloc

    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_writing_and_merging_hold_no_segment(tmp_path: Path) -> None:
    """Three 8 MiB segments a task, then a merge of two such parts: the writer streams each
    batch into its segment and the merge reads the parts a window at a time, so neither
    peaks near one segment (the batch writer held two, the merge read a whole ``.log``)."""
    staging = tmp_path / "staging"
    opts = WriteOptions(segment_bytes=SEGMENT, batch_bytes=128 << 10)
    n = 3 * SEGMENT // 1024
    write_rows(_big_rows(10), tmp_path / "warm-up", opts)  # imports (pandas) out of the peak
    commit(write_rows(_big_rows(10), staging / "x", opts) * 2, tmp_path / "warm-up", opts,
           staging, overwrite=True)
    parts: list[Any] = []
    peak = _peak(lambda: parts.extend(write_rows(_big_rows(n), staging / "a", opts, task=0)))
    assert peak < BOUND + (128 << 10), peak
    assert len(list((staging / "a" / "t-0").glob("*.log"))) >= 3
    parts += write_rows(_big_rows(n // 2, n), staging / "b", opts, task=1)
    peak = _peak(lambda: commit(parts, tmp_path / "out", opts, staging))
    assert peak < BOUND + (128 << 10), peak
    pd = read_partition_dir(tmp_path / "out" / "t-0", verify_crc=False)
    assert pd.problems == []
    assert len(pd.segments) >= 4
    records = [r for b in pd.batches for r in b.records]
    assert [r.offset for r in records] == list(range(n + n // 2))
    assert [r.key for r in records[n - 1:n + 1]] == [b"k%d" % (n - 1), b"k%d" % n]


def test_merge_reports_a_cut_short_or_bad_part_with_its_file(tmp_path: Path) -> None:
    from kformat.errors import InvalidValueError, KFormatError, TruncatedError

    staging = tmp_path / "staging"
    opts = WriteOptions(batch_records=10)
    parts = write_rows([simple_rows(300)], staging / "a", opts, task=0)
    parts += write_rows([simple_rows(300)], staging / "b", opts, task=1)
    log = next((staging / "b" / "t-0").glob("*.log"))
    whole = log.read_bytes()
    first = parse_batches(whole)[0]
    for bad, cls, offset in ((whole[:-5], TruncatedError, 0),
                             (whole[:first.size + 8] + b"\x00\x00\x00\x01" +
                              whole[first.size + 12:], InvalidValueError, first.size + 8)):
        log.write_bytes(bad)
        with pytest.raises(KFormatError) as info:
            commit(parts, tmp_path / "out", opts, staging)
        assert isinstance(info.value, cls)
        assert str(log) in str(info.value)
        if cls is InvalidValueError:
            assert info.value.offset == offset
        else:
            assert info.value.offset == parse_batches(whole[:-5]).truncated.position
        shutil.rmtree(tmp_path / "out", ignore_errors=True)
        parts = write_rows([simple_rows(300)], staging / "a", opts, task=0) + \
            write_rows([simple_rows(300)], staging / "b", opts, task=1)


@pytest.mark.parametrize("window", [1, 100, 3000, 1 << 20])
def test_the_merge_reads_a_log_in_windows_as_a_whole(tmp_path: Path, window: int) -> None:
    """Windows smaller than a batch, cutting batches anywhere, or holding the whole file:
    the same batches at the same positions with the same bytes."""
    from kformat.spark.writer import _log_batches

    opts = WriteOptions(batch_records=7, codec="lz4")
    (part,) = write_rows([simple_rows(200)], tmp_path, opts)
    log = next(Path(part.directory).glob("*.log"))
    whole = log.read_bytes()
    expected = parse_batches(whole)
    got = list(_log_batches(log, window))
    assert [(b.position, b.size, b.base_offset) for _, b in got] == \
        [(b.position, b.size, b.base_offset) for b in expected]
    assert b"".join(data for data, _ in got) == whole
    assert [r.value for _, b in got for r in b.records] == \
        [r.value for b in expected for r in b.records]


# --------------------------------------------------------------------------- corrupt rows

def _damaged_read(kind: str, mode: str) -> list[pa.RecordBatch]:
    from tests.spark.test_corrupt import DAMAGE, SEGMENT

    raw, _, _ = DAMAGE[kind]()
    return list(ColumnReader(raw, segment=SEGMENT, topic="t", partition=0,
                             options=ReadOptions(mode=mode)))


READABLE = {"truncated": [0, 1, 2, 3, 4, 5], "crc": [0, 1, 2, 6, 7, 8],
            "codec": [0, 1, 2, 6, 7, 8], "garbage": list(range(9))}


@pytest.mark.parametrize("kind", ["truncated", "crc", "codec", "garbage"])
def test_a_copy_never_writes_a_row_that_was_not_read_as_a_record(kind: str,
                                                                  tmp_path: Path) -> None:
    from kformat.spark.writer import Refused
    from tests.spark.test_corrupt import DAMAGE, SEGMENT

    _, at, _ = DAMAGE[kind]()
    read = _damaged_read(kind, "PERMISSIVE")
    what = "crcValid = false" if kind == "crc" else "_corrupt set"
    with pytest.raises(EncodeError) as info:
        write_rows(read, tmp_path / "refused", WriteOptions())
    n = 3 if kind == "crc" else 1
    assert str(info.value.reason).startswith(
        f"kafka-segments write: {n} rows were not read as records ({n} with {what}), from "
        f"{SEGMENT} position {at}; ")
    assert ".option('corruptRows', 'drop')" in info.value.reason
    # dropped instead: only the records read as records, counted
    refused = Refused()
    (part,) = write_rows(read, tmp_path / "dropped", WriteOptions(corrupt_rows="drop"),
                         refused=refused)
    assert (refused.rows, refused.places) == (n, [f"{SEGMENT} position {at}"])
    assert [r[2] for r in read_dir(tmp_path / "dropped")] == READABLE[kind]
    assert part.records == len(READABLE[kind])
    assert check_partition_dir(Path(part.directory)) == []
    # DROPMALFORMED reads only records: written as they are; FAILFAST never gets that far
    (part,) = write_rows(_damaged_read(kind, "DROPMALFORMED"), tmp_path / "malformed",
                         WriteOptions())
    assert [r[2] for r in read_dir(tmp_path / "malformed")] == READABLE[kind]
    with pytest.raises(KFormatError):
        _damaged_read(kind, "FAILFAST")


def test_corrupt_rows_option() -> None:
    assert WriteOptions.from_options({"corruptRows": "DROP"}).corrupt_rows == "drop"
    assert WriteOptions().corrupt_rows == "fail"
    with pytest.raises(ValueError, match="corruptRows must be fail or drop, not 'keep'"):
        WriteOptions.from_options({"corruptrows": "keep"})


# --------------------------------------------------------------------------- append

def _snapshot(d: Path) -> dict[str, bytes]:
    return {str(p.relative_to(d)): p.read_bytes() for p in sorted(d.rglob("*")) if p.is_file()}


def test_append_adds_segments_after_each_partitions_last_offset(tmp_path: Path) -> None:
    """Day 1 then day 2 (offsets assigned, two tasks), then rows with explicit offsets: one
    partition directory, offsets following on, every file valid, peers read it all."""
    staging, out = tmp_path / "staging", tmp_path / "out"
    opts = WriteOptions(batch_records=50, segment_bytes=5000, leader_epoch=3)
    commit(write_rows([simple_rows(120)], staging / "a", opts), out, opts, staging)
    kept = _snapshot(out / "t-0")
    day2 = WriteOptions(batch_records=50, segment_bytes=5000, leader_epoch=4, codec="gzip")
    parts = write_rows([simple_rows(30)], staging / "b", day2, task=0) + \
        write_rows([simple_rows(20)], staging / "c", day2, task=1)
    assert commit(parts, out, day2, staging) == [str(out / "t-0")]
    assert not staging.exists()
    now = _snapshot(out / "t-0")
    for name, raw in kept.items():  # the day-1 segments and their indexes as they were
        if name.endswith((".log", ".timeindex", ".index", ".snapshot")):
            assert now[name] == raw, name
    pd = read_partition_dir(out / "t-0")
    assert pd.problems == [] and check_partition_dir(out / "t-0") == []
    offsets = [r.offset for b in pd.batches for r in b.records]
    assert offsets == list(range(170))
    from kformat.segments.textfiles import EpochEntry, parse_leader_epoch_checkpoint

    assert parse_leader_epoch_checkpoint(now["leader-epoch-checkpoint"]) == [
        EpochEntry(3, 0), EpochEntry(4, 120)]
    assert dump_main([str(out / "t-0"), "--index-sanity-check"], out=io.StringIO()) == 0
    # explicit offsets must follow the directory's
    before = _snapshot(out)
    late = pa.RecordBatch.from_pylist([{"topic": "t", "partition": 0, "offset": 169,
                                        "value": b"x"}])
    with pytest.raises(EncodeError, match="holds offsets up to 169; the rows start at 169"):
        commit(write_rows([late], staging / "d", day2), out, day2, staging)
    assert _snapshot(out) == before
    ok = pa.RecordBatch.from_pylist([{"topic": "t", "partition": 0, "offset": 200,
                                      "value": b"x"}])
    commit(write_rows([ok], staging / "e", day2), out, day2, staging)
    assert [r.offset for b in read_partition_dir(out / "t-0").batches
            for r in b.records][-2:] == [169, 200]


def test_peers_read_an_appended_directory(tmp_path: Path) -> None:
    pytest.importorskip("kafka")
    from kafka.record.default_records import DefaultRecordBatch

    staging, out = tmp_path / "staging", tmp_path / "out"
    opts = WriteOptions(batch_records=40, segment_bytes=3000, codec="lz4")
    for day in range(3):
        commit(write_rows([simple_rows(70)], staging / f"d{day}", opts), out, opts, staging)
    seen = []
    for log in sorted((out / "t-0").glob("*.log")):
        raw = log.read_bytes()
        at = 0
        while at < len(raw):
            size = 12 + int.from_bytes(raw[at + 8:at + 12], "big")
            batch = DefaultRecordBatch(raw[at:at + size])
            assert batch.validate_crc()
            seen += [r.offset for r in batch]
            at += size
    assert seen == list(range(210))


def test_a_commit_failing_half_way_leaves_the_target_as_it_was(tmp_path: Path,
                                                               monkeypatch: Any) -> None:
    import kformat.spark.writer as writer_module

    staging, out = tmp_path / "staging", tmp_path / "out"
    opts = WriteOptions(batch_records=50)
    commit(write_rows([simple_rows(60, partition=0), simple_rows(60, partition=1)],
                      staging / "a", opts), out, opts, staging)
    before = _snapshot(out)
    real = os.replace
    calls = {"n": 0}

    def failing(src: Any, dst: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 4:
            raise OSError("disk full")
        real(src, dst)

    for overwrite in (False, True):
        calls["n"] = 0
        parts = write_rows([simple_rows(10, partition=0), simple_rows(10, partition=1),
                            simple_rows(10, partition=2)], staging / "b", opts)
        monkeypatch.setattr(writer_module.os, "replace", failing)
        with pytest.raises(OSError, match="disk full"):
            commit(parts, out, opts, staging, overwrite=overwrite)
        monkeypatch.setattr(writer_module.os, "replace", real)
        assert _snapshot(out) == before, overwrite
        assert not staging.exists()


def _epochs_of(d: Path) -> list[int]:
    return [b.partition_leader_epoch for b in read_partition_dir(d).batches]


def test_append_carries_the_leader_epoch_on(tmp_path: Path) -> None:
    """Leader epochs never go back: an append without leaderEpoch writes the directory's
    last one (it used to write epoch 0 after 3, the checkpoint then lying about the new
    batches); a lower one is refused, the target untouched; a higher one starts an entry."""
    from kformat.segments.textfiles import EpochEntry, parse_leader_epoch_checkpoint

    staging, out = tmp_path / "staging", tmp_path / "out"
    three = WriteOptions(batch_records=10, leader_epoch=3)
    commit(write_rows([simple_rows(20)], staging / "a", three), out, three, staging)
    plain = WriteOptions(batch_records=10)
    commit(write_rows([simple_rows(20)], staging / "b", plain), out, plain, staging)
    assert _epochs_of(out / "t-0") == [3, 3, 3, 3]
    checkpoint = out / "t-0" / "leader-epoch-checkpoint"
    assert parse_leader_epoch_checkpoint(checkpoint.read_bytes()) == [EpochEntry(3, 0)]
    assert check_partition_dir(out / "t-0") == []
    before = _snapshot(out)
    two = WriteOptions(leader_epoch=2)
    with pytest.raises(EncodeError, match="leaderEpoch 2 is below t-0's last leader epoch 3"):
        commit(write_rows([simple_rows(5)], staging / "c", two), out, two, staging)
    assert _snapshot(out) == before and not staging.exists()
    five = WriteOptions(leader_epoch=5)
    commit(write_rows([simple_rows(5)], staging / "d", five), out, five, staging)
    assert parse_leader_epoch_checkpoint(checkpoint.read_bytes()) == [EpochEntry(3, 0),
                                                                      EpochEntry(5, 40)]
    pd = read_partition_dir(out / "t-0")
    assert pd.problems == [] and all(b.crc_valid is not False for b in pd.batches)


def test_append_after_an_empty_last_segment(tmp_path: Path) -> None:
    """A broker's directory often ends in an empty, just-rolled segment whose base offset is
    where the new rows start: it is replaced (it used to fail with '... exists')."""
    from kformat.segments.names import segment_filename

    staging, out = tmp_path / "staging", tmp_path / "out"
    opts = WriteOptions(batch_records=10)
    commit(write_rows([simple_rows(25)], staging / "a", opts), out, opts, staging)
    for suffix in (".log", ".index", ".timeindex"):
        (out / "t-0" / segment_filename(25, suffix)).write_bytes(b"")
    commit(write_rows([simple_rows(5)], staging / "b", opts), out, opts, staging)
    pd = read_partition_dir(out / "t-0")
    assert pd.problems == []
    assert [r.offset for b in pd.batches for r in b.records] == list(range(30))
    assert (out / "t-0" / segment_filename(25)).stat().st_size > 0
    assert dump_main([str(out / "t-0"), "--index-sanity-check"], out=io.StringIO()) == 0


# --------------------------------------------------------------------------- columns

def test_string_keys_values_and_headers_are_written_as_utf8(tmp_path: Path) -> None:
    batch = pa.RecordBatch.from_pylist(
        [{"topic": "t", "key": "clé", "value": "valeur", "headers": [{"key": "h", "value": "v"}]},
         {"topic": "t", "key": None, "value": "x", "headers": []}],
        schema=pa.schema([("topic", pa.string()), ("key", pa.string()), ("value", pa.string()),
                          ("headers", pa.list_(pa.struct([("key", pa.string()),
                                                          ("value", pa.string())])))]))
    (part,) = write_rows([batch], tmp_path, WriteOptions())
    records = [r for b in read_partition_dir(part.directory).batches for r in b.records]
    assert [(r.key, r.value, list(r.headers)) for r in records] == [
        ("clé".encode(), b"valeur", [("h", b"v")]), (None, b"x", [])]


def test_check_columns_names_the_column() -> None:
    from kformat.spark.writer import check_columns

    check_columns([("key", "string"), ("value", "binary"), ("topic", "string"),
                   ("partition", "int"), ("timestamp", "timestamp"), ("codec", "string"),
                   ("headers", "array<struct<key:string,value:binary>>"),
                   ("_corrupt", "struct<file:string,position:bigint,length:bigint,"
                                "errorClass:string,reason:string,offset:bigint>")])
    with pytest.raises(ValueError, match="column 'value' is int; it must be binary or string"):
        check_columns([("value", "int")])
    with pytest.raises(ValueError, match="column 'amount' is not a Kafka sink column"):
        check_columns([("value", "binary"), ("amount", "double")])
