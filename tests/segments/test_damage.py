"""Damaged segments read by every segment reader: each reports the damage and goes on.

A compressed batch whose payload does not decompress, whether its CRC matches or not, is a
skipped batch in ``read_segment`` (path or bytes), ``read_partition_dir``,
``check_partition_dir`` and ``kformat dump``, with the right ``crc_failed``. Bytes that do
not frame a batch (garbage, zeros, a damaged length or magic) are stepped over to the next
batch by the resync rule every reader shares, counted, and reported.
"""

from __future__ import annotations

import gc
import io
import json
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kformat import build_batch, engine, make_batch
from kformat.errors import (
    CorruptRecordError,
    InvalidValueError,
    KFormatError,
    LimitExceededError,
    TruncatedError,
    UnsupportedVersionError,
)
from kformat.records import framing
from kformat.records.api import parse_batches
from kformat.records.batch import CRC_OFFSET
from kformat.records.checksum import crc32c
from kformat.records.framing import LENGTH_OFFSET, MAGIC_OFFSET, BufferAt, find_batch
from kformat.segments import (
    check_partition_dir,
    offsets_of_max_timestamp,
    read_partition_dir,
    read_segment,
    write_partition_dir,
)
from kformat.segments.checks import Problem
from kformat.segments.dump import main as dump_main
from kformat.segments.indexes import TimestampOffset, build_time_index
from kformat.spark.columns import ColumnReader, ReadOptions

T0 = 1_700_000_000_000
LOG = "00000000000000000000.log"


@pytest.fixture
def no_gc() -> Iterator[None]:
    """The garbage collector off, so a reference cycle that holds a view of a mapped file
    stays (as it does between collections) and shows."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def three_batches(codec: str) -> list[bytes]:
    return [build_batch(make_batch([{"key": b"k%d" % i, "value": b"v" * 50, "timestamp": T0 + i}
                                    for i in range(5)], codec=codec, base_offset=5 * n))
            for n in range(3)]


def damaged(codec: str, crc_matches: bool) -> tuple[list[bytes], bytes]:
    """Three batches of ``codec``; the middle one has a byte flipped inside its compressed
    payload, its CRC stored for the damaged bytes when ``crc_matches``."""
    raw = three_batches(codec)
    mid = bytearray(raw[1])
    mid[len(mid) - 10] ^= 0xFF
    if crc_matches:
        mid[CRC_OFFSET:CRC_OFFSET + 4] = crc32c(bytes(mid[CRC_OFFSET + 4:])).to_bytes(4, "big")
    return raw, raw[0] + bytes(mid) + raw[2]


def partition(tmp_path: Path, raw: list[bytes], data: bytes) -> Path:
    directory = write_partition_dir(tmp_path, "t", 0, [raw])
    (directory / LOG).write_bytes(data)
    return directory


def error_line(p: Problem) -> str:
    """How ``kformat dump`` prints a problem on stderr (docs/cli.md)."""
    return f"kformat dump: {p.file}:{p.position}: {p.error_class}: {p.reason}"


CODECS = ["gzip", "snappy", "lz4", "zstd"]


@pytest.mark.parametrize("crc_matches", [False, True], ids=["crc-bad", "crc-good"])
@pytest.mark.parametrize("codec", CODECS)
def test_undecompressable_batch_is_skipped_by_every_reader(
        tmp_path: Path, codec: str, crc_matches: bool, each_engine: str, no_gc: None) -> None:
    raw, data = damaged(codec, crc_matches)
    directory = partition(tmp_path, raw, data)
    segments = [read_segment(data), read_segment(directory / LOG),
                read_partition_dir(directory).segments[0].log]
    for seg in segments:
        assert [b.base_offset for b in seg.batches] == [0, 10]
        [skipped] = seg.skipped
        assert (skipped.position, skipped.size) == (len(raw[0]), len(raw[1]))
        assert isinstance(skipped.error, CorruptRecordError)
        assert skipped.error.reason.startswith(f"{codec}: ")
        assert skipped.crc_failed is not crc_matches
        assert seg.error is None and seg.truncated is None and seg.unframed == []
        assert (seg.skipped_bytes, seg.skipped_stretches) == (len(raw[1]), 1)
    problems = check_partition_dir(directory)
    assert [(p.file, p.position, p.kind) for p in problems] == [
        (str(directory / LOG), len(raw[0]), "corrupt-batch" if crc_matches else "crc")]
    assert ("its stored crc does not match" in problems[0].detail) is not crc_matches
    out, err = io.StringIO(), io.StringIO()
    assert dump_main([str(directory / LOG)], out=out, err=err) == 1
    lines = out.getvalue().splitlines()
    assert lines[0] == f"Dumping {directory / LOG}" and len(lines) == 5
    assert lines[2].startswith("baseOffset: 0 lastOffset: 4 ")
    assert lines[3].startswith("baseOffset: 10 lastOffset: 14 ")
    assert lines[4] == f"Skipped {len(raw[1])} bytes in 1 unreadable stretches of {LOG}"
    assert err.getvalue().splitlines() == [error_line(problems[0])]
    assert problems[0].error_class == "CorruptRecordError"


# --------------------------------------------------------------------------- unframed bytes


def six_batches() -> list[bytes]:
    return [build_batch(make_batch([{"key": b"k%d" % i, "value": b"value-%d-%d" % (n, i),
                                     "timestamp": T0 + 10 * n + i} for i in range(4)],
                                   base_offset=4 * n))
            for n in range(6)]


def _set(raw: bytes, at: int, value: bytes) -> bytes:
    return raw[:at] + value + raw[at + len(value):]


def with_damage(kind: str) -> tuple[bytes, int, int, list[int], type[KFormatError]]:
    """Six batches with ``kind`` of damage at batch 2: ``(data, stretch position, stretch
    size, base offsets still readable, the stretch's error class)``."""
    raw = six_batches()
    at = len(raw[0]) + len(raw[1])
    if kind in ("garbage", "zeros"):
        junk = random.Random(30).randbytes(37) if kind == "garbage" else bytes(4096)
        data = b"".join(raw[:2]) + junk + b"".join(raw[2:])
        error = InvalidValueError if kind == "zeros" else _GARBAGE_ERROR
        return data, at, len(junk), [0, 4, 8, 12, 16, 20], error
    if kind == "short-length":
        bad, error = _set(raw[2], LENGTH_OFFSET, (5).to_bytes(4, "big")), InvalidValueError
    elif kind == "long-length":
        bad, error = _set(raw[2], LENGTH_OFFSET, (1 << 29).to_bytes(4, "big")), \
            LimitExceededError
    elif kind == "overrunning-length":  # within max_batch_size, past the end of the log
        bad, error = _set(raw[2], LENGTH_OFFSET, (100_000).to_bytes(4, "big")), TruncatedError
    else:  # a magic that is not 0, 1 or 2
        bad, error = _set(raw[2], MAGIC_OFFSET, b"\x07"), UnsupportedVersionError
    data = b"".join(raw[:2]) + bad + b"".join(raw[3:])
    return data, at, len(raw[2]), [0, 4, 12, 16, 20], error


def _garbage_error() -> type[KFormatError]:
    junk = random.Random(30).randbytes(37)
    try:
        parse_batches(junk + b"".join(six_batches()))
    except KFormatError as exc:
        return type(exc)
    raise AssertionError("the garbage frames a batch")


_GARBAGE_ERROR = _garbage_error()
DAMAGE = ["garbage", "zeros", "short-length", "long-length", "overrunning-length", "bad-magic"]


@pytest.mark.parametrize("kind", DAMAGE)
def test_unframed_bytes_are_stepped_over_to_the_next_batch(
        tmp_path: Path, kind: str, each_engine: str, no_gc: None) -> None:
    data, at, size, offsets, error = with_damage(kind)
    directory = partition(tmp_path, six_batches(), data)
    for seg in (read_segment(data), read_segment(directory / LOG),
                read_partition_dir(directory).segments[0].log):
        assert [b.base_offset for b in seg.batches] == offsets
        assert all(b.crc_valid for b in seg.batches)
        [stretch] = seg.unframed
        assert (stretch.position, stretch.size) == (at, size)
        assert type(stretch.error) is error and seg.error is stretch.error
        assert seg.skipped == [] and seg.truncated is None
        assert (seg.skipped_bytes, seg.skipped_stretches) == (size, 1)
        assert seg.valid_bytes == len(data)
    part = read_partition_dir(directory)
    assert (part.skipped_bytes, part.skipped_stretches) == (size, 1)
    [problem] = part.problems
    assert (problem.file, problem.position, problem.kind) == (str(directory / LOG), at,
                                                              "unframed")
    assert problem.detail.startswith(f"{error.__name__}: {size} bytes that do not frame a "
                                     f"batch skipped to {at + size}: ")
    assert problem.error_class == error.__name__
    out, err = io.StringIO(), io.StringIO()
    assert dump_main([str(directory / LOG)], out=out, err=err) == 1
    lines = out.getvalue().splitlines()
    assert [int(x.split()[1]) for x in lines[2:-1]] == offsets
    assert lines[-1] == f"Skipped {size} bytes in 1 unreadable stretches of {LOG}"
    assert err.getvalue() == f"{error_line(problem)}\n"


@pytest.mark.parametrize("kind", DAMAGE)
def test_the_spark_source_resyncs_by_the_same_rule(kind: str, each_engine: str) -> None:
    data, at, size, offsets, _ = with_damage(kind)
    reader = ColumnReader(data, options=ReadOptions(mode="DROPMALFORMED"))
    table = pa.Table.from_batches(list(reader))
    assert sorted(set(table.column("offset").to_pylist()) - set(range(0, 24))) == []
    assert sorted({o // 4 * 4 for o in table.column("offset").to_pylist()}) == offsets
    assert [(c.position, c.length) for c in reader.corrupt] == [(at, size)]
    seg = read_segment(data)
    assert [(u.position, u.size) for u in seg.unframed] == [(at, size)]


def test_unframed_stretch_with_no_batch_after_it_runs_to_the_end(each_engine: str) -> None:
    raw = six_batches()
    junk = random.Random(5).randbytes(300)
    seg = read_segment(b"".join(raw[:3]) + junk)
    assert [b.base_offset for b in seg.batches] == [0, 4, 8]
    assert [(u.position, u.size) for u in seg.unframed] == [(sum(map(len, raw[:3])), 300)]
    out = read_segment(b"".join(raw[:3]) + junk + raw[3], resync_limit=100)
    assert [b.base_offset for b in out.batches] == [0, 4, 8]  # beyond the resync limit
    assert [u.size for u in out.unframed] == [300 + len(raw[3])]


def test_resync_looks_at_no_position_inside_a_zero_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long run of zeros (a preallocated tail) is passed over in one scan: no position in
    it can start a batch (a length is never 0), so none is tried."""
    batch = six_batches()[0]
    tried: list[int] = []
    real = framing.plausible_batch

    def spy(source: Any, pos: int, *args: Any, **kw: Any) -> int | None:
        tried.append(pos)
        return real(source, pos, *args, **kw)

    monkeypatch.setattr(framing, "plausible_batch", spy)
    data = bytes(4 << 20) + batch
    assert find_batch(BufferAt(data), 1, len(data), max_batch_size=1 << 30) == 4 << 20
    assert tried == [4 << 20]


# --------------------------------------------------------------------------- pre-3.8 time index


def before_38_dir(tmp_path: Path) -> tuple[Path, list[tuple[int, int, int]]]:
    """A healthy directory whose time index is a broker's before 3.8: each entry points at
    the batch's first record with its greatest timestamp, not at its last offset. Returns
    it and ``(entry timestamp, entry offset, batch last offset)`` of each entry."""
    batches = [make_batch([{"value": b"v%d" % i, "timestamp": T0 + 100 * n + ts}
                           for i, ts in enumerate((3, 9, 9, 2))], base_offset=4 * n)
               for n in range(3)]
    directory = write_partition_dir(tmp_path, "t", 0, [batches], index_interval_bytes=1)
    entries = [(T0 + 100 * n + 9, 4 * n + 1, 4 * n + 3) for n in range(3)]
    (directory / LOG).with_suffix(".timeindex").write_bytes(
        build_time_index([TimestampOffset(ts, offset) for ts, offset, _ in entries]))
    return directory, entries


def test_a_time_index_written_before_38_is_healthy(tmp_path: Path, each_engine: str) -> None:
    directory, entries = before_38_dir(tmp_path)
    assert check_partition_dir(directory) == []
    timeindex = (directory / LOG).with_suffix(".timeindex")
    index = read_partition_dir(directory).segments[0].time_index
    assert index is not None
    batches = read_segment(directory / LOG).batches
    assert [(e.timestamp, e.offset, last) for e, last in
            offsets_of_max_timestamp(index, batches)] == entries
    for args in ([str(timeindex)], [str(timeindex), "--verify-index-only"], [str(directory)]):
        out, err = io.StringIO(), io.StringIO()
        assert dump_main(args, out=out, err=err) == 0  # kafka-dump-log.sh's exit status
        assert err.getvalue().splitlines() == [
            "The following indexed offsets are not found in the log.",
            *(f"Indexed offset: {o}, found log offset: {last}" for _, o, last in entries)]
    out, err = io.StringIO(), io.StringIO()
    assert dump_main([str(timeindex), "--json", "--verify-index-only"], out=out, err=err) == 0
    assert [json.loads(x) for x in out.getvalue().splitlines()] == [
        {"type": "note", "file": str(timeindex), "kind": "timeindex-before-3.8", "offset": o,
         "timestamp": ts, "log_offset": last} for ts, o, last in entries]


def test_an_entry_inside_a_batch_at_another_record_is_still_a_problem(tmp_path: Path) -> None:
    directory, entries = before_38_dir(tmp_path)
    ts, offset, last = entries[1]
    wrong = [TimestampOffset(t, o) for t, o, _ in entries]
    wrong[1] = TimestampOffset(ts, offset + 1)  # the second record of the greatest timestamp
    (directory / LOG).with_suffix(".timeindex").write_bytes(build_time_index(wrong))
    [problem] = check_partition_dir(directory)
    assert (problem.kind, problem.position) == ("timeindex-offset", 12)
    assert problem.detail == (f"entry offset {offset + 1}: no batch ends there (next batch "
                              f"end: {last})")


def test_resync_finds_magic_0_and_1_entries(each_engine: str) -> None:
    v1 = build_batch(make_batch([(b"a", b"1"), (b"b", b"2")], magic=1, codec="gzip",
                                base_offset=0, base_timestamp=T0))
    v0 = build_batch(make_batch([(b"c", b"3")], magic=0, base_offset=2))
    junk = random.Random(7).randbytes(50)
    seg = read_segment(v1 + junk + v0 + junk + v1)
    assert [(b.magic, b.base_offset) for b in seg.batches] == [(1, 0), (0, 2), (1, 0)]
    assert [(u.position, u.size) for u in seg.unframed] == [
        (len(v1), 50), (len(v1) + 50 + len(v0), 50)]


# --------------------------------------------------------------------------- any damage


def _mixed_segment() -> bytes:
    batches = [build_batch(make_batch([{"key": b"k%d" % i, "value": b"v" * (7 * n + i),
                                        "timestamp": T0 + i} for i in range(n % 4 + 1)],
                                      codec=codec, base_offset=10 * n))
               for n, codec in enumerate([*CODECS, "none", *CODECS])]
    legacy = [build_batch(make_batch([(b"a", b"1"), (b"b", b"2")], magic=1, codec="gzip",
                                     base_offset=200, base_timestamp=T0)),
              build_batch(make_batch([(b"c", b"3")], magic=0, base_offset=202))]
    return b"".join(batches + legacy)


MIXED = _mixed_segment()
_DAMAGE = st.one_of(
    st.tuples(st.just("flip"), st.integers(0, len(MIXED) - 1), st.integers(0, 7)),
    st.tuples(st.just("insert"), st.integers(0, len(MIXED)), st.binary(min_size=1, max_size=60)),
    st.tuples(st.just("delete"), st.integers(0, len(MIXED) - 1), st.integers(1, 60)),
    st.tuples(st.just("zeros"), st.integers(0, len(MIXED)), st.integers(1, 5000)),
)


def _damaged(edits: list[tuple[str, int, Any]]) -> bytes:
    data = bytearray(MIXED)
    for kind, at, arg in edits:
        at = min(at, len(data) - 1) if kind in ("flip", "delete") else min(at, len(data))
        if kind == "flip" and data:
            data[at] ^= 1 << arg
        elif kind == "insert":
            data[at:at] = arg
        elif kind == "delete":
            del data[at:at + arg]
        elif kind == "zeros":
            data[at:at] = bytes(arg)
    return bytes(data)


@settings(max_examples=60, deadline=None)
@given(edits=st.lists(_DAMAGE, min_size=1, max_size=3))
def test_any_damage_is_accounted_for_as_the_spark_source_sees_it(
        edits: list[tuple[str, int, Any]]) -> None:
    """Every byte of a damaged segment is in a batch read, a skipped batch, an unframed
    stretch or the cut-short tail; the mapped file and its bytes read alike (with no
    garbage collection to hide a view left behind); the Spark source finds the same
    unreadable stretches (it drops CRC failures too), on every engine."""
    data = _damaged(edits)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / LOG
        path.write_bytes(data)
        for name in engine.available():
            with engine.using(name):
                gc.disable()
                try:
                    from_file = read_segment(path)
                finally:
                    gc.enable()
                seg = read_segment(data)
                assert _stretches(from_file) == _stretches(seg)
                tail = seg.truncated.available if seg.truncated else 0
                assert sum(b.size for b in seg.batches) + seg.skipped_bytes + tail == len(data)
                reader = ColumnReader(data, options=ReadOptions(mode="DROPMALFORMED"))
                list(reader)
                mine = [(b.position, b.size) for b in seg.batches if b.crc_valid is False]
                mine += [(u.position, u.size) for u in seg.unframed]
                mine += [(s.position, s.size) for s in seg.skipped]
                if seg.truncated:
                    mine.append((seg.truncated.position, seg.truncated.available))
                assert sorted((c.position, c.length) for c in reader.corrupt) == sorted(mine)


def _stretches(seg: Any) -> tuple[list[tuple[int, int]], ...]:
    return ([(b.position, b.size) for b in seg.batches],
            [(u.position, u.size) for u in seg.unframed],
            [(s.position, s.size) for s in seg.skipped])
