"""Coordinator records: ``__consumer_offsets``, ``__share_group_state``, ``__transaction_state``.

Group and share coordinators (``CoordinatorRecordSerde``, with the type tables of
``GroupCoordinatorRecordSerde`` and ``ShareCoordinatorRecordSerde``)::

    key   => record_type:INT16  key_body     (the key body is read at version 0)
    value => version:INT16      value_body   (a null value is a tombstone)

The transaction coordinator (``TransactionLog``, ``TransactionLogMessageFormatter``) uses
the same frame, but its key prefix is the version of ``TransactionLogKey`` (0, which is
also its record type)::

    key   => version:INT16  TransactionLogKey
    value => version:INT16  TransactionLogValue  (null: tombstone)

Record types 0 and 1 of the group coordinator are both offset commits. Kafka 4 maps type 0
to ``LegacyOffsetCommitKey``/``LegacyOffsetCommitValue`` (``CoordinatorRecordType``), whose
only value version 0 is byte-identical to ``OffsetCommitValue`` v0; older brokers and
``OffsetsMessageFormatter`` read any offset-commit value version after either key type. So a
type-0 value of version 0 decodes as ``LegacyOffsetCommitValue`` and one of versions 1-4 as
``OffsetCommitValue``.
"""

from __future__ import annotations

from typing import Any, Final

from kformat.errors import EncodeError, UnsupportedVersionError
from kformat.protocol.versioned import (
    Versioned,
    build_body,
    check_version,
    decode_prefixed,
    encode_lookup,
    encode_prefixed,
    highest_version,
    int16_prefix,
    join_path,
    parse_body,
    read_int16,
)
from kformat.spec.registry import load_registry
from kformat.spec.schema import MessageDef

__all__ = [
    "COORDINATOR_TOPICS",
    "LEGACY_OFFSET_COMMIT",
    "OFFSET_COMMIT",
    "decode_coordinator_key",
    "decode_coordinator_value",
    "encode_coordinator_key",
    "encode_coordinator_value",
    "key_schema",
    "record_type_of",
    "value_schema",
]

COORDINATOR_TOPICS: Final = {
    "__consumer_offsets": "group",
    "__share_group_state": "share",
    "__transaction_state": "transaction",
}
"""Topic name -> coordinator grammar group (``grammars/coordinator/<group>/``)."""

LEGACY_OFFSET_COMMIT: Final = 0
OFFSET_COMMIT: Final = 1


def _group(topic_or_group: str) -> str:
    group = COORDINATOR_TOPICS.get(topic_or_group, topic_or_group)
    if group not in COORDINATOR_TOPICS.values():
        raise UnsupportedVersionError(f"no coordinator records for {topic_or_group!r}",
                                      actual=topic_or_group,
                                      expected=tuple(COORDINATOR_TOPICS))
    return group


def key_schema(group: str, record_type: int) -> MessageDef:
    """The key grammar of a record type (``group``: a coordinator group or topic name)."""
    return load_registry().coordinator_key(_group(group), record_type)


def value_schema(group: str, record_type: int, version: int) -> MessageDef:
    """The value grammar of a record type at ``version`` (see the type-0 rule above)."""
    group = _group(group)
    registry = load_registry()
    msg = registry.coordinator_value(group, record_type)
    if group == "group" and record_type == LEGACY_OFFSET_COMMIT and version not in msg.valid:
        return registry.coordinator_value(group, OFFSET_COMMIT)
    return msg


def record_type_of(group: str, name_or_type: int | str) -> int:
    """A record type given as an int or as the name of its key or value grammar."""
    group = _group(group)
    if isinstance(name_or_type, str):
        msg = load_registry().message(name_or_type)
        if msg.source != f"coordinator/{group}" or msg.api_key is None:
            raise UnsupportedVersionError(f"{msg.name} is not a {group} coordinator record",
                                          actual=name_or_type)
        return msg.api_key
    if isinstance(name_or_type, bool) or not isinstance(name_or_type, int):
        raise UnsupportedVersionError("a record type is an int or a grammar name",
                                      actual=name_or_type)
    return name_or_type


# --------------------------------------------------------------------------- keys


def decode_coordinator_key(group: str, data: bytes, *, part: str = "") -> Versioned:
    """Decode a record key: ``record_type`` and the key body (``version`` is the body's)."""
    group = _group(group)
    if group == "transaction":
        return decode_prefixed(key_schema(group, 0), data, part=part, record_type=0)
    path = join_path(part, "type")
    record_type = read_int16(data, 0, path)
    try:
        msg = key_schema(group, record_type)
    except UnsupportedVersionError as exc:
        raise UnsupportedVersionError(exc.reason, path=path, offset=0,
                                      actual=record_type) from None
    return Versioned(msg.name, 0, parse_body(msg, 0, data, 2, part=part), record_type, 0)


def encode_coordinator_key(group: str, name_or_type: int | str, body: Any = None, *,
                           part: str = "") -> bytes:
    """Encode a record key from its record type (or grammar name) and body."""
    group = _group(group)
    try:
        record_type = record_type_of(group, name_or_type)
        msg = key_schema(group, record_type)
    except UnsupportedVersionError as exc:
        raise encode_lookup(exc, join_path(part, "type")) from None
    if group == "transaction":
        return encode_prefixed(msg, body, 0, part=part)
    return int16_prefix(record_type, join_path(part, "type")) + build_body(msg, 0, body, part=part)


# --------------------------------------------------------------------------- values


def decode_coordinator_value(group: str, record_type: int, data: bytes, *,
                             part: str = "") -> Versioned:
    """Decode a (non-null) record value of ``record_type``: version and body."""
    path = join_path(part, "version")
    version = read_int16(data, 0, path)
    try:
        msg = value_schema(group, record_type, version)
    except UnsupportedVersionError as exc:
        raise UnsupportedVersionError(exc.reason, path=join_path(part, "type"),
                                      actual=record_type) from None
    check_version(msg, version, path=path, offset=0)
    value = parse_body(msg, version, data, 2, part=part)
    return Versioned(msg.name, version, value, record_type, version)


def encode_coordinator_value(group: str, name_or_type: int | str, body: Any,
                             version: int | None = None, *, part: str = "") -> bytes:
    """Encode a record value; ``version`` defaults to the newest of the type's value grammar."""
    try:
        record_type = record_type_of(group, name_or_type)
        if version is None:
            version = highest_version(load_registry().coordinator_value(_group(group), record_type))
        msg = value_schema(group, record_type, version)
    except UnsupportedVersionError as exc:
        raise encode_lookup(exc, join_path(part, "type")) from None
    if not isinstance(body, dict):
        raise EncodeError("a record value needs a dict", path=part, actual=type(body).__name__)
    return encode_prefixed(msg, body, version, part=part)
