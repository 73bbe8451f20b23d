"""Rows with the Kafka source's columns to partition directories: the ``kafka-segments`` writer.

Plain kformat plus pyarrow, no Spark (the data source in :mod:`kformat.spark.datasource`
feeds it Arrow record batches). Each topic-partition's rows become batches
(:func:`kformat.records.make_batch`, :func:`~kformat.records.build_batch`) -- a new batch
when ``batchRecords`` or ``batchBytes`` is reached or when a batch field changes between
rows (producer, transaction, control, timestamp type, and ``baseOffset``/``codec``/``magic``
when the rows have those columns, so a DataFrame read by ``kafka-segments`` is written back
batch for batch) -- and each batch is streamed, as it is made, into a segment of at most
``segmentBytes`` by :class:`kformat.segments.partition.PartitionWriter` (indexes every
``indexIntervalBytes``, transaction index, producer snapshot, ``leader-epoch-checkpoint``,
``partition.metadata``): a task holds one batch's rows, never a segment.

Offsets come from the ``offset`` column (they must increase within a topic-partition) or,
where it is absent or null, follow the previous one (from 0). Spark tasks write into a
staging directory; :func:`commit` moves each topic-partition into place, or merges the parts
when several tasks wrote the same one (assigned offsets are renumbered in task order), reading
each part a window at a time and streaming it into the new directory;
``df.repartition("topic", "partition")`` first avoids the merge's work.
"""

from __future__ import annotations

import dataclasses
import itertools
import logging
import os
import shutil
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from kformat.errors import EncodeError, KFormatError, TruncatedError
from kformat.records.api import build_batch, iter_batches, make_batch, parse_batches
from kformat.records.codecs import CODECS as CODEC_TABLE
from kformat.records.codecs import Codec
from kformat.records.framing import BATCH_OVERHEAD
from kformat.records.model import Batch
from kformat.segments.names import (
    INDEX_SUFFIX,
    LEADER_EPOCH_CHECKPOINT,
    LOG_SUFFIX,
    PARTITION_METADATA,
    TIME_INDEX_SUFFIX,
    TXN_INDEX_SUFFIX,
    offset_from_filename,
    partition_dir_name,
)
from kformat.segments.partition import PartitionWriter, starts_new_segment
from kformat.segments.textfiles import EpochEntry, parse_leader_epoch_checkpoint
from kformat.spark.options import parse_size

__all__ = [
    "CORRUPT_ROWS",
    "STAGING",
    "PartWritten",
    "Refused",
    "TopicPartitionWriter",
    "WriteOptions",
    "check_columns",
    "commit",
    "write_rows",
]

STAGING = "_kformat_staging"
CODECS = tuple(spec.name for spec in CODEC_TABLE)
"""The ``codec`` option's values: the codec table's names."""
_GROUPING = ("producerId", "producerEpoch", "isTransactional", "isControl", "timestampType",
             "baseOffset", "codec", "magic")
_RECORD_OVERHEAD = 24  # varints and attributes of a record, for the batchBytes estimate
CORRUPT_ROWS = ("fail", "drop")
"""The ``corruptRows`` option's values: what the writer does with a row that was not read
as a record (``_corrupt`` set, or ``crcValid`` false)."""
_PLACES = 5
log = logging.getLogger("kformat.spark")


@dataclasses.dataclass(frozen=True)
class WriteOptions:
    """The writer's options, typed (names as in docs/spark.md, "Write segments").

    ``codec``/``magic`` None: the row's ``codec``/``magic`` column when there is one, else
    ``none``/2. ``topic``/``partition`` are used for rows without those columns.
    """

    codec: str | None = None
    magic: int | None = None
    segment_bytes: int = 128 << 20
    index_interval_bytes: int = 4096
    batch_records: int = 1000
    batch_bytes: int = 1 << 20
    topic: str | None = None
    partition: int | None = None
    leader_epoch: int | None = None
    """None: 0, or when appending, the directory's last leader epoch."""
    compression_level: int | None = None
    corrupt_rows: str = "fail"

    def __post_init__(self) -> None:
        if self.corrupt_rows not in CORRUPT_ROWS:
            raise ValueError(f"corruptRows must be fail or drop, not {self.corrupt_rows!r}")
        if self.codec is not None and self.codec not in CODECS:
            raise ValueError(f"codec must be one of {', '.join(CODECS)}, not {self.codec!r}")
        if self.magic not in (None, 0, 1, 2):
            raise ValueError(f"magic must be 0, 1 or 2, not {self.magic!r}")
        for name in ("segment_bytes", "batch_records", "batch_bytes", "index_interval_bytes"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be positive")

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> WriteOptions:
        opts = {k.lower(): v for k, v in options.items()}
        kwargs: dict[str, Any] = {}
        if opts.get("codec"):
            kwargs["codec"] = opts["codec"].strip().lower()
        for key, name in (("magic", "magic"), ("partition", "partition"),
                          ("leaderepoch", "leader_epoch"),
                          ("compressionlevel", "compression_level")):
            if opts.get(key):
                try:
                    kwargs[name] = int(opts[key])
                except ValueError:
                    raise ValueError(f"option {key}: expected an integer, not "
                                     f"{opts[key]!r}") from None
        for key, name, target in (("segmentbytes", "segmentBytes", "segment_bytes"),
                                  ("indexintervalbytes", "indexIntervalBytes",
                                   "index_interval_bytes"),
                                  ("batchrecords", "batchRecords", "batch_records"),
                                  ("batchbytes", "batchBytes", "batch_bytes")):
            if key in opts:
                kwargs[target] = parse_size(opts[key], name)
        if opts.get("topic"):
            kwargs["topic"] = opts["topic"]
        if opts.get("corruptrows"):
            kwargs["corrupt_rows"] = opts["corruptrows"].strip().lower()
        return cls(**kwargs)


@dataclasses.dataclass
class Refused:
    """The rows of a write that were not read as records: a ``_corrupt`` row (an unreadable
    stretch, ``mode=PERMISSIVE``) or a row of a batch whose CRC did not match
    (``crcValid`` false). Written, the first would become an invented record and the second
    a batch with a fresh, valid CRC; the writer refuses them (``corruptRows=fail``) or
    leaves them out, counted (``corruptRows=drop``)."""

    corrupt: int = 0
    crc: int = 0
    places: list[str] = dataclasses.field(default_factory=list)
    """Where the first few came from (``file position N``)."""

    @property
    def rows(self) -> int:
        return self.corrupt + self.crc

    def check(self, row: Mapping[str, Any]) -> bool:
        """Whether ``row`` is refused (counted and placed when it is)."""
        stretch = row.get("_corrupt")
        if stretch is not None:
            self.corrupt += 1
            self._place(stretch.get("file"), stretch.get("position"))
            return True
        if row.get("crcValid") is False:
            self.crc += 1
            self._place(row.get("segment"), row.get("position"))
            return True
        return False

    def _place(self, file: Any, position: Any) -> None:
        place = f"{file or '?'} position {'?' if position is None else position}"
        if len(self.places) < _PLACES and place not in self.places:
            self.places.append(place)

    def describe(self) -> str:
        kinds = [f"{n} {what}" for n, what in ((self.corrupt, "with _corrupt set"),
                                               (self.crc, "with crcValid = false")) if n]
        more = ", ..." if len(self.places) == _PLACES else ""
        return (f"{self.rows} rows were not read as records ({', '.join(kinds)}), from "
                f"{', '.join(self.places)}{more}")

    def error(self) -> EncodeError:
        return EncodeError(
            f"kafka-segments write: {self.describe()}; writing them would invent records or "
            f"hide damaged batches behind fresh CRCs. Leave them out with "
            ".where('_corrupt IS NULL AND crcValid IS NOT false'), or write with "
            ".option('corruptRows', 'drop') to drop them (counted)",
            path="_corrupt" if self.corrupt else "crcValid", actual=self.rows)


@dataclasses.dataclass(frozen=True)
class PartWritten:
    """What one task wrote for one topic-partition (a Spark commit message's payload)."""

    topic: str
    partition: int
    directory: str
    first_offset: int
    last_offset: int
    records: int
    batches: int
    assigned: bool
    """Some offsets were assigned (no ``offset`` value): merges renumber this part."""
    task: int


class _Segments:
    """Built batches -> segments of at most ``segment_bytes``, streamed into a
    PartitionWriter (no segment's batches are held here)."""

    def __init__(self, writer: PartitionWriter, segment_bytes: int) -> None:
        self.writer = writer
        self.segment_bytes = segment_bytes
        self.size = 0

    def add(self, data: bytes, batch: Batch) -> None:
        if starts_new_segment(self.size, len(data), self.segment_bytes):
            self.size = 0
        if not self.size:
            self.writer.start_segment(batch.base_offset)
        self.writer.add_batch(data, batch)
        self.size += len(data)


def _codec(name: Any) -> Codec:
    return Codec[str(name).upper()]


class TopicPartitionWriter:
    """Rows of one topic-partition, in order, to ``<log_dir>/<topic>-<partition>/``."""

    def __init__(self, log_dir: str | os.PathLike[str], topic: str, partition: int,
                 options: WriteOptions, task: int = 0) -> None:
        self.topic, self.partition, self.options, self.task = topic, partition, options, task
        self.writer = PartitionWriter(log_dir, topic, partition,
                                      index_interval_bytes=options.index_interval_bytes)
        self.segments = _Segments(self.writer, options.segment_bytes)
        self.rows: list[dict[str, Any]] = []
        self.group: tuple[Any, ...] | None = None
        self.head: dict[str, Any] = {}
        self.bytes = 0
        self.last_offset: int | None = None
        self.first_offset: int | None = None
        self.records = 0
        self.batches = 0
        self.assigned = False
        self.next_sequence: int | None = None

    def add(self, row: Mapping[str, Any]) -> None:
        """One row: ``key``, ``value``, ``headers``, ``timestamp`` (ms), ``offset`` and the
        batch columns (any may be missing)."""
        offset = row.get("offset")
        if offset is None:
            offset = 0 if self.last_offset is None else self.last_offset + 1
            self.assigned = True
        elif self.last_offset is not None and offset <= self.last_offset:
            raise EncodeError(f"offsets must increase within {self.topic}-{self.partition}: "
                              f"{offset} after {self.last_offset}", path="offset",
                              actual=offset)
        group = tuple(row.get(name) for name in _GROUPING)
        size = len(row.get("key") or b"") + len(row.get("value") or b"") + _RECORD_OVERHEAD
        if self.rows and (group != self.group or len(self.rows) >= self.options.batch_records
                          or self.bytes + size > self.options.batch_bytes):
            self._emit(same_group=group == self.group)
        if not self.rows:
            self.group, self.head = group, dict(row)
        headers = row.get("headers") or []
        self.rows.append({"key": row.get("key"), "value": row.get("value"),
                          "headers": [(h["key"], _bytes(h["value"])) if isinstance(h, Mapping)
                                      else (h[0], _bytes(h[1])) for h in headers],
                          "timestamp": row.get("timestamp"), "offset": offset})
        self.bytes += size
        self.last_offset = offset
        if self.first_offset is None:
            self.first_offset = offset
        self.records += 1

    def _emit(self, same_group: bool = False) -> None:
        opts, head, rows = self.options, self.head, self.rows
        row_magic = head.get("magic")
        magic = opts.magic if opts.magic is not None else \
            (2 if row_magic is None else int(row_magic))
        codec = opts.codec or head.get("codec") or "none"
        pid = head.get("producerId")
        pid = -1 if pid is None else int(pid)
        sequence = head.get("baseSequence")
        sequence = -1 if sequence is None or pid < 0 else int(sequence)
        if same_group and self.next_sequence is not None and sequence >= 0:
            sequence = self.next_sequence
        for r in rows:
            if r["timestamp"] is None:
                r["timestamp"] = -1
        base = head.get("baseOffset")
        first = rows[0]["offset"]
        base = first if base is None or base > first or magic < 2 else int(base)
        epoch = head.get("producerEpoch")
        stamp_type = head.get("timestampType")
        batch = make_batch(rows, codec=_codec(codec), base_offset=base,
                           base_timestamp=rows[0]["timestamp"] if magic else None,
                           magic=magic, producer_id=pid,
                           producer_epoch=-1 if epoch is None else int(epoch),
                           base_sequence=sequence,
                           is_transactional=bool(head.get("isTransactional")),
                           is_control=bool(head.get("isControl")),
                           partition_leader_epoch=(opts.leader_epoch or 0) if magic == 2
                           else -1,
                           timestamp_type=1 if stamp_type == 1 and magic else 0)
        data = build_batch(batch, compression_level=opts.compression_level)
        if magic == 2:
            self.segments.add(data, batch)
        else:  # magic 0/1: uncompressed, one entry per record
            for entry in parse_batches(data, verify_crc=False, strict=True):
                at = entry.position
                self.segments.add(data[at:at + entry.size], entry)
        self.batches += 1
        self.next_sequence = sequence + len(rows) if sequence >= 0 else None
        self.rows, self.bytes = [], 0

    def close(self) -> PartWritten:
        if self.rows:
            self._emit()
        directory = self.writer.close()
        return PartWritten(self.topic, self.partition, str(directory),
                           -1 if self.first_offset is None else self.first_offset,
                           -1 if self.last_offset is None else self.last_offset,
                           self.records, self.batches, self.assigned, self.task)


_TEXT_OR_BYTES = ("binary", "string")
_WRITE_TYPES: dict[str, tuple[str, ...]] = {
    "key": _TEXT_OR_BYTES,
    "value": _TEXT_OR_BYTES,
    "topic": ("string",),
    "partition": ("int", "smallint", "tinyint", "bigint"),
    "offset": ("bigint", "int"),
    "timestamp": ("timestamp", "timestamp_ntz"),
    "headers": ("array<struct<key:string,value:binary>>",
                "array<struct<key:string,value:string>>"),
}
"""The Kafka sink's columns and the Spark types each may have (Spark's Kafka sink takes
``key``/``value`` as string or binary)."""


def check_columns(fields: Iterable[tuple[str, str]]) -> None:
    """Refuse, with one :class:`ValueError` naming the column, a DataFrame the writer
    cannot write: ``fields`` are (name, Spark type as ``simpleString``). Accepted: the
    Kafka sink's columns (:data:`_WRITE_TYPES`) and every column the ``kafka-segments``
    source reads, with its type (the rest of those are read for batch grouping or not
    used)."""
    from kformat.spark.schema import CORRUPT_COLUMN, CORRUPT_SPARK, DECODE_MODES, columns

    read = {c.name: (c.spark,) for mode in (None, *DECODE_MODES) for c in columns(mode)}
    read[CORRUPT_COLUMN] = (CORRUPT_SPARK,)
    for name, spark_type in fields:
        allowed = _WRITE_TYPES.get(name) or read.get(name)
        if allowed is None:
            raise ValueError(f"kafka-segments write: column {name!r} is not a Kafka sink "
                             f"column (key, value, headers, topic, partition, timestamp, "
                             f"offset) nor one the kafka-segments source reads; drop it "
                             f"before writing")
        if spark_type.replace(" ", "") not in allowed:
            raise ValueError(f"kafka-segments write: column {name!r} is {spark_type}; it "
                             f"must be {' or '.join(allowed)}")


def _bytes(value: Any) -> Any:
    return value.encode("utf-8") if isinstance(value, str) else value


def _rows(batch: Any, options: WriteOptions) -> Iterator[dict[str, Any]]:
    """Rows of an Arrow record batch as dicts (timestamps in ms)."""
    import pyarrow as pa

    names = batch.schema.names
    cols: dict[str, list[Any]] = {}
    for name in names:
        column = batch.column(name)
        if name == "timestamp" and pa.types.is_timestamp(column.type):
            micros = column.cast(pa.timestamp("us", tz=column.type.tz)).cast(pa.int64())
            cols[name] = [None if t is None else t // 1000 for t in micros.to_pylist()]
            continue
        if name in ("key", "value") and (pa.types.is_string(column.type) or
                                           pa.types.is_large_string(column.type)):
            column = column.cast(pa.binary())
        cols[name] = column.to_pylist()
    n = batch.num_rows
    if "topic" not in cols:
        if options.topic is None:
            raise ValueError("kafka-segments write: rows need a topic column or the topic "
                             "option")
        cols["topic"] = [options.topic] * n
    if "partition" not in cols:
        cols["partition"] = [options.partition if options.partition is not None else 0] * n
    keys = list(cols)
    for values in zip(*cols.values(), strict=True):
        yield dict(zip(keys, values, strict=True))


def write_rows(batches: Iterable[Any], directory: str | os.PathLike[str],
               options: WriteOptions, task: int = 0,
               refused: Refused | None = None, *, inside: bool = False) -> list[PartWritten]:
    """Write Arrow record batches of rows under ``directory`` (one sub-directory per
    topic-partition); returns what was written. Rows not read as records (:class:`Refused`,
    counted in ``refused`` when given) raise one :class:`~kformat.errors.EncodeError` after
    every row was looked at, or with ``corrupt_rows="drop"`` are left out and logged.

    ``inside``: ``directory``'s parent must exist (a write's staging root, which an abort
    removes while killed tasks may still run): ``directory`` and each topic-partition's are
    made one level at a time, never a missing parent, so a removed root stays removed."""
    refused = Refused() if refused is None else refused
    writers: dict[tuple[str, int], TopicPartitionWriter] = {}
    if inside:
        os.mkdir(directory)
    for batch in batches:
        for row in _rows(batch, options):
            if refused.check(row) or (refused.rows and options.corrupt_rows == "fail"):
                continue  # a failing write only counts the rest
            topic, partition = row["topic"], row["partition"]
            if topic is None or partition is None:
                raise ValueError("kafka-segments write: topic and partition must not be null")
            tp = (topic, int(partition))
            w = writers.get(tp)
            if w is None:
                if inside:
                    os.mkdir(Path(directory) / partition_dir_name(*tp))
                w = writers[tp] = TopicPartitionWriter(directory, tp[0], tp[1], options, task)
            w.add(row)
    if refused.rows:
        if options.corrupt_rows == "fail":
            raise refused.error()
        log.warning("kafka-segments write: dropped %s", refused.describe())
    return [w.close() for w in writers.values()]


# --------------------------------------------------------------------------- commit


_WINDOW = 512 << 10
"""How much of a part's ``.log`` the commit reads at a time (more for a bigger batch)."""


def _batches_of(part: PartWritten) -> Iterator[tuple[bytes, Batch]]:
    """A part's batches, one at a time (see :func:`_log_batches`)."""
    for log in sorted(Path(part.directory).glob(f"*{LOG_SUFFIX}")):
        yield from _log_batches(log)


def _log_batches(log: Path, window: int = _WINDOW) -> Iterator[tuple[bytes, Batch]]:
    """The batches of a ``.log`` with their bytes, read a window at a time: the bytes and
    the records of only the run at hand are alive, whatever the file's size. Bad or
    cut-short bytes raise a :class:`~kformat.errors.KFormatError` naming the file, with the
    offset in it."""
    with log.open("rb") as f:
        at, data, want = 0, b"", window
        while True:
            more = f.read(want - len(data)) if want > len(data) else b""
            end = len(more) < want - len(data)
            data += more
            try:
                with iter_batches(data, verify_crc=False) as batches:
                    for b in batches:
                        piece = data[b.position:b.position + b.size]
                        b.position += at
                        yield piece, b
                    tail = batches.truncated
            except KFormatError as exc:
                raise exc.relocated(at, lead=f"{log}: ") from None
            if tail is None:
                if end:
                    return
                at, data, want = at + len(data), b"", window
                continue
            if end:
                where = at + tail.position
                raise TruncatedError(f"{log}: batch at offset {where} cut short",
                                     offset=where, expected=tail.needed or BATCH_OVERHEAD,
                                     actual=tail.available)
            at, data = at + tail.position, data[tail.position:]
            want = max(window, tail.needed or 0, len(data) + 1)  # always more than held


def _shifted(b: Batch, shift: int, options: WriteOptions) -> tuple[bytes, Batch]:
    """``b`` with every offset moved by ``shift`` (rebuilt)."""
    records = [{"key": r.key, "value": r.value, "headers": list(r.headers),
                "timestamp": r.timestamp, "offset": r.offset + shift} for r in b.records]
    moved = make_batch(records, codec=b.codec, base_offset=b.base_offset + shift,
                       base_timestamp=b.base_timestamp if b.magic else None, magic=b.magic,
                       producer_id=b.producer_id, producer_epoch=b.producer_epoch,
                       base_sequence=b.base_sequence, is_transactional=b.is_transactional,
                       is_control=b.is_control,
                       partition_leader_epoch=b.partition_leader_epoch,
                       timestamp_type=b.timestamp_type if b.magic else 0)
    return build_batch(moved, compression_level=options.compression_level), moved


def _end_offset(target: Path) -> int:
    """The next offset of an existing partition directory: its last batch's next offset
    (read from its last non-empty segment), else its last segment's base offset, else 0."""
    logs = sorted(target.glob(f"*{LOG_SUFFIX}"), key=lambda p: offset_from_filename(p))
    for log in reversed(logs):
        last = None
        for _, b in _log_batches(log):
            last = b
        if last is not None:
            return last.next_offset
    return offset_from_filename(logs[-1]) if logs else 0


def _write_parts(parts: list[PartWritten], parent: Path, options: WriteOptions, *,
                 start: int | None = None, epochs: list[EpochEntry] | None = None) -> Path:
    """One partition directory under ``parent`` from several tasks' parts, or from parts
    that follow an existing directory ending at ``start`` (its leader ``epochs`` carried on;
    no producer snapshot: the directory's own stays the latest, and a broker replays the
    new segments after it)."""
    first = parts[0]
    if any(p.assigned for p in parts):
        parts = sorted(parts, key=lambda p: (p.task, p.directory))
    else:
        parts = sorted(parts, key=lambda p: p.first_offset)
        for a, b in itertools.pairwise(parts):
            if b.first_offset <= a.last_offset:
                raise EncodeError(f"{a.topic}-{a.partition}: tasks {a.task} and {b.task} "
                                  f"wrote overlapping offsets ({a.first_offset}..{a.last_offset}"
                                  f" and {b.first_offset}..{b.last_offset})", path="offset")
    writer = PartitionWriter(parent, first.topic, first.partition,
                             index_interval_bytes=options.index_interval_bytes,
                             producer_snapshot=start is None)
    writer.epochs = list(epochs or [])
    floor = writer.epochs[-1].epoch if writer.epochs else -1
    if options.leader_epoch is not None and options.leader_epoch < floor:
        raise EncodeError(f"kafka-segments append: leaderEpoch {options.leader_epoch} is "
                          f"below {first.topic}-{first.partition}'s last leader epoch "
                          f"{floor} (leader epochs never go back; leave the option out to "
                          f"carry the directory's on)", path="leaderEpoch",
                          actual=options.leader_epoch)
    segments = _Segments(writer, options.segment_bytes)
    next_offset = start or 0
    for part in parts:
        shift = next_offset - part.first_offset if part.assigned else 0
        if start is not None and not part.assigned and part.first_offset < next_offset:
            raise EncodeError(f"kafka-segments append: {part.topic}-{part.partition} holds "
                              f"offsets up to {next_offset - 1}; the rows start at "
                              f"{part.first_offset} (offsets must follow the directory's; "
                              f"leave the offset column out to have them assigned)",
                              path="offset", actual=part.first_offset)
        for data, b in _batches_of(part):
            if shift:
                data, b = _shifted(b, shift, options)
            if b.magic == 2 and b.partition_leader_epoch < floor:  # the directory's epoch
                from kformat.broker.log import stamped

                data = stamped(data, b.base_offset, floor)
                b.partition_leader_epoch = floor
            segments.add(data, b)
            next_offset = b.next_offset
    return writer.close()


_APPENDED = (LOG_SUFFIX, INDEX_SUFFIX, TIME_INDEX_SUFFIX, TXN_INDEX_SUFFIX)


def _epochs(target: Path) -> list[EpochEntry]:
    path = target / LEADER_EPOCH_CHECKPOINT
    return parse_leader_epoch_checkpoint(path.read_bytes()) if path.exists() else []


def commit(parts: Iterable[PartWritten], directory: str | os.PathLike[str],
           options: WriteOptions, staging: str | os.PathLike[str], *,
           overwrite: bool = False) -> list[str]:
    """Move every written topic-partition from ``staging`` into ``directory`` and remove
    ``staging``; returns the directories written.

    Every topic-partition is made ready in ``staging`` first (parts of one merged, in
    offset order for explicit offsets, task order for assigned ones); then each goes into
    place. ``overwrite``: an existing topic-partition directory is replaced. Else
    (Spark's ``append``) new segments follow an existing directory's last offset (assigned
    offsets numbered from there, explicit ones checked to follow it), its
    ``leader-epoch-checkpoint`` carried on, its other files kept. Anything failing before
    or while moving leaves ``directory`` as it was."""
    by_tp: dict[tuple[str, int], list[PartWritten]] = {}
    for p in parts:
        if p.records:
            by_tp.setdefault((p.topic, p.partition), []).append(p)
    staging = Path(staging)
    ready_root, old_root = staging / "_ready", staging / "_replaced"
    plan: list[tuple[Path, Path, bool]] = []  # (ready dir, target, appended)
    try:
        for tp, group in sorted(by_tp.items()):
            target = Path(directory) / partition_dir_name(*tp)
            if target.exists() and not overwrite:
                ready = _write_parts(group, ready_root, options, start=_end_offset(target),
                                     epochs=_epochs(target))
                plan.append((ready, target, True))
            elif len(group) == 1:
                plan.append((Path(group[0].directory), target, False))
            else:
                plan.append((_write_parts(group, ready_root, options), target, False))
        _move_into_place(plan, old_root)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return [str(target) for _, target, _ in plan]


def _move_into_place(plan: list[tuple[Path, Path, bool]], old_root: Path) -> None:
    """Each ready directory into place (renames only), undone in reverse on an error."""
    undo: list[tuple[Path, Path | None]] = []  # (now at, back to; None: remove)
    try:
        for ready, target, appended in plan:
            if not appended:
                if target.exists():
                    old_root.mkdir(parents=True, exist_ok=True)
                    kept = old_root / target.name
                    os.replace(target, kept)
                    undo.append((kept, target))
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(ready, target)
                undo.append((target, None))
                continue
            # only an empty last segment (a broker's rolled, unused one) has the base
            # offset the new rows start at: it and its indexes are replaced
            empty = {f.stem for f in target.glob(f"*{LOG_SUFFIX}") if not f.stat().st_size}
            for f in sorted(ready.iterdir()):
                if f.suffix in _APPENDED:
                    dest = target / f.name
                    if dest.exists():
                        if f.stem not in empty:
                            raise FileExistsError(f"kafka-segments append: {dest} exists")
                        old_root.mkdir(parents=True, exist_ok=True)
                        kept = old_root / f"{target.name}.{f.name}"
                        os.replace(dest, kept)
                        undo.append((kept, dest))
                    os.replace(f, dest)
                    undo.append((dest, None))
            checkpoint = target / LEADER_EPOCH_CHECKPOINT
            if checkpoint.exists():
                old_root.mkdir(parents=True, exist_ok=True)
                kept = old_root / f"{target.name}.{LEADER_EPOCH_CHECKPOINT}"
                os.replace(checkpoint, kept)
                undo.append((kept, checkpoint))
            os.replace(ready / LEADER_EPOCH_CHECKPOINT, checkpoint)
            undo.append((checkpoint, None))
            if not (target / PARTITION_METADATA).exists():
                os.replace(ready / PARTITION_METADATA, target / PARTITION_METADATA)
                undo.append((target / PARTITION_METADATA, None))
    except BaseException:
        for now, back in reversed(undo):
            if back is None:
                if now.is_dir():
                    shutil.rmtree(now, ignore_errors=True)
                else:
                    now.unlink(missing_ok=True)
            else:
                os.replace(now, back)
        raise
