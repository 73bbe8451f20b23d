"""The output fields of batches and records, declared once: for JSON, Spark and Arrow.

* :data:`BATCH_FIELDS`: the batch fields of the JSON output (docs/json.md), snake_case, each
  naming the Spark column that carries the same value where there is one. ``kformat records
  decode``, the ``batches`` summary of a protocol ``records`` field (``kformat decode``,
  :mod:`kformat.jsonable`) and ``kformat dump --json`` write a batch as :func:`batch_json`.
* :class:`Column`: one output field of :func:`kformat.records.to_arrow` and of the
  ``kafka-segments`` Spark data source (docs/spark.md): its name, Spark SQL type, Arrow type and
  what it holds. :data:`KAFKA_COLUMNS` are the columns of Spark's own Kafka source, in its order
  ("Structured Streaming + Kafka Integration Guide", "Reading Data from Kafka");
  :data:`BATCH_COLUMNS` describe the batch each record came from; :data:`RECORD_COLUMNS` is
  both, in output order. Arrow types are resolved when first asked for, so importing the
  records layer does not import pyarrow.

* ``kformat dump``'s text lines (Kafka's ``kafka-dump-log.sh``): :func:`dump_fields` (the
  batch line, a view of the same batch table) and :data:`RECORD_DUMP_FIELDS` (the record
  line, each field with its ``kformat dump --json`` name).

The batch views are views of one table (``_BATCH_OUTPUT``): a batch field is added there once.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kformat.records.codecs import CODEC_MASK, CODECS
from kformat.records.enums import Codec, TimestampType, json_name
from kformat.records.framing import CONTROL_FLAG, TIMESTAMP_TYPE_FLAG, TRANSACTIONAL_FLAG
from kformat.records.model import Batch, Record
from kformat.records.shape import RECORD_SHAPE

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = [
    "BATCH_COLUMNS",
    "BATCH_FIELDS",
    "COLUMN_NAMES",
    "KAFKA_COLUMNS",
    "RECORD_COLUMNS",
    "RECORD_DUMP_FIELDS",
    "TIMESTAMP_LABELS",
    "BatchField",
    "Column",
    "DumpField",
    "RecordDumpField",
    "add_sequence",
    "arrow_schema",
    "arrow_type",
    "batch_json",
    "column",
    "ddl",
    "dump_fields",
    "headers_type",
    "json_markdown_table",
    "markdown_table",
    "record_dump_fields",
    "snake",
    "timestamp_label",
    "timestamp_type",
    "timestamp_type_of",
]

_INT32_MAX = (1 << 31) - 1

_CODEC_NAMES = ", ".join(spec.name for spec in CODECS[:-1]) + f" or {CODECS[-1].name}"


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


def batch_json(batch: Batch) -> dict[str, Any]:
    """The JSON form of a batch (without its records)."""
    return {f.name: f.get(batch) for f in BATCH_FIELDS}


def json_markdown_table() -> str:
    """The fields as docs/json.md shows them (a test keeps the page equal to this)."""
    lines = ["| field | Spark column | meaning |", "|---|---|---|"]
    lines += [f"| `{f.name}` | {f'`{f.spark}`' if f.spark else ''} | {f.doc} |"
              for f in BATCH_FIELDS]
    return "\n".join(lines)


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
    source: tuple[Any, ...] = ()
    """Where a magic 2 batch holds it, by the grammar's field names (``RecordBatchV2``):
    ``("record", field)``, ``("batch", field)``, ``("sum", ref, ref)`` (``ref``: ``(level,
    field)``, level 0 the batch's, 1 the record's), ``("timestamp", base, delta, max,
    attributes, flag)`` (``max`` when ``attributes & flag``), ``("flag", field, mask)``,
    ``("codec", field, mask)``, ``("crc",)``, ``("position",)`` or ``("option",)`` (the
    ``to_arrow`` argument of the column's name). The native kernel reads the columns from
    these (:mod:`kformat.outputs.arrow_native`)."""
    legacy: tuple[Any, ...] = ("same",)
    """What a magic 0/1 row holds (a message without a codec is a row of its own, a
    wrapper's inner messages are its rows, made by
    :data:`~kformat.records.legacy_blocks.LEGACY_RECORD_SHAPE`), by the legacy grammar's
    field names
    (``LegacyMessage``): ``("record", field)`` (the row's message's), ``("offset",)`` and
    ``("timestamp",)`` (the row's, by the shape's rules; the timestamp null when the message
    has none), ``("timestamp_type",)`` (-1 without timestamps, else the shape's),
    ``("message", field)`` (the top-level message's), ``("first_offset",)`` (the entry's first
    row's), ``("empty",)`` (no headers), ``("default", name)`` (what a magic 0/1
    :class:`~kformat.records.model.Batch` holds: ``name``'s default) or ``("same",)`` (as
    :attr:`source`: the CRC, position or option)."""

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
    Column("key", "binary", "binary", "record key (null when null)", ("record", "key"),
           ("record", "key")),
    Column("value", "binary", "binary", "record value (null when null)",
           ("record", "value"), ("record", "value")),
    Column("topic", "string", "string",
           "from the directory name `<topic>-<partition>` (split on the last '-')",
           ("option",)),
    Column("partition", "int", "int32", "from the directory name; null if it has none",
           ("option",)),
    Column("offset", "bigint", "int64", "absolute record offset",
           RECORD_SHAPE.offset_source, ("offset",)),
    Column("timestamp", "timestamp", "timestamp",
           "record timestamp (LogAppendTime batches: the batch's max timestamp); "
           "null on magic 0",
           RECORD_SHAPE.timestamp_source, ("timestamp",)),
    Column("timestampType", "int", "int32",
           "0 CreateTime, 1 LogAppendTime, -1 none (magic 0)",
           ("flag", "attributes", TIMESTAMP_TYPE_FLAG), ("timestamp_type",)),
    Column("headers", "array<struct<key:string,value:binary>>", "headers",
           "record headers in order (empty on magic 0/1)", ("record", "headers"),
           ("empty",)),
)
"""The columns of Spark's Kafka source, in its order."""


@dataclass(frozen=True)
class _BatchOutput:
    """One row of :data:`_BATCH_OUTPUT`: a JSON field (``name``, ``get``, ``doc``; None for a
    column only the segment readers have) and the Arrow/Spark column carrying the same value
    (None when there is none)."""

    name: str | None
    get: Callable[[Batch], Any] | None
    doc: str
    column: Column | None = None
    dump: DumpField | None = None


@dataclass(frozen=True)
class DumpField:
    """A batch field on ``kformat dump``'s batch line (the line of Kafka's
    ``kafka-dump-log.sh``): its place ``at`` on the line, its ``label`` (or a function of the
    batch giving it), its value when not the JSON one (``get``), and whether only magic 2
    batches show it."""

    at: int
    label: str | Callable[[Batch], str]
    get: Callable[[Batch], Any] | None = None
    v2_only: bool = False


def _out(name: str, get: Callable[[Batch], Any], doc: str, spark: str | None = None,
         kind: str = "", source: tuple[Any, ...] = (),
         column_doc: str | None = None, dump: DumpField | None = None,
         legacy: tuple[Any, ...] = ("same",)) -> _BatchOutput:
    """A JSON field; with ``spark`` (the Spark SQL type) also a column, camelCase-named,
    read from ``source`` by the native kernel (see :attr:`Column.source`); with ``dump``, on
    the ``kformat dump`` batch line."""
    column = None
    if spark is not None:
        camel = re.sub(r"_([a-z])", lambda m: m.group(1).upper(), name)
        column = Column(camel, spark, kind, doc if column_doc is None else column_doc, source,
                        legacy)
    return _BatchOutput(name, get, doc, column, dump)


def _v2(at: int, label: str) -> DumpField:
    return DumpField(at, label, v2_only=True)


TIMESTAMP_LABELS = ("CreateTime", "LogAppendTime", "NoTimestampType")
"""The dump's timestamp labels, by :class:`TimestampType` (NO_TIMESTAMP_TYPE, -1, last)."""


def timestamp_label(batch: Batch) -> str:
    """The label of a timestamp of ``batch`` on a ``kformat dump`` line: its type."""
    return TIMESTAMP_LABELS[timestamp_type_of(batch)]


_BATCH_OUTPUT: tuple[_BatchOutput, ...] = (
    _out("base_offset", lambda b: b.base_offset,
         "first offset of the batch (magic 0/1: of the wrapper's first inner message)",
         "bigint", "int64", ("batch", "base_offset"), dump=_v2(0, "baseOffset"),
         legacy=("first_offset",)),
    _out("last_offset", lambda b: b.last_offset, "base_offset + last_offset_delta",
         dump=DumpField(1, lambda b: "lastOffset" if b.magic >= 2 else "offset")),
    _out("last_offset_delta", lambda b: b.last_offset_delta, "-1 for an empty batch"),
    _out("record_count", lambda b: len(b.records), "records in the batch",
         dump=_v2(2, "count")),
    _out("magic", lambda b: b.magic, "0, 1 or 2", "int", "int32", ("batch", "magic"),
         dump=DumpField(14, "magic"), legacy=("message", "magic")),
    _out("codec", lambda b: json_name(b.codec, Codec), _CODEC_NAMES, "string", "string",
         ("codec", "attributes", CODEC_MASK), dump=DumpField(15, "compresscodec"),
         legacy=("message", "attributes")),
    _out("timestamp_type", lambda b: json_name(timestamp_type_of(b), TimestampType),
         "create_time, log_append_time, or no_timestamp_type (magic 0)"),
    _out("base_timestamp", lambda b: b.base_timestamp,
         "ms since the epoch (magic 2: the first record's; -1 when none)"),
    _out("max_timestamp", lambda b: b.max_timestamp, "the batch's largest timestamp",
         dump=DumpField(12, timestamp_label)),
    _out("producer_id", lambda b: b.producer_id, "-1 when none (and on magic 0/1)",
         "bigint", "int64", ("batch", "producer_id"), dump=_v2(5, "producerId"),
         legacy=("default", "producer_id")),
    _out("producer_epoch", lambda b: b.producer_epoch, "-1 when none", "int", "int32",
         ("batch", "producer_epoch"), dump=_v2(6, "producerEpoch"),
         legacy=("default", "producer_epoch")),
    _out("base_sequence", lambda b: b.base_sequence, "-1 when none", "int", "int32",
         ("batch", "base_sequence"), dump=_v2(3, "baseSequence"),
         legacy=("default", "base_sequence")),
    _out("last_sequence", lambda b: add_sequence(b.base_sequence, b.last_offset_delta),
         "base_sequence + last_offset_delta, wrapping as Kafka does; -1 when none",
         dump=_v2(4, "lastSequence")),
    _out("partition_leader_epoch", lambda b: b.partition_leader_epoch,
         "-1 when none (and on magic 0/1)", dump=_v2(7, "partitionLeaderEpoch")),
    _out("is_transactional", lambda b: b.is_transactional, "attributes bit 4",
         "boolean", "bool", ("flag", "attributes", TRANSACTIONAL_FLAG),
         dump=_v2(8, "isTransactional"), legacy=("default", "is_transactional")),
    _out("is_control", lambda b: b.is_control, "attributes bit 5 (transaction markers...)",
         "boolean", "bool", ("flag", "attributes", CONTROL_FLAG), dump=_v2(9, "isControl"),
         legacy=("default", "is_control")),
    _out("has_delete_horizon", lambda b: b.has_delete_horizon,
         "attributes bit 6: base_timestamp is the delete horizon",
         dump=DumpField(10, "deleteHorizonMs",
                        lambda b: b.base_timestamp if b.has_delete_horizon else None, True)),
    _out("crc", lambda b: b.crc, "the stored CRC (CRC-32C for magic 2, CRC-32 before)",
         dump=DumpField(16, "crc")),
    _out("crc_valid", lambda b: b.crc_valid,
         "false when the stored CRC does not match; null when checks were off",
         "boolean", "bool", ("crc",),
         "false when the stored CRC does not match; null with verifyCrc=false",
         DumpField(17, "isvalid", lambda b: b.crc_valid is not False)),
    _out("attributes", lambda b: b.attributes, "the attributes as stored"),
    _BatchOutput(None, None, "", Column("segment", "string", "string", "the file, as listed",
                                        ("option",))),
    _out("position", lambda b: b.position, "byte position of the batch in the input",
         "bigint", "int64", ("position",), "byte position of the batch in the file",
         DumpField(11, "position")),
    _out("size", lambda b: b.size, "bytes on the wire", dump=DumpField(13, "size")),
)
"""Every batch output field, once: the JSON fields in JSON order, each with the Spark/Arrow
column carrying the same value (columns in column order) and its place on the ``kformat
dump`` batch line. :data:`BATCH_FIELDS`, :data:`BATCH_COLUMNS` and :func:`dump_fields` are
its views; add a batch field here."""

BATCH_FIELDS: tuple[BatchField, ...] = tuple(
    BatchField(o.name, o.get, o.doc, o.column.name if o.column else None)
    for o in _BATCH_OUTPUT if o.name is not None and o.get is not None
)
"""Every batch field of the JSON output, in order."""

_DUMP_LINE: tuple[tuple[DumpField, Callable[[Batch], Any]], ...] = tuple(sorted(
    ((o.dump, o.dump.get or o.get) for o in _BATCH_OUTPUT if o.dump and o.get),
    key=lambda line: line[0].at))


def dump_fields(batch: Batch) -> list[tuple[str, Any]]:
    """The ``kformat dump`` batch line's (label, value) pairs, in the order of Kafka's
    ``kafka-dump-log.sh`` (values as Python values; the dump writes them the Java way)."""
    v2 = batch.magic >= 2
    return [(d.label if isinstance(d.label, str) else d.label(batch), get(batch))
            for d, get in _DUMP_LINE if v2 or not d.v2_only]


@dataclass(frozen=True)
class RecordDumpField:
    """A record field on ``kformat dump``'s record line (Kafka's ``kafka-dump-log.sh``): its
    ``label`` there (or a function of the batch giving it), its ``name`` in ``kformat dump
    --json``, its value (``get(batch, record)``) and the batches whose records show it."""

    label: str | Callable[[Batch], str]
    name: str
    get: Callable[[Batch, Record], Any]
    shown: Callable[[Batch], bool] | None = None


def _v2_batch(batch: Batch) -> bool:
    return batch.magic >= 2


def _plain_message(batch: Batch) -> bool:
    return batch.magic < 2 and not batch.codec  # a plain magic 0/1 message is its own batch


RECORD_DUMP_FIELDS: tuple[RecordDumpField, ...] = (
    RecordDumpField("offset", "offset", lambda b, r: r.offset),
    RecordDumpField(timestamp_label, "timestamp", lambda b, r: r.timestamp),
    RecordDumpField("keySize", "key_size", lambda b, r: -1 if r.key is None else len(r.key)),
    RecordDumpField("valueSize", "value_size",
                    lambda b, r: -1 if r.value is None else len(r.value)),
    RecordDumpField("sequence", "sequence",
                    lambda b, r: add_sequence(b.base_sequence, r.offset_delta), _v2_batch),
    RecordDumpField("headerKeys", "header_keys", lambda b, r: [k for k, _ in r.headers],
                    _v2_batch),
    RecordDumpField("isValid", "crc_valid", lambda b, r: b.crc_valid is not False,
                    _plain_message),
    RecordDumpField("crc", "crc", lambda b, r: b.crc, _plain_message),
)
"""The ``kformat dump`` record line, in the Java tool's order."""


def record_dump_fields(batch: Batch, record: Record) -> list[tuple[RecordDumpField, str, Any]]:
    """The fields of ``record``'s ``kformat dump`` line: (field, label, value)."""
    return [(f, f.label if isinstance(f.label, str) else f.label(batch), f.get(batch, record))
            for f in RECORD_DUMP_FIELDS if f.shown is None or f.shown(batch)]


BATCH_COLUMNS: tuple[Column, ...] = tuple(o.column for o in _BATCH_OUTPUT if o.column)
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
