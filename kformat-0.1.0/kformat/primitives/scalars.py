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
from kformat.primitives import inline
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

    # ---------------------------------------------------------------- inline
    def _inline_ok(self) -> bool:
        return True

    def _inline_parse(self, code: Any, at: inline.Region, target: str) -> list[str]:
        d, p = at.data, at.pos
        if self.kind == "INT8":
            return [f"{target} = ({d}[{p}] ^ 0x80) - 0x80", f"{p} += 1"]
        if self.kind == "UINT8":
            return [f"{target} = {d}[{p}]", f"{p} += 1"]
        return [f"{target}, = {self.kind}.unpack_from({d}, {p})", f"{p} += {self.fmt.size}"]

    def _inline_build(self, value: str, parts: inline.Parts) -> None:
        if self.fmt is rt.FLOAT64:
            parts.add([], [f"encoded(b_fixed, {value}, FLOAT64)"])
            return
        general = f"encoded(b_{self.kind.lower()}, {value})"
        if self.fmt.size == 1:  # a table of the 256 values (a KeyError refuses the others)
            parts.add([], [f"({self.kind}_BYTES[{value}] if {value}.__class__ is int "
                           f"else {general})"])
            return
        lo, hi = rt._int_range(self.fmt)
        parts.add([], [f"({self.kind}.pack({value}) if {value}.__class__ is int and "
                       f"{lo} <= {value} <= {hi} else {general})"])

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

    # ---------------------------------------------------------------- inline
    def _inline_ok(self) -> bool:
        return True

    def _inline_parse(self, code: Any, at: inline.Region, target: str) -> list[str]:
        d, p = at.data, at.pos
        if self.reader == "p_bool":
            return [f"{target} = {d}[{p}] != 0", f"{p} += 1"]
        if self.reader == "p_uuid":
            return [f"{target} = uuid.UUID(bytes={d}[{p}:{p} + 16])", f"{p} += 16"]
        if self.reader == "p_uvarint":
            return inline.uvarint(at, target, 5, "U32_MAX")
        wide = self.reader == "p_varlong"  # else p_varint: zig-zag 32 bits
        return [*inline.uvarint(at, target, 10 if wide else 5, "U64_MAX" if wide else "U32_MAX"),
                f"{target} = ({target} >> 1) ^ -({target} & 1)"]

    def _inline_build(self, value: str, parts: inline.Parts) -> None:
        general = f"encoded({self.writer}, {value})"
        if self.writer == "b_bool":
            fast = f"(b'\\x01' if {value} is True else b'\\x00' if {value} is False else {general})"
        elif self.writer == "b_uuid":
            fast = f"({value}.bytes if {value}.__class__ is uuid.UUID else {general})"
        elif self.writer == "b_uvarint":
            fast = (f"(UVARINT14[{value}] if {value}.__class__ is int and "
                    f"0 <= {value} < 0x4000 else {general})")
        else:  # zig-zag: -8192..8191 by table, the rest (and a bool's None) in general
            fast = f"(({value}.__class__ is int and ZIGZAG14.get({value})) or {general})"
        parts.add([], [fast])

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
