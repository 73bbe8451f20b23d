"""``kformat dump FILE...``: Kafka's ``kafka-dump-log.sh`` (``DumpLogSegments``) without a JVM.

Output follows the Java tool's layout line for line, so scripts written against it keep
working::

    Dumping 00000000000000000000.log
    Log starting offset: 0
    baseOffset: 0 lastOffset: 2 count: 3 baseSequence: -1 lastSequence: -1 producerId: -1
      producerEpoch: -1 partitionLeaderEpoch: 0 isTransactional: false isControl: false
      deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: 1700000000000 size: 120
      magic: 2 compresscodec: none crc: 123456 isvalid: true            (one line)
    | offset: 0 CreateTime: 1700000000000 keySize: 3 valueSize: 5 sequence: -1 headerKeys: []

Files are dispatched on their suffix: ``.log`` (and KRaft ``.checkpoint`` snapshots),
``.index``, ``.timeindex``, ``.txnindex``, ``.snapshot`` (producer state), plus the
``leader-epoch-checkpoint`` and ``partition.metadata`` text files; a directory dumps every
file in it. Index files are verified against the ``.log`` next to them.

Where kformat differs from the Java tool:

* every problem found (bad CRC, cut-short last batch, index entries pointing at the wrong
  batch, timestamps out of order...) is reported as ``FILE:POSITION: KIND: DETAIL`` on
  stderr (see :mod:`kformat.segments.checks`), and the exit code is 1 when there was any;
* a bad batch never aborts the dump; nor does a failing decoder (the record shows
  ``Error at offset N, skipping. ...`` as Kafka's does);
* ``--json`` writes one JSON object per line on stdout (batches, records, index entries and
  problems, each with ``"type"`` and ``"file"``), keys named like the text labels;
* a progress bar is drawn on stderr while reading ``.log`` files, only when stderr is a TTY.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from kformat.console import (
    OK,
    PROBLEMS,
    STDIN,
    Console,
    UsageError,
    add_input_options,
    leaf_options,
    read_input,
)
from kformat.errors import KFormatError
from kformat.jsonable import to_jsonable
from kformat.protocol.kraft import decode_control_value
from kformat.records.codecs import Codec
from kformat.records.control import ControlType, decode_control
from kformat.records.decoders import java_decoder
from kformat.records.enums import TimestampType, json_name
from kformat.records.fields import add_sequence, batch_json, snake, timestamp_type_of
from kformat.records.model import Batch, Record
from kformat.segments.checks import (
    LogChecker,
    Problem,
    check_offset_index,
    check_time_index,
    check_txn_index,
    problem_from_error,
    sanity_check_offset_index,
    sanity_check_time_index,
    slim,
)
from kformat.segments.decoders import (
    KEYLESS_TOPICS,
    PLAIN_DECODERS,
    TOPIC_KINDS,
    RecordDecoder,
    camel,
    decode_plain,
    decode_with_hook,
    default_record_decoder,
    render_decoded,
    to_json,
)
from kformat.segments.indexes import parse_offset_index, parse_time_index, parse_txn_index
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

__all__ = [
    "DumpOptions",
    "Dumper",
    "Progress",
    "batch_fields",
    "format_batch",
    "format_fields",
    "main",
    "record_fields",
]

KRAFT_SNAPSHOT_SUFFIX = ".checkpoint"
BOOTSTRAP_SNAPSHOT = "bootstrap.checkpoint"
RECORD_INDENT = "|"
STDIN_NAME = "<stdin>"
TIMESTAMP_TYPES = ("CreateTime", "LogAppendTime")
TIMESTAMP_LABELS = ("CreateTime", "LogAppendTime", "NoTimestampType")
_JSON_LABELS = {"isValid": "crc_valid", "keySize": "key_size", "valueSize": "value_size",
                "headerKeys": "header_keys"}
"""The Java tool's record labels -> JSON names (docs/json.md); batches use batch_json."""
_KRAFT_SNAPSHOT_NAME = re.compile(r"(\d+)-(\d+)\.checkpoint")
_CONTROL_LABELS = {
    ControlType.SNAPSHOT_HEADER: "SnapshotHeader",
    ControlType.SNAPSHOT_FOOTER: "SnapshotFooter",
    ControlType.KRAFT_VERSION: "KRaftVersion",
    ControlType.KRAFT_VOTERS: "KRaftVoters",
}


# --------------------------------------------------------------------------- formatting


def _timestamp_type(batch: Batch) -> str:
    if batch.magic == 0:
        return "NoTimestampType"
    return TIMESTAMP_TYPES[1 if batch.timestamp_type else 0]


def _codec_name(codec: int) -> str:
    try:
        return Codec(codec).name.lower()
    except ValueError:
        return f"unknown({codec})"


def batch_fields(batch: Batch) -> list[tuple[str, Any]]:
    """The batch line's (label, value) pairs in the Java tool's order. The timestamp's label
    is the batch's timestamp type; ``deleteHorizonMs`` is ``None`` when absent."""
    fields: list[tuple[str, Any]]
    if batch.magic >= 2:
        fields = [
            ("baseOffset", batch.base_offset),
            ("lastOffset", batch.last_offset),
            ("count", len(batch.records)),
            ("baseSequence", batch.base_sequence),
            ("lastSequence", add_sequence(batch.base_sequence, batch.last_offset_delta)),
            ("producerId", batch.producer_id),
            ("producerEpoch", batch.producer_epoch),
            ("partitionLeaderEpoch", batch.partition_leader_epoch),
            ("isTransactional", batch.is_transactional),
            ("isControl", batch.is_control),
            ("deleteHorizonMs", batch.base_timestamp if batch.has_delete_horizon else None),
        ]
    else:
        fields = [("offset", batch.last_offset)]
    return [
        *fields,
        ("position", batch.position),
        (_timestamp_type(batch), batch.max_timestamp),
        ("size", batch.size),
        ("magic", batch.magic),
        ("compresscodec", _codec_name(batch.codec)),
        ("crc", batch.crc),
        ("isvalid", batch.crc_valid is not False),
    ]


def _text(label: str, value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if label == "deleteHorizonMs":
        return "OptionalLong.empty" if value is None else f"OptionalLong[{value}]"
    if label == "headerKeys":
        return "[" + ",".join(value) + "]"
    return str(value)


def format_fields(fields: Iterable[tuple[str, Any]]) -> str:
    """``label: value`` pairs joined by spaces, values written the way Java prints them."""
    return " ".join(f"{label}: {_text(label, value)}" for label, value in fields)


def format_batch(batch: Batch) -> str:
    """The Java tool's batch line."""
    return format_fields(batch_fields(batch))


def record_fields(batch: Batch, record: Record) -> list[tuple[str, Any]]:
    """A record's metadata (label, value) pairs, in the Java tool's order."""
    fields: list[tuple[str, Any]] = [
        ("offset", record.offset),
        (_timestamp_type(batch), record.timestamp),
        ("keySize", -1 if record.key is None else len(record.key)),
        ("valueSize", -1 if record.value is None else len(record.value)),
    ]
    if batch.magic >= 2:
        fields += [("sequence", add_sequence(batch.base_sequence, record.offset_delta)),
                   ("headerKeys", [k for k, _ in record.headers])]
    elif not batch.codec:  # a plain magic 0/1 message is its own batch
        fields += [("isValid", batch.crc_valid is not False), ("crc", batch.crc)]
    return fields


def control_fields(record: Record) -> tuple[str, dict[str, Any]]:
    """(text, JSON) describing a control record, as the Java tool prints it."""
    try:
        control = decode_control(record)
    except KFormatError as exc:
        return f" controlType: INVALID ({exc})", {"error": str(exc)}
    kind = control["type"]
    if kind in (ControlType.ABORT, ControlType.COMMIT):
        name = ControlType(kind).name
        epoch = control["coordinator_epoch"]
        return (f" endTxnMarker: {name} coordinatorEpoch: {epoch}",
                {"endTxnMarker": name, "coordinatorEpoch": epoch})
    if kind in _CONTROL_LABELS and record.value is not None:
        label = _CONTROL_LABELS[ControlType(kind)]
        try:
            decoded = decode_control_value(kind, bytes(record.value))
        except KFormatError:
            pass
        else:
            data = camel(decoded.value)
            return f" {label} {to_json(data)}", {label: data, "version": decoded.version}
    name = control["type_name"]
    return f" controlType: {name}({kind})", {"controlType": name, "typeId": kind}


def _json_value(value: Any) -> Any:
    """One JSON convention (docs/json.md): snake_case keys at any depth, bytes as
    ``{"$bytes": ...}``, UUIDs as ``{"$uuid": ...}``."""
    if isinstance(value, dict):
        return {snake(str(k)): _json_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_value(v) for v in value]
    if isinstance(value, bytes | bytearray | memoryview | uuid.UUID | float):
        return to_jsonable(value)
    return value


def dump_json(obj: dict[str, Any]) -> str:
    """A ``dump --json`` line."""
    return to_json(_json_value(obj))


# --------------------------------------------------------------------------- progress


class Progress:
    """A one-line progress bar, drawn only when ``stream`` is a TTY."""

    def __init__(self, stream: IO[str], width: int = 30) -> None:
        self.stream = stream
        self.width = width
        try:
            self.enabled = bool(stream.isatty())
        except (AttributeError, ValueError):
            self.enabled = False
        self._shown = -1

    def update(self, label: str, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        percent = min(100, done * 100 // total)
        if percent == self._shown:
            return
        self._shown = percent
        filled = self.width * percent // 100
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r{label} [{bar}] {percent:3d}%")
        self.stream.flush()

    def finish(self) -> None:
        if self.enabled and self._shown >= 0:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
        self._shown = -1


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
                self.err.write(f"{p}\n")

    # ------------------------------------------------------------- dispatch

    def dump(self, path: str) -> None:
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
        if not os.path.exists(path):
            self.report([Problem(path, 0, "unreadable", "no such file")])
            return
        try:
            handler(path)
        except BrokenPipeError:
            raise  # our reader went away: nothing wrong with the file
        except OSError as exc:
            self.report([Problem(path, 0, "unreadable", str(exc))])

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
            invalid = reader.size - reader.valid_bytes
            if invalid > 0 and opts.max_bytes is None:
                self.note(f"Found {invalid} invalid bytes at the end of {name}")
            self.report(checker.finish(reader.truncated, reader.error, reader.skipped))

    def _batch_json(self, path: str, batch: Batch) -> dict[str, Any]:
        """The batch fields every command writes (docs/json.md), plus ``type`` and ``file``."""
        return {"type": "batch", "file": path, **batch_json(batch)}

    def _record(self, path: str, batch: Batch, record: Record) -> None:
        opts = self.options
        text = ""
        obj: dict[str, Any] = {"type": "record", "file": path}
        sep = f"{RECORD_INDENT} "  # Java prints the indent with the first item only
        if not opts.skip_record_metadata:
            fields = record_fields(batch, record)
            text = f"{RECORD_INDENT} {format_fields(fields)}"
            sep = " "
            for label, value in fields:
                if label in TIMESTAMP_LABELS:
                    obj["timestamp_type"] = json_name(timestamp_type_of(batch), TimestampType)
                    obj["timestamp"] = value
                else:
                    obj[_JSON_LABELS.get(label, label)] = value
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
        self._dump_entries(path, index, sanity_check_time_index, check_time_index,
                           lambda e: (f"timestamp: {e.timestamp} offset: {e.offset}",
                                      {"type": "timeindex_entry", "file": path,
                                       "timestamp": e.timestamp, "offset": e.offset}))

    def _dump_entries(self, path: str, index: Any, sanity: Callable[[str, Any], list[Problem]],
                      check: Callable[[str, Any, list[Batch]], list[Problem]],
                      show: Callable[[Any], tuple[str, dict[str, Any]]]) -> None:
        """An index's entries, then its sanity checks, or its checks against the log next to
        it (sanity checks only with ``index_sanity_check``, or when there is no log)."""
        if self.options.index_sanity_check:
            problems = sanity(path, index)
            if not problems:
                self.note(f"{path} passed sanity check.")
            self.report(problems)
            return
        if not self.options.verify_index_only:
            for e in index.entries:
                self.line(*show(e))
        batches = self._neighbour_log(path) if index.entries else []
        self.report(sanity(path, index) if batches is None else check(path, index, batches))

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


# --------------------------------------------------------------------------- CLI


_DECODER_OPTIONS = {
    "offsets_decoder": "offsets",
    "transaction_log_decoder": "transaction_log",
    "cluster_metadata_decoder": "cluster_metadata",
    "share_group_state_decoder": "share_group_state",
    "remote_log_metadata_decoder": "remote_log_metadata",
}


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser(
        "dump", help="kafka-dump-log.sh without a JVM: segments, indexes, snapshots",
        description="Dump Kafka log segments, indexes, producer snapshots and checkpoint "
                    "files (kafka-dump-log.sh without a JVM, with its option names). FILE '-' "
                    "reads a log segment from standard input. Problems go to stderr; the exit "
                    "code is 1 when any was found, 2 on a usage error.")
    p.add_argument("paths", nargs="*", metavar="FILE",
                   help="files (or partition directories) to dump; '-' reads a segment from "
                        "standard input")
    p.add_argument("--files", default=None, metavar="FILE1,FILE2",
                   help="comma-separated files, as the Java tool takes them")
    p.add_argument("--deep-iteration", action="store_true",
                   help="print every record, not only batches")
    p.add_argument("--print-data-log", action="store_true",
                   help="print keys and values (implies --deep-iteration)")
    p.add_argument("--skip-record-metadata", action="store_true",
                   help="leave out each record's offset, timestamp and sizes")
    p.add_argument("--verify-index-only", action="store_true",
                   help="verify indexes against the log without printing their entries")
    p.add_argument("--index-sanity-check", action="store_true",
                   help="only run the broker's startup sanity check on indexes")
    p.add_argument("--max-bytes", type=int, default=None,
                   help="read only the batches within the first N bytes of each log")
    p.add_argument("--max-message-size", type=int, default=None,
                   help="accepted for compatibility; batches are read whole anyway")
    p.add_argument("--key-decoder", choices=sorted(PLAIN_DECODERS), default=None,
                   help="how to show keys with --print-data-log (default string)")
    p.add_argument("--value-decoder", choices=sorted(PLAIN_DECODERS), default=None,
                   help="how to show values with --print-data-log (default string)")
    p.add_argument("--key-decoder-class", default=None, metavar="CLASS",
                   help="the Java tool's key decoder (kafka.serializer.StringDecoder, "
                        "IntegerDecoder, LongDecoder, DefaultDecoder); implies "
                        "--print-data-log")
    p.add_argument("--value-decoder-class", default=None, metavar="CLASS",
                   help="the Java tool's value decoder (as --key-decoder-class); implies "
                        "--print-data-log")
    group = p.add_mutually_exclusive_group()
    for option, topic in _DECODER_OPTIONS.items():
        group.add_argument(f"--{option.replace('_', '-')}", action="store_true",
                           help=f"decode records as {TOPIC_KINDS[topic]} records")
    add_input_options(p)
    leaf_options(p, json_help="one JSON object per line (docs/json.md), problems included")
    p.set_defaults(run=run_dump, record_decoder=None)


def _plain_decoder(args: argparse.Namespace, which: str) -> str:
    """``--key-decoder`` or ``--key-decoder-class`` (mapped), not both."""
    name, java = getattr(args, f"{which}_decoder"), getattr(args, f"{which}_decoder_class")
    if java is None:
        return name or "string"
    if name is not None:
        raise UsageError(f"give --{which}-decoder or --{which}-decoder-class, not both")
    try:
        return java_decoder(java)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def options_from_args(args: argparse.Namespace,
                      record_decoder: RecordDecoder | None = None) -> DumpOptions:
    kind = next((TOPIC_KINDS[v] for k, v in _DECODER_OPTIONS.items() if getattr(args, k)),
                None)
    java_decoders = args.key_decoder_class is not None or args.value_decoder_class is not None
    return DumpOptions(
        deep_iteration=args.deep_iteration,
        print_data_log=args.print_data_log or java_decoders,
        skip_record_metadata=args.skip_record_metadata,
        verify_index_only=args.verify_index_only,
        index_sanity_check=args.index_sanity_check, max_bytes=args.max_bytes,
        topic_kind=kind, record_decoder=record_decoder,
        key_decoder=_plain_decoder(args, "key"), value_decoder=_plain_decoder(args, "value"),
        json=args.json)


def _hook_available() -> bool:
    try:
        from kformat.protocol import topics  # noqa: F401
    except ImportError:
        return False
    return True


def run_dump(args: argparse.Namespace, console: Console) -> int:
    """``kformat dump``: 0, 1 when problems were found, 2 on a usage error."""
    paths = list(args.paths) + [f for f in (args.files or "").split(",") if f]
    if not paths:
        raise UsageError("no files given (FILE... or --files FILE1,FILE2)")
    options = options_from_args(args, args.record_decoder)
    if options.topic_kind is not None and args.record_decoder is None \
            and not _hook_available():
        raise UsageError("the internal-topic decoders need kformat.protocol.topics, which this "
                         "installation lacks")
    if args.hex and STDIN not in paths:
        raise UsageError("--hex applies to a log segment read from standard input ('-')")
    dumper = Dumper(options, console.stdout, console.stderr, Progress(console.stderr),
                    stdin=lambda: read_input(STDIN, console, hex_text=args.hex))
    for path in paths:
        dumper.dump(path)
    console.stdout.flush()
    return PROBLEMS if dumper.problems else OK


def main(argv: Sequence[str] | None = None, *, out: IO[str] | None = None,
         err: IO[str] | None = None, record_decoder: RecordDecoder | None = None) -> int:
    """``kformat dump ARGS``; returns 0, 1 when problems were found, 2 on a usage error.

    ``record_decoder`` replaces the internal-topic decoder hook (default:
    ``kformat.protocol.topics.decode_record``).
    """
    from kformat.cli import run

    console = Console(stdout=sys.stdout if out is None else out,
                      stderr=sys.stderr if err is None else err)
    return run(["dump", *(sys.argv[1:] if argv is None else argv)], console,
               record_decoder=record_decoder)


if __name__ == "__main__":
    raise SystemExit(main())
