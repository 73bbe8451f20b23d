"""Record batches, magic 2 (Kafka documentation, "Record Batch" and "Record").

Wire layout (61-byte header, then the records)::

    offset  field                   type      in grammar
    0       baseOffset              INT64     base_offset
    8       batchLength             INT32     (computed: bytes after this field)
    12      partitionLeaderEpoch    INT32     partition_leader_epoch
    16      magic                   INT8      magic (must be 2)
    17      crc                     UINT32    crc (CRC-32C of bytes 21..end, computed on build)
    21      attributes              INT16     attributes (bits 0-2 codec, 3 timestamp type,
                                                          4 transactional, 5 control,
                                                          6 delete horizon)
    23      lastOffsetDelta         INT32     last_offset_delta
    27      baseTimestamp           INT64     base_timestamp
    35      maxTimestamp            INT64     max_timestamp
    43      producerId              INT64     producer_id
    51      producerEpoch           INT16     producer_epoch
    53      baseSequence            INT32     base_sequence
    57      recordCount             INT32     record_count (must equal len(records))
    61      records                 [Record]  records, compressed as attributes & 7 says

    Record  => length:VARINT (computed) attributes:INT8 timestamp_delta:VARLONG
               offset_delta:VARINT key:VARINT_NULLABLE_BYTES value:VARINT_NULLABLE_BYTES
               headers:[Header] (VARINT count)
    Header  => key:VARINT_STRING value:VARINT_NULLABLE_BYTES

When compressed, the record count stays in the header and the compressed bytes run to the
end of the batch. ``grammar.parse(data, verify_crc=False, decompression_limit=N)`` and
``grammar.build(value, compression_level=L)`` pass the parameters of
:mod:`kformat.records.blocks`; a build value may carry ``_raw_records`` (a stored compressed
payload, reused when it still matches the records).
"""

from __future__ import annotations

from construct import this

from kformat.primitives import (
    VARINT_NULLABLE_BYTES,
    VARINT_STRING,
    Int8,
    Int16,
    Int32,
    Int64,
    KArray,
    KPrefixed,
    KStruct,
    VarInt,
    VarLong,
)
from kformat.records.blocks import Compressed, CrcGuard, Expected
from kformat.records.codecs import CODEC_MASK
from kformat.records.framing import (
    BATCH_OVERHEAD,
    CONTROL_FLAG,
    DELETE_HORIZON_FLAG,
    TIMESTAMP_TYPE_FLAG,
    TRANSACTIONAL_FLAG,
)

__all__ = [
    "ATTRIBUTES_OFFSET",
    "BATCH_OVERHEAD",
    "CODEC_MASK",
    "CONTROL_FLAG",
    "CRC_OFFSET",
    "DELETE_HORIZON_FLAG",
    "HEADER_SIZE",
    "MIN_BATCH_LENGTH",
    "RECORD_COUNT_OFFSET",
    "TIMESTAMP_TYPE_FLAG",
    "TRANSACTIONAL_FLAG",
    "Header",
    "Record",
    "RecordBatchV2",
    "RecordFields",
]


CRC_OFFSET = 17
ATTRIBUTES_OFFSET = 21
HEADER_SIZE = 61
RECORD_COUNT_OFFSET = HEADER_SIZE - 4
"""Where ``record_count``, the header's last field, starts."""
MIN_BATCH_LENGTH = HEADER_SIZE - BATCH_OVERHEAD
"""The smallest batchLength of a magic 2 batch (an empty, uncompressed one): 49."""

Header = KStruct(
    "key" / VARINT_STRING,
    "value" / VARINT_NULLABLE_BYTES,
)

RecordFields = KStruct(
    "attributes" / Int8,
    "timestamp_delta" / VarLong,
    "offset_delta" / VarInt,
    "key" / VARINT_NULLABLE_BYTES,
    "value" / VARINT_NULLABLE_BYTES,
    "headers" / KArray(Header, "varint"),
)
"""A record after its length: the struct :func:`kformat.parse_batches` turns into
:class:`~kformat.records.model.Record` values (``CompiledGrammar(..., factories=...)``)."""

Record = KPrefixed("varint", RecordFields, what="record")

_CRC_COVERED = KStruct(
    "attributes" / Int16,
    "last_offset_delta" / Int32,
    "base_timestamp" / Int64,
    "max_timestamp" / Int64,
    "producer_id" / Int64,
    "producer_epoch" / Int16,
    "base_sequence" / Int32,
    "record_count" / Int32,
    "records" / Compressed(KArray(Record, None, count=this.record_count),
                           codec=this.attributes & CODEC_MASK, magic=2),
)

_AFTER_LENGTH = KPrefixed("int32", KStruct(
    "partition_leader_epoch" / Int32,
    "magic" / Expected(Int8, 2),
    CrcGuard(_CRC_COVERED, algorithm="crc32c", origin=CRC_OFFSET, what="record batch"),
), what="record batch")
_AFTER_LENGTH.flatten = True  # batchLength is computed: its fields merge into the batch

RecordBatchV2 = KStruct(
    "base_offset" / Int64,
    _AFTER_LENGTH,
)
