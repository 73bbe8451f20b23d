"""The connection decoder's requests waiting for a response: Produce acks=0 never waits (a
broker does not answer it), and what waits is bounded, the excess counted."""

from __future__ import annotations

import pytest

from kformat.capture.messages import MAX_PENDING, ConnectionDecoder
from kformat.protocol.api import build_request, build_response, expects_response, parse_request
from kformat.spec.registry import load_registry

PRODUCE_VERSIONS = sorted(load_registry().request("Produce").valid)


def produce(version: int, acks: int, cid: int = 1) -> bytes:
    body = {"acks": acks, "timeout_ms": 100, "topic_data": [
        {"name": "t", "partition_data": [{"index": 0, "records": None}]}]}
    if version >= 3:
        body["transactional_id"] = "tx-1"
    if version >= 13:
        body["topic_data"][0].update(name="", topic_id=__import__("uuid").UUID(int=7))
    return build_request("Produce", version, body, correlation_id=cid, client_id="me")


@pytest.mark.parametrize("version", PRODUCE_VERSIONS)
@pytest.mark.parametrize("acks", [0, 1, -1])
def test_expects_response_reads_acks_from_the_frame(version, acks):
    frame = produce(version, acks)
    assert expects_response(frame) is (acks != 0)
    assert expects_response(parse_request(frame)) is (acks != 0)


def test_other_requests_and_cut_frames_expect_a_response():
    assert expects_response(build_request("Metadata", 12, {"topics": None}))
    assert expects_response(produce(9, 0)[:14])  # cut before acks: the broker decides
    assert expects_response(b"\x00")


def test_produce_acks_0_leaves_nothing_pending():
    decoder = ConnectionDecoder("c:1", "s:2")
    for cid in range(20_000):
        decoded = decoder.request(produce(9, 0, cid))
        assert "error" not in decoded.record
    summary = decoder.summary()
    assert summary["requests"] == 20_000
    assert summary["pending_requests"] == 0
    assert summary["no_response_expected"] == 20_000
    assert decoder._pending == {}


def test_pending_requests_are_bounded_and_the_oldest_forgotten_is_counted():
    decoder = ConnectionDecoder("c:1", "s:2", max_pending=100)
    for cid in range(250):
        decoder.request(build_request("ApiVersions", 3, {}, correlation_id=cid, client_id="x"))
    summary = decoder.summary()
    assert (summary["pending_requests"], summary["pending_dropped"]) == (100, 150)
    answer = build_response("ApiVersions", 3, {}, correlation_id=149)  # forgotten
    assert decoder.response(answer).record["error"]["reason"] == \
        "no request with this correlation id"
    answer = build_response("ApiVersions", 3, {}, correlation_id=150)  # still waiting
    assert "error" not in decoder.response(answer).record
    assert decoder.summary()["pending_requests"] == 99


def test_the_default_bound():
    decoder = ConnectionDecoder("c:1", "s:2")
    frame = build_request("ApiVersions", 0, {}, correlation_id=0, client_id="x")
    for cid in range(MAX_PENDING + 10):
        decoder.pair("request", frame[:4] + cid.to_bytes(4, "big") + frame[8:])
    assert decoder.summary()["pending_requests"] == MAX_PENDING
    assert decoder.summary()["pending_dropped"] == 10
