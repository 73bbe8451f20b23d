"""Length-prefixed strings and byte arrays (seed 004, "String Types" and "Bytes Types").

One class each, parameterised by the length encoding:

* ``int16`` (STRING), ``int32`` (BYTES, RECORDS): -1 is null;
* ``compact`` (COMPACT_*): UNSIGNED_VARINT holding length + 1, 0 is null;
* ``varint`` (record keys, values and headers, seed 000): zig-zag VARINT, -1 is null.

A null length in a non-nullable field is rejected on parse and on build.
"""

from __future__ import annotations

from typing import Any

from kformat.primitives import _runtime as rt
from kformat.primitives import inline
from kformat.primitives.base import KConstruct

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
        self._runtime(code)
        fast = "_fast" if self.prefix != "varint" else ""  # rt.p_text_fast, rt.p_blob_fast
        return f"{self.reader}{fast}(io, {self.prefix!r}, {self.nullable})"

    def _emitbuild(self, code: Any) -> str:
        self._runtime(code)
        fast = "_fast" if self.prefix != "varint" else ""  # rt.b_text_fast, rt.b_blob_fast
        return f"{self.writer}{fast}(obj, io, {self.prefix!r}, {self.nullable})"

    def _inline_ok(self) -> bool:
        return True

    def _inline_parse(self, code: Any, at: inline.Region, target: str) -> list[str]:
        return inline.blob(at, target, self.prefix, self.nullable, self.reader == "p_text")

    def _inline_build(self, value: str, parts: inline.Parts) -> None:
        inline.blob_build(value, parts, self.prefix, self.nullable, self.writer == "b_text")

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
