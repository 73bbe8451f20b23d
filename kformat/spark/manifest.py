"""The corpus manifest: one row per record written, what a reader must find (pyarrow only).

Rows come from :meth:`kformat.corpus.records_corpus.CorpusShard.expected`, which computes
them from the generator's inputs, not by reading the files back. Columns use the
``kafka-segments`` conventions (:mod:`kformat.spark.schema`), so verifying a read is a join
on ``(topic, partition, offset)`` and a null-safe comparison of every other column. Keys and
values are held as MD5 hex digests (Spark's ``md5()``; null stays null) and sizes; headers
in full.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pyarrow as pa
import pyarrow.compute as pc

from kformat.corpus.records_corpus import CorpusShard
from kformat.outputs.fields import column
from kformat.spark.columns import CODEC_NAMES, spark_timestamp
from kformat.spark.schema import HEADERS_TYPE, TIMESTAMP_TYPE

__all__ = ["COMPARED", "KEY", "MANIFEST_SCHEMA", "manifest_batches", "manifest_ddl"]

_OWN: dict[str, pa.DataType] = {"keyMd5": pa.string(), "valueMd5": pa.string(),
                                 "keySize": pa.int32(), "valueSize": pa.int32(),
                                 "shard": pa.int32()}
"""The manifest's own columns; every other one is a record column of the output table
(:data:`kformat.outputs.fields.RECORD_COLUMNS`), with its type."""

MANIFEST_SCHEMA = pa.schema([
    pa.field(name, _OWN[name]) if name in _OWN else column(name).field()
    for name in ("topic", "partition", "offset", "timestamp", "timestampType", "keyMd5",
                 "valueMd5", "keySize", "valueSize", "headers", "baseOffset", "magic", "codec",
                 "producerId", "producerEpoch", "baseSequence", "isTransactional", "isControl",
                 "shard")
])

KEY = ("topic", "partition", "offset")
"""The join key."""
COMPARED = tuple(f.name for f in MANIFEST_SCHEMA if f.name not in (*KEY, "shard"))
"""The columns a verification compares."""


def manifest_ddl() -> str:
    """:data:`MANIFEST_SCHEMA` as a Spark DDL string."""
    own = {pa.string(): "string", pa.int32(): "int"}
    return ", ".join(f"`{f.name}` {own[f.type] if f.name in _OWN else column(f.name).spark}"
                     for f in MANIFEST_SCHEMA)


def _md5(data: bytes | None) -> str | None:
    return None if data is None else hashlib.md5(data, usedforsecurity=False).hexdigest()


def manifest_batches(shard: CorpusShard, rows: int = 50_000) -> Iterator[pa.RecordBatch]:
    """The manifest rows of ``shard`` as record batches of at most ``rows`` rows."""
    expected = list(shard.expected())
    for start in range(0, len(expected), rows):
        part = expected[start:start + rows]
        n = len(part)
        stamps = pa.array([spark_timestamp(e.magic, e.timestamp) for e in part], pa.int64())
        headers = [[{"key": k, "value": v} for k, v in e.headers] for e in part]
        columns = [
            pa.repeat(pa.scalar(shard.topic, pa.string()), n),
            pa.repeat(pa.scalar(shard.partition, pa.int32()), n),
            pa.array([e.offset for e in part], pa.int64()),
            pc.multiply(stamps, 1000).view(TIMESTAMP_TYPE),
            pa.array([-1 if e.magic == 0 else e.timestamp_type for e in part], pa.int32()),
            pa.array([_md5(e.key) for e in part], pa.string()),
            pa.array([_md5(e.value) for e in part], pa.string()),
            pa.array([None if e.key is None else len(e.key) for e in part], pa.int32()),
            pa.array([None if e.value is None else len(e.value) for e in part], pa.int32()),
            pa.array(headers, HEADERS_TYPE),
            pa.array([e.base_offset for e in part], pa.int64()),
            pa.array([e.magic for e in part], pa.int32()),
            pa.array([CODEC_NAMES[e.codec] for e in part], pa.string()),
            pa.array([e.producer_id for e in part], pa.int64()),
            pa.array([e.producer_epoch for e in part], pa.int32()),
            pa.array([e.base_sequence for e in part], pa.int32()),
            pa.array([e.is_transactional for e in part], pa.bool_()),
            pa.array([e.is_control for e in part], pa.bool_()),
            pa.repeat(pa.scalar(shard.shard, pa.int32()), n),
        ]
        yield pa.RecordBatch.from_arrays(columns, schema=MANIFEST_SCHEMA)
