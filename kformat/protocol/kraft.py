"""KRaft metadata records, remote-log metadata records and control-record values.

Metadata record values (``AbstractApiMessageSerde``, used by ``MetadataRecordSerde`` for
``__cluster_metadata`` and by ``RemoteLogMetadataSerde`` for ``__remote_log_metadata``)::

    value => frame_version:UNSIGNED_VARINT (1)  type:UNSIGNED_VARINT  version:UNSIGNED_VARINT
             body                                 (to the end of the value; the key is null)

``type`` is the record's api key in its own id space (``grammars/metadata`` or
``grammars/storage``). Frame version 0 (the 2.8 KRaft preview) and any other are refused.

Control records (control batches) have the key ``ControlRecordTypeSchema`` behind an INT16
version, and a value chosen by the key's type (``ControlRecordType``):

* 0 ABORT, 1 COMMIT: ``version:INT16 EndTxnMarker`` (``EndTransactionMarker``: a newer
  version is read as version 0 and its extra bytes ignored);
* 2 LEADER_CHANGE, 3 SNAPSHOT_HEADER, 4 SNAPSHOT_FOOTER, 5 KRAFT_VERSION, 6 KRAFT_VOTERS:
  the body alone, with no version prefix, read at the version ``ControlRecordUtils`` writes
  (``*_CURRENT_VERSION``, all 0). The body's own ``version`` field is data, not framing.
"""

from __future__ import annotations

from typing import Any, Final

from kformat.errors import EncodeError, UnsupportedVersionError
from kformat.primitives import runtime as rt
from kformat.protocol.versioned import (
    Versioned,
    build_body,
    check_version,
    decode_prefixed,
    encode_lookup,
    encode_prefixed,
    highest_version,
    join_path,
    parse_body,
    read_uvarint,
    schema_for,
)
from kformat.records.control import ControlType
from kformat.spec.registry import load_registry
from kformat.spec.schema import MessageDef

__all__ = [
    "FRAME_VERSION",
    "METADATA_TOPICS",
    "ControlType",
    "control_schema",
    "decode_control_key",
    "decode_control_value",
    "decode_metadata_record",
    "encode_control_key",
    "encode_control_value",
    "encode_metadata_record",
]

FRAME_VERSION: Final = 1
METADATA_TOPICS: Final = {"__cluster_metadata": "metadata", "__remote_log_metadata": "remote-log"}
"""Topic name -> metadata record group (``Registry.metadata_record(group=...)``)."""
_SOURCES: Final = {"metadata": "metadata", "remote-log": "storage"}


_CONTROL_VALUES: Final = {
    ControlType.ABORT: "EndTxnMarker",
    ControlType.COMMIT: "EndTxnMarker",
    ControlType.LEADER_CHANGE: "LeaderChangeMessage",
    ControlType.SNAPSHOT_HEADER: "SnapshotHeaderRecord",
    ControlType.SNAPSHOT_FOOTER: "SnapshotFooterRecord",
    ControlType.KRAFT_VERSION: "KRaftVersionRecord",
    ControlType.KRAFT_VOTERS: "VotersRecord",
}
_MARKERS: Final = (ControlType.ABORT, ControlType.COMMIT)
_CURRENT_VERSION: Final = 0
"""``ControlRecordUtils.*_CURRENT_VERSION``: the version KRaft control bodies are read at."""


# --------------------------------------------------------------------------- metadata records


def _metadata_group(group: str) -> str:
    group = METADATA_TOPICS.get(group, group)
    if group not in _SOURCES:
        raise UnsupportedVersionError(f"no metadata records for {group!r}", actual=group,
                                      expected=tuple(METADATA_TOPICS))
    return group


def decode_metadata_record(value: bytes, *, group: str = "metadata",
                           part: str = "") -> Versioned:
    """Decode a metadata record value: its type, version and body.

    ``group`` is ``metadata`` (``__cluster_metadata``) or ``remote-log``
    (``__remote_log_metadata``); a topic name works too.
    """
    group = _metadata_group(group)
    path = join_path(part, "frame_version")
    frame, at = read_uvarint(value, 0, path)
    if frame != FRAME_VERSION:
        raise UnsupportedVersionError(f"unknown metadata frame version {frame}", path=path,
                                      offset=0, expected=FRAME_VERSION, actual=frame)
    type_at, path = at, join_path(part, "type")
    record_type, at = read_uvarint(value, at, path)
    try:
        msg = load_registry().metadata_record(record_type, group=group)
    except UnsupportedVersionError as exc:
        raise UnsupportedVersionError(exc.reason, path=path, offset=type_at,
                                      actual=record_type) from None
    version_at, path = at, join_path(part, "version")
    version, at = read_uvarint(value, at, path)
    check_version(msg, version, path=path, offset=version_at)
    body = parse_body(msg, version, value, at, part=part)
    return Versioned(msg.name, version, body, record_type, version)


def encode_metadata_record(name_or_type: int | str, version: int | None, body: Any, *,
                           group: str = "metadata", part: str = "") -> bytes:
    """Encode a metadata record value (``version`` None: the newest)."""
    try:
        group = _metadata_group(group)
        msg = schema_for("metadata", name_or_type, group=group)
        if msg.source != _SOURCES[group]:
            raise UnsupportedVersionError(f"{msg.name} is not a {group} record",
                                          actual=name_or_type)
    except UnsupportedVersionError as exc:
        raise encode_lookup(exc, join_path(part, "type")) from None
    if version is None:
        version = highest_version(msg)
    check_version(msg, version, path=join_path(part, "version"), error=EncodeError)
    if not isinstance(body, dict):
        raise EncodeError("a metadata record needs a dict", path=part,
                          actual=type(body).__name__)
    assert msg.api_key is not None  # metadata grammars always have key= (validated)
    head = b"".join(rt.uvarint_bytes(n) for n in (FRAME_VERSION, msg.api_key, version))
    return head + build_body(msg, version, body, part=part)


# --------------------------------------------------------------------------- control records


def control_schema(control_type: int) -> MessageDef:
    """The value grammar of a control type."""
    try:
        name = _CONTROL_VALUES[ControlType(control_type)]
    except ValueError:
        raise UnsupportedVersionError(f"unknown control record type {control_type}",
                                      actual=control_type) from None
    return load_registry().message(name)


def decode_control_key(key: bytes, *, part: str = "") -> Versioned:
    """Decode a control record key: ``record_type`` is the control type.

    As ``ControlRecordType.parse`` does, a key version newer than 0 is read as version 0.
    The type is not checked here (Kafka maps unknown types to ``UNKNOWN``).
    """
    msg = load_registry().message("ControlRecordTypeSchema")
    decoded = decode_prefixed(msg, key, part=part, forward=True)
    return Versioned(decoded.schema, decoded.version, decoded.value, decoded.value["type"],
                     decoded.read_as)


def encode_control_key(control_type: int, *, version: int = 0) -> bytes:
    """Encode a control record key."""
    msg = load_registry().message("ControlRecordTypeSchema")
    return encode_prefixed(msg, {"type": int(control_type)}, version)


def _check_type(control_type: Any, path: str) -> ControlType:
    if isinstance(control_type, bool) or not isinstance(control_type, int):
        raise UnsupportedVersionError("a control type is an int", path=path,
                                      actual=control_type)
    try:
        return ControlType(control_type)
    except ValueError:
        raise UnsupportedVersionError(f"unknown control record type {control_type}",
                                      path=path, actual=control_type) from None


def decode_control_value(control_type: int, value: bytes, *, version: int | None = None,
                         part: str = "") -> Versioned:
    """Decode a control record's value, given the type from its key.

    Transaction markers carry their version; KRaft control bodies are read at ``version``
    (default: the version Kafka writes, 0).
    """
    kind = _check_type(control_type, join_path(part, "type"))
    msg = control_schema(kind)
    if kind in _MARKERS:
        decoded = decode_prefixed(msg, value, part=part, forward=True)
        return Versioned(decoded.schema, decoded.version, decoded.value, int(kind),
                         decoded.read_as)
    at = _CURRENT_VERSION if version is None else version
    check_version(msg, at, path=join_path(part, "version"))
    return Versioned(msg.name, at, parse_body(msg, at, value, part=part), int(kind), at)


def encode_control_value(control_type: int, body: Any, *, version: int | None = None,
                         part: str = "") -> bytes:
    """Encode a control record value (the inverse of :func:`decode_control_value`)."""
    try:
        kind = _check_type(control_type, join_path(part, "type"))
    except UnsupportedVersionError as exc:
        raise encode_lookup(exc, exc.field_path) from None
    msg = control_schema(kind)
    if kind in _MARKERS:
        return encode_prefixed(msg, body, 0 if version is None else version, part=part)
    return build_body(msg, _CURRENT_VERSION if version is None else version, body, part=part)
