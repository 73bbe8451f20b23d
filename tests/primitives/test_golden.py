"""Golden vectors for every encoding table of Kafka's protocol guide, "Protocol Primitive Types".

Each vector is checked with :func:`tests.helpers.assert_symmetric` on the interpreted and the
compiled path: parse(bytes) == value, build(value) == bytes, sizeof == len(bytes) when static.
Values that read but do not write back the same (non-zero booleans, NaN payloads, non-minimal
varints, explicit default tags) have their own one-way tables.
"""

from __future__ import annotations

import uuid

import pytest
from construct import Rebuild, len_, this

from kformat.errors import EncodeError
from kformat.primitives import (
    BYTES,
    COMPACT_BYTES,
    COMPACT_NULLABLE_BYTES,
    COMPACT_NULLABLE_STRING,
    COMPACT_STRING,
    DEFAULTS_ON_WIRE,
    NULLABLE_BYTES,
    NULLABLE_STRING,
    STRING,
    UNKNOWN_TAGS,
    VARINT_BYTES,
    VARINT_NULLABLE_BYTES,
    VARINT_STRING,
    Boolean,
    Flatten,
    Float64,
    Int8,
    Int16,
    Int32,
    Int64,
    KArray,
    KBytes,
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
from tests.helpers import assert_same, assert_symmetric, compiled, compiled_build, compiled_parse

H = bytes.fromhex


def one_way(grammar, data: bytes, value, canonical: bytes) -> None:
    """``data`` reads as ``value`` on both paths, and ``value`` writes ``canonical``."""
    assert_same(parse_interpreted(grammar, data), value, "interpreted parse")
    assert_same(compiled_parse(grammar, data), value, "compiled parse")
    assert_same(compiled(grammar).parse(data), value, "CompiledGrammar.parse")
    assert build_interpreted(grammar, value) == canonical
    assert compiled_build(grammar, value) == canonical
    assert compiled(grammar).build(value) == canonical


# ----------------------------------------------------------------------------- integers

FIXED = [
    # encoding examples (Kafka's protocol guide, "Protocol Primitive Types")
    (Int8, 0, "00"),
    (Int8, -1, "ff"),
    (Int8, 127, "7f"),
    (Int8, -128, "80"),
    (Int16, 256, "0100"),
    (Int16, -1, "ffff"),
    (Int32, 16909060, "01020304"),
    # range ends of every width
    (Int16, 32767, "7fff"),
    (Int16, -32768, "8000"),
    (Int32, 2147483647, "7fffffff"),
    (Int32, -2147483648, "80000000"),
    (Int32, -1, "ffffffff"),
    (Int64, 0, "0000000000000000"),
    (Int64, -1, "ffffffffffffffff"),
    (Int64, 9223372036854775807, "7fffffffffffffff"),
    (Int64, -9223372036854775808, "8000000000000000"),
    (Int64, 0x0102030405060708, "0102030405060708"),
    (UInt8, 255, "ff"),
    (UInt16, 0, "0000"),
    (UInt16, 65535, "ffff"),
    (UInt16, 258, "0102"),
    (UInt32, 0, "00000000"),
    (UInt32, 4294967295, "ffffffff"),
    (UInt32, 16909060, "01020304"),
]


@pytest.mark.parametrize(("grammar", "value", "hexdata"), FIXED,
                         ids=[f"{g!r}-{v}" for g, v, _ in FIXED])
def test_fixed_width_integers(grammar, value, hexdata):
    assert_symmetric(grammar, H(hexdata), value)


ZIGZAG = [
    # zig-zag transformation (Kafka's protocol guide; protobuf's ZigZag encoding)
    (0, 0),
    (-1, 1),
    (1, 2),
    (-2, 3),
    (2, 4),
    (2147483647, 4294967294),
    (-2147483648, 4294967295),
]


@pytest.mark.parametrize(("signed", "zigzag"), ZIGZAG)
def test_zigzag_table(signed, zigzag):
    """A VARINT is the UNSIGNED_VARINT of its zig-zag transform, byte for byte."""
    data = build_interpreted(UnsignedVarInt, zigzag)
    assert_symmetric(VarInt, data, signed)
    assert_symmetric(UnsignedVarInt, data, zigzag)


VARINTS = [
    # VARINT encoding examples (Kafka's protocol guide, "Protocol Primitive Types")
    (0, "00"),
    (-1, "01"),
    (1, "02"),
    (63, "7e"),
    (64, "8001"),
    (-65, "8101"),
    (8191, "fe7f"),
    (8192, "808001"),
    # five-byte extremes
    (2147483647, "feffffff0f"),
    (-2147483648, "ffffffff0f"),
]


@pytest.mark.parametrize(("value", "hexdata"), VARINTS)
def test_varint(value, hexdata):
    assert_symmetric(VarInt, H(hexdata), value)


UNSIGNED_VARINTS = [
    # UNSIGNED_VARINT encoding examples (Kafka's protocol guide)
    (0, "00"),
    (1, "01"),
    (127, "7f"),
    (128, "8001"),
    (16383, "ff7f"),
    (16384, "808001"),
    (4294967295, "ffffffff0f"),
]


@pytest.mark.parametrize(("value", "hexdata"), UNSIGNED_VARINTS)
def test_unsigned_varint(value, hexdata):
    assert_symmetric(UnsignedVarInt, H(hexdata), value)


VARLONGS = [
    (0, "00"),
    (-1, "01"),
    (1, "02"),
    (-65, "8101"),
    (2147483647, "feffffff0f"),
    (2147483648, "8080808010"),
    (-2147483649, "8180808010"),
    (9223372036854775807, "feffffffffffffffff01"),
    (-9223372036854775808, "ffffffffffffffffff01"),
]


@pytest.mark.parametrize(("value", "hexdata"), VARLONGS)
def test_varlong(value, hexdata):
    assert_symmetric(VarLong, H(hexdata), value)


NON_MINIMAL_VARINTS = [
    # padded with continuation bytes, still within the 5 / 10 byte bound: readable
    (VarInt, "8000", 0, "00"),
    (VarInt, "8280808000", 1, "02"),
    (UnsignedVarInt, "ff80808000", 127, "7f"),
    (VarLong, "80808080808080808000", 0, "00"),
]


@pytest.mark.parametrize(("grammar", "hexdata", "value", "canonical"), NON_MINIMAL_VARINTS)
def test_non_minimal_varints_read(grammar, hexdata, value, canonical):
    one_way(grammar, H(hexdata), value, H(canonical))


# ----------------------------------------------------------------------------- float, uuid, bool

FLOATS = [
    (1.0, "3ff0000000000000"),
    (-2.5, "c004000000000000"),
    (0.0, "0000000000000000"),
    (-0.0, "8000000000000000"),
    (float("inf"), "7ff0000000000000"),
    (float("-inf"), "fff0000000000000"),
    (5e-324, "0000000000000001"),
    (1.7976931348623157e308, "7fefffffffffffff"),
    (float("nan"), "7ff8000000000000"),  # the canonical NaN
]


@pytest.mark.parametrize(("value", "hexdata"), FLOATS, ids=[h for _, h in FLOATS])
def test_float64(value, hexdata):
    assert_symmetric(Float64, H(hexdata), value)


NAN_PAYLOADS = ["7ff0000000000001", "7ff8000000000001", "fff8000000000000",
                "7fffffffffffffff", "ffffffffffffffff", "7ff4000000000000"]


@pytest.mark.parametrize("hexdata", NAN_PAYLOADS)
def test_float64_any_nan_reads_as_nan_and_writes_canonical(hexdata):
    one_way(Float64, H(hexdata), float("nan"), H("7ff8000000000000"))


def test_float64_writes_ints_as_doubles():
    for fn in (build_interpreted, lambda g, v: compiled(g).build(v)):
        assert fn(Float64, 1) == H("3ff0000000000000")
        assert fn(Float64, -3) == H("c008000000000000")


UUIDS = [
    (uuid.UUID(int=0), "00" * 16),  # the null UUID (Kafka's Uuid.ZERO_UUID)
    (uuid.UUID("00010203-0405-0607-0809-0a0b0c0d0e0f"), "000102030405060708090a0b0c0d0e0f"),
    (uuid.UUID("ffffffff-ffff-ffff-ffff-ffffffffffff"), "ff" * 16),
    (uuid.UUID("5a4e1f3c-9d2b-4f7a-8c6e-0b1d2e3f4a5b"), "5a4e1f3c9d2b4f7a8c6e0b1d2e3f4a5b"),
]


@pytest.mark.parametrize(("value", "hexdata"), UUIDS, ids=[h[:8] for _, h in UUIDS])
def test_uuid(value, hexdata):
    assert_symmetric(Uuid, H(hexdata), value)


@pytest.mark.parametrize(("value", "hexdata"), [(False, "00"), (True, "01")])
def test_boolean(value, hexdata):
    assert_symmetric(Boolean, H(hexdata), value)


@pytest.mark.parametrize("byte", [0x02, 0x7F, 0x80, 0xFE, 0xFF])
def test_boolean_any_non_zero_reads_true(byte):
    one_way(Boolean, bytes([byte]), True, b"\x01")


# ----------------------------------------------------------------------------- strings, bytes

BLOBS = [
    # STRING (Kafka's protocol guide, "Protocol Primitive Types")
    (STRING, "", "0000"),
    (STRING, "a", "000161"),
    (STRING, "hello", "000568656c6c6f"),
    (STRING, "\u00e9\u20ac", "0005c3a9e282ac"),  # the prefix counts UTF-8 bytes, not chars
    # NULLABLE_STRING
    (NULLABLE_STRING, None, "ffff"),
    (NULLABLE_STRING, "", "0000"),
    (NULLABLE_STRING, "test", "000474657374"),
    # COMPACT_STRING
    (COMPACT_STRING, "", "01"),
    (COMPACT_STRING, "a", "0261"),
    (COMPACT_STRING, "hello", "0668656c6c6f"),
    # COMPACT_NULLABLE_STRING
    (COMPACT_NULLABLE_STRING, None, "00"),
    (COMPACT_NULLABLE_STRING, "", "01"),
    (COMPACT_NULLABLE_STRING, "test", "0574657374"),
    # BYTES / NULLABLE_BYTES (and RECORDS, which is NULLABLE_BYTES on the wire)
    (BYTES, b"", "00000000"),
    (BYTES, b"\x01\x02\x03", "00000003010203"),
    (NULLABLE_BYTES, None, "ffffffff"),
    (NULLABLE_BYTES, b"", "00000000"),
    (NULLABLE_BYTES, b"\xff", "00000001ff"),
    # COMPACT_BYTES / COMPACT_NULLABLE_BYTES (and COMPACT_RECORDS)
    (COMPACT_BYTES, b"", "01"),
    (COMPACT_BYTES, b"\x00\x01", "030001"),
    (COMPACT_NULLABLE_BYTES, None, "00"),
    (COMPACT_NULLABLE_BYTES, b"", "01"),
    (COMPACT_NULLABLE_BYTES, b"\xab", "02ab"),
    # zig-zag VARINT lengths (record keys, values and headers; Kafka documentation, "Record")
    (VARINT_BYTES, b"", "00"),
    (VARINT_BYTES, b"ab", "046162"),
    (VARINT_NULLABLE_BYTES, None, "01"),
    (VARINT_NULLABLE_BYTES, b"x", "0278"),
    (VARINT_STRING, "", "00"),
    (VARINT_STRING, "key", "066b6579"),
]


@pytest.mark.parametrize(("grammar", "value", "hexdata"), BLOBS,
                         ids=[f"{g!r}-{v!r}" for g, v, _ in BLOBS])
def test_strings_and_bytes(grammar, value, hexdata):
    assert_symmetric(grammar, H(hexdata), value)


VARINT_LENGTHS = [0, 1, 63, 64, 65, 127, 128, 8191, 8192, 8193, 70000]


@pytest.mark.parametrize("n", VARINT_LENGTHS)
def test_varint_length_boundaries(n):
    """Zig-zag VARINT lengths change width at 64 and 8192 bytes (and again at 2**20)."""
    prefix = build_interpreted(VarInt, n)
    assert len(prefix) == 1 + (n >= 64) + (n >= 8192)
    assert_symmetric(VARINT_BYTES, prefix + b"b" * n, b"b" * n)
    assert_symmetric(VARINT_NULLABLE_BYTES, prefix + b"n" * n, b"n" * n)
    assert_symmetric(VARINT_STRING, prefix + b"s" * n, "s" * n)
    assert_symmetric(KArray(Int8, "varint"), prefix + bytes(n), [0] * n)


@pytest.mark.parametrize("n", VARINT_LENGTHS)
def test_compact_length_boundaries(n):
    prefix = build_interpreted(UnsignedVarInt, n + 1)
    assert_symmetric(COMPACT_BYTES, prefix + b"b" * n, b"b" * n)
    assert_symmetric(COMPACT_STRING, prefix + b"s" * n, "s" * n)
    assert_symmetric(KArray(Int8, "compact"), prefix + bytes(n), [0] * n)


NON_MINIMAL_LENGTHS = [
    # a padded VARINT length still reads, and writes back minimal
    (VARINT_BYTES, "8400" "6162", b"ab", "04" "6162"),
    (VARINT_STRING, "848000" "6162", "ab", "04" "6162"),
    (VARINT_NULLABLE_BYTES, "8100", None, "01"),
    (VARINT_NULLABLE_BYTES, "8180808000", None, "01"),
    (KArray(Int8, "varint"), "8200" "07", [7], "02" "07"),
    (COMPACT_STRING, "8300" "6162", "ab", "03" "6162"),
    (COMPACT_NULLABLE_BYTES, "8000", None, "00"),
]


@pytest.mark.parametrize(("grammar", "hexdata", "value", "canonical"), NON_MINIMAL_LENGTHS)
def test_non_minimal_lengths_read(grammar, hexdata, value, canonical):
    one_way(grammar, H(hexdata), value, H(canonical))


def test_string_maximum_length():
    value = "x" * 32767
    assert_symmetric(STRING, H("7fff") + value.encode(), value)


def test_compact_string_long_prefix():
    value = "y" * 200  # 201 = 0xc9 -> two-byte UNSIGNED_VARINT c9 01
    assert_symmetric(COMPACT_STRING, H("c901") + value.encode(), value)


def test_bytes_accept_bytearray_and_memoryview_on_build():
    for value in (bytearray(b"\x01\x02"), memoryview(b"\x01\x02")):
        assert build_interpreted(BYTES, value) == H("000000020102")
        assert compiled(BYTES).build(value) == H("000000020102")


# ----------------------------------------------------------------------------- arrays

INT32_ARRAY = KArray(Int32, nullable=True)
COMPACT_ARRAY = KArray(Int8, "compact", nullable=True)

ARRAYS = [
    # ARRAY: -1 null, 0 empty (distinct), N elements
    (INT32_ARRAY, None, "ffffffff"),
    (INT32_ARRAY, [], "00000000"),
    (INT32_ARRAY, [1, -1], "0000000200000001ffffffff"),
    (KArray(Int32), [], "00000000"),
    # COMPACT_ARRAY count semantics: 0 null, 1 empty, N -> N-1 elements
    (COMPACT_ARRAY, None, "00"),
    (COMPACT_ARRAY, [], "01"),
    (COMPACT_ARRAY, [5], "0205"),
    (COMPACT_ARRAY, [1, 2, 3], "04010203"),
    (KArray(Int8, "compact"), [], "01"),
    # VARINT count (record headers)
    (KArray(Int8, "varint"), [], "00"),
    (KArray(Int8, "varint"), [7, 8], "040708"),
    (KArray(Int8, "varint", nullable=True), None, "01"),
    # arrays of strings and of structs
    (KArray(COMPACT_STRING, "compact"), ["a", ""], "03026101"),
    (KArray(KStruct("k" / STRING, "v" / Int8), nullable=True), [{"k": "a", "v": 1}],
     "00000001000161" "01"),
]


@pytest.mark.parametrize(("grammar", "value", "hexdata"), ARRAYS,
                         ids=[f"{g!r}-{v!r}" for g, v, _ in ARRAYS])
def test_arrays(grammar, value, hexdata):
    assert_symmetric(grammar, H(hexdata), value)


def test_compact_array_of_127_elements_uses_two_byte_count():
    values = list(range(127))
    assert_symmetric(COMPACT_ARRAY, H("8001") + bytes(values), values)


def test_array_built_from_tuple():
    for fn in (build_interpreted, lambda g, v: compiled(g).build(v)):
        assert fn(INT32_ARRAY, (1,)) == H("0000000100000001")


COUNTED = KStruct("n" / Int8, "xs" / KArray(Int16, None, count=this.n))
REBUILT = KStruct("_n" / Rebuild(Int8, len_(this.xs)), "xs" / KArray(Int16, None, count=this._n))


@pytest.mark.parametrize(("grammar", "value", "hexdata"), [
    (COUNTED, {"n": 0, "xs": []}, "00"),
    (COUNTED, {"n": 2, "xs": [1, 2]}, "02" "0001" "0002"),
    (REBUILT, {"xs": []}, "00"),
    (REBUILT, {"xs": [-1, 3]}, "02" "ffff" "0003"),
])
def test_array_count_from_earlier_field(grammar, value, hexdata):
    """``count=this.n``; a ``_``-named field stays in the context, not in the value."""
    assert_symmetric(grammar, H(hexdata), value)


# ----------------------------------------------------------------------------- structs

INNER = KStruct("x" / Int8, "name" / COMPACT_NULLABLE_STRING)
NESTED = KStruct(
    "id" / Int32,
    "flag" / Boolean,
    "items" / KArray(INNER, "compact"),
    "maybe" / Presence(KStruct("y" / Int16)),
)

STRUCTS = [
    (KStruct(), {}, ""),
    (KStruct("a" / Int8, "b" / Int16), {"a": 1, "b": 2}, "01" "0002"),
    (NESTED, {"id": 7, "flag": True, "items": [], "maybe": None}, "00000007" "01" "01" "ff"),
    (NESTED,
     {"id": -1, "flag": False, "items": [{"x": 1, "name": None}, {"x": 2, "name": "ab"}],
      "maybe": {"y": 258}},
     "ffffffff" "00" "03" "01" "00" "02" "03" "6162" "01" "0102"),
]


@pytest.mark.parametrize(("grammar", "value", "hexdata"), STRUCTS)
def test_structs(grammar, value, hexdata):
    assert_symmetric(grammar, H(hexdata), value)


def test_struct_static_size():
    grammar = KStruct("a" / Int8, "b" / Int64, "c" / Uuid, "d" / Boolean, "e" / Float64)
    value = {"a": 1, "b": 2, "c": uuid.UUID(int=3), "d": True, "e": 0.5}
    data = H("01" "0000000000000002") + uuid.UUID(int=3).bytes + H("01" "3fe0000000000000")
    assert grammar.sizeof() == 34
    assert_symmetric(grammar, data, value)


PRESENCE = Presence(KStruct("x" / Int8, "s" / COMPACT_STRING))


@pytest.mark.parametrize(("value", "hexdata"), [
    (None, "ff"),
    ({"x": 5, "s": "a"}, "01" "05" "0261"),
])
def test_presence(value, hexdata):
    assert_symmetric(PRESENCE, H(hexdata), value)


PREFIXED = [
    (KPrefixed("varint", KStruct("x" / Int8, "s" / VARINT_STRING)), {"x": 1, "s": "ab"},
     "08" "01" "04" "6162"),
    (KPrefixed("int32", KStruct("x" / Int8, "s" / VARINT_STRING)), {"x": 1, "s": "ab"},
     "00000004" "01" "04" "6162"),
    (KPrefixed("int32", KGreedy(Int16)), [], "00000000"),
    (KPrefixed("int32", KGreedy(Int16)), [1, 2], "00000004" "0001" "0002"),
    (KPrefixed("varint", KBytes("int16")), b"z", "06" "0001" "7a"),
]


@pytest.mark.parametrize(("grammar", "value", "hexdata"), PREFIXED)
def test_prefixed_regions(grammar, value, hexdata):
    assert_symmetric(grammar, H(hexdata), value)


def test_greedy_top_level():
    assert_symmetric(KGreedy(KStruct("a" / Int8, "b" / VARINT_BYTES)),
                     H("01" "00" "02" "04" "6162"),
                     [{"a": 1, "b": b""}, {"a": 2, "b": b"ab"}])


def test_flatten_merges_the_fields():
    """A version prefix and a body read as one dict (a ``.txnindex`` entry's layout)."""
    grammar = KStruct("version" / Int16, Flatten(KStruct("a" / Int8, "s" / VARINT_STRING)))
    assert_symmetric(grammar, H("0000" "07" "04" "6162"), {"version": 0, "a": 7, "s": "ab"})


# ----------------------------------------------------------------------------- tagged fields

TAGGED = KStruct(
    "a" / Int8,
    TaggedFields([
        TaggedField(0, "t0", Int32, 0),
        TaggedField(3, "t3", COMPACT_NULLABLE_STRING, None),
    ]),
)

TAGGED_VECTORS = [
    # no tagged field on the wire: defaults
    ({"a": 1, "t0": 0, "t3": None}, "01" "00"),
    ({"a": 1, "t0": 5, "t3": None}, "01" "01" "00" "04" "00000005"),
    ({"a": 1, "t0": 5, "t3": "x"}, "01" "02" "00" "04" "00000005" "03" "02" "0278"),
    ({"a": 1, "t0": 0, "t3": ""}, "01" "01" "03" "01" "01"),
    # unknown tags kept as raw bytes, interleaved with known ones in ascending order
    ({"a": 1, "t0": 0, "t3": None, UNKNOWN_TAGS: {1: b"\xaa\xbb", 7: b""}},
     "01" "02" "01" "02" "aabb" "07" "00"),
    ({"a": 2, "t0": -1, "t3": "q", UNKNOWN_TAGS: {1: b"\x01", 200: b"\x02\x03"}},
     "02" "04" "00" "04" "ffffffff" "01" "01" "01" "03" "02" "0271" "c801" "02" "0203"),
]


@pytest.mark.parametrize(("value", "hexdata"), TAGGED_VECTORS)
def test_tagged_fields(value, hexdata):
    assert_symmetric(TAGGED, H(hexdata), value)


def test_tagged_fields_section_alone():
    section = TaggedFields()
    assert_symmetric(section, H("00"), {})
    assert_symmetric(section, H("01" "05" "01" "ff"), {UNKNOWN_TAGS: {5: b"\xff"}})


def test_unknown_tags_rebuilt_byte_for_byte():
    data = H("09" "03" "00" "01" "7f" "0a" "03" "010203" "8002" "00")  # tags 0, 10, 256
    grammar = KStruct("a" / Int8, TaggedFields())
    for parse, build in ((parse_interpreted, build_interpreted),
                         (lambda g, d: compiled(g).parse(d), lambda g, v: compiled(g).build(v))):
        value = parse(grammar, data)
        assert value == {"a": 9, UNKNOWN_TAGS: {0: b"\x7f", 10: b"\x01\x02\x03", 256: b""}}
        assert build(grammar, value) == data


def test_tags_written_in_ascending_order_from_an_unordered_dict():
    value = {UNKNOWN_TAGS: {9: b"z", 5: b"\xaa", 1: b""}, "t3": "x", "t0": 5, "a": 1}
    expected = H("01" "05" "00" "04" "00000005" "01" "00" "03" "02" "0278" "05" "01" "aa"
                 "09" "01" "7a")
    assert build_interpreted(TAGGED, value) == expected
    assert compiled_build(TAGGED, value) == expected
    assert compiled(TAGGED).build(value) == expected


@pytest.mark.parametrize("value", [
    {"a": 1},
    {"a": 1, "t0": 0},
    {"a": 1, "t3": None},
    {"a": 1, "t0": 0, "t3": None, UNKNOWN_TAGS: {}},
])
def test_defaults_omitted_on_build(value):
    assert build_interpreted(TAGGED, value) == H("0100")
    assert compiled(TAGGED).build(value) == H("0100")


def test_known_tag_equal_to_default_is_remembered_and_rebuilt():
    data = H("01" "01" "00" "04" "00000000")  # t0 sent explicitly with its default value
    assert_symmetric(TAGGED, data, {"a": 1, "t0": 0, "t3": None, DEFAULTS_ON_WIRE: ("t0",)})


def test_known_tag_at_default_builds_canonically_from_a_plain_dict():
    assert compiled(TAGGED).build({"a": 1, "t0": 0, "t3": None}) == H("0100")
    assert build_interpreted(TAGGED, {"a": 1, "t0": 0}) == H("0100")


def test_defaults_on_wire_lists_fields_in_tag_order_and_only_at_default():
    data = H("01" "02" "00" "04" "00000000" "03" "01" "01")  # t0 at default, t3 = "" (not default)
    value = parse_interpreted(TAGGED, data)
    assert value[DEFAULTS_ON_WIRE] == ("t0",)
    assert value["t3"] == ""
    assert compiled(TAGGED).parse(data) == value
    assert compiled(TAGGED).build(value) == data


@pytest.mark.parametrize("names, reason", [
    (("a",), "'a' is not a tagged field of this struct"),
    (("nope",), "'nope' is not a tagged field of this struct"),
    ("t0", "_defaults_on_wire needs a tuple of tagged field names"),
])
def test_defaults_on_wire_names_known_tagged_fields_only(names, reason):
    for build in (build_interpreted, lambda g, v: compiled(g).build(v)):
        with pytest.raises(EncodeError) as info:
            build(TAGGED, {"a": 1, DEFAULTS_ON_WIRE: names})
        assert info.value.reason == reason
        assert info.value.field_path == DEFAULTS_ON_WIRE


def test_tagged_struct_field_and_nested_sections():
    grammar = KStruct(
        "a" / Int8,
        TaggedFields([TaggedField(2, "s", KStruct("x" / Int16, TaggedFields()), None)]),
    )
    assert_symmetric(grammar, H("01" "00"), {"a": 1, "s": None})
    assert_symmetric(grammar, H("01" "01" "02" "03" "0102" "00"), {"a": 1, "s": {"x": 258}})
    assert_symmetric(grammar, H("01" "01" "02" "05" "0102" "01" "04" "00"),
                     {"a": 1, "s": {"x": 258, UNKNOWN_TAGS: {4: b""}}})


def test_tagged_default_is_a_fresh_copy():
    grammar = KStruct(TaggedFields([TaggedField(0, "xs", KArray(Int8, "compact"), [])]))
    for parse in (parse_interpreted, lambda g, d: compiled(g).parse(d)):
        first = parse(grammar, H("00"))
        first["xs"].append(1)
        assert parse(grammar, H("00")) == {"xs": []}
