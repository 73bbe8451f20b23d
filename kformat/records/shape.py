"""The per-record rules of a magic 2 batch, declared once and applied by every reader and
writer: how a record on the wire becomes a :class:`~kformat.records.model.Record` and back.

A record on the wire holds deltas (:data:`~kformat.records.batch.RecordFields`); a
:class:`Record` holds absolute values, from the batch's fields (Kafka documentation, "Record
Batch" and "Record"):

* ``offset = base_offset + offset_delta``;
* ``timestamp = base_timestamp + timestamp_delta``, except in LogAppendTime batches
  (``attributes & TIMESTAMP_TYPE_FLAG``), where every record reports the batch's
  ``max_timestamp`` and ``timestamp_type`` LOG_APPEND_TIME, as Kafka's consumers do.

:data:`RECORD_SHAPE` says which struct field fills which :class:`Record` field and which
batch fields hold the bases. The native engine lowers it to a ``RECORD`` plan node
(:mod:`kformat.engine.plan`) and makes the records in C; the Python path uses it as the
struct's factory (the values as a tuple) and :meth:`RecordShape.resolve` makes the records;
the Arrow kernels read the same rules (:meth:`RecordShape.bases`, and
:attr:`RecordShape.offset_source` / :attr:`RecordShape.timestamp_source` for the native one).
On build, :meth:`RecordShape.wire_values` computes the deltas back from the absolute values
(LogAppendTime batches keep each record's stored ``timestamp_delta``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from kformat.records.batch import TIMESTAMP_TYPE_FLAG
from kformat.records.enums import TimestampType
from kformat.records.model import RECORD_FIELDS, Record

if TYPE_CHECKING:
    from kformat.records.model import Batch

__all__ = ["RECORD_SHAPE", "RecordShape"]


@dataclass(frozen=True)
class RecordShape:
    """The record struct's fields as :class:`Record` fields, and the batch fields they need."""

    fields: tuple[str, ...]
    """The :class:`Record` field each struct field fills, in the struct's order."""
    base_offset: str = "base_offset"
    base_timestamp: str = "base_timestamp"
    max_timestamp: str = "max_timestamp"
    attributes: str = "attributes"
    log_append_time: int = TIMESTAMP_TYPE_FLAG
    """The batch attributes bit of LogAppendTime."""

    def __post_init__(self) -> None:
        if sorted(self.fields) != sorted(_FROM_WIRE):
            raise ValueError(f"a record shape names each of {_FROM_WIRE} once, not "
                             f"{self.fields}")

    @property
    def record_type(self) -> type:
        """The :class:`Record` class records are made of (the native one when built)."""
        return Record

    @property
    def slots(self) -> tuple[int, ...]:
        """Each struct field's position in :data:`~kformat.records.model.RECORD_FIELDS`."""
        return tuple(RECORD_FIELDS.index(name) for name in self.fields)

    @property
    def batch_fields(self) -> tuple[str, str, str, str]:
        """The batch fields holding the bases: base offset, base timestamp, max timestamp,
        attributes."""
        return self.base_offset, self.base_timestamp, self.max_timestamp, self.attributes

    def __call__(self, *values: Any) -> tuple[Any, ...]:
        """The Python path's factory: the struct's values as they are (see :meth:`resolve`)."""
        return values

    def bases(self, batch: Mapping[str, Any]) -> tuple[int, int | None, int, TimestampType]:
        """The bases of the records of ``batch`` (the grammar's value): ``(base_offset, the
        timestamp every record reports or None, base_timestamp, timestamp_type)``; a record's
        offset is ``base_offset + offset_delta``, its timestamp the one every record reports
        (LogAppendTime) or else ``base_timestamp + timestamp_delta``."""
        if batch[self.attributes] & self.log_append_time:
            return (batch[self.base_offset], batch[self.max_timestamp],
                    batch[self.base_timestamp], TimestampType.LOG_APPEND_TIME)
        return (batch[self.base_offset], None, batch[self.base_timestamp],
                TimestampType.CREATE_TIME)

    @property
    def offset_source(self) -> tuple[Any, ...]:
        """The offset rule as an Arrow column source (:attr:`kformat.outputs.fields.Column.source`)."""
        return ("sum", (0, self.base_offset), (1, "offset_delta"))

    @property
    def timestamp_source(self) -> tuple[Any, ...]:
        """The timestamp rule as an Arrow column source (``max`` when ``attributes & flag``)."""
        return ("timestamp", (0, self.base_timestamp), (1, "timestamp_delta"),
                (0, self.max_timestamp), (0, self.attributes), self.log_append_time)

    def resolve(self, rows: Sequence[Sequence[Any]], batch: dict[str, Any]) -> list[Record]:
        """The :class:`Record` values of ``rows`` (struct values in field order) of ``batch``."""
        get = itemgetter(*(self.fields.index(name) for name in _FROM_WIRE))
        base_offset, stamp, base, kind = self.bases(batch)
        if stamp is not None:
            return [Record(base_offset + od, stamp, k, v, h, kind, a, od, td)
                    for k, v, h, a, od, td in map(get, rows)]
        return [Record(base_offset + od, base + td, k, v, h, kind, a, od, td)
                for k, v, h, a, od, td in map(get, rows)]

    def wire_values(self, batch: Batch) -> Callable[[Record], tuple[Any, ...]]:
        """A function giving a record of ``batch`` as the struct's values, in field order:
        the deltas from the record's absolute ``offset`` and ``timestamp`` (LogAppendTime
        batches keep the record's stored ``timestamp_delta``), a header as given."""
        bo, bt = batch.base_offset, batch.base_timestamp
        order = itemgetter(*(_FROM_WIRE.index(name) for name in self.fields))
        if batch.timestamp_type:
            def values(r: Record) -> tuple[Any, ...]:
                return order((r.key, r.value, r.headers, r.attributes, r.offset - bo,  # type: ignore[no-any-return]
                              r.timestamp_delta))
        else:
            def values(r: Record) -> tuple[Any, ...]:
                return order((r.key, r.value, r.headers, r.attributes, r.offset - bo,  # type: ignore[no-any-return]
                              r.timestamp - bt))
        return values

_FROM_WIRE = ("key", "value", "headers", "attributes", "offset_delta", "timestamp_delta")
"""The :class:`Record` fields a record struct fills (the others come from the batch)."""


RECORD_SHAPE = RecordShape(fields=("attributes", "timestamp_delta", "offset_delta", "key",
                                   "value", "headers"))
""":data:`~kformat.records.batch.RecordFields` as a :class:`Record` (checked against the
grammar's field names when the plan is lowered)."""
