"""Sanity checks over the files of a segment, as ``kafka-dump-log.sh`` and the broker do them.

Every check returns a list of :class:`Problem` values (file, byte position in that file, kind,
detail) instead of raising, so a dump can report them and go on. The kinds:

log (``.log``)
    ``crc``               a batch whose stored CRC does not match its bytes
    ``offsets-backwards`` a batch (or record) whose offset is not above the previous one
    ``below-base-offset`` a batch whose base offset is below the segment's (its file name)
    ``corrupt-batch``     a framed batch whose content does not decode (it is stepped over;
                          reported as ``crc`` when its CRC does not match either)
    ``truncated``         the last batch is cut short (a live segment, a copy taken mid-write)
    ``unframed``          bytes that do not frame a batch, stepped over to the next batch
                          found (the resync rule of :mod:`kformat.records.framing`) or to
                          the end; the detail says how many and why
``.index``
    ``index-position``    an entry whose position is not where a batch starts
    ``index-offset``      the batch at the entry's position does not contain the entry's offset
    ``index-order``       an entry whose offset or position is not above the previous entry's
    ``below-base-offset`` an entry below the base offset (Kafka's startup sanity check)
    ``index-garbage``     non-zero entries after the end of the index (in the preallocated zeros)
    ``index-size``        a file size that is not a whole number of entries
``.timeindex``
    ``timeindex-offset``    no batch ends at the entry's offset (Kafka indexes last offsets),
                            and the entry is not a broker's before 3.8 either (the offset of
                            the first record with the batch's greatest timestamp:
                            :func:`offsets_of_max_timestamp`, healthy, not a problem)
    ``timeindex-timestamp`` the entry's timestamp is not the greatest of that batch's records
    ``timeindex-order``     a timestamp or offset that is not above the previous entry's, or a
                            last timestamp below the first (Kafka's startup sanity check)
    plus ``below-base-offset``, ``index-garbage`` and ``index-size`` as for ``.index``
``.txnindex``
    ``txn-range``     an aborted transaction with ``first_offset > last_offset`` or a last
                      stable offset above its end
    ``txn-marker``    no ABORT marker at the entry's ``last_offset`` in the segment
``.snapshot``, text files and any file that does not parse
    ``unreadable``    the :class:`~kformat.errors.KFormatError`, at its offset
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from kformat.errors import KFormatError
from kformat.records.model import Batch, Record, TruncatedTail
from kformat.segments.indexes import AbortedTxn, Index, OffsetPosition, TimestampOffset
from kformat.segments.segment import SkippedBatch, SkippedBytes

__all__ = [
    "LogChecker",
    "Problem",
    "check_log",
    "check_offset_index",
    "check_time_index",
    "check_txn_index",
    "offsets_of_max_timestamp",
    "problem_from_error",
    "sanity_check_offset_index",
    "sanity_check_time_index",
    "slim",
]


@dataclass(frozen=True)
class Problem:
    """One finding: ``position`` is a byte offset in ``file``."""

    file: str
    position: int
    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.file}:{self.position}: {self.kind}: {self.detail}"

    @property
    def error_line(self) -> str:
        """The problem as ``kformat dump`` prints it on stderr (docs/cli.md, "The
        convention"): ``kformat dump: FILE:POSITION: ErrorClass: kind: detail``."""
        return f"kformat dump: {self.file}:{self.position}: {self.error_class}: {self.reason}"

    @property
    def error_class(self) -> str:
        """The error class the problem is, as the command line's error lines name it: the
        decode error's own, else by kind (a CRC, a cut-short tail, any other wrong value)."""
        head, sep, _ = self.detail.partition(": ")
        if sep and head.isidentifier() and head.endswith("Error"):
            return head
        return _KIND_CLASS.get(self.kind, "InvalidValueError")

    @property
    def reason(self) -> str:
        """The detail without its error class, after the problem's kind (``crc: ...``)."""
        head, sep, rest = self.detail.partition(": ")
        text = rest if sep and head == self.error_class else self.detail
        return text if self.kind == "unreadable" else f"{self.kind}: {text}"


_KIND_CLASS = {"crc": "CorruptRecordError", "truncated": "TruncatedError",
               "missing-log": "FileNotFoundError"}


def problem_from_error(file: str, exc: KFormatError, kind: str = "unreadable",
                       base: int = 0) -> Problem:
    """A :class:`Problem` for a decode error (``base`` is added to its offset)."""
    return Problem(file, base + (exc.offset or 0), kind, f"{type(exc).__name__}: {exc}")


# --------------------------------------------------------------------------- log


class LogChecker:
    """The log checks, batch by batch (a dump streams a segment through it)."""

    def __init__(self, file: str, base_offset: int | None = None) -> None:
        self.file = file
        self.base_offset = base_offset
        self.last = -1 if base_offset is None else base_offset - 1

    def feed(self, b: Batch) -> list[Problem]:
        out: list[Problem] = []
        file, base_offset = self.file, self.base_offset
        if b.crc_valid is False:
            out.append(Problem(file, b.position, "crc",
                               f"batch at offset {b.base_offset}: stored crc {b.crc} does not "
                               f"match its bytes"))
        if base_offset is not None and b.base_offset < base_offset:
            out.append(Problem(file, b.position, "below-base-offset",
                               f"batch base offset {b.base_offset} is below the segment's "
                               f"base offset {base_offset}"))
        elif b.base_offset <= self.last:
            out.append(Problem(file, b.position, "offsets-backwards",
                               f"batch base offset {b.base_offset} follows offset {self.last}"))
        prev = None
        for r in b.records:
            if prev is not None and r.offset <= prev:
                out.append(Problem(file, b.position, "offsets-backwards",
                                   f"record offset {r.offset} follows {prev} inside the batch "
                                   f"at offset {b.base_offset}"))
            prev = r.offset
        self.last = max(self.last, b.last_offset)
        return out

    def finish(self, truncated: TruncatedTail | None = None,
               error: KFormatError | None = None,
               skipped: Iterable[SkippedBatch] = (),
               unframed: Iterable[SkippedBytes] = ()) -> list[Problem]:
        """The problems known at the end: skipped batches, unframed stretches, a cut-short
        tail, and ``error`` unless it is an unframed stretch's."""
        out: list[Problem] = []
        stretches = list(unframed)
        for s in skipped:
            what = "its stored crc does not match and " if s.crc_failed else ""
            out.append(Problem(self.file, s.position, "crc" if s.crc_failed else "corrupt-batch",
                               f"{type(s.error).__name__}: batch of {s.size} bytes skipped: "
                               f"{what}it does not decode: {s.error}"))
        for u in stretches:
            out.append(Problem(self.file, u.position, "unframed",
                               f"{type(u.error).__name__}: {u.size} bytes that do not frame "
                               f"a batch skipped to {u.position + u.size}: {u.error}"))
        if truncated is not None:
            need = "" if truncated.needed is None else f" of {truncated.needed}"
            out.append(Problem(self.file, truncated.position, "truncated",
                               f"last batch cut short: {truncated.available}{need} bytes "
                               f"present"))
        if error is not None and all(u.error is not error for u in stretches):
            out.append(problem_from_error(self.file, error))
        return out


def check_log(file: str, batches: Iterable[Batch], *, base_offset: int | None = None,
              truncated: TruncatedTail | None = None, error: KFormatError | None = None,
              skipped: Iterable[SkippedBatch] = (),
              unframed: Iterable[SkippedBytes] = ()) -> list[Problem]:
    """CRC failures, offsets that go backwards, skipped batches and bytes, a cut-short
    tail."""
    checker = LogChecker(file, base_offset)
    out = [p for b in batches for p in checker.feed(b)]
    return out + checker.finish(truncated, error, skipped, unframed)


def slim(batch: Batch) -> Batch:
    """``batch`` with only its first record of the greatest timestamp (what a time index
    entry of a broker before 3.8 points at), ``max_timestamp`` set to that timestamp: all
    the index checks need, at a fraction of the memory."""
    top = _first_of_max_timestamp(batch)
    return replace(batch, records=[] if top is None else [top],
                   max_timestamp=_batch_max_timestamp(batch))


# --------------------------------------------------------------------------- indexes


E = TypeVar("E", OffsetPosition, TimestampOffset)


def _shape(file: str, index: Index[E]) -> list[Problem]:
    out = [Problem(file, pos, "index-garbage",
                   f"non-zero entry {entry} after the last valid entry")
           for pos, entry in index.ignored]
    if index.trailing_bytes:
        pos = index.file_size - index.trailing_bytes
        out.append(Problem(file, pos, "index-size",
                           f"{index.file_size} bytes is not a multiple of {index.entry_size}"))
    return out


def _sanity_check(file: str, index: Index[E], order_kind: str,
                  out_of_order: Callable[[E, E], bool], show: Callable[[E], str]
                  ) -> list[Problem]:
    """The file's shape, then every entry: at or above the base offset, and after the
    previous one (``out_of_order(prev, entry)`` is a problem of kind ``order_kind``)."""
    out = _shape(file, index)
    prev: E | None = None
    for i, e in enumerate(index.entries):
        at = index.position_of(i)
        if e.offset < index.base_offset:
            out.append(Problem(file, at, "below-base-offset",
                               f"entry offset {e.offset} is below the base offset "
                               f"{index.base_offset}"))
        if prev is not None and out_of_order(prev, e):
            out.append(Problem(file, at, order_kind,
                               f"entry ({show(e)}) does not follow ({show(prev)})"))
        prev = e
    return out


def sanity_check_offset_index(file: str, index: Index[OffsetPosition]) -> list[Problem]:
    """What the broker checks when it opens an ``.index`` (no log needed)."""
    return _sanity_check(
        file, index, "index-order",
        lambda prev, e: e.offset <= prev.offset or e.position <= prev.position,
        lambda e: f"offset {e.offset}, position {e.position}")


def check_offset_index(file: str, index: Index[OffsetPosition],
                       batches: Sequence[Batch]) -> list[Problem]:
    """Sanity checks, then every entry against the log: a batch must start at the entry's
    position and contain its offset."""
    out = sanity_check_offset_index(file, index)
    at_position = {b.position: b for b in batches}
    for i, e in enumerate(index.entries):
        at = index.position_of(i)
        b = at_position.get(e.position)
        if b is None:
            out.append(Problem(file, at, "index-position",
                               f"entry offset {e.offset} position {e.position}: no batch "
                               f"starts at that position"))
        elif not b.base_offset <= e.offset <= b.last_offset:
            out.append(Problem(file, at, "index-offset",
                               f"entry offset {e.offset} position {e.position}: the batch "
                               f"there holds offsets {b.base_offset}..{b.last_offset}"))
    return out


def sanity_check_time_index(file: str, index: Index[TimestampOffset]) -> list[Problem]:
    """What the broker checks when it opens a ``.timeindex`` (no log needed)."""
    return _sanity_check(
        file, index, "timeindex-order",
        lambda prev, e: e.timestamp <= prev.timestamp or e.offset < prev.offset,
        lambda e: f"timestamp {e.timestamp}, offset {e.offset}")


def _batch_max_timestamp(b: Batch) -> int:
    if b.records:
        return max(r.timestamp for r in b.records)
    return b.max_timestamp


def _first_of_max_timestamp(b: Batch) -> Record | None:
    """The first record with the batch's greatest timestamp (None: no records)."""
    top = None
    for r in b.records:
        if top is None or r.timestamp > top.timestamp:
            top = r
    return top


def offsets_of_max_timestamp(index: Index[TimestampOffset], batches: Sequence[Batch]
                             ) -> list[tuple[TimestampOffset, int]]:
    """The entries of ``index`` written as brokers before Kafka 3.8 wrote them, each with
    the last offset of its batch: the entry's offset is that of the batch's first record
    with the batch's greatest timestamp (the offset of the max timestamp), not the batch's
    last offset as since 3.8. Both are healthy; ``kafka-dump-log.sh`` lists such entries
    as "indexed offsets ... not found in the log" with the log offset it found, and exits
    0."""
    found = _before_38(index, *_by_last_offset(batches))
    return [(index.entries[i], last) for i, last in found.items()]


def _before_38(index: Index[TimestampOffset], ordered: list[Batch], last_offsets: list[int]
               ) -> dict[int, int]:
    """Entry number -> its batch's last offset, for the entries of
    :func:`offsets_of_max_timestamp`."""
    out: dict[int, int] = {}
    for i, e in enumerate(index.entries):
        j = bisect.bisect_left(last_offsets, e.offset)
        if j == len(ordered) or ordered[j].last_offset == e.offset:
            continue
        b = ordered[j]
        top = _first_of_max_timestamp(b)
        if top is not None and top.offset == e.offset and top.timestamp == e.timestamp:
            out[i] = b.last_offset
    return out


def _by_last_offset(batches: Sequence[Batch]) -> tuple[list[Batch], list[int]]:
    ordered = sorted(batches, key=lambda b: b.last_offset)
    return ordered, [b.last_offset for b in ordered]


def check_time_index(file: str, index: Index[TimestampOffset],
                     batches: Sequence[Batch]) -> list[Problem]:
    """Sanity checks, then every entry against the log: a batch must end at the entry's
    offset (or, as brokers before 3.8 wrote it, the entry points at the batch's first
    record with its greatest timestamp: :func:`offsets_of_max_timestamp`) and its greatest
    record timestamp must be the entry's timestamp."""
    out = sanity_check_time_index(file, index)
    ordered, last_offsets = _by_last_offset(batches)
    before_38 = _before_38(index, ordered, last_offsets)
    for i, e in enumerate(index.entries):
        at = index.position_of(i)
        if i in before_38:
            continue
        j = bisect.bisect_left(last_offsets, e.offset)
        if j == len(ordered) or ordered[j].last_offset != e.offset:
            found = "none" if j == len(ordered) else str(ordered[j].last_offset)
            out.append(Problem(file, at, "timeindex-offset",
                               f"entry offset {e.offset}: no batch ends there (next batch end: "
                               f"{found})"))
            continue
        ts = _batch_max_timestamp(ordered[j])
        if ts != e.timestamp:
            out.append(Problem(file, at, "timeindex-timestamp",
                               f"entry timestamp {e.timestamp} at offset {e.offset}: the "
                               f"batch's greatest timestamp is {ts}"))
    return out


# --------------------------------------------------------------------------- txn index


def check_txn_index(file: str, entries: Sequence[AbortedTxn], batches: Iterable[Batch],
                    entry_size: int = 34) -> list[Problem]:
    """Each aborted transaction's range is sane and ends at an ABORT marker in the log."""
    from kformat.records.control import ControlType, decode_control

    aborts: set[int] = set()
    for b in batches:
        if not b.is_control:
            continue
        for r in b.records:
            try:
                if decode_control(r)["type"] == ControlType.ABORT:
                    aborts.add(r.offset)
            except KFormatError:
                continue
    out: list[Problem] = []
    for i, t in enumerate(entries):
        at = i * entry_size
        if t.first_offset > t.last_offset or t.last_stable_offset > t.last_offset + 1:
            out.append(Problem(file, at, "txn-range",
                               f"producer {t.producer_id}: first offset {t.first_offset}, last "
                               f"offset {t.last_offset}, last stable offset "
                               f"{t.last_stable_offset}"))
        if t.last_offset not in aborts:
            out.append(Problem(file, at, "txn-marker",
                               f"producer {t.producer_id}: no ABORT marker at offset "
                               f"{t.last_offset}"))
    return out
