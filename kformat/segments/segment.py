"""Reading a ``.log`` segment: its batches with their positions, a cut-short tail, bad CRCs.

A segment file is record batches of any magic back to back (Kafka documentation, "Message Format"), named by its base
offset. Reading goes through :func:`kformat.iter_batches`, with two things a log needs on top:

* a batch whose CRC does not match is returned with ``crc_valid = False`` and reading goes on
  (``kafka-dump-log.sh`` prints ``isvalid: false`` and continues;
  :func:`kformat.records.reading.batches_past_crc_mismatches`, the rule ``kformat records
  decode`` reads by too); the CRC check itself is the record grammar's. A batch whose content does not decode but whose frame (offset, length,
  magic) is sane is stepped over and listed in ``skipped``, as Kafka's log reader, which
  trusts the frame, would go on too;
* bytes that do not frame a batch at all (garbage, zeros, a damaged length or magic) are
  stepped over to the next batch found by the resync rule every reader shares
  (:func:`kformat.records.framing.find_batch`: a whole batch whose CRC matches, looked for
  at most ``resync_limit`` bytes ahead), each such stretch listed in ``unframed``; with no
  batch after it the stretch runs to the end. The first one's error is kept in ``error``;
  ``skipped_bytes`` and ``skipped_stretches`` count what was stepped over, so nothing is
  skipped silently;
* a last batch cut short (a live segment, a copy taken mid-write) ends the reading at the last
  whole batch and is reported in ``truncated`` with its position; when the resync rule finds
  a batch after it, it was no last batch but a length that overruns the log, an unframed
  stretch (:class:`~kformat.errors.TruncatedError`, as the Spark source reports it).

Files are memory-mapped, so a 1 GiB segment is never copied whole; ``max_bytes`` reads only
batches that lie entirely within the first ``max_bytes`` bytes (``--max-bytes``).
"""

from __future__ import annotations

import mmap
import os
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import Any

from kformat.errors import KFormatError, TruncatedError
from kformat.primitives import Int8, Int32, Int64, KStruct
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT
from kformat.records.framing import (
    DEFAULT_RESYNC_LIMIT,
    PEEK,
    BufferAt,
    crc_matches,
    find_batch,
    plausible_frame,
)
from kformat.records.model import Batch, TruncatedTail
from kformat.records.reading import DEFAULT_MAX_BATCH_SIZE, batches_past_crc_mismatches
from kformat.segments.names import offset_from_filename

__all__ = ["ENTRY_HEAD", "Segment", "SegmentReader", "SkippedBatch", "SkippedBytes",
           "read_segment"]

Source = bytes | bytearray | memoryview | str | os.PathLike[str]

ENTRY_HEAD = KStruct(
    "offset" / Int64,
    "length" / Int32,
    "_crc_or_epoch" / Int32,
    "magic" / Int8,
)
"""What every log entry starts with, whatever its magic (Kafka documentation, "Message Format"): the base offset (magic
2) or offset (0/1), the length of what follows, 4 bytes (partition leader epoch or CRC) and
the magic (:mod:`kformat.records.framing` reads these to frame an entry)."""


@dataclass(frozen=True)
class SkippedBatch:
    """A framed batch that does not decode: reading stepped over its ``size`` bytes.
    ``crc_failed`` when its stored CRC does not match its bytes either (checked only when
    reading verifies CRCs)."""

    position: int
    size: int
    error: KFormatError
    crc_failed: bool = False


@dataclass(frozen=True)
class SkippedBytes:
    """``size`` bytes at ``position`` that do not frame a batch, stepped over to the next
    batch found (or to the end); ``error`` is why the first of them does not frame one."""

    position: int
    size: int
    error: KFormatError


def _skipped(skipped: list[SkippedBatch], unframed: list[SkippedBytes]) -> tuple[int, int]:
    return (sum(s.size for s in skipped) + sum(u.size for u in unframed),
            len(skipped) + len(unframed))


@dataclass
class Segment:
    """The batches of a ``.log`` file.

    ``size`` is the number of bytes examined (the file size, or ``max_bytes``);
    ``valid_bytes`` ends the last whole batch read. ``truncated`` is set when the last batch
    is cut short; ``skipped`` lists framed batches that do not decode, ``unframed`` the
    stretches of bytes that do not frame a batch (``error`` is the first one's error);
    ``skipped_bytes`` and ``skipped_stretches`` count both.
    """

    base_offset: int | None
    batches: list[Batch] = field(default_factory=list)
    size: int = 0
    truncated: TruncatedTail | None = None
    error: KFormatError | None = None
    skipped: list[SkippedBatch] = field(default_factory=list)
    unframed: list[SkippedBytes] = field(default_factory=list)

    @property
    def skipped_bytes(self) -> int:
        """Bytes stepped over: skipped batches and unframed stretches."""
        return _skipped(self.skipped, self.unframed)[0]

    @property
    def skipped_stretches(self) -> int:
        """How many stretches were stepped over (skipped batches and unframed stretches)."""
        return _skipped(self.skipped, self.unframed)[1]

    @property
    def valid_bytes(self) -> int:
        return self.batches[-1].position + self.batches[-1].size if self.batches else 0

    @property
    def next_offset(self) -> int | None:
        """The offset after the last batch (the base offset when empty)."""
        return self.batches[-1].next_offset if self.batches else self.base_offset


class SegmentReader(Iterator[Batch]):
    """Batches of a segment one at a time; ``truncated``, ``error``, ``skipped``,
    ``unframed``, ``skipped_bytes``, ``skipped_stretches`` and ``valid_bytes`` are final once
    it is exhausted. Use it as a context manager to release the file mapping.
    """

    def __init__(self, source: Source, *, base_offset: int | None = None,
                 verify_crc: bool = True,
                 decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT,
                 max_bytes: int | None = None,
                 resync_limit: int = DEFAULT_RESYNC_LIMIT) -> None:
        self._file: Any = None
        self._map: mmap.mmap | None = None
        if isinstance(source, str | os.PathLike):
            self.name = os.fspath(source)
            if base_offset is None:
                try:
                    base_offset = offset_from_filename(source)
                except KFormatError:
                    base_offset = None
            view = self._open(source)
        else:
            self.name = "<bytes>"
            view = memoryview(source).cast("B") if not isinstance(source, bytes) \
                else memoryview(source)
        self.file_size = len(view)
        self.size = self.file_size if max_bytes is None else min(max_bytes, self.file_size)
        self.base_offset = base_offset
        self.truncated: TruncatedTail | None = None
        self.error: KFormatError | None = None
        self.skipped: list[SkippedBatch] = []
        self.unframed: list[SkippedBytes] = []
        self.valid_bytes = 0
        self._resync_limit = resync_limit
        self._view: memoryview | None = view[: self.size]
        self._full = view
        self._verify = verify_crc
        self._limit = decompression_limit
        self._cut_by_max_bytes = self.size < self.file_size
        self._gen = self._scan()

    def _open(self, path: str | os.PathLike[str]) -> memoryview:
        self._file = open(path, "rb")  # noqa: SIM115 - closed in close()
        if os.fstat(self._file.fileno()).st_size == 0:
            return memoryview(b"")
        self._map = mmap.mmap(self._file.fileno(), 0, access=mmap.ACCESS_READ)
        return memoryview(self._map)

    # ------------------------------------------------------------------ iteration

    def _scan(self) -> Generator[Batch, None, None]:
        assert self._view is not None
        pos = 0
        while True:
            run = batches_past_crc_mismatches(self._view, pos, verify_crc=self._verify,
                                              decompression_limit=self._limit)
            start = pos  # where the batch being read starts
            try:
                while True:
                    batch = next(run)
                    start = self.valid_bytes = batch.position + batch.size
                    yield batch
            except StopIteration as done:
                tail = done.value
            except GeneratorExit:  # the reader was closed: release the view of the mapping
                run.close()
                raise
            except KFormatError as exc:  # absolute already; kept without the frames that
                resumed = self._step_over(start, exc.with_traceback(None))  # hold views
                if resumed is None:
                    return
                pos = resumed
                continue
            if tail is None:
                return
            if self._cut_by_max_bytes and (tail.needed is None
                                           or tail.position + tail.needed <= self.file_size):
                return  # the batch max_bytes cuts
            resume = self._resync(tail.position)
            if resume is not None:  # not the end of the log: a length that overruns it
                needed = "a whole batch head" if tail.needed is None \
                    else f"{tail.needed} bytes"
                self._unframed(tail.position, resume, TruncatedError(
                    f"batch cut short: {resume - tail.position} bytes present before the "
                    f"next batch, {needed} needed", path="", offset=tail.position))
                pos = resume
                continue
            if not self._cut_by_max_bytes:
                self.truncated = tail
            return

    def _step_over(self, start: int, error: KFormatError) -> int | None:
        """Step over what does not read at ``start``: a framed batch (listed in ``skipped``),
        else bytes up to the next batch the resync rule finds (listed in ``unframed``).
        Returns where reading goes on, None at the end."""
        assert self._view is not None
        size = self._framed_size(start)
        if size is not None:
            entry = self._view[start:start + size]
            failed = self._verify and not crc_matches(entry)
            entry.release()
            self.skipped.append(SkippedBatch(start, size, error, failed))
            self.valid_bytes = start + size
            return start + size
        resume = self._resync(start)
        self._unframed(start, len(self._view) if resume is None else resume, error)
        return resume

    def _resync(self, start: int) -> int | None:
        """Where the next batch after ``start`` begins (the shared resync rule), or None."""
        assert self._view is not None
        return find_batch(BufferAt(self._view), start + 1, len(self._view),
                          limit=self._resync_limit, max_batch_size=DEFAULT_MAX_BATCH_SIZE)

    def _unframed(self, start: int, stop: int, error: KFormatError) -> None:
        self.unframed.append(SkippedBytes(start, stop - start, error))
        if self.error is None:
            self.error = error

    @property
    def skipped_bytes(self) -> int:
        """Bytes stepped over so far: skipped batches and unframed stretches."""
        return _skipped(self.skipped, self.unframed)[0]

    @property
    def skipped_stretches(self) -> int:
        """Stretches stepped over so far (skipped batches and unframed stretches)."""
        return _skipped(self.skipped, self.unframed)[1]

    def _framed_size(self, start: int) -> int | None:
        """The size of a batch that will not decode, when its frame is sane
        (:func:`~kformat.records.framing.plausible_frame`: Kafka's log reader trusts the
        frame alone), else ``None``."""
        assert self._view is not None
        head = bytes(self._view[start:start + PEEK])
        found = plausible_frame(head, start, len(self._view), DEFAULT_MAX_BATCH_SIZE)
        return None if found is None else found[0]

    def __iter__(self) -> SegmentReader:
        return self

    def __next__(self) -> Batch:
        try:
            return next(self._gen)
        except StopIteration:
            self.close()
            raise

    def close(self) -> None:
        self._gen.close()
        self._view = None
        self._full.release()
        if self._map is not None:
            self._map.close()
            self._map = None
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> SegmentReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_segment(source: Source, *, base_offset: int | None = None, verify_crc: bool = True,
                 decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT,
                 max_bytes: int | None = None,
                 resync_limit: int = DEFAULT_RESYNC_LIMIT) -> Segment:
    """Read a whole segment (a path, or its bytes). The base offset comes from the file name
    unless given. Never raises for a bad batch: see :class:`Segment`."""
    with SegmentReader(source, base_offset=base_offset, verify_crc=verify_crc,
                       decompression_limit=decompression_limit,
                       max_bytes=max_bytes, resync_limit=resync_limit) as reader:
        batches = list(reader)
    return Segment(reader.base_offset, batches, reader.size, reader.truncated, reader.error,
                   reader.skipped, reader.unframed)
