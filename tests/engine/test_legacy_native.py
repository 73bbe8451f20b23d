"""Legacy (magic 0/1) message sets on the native engine: the same values, bytes and errors as
the Python path.

The grammars of :mod:`kformat.records.legacy` lower to plans (``CRC`` on its own, ``CHECKED``,
``IF``, ``WRAPPED``); the native calls are made directly on those plans where a decline
(``Fallback``, then the Python path) could otherwise hide in a passing test.
"""

from __future__ import annotations

import json
import random
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kformat
from kformat import engine
from kformat import strategies as ks
from kformat.engine.plan import Op, describe
from kformat.errors import EncodeError, KFormatError
from kformat.records import legacy
from kformat.records.codecs import compress
from kformat.records.model import Batch, Record
from tests.helpers import corrupted
from tests.records.test_legacy import blob, body, entry

pytestmark = [pytest.mark.skipif("native" not in engine.available(),
                                 reason="the native engine is not built here"),
              # the native engine active whatever KFORMAT_ENGINE chose: these tests are about
              # it (the ones that compare it with the Python engine switch to that themselves)
              pytest.mark.usefixtures("on_native")]


LIMIT = 1 << 20


def native() -> Any:
    module = engine.extension()
    assert module is not None
    return module


def set_plan() -> tuple[Any, ...]:
    return legacy._set_grammar().plan  # type: ignore[no-any-return]


def native_parse(data: bytes, verify: bool = True, limit: int | None = None) -> Any:
    value, end = native().parse(set_plan(), data, 0, verify, limit)
    assert end == len(data)
    return value


def python_parse(data: bytes, **options: Any) -> Any:
    with engine.using("python"):
        return legacy._set_grammar().parse(data, **options)


def outcome(fn: Any, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
    try:
        value = fn(*args, **kwargs)
    except KFormatError as exc:
        return ("error", type(exc), exc.path, exc.offset, exc.expected, exc.actual)
    return ("value", value)


def batches_on(name: str, data: bytes, **options: Any) -> tuple[Any, ...]:
    with engine.using(name):
        return outcome(lambda: [(b, b.records, getattr(b, "wire", None))
                                for b in kformat.parse_batches(data, **options)])


# --------------------------------------------------------------------------- hand assembly


def wrapper(inner: bytes, codec: int = 1, magic: int = 1, offset: int = 0) -> bytes:
    return entry(offset, body(magic, codec, None, compress(codec, inner, magic=magic)))


def inner_set(magic: int, items: list[tuple[int, bytes | None]]) -> bytes:
    return b"".join(entry(off, body(magic, 0, None, v, 7)) for off, v in items)


# --------------------------------------------------------------------------- plan

GOLDEN = """\
GREEDY
  STRUCT
    offset:
      INT64
    message:
      PREFIXED INT32
        CRC crc crc32
          STRUCT
            magic:
              CHECKED in (0, 1)
                INT8
            attributes:
              CHECKED & 0x7 in (0, 1, 2, 3) build clear by this.magic {0: 248, 1: 240}
                INT8
            timestamp:
              IF this.magic == 1
                then:
                  INT64
                else: PASS
            key:
              BYTES INT32 nullable
            (flatten):
              WRAPPED INT32 value, messages codec=this.attributes & 0x7 magic=this.magic
                GREEDY
                  STRUCT
                    offset:
                      INT64
                    message:
                      PREFIXED INT32
                        CRC crc crc32
                          STRUCT
                            magic:
                              CHECKED == this._._.magic
                                INT8
                            attributes:
                              CHECKED & 0x7 in (0,) build clear by this.magic {0: 248, 1: 240}
                                INT8
                            timestamp:
                              IF this.magic == 1
                                then:
                                  INT64
                                else: PASS
                            key:
                              BYTES INT32 nullable
                            value:
                              BYTES INT32 nullable"""


def test_the_legacy_plan_is_golden() -> None:
    """The rules come from the blocks (magics, codecs each nesting allows, unused bits), the
    inner magic refers to the wrapper's two structs out."""
    assert describe(set_plan()) == GOLDEN


def test_a_reference_out_of_a_factory_struct_is_refused() -> None:
    from construct import this

    from kformat.engine.plan import PlanError, lower
    from kformat.primitives import Int8, KStruct
    from kformat.records.legacy_blocks import LegacyMagic

    inner = KStruct("m" / LegacyMagic(match=this._.magic))
    grammar = KStruct("magic" / Int8, "inner" / inner)
    assert "CHECKED == this._.magic" in describe(lower(grammar))
    with pytest.raises(PlanError, match="is not a field of a struct being read"):
        lower(grammar, factories={id(inner): tuple})
    with pytest.raises(PlanError, match="is not a field of a struct being read"):
        lower(KStruct("m" / LegacyMagic(match=this._._.magic)))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300), st.integers(0, 7))
def test_the_native_crc32_is_zlibs(data: bytes, skip: int) -> None:
    """``_native.crc32`` (what the legacy plans' CRC nodes run, in C) equals zlib.crc32, at
    every length and alignment."""
    assert native().crc32(data) == zlib.crc32(data)
    assert native().crc32(memoryview(data)[skip:]) == zlib.crc32(data[skip:])
    crc = next(node for node in _nodes(set_plan()) if node and node[0] == Op.CRC)
    assert crc[2] is native().crc32


def entry_plan() -> tuple[Any, ...]:
    return legacy._entry_grammar().plan  # type: ignore[no-any-return]


def test_the_entry_plan_makes_inner_records_as_a_record_set() -> None:
    (record_set,) = [node for node in _nodes(entry_plan()) if node and node[0] == Op.RECORD_SET]
    assert record_set[2] is Record
    assert record_set[5] == ((0, "magic"), (0, "attributes"), (0, "timestamp"), (1, "offset"))
    assert not any(node and node[0] == Op.GREEDY for node in _nodes(entry_plan()))


@pytest.mark.parametrize(("magic", "attributes", "offset", "inner_offsets"), [
    (1, 1, 1000, [0, 1, 2]),         # relative: base 998
    (1, 1, 0, [0, 1, 2]),            # a client-side wrapper: base would be -2, taken as 0
    (1, 1 | 8, 50, [3, 7, 9]),       # LogAppendTime: every record the wrapper's timestamp
    (1, 2, 1 << 62, [-5, 0, 4]),     # negative relative offsets, a large wrapper offset
    (0, 1, 77, [10, 11, 15]),        # magic 0: absolute offsets, no timestamps
    (0, 1 | 8, 77, [10, 11]),        # magic 0 ignores bit 3
    (1, 1, 5, []),                   # an empty inner set
])
def test_record_set_rules_equal_the_python_path(magic: int, attributes: int, offset: int,
                                                inner_offsets: list[int]) -> None:
    """The rules of LegacyRecordShape, read natively into Records (no decline) and on the
    Python path: offsets relative to the last inner one (base clamped at 0), LogAppendTime,
    magic 0, deltas from the first record."""
    inner = b"".join(
        entry(off, body(magic, 0, b"k%d" % i, None if i == 1 else b"v" * i, 100 + 3 * i))
        for i, off in enumerate(inner_offsets))
    codec = attributes & 7
    data = entry(offset, body(magic, attributes, None,
                                    compress(codec, inner, magic=magic), 12345))
    value, end = native().parse(entry_plan(), data, 0, True, None)
    assert end == len(data)
    records = value["message"]["messages"]
    assert all(type(r) is Record for r in records)
    assert batches_on("native", data) == batches_on("python", data)
    (batch,) = kformat.parse_batches(data)
    assert batch.records == records
    base = max(offset - inner_offsets[-1], 0) if magic == 1 and inner_offsets else 0
    assert [r.offset for r in records] == [base + off for off in inner_offsets]
    log_append = magic == 1 and attributes & 8
    stamps = [12345 if log_append else (100 + 3 * i if magic else -1)
              for i in range(len(inner_offsets))]
    assert [r.timestamp for r in records] == stamps
    assert [r.offset_delta for r in records] == [o - inner_offsets[0] for o in inner_offsets]
    assert [r.timestamp_delta for r in records] == [s - stamps[0] for s in stamps]
    assert {int(r.timestamp_type) for r in records} <= {1 if log_append else 0}
    assert [r.value for r in records][1:2] in ([None], [])


def test_the_native_crc32_is_zlibs_at_every_block_boundary() -> None:
    """Every length around the carry-less multiplication path's steps (64 bytes to start,
    four 16-byte lanes, single 16-byte blocks, the table for the rest) and long inputs."""
    rng = random.Random(9)
    for n in [*range(0, 300), 1 << 12, (1 << 16) + 13, (1 << 20) + 7]:
        data = rng.randbytes(n + 3)
        for skip in (0, 3):
            assert native().crc32(memoryview(data)[skip:skip + n]) == \
                zlib.crc32(data[skip:skip + n]), (n, skip)


@pytest.mark.parametrize("level", [0, 1, 2])
def test_every_crc32_path_is_zlibs(level: int) -> None:
    """The table (0), PCLMULQDQ (1) and VPCLMULQDQ (2) paths, each where the CPU has it (the
    best below it otherwise), at every length around their steps and on long inputs."""
    rng = random.Random(level)
    for n in [*range(0, 400), 1 << 12, (1 << 16) + 13, (1 << 20) + 7]:
        data = rng.randbytes(n + 3)
        for skip in (0, 3):
            crc, ran = native()._crc32_at(memoryview(data)[skip:skip + n], level)
            assert crc == zlib.crc32(data[skip:skip + n]), (n, skip, ran)
            assert ran <= level


def _nodes(obj: Any) -> Any:
    if isinstance(obj, tuple):
        yield obj
        for item in obj:
            yield from _nodes(item)


# --------------------------------------------------------------------------- values and bytes


@settings(max_examples=200, deadline=None)
@given(ks.legacy_message_sets())
def test_native_parse_and_build_equal_the_python_path(data: bytes) -> None:
    """Every magic and codec (magic 0 LZ4 framing included), relative and absolute inner
    offsets, LogAppendTime, nulls: values equal, rebuilt byte for byte, from the stored
    payload and from the inner messages recompressed."""
    value = native_parse(data)
    assert value == python_parse(data)
    assert native().build(set_plan(), value) == data
    for item in value:
        message = item["message"]
        if message["messages"] is not None:
            message["value"] = None
    with engine.using("python"):
        expected = legacy._set_grammar().build(value)
    assert native().build(set_plan(), value) == expected


@settings(max_examples=100, deadline=None)
@given(ks.legacy_batches())
def test_batches_parse_and_build_alike_on_both_engines(batch: Batch) -> None:
    with engine.using("python"):
        data = kformat.build_batch(batch)
    with engine.using("native"):
        assert kformat.build_batch(batch) == data
    assert batches_on("native", data) == batches_on("python", data)


FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def test_every_fixture_of_the_corpus_decodes_the_same() -> None:
    """The committed legacy fixtures, valid (read natively, no decline) and invalid (the
    same error on both engines, at the decompression limit the fixture names)."""
    valid = sorted((FIXTURES / "legacy").glob("*.bin"))
    for path in valid:
        data = path.read_bytes()
        native_parse(data)
        assert batches_on("native", data) == batches_on("python", data), path.name
    invalid = sorted((FIXTURES / "invalid" / "legacy").glob("*.bin"))
    for path in invalid:
        data = path.read_bytes()
        meta = json.loads(path.with_suffix(".json").read_text())
        options = {"decompression_limit": meta.get("decompression_limit", LIMIT), "strict": True}
        found = batches_on("native", data, **options)
        assert found == batches_on("python", data, **options), path.name
        assert found[0] == "error" and found[1].__name__ == meta["error"]["class"], path.name
    assert len(valid) >= 18 and len(invalid) >= 28


# --------------------------------------------------------------------------- hostile bytes

V0_PLAIN = entry(5, body(0, 0, b"key", b"value"))
V1_SNAPPY = entry(9, body(1, 2, None, compress(2, inner_set(1, [(0, b"1"), (1, b"22")]),
                                                 magic=1), timestamp=2))
V0_LZ4 = entry(3, body(0, 3, None, compress(3, inner_set(0, [(2, b"a"), (3, b"b")]), magic=0)))
FRAMES = {"v0": V0_PLAIN, "v1-snappy": V1_SNAPPY, "v0-lz4": V0_LZ4}


@pytest.mark.parametrize("name", sorted(FRAMES))
def test_every_truncation_fails_the_same_way(name: str) -> None:
    data = FRAMES[name] + V0_PLAIN
    for cut in range(len(data)):
        chunk = data[:cut]
        assert batches_on("native", chunk, strict=True) == batches_on("python", chunk,
                                                                      strict=True), cut
        if 0 < cut < len(FRAMES[name]):
            with pytest.raises(native().Fallback):
                native().parse(set_plan(), chunk, 0, True, None)


@pytest.mark.parametrize("name", sorted(FRAMES))
def test_corrupted_bytes_give_the_same_value_or_error(name: str) -> None:
    frame = FRAMES[name]
    rng = random.Random(name)
    for _ in range(300):
        data = bytes(corrupted(frame, rng))
        for verify in (True, False):
            assert batches_on("native", data, verify_crc=verify) == batches_on(
                "python", data, verify_crc=verify), data.hex()


@pytest.mark.parametrize("magic", [0, 1])
def test_corrupted_inner_sets_give_the_same_value_or_error(magic: int) -> None:
    """The inner message set of a wrapper corrupted before compression (so that it
    decompresses): the RECORD_SET steps (bounds, CRCs, the inner magic and codec checks, the
    timestamp's IF, regions consumed exactly) accept and refuse what the Python path does,
    and decline only with Fallback."""
    rng = random.Random(magic)
    inner = inner_set(magic, [(3, b"abc"), (4, None), (6, b"x" * 40)])
    for _ in range(300):
        data = corrupted(inner, rng)
        cut = rng.choice((len(data), rng.randrange(len(data) + 1)))
        frame = wrapper(bytes(data[:cut]), codec=rng.choice((1, 2)), magic=magic, offset=9)
        for verify in (True, False):
            try:
                native().parse(entry_plan(), frame, 0, verify, None)
            except native().Fallback:
                pass
            assert batches_on("native", frame, verify_crc=verify) == batches_on(
                "python", frame, verify_crc=verify), frame.hex()


def test_crc_unchecked_reads_natively() -> None:
    data = entry(1, body(0, 0, None, b"x"), crc=0xDEADBEEF)
    with pytest.raises(native().Fallback):
        native().parse(set_plan(), data, 0, True, None)
    assert native_parse(data, verify=False)[0]["message"]["crc"] == 0xDEADBEEF
    assert batches_on("native", data, verify_crc=False) == batches_on("python", data,
                                                                       verify_crc=False)


@pytest.mark.parametrize("data", [
    wrapper(inner_set(1, [(0, b"x")]) + wrapper(inner_set(1, [(0, b"1")]))),  # nested twice
    wrapper(inner_set(0, [(0, b"x")]), magic=1),  # inner magic differs from the wrapper's
    entry(0, body(1, 1, None, None)),  # a wrapper with a null value
    entry(0, body(1, 1, None, b"not gzip at all")),
    wrapper(inner_set(1, [(0, b"x")]) + b"\x00\x01\x02"),  # stray bytes after the inner set
    wrapper(b"\x00" * (4 << 20)),  # a decompression bomb
    entry(0, body(1, 4, None, b"\x28\xb5\x2f\xfd" + b"\x00" * 8)),  # zstd on magic 1
    entry(0, struct.pack(">bb", 2, 0) + blob(None) + blob(b"x")),  # magic 2 in a message
], ids=["nested", "inner-magic", "null-wrapper", "garbage", "stray", "bomb", "zstd", "magic2"])
def test_bad_entries_decline_natively_and_fail_alike(data: bytes) -> None:
    # the codecs' own errors pass through as they are (the Python path then places them)
    with pytest.raises((native().Fallback, KFormatError)):
        native().parse(set_plan(), data, 0, True, LIMIT)
    found = batches_on("native", data, decompression_limit=LIMIT)
    assert found[0] == "error"
    assert found == batches_on("python", data, decompression_limit=LIMIT)


def test_deep_nesting_raises_the_limit_error_on_both_engines() -> None:
    data = inner_set(1, [(0, b"x")])
    for _ in range(50):
        data = wrapper(data, codec=1)
    found = batches_on("native", data)
    assert found[1] is kformat.errors.LimitExceededError
    assert found == batches_on("python", data)


# --------------------------------------------------------------------------- bad values


def message(magic: int = 1, attributes: int = 0, **changes: Any) -> dict[str, Any]:
    value = {"magic": magic, "attributes": attributes, "timestamp": 5 if magic else None,
             "key": None, "value": b"v", "messages": None}
    return {**value, **changes}


BAD_ENTRIES = [
    [{"offset": 0, "message": message(attributes=0x10)}],  # an unused bit on magic 1
    [{"offset": 0, "message": message(magic=0, attributes=0x08)}],  # bit 3 on magic 0
    [{"offset": 0, "message": message(magic=2)}],
    [{"offset": 0, "message": message(magic=True)}],
    [{"offset": 0, "message": message(attributes=4)}],  # zstd
    [{"offset": 0, "message": message(messages=[])}],  # inner messages without a codec
    [{"offset": 0, "message": message(attributes=1, value=None, messages="x")}],
    [{"offset": 0, "message": message(attributes=1, value=None, messages=[
        {"offset": 0, "message": message(magic=0, timestamp=None)}])}],  # inner magic differs
    [{"offset": 0, "message": message(attributes=1, value=None, messages=[
        {"offset": 0, "message": message(attributes=2, value=None, messages=[])}])}],
    [{"offset": 0, "message": {k: v for k, v in message().items() if k != "timestamp"}}],
]


@pytest.mark.parametrize("entries", BAD_ENTRIES, ids=[str(i) for i in range(len(BAD_ENTRIES))])
def test_bad_values_decline_natively_and_fail_alike(entries: list[Any]) -> None:
    with pytest.raises(native().Fallback):
        native().build(set_plan(), entries)
    found = []
    for name in ("native", "python"):
        with engine.using(name), pytest.raises(EncodeError) as err:
            legacy._set_grammar().build(entries)
        found.append((err.value.path, err.value.reason))
    assert found[0] == found[1]


def test_good_values_build_natively() -> None:
    """A magic 0 message ignores a timestamp; a wrapper built from its inner messages."""
    plain = [{"offset": 7, "message": message(magic=0, timestamp=123)}]
    with engine.using("python"):
        assert native().build(set_plan(), plain) == legacy._set_grammar().build(plain)
    records = [Record(offset=4 + i, timestamp=10 + i, key=b"k", value=b"%d" % i)
               for i in range(3)]
    for magic in (0, 1):
        for codec in (1, 2, 3):
            batch = Batch(magic=magic, codec=codec, records=records)
            with engine.using("python"):
                expected = kformat.build_batch(batch)
            entries = [legacy._wrapper_entry(batch)]
            assert native().build(set_plan(), entries) == expected
            assert batches_on("native", expected) == batches_on("python", expected)


def test_the_records_api_reads_and_writes_legacy_sets_natively(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """parse_batches / build_batch (and so the segment readers and Spark, which read through
    them) run magic 0/1 entries on the native engine: no Python parse or build runs."""
    import kformat.primitives.fast as fast

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("left the native engine")

    for grammar in (legacy._entry_grammar(), legacy._set_grammar()):
        monkeypatch.setattr(grammar, "_parsefunc", refuse)
        monkeypatch.setattr(grammar, "_buildfunc", refuse)
    monkeypatch.setattr(fast, "parse_interpreted", refuse)
    monkeypatch.setattr(fast, "build_interpreted", refuse)
    rng = random.Random(3)
    with engine.using("native"):
        for magic in (0, 1):
            for codec in (0, 1, 2, 3):
                records = [Record(offset=100 + i, timestamp=rng.randrange(1 << 40) if magic
                                  else -1, key=rng.randbytes(3), value=rng.randbytes(9))
                           for i in range(1 if not codec else 4)]
                batch = Batch(magic=magic, codec=codec, records=records)
                data = kformat.build_batch(batch)
                (parsed,) = kformat.parse_batches(data)
                assert [(r.offset, r.timestamp, r.key, r.value) for r in parsed.records] == [
                    (r.offset, r.timestamp, r.key, r.value) for r in records]
                assert kformat.build_batch(parsed) == data
                parsed.records[0] = parsed.records[0].replace(value=b"changed")
                kformat.build_batch(parsed)  # a changed wrapper is recompressed natively


def test_to_arrow_and_segments_read_mixed_magic_data_natively(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The columnar kernel (its magic 0/1 batches go through the records layer) and the
    segment readers parse legacy entries on the native engine: no Python parse of them."""
    pytest.importorskip("pyarrow")
    import kformat.primitives.fast as fast
    from kformat.records import to_arrow

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("left the native engine")

    grammar = legacy._entry_grammar()
    monkeypatch.setattr(grammar, "_parsefunc", refuse)
    monkeypatch.setattr(fast, "parse_interpreted", refuse)
    records = [Record(key=b"k%d" % i, value=b"v%d" % i, timestamp=10 + i) for i in range(3)]
    with engine.using("python"):
        parts = [kformat.build_batch(kformat.make_batch(records, base_offset=0)),
                 kformat.build_batch(Batch(magic=1, codec=1, records=[
                     r.replace(offset=3 + i) for i, r in enumerate(records)])),
                 kformat.build_batch(Batch(magic=0, codec=0, records=[
                     records[0].replace(offset=6, timestamp=-1)]))]
    data = b"".join(parts)
    with engine.using("native"):
        table = to_arrow(data)
        batches = kformat.parse_batches(data)
    assert table.column("offset").to_pylist() == list(range(7))
    assert [b.magic for b in batches] == [2, 1, 0]


# --------------------------------------------------------------------------- records built in C

INT64 = (-(1 << 63), (1 << 63) - 1)


def _records_outcome(name: str, batch: Batch) -> tuple[Any, ...]:
    with engine.using(name):
        try:
            return ("value", kformat.build_batch(batch))
        except KFormatError as exc:
            return ("error", type(exc), exc.path, exc.reason)


def _numbers() -> st.SearchStrategy[int]:
    return st.one_of(st.integers(-3, 1 << 40), st.sampled_from([*INT64, INT64[0] - 1,
                                                                INT64[1] + 1]))


@st.composite
def _record_lists(draw: Any) -> list[Record]:
    blobs = st.one_of(st.none(), st.binary(max_size=40))
    count = draw(st.integers(0, 5))
    start = draw(_numbers())
    return [Record(offset=draw(st.one_of(st.just(start + i), _numbers())),
                   timestamp=draw(_numbers()), key=draw(blobs), value=draw(blobs),
                   headers=draw(st.sampled_from([(), (), (), (("h", b"x"),)])),
                   timestamp_type=draw(st.sampled_from([0, 0, 1, -1])),
                   attributes=draw(st.sampled_from([0, 0, 1, 8, 0x10, 0x80, 300, -1])))
            for i in range(count)]


@settings(max_examples=300, deadline=None)
@given(_record_lists(), st.sampled_from([0, 1]), st.sampled_from([1, 2, 3]),
       st.sampled_from([0, 1]))
def test_a_wrapper_of_records_builds_in_c_as_the_python_path_builds_it(
        records: list[Record], magic: int, codec: int, stamp_type: int) -> None:
    """The RECORD_SET node's build side (records written by the element's steps, no dicts):
    the bytes the dict path writes, byte for byte, or a decline (Fallback) exactly where the
    Python path raises; build_batch gives the same bytes or error on both engines."""
    batch = Batch(magic=magic, codec=codec, records=records, timestamp_type=stamp_type)
    python = _records_outcome("python", batch)
    assert _records_outcome("native", batch) == python
    try:
        entries = [legacy._wrapper_entry(batch, True)]
    except Exception:  # what build_batch would raise first (an int out of every range)
        assert python[0] == "error"
        return
    if python[0] == "value":
        assert native().build(legacy._records_set_plan(), entries) == python[1]
    else:
        with pytest.raises(native().Fallback):
            native().build(legacy._records_set_plan(), entries)


def test_records_with_headers_are_refused_with_their_path() -> None:
    records = [Record(offset=1, value=b"a"), Record(offset=2, value=b"b", headers=[("h", None)])]
    batch = Batch(magic=1, codec=2, records=records)
    with pytest.raises(native().Fallback):
        native().build(legacy._records_set_plan(), [legacy._wrapper_entry(batch, True)])
    found = _records_outcome("native", batch)
    assert found == _records_outcome("python", batch)
    assert found[:3] == ("error", EncodeError, "records[1].headers")


def test_a_wrapper_of_records_is_written_in_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """build_batch of a compressed magic 0/1 batch makes no inner dicts (the records go to
    the RECORD_SET node as they are) and gives the Python path's bytes."""
    records = [Record(offset=10 + i, timestamp=5 + i, key=b"k%d" % i, value=b"v" * i)
               for i in range(20)]
    for magic in (0, 1):
        batch = Batch(magic=magic, codec=2, records=records)
        with engine.using("python"):
            expected = kformat.build_batch(batch)
        with monkeypatch.context() as patch, engine.using("native"):
            patch.setattr(legacy, "_message", lambda *a, inner=False, **k: pytest.fail(
                "an inner message dict was made") if inner else _MESSAGE(*a, **k))
            assert kformat.build_batch(batch) == expected


_MESSAGE = legacy._message


@settings(max_examples=300, deadline=None)
@given(_record_lists(), st.sampled_from([0, 1]))
def test_plain_messages_of_records_build_in_c_as_the_python_path_builds_them(
        records: list[Record], magic: int) -> None:
    """An uncompressed batch, a message per record written by the entry plan's steps
    (``_native.legacy_messages``; the attributes by LegacyRecordShape.message_attributes):
    the dict path's bytes, or a decline exactly where the Python path raises."""
    batch = Batch(magic=magic, codec=0, records=records)
    python = _records_outcome("python", batch)
    assert _records_outcome("native", batch) == python
    entry = legacy._records_set_plan()[1]
    if python[0] == "value":
        assert native().legacy_messages(entry, records, magic) == python[1]
    elif records:
        with pytest.raises(native().Fallback):
            native().legacy_messages(entry, records, magic)


def test_plain_messages_of_records_are_written_in_c(monkeypatch: pytest.MonkeyPatch) -> None:
    records = [Record(offset=10 + i, timestamp=5 + i, key=b"k%d" % i, value=b"v" * i,
                      timestamp_type=i % 2, attributes=i % 3) for i in range(20)]
    for magic in (0, 1):
        batch = Batch(magic=magic, codec=0, records=records)
        with engine.using("python"):
            expected = kformat.build_batch(batch)
        with monkeypatch.context() as patch, engine.using("native"):
            patch.setattr(legacy, "_plain_entries", lambda batch: pytest.fail("dicts made"))
            assert kformat.build_batch(batch) == expected
        assert [(r.offset, r.timestamp_type) for r in kformat.parse_batches(expected)[1].records] \
            == [(11, 1 if magic else 0)]


# --------------------------------------------------------------------------- runs of entries in C


def _run(data: bytes, verify: bool = True, limit: int = LIMIT) -> list[Batch]:
    return legacy.parse_legacy_run(memoryview(data), 0, verify_crc=verify, limit=limit,
                                   max_batch_size=1 << 30)


def _python_batches(data: bytes, **options: Any) -> list[Batch]:
    with engine.using("python"):
        return list(kformat.parse_batches(data, **options))


def _same_batches(found: list[Batch], expected: list[Batch]) -> None:
    """Equal as values, and alike in what equality does not see: the records, the wrapper
    kept for a rebuild, the fields' order and their types (enum members)."""
    assert found == expected
    for a, b in zip(found, expected, strict=True):
        assert type(a) is Batch and list(vars(a)) == list(vars(b))
        assert a.records == b.records and getattr(a, "wire", None) == getattr(b, "wire", None)
        assert type(a.codec) is type(b.codec) and type(a.timestamp_type) is type(b.timestamp_type)
        assert [type(getattr(a, f)) for f in vars(b)] == [type(getattr(b, f)) for f in vars(b)]


@settings(max_examples=200, deadline=None)
@given(ks.legacy_message_sets(), st.booleans())
def test_a_run_of_entries_reads_in_c_as_the_python_path_reads_it(data: bytes,
                                                                  verify: bool) -> None:
    """``_native.legacy_batches`` reads every entry of a valid set (no decline) into the
    batches ``parse_legacy_entry`` makes, byte-exact rebuilds included."""
    found = _run(data, verify)
    assert sum(b.size for b in found) == len(data)
    _same_batches(found, _python_batches(data, verify_crc=verify))
    for batch in found:
        assert kformat.build_batch(batch) == data[batch.position:batch.position + batch.size]


def test_a_run_stops_at_the_first_entry_it_leaves_to_the_python_path() -> None:
    """Magic 2, a corrupt entry, a cut-short one: the run ends before it, and parse_batches
    reads on (or fails) exactly as the Python path does."""
    v2 = kformat.build_batch(kformat.make_batch([Record(key=b"k", value=b"v")]))
    bad = bytearray(V0_PLAIN)
    bad[-1] ^= 1  # the CRC no longer matches
    for tail, stop in ((v2 + V0_PLAIN, 2), (bytes(bad) + V0_PLAIN, 2), (V0_PLAIN[:-1], 2),
                       (b"", 3)):
        data = V0_PLAIN + V1_SNAPPY + V0_LZ4[:len(V0_LZ4) * (stop == 3)] + tail
        found = _run(data)
        assert [b.position for b in found] == [0, len(V0_PLAIN), len(V0_PLAIN + V1_SNAPPY)][:stop]
        for options in ({}, {"verify_crc": False}, {"strict": True}):
            assert batches_on("native", data, **options) == batches_on("python", data, **options)


def test_runs_between_magic_2_batches_keep_their_positions() -> None:
    v2 = kformat.build_batch(kformat.make_batch([Record(key=b"k", value=b"v")]))
    data = v2 + V0_PLAIN + V1_SNAPPY + v2 + V0_LZ4 + v2
    with engine.using("native"):
        batches = kformat.parse_batches(data)
        iterated = list(kformat.iter_batches(data))
    _same_batches(list(batches), _python_batches(data))
    _same_batches(iterated, _python_batches(data))
    assert [b.magic for b in batches] == [2, 0, 1, 2, 0, 2]


def test_batches_of_a_run_are_tracked_their_fields_and_records_are_not() -> None:
    """The batch stays tracked by the cyclic GC (a cycle through its attributes is
    collected, whether the dict is tracked again, 3.11 and 3.12, or the value is stored
    inline, 3.13); its field dict and its records list hold atomic values only and are not."""
    import gc
    import weakref

    (batch, wrapper) = _run(V0_PLAIN + V1_SNAPPY)
    for b in (batch, wrapper):
        assert gc.is_tracked(b) and not gc.is_tracked(vars(b))
        assert not gc.is_tracked(b.records)
    gone = weakref.ref(wrapper)
    wrapper.note = [wrapper]
    del batch, wrapper, b
    gc.collect()
    assert gone() is None


def test_corrupted_runs_give_the_same_batches_or_error() -> None:
    """Runs of entries with one to three bytes overwritten anywhere (the frames, a length, a
    CRC, a wrapper's payload), some also cut short: the run read in C ends where it must,
    and parse_batches gives the Python path's batches, truncated tail or error."""
    run = V0_PLAIN + V1_SNAPPY + V0_PLAIN + V0_LZ4 + V0_PLAIN
    rng = random.Random("runs")
    for _ in range(400):
        data = bytes(corrupted(run, rng))
        if rng.random() < 0.3:
            data = data[:rng.randrange(len(data))]
        for options in ({}, {"verify_crc": False}, {"strict": True}):
            assert batches_on("native", data, **options) == batches_on(
                "python", data, **options), (data.hex(), options)


@pytest.mark.parametrize("bad", [0, 31, 32, 39])
def test_an_inner_crc_mismatch_anywhere_in_a_large_set_fails_alike(bad: int) -> None:
    """The inner CRCs are checked in runs after their messages are read: a mismatch in any
    run (the first, the last full one, the partial last) still fails the entry, natively
    (nothing read in C) and with the Python path's error; unchecked, it reads."""
    items = [entry(i, body(1, 0, None, b"v%d" % i, 7)) for i in range(40)]
    damaged = bytearray(items[bad])
    damaged[-1] ^= 0xFF  # the value's last byte: the stored CRC no longer matches
    items[bad] = bytes(damaged)
    data = wrapper(b"".join(items), codec=2, offset=39)
    assert _run(data) == []
    found = batches_on("native", data)
    assert found[0] == "error" and found[1] is kformat.errors.CorruptRecordError
    assert found == batches_on("python", data)
    assert len(_run(data, verify=False)) == 1
    assert batches_on("native", data, verify_crc=False) == batches_on("python", data,
                                                                      verify_crc=False)


def test_a_run_holds_at_most_its_share_of_a_large_buffer() -> None:
    """An iterator over a large buffer reads ahead at most RUN_ENTRIES entries, none starting
    RUN_BYTES past the first (then the next run), and returns every batch in order."""
    many = V0_PLAIN * (legacy.RUN_ENTRIES + 500)
    assert len(_run(many)) == legacy.RUN_ENTRIES
    big = entry(1, body(0, 0, None, b"x" * (300 << 10)))
    large = big * 5
    assert len(_run(large)) == -(-legacy.RUN_BYTES // len(big))
    for data, one in ((many, V0_PLAIN), (large, big)):
        with engine.using("native"):
            iterator = kformat.iter_batches(data)
            next(iterator)
            assert len(iterator._ahead) < legacy.RUN_ENTRIES
            assert len(list(iterator)) + 1 == len(data) // len(one)
            batches = list(kformat.parse_batches(data))
        _same_batches(batches, _python_batches(data))
