"""The columns of the ``kafka-segments`` data source.

The record and batch columns are declared in :mod:`kformat.outputs.fields` (shared with
:func:`kformat.records.to_arrow`) and re-exported here; :func:`ddl` and
:func:`arrow_schema` are two views of the same list. The first eight columns are those of
Spark's own Kafka source; the batch columns follow; ``decode=...`` adds
:data:`DECODE_COLUMNS` and the key fields of its topic (:data:`TOPIC_COLUMNS`).
"""

from __future__ import annotations

import functools

import pyarrow as pa

from kformat.outputs.fields import (
    BATCH_COLUMNS,
    KAFKA_COLUMNS,
    Column,
    headers_type,
    markdown_table,
    timestamp_type,
)

__all__ = [
    "BATCH_COLUMNS",
    "CORRUPT_COLUMN",
    "CORRUPT_SPARK",
    "CORRUPT_TYPE",
    "DECODE_COLUMNS",
    "DECODE_MODES",
    "HEADERS_TYPE",
    "KAFKA_COLUMNS",
    "TIMESTAMP_TYPE",
    "TOPIC_COLUMNS",
    "Column",
    "arrow_schema",
    "columns",
    "ddl",
    "decode_topic",
    "markdown_table",
    "select_ddl",
]

HEADERS_TYPE = headers_type()
TIMESTAMP_TYPE = timestamp_type()

CORRUPT_COLUMN = "_corrupt"
CORRUPT_SPARK = ("struct<file:string,position:bigint,length:bigint,errorClass:string,"
                 "reason:string,offset:bigint>")
CORRUPT_TYPE = pa.struct([pa.field("file", pa.string()), pa.field("position", pa.int64()),
                          pa.field("length", pa.int64()), pa.field("errorClass", pa.string()),
                          pa.field("reason", pa.string()), pa.field("offset", pa.int64())])
"""``mode=PERMISSIVE``: one row per unreadable stretch of a segment has this column set
(the file, the stretch's position and length, the error's class, reason and absolute
offset); it is null in rows of records."""

DECODE_COLUMNS: tuple[Column, ...] = (
    Column("recordType", "int", "int32",
           "record type (from the key; metadata topics: from the value frame; control "
           "records: the control type)"),
    Column("keySchema", "string", "string", "key schema name, e.g. OffsetCommitKey"),
    Column("keyVersion", "int", "int32", "version the key was read at"),
    Column("valueSchema", "string", "string", "value schema name, e.g. TopicRecord"),
    Column("valueVersion", "int", "int32", "version the value was read at"),
    Column("keyJson", "string", "string", "decoded key as JSON (kformat.jsonable)"),
    Column("valueJson", "string", "string", "decoded value as JSON; null for tombstones"),
    Column("decodeError", "string", "string",
           "the decode error (class: reason at path/offset) when the record does not decode"),
)

TOPIC_COLUMNS: dict[str, tuple[Column, ...]] = {
    "consumer_offsets": (
        Column("group", "string", "string", "key `group` / `group_id`"),
        Column("offsetTopic", "string", "string", "OffsetCommitKey `topic`"),
        Column("offsetPartition", "int", "int32", "OffsetCommitKey `partition`"),
        Column("committedOffset", "bigint", "int64", "OffsetCommitValue `offset`"),
    ),
    "transaction_state": (
        Column("transactionalId", "string", "string", "TransactionLogKey"),
        Column("txnProducerId", "bigint", "int64", "TransactionLogValue `producer_id`"),
        Column("txnStatus", "int", "int32", "TransactionLogValue `transaction_status`"),
    ),
    "cluster_metadata": (
        Column("name", "string", "string", "the value's `name` (topics, features...)"),
        Column("topicId", "string", "string", "the value's `topic_id` (UUID text)"),
    ),
    "share_group_state": (
        Column("group", "string", "string", "key `group_id`"),
    ),
    "remote_log_metadata": (),
}

DECODE_MODES = tuple(TOPIC_COLUMNS)


def decode_topic(mode: str) -> str:
    """The internal topic a ``decode`` mode reads (``consumer_offsets`` -> ``__consumer_offsets``)."""
    if mode not in TOPIC_COLUMNS:
        raise ValueError(f"decode must be one of {', '.join(DECODE_MODES)}, not {mode!r}")
    return f"__{mode}"


def columns(decode: str | None = None) -> tuple[Column, ...]:
    """Every column, in order, for the given ``decode`` mode (None: no decoding)."""
    if not decode:
        return KAFKA_COLUMNS + BATCH_COLUMNS
    decode_topic(decode)
    return KAFKA_COLUMNS + BATCH_COLUMNS + DECODE_COLUMNS + TOPIC_COLUMNS[decode]


def ddl(decode: str | None = None, corrupt: bool = False) -> str:
    """The Spark schema as a DDL string (``corrupt``: with the ``_corrupt`` column)."""
    text = ", ".join(f"`{c.name}` {c.spark}" for c in columns(decode))
    return f"{text}, `{CORRUPT_COLUMN}` {CORRUPT_SPARK}" if corrupt else text


@functools.cache
def arrow_schema(decode: str | None = None, corrupt: bool = False) -> pa.Schema:
    """The Arrow schema of the rows read with the given ``decode`` mode (made once: every
    split of a read asks for it, twice)."""
    fields = [c.field() for c in columns(decode)]
    if corrupt:
        fields.append(pa.field(CORRUPT_COLUMN, CORRUPT_TYPE))
    return pa.schema(fields)


def select_ddl(names: list[str] | tuple[str, ...] | None, decode: str | None = None,
               corrupt: bool = False) -> str:
    """The DDL of the columns ``names`` (None: all) of :func:`ddl` ``(decode, corrupt)``."""
    if names is None:
        return ddl(decode, corrupt)
    types = {c.name: c.spark for c in columns(decode)}
    if corrupt:
        types[CORRUPT_COLUMN] = CORRUPT_SPARK
    unknown = [n for n in names if n not in types]
    if unknown:
        raise ValueError(f"unknown columns {unknown}; columns: {', '.join(types)}")
    return ", ".join(f"`{n}` {types[n]}" for n in names)
