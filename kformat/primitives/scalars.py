"""Fixed-width and variable-length numbers, booleans and UUIDs (seed 004, "Integer Types").

``Int8`` .. ``Int64``, ``UInt16``, ``UInt32``, ``Float64`` (canonical NaN on write),
``Boolean`` (any non-zero byte reads as true), ``Uuid`` (16 bytes, big-endian) and the
protobuf-style varints: ``UnsignedVarInt`` (32 bits, at most 5 bytes), ``VarInt`` (zig-zag
32 bits, at most 5 bytes) and ``VarLong`` (zig-zag 64 bits, at most 10 bytes). Longer or
overflowing varints are rejected, as the seed requires.
"""

from __future__ import annotations

import struct
from typing import Any

from kformat.primitives import _runtime as rt
from kformat.primitives.base import KConstruct

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

_FORMATS = {"INT8": rt.INT8, "UINT8": rt.UINT8, "INT16": rt.INT16, "UINT16": rt.UINT16,
            "INT32": rt.INT32, "UINT32": rt.UINT32, "INT64": rt.INT64, "FLOAT64": rt.FLOAT64}


class FixedNumber(KConstruct):
    """A big-endian fixed-width number; range-checked on build."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind
        self.fmt: struct.Struct = _FORMATS[kind]
        self.min_size = self.fmt.size

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        return rt.p_fixed(stream, self.fmt, path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        return rt.b_fixed(obj, stream, self.fmt, path)

    def _sizeof(self, context: Any, path: str) -> int:
        return self.fmt.size

    def _emitparse(self, code: Any) -> str:
        self._runtime(code)
        return f"p_{self.kind.lower()}(io)"  # rt.p_int32... (the fast path of p_fixed)

    def _emitbuild(self, code: Any) -> str:
        self._runtime(code)
        if self.fmt is rt.FLOAT64:
            return f"b_fixed(obj, io, _rt.{self.kind})"
        return f"b_{self.kind.lower()}(obj, io)"  # rt.b_int32... (the fast path of b_fixed)

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
            return super()._sizeof(context, path)
        return self.size

    def _emitparse(self, code: Any) -> str:
        self._runtime(code)
        return f"{self.reader}(io)"

    def _emitbuild(self, code: Any) -> str:
        self._runtime(code)
        return f"{self.writer}(obj, io)"

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
