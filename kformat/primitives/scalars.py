"""Fixed-width and variable-length numbers, booleans and UUIDs (Kafka protocol guide,
"Protocol Primitive Types").

``Int8`` .. ``Int64``, ``UInt16``, ``UInt32``, ``Float64`` (canonical NaN on write),
``Boolean`` (any non-zero byte reads as true), ``Uuid`` (16 bytes, big-endian) and the
protobuf-style varints: ``UnsignedVarInt`` (32 bits, at most 5 bytes), ``VarInt`` (zig-zag
32 bits, at most 5 bytes) and ``VarLong`` (zig-zag 64 bits, at most 10 bytes). Longer or
overflowing varints are rejected.
"""

from __future__ import annotations

import struct
from typing import Any

from kformat.primitives import runtime as rt
from kformat.primitives.base import KConstruct
from kformat.primitives.emitting import emit_call

__all__ = [
    "Boolean",
    "Float64",
    "Int8",
    "Int16",
    "Int32",
    "Int64",
    "UInt8",
    "UInt16",
    "UInt32",
    "UnsignedVarInt",
    "Uuid",
    "VarInt",
    "VarLong",
]


class FixedNumber(KConstruct):
    """A big-endian fixed-width number; range-checked on build."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind
        self.fmt: struct.Struct = rt.FIXED_FORMATS[kind]
        self.min_size = self.fmt.size

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        return rt.p_fixed(stream, self.fmt, path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        return rt.b_fixed(obj, stream, self.fmt, path)

    def _sizeof(self, context: Any, path: str) -> int:
        return self.fmt.size

    def _emitparse(self, code: Any) -> str:
        return emit_call(code, f"p_fixed(io, {self.kind})")

    def _emitbuild(self, code: Any) -> str:
        return emit_call(code, f"b_fixed(obj, io, {self.kind})")

    def __repr__(self) -> str:
        return self.kind


class _Simple(KConstruct):
    """A block defined by one runtime reader and one runtime writer."""

    reader = ""
    writer = ""
    size: int | None = None

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        return getattr(rt, self.reader)(stream, path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        return getattr(rt, self.writer)(obj, stream, path)

    def _sizeof(self, context: Any, path: str) -> int:
        if self.size is None:
            size: int = super()._sizeof(context, path)  # construct's: raises SizeofError
            return size
        return self.size

    def _emitparse(self, code: Any) -> str:
        return emit_call(code, f"{self.reader}(io)")

    def _emitbuild(self, code: Any) -> str:
        return emit_call(code, f"{self.writer}(obj, io)")

    def __repr__(self) -> str:
        return type(self).__name__


class BooleanType(_Simple):
    reader, writer, size, min_size = "p_bool", "b_bool", 1, 1


class UuidType(_Simple):
    reader, writer, size, min_size = "p_uuid", "b_uuid", 16, 16


class UnsignedVarIntType(_Simple):
    reader, writer = "p_uvarint", "b_uvarint"


class VarIntType(_Simple):
    reader, writer = "p_varint", "b_varint"


class VarLongType(_Simple):
    reader, writer = "p_varlong", "b_varlong"


Int8 = FixedNumber("INT8")
UInt8 = FixedNumber("UINT8")
Int16 = FixedNumber("INT16")
UInt16 = FixedNumber("UINT16")
Int32 = FixedNumber("INT32")
UInt32 = FixedNumber("UINT32")
Int64 = FixedNumber("INT64")
Float64 = FixedNumber("FLOAT64")
Boolean = BooleanType()
Uuid = UuidType()
UnsignedVarInt = UnsignedVarIntType()
VarInt = VarIntType()
VarLong = VarLongType()
