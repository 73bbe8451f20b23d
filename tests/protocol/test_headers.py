"""Request and response headers: which version each message uses, and their wire form.

Kafka's rules (``ApiMessageType.requestHeaderVersion`` / ``responseHeaderVersion``): a request
uses header v2 when its version is flexible, else v1, and ControlledShutdown v0 uses v0 (no
client id); a response uses v1 when flexible, else v0, and ApiVersions responses always use v0
(KIP-511). ``ClientId`` keeps its INT16 length even in the flexible header v2.
"""

from __future__ import annotations

import struct

import pytest

from kformat import (
    EncodeError,
    build_request,
    build_response,
    grammar,
    parse_request,
    parse_response,
)
from kformat.primitives import UNKNOWN_TAGS
from kformat.protocol.api import request_header_version, response_header_version
from kformat.spec.registry import load_registry
from tests.helpers import assert_symmetric

pytestmark = pytest.mark.usefixtures("each_engine")

REGISTRY = load_registry()


def _expected_request_header(key: int, version: int) -> int:
    if (key, version) == (7, 0):
        return 0
    return 2 if REGISTRY.request(key).is_flexible(version) else 1


@pytest.mark.parametrize("key", REGISTRY.api_keys())
def test_header_versions_follow_the_flexible_versions(key):
    for version in REGISTRY.request(key).valid:
        assert request_header_version(key, version) == _expected_request_header(key, version)
        flexible = REGISTRY.response(key).is_flexible(version)
        expected = 0 if key == 18 else int(flexible)
        assert response_header_version(key, version) == expected


@pytest.mark.parametrize(("api", "version", "header"), [
    ("ControlledShutdown", 0, 0), ("ControlledShutdown", 1, 1), ("ControlledShutdown", 3, 2),
    ("Metadata", 8, 1), ("Metadata", 9, 2), ("ApiVersions", 2, 1), ("ApiVersions", 3, 2),
    ("Produce", 8, 1), ("Produce", 9, 2),
])
def test_request_header_version_examples(api, version, header):
    assert request_header_version(REGISTRY.request(api).api_key, version) == header


@pytest.mark.parametrize(("api", "version", "header"), [
    ("Metadata", 8, 0), ("Metadata", 9, 1), ("ApiVersions", 2, 0), ("ApiVersions", 3, 0),
    ("ApiVersions", 4, 0), ("Fetch", 11, 0), ("Fetch", 12, 1),
])
def test_response_header_version_examples(api, version, header):
    assert response_header_version(REGISTRY.response(api).api_key, version) == header


def test_header_grammars_symmetric():
    """The header grammars on both paths (interpreted and compiled), from the spec layout."""
    base = struct.pack(">hhi", 3, 12, 7)
    assert_symmetric(grammar(None, 0, "request-header"), base,
                     {"request_api_key": 3, "request_api_version": 12, "correlation_id": 7,
                      "client_id": ""})
    v1 = {"request_api_key": 3, "request_api_version": 12, "correlation_id": 7, "client_id": "ab"}
    assert_symmetric(grammar(None, 1, "request-header"), base + b"\x00\x02ab", v1)
    assert_symmetric(grammar(None, 1, "request-header"), base + b"\xff\xff",
                     {**v1, "client_id": None})
    # v2: ClientId keeps its INT16 length (not a compact string), then the tag section
    assert_symmetric(grammar(None, 2, "request-header"), base + b"\x00\x02ab\x00", v1)
    assert_symmetric(grammar(None, 2, "request-header"), base + b"\x00\x02ab\x01\x05\x01\xee",
                     {**v1, UNKNOWN_TAGS: {5: b"\xee"}})
    assert_symmetric(grammar(None, 0, "response-header"), b"\x00\x00\x00\x07", {"correlation_id": 7})
    assert_symmetric(grammar(None, 1, "response-header"), b"\x00\x00\x00\x07\x00", {"correlation_id": 7})


def test_client_id_keeps_int16_length_in_header_v2():
    frame = build_request("Metadata", 12, {}, correlation_id=1, client_id="é" * 70)
    # a compact string would start with the varint 141; the INT16 length is 140
    assert frame[8:10] == struct.pack(">h", 140)
    assert parse_request(frame).client_id == "é" * 70
    null = build_request("Metadata", 12, {}, correlation_id=1, client_id=None)
    assert null[8:11] == b"\xff\xff\x00"
    assert parse_request(null).client_id is None


def test_controlled_shutdown_v0_has_no_client_id():
    frame = build_request("ControlledShutdown", 0, {"broker_id": 5}, correlation_id=3)
    assert frame == struct.pack(">hhii", 7, 0, 3, 5)
    request = parse_request(frame)
    assert (request.header_version, request.client_id, request.body["broker_id"]) == (0, None, 5)
    with pytest.raises(EncodeError) as info:
        build_request("ControlledShutdown", 0, {"broker_id": 5}, client_id="x")
    assert info.value.path == "header.client_id"


def test_api_versions_response_header_has_no_tag_section():
    frame = build_response("ApiVersions", 3, {"error_code": 0}, correlation_id=9)
    # header v0 (4 bytes), then the flexible body: error_code, api_keys, throttle, tags
    assert frame == struct.pack(">ih", 9, 0) + b"\x01" + b"\x00\x00\x00\x00" + b"\x00"
    with pytest.raises(EncodeError) as info:
        build_response("ApiVersions", 3, {}, header_tagged={1: b"x"})
    assert info.value.path == "header._unknown_tags"
    assert parse_response(frame, 18, 3).header == {"correlation_id": 9}


def test_header_tagged_fields_round_trip():
    tags = {0: b"", 7: b"\x01\x02", 300: b"zz"}
    frame = build_request("ApiVersions", 3, {}, correlation_id=2, client_id="c", header_tagged=tags)
    request = parse_request(frame)
    assert request.header[UNKNOWN_TAGS] == tags
    assert request.to_bytes() == frame
    response = build_response("Metadata", 12, {}, correlation_id=2, header_tagged={4: b"r"})
    assert response[:7] == b"\x00\x00\x00\x02\x01\x04\x01"
    assert parse_response(response, "Metadata", 12).header[UNKNOWN_TAGS] == {4: b"r"}
    with pytest.raises(EncodeError):
        build_request("Metadata", 8, {}, header_tagged={1: b"x"})  # header v1
