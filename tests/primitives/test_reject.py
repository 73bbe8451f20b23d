"""Inputs the primitives must refuse (the "must reject" rules of Kafka's protocol guide, "Protocol Primitive Types"), each paired with the exact
error class, field path and absolute byte offset, on the interpreted and the compiled path.

Parse errors go through :func:`tests.helpers.assert_rejects`, build errors through
:func:`tests.helpers.assert_build_rejects`; both use ``type(e) is cls``, not ``isinstance``.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from construct import this

from kformat.errors import (
    EncodeError,
    GrammarError,
    InvalidValueError,
    LimitExceededError,
    TruncatedError,
)
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
    KBytes,
    KGreedy,
    KPrefixed,
    KString,
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
    parse_interpreted,
)
from kformat.primitives import runtime as rt
from kformat.primitives.base import KConstruct
from kformat.primitives.emitting import RUNTIME_IMPORT, emit_value
from tests.helpers import (
    assert_build_rejects,
    assert_rejects,
    assert_symmetric,
    compiled,
    compiled_parse,
)

H = bytes.fromhex

# ============================================================================= parsing

# ----------------------------------------------------------------------------- varints

VARINT_REJECTS = [
    # longer than 5 / 10 bytes (the continuation bit still set on the last allowed byte)
    (VarInt, "808080808001", "varint longer than 5 bytes"),
    (VarInt, "ffffffffff", "five continuation bytes"),
    (UnsignedVarInt, "808080808000", "unsigned varint longer than 5 bytes"),
    (VarLong, "80" * 10 + "01", "varlong longer than 10 bytes"),
    (VarLong, "ff" * 10, "ten continuation bytes"),
    # overflow beyond 32 / 64 bits within the byte bound
    (UnsignedVarInt, "8080808010", "2**32"),
    (UnsignedVarInt, "ffffffff1f", "2**35 - 1"),
    (UnsignedVarInt, "ffffffff7f", "2**39 - 1"),
    (VarInt, "ffffffff1f", "zig-zag above 32 bits"),
    (VarLong, "ff" * 9 + "02", "2**64 + ..."),
    (VarLong, "80" * 9 + "7f", "high bits in the tenth byte"),
]


@pytest.mark.parametrize(("grammar", "hexdata", "why"), VARINT_REJECTS,
                         ids=[w for _, _, w in VARINT_REJECTS])
def test_varint_bounds(grammar, hexdata, why):
    assert_rejects(grammar, H(hexdata), InvalidValueError, path="", offset=0)


def test_varint_bound_reports_field_and_offset():
    grammar = KStruct("a" / Int8, "b" / VarLong, "v" / VarInt)
    assert_rejects(grammar, H("01" "00" "808080808001"), InvalidValueError, path="v", offset=2)
    assert_rejects(grammar, H("01" + "80" * 10 + "01"), InvalidValueError, path="b", offset=1)


@pytest.mark.parametrize(("grammar", "hexdata", "offset"), [
    (VarInt, "", 0),
    (VarInt, "80", 1),
    (VarInt, "ffffffff", 4),
    (UnsignedVarInt, "8080", 2),
    (VarLong, "ff" * 9, 9),
])
def test_varint_cut_short(grammar, hexdata, offset):
    """A varint that ends mid-way: one more byte was needed at the end of the input."""
    assert_rejects(grammar, H(hexdata), TruncatedError, path="", offset=offset,
                   expected=1, actual=0)


# ----------------------------------------------------------------------------- lengths

NULL_IN_NON_NULLABLE = [
    (STRING, "ffff"),
    (COMPACT_STRING, "00"),
    (VARINT_STRING, "01"),
    (BYTES, "ffffffff"),
    (COMPACT_BYTES, "00"),
    (VARINT_BYTES, "01"),
]


@pytest.mark.parametrize(("grammar", "hexdata"), NULL_IN_NON_NULLABLE,
                         ids=[repr(g) for g, _ in NULL_IN_NON_NULLABLE])
def test_null_length_in_non_nullable_blob(grammar, hexdata):
    assert_rejects(grammar, H(hexdata), InvalidValueError, path="", offset=0, actual=-1)


@pytest.mark.parametrize(("grammar", "hexdata"), [
    (KArray(Int8), "ffffffff"),
    (KArray(Int8, "compact"), "00"),
    (KArray(Int8, "varint"), "01"),
])
def test_null_count_in_non_nullable_array(grammar, hexdata):
    assert_rejects(grammar, H(hexdata), InvalidValueError, path="", offset=0, actual=-1)


LENGTHS_BELOW_MINUS_ONE = [
    (STRING, "fffe", -2),
    (NULLABLE_STRING, "fffe", -2),
    (NULLABLE_STRING, "8000", -32768),
    (BYTES, "80000000", -(2**31)),
    (NULLABLE_BYTES, "fffffffe", -2),
    (VARINT_NULLABLE_BYTES, "03", -2),
    (VARINT_STRING, "ffffffff0f", -(2**31)),
    (KArray(Int8, nullable=True), "fffffffe", -2),
    (KArray(Int8, "varint", nullable=True), "05", -3),
    (KPrefixed("int32", Int8), "fffffff0", -16),
    (KPrefixed("varint", Int8), "03", -2),
]


@pytest.mark.parametrize(("grammar", "hexdata", "length"), LENGTHS_BELOW_MINUS_ONE,
                         ids=[f"{g!r}-{n}" for g, _, n in LENGTHS_BELOW_MINUS_ONE])
def test_lengths_below_minus_one(grammar, hexdata, length):
    assert_rejects(grammar, H(hexdata), InvalidValueError, path="", offset=0, actual=length)


@pytest.mark.parametrize(("grammar", "hexdata", "length"), [
    # two-byte and padded negative VARINT lengths
    (VARINT_BYTES, "8101", -65),
    (VARINT_NULLABLE_BYTES, "8101", -65),
    (VARINT_STRING, "ff7f", -8192),
    (VARINT_NULLABLE_BYTES, "8300", -2),
    (KArray(Int8, "varint", nullable=True), "8101", -65),
    (KPrefixed("varint", Int8), "8101", -65),
])
def test_wide_negative_varint_lengths(grammar, hexdata, length):
    assert_rejects(grammar, H(hexdata), InvalidValueError, path="", offset=0, actual=length)


@pytest.mark.parametrize(("grammar", "hexdata"), [
    (VARINT_BYTES, "8100"),  # -1, padded
    (VARINT_STRING, "8180808000"),
    (KArray(Int8, "varint"), "8100"),
])
def test_padded_null_in_non_nullable(grammar, hexdata):
    assert_rejects(grammar, H(hexdata), InvalidValueError, path="", offset=0, actual=-1)


@pytest.mark.parametrize(("hexdata", "offset"), [
    ("04" "c328", 0),  # a one-byte length
    ("8001" + "61" * 62 + "c328", 0),  # a two-byte length
    ("8400" "c328", 0),  # a padded length
])
def test_invalid_utf8_offset_is_the_field_start_whatever_the_length_width(hexdata, offset):
    grammar = KStruct("a" / Int8, "s" / VARINT_STRING)
    assert_rejects(grammar, H("01" + hexdata), InvalidValueError, path="s", offset=offset + 1)


@pytest.mark.parametrize(("grammar", "hexdata", "offset", "expected", "actual"), [
    (VARINT_BYTES, "06" "6162", 1, 3, 2),
    (VARINT_BYTES, "8001" "6162", 2, 64, 2),
    (VARINT_STRING, "06" "6162", 1, 3, 2),
    (VARINT_STRING, "8001", 2, 64, 0),
    (VARINT_NULLABLE_BYTES, "02", 1, 1, 0),
])
def test_varint_blob_truncated(grammar, hexdata, offset, expected, actual):
    assert_rejects(grammar, H(hexdata), TruncatedError, path="", offset=offset,
                   expected=expected, actual=actual)


def test_negative_region_length():
    """-1 is not a null marker for a length-prefixed region."""
    assert_rejects(KStruct("a" / Int8, "r" / KPrefixed("int32", Int8)), H("01" "ffffffff"),
                   InvalidValueError, path="r", offset=1, actual=-1)


def test_negative_count_from_a_field():
    grammar = KStruct("n" / Int8, "xs" / KArray(Int16, None, count=this.n))
    assert_rejects(grammar, H("ff"), InvalidValueError, path="xs", offset=1, actual=-1)


# ----------------------------------------------------------------------------- truncation


@pytest.mark.parametrize(("grammar", "hexdata"), [
    (Int8, "7f"),
    (Int16, "0102"),
    (Int32, "01020304"),
    (Int64, "0102030405060708"),
    (UInt16, "ffff"),
    (UInt32, "ffffffff"),
    (Float64, "3ff0000000000000"),
    (Uuid, "000102030405060708090a0b0c0d0e0f"),
    (Boolean, "01"),
])
def test_fixed_width_truncated_at_every_byte(grammar, hexdata):
    data = H(hexdata)
    for cut in range(len(data)):
        assert_rejects(grammar, data[:cut], TruncatedError, path="", offset=0,
                       expected=len(data), actual=cut)


FLAT = KStruct("a" / Int16, "s" / STRING, "n" / VarInt, "xs" / KArray(Int8))
FLAT_DATA = H("0007" "0002" "6869" "ac02" "00000002" "0102")
FLAT_CUTS = [
    # (cut, path, offset, expected, actual)
    (0, "a", 0, 2, 0),
    (1, "a", 0, 2, 1),
    (2, "s", 2, 2, 0),  # the INT16 length
    (3, "s", 2, 2, 1),
    (4, "s", 4, 2, 0),  # the string's bytes
    (5, "s", 4, 2, 1),
    (6, "n", 6, 1, 0),  # a varint needs one more byte where it stops
    (7, "n", 7, 1, 0),
    (8, "xs", 8, 4, 0),  # the INT32 count
    (9, "xs", 8, 4, 1),
    (10, "xs", 8, 4, 2),
    (11, "xs", 8, 4, 3),
    (12, "xs", 8, 2, 0),  # count 2 of 1-byte elements, checked before the loop
    (13, "xs", 8, 2, 1),
]


def test_flat_struct_golden():
    assert_symmetric(FLAT, FLAT_DATA, {"a": 7, "s": "hi", "n": 150, "xs": [1, 2]})


@pytest.mark.parametrize(("cut", "path", "offset", "expected", "actual"), FLAT_CUTS)
def test_flat_struct_truncated_at_every_byte(cut, path, offset, expected, actual):
    assert_rejects(FLAT, FLAT_DATA[:cut], TruncatedError, path=path, offset=offset,
                   expected=expected, actual=actual)


ITEMS = KStruct("xs" / KArray(KStruct("k" / COMPACT_STRING, "v" / Int32), "compact"))
ITEMS_DATA = H("03" "04616263" "00000001" "036465" "00000002")
ITEMS_CUTS = [
    (0, "xs", 0, 1, 0),
    *[(cut, "xs", 0, 10, cut - 1) for cut in range(1, 11)],  # 2 elements of >= 5 bytes
    (11, "xs[1].k", 10, 2, 1),
    (12, "xs[1].v", 12, 4, 0),
    (13, "xs[1].v", 12, 4, 1),
    (14, "xs[1].v", 12, 4, 2),
    (15, "xs[1].v", 12, 4, 3),
]


def test_nested_array_golden():
    assert_symmetric(ITEMS, ITEMS_DATA, {"xs": [{"k": "abc", "v": 1}, {"k": "de", "v": 2}]})


@pytest.mark.parametrize(("cut", "path", "offset", "expected", "actual"), ITEMS_CUTS)
def test_nested_array_truncated_at_every_byte(cut, path, offset, expected, actual):
    assert_rejects(ITEMS, ITEMS_DATA[:cut], TruncatedError, path=path, offset=offset,
                   expected=expected, actual=actual)


TAGGED = KStruct(
    "a" / Int8,
    TaggedFields([
        TaggedField(0, "t0", Int32, 0),
        TaggedField(3, "t3", COMPACT_NULLABLE_STRING, None),
    ]),
)
TAGGED_DATA = H("01" "02" "00" "04" "00000005" "03" "02" "0278")
TAGGED_CUTS = [
    (0, "a", 0, 1, 0),
    (1, "", 1, 1, 0),  # the field count
    *[(cut, "", 1, 4, cut - 2) for cut in range(2, 6)],  # 2 fields of >= 2 bytes each
    (6, "t0", 4, 4, 2),
    (7, "t0", 4, 4, 3),
    (8, "", 8, 1, 0),  # the second tag
    (9, "", 9, 1, 0),  # its size
    (10, "t3", 10, 2, 0),
    (11, "t3", 10, 2, 1),
]


def test_tagged_golden():
    assert_symmetric(TAGGED, TAGGED_DATA, {"a": 1, "t0": 5, "t3": "x"})


@pytest.mark.parametrize(("cut", "path", "offset", "expected", "actual"), TAGGED_CUTS)
def test_tagged_truncated_at_every_byte(cut, path, offset, expected, actual):
    assert_rejects(TAGGED, TAGGED_DATA[:cut], TruncatedError, path=path, offset=offset,
                   expected=expected, actual=actual)


REGION = KStruct("a" / Int8, "r" / KPrefixed("int32", KStruct("x" / Int16, "s" / VARINT_STRING)))
REGION_DATA = H("01" "00000005" "0002" "04" "6162")
REGION_CUTS = [
    (0, "a", 0, 1, 0),
    *[(cut, "r", 1, 4, cut - 1) for cut in range(1, 5)],  # the length
    *[(cut, "r", 1, 5, cut - 5) for cut in range(5, 10)],  # the region, checked up front
]


def test_region_golden():
    assert_symmetric(REGION, REGION_DATA, {"a": 1, "r": {"x": 2, "s": "ab"}})


@pytest.mark.parametrize(("cut", "path", "offset", "expected", "actual"), REGION_CUTS)
def test_region_truncated_at_every_byte(cut, path, offset, expected, actual):
    assert_rejects(REGION, REGION_DATA[:cut], TruncatedError, path=path, offset=offset,
                   expected=expected, actual=actual)


def test_region_shorter_than_its_content_keeps_absolute_offsets():
    # the region holds 2 bytes: x, then the string's length is missing at absolute offset 7
    assert_rejects(REGION, H("01" "00000002" "0002"), TruncatedError, path="r.s", offset=7,
                   expected=1, actual=0)
    assert_rejects(REGION, H("01" "00000004" "0002" "04" "61"), TruncatedError, path="r.s",
                   offset=8, expected=2, actual=1)


def test_region_not_consumed_exactly():
    assert_rejects(REGION, H("01" "00000006" "0002" "04" "6162" "ff"), InvalidValueError,
                   path="r", offset=10, expected=0, actual=1)


PRESENT = KStruct("a" / Int8, "p" / Presence(KStruct("x" / Int16)))


def test_presence_truncated():
    assert_rejects(PRESENT, H("01"), TruncatedError, path="p", offset=1, expected=1, actual=0)
    assert_rejects(PRESENT, H("01" "01" "00"), TruncatedError, path="p.x", offset=2,
                   expected=2, actual=1)


@pytest.mark.parametrize(("grammar", "hexdata", "offset", "expected", "actual"), [
    (STRING, "0005" "6869", 2, 5, 2),
    (COMPACT_STRING, "06" "6869", 1, 5, 2),
    (BYTES, "7fffffff" "000000000000", 4, 2**31 - 1, 6),
    (COMPACT_BYTES, "ffffffff0f" "00", 5, 2**32 - 2, 1),
    (VARINT_BYTES, "feffffff0f", 5, 2**31 - 1, 0),
    (KPrefixed("int32", Int8), "7fffffff" "00", 0, 2**31 - 1, 1),
])
def test_huge_lengths_are_checked_not_allocated(grammar, hexdata, offset, expected, actual):
    assert_rejects(grammar, H(hexdata), TruncatedError, path="", offset=offset,
                   expected=expected, actual=actual)


# ----------------------------------------------------------------------------- counts


class Spy(KConstruct):
    """An INT8 element that counts how often it is parsed, on both paths."""

    min_size = 1

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def hit(self, stream: Any) -> int:
        self.calls += 1
        return rt.p_fixed(stream, rt.INT8)

    def _parse(self, stream: Any, context: Any, path: str) -> int:
        return self.hit(stream)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        return rt.b_fixed(obj, stream, rt.INT8, path)

    def _emitparse(self, code: Any) -> str:
        return f"{emit_value(code, 'spy', self)}.hit(io)"

    def _emitbuild(self, code: Any) -> str:
        code.append(RUNTIME_IMPORT)
        return "b_fixed(obj, io, INT8)"


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("prefix", "empty", "head", "count"), [
    ("int32", "00000000", "7fffffff", 2**31 - 1),
    ("compact", "01", "ffffffff0f", 2**32 - 2),
    ("varint", "00", "feffffff0f", 2**31 - 1),
])
def test_huge_count_refused_before_the_loop(prefix, empty, head, count):
    """A count of 2**31-1 in a 10-byte buffer fails at once: no element is ever parsed."""
    spy = Spy()
    grammar = KArray(spy, prefix)
    data = H(head).ljust(10, b"\x00")
    left = 10 - len(H(head))
    assert_symmetric(grammar, H(empty), [])
    assert_rejects(grammar, data, TruncatedError, path="", offset=0, expected=count,
                   actual=left)
    with pytest.raises(TruncatedError):
        compiled_parse(grammar, data)  # the compiled code alone, no interpreter fallback
    assert spy.calls == 0


def test_count_checked_against_element_minimum_size():
    grammar = KStruct("a" / Int8, "xs" / KArray(KStruct("t" / Int64, "k" / STRING)))
    data = H("01" "00000003") + bytes(25)  # 3 elements of >= 10 bytes need 30
    assert_rejects(grammar, data, TruncatedError, path="xs", offset=1, expected=30, actual=25)


def test_count_from_a_field_checked_before_the_loop():
    spy = Spy()
    grammar = KStruct("n" / Int32, "xs" / KArray(spy, None, count=this.n))
    assert_rejects(grammar, H("7fffffff" "0102"), TruncatedError, path="xs", offset=4,
                   expected=2**31 - 1, actual=2)
    assert spy.calls == 0


def test_tagged_field_count_checked_before_the_loop():
    assert_rejects(TAGGED, H("01" "ffffffff0f" "0000"), TruncatedError, path="", offset=1,
                   expected=2 * (2**32 - 1), actual=2)


def test_zero_size_elements_count_is_capped():
    grammar = KArray(KStruct())
    assert_symmetric(grammar, H("00000003"), [{}, {}, {}])
    assert_rejects(grammar, H("7fffffff"), LimitExceededError, path="", offset=0,
                   expected=rt.MAX_ZERO_SIZE_ELEMENTS, actual=2**31 - 1)


def test_greedy_element_that_consumes_nothing_is_refused():
    grammar = KGreedy(KArray(Int8, None, count=0))
    assert_rejects(grammar, H("00"), InvalidValueError, path="[0]", offset=0)


# ----------------------------------------------------------------------------- values

INVALID_UTF8 = [
    (STRING, "0002c328"),  # bad continuation byte
    (STRING, "0002c080"),  # overlong encoding of NUL
    (STRING, "0003eda080"),  # an encoded surrogate
    (STRING, "0001e2"),  # cut inside a sequence
    (NULLABLE_STRING, "0001ff"),
    (COMPACT_STRING, "03c328"),
    (COMPACT_NULLABLE_STRING, "02ff"),
    (VARINT_STRING, "04c328"),
]


@pytest.mark.parametrize(("grammar", "hexdata"), INVALID_UTF8,
                         ids=[f"{g!r}-{h}" for g, h in INVALID_UTF8])
def test_invalid_utf8(grammar, hexdata):
    assert_rejects(grammar, H(hexdata), InvalidValueError, path="", offset=0)


def test_invalid_utf8_in_a_field():
    grammar = KStruct("a" / Int8, "xs" / KArray(KStruct("s" / COMPACT_STRING), "compact"))
    assert_rejects(grammar, H("01" "03" "0261" "03c328"), InvalidValueError,
                   path="xs[1].s", offset=4)


@pytest.mark.parametrize(("byte", "flag"), [("00", 0), ("02", 2), ("7f", 127), ("80", -128),
                                            ("fe", -2)])
def test_presence_byte_must_be_minus_one_or_one(byte, flag):
    assert_rejects(PRESENT, H("01" + byte + "0001"), InvalidValueError, path="p", offset=1,
                   actual=flag)


TAGGED_REJECTS = [
    # (hexdata, error, path, offset)
    ("01" "02" "05" "01" "aa" "05" "01" "aa", InvalidValueError, "_tag5", 5),  # duplicate unknown
    ("01" "02" "00" "04" "00000005" "00" "04" "00000006", InvalidValueError, "_tag0", 8),
    ("01" "02" "05" "01" "aa" "04" "01" "aa", InvalidValueError, "_tag4", 5),  # out of order
    ("01" "02" "03" "01" "00" "00" "04" "00000001", InvalidValueError, "_tag0", 5),
    ("01" "01" "00" "05" "00000005" "00", InvalidValueError, "t0", 8),  # size too large
    ("01" "01" "00" "03" "000000", TruncatedError, "t0", 4),  # size too small
    ("01" "01" "03" "02" "0578", TruncatedError, "t3", 5),  # the field's own length overruns
    ("01" "01" "03" "00", TruncatedError, "t3", 4),  # an empty known field
    ("01" "01" "09" "05" "aa", TruncatedError, "", 4),  # unknown field's size overruns
    ("01" "01" "808080808001" "00", InvalidValueError, "", 2),  # tag longer than 5 bytes
    ("01" "01" "00" "ffffffff1f", InvalidValueError, "", 3),  # size overflows 32 bits
    ("01" "01" "03" "03" "03c328", InvalidValueError, "t3", 4),  # invalid UTF-8 inside a tag
]


@pytest.mark.parametrize(("hexdata", "error", "path", "offset"), TAGGED_REJECTS)
def test_tagged_field_rejects(hexdata, error, path, offset):
    assert_rejects(TAGGED, H(hexdata), error, path=path, offset=offset)


def test_duplicate_tag_reports_expected_and_actual():
    err = assert_rejects(TAGGED, H("01" "02" "05" "01" "aa" "05" "01" "aa"), InvalidValueError)
    assert err.actual == 5


@pytest.mark.parametrize(("grammar", "hexdata", "offset"), [
    (Int16, "000100", 2),
    (STRING, "000161" "61", 3),
    (KStruct("a" / Int8), "0102", 1),
    (KArray(Int8, "compact"), "0201" "0000", 2),
])
def test_trailing_bytes_rejected_when_exact(grammar, hexdata, offset):
    data = H(hexdata)
    assert_rejects(grammar, data, InvalidValueError, path="", offset=offset,
                   expected=0, actual=len(data) - offset)
    value = parse_interpreted(grammar, data, exact=False)
    assert compiled(grammar).parse(data, exact=False) == value


# ============================================================================= building

INT_RANGES = [
    (Int8, -128, 127),
    (Int16, -(2**15), 2**15 - 1),
    (Int32, -(2**31), 2**31 - 1),
    (Int64, -(2**63), 2**63 - 1),
    (UInt8, 0, 2**8 - 1),
    (UInt16, 0, 2**16 - 1),
    (UInt32, 0, 2**32 - 1),
    (VarInt, -(2**31), 2**31 - 1),
    (VarLong, -(2**63), 2**63 - 1),
    (UnsignedVarInt, 0, 2**32 - 1),
]


@pytest.mark.parametrize(("grammar", "lo", "hi"), INT_RANGES, ids=[repr(g) for g, _, _ in INT_RANGES])
def test_out_of_range_ints(grammar, lo, hi):
    for value in (lo - 1, hi + 1, lo - 2**70, hi + 2**70):
        assert_build_rejects(grammar, value, EncodeError, path="", actual=value)
    for value in (lo, hi):  # the ends themselves are fine
        assert_symmetric(grammar, compiled(grammar).build(value), value)


WRONG_TYPES = [
    *[(g, v) for g, _, _ in INT_RANGES for v in ("1", True, False, 1.0, None, b"\x01")],
    (Boolean, 1),
    (Boolean, 0),
    (Boolean, None),
    (Boolean, "true"),
    (Float64, "1.0"),
    (Float64, True),
    (Float64, None),
    (Float64, 10**400),  # no float64 can hold it
    (Uuid, "00010203-0405-0607-0809-0a0b0c0d0e0f"),
    (Uuid, bytes(16)),
    (Uuid, 0),
    (STRING, b"abc"),
    (STRING, 5),
    (NULLABLE_STRING, b""),
    (COMPACT_STRING, ["a"]),
    (BYTES, "abc"),
    (NULLABLE_BYTES, 0),
    (COMPACT_NULLABLE_BYTES, [1, 2]),
    (VARINT_BYTES, "x"),
    (KArray(Int8), {"a": 1}),
    (KArray(Int8), "ab"),
    (KArray(Int8), b"ab"),
    (KGreedy(Int8), 5),
    (KStruct("a" / Int8), [1]),
    (KStruct("a" / Int8), "a"),
    (TaggedFields(), 5),
]


@pytest.mark.parametrize(("grammar", "value"), WRONG_TYPES,
                         ids=[f"{g!r}-{type(v).__name__}" for g, v in WRONG_TYPES])
def test_wrong_types(grammar, value):
    assert_build_rejects(grammar, value, EncodeError, path="")


@pytest.mark.parametrize("grammar", [STRING, COMPACT_STRING, VARINT_STRING, BYTES,
                                     COMPACT_BYTES, VARINT_BYTES, KArray(Int8),
                                     KArray(Int8, "compact"), KArray(Int8, None, count=0)],
                         ids=repr)
def test_null_in_non_nullable(grammar):
    assert_build_rejects(grammar, None, EncodeError, path="")


@pytest.mark.parametrize(("grammar", "length"), [
    (STRING, 2**15),
    (NULLABLE_STRING, 2**15 + 5),
])
def test_too_long_for_prefix(grammar, length):
    assert_build_rejects(grammar, "x" * length, EncodeError, path="", actual=length)


def test_unencodable_string():
    assert_build_rejects(STRING, "\ud800", EncodeError, path="")
    assert_build_rejects(KStruct("s" / COMPACT_STRING), {"s": "a\udfff"}, EncodeError, path="s")


NESTED = KStruct(
    "id" / Int32,
    "items" / KArray(KStruct("x" / Int8, "name" / COMPACT_NULLABLE_STRING), "compact"),
    "maybe" / Presence(KStruct("y" / Int16)),
    "r" / KPrefixed("varint", KStruct("z" / VarInt)),
    TaggedFields([TaggedField(1, "t", KStruct("w" / UInt16), None)]),
)


def nested(**changes: Any) -> dict[str, Any]:
    value = {"id": 1, "items": [{"x": 1, "name": None}, {"x": 2, "name": "b"}],
             "maybe": {"y": 3}, "r": {"z": 4}, "t": {"w": 5}}
    value.update(changes)
    return value


def test_nested_value_builds():
    data = compiled(NESTED).build(nested())
    assert_symmetric(NESTED, data, nested())


BUILD_PATHS = [
    # (value, path)
    ({k: v for k, v in nested().items() if k != "id"}, "id"),
    (nested(items=[{"x": 1, "name": None}, {"x": 2}]), "items[1].name"),
    (nested(items=[{"x": 1, "name": None}, {"name": None}]), "items[1].x"),
    (nested(items=[{"x": 1, "name": None}, {"x": 300, "name": None}]), "items[1].x"),
    (nested(items=[{"x": 1, "name": None}, {"x": 1, "name": 5}]), "items[1].name"),
    (nested(items=[{"x": 1, "name": None}, None, {"x": 1, "name": None}]), "items[1]"),
    (nested(items=[{"x": 1, "name": None}, 7]), "items[1]"),
    (nested(items=None), "items"),
    (nested(items={"x": 1}), "items"),
    (nested(maybe={}), "maybe.y"),
    (nested(maybe={"y": "3"}), "maybe.y"),
    (nested(maybe=3), "maybe"),
    (nested(r={}), "r.z"),
    (nested(r={"z": 2**31}), "r.z"),
    (nested(t={"w": -1}), "t.w"),
    (nested(t=False), "t"),
    (nested(t=0), "t"),
    (nested(t={}), "t.w"),
    (nested(t=[1]), "t"),
    (nested(**{UNKNOWN_TAGS: {1: b""}}), UNKNOWN_TAGS),  # 1 is a known tag
    (nested(**{UNKNOWN_TAGS: {-1: b""}}), UNKNOWN_TAGS),
    (nested(**{UNKNOWN_TAGS: {2**32: b""}}), UNKNOWN_TAGS),
    (nested(**{UNKNOWN_TAGS: {True: b""}}), UNKNOWN_TAGS),
    (nested(**{UNKNOWN_TAGS: {"2": b""}}), UNKNOWN_TAGS),
    (nested(**{UNKNOWN_TAGS: {2: "x"}}), UNKNOWN_TAGS),
    (nested(**{UNKNOWN_TAGS: [2]}), UNKNOWN_TAGS),
]


@pytest.mark.parametrize(("value", "path"), BUILD_PATHS, ids=[p for _, p in BUILD_PATHS])
def test_build_error_names_the_field(value, path):
    assert_build_rejects(NESTED, value, EncodeError, path=path)


@pytest.mark.parametrize("value", [False, 0.0])
def test_tagged_value_equal_to_default_but_of_another_type_is_refused(value):
    """``False == 0``, yet a bool is no INT32: the field is not silently dropped as a default."""
    assert_build_rejects(TAGGED, {"a": 1, "t0": value}, EncodeError, path="t0")


def test_array_length_differs_from_count_field():
    grammar = KStruct("n" / Int8, "xs" / KArray(Int16, None, count=this.n))
    assert_build_rejects(grammar, {"n": 3, "xs": [1]}, EncodeError, path="xs", expected=3,
                         actual=1)
    assert_build_rejects(grammar, {"n": 0, "xs": [1]}, EncodeError, path="xs", expected=0,
                         actual=1)


def test_error_paths_in_top_level_arrays_keep_the_index():
    grammar = KArray(KStruct("k" / STRING))
    assert_build_rejects(grammar, [{"k": "a"}, {"k": None}], EncodeError, path="[1].k")
    assert_rejects(grammar, H("00000002" "000161" "ffff"), InvalidValueError, path="[1].k",
                   offset=7)


def test_uuid_is_not_nullable():
    """The null UUID is 16 zero bytes (Kafka's ZERO_UUID), never ``None``."""
    assert_build_rejects(Uuid, None, EncodeError, path="")
    assert_symmetric(Uuid, bytes(16), uuid.UUID(int=0))


# ============================================================================= declarations


@pytest.mark.parametrize("declare", [
    lambda: KString("int64"),
    lambda: KBytes("uvarint"),
    lambda: KArray(Int8, "int64"),
    lambda: KArray(Int8, None),
    lambda: KArray(Int8, "compact", count=this.n),
    lambda: KPrefixed("int8", Int8),
    lambda: TaggedFields([TaggedField(1, "a", Int8), TaggedField(1, "b", Int8)]),
    lambda: TaggedFields([TaggedField(1, "a", Int8), TaggedField(2, "a", Int8)]),
    lambda: TaggedFields([TaggedField(-1, "a", Int8)]),
    lambda: TaggedFields([TaggedField(2**32, "a", Int8)]),
    lambda: TaggedFields([TaggedField(0, UNKNOWN_TAGS, Int8)]),
], ids=["string-prefix", "bytes-prefix", "array-prefix", "array-no-count", "array-prefix-and-count",
        "region-prefix", "duplicate-tag", "duplicate-name", "negative-tag", "tag-too-large",
        "reserved-name"])
def test_invalid_declarations_raise_grammar_error(declare):
    """Mistakes in a declaration surface when it is made, never mid-parse."""
    with pytest.raises(GrammarError) as info:
        declare()
    assert type(info.value) is GrammarError


def test_count_without_prefix_needs_no_none():
    grammar = KStruct("n" / Int8, "xs" / KArray(Int8, count=this.n))
    assert grammar.subcons[1].subcon.prefix is None
    assert_symmetric(grammar, H("02" "0506"), {"n": 2, "xs": [5, 6]})
