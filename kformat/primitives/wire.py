"""Kafka's primitive encodings as data: the fixed-width formats, the value limits and the
length prefixes (Kafka protocol guide, "Protocol Primitive Types").

Length and count prefixes come in four encodings: ``int16`` (STRING), ``int32`` (BYTES,
ARRAY, RECORDS), ``compact`` (UNSIGNED_VARINT holding N + 1, 0 for null: the COMPACT_ types
of flexible versions, KIP-482) and ``varint`` (zig-zag VARINT, -1 for null: the keys, values
and headers of a record, Kafka documentation "Record").
"""

from __future__ import annotations

import struct

from kformat.errors import GrammarError

__all__ = [
    "CANONICAL_NAN",
    "FIXED_FORMATS",
    "FLOAT64",
    "INT8",
    "INT16",
    "INT32",
    "INT64",
    "LENGTH_PREFIXES",
    "MAX_ZERO_SIZE_ELEMENTS",
    "U32_MAX",
    "U64_MAX",
    "UINT8",
    "UINT16",
    "UINT32",
    "check_prefix",
    "int_range",
]

INT8 = struct.Struct(">b")
UINT8 = struct.Struct(">B")
INT16 = struct.Struct(">h")
UINT16 = struct.Struct(">H")
INT32 = struct.Struct(">i")
UINT32 = struct.Struct(">I")
INT64 = struct.Struct(">q")
FLOAT64 = struct.Struct(">d")
CANONICAL_NAN = b"\x7f\xf8\x00\x00\x00\x00\x00\x00"
"""The one NaN float64 writes (Java's ``Double.doubleToLongBits``)."""

FIXED_FORMATS = {"INT8": INT8, "UINT8": UINT8, "INT16": INT16, "UINT16": UINT16,
                 "INT32": INT32, "UINT32": UINT32, "INT64": INT64, "FLOAT64": FLOAT64}
"""The fixed-width types by their names in Kafka's specs."""

U32_MAX = (1 << 32) - 1
U64_MAX = (1 << 64) - 1

MAX_ZERO_SIZE_ELEMENTS = 1 << 20
"""Cap on the count of an array whose elements may take zero bytes (nothing else bounds it)."""

LENGTH_PREFIXES = ("int16", "int32", "compact", "varint")


def check_prefix(prefix: str, what: str) -> str:
    """Refuse an unknown length-prefix name when a grammar is declared, not mid-parse."""
    if prefix not in LENGTH_PREFIXES:
        raise GrammarError(f"{what}: unknown length prefix {prefix!r}, expected one of "
                           f"{', '.join(LENGTH_PREFIXES)}")
    return prefix


def int_range(fmt: struct.Struct) -> tuple[int, int]:
    """The smallest and the largest integer ``fmt`` holds."""
    bits = fmt.size * 8
    if fmt.format[-1].isupper():
        return 0, (1 << bits) - 1
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
