"""Protocol fidelity on real traffic: each problem reproduced from hand-built bytes, then fixed.

* trailing bytes after a body (``strict=False`` -> ``.trailing``);
* ApiVersions answered in the v0 layout (KIP-511, ``.parsed_as_version``);
* tagged fields written at their default (``"_defaults_on_wire"``, byte-for-byte rebuild);
* misspelt keys on build (``EncodeError`` with the path and a hint).
"""

from __future__ import annotations

import uuid

import pytest

from kformat.errors import EncodeError, InvalidValueError, KFormatError, TruncatedError
from kformat.primitives import DEFAULTS_ON_WIRE
from kformat.protocol.api import (
    build_request,
    build_response,
    parse_request,
    parse_response,
)


def H(text: str) -> bytes:
    return bytes.fromhex(text.replace(" ", ""))


# --------------------------------------------------------------------------- trailing bytes

# librdkafka's ApiVersions v0 request: header v1 (key 18, version 0, correlation id 1,
# client id "rdkafka"), the empty v0 body, then four zero bytes.
RDKAFKA_API_VERSIONS_V0 = H("0012 0000 00000001 0007 72646b61666b61" "00000000")

# A Metadata v13 response (header v1) as librdkafka 2.16's mock broker writes it (taken from
# the proxy's log): the v13 body, then one byte the version does not have.
MOCK_METADATA_V13 = H(
    "00000003" "00"                          # correlation id, header tagged fields
    "00000000"                               # throttle_time_ms
    "02" "00000001" "0a" "3132372e302e302e31" "00009467" "00" "00"  # broker 1 127.0.0.1:37991
    "18" "6d6f636b436c7573746572313535386238383963303634"  # cluster_id "mockCluster1558b889c064"
    "00000000"                               # controller_id
    "01"                                     # topics: empty
    "0000"                                   # error_code
    "00"                                     # tagged fields
    "00"                                     # the extra byte
)

# librdkafka 2.16's mock broker answering an ApiVersions v3 request it does not support
# (it supports 0-2): error 35, then its entry count as one byte and an entry without tags.
# Java's reader reads that as v3 (empty api_keys, a throttle time of 1179648, five bytes
# left, which it does not check), so it does not fall back to v0, and neither does kformat.
MOCK_API_VERSIONS_V3_UNSUPPORTED = H("00000001" "0023" "01" "0012 0000 0002" "00000000")


def test_librdkafka_api_versions_v0_request_with_four_extra_bytes():
    with pytest.raises(InvalidValueError) as info:
        parse_request(RDKAFKA_API_VERSIONS_V0)
    assert info.value.offset == len(RDKAFKA_API_VERSIONS_V0) - 4
    request = parse_request(RDKAFKA_API_VERSIONS_V0, strict=False)
    assert (request.api_name, request.api_version, request.correlation_id) == ("ApiVersions", 0, 1)
    assert request.client_id == "rdkafka"
    assert request.body == parse_request(RDKAFKA_API_VERSIONS_V0[:-4]).body
    assert request.trailing == b"\0\0\0\0"
    assert request.to_bytes() == RDKAFKA_API_VERSIONS_V0


def test_mock_broker_metadata_v13_response_with_an_extra_field():
    with pytest.raises(InvalidValueError) as info:
        parse_response(MOCK_METADATA_V13, "Metadata", 13)
    assert info.value.offset == len(MOCK_METADATA_V13) - 1
    response = parse_response(MOCK_METADATA_V13, "Metadata", 13, strict=False)
    assert response.trailing == b"\x00"
    assert response.body["brokers"] == [{"node_id": 1, "host": "127.0.0.1", "port": 37991,
                                         "rack": None}]
    assert response.body["cluster_id"] == "mockCluster1558b889c064"
    assert (response.body["controller_id"], response.body["topics"]) == (0, [])
    assert response.to_bytes() == MOCK_METADATA_V13


def test_no_trailing_bytes_is_empty_and_equal_to_strict():
    frame = build_request("Metadata", 12, {"topics": None}, correlation_id=3, client_id="c")
    lenient, strict = parse_request(frame, strict=False), parse_request(frame)
    assert lenient.trailing == strict.trailing == b""
    assert lenient == strict


def test_lenient_mode_still_reports_a_broken_body():
    frame = build_request("Metadata", 12, {"topics": [{"name": "abc"}]}, client_id="c")
    with pytest.raises(TruncatedError) as info:
        parse_request(frame[:-3], strict=False)
    assert (info.value.field_path, info.value.offset) == ("allow_auto_topic_creation", len(frame) - 3)


# --------------------------------------------------------------------------- KIP-511

# An ApiVersions response in the v0 layout: UNSUPPORTED_VERSION (35) and one entry saying
# the broker supports ApiVersions 0-3 (what a broker answers to a v4 request it cannot read).
API_VERSIONS_V0_UNSUPPORTED = H("00000007" "0023" "00000001" "0012 0000 0003")


def test_api_versions_answered_in_the_v0_layout():
    with pytest.raises(KFormatError):  # what used to happen, and still does at v0's peers
        parse_response(API_VERSIONS_V0_UNSUPPORTED, "Metadata", 0)
    response = parse_response(API_VERSIONS_V0_UNSUPPORTED, "ApiVersions", 4)
    assert (response.api_version, response.parsed_as_version) == (4, 0)
    assert response.body["error_code"] == 35
    assert response.body["api_keys"] == [{"api_key": 18, "min_version": 0, "max_version": 3}]
    assert response.to_bytes() == API_VERSIONS_V0_UNSUPPORTED


def test_api_versions_read_at_the_asked_version_says_so():
    frame = build_response("ApiVersions", 3, {"api_keys": [
        {"api_key": 18, "min_version": 0, "max_version": 3}]}, correlation_id=2)
    response = parse_response(frame, "ApiVersions", 3)
    assert response.parsed_as_version == response.api_version == 3


def test_api_versions_with_trailing_bytes_does_not_fall_back():
    """Java's reader falls back only when the body does not read; bytes left over after a
    body that reads are not a reason to (strict mode then reports them)."""
    frame = build_response("ApiVersions", 3, {}, correlation_id=2) + b"\x01"
    with pytest.raises(InvalidValueError) as info:
        parse_response(frame, "ApiVersions", 3)
    assert info.value.offset == len(frame) - 1
    response = parse_response(frame, "ApiVersions", 3, strict=False)
    assert (response.parsed_as_version, response.trailing) == (3, b"\x01")


def test_mock_broker_api_versions_reads_at_v3_as_java_reads_it():
    with pytest.raises(InvalidValueError) as info:
        parse_response(MOCK_API_VERSIONS_V3_UNSUPPORTED, "ApiVersions", 3)
    assert info.value.offset == len(MOCK_API_VERSIONS_V3_UNSUPPORTED) - 5
    response = parse_response(MOCK_API_VERSIONS_V3_UNSUPPORTED, "ApiVersions", 3, strict=False)
    assert response.parsed_as_version == 3
    assert (response.body["error_code"], response.body["api_keys"]) == (35, [])
    assert response.body["throttle_time_ms"] == 0x00120000
    assert response.trailing == H("0200000000")
    assert response.to_bytes() == MOCK_API_VERSIONS_V3_UNSUPPORTED


def test_api_versions_v0_asked_never_falls_back_and_errors_are_the_asked_versions():
    with pytest.raises(KFormatError) as at_v0:
        parse_response(API_VERSIONS_V0_UNSUPPORTED[:-1], "ApiVersions", 0)
    with pytest.raises(KFormatError) as at_v3:
        parse_response(API_VERSIONS_V0_UNSUPPORTED[:-1], "ApiVersions", 3)
    assert at_v3.value.field_path == "api_keys"  # v3 reads a null compact array there
    assert at_v0.value.field_path.startswith("api_keys")


# --------------------------------------------------------------------------- presence

TOPIC_ID = uuid.UUID("5f6c2a51-1d2e-4b8e-9a0b-0123456789ab")


def _fetch_response(tagged_partition: str, tagged_top: str) -> bytes:
    """A Fetch v16/v17 response (header v1) with one partition, by hand."""
    return H(
        "00000009" "00"                        # correlation id, header tagged fields
        "00000000" "0000" "00000000"           # throttle_time_ms, error_code, session_id
        "02" + TOPIC_ID.hex +                  # responses: 1 topic, topic_id
        "02"                                   # partitions: 1
        "00000000" "0000"                      # partition_index, error_code
        "000000000000000a"                     # high_watermark 10
        "ffffffffffffffff" "0000000000000000"  # last_stable_offset -1, log_start_offset 0
        "01"                                   # aborted_transactions: empty
        "ffffffff"                             # preferred_read_replica -1
        "01"                                   # records: empty
        + tagged_partition +
        "00"                                   # topic tagged fields
        + tagged_top
    )


# DivergingEpoch (tag 0), CurrentLeader (tag 1) and SnapshotId (tag 2) all at their defaults
AT_DEFAULTS = ("03"
               "00" "0d" "ffffffff" "ffffffffffffffff" "00"
               "01" "09" "ffffffff" "ffffffff" "00"
               "02" "0d" "ffffffffffffffff" "ffffffff" "00")
EMPTY_NODE_ENDPOINTS = "01" "00" "01" "01"


@pytest.mark.parametrize("version", [16, 17])
def test_fetch_response_with_tagged_fields_at_their_default_rebuilds_byte_for_byte(version):
    frame = _fetch_response(AT_DEFAULTS, EMPTY_NODE_ENDPOINTS)
    response = parse_response(frame, "Fetch", version)
    partition = response.body["responses"][0]["partitions"][0]
    assert partition[DEFAULTS_ON_WIRE] == ("diverging_epoch", "current_leader", "snapshot_id")
    assert partition["diverging_epoch"] == {"epoch": -1, "end_offset": -1}
    assert partition["current_leader"] == {"leader_id": -1, "leader_epoch": -1}
    assert partition["snapshot_id"] == {"end_offset": -1, "epoch": -1}
    assert response.body[DEFAULTS_ON_WIRE] == ("node_endpoints",)
    assert response.body["node_endpoints"] == []
    assert response.to_bytes() == frame
    # the same values as plain dicts build canonically: no tagged field at all
    del partition[DEFAULTS_ON_WIRE], response.body[DEFAULTS_ON_WIRE]
    assert response.to_bytes() == _fetch_response("00", "00")


@pytest.mark.parametrize("version", [16, 17])
def test_fetch_response_without_tagged_fields_parses_as_before(version):
    frame = _fetch_response("00", "00")
    body = parse_response(frame, "Fetch", version).body
    assert DEFAULTS_ON_WIRE not in body
    assert DEFAULTS_ON_WIRE not in body["responses"][0]["partitions"][0]
    assert parse_response(frame, "Fetch", version).to_bytes() == frame


def test_only_the_fields_at_default_are_named():
    leader_set = ("02"
                  "00" "0d" "ffffffff" "ffffffffffffffff" "00"
                  "01" "09" "00000002" "00000007" "00")
    frame = _fetch_response(leader_set, "00")
    partition = parse_response(frame, "Fetch", 16).body["responses"][0]["partitions"][0]
    assert partition[DEFAULTS_ON_WIRE] == ("diverging_epoch",)
    assert partition["current_leader"] == {"leader_id": 2, "leader_epoch": 7}
    assert parse_response(frame, "Fetch", 16).to_bytes() == frame


def test_defaults_on_wire_must_name_tagged_fields():
    with pytest.raises(EncodeError) as info:
        build_response("Fetch", 16, {DEFAULTS_ON_WIRE: ("session_id",)})
    assert info.value.field_path == DEFAULTS_ON_WIRE


# --------------------------------------------------------------------------- typo-proof builds


def test_misspelt_key_is_an_error_with_a_hint():
    # today: {"topicz": None} built an empty topic list ("no topics"), not null ("all topics")
    with pytest.raises(EncodeError) as info:
        build_request("Metadata", 12, {"topicz": None})
    assert info.value.field_path == "topicz"
    assert info.value.reason == "unknown field 'topicz' (did you mean 'topics'?)"


def test_misspelt_key_at_depth_names_its_path():
    with pytest.raises(EncodeError) as info:
        build_request("Metadata", 12, {"topics": [{"name": "a"}, {"nmae": "b"}]})
    assert info.value.field_path == "topics[1].nmae"
    assert "did you mean 'name'?" in info.value.reason
    with pytest.raises(EncodeError) as info:
        build_response("Fetch", 16, {"responses": [{"partitions": [{"diverging_epoc": None}]}]})
    assert info.value.field_path == "responses[0].partitions[0].diverging_epoc"
    assert "did you mean 'diverging_epoch'?" in info.value.reason


def test_unknown_key_without_a_close_match_has_no_hint():
    with pytest.raises(EncodeError) as info:
        build_request("Metadata", 12, {"zzzzzz": 1})
    assert info.value.reason == "unknown field 'zzzzzz'"


def test_fields_of_other_versions_keep_their_rule():
    # allow_auto_topic_creation exists from v4: at v0 only its default is accepted
    assert build_request("Metadata", 0, {"topics": [], "allow_auto_topic_creation": True}) == \
        build_request("Metadata", 0, {"topics": []})
    with pytest.raises(EncodeError) as info:
        build_request("Metadata", 0, {"topics": [], "allow_auto_topic_creation": False})
    assert info.value.field_path == "allow_auto_topic_creation"
    # an ignorable field of another version is dropped, as before
    assert build_response("Metadata", 0, {"throttle_time_ms": 5}) == build_response("Metadata", 0, {})


def test_parsed_bodies_with_their_private_keys_still_build():
    frame = build_response("Fetch", 16, {"responses": [{"partitions": [
        {"partition_index": 1, "_unknown_tags": {9: b"x"}}]}]})
    response = parse_response(frame, "Fetch", 16)
    assert response.body["responses"][0]["partitions"][0]["_unknown_tags"] == {9: b"x"}
    assert response.to_bytes() == frame
