"""The pure-Python kernel of :func:`kformat.records.to_arrow`.

Framing. Batches of any magic lie back to back; each starts with ``offset:INT64
length:INT32`` and has its magic byte at byte 16 (magic 2 batches and magic 0/1 entries
alike: "Record Batch" and "Message Sets" in Kafka's implementation documentation). A head
that does not frame a plausible whole batch is handed to
:func:`kformat.records.parse_batches` (``strict=True``), so errors and truncation are
exactly the records layer's.

Decoding. A magic 2 batch is parsed by the compiled ``RecordBatchV2`` grammar with its
records and headers parsed into plain tuples (``CompiledGrammar(factories=...)``: no dict or
``Record`` object per record), and the requested columns are filled from those tuples with
list comprehensions; batch-level columns get one entry per batch and are expanded by Arrow
(run-end decoding). The record rules are :mod:`kformat.records.shape`'s
(:meth:`~kformat.records.shape.RecordShape.bases`): ``offset = base_offset + offset_delta``
and ``timestamp = base_timestamp + timestamp_delta`` except in LogAppendTime batches, whose
records all carry ``max_timestamp``. Magic 0/1 entries go through :func:`kformat.records.parse_batches`.

Spark's Kafka conventions: ``timestamp`` is microseconds UTC, null on magic 0 (which has no
timestamp), where ``timestampType`` is -1 (Kafka's ``NO_TIMESTAMP_TYPE``). A record
timestamp whose microseconds an int64 cannot hold (beyond 9,223,372,036,854,775 ms either
side of the epoch, about 292,000 years) is an :class:`~kformat.errors.InvalidValueError`
at its batch, as an offset beyond int64 is: no column type of Spark's holds it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from kformat.errors import CorruptRecordError, InvalidValueError, KFormatError
from kformat.outputs.columnar import ArrowOptions
from kformat.outputs.fields import RECORD_COLUMNS, Column, column, headers_type, timestamp_type
from kformat.primitives import CompiledGrammar
from kformat.records.api import parse_batches
from kformat.records.batch import (
    CONTROL_FLAG,
    Header,
    RecordBatchV2,
    RecordFields,
)
from kformat.records.codecs import CODECS
from kformat.records.conversion import parse_v2_value
from kformat.records.framing import MAGIC_OFFSET, PEEK, flag_bits, plausible_frame
from kformat.records.model import Batch
from kformat.records.shape import RECORD_SHAPE

__all__ = ["CODEC_NAMES", "ColumnBuilder", "decode_batch", "to_arrow"]

CODEC_NAMES = tuple(spec.name for spec in CODECS)
_STAMP_MS_MAX = ((1 << 63) - 1) // 1000
"""The largest record timestamp (in ms, either sign) the ``timestamp`` column holds: its
count of microseconds fits an int64 (``columnar.c``'s ``STAMP_MS_MAX``)."""
_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1
_HEADERS = headers_type()
_TIMESTAMP = timestamp_type()


@functools.cache
def _v2() -> CompiledGrammar:
    """RecordBatchV2 with records and headers parsed into tuples, in field order."""
    return CompiledGrammar(RecordBatchV2, "RecordBatchV2",
                           factories={RecordFields: tuple, Header: tuple})


def _field(name: str) -> int:
    """Index of a field in the tuples of :data:`RecordFields`."""
    return RECORD_SHAPE.fields.index(name)


_TIMESTAMP_DELTA = _field("timestamp_delta")
_OFFSET_DELTA = _field("offset_delta")
_KEY = _field("key")
_VALUE = _field("value")
_HEADERS_AT = _field("headers")


def _check_stamps(stamps: Any, path: str) -> None:
    """:class:`InvalidValueError` at ``path`` (offset 0: the batch's, once located) when a
    timestamp of ``stamps`` (ms, a non-empty sequence) is beyond :data:`_STAMP_MS_MAX`."""
    lo, hi = min(stamps), max(stamps)
    if lo < -_STAMP_MS_MAX or hi > _STAMP_MS_MAX:
        raise InvalidValueError(
            "a record timestamp beyond what the timestamp column holds (microseconds in an "
            "int64)", path=path, offset=0,
            expected=f"a timestamp within {_STAMP_MS_MAX} ms of the epoch",
            actual=hi if hi > _STAMP_MS_MAX else lo)


def _codec_name(codec: int) -> str:
    return CODEC_NAMES[codec] if codec < len(CODEC_NAMES) else str(codec)


BatchValue = Callable[[Mapping[str, Any], "bool | None", int], Any]
"""``get(batch, crc_valid, position)``: a per-batch column's value, ``batch`` by the
grammar's field names."""


def _batch_value(col: Column) -> BatchValue | None:
    """How the column ``col`` reads a batch, from its :attr:`~kformat.outputs.fields.Column.source`
    (as the native kernel reads it); None for a record column or a ``to_arrow`` option."""
    kind, *args = col.source
    if kind == "batch":
        (name,) = args
        return lambda v, crc, pos: v[name]
    if kind == "flag":
        name, mask = args
        if col.kind == "bool":
            return lambda v, crc, pos: bool(v[name] & mask)
        # as a number: -1 where the magic lacks the bit (the timestamp type of magic 0)
        return lambda v, crc, pos: -1 if v["magic"] == 0 else (1 if v[name] & mask else 0)
    if kind == "codec":
        name, mask = args
        return lambda v, crc, pos: _codec_name(v[name] & mask)
    if kind == "crc":
        return lambda v, crc, pos: crc
    if kind == "position":
        return lambda v, crc, pos: pos
    return None


_PER_BATCH: dict[str, BatchValue] = {
    c.name: get for c in RECORD_COLUMNS if (get := _batch_value(c)) is not None}
"""The columns holding one value per batch, and how each reads it."""


_BATCH_NAMES = sorted({c.source[1] for c in RECORD_COLUMNS if c.source[0] == "batch"} | {"magic"})


def _grammar_view(b: Batch) -> dict[str, Any]:
    """A :class:`Batch`'s fields by the names the column sources use (the magic 2 grammar's,
    which :class:`Batch` shares; ``attributes`` from the named fields, as built)."""
    view = {name: getattr(b, name) for name in _BATCH_NAMES}
    view["attributes"] = int(b.codec) | flag_bits(b)
    return view


class ColumnBuilder:
    """Python lists for the requested columns of a run of batches, then Arrow arrays.

    Record columns get one entry per record. Batch columns (and ``timestampType``, which
    is the batch's) get one entry per batch, with ``run_ends``; Arrow expands them, so a
    batch of 500 records costs one append, not 500.
    """

    def __init__(self, columns: tuple[str, ...]) -> None:
        self.columns = columns
        wanted = set(columns)
        self.want_key = "key" in wanted
        self.want_value = "value" in wanted
        self.want_offset = "offset" in wanted
        self.want_timestamp = "timestamp" in wanted
        self.want_headers = "headers" in wanted
        self.batch_columns = {name: _PER_BATCH[name] for name in columns if name in _PER_BATCH}
        self.reset()

    def reset(self) -> None:
        self.rows = 0
        self.key: list[bytes | None] = []
        self.value: list[bytes | None] = []
        self.offset: list[int] = []
        self.timestamp: list[int | None] = []
        self.header_counts: list[int] = []
        self.header_keys: list[str] = []
        self.header_values: list[bytes | None] = []
        self.run_ends: list[int] = []
        self.batch: dict[str, list[Any]] = {name: [] for name in self.batch_columns}

    def __len__(self) -> int:
        return self.rows

    def _batch_fields(self, n: int, v: Mapping[str, Any], crc_valid: bool | None,
                      position: int) -> None:
        self.rows += n
        self.run_ends.append(self.rows)
        for name, get in self.batch_columns.items():
            self.batch[name].append(get(v, crc_valid, position))

    def add_v2(self, v: dict[str, Any], position: int, crc_valid: bool | None,
               skip_control: bool) -> int:
        """The records of a parsed magic 2 batch (the grammar's dict, records as tuples);
        returns the rows added."""
        recs = v["records"]
        n = len(recs)
        attributes = v["attributes"]
        control = bool(attributes & CONTROL_FLAG)
        if not n or (control and skip_control):
            return 0
        base, stamp, base_timestamp, _ = RECORD_SHAPE.bases(v)
        if self.want_offset:
            offsets = [base + r[_OFFSET_DELTA] for r in recs]
            if not _INT64_MIN <= min(offsets) <= max(offsets) <= _INT64_MAX:
                raise InvalidValueError(
                    "a record offset (base_offset + offset_delta) beyond int64",
                    path="records.offset_delta", offset=0, expected="an int64 offset",
                    actual=max(offsets, key=abs))
            self.offset += offsets
        if self.want_timestamp:
            if stamp is not None:
                _check_stamps((stamp,), "max_timestamp")
                self.timestamp += [stamp] * n
            else:
                stamps = [base_timestamp + r[_TIMESTAMP_DELTA] for r in recs]
                _check_stamps(stamps, "records.timestamp_delta")
                self.timestamp += stamps
        if self.want_key:
            self.key += [r[_KEY] for r in recs]
        if self.want_value:
            self.value += [r[_VALUE] for r in recs]
        if self.want_headers:
            headers = [r[_HEADERS_AT] for r in recs]
            if any(headers):
                flat = [h for hs in headers for h in hs]
                self.header_keys += [h[0] for h in flat]
                self.header_values += [h[1] for h in flat]
                self.header_counts += [len(hs) for hs in headers]
            else:
                self.header_counts += [0] * n
        self._batch_fields(n, v, crc_valid, position)
        return n

    def add_batch(self, b: Batch, position: int, skip_control: bool,
                  crc_valid: bool | None) -> int:
        """The records of a :class:`Batch` (any magic)."""
        recs = b.records
        n = len(recs)
        if not n or (b.is_control and skip_control):
            return 0
        magic = b.magic
        if self.want_offset or "baseOffset" in self.batch_columns:
            offsets = [r.offset for r in recs]
            if not _INT64_MIN <= min(offsets) <= max(offsets) <= _INT64_MAX:
                # magic 0/1: relative offsets plus a base beyond int64 (corrupt data)
                raise InvalidValueError(
                    "a record offset beyond int64", path="offset", offset=0,
                    expected="an int64 offset", actual=max(offsets, key=abs))
            if self.want_offset:
                self.offset += offsets
        if self.want_timestamp:
            if magic == 0:
                self.timestamp += [None] * n
            else:
                stamps = [r.timestamp for r in recs]
                _check_stamps(stamps, "timestamp")
                self.timestamp += stamps
        if self.want_key:
            self.key += [r.key for r in recs]
        if self.want_value:
            self.value += [r.value for r in recs]
        if self.want_headers:
            flat = [h for r in recs for h in r.headers]
            self.header_keys += [h[0] for h in flat]
            self.header_values += [h[1] for h in flat]
            self.header_counts += [len(r.headers) for r in recs]
        self._batch_fields(n, _grammar_view(b), crc_valid, position)
        return n

    # ---------------------------------------------------------------- arrays

    def _timestamps(self) -> pa.Array:
        # each within _STAMP_MS_MAX (_check_stamps): the product fits
        return pc.multiply(pa.array(self.timestamp, pa.int64()), 1000).view(_TIMESTAMP)

    def _headers_array(self) -> pa.Array:
        items = pa.StructArray.from_arrays(
            [pa.array(self.header_keys, pa.string()),
             pa.array(self.header_values, pa.binary())], names=["key", "value"])
        counts = pa.array(self.header_counts, pa.int32())
        ends = pc.cumulative_sum(counts)
        offsets = pa.concat_arrays([pa.array([0], pa.int32()), ends])
        return pa.ListArray.from_arrays(offsets, items, type=_HEADERS)

    def flush(self, topic: str | None, partition: int | None,
              segment: str | None) -> pa.RecordBatch:
        """The rows so far as a record batch of the requested columns; starts afresh."""
        n = self.rows
        ends = pa.array(self.run_ends, pa.int32())

        def per_batch(name: str) -> pa.Array:
            values = pa.array(self.batch[name], column(name).arrow)
            return pc.run_end_decode(pa.RunEndEncodedArray.from_arrays(ends, values))

        def build(name: str) -> pa.Array:
            if name == "key":
                return pa.array(self.key, pa.binary())
            if name == "value":
                return pa.array(self.value, pa.binary())
            if name == "offset":
                return pa.array(self.offset, pa.int64())
            if name == "timestamp":
                return self._timestamps()
            if name == "headers":
                return self._headers_array()
            if name == "topic":
                return pa.repeat(pa.scalar(topic, pa.string()), n)
            if name == "partition":
                return pa.repeat(pa.scalar(partition, pa.int32()), n)
            if name == "segment":
                return pa.repeat(pa.scalar(segment, pa.string()), n)
            return per_batch(name)

        schema = pa.schema([column(name).field() for name in self.columns])
        batch = pa.RecordBatch.from_arrays([build(name) for name in self.columns],
                                           schema=schema)
        self.reset()
        return batch


def decode_batch(chunk: bytes, pos: int, magic: int, builder: ColumnBuilder,
                 options: ArrowOptions) -> int:
    """Add the records of the one whole batch ``chunk`` (at absolute position ``pos``);
    returns the rows added. Errors are the records layer's, offsets relative to ``chunk``
    (:class:`CorruptRecordError` for a CRC mismatch with ``crc_mismatch="raise"``)."""
    verify = options.verify_crc
    try:
        return _decode_as(chunk, pos, magic, builder, options, verify, True if verify else None)
    except CorruptRecordError:
        if not verify or options.crc_mismatch == "raise":
            raise
        # the CRC does not match: decode unchecked and say so in crcValid
        return _decode_as(chunk, pos, magic, builder, options, False, False)


def _decode_as(chunk: bytes, pos: int, magic: int, builder: ColumnBuilder,
               options: ArrowOptions, check: bool, crc_valid: bool | None) -> int:
    if magic == 2:
        value = parse_v2_value(chunk, verify_crc=check,
                               decompression_limit=options.decompression_limit,
                               record_limit=options.record_limit,  # type: ignore[arg-type]
                               grammar=_v2())
        return builder.add_v2(value, pos, crc_valid, options.skip_control)
    rows = 0
    for b in parse_batches(chunk, verify_crc=check, strict=True,
                           decompression_limit=options.decompression_limit,
                           record_limit=options.record_limit,
                           max_batch_size=options.max_batch_size):
        rows += builder.add_batch(b, pos + b.position, options.skip_control, crc_valid)
    return rows


def _located(exc: KFormatError, shift: int, segment: str | None) -> KFormatError:
    return exc.relocated(shift, lead=f"{segment}: " if segment else "")


def read_framed(data: Any, spans: list[tuple[int, int]], options: ArrowOptions
                ) -> tuple[pa.RecordBatch, list[int]]:
    """The records of the whole batches at ``spans`` (``(position, size)`` in ``data``, each
    framed by :func:`~kformat.records.framing.plausible_frame`), in one record batch, and the
    rows each gave; errors located as :func:`to_arrow` locates them."""
    builder = ColumnBuilder(options.columns)
    base = options.position
    counts = []
    for pos, size in spans:
        chunk = bytes(data[pos:pos + size])
        try:
            counts.append(decode_batch(chunk, base + pos, chunk[MAGIC_OFFSET], builder,
                                       options))
        except KFormatError as exc:
            raise _located(exc, base + pos, options.segment) from None
    return builder.flush(options.topic, options.partition, options.segment), counts


def to_arrow(data: Any, options: ArrowOptions) -> pa.RecordBatch:
    """The kernel: ``data`` is bytes-like or a list of :class:`Batch`."""
    builder = ColumnBuilder(options.columns)
    base = options.position
    if isinstance(data, list):
        for b in data:
            builder.add_batch(b, base + b.position, options.skip_control, b.crc_valid)
        return builder.flush(options.topic, options.partition, options.segment)
    raw = bytes(data)
    pos, end = 0, len(raw)
    while pos < end:
        found = plausible_frame(raw[pos:pos + PEEK], pos, end, options.max_batch_size)
        if found is None:  # the records layer frames the rest: it raises, or frames after all
            try:
                rest = parse_batches(raw[pos:], verify_crc=False, strict=True,
                                     decompression_limit=options.decompression_limit,
                                     record_limit=options.record_limit,
                                     max_batch_size=options.max_batch_size)
            except KFormatError as exc:
                raise _located(exc, base + pos, options.segment) from None
            for b in rest:
                at = pos + b.position
                try:
                    decode_batch(raw[at:at + b.size], base + at, b.magic, builder, options)
                except KFormatError as exc:
                    raise _located(exc, base + at, options.segment) from None
            break
        size, magic = found
        try:
            decode_batch(raw[pos:pos + size], base + pos, magic, builder, options)
        except KFormatError as exc:
            raise _located(exc, base + pos, options.segment) from None
        pos += size
    return builder.flush(options.topic, options.partition, options.segment)
