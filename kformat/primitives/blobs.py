"""Length-prefixed strings and byte arrays (Kafka protocol guide, "Protocol Primitive Types":
STRING, NULLABLE_STRING, BYTES, NULLABLE_BYTES and their COMPACT_ forms).

One class each, parameterised by the length encoding:

* ``int16`` (STRING), ``int32`` (BYTES, RECORDS): -1 is null;
* ``compact`` (COMPACT_*): UNSIGNED_VARINT holding length + 1, 0 is null;
* ``varint`` (record keys, values and headers; Kafka documentation, "Record"): zig-zag
  VARINT, -1 is null.

A null length in a non-nullable field is rejected on parse and on build.
"""

from __future__ import annotations

from typing import Any

from kformat.primitives import runtime as rt
from kformat.primitives.base import KConstruct
from kformat.primitives.emitting import emit_call

__all__ = [
    "BYTES",
    "COMPACT_BYTES",
    "COMPACT_NULLABLE_BYTES",
    "COMPACT_NULLABLE_STRING",
    "COMPACT_STRING",
    "NULLABLE_BYTES",
    "NULLABLE_STRING",
    "STRING",
    "VARINT_BYTES",
    "VARINT_NULLABLE_BYTES",
    "VARINT_STRING",
    "KBytes",
    "KString",
]


class _Blob(KConstruct):
    reader = ""
    writer = ""

    def __init__(self, prefix: str, nullable: bool = False) -> None:
        super().__init__()
        self.prefix = rt.check_prefix(prefix, type(self).__name__)
        self.nullable = nullable
        self.min_size = {"int16": 2, "int32": 4}.get(prefix, 1)

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        return getattr(rt, self.reader)(stream, self.prefix, self.nullable, path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        return getattr(rt, self.writer)(obj, stream, self.prefix, self.nullable, path)

    def _emitparse(self, code: Any) -> str:
        return emit_call(code, f"{self.reader}(io, {self.prefix!r}, {self.nullable})")

    def _emitbuild(self, code: Any) -> str:
        return emit_call(code, f"{self.writer}(obj, io, {self.prefix!r}, {self.nullable})")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.prefix!r}, nullable={self.nullable})"


class KString(_Blob):
    """A UTF-8 string with a length prefix."""

    reader, writer = "p_text", "b_text"


class KBytes(_Blob):
    """Opaque bytes with a length prefix."""

    reader, writer = "p_blob", "b_blob"


STRING = KString("int16")
NULLABLE_STRING = KString("int16", nullable=True)
COMPACT_STRING = KString("compact")
COMPACT_NULLABLE_STRING = KString("compact", nullable=True)
BYTES = KBytes("int32")
NULLABLE_BYTES = KBytes("int32", nullable=True)
COMPACT_BYTES = KBytes("compact")
COMPACT_NULLABLE_BYTES = KBytes("compact", nullable=True)
VARINT_BYTES = KBytes("varint")
VARINT_NULLABLE_BYTES = KBytes("varint", nullable=True)
VARINT_STRING = KString("varint")
