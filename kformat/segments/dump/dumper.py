"""``kformat dump``'s walk over files and partition directories: what it reads, checks and prints."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from kformat.console import (
    STDIN,
)
from kformat.errors import KFormatError
from kformat.outputs.fields import batch_json, record_dump_fields, timestamp_type_of
from kformat.records.enums import TimestampType, json_name
from kformat.records.model import Batch, Record
from kformat.segments.checks import (
    LogChecker,
    Problem,
    check_offset_index,
    check_time_index,
    check_txn_index,
    offsets_of_max_timestamp,
    problem_from_error,
    sanity_check_offset_index,
    sanity_check_time_index,
    slim,
)
from kformat.segments.decoders import (
    KEYLESS_TOPICS,
    RecordDecoder,
    decode_plain,
    decode_with_hook,
    default_record_decoder,
    render_decoded,
)
from kformat.segments.dump.progress import Progress
from kformat.segments.dump.text import (
    _KRAFT_SNAPSHOT_NAME,
    BOOTSTRAP_SNAPSHOT,
    KRAFT_SNAPSHOT_SUFFIX,
    RECORD_INDENT,
    STDIN_NAME,
    control_fields,
    dump_json,
    format_batch,
    format_fields,
)
from kformat.segments.indexes import (
    TimestampOffset,
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
    suffix_of,
)
from kformat.segments.segment import SegmentReader
from kformat.segments.snapshot import parse_producer_snapshot
from kformat.segments.textfiles import (
    format_topic_id,
    parse_leader_epoch_checkpoint,
    parse_partition_metadata,
)

__all__ = ["DumpOptions", "Dumper"]


# --------------------------------------------------------------------------- dumper


@dataclass
class DumpOptions:
    deep_iteration: bool = False
    print_data_log: bool = False
    skip_record_metadata: bool = False
    verify_index_only: bool = False
    index_sanity_check: bool = False
    max_bytes: int | None = None
    topic_kind: str | None = None
    """Set by a decoder option: records go to ``record_decoder(topic_kind, key, value)``."""
    record_decoder: RecordDecoder | None = None
    key_decoder: str = "string"
    value_decoder: str = "string"
    json: bool = False


@dataclass
class Dumper:
    """Dumps files to ``out``; problems go to ``err`` (text) or ``out`` (JSON)."""

    options: DumpOptions
    out: IO[str]
    err: IO[str]
    progress: Progress | None = None
    problems: list[Problem] = field(default_factory=list)
    stdin: Callable[[], bytes] | None = None
    """Reads the log segment that FILE ``-`` names (standard input)."""

    # ------------------------------------------------------------- output

    def line(self, text: str, obj: dict[str, Any]) -> None:
        self.out.write((dump_json(obj) if self.options.json else text) + "\n")

    def note(self, text: str) -> None:
        """A text-only line (headers, Kafka's messages); JSON mode leaves it out."""
        if not self.options.json:
            self.out.write(text + "\n")

    def report(self, problems: Iterable[Problem]) -> None:
        for p in problems:
            self.problems.append(p)
            if self.options.json:
                self.out.write(dump_json({"type": "problem", "file": p.file,
                                          "position": p.position, "kind": p.kind,
                                          "detail": p.detail}) + "\n")
            else:
                self.err.write(f"kformat dump: {p.file}:{p.position}: {p.error_class}: "
                               f"{p.reason}\n")

    # ------------------------------------------------------------- dispatch

    def dump(self, path: str) -> None:
        if path != STDIN and not os.path.exists(path):  # a usage error: nothing was read
            raise FileNotFoundError(errno.ENOENT, "No such file or directory", path)
        if path == STDIN and self.stdin is not None:
            self.note("Dumping <stdin>")
            self.dump_log(STDIN_NAME, self.stdin())
            return
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                self.dump(os.path.join(path, name))
            return
        name = os.path.basename(path)
        suffix = suffix_of(name)
        handler: Callable[[str], None] | None = {
            LOG_SUFFIX: self.dump_log,
            KRAFT_SNAPSHOT_SUFFIX: self.dump_log,
            INDEX_SUFFIX: self.dump_index,
            TIME_INDEX_SUFFIX: self.dump_time_index,
            TXN_INDEX_SUFFIX: self.dump_txn_index,
            SNAPSHOT_SUFFIX: self.dump_producer_snapshot,
        }.get(suffix)
        if name == LEADER_EPOCH_CHECKPOINT:
            handler = self.dump_leader_epochs
        elif name == PARTITION_METADATA:
            handler = self.dump_partition_metadata
        self.note(f"Dumping {path}")
        if handler is None:
            self.err.write(f"Ignoring unknown file {path}\n")
            return
        handler(path)  # a file that cannot be read ends the command (exit status 2)

    def _read(self, path: str, parse: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        try:
            with open(path, "rb") as f:
                return parse(f.read(), *args, **kw)
        except KFormatError as exc:
            self.report([problem_from_error(path, exc)])
            return None

    # ------------------------------------------------------------- .log

    def dump_log(self, path: str, data: bytes | None = None) -> None:
        """A ``.log`` segment or KRaft snapshot; ``data`` instead of the file when given."""
        name = os.path.basename(path)
        base: int | None = None
        if name.endswith(LOG_SUFFIX):
            try:
                base = offset_from_filename(name)
            except KFormatError as exc:
                self.report([problem_from_error(path, exc)])
            else:
                self.note(f"Log starting offset: {base}")
        elif name == BOOTSTRAP_SNAPSHOT:
            self.note("KRaft bootstrap snapshot")
        elif m := _KRAFT_SNAPSHOT_NAME.fullmatch(name):
            self.note(f"Snapshot end offset: {int(m.group(1))}, epoch: {int(m.group(2))}")
        opts = self.options
        deep = opts.deep_iteration or opts.print_data_log or opts.topic_kind is not None
        checker = LogChecker(path, base)
        source = path if data is None else data
        with SegmentReader(source, base_offset=base, max_bytes=opts.max_bytes) as reader:
            for batch in reader:
                self.line(format_batch(batch), self._batch_json(path, batch))
                if deep:
                    for record in batch.records:
                        self._record(path, batch, record)
                self.report(checker.feed(batch))
                if self.progress is not None:
                    self.progress.update(name, batch.position + batch.size, reader.size)
            if self.progress is not None:
                self.progress.finish()
            if reader.skipped_stretches:
                self.note(f"Skipped {reader.skipped_bytes} bytes in "
                          f"{reader.skipped_stretches} unreadable stretches of {name}")
            invalid = reader.size - reader.valid_bytes
            if invalid > 0 and opts.max_bytes is None:
                self.note(f"Found {invalid} invalid bytes at the end of {name}")
            self.report(checker.finish(reader.truncated, reader.error, reader.skipped,
                                       reader.unframed))

    def _batch_json(self, path: str, batch: Batch) -> dict[str, Any]:
        """The batch fields every command writes (docs/json.md), plus ``type`` and ``file``."""
        return {"type": "batch", "file": path, **batch_json(batch)}

    def _record(self, path: str, batch: Batch, record: Record) -> None:
        opts = self.options
        text = ""
        obj: dict[str, Any] = {"type": "record", "file": path}
        sep = f"{RECORD_INDENT} "  # Java prints the indent with the first item only
        if not opts.skip_record_metadata:
            fields = record_dump_fields(batch, record)
            text = f"{RECORD_INDENT} {format_fields((label, value) for _, label, value in fields)}"
            sep = " "
            for field, _, value in fields:
                if field.name == "timestamp":
                    obj["timestamp_type"] = json_name(timestamp_type_of(batch), TimestampType)
                obj[field.name] = value
            if batch.is_control:
                control_text, control_obj = control_fields(record)
                text += control_text
                obj["control"] = control_obj
        if (opts.print_data_log or opts.topic_kind is not None) and not batch.is_control:
            key, payload = self._data(record)
            key_text, payload_text = self._data_text(key, payload)
            if key_text is not None:
                text += f"{sep}key: {key_text}"
                sep = " "
                obj["key"] = key
            if payload_text is not None:
                text += f" payload: {payload_text}"
                obj["payload"] = payload
        self.line(text, obj)

    def _data(self, record: Record) -> tuple[Any, Any]:
        opts = self.options
        if opts.topic_kind is None:
            return (decode_plain(record.key, opts.key_decoder),
                    decode_plain(record.value, opts.value_decoder))
        hook = opts.record_decoder or default_record_decoder
        key, value, error = decode_with_hook(hook, opts.topic_kind, record)
        if error is None:
            return key, value
        # Kafka's tool shows the error as the key, or as the payload for keyless topics
        return (None, error) if opts.topic_kind in KEYLESS_TOPICS else (error, None)

    def _data_text(self, key: Any, payload: Any) -> tuple[str | None, str | None]:
        if self.options.topic_kind is None:
            return key, payload
        return render_decoded((key, payload))

    # ------------------------------------------------------------- indexes

    def _neighbour_log(self, path: str) -> list[Batch] | None:
        log = str(Path(path).with_suffix(LOG_SUFFIX))
        if not os.path.exists(log):
            self.report([Problem(path, 0, "missing-log",
                                 f"no {os.path.basename(log)} next to it to verify against")])
            return None
        with SegmentReader(log) as reader:
            return [slim(b) for b in reader]

    def dump_index(self, path: str) -> None:
        index = self._read(path, parse_offset_index, self._base(path), strict=False)
        if index is None:
            return
        if not index.entries:
            self.note(f"{path} is empty.")
            self.report(sanity_check_offset_index(path, index))
            return
        self._dump_entries(path, index, sanity_check_offset_index, check_offset_index,
                           lambda e: (f"offset: {e.offset} position: {e.position}",
                                      {"type": "index_entry", "file": path, "offset": e.offset,
                                       "position": e.position}))

    def dump_time_index(self, path: str) -> None:
        index = self._read(path, parse_time_index, self._base(path), strict=False)
        if index is None:
            return
        batches = self._dump_entries(
            path, index, sanity_check_time_index, check_time_index,
            lambda e: (f"timestamp: {e.timestamp} offset: {e.offset}",
                       {"type": "timeindex_entry", "file": path,
                        "timestamp": e.timestamp, "offset": e.offset}))
        if batches:
            self._before_38(path, offsets_of_max_timestamp(index, batches))

    def _before_38(self, path: str, entries: list[tuple[TimestampOffset, int]]) -> None:
        """Time index entries as brokers before 3.8 wrote them: healthy, so not problems;
        listed on stderr in kafka-dump-log.sh's words (a ``note`` line with ``--json``)."""
        if not entries:
            return
        if not self.options.json:
            self.err.write("The following indexed offsets are not found in the log.\n")
        for e, last in entries:
            if self.options.json:
                self.out.write(dump_json({
                    "type": "note", "file": path, "kind": "timeindex-before-3.8",
                    "offset": e.offset, "timestamp": e.timestamp, "log_offset": last}) + "\n")
            else:
                self.err.write(f"Indexed offset: {e.offset}, found log offset: {last}\n")

    def _dump_entries(self, path: str, index: Any, sanity: Callable[[str, Any], list[Problem]],
                      check: Callable[[str, Any, list[Batch]], list[Problem]],
                      show: Callable[[Any], tuple[str, dict[str, Any]]]) -> list[Batch] | None:
        """An index's entries, then its sanity checks, or its checks against the log next to
        it (sanity checks only with ``index_sanity_check``, or when there is no log).
        Returns the log's batches it checked against (None: none)."""
        if self.options.index_sanity_check:
            problems = sanity(path, index)
            if not problems:
                self.note(f"{path} passed sanity check.")
            self.report(problems)
            return None
        if not self.options.verify_index_only:
            for e in index.entries:
                self.line(*show(e))
        batches = self._neighbour_log(path) if index.entries else []
        self.report(sanity(path, index) if batches is None else check(path, index, batches))
        return batches

    def _base(self, path: str) -> int:
        try:
            return offset_from_filename(path)
        except KFormatError as exc:
            self.report([problem_from_error(path, exc)])
            return 0

    # ------------------------------------------------------------- other files

    def dump_txn_index(self, path: str) -> None:
        entries = self._read(path, parse_txn_index)
        if entries is None:
            return
        for t in entries:
            fields = [("version", t.version), ("producerId", t.producer_id),
                      ("firstOffset", t.first_offset), ("lastOffset", t.last_offset),
                      ("lastStableOffset", t.last_stable_offset)]
            self.line(format_fields(fields),
                      {"type": "aborted_txn", "file": path, **dict(fields)})
        log = str(Path(path).with_suffix(LOG_SUFFIX))
        if entries and os.path.exists(log):
            with SegmentReader(log) as reader:
                control = [b for b in reader if b.is_control]
            self.report(check_txn_index(path, entries, control))

    def dump_producer_snapshot(self, path: str) -> None:
        snapshot = self._read(path, parse_producer_snapshot)
        if snapshot is None:
            return
        for e in snapshot.entries:
            fields: list[tuple[str, Any]] = [
                ("producerId", e.producer_id), ("producerEpoch", e.epoch),
                ("coordinatorEpoch", e.coordinator_epoch),
                ("currentTxnFirstOffset", e.current_txn_first_offset),
                ("lastTimestamp", e.timestamp)]
            if e.last_offset >= 0:
                fields += [("firstSequence", e.first_sequence),
                           ("lastSequence", e.last_sequence), ("lastOffset", e.last_offset),
                           ("offsetDelta", e.offset_delta), ("timestamp", e.timestamp)]
            self.line(format_fields(fields),
                      {"type": "producer_entry", "file": path, **dict(fields)})

    def dump_leader_epochs(self, path: str) -> None:
        entries = self._read(path, parse_leader_epoch_checkpoint)
        for e in entries or ():
            self.line(f"epoch: {e.epoch} startOffset: {e.start_offset}",
                      {"type": "leader_epoch", "file": path, "epoch": e.epoch,
                       "startOffset": e.start_offset})

    def dump_partition_metadata(self, path: str) -> None:
        meta = self._read(path, parse_partition_metadata)
        if meta is not None:
            topic_id = format_topic_id(meta.topic_id)
            self.line(f"version: {meta.version} topicId: {topic_id}",
                      {"type": "partition_metadata", "file": path, "version": meta.version,
                       "topicId": topic_id})


