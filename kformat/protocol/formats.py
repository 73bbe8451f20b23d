"""Kafka's other versioned data formats: consumer protocol, Streams subscription info,
serialized principals and the producer-state snapshot file.

* Consumer protocol (``ConsumerProtocol``; the ``metadata`` of a JoinGroup protocol and the
  ``assignment`` of SyncGroup for protocol type ``consumer``)::

      Subscription => version:INT16 ConsumerProtocolSubscription   (versions 0-3)
      Assignment   => version:INT16 ConsumerProtocolAssignment     (versions 0-3)

  A newer version is read as version 3 and the bytes after it ignored, as Kafka does.
* Kafka Streams ``SubscriptionInfo`` (the consumer protocol's user data): no prefix; the
  body's first field ``version:INT32`` selects the version (1-11) the whole body is read at.
  For a newer version only ``version`` and ``latest_supported_version`` are read.
* ``DefaultKafkaPrincipalBuilder``: ``version:INT16 DefaultPrincipalData`` (version 0).
* Producer-state snapshot files (``ProducerStateManager``, ``*.snapshot``)::

      version:INT16 (1)  crc:UINT32  producer_entries:[ProducerEntry]

  ``crc`` is a CRC-32C of every byte after it (the array count included), checked before the
  entries are read and computed on build: ``ProducerSnapshot`` v1 with its ``crc`` field
  declared as a :class:`~kformat.records.blocks.CrcGuard`. This is the one declaration of
  the file; :mod:`kformat.segments.snapshot` reads it into dataclasses.
"""

from __future__ import annotations

import functools
from typing import Any, Final

from kformat.errors import EncodeError, GrammarError
from kformat.primitives import CompiledGrammar, Int16, KStruct, UInt32
from kformat.protocol.versioned import (
    Versioned,
    build_body,
    check_version,
    decode_prefixed,
    encode_prefixed,
    parse_body,
    read_int32,
)
from kformat.records.blocks import CrcGuard, Expected
from kformat.spec.compiler import body_grammar, default_body
from kformat.spec.registry import load_registry
from kformat.spec.schema import MessageDef

__all__ = [
    "PRODUCER_SNAPSHOT_VERSION",
    "build_producer_snapshot",
    "decode_consumer_assignment",
    "decode_consumer_subscription",
    "decode_principal",
    "decode_streams_subscription",
    "encode_consumer_assignment",
    "encode_consumer_subscription",
    "encode_principal",
    "encode_streams_subscription",
    "parse_producer_snapshot",
    "producer_snapshot_grammar",
]

PRODUCER_SNAPSHOT_VERSION: Final = 1


def _msg(name: str) -> MessageDef:
    return load_registry().message(name)


# --------------------------------------------------------------------------- consumer protocol


def decode_consumer_subscription(data: bytes) -> Versioned:
    """A ``ConsumerProtocolSubscription`` (JoinGroup protocol metadata)."""
    return decode_prefixed(_msg("ConsumerProtocolSubscription"), data, forward=True)


def encode_consumer_subscription(body: dict[str, Any], version: int = 3) -> bytes:
    """Encode a consumer subscription at ``version`` (0-3)."""
    return encode_prefixed(_msg("ConsumerProtocolSubscription"), body, version)


def decode_consumer_assignment(data: bytes) -> Versioned:
    """A ``ConsumerProtocolAssignment`` (SyncGroup assignment)."""
    return decode_prefixed(_msg("ConsumerProtocolAssignment"), data, forward=True)


def encode_consumer_assignment(body: dict[str, Any], version: int = 3) -> bytes:
    """Encode a consumer assignment at ``version`` (0-3)."""
    return encode_prefixed(_msg("ConsumerProtocolAssignment"), body, version)


# --------------------------------------------------------------------------- streams


def decode_streams_subscription(data: bytes) -> Versioned:
    """Kafka Streams ``SubscriptionInfoData`` (the subscription's user data)."""
    msg = _msg("SubscriptionInfoData")
    version = read_int32(data, 0, "version")
    highest = msg.valid.highest
    if highest is not None and version > highest:
        value = default_body(msg)
        value["version"] = version
        value["latest_supported_version"] = read_int32(data, 4, "latest_supported_version")
        return Versioned(msg.name, version, value, None, None)
    check_version(msg, version, offset=0)
    return Versioned(msg.name, version, parse_body(msg, version, data), None, version)


def encode_streams_subscription(body: dict[str, Any], version: int | None = None) -> bytes:
    """Encode ``SubscriptionInfoData`` at ``version`` (default: ``body["version"]``)."""
    if not isinstance(body, dict):
        raise EncodeError("SubscriptionInfoData needs a dict", actual=type(body).__name__)
    stated = body.get("version", version)
    if version is None:
        version = stated
    if stated != version:
        raise EncodeError("the version field differs from the version asked for",
                          path="version", expected=version, actual=stated)
    msg = _msg("SubscriptionInfoData")
    at = check_version(msg, version, error=EncodeError)  # None too: neither given nor stated
    return build_body(msg, at, {**body, "version": version})


# --------------------------------------------------------------------------- principals


def decode_principal(data: bytes) -> Versioned:
    """A ``DefaultPrincipalData`` serialized by ``DefaultKafkaPrincipalBuilder``."""
    return decode_prefixed(_msg("DefaultPrincipalData"), data)


def encode_principal(body: dict[str, Any], version: int = 0) -> bytes:
    """Encode a principal (``type``, ``name``, ``token_authenticated``)."""
    return encode_prefixed(_msg("DefaultPrincipalData"), body, version)


# --------------------------------------------------------------------------- producer snapshots


def _after_crc(body: KStruct) -> KStruct:
    """``body`` less its first field, which must be ``crc: UINT32`` (the CRC guard's own)."""
    crc, *rest = body.subcons
    if crc.name != "crc" or getattr(crc, "subcon", None) is not UInt32:
        raise GrammarError(f"ProducerSnapshot must start with crc: UINT32, not {crc!r}")
    return KStruct(*rest, defaults={k: v for k, v in body.defaults.items() if k != "crc"})


@functools.cache
def producer_snapshot_grammar(verify_crc: bool = True) -> KStruct:
    """The ``.snapshot`` file: ``version:INT16 (= 1)`` then ``ProducerSnapshot`` v1, whose
    ``crc`` covers every byte after it (never checked when ``verify_crc`` is False)."""
    body = body_grammar(_msg("ProducerSnapshot"), PRODUCER_SNAPSHOT_VERSION)
    return KStruct(
        "version" / Expected(Int16, PRODUCER_SNAPSHOT_VERSION, what="version"),
        CrcGuard(_after_crc(body), what="producer snapshot", verify=verify_crc),
    )


@functools.cache
def _snapshot(verify_crc: bool) -> CompiledGrammar:
    return CompiledGrammar(producer_snapshot_grammar(verify_crc), "producer snapshot",
                           native=True)


def parse_producer_snapshot(data: bytes, verify_crc: bool = True) -> Versioned:
    """Decode a producer-state snapshot file.

    The CRC is checked before the entries are decoded, so a damaged file raises
    :class:`~kformat.errors.CorruptRecordError` (``path="crc"``, ``offset=2``, ``expected``
    the stored CRC, ``actual`` the computed one) unless ``verify_crc`` is False.
    """
    value = _snapshot(verify_crc).parse(bytes(data))
    version = value.pop("version")
    return Versioned("ProducerSnapshot", version, value, None, version)


def build_producer_snapshot(body: dict[str, Any],
                            version: int = PRODUCER_SNAPSHOT_VERSION) -> bytes:
    """Encode a producer-state snapshot file; the CRC is computed (``body["crc"]`` ignored)."""
    if not isinstance(body, dict):
        raise EncodeError("a producer snapshot needs a dict", actual=type(body).__name__)
    return _snapshot(True).build({**body, "version": version})
