"""The ``records`` field type: RECORDS / COMPACT_RECORDS holding record batches.

A parsed ``records`` field is a :class:`RecordSet`: the raw bytes as they were on the wire
(``.raw``) and, decoded on first access by the records layer, the batches (``.batches``,
with ``.truncated`` for the partial batch a fetch response may end with). Build from a
``RecordSet``, raw ``bytes``, or a list of :class:`~kformat.records.model.Batch`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kformat.errors import EncodeError
from kformat.primitives import runtime as rt
from kformat.primitives.base import KConstruct

__all__ = ["RecordSet", "RecordsField", "to_records_bytes"]


class RecordSet:
    """Record batches as raw bytes, decoded lazily."""

    __slots__ = ("_batches", "raw")

    def __init__(self, raw: bytes = b"") -> None:
        self.raw = bytes(raw)
        self._batches: Any = None

    @classmethod
    def from_batches(cls, batches: Iterable[Any]) -> RecordSet:
        from kformat.records.api import build_batch

        return cls(b"".join(build_batch(b) for b in batches))

    @property
    def batches(self) -> Any:
        """The decoded batches (a ``Batches`` list with ``.truncated``)."""
        if self._batches is None:
            from kformat.records.api import parse_batches

            self._batches = parse_batches(self.raw)
        return self._batches

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RecordSet):
            return self.raw == other.raw
        if isinstance(other, bytes | bytearray):
            return self.raw == bytes(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.raw)

    def __len__(self) -> int:
        return len(self.raw)

    def __repr__(self) -> str:
        return f"RecordSet({len(self.raw)} bytes)"

    def __deepcopy__(self, memo: dict[int, Any]) -> RecordSet:
        return RecordSet(self.raw)


def to_records_bytes(obj: Any, path: str = "") -> bytes | None:
    """Raw bytes for a ``records`` value given as RecordSet, bytes or batches."""
    if obj is None:
        return None
    if isinstance(obj, RecordSet):
        return obj.raw
    if isinstance(obj, bytes | bytearray | memoryview):
        return bytes(obj)
    if isinstance(obj, list | tuple):
        return RecordSet.from_batches(obj).raw
    raise EncodeError("records field needs a RecordSet, bytes or a list of batches",
                      path=path, actual=type(obj).__name__)


def parse_records(io: Any, prefix: str, nullable: bool, path: str = "") -> RecordSet | None:
    raw = rt.p_blob(io, prefix, nullable, path)
    return None if raw is None else RecordSet(raw)


def build_records(obj: Any, io: Any, prefix: str, nullable: bool, path: str = "") -> Any:
    rt.b_blob(to_records_bytes(obj, path), io, prefix, nullable, path)
    return obj


class RecordsField(KConstruct):
    """RECORDS (INT32 length) or COMPACT_RECORDS (UNSIGNED_VARINT length + 1)."""

    def __init__(self, prefix: str, nullable: bool = True) -> None:
        super().__init__()
        self.prefix = prefix
        self.nullable = nullable
        self.min_size = 4 if prefix == "int32" else 1

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        return parse_records(stream, self.prefix, self.nullable, path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        return build_records(obj, stream, self.prefix, self.nullable, path)

    def _emitparse(self, code: Any) -> str:
        code.append("from kformat.spec.records_field import parse_records, build_records")
        return f"parse_records(io, {self.prefix!r}, {self.nullable})"

    def _emitbuild(self, code: Any) -> str:
        code.append("from kformat.spec.records_field import parse_records, build_records")
        return f"build_records(obj, io, {self.prefix!r}, {self.nullable})"

    def __repr__(self) -> str:
        return f"RecordsField({self.prefix!r}, nullable={self.nullable})"
