"""The columns of the ``kafka-segments`` data source, declared once for Spark and Arrow.

Each :class:`Column` carries its Spark SQL type (for the data source's schema) and its Arrow
type (for the record batches the reader yields); :func:`ddl` and :func:`arrow_schema` are
two views of the same list. The first eight columns are those of Spark's own Kafka source;
the batch columns follow; ``decode=...`` adds :data:`DECODE_COLUMNS` and the key fields of
its topic (:data:`TOPIC_COLUMNS`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pyarrow as pa

__all__ = [
    "BATCH_COLUMNS",
    "DECODE_COLUMNS",
    "DECODE_MODES",
    "HEADERS_TYPE",
    "KAFKA_COLUMNS",
    "TOPIC_COLUMNS",
    "Column",
    "arrow_schema",
    "columns",
    "ddl",
    "decode_topic",
    "markdown_table",
]

HEADERS_TYPE = pa.list_(pa.struct([pa.field("key", pa.string()),
                                   pa.field("value", pa.binary())]))
TIMESTAMP_TYPE = pa.timestamp("us", tz="UTC")


@dataclass(frozen=True)
class Column:
    name: str
    spark: str
    arrow: pa.DataType
    doc: str


KAFKA_COLUMNS: tuple[Column, ...] = (
    Column("key", "binary", pa.binary(), "record key (null when null)"),
    Column("value", "binary", pa.binary(), "record value (null when null)"),
    Column("topic", "string", pa.string(),
           "from the directory name `<topic>-<partition>` (split on the last '-')"),
    Column("partition", "int", pa.int32(), "from the directory name; null if it has none"),
    Column("offset", "bigint", pa.int64(), "absolute record offset"),
    Column("timestamp", "timestamp", TIMESTAMP_TYPE,
           "record timestamp (LogAppendTime batches: the batch's max timestamp); "
           "null on magic 0"),
    Column("timestampType", "int", pa.int32(),
           "0 CreateTime, 1 LogAppendTime, -1 none (magic 0)"),
    Column("headers", "array<struct<key:string,value:binary>>", HEADERS_TYPE,
           "record headers in order (empty on magic 0/1)"),
)

BATCH_COLUMNS: tuple[Column, ...] = (
    Column("baseOffset", "bigint", pa.int64(),
           "first offset of the batch (magic 0/1: of the wrapper's first inner message)"),
    Column("magic", "int", pa.int32(), "0, 1 or 2"),
    Column("codec", "string", pa.string(), "none, gzip, snappy, lz4 or zstd"),
    Column("producerId", "bigint", pa.int64(), "-1 when none (and on magic 0/1)"),
    Column("producerEpoch", "int", pa.int32(), "-1 when none"),
    Column("baseSequence", "int", pa.int32(), "-1 when none"),
    Column("isTransactional", "boolean", pa.bool_(), "attributes bit 4"),
    Column("isControl", "boolean", pa.bool_(), "attributes bit 5 (transaction markers...)"),
    Column("crcValid", "boolean", pa.bool_(),
           "false when the stored CRC does not match; null with verifyCrc=false"),
    Column("segment", "string", pa.string(), "the file, as listed"),
    Column("position", "bigint", pa.int64(), "byte position of the batch in the file"),
)

DECODE_COLUMNS: tuple[Column, ...] = (
    Column("recordType", "int", pa.int32(),
           "record type (from the key; metadata topics: from the value frame; control "
           "records: the control type)"),
    Column("keySchema", "string", pa.string(), "key schema name, e.g. OffsetCommitKey"),
    Column("keyVersion", "int", pa.int32(), "version the key was read at"),
    Column("valueSchema", "string", pa.string(), "value schema name, e.g. TopicRecord"),
    Column("valueVersion", "int", pa.int32(), "version the value was read at"),
    Column("keyJson", "string", pa.string(), "decoded key as JSON (kformat.jsonable)"),
    Column("valueJson", "string", pa.string(), "decoded value as JSON; null for tombstones"),
    Column("decodeError", "string", pa.string(),
           "the decode error (class: reason at path/offset) when the record does not decode"),
)

TOPIC_COLUMNS: dict[str, tuple[Column, ...]] = {
    "consumer_offsets": (
        Column("group", "string", pa.string(), "key `group` / `group_id`"),
        Column("offsetTopic", "string", pa.string(), "OffsetCommitKey `topic`"),
        Column("offsetPartition", "int", pa.int32(), "OffsetCommitKey `partition`"),
        Column("committedOffset", "bigint", pa.int64(), "OffsetCommitValue `offset`"),
    ),
    "transaction_state": (
        Column("transactionalId", "string", pa.string(), "TransactionLogKey"),
        Column("txnProducerId", "bigint", pa.int64(), "TransactionLogValue `producer_id`"),
        Column("txnStatus", "int", pa.int32(), "TransactionLogValue `transaction_status`"),
    ),
    "cluster_metadata": (
        Column("name", "string", pa.string(), "the value's `name` (topics, features...)"),
        Column("topicId", "string", pa.string(), "the value's `topic_id` (UUID text)"),
    ),
    "share_group_state": (
        Column("group", "string", pa.string(), "key `group_id`"),
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


def ddl(decode: str | None = None) -> str:
    """The Spark schema as a DDL string."""
    return ", ".join(f"`{c.name}` {c.spark}" for c in columns(decode))


def arrow_schema(decode: str | None = None) -> pa.Schema:
    return pa.schema([pa.field(c.name, c.arrow) for c in columns(decode)])


def markdown_table(cols: tuple[Column, ...]) -> str:
    """The columns as the Markdown table docs/spark.md shows (a test keeps them equal)."""
    lines = ["| column | type | meaning |", "|---|---|---|"]
    lines += [f"| `{c.name}` | `{c.spark}` | {c.doc} |" for c in cols]
    return "\n".join(lines)
