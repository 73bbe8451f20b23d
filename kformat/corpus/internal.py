"""Internal-topic record fixtures: every record schema at every version.

* ``__consumer_offsets`` (group, consumer, share and streams groups), ``__share_group_state``
  and ``__transaction_state``: one ``kafka.coordinator-record`` (key + value) per record type
  and value version, plus a tombstone (key, null value) per record type. Record type 0 is
  also written with ``OffsetCommitValue`` versions 1-4, as brokers before Kafka 4 did (see
  :mod:`kformat.protocol.coordinator`).
* ``__cluster_metadata`` (KRaft) and ``__remote_log_metadata``: one ``kafka.metadata-record``
  per record type and version.
* The data specs stored inside other structures: consumer-protocol subscription and
  assignment, Streams ``SubscriptionInfoData``, principals, producer-state snapshots,
  control-record keys and values (transaction markers and the KRaft control records), and
  the bare ``AbortedTxn`` / ``QuorumStateData`` bodies.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from kformat.corpus.fixture import Fixture
from kformat.corpus.peers import NO_PEER_INTERNAL, data_peer
from kformat.corpus.values import PROFILES, message_value, profiles_for, stable_rng
from kformat.protocol.coordinator import COORDINATOR_TOPICS, LEGACY_OFFSET_COMMIT, OFFSET_COMMIT
from kformat.protocol.formats import (
    build_producer_snapshot,
    encode_consumer_assignment,
    encode_consumer_subscription,
    encode_principal,
    encode_streams_subscription,
)
from kformat.protocol.kraft import (
    METADATA_TOPICS,
    ControlType,
    encode_control_key,
    encode_control_value,
    encode_metadata_record,
)
from kformat.protocol.topics import encode_record
from kformat.spec.registry import load_registry
from kformat.spec.schema import MessageDef

__all__ = ["DATA_FORMATS", "coordinator_fixtures", "data_fixtures", "metadata_fixtures"]

_SLUG: Final = {"__consumer_offsets": "consumer-offsets",
                "__share_group_state": "share-group-state",
                "__transaction_state": "transaction-state",
                "__cluster_metadata": "cluster-metadata",
                "__remote_log_metadata": "remote-log-metadata"}

DATA_FORMATS: Final = {
    "ConsumerProtocolSubscription": "kafka.consumer-protocol-subscription",
    "ConsumerProtocolAssignment": "kafka.consumer-protocol-assignment",
    "SubscriptionInfoData": "kafka.streams-subscription-info",
    "DefaultPrincipalData": "kafka.principal",
    "ProducerSnapshot": "kafka.producer-snapshot",
    "ControlRecordTypeSchema": "kafka.control-record-key",
    "EndTxnMarker": "kafka.control-record-value",
    "LeaderChangeMessage": "kafka.control-record-value",
    "SnapshotHeaderRecord": "kafka.control-record-value",
    "SnapshotFooterRecord": "kafka.control-record-value",
    "KRaftVersionRecord": "kafka.control-record-value",
    "VotersRecord": "kafka.control-record-value",
    "AbortedTxn": "kafka.data",
    "QuorumStateData": "kafka.data",
}
"""Data spec -> the format id its fixtures use."""

_CONTROL_TYPES: Final = {
    "LeaderChangeMessage": (ControlType.LEADER_CHANGE,),
    "SnapshotHeaderRecord": (ControlType.SNAPSHOT_HEADER,),
    "SnapshotFooterRecord": (ControlType.SNAPSHOT_FOOTER,),
    "KRaftVersionRecord": (ControlType.KRAFT_VERSION,),
    "VotersRecord": (ControlType.KRAFT_VOTERS,),
    "EndTxnMarker": (ControlType.ABORT, ControlType.COMMIT),
}


def _versions(msg: MessageDef) -> Iterator[int]:
    yield from msg.valid


# --------------------------------------------------------------------------- coordinators


def coordinator_fixtures(seed: int = 0, profiles: tuple[str, ...] = PROFILES
                         ) -> Iterator[Fixture]:
    """Every coordinator record type x value version x profile, and a tombstone per type."""
    registry = load_registry()
    for topic, group in COORDINATOR_TOPICS.items():
        slug = _SLUG[topic]
        for key_msg in registry.by_kind("coordinator-key"):
            if key_msg.source != f"coordinator/{group}":
                continue
            record_type = key_msg.api_key
            assert record_type is not None
            value_msg = registry.coordinator_value(group, record_type)
            versions = [(value_msg, v) for v in _versions(value_msg)]
            if group == "group" and record_type == LEGACY_OFFSET_COMMIT:
                newer = registry.coordinator_value(group, OFFSET_COMMIT)
                versions += [(newer, v) for v in _versions(newer) if v not in value_msg.valid]
            for msg, version in versions:
                for profile in profiles_for(msg, version, profiles):
                    key = message_value(key_msg, 0, profile, seed)
                    value = message_value(msg, version, profile, seed)
                    key_bytes, value_bytes = encode_record(topic, record_type, key, value,
                                                           value_version=version)
                    name = msg.name if msg is value_msg else f"{key_msg.name}-{msg.name}"
                    yield Fixture(
                        id=f"internal/{slug}/{name}-v{version}-{profile}",
                        format="kafka.coordinator-record", section="internal",
                        files={"key": key_bytes, "value": value_bytes},
                        meta={"topic": topic, "record_type": record_type,
                              "schema": msg.name, "key_schema": key_msg.name,
                              "version": version, "profile": profile},
                        peer=None, peer_reason=NO_PEER_INTERNAL)
            if "typical" in profiles:
                key = message_value(key_msg, 0, "typical", seed)
                key_bytes, _ = encode_record(topic, record_type, key, None)
                yield Fixture(
                    id=f"internal/{slug}/{key_msg.name}-tombstone",
                    format="kafka.coordinator-record", section="internal",
                    files={"key": key_bytes, "value": None},
                    meta={"topic": topic, "record_type": record_type,
                          "key_schema": key_msg.name, "profile": "typical",
                          "tombstone": True},
                    peer=None, peer_reason=NO_PEER_INTERNAL)


# --------------------------------------------------------------------------- metadata logs


def metadata_fixtures(seed: int = 0, profiles: tuple[str, ...] = PROFILES
                      ) -> Iterator[Fixture]:
    """Every ``__cluster_metadata`` and ``__remote_log_metadata`` record type x version."""
    registry = load_registry()
    sources = {"metadata": "__cluster_metadata", "storage": "__remote_log_metadata"}
    assert set(sources.values()) == set(METADATA_TOPICS)
    for msg in registry.by_kind("metadata"):
        topic = sources[msg.source]
        for version in _versions(msg):
            for profile in profiles_for(msg, version, profiles):
                body = message_value(msg, version, profile, seed)
                data = encode_metadata_record(msg.name, version, body, group=topic)
                yield Fixture(
                    id=f"internal/{_SLUG[topic]}/{msg.name}-v{version}-{profile}",
                    format="kafka.metadata-record", section="internal", files={"data": data},
                    meta={"topic": topic, "record_type": msg.api_key, "schema": msg.name,
                          "version": version, "profile": profile},
                    peer=None, peer_reason=NO_PEER_INTERNAL)


# --------------------------------------------------------------------------- data specs


def _data_bytes(msg: MessageDef, version: int, body: dict[str, Any],
                control_type: int | None) -> bytes:
    from kformat.protocol.versioned import build_body

    name = msg.name
    if name == "ConsumerProtocolSubscription":
        return encode_consumer_subscription(body, version)
    if name == "ConsumerProtocolAssignment":
        return encode_consumer_assignment(body, version)
    if name == "SubscriptionInfoData":
        return encode_streams_subscription(body, version)
    if name == "DefaultPrincipalData":
        return encode_principal(body, version)
    if name == "ProducerSnapshot":
        return build_producer_snapshot(body, version)
    if name == "ControlRecordTypeSchema":
        return encode_control_key(body["type"], version=version)
    if control_type is not None:
        return encode_control_value(control_type, body, version=version)
    return build_body(msg, version, body)


def data_fixtures(seed: int = 0, profiles: tuple[str, ...] = PROFILES) -> Iterator[Fixture]:
    """Every data spec (consumer protocol, control records, snapshots...) x version."""
    registry = load_registry()
    for name, format_id in DATA_FORMATS.items():
        msg = registry.message(name)
        for version in _versions(msg):
            for profile in profiles_for(msg, version, profiles):
                rng = stable_rng(seed, name, version, profile, "overrides")
                overrides: dict[str, Any] = {}
                if name == "SubscriptionInfoData":
                    overrides["version"] = version
                elif name == "ControlRecordTypeSchema":
                    overrides["type"] = int(rng.choice(list(ControlType)))
                body = message_value(msg, version, profile, seed, overrides=overrides)
                for control_type in _CONTROL_TYPES.get(name, (None,)):
                    data = _data_bytes(msg, version, body, control_type)
                    meta: dict[str, Any] = {"schema": name, "version": version,
                                            "profile": profile}
                    suffix = ""
                    if control_type is not None:
                        meta["control_type"] = int(control_type)
                        if name == "EndTxnMarker":
                            suffix = f"-{control_type.name.lower()}"
                    peer, reason = data_peer(name, version, profile)
                    yield Fixture(id=f"internal/data/{name}{suffix}-v{version}-{profile}",
                                  format=format_id, section="internal", files={"data": data},
                                  meta=meta, peer=peer, peer_reason=reason)
