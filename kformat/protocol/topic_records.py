"""The runtime of :mod:`kformat.protocol.topics`: :class:`DecodedRecord`, :func:`decode_record`
and :func:`encode_record` over the coordinator and metadata-log codecs.

Import these from :mod:`kformat.protocol.topics`, where a type checker sees them typed by topic
and record type (``kformat/messages/topics.pyi``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Generic

from kformat.errors import EncodeError, InvalidValueError, UnsupportedVersionError
from kformat.primitives import CompiledGrammar, KStruct
from kformat.protocol.coordinator import (
    COORDINATOR_TOPICS,
    decode_coordinator_key,
    decode_coordinator_value,
    encode_coordinator_key,
    encode_coordinator_value,
    record_type_of,
)
from kformat.protocol.kraft import METADATA_TOPICS, decode_metadata_record, encode_metadata_record
from kformat.protocol.versioned import compiled_for, grammar_for

if TYPE_CHECKING:  # typing.TypeVar takes default= from Python 3.13 only
    from typing_extensions import TypeVar

    KeyT = TypeVar("KeyT", bound=Mapping[str, Any], default=dict[str, Any])
    ValueT = TypeVar("ValueT", bound=Mapping[str, Any], default=dict[str, Any])
else:
    from typing import TypeVar

    KeyT = TypeVar("KeyT")
    ValueT = TypeVar("ValueT")

__all__ = ["TOPICS", "DecodedRecord", "compiled_grammar", "decode_record", "encode_record",
           "grammar"]

TOPICS: Final = (*COORDINATOR_TOPICS, *METADATA_TOPICS)
"""The internal topics :func:`decode_record` knows."""


@dataclass(frozen=True)
class DecodedRecord(Generic[KeyT, ValueT]):
    """One decoded internal-topic record.

    ``key_type`` is the coordinator record type from the key (None for the metadata topics,
    whose key is null); ``value_type`` the metadata record type from the value frame, or the
    coordinator record type when there is a value. ``key_version``/``value_version`` are the
    versions the bodies were read at, ``key``/``value`` the bodies (``value`` None for a
    tombstone), ``key_schema``/``value_schema`` the grammar names. The type parameters are the
    key and value types (``dict[str, Any]`` unless the topic was a literal: the union of the
    topic's :mod:`kformat.messages` types).
    """

    topic: str
    key_type: int | None
    key_version: int | None
    key: KeyT | None
    value_type: int | None
    value_version: int | None
    value: ValueT | None
    key_schema: str | None = None
    value_schema: str | None = None

    @property
    def record_type(self) -> int | None:
        """The record type, from the key when there is one, else from the value."""
        return self.key_type if self.key_type is not None else self.value_type

    @property
    def is_tombstone(self) -> bool:
        return self.value is None

    def encode(self) -> tuple[bytes | None, bytes | None]:
        """The key and value bytes (see :func:`encode_record`)."""
        if self.record_type is None:
            raise EncodeError("a record without a type cannot be encoded")
        return encode_record(self.topic, self.record_type, self.key, self.value,
                             value_version=self.value_version)


def grammar(name_or_type: int | str, version: int, kind: str) -> KStruct:
    """``kformat.protocol.api.grammar``'s hook for the record kinds (see :func:`grammar_for`)."""
    return grammar_for(kind, name_or_type, version)


def compiled_grammar(name_or_type: int | str, version: int, kind: str) -> CompiledGrammar:
    """``kformat.protocol.api.compiled_grammar``'s hook (see :func:`compiled_for`)."""
    return compiled_for(kind, name_or_type, version)


def _check_topic(topic: str) -> None:
    if topic not in TOPICS:
        raise UnsupportedVersionError(f"no record schemas for topic {topic!r}", actual=topic,
                                      expected=TOPICS)


def decode_record(topic: str, key: bytes | None, value: bytes | None) -> DecodedRecord:
    """Decode the key and value of a record read from one of :data:`TOPICS`."""
    _check_topic(topic)
    if topic in METADATA_TOPICS:
        if key is not None:
            raise InvalidValueError(f"{topic} records have a null key", path="key",
                                    actual=len(key))
        if value is None:
            raise InvalidValueError(f"{topic} records have a value", path="value")
        decoded = decode_metadata_record(bytes(value), group=topic, part="value")
        return DecodedRecord(topic, None, None, None, decoded.record_type, decoded.version,
                             decoded.value, None, decoded.schema)
    if key is None:
        raise InvalidValueError(f"{topic} records have a key", path="key")
    k = decode_coordinator_key(topic, bytes(key), part="key")
    assert k.record_type is not None  # coordinator keys always carry their type
    if value is None:
        return DecodedRecord(topic, k.record_type, k.version, k.value, None, None, None,
                             k.schema, None)
    v = decode_coordinator_value(topic, k.record_type, bytes(value), part="value")
    return DecodedRecord(topic, k.record_type, k.version, k.value, v.record_type, v.version,
                         v.value, k.schema, v.schema)


def encode_record(topic: str, record_type: int | str, key: Mapping[str, Any] | None = None,
                  value: Mapping[str, Any] | None = None, *,
                  value_version: int | None = None) -> tuple[bytes | None, bytes | None]:
    """Encode a record of one of :data:`TOPICS`: returns ``(key_bytes, value_bytes)``.

    ``record_type`` is the record type or a key/value grammar name (``"OffsetCommitKey"``,
    ``"TopicRecord"``). For coordinator topics ``key`` is the key body and ``value=None``
    makes a tombstone; metadata topics take ``key=None`` and a value. ``value_version``
    defaults to the newest version of the value grammar.
    """
    try:
        _check_topic(topic)
    except UnsupportedVersionError as exc:
        raise EncodeError(exc.reason, actual=topic) from None
    if topic in METADATA_TOPICS:
        if key is not None:
            raise EncodeError(f"{topic} records have a null key", path="key")
        if value is None:
            raise EncodeError(f"{topic} records have no tombstones", path="value")
        return None, encode_metadata_record(record_type, value_version, value, group=topic,
                                            part="value")
    try:
        kind = record_type_of(topic, record_type)
    except UnsupportedVersionError as exc:
        raise EncodeError(exc.reason, path="key.type", actual=record_type) from None
    key_bytes = encode_coordinator_key(topic, kind, key, part="key")
    if value is None:
        return key_bytes, None
    return key_bytes, encode_coordinator_value(topic, kind, value, value_version,
                                               part="value")
