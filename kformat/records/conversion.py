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

import sys
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

from kformat import engine
from kformat.errors import EncodeError, InvalidValueError, TruncatedError
from kformat.primitives import CompiledGrammar
from kformat.primitives.fast import keep_parse_memo, release_parse_memo
from kformat.records.batch import (
    BATCH_OVERHEAD,
    CODEC_MASK,
    HEADER_SIZE,
    Header,
    RecordBatchV2,
    RecordFields,
)
from kformat.records.blocks import RAW_RECORDS
from kformat.records.codecs import DEFAULT_RECORD_LIMIT, Codec
from kformat.records.framing import (
    NAMED_FLAGS,
    check_record_count,
    flag_bits,
    frame_numbers,
    named_flags,
)
from kformat.records.model import Batch, PythonRecord, Record
from kformat.records.shape import RECORD_SHAPE

__all__ = [
    "RECORD_TYPES",
    "RecordValues",
    "attributes_of",
    "check_records",
    "codec_of",
    "from_v2",
    "parse_v2_run",
    "parse_v2_value",
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


_FROM_VALUE = ("base_offset", "records", "partition_leader_epoch", "crc", "attributes",
               "last_offset_delta", "base_timestamp", "max_timestamp", "producer_id",
               "producer_epoch", "base_sequence")
"""The :class:`Batch` fields that are the grammar value's fields of the same name."""


def _fixed(bits: int, verified: bool) -> dict[str, Any]:
    """The :class:`Batch` fields that ``attributes`` bits ``bits`` (those of ``_FLAGS``) and
    ``verified`` fix."""
    return {"magic": 2, "codec": bits & CODEC_MASK, **named_flags(bits),
            "crc_valid": True if verified else None}


def from_v2(v: dict[str, Any], chunk: bytes, pos: int, verified: bool) -> Batch:
    """The :class:`Batch` of the grammar value ``v`` parsed from ``chunk`` at ``pos``."""
    fields = {name: v[name] for name in _FROM_VALUE}
    records = fields["records"]
    if records and records[0].__class__ is tuple:  # the Python path: values, not Records
        fields["records"] = RECORD_SHAPE.resolve(records, v)
    bits = fields["attributes"] & _FLAGS
    return Batch(**fields, **_fixed(bits, verified),
                 batch_length=len(chunk) - BATCH_OVERHEAD, position=pos, size=len(chunk),
                 raw_records=chunk[HEADER_SIZE:] if bits & CODEC_MASK else None)


def _template(bits: int, verified: int) -> dict[str, Any]:
    """A new :class:`Batch`'s fields with those :func:`_fixed` fixes (``_native.v2_batches``
    sets the others as :func:`from_v2` does)."""
    return dict(vars(Batch(**_fixed(bits, bool(verified)))))


@cache
def _v2_spec() -> tuple[Any, ...]:
    """What ``_native.v2_batches`` makes batches with: :class:`Batch`, :data:`_FROM_VALUE`,
    the fields it sets itself, the attribute bits :func:`_fixed` reads and the codec's, the
    templates made so far and the function making one (:func:`_template`)."""
    names = ("batch_length", "position", "size", "raw_records", "attributes", "records")
    if not set(_FROM_VALUE) | set(names[:4]) <= set(vars(Batch())):
        raise AssertionError("a field from_v2 sets is not a Batch field")
    return (Batch, tuple(sys.intern(n) for n in _FROM_VALUE),
            tuple(sys.intern(n) for n in names), _FLAGS, CODEC_MASK, {}, _template)


def parse_v2_value(chunk: bytes, *, verify_crc: bool, decompression_limit: int,
                   record_limit: int, grammar: CompiledGrammar | None = None) -> Any:
    """The value of the one whole magic 2 batch ``chunk``, read by ``grammar`` (default
    :func:`v2_grammar`), by the rules every reader of a whole batch shares (the records
    API, both Arrow kernels): a compressed batch announcing more than ``record_limit``
    records is refused before it is decompressed (:func:`check_record_count`), and running
    out of bytes inside a batch that is all there means a length or a count lied:
    :class:`~kformat.errors.InvalidValueError`, never the
    :class:`~kformat.errors.TruncatedError` of input cut short. Error offsets are relative
    to ``chunk``."""
    check_record_count(chunk, record_limit, verify_crc)
    try:
        return (grammar or v2_grammar()).parse(chunk, verify_crc=verify_crc,
                                               decompression_limit=decompression_limit)
    except TruncatedError as exc:  # the batch is whole: a length or a count lied
        raise exc.relocated(cls=InvalidValueError,
                            note=" (a length or count overruns the batch)") from None


def parse_v2_run(view: bytes | bytearray | memoryview, position: int, *, verify_crc: bool,
                 limit: int, max_batch_size: int, memo: dict[Any, Any],
                 max_bytes: int = 0, record_limit: int = DEFAULT_RECORD_LIMIT) -> list[Batch]:
    """The magic 2 batches from ``position`` on, read by the native engine in one call (the
    batches :func:`from_v2` makes, framed by :func:`~kformat.records.framing.frame_numbers`),
    up to the first one it leaves to the Python path (not magic 2, not framing, or failing:
    the Python path reads it or raises the precise error) or after ``max_bytes`` (0: no
    limit); ``[]`` without the native engine. ``memo`` is the reader's
    :func:`~kformat.primitives.fast.parse_memo`, kept for the re-parse of the batch the run
    stopped at (what failed to decompress is not inflated again). A compressed batch
    announcing more than ``record_limit`` records stops the run (the Python path refuses
    it)."""
    native = engine.native()
    grammar = v2_grammar()
    if native is None or grammar.native is False:
        return []
    token = keep_parse_memo(memo)
    try:
        batches, _end = native.v2_batches(grammar.plan, view, position, verify_crc, limit,
                                          max_batch_size, frame_numbers(record_limit),
                                          _v2_spec(),
                                          max_bytes)
    except native.Fallback:
        return []
    finally:
        release_parse_memo(token)
    return batches  # type: ignore[no-any-return]


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

