"""Record batches (magic 2), legacy message sets (magic 0 and 1), codecs and checksums.

Grammars (construct objects: ``.parse()`` / ``.build()``): :data:`RecordBatchV2`,
:data:`RecordV2` and :data:`Header` (magic 2), :data:`LegacyMessageSetEntry` and
:data:`LegacyMessageSet` (magic 0/1), :data:`ControlRecordKey` and :data:`EndTxnMarker`.
Values and entry points: :class:`Batch`, :class:`Record` (the record value class, the same
object as ``kformat.Record``; ``RecordValue`` is an older alias), :class:`TruncatedTail`, :func:`parse_batches`, :func:`iter_batches`,
:func:`build_batch`, :func:`make_batch`, :class:`RecordBatchBuilder`, :func:`decode_to_json_lines`, :func:`to_arrow`
(Arrow columns, :mod:`kformat.outputs.fields`).
"""

from kformat.outputs.columnar import to_arrow
from kformat.outputs.jsonlines import decode_to_json_lines
from kformat.records.api import (
    DEFAULT_MAX_BATCH_SIZE,
    Batches,
    BatchIterator,
    RecordBatchBuilder,
    build_batch,
    iter_batches,
    make_batch,
    parse_batches,
)
from kformat.records.batch import Header, RecordBatchV2
from kformat.records.batch import Record as RecordV2
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT
from kformat.records.control import (
    ControlRecordKey,
    ControlType,
    EndTxnMarker,
    control_record,
    decode_control,
)
from kformat.records.enums import Codec, TimestampType
from kformat.records.legacy import LegacyMessageSet, LegacyMessageSetEntry
from kformat.records.model import Batch, Record, TruncatedTail

RecordValue = Record
"""Older name of :class:`Record`, kept for callers that used it."""

__all__ = [
    "DEFAULT_DECOMPRESSION_LIMIT",
    "DEFAULT_MAX_BATCH_SIZE",
    "Batch",
    "BatchIterator",
    "Batches",
    "Codec",
    "ControlRecordKey",
    "ControlType",
    "EndTxnMarker",
    "Header",
    "LegacyMessageSet",
    "LegacyMessageSetEntry",
    "Record",
    "RecordBatchBuilder",
    "RecordBatchV2",
    "RecordV2",
    "RecordValue",
    "TimestampType",
    "TruncatedTail",
    "build_batch",
    "control_record",
    "decode_control",
    "decode_to_json_lines",
    "iter_batches",
    "make_batch",
    "parse_batches",
    "to_arrow",
]
