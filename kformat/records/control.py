"""Control records: the records of a control batch (Kafka documentation, "Control Batches").

A control batch (attributes bit 5) holds one control record. Its key says what it is::

    ControlRecordKey => version:INT16 (0) type:INT16

Types (``ControlRecordType`` in Kafka; the key schema is ``ControlRecordTypeSchema.json``):
0 ABORT and 1 COMMIT are transaction markers (KIP-98), whose value is the version-prefixed
``EndTxnMarker.json``::

    EndTxnMarker => version:INT16 (0) coordinator_epoch:INT32

2 LEADER_CHANGE, 3 SNAPSHOT_HEADER, 4 SNAPSHOT_FOOTER (KIP-595, KIP-630), 5 KRAFT_VERSION and
6 KRAFT_VOTERS (KIP-853) appear in the KRaft metadata log; their values are flexible-version
messages (``LeaderChangeMessage.json``, ``SnapshotHeaderRecord.json``...), which the protocol
layer declares from Kafka's JSON specs, so :func:`decode_control` leaves them as bytes.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from kformat.errors import EncodeError, InvalidValueError, KFormatError
from kformat.primitives import CompiledGrammar, Flatten, Int16, KStruct
from kformat.records.model import Record
from kformat.spec.compiler import body_grammar
from kformat.spec.registry import load_message

__all__ = [
    "ControlRecordKey",
    "ControlType",
    "EndTxnMarker",
    "control_record",
    "decode_control",
]


class ControlType(IntEnum):
    """The ``type`` of a control record key."""

    ABORT = 0
    COMMIT = 1
    LEADER_CHANGE = 2
    SNAPSHOT_HEADER = 3
    SNAPSHOT_FOOTER = 4
    KRAFT_VERSION = 5
    KRAFT_VOTERS = 6


def _version_prefixed(name: str) -> KStruct:
    """The generated grammar ``message/<name>.kfg`` at version 0, behind its INT16 version
    (``MessageUtil.toVersionPrefixedBytes``): declared once, by Kafka's JSON spec."""
    return KStruct("version" / Int16, Flatten(body_grammar(load_message(f"message/{name}.kfg"), 0)))


ControlRecordKey = _version_prefixed("ControlRecordTypeSchema")
"""``version:INT16 type:INT16``."""

EndTxnMarker = _version_prefixed("EndTxnMarker")
"""``version:INT16 coordinator_epoch:INT32``."""

_KEY = CompiledGrammar(ControlRecordKey, "ControlRecordKey")
_MARKER = CompiledGrammar(EndTxnMarker, "EndTxnMarker")
_MARKERS = (ControlType.ABORT, ControlType.COMMIT)


def _kind(kind: ControlType | int | str) -> ControlType:
    try:
        if isinstance(kind, str):
            return ControlType[kind.upper()]
        return ControlType(kind)
    except (KeyError, ValueError):
        raise EncodeError(f"unknown control record type {kind!r}", actual=kind) from None


def control_record(kind: ControlType | int | str, coordinator_epoch: int = 0, *,
                   timestamp: int = -1) -> Record:
    """A transaction marker record: ``kind`` is ``"commit"``/``"abort"`` (or the enum/int).

    Put it alone in a batch made with ``is_control=True`` (and ``is_transactional=True``
    plus the producer id and epoch, as the broker writes markers).
    """
    kind = _kind(kind)
    if kind not in _MARKERS:
        raise EncodeError("control_record builds transaction markers (abort, commit) only",
                          path="type", actual=int(kind))
    key = _KEY.build({"version": 0, "type": int(kind)})
    value = _MARKER.build({"version": 0, "coordinator_epoch": coordinator_epoch})
    return Record(key=key, value=value, timestamp=timestamp)


def decode_control(record: Record) -> dict[str, Any]:
    """The key (and, for markers, the value) of a control record as a dict.

    Returns ``{"version", "type", "type_name"}`` plus, for ABORT/COMMIT,
    ``{"marker_version", "coordinator_epoch"}``; for other types ``{"value": bytes | None}``.
    Raises a :class:`~kformat.errors.DecodeError` (path ``key`` or ``value``) for a key or
    marker value that does not decode. Bytes after the known fields are ignored, as Kafka
    does for key and marker versions newer than 0.
    """
    if record.key is None:
        raise InvalidValueError("a control record needs a key", path="key")
    try:
        key = _KEY.parse(bytes(record.key), exact=False)
    except KFormatError as exc:
        raise exc.relocated(prefix="key") from None
    try:
        name = ControlType(key["type"]).name
    except ValueError:
        name = "UNKNOWN"
    out: dict[str, Any] = {"version": key["version"], "type": key["type"], "type_name": name}
    if key["type"] in _MARKERS:
        try:
            value = _MARKER.parse(bytes(record.value or b""), exact=False)
        except KFormatError as exc:
            raise exc.relocated(prefix="value") from None
        out["marker_version"] = value["version"]
        out["coordinator_epoch"] = value["coordinator_epoch"]
    else:
        out["value"] = record.value
    return out
