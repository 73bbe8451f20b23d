"""``peek_request_header``: the one reader of a request header's first fields (api key,
version, correlation id, client id) without the body, used by every server, proxy, capture
decoder and fuzzer in kformat."""

from __future__ import annotations

import io
import json
import re
import socket
import time
from pathlib import Path

import pytest

import kformat
from kformat import (
    TruncatedError,
    UnsupportedVersionError,
    build_request,
    build_response,
    frame,
    parse_request,
    parse_response,
)
from kformat.capture import ConnectionDecoder
from kformat.fuzz.live import FrameMutator
from kformat.protocol.api import RequestHead, peek_request_header, peek_response_header
from kformat.testing import Broker

FRAMES = [
    build_request("Metadata", 1, {"topics": None}, correlation_id=9, client_id="cé"),  # v1
    build_request("Metadata", 12, {"topics": None}, correlation_id=-3, client_id=None),  # v2
    build_request("Produce", 9, {"acks": 0}, correlation_id=2**31 - 1, client_id=""),
    build_request("ControlledShutdown", 0, {"broker_id": 1}, correlation_id=5),  # v0
]


@pytest.mark.parametrize("data", FRAMES, ids=["v1", "v2", "empty-client-id", "v0"])
def test_the_peek_agrees_with_the_full_parse(data):
    request = parse_request(data)
    assert peek_request_header(data) == RequestHead(
        request.api_key, request.api_version, request.correlation_id, request.client_id)
    ids = peek_request_header(b"\x00\x00\x00\x00" + data, 4, client_id=False)
    assert ids == (request.api_key, request.api_version, request.correlation_id, None)


def test_the_peek_reads_kafka_python_headers():
    old = pytest.importorskip("kafka.protocol.old.api")
    v1 = old.RequestHeader(3, 1, 9, "cé").encode()
    v2 = old.RequestHeaderV2(3, 12, 9, None, {}).encode()
    assert peek_request_header(v1) == (3, 1, 9, "cé")
    assert peek_request_header(v2) == (3, 12, 9, None)


@pytest.mark.parametrize(("data", "client_id", "error", "path", "offset"), [
    (b"\x00\x03\x00\x01\x00\x00", False, TruncatedError, "header", 2),
    (b"", False, TruncatedError, "header", 2),
    (b"\x7f\x7f\x00\x00\x00\x00\x00\x01", True, UnsupportedVersionError,
     "header.request_api_key", 2),
    (b"\x00\x03\x7f\x00\x00\x00\x00\x01", True, UnsupportedVersionError,
     "header.request_api_version", 4),
    (b"\x00\x03\x00\x01\x00\x00\x00\x01\x00\x05ab", True, TruncatedError,
     "header.client_id", 12),  # where its 5 bytes should start
])
def test_a_bad_header_raises_at_its_absolute_offset(data, client_id, error, path, offset):
    with pytest.raises(error) as info:
        peek_request_header(b"zz" + data, 2, client_id=client_id)
    assert type(info.value) is error
    assert (info.value.field_path, info.value.offset) == (path, offset)


def test_without_the_client_id_any_key_and_version_is_read():
    assert peek_request_header(b"\x7f\x7f\x7f\x00\x00\x00\x00\x01xyz", client_id=False) == \
        (0x7F7F, 0x7F00, 1, None)


def test_the_callers_read_the_same_ids():
    """The capture decoder and the live fuzzer's frame log take their ids from the peek."""
    decoder = ConnectionDecoder("c", "s")
    logged: list = []
    log = type("Log", (), {"write": staticmethod(logged.append)})()
    mutator = FrameMutator(mode="none", log=log)
    for data in FRAMES:
        head = peek_request_header(data, client_id=False)
        paired = decoder.pair("request", data)
        assert (paired.api_key, paired.api_version, paired.correlation_id) == head[:3]
        mutator.on_frame("request", data)
        record = logged[-1]
        assert (record.api_key, record.api_version, record.correlation_id) == head[:3]


def test_a_short_header_closes_the_test_brokers_connection_with_the_peek_error():
    short = b"\x00\x12\x00\x00\x00\x00"
    with pytest.raises(TruncatedError) as info:
        peek_request_header(short, client_id=False)
    log = io.StringIO()
    with Broker(1, max_lifetime=60, log=log) as broker:
        with socket.create_connection(broker.addresses[0], timeout=5) as sock:
            sock.sendall(frame(short))
            assert sock.recv(16) == b""
        deadline = time.monotonic() + 5
        while "request header" not in broker.server.closed_for and time.monotonic() < deadline:
            time.sleep(0.05)
    reasons = [json.loads(line)["reason"] for line in log.getvalue().splitlines()
               if '"closed"' in line]
    assert reasons == [f"request header: {info.value}"]


def test_no_other_module_unpacks_a_request_header_by_hand():
    """The header's fixed prefix (``>hh``, ``>hhi``) is read in kformat.protocol.api only."""
    root = Path(kformat.__file__).parent
    hand = re.compile(r"""(unpack(_from)?|Struct)\(\s*["']>hhi?["']""")
    found = [str(p.relative_to(root)) for p in root.rglob("*.py")
             if p.name != "api.py" and hand.search(p.read_text(encoding="utf-8"))]
    assert found == []


@pytest.mark.parametrize(("api", "version"), [("Metadata", 12), ("ApiVersions", 3),
                                              ("Produce", 3)])
def test_the_response_peek_agrees_with_the_full_parse(api, version):
    data = build_response(api, version, {}, correlation_id=-7)
    assert peek_response_header(data) == parse_response(data, api, version).correlation_id
    assert peek_response_header(frame(data), 4) == -7
    with pytest.raises(TruncatedError) as info:
        peek_response_header(b"zz\x00\x00\x01", 2)
    assert (info.value.field_path, info.value.offset, info.value.actual) == \
        ("header.correlation_id", 2, 3)


def test_the_live_fuzzer_logs_the_peeked_response_id():
    logged: list = []
    log = type("Log", (), {"write": staticmethod(logged.append)})()
    mutator = FrameMutator(mode="none", log=log)
    data = build_response("Metadata", 12, {}, correlation_id=99)
    mutator.on_frame("response", data, api_key=3, api_version=12)
    mutator.on_frame("response", b"\x00\x01", api_key=3, api_version=12)  # no id to read
    assert [r.correlation_id for r in logged] == [99, None]
