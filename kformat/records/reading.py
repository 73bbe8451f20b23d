"""Reading batches: :func:`parse_batches` and :func:`iter_batches` over a buffer, a binary file
or a path, any mix of magic 0, 1 and 2 (dispatching on the magic byte at offset 16, the same
position in both layouts).

Errors are :class:`~kformat.errors.KFormatError` subclasses with the field path and the
absolute offset in the input (for a file object, counted from where reading started).
Framing (:mod:`kformat.records.framing`) checks each batch's length against
``max_batch_size`` and the bytes present before anything is read or allocated; inside a
batch that is present in full, running out of bytes means a length or count lied, reported
as :class:`~kformat.errors.InvalidValueError` (a :class:`~kformat.errors.TruncatedError`
only ever means the input itself was cut short).
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from typing import Any

from kformat.errors import CorruptRecordError, KFormatError, TruncatedError
from kformat.primitives.fast import keep_parse_memo, release_parse_memo
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT, record_limit_for
from kformat.records.conversion import from_v2, parse_v2_run, parse_v2_value
from kformat.records.framing import BATCH_OVERHEAD, PEEK, check_frame
from kformat.records.legacy import parse_legacy_entry, parse_legacy_run
from kformat.records.model import Batch, TruncatedTail
from kformat.records.sources import BufferInput, FileInput, Source, open_source

__all__ = [
    "DEFAULT_MAX_BATCH_SIZE",
    "BatchIterator",
    "Batches",
    "Options",
    "batches_past_crc_mismatches",
    "iter_batches",
    "parse_batches",
]

DEFAULT_MAX_BATCH_SIZE = 256 * 1024 * 1024
"""Largest batch (``batchLength + 12``) read before :class:`LimitExceededError` (256 MiB)."""

_ITER_RUN_BYTES = 1 << 20
"""How many bytes of magic 2 batches an iterator reads ahead in one native call (at least
one batch); :func:`parse_batches` reads a whole run at once."""


class Batches(list[Batch]):
    """The batches of a buffer, in order; ``truncated`` describes a partial last batch."""

    def __init__(self, batches: Iterable[Batch] = (), truncated: TruncatedTail | None = None):
        super().__init__(batches)
        self.truncated = truncated

    def __repr__(self) -> str:
        return f"Batches({list.__repr__(self)}, truncated={self.truncated!r})"


@dataclasses.dataclass(frozen=True)
class Options:
    """How :class:`BatchIterator` reads (see :func:`iter_batches`)."""

    verify_crc: bool = True
    decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT
    strict: bool = False
    max_batch_size: int = DEFAULT_MAX_BATCH_SIZE
    record_limit: int | None = None

    def __post_init__(self) -> None:  # None: the default for the byte cap
        object.__setattr__(self, "record_limit",
                           record_limit_for(self.decompression_limit, self.record_limit))


class BatchIterator(Iterator[Batch]):
    """Batches of a buffer or file, one at a time; ``truncated`` is set once exhausted.

    A file is read batch by batch (never whole, and never more than ``max_batch_size``
    bytes for one batch); a file this iterator opened is closed when it is exhausted,
    fails, or on :meth:`close` / leaving a ``with`` block.
    """

    def __init__(self, source: Source, options: Options) -> None:
        self._source: BufferInput | FileInput | None = open_source(source)
        self._options = options
        self._pos = 0
        self._ahead: deque[Batch] = deque()  # batches the native engine read ahead
        self._run_bytes = _ITER_RUN_BYTES  # how far a run of magic 2 batches reads ahead
        self._memo: dict[Any, Any] = {}  # the parse memo of the runs and the re-parses
        self.truncated: TruncatedTail | None = None

    def __iter__(self) -> BatchIterator:
        return self

    def __next__(self) -> Batch:
        if self._source is None:
            raise StopIteration
        try:
            batch = self._next(self._source)
        except BaseException:
            self.close()
            raise
        if batch is None:
            self.close()
            raise StopIteration
        return batch

    def _take_ahead(self) -> list[Batch]:
        """The batches already read past the last one returned (a run of entries the native
        engine reads at once), in order, as if returned one by one."""
        if not self._ahead:
            return []
        batches = list(self._ahead)
        self._ahead.clear()
        last = batches[-1]
        self._pos = last.position + last.size
        return batches

    def close(self) -> None:
        if self._source is not None:
            self._source.close()
            self._source = None

    def __enter__(self) -> BatchIterator:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _tail(self, pos: int, available: int, needed: int | None) -> None:
        if self._options.strict:
            what = "frame header" if needed is None else "batch"
            raise TruncatedError(f"{what} at offset {pos} cut short", offset=pos,
                                 expected=BATCH_OVERHEAD if needed is None else needed,
                                 actual=available)
        self.truncated = TruncatedTail(position=pos, available=available, needed=needed)

    def _next(self, source: BufferInput | FileInput) -> Batch | None:
        if self._ahead:
            batch = self._ahead.popleft()
            self._pos = batch.position + batch.size
            return batch
        pos, opts = self._pos, self._options
        head = source.peek(pos, PEEK)
        if not head:
            return None
        if len(head) < BATCH_OVERHEAD:
            self._tail(pos, len(head), None)
            return None
        size, magic = check_frame(head, pos, opts.max_batch_size)
        if magic == 2 and isinstance(source, BufferInput):  # a run of them, in C
            self._ahead.extend(_advancing(parse_v2_run(
                source.view, pos, verify_crc=opts.verify_crc, limit=opts.decompression_limit,
                max_batch_size=opts.max_batch_size, memo=self._memo,
                max_bytes=self._run_bytes, record_limit=opts.record_limit), pos))  # type: ignore[arg-type]
            if self._ahead:
                return self._next(source)
        elif magic in (0, 1) and isinstance(source, BufferInput):  # a run of them, in C
            self._ahead.extend(_advancing(parse_legacy_run(
                source.view, pos, verify_crc=opts.verify_crc, limit=opts.decompression_limit,
                max_batch_size=opts.max_batch_size), pos))
            if self._ahead:
                return self._next(source)
        chunk = source.take(pos, size)
        if isinstance(chunk, int):
            self._tail(pos, chunk, size)
            return None
        self._pos = pos + size
        return _parse_entry(chunk, pos, magic, opts, self._memo)  # type: ignore[arg-type]


def _advancing(run: list[Batch], pos: int) -> list[Batch]:
    """``run``, the batches the native engine read from ``pos`` on, checked to follow each
    other from there (the reader goes on from the last one's end: a run out of step would
    make it read the same bytes again and again); the first and the last are checked (the
    run is built contiguously in C), so a long run of small entries costs nothing more."""
    if run and (run[0].position != pos or run[-1].size <= 0 or run[-1].position < pos):
        raise RuntimeError(f"kformat: a native run out of step at offset {pos} (batches at "
                           f"{run[0].position} to {run[-1].position}, the last "
                           f"{run[-1].size} bytes): an engine defect, please report it")
    return run


def _parse_entry(chunk: bytes, pos: int, magic: int, opts: Options,
                 memo: dict[Any, Any]) -> Batch:
    if magic == 2:
        token = keep_parse_memo(memo)  # a run that stopped here may have failed on it
        try:
            value = parse_v2_value(chunk, verify_crc=opts.verify_crc,
                                   decompression_limit=opts.decompression_limit,
                                   record_limit=opts.record_limit)  # type: ignore[arg-type]
        except KFormatError as exc:
            raise exc.relocated(pos) from None
        finally:
            release_parse_memo(token)
        return from_v2(value, chunk, pos, opts.verify_crc)
    try:
        batch, _ = parse_legacy_entry(chunk, 0, verify_crc=opts.verify_crc,
                                      limit=opts.decompression_limit)
    except KFormatError as exc:
        raise exc.relocated(pos) from None
    batch.position = pos
    return batch


def iter_batches(source: Source, *, verify_crc: bool = True,
                 decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT, strict: bool = False,
                 max_batch_size: int = DEFAULT_MAX_BATCH_SIZE,
                 record_limit: int | None = None) -> BatchIterator:
    """Iterate over the batches of a buffer, a binary file object or a path.

    ``verify_crc=False`` skips CRC checks (forensic reads; ``crc_valid`` is then ``None``).
    ``decompression_limit`` caps one batch's decompressed records, ``max_batch_size`` one
    batch's size on the wire, ``record_limit`` the records a compressed batch may announce
    (None: one per 64 bytes of ``decompression_limit``, 1,048,576 by default; checked
    before decompressing) (:class:`~kformat.errors.LimitExceededError`). After the last
    batch, ``.truncated`` describes a partial trailing batch, if any; ``strict=True`` raises
    :class:`~kformat.errors.TruncatedError` instead.
    """
    return BatchIterator(source, Options(verify_crc, decompression_limit, strict,
                                          max_batch_size, record_limit))


def batches_past_crc_mismatches(
    view: memoryview, start: int = 0, *, verify_crc: bool = True,
    decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT,
) -> Generator[Batch, None, TruncatedTail | None]:
    """The batches of ``view`` from ``start``, reading on past a CRC mismatch as Kafka's log
    readers do (``kafka-dump-log.sh`` prints ``isvalid: false`` and goes on): such a batch is
    read again without the check and yielded with ``crc_valid = False``. Positions and
    errors are absolute in ``view``; any other error is raised (one whose CRC failed too
    carries ``crc_failed = True``). Returns the partial last batch, if any."""
    pos = end = start
    it: BatchIterator | None  # None once read: no view of ``view`` outlives a raise
    unchecked: BatchIterator | None
    while True:
        failure: KFormatError | None = None
        crc_batch: Batch | None = None
        it = iter_batches(view[pos:], verify_crc=verify_crc,
                          decompression_limit=decompression_limit)
        try:
            with it:
                for batch in it:
                    batch.position += pos
                    end = batch.position + batch.size
                    yield batch
        except CorruptRecordError as exc:
            failure = exc.relocated(pos)
            try:
                with iter_batches(view[end:], verify_crc=False,
                                  decompression_limit=decompression_limit) as unchecked:
                    crc_batch = next(unchecked, None)
            except KFormatError as again:
                failure = again.relocated(end)
        except KFormatError as exc:
            failure = exc.relocated(pos)
        tail, it, unchecked = it.truncated, None, None  # no view of ``view`` outlives a raise
        if crc_batch is not None:
            crc_batch.position, crc_batch.crc_valid = end, False
            end = pos = end + crc_batch.size
            yield crc_batch
            continue
        if failure is not None:
            failure.__context__ = None
            raise failure
        return None if tail is None else dataclasses.replace(tail, position=tail.position + pos)


def parse_batches(data: Source, *, verify_crc: bool = True,
                  decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT, strict: bool = False,
                  max_batch_size: int = DEFAULT_MAX_BATCH_SIZE,
                  record_limit: int | None = None) -> Batches:
    """All batches of ``data`` (magic 0, 1 and 2 in any mix); see :func:`iter_batches`.

    Offsets in errors and ``batch.position`` are absolute in ``data``.
    """
    run: list[Batch] = []
    memo: dict[Any, Any] = {}
    records = record_limit_for(decompression_limit, record_limit)
    if data.__class__ is bytes or data.__class__ is bytearray:  # magic 2 batches first: in C
        run = _advancing(parse_v2_run(data, 0, verify_crc=verify_crc,
                                      limit=decompression_limit,
                                      max_batch_size=max_batch_size, memo=memo,
                                      record_limit=records), 0)
        if run and run[-1].position + run[-1].size == len(data):
            return Batches(run)
    iterator = iter_batches(data, verify_crc=verify_crc,
                            decompression_limit=decompression_limit, strict=strict,
                            max_batch_size=max_batch_size, record_limit=records)
    iterator._run_bytes = 0  # all of a run at once: they are all kept anyway
    iterator._memo = memo
    batches = Batches(run)
    if run:  # the iterator goes on from where the run stopped
        iterator._pos = run[-1].position + run[-1].size
    with iterator:
        for batch in iterator:
            batches.append(batch)
            batches.extend(iterator._take_ahead())
    batches.truncated = iterator.truncated
    return batches

