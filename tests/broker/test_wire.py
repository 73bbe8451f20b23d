"""The broker on the wire, byte for byte: ApiVersions and KIP-511, bad frames and requests
(answered or closed as a Java broker does, the broker serving on), long polling, acks=0."""

from __future__ import annotations

import socket
import struct
import threading
import time

import pytest

from kformat.broker.codes import ErrorCode
from kformat.broker.registry import HANDLERS
from kformat.broker.versions import release_versions, supported_range
from kformat.protocol.api import build_request, parse_response
from kformat.protocol.framing import DEFAULT_MAX_FRAME_SIZE, frame
from kformat.records import build_batch, make_batch
from kformat.testing import Broker

pytestmark = pytest.mark.timeout(60)


class Client:
    """A raw connection: send request frames, read response frames, both with timeouts."""

    def __init__(self, address: tuple[str, int]) -> None:
        self.sock = socket.create_connection(address, timeout=10)
        self.cid = 0

    def send(self, api, version, body, raw: bytes | None = None) -> int:
        self.cid += 1
        payload = raw if raw is not None else build_request(api, version, body,
                                                            correlation_id=self.cid,
                                                            client_id="wire-test")
        self.sock.sendall(frame(payload))
        return self.cid

    def read(self) -> bytes:
        head = self._exact(4)
        return self._exact(struct.unpack(">i", head)[0])

    def _exact(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise ConnectionError("closed")
            out += chunk
        return out

    def call(self, api, version, body):
        cid = self.send(api, version, body)
        response = parse_response(self.read(), api, version)
        assert response.correlation_id == cid
        return response.body

    def closed(self) -> bool:
        try:
            return self.sock.recv(1) == b""
        except ConnectionError:
            return True

    def close(self) -> None:
        self.sock.close()


@pytest.fixture(scope="module")
def broker():
    with Broker(1, topics=["wire:1"], max_lifetime=120) as running:
        yield running


@pytest.fixture
def client(broker):
    c = Client(broker.addresses[0])
    yield c
    c.close()


def test_api_versions_advertises_the_release_ranges_of_the_apis_it_implements(broker, client):
    body = client.call("ApiVersions", 3, {"client_software_name": "t",
                                          "client_software_version": "1"})
    assert body["error_code"] == 0
    advertised = {k["api_key"]: (k["min_version"], k["max_version"]) for k in body["api_keys"]}
    expected = {k: supported_range(broker.kafka_version, k) for k in HANDLERS}
    assert advertised == {k: v for k, v in expected.items() if v is not None}
    assert advertised[0] == tuple(release_versions(broker.kafka_version)[0])
    assert 29 not in advertised  # DescribeAcls: not implemented, not advertised


def test_an_older_release_advertises_its_own_versions():
    with Broker(1, kafka_version="3.9", max_lifetime=30) as old:
        c = Client(old.addresses[0])
        try:
            body = c.call("ApiVersions", 0, {})
            keys = {k["api_key"]: (k["min_version"], k["max_version"]) for k in body["api_keys"]}
            assert keys[0] == (0, 11) and keys[1] == (0, 17) and keys[3] == (0, 12)
            c.send("Metadata", 13, {"topics": None})  # a 4.x version: Java closes
            assert c.closed()
        finally:
            c.close()


def test_an_unknown_api_versions_version_gets_the_kip_511_answer(client):
    raw = struct.pack(">hhi", 18, 99, 7) + struct.pack(">h", 1) + b"x" + b"\x00\x00"
    client.send(None, None, None, raw=raw)
    response = parse_response(client.read(), 18, 0)
    assert response.correlation_id == 7
    assert response.body["error_code"] == ErrorCode.UNSUPPORTED_VERSION
    assert {k["api_key"] for k in response.body["api_keys"]} >= {0, 1, 3, 18}


@pytest.mark.parametrize("head", [struct.pack(">i", DEFAULT_MAX_FRAME_SIZE + 1), struct.pack(">i", -1)],
                         ids=["oversized", "negative"])
def test_a_bad_frame_size_closes_the_connection_and_the_broker_serves_on(broker, head):
    c = Client(broker.addresses[0])
    try:
        c.sock.sendall(head)
        assert c.closed()
    finally:
        c.close()
    assert broker.server.closed_for["frame size"] >= 1
    again = Client(broker.addresses[0])
    try:
        assert again.call("ApiVersions", 0, {})["error_code"] == 0
    finally:
        again.close()


@pytest.mark.parametrize("raw", [
    struct.pack(">hhi", 999, 0, 1) + b"\x00\x00",            # unknown API key
    struct.pack(">hhi", 3, 5, 1),                            # Metadata cut short
    b"\x00\x03",                                              # shorter than a header
    build_request("Metadata", 12, {"topics": None}, correlation_id=1)[:-1] + b"\x05",
], ids=["unknown-key", "truncated", "tiny", "bad-tags"])
def test_a_request_that_does_not_parse_closes_the_connection(broker, raw):
    c = Client(broker.addresses[0])
    try:
        c.send(None, None, None, raw=raw)
        assert c.closed()
    finally:
        c.close()
    assert broker.server.closed_for["request"] + broker.server.closed_for["request header"] >= 1


def test_a_known_api_it_does_not_implement_answers_unsupported_version(client):
    body = client.call("DescribeAcls", 3, {"resource_type_filter": 1, "pattern_type_filter": 3,
                                           "operation": 1, "permission_type": 1})
    assert body["error_code"] == ErrorCode.UNSUPPORTED_VERSION


def test_one_without_a_top_level_error_code_closes_the_connection(client):
    client.send("AlterReplicaLogDirs", 2, {"dirs": []})
    assert client.closed()


def _produce(topic: str, values: list[bytes], acks: int = -1) -> dict:
    batch = make_batch([(None, v) for v in values])
    return {"acks": acks, "timeout_ms": 5000, "topic_data": [
        {"name": topic, "partition_data": [{"index": 0, "records": build_batch(batch)}]}]}


def test_produce_acks_0_has_no_response_and_the_next_request_is_answered(client):
    client.send("Produce", 9, _produce("wire", [b"quiet"], acks=0))
    body = client.call("Metadata", 12, {"topics": [{"name": "wire"}]})
    assert body["topics"][0]["name"] == "wire"


def test_a_batch_with_a_bad_crc_is_corrupt_message(client):
    raw = bytearray(build_batch(make_batch([(None, b"x")])))
    raw[-1] ^= 0xFF
    body = _produce("wire", [])
    body["topic_data"][0]["partition_data"][0]["records"] = bytes(raw)
    answer = client.call("Produce", 9, body)
    part = answer["responses"][0]["partition_responses"][0]
    assert part["error_code"] == ErrorCode.CORRUPT_MESSAGE
    assert part["base_offset"] == -1


def _fetch(offset: int, max_wait_ms: int) -> dict:
    return {"max_wait_ms": max_wait_ms, "min_bytes": 1, "max_bytes": 1 << 20,
            "isolation_level": 0, "session_id": 0, "session_epoch": -1,
            "topics": [{"topic": "longpoll", "partitions": [
                {"partition": 0, "fetch_offset": offset, "partition_max_bytes": 1 << 20}]}]}


def test_fetch_waits_for_data_up_to_max_wait_ms(broker):
    broker.create_topic("longpoll", 1)
    c = Client(broker.addresses[0])
    try:
        start = time.monotonic()
        empty = c.call("Fetch", 11, _fetch(0, 300))
        assert time.monotonic() - start >= 0.25
        assert empty["responses"][0]["partitions"][0]["records"] == b""

        def later() -> None:
            time.sleep(0.3)
            other = Client(broker.addresses[0])
            try:
                other.call("Produce", 9, _produce("longpoll", [b"woken"]))
            finally:
                other.close()

        producer = threading.Thread(target=later)
        producer.start()
        start = time.monotonic()
        woken = c.call("Fetch", 11, _fetch(0, 20_000))
        producer.join(10)
        assert time.monotonic() - start < 15  # answered when the data came, not at 20 s
        part = woken["responses"][0]["partitions"][0]
        assert part["high_watermark"] == 1
        assert [r.value for b in part["records"].batches for r in b.records] == [b"woken"]
        out = c.call("Fetch", 11, _fetch(5, 0))
        assert out["responses"][0]["partitions"][0]["error_code"] == ErrorCode.OFFSET_OUT_OF_RANGE
    finally:
        c.close()


def test_list_offsets_earliest_latest_and_by_timestamp(broker):
    kafka = pytest.importorskip("kafka")
    broker.create_topic("times", 1)
    c = Client(broker.addresses[0])
    try:
        for stamp in (1000, 2000, 3000):
            batch = make_batch([(None, b"%d" % stamp)], base_timestamp=stamp)
            body = _produce("times", [])
            body["topic_data"][0]["partition_data"][0]["records"] = build_batch(batch)
            assert c.call("Produce", 9, body)["responses"][0]["partition_responses"][0][
                "error_code"] == 0
    finally:
        c.close()
    consumer = kafka.KafkaConsumer(bootstrap_servers=broker.bootstrap, group_id=None)
    try:
        tp = kafka.TopicPartition("times", 0)
        assert consumer.beginning_offsets([tp]) == {tp: 0}
        assert consumer.end_offsets([tp]) == {tp: 3}
        found = consumer.offsets_for_times({tp: 1500})[tp]
        assert (found.offset, found.timestamp) == (1, 2000)
        assert consumer.offsets_for_times({tp: 3001})[tp] is None
    finally:
        consumer.close()
