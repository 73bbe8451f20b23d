"""The native to_arrow kernel (columnar.c) against the pure-Python one, column by column.

Every fixture (valid and invalid), hypothesis batches of every codec and mutated bytes: the
two kernels return equal record batches, or raise the same error class at the same offset.
Valid magic 2 input must be read by the C sink itself (no fallback to the Python kernel).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kformat import engine
from kformat.errors import CorruptRecordError, InvalidValueError, KFormatError
from kformat.outputs import arrow_native, arrow_python, columnar
from kformat.outputs.columnar import ArrowOptions
from kformat.outputs.fields import COLUMN_NAMES
from kformat.records import build_batch, control_record, make_batch, parse_batches, to_arrow
from kformat.records.codecs import CODECS
from kformat.strategies.records import batch_bytes, v2_batches
from tests.records.test_legacy import body, entry, inner_set, wrapper

pa = pytest.importorskip("pyarrow")
pytestmark = pytest.mark.skipif(arrow_native.native_module() is None,
                                reason="the native engine is not built")

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
FILES = sorted([*FIXTURES.glob("records/*.bin"), *FIXTURES.glob("legacy/*.bin"),
                *FIXTURES.glob("invalid/records/*.bin"), *FIXTURES.glob("invalid/legacy/*.bin")])

OPTION_SETS = (
    {},
    {"columns": ("offset", "value"), "topic": "t", "partition": 1},
    {"columns": ("headers", "timestamp", "codec", "isControl", "crcValid", "key")},
    {"crc_mismatch": "flag", "position": 4096, "segment": "00000.log"},
    {"verify_crc": False, "skip_control": True},
)


def outcome(kernel: Any, data: bytes, options: ArrowOptions) -> Any:
    try:
        return kernel(data, options)
    except KFormatError as exc:
        return (type(exc).__name__, exc.offset, exc.field_path)


def prepared(data: bytes, options: ArrowOptions) -> Any:
    """The prepared call to_arrow makes for bytes (``arrow_native.reader``)."""
    read = arrow_native.reader(options)
    assert read is not None
    return read(data, options.position, (options.topic, options.partition, options.segment))


def assert_same(data: bytes, **kwargs: Any) -> Any:
    options = ArrowOptions(**kwargs)
    native = outcome(arrow_native.to_arrow, data, options)
    python = outcome(arrow_python.to_arrow, data, options)
    fast = prepared(data, options)  # the batch the kernel returns, or None (the kernel runs)
    if isinstance(python, tuple):
        assert native == python
        assert fast is None
        return native
    if fast is not None:
        fast.validate(full=True)
        assert fast.equals(native)
    native.validate(full=True)
    assert native.schema == python.schema
    for name in python.schema.names:
        assert native.column(name).equals(python.column(name)), name
    return native


def sink(data: bytes, options: ArrowOptions) -> Any:
    """The C sink alone: (rows, record batch, others); raises _native.Fallback where the
    kernel would fall back."""
    rows, others, batch = arrow_native.export(data, options)
    return rows, batch, others


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_fixture_gives_the_same_columns_or_error(path: Path) -> None:
    data = path.read_bytes()
    for kwargs in OPTION_SETS:
        assert_same(data, **kwargs)


def test_valid_magic_2_is_read_by_the_c_sink(monkeypatch: pytest.MonkeyPatch) -> None:
    valid = list(FIXTURES.glob("records/v2-*.bin"))
    assert valid
    expected = {p: arrow_python.to_arrow(p.read_bytes(), ArrowOptions()) for p in valid}

    def no_fallback(data: Any, options: Any) -> Any:
        raise AssertionError("fell back to the Python kernel")

    monkeypatch.setattr(arrow_python, "to_arrow", no_fallback)
    for path, reference in expected.items():
        assert arrow_native.to_arrow(path.read_bytes(), ArrowOptions()).equals(reference)
        assert prepared(path.read_bytes(), ArrowOptions()).equals(reference)


def test_to_arrow_on_bytes_makes_one_prepared_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """Valid bytes: the prepared call alone (no kernel), with the call's position and
    options; what it declines (a CRC mismatch that must raise) goes to the kernel."""
    from kformat.records import to_arrow

    raw = (FIXTURES / "records" / "v2-gzip-plain.bin").read_bytes()
    reference = arrow_python.to_arrow(raw, ArrowOptions(topic="t", position=7))
    kernel_calls: list[Any] = []
    kernel = arrow_native.to_arrow
    monkeypatch.setattr(arrow_native, "to_arrow",
                        lambda *a: kernel_calls.append(a) or kernel(*a))
    monkeypatch.setattr(columnar, "_KERNELS", {**columnar._KERNELS,
                                               "native": arrow_native.to_arrow})
    with engine.using("native"):
        assert to_arrow(raw, topic="t", position=7).equals(reference)
        assert to_arrow(bytearray(raw), topic="t", position=7).equals(reference)
        assert to_arrow(memoryview(raw), topic="t", position=7).equals(reference)
        assert not kernel_calls
        bad = bytearray(raw)
        bad[-1] ^= 1
        with pytest.raises(CorruptRecordError):
            to_arrow(bytes(bad))
        assert len(kernel_calls) == 1
    read = arrow_native.reader(ArrowOptions())
    legacy = entry(1, body(0, 0, None, b"v"))
    assert read(legacy, 0, (None, None, None)).equals(
        arrow_python.to_arrow(legacy, ArrowOptions()))
    assert read(bytes(bad), 0, (None, None, None)) is None
    with pytest.raises(TypeError):
        read(raw)
    with pytest.raises(TypeError):
        read(raw, "0", (None, None, None))
    with pytest.raises(TypeError):
        read(raw, 0, [None, None, None])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=batch_bytes(v2_batches(), max_batches=3), pick=st.sampled_from(OPTION_SETS))
def test_hypothesis_v2_batches_of_every_codec(data: bytes, pick: dict[str, Any]) -> None:
    assert_same(data, **pick)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=batch_bytes(max_batches=3))
def test_hypothesis_batches_of_any_magic(data: bytes) -> None:
    assert_same(data)


@pytest.mark.parametrize("codec", [spec.name for spec in CODECS])
def test_each_codec_with_nulls_headers_and_log_append_time(codec: str) -> None:
    records = [{"key": None if j % 3 == 0 else b"k%d" % j, "value": None if j == 4 else b"v" * j,
                "headers": [("h\u00e9", b"x"), ("n", None)] if j % 2 else [],
                "timestamp": 1_700_000_000_000 + j} for j in range(9)]
    data = build_batch(make_batch(records, codec=codec, base_offset=10, producer_id=5,
                                  producer_epoch=2, base_sequence=7))
    data += build_batch(make_batch(records[:3], codec=codec, base_offset=19, timestamp_type=1,
                                   base_timestamp=5, is_transactional=True, producer_id=3))
    data += build_batch(make_batch([control_record("commit", 1, timestamp=1)], base_offset=22,
                                   producer_id=3, is_transactional=True, is_control=True))
    for kwargs in OPTION_SETS:
        got = assert_same(data, **kwargs)
        assert not isinstance(got, tuple)
    rows, _, others = sink(data, ArrowOptions())
    assert (rows, others) == (13, [])


STAMP_MS_MAX = ((1 << 63) - 1) // 1000  # the largest ms whose us fit an int64


@pytest.mark.parametrize(("stamps", "magic", "kind", "path"), [
    ((10 ** 16,), 2, 0, "records.timestamp_delta"),
    ((0, STAMP_MS_MAX + 1), 2, 0, "records.timestamp_delta"),
    ((0, -STAMP_MS_MAX - 1), 2, 0, "records.timestamp_delta"),
    ((1 << 62, -(1 << 62)), 2, 0, "records.timestamp_delta"),
    ((10 ** 16,), 2, 1, "max_timestamp"),
    ((5, 10 ** 16), 1, 0, "timestamp"),
    ((10 ** 16,), 1, 1, "timestamp"),
])
def test_a_timestamp_no_microsecond_count_holds_is_an_invalid_value_in_both_kernels(
        stamps: tuple[int, ...], magic: int, kind: int, path: str) -> None:
    """It was null, silently, in both kernels (parse_batches returns it): now the batch's
    InvalidValueError, at its absolute position, in every projection with a timestamp."""
    good = build_batch(make_batch([(b"k", b"v")], base_timestamp=0))
    data = good + build_batch(make_batch(
        [{"value": b"%d" % i, "timestamp": t} for i, t in enumerate(stamps)],
        magic=magic, timestamp_type=kind, base_offset=1, base_timestamp=stamps[0]))
    batches = parse_batches(data)
    assert [r.timestamp for b in batches for r in b.records][1:] == list(
        stamps if kind == 0 else [max(stamps)] * len(stamps))
    at = 1000 + next(b.position for b in batches  # the entry holding it (magic 1: its own)
                     if any(abs(r.timestamp) > STAMP_MS_MAX for r in b.records))
    for columns in (COLUMN_NAMES, ("timestamp",), ("value", "timestamp")):
        got = assert_same(data, columns=columns, position=1000)
        assert got == ("InvalidValueError", at, path)
        with pytest.raises(InvalidValueError) as exc:
            to_arrow(data, columns=columns, position=1000)
        assert (exc.value.offset, exc.value.field_path) == (at, path)
    assert assert_same(data, columns=("value", "offset")).num_rows == 1 + len(stamps)


def test_a_timestamp_sum_beyond_int64_is_an_invalid_value_in_both_kernels() -> None:
    """base_timestamp + timestamp_delta beyond int64: the C sum overflowed into a null."""
    batch = make_batch([{"value": b"a", "timestamp": 0}, {"value": b"b", "timestamp": 1}],
                       base_timestamp=0)
    raw = bytearray(build_batch(batch))
    raw[27:35] = ((1 << 63) - 1).to_bytes(8, "big")  # base_timestamp: Java's Long.MAX_VALUE
    data = bytes(raw)
    assert assert_same(data, verify_crc=False, columns=("timestamp",)) == (
        "InvalidValueError", 0, "records.timestamp_delta")


def test_the_timestamp_bound_is_held_exactly() -> None:
    stamps = (STAMP_MS_MAX, -STAMP_MS_MAX, 0)
    data = build_batch(make_batch([{"value": b"x", "timestamp": t} for t in stamps]))
    got = assert_same(data, columns=("timestamp",))
    assert got.column(0).cast(pa.int64()).to_pylist() == [t * 1000 for t in stamps]


def mutations_agree(seeds: list[bytes], rng: random.Random, rounds: int) -> None:
    """rounds inputs, each a seed with one to four random bytes and sometimes its end cut:
    both kernels give the same columns or the same error, under every CRC option."""
    for _ in range(rounds):
        raw = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 4)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        if rng.random() < 0.2:
            del raw[rng.randrange(len(raw)):]
        for kwargs in ({}, {"crc_mismatch": "flag"}, {"verify_crc": False}):
            assert_same(bytes(raw), **kwargs)


def test_mutated_bytes_agree_on_value_or_error() -> None:
    rng = random.Random(9)
    records = [{"key": b"k%d" % j, "value": b"value %d" % j, "headers": [("a", b"b")],
                "timestamp": 1_700_000_000_000 + j} for j in range(5)]
    seeds = [build_batch(make_batch(records, codec=spec.name)) for spec in CODECS]
    mutations_agree(seeds, rng, 400)


def test_projection_builds_only_the_named_columns() -> None:
    data = build_batch(make_batch([(b"k", b"v")] * 3))
    _rows, batch, _others = sink(data, ArrowOptions(columns=("offset",)))
    assert batch.schema.names == ["offset"]
    for name in COLUMN_NAMES:
        assert_same(data, columns=(name,))


def test_the_native_kernel_is_registered_for_the_native_engine() -> None:
    from kformat.outputs import columnar

    assert columnar.kernel("native") is arrow_native.to_arrow


def test_an_offset_beyond_int64_is_an_invalid_value_in_both_kernels() -> None:
    data = build_batch(make_batch([(b"k", b"v"), (b"k", b"w")], base_offset=(1 << 63) - 1))
    got = assert_same(data, position=500)
    assert got == ("InvalidValueError", 500, "records.offset_delta")
    assert assert_same(data, columns=("value",)).num_rows == 2  # offsets not asked for


def no_fallback(data: Any, options: Any) -> Any:
    raise AssertionError("fell back to the Python kernel")


def mixed_pieces() -> list[bytes]:
    v2 = build_batch(make_batch([(b"k", b"v2")] * 3, base_offset=0))
    old = [build_batch(make_batch([(b"a", b"m%d" % m)], magic=m, base_offset=3 + m,
                                  codec="gzip")) for m in (0, 1)]
    later = build_batch(make_batch([(b"k", b"later")], base_offset=5))
    return [v2, old[0], old[1], later, old[0]]


def mixed_magics() -> bytes:
    return b"".join(mixed_pieces())


def test_magic_0_and_1_batches_between_are_read_by_the_c_sink_in_place(
        monkeypatch: pytest.MonkeyPatch) -> None:
    data = mixed_magics()
    reference = arrow_python.to_arrow(data, ArrowOptions(position=7))
    monkeypatch.setattr(arrow_python, "to_arrow", no_fallback)
    monkeypatch.setattr(arrow_python, "read_framed", no_fallback)
    got = arrow_native.to_arrow(data, ArrowOptions(position=7))
    assert got.equals(reference)
    rows, _batch, others = sink(data, ArrowOptions())
    assert (rows, others) == (7, [])


def test_without_the_legacy_plan_magic_0_1_batches_go_to_the_python_kernel_in_place(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A sink made without the legacy plan (an engine whose Record type is not the records
    layer's lowers no RECORD_SET) steps over magic 0/1 batches and lists them; the Python
    kernel reads those alone and their rows go in place."""
    pieces = mixed_pieces()  # one build: a gzip wrapper's size varies with the clock
    data = b"".join(pieces)
    reference = arrow_python.to_arrow(data, ArrowOptions(position=7))
    plain = arrow_native.native_module().arrow_sink(
        arrow_native._plan(), tuple(arrow_native.column_spec(n) or
                                    (arrow_native.KINDS["option"],
                                     arrow_native._OPTIONS.index(n), n != "partition")
                                    for n in COLUMN_NAMES), arrow_native.ROWS, None)
    schema = arrow_native._sink(COLUMN_NAMES, False)[1]
    monkeypatch.setattr(arrow_native, "_sink", lambda *args: (plain, schema))
    monkeypatch.setattr(arrow_python, "to_arrow", no_fallback)
    got = arrow_native.to_arrow(data, ArrowOptions(position=7))
    assert got.equals(reference)
    starts = [sum(map(len, pieces[:i])) for i in range(len(pieces))]
    _rows, _parts, others = sink(data, ArrowOptions())
    assert others == [(starts[i], len(pieces[i]), rows) for i, rows in ((1, 3), (2, 3), (4, 4))]
    assert got.column("position").to_pylist()[-1] == 7 + starts[-1]


LEGACY_VALID = sorted(FIXTURES.glob("legacy/*.bin"))


@pytest.mark.parametrize("path", LEGACY_VALID, ids=lambda p: p.name)
def test_valid_magic_0_and_1_is_read_by_the_c_sink(path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    data = path.read_bytes()
    expected = {i: arrow_python.to_arrow(data, ArrowOptions(**kwargs))
                for i, kwargs in enumerate(OPTION_SETS)}
    monkeypatch.setattr(arrow_python, "to_arrow", no_fallback)
    monkeypatch.setattr(arrow_python, "read_framed", no_fallback)
    for i, kwargs in enumerate(OPTION_SETS):
        got = arrow_native.to_arrow(data, ArrowOptions(**kwargs))
        got.validate(full=True)
        assert got.equals(expected[i])
    assert sink(data, ArrowOptions())[2] == []


def legacy_seeds() -> list[bytes]:
    """Magic 0 and 1, plain and wrapped in every legacy codec, LogAppendTime, relative
    offsets of a broker's wrapper and of a client's (offset 0: base 0), an empty wrapper,
    a wrapper inside a wrapper, null keys and values."""
    records = [{"key": None if j == 1 else b"k%d" % j, "value": None if j == 2 else b"v" * j,
                "timestamp": 1_700_000_000_000 + j} for j in range(4)]
    seeds = []
    for magic in (0, 1):
        for codec in ("none", "gzip", "snappy", "lz4"):
            for kwargs in ({"base_offset": 40}, {"base_offset": 0, "timestamp_type": 1}):
                if kwargs.get("timestamp_type") and magic == 0:
                    continue
                seeds.append(build_batch(make_batch(records, magic=magic, codec=codec,
                                                    **kwargs)))
            if codec == "none":
                continue
            number = int(CODECS[[c.name for c in CODECS].index(codec)].id)
            items = [(o, 100 + o, b"k", None if o == 1 else b"v%d" % o) for o in range(3)]
            seeds += [
                wrapper(inner_set(magic, items), number, magic, offset=0),  # a client's
                wrapper(inner_set(magic, items), number, magic, offset=1 << 40),
                wrapper(b"", number, magic, offset=5),  # no inner message
                wrapper(wrapper(inner_set(magic, items), number, magic), number, magic),
            ]
        seeds.append(entry(9, body(1, 0x08, b"k", b"v", timestamp=5)))  # plain LogAppendTime
    return seeds


def test_legacy_batches_of_every_codec_are_read_by_the_c_sink(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seeds = legacy_seeds()
    errors = [assert_same(seed) for seed in seeds]
    assert [(e[0], e[2]) for e in errors if isinstance(e, tuple)] == [
        ("LimitExceededError", "message.messages[0].message.attributes")] * 6  # nested
    data = b"".join(seed for seed, e in zip(seeds, errors, strict=True)
                    if not isinstance(e, tuple))
    for kwargs in OPTION_SETS:
        assert_same(data, **kwargs)
    reference = arrow_python.to_arrow(data, ArrowOptions())
    monkeypatch.setattr(arrow_python, "to_arrow", no_fallback)
    monkeypatch.setattr(arrow_python, "read_framed", no_fallback)
    assert arrow_native.to_arrow(data, ArrowOptions()).equals(reference)


def test_mutated_legacy_bytes_agree_on_value_or_error() -> None:
    rng = random.Random(11)
    seeds = legacy_seeds()
    mutations_agree(seeds, rng, 500)


def test_batches_without_records_are_read_by_the_c_sink(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression (c7a6470, found by ``make fuzz-native``): a batch of zero records fills
    every per-batch column with zero values, on buffers never allocated when no batch before
    it had a record; filling zero values must not touch the missing buffer (a write through
    a null pointer without the guard in ``buf_fill``, undefined behaviour the sanitizer build
    reports)."""
    empty = build_batch(make_batch([], base_offset=3))
    full = build_batch(make_batch([(b"k", b"v")], base_offset=4))
    inputs = (empty, empty + empty, empty + full, full + empty)
    expected = {data: arrow_python.to_arrow(data, ArrowOptions(topic="t", partition=0))
                for data in inputs}

    monkeypatch.setattr(arrow_python, "to_arrow", no_fallback)
    for data, reference in expected.items():
        got = arrow_native.to_arrow(data, ArrowOptions(topic="t", partition=0))
        got.validate(full=True)
        assert got.equals(reference)
        assert got.num_rows == (1 if full in data else 0)


def test_columns_outlive_their_batch_and_every_call_frees_its_buffers() -> None:
    """The arrays come through the C data interface: Arrow keeps the buffers alive as long as
    any array uses them (a column taken from a dropped batch still reads), and every array's
    release callback runs (``arrow_live`` counts the arrays exported and not yet released)."""
    import gc

    live = arrow_native.native_module().arrow_live
    records = [(b"k%d" % j, b"v" * 2000) for j in range(500)]
    data = build_batch(make_batch([{"key": k, "value": v, "headers": [("h", b"x")]}
                                   for k, v in records]))
    gc.collect()
    before = live()
    headers = arrow_native.to_arrow(data, ArrowOptions()).column("headers")
    value = arrow_native.to_arrow(data, ArrowOptions(columns=("value",))).column(0)
    gc.collect()
    assert live() > before  # the two columns hold their arrays (and the batches' structs)
    assert value.to_pylist() == [v for _, v in records]
    assert headers.to_pylist() == [[{"key": "h", "value": b"x"}]] * len(records)
    del headers, value
    for _ in range(50):
        arrow_native.to_arrow(data, ArrowOptions())
    gc.collect()
    assert live() == before


def test_recycled_buffers_come_back_clean_from_any_thread() -> None:
    """The buffers of released arrays are kept and handed to later calls (columnar.c, "recycled
    memory"): batches released on other threads while this one exports, of other sizes and
    contents (nulls, long and short values), every result still equal to the Python kernel's
    (no byte of an earlier batch shows through) and every array released in the end."""
    import gc
    import threading

    live = arrow_native.native_module().arrow_live
    rng = random.Random(5)
    inputs = []
    for n, size in ((700, 3000), (40, 9), (1500, 200), (3, 0)):
        rows = [{"key": None if rng.random() < 0.3 else b"k%d" % j,
                 "value": None if rng.random() < 0.2 else rng.randbytes(rng.randrange(size + 1)),
                 "headers": [(f"h{j}", b"x" * (j % 5))] * (j % 3)} for j in range(n)]
        inputs.append(build_batch(make_batch(rows)))
    options = ArrowOptions(topic="t", segment="s")
    expected = [arrow_python.to_arrow(data, options) for data in inputs]
    gc.collect()
    before = live()
    for _ in range(3):
        held = [arrow_native.to_arrow(data, options) for data in inputs * 3]
        halves = [held[i::4] for i in range(4)]  # each thread drops the last references
        del held
        threads = [threading.Thread(target=half.clear) for half in halves]
        del halves
        for t in threads:
            t.start()
        for data, reference in zip(inputs, expected, strict=True):
            got = arrow_native.to_arrow(data, options)
            got.validate(full=True)
            assert got.equals(reference)
        for t in threads:
            t.join()
    del got
    gc.collect()
    assert live() == before


def test_legacy_projections_crc_flags_and_edge_values_agree() -> None:
    """Each column alone; an inner message whose CRC is wrong (the wrapper's rows all say
    crcValid false when flagged, the error otherwise); timestamps no microsecond count holds
    (the entry's InvalidValueError); relative offsets whose base would leave int64 (the C sink declines, the Python
    kernel decides)."""
    from kformat.records.codecs import compress

    items = [(o, 100 + o, b"k", b"v%d" % o) for o in range(3)]
    inner = bytearray(inner_set(1, items))
    inner[12] ^= 0xFF  # the first inner message's stored CRC
    bad_crc = entry(50, body(1, 1, None, compress(1, bytes(inner), magic=1), timestamp=7))
    huge = inner_set(1, [(0, (1 << 62), b"a", b"b"), (1, -(1 << 62), None, b"c")])
    stamps = wrapper(huge, 2, 1, offset=9)
    beyond = wrapper(inner_set(1, [(-5, 1, b"a", b"b"), (-(1 << 62), 2, b"a", b"c")]), 1, 1,
                     offset=(1 << 63) - 1)
    for data in (bad_crc, stamps, beyond, b"".join(legacy_seeds()[:6])):
        for kwargs in OPTION_SETS:
            assert_same(data, **kwargs)
        for name in COLUMN_NAMES:
            assert_same(data, columns=(name,), crc_mismatch="flag")
    flagged = assert_same(bad_crc, crc_mismatch="flag")
    assert flagged.column("crcValid").to_pylist() == [False] * 3
    assert assert_same(bad_crc)[0] == "CorruptRecordError"
    assert assert_same(stamps, columns=("timestamp",), position=10) == (
        "InvalidValueError", 10, "timestamp")
    assert assert_same(beyond)[:3:2] == ("InvalidValueError", "offset")


def test_distinct_column_lists_keep_memory_bounded() -> None:
    """Every distinct ``columns`` list compiles a sink (tens of KB, PyMem, so tracemalloc
    sees it): 20,000 distinct lists keep at most the bounded caches' worth, checked as they
    go (the old unbounded cache grew by one sink per list, about 0.9 GB over the 20,000)."""
    import gc
    import itertools
    import tracemalloc

    from kformat.records import to_arrow

    data = build_batch(make_batch([(b"k", b"v")]))
    lists = itertools.islice(itertools.permutations(COLUMN_NAMES, 4), 20_000)
    to_arrow(data, columns=("key",))
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        for i, columns in enumerate(lists, 1):
            got = to_arrow(data, columns=columns)
            if i % 1000 == 0:
                assert got.schema.names == list(columns)
                gc.collect()
                grown = tracemalloc.get_traced_memory()[0] - base
                assert grown < 12 << 20, (i, grown)
                assert arrow_native._sink.cache_info().currsize <= arrow_native._SINKS_KEPT
                assert len(columnar._READERS) <= columnar._MAX_READERS
                assert columnar._options.cache_info().currsize <= 256
    finally:
        tracemalloc.stop()
    assert i == 20_000
