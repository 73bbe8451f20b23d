"""The Arrow decode path of ``kafka-segments`` (kformat.spark.columns), without Spark."""

from __future__ import annotations

import itertools
import struct
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from kformat.errors import CorruptRecordError, InvalidValueError, UnsupportedVersionError
from kformat.records.api import build_batch, make_batch, parse_batches
from kformat.records.batch import CRC_OFFSET
from kformat.records.checksum import crc32c
from kformat.records.framing import plausible_entries
from kformat.records.model import TruncatedTail
from kformat.spark.columns import ColumnReader, ReadOptions, plan_splits, read_table
from kformat.spark.files import expand_paths, topic_partition
from kformat.spark.schema import arrow_schema
from tests.spark import data

FAILFAST = ReadOptions(mode="FAILFAST")


def rows_of(batches: Any) -> list[data.Row]:
    out = []
    for batch in batches:
        table = pa.Table.from_batches([batch])
        stamps = table.column("timestamp").cast(pa.int64())
        table = table.set_column(table.schema.get_field_index("timestamp"), "timestamp", stamps)
        out += [data.row_from_dict(d) for d in table.to_pylist()]
    return out


def read_rows(path: str | Path, **options: Any) -> tuple[list[data.Row], ColumnReader]:
    topic, partition = topic_partition(str(path))
    reader = ColumnReader(Path(path).read_bytes(), segment=str(path), topic=topic,
                          partition=partition, options=ReadOptions(**options))
    return rows_of(reader), reader


def logs(root: Path) -> list[Path]:
    return sorted(root.glob("*/*.log"))


# --------------------------------------------------------------------------- whole corpus


def test_fixture_covers_every_codec_magic_and_control_batches(
        corpus_data: data.Fixture) -> None:
    kinds = {(r[9], r[10]) for r in corpus_data.rows}
    assert {(2, c) for c in data.CODECS} <= kinds
    assert {(m, c) for m in (0, 1) for c in ("none", "gzip", "snappy", "lz4")} <= kinds
    assert any(r[15] for r in corpus_data.rows), "control records"
    assert any(r[14] and not r[15] for r in corpus_data.rows), "transactional data"
    assert any(r[6] is None for r in corpus_data.rows) and any(r[5] is None
                                                               for r in corpus_data.rows)
    assert any(r[7] for r in corpus_data.rows), "headers"
    assert len(logs(corpus_data.log_dir)) > 2, "several segments"


def test_every_row_equals_what_was_written(corpus_data: data.Fixture) -> None:
    rows: list[data.Row] = []
    for path in logs(corpus_data.log_dir):
        got, reader = read_rows(path)
        assert reader.truncated is None and reader.error is None and not reader.skipped
        rows += got
    assert rows == corpus_data.rows


def test_agrees_with_parse_batches_field_by_field(corpus_data: data.Fixture) -> None:
    for path in logs(corpus_data.log_dir):
        topic, partition = topic_partition(str(path))
        table = read_table(path.read_bytes(), segment=str(path), topic=topic,
                           partition=partition)
        got = table.to_pylist()
        i = 0
        for b in parse_batches(path.read_bytes()):
            for r in b.records:
                row = got[i]
                i += 1
                assert (row["offset"], row["key"], row["value"]) == (r.offset, r.key, r.value)
                assert [(h["key"], h["value"]) for h in row["headers"]] == list(r.headers)
                assert (row["baseOffset"], row["magic"], row["position"], row["crcValid"],
                        row["producerId"], row["isControl"]) == (
                    b.base_offset, b.magic, b.position, b.crc_valid, b.producer_id,
                    b.is_control)
                stamp = row["timestamp"]
                if b.magic == 0:
                    assert stamp is None and row["timestampType"] == -1
                else:
                    ms = int(stamp.timestamp() * 1000 + (0.5 if stamp.timestamp() >= 0 else -0.5))
                    assert (ms, row["timestampType"]) == (r.timestamp, r.timestamp_type)
        assert i == len(got)


def test_schema_is_the_declared_one(corpus_data: data.Fixture) -> None:
    path = logs(corpus_data.log_dir)[0]
    table = read_table(path.read_bytes())
    assert table.schema == arrow_schema(corrupt=True)
    assert table.column_names[:8] == ["key", "value", "topic", "partition", "offset",
                                      "timestamp", "timestampType", "headers"]


def test_chunks_of_batch_rows(corpus_data: data.Fixture) -> None:
    path = logs(corpus_data.log_dir)[0]
    reader = ColumnReader(path.read_bytes(), options=ReadOptions(batch_rows=100))
    batches = list(reader)
    assert len(batches) > 3
    assert sum(b.num_rows for b in batches) == reader.rows
    assert all(b.num_rows >= 100 for b in batches[:-1])


def test_runs_cut_anywhere_give_the_same_rows_and_errors(
        corpus_data: data.Fixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader hands each window to the columnar kernel, which frames the run of whole
    batches it starts and says where it stopped; with windows (runs) of a few hundred bytes,
    batches end beyond a window, runs stop at every limit, a bad batch sits inside a run:
    the rows, the counts and the corrupt stretches are the same as with the default size."""
    import kformat.spark.columns as columns

    path = logs(corpus_data.log_dir)[0]
    raw, at = _corrupt_compressed(0)
    inputs = [path.read_bytes(), raw, path.read_bytes()[:-7] + raw]
    modes = ({}, {"mode": "DROPMALFORMED"}, {"batch_rows": 3})
    expected = []
    for data_ in inputs:
        for options in modes:
            reader = ColumnReader(data_, options=ReadOptions(**options))
            expected.append(([r for b in reader for r in b.to_pylist()], reader.rows,
                             reader.batches, reader.bytes,
                             [(c.position, c.length, type(c.error)) for c in reader.corrupt]))
    for chunk in (1, 100, 700):
        monkeypatch.setattr(columns, "_CHUNK_BYTES", chunk)
        got = []
        for data_ in inputs:
            for options in modes:
                reader = ColumnReader(data_, options=ReadOptions(**options))
                got.append(([r for b in reader for r in b.to_pylist()], reader.rows,
                            reader.batches, reader.bytes,
                            [(c.position, c.length, type(c.error)) for c in reader.corrupt]))
        assert got == expected, chunk
    assert expected[4][4] == [(at, expected[4][4][0][1], CorruptRecordError)]


class _CountingSource:
    """A segment in memory that counts the bytes and the calls ``read_at`` serves."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.read = 0
        self.calls = 0

    def size(self) -> int:
        return len(self.raw)

    def read_at(self, offset: int, n: int) -> bytes:
        out = self.raw[offset:offset + n]
        self.read += len(out)
        self.calls += 1
        return out

    def close(self) -> None:
        pass


@pytest.mark.parametrize(("block", "chunk"), [(8192, 4096), (3000, 2000), (1024, 4096)])
def test_a_range_is_read_from_the_file_once(corpus_data: data.Fixture,
                                            monkeypatch: pytest.MonkeyPatch,
                                            block: int, chunk: int) -> None:
    """The reader reads its range in blocks and decodes runs of up to a chunk; a run that
    does not fit in what is left of a block keeps that tail and reads only what follows it
    (reading the tail again read a 1 GiB segment's splits 1.7 times over)."""
    import kformat.spark.columns as columns

    path = max(logs(corpus_data.log_dir), key=lambda p: p.stat().st_size)
    raw = path.read_bytes()
    expected = read_rows(path)[0]
    monkeypatch.setattr(columns, "_BLOCK", block)
    monkeypatch.setattr(columns, "_CHUNK_BYTES", chunk)
    assert len(raw) > 4 * block
    topic, partition = topic_partition(str(path))
    for start, end in [(0, len(raw)), *plan_splits(raw, len(raw) // 3)]:
        source = _CountingSource(raw)
        rows = rows_of(ColumnReader(source, segment=str(path), topic=topic,
                                    partition=partition, start=start, end=end))
        assert source.read == end - start
        assert source.calls <= -(-(end - start) // min(block, chunk)) + 1
        if (start, end) == (0, len(raw)):
            assert rows == expected


# --------------------------------------------------------------------------- splits


def test_splits_cut_at_batch_starts_and_give_the_same_rows(corpus_data: data.Fixture) -> None:
    for path in logs(corpus_data.log_dir):
        raw = path.read_bytes()
        ranges = plan_splits(raw, 8 * 1024)
        starts = {b.position for b in parse_batches(raw)}
        # a cut is due at the first batch start at or past 8 KiB, if there is one
        assert (len(ranges) > 1) == any(p >= 8 * 1024 for p in starts)
        assert ranges[0][0] == 0 and ranges[-1][1] == len(raw)
        assert all(a[1] == b[0] for a, b in itertools.pairwise(ranges))
        assert all(end - start >= 8 * 1024 for start, end in ranges[:-1])
        assert {start for start, _ in ranges} <= starts
        pieces: list[data.Row] = []
        topic, partition = topic_partition(str(path))
        for start, end in ranges:
            pieces += rows_of(ColumnReader(raw, topic=topic, partition=partition, start=start,
                                           end=end))
        assert pieces == read_rows(path)[0]


def test_small_file_is_one_split() -> None:
    raw = build_batch(make_batch([(b"k", b"v")], base_timestamp=0))
    assert plan_splits(raw, 1 << 20) == [(0, len(raw))]
    assert plan_splits(raw, 0) == [(0, len(raw))]


def test_split_planning_stops_at_a_bad_head() -> None:
    good = b"".join(build_batch(make_batch([(b"k", b"v" * 100)], base_offset=i,
                                           base_timestamp=0)) for i in range(10))
    raw = good + struct.pack(">qi", 10, -5) + b"\x00" * 200
    ranges = plan_splits(raw, 300)
    assert ranges[-1][1] == len(raw)
    assert ranges[-1][0] <= len(good)


# --------------------------------------------------------------------------- damage


def test_truncated_last_batch_is_reported(truncated_data: tuple[data.Fixture, int, int]
                                          ) -> None:
    fixture, cut, present = truncated_data
    (path,) = logs(fixture.log_dir)
    rows, reader = read_rows(path, mode="DROPMALFORMED")
    assert rows == fixture.rows
    needed = len(fixture.shards[0].encoded[-1])
    assert reader.truncated == TruncatedTail(position=cut, available=present, needed=needed)


def test_tail_shorter_than_a_head() -> None:
    one = build_batch(make_batch([(b"k", b"v")], base_timestamp=0))
    reader = ColumnReader(one + one[:7], options=ReadOptions(mode="DROPMALFORMED"))
    assert reader.rows == 0 and len(rows_of(reader)) == 1
    assert reader.truncated == TruncatedTail(position=len(one), available=7, needed=None)


def _flip_value_byte(raw: bytes) -> bytes:
    at = raw.index(b"needle")
    return raw[:at] + b"N" + raw[at + 1:]


def test_crc_mismatch_gives_crc_valid_false_and_goes_on() -> None:
    a = build_batch(make_batch([(b"k", b"needle")], base_offset=0, base_timestamp=0))
    b = build_batch(make_batch([(b"k", b"other")], base_offset=1, base_timestamp=0))
    raw = _flip_value_byte(a) + b
    table = read_table(raw)
    assert table.column("crcValid").to_pylist() == [False, True]
    assert table.column("value").to_pylist() == [b"Needle", b"other"]
    unchecked = read_table(raw, options=ReadOptions(verify_crc=False))
    assert unchecked.column("crcValid").to_pylist() == [None, None]


def test_crc_mismatch_on_a_legacy_message() -> None:
    a = build_batch(make_batch([(b"k", b"needle")], magic=1, base_timestamp=5))
    table = read_table(_flip_value_byte(a))
    assert table.column("crcValid").to_pylist() == [False]
    assert table.column("magic").to_pylist() == [1]


def _corrupt_compressed(position: int) -> tuple[bytes, int]:
    """ok batch + zstd batch with damaged payload and a recomputed CRC + ok batch."""
    a = build_batch(make_batch([(b"a", b"1")], base_offset=0, base_timestamp=0))
    bad = bytearray(build_batch(make_batch([(b"b", b"2" * 300)], codec="zstd",
                                           base_offset=1, base_timestamp=0)))
    bad[70:74] = b"\xff\xff\xff\xff"
    bad[CRC_OFFSET:CRC_OFFSET + 4] = struct.pack(">I", crc32c(bytes(bad[CRC_OFFSET + 4:])))
    c = build_batch(make_batch([(b"c", b"3")], base_offset=2, base_timestamp=0))
    return a + bytes(bad) + c, len(a)


def test_a_batch_that_does_not_decode_fails_with_file_and_offset() -> None:
    raw, at = _corrupt_compressed(0)
    with pytest.raises(CorruptRecordError) as info:  # damaged compressed data
        read_table(raw, segment="seg.log", options=FAILFAST)
    assert info.value.reason.startswith("seg.log: ")
    assert info.value.offset is not None and info.value.offset >= at


def test_on_corrupt_skip_leaves_the_batch_out() -> None:
    raw, at = _corrupt_compressed(0)
    reader = ColumnReader(raw, options=ReadOptions(on_corrupt="skip"))
    assert [r[2] for r in rows_of(reader)] == [0, 2]
    assert [(pos, type(err)) for pos, err in reader.skipped] == [(at, CorruptRecordError)]


def test_bytes_that_do_not_frame_a_batch() -> None:
    a = build_batch(make_batch([(b"a", b"1")], base_timestamp=0))
    head = struct.pack(">qiib", 1, 60, -1, 7) + b"\x00" * 60
    with pytest.raises(UnsupportedVersionError) as info:
        read_table(a + head, options=FAILFAST)
    assert info.value.offset == len(a) + 16
    reader = ColumnReader(a + head, options=ReadOptions(on_corrupt="skip"))
    assert len(rows_of(reader)) == 1
    assert isinstance(reader.error, UnsupportedVersionError)


def test_length_below_the_minimum() -> None:
    raw = struct.pack(">qiib", 0, 20, -1, 2) + b"\x00" * 40
    with pytest.raises(InvalidValueError) as info:
        read_table(raw, options=FAILFAST)
    assert (info.value.field_path, info.value.offset) == ("batch_length", 8)


def test_a_timestamp_no_microsecond_count_holds_is_a_bad_batch_not_a_null() -> None:
    """Spark's TimestampType is microseconds in a long: the batch is reported by the mode
    (the timestamp was null, silently), the batches around it read."""
    good = build_batch(make_batch([(b"k", b"before")]))
    bad = build_batch(make_batch([{"key": b"k", "value": b"v", "timestamp": 10 ** 16}],
                                 base_offset=1))
    after = build_batch(make_batch([(b"k", b"after")], base_offset=2))
    raw = good + bad + after
    with pytest.raises(InvalidValueError) as info:
        read_table(raw, options=FAILFAST)
    assert (info.value.field_path, info.value.offset) == ("records.timestamp_delta", len(good))
    reader = ColumnReader(raw, options=ReadOptions(mode="DROPMALFORMED"))
    assert [r[6] for r in rows_of(reader)] == [b"before", b"after"]
    assert [(pos, type(exc).__name__) for pos, exc in reader.skipped] == [
        (len(good), "InvalidValueError")]


def test_empty_input() -> None:
    reader = ColumnReader(b"")
    assert list(reader) == [] and reader.truncated is None


# --------------------------------------------------------------------------- options


def test_skip_control(corpus_data: data.Fixture) -> None:
    rows: list[data.Row] = []
    for path in logs(corpus_data.log_dir):
        rows += read_rows(path, skip_control=True)[0]
    assert rows == [r for r in corpus_data.rows if not r[15]]


def test_decode_consumer_offsets(offsets_data: tuple[Path, list[dict[str, Any]]]) -> None:
    directory, expect = offsets_data
    (path,) = sorted(directory.glob("*.log"))
    table = read_table(path.read_bytes(), options=ReadOptions(decode="consumer_offsets"))
    assert table.schema == arrow_schema("consumer_offsets", corrupt=True)
    got = table.to_pylist()
    assert len(got) == len(expect)
    for row, want in zip(got, expect, strict=True):
        for key, value in want.items():
            if key == "decodeError" and value is not None:
                assert row[key].startswith(value + ": "), row[key]
            else:
                assert row[key] == value, (key, row)
    assert '"offset": 100' in got[0]["valueJson"]
    assert got[-1]["isControl"] and '"coordinator_epoch": 5' in got[-1]["valueJson"]


def test_decode_of_the_wrong_topic_reports_errors_not_exceptions(
        corpus_data: data.Fixture) -> None:
    path = logs(corpus_data.log_dir)[0]
    table = read_table(path.read_bytes(), options=ReadOptions(decode="cluster_metadata"))
    errors = table.column("decodeError").to_pylist()
    assert all(e is not None for e, c in zip(errors, table.column("isControl").to_pylist(),
                                            strict=True) if not c)


def test_read_options_are_checked() -> None:
    with pytest.raises(ValueError):
        ReadOptions(on_corrupt="ignore")
    with pytest.raises(ValueError):
        ReadOptions(batch_rows=0)
    with pytest.raises(ValueError):
        arrow_schema("no_such_topic")


# --------------------------------------------------------------------------- files


def test_expand_paths_glob_directory_and_uri(corpus_data: data.Fixture) -> None:
    root = corpus_data.log_dir
    by_glob = expand_paths(f"{root}/*/*.log")
    by_dir = expand_paths(str(root))
    by_uri = expand_paths(f"file://{root}/*/*.log")
    names = [str(p) for p in logs(root)]
    assert [f.path for f in by_glob] == names
    assert [f.path for f in by_dir] == names
    assert [f.path for f in by_uri] == [f"file://{n}" for n in names]
    assert [f.size for f in by_uri] == [Path(n).stat().st_size for n in names]
    for f in (by_glob[0], by_uri[0]):
        source = f.open()
        try:
            assert source.size() == by_glob[0].size
            assert source.read_at(3, 9) == Path(names[0]).read_bytes()[3:12]
        finally:
            source.close()
    assert expand_paths(f"{root}/nothing-*/*.log") == []
    # a glob matching partition directories (docs/spark.md: .load("/data/kafka-logs/orders-*"))
    assert [f.path for f in expand_paths(f"{root}/*")] == names
    assert [f.path for f in expand_paths(f"file://{root}/*")] == [f"file://{n}" for n in names]


@pytest.mark.parametrize(("path", "expected"), [
    ("/logs/orders-3/00000000000000000000.log", ("orders", 3)),
    ("/logs/my-topic-with-dashes-12/x.log", ("my-topic-with-dashes", 12)),
    ("s3://bucket/__consumer_offsets-0/x.log", ("__consumer_offsets", 0)),
    ("/logs/plain/x.log", ("plain", None)),
    ("/logs/-7/x.log", ("-7", None)),
    ("x.log", (None, None)),
])
def test_topic_partition(path: str, expected: tuple[str | None, int | None]) -> None:
    assert topic_partition(path) == expected


def test_split_planning_frames_by_the_one_run_rule() -> None:
    """Splits are cut where :func:`plausible_entries` says entries end: a head with a sane
    length but no known magic stops the cuts (planning jumped over it by its length and cut
    inside whatever followed)."""
    good = b"".join(build_batch(make_batch([(b"k", b"v" * 100)], base_offset=i,
                                           base_timestamp=0)) for i in range(10))
    bad = struct.pack(">qii", 10, 200, 0) + b"\x09" + b"\x00" * 195  # magic 9
    raw = good + bad + good
    ranges = plan_splits(raw, 300)
    ends = {pos + size for pos, size, _ in
            plausible_entries(lambda p, n: raw[p:p + n], 0, len(raw), 1 << 30)}
    assert max(ends) == len(good)
    assert len(ranges) > 2 and {start for start, _ in ranges[1:]} <= ends
    assert ranges[-1][1] == len(raw)
