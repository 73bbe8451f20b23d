"""Kafka's primitive types as construct building blocks (Kafka protocol guide, "Protocol
Primitive Types").

Each block parses and builds under construct's interpreter and emits code for
``construct.compile()``; see :mod:`kformat.primitives.fast`.
"""

from kformat.primitives.arrays import KArray, KGreedy
from kformat.primitives.blobs import (
    BYTES,
    COMPACT_BYTES,
    COMPACT_NULLABLE_BYTES,
    COMPACT_NULLABLE_STRING,
    COMPACT_STRING,
    NULLABLE_BYTES,
    NULLABLE_STRING,
    STRING,
    VARINT_BYTES,
    VARINT_NULLABLE_BYTES,
    VARINT_STRING,
    KBytes,
    KString,
)
from kformat.primitives.fast import CompiledGrammar, build_interpreted, parse_interpreted
from kformat.primitives.regions import KPrefixed
from kformat.primitives.scalars import (
    Boolean,
    Float64,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UnsignedVarInt,
    Uuid,
    VarInt,
    VarLong,
)
from kformat.primitives.structs import Flatten, KStruct, Presence
from kformat.primitives.tagged import DEFAULTS_ON_WIRE, UNKNOWN_TAGS, TaggedField, TaggedFields

__all__ = [
    "BYTES",
    "COMPACT_BYTES",
    "COMPACT_NULLABLE_BYTES",
    "COMPACT_NULLABLE_STRING",
    "COMPACT_STRING",
    "DEFAULTS_ON_WIRE",
    "NULLABLE_BYTES",
    "NULLABLE_STRING",
    "STRING",
    "UNKNOWN_TAGS",
    "VARINT_BYTES",
    "VARINT_NULLABLE_BYTES",
    "VARINT_STRING",
    "Boolean",
    "CompiledGrammar",
    "Flatten",
    "Float64",
    "Int8",
    "Int16",
    "Int32",
    "Int64",
    "KArray",
    "KBytes",
    "KGreedy",
    "KPrefixed",
    "KString",
    "KStruct",
    "Presence",
    "TaggedField",
    "TaggedFields",
    "UInt8",
    "UInt16",
    "UInt32",
    "UnsignedVarInt",
    "Uuid",
    "VarInt",
    "VarLong",
    "build_interpreted",
    "parse_interpreted",
]
