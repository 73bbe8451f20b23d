"""Hypothesis properties of the primitives, on the interpreted and the compiled path.

For every primitive and a few nested grammars (KStruct, KArray, TaggedFields, Presence,
KPrefixed, KGreedy, counts from earlier fields):

* build -> parse returns the value, and parse -> build returns the bytes;
* the interpreter and the compiled code (without its interpreter fallback) agree on parsed
  values and built bytes, and fail on the same inputs;
* random and mutated bytes raise only :class:`~kformat.errors.DecodeError` subclasses, never a
  foreign exception, with an offset inside the buffer;
* junk values raise only :class:`~kformat.errors.EncodeError` on build.

The strategies here are small and local; grammar-derived strategies live in a later layer.
"""

from __future__ import annotations

import uuid
from io import BytesIO
from typing import Any

import pytest
from construct import this
from hypothesis import given
from hypothesis import strategies as st

from kformat.errors import DecodeError, EncodeError, KFormatError
from kformat.primitives import (
    BYTES,
    COMPACT_BYTES,
    COMPACT_NULLABLE_BYTES,
    COMPACT_NULLABLE_STRING,
    COMPACT_STRING,
    NULLABLE_BYTES,
    NULLABLE_STRING,
    STRING,
    UNKNOWN_TAGS,
    VARINT_BYTES,
    VARINT_NULLABLE_BYTES,
    VARINT_STRING,
    Boolean,
    Float64,
    Int8,
    Int16,
    Int32,
    Int64,
    KArray,
    KGreedy,
    KPrefixed,
    KStruct,
    Presence,
    TaggedField,
    TaggedFields,
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
from tests.helpers import assert_same, compiled, compiled_build, same

# ----------------------------------------------------------------------------- strategies


def ints(bits: int, signed: bool = True) -> st.SearchStrategy[int]:
    if signed:
        return st.integers(-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    return st.integers(0, (1 << bits) - 1)


# short values, and values around 64 bytes, where VARINT lengths take a second byte
text = st.text(max_size=20) | st.text(min_size=60, max_size=70)
blob = st.binary(max_size=20) | st.binary(min_size=60, max_size=70)

PRIMITIVES: dict[str, tuple[Any, st.SearchStrategy[Any]]] = {
    "Int8": (Int8, ints(8)),
    "Int16": (Int16, ints(16)),
    "Int32": (Int32, ints(32)),
    "Int64": (Int64, ints(64)),
    "UInt8": (UInt8, ints(8, signed=False)),
    "UInt16": (UInt16, ints(16, signed=False)),
    "UInt32": (UInt32, ints(32, signed=False)),
    "VarInt": (VarInt, ints(32)),
    "VarLong": (VarLong, ints(64)),
    "UnsignedVarInt": (UnsignedVarInt, ints(32, signed=False)),
    "Float64": (Float64, st.floats()),
    "Boolean": (Boolean, st.booleans()),
    "Uuid": (Uuid, st.uuids(allow_nil=True)),
    "STRING": (STRING, text),
    "NULLABLE_STRING": (NULLABLE_STRING, st.none() | text),
    "COMPACT_STRING": (COMPACT_STRING, text),
    "COMPACT_NULLABLE_STRING": (COMPACT_NULLABLE_STRING, st.none() | text),
    "VARINT_STRING": (VARINT_STRING, text),
    "BYTES": (BYTES, blob),
    "NULLABLE_BYTES": (NULLABLE_BYTES, st.none() | blob),
    "COMPACT_BYTES": (COMPACT_BYTES, blob),
    "COMPACT_NULLABLE_BYTES": (COMPACT_NULLABLE_BYTES, st.none() | blob),
    "VARINT_BYTES": (VARINT_BYTES, blob),
    "VARINT_NULLABLE_BYTES": (VARINT_NULLABLE_BYTES, st.none() | blob),
}


def unknown_tags(known: set[int]) -> st.SearchStrategy[dict[int, bytes]]:
    tags = st.one_of(st.integers(0, 40), st.integers(0, 2**32 - 1)).filter(
        lambda t: t not in known)
    return st.dictionaries(tags, st.binary(max_size=8), min_size=1, max_size=3)


def with_unknown(base: st.SearchStrategy[dict[str, Any]], known: set[int]) -> st.SearchStrategy:
    """Add ``_unknown_tags`` to some values (never empty: parse omits an empty one)."""
    extra = st.one_of(st.just({}), unknown_tags(known).map(lambda u: {UNKNOWN_TAGS: u}))
    return st.tuples(base, extra).map(lambda pair: {**pair[0], **pair[1]})


HEADER = KStruct("k" / VARINT_STRING, "v" / VARINT_NULLABLE_BYTES)
header = st.fixed_dictionaries({"k": text, "v": st.none() | blob})

ITEM = KStruct("x" / Int8, "h" / KArray(HEADER, "varint"), TaggedFields())
item = with_unknown(st.fixed_dictionaries({"x": ints(8), "h": st.lists(header, max_size=3)}),
                    set())

SUB = KStruct("w" / UInt16, TaggedFields())
sub = with_unknown(st.fixed_dictionaries({"w": ints(16, signed=False)}), set())

FLEX = KStruct(
    "id" / Int32,
    "name" / COMPACT_NULLABLE_STRING,
    "items" / KArray(ITEM, "compact", nullable=True),
    "maybe" / Presence(KStruct("y" / VarLong, "u" / Uuid)),
    "flag" / Boolean,
    TaggedFields([
        TaggedField(0, "t0", Int32, 0),
        TaggedField(2, "t2", SUB, None),
        TaggedField(5, "t5", COMPACT_STRING, ""),
    ]),
)
flex = with_unknown(st.fixed_dictionaries({
    "id": ints(32),
    "name": st.none() | text,
    "items": st.none() | st.lists(item, max_size=3),
    "maybe": st.none() | st.fixed_dictionaries({"y": ints(64), "u": st.uuids()}),
    "flag": st.booleans(),
    "t0": ints(32),
    "t2": st.none() | sub,
    "t5": text,
}), {0, 2, 5})

RECORD = KPrefixed("varint", KStruct(
    "attributes" / Int8,
    "delta" / VarLong,
    "key" / VARINT_NULLABLE_BYTES,
    "headers" / KArray(HEADER, "varint"),
))
record = st.fixed_dictionaries({
    "attributes": ints(8),
    "delta": ints(64),
    "key": st.none() | blob,
    "headers": st.lists(header, max_size=3),
})

BATCH = KStruct(
    "n" / Int32,
    "records" / KArray(RECORD, None, count=this.n),
    "tail" / KPrefixed("int32", KGreedy(Int16)),
    "f" / Float64,
)
batch = st.tuples(st.lists(record, max_size=4), st.lists(ints(16), max_size=4),
                  st.floats()).map(
    lambda t: {"n": len(t[0]), "records": t[0], "tail": t[1], "f": t[2]})

NUMBERS = KStruct(
    "a" / Int8, "b" / Int16, "c" / UInt32, "d" / Int64, "f" / Float64, "g" / UInt8,
    "xs" / KArray(Int32, "compact", nullable=True),
    "ys" / KArray(Int64),
    "zs" / KArray(Float64, "varint"),
    "us" / KArray(UInt16, nullable=True),
    "e" / Boolean,
    "h" / Int16,
    TaggedFields(),
)
numbers = with_unknown(st.fixed_dictionaries({
    "a": ints(8), "b": ints(16), "c": ints(32, signed=False), "d": ints(64), "f": st.floats(),
    "g": ints(8, signed=False),
    "xs": st.none() | st.lists(ints(32), max_size=40),  # 32+ elements take another path
    "ys": st.lists(ints(64), max_size=40),
    "zs": st.lists(st.floats(), max_size=6),
    "us": st.none() | st.lists(ints(16, signed=False), max_size=40),
    "e": st.booleans(),
    "h": ints(16),
}), set())

NESTED: dict[str, tuple[Any, st.SearchStrategy[Any]]] = {
    "numbers": (NUMBERS, numbers),
    "flex": (FLEX, flex),
    "batch": (BATCH, batch),
    "record": (RECORD, record),
    "items": (KArray(ITEM, "compact"), st.lists(item, max_size=3)),
    "presence": (Presence(SUB), st.none() | sub),
    "tagged": (TaggedFields([TaggedField(1, "a", VarInt, 0)]),
               with_unknown(st.fixed_dictionaries({"a": ints(32)}), {1})),
    "greedy": (KGreedy(KStruct("a" / Int8, "b" / COMPACT_NULLABLE_BYTES)),
               st.lists(st.fixed_dictionaries({"a": ints(8), "b": st.none() | blob}),
                        max_size=4)),
}

ALL = {**PRIMITIVES, **NESTED}
NAMES = sorted(ALL)

CANONICAL = ["Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "Uuid", "STRING",
             "NULLABLE_STRING", "BYTES", "NULLABLE_BYTES"]
"""Grammars with exactly one encoding per value: parse -> build returns ANY parsed bytes."""

# ----------------------------------------------------------------------------- checks


def parse_outcome(grammar: Any, data: bytes) -> tuple[str, Any]:
    """Interpreted parse; only a DecodeError may come out, with no foreign cause."""
    try:
        return "ok", parse_interpreted(grammar, data)
    except KFormatError as err:
        assert isinstance(err, DecodeError), repr(err)
        assert err.__cause__ is None, f"wrapped a foreign exception: {err.__cause__!r}"
        assert isinstance(err.path, str)
        assert err.offset is not None and 0 <= err.offset <= len(data), err
        return "error", err


def pure_compiled_outcome(grammar: Any, data: bytes) -> tuple[str, Any]:
    """The compiled code alone; any failure (or inexact consumption) counts as an error."""
    stream = BytesIO(data)
    try:
        value = compiled(grammar).parse_stream(stream)
    except Exception as exc:
        return "error", exc
    if stream.tell() != len(data):
        return "error", None
    return "ok", value


def check_parse(grammar: Any, data: bytes) -> tuple[str, Any]:
    """Both paths agree on ``data``: the same value, or an error on both with the same details."""
    kind, result = parse_outcome(grammar, data)
    fast_kind, fast_result = pure_compiled_outcome(grammar, data)
    assert fast_kind == kind, f"interpreted {kind} {result!r}, compiled {fast_kind} {fast_result!r}"
    try:
        public = compiled(grammar).parse(data)
    except KFormatError as err:
        assert kind == "error", f"CompiledGrammar.parse raised {err!r}"
        assert (type(err), err.path, err.offset) == (type(result), result.path, result.offset)
        return kind, result
    assert kind == "ok", f"CompiledGrammar.parse returned {public!r}, interpreter raised {result!r}"
    assert_same(fast_result, result, "compiled parse")
    assert_same(public, result, "CompiledGrammar.parse")
    return kind, result


def check_build(grammar: Any, value: Any) -> bytes:
    data = build_interpreted(grammar, value)
    assert compiled_build(grammar, value) == data, "compiled build"
    assert compiled(grammar).build(value) == data, "CompiledGrammar.build"
    return data


# ----------------------------------------------------------------------------- properties


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_build_then_parse_returns_the_value(name, data):
    grammar, values = ALL[name]
    value = data.draw(values, label="value")
    encoded = check_build(grammar, value)
    kind, parsed = check_parse(grammar, encoded)
    assert kind == "ok", parsed
    assert_same(parsed, value)
    assert check_build(grammar, parsed) == encoded  # parse -> build returns the bytes


@pytest.mark.parametrize("name", CANONICAL)
@given(data=st.data())
def test_parse_then_build_returns_any_parsed_bytes(name, data):
    grammar, _ = ALL[name]
    raw = data.draw(st.binary(max_size=40), label="raw")
    kind, value = check_parse(grammar, raw)
    if kind == "ok":
        assert check_build(grammar, value) == raw


@pytest.mark.parametrize("name", NAMES)
@given(raw=st.binary(max_size=64))
def test_random_bytes_raise_only_decode_errors(name, raw):
    grammar, _ = ALL[name]
    kind, value = check_parse(grammar, raw)
    if kind == "ok":  # a non-canonical encoding still normalises to a fixed point
        rebuilt = check_build(grammar, value)
        again_kind, again = check_parse(grammar, rebuilt)
        assert again_kind == "ok"
        assert_same(again, value)
        assert check_build(grammar, again) == rebuilt


@st.composite
def mutated(draw: Any, values: st.SearchStrategy[Any], grammar: Any) -> bytes:
    """A valid encoding with a few bytes overwritten, inserted, deleted or cut off."""
    data = bytearray(build_interpreted(grammar, draw(values)))
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["set", "insert", "delete", "cut"]))
        at = draw(st.integers(0, len(data)))
        if op == "set" and at < len(data):
            data[at] = draw(st.sampled_from([0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF])
                            | st.integers(0, 255))
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=5))
        elif op == "delete" and at < len(data):
            del data[at]
        elif op == "cut":
            del data[at:]
    return bytes(data)


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_mutated_encodings_raise_only_decode_errors(name, data):
    grammar, values = ALL[name]
    raw = data.draw(mutated(values, grammar), label="mutated")
    kind, value = check_parse(grammar, raw)
    if kind == "ok":
        rebuilt = check_build(grammar, value)
        assert_same(check_parse(grammar, rebuilt)[1], value)


FIELD_NAMES = ["xs", "ys", "zs", "us", "c", "d", "e", "g", "id", "name", "items", "maybe", "flag", "t0", "t2", "t5", "x", "h", "k", "v",
               "y", "u", "w", "n", "records", "tail", "f", "attributes", "delta", "key",
               "headers", "a", "b", UNKNOWN_TAGS]

junk_leaf = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-(2**70), 2**70), st.floats(),
    text, blob, st.uuids(), st.just(float("nan")),
)
junk = st.recursive(
    junk_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(FIELD_NAMES) | st.integers(-1, 6), inner, max_size=8),
    ),
    max_leaves=12,
)


@st.composite
def damaged(draw: Any, values: st.SearchStrategy[Any]) -> Any:
    """A valid value with one part replaced by junk."""
    value = draw(values)
    if not isinstance(value, dict | list) or not value or draw(st.booleans()):
        return draw(junk)
    node = value
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, dict | list) and child and draw(st.booleans()):
            node = child
            continue
        if draw(st.booleans()) and isinstance(node, dict):
            del node[key]
        else:
            node[key] = draw(junk)
        return value


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_junk_values_raise_only_encode_errors(name, data):
    grammar, values = ALL[name]
    value = data.draw(damaged(values), label="value")
    try:
        expected = build_interpreted(grammar, value)
    except KFormatError as err:
        assert type(err) is EncodeError, repr(err)
        assert err.__cause__ is None, f"wrapped a foreign exception: {err.__cause__!r}"
        try:
            fast = compiled_build(grammar, value)
        except Exception:
            fast = None
        assert fast is None, f"compiled build accepted what the interpreter refused: {fast!r}"
        with pytest.raises(EncodeError) as info:
            compiled(grammar).build(value)
        assert info.value.path == err.path
        return
    assert compiled_build(grammar, value) == expected
    assert compiled(grammar).build(value) == expected
    # whatever was accepted must parse back to something that builds the same bytes
    kind, parsed = check_parse(grammar, expected)
    assert kind == "ok", parsed
    assert check_build(grammar, parsed) == expected


# ----------------------------------------------------------------------------- specifics


@given(st.integers(-(2**31), 2**31 - 1))
def test_varint_is_zigzag_of_unsigned_varint(n):
    zigzag = ((n << 1) ^ (n >> 31)) & 0xFFFFFFFF
    assert check_build(VarInt, n) == check_build(UnsignedVarInt, zigzag)
    assert len(check_build(VarInt, n)) <= 5


@given(st.integers(-(2**63), 2**63 - 1))
def test_varlong_fits_ten_bytes_and_agrees_with_varint(n):
    data = check_build(VarLong, n)
    assert len(data) <= 10
    if -(2**31) <= n < 2**31:
        assert data == check_build(VarInt, n)


@given(st.binary(min_size=8, max_size=8))
def test_float64_reads_every_bit_pattern(raw):
    kind, value = check_parse(Float64, raw)
    assert kind == "ok"
    rebuilt = check_build(Float64, value)
    assert rebuilt == raw or (value != value and rebuilt == bytes.fromhex("7ff8000000000000"))


@given(st.binary(min_size=1, max_size=1))
def test_boolean_reads_every_byte(raw):
    assert check_parse(Boolean, raw) == ("ok", raw != b"\x00")


@given(st.uuids(allow_nil=True))
def test_uuid_is_big_endian(value):
    assert check_build(Uuid, value) == value.bytes
    assert uuid.UUID(bytes=value.bytes) == value


@given(st.lists(st.integers(0, 300), max_size=6, unique=True), st.data())
def test_tags_written_ascending_whatever_the_dict_order(tags, data):
    grammar = TaggedFields()
    shuffled = data.draw(st.permutations(tags))
    value = {UNKNOWN_TAGS: {t: bytes([t % 256]) for t in shuffled}} if tags else {}
    encoded = check_build(grammar, value)
    kind, parsed = check_parse(grammar, encoded)
    assert kind == "ok"
    assert list(parsed.get(UNKNOWN_TAGS, {})) == sorted(tags)
    assert same(parsed, value)
