"""Correct uses of the typed bodies: mypy --strict finds nothing here (tests/typing/test_mypy.py);
run as a test, each call also works at run time."""

from __future__ import annotations

import uuid
from typing import Any

import kformat
from kformat.messages import (
    ApiVersionsResponseV0,
    MetadataResponseV12,
    OffsetCommitKeyV0,
    OffsetCommitValueV3,
    ProduceRequestTopicProduceDataV9,
    ProduceRequestV9,
    ProduceRequestV13,
    ProduceResponseV9,
    RequestHeaderV2,
)
from kformat.protocol import topics
from kformat.protocol.api import Response
from kformat.spec.records_field import RecordSet


def produce_v9() -> bytes:
    topic: ProduceRequestTopicProduceDataV9 = {
        "name": "t", "partition_data": [{"index": 0, "records": RecordSet(b"")}]}
    body: ProduceRequestV9 = {"transactional_id": None, "acks": -1, "timeout_ms": 1000,
                              "topic_data": [topic]}
    return kformat.build_request("Produce", 9, body, correlation_id=1, client_id="me")


def produce_v13_inline() -> bytes:
    body: ProduceRequestV13 = {"topic_data": [{"topic_id": uuid.UUID(int=1),
                                               "partition_data": [{"index": 0}]}]}
    return kformat.build_request(0, 13, body) + kformat.build_request(
        "ProduceRequest", 13, {"acks": 1, "topic_data": []})


def produce_response() -> int:
    frame = kformat.build_response("Produce", 9, {"throttle_time_ms": 5})
    resp: Response[ProduceResponseV9] = kformat.parse_response(frame, "Produce", 9)
    throttle: int = resp.body["throttle_time_ms"]
    errors = [p.get("error_message") for t in resp.body.get("responses", [])
              for p in t.get("partition_responses", [])]
    none_or_text: list[str | None] = errors
    return throttle + len(none_or_text)


def metadata(frame: bytes) -> list[str | None]:
    body: MetadataResponseV12 = kformat.parse_response(frame, "Metadata", 12).body
    return [t.get("name") for t in body.get("topics", [])]


def api_versions(frame: bytes) -> int:
    body = kformat.parse_response(frame, "ApiVersions", 3).body  # v3, or v0 (KIP-511)
    v0: ApiVersionsResponseV0 = {"error_code": body.get("error_code", 0)}
    return len(v0)


def runtime_values(api: str, version: int, body: dict[str, Any]) -> Any:
    untyped: Response = kformat.parse_response(kformat.build_response(api, version, body),
                                               api, version)
    answer: dict[str, Any] = untyped.body
    request = kformat.parse_request(kformat.build_request(api, version, body))
    return answer.get("x"), request.body.get("y")


def records() -> tuple[RequestHeaderV2, OffsetCommitValueV3]:
    header: RequestHeaderV2 = {"request_api_key": 0, "request_api_version": 9,
                               "correlation_id": 1, "client_id": "me"}
    value: OffsetCommitValueV3 = {"offset": 5, "leader_epoch": -1, "metadata": "",
                                  "commit_timestamp": 0}
    return header, value


def body_level() -> int:
    codec = kformat.compiled_grammar("Produce", 9)
    body: ProduceRequestV9 = codec.parse(codec.build({"acks": 1, "timeout_ms": 5}))
    response = kformat.compiled_grammar("Metadata", 12, "response")
    throttle: int = response.parse(response.build({})).get("throttle_time_ms", 0)
    return body.get("timeout_ms", 0) + throttle


def internal_topics() -> tuple[int, str | None, str]:
    """Internal-topic records with literal topics and record types: typed bodies in and out."""
    key: OffsetCommitKeyV0 = {"group": "g", "topic": "t", "partition": 0}
    key_bytes, value_bytes = topics.encode_record(
        "__consumer_offsets", "OffsetCommitKey", key,
        {"offset": 5, "leader_epoch": -1, "metadata": "", "commit_timestamp": 0},
        value_version=3)
    assert key_bytes is not None and value_bytes is not None
    value = topics.decode_coordinator_value("__consumer_offsets", 1, value_bytes).value
    offset: int = value.get("offset", -1)
    txn_key, _ = topics.encode_record("__transaction_state", 0, {"transactional_id": "tx"})
    txn = topics.decode_record("__transaction_state", txn_key, None)
    transactional_id = txn.key.get("transactional_id") if txn.key is not None else None
    topic = topics.encode_metadata_record("TopicRecord", None,
                                          {"name": "t", "topic_id": uuid.UUID(int=1)})
    name = topics.decode_metadata_record(topic).schema
    return offset, transactional_id, name
