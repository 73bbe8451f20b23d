"""``kformat dump``'s text: the Java tool's labels and line formats, and its JSON lines."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from kformat.errors import KFormatError
from kformat.jsonable import json_text
from kformat.outputs.fields import (
    TIMESTAMP_LABELS,
    dump_fields,
    record_dump_fields,
    snake,
)
from kformat.protocol.kraft import decode_control_value
from kformat.records.control import ControlType, decode_control
from kformat.records.model import Batch, Record
from kformat.segments.decoders import (
    camel,
    to_json,
)

__all__ = ["BOOTSTRAP_SNAPSHOT", "KRAFT_SNAPSHOT_SUFFIX", "RECORD_INDENT", "STDIN_NAME",
           "TIMESTAMP_LABELS", "batch_fields", "control_fields", "dump_json", "format_batch",
           "format_fields", "record_fields"]

KRAFT_SNAPSHOT_SUFFIX = ".checkpoint"
BOOTSTRAP_SNAPSHOT = "bootstrap.checkpoint"
RECORD_INDENT = "|"
STDIN_NAME = "<stdin>"
_KRAFT_SNAPSHOT_NAME = re.compile(r"(\d+)-(\d+)\.checkpoint")
_CONTROL_LABELS = {
    ControlType.SNAPSHOT_HEADER: "SnapshotHeader",
    ControlType.SNAPSHOT_FOOTER: "SnapshotFooter",
    ControlType.KRAFT_VERSION: "KRaftVersion",
    ControlType.KRAFT_VOTERS: "KRaftVoters",
}


# --------------------------------------------------------------------------- formatting


def batch_fields(batch: Batch) -> list[tuple[str, Any]]:
    """The batch line's (label, value) pairs in the Java tool's order
    (:func:`kformat.outputs.fields.dump_fields`). The timestamp's label is the batch's
    timestamp type; ``deleteHorizonMs`` is ``None`` when absent."""
    return dump_fields(batch)


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
    """A record's metadata (label, value) pairs, in the Java tool's order
    (:data:`kformat.outputs.fields.RECORD_DUMP_FIELDS`)."""
    return [(label, value) for _, label, value in record_dump_fields(batch, record)]


def control_fields(record: Record) -> tuple[str, dict[str, Any]]:
    """(text, JSON) describing a control record, as the Java tool prints it."""
    try:
        control = decode_control(record)
    except KFormatError as exc:
        return f" controlType: INVALID ({exc})", {"error": exc.to_dict()}  # as records decode
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


def _snake_keys(value: Any) -> Any:
    """snake_case keys at any depth (docs/json.md, rule 1)."""
    if isinstance(value, dict):
        return {snake(str(k)): _snake_keys(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_snake_keys(v) for v in value]
    return value


def dump_json(obj: dict[str, Any]) -> str:
    """A ``dump --json`` line: the one JSON convention (docs/json.md), keys in snake_case;
    what a plug-in decoder returned with no JSON form is its ``repr``."""
    return json_text(_snake_keys(obj), default=repr)


