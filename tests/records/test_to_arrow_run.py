"""``to_arrow_run``: a run of whole batches read and framed in one pass.

The native run kernel frames in C (``arrow_export`` with a scan) with the numbers of
:func:`kformat.records.framing.frame_numbers`; without it a run is framed by
:func:`~kformat.records.framing.plausible_run` and read by the Python kernel. Both must
stop at the same byte, count the same batches and give the same columns or the same error,
on fixtures, mixed magics, garbage between batches, cut-short data and mutated bytes, at
every limit.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from kformat.errors import KFormatError
from kformat.outputs import arrow_native, arrow_python, columnar
from kformat.outputs.columnar import ArrowOptions
from kformat.records import build_batch, make_batch
from kformat.records.codecs import CODECS
from kformat.records.framing import (
    PEEK,
    frame_numbers,
    plausible_entries,
    plausible_frame,
    plausible_run,
)
from tests.records.test_arrow_native import legacy_seeds, mixed_pieces

pa = pytest.importorskip("pyarrow")
native = pytest.mark.skipif(arrow_native.native_module() is None,
                            reason="the native engine is not built")

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
LIMITS = ((0, 0), (1, 0), (3, 0), (4, 0), (0, 1), (0, 150), (2, 400), (1000, 1 << 20))


def python_run(data: bytes, options: ArrowOptions, max_rows: int, max_bytes: int) -> Any:
    """The run the Python kernel reads: plausible_run's bytes, arrow_python's columns."""
    size, entries = plausible_run(data, options.max_batch_size, max_rows, max_bytes)
    return arrow_python.to_arrow(data[:size], options), size, entries


def outcome(run: Any, data: bytes, options: ArrowOptions, max_rows: int,
            max_bytes: int) -> Any:
    try:
        return run(data, options, max_rows, max_bytes)
    except KFormatError as exc:
        return (type(exc).__name__, exc.offset, exc.field_path)


def assert_same_run(data: bytes, max_rows: int, max_bytes: int, **kwargs: Any) -> Any:
    options = ArrowOptions(**kwargs)
    ours = outcome(arrow_native.to_arrow_run, data, options, max_rows, max_bytes)
    theirs = outcome(python_run, data, options, max_rows, max_bytes)
    if isinstance(theirs[0], str):
        assert ours == theirs
        return ours
    batch, size, entries = ours
    batch.validate(full=True)
    assert (size, entries) == theirs[1:]
    assert batch.equals(theirs[0])
    return ours


def c_scan(data: bytes, max_rows: int, max_bytes: int, **kwargs: Any) -> tuple[int, int]:
    """Bytes and entries of the C scan itself (no fallback)."""
    _rows, _others, _batch, size, entries = arrow_native._export(
        data, ArrowOptions(**kwargs), True, (max_rows, max_bytes))
    return size, entries


def walk_frames(data: bytes, max_batch_size: int = 1 << 30) -> list[int]:
    """The sizes of the entries plausible_frame frames one by one from the start."""
    sizes, pos = [], 0
    while (found := plausible_frame(data[pos:pos + PEEK], pos, len(data),
                                    max_batch_size)) is not None:
        sizes.append(found[0])
        pos += found[0]
    return sizes


def test_plausible_run_is_plausible_frame_entry_by_entry_with_the_limits() -> None:
    pieces = mixed_pieces()  # 3 rows, a magic 0 entry, a magic 1 entry, 1 row, magic 0
    data = b"".join(pieces) + b"\0" * 30 + pieces[0]
    sizes = [len(p) for p in pieces]
    assert walk_frames(data) == sizes
    assert plausible_run(data, 1 << 30) == (sum(sizes), 5)
    assert plausible_run(data, 1 << 30, max_rows=3) == (sizes[0], 1)
    assert plausible_run(data, 1 << 30, max_rows=4) == (sum(sizes[:2]), 2)
    assert plausible_run(data, 1 << 30, max_bytes=sizes[0] + 1) == (sum(sizes[:2]), 2)
    assert plausible_run(data, sizes[0] - 1) == (0, 0)  # beyond max_batch_size
    assert plausible_run(data[:sizes[0] - 1], 1 << 30) == (0, 0)  # cut short
    assert plausible_run(b"", 1 << 30) == (0, 0)


def test_frame_numbers_are_the_framing_modules() -> None:
    head, length_at, magic_at, minimums, header, count_at, attributes_at, mask, cap = \
        frame_numbers()
    assert (head, length_at, magic_at) == (12, 8, 16)
    assert minimums == (14, 22, 49)
    assert (header, count_at, attributes_at, mask) == (61, 57, 21, 7)
    assert cap == 1 << 20 and frame_numbers(5)[-1] == 5


@native
@pytest.mark.parametrize("max_rows,max_bytes", LIMITS)
def test_the_c_scan_stops_where_plausible_run_does(max_rows: int, max_bytes: int) -> None:
    pieces = mixed_pieces()
    tails = [b"", b"\0" * 30, b"\xff" * 17, pieces[0][:40], pieces[0][:-1], pieces[0]]
    for tail in tails:
        for data in (b"".join(pieces) + tail, tail + b"".join(pieces)):
            got = assert_same_run(data, max_rows, max_bytes)
            if not isinstance(got[0], str):  # read: by the C sink itself, stopping there
                expected = plausible_run(data, 1 << 30, max_rows, max_bytes)
                assert c_scan(data, max_rows, max_bytes) == expected == got[1:]
            assert_same_run(data, max_rows, max_bytes, columns=("value", "offset"),
                            topic="t", position=100)


@native
def test_a_run_is_read_by_the_c_sink(monkeypatch: pytest.MonkeyPatch) -> None:
    """Valid batches of every magic and codec followed by bytes that do not frame: the C
    sink reads the run itself and stops before the garbage."""
    def no_fallback(*args: Any) -> Any:
        raise AssertionError("fell back to the Python kernel")

    data = b"".join(mixed_pieces()) + b"".join(legacy_seeds()[:4])
    reference = python_run(data + b"\x01" * 50, ArrowOptions(), 0, 0)
    monkeypatch.setattr(arrow_python, "to_arrow", no_fallback)
    batch, size, entries = arrow_native.to_arrow_run(data + b"\x01" * 50, ArrowOptions())
    assert (size, entries) == (len(data), reference[2]) and entries >= 9
    assert batch.equals(reference[0])


@pytest.mark.parametrize("engine", ["python", "native"])
def test_to_arrow_run_of_each_engine(engine: str) -> None:
    if engine == "native" and arrow_native.native_module() is None:
        pytest.skip("the native engine is not built")
    pieces = mixed_pieces()
    data = b"".join(pieces) + b"garbage" * 5
    batch, size, entries = columnar.to_arrow_run(data, max_rows=4, columns=("value",),
                                                 engine=engine)
    assert (size, entries) == (len(pieces[0]) + len(pieces[1]), 2)
    assert batch.column("value").to_pylist() == [b"v2"] * 3 + [b"m0"]
    batch, size, entries = columnar.to_arrow_run(data[size:], engine=engine)
    assert (size, entries) == (sum(map(len, pieces[2:])), 3)
    assert columnar.to_arrow_run(b"garbage", engine=engine)[1:] == (0, 0)
    with pytest.raises(TypeError):
        columnar.to_arrow_run([data], engine=engine)  # type: ignore[arg-type]


@native
def test_mutated_runs_agree_on_value_or_error() -> None:
    """Fixtures and batches of every codec, back to back, with random bytes changed and
    the end sometimes cut: the same run (bytes, batches, columns) or the same error."""
    rng = random.Random(10)
    records = [{"key": b"k%d" % j, "value": b"value %d" % j, "headers": [("a", b"b")]}
               for j in range(4)]
    seeds = [build_batch(make_batch(records, codec=spec.name)) for spec in CODECS]
    seeds += [p.read_bytes() for p in sorted(FIXTURES.glob("records/*.bin"))[:10]]
    seeds += legacy_seeds()[:4]
    for _ in range(250):
        raw = bytearray(b"".join(rng.sample(seeds, 3)))
        for _ in range(rng.randint(0, 3)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        if rng.random() < 0.2:
            del raw[rng.randrange(len(raw)):]
        max_rows, max_bytes = rng.choice(LIMITS)
        for kwargs in ({}, {"crc_mismatch": "flag"}, {"verify_crc": False}):
            assert_same_run(bytes(raw), max_rows, max_bytes, **kwargs)


def test_plausible_entries_is_the_run_from_any_reader() -> None:
    """The one run rule over a reader (a file's ``read_at``, the Spark reader's window):
    the entries of :func:`plausible_run`, from any start, however the reads are cut."""
    pieces = mixed_pieces()
    data = b"\xff" * 7 + b"".join(pieces) + b"\0" * 30 + pieces[0]
    sizes = [len(p) for p in pieces]

    def short_reads(p: int, n: int) -> bytes:  # at most what a window could give
        return data[p:min(p + n, len(data))]

    for limits in [(0, 0), (3, 0), (4, 0), (0, sizes[0] + 1)]:
        entries = list(plausible_entries(short_reads, 7, len(data), 1 << 30, *limits))
        assert [size for _, size, _ in entries] == sizes[:len(entries)]
        assert [pos for pos, _, _ in entries] == [7 + sum(sizes[:i]) for i in range(len(entries))]
        run = plausible_run(data[7:], 1 << 30, *limits)
        assert run == (sum(sizes[:len(entries)]), len(entries))
    assert [magic for *_, magic in plausible_entries(short_reads, 7, len(data), 1 << 30)] == \
        [data[7 + sum(sizes[:i]) + 16] for i in range(len(sizes))]
    assert list(plausible_entries(short_reads, 7, 7 + sizes[0] - 1, 1 << 30)) == []  # cut short
