"""The table of batch output fields, declared once: their JSON names (docs/json.md) and the
Spark columns that carry them (docs/spark.md).

``kformat records decode``, the ``batches`` summary of a protocol ``records`` field
(``kformat decode``, :mod:`kformat.jsonable`) and ``kformat dump --json`` write a batch as
:func:`batch_json`: the fields of :data:`BATCH_FIELDS`, in that order, with snake_case names.
Each field names the Spark column that carries the same value (``kafka-segments``, docs/spark.md)
where there is one; a test holds the two tables together.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kformat.records.enums import Codec, TimestampType, json_name
from kformat.records.model import Batch

__all__ = [
    "BATCH_FIELDS",
    "BatchField",
    "add_sequence",
    "batch_json",
    "markdown_table",
    "snake",
    "timestamp_type_of",
]

_INT32_MAX = (1 << 31) - 1


def add_sequence(base: int, delta: int) -> int:
    """``DefaultRecordBatch.incrementSequence``: sequences wrap to 0 after INT32 max; -1 stays."""
    if base < 0:
        return -1
    if base > _INT32_MAX - delta:
        return delta - (_INT32_MAX - base) - 1
    return base + delta


def timestamp_type_of(batch: Batch) -> TimestampType:
    """What the batch's timestamps mean; magic 0 has none (Kafka's ``NO_TIMESTAMP_TYPE``)."""
    if batch.magic == 0:
        return TimestampType.NO_TIMESTAMP_TYPE
    return TimestampType.LOG_APPEND_TIME if batch.timestamp_type else TimestampType.CREATE_TIME


def snake(name: str) -> str:
    """``baseOffset`` -> ``base_offset`` (Kafka's and Spark's camelCase to JSON's snake_case)."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


@dataclass(frozen=True)
class BatchField:
    """One batch field of the JSON output: ``name`` (snake_case), how to ``get`` it from a
    :class:`~kformat.records.model.Batch`, the ``spark`` column holding it (or None) and
    ``doc``."""

    name: str
    get: Callable[[Batch], Any]
    doc: str
    spark: str | None = None


BATCH_FIELDS: tuple[BatchField, ...] = (
    BatchField("base_offset", lambda b: b.base_offset,
               "first offset of the batch (magic 0/1: of the wrapper's first inner message)",
               "baseOffset"),
    BatchField("last_offset", lambda b: b.last_offset, "base_offset + last_offset_delta"),
    BatchField("last_offset_delta", lambda b: b.last_offset_delta, "-1 for an empty batch"),
    BatchField("record_count", lambda b: len(b.records), "records in the batch"),
    BatchField("magic", lambda b: b.magic, "0, 1 or 2", "magic"),
    BatchField("codec", lambda b: json_name(b.codec, Codec),
               "none, gzip, snappy, lz4 or zstd", "codec"),
    BatchField("timestamp_type", lambda b: json_name(timestamp_type_of(b), TimestampType),
               "create_time, log_append_time, or no_timestamp_type (magic 0)"),
    BatchField("base_timestamp", lambda b: b.base_timestamp,
               "ms since the epoch (magic 2: the first record's; -1 when none)"),
    BatchField("max_timestamp", lambda b: b.max_timestamp, "the batch's largest timestamp"),
    BatchField("producer_id", lambda b: b.producer_id, "-1 when none (and on magic 0/1)",
               "producerId"),
    BatchField("producer_epoch", lambda b: b.producer_epoch, "-1 when none", "producerEpoch"),
    BatchField("base_sequence", lambda b: b.base_sequence, "-1 when none", "baseSequence"),
    BatchField("last_sequence", lambda b: add_sequence(b.base_sequence, b.last_offset_delta),
               "base_sequence + last_offset_delta, wrapping as Kafka does; -1 when none"),
    BatchField("partition_leader_epoch", lambda b: b.partition_leader_epoch,
               "-1 when none (and on magic 0/1)"),
    BatchField("is_transactional", lambda b: b.is_transactional, "attributes bit 4",
               "isTransactional"),
    BatchField("is_control", lambda b: b.is_control,
               "attributes bit 5 (transaction markers...)", "isControl"),
    BatchField("has_delete_horizon", lambda b: b.has_delete_horizon,
               "attributes bit 6: base_timestamp is the delete horizon"),
    BatchField("crc", lambda b: b.crc, "the stored CRC (CRC-32C for magic 2, CRC-32 before)"),
    BatchField("crc_valid", lambda b: b.crc_valid,
               "false when the stored CRC does not match; null when checks were off",
               "crcValid"),
    BatchField("attributes", lambda b: b.attributes, "the attributes as stored"),
    BatchField("position", lambda b: b.position, "byte position of the batch in the input",
               "position"),
    BatchField("size", lambda b: b.size, "bytes on the wire"),
)
"""Every batch field of the JSON output, in order."""


def batch_json(batch: Batch) -> dict[str, Any]:
    """The JSON form of a batch (without its records)."""
    return {f.name: f.get(batch) for f in BATCH_FIELDS}


def markdown_table() -> str:
    """The fields as docs/json.md shows them (a test keeps the page equal to this)."""
    lines = ["| field | Spark column | meaning |", "|---|---|---|"]
    lines += [f"| `{f.name}` | {f'`{f.spark}`' if f.spark else ''} | {f.doc} |"
              for f in BATCH_FIELDS]
    return "\n".join(lines)
