"""A partition directory (``<log.dir>/<topic>-<partition>/``), read whole, written whole or
streamed a batch at a time (:class:`PartitionWriter`).

What a broker keeps there, and what :func:`write_partition_dir` writes::

    00000000000000000000.log          batches of the first segment
    00000000000000000000.index        offset index (every ``index_interval_bytes`` of log)
    00000000000000000000.timeindex    time index (written with the offset index)
    00000000000000000000.txnindex     aborted transactions whose ABORT marker is in it
    00000000000000000042.log ...      the next segment, named by its base offset
    00000000000000000057.snapshot     producer state at the log end offset
    leader-epoch-checkpoint           the first offset of every leader epoch
    partition.metadata                the topic id

The indexes are those the broker builds when it recovers a segment (``LogSegment.recover``;
:class:`SegmentIndexer`, a batch at a time): an entry for each batch that starts more than
``index_interval_bytes`` after the previous entry's batch, holding the batch's last offset
and its position; with it, a time index entry (the greatest batch timestamp so far and the
last offset of the batch holding it) when that timestamp grew. Closed segments also get the
final time index entry the broker appends when it rolls a segment. The transaction index,
the producer snapshot and the leader epochs follow ``ProducerStateManager`` and
``LeaderEpochFileCache``.

:func:`read_partition_dir` reads every file it knows and runs the sanity checks of
:mod:`kformat.segments.checks`; unreadable files become problems, not exceptions.
"""

from __future__ import annotations

import itertools
import os
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kformat.errors import EncodeError, KFormatError
from kformat.records.api import build_batch, parse_batches
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT
from kformat.records.control import ControlType, decode_control
from kformat.records.model import Batch
from kformat.segments.checks import (
    Problem,
    check_log,
    check_offset_index,
    check_time_index,
    check_txn_index,
    problem_from_error,
)
from kformat.segments.indexes import (
    AbortedTxn,
    Index,
    OffsetPosition,
    TimestampOffset,
    build_offset_index,
    build_time_index,
    build_txn_index,
    parse_offset_index,
    parse_time_index,
    parse_txn_index,
)
from kformat.segments.names import (
    INDEX_SUFFIX,
    LEADER_EPOCH_CHECKPOINT,
    LOG_SUFFIX,
    PARTITION_METADATA,
    SNAPSHOT_SUFFIX,
    TIME_INDEX_SUFFIX,
    TXN_INDEX_SUFFIX,
    offset_from_filename,
    partition_dir_name,
    segment_filename,
)
from kformat.segments.segment import Segment, read_segment
from kformat.segments.snapshot import (
    ProducerEntry,
    ProducerSnapshot,
    build_producer_snapshot,
    parse_producer_snapshot,
)
from kformat.segments.textfiles import (
    EpochEntry,
    PartitionMetadata,
    build_leader_epoch_checkpoint,
    build_partition_metadata,
    parse_leader_epoch_checkpoint,
    parse_partition_metadata,
)

__all__ = [
    "PartitionDir",
    "PartitionWriter",
    "ProducerReplay",
    "SegmentFiles",
    "SegmentIndexer",
    "SegmentIndexes",
    "build_segment_indexes",
    "check_partition_dir",
    "check_segment_files",
    "leader_epochs",
    "producer_state",
    "read_partition_dir",
    "starts_new_segment",
    "write_partition_dir",
]

_NO_TIMESTAMP = -1


# --------------------------------------------------------------------------- derived state


@dataclass
class SegmentIndexes:
    """The index entries of one segment, as the broker derives them from its batches."""

    offsets: list[OffsetPosition] = field(default_factory=list)
    times: list[TimestampOffset] = field(default_factory=list)


class SegmentIndexer:
    """The ``.index`` and ``.timeindex`` entries of one segment, one batch at a time.

    :meth:`add` each batch with its position in the segment, in order, then :meth:`finish`;
    :meth:`take` hands over the entries found since the last call, so a writer can append
    them to the files as it goes (:func:`build_segment_indexes` is this for a list).
    """

    def __init__(self, index_interval_bytes: int = 4096) -> None:
        self.index_interval_bytes = index_interval_bytes
        self.offsets: list[OffsetPosition] = []
        self.times: list[TimestampOffset] = []
        self._max_ts, self._max_ts_offset = _NO_TIMESTAMP, -1
        self._last_time = _NO_TIMESTAMP  # the timestamp of the last time index entry
        self._last_entry_at = 0
        self._batches = 0

    def _time_entry(self) -> None:
        if self._max_ts > self._last_time:
            self.times.append(TimestampOffset(self._max_ts, self._max_ts_offset))
            self._last_time = self._max_ts

    def add(self, b: Batch, position: int) -> None:
        """The next batch, which starts at ``position`` in the segment."""
        self._batches += 1
        if b.max_timestamp > self._max_ts:
            self._max_ts, self._max_ts_offset = b.max_timestamp, b.last_offset
        if position - self._last_entry_at > self.index_interval_bytes:
            self.offsets.append(OffsetPosition(b.last_offset, position))
            self._time_entry()
            self._last_entry_at = position

    def finish(self, *, rolled: bool = True) -> None:
        """After the last batch: ``rolled`` adds the entry a broker appends when the segment
        stops being the active one."""
        if rolled and self._batches:
            self._time_entry()

    def take(self) -> SegmentIndexes:
        """The entries found since the last call."""
        out = SegmentIndexes(self.offsets, self.times)
        self.offsets, self.times = [], []
        return out


def build_segment_indexes(batches: Sequence[Batch], *, index_interval_bytes: int = 4096,
                          rolled: bool = True) -> SegmentIndexes:
    """``.index`` and ``.timeindex`` entries for batches laid out from position 0.

    ``batch.position`` and ``batch.size`` must be set (as read, or as written).
    ``rolled`` adds the entry a broker appends when the segment stops being the active one.
    (:class:`SegmentIndexer` is this one batch at a time.)
    """
    indexer = SegmentIndexer(index_interval_bytes)
    for b in batches:
        indexer.add(b, b.position)
    indexer.finish(rolled=rolled)
    return indexer.take()


def _control_type(b: Batch) -> tuple[int | None, int]:
    """(control type, coordinator epoch) of a control batch's marker."""
    for r in b.records:
        try:
            c = decode_control(r)
        except KFormatError:
            return None, -1
        return c["type"], c.get("coordinator_epoch", -1)
    return None, -1


def _last_sequence(b: Batch) -> int:
    if b.base_sequence < 0:
        return -1
    seq = b.base_sequence + b.last_offset_delta
    return seq - (1 << 31) if seq > (1 << 31) - 1 else seq


class ProducerReplay:
    """``ProducerStateManager``'s replay, one batch at a time (:meth:`feed`).

    ``entries`` are the producer entries so far; ``aborted`` holds, for each aborted
    transaction, the offset of its ABORT marker with the ``.txnindex`` entry.
    """

    def __init__(self) -> None:
        self.entries: dict[int, ProducerEntry] = {}
        self.ongoing: dict[int, int] = {}  # producer id -> first offset of its open txn
        self.aborted: list[tuple[int, AbortedTxn]] = []

    def feed(self, b: Batch) -> None:
        if b.magic < 2 or b.producer_id < 0:
            return
        entries, ongoing = self.entries, self.ongoing
        pid = b.producer_id
        old = entries.get(pid) or ProducerEntry(pid, -1, -1, -1, 0, _NO_TIMESTAMP, -1, -1)
        if b.is_control:
            kind, coordinator_epoch = _control_type(b)
            first = ongoing.pop(pid, None)
            if kind == ControlType.ABORT and first is not None:
                others = [o for p, o in ongoing.items() if p != pid]
                lso = min(others) if others else b.last_offset + 1
                self.aborted.append((b.last_offset,
                                     AbortedTxn(pid, first, b.last_offset, lso)))
            entries[pid] = ProducerEntry(pid, b.producer_epoch, old.last_sequence,
                                         old.last_offset, old.offset_delta, b.max_timestamp,
                                         coordinator_epoch, -1)
            return
        if b.is_transactional and pid not in ongoing:
            ongoing[pid] = b.base_offset
        entries[pid] = ProducerEntry(pid, b.producer_epoch, _last_sequence(b), b.last_offset,
                                     b.last_offset_delta, b.max_timestamp,
                                     old.coordinator_epoch, ongoing.get(pid, -1))


def producer_state(batches: Sequence[Batch]) -> tuple[dict[int, ProducerEntry],
                                                       list[tuple[int, AbortedTxn]]]:
    """Replay batches as ``ProducerStateManager`` does (:class:`ProducerReplay`).

    Returns the producer entries at the end and, for each aborted transaction, the offset
    of its ABORT marker with the ``.txnindex`` entry.
    """
    replay = ProducerReplay()
    for b in batches:
        replay.feed(b)
    return replay.entries, replay.aborted


def _next_epoch(out: list[EpochEntry], b: Batch) -> None:
    epoch = b.partition_leader_epoch
    if b.magic >= 2 and epoch >= 0 and (not out or epoch > out[-1].epoch):
        out.append(EpochEntry(epoch, b.base_offset))


def leader_epochs(batches: Sequence[Batch]) -> list[EpochEntry]:
    """``leader-epoch-checkpoint`` entries: where each new leader epoch starts."""
    out: list[EpochEntry] = []
    for b in batches:
        _next_epoch(out, b)
    return out


# --------------------------------------------------------------------------- writing


def _entries(data: bytes, path: str) -> list[Batch]:
    """The log entries ``data`` holds, from position 0 (one per record for uncompressed
    magic 0/1); ``data`` must be whole batches."""
    try:
        found = parse_batches(data, verify_crc=False, strict=True,
                              decompression_limit=DEFAULT_DECOMPRESSION_LIMIT)
    except KFormatError as exc:
        raise EncodeError(f"not whole batches: {exc}", path=path) from None
    if not found:
        raise EncodeError("no batch", path=path)
    return found


Segments = Mapping[int, Iterable[Batch | bytes]] | Sequence[Iterable[Batch | bytes]]
"""What :func:`write_partition_dir` takes: segments of batches (or of their bytes)."""


def _legacy_bytes(item: Batch | bytes) -> bytes:
    """The bytes of an item that is not a magic 2 ``Batch``: given, or built (magic 0/1)."""
    return bytes(item) if isinstance(item, bytes | bytearray) else build_batch(item)


def _first_entry(item: Batch | bytes, path: str) -> tuple[int, Batch | bytes]:
    """The base offset of the first log entry ``item`` makes, and ``item`` as it is to be
    written: a magic 2 ``Batch`` as given, anything else as the bytes built here (so it is
    not built again)."""
    if isinstance(item, Batch) and item.magic == 2:
        return item.base_offset, item
    data = _legacy_bytes(item)
    return _entries(data, path)[0].base_offset, data


def _in_order(segments: Segments) -> list[tuple[int, int, Iterable[Batch | bytes]]]:
    """(base offset, place in ``segments``, batches) of each segment, by base offset; a
    segment given without its base offset starts at its first batch's (read from that batch
    alone: nothing else is built here)."""
    if isinstance(segments, Mapping):
        return sorted(((base, i, seg) for i, (base, seg) in enumerate(segments.items())),
                      key=lambda s: s[0])
    out: list[tuple[int, int, Iterable[Batch | bytes]]] = []
    for i, seg in enumerate(segments):
        rest = iter(seg)
        first = next(rest, None)
        if first is None:
            raise EncodeError("an empty segment needs its base offset (pass a mapping)",
                              path=f"segments[{i}]")
        base, first = _first_entry(first, f"segments[{i}][0]")
        out.append((base, i, itertools.chain([first], rest)))
    out.sort(key=lambda s: s[0])
    return out


def starts_new_segment(segment_size: int, batch_size: int, segment_bytes: int) -> bool:
    """Whether a batch of ``batch_size`` bytes goes into a new segment after ``segment_size``
    bytes of the current one: a broker rolls a segment that is not empty when the batch would
    take it past ``segment.bytes`` (``LogSegment.shouldRoll``; time and index limits aside)."""
    return segment_size > 0 and segment_size + batch_size > segment_bytes


_FLUSH_BYTES = 256 << 10
"""How many bytes of ``.log`` a :class:`PartitionWriter` holds before appending them."""


class _OpenSegment:
    """The segment being written: its ``.log`` bytes not appended yet, its index entries."""

    def __init__(self, directory: Path, base: int, index_interval_bytes: int) -> None:
        self.base = base
        self.log = directory / segment_filename(base, LOG_SUFFIX)
        self.index = directory / segment_filename(base, INDEX_SUFFIX)
        self.time_index = directory / segment_filename(base, TIME_INDEX_SUFFIX)
        self.txn_index = directory / segment_filename(base, TXN_INDEX_SUFFIX)
        self.indexer = SegmentIndexer(index_interval_bytes)
        self.position = 0  # the .log's size, pending bytes included
        self.pending: list[bytes] = []
        self.pending_bytes = 0
        self.offsets_written = 0
        self.times_written = 0
        for path in (self.log, self.index, self.time_index):
            _write(path, b"")


class PartitionWriter:
    """Writes ``<log_dir>/<topic>-<partition>/`` segment by segment, batch by batch.

    Streaming: :meth:`start_segment` opens the next segment (its base offset), then
    :meth:`add_batch` appends each batch's bytes to its ``.log`` (in pieces of at most
    256 KiB) and the index entries the batch makes to its ``.index`` and ``.timeindex``;
    the producer state and leader epochs are replayed batch by batch. A segment is finished
    when the next one starts (rolled: with the final time index entry the broker appends)
    or at :meth:`close` (the active one: indexes padded to ``preallocate_index_bytes``),
    which also writes the producer snapshot, ``leader-epoch-checkpoint`` and
    ``partition.metadata``. Memory stays at one batch plus the buffered bytes, whatever the
    segment size. :meth:`add_segment` takes a whole segment at once (same bytes);
    :func:`write_partition_dir` feeds it batch by batch from lists or generators.
    """

    def __init__(self, log_dir: str | os.PathLike[str], topic: str, partition: int, *,
                 index_interval_bytes: int = 4096, topic_id: uuid.UUID | None = None,
                 producer_snapshot: bool = True, preallocate_index_bytes: int = 0) -> None:
        self.directory = Path(log_dir) / partition_dir_name(topic, partition)
        self.topic = topic
        self.index_interval_bytes = index_interval_bytes
        self.topic_id = topic_id
        self.producer_snapshot = producer_snapshot
        self.preallocate_index_bytes = preallocate_index_bytes
        self.replay = ProducerReplay()
        self.epochs: list[EpochEntry] = []
        self.end_offset: int | None = None
        self.segments = 0
        self._open: _OpenSegment | None = None
        self._aborted_written = 0
        self.directory.mkdir(parents=True, exist_ok=True)

    def start_segment(self, base: int) -> None:
        """Open the next segment, named by its base offset (finishing the previous one as
        rolled); base offsets must increase."""
        if self._open is not None:
            if base <= self._open.base:
                raise EncodeError(f"segment base offsets must increase: {base} after "
                                  f"{self._open.base}", path="segments")
            self._finish(rolled=True, end=base)
        self.end_offset = base if self.end_offset is None else max(self.end_offset, base)
        self._open = _OpenSegment(self.directory, base, self.index_interval_bytes)
        self.segments += 1

    def add_batch(self, data: bytes, batch: Batch | None = None) -> None:
        """Append one batch to the open segment: its bytes and its :class:`Batch` value
        (records are needed only in control batches, for the transaction markers; its
        ``position`` is not used). Without ``batch``, ``data`` is parsed: it may hold
        several entries (magic 0/1 writes one per record)."""
        seg = self._open
        if seg is None:
            raise EncodeError("no open segment: call start_segment first", path="segments")
        if batch is None:
            for b in _entries(data, f"segments[{self.segments - 1}]"):
                self._feed(seg, b, seg.position + b.position)
        else:
            self._feed(seg, batch, seg.position)
        self._append(seg, data)

    def add_segment(self, base: int, raw: Sequence[bytes], parsed: Sequence[Batch]) -> None:
        """The next segment whole: base offset, its batches' bytes and values, in order
        (``position`` set, as read or as written); :meth:`start_segment` and the steps of
        :meth:`add_batch`."""
        self.start_segment(base)
        seg = self._open
        assert seg is not None
        for b in parsed:
            self._feed(seg, b, b.position)
        for data in raw:
            self._append(seg, data)

    def _feed(self, seg: _OpenSegment, b: Batch, position: int) -> None:
        self.replay.feed(b)
        _next_epoch(self.epochs, b)
        if self.end_offset is None or b.next_offset > self.end_offset:
            self.end_offset = b.next_offset
        seg.indexer.add(b, position)

    def _append(self, seg: _OpenSegment, data: bytes) -> None:
        seg.pending.append(data)
        seg.position += len(data)
        seg.pending_bytes += len(data)
        if seg.pending_bytes >= _FLUSH_BYTES:
            self._flush(seg)

    def _flush(self, seg: _OpenSegment, preallocate: int = 0) -> None:
        """Append the pending ``.log`` bytes and the index entries found so far."""
        if seg.pending:
            with seg.log.open("ab") as f:
                f.writelines(seg.pending)
            seg.pending, seg.pending_bytes = [], 0
        found = seg.indexer.take()
        if found.offsets or preallocate:
            _append_to(seg.index, build_offset_index(found.offsets, seg.base,
                                                     preallocate=preallocate,
                                                     first=seg.offsets_written))
            seg.offsets_written += len(found.offsets)
        if found.times or preallocate:
            _append_to(seg.time_index, build_time_index(found.times, seg.base,
                                                        preallocate=preallocate,
                                                        first=seg.times_written))
            seg.times_written += len(found.times)

    def _finish(self, *, rolled: bool, end: int | None) -> None:
        seg = self._open
        assert seg is not None
        self._open = None
        seg.indexer.finish(rolled=rolled)
        self._flush(seg, 0 if rolled else self.preallocate_index_bytes)
        aborted = self.replay.aborted
        txns = [t for at, t in aborted[self._aborted_written:]
                if at >= seg.base and (end is None or at < end)]
        self._aborted_written = len(aborted)
        if txns:
            _write(seg.txn_index, build_txn_index(txns))

    def close(self) -> Path:
        """Finish the last segment and write the partition's files; return the directory."""
        directory = self.directory
        if self._open is not None:
            self._finish(rolled=False, end=None)
        if self.producer_snapshot and self.end_offset is not None:
            entries = self.replay.entries
            _write(directory / segment_filename(self.end_offset, SNAPSHOT_SUFFIX),
                   build_producer_snapshot(sorted(entries.values(),
                                                  key=lambda e: e.producer_id)))
        _write(directory / LEADER_EPOCH_CHECKPOINT, build_leader_epoch_checkpoint(self.epochs))
        tid = self.topic_id or uuid.uuid5(uuid.NAMESPACE_URL, f"kformat:topic:{self.topic}")
        _write(directory / PARTITION_METADATA, build_partition_metadata(tid))
        return directory


def write_partition_dir(log_dir: str | os.PathLike[str], topic: str, partition: int,
                        batches_by_segment: Segments, *,
                        index_interval_bytes: int = 4096, topic_id: uuid.UUID | None = None,
                        producer_snapshot: bool = True, preallocate_index_bytes: int = 0,
                        ) -> Path:
    """Write ``<log_dir>/<topic>-<partition>/`` with consistent indexes; return its path.

    ``batches_by_segment`` is a list of segments (each an iterable of batches, or of already
    built batch bytes; a segment's base offset is its first batch's) or a mapping from base
    offset to batches. ``topic_id`` defaults to a UUID derived from the topic name, so
    fixtures are reproducible. ``preallocate_index_bytes`` pads the active (last) segment's
    ``.index`` and ``.timeindex`` with zeros, as a running broker leaves them.

    Each batch is built and streamed into its segment's files through
    :class:`PartitionWriter` as it comes, so the memory this takes is one batch and the
    writer's buffered bytes, not the directory's bytes (a segment may be a generator). Bad
    input raises :class:`~kformat.errors.EncodeError` at ``segments[i][j]``; the files of
    the batches before it are left written.
    """
    writer = PartitionWriter(log_dir, topic, partition,
                             index_interval_bytes=index_interval_bytes, topic_id=topic_id,
                             producer_snapshot=producer_snapshot,
                             preallocate_index_bytes=preallocate_index_bytes)
    for base, i, seg in _in_order(batches_by_segment):
        writer.start_segment(base)
        for j, item in enumerate(seg):
            if isinstance(item, Batch) and item.magic == 2:
                writer.add_batch(build_batch(item), item)
                continue
            # bytes, or magic 0/1 (one entry per record when uncompressed)
            data = _legacy_bytes(item)
            for b in _entries(data, f"segments[{i}][{j}]"):
                writer.add_batch(data[b.position:b.position + b.size], b)
    return writer.close()


def _write(path: Path, data: bytes) -> None:
    path.write_bytes(data)


def _append_to(path: Path, data: bytes) -> None:
    if data:
        with path.open("ab") as f:
            f.write(data)


# --------------------------------------------------------------------------- reading


@dataclass
class SegmentFiles:
    """One segment's files; an index that is absent or unreadable is ``None``."""

    base_offset: int
    log: Segment
    index: Index[OffsetPosition] | None = None
    time_index: Index[TimestampOffset] | None = None
    txn_index: list[AbortedTxn] | None = None


@dataclass
class PartitionDir:
    path: Path
    topic: str | None
    partition: int | None
    segments: list[SegmentFiles] = field(default_factory=list)
    snapshots: dict[int, ProducerSnapshot] = field(default_factory=dict)
    leader_epochs: list[EpochEntry] | None = None
    metadata: PartitionMetadata | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def batches(self) -> list[Batch]:
        return [b for s in self.segments for b in s.log.batches]

    @property
    def skipped_bytes(self) -> int:
        """Bytes the segments' readers stepped over (:attr:`Segment.skipped_bytes`)."""
        return sum(s.log.skipped_bytes for s in self.segments)

    @property
    def skipped_stretches(self) -> int:
        """Stretches the segments' readers stepped over (:attr:`Segment.skipped_stretches`)."""
        return sum(s.log.skipped_stretches for s in self.segments)


def _topic_partition(name: str) -> tuple[str | None, int | None]:
    topic, dash, number = name.rpartition("-")
    if dash and number.isdigit():
        return topic, int(number)
    return None, None


def _load(path: Path, problems: list[Problem], parse: Any, *args: Any, **kwargs: Any) -> Any:
    if not path.exists():
        return None
    try:
        return parse(path.read_bytes(), *args, **kwargs)
    except KFormatError as exc:
        problems.append(problem_from_error(str(path), exc))
        return None


def read_partition_dir(path: str | os.PathLike[str], *, verify_crc: bool = True,
                       check: bool = True) -> PartitionDir:
    """Read every known file of a partition directory; ``check`` runs the sanity checks."""
    directory = Path(path)
    topic, partition = _topic_partition(directory.name)
    out = PartitionDir(directory, topic, partition)
    problems = out.problems
    for log in sorted(directory.glob(f"*{LOG_SUFFIX}")):
        try:
            base = offset_from_filename(log)
        except KFormatError as exc:
            problems.append(problem_from_error(str(log), exc))
            continue
        seg = read_segment(log, base_offset=base, verify_crc=verify_crc)
        files = SegmentFiles(base, seg)
        stem = directory / segment_filename(base, "")
        files.index = _load(Path(f"{stem}{INDEX_SUFFIX}"), problems, parse_offset_index, base,
                            strict=False)
        files.time_index = _load(Path(f"{stem}{TIME_INDEX_SUFFIX}"), problems,
                                 parse_time_index, base, strict=False)
        files.txn_index = _load(Path(f"{stem}{TXN_INDEX_SUFFIX}"), problems, parse_txn_index)
        out.segments.append(files)
        if check:
            problems += check_segment_files(files, stem=str(stem))
    for snap in sorted(directory.glob(f"*{SNAPSHOT_SUFFIX}")):
        value = _load(snap, problems, parse_producer_snapshot)
        if value is not None:
            try:
                out.snapshots[offset_from_filename(snap)] = value
            except KFormatError as exc:
                problems.append(problem_from_error(str(snap), exc))
    out.leader_epochs = _load(directory / LEADER_EPOCH_CHECKPOINT, problems,
                              parse_leader_epoch_checkpoint)
    out.metadata = _load(directory / PARTITION_METADATA, problems, parse_partition_metadata)
    return out


def check_segment_files(files: SegmentFiles, *, stem: str) -> list[Problem]:
    """Every check of one segment: the log, and each index against it."""
    seg = files.log
    out = check_log(f"{stem}{LOG_SUFFIX}", seg.batches, base_offset=files.base_offset,
                    truncated=seg.truncated, error=seg.error, skipped=seg.skipped,
                    unframed=seg.unframed)
    if files.index is not None:
        out += check_offset_index(f"{stem}{INDEX_SUFFIX}", files.index, seg.batches)
    if files.time_index is not None:
        out += check_time_index(f"{stem}{TIME_INDEX_SUFFIX}", files.time_index, seg.batches)
    if files.txn_index is not None:
        out += check_txn_index(f"{stem}{TXN_INDEX_SUFFIX}", files.txn_index, seg.batches)
    return out


def check_partition_dir(path: str | os.PathLike[str]) -> list[Problem]:
    """Every problem :func:`read_partition_dir` finds."""
    return read_partition_dir(path).problems
