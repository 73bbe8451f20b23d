"""Segment bytes to Arrow record batches: the decode path of the ``kafka-segments`` source.

Plain kformat plus pyarrow, no Spark: tested and benchmarked on its own.

Framing. A segment is batches of any magic back to back (seed 000); a batch (or a magic 0/1
entry) starts with ``offset:INT64 length:INT32`` and has its magic byte at byte 16 in both
layouts. :func:`plan_splits` reads only those 12-byte heads, jumping from batch to batch, to
cut a big file into ranges at batch boundaries; :class:`ColumnReader` reads one range. A head
that does not frame a plausible batch (bad magic, a length below the magic's minimum or above
``max_batch_size``, a cut-short tail) is handed to :func:`kformat.records.iter_batches`, so
errors and truncation reports are exactly the records layer's.

Decoding. A magic 2 batch is parsed by the compiled ``RecordBatchV2`` grammar, with its
records and headers parsed into plain tuples (``CompiledGrammar(factories=...)``: no dict,
:class:`~kformat.records.model.Batch` or ``Record`` object per record), and the columns are
filled straight from those tuples with list comprehensions; batch-level columns get one
entry per batch and are expanded by Arrow (run-end decoding). Two rules of
:mod:`kformat.records.api` are applied on the way: ``offset = base_offset + offset_delta``
and ``timestamp = base_timestamp + timestamp_delta`` except in LogAppendTime batches, whose
records all carry ``max_timestamp``. Magic 0/1 entries go through
:func:`kformat.records.parse_batches`. Arrow arrays are built once per chunk of
``batch_rows`` rows.

A batch whose CRC does not match is decoded anyway with ``crcValid = false`` (what
``kafka-dump-log.sh`` does); a batch that does not decode fails the read (``on_corrupt=
"fail"``, the error names the file and absolute offset) or is skipped and listed in
``skipped`` (``"skip"``). A partial last batch ends the read and is reported in
``truncated``.

Spark's Kafka conventions: ``timestamp`` is microseconds UTC, null on magic 0 (which has no
timestamp), where ``timestampType`` is -1 (Kafka's ``NO_TIMESTAMP_TYPE``).
"""

from __future__ import annotations

import dataclasses
import functools
import struct
from collections.abc import Iterator
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from kformat.errors import CorruptRecordError, KFormatError
from kformat.primitives import CompiledGrammar
from kformat.records.api import DEFAULT_MAX_BATCH_SIZE, iter_batches, parse_batches
from kformat.records.batch import (
    BATCH_OVERHEAD,
    CODEC_MASK,
    CONTROL_FLAG,
    MIN_BATCH_LENGTH,
    TIMESTAMP_TYPE_FLAG,
    TRANSACTIONAL_FLAG,
    Header,
    RecordBatchV2,
    RecordFields,
)
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT
from kformat.records.model import Batch, TruncatedTail
from kformat.spark.decoded import decoder
from kformat.spark.files import BytesSource, RandomAccess
from kformat.spark.schema import HEADERS_TYPE, TIMESTAMP_TYPE, arrow_schema

__all__ = [
    "CODEC_NAMES",
    "ColumnReader",
    "ReadOptions",
    "plan_splits",
    "read_table",
    "spark_timestamp",
]

CODEC_NAMES = ("none", "gzip", "snappy", "lz4", "zstd")
_HEAD = struct.Struct(">qi")
_MAGIC_AT = 16
_PEEK = _MAGIC_AT + 1
_MIN_LENGTH = {0: 14, 1: 22, 2: MIN_BATCH_LENGTH}
"""Smallest length field per magic (as :mod:`kformat.records.api` checks it); anything
smaller takes the records layer's path, which raises its error."""
_BLOCK = 8 << 20
_MS_LIMIT = (1 << 63) // 1000


@dataclasses.dataclass(frozen=True)
class ReadOptions:
    """How to read: the data source options, typed.

    ``decode`` is a mode of :data:`kformat.spark.schema.DECODE_MODES` or None;
    ``batch_rows`` the rows per Arrow record batch; ``on_corrupt`` ``"fail"`` or ``"skip"``.
    """

    verify_crc: bool = True
    skip_control: bool = False
    decode: str | None = None
    batch_rows: int = 10_000
    decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT
    max_batch_size: int = DEFAULT_MAX_BATCH_SIZE
    on_corrupt: str = "fail"

    def __post_init__(self) -> None:
        if self.on_corrupt not in ("fail", "skip"):
            raise ValueError(f"on_corrupt must be 'fail' or 'skip', not {self.on_corrupt!r}")
        if self.batch_rows < 1:
            raise ValueError("batch_rows must be positive")


def spark_timestamp(magic: int, timestamp: int) -> int | None:
    """A record timestamp (ms) as the ``timestamp`` column holds it: None on magic 0."""
    return None if magic == 0 else timestamp


@functools.cache
def _v2() -> CompiledGrammar:
    """RecordBatchV2 with records and headers parsed into tuples, in field order (no dict
    per record or header)."""
    return CompiledGrammar(RecordBatchV2, "RecordBatchV2",
                           factories={RecordFields: tuple, Header: tuple})


def _field(name: str) -> int:
    """Index of a field in the tuples of :data:`RecordFields` (checked at import)."""
    names = [sc.name for sc in RecordFields.subcons]
    return names.index(name)


_TIMESTAMP_DELTA = _field("timestamp_delta")
_OFFSET_DELTA = _field("offset_delta")
_KEY = _field("key")
_VALUE = _field("value")
_HEADERS = _field("headers")


def _located(exc: KFormatError, position: int, segment: str) -> KFormatError:
    """``exc`` from a parse of bytes starting at ``position``, with an absolute offset and
    the file named."""
    return exc.relocated(position, lead=f"{segment}: " if segment else "")


# --------------------------------------------------------------------------- I/O


class _Window:
    """Sequential reads over ``[start, end)`` of a file, in blocks of ``_BLOCK`` bytes."""

    def __init__(self, source: RandomAccess, start: int, end: int) -> None:
        self.source = source
        self.end = end
        self.buf = b""
        self.at = start

    def get(self, pos: int, n: int) -> bytes:
        """Up to ``n`` bytes at ``pos`` (fewer only at ``end``)."""
        n = min(n, self.end - pos)
        rel = pos - self.at
        if rel < 0 or rel + n > len(self.buf):
            self.buf = self.source.read_at(pos, min(self.end - pos, max(n, _BLOCK)))
            self.at, rel = pos, 0
        return self.buf[rel:rel + n]


def plan_splits(source: RandomAccess | bytes, split_size: int, *,
                max_batch_size: int = DEFAULT_MAX_BATCH_SIZE) -> list[tuple[int, int]]:
    """Byte ranges of ``source`` of about ``split_size`` bytes each, cut at batch boundaries.

    Reads one 12-byte head per batch. Where the heads stop making sense (a cut-short or
    corrupt batch), the rest of the file is the last range, left to the reader to report.
    """
    src = BytesSource(source) if isinstance(source, bytes | bytearray | memoryview) \
        else source
    size = src.size()
    if split_size <= 0 or size <= split_size:
        return [(0, size)]
    cuts = [0]
    pos = 0
    while pos + BATCH_OVERHEAD <= size:
        head = src.read_at(pos, BATCH_OVERHEAD)
        length = _HEAD.unpack_from(head)[1]
        if length < _PEEK - BATCH_OVERHEAD or BATCH_OVERHEAD + length > max_batch_size:
            break
        pos += BATCH_OVERHEAD + length
        if pos >= size:
            break
        if pos - cuts[-1] >= split_size:
            cuts.append(pos)
    return list(zip(cuts, [*cuts[1:], size], strict=True))


# --------------------------------------------------------------------------- columns


_BATCH_FIELDS = ("timestamp_type", "base_offset", "magic", "codec", "producer_id",
                 "producer_epoch", "base_sequence", "transactional", "control", "crc_valid",
                 "position")


class _Columns:
    """Per-column Python lists for one chunk of rows.

    Record columns get one list entry per record. Batch columns (and ``timestampType``,
    which is the batch's) get one entry per batch, with ``run_ends``; Arrow expands them
    (``run_end_decode``), so a batch of 500 records costs one append, not 500.
    """

    def __init__(self, decode: str | None) -> None:
        self.decode = decoder(decode) if decode else None
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
        self.batch: dict[str, list[Any]] = {name: [] for name in _BATCH_FIELDS}
        self.decoded: list[tuple[Any, ...]] = []

    def __len__(self) -> int:
        return self.rows

    def _batch_fields(self, n: int, timestamp_type: int, base_offset: int, magic: int,
                      codec: int, producer_id: int, producer_epoch: int, base_sequence: int,
                      transactional: bool, control: bool, crc_valid: bool | None,
                      position: int) -> None:
        self.rows += n
        self.run_ends.append(self.rows)
        b = self.batch
        b["timestamp_type"].append(timestamp_type)
        b["base_offset"].append(base_offset)
        b["magic"].append(magic)
        b["codec"].append(CODEC_NAMES[codec] if codec < len(CODEC_NAMES) else str(codec))
        b["producer_id"].append(producer_id)
        b["producer_epoch"].append(producer_epoch)
        b["base_sequence"].append(base_sequence)
        b["transactional"].append(transactional)
        b["control"].append(control)
        b["crc_valid"].append(crc_valid)
        b["position"].append(position)

    def add_v2(self, v: dict[str, Any], position: int, crc_valid: bool | None,
               skip_control: bool) -> int:
        """The records of a parsed magic 2 batch (the grammar's dict, records as tuples);
        returns rows added."""
        recs = v["records"]
        n = len(recs)
        attributes = v["attributes"]
        control = bool(attributes & CONTROL_FLAG)
        if not n or (control and skip_control):
            return 0
        base = v["base_offset"]
        self.offset += [base + r[_OFFSET_DELTA] for r in recs]
        log_append = 1 if attributes & TIMESTAMP_TYPE_FLAG else 0
        if log_append:
            self.timestamp += [v["max_timestamp"]] * n
        else:
            stamp = v["base_timestamp"]
            self.timestamp += [stamp + r[_TIMESTAMP_DELTA] for r in recs]
        keys = [r[_KEY] for r in recs]
        values = [r[_VALUE] for r in recs]
        self.key += keys
        self.value += values
        headers = [r[_HEADERS] for r in recs]
        if any(headers):
            flat = [h for hs in headers for h in hs]
            self.header_keys += [h[0] for h in flat]
            self.header_values += [h[1] for h in flat]
            self.header_counts += [len(hs) for hs in headers]
        else:
            self.header_counts += [0] * n
        self._batch_fields(n, log_append, base, 2, attributes & CODEC_MASK, v["producer_id"],
                           v["producer_epoch"], v["base_sequence"],
                           bool(attributes & TRANSACTIONAL_FLAG), control, crc_valid, position)
        if self.decode is not None:
            decode = self.decode
            self.decoded += [decode(k, x, control) for k, x in zip(keys, values, strict=True)]
        return n

    def add_batch(self, b: Batch, position: int, skip_control: bool) -> int:
        """The records of a :class:`Batch` (magic 0/1 entries: no headers)."""
        recs = b.records
        n = len(recs)
        if not n or (b.is_control and skip_control):
            return 0
        magic = b.magic
        self.offset += [r.offset for r in recs]
        self.timestamp += [None] * n if magic == 0 else [r.timestamp for r in recs]
        keys = [r.key for r in recs]
        values = [r.value for r in recs]
        self.key += keys
        self.value += values
        flat = [h for r in recs for h in r.headers]
        self.header_keys += [h[0] for h in flat]
        self.header_values += [h[1] for h in flat]
        self.header_counts += [len(r.headers) for r in recs]
        self._batch_fields(n, -1 if magic == 0 else b.timestamp_type, b.base_offset, magic,
                           b.codec, b.producer_id, b.producer_epoch, b.base_sequence,
                           b.is_transactional, b.is_control, b.crc_valid, position)
        if self.decode is not None:
            decode = self.decode
            self.decoded += [decode(k, x, b.is_control) for k, x in zip(keys, values,
                                                                         strict=True)]
        return n

    # ---------------------------------------------------------------- arrays

    def _timestamps(self) -> pa.Array:
        ms = pa.array(self.timestamp, pa.int64())
        bounds = pc.min_max(ms).as_py()
        lo, hi = bounds["min"], bounds["max"]
        if lo is not None and (lo < -_MS_LIMIT or hi >= _MS_LIMIT):
            # a timestamp no microsecond count can hold (corrupt data): null, not an error
            ms = pa.array([t if t is not None and -_MS_LIMIT <= t < _MS_LIMIT else None
                           for t in self.timestamp], pa.int64())
        return pc.multiply(ms, 1000).view(TIMESTAMP_TYPE)

    def _headers_array(self) -> pa.Array:
        items = pa.StructArray.from_arrays(
            [pa.array(self.header_keys, pa.string()),
             pa.array(self.header_values, pa.binary())], names=["key", "value"])
        counts = pa.array(self.header_counts, pa.int32())
        ends = pc.cumulative_sum(counts)
        offsets = pa.concat_arrays([pa.array([0], pa.int32()), ends])
        return pa.ListArray.from_arrays(offsets, items, type=HEADERS_TYPE)

    def _expanded(self, name: str, kind: pa.DataType, run_ends: pa.Array) -> pa.Array:
        values = pa.array(self.batch[name], kind)
        return pc.run_end_decode(pa.RunEndEncodedArray.from_arrays(run_ends, values))

    def flush(self, schema: pa.Schema, topic: str | None, partition: int | None,
              segment: str) -> pa.RecordBatch:
        n = len(self)
        ends = pa.array(self.run_ends, pa.int32())

        def batch(name: str, kind: pa.DataType) -> pa.Array:
            return self._expanded(name, kind, ends)

        arrays: list[pa.Array] = [
            pa.array(self.key, pa.binary()),
            pa.array(self.value, pa.binary()),
            pa.repeat(pa.scalar(topic, pa.string()), n),
            pa.repeat(pa.scalar(partition, pa.int32()), n),
            pa.array(self.offset, pa.int64()),
            self._timestamps(),
            batch("timestamp_type", pa.int32()),
            self._headers_array(),
            batch("base_offset", pa.int64()),
            batch("magic", pa.int32()),
            batch("codec", pa.string()),
            batch("producer_id", pa.int64()),
            batch("producer_epoch", pa.int32()),
            batch("base_sequence", pa.int32()),
            batch("transactional", pa.bool_()),
            batch("control", pa.bool_()),
            batch("crc_valid", pa.bool_()),
            pa.repeat(pa.scalar(segment, pa.string()), n),
            batch("position", pa.int64()),
        ]
        if self.decode is not None:
            extra = [schema.field(i) for i in range(len(arrays), len(schema))]
            cols = list(zip(*self.decoded, strict=True)) if self.decoded \
                else [()] * len(extra)
            arrays += [pa.array(list(col), f.type) for col, f in zip(cols, extra, strict=True)]
        batch_ = pa.RecordBatch.from_arrays(arrays, schema=schema)
        self.reset()
        return batch_


# --------------------------------------------------------------------------- reader


class ColumnReader:
    """Arrow record batches of the records in bytes ``[start, end)`` of one segment.

    ``source`` is the segment's bytes or a :class:`~kformat.spark.files.RandomAccess`;
    ``segment``, ``topic`` and ``partition`` fill the columns of those names. After
    iteration: ``truncated`` (a partial last batch, absolute position), ``skipped``
    (``(position, error)`` of batches skipped with ``on_corrupt="skip"``), ``error`` (bytes
    that do not frame a batch ended the read, with ``"skip"``), and the counts ``batches``,
    ``rows`` and ``bytes`` (of whole batches read).
    """

    def __init__(self, source: RandomAccess | bytes | bytearray | memoryview, *,
                 segment: str = "", topic: str | None = None, partition: int | None = None,
                 start: int = 0, end: int | None = None,
                 options: ReadOptions | None = None) -> None:
        self.source = BytesSource(source) if isinstance(source, bytes | bytearray | memoryview) \
            else source
        self.segment = segment
        self.topic = topic
        self.partition = partition
        self.options = options or ReadOptions()
        size = self.source.size()
        self.start = start
        self.end = size if end is None else min(end, size)
        self.schema = arrow_schema(self.options.decode)
        self.truncated: TruncatedTail | None = None
        self.error: KFormatError | None = None
        self.skipped: list[tuple[int, KFormatError]] = []
        self.batches = 0
        self.rows = 0
        self.bytes = 0

    def __iter__(self) -> Iterator[pa.RecordBatch]:
        opts = self.options
        window = _Window(self.source, self.start, self.end)
        cols = _Columns(opts.decode)
        pos, end = self.start, self.end
        while pos < end:
            head = window.get(pos, _PEEK)
            frame = self._frame(head, pos, end)
            if frame is None:
                frame = self._slow_frame(window, pos, end)
                if frame is None:
                    break
            size, magic = frame
            added = self._decode(window.get(pos, size), pos, magic, cols)
            pos += size
            self.bytes += size
            if added is not None:
                self.batches += 1
                self.rows += added
            if len(cols) >= opts.batch_rows:
                yield cols.flush(self.schema, self.topic, self.partition, self.segment)
        if len(cols):
            yield cols.flush(self.schema, self.topic, self.partition, self.segment)

    def _frame(self, head: bytes, pos: int, end: int) -> tuple[int, int] | None:
        """(size, magic) of a plausible whole batch at ``pos``; None for the slow path."""
        if len(head) < _PEEK:
            return None
        length = _HEAD.unpack_from(head)[1]
        magic = head[_MAGIC_AT]
        minimum = _MIN_LENGTH.get(magic)
        size = BATCH_OVERHEAD + length
        if minimum is None or length < minimum or size > self.options.max_batch_size \
                or pos + size > end:
            return None
        return size, magic

    def _slow_frame(self, window: _Window, pos: int, end: int) -> tuple[int, int] | None:
        """The records layer's verdict on what is at ``pos``: a tail, an error, or (when
        the head was fine after all) the frame."""
        data = window.get(pos, min(end - pos, _PEEK))
        it = iter_batches(data, verify_crc=False, max_batch_size=self.options.max_batch_size,
                          decompression_limit=self.options.decompression_limit)
        try:
            with it:
                batch = next(it, None)
        except KFormatError as exc:
            error = _located(exc, pos, self.segment)
            if self.options.on_corrupt == "fail":
                raise error from None
            self.error = error
            return None
        if batch is not None:  # cannot happen: a whole batch needs more than _PEEK bytes
            return batch.size, batch.magic
        tail = it.truncated
        if tail is not None:
            # ``data`` is at most a head: the bytes available run to ``end``
            self.truncated = TruncatedTail(pos, end - pos, tail.needed)
        return None

    def _decode(self, chunk: bytes, pos: int, magic: int, cols: _Columns) -> int | None:
        """Rows added for the batch at ``pos``; None when it was skipped as corrupt."""
        verify = self.options.verify_crc
        try:
            return self._decode_as(chunk, pos, magic, cols, verify, True if verify else None)
        except CorruptRecordError as exc:
            if not verify:
                return self._corrupt(exc, pos)
            try:  # the CRC does not match: decode unchecked and say so in crcValid
                return self._decode_as(chunk, pos, magic, cols, False, False)
            except KFormatError as again:
                return self._corrupt(again, pos)
        except KFormatError as exc:
            return self._corrupt(exc, pos)

    def _decode_as(self, chunk: bytes, pos: int, magic: int, cols: _Columns, check: bool,
                   crc_valid: bool | None) -> int:
        opts = self.options
        if magic == 2:
            value = _v2().parse(chunk, verify_crc=check,
                                decompression_limit=opts.decompression_limit)
            return cols.add_v2(value, pos, crc_valid, opts.skip_control)
        rows = 0
        for b in parse_batches(chunk, verify_crc=check, strict=True,
                               decompression_limit=opts.decompression_limit,
                               max_batch_size=opts.max_batch_size):
            b.crc_valid = crc_valid
            rows += cols.add_batch(b, pos + b.position, opts.skip_control)
        return rows

    def _corrupt(self, exc: KFormatError, pos: int) -> None:
        error = _located(exc, pos, self.segment)
        if self.options.on_corrupt == "fail":
            raise error from None
        self.skipped.append((pos, error))
        return None


def read_table(source: RandomAccess | bytes | bytearray | memoryview, *,
               segment: str = "", topic: str | None = None, partition: int | None = None,
               options: ReadOptions | None = None) -> pa.Table:
    """A whole segment as one :class:`pyarrow.Table` (see :class:`ColumnReader`)."""
    reader = ColumnReader(source, segment=segment, topic=topic, partition=partition,
                          options=options)
    return pa.Table.from_batches(list(reader), schema=reader.schema)
