"""The output fields of records read from log segments: declared once, for Spark and Arrow.

Each :class:`Column` is one output field of :func:`kformat.records.to_arrow` and of the
``kafka-segments`` Spark data source (docs/spark.md, "Columns"): its name, its Spark SQL type
(a DDL type name), its Arrow type and what it holds. :data:`KAFKA_COLUMNS` are the columns
of Spark's own Kafka source, in its order ("Structured Streaming + Kafka Integration Guide",
section "Reading Data from Kafka"); :data:`BATCH_COLUMNS` describe the batch each record
came from. :data:`RECORD_COLUMNS` is both, in output order.

The Arrow types are resolved when first asked for (:attr:`Column.arrow`), so importing the
records layer does not import pyarrow.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = [
    "BATCH_COLUMNS",
    "COLUMN_NAMES",
    "KAFKA_COLUMNS",
    "RECORD_COLUMNS",
    "Column",
    "arrow_schema",
    "arrow_type",
    "column",
    "ddl",
    "headers_type",
    "markdown_table",
    "timestamp_type",
]


def headers_type() -> pa.DataType:
    """``list<struct<key: string, value: binary>>``: record headers, in order."""
    import pyarrow as pa

    return pa.list_(pa.struct([pa.field("key", pa.string()), pa.field("value", pa.binary())]))


def timestamp_type() -> pa.DataType:
    """Microseconds since the epoch, UTC: what Spark's ``timestamp`` holds."""
    import pyarrow as pa

    return pa.timestamp("us", tz="UTC")


def _simple(name: str) -> Callable[[], pa.DataType]:
    def make() -> pa.DataType:
        import pyarrow as pa

        return getattr(pa, name)()

    return make


_ARROW_TYPES: dict[str, Callable[[], Any]] = {
    "binary": _simple("binary"),
    "string": _simple("string"),
    "int32": _simple("int32"),
    "int64": _simple("int64"),
    "bool": _simple("bool_"),
    "timestamp": timestamp_type,
    "headers": headers_type,
}


def arrow_type(kind: str) -> pa.DataType:
    """The Arrow type named ``kind`` (``binary``, ``string``, ``int32``, ``int64``,
    ``bool``, ``timestamp``, ``headers``)."""
    try:
        return _ARROW_TYPES[kind]()
    except KeyError:
        raise ValueError(f"unknown Arrow type name {kind!r}; one of "
                         f"{', '.join(sorted(_ARROW_TYPES))}") from None


@dataclass(frozen=True)
class Column:
    """One output field: ``name``, Spark SQL type ``spark``, Arrow type name ``kind`` (see
    :func:`arrow_type`) and ``doc``."""

    name: str
    spark: str
    kind: str
    doc: str

    def __post_init__(self) -> None:
        if self.kind not in _ARROW_TYPES:
            raise ValueError(f"column {self.name}: unknown Arrow type name {self.kind!r}")

    @property
    def arrow(self) -> pa.DataType:
        """The Arrow type (imports pyarrow)."""
        return arrow_type(self.kind)

    def field(self) -> pa.Field:
        import pyarrow as pa

        return pa.field(self.name, self.arrow)


KAFKA_COLUMNS: tuple[Column, ...] = (
    Column("key", "binary", "binary", "record key (null when null)"),
    Column("value", "binary", "binary", "record value (null when null)"),
    Column("topic", "string", "string",
           "from the directory name `<topic>-<partition>` (split on the last '-')"),
    Column("partition", "int", "int32", "from the directory name; null if it has none"),
    Column("offset", "bigint", "int64", "absolute record offset"),
    Column("timestamp", "timestamp", "timestamp",
           "record timestamp (LogAppendTime batches: the batch's max timestamp); "
           "null on magic 0"),
    Column("timestampType", "int", "int32",
           "0 CreateTime, 1 LogAppendTime, -1 none (magic 0)"),
    Column("headers", "array<struct<key:string,value:binary>>", "headers",
           "record headers in order (empty on magic 0/1)"),
)
"""The columns of Spark's Kafka source, in its order."""

BATCH_COLUMNS: tuple[Column, ...] = (
    Column("baseOffset", "bigint", "int64",
           "first offset of the batch (magic 0/1: of the wrapper's first inner message)"),
    Column("magic", "int", "int32", "0, 1 or 2"),
    Column("codec", "string", "string", "none, gzip, snappy, lz4 or zstd"),
    Column("producerId", "bigint", "int64", "-1 when none (and on magic 0/1)"),
    Column("producerEpoch", "int", "int32", "-1 when none"),
    Column("baseSequence", "int", "int32", "-1 when none"),
    Column("isTransactional", "boolean", "bool", "attributes bit 4"),
    Column("isControl", "boolean", "bool", "attributes bit 5 (transaction markers...)"),
    Column("crcValid", "boolean", "bool",
           "false when the stored CRC does not match; null with verifyCrc=false"),
    Column("segment", "string", "string", "the file, as listed"),
    Column("position", "bigint", "int64", "byte position of the batch in the file"),
)
"""The batch a record came from."""

RECORD_COLUMNS: tuple[Column, ...] = KAFKA_COLUMNS + BATCH_COLUMNS
"""Every output field of :func:`kformat.records.to_arrow`, in order."""

COLUMN_NAMES: tuple[str, ...] = tuple(c.name for c in RECORD_COLUMNS)

_BY_NAME = {c.name: c for c in RECORD_COLUMNS}


def column(name: str) -> Column:
    """The record column called ``name`` (ValueError naming the columns otherwise)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError(f"no column {name!r}; columns: {', '.join(COLUMN_NAMES)}") from None


def ddl(cols: tuple[Column, ...] = RECORD_COLUMNS) -> str:
    """The columns as a Spark DDL schema string."""
    return ", ".join(f"`{c.name}` {c.spark}" for c in cols)


def arrow_schema(cols: tuple[Column, ...] = RECORD_COLUMNS) -> pa.Schema:
    """The columns as a :class:`pyarrow.Schema` (imports pyarrow)."""
    import pyarrow as pa

    return pa.schema([c.field() for c in cols])


def markdown_table(cols: tuple[Column, ...]) -> str:
    """The columns as the Markdown table docs/spark.md shows (a test keeps them equal)."""
    lines = ["| column | type | meaning |", "|---|---|---|"]
    lines += [f"| `{c.name}` | `{c.spark}` | {c.doc} |" for c in cols]
    return "\n".join(lines)
