"""Split planning from the segment indexes, and skipping by offset and timestamp.

A segment ``N.log`` usually has ``N.index`` beside it: sparse entries (one per
``index.interval.bytes`` of log, 4 KiB by default) mapping a batch's last offset to the byte
position where the batch starts ("Log segments and indexes", docs/segments.md and Kafka's
``OffsetIndex``), and ``N.timeindex`` mapping the greatest timestamp so far to an offset.
So planning needs no pass over the log:

* a segment larger than ``splitSize`` is cut at index entry positions (each cut checked to
  frame a whole, CRC-valid batch; where an index is missing, unreadable or a cut does not
  check out, planning falls back to walking the batch heads of a local file,
  :func:`kformat.spark.columns.plan_splits`, and reads a remote one as one range);
* ``offset >= x`` starts the read at the last entry below ``x`` (batches before it hold only
  smaller offsets); ``offset <= y`` ends it after the batch holding the first entry at or
  above ``y`` (batches after it hold only larger offsets);
* ``timestamp >= t`` (or ``>``) starts the read where the time index shows the greatest
  timestamp so far still below ``t`` (no record up to that offset can match). Kafka
  timestamps need not increase, so an upper bound on ``timestamp`` skips nothing.

Ranges only narrow what is read; Spark still applies every filter to the rows.
"""

from __future__ import annotations

import bisect
import itertools
from dataclasses import dataclass

from kformat.errors import KFormatError
from kformat.segments.indexes import (
    OffsetPosition,
    TimestampOffset,
    parse_offset_index,
    parse_time_index,
)
from kformat.spark.files import RandomAccess
from kformat.spark.recovery import plausible_batch

__all__ = ["Bounds", "SegmentIndex", "narrow", "split_at_index"]


@dataclass(frozen=True)
class Bounds:
    """What the filters allow, for skipping inside a segment (None: no bound)."""

    min_offset: int | None = None
    max_offset: int | None = None
    min_timestamp: int | None = None
    """Milliseconds: records with a smaller timestamp are not wanted."""


@dataclass(frozen=True)
class SegmentIndex:
    """A segment's ``.index`` and ``.timeindex`` entries (absolute offsets)."""

    offsets: tuple[OffsetPosition, ...]
    times: tuple[TimestampOffset, ...] = ()

    @classmethod
    def parse(cls, base_offset: int, index: bytes | None,
              timeindex: bytes | None = None) -> SegmentIndex | None:
        """The entries, or None when the offset index is missing or does not parse (the
        time index is optional)."""
        if not index:
            return None
        try:
            offsets = tuple(parse_offset_index(index, base_offset, strict=False).entries)
        except KFormatError:
            return None
        times: tuple[TimestampOffset, ...] = ()
        if timeindex:
            try:
                times = tuple(parse_time_index(timeindex, base_offset, strict=False).entries)
            except KFormatError:
                times = ()
        if any(b.offset < a.offset or b.position <= a.position
               for a, b in itertools.pairwise(offsets)):
            return None  # not monotonic: not an index to trust
        return cls(offsets, times)

    def position_before(self, offset: int) -> int:
        """A batch start at or before every batch holding an offset >= ``offset``."""
        keys = [e.offset for e in self.offsets]
        i = bisect.bisect_left(keys, offset) - 1  # last entry with entry.offset < offset
        return self.offsets[i].position if i >= 0 else 0

    def position_after(self, offset: int, size: int) -> int:
        """A batch boundary after every batch holding an offset <= ``offset``."""
        keys = [e.offset for e in self.offsets]
        i = bisect.bisect_left(keys, offset)  # first entry with entry.offset >= offset
        return self.offsets[i + 1].position if i + 1 < len(self.offsets) else size

    def last_offset_below_time(self, timestamp: int) -> int | None:
        """The greatest offset up to which every record's timestamp is below
        ``timestamp`` (from the time index), or None."""
        best = None
        for e in self.times:
            if e.timestamp < timestamp:
                best = e.offset
            else:
                break
        return best


def narrow(index: SegmentIndex | None, size: int, bounds: Bounds) -> tuple[int, int]:
    """The byte range of a segment that may hold rows within ``bounds``."""
    if index is None or not index.offsets:
        return 0, size
    start, end = 0, size
    if bounds.min_offset is not None:
        start = max(start, index.position_before(bounds.min_offset))
    if bounds.min_timestamp is not None:
        below = index.last_offset_below_time(bounds.min_timestamp)
        if below is not None:
            start = max(start, index.position_before(below + 1))
    if bounds.max_offset is not None:
        end = min(end, index.position_after(bounds.max_offset, size))
    return (start, end) if start < end else (start, start)


def split_at_index(source: RandomAccess, index: SegmentIndex | None, start: int, end: int,
                   split_size: int, *, max_batch_size: int) -> list[tuple[int, int]] | None:
    """``[start, end)`` cut into ranges of about ``split_size`` at index entry positions,
    each cut checked to start a whole CRC-valid batch; None when the index cannot be used
    (missing, or a cut does not check out)."""
    if index is None:
        return None
    if split_size <= 0 or end - start <= split_size:
        return [(start, end)]
    cuts = [start]
    for e in index.offsets:
        if e.position <= cuts[-1] or e.position >= end:
            continue
        if e.position - cuts[-1] >= split_size:
            if plausible_batch(source, e.position, end, max_batch_size) is None:
                return None
            cuts.append(e.position)
    return list(zip(cuts, [*cuts[1:], end], strict=True))
