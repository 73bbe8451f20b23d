"""Segment bytes to Arrow record batches: the read path of the ``kafka-segments`` source.

Plain kformat plus pyarrow, no Spark: tested and benchmarked on its own.

Framing. A segment is batches of any magic back to back; each starts with ``offset:INT64
length:INT32`` and has its magic byte at byte 16. :func:`plan_splits` cuts a big file into
byte ranges at batch boundaries (from the ``.index`` file when there is one,
:mod:`kformat.spark.planning`, else by reading 12-byte heads); :class:`ColumnReader` reads one
range: it hands the bytes to :func:`kformat.outputs.columnar.to_arrow_run` (the engine's
columnar kernel, which frames the run of whole batches they start as it reads them, in C
with the native engine), asking only for the columns the query needs, and goes on where
the run stopped; only where it stops short (bytes that do not frame a batch, a bad batch)
does the reader look at batch heads itself.

Corrupt data, as Spark's file sources do it (the ``mode`` option):

* ``PERMISSIVE`` (default): every readable batch gives its rows (a CRC mismatch is decoded
  anyway with ``crcValid`` false, as ``kafka-dump-log.sh`` does); each unreadable stretch
  (a batch that does not decode, bytes that do not frame a batch, a cut-short last batch)
  gives one row whose ``_corrupt`` struct holds the file, position, length, error class and
  reason, and the read goes on at the next batch found
  (:func:`kformat.records.framing.find_batch`, the rule every reader resyncs by);
* ``DROPMALFORMED``: unreadable stretches and CRC mismatches are left out, counted in
  ``skipped``/``dropped_bytes`` (and logged and counted by the data source);
* ``FAILFAST``: the first one raises its :class:`~kformat.errors.KFormatError`, the file
  and absolute position in the message and ``offset``.

``on_corrupt`` (``"fail"``/``"skip"``) is the older spelling of ``FAILFAST``/
``DROPMALFORMED``.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
from collections.abc import Iterable, Iterator

import pyarrow as pa

from kformat.errors import KFormatError, TruncatedError
from kformat.outputs.arrow_python import CODEC_NAMES
from kformat.outputs.columnar import to_arrow, to_arrow_run
from kformat.records.api import DEFAULT_MAX_BATCH_SIZE, iter_batches
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT
from kformat.records.framing import DEFAULT_RESYNC_LIMIT, PEEK, find_batch, plausible_entries
from kformat.records.model import TruncatedTail
from kformat.spark.decoded import decoder
from kformat.spark.files import BytesSource, RandomAccess
from kformat.spark.options import MODES
from kformat.spark.schema import CORRUPT_COLUMN, arrow_schema

__all__ = [
    "COALESCE_BYTES",
    "CODEC_NAMES",
    "MODES",
    "ColumnReader",
    "Corrupt",
    "ReadOptions",
    "coalesced",
    "plan_splits",
    "read_table",
    "spark_timestamp",
]

_LEGACY_MODES = {"fail": "FAILFAST", "skip": "DROPMALFORMED"}
_BLOCK = 8 << 20
_CHUNK_BYTES = 4 << 20
COALESCE_BYTES = 4 << 20
"""Most bytes of Arrow output :func:`coalesced` joins into one record batch (beside
``batch_rows``): runs this large already cost little per batch, and joining copies them."""
log = logging.getLogger("kformat.spark")


@dataclasses.dataclass(frozen=True)
class ReadOptions:
    """How to read: the data source options, typed.

    ``mode`` one of :data:`MODES` (``on_corrupt`` ``"fail"``/``"skip"``, when given, sets it
    the older way); ``decode`` a mode of :data:`kformat.spark.schema.DECODE_MODES` or None;
    ``columns`` the output columns (None: all of :func:`kformat.spark.schema.columns`,
    plus ``_corrupt`` in ``PERMISSIVE``); ``batch_rows`` the rows per Arrow record batch
    (about); ``resync_limit`` how far to look for the next batch after damage.
    """

    verify_crc: bool = True
    skip_control: bool = False
    decode: str | None = None
    batch_rows: int = 10_000
    decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT
    max_batch_size: int = DEFAULT_MAX_BATCH_SIZE
    on_corrupt: str | None = None
    mode: str = "PERMISSIVE"
    columns: tuple[str, ...] | None = None
    resync_limit: int = DEFAULT_RESYNC_LIMIT

    def __post_init__(self) -> None:
        if self.on_corrupt is not None:
            if self.on_corrupt not in _LEGACY_MODES:
                raise ValueError(f"on_corrupt must be 'fail' or 'skip', not {self.on_corrupt!r}")
            object.__setattr__(self, "mode", _LEGACY_MODES[self.on_corrupt])
        mode = self.mode.upper()
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {self.mode!r}")
        object.__setattr__(self, "mode", mode)
        if self.batch_rows < 1:
            raise ValueError("batch_rows must be positive")
        if self.columns is not None:
            known = set(arrow_schema(self.decode, corrupt=True).names)
            unknown = [c for c in self.columns if c not in known]
            if unknown:
                raise ValueError(f"unknown columns {unknown}; columns: {sorted(known)}")

    def schema(self) -> pa.Schema:
        """The Arrow schema of what is read."""
        full = arrow_schema(self.decode, corrupt=self.mode == "PERMISSIVE")
        if self.columns is None:
            return full
        return pa.schema([full.field(name) for name in self.columns])


def spark_timestamp(magic: int, timestamp: int) -> int | None:
    """A record timestamp (ms) as the ``timestamp`` column holds it: None on magic 0."""
    return None if magic == 0 else timestamp


@dataclasses.dataclass(frozen=True)
class Corrupt:
    """An unreadable stretch of a segment: ``[position, position + length)``."""

    position: int
    length: int
    error: KFormatError


# --------------------------------------------------------------------------- I/O


class _Window:
    """Sequential reads over ``[start, end)`` of a file, in blocks of ``_BLOCK`` bytes; each
    byte is read from the file once (the reader moves forward only)."""

    def __init__(self, source: RandomAccess, start: int, end: int) -> None:
        self.source = source
        self.end = end
        self.buf = memoryview(b"")
        self.at = start

    def get(self, pos: int, n: int) -> memoryview:
        """Up to ``n`` bytes at ``pos`` (fewer only at ``end``): a view of the block read,
        not a copy."""
        n = min(n, self.end - pos)
        rel = pos - self.at
        if rel < 0 or rel + n > len(self.buf):
            want = min(self.end - pos, max(n, _BLOCK))
            if 0 <= rel < len(self.buf):
                # the block's unread tail is kept and only the bytes after it are read: read
                # again, it doubled the bytes a large split reads (and on object stores, the
                # bytes fetched; the runs stop anywhere in a block)
                kept = self.buf[rel:]
                more = self.source.read_at(self.at + len(self.buf), want - len(kept))
                self.buf = memoryview(b"".join((kept, more)))
            else:
                self.buf = memoryview(self.source.read_at(pos, want))
            self.at, rel = pos, 0
        return self.buf[rel:rel + n]


def plan_splits(source: RandomAccess | bytes, split_size: int, *,
                max_batch_size: int = DEFAULT_MAX_BATCH_SIZE, start: int = 0,
                end: int | None = None) -> list[tuple[int, int]]:
    """Byte ranges of ``[start, end)`` of ``source`` (``start`` a batch start) of about
    ``split_size`` bytes each, cut at batch boundaries found by reading one 12-byte head per
    batch (:mod:`kformat.spark.planning` cuts at ``.index`` entries instead). Where the heads
    stop making sense (a cut-short or corrupt batch), the rest is the last range, left to
    the reader to report.
    """
    src = BytesSource(source) if isinstance(source, bytes | bytearray | memoryview) \
        else source
    size = src.size() if end is None else end
    if split_size <= 0 or size - start <= split_size:
        return [(start, size)]
    cuts = [start]
    for pos, length, _magic in plausible_entries(src.read_at, start, size, max_batch_size):
        if pos + length < size and pos + length - cuts[-1] >= split_size:
            cuts.append(pos + length)
    return list(zip(cuts, [*cuts[1:], size], strict=True))


# --------------------------------------------------------------------------- reader


class ColumnReader:
    """Arrow record batches of the records in bytes ``[start, end)`` of one segment.

    ``source`` is the segment's bytes or a :class:`~kformat.spark.files.RandomAccess`;
    ``segment``, ``topic`` and ``partition`` fill the columns of those names. After
    iteration: ``corrupt`` (every unreadable stretch, :class:`Corrupt`), ``skipped``
    (``(position, error)`` of those left out in ``DROPMALFORMED``), ``truncated`` (a
    cut-short last batch), ``error`` (the first error, when not ``FAILFAST``), and the
    counts ``batches``, ``rows``, ``bytes`` (of batches read) and ``dropped_bytes``.
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
        self.output = _output(self.options)
        self.schema = self.output.schema
        self.truncated: TruncatedTail | None = None
        self.error: KFormatError | None = None
        self.corrupt: list[Corrupt] = []
        self.skipped: list[tuple[int, KFormatError]] = []
        self.batches = 0
        self.rows = 0
        self.bytes = 0
        self.dropped_bytes = 0
        self._kernel_columns = self.output.kernel_columns

    # ---------------------------------------------------------------- the loop

    def __iter__(self) -> Iterator[pa.RecordBatch]:
        return coalesced([self])

    def pieces(self) -> Iterator[tuple[pa.RecordBatch, bool]]:
        """What the reader reads, in order, as ``(batch, finished)``: the kernel's output
        for runs of whole batches (``finished`` False: the kernel's columns, made into the
        reader's schema by :meth:`_Output.finish`, after :func:`coalesced` joined several)
        and the ``_corrupt`` rows of unreadable stretches (``finished`` True)."""
        window = _Window(self.source, self.start, self.end)
        pos, end = self.start, self.end
        while pos < end:
            data = window.get(pos, min(end - pos, _CHUNK_BYTES))
            try:
                out, size, batches = self._run(data, pos)
            except KFormatError:  # a bad batch in the run: batch by batch, below
                size = 0
            if size:
                self._count(batches, out.num_rows, size)
                if out.num_rows:
                    yield out, False
                pos += size
                continue
            run = self._frame(window, pos, end)  # a bad batch, one beyond data, or none
            if run:
                yield from self._read_run(window, run)
                pos = run[-1][0] + run[-1][1]
                continue
            pos, bad = self._unframed(window, pos, end)
            if bad is not None:
                yield bad, True

    def _frame(self, window: _Window, pos: int, end: int) -> list[tuple[int, int, int]]:
        """``(position, size, magic)`` of the batches of the run at ``pos`` (the run
        :meth:`_run` reads), framed from their heads."""
        opts = self.options
        return list(plausible_entries(window.get, pos, end, opts.max_batch_size,
                                      opts.batch_rows, _CHUNK_BYTES))

    def _run(self, data: memoryview, position: int) -> tuple[pa.RecordBatch, int, int]:
        opts = self.options
        return to_arrow_run(data, max_rows=opts.batch_rows, max_bytes=_CHUNK_BYTES,
                            columns=self._kernel_columns, topic=self.topic,
                            partition=self.partition, segment=self.segment,
                            position=position, verify_crc=opts.verify_crc,
                            crc_mismatch="flag" if opts.mode == "PERMISSIVE" else "raise",
                            skip_control=opts.skip_control,
                            decompression_limit=opts.decompression_limit,
                            max_batch_size=opts.max_batch_size)

    def _kernel(self, data: bytes, position: int, *, flag: bool | None = None
                ) -> pa.RecordBatch:
        """``data`` decoded; ``flag``: a CRC mismatch gives ``crcValid`` false rows instead
        of raising (default: in ``PERMISSIVE``)."""
        opts = self.options
        flag = opts.mode == "PERMISSIVE" if flag is None else flag
        return to_arrow(data, columns=self._kernel_columns, topic=self.topic,
                        partition=self.partition, segment=self.segment, position=position,
                        verify_crc=opts.verify_crc,
                        crc_mismatch="flag" if flag else "raise",
                        skip_control=opts.skip_control,
                        decompression_limit=opts.decompression_limit,
                        max_batch_size=opts.max_batch_size)

    def _read_run(self, window: _Window, run: list[tuple[int, int, int]]
                  ) -> Iterator[tuple[pa.RecordBatch, bool]]:
        """Rows of framed batches; on an error, batch by batch to single out the bad ones
        (pieces as :meth:`pieces` yields them)."""
        first, last = run[0][0], run[-1][0] + run[-1][1]
        data = window.get(first, last - first)

        def piece_of(pos: int, size: int) -> memoryview:
            return data[pos - first:pos - first + size]

        try:
            out = self._kernel(data, first)
        except KFormatError:
            for pos, size, _ in run:
                try:
                    piece = self._kernel(piece_of(pos, size), pos)
                except KFormatError as exc:
                    bad = self._bad(pos, size, self._cause(piece_of(pos, size), pos, exc))
                    if bad is not None:
                        yield bad, True
                    continue
                self._count(1, piece.num_rows, size)
                if piece.num_rows:
                    yield piece, False
            return
        self._count(len(run), out.num_rows, last - first)
        if out.num_rows:
            yield out, False

    def _cause(self, data: memoryview, pos: int, exc: KFormatError) -> KFormatError:
        """The error a batch that does not decode is reported with: in ``PERMISSIVE``, a CRC
        mismatch when its CRC does not match (the damage, as the other modes name it), not
        what decoding the damaged bytes met."""
        if self.options.mode != "PERMISSIVE" or not self.options.verify_crc:
            return exc
        try:
            self._kernel(data, pos, flag=False)
        except KFormatError as cause:
            return cause
        return exc

    def _count(self, batches: int, rows: int, size: int) -> None:
        self.batches += batches
        self.rows += rows
        self.bytes += size

    def _unframed(self, window: _Window, pos: int, end: int
                  ) -> tuple[int, pa.RecordBatch | None]:
        """Bytes at ``pos`` that do not frame a whole batch: the records layer's error (or
        a cut-short tail), then on to the next batch found. Returns (next position, the
        ``_corrupt`` row or None)."""
        opts = self.options
        data = bytes(window.get(pos, min(end - pos, PEEK)))
        it = iter_batches(data, verify_crc=False, max_batch_size=opts.max_batch_size,
                          decompression_limit=opts.decompression_limit)
        error: KFormatError | None = None
        tail: TruncatedTail | None = None
        try:
            with it:
                next(it, None)
            tail = it.truncated
        except KFormatError as exc:
            error = exc.relocated(pos)
        resume = find_batch(self.source, pos + 1, end, limit=opts.resync_limit,
                            max_batch_size=opts.max_batch_size)
        stop = end if resume is None else resume
        if error is None:
            needed = None if tail is None else tail.needed
            if resume is None:
                self.truncated = TruncatedTail(pos, end - pos, needed)
            what = f"{needed} bytes" if needed is not None else "a whole batch head"
            error = TruncatedError(
                f"batch cut short: {end - pos if resume is None else resume - pos} bytes "
                f"present, {what} needed", path="", offset=pos)
        bad = self._bad(pos, stop - pos, error)
        return stop, bad

    # ---------------------------------------------------------------- corrupt data

    def _bad(self, pos: int, length: int, exc: KFormatError) -> pa.RecordBatch | None:
        """Handle an unreadable stretch per ``mode``: raise, drop (counted) or one row."""
        error = exc if exc.offset is not None else exc.relocated(at=pos)
        lead = f"{self.segment}: " if self.segment else ""
        located = error if error.reason.startswith(lead) else error.relocated(lead=lead)
        reason = located.reason[len(lead):]
        if self.options.mode == "FAILFAST":
            raise located from None
        if self.error is None:
            self.error = located
        self.corrupt.append(Corrupt(pos, length, located))
        if self.options.mode == "DROPMALFORMED":
            self.skipped.append((pos, located))
            self.dropped_bytes += length
            log.warning("%s: dropped %d bytes at position %d: %s: %s", self.segment or "<bytes>",
                        length, pos, type(error).__name__, reason)
            return None
        return self._corrupt_row(pos, length, error, reason)

    def _corrupt_row(self, pos: int, length: int, error: KFormatError,
                     reason: str) -> pa.RecordBatch:
        values = {"topic": self.topic, "partition": self.partition, "segment": self.segment,
                  "position": pos,
                  CORRUPT_COLUMN: {"file": self.segment, "position": pos, "length": length,
                                   "errorClass": type(error).__name__,
                                   "reason": reason, "offset": error.offset}}
        arrays = [pa.array([values.get(f.name)], f.type) for f in self.schema]
        return pa.RecordBatch.from_arrays(arrays, schema=self.schema)



_RECORD_NAMES = tuple(arrow_schema().names)


class _Output:
    """What every reader with the same options shares, made once (not once per file): the
    output schema, the columns asked of the kernel, the decoder of ``decode``, and how the
    kernel's output becomes record batches of the schema (:meth:`finish`)."""

    def __init__(self, options: ReadOptions) -> None:
        self.options = options
        self.schema = options.schema()
        names = self.schema.names
        self._everything = list(arrow_schema(options.decode))[len(_RECORD_NAMES):]
        """Every decode column, in the order the decoder gives them."""
        self.decoded = [f for f in self._everything if f.name in names]
        self.decode = decoder(options.decode) if options.decode and self.decoded else None
        wanted = [n for n in names if n in _RECORD_NAMES]
        if self.decode is not None:
            wanted += [n for n in ("key", "value", "isControl") if n not in wanted]
        self.kernel_columns = tuple(wanted)
        decoded_at = {f.name: i for i, f in enumerate(self.decoded)}
        self._sources: list[tuple[str, int, pa.DataType]] = []
        """Each output column: ("kernel", index), ("decoded", index) or ("null", 0)."""
        for f in self.schema:
            if f.name in decoded_at:
                self._sources.append(("decoded", decoded_at[f.name], f.type))
            elif f.name == CORRUPT_COLUMN:
                self._sources.append(("null", 0, f.type))
            else:
                self._sources.append(("kernel", wanted.index(f.name), f.type))

    def finish(self, pieces: list[pa.RecordBatch]) -> pa.RecordBatch:
        """Kernel output (several runs joined with one copy) -> a record batch of the
        schema (decode columns, ``_corrupt`` null, the schema's order)."""
        batch = pieces[0] if len(pieces) == 1 else pa.concat_batches(pieces)
        n = batch.num_rows
        kernel = batch.columns
        decoded: list[pa.Array] = []
        if self.decode is not None:
            decode = self.decode
            at = self.kernel_columns.index
            rows = [decode(k, v, c) for k, v, c in zip(
                kernel[at("key")].to_pylist(), kernel[at("value")].to_pylist(),
                kernel[at("isControl")].to_pylist(), strict=True)]
            everything = self._everything
            cols = list(zip(*rows, strict=True)) if rows else [()] * len(everything)
            by_name = {f.name: col for col, f in zip(cols, everything, strict=True)}
            decoded = [pa.array(list(by_name[f.name]), f.type) for f in self.decoded]
        arrays = [kernel[i] if kind == "kernel" else decoded[i] if kind == "decoded"
                  else pa.nulls(n, type_) for kind, i, type_ in self._sources]
        return pa.RecordBatch.from_arrays(arrays, schema=self.schema)


@functools.lru_cache(maxsize=64)
def _output(options: ReadOptions) -> _Output:
    return _Output(options)


def coalesced(readers: Iterable[ColumnReader]) -> Iterator[pa.RecordBatch]:
    """The record batches of ``readers`` read one after the other (the consecutive files and
    ranges of one Spark task; options equal), in order, the kernel's runs joined into
    batches of up to ``batch_rows`` rows and :data:`COALESCE_BYTES` bytes: a small segment
    gives a short run, and each batch costs Spark the same whatever its size (Python's
    Arrow stream, the JVM's batch), so many small files share a batch instead of one each.
    A run of ``batch_rows`` rows or more passes as it is; a ``_corrupt`` row stays in its
    place (the rows before it are sent first)."""
    output: _Output | None = None
    pending: list[pa.RecordBatch] = []
    rows = size = most = 0
    for reader in readers:
        if output is None:
            output = reader.output
            most = output.options.batch_rows
        elif reader.output is not output and reader.options != output.options:
            raise ValueError("coalesced: readers with different options")
        for batch, finished in reader.pieces():
            if finished:
                if pending:
                    yield output.finish(pending)
                    pending, rows, size = [], 0, 0
                yield batch
                continue
            n, nbytes = batch.num_rows, batch.get_total_buffer_size()  # nbytes: 60 us
            if pending and (rows + n > most or size + nbytes > COALESCE_BYTES):
                yield output.finish(pending)
                pending, rows, size = [], 0, 0
            pending.append(batch)
            rows += n
            size += nbytes
    if pending and output is not None:
        yield output.finish(pending)


def read_table(source: RandomAccess | bytes | bytearray | memoryview, *,
               segment: str = "", topic: str | None = None, partition: int | None = None,
               options: ReadOptions | None = None) -> pa.Table:
    """A whole segment as one :class:`pyarrow.Table` (see :class:`ColumnReader`)."""
    reader = ColumnReader(source, segment=segment, topic=topic, partition=partition,
                          options=options)
    return pa.Table.from_batches(list(reader), schema=reader.schema)
