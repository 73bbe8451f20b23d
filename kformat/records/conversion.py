"""The conversion between :class:`~kformat.records.model.Batch` and the values of the magic 2
grammar (:data:`kformat.records.batch.RecordBatchV2`): it lives here and only here.

The grammar is compiled with factories, so its records come out as :class:`Record` values
(headers as ``(key, value)`` tuples) and go in as tuples of their fields, made as the
grammar reads them:

* ``record.offset = base_offset + offset_delta``; ``record.timestamp = base_timestamp +
  timestamp_delta``, except in LogAppendTime batches (attributes bit 3), where every record
  reports the batch's ``max_timestamp``, as Kafka's consumers do
  (:mod:`kformat.records.shape`).
* On build the deltas come from the absolute ``offset`` and ``timestamp`` of each record
  (they agree with the stored deltas for a parsed or made batch; when you edit one, the
  absolute value wins), except that LogAppendTime batches keep each record's stored
  ``timestamp_delta``. The attributes are the named fields (``codec``, ``timestamp_type``,
  ``is_transactional``, ``is_control``, ``has_delete_horizon``) over the unknown bits 7-15
  of ``batch.attributes``. The CRC is always computed.
* A parsed compressed batch keeps its compressed bytes (``batch.raw_records``); they are
  written back unchanged while they still decompress to the records being built, so an
  unmodified batch rebuilds byte for byte whichever compressor wrote it. Otherwise the
  records are compressed the Java client's way (:mod:`kformat.records.codecs`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

from kformat.errors import EncodeError
from kformat.primitives import CompiledGrammar
from kformat.records.batch import (
    BATCH_OVERHEAD,
    CODEC_MASK,
    HEADER_SIZE,
    Header,
    RecordBatchV2,
    RecordFields,
)
from kformat.records.blocks import RAW_RECORDS
from kformat.records.codecs import Codec
from kformat.records.framing import NAMED_FLAGS, flag_bits, named_flags
from kformat.records.model import Batch, PythonRecord, Record
from kformat.records.shape import RECORD_SHAPE

__all__ = [
    "RECORD_TYPES",
    "RecordValues",
    "attributes_of",
    "check_records",
    "codec_of",
    "from_v2",
    "v2_grammar",
    "v2_records",
    "v2_value",
]

_FLAGS = CODEC_MASK | NAMED_FLAGS  # the attribute bits the named Batch fields stand for

RECORD_TYPES = (Record,) if Record is PythonRecord else (Record, PythonRecord)
"""What counts as a record: the native type, and the pure-Python twin (tests make both)."""


@cache
def v2_grammar() -> CompiledGrammar:
    """RecordBatchV2, records parsed as :data:`~kformat.records.shape.RECORD_SHAPE` says
    (native engine: straight into :class:`Record` values; Python path: tuples that
    :func:`from_v2` resolves), headers into ``(key, value)`` tuples."""
    return CompiledGrammar(RecordBatchV2, "RecordBatchV2",
                           factories={RecordFields: RECORD_SHAPE, Header: tuple})


def from_v2(v: dict[str, Any], chunk: bytes, pos: int, verified: bool) -> Batch:
    """The :class:`Batch` of the grammar value ``v`` parsed from ``chunk`` at ``pos``."""
    attributes = v["attributes"]
    codec = attributes & CODEC_MASK
    base_offset = v["base_offset"]
    records = v["records"]
    if records and records[0].__class__ is tuple:  # the Python path: values, not Records
        records = RECORD_SHAPE.resolve(records, v)
    return Batch(
        base_offset=base_offset,
        magic=2,
        codec=codec,
        records=records,
        partition_leader_epoch=v["partition_leader_epoch"],
        crc=v["crc"],
        attributes=attributes,
        **named_flags(attributes),
        last_offset_delta=v["last_offset_delta"],
        base_timestamp=v["base_timestamp"],
        max_timestamp=v["max_timestamp"],
        producer_id=v["producer_id"],
        producer_epoch=v["producer_epoch"],
        base_sequence=v["base_sequence"],
        batch_length=len(chunk) - BATCH_OVERHEAD,
        position=pos,
        size=len(chunk),
        crc_valid=True if verified else None,
        raw_records=chunk[HEADER_SIZE:] if codec else None,
    )


def codec_of(value: Any, path: str = "codec") -> Codec:
    """``value`` (a :class:`Codec`, its id or its name) as a :class:`Codec`."""
    if isinstance(value, str):
        try:
            return Codec[value.upper()]
        except KeyError:
            pass
    elif not isinstance(value, bool) and isinstance(value, int):
        try:
            return Codec(value)
        except ValueError:
            pass
    raise EncodeError("unknown compression codec", path=path, expected=[c.name.lower()
                      for c in Codec], actual=value)


def attributes_of(batch: Batch) -> int:
    """The ``attributes`` of a magic 2 batch: its named fields over its unknown bits."""
    if not isinstance(batch.attributes, int):
        raise EncodeError("attributes needs an int", path="attributes",
                          actual=type(batch.attributes).__name__)
    return (batch.attributes & ~_FLAGS) | codec_of(batch.codec) | flag_bits(batch)


class RecordValues(Sequence[tuple[Any, ...]]):
    """A batch's records as the grammar's positional values
    (:meth:`~kformat.records.shape.RecordShape.wire_values`; a header is its ``(key, value)``
    tuple as given), made one at a time as the grammar reads them: no list of tuples to
    allocate and keep. Anything unusual is left to the grammar to refuse."""

    __slots__ = ("_records", "_values")

    def __init__(self, batch: Batch) -> None:
        self._records = batch.records
        self._values = RECORD_SHAPE.wire_values(batch)

    def __len__(self) -> int:
        return len(self._records)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return list(map(self._values, self._records[index]))
        return self._values(self._records[index])

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return map(self._values, self._records)


def v2_records(batch: Batch) -> list[dict[str, Any]]:
    """The records as grammar dicts, accepting any ``(key, value)`` pair as a header."""
    names = RECORD_SHAPE.fields
    try:
        rows = [dict(zip(names, values, strict=True)) for values in RecordValues(batch)]
        for row in rows:
            row["headers"] = [{"key": k, "value": v} for k, v in row["headers"]]
    except (AttributeError, TypeError, ValueError) as exc:
        check_records(batch)
        raise EncodeError(f"cannot convert the records: {exc}", path="records") from None
    return rows


def check_records(batch: Batch) -> None:
    """Raise the :class:`EncodeError` naming what is not a record. A :class:`Record` needs no
    more checks: its fields were checked when it was made, and it cannot change."""
    if not isinstance(batch.records, list | tuple):
        raise EncodeError("records need a list", path="records",
                          actual=type(batch.records).__name__)
    for i, r in enumerate(batch.records):
        if not isinstance(r, RECORD_TYPES):
            raise EncodeError("records must be Record values (see make_batch)",
                              path=f"records[{i}]", actual=type(r).__name__)


def v2_value(batch: Batch, records: Sequence[Any]) -> dict[str, Any]:
    """The grammar value of ``batch`` with ``records`` as its records."""
    value = {
        "base_offset": batch.base_offset,
        "partition_leader_epoch": batch.partition_leader_epoch,
        "magic": 2,
        "attributes": attributes_of(batch),
        "last_offset_delta": batch.last_offset_delta,
        "base_timestamp": batch.base_timestamp,
        "max_timestamp": batch.max_timestamp,
        "producer_id": batch.producer_id,
        "producer_epoch": batch.producer_epoch,
        "base_sequence": batch.base_sequence,
        "record_count": len(batch.records),
        "records": records,
    }
    if batch.raw_records is not None:
        value[RAW_RECORDS] = batch.raw_records
    return value

