"""Internal-topic records and Kafka's other versioned data formats (kformat.protocol.topics).

Golden vectors are assembled by hand with ``struct.pack`` from the layouts of Kafka's serdes
(``CoordinatorRecordSerde``, ``TransactionLog``, ``AbstractApiMessageSerde``,
``ControlRecordUtils``, ``ConsumerProtocol``, ``ProducerStateManager``), so they do not
depend on the grammars they check. A registry-wide test round-trips every metadata record,
coordinator key/value and data spec version with default and non-default bodies, and kio
cross-checks the bodies it knows.
"""

from __future__ import annotations

import dataclasses
import io
import struct
import uuid
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kformat.errors import (
    CorruptRecordError,
    DecodeError,
    EncodeError,
    InvalidValueError,
    KFormatError,
    TruncatedError,
    UnsupportedVersionError,
)
from kformat.protocol.topics import (
    TOPICS,
    ControlType,
    DecodedRecord,
    build_producer_snapshot,
    compiled_for,
    decode_consumer_assignment,
    decode_consumer_subscription,
    decode_control_key,
    decode_control_value,
    decode_coordinator_key,
    decode_coordinator_value,
    decode_metadata_record,
    decode_principal,
    decode_record,
    decode_streams_subscription,
    encode_consumer_assignment,
    encode_consumer_subscription,
    encode_control_key,
    encode_control_value,
    encode_coordinator_key,
    encode_coordinator_value,
    encode_metadata_record,
    encode_principal,
    encode_record,
    encode_streams_subscription,
    grammar_for,
    parse_producer_snapshot,
)
from kformat.spec.compiler import default_body, field_default
from kformat.spec.registry import load_registry
from kformat.spec.schema import INT_RANGES, FieldDef, MessageDef
from tests.helpers import assert_same, assert_symmetric

REGISTRY = load_registry()
U1 = uuid.UUID("01234567-89ab-cdef-0123-456789abcdef")
U2 = uuid.UUID("fedcba98-7654-3210-fedc-ba9876543210")


# --------------------------------------------------------------------------- wire helpers


def i8(n: int) -> bytes:
    return struct.pack(">b", n)


def i16(n: int) -> bytes:
    return struct.pack(">h", n)


def i32(n: int) -> bytes:
    return struct.pack(">i", n)


def i64(n: int) -> bytes:
    return struct.pack(">q", n)


def uv(n: int) -> bytes:
    out = bytearray()
    while n > 0x7F:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def s16(text: str | None) -> bytes:
    """STRING / NULLABLE_STRING."""
    if text is None:
        return i16(-1)
    raw = text.encode()
    return i16(len(raw)) + raw


def cs(text: str | None) -> bytes:
    """COMPACT_(NULLABLE_)STRING."""
    if text is None:
        return uv(0)
    raw = text.encode()
    return uv(len(raw) + 1) + raw


def b32(raw: bytes | None) -> bytes:
    """(NULLABLE_)BYTES."""
    return i32(-1) if raw is None else i32(len(raw)) + raw


def arr(items: list[bytes]) -> bytes:
    return i32(len(items)) + b"".join(items)


def carr(items: list[bytes] | None) -> bytes:
    return uv(0) if items is None else uv(len(items) + 1) + b"".join(items)


def tags(*fields: tuple[int, bytes]) -> bytes:
    return uv(len(fields)) + b"".join(uv(t) + uv(len(d)) + d for t, d in fields)


def crc32c_reference(data: bytes) -> int:
    """Bitwise CRC-32C (Castagnoli, reflected 0x82F63B78): independent of kformat's."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


# --------------------------------------------------------------------------- golden records

OFFSET_KEY = i16(1) + s16("grp") + s16("orders") + i32(7)
OFFSET_KEY_BODY = {"group": "grp", "topic": "orders", "partition": 7}
OFFSET_V3 = i16(3) + i64(1234) + i32(5) + s16("meta") + i64(1_700_000_000_000)
OFFSET_V3_BODY = {"offset": 1234, "leader_epoch": 5, "metadata": "meta",
                  "commit_timestamp": 1_700_000_000_000, "expire_timestamp": -1,
                  "topic_id": uuid.UUID(int=0)}
OFFSET_V4 = (i16(4) + i64(1234) + i32(5) + cs("meta") + i64(1_700_000_000_000)
             + tags((0, U1.bytes)))
OFFSET_V4_BODY = {**OFFSET_V3_BODY, "topic_id": U1}

SUBSCRIPTION_V3 = (i16(3) + arr([s16("orders"), s16("payments")]) + b32(b"\x01\x02")
                   + arr([s16("orders") + arr([i32(0), i32(2)])]) + i32(9) + s16("rack-a"))
SUBSCRIPTION_V3_BODY = {"topics": ["orders", "payments"], "user_data": b"\x01\x02",
                        "owned_partitions": [{"topic": "orders", "partitions": [0, 2]}],
                        "generation_id": 9, "rack_id": "rack-a"}
ASSIGNMENT_V0 = i16(0) + arr([s16("orders") + arr([i32(1)])]) + b32(None)

GROUP_KEY = i16(2) + s16("grp")
GROUP_V3 = (i16(3) + s16("consumer") + i32(4) + s16("range") + s16("m-1") + i64(99)
            + arr([s16("m-1") + s16(None) + s16("client") + s16("/10.0.0.1") + i32(300_000)
                   + i32(45_000) + b32(SUBSCRIPTION_V3) + b32(ASSIGNMENT_V0)]))
GROUP_V3_BODY = {
    "protocol_type": "consumer", "generation": 4, "protocol": "range", "leader": "m-1",
    "current_state_timestamp": 99,
    "members": [{"member_id": "m-1", "group_instance_id": None, "client_id": "client",
                 "client_host": "/10.0.0.1", "rebalance_timeout": 300_000,
                 "session_timeout": 45_000, "subscription": SUBSCRIPTION_V3,
                 "assignment": ASSIGNMENT_V0}],
}

TXN_KEY = i16(0) + s16("txn-1")
TXN_V1 = (i16(1) + i64(5000) + i16(3) + i32(60_000) + i8(2)
          + carr([cs("orders") + carr([i32(0), i32(1)]) + tags()])
          + i64(1_700_000_000_001) + i64(1_700_000_000_000)
          + tags((0, i64(4999)), (2, i16(2))))
TXN_V1_BODY = {
    "producer_id": 5000, "previous_producer_id": 4999, "next_producer_id": -1,
    "producer_epoch": 3, "next_producer_epoch": -1, "transaction_timeout_ms": 60_000,
    "transaction_status": 2,
    "transaction_partitions": [{"topic": "orders", "partition_ids": [0, 1]}],
    "transaction_last_update_timestamp_ms": 1_700_000_000_001,
    "transaction_start_timestamp_ms": 1_700_000_000_000, "client_transaction_version": 2,
}

TOPIC_RECORD = uv(1) + uv(2) + uv(0) + cs("orders") + U1.bytes + tags()
TOPIC_RECORD_BODY = {"name": "orders", "topic_id": U1}
PARTITION_RECORD = (uv(1) + uv(3) + uv(0) + i32(4) + U1.bytes + carr([i32(1), i32(2)])
                    + carr([i32(1)]) + carr([]) + carr([i32(3)]) + i32(1) + i32(7) + i32(8)
                    + tags((0, i8(1))))
PARTITION_RECORD_BODY = {
    "partition_id": 4, "topic_id": U1, "replicas": [1, 2], "isr": [1],
    "removing_replicas": [], "adding_replicas": [3], "leader": 1, "leader_recovery_state": 1,
    "leader_epoch": 7, "partition_epoch": 8, "directories": [],
    "eligible_leader_replicas": None, "last_known_elr": None,
}
REGISTER_BROKER_V3 = (
    uv(1) + uv(0) + uv(3) + i32(2) + b"\x00" + U2.bytes + i64(42)
    + carr([cs("PLAINTEXT") + cs("broker-2") + struct.pack(">H", 9092) + i16(0) + tags()])
    + carr([cs("metadata.version") + i16(1) + i16(25) + tags()])
    + cs(None) + b"\x01" + b"\x00" + tags((0, carr([U1.bytes])))
)
REGISTER_BROKER_V3_BODY = {
    "broker_id": 2, "is_migrating_zk_broker": False, "incarnation_id": U2, "broker_epoch": 42,
    "end_points": [{"name": "PLAINTEXT", "host": "broker-2", "port": 9092,
                    "security_protocol": 0}],
    "features": [{"name": "metadata.version", "min_supported_version": 1,
                  "max_supported_version": 25}],
    "rack": None, "fenced": True, "in_controlled_shutdown": False, "log_dirs": [U1],
    "cordoned_log_dirs": None,
}
REMOTE_DELETE = (uv(1) + uv(2) + uv(0) + cs("orders") + U1.bytes + i32(3) + tags() + i32(1)
                 + i64(77) + i8(2) + tags())
REMOTE_DELETE_BODY = {"topic_id_partition": {"name": "orders", "id": U1, "partition": 3},
                      "broker_id": 1, "event_timestamp_ms": 77,
                      "remote_partition_delete_state": 2}

LEADER_CHANGE_KEY = i16(0) + i16(2)
LEADER_CHANGE_V0 = (i16(0) + i32(1) + carr([i32(1) + tags(), i32(2) + tags()])
                    + carr([i32(1) + tags()]) + tags())
LEADER_CHANGE_V0_BODY = {"version": 0, "leader_id": 1,
                         "voters": [{"voter_id": 1, "voter_directory_id": uuid.UUID(int=0)},
                                    {"voter_id": 2, "voter_directory_id": uuid.UUID(int=0)}],
                         "granting_voters": [{"voter_id": 1,
                                              "voter_directory_id": uuid.UUID(int=0)}]}

ENTRY_1 = struct.pack(">qhiqiqiq", 1, 2, 1, 2, 3, -1, 3, 100)
ENTRY_11 = struct.pack(">qhiqiqiq", 11, 12, -1, -1, 0, 123456, 13, -1)
SNAPSHOT_ENTRIES = i32(2) + ENTRY_1 + ENTRY_11
PRODUCER_SNAPSHOT = i16(1) + struct.pack(">I", crc32c_reference(SNAPSHOT_ENTRIES)) + SNAPSHOT_ENTRIES
SNAPSHOT_BODY = {
    "crc": crc32c_reference(SNAPSHOT_ENTRIES),
    "producer_entries": [
        {"producer_id": 1, "epoch": 2, "last_sequence": 1, "last_offset": 2, "offset_delta": 3,
         "timestamp": -1, "coordinator_epoch": 3, "current_txn_first_offset": 100},
        {"producer_id": 11, "epoch": 12, "last_sequence": -1, "last_offset": -1,
         "offset_delta": 0, "timestamp": 123456, "coordinator_epoch": 13,
         "current_txn_first_offset": -1},
    ],
}


def test_offset_commit_v3_and_v4() -> None:
    for value, body, version in ((OFFSET_V3, OFFSET_V3_BODY, 3), (OFFSET_V4, OFFSET_V4_BODY, 4)):
        record = decode_record("__consumer_offsets", OFFSET_KEY, value)
        assert record == DecodedRecord("__consumer_offsets", 1, 0, OFFSET_KEY_BODY, 1, version,
                                       body, "OffsetCommitKey", "OffsetCommitValue")
        assert_same(record.value, body)
        assert encode_record("__consumer_offsets", "OffsetCommitKey", OFFSET_KEY_BODY, body,
                             value_version=version) == (OFFSET_KEY, value)
        assert record.encode() == (OFFSET_KEY, value)


def test_offset_commit_tombstone() -> None:
    record = decode_record("__consumer_offsets", OFFSET_KEY, None)
    assert record.is_tombstone and record.value_schema is None and record.record_type == 1
    assert encode_record("__consumer_offsets", 1, OFFSET_KEY_BODY) == (OFFSET_KEY, None)


def test_legacy_offset_commit_key_type_0() -> None:
    """Type 0 is LegacyOffsetCommit in Kafka 4; values newer than v0 read as OffsetCommitValue."""
    key = i16(0) + OFFSET_KEY[2:]
    v0 = i16(0) + i64(1234) + s16("meta") + i64(99)
    record = decode_record("__consumer_offsets", key, v0)
    assert (record.key_schema, record.value_schema) == ("LegacyOffsetCommitKey",
                                                        "LegacyOffsetCommitValue")
    assert record.value == {"offset": 1234, "metadata": "meta", "commit_timestamp": 99}
    v1 = i16(1) + i64(1234) + s16("meta") + i64(99) + i64(199)
    record = decode_record("__consumer_offsets", key, v1)
    assert (record.key_type, record.value_version, record.value_schema) == (0, 1,
                                                                           "OffsetCommitValue")
    assert record.value["expire_timestamp"] == 199
    assert record.encode() == (key, v1)
    assert encode_record("__consumer_offsets", 0, record.key, {"offset": 1}) == (
        key, i16(0) + i64(1) + s16("") + i64(0))


def test_group_metadata_value_v3() -> None:
    record = decode_record("__consumer_offsets", GROUP_KEY, GROUP_V3)
    assert (record.key_type, record.key, record.value_schema) == (2, {"group": "grp"},
                                                                  "GroupMetadataValue")
    assert_same(record.value, GROUP_V3_BODY)
    assert record.encode() == (GROUP_KEY, GROUP_V3)
    member = record.value["members"][0]
    assert decode_consumer_subscription(member["subscription"]).value == SUBSCRIPTION_V3_BODY
    assignment = decode_consumer_assignment(member["assignment"])
    assert (assignment.version, assignment.value) == (0, {
        "assigned_partitions": [{"topic": "orders", "partitions": [1]}], "user_data": None})


def test_transaction_log_value_v1_with_tagged_fields() -> None:
    record = decode_record("__transaction_state", TXN_KEY, TXN_V1)
    assert (record.key_type, record.key_version, record.key) == (0, 0, {"transactional_id": "txn-1"})
    assert (record.value_version, record.value_schema) == (1, "TransactionLogValue")
    assert_same(record.value, TXN_V1_BODY)
    assert encode_record("__transaction_state", "TransactionLogKey",
                         {"transactional_id": "txn-1"}, TXN_V1_BODY) == (TXN_KEY, TXN_V1)


def test_share_group_state_records() -> None:
    key = i16(1) + s16("share") + U1.bytes + i32(0)
    value = (i16(0) + i32(1) + i32(2) + i64(30) + carr([i64(30) + i64(39) + i8(0) + i16(1)
                                                        + tags()]) + tags((0, i32(10))))
    record = decode_record("__share_group_state", key, value)
    assert (record.key_schema, record.value_schema) == ("ShareUpdateKey", "ShareUpdateValue")
    assert record.key == {"group_id": "share", "topic_id": U1, "partition": 0}
    assert record.value == {"snapshot_epoch": 1, "leader_epoch": 2, "start_offset": 30,
                            "delivery_complete_count": 10,
                            "state_batches": [{"first_offset": 30, "last_offset": 39,
                                               "delivery_state": 0, "delivery_count": 1}]}
    assert record.encode() == (key, value)


def test_kraft_topic_and_partition_records() -> None:
    for value, type_, name, body in (
        (TOPIC_RECORD, 2, "TopicRecord", TOPIC_RECORD_BODY),
        (PARTITION_RECORD, 3, "PartitionRecord", PARTITION_RECORD_BODY),
        (REGISTER_BROKER_V3, 0, "RegisterBrokerRecord", REGISTER_BROKER_V3_BODY),
    ):
        record = decode_record("__cluster_metadata", None, value)
        assert (record.key, record.value_type, record.value_schema) == (None, type_, name)
        assert_same(record.value, body)
        assert encode_record("__cluster_metadata", name, None, body,
                             value_version=record.value_version) == (None, value)
        decoded = decode_metadata_record(value)
        assert (decoded.schema, decoded.record_type, decoded.value) == (name, type_, body)
        assert encode_metadata_record(type_, decoded.version, body) == value
    assert decode_metadata_record(REGISTER_BROKER_V3).version == 3


def test_remote_log_metadata_record() -> None:
    record = decode_record("__remote_log_metadata", None, REMOTE_DELETE)
    assert (record.value_type, record.value_schema) == (2, "RemotePartitionDeleteMetadataRecord")
    assert record.value == REMOTE_DELETE_BODY
    assert record.encode() == (None, REMOTE_DELETE)
    # type 2 means TopicRecord in the other id space
    assert decode_metadata_record(REMOTE_DELETE[:3] + TOPIC_RECORD[3:]).schema == "TopicRecord"


def test_leader_change_control_record() -> None:
    """KRaft control values carry no version prefix (ControlRecordUtils reads version 0)."""
    key = decode_control_key(LEADER_CHANGE_KEY)
    assert (key.version, key.record_type) == (0, ControlType.LEADER_CHANGE)
    assert encode_control_key(ControlType.LEADER_CHANGE) == LEADER_CHANGE_KEY
    value = decode_control_value(key.record_type, LEADER_CHANGE_V0)
    assert (value.schema, value.version) == ("LeaderChangeMessage", 0)
    assert value.value == LEADER_CHANGE_V0_BODY
    assert encode_control_value(2, LEADER_CHANGE_V0_BODY) == LEADER_CHANGE_V0


def test_end_txn_marker_and_snapshot_control_values() -> None:
    marker = decode_control_value(ControlType.COMMIT, i16(0) + i32(42))
    assert (marker.schema, marker.version, marker.value) == ("EndTxnMarker", 0,
                                                             {"coordinator_epoch": 42})
    assert encode_control_value(0, {"coordinator_epoch": 42}) == i16(0) + i32(42)
    newer = decode_control_value(0, i16(1) + i32(42) + b"more")  # EndTransactionMarker
    assert (newer.version, newer.read_as, newer.value) == (1, 0, {"coordinator_epoch": 42})
    header = decode_control_value(3, i16(0) + i64(1_700_000_000_000) + tags())
    assert header.value == {"version": 0, "last_contained_log_timestamp": 1_700_000_000_000}
    assert decode_control_value(4, i16(0) + tags()).value == {"version": 0}
    assert decode_control_value(5, i16(0) + i16(1) + tags()).value == {"version": 0,
                                                                       "kraft_version": 1}


def test_consumer_subscription_v3() -> None:
    decoded = decode_consumer_subscription(SUBSCRIPTION_V3)
    assert (decoded.schema, decoded.version, decoded.read_as) == (
        "ConsumerProtocolSubscription", 3, 3)
    assert decoded.value == SUBSCRIPTION_V3_BODY
    assert encode_consumer_subscription(SUBSCRIPTION_V3_BODY) == SUBSCRIPTION_V3
    v0 = encode_consumer_subscription({"topics": ["a"]}, version=0)
    assert v0 == i16(0) + arr([s16("a")]) + b32(None)
    assert encode_consumer_assignment(decode_consumer_assignment(ASSIGNMENT_V0).value,
                                      version=0) == ASSIGNMENT_V0


def test_consumer_protocol_newer_version_reads_as_newest() -> None:
    """ConsumerProtocol.checkSubscriptionVersion: v4+ is read as v3, trailing bytes ignored."""
    decoded = decode_consumer_subscription(i16(7) + SUBSCRIPTION_V3[2:] + b"future")
    assert (decoded.version, decoded.read_as, decoded.value) == (7, 3, SUBSCRIPTION_V3_BODY)
    assignment = decode_consumer_assignment(i16(4) + ASSIGNMENT_V0[2:] + b"\x00")
    assert (assignment.version, assignment.read_as) == (4, 3)


def test_producer_snapshot_file() -> None:
    decoded = parse_producer_snapshot(PRODUCER_SNAPSHOT)
    assert (decoded.schema, decoded.version) == ("ProducerSnapshot", 1)
    assert decoded.value == SNAPSHOT_BODY
    assert build_producer_snapshot(SNAPSHOT_BODY) == PRODUCER_SNAPSHOT
    assert build_producer_snapshot({**SNAPSHOT_BODY, "crc": 0}) == PRODUCER_SNAPSHOT
    empty = build_producer_snapshot({"producer_entries": []})
    assert empty == i16(1) + struct.pack(">I", crc32c_reference(i32(0))) + i32(0)


def test_producer_snapshot_crc_mismatch() -> None:
    damaged = bytearray(PRODUCER_SNAPSHOT)
    damaged[-1] ^= 0x01
    with pytest.raises(CorruptRecordError) as info:
        parse_producer_snapshot(bytes(damaged))
    stored = crc32c_reference(SNAPSHOT_ENTRIES)
    err = info.value
    assert type(err) is CorruptRecordError
    assert (err.path, err.offset, err.expected) == ("crc", 2, stored)
    assert err.actual == crc32c_reference(bytes(damaged[6:]))
    decoded = parse_producer_snapshot(bytes(damaged), verify_crc=False)
    assert decoded.value["producer_entries"][1]["current_txn_first_offset"] == -2


def test_principal_and_streams_subscription() -> None:
    principal = i16(0) + cs("User") + cs("alice") + b"\x01" + tags()
    decoded = decode_principal(principal)
    assert decoded.value == {"type": "User", "name": "alice", "token_authenticated": True}
    assert encode_principal(decoded.value) == principal
    info = (i32(7) + i32(11) + U1.bytes + b32(b"host:80")
            + arr([i32(0) + arr([i32(1) + i64(500)])]))
    streams = decode_streams_subscription(info)
    assert (streams.version, streams.value["latest_supported_version"]) == (7, 11)
    assert streams.value["task_offset_sums"] == [
        {"topic_group_id": 0, "partition": 0, "offset_sum": 0, "named_topology": "",
         "partition_to_offset_sum": [{"partition": 1, "offset_sum": 500}]}]
    assert encode_streams_subscription(streams.value) == info
    future = decode_streams_subscription(i32(12) + i32(12) + b"unknown layout")
    assert (future.version, future.read_as, future.value["latest_supported_version"]) == (
        12, None, 12)


# --------------------------------------------------------------------------- registry-wide

_INT_KINDS = frozenset(INT_RANGES)


def _scalar(base: str, default: Any, salt: int) -> Any:
    if base in _INT_KINDS:
        lo, hi = INT_RANGES[base]
        value = (default if isinstance(default, int) else 0) + salt
        return value if value <= hi else max(lo, hi - salt)
    return {
        "bool": lambda: not default,
        "float64": lambda: 2.5,
        "string": lambda: f"s{salt}",
        "bytes": lambda: bytes([salt, 0xFF]),
        "uuid": lambda: uuid.UUID(int=0x1000 + salt),
    }[base]()


def _sample_field(msg: MessageDef, f: FieldDef, version: int, salt: int) -> Any:
    if f.type.is_struct:
        element = sample_body(msg, msg.children(f), version, salt + 1)
        return [element] if f.type.is_array else element
    item = _scalar(f.type.base, None if f.type.is_array else f.default, salt)
    return [item] if f.type.is_array else item


def sample_body(msg: MessageDef, fields: tuple[FieldDef, ...], version: int,
                salt: int = 1) -> dict[str, Any]:
    """A body where every field present at ``version`` holds a non-default value."""
    out: dict[str, Any] = {}
    for i, f in enumerate(fields):
        if version in f.versions:
            out[f.py_name] = _sample_field(msg, f, version, salt + i)
    for f in fields:
        out.setdefault(f.py_name, field_default(msg, f))
    return out


def _cases() -> list[Any]:
    cases = []
    for kind in ("metadata", "coordinator-key", "coordinator-value", "data"):
        for msg in REGISTRY.by_kind(kind):
            for version in msg.valid:
                cases.append(pytest.param(kind, msg.name, version,
                                          id=f"{msg.name}-v{version}"))
    return cases


def _group(msg: MessageDef) -> str:
    return {"metadata": "metadata", "storage": "remote-log"}.get(
        msg.source, msg.source.removeprefix("coordinator/"))


@pytest.mark.parametrize(("kind", "name", "version"), _cases())
def test_every_record_version_round_trips(kind: str, name: str, version: int) -> None:
    msg = REGISTRY.message(name)
    grammar = grammar_for(kind, name, version)
    assert compiled_for(kind, name, version).grammar is grammar
    for body in (default_body(msg), sample_body(msg, msg.fields, version)):
        data = compiled_for(kind, name, version).build(body)
        assert_symmetric(grammar, data, body)
        if kind == "metadata":
            group = _group(msg)
            framed = encode_metadata_record(name, version, body, group=group)
            assert framed == uv(1) + uv(msg.api_key or 0) + uv(version) + data
            decoded = decode_metadata_record(framed, group=group)
            assert (decoded.schema, decoded.version, decoded.record_type) == (
                name, version, msg.api_key)
            assert_same(decoded.value, body)
        elif kind == "coordinator-key":
            key = encode_coordinator_key(_group(msg), name, body)
            assert key == i16(msg.api_key or 0) + data
            decoded = decode_coordinator_key(_group(msg), key)
            assert (decoded.schema, decoded.record_type) == (name, msg.api_key)
            assert_same(decoded.value, body)
        elif kind == "coordinator-value":
            value = encode_coordinator_value(_group(msg), name, body, version)
            assert value == i16(version) + data
            decoded = decode_coordinator_value(_group(msg), msg.api_key or 0, value)
            assert (decoded.schema, decoded.version) == (name, version)
            assert_same(decoded.value, body)


def test_api_grammar_hook() -> None:
    """kformat.protocol.api serves the record kinds through this module."""
    from kformat.protocol import api

    assert api.grammar("TopicRecord", 0, "metadata") is grammar_for("metadata", 2, 0)
    assert api.grammar(1, 4, "coordinator-value") is grammar_for("coordinator-value",
                                                                 "OffsetCommitValue", 4)
    assert api.compiled_grammar("EndTxnMarker", 0, "data") is compiled_for("data",
                                                                          "EndTxnMarker", 0)
    with pytest.raises(UnsupportedVersionError):
        api.grammar(2, 5, "metadata")


@pytest.mark.parametrize("topic", TOPICS)
def test_decode_encode_record_symmetry(topic: str) -> None:
    group = {"__consumer_offsets": "group", "__share_group_state": "share",
             "__transaction_state": "transaction", "__cluster_metadata": "metadata",
             "__remote_log_metadata": "remote-log"}[topic]
    seen = 0
    if group in ("metadata", "remote-log"):
        kinds = [m for m in REGISTRY.by_kind("metadata") if _group(m) == group]
        for msg in kinds:
            for version in msg.valid:
                body = sample_body(msg, msg.fields, version)
                key, value = encode_record(topic, name_or := msg.name, None, body,
                                           value_version=version)
                record = decode_record(topic, key, value)
                assert (record.value_schema, record.value_version) == (name_or, version)
                assert_same(record.value, body)
                assert record.encode() == (key, value)
                seen += 1
    else:
        for key_msg in (m for m in REGISTRY.by_kind("coordinator-key") if _group(m) == group):
            value_msg = REGISTRY.coordinator_value(group, key_msg.api_key or 0)
            key_body = sample_body(key_msg, key_msg.fields, 0)
            for version in value_msg.valid:
                body = sample_body(value_msg, value_msg.fields, version)
                key, value = encode_record(topic, key_msg.api_key or 0, key_body, body,
                                           value_version=version)
                record = decode_record(topic, key, value)
                assert (record.key_schema, record.value_version) == (key_msg.name, version)
                assert_same(record.key, key_body)
                assert_same(record.value, body)
                assert record.encode() == (key, value)
                seen += 1
            key, value = encode_record(topic, key_msg.name, key_body, None)
            assert value is None and decode_record(topic, key, None).is_tombstone
    assert seen


# --------------------------------------------------------------------------- bad input


BAD_RECORDS = [
        ("__consumer_offsets", b"\x00", None, TruncatedError, "key.type", 0),
        ("__consumer_offsets", i16(99) + b"x", None, UnsupportedVersionError, "key.type", 0),
        ("__consumer_offsets", i16(-1), None, UnsupportedVersionError, "key.type", 0),
        ("__consumer_offsets", OFFSET_KEY, i16(9) + OFFSET_V3[2:], UnsupportedVersionError,
         "value.version", 0),
        ("__consumer_offsets", OFFSET_KEY, OFFSET_V3[:-3], TruncatedError,
         "value.commit_timestamp", len(OFFSET_V3) - 8),
        ("__consumer_offsets", OFFSET_KEY, OFFSET_V3 + b"!", InvalidValueError, "value",
         len(OFFSET_V3)),
        ("__consumer_offsets", OFFSET_KEY[:-1], None, TruncatedError, "key.partition",
         len(OFFSET_KEY) - 4),
        ("__consumer_offsets", None, OFFSET_V3, InvalidValueError, "key", None),
        ("__transaction_state", i16(1) + s16("x"), None, UnsupportedVersionError,
         "key.version", 0),
        ("__transaction_state", TXN_KEY, TXN_V1[:-4], TruncatedError, "value",
         len(TXN_V1) - 4),
        ("__consumer_offsets", GROUP_KEY, GROUP_V3[:36] + i32(10**6), TruncatedError,
         "value.members", 36),
        ("__cluster_metadata", None, uv(0) + TOPIC_RECORD[1:], UnsupportedVersionError,
         "value.frame_version", 0),
        ("__cluster_metadata", None, uv(1) + uv(99) + uv(0), UnsupportedVersionError,
         "value.type", 1),
        ("__cluster_metadata", None, uv(1) + uv(40000) + uv(0), UnsupportedVersionError,
         "value.type", 1),
        ("__cluster_metadata", None, uv(1) + uv(2) + uv(1) + TOPIC_RECORD[3:],
         UnsupportedVersionError, "value.version", 2),
        ("__cluster_metadata", None, uv(1) + b"\xff" * 6, InvalidValueError, "value.type", 1),
        ("__cluster_metadata", None, TOPIC_RECORD[:-5], TruncatedError, "value.topic_id", 10),
        ("__cluster_metadata", None, TOPIC_RECORD + b"\x00", InvalidValueError, "value",
         len(TOPIC_RECORD)),
        ("__cluster_metadata", b"k", TOPIC_RECORD, InvalidValueError, "key", None),
        ("__cluster_metadata", None, None, InvalidValueError, "value", None),
        ("__cluster_metadata", None, b"", TruncatedError, "value.frame_version", 0),
        ("__remote_log_metadata", None, uv(1) + uv(9) + uv(0), UnsupportedVersionError,
         "value.type", 1),
        ("__nope", None, None, UnsupportedVersionError, None, None),
]


@pytest.mark.parametrize(
    ("topic", "key", "value", "error", "path", "offset"),
    [pytest.param(*case, id=f"{case[0]}-{case[4]}-{case[5]}-{i}")
     for i, case in enumerate(BAD_RECORDS)],
)
def test_bad_records(topic: str, key: bytes | None, value: bytes | None,
                     error: type[KFormatError], path: str | None, offset: int | None) -> None:
    with pytest.raises(KFormatError) as info:
        decode_record(topic, key, value)
    assert type(info.value) is error, info.value
    if path is not None:
        assert info.value.path == path, info.value
    assert info.value.offset == offset, info.value


@pytest.mark.parametrize(
    ("call", "error", "path", "offset"),
    [
        (lambda: decode_consumer_subscription(i16(-1)), UnsupportedVersionError, "version", 0),
        (lambda: decode_consumer_subscription(b"\x00"), TruncatedError, "version", 0),
        (lambda: decode_consumer_subscription(SUBSCRIPTION_V3 + b"x"), InvalidValueError, "",
         len(SUBSCRIPTION_V3)),
        (lambda: decode_principal(i16(1) + cs("User") + cs("a") + b"\x00" + tags()),
         UnsupportedVersionError, "version", 0),
        (lambda: decode_streams_subscription(i32(0)), UnsupportedVersionError, "version", 0),
        (lambda: decode_streams_subscription(i32(12)), TruncatedError,
         "latest_supported_version", 4),
        (lambda: parse_producer_snapshot(i16(2) + PRODUCER_SNAPSHOT[2:]),
         UnsupportedVersionError, "version", 0),
        (lambda: parse_producer_snapshot(PRODUCER_SNAPSHOT[:4]), TruncatedError, "crc", 2),
        (lambda: parse_producer_snapshot(PRODUCER_SNAPSHOT[:-1], verify_crc=False),
         TruncatedError, None, None),
        (lambda: decode_control_value(7, b""), UnsupportedVersionError, "type", None),
        (lambda: decode_control_value(0, i16(-1) + i32(1)), UnsupportedVersionError,
         "version", 0),
        (lambda: decode_control_value(0, i16(0) + b"\x00"), TruncatedError,
         "coordinator_epoch", 2),
        (lambda: decode_control_value(2, LEADER_CHANGE_V0, version=3), UnsupportedVersionError,
         "version", None),
        (lambda: decode_control_key(i16(0) + b"\x00"), TruncatedError, "type", 2),
        (lambda: decode_metadata_record(TOPIC_RECORD, group="nope"), UnsupportedVersionError,
         None, None),
        (lambda: grammar_for("metadata", "TopicRecord", 1), UnsupportedVersionError, "version",
         None),
        (lambda: grammar_for("metadata", "OffsetCommitKey", 0), UnsupportedVersionError, None,
         None),
        (lambda: grammar_for("request", 0, 0), UnsupportedVersionError, None, None),
        (lambda: grammar_for("data", 3, 0), UnsupportedVersionError, None, None),
    ],
)
def test_bad_formats(call: Any, error: type[KFormatError], path: str | None,
                     offset: int | None) -> None:
    with pytest.raises(KFormatError) as info:
        call()
    assert type(info.value) is error, info.value
    if path is not None:
        assert info.value.path == path, info.value
    if offset is not None:
        assert info.value.offset == offset, info.value


@pytest.mark.parametrize(
    ("call", "path"),
    [
        (lambda: encode_record("__nope", 0, {}, {}), None),
        (lambda: encode_record("__consumer_offsets", 99, {}, {}), "key.type"),
        (lambda: encode_record("__consumer_offsets", "TopicRecord", {}, {}), "key.type"),
        (lambda: encode_record("__consumer_offsets", 1, OFFSET_KEY_BODY, OFFSET_V3_BODY,
                               value_version=9), "value.version"),
        (lambda: encode_record("__consumer_offsets", 1, {"partition": "x"}, None),
         "key.partition"),
        (lambda: encode_record("__transaction_state", 0, {}, TXN_V1_BODY, value_version=0),
         "value.previous_producer_id"),
        (lambda: encode_record("__consumer_offsets", 1, OFFSET_KEY_BODY, [1]), "value"),
        (lambda: encode_record("__cluster_metadata", 2, {}, TOPIC_RECORD_BODY), "key"),
        (lambda: encode_record("__cluster_metadata", 2, None, None), "value"),
        (lambda: encode_record("__cluster_metadata", 99, None, {}), "value.type"),
        (lambda: encode_record("__cluster_metadata", "RemotePartitionDeleteMetadataRecord",
                               None, {}), "value.type"),
        (lambda: encode_record("__cluster_metadata", 2, None, {"name": 5}), "value.name"),
        (lambda: encode_metadata_record(2, 3, {}), "version"),
        (lambda: encode_control_value(9, {}), "type"),
        (lambda: encode_consumer_subscription({}, version=4), "version"),
        (lambda: encode_streams_subscription({"version": 3}, version=4), "version"),
        (lambda: build_producer_snapshot({"producer_entries": [{"epoch": 1 << 20}]}),
         "producer_entries[0].epoch"),
    ],
)
def test_bad_encodes(call: Any, path: str | None) -> None:
    with pytest.raises(KFormatError) as info:
        call()
    assert type(info.value) is EncodeError, info.value
    if path is not None:
        assert info.value.path == path, info.value


@given(topic=st.sampled_from(TOPICS), key=st.none() | st.binary(max_size=40),
       value=st.none() | st.binary(max_size=80))
def test_garbage_raises_only_decode_errors(topic: str, key: bytes | None,
                                           value: bytes | None) -> None:
    try:
        decode_record(topic, key, value)
    except DecodeError:
        pass


@given(st.binary(max_size=60))
def test_garbage_formats_raise_only_decode_errors(data: bytes) -> None:
    for decode in (decode_consumer_subscription, decode_consumer_assignment, decode_principal,
                   decode_streams_subscription, parse_producer_snapshot, decode_control_key,
                   lambda d: decode_control_value(2, d), lambda d: decode_control_value(1, d),
                   lambda d: parse_producer_snapshot(d, verify_crc=False)):
        try:
            decode(data)
        except DecodeError:
            pass


# --------------------------------------------------------------------------- kio cross-checks

_KIO_MODULES = {
    "ConsumerProtocolSubscription": "consumer_protocol_subscription",
    "ConsumerProtocolAssignment": "consumer_protocol_assignment",
    "LeaderChangeMessage": "leader_change_message",
    "SnapshotHeaderRecord": "snapshot_header_record",
    "SnapshotFooterRecord": "snapshot_footer_record",
    "VotersRecord": "voters_record",
    "KRaftVersionRecord": "k_raft_version_record",
    "EndTxnMarker": "end_txn_marker",
    "ControlRecordTypeSchema": "control_record_type_schema",
    "DefaultPrincipalData": "default_principal_data",
}
_KIO_NAMES = {"type_": "type", "k_raft_version": "kraft_version",
              "k_raft_version_feature": "kraft_version_feature"}


def _from_kio(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {_KIO_NAMES.get(f.name, f.name): _from_kio(getattr(value, f.name))
                for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [_from_kio(v) for v in value]
    return value


def _subset(ours: Any, theirs: Any) -> Any:
    """``ours`` restricted to the keys kio has (kio leaves out fields absent at a version)."""
    if isinstance(theirs, dict):
        return {k: _subset(ours[k], v) for k, v in theirs.items()}
    if isinstance(theirs, list):
        return [_subset(o, t) for o, t in zip(ours, theirs, strict=True)]
    return ours


def _kio_cases() -> list[Any]:
    return [pytest.param(name, version, id=f"{name}-v{version}")
            for name in _KIO_MODULES for version in REGISTRY.message(name).valid]


@pytest.mark.peer
@pytest.mark.parametrize(("name", "version"), _kio_cases())
def test_bodies_match_kio(name: str, version: int) -> None:
    kio_serial = pytest.importorskip("kio.serial")
    module = pytest.importorskip(f"kio.schema.{_KIO_MODULES[name]}.v{version}.data")
    entity_type = getattr(module, name)
    msg = REGISTRY.message(name)
    for body in (default_body(msg), sample_body(msg, msg.fields, version)):
        data = compiled_for("data", name, version).build(body)
        entity, size = kio_serial.entity_reader(entity_type)(data, 0)
        assert size == len(data)
        theirs = _from_kio(entity)
        assert theirs == _subset(body, theirs)
        out = io.BytesIO()
        kio_serial.entity_writer(entity_type)(out, entity)
        assert out.getvalue() == data
