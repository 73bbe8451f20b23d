"""Length-prefixed regions holding every kind of block, on both paths.

The region below holds every primitive, a run of fixed-width numbers, a context-only field,
prefixed and nullable arrays, a presence marker and a nested region. The properties of
``test_properties`` (interpreter and compiled code agree on values, bytes and failures) run
over it, alone and as a counted array, and the edge cases of the readers and writers (long
and overlong varints, unusual value types, tuple struct values, sequences as arrays,
factories) are checked on both paths.
"""

from __future__ import annotations

import enum
from io import BytesIO
from typing import Any

import pytest
from construct import this
from hypothesis import given
from hypothesis import strategies as st

from kformat.errors import EncodeError, GrammarError, InvalidValueError, TruncatedError
from kformat.primitives import (
    BYTES,
    COMPACT_NULLABLE_BYTES,
    COMPACT_NULLABLE_STRING,
    COMPACT_STRING,
    NULLABLE_STRING,
    STRING,
    VARINT_BYTES,
    VARINT_NULLABLE_BYTES,
    VARINT_STRING,
    Boolean,
    CompiledGrammar,
    Float64,
    Int8,
    Int16,
    Int32,
    Int64,
    KArray,
    KPrefixed,
    KStruct,
    Presence,
    UInt8,
    UInt16,
    UInt32,
    UnsignedVarInt,
    Uuid,
    VarInt,
    VarLong,
    build_interpreted,
    parse_interpreted,
)
from tests.helpers import (
    assert_build_rejects,
    assert_rejects,
    assert_same,
    compiled,
    compiled_build,
    compiled_parse,
)
from tests.primitives.test_properties import (
    blob,
    check_build,
    check_parse,
    ints,
    mutated,
    text,
)


def H(hexstr: str) -> bytes:
    return bytes.fromhex(hexstr.replace(" ", ""))


PAIR = KStruct("k" / VARINT_STRING, "v" / VARINT_NULLABLE_BYTES)
pair = st.fixed_dictionaries({"k": text, "v": st.none() | blob})

INNER = KStruct("w" / UInt16, "s" / COMPACT_NULLABLE_STRING)
inner = st.fixed_dictionaries({"w": ints(16, signed=False), "s": st.none() | text})

WIDE = KPrefixed("varint", KStruct(
    "a" / Int8, "b" / Int16, "c" / Int32, "d" / Int64, "e" / UInt8, "f" / UInt16,
    "g" / UInt32, "h" / Float64,  # a run of fixed-width numbers: one unpack
    "flag" / Boolean,
    "id" / Uuid,
    "uv" / UnsignedVarInt,
    "vi" / VarInt,
    "vl" / VarLong,
    "_skip" / Int8,  # context-only: read, not in the value; required on build
    "s16" / STRING,
    "ns16" / NULLABLE_STRING,
    "cs" / COMPACT_STRING,
    "b32" / BYTES,
    "cb" / COMPACT_NULLABLE_BYTES,
    "vb" / VARINT_BYTES,
    "pairs" / KArray(PAIR, "varint"),
    "maybe" / KArray(INNER, "compact", nullable=True),
    "nums" / KArray(Int32, "compact", nullable=True),
    "floats" / KArray(Float64),
    "opt" / Presence(INNER),
    "sub" / KPrefixed("int32", INNER),
))
wide = st.fixed_dictionaries({
    "a": ints(8), "b": ints(16), "c": ints(32), "d": ints(64),
    "e": ints(8, signed=False), "f": ints(16, signed=False), "g": ints(32, signed=False),
    "h": st.floats(allow_nan=False), "flag": st.booleans(), "id": st.uuids(),
    "uv": ints(32, signed=False) | st.integers(0, 300),
    "vi": ints(32) | st.integers(-300, 300),
    "vl": ints(64) | st.integers(-300, 300),
    "_skip": st.just(0),  # parsing drops it: buildable() puts 0 back
    "s16": text, "ns16": st.none() | text, "cs": text, "b32": blob,
    "cb": st.none() | blob, "vb": blob,
    "pairs": st.lists(pair, max_size=3),
    "maybe": st.none() | st.lists(inner, max_size=3),
    "nums": st.none() | st.lists(ints(32), max_size=40),
    "floats": st.lists(st.floats(allow_nan=False), max_size=3),
    "opt": st.none() | inner,
    "sub": inner,
})

COUNTED = KStruct("n" / Int32, "items" / KArray(WIDE, None, count=this.n))
counted = st.lists(wide, max_size=3).map(lambda items: {"n": len(items), "items": items})

GRAMMARS = {"wide": (WIDE, wide), "counted": (COUNTED, counted)}


def public(value: dict[str, Any]) -> dict[str, Any]:
    """What parsing returns for a built ``wide`` value (context-only fields left out)."""
    return {k: v for k, v in value.items() if not k.startswith("_")}


# ----------------------------------------------------------------------------- properties


@pytest.mark.parametrize("name", sorted(GRAMMARS))
@given(data=st.data())
def test_round_trip_on_both_paths(name: str, data: st.DataObject) -> None:
    grammar, values = GRAMMARS[name]
    value = data.draw(values, label="value")
    encoded = check_build(grammar, value)
    kind, parsed = check_parse(grammar, encoded)
    assert kind == "ok", parsed
    expected = (public(value) if name == "wide"
                else {"n": value["n"], "items": [public(v) for v in value["items"]]})
    assert_same(parsed, expected)
    assert check_build(grammar, buildable(name, parsed)) == encoded


def buildable(name: str, value: dict[str, Any]) -> dict[str, Any]:
    """A parsed value with the context-only field back (build requires it)."""
    if name == "wide":
        return value | {"_skip": 0}
    return {"n": value["n"], "items": [v | {"_skip": 0} for v in value["items"]]}


@pytest.mark.parametrize("name", sorted(GRAMMARS))
@given(data=st.data())
def test_mutated_regions_fail_alike(name: str, data: st.DataObject) -> None:
    grammar, values = GRAMMARS[name]
    raw = data.draw(mutated(values, grammar), label="mutated")
    kind, value = check_parse(grammar, raw)
    if kind == "ok":  # a non-canonical encoding still builds alike on both paths
        check_build(grammar, buildable(name, value))


@given(raw=st.binary(max_size=80))
def test_random_regions_fail_alike(raw: bytes) -> None:
    check_parse(WIDE, raw)


# ----------------------------------------------------------------------------- edge cases

RECORD = KPrefixed("varint", KStruct("ts" / VarLong, "n" / UnsignedVarInt,
                                     "key" / VARINT_NULLABLE_BYTES))


@pytest.mark.parametrize(("data", "value"), [
    (H("06 02 01 01"), {"ts": 1, "n": 1, "key": None}),
    (H("08 a01f 7f 01"), {"ts": 2000, "n": 127, "key": None}),  # two bytes
    (H("0a 808001 01 00"), {"ts": 8192, "n": 1, "key": b""}),  # three bytes
    (H("08 8200 01 01"), {"ts": 1, "n": 1, "key": None}),  # overlong, as the interpreter reads it
    (H("16 8180808000 ffffffff0f 01"), {"ts": -1, "n": 2**32 - 1, "key": None}),  # five bytes
])
def test_long_and_overlong_varints(data: bytes, value: dict[str, Any]) -> None:
    for parse in (parse_interpreted, compiled_parse, lambda g, d: compiled(g).parse(d)):
        assert parse(RECORD, data) == value


def test_region_errors_come_from_the_interpreter() -> None:
    assert_rejects(RECORD, H("06 02 01 03"), InvalidValueError, path="key", offset=3)
    assert_rejects(RECORD, H("06 02 01"), TruncatedError, path="", offset=0)  # region cut
    assert_rejects(RECORD, H("06 02 01 04 61"), TruncatedError, path="key", offset=4)  # overrun
    assert_rejects(RECORD, H("08 02 01 01 00"), InvalidValueError, path="", offset=4)


class Small(enum.IntEnum):
    ONE = 1


class Text(str):
    pass


@pytest.mark.parametrize("value", [
    {"ts": Small.ONE, "n": Small.ONE, "key": bytearray(b"ab")},
    {"ts": 1 << 40, "n": 1 << 20, "key": memoryview(b"abc")},
    {"ts": -(1 << 63), "n": 0, "key": b"x" * 9000},  # a three-byte length
])
def test_unusual_values_build_alike(value: dict[str, Any]) -> None:
    assert compiled_build(RECORD, value) == build_interpreted(RECORD, value)


def test_text_subclass_and_long_text() -> None:
    grammar = KPrefixed("varint", KStruct("s" / VARINT_STRING, "c" / COMPACT_STRING))
    for value in ({"s": Text("é"), "c": Text("x")}, {"s": "y" * 5000, "c": "z" * 20000}):
        assert compiled_build(grammar, value) == build_interpreted(grammar, value)


def test_struct_from_a_tuple_of_its_values() -> None:
    value = {"k": "key", "v": b"v"}
    data = build_interpreted(PAIR, value)
    for build in (build_interpreted, compiled_build, lambda g, v: compiled(g).build(v)):
        assert build(PAIR, ("key", b"v")) == data
        assert build(KArray(PAIR, "varint"), [("key", b"v"), value]) == H("04") + data * 2
    assert_build_rejects(PAIR, ("key",), EncodeError, path="", expected=2, actual=1)
    assert_build_rejects(PAIR, ["key", b"v"], EncodeError, path="")  # a list is an array
    # a struct with a context-only field cannot be given as a tuple
    assert_build_rejects(KStruct("_n" / Int8, "x" / Int8), (1, 2), EncodeError, path="")


def test_array_from_any_sequence() -> None:
    grammar = KArray(KStruct("x" / Int8), "compact")
    data = build_interpreted(grammar, [{"x": 0}, {"x": 1}])
    assert compiled_build(grammar, ((0,), (1,))) == data
    assert build_interpreted(KArray(Int8), range(3)) == H("00000003 000102")
    assert compiled_build(KArray(Int8), range(3)) == H("00000003 000102")
    for junk in ("ab", b"ab", memoryview(b"ab"), {"x": 1}):
        assert_build_rejects(grammar, junk, EncodeError, path="")


# ----------------------------------------------------------------------------- factories


def pair_object(k: str, v: bytes | None) -> tuple[str, str, bytes | None]:
    return ("pair", k, v)


FACTORY_GRAMMAR = KStruct("n" / Int8, "pairs" / KArray(PAIR, "varint"),
                          "inner" / KPrefixed("varint", INNER))


def test_factories_shape_parsed_values_on_both_paths() -> None:
    fast = CompiledGrammar(FACTORY_GRAMMAR, factories={PAIR: pair_object, INNER: tuple})
    value = {"n": 3, "pairs": [{"k": "a", "v": None}, {"k": "b", "v": b"x"}],
             "inner": {"w": 7, "s": "s"}}
    data = build_interpreted(FACTORY_GRAMMAR, value)
    expected = {"n": 3, "pairs": [("pair", "a", None), ("pair", "b", b"x")], "inner": (7, "s")}
    assert fast.parse(data) == expected
    assert fast.parse_stream(BytesIO(data)) == expected
    assert fast.parse_interpreted(data) == expected
    # the grammar itself, and its other compilations, are untouched
    assert compiled(FACTORY_GRAMMAR).parse(data) == value
    assert parse_interpreted(FACTORY_GRAMMAR, data) == value
    # a tuple factory's values build back
    assert fast.build({"n": 3, "pairs": [("a", None), ("b", b"x")], "inner": (7, "s")}) == data


def test_factories_apply_to_structs_only() -> None:
    with pytest.raises(GrammarError):
        CompiledGrammar(FACTORY_GRAMMAR, factories={Int8: tuple})
