"""The protocol API: golden frames, lookups, bad input, the JSON mapping and ``kformat decode``.

Golden frames are assembled with ``struct.pack`` from the protocol guide's layouts (field by
field, commented), not produced by kformat; each is checked both ways: parse gives the
expected values and building those values gives the frame back.
"""

from __future__ import annotations

import io
import json
import struct
import uuid

import crc32c
import pytest

import kformat
from kformat import (
    EncodeError,
    InvalidValueError,
    TruncatedError,
    UnsupportedVersionError,
    build_request,
    build_response,
    compiled_grammar,
    grammar,
    parse_request,
    parse_response,
)
from kformat.jsonable import from_jsonable, to_jsonable
from kformat.primitives import UNKNOWN_TAGS, CompiledGrammar, KStruct
from kformat.protocol import cli
from kformat.spec.records_field import RecordSet
from kformat.spec.registry import load_registry
from tests.helpers import assert_same
from tests.protocol.values import sample_body

pytestmark = pytest.mark.usefixtures("each_engine")


def i16(v: int) -> bytes:
    return struct.pack(">h", v)


def i32(v: int) -> bytes:
    return struct.pack(">i", v)


def i64(v: int) -> bytes:
    return struct.pack(">q", v)


def string(s: str | None) -> bytes:  # STRING / NULLABLE_STRING: INT16 length
    return i16(-1) if s is None else i16(len(s.encode())) + s.encode()


def compact(s: str) -> bytes:  # COMPACT_STRING: UNSIGNED_VARINT length + 1 (short ones)
    return bytes([len(s.encode()) + 1]) + s.encode()


def header_v1(key: int, version: int, correlation_id: int, client_id: str | None) -> bytes:
    return i16(key) + i16(version) + i32(correlation_id) + string(client_id)


def record_batch_v2() -> bytes:
    """One magic-2 batch holding one record (key null, value b"v"), CRC-32C by hand (Kafka documentation, "Message Format")."""
    record = (b"\x00"      # attributes
              b"\x00"      # timestampDelta: varlong 0
              b"\x00"      # offsetDelta: varint 0
              b"\x01"      # keyLength: varint -1 (null)
              b"\x02v"     # valueLength: varint 1, value
              b"\x00")     # headers: varint 0
    record = bytes([len(record) * 2]) + record  # length: varint (zig-zag)
    after_crc = (i16(0)                          # attributes: no codec, CreateTime
                 + i32(0)                        # lastOffsetDelta
                 + i64(1_700_000_000_000) * 2    # baseTimestamp, maxTimestamp
                 + i64(-1) + i16(-1) + i32(-1)   # producerId, producerEpoch, baseSequence
                 + i32(1) + record)              # records count, records
    crc = struct.pack(">I", crc32c.crc32c(after_crc))
    body = i32(-1) + b"\x02" + crc + after_crc   # partitionLeaderEpoch, magic, crc
    return i64(0) + i32(len(body)) + body        # baseOffset, batchLength


BATCH = record_batch_v2()

# (id, kind, api key, version, frame, expected header fields, expected body (partial))
GOLDEN = [
    ("ApiVersions-v0-request", "request", 18, 0,
     header_v1(18, 0, 1, "kf"),  # the body of v0 is empty
     {"correlation_id": 1, "client_id": "kf"}, {}),
    ("Metadata-v0-request", "request", 3, 0,
     header_v1(3, 0, 7, "c")
     + i32(2) + string("a") + string("bc"),  # topics: [name]
     {"correlation_id": 7, "client_id": "c"}, {"topics": [{"name": "a"}, {"name": "bc"}]}),
    ("Metadata-v0-response", "response", 3, 0,
     i32(7)                                                   # header v0: correlation id
     + i32(1) + i32(1) + string("h") + i32(9092)              # brokers: node_id host port
     + i32(1) + i16(0) + string("t")                          # topics: error_code name
     + i32(1) + i16(0) + i32(0) + i32(1)                      # partitions: error index leader
     + i32(1) + i32(1) + i32(1) + i32(1),                     # replica_nodes, isr_nodes
     {"correlation_id": 7},
     {"brokers": [{"node_id": 1, "host": "h", "port": 9092}],
      "topics": [{"error_code": 0, "name": "t", "partitions": [
          {"error_code": 0, "partition_index": 0, "leader_id": 1, "replica_nodes": [1],
           "isr_nodes": [1]}]}]}),
    ("ApiVersions-v3-request-tagged-header", "request", 18, 3,
     i16(18) + i16(3) + i32(5) + string("kf")                 # header v2: INT16 client id...
     + b"\x02" + b"\x01\x01\xaa" + b"\x90\x03\x02zz"          # ...2 tagged fields: 1, 400
     + compact("kformat") + compact("0.1") + b"\x00",         # software name, version, tags
     {"correlation_id": 5, "client_id": "kf", UNKNOWN_TAGS: {1: b"\xaa", 400: b"zz"}},
     {"client_software_name": "kformat", "client_software_version": "0.1"}),
    ("ApiVersions-v3-response-header-v0", "response", 18, 3,
     i32(5)                                                   # header v0 despite flexible body
     + i16(0) + b"\x02" + i16(18) + i16(0) + i16(4) + b"\x00"  # error, api_keys[1] + tags
     + i32(0)                                                 # throttle_time_ms
     + b"\x01" + b"\x01\x08" + i64(7),                        # tag 1: finalized epoch 7
     {"correlation_id": 5},
     {"error_code": 0, "api_keys": [{"api_key": 18, "min_version": 0, "max_version": 4}],
      "throttle_time_ms": 0, "finalized_features_epoch": 7}),
    ("Produce-v3-request-records", "request", 0, 3,
     header_v1(0, 3, 9, "p")
     + string(None) + i16(1) + i32(30000)                     # transactional_id acks timeout
     + i32(1) + string("t")                                   # topic_data: name
     + i32(1) + i32(0) + i32(len(BATCH)) + BATCH,             # partition_data: index records
     {"correlation_id": 9, "client_id": "p"},
     {"transactional_id": None, "acks": 1, "timeout_ms": 30000,
      "topic_data": [{"name": "t", "partition_data": [{"index": 0, "records": RecordSet(BATCH)}]}]}),
    ("ControlledShutdown-v0-request-header-v0", "request", 7, 0,
     i16(7) + i16(0) + i32(3) + i32(5),                       # header v0: no client id
     {"correlation_id": 3}, {"broker_id": 5}),
    # versions neither kio nor kafka-python has (inter-broker, dropped in 4.0, or newer)
    ("ControlledShutdown-v0-response", "response", 7, 0,
     i32(3) + i16(0) + i32(1) + string("t") + i32(4),         # error, remaining [topic index]
     {"correlation_id": 3},
     {"error_code": 0, "remaining_partitions": [{"topic_name": "t", "partition_index": 4}]}),
    ("StopReplica-v0-request", "request", 5, 0,
     header_v1(5, 0, 8, "b")
     + i32(1) + i32(2) + b"\x01"                              # controller id, epoch, delete
     + i32(1) + string("t") + i32(3),                         # ungrouped [topic partition]
     {"correlation_id": 8, "client_id": "b"},
     {"controller_id": 1, "controller_epoch": 2, "delete_partitions": True,
      "ungrouped_partitions": [{"topic_name": "t", "partition_index": 3}]}),
    ("WriteTxnMarkers-v0-request", "request", 27, 0,
     header_v1(27, 0, 2, "b")
     + i32(1) + i64(77) + i16(1) + b"\x00"                    # markers: pid, epoch, result
     + i32(1) + string("t") + i32(2) + i32(0) + i32(1)        # topics: name, [partitions]
     + i32(9),                                                # coordinator epoch
     {"correlation_id": 2, "client_id": "b"},
     {"markers": [{"producer_id": 77, "producer_epoch": 1, "transaction_result": False,
                   "topics": [{"name": "t", "partition_indexes": [0, 1]}],
                   "coordinator_epoch": 9}]}),
    ("ApiVersions-v5-request", "request", 18, 5,
     i16(18) + i16(5) + i32(6) + string("kf") + b"\x00"       # header v2, no tags
     + compact("kf") + compact("1") + compact("cl") + i32(3) + b"\x00",
     {"correlation_id": 6, "client_id": "kf"},
     {"client_software_name": "kf", "client_software_version": "1", "cluster_id": "cl",
      "node_id": 3}),
    ("DeleteGroups-v3-request", "request", 42, 3,
     i16(42) + i16(3) + i32(4) + string(None) + b"\x00"       # header v2, null client id
     + b"\x03" + compact("g1") + compact("g2") + b"\x00",     # COMPACT_ARRAY of 2, tags
     {"correlation_id": 4, "client_id": None}, {"groups_names": ["g1", "g2"]}),
]


def assert_contains(actual, expected, where="body"):
    """``actual`` holds ``expected``: dicts may have more keys, lists match item by item."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), where
        for key, value in expected.items():
            assert key in actual, f"{where}.{key} missing"
            assert_contains(actual[key], value, f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), where
        for i, (a, e) in enumerate(zip(actual, expected, strict=True)):
            assert_contains(a, e, f"{where}[{i}]")
    else:
        assert_same(actual, expected, where)


def _parse(kind, key, version, frame):
    return parse_request(frame) if kind == "request" else parse_response(frame, key, version)


@pytest.mark.parametrize(("kind", "key", "version", "frame", "header", "body"),
                         [g[1:] for g in GOLDEN], ids=[g[0] for g in GOLDEN])
def test_golden_frames(kind, key, version, frame, header, body):
    parsed = _parse(kind, key, version, frame)
    assert (parsed.api_key, parsed.api_version) == (key, version)
    assert_contains(parsed.header, header, "header")
    assert_contains(parsed.body, body)
    assert parsed.to_bytes() == frame
    tags = header.get(UNKNOWN_TAGS)
    if kind == "request":
        built = build_request(key, version, body, correlation_id=header["correlation_id"],
                              client_id=header.get("client_id"), header_tagged=tags)
    else:
        built = build_response(key, version, body, correlation_id=header["correlation_id"])
    assert built == frame


def test_golden_records_decode():
    """The RecordSet of the Produce golden frame decodes through the records layer."""
    produce = parse_request(GOLDEN[5][4])
    records = produce.body["topic_data"][0]["partition_data"][0]["records"]
    assert isinstance(records, RecordSet) and records.raw == BATCH
    (batch,) = records.batches
    assert batch.crc_valid is True
    assert [(r.key, r.value, r.timestamp) for r in batch.records] == [(None, b"v", 1_700_000_000_000)]


# --------------------------------------------------------------------------- lookups


def test_api_by_key_and_by_name():
    assert build_request(3, 0, {}) == build_request("Metadata", 0, {})
    assert build_request("MetadataRequest", 0, {}) == build_request("Metadata", 0, {})
    assert parse_request(build_request("Metadata", 0, {})).api_name == "Metadata"
    assert parse_response(build_response("Metadata", 0, {}), "MetadataResponse", 0).api_name == "Metadata"


def test_grammar_and_compiled_grammar_are_cached():
    assert isinstance(grammar("Metadata", 12, "response"), KStruct)
    assert grammar("Metadata", 12, "response") is grammar(3, 12, "response")
    fast = compiled_grammar("Metadata", 12, "response")
    assert isinstance(fast, CompiledGrammar)
    assert fast is compiled_grammar(3, 12, "response")
    assert fast.grammar is grammar(3, 12, "response")
    assert compiled_grammar(3, 12, "request") is not fast
    assert "def parse" in fast.source


def test_grammar_dispatches_record_kinds_to_topics():
    """The record-schema kinds come from kformat.protocol.topics."""
    g = grammar("PartitionRecord", 0, "metadata")
    assert isinstance(g, KStruct)
    assert isinstance(compiled_grammar("PartitionRecord", 0, "metadata"), CompiledGrammar)


@pytest.mark.parametrize("call", [
    lambda: grammar("Metadata", 99, "request"),
    lambda: grammar("Nope", 0, "request"),
    lambda: grammar(3, 0, "no-such-kind"),
    lambda: compiled_grammar(3, 99, "response"),
    lambda: compiled_grammar(3, True, "response"),
    lambda: build_request(999, 0, {}),
    lambda: build_request("Metadata", 14, {}),
    lambda: build_response("Metadata", -1, {}),
    lambda: parse_response(b"\x00\x00\x00\x01", 3, 99),
    lambda: parse_response(b"\x00\x00\x00\x01", True, 0),
])
def test_unknown_api_or_version_raises_unsupported(call):
    with pytest.raises(UnsupportedVersionError):
        call()


def test_kformat_exports():
    for name in ("parse_request", "parse_response", "build_request", "build_response",
                 "grammar", "compiled_grammar", "frame", "unframe", "split_frames",
                 "decode_conversation", "Request", "Response", "Exchange"):
        assert name in kformat.__all__ and hasattr(kformat, name)


# --------------------------------------------------------------------------- bad input


def _error(fn, *args):
    with pytest.raises(kformat.KFormatError) as info:
        fn(*args)
    return info.value


def test_unknown_api_key_and_version_are_located():
    err = _error(parse_request, i16(999) + i16(0) + i32(1) + string("c"))
    assert (type(err), err.offset, err.actual, err.path) == (
        UnsupportedVersionError, 0, 999, "header.request_api_key")
    err = _error(parse_request, i16(-1) + i16(0) + i32(1))
    assert (type(err), err.offset, err.actual) == (UnsupportedVersionError, 0, -1)
    err = _error(parse_request, i16(3) + i16(99) + i32(1) + string("c"))
    assert (type(err), err.offset, err.actual, err.path) == (
        UnsupportedVersionError, 2, 99, "header.request_api_version")


@pytest.mark.parametrize("index", [1, 2, 3, 5, 9, 11])
def test_truncation_at_every_byte(index):
    """Every strict prefix of a frame raises TruncatedError, located inside the prefix."""
    _, kind, key, version, frame, _, _ = GOLDEN[index]
    for cut in range(len(frame)):
        err = _error(_parse, kind, key, version, frame[:cut])
        assert type(err) is TruncatedError, (cut, err)
        assert err.offset is not None and 0 <= err.offset <= cut, (cut, err)


def test_truncation_names_the_nested_field():
    partition0 = i16(0) + i32(0) + i32(1) + i32(5) + i32(1) * 5 + i32(0)  # 5 replicas, no isr
    frame = (i32(1) + i32(0)                                   # corr, no brokers
             + i32(2)                                          # two topics
             + i16(0) + string("a") + i32(0)                   # topics[0]: no partitions
             + i16(0) + string("b") + i32(2) + partition0      # topics[1]: two partitions
             + i16(0) + b"\x00\x00")                           # partitions[1]: index cut
    err = _error(parse_response, frame, "Metadata", 0)
    assert type(err) is TruncatedError
    assert err.path == "topics[1].partitions[1].partition_index"
    assert (err.offset, err.expected, err.actual) == (len(frame) - 2, 4, 2)


def test_lying_counts_are_refused_before_allocating():
    err = _error(parse_response, i32(1) + i32(2**31 - 1), "Metadata", 0)
    assert (type(err), err.path, err.offset) == (TruncatedError, "brokers", 4)
    # compact count 2**32 - 2 (UNSIGNED_VARINT ff ff ff ff 0f) in a flexible body
    frame = i32(1) + b"\x00" + i32(0) + b"\xff\xff\xff\xff\x0f"
    err = _error(parse_response, frame, "Metadata", 12)
    assert (type(err), err.path, err.offset) == (TruncatedError, "brokers", 9)
    nested = (i32(1) + i32(0) + i32(1) + i16(0) + string("a") + i32(2**31 - 1))
    err = _error(parse_response, nested, "Metadata", 0)
    assert (type(err), err.path, err.offset) == (TruncatedError, "topics[0].partitions", 17)


def test_null_in_non_nullable_field():
    head = header_v1(3, 0, 1, "c")
    err = _error(parse_request, head + i32(1) + i16(-1))
    assert (type(err), err.path, err.offset, err.actual) == (
        InvalidValueError, "topics[0].name", len(head) + 4, -1)
    # a null array where the version allows none: Metadata v0 topics
    err = _error(parse_request, head + i32(-1))
    assert (type(err), err.path, err.offset) == (InvalidValueError, "topics", len(head))


def test_trailing_bytes_after_the_body():
    frame = build_request("Metadata", 0, {"topics": []}, client_id="c")
    err = _error(parse_request, frame + b"\x00\x01")
    assert (type(err), err.offset, err.actual) == (InvalidValueError, len(frame), 2)


def test_truncated_header():
    err = _error(parse_request, b"\x00\x03")
    assert (type(err), err.path, err.offset) == (TruncatedError, "header", 0)
    err = _error(parse_request, i16(3) + i16(0) + b"\x00")
    assert (type(err), err.path, err.offset) == (TruncatedError, "header.correlation_id", 4)


def test_build_errors_name_the_field():
    err = _error(build_request, "Metadata", 0, {"topics": [{"name": "a"}, {"name": 5}]})
    assert (type(err), err.path) == (EncodeError, "topics[1].name")
    err = _error(build_response, "Metadata", 0, {"cluster_authorized_operations": 5})
    assert (type(err), err.path) == (EncodeError, "cluster_authorized_operations")
    # an ignorable absent field is dropped (Kafka's rule)
    assert build_response("Metadata", 0, {"throttle_time_ms": 5}) == build_response("Metadata", 0, {})
    err = _error(build_request, "Metadata", 12, {}, 1, 5)
    assert (type(err), err.path) == (EncodeError, "header.client_id")


def test_api_versions_response_falls_back_to_v0():
    """A broker answers an unsupported ApiVersions version with a v0 error (KIP-511)."""
    v0 = build_response("ApiVersions", 0, {"error_code": 35}, correlation_id=4)
    response = parse_response(v0, "ApiVersions", 4)
    assert (response.api_version, response.parsed_as_version) == (4, 0)
    assert response.body["error_code"] == 35
    assert response.to_bytes() == v0
    # when v0 does not parse either, the error is the one at the version asked for
    err = _error(parse_response, v0[:-1], "ApiVersions", 4)
    assert (type(err), err.path, err.offset) == (InvalidValueError, "api_keys", 6)


def test_memoryview_and_bytearray_frames():
    frame = build_request("Metadata", 4, {"topics": None}, client_id="c")
    assert parse_request(memoryview(frame)).body == parse_request(bytearray(frame)).body
    with pytest.raises(TypeError, match="a frame is bytes, not str: pass bytes"):
        parse_request("not bytes")  # type: ignore[arg-type]
    with pytest.raises(kformat.DecodeError):
        parse_request(12345)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- JSON


def test_jsonable_round_trip_of_every_value_type():
    registry = load_registry()
    for api, version in (("Metadata", 12), ("Produce", 9), ("DescribeConfigs", 4),
                         ("Fetch", 17), ("ApiVersions", 4)):
        for kind in ("request", "response"):
            msg = registry.request(api) if kind == "request" else registry.response(api)
            body = sample_body(msg, version)
            text = json.dumps(to_jsonable(body))
            assert_same(from_jsonable(json.loads(text)), body, f"{api} {kind}")


def test_jsonable_mapping():
    value = {"b": b"\x00\xff", "u": uuid.UUID(int=1), "f": float("nan"), "g": float("-inf"),
             UNKNOWN_TAGS: {3: b"x"}, "r": RecordSet(BATCH), "l": (1, None, "é")}
    out = to_jsonable(value)
    assert out["b"] == {"$bytes": "AP8="}
    assert out["u"] == {"$uuid": "00000000-0000-0000-0000-000000000001"}
    assert out["f"] == {"$float": "nan"} and out["g"] == {"$float": "-inf"}
    assert out[UNKNOWN_TAGS] == {"$tags": {"3": {"$bytes": "eA=="}}}
    assert out["r"]["batches"][0]["record_count"] == 1 and out["r"]["batches"][0]["crc_valid"] is True
    from kformat.outputs.fields import batch_json
    assert out["r"]["batches"] == [batch_json(b) for b in RecordSet(BATCH).batches]
    assert out["l"] == [1, None, "é"]
    back = from_jsonable(json.loads(json.dumps(out)))
    assert back["r"] == RecordSet(BATCH) and back[UNKNOWN_TAGS] == {3: b"x"}
    assert to_jsonable(RecordSet(b"\x00\x01"))["batches"] == [
        {"truncated": {"position": 0, "available": 2, "needed": None}}]
    assert "batches" not in to_jsonable(RecordSet(BATCH), summary=False)
    corrupt = bytearray(BATCH)
    corrupt[17] ^= 1  # the stored CRC
    (line,) = to_jsonable(RecordSet(bytes(corrupt)))["batches"]
    assert (line["error"]["error"], line["error"]["path"]) == ("CorruptRecordError", "crc")
    with pytest.raises(EncodeError):
        to_jsonable({"$bytes": 1})
    with pytest.raises(EncodeError):
        to_jsonable(object())


# --------------------------------------------------------------------------- CLI


def _run(argv):
    out = io.StringIO()
    code = cli.main(argv, out=out)
    return code, out.getvalue()


def test_cli_decode_request_and_response(tmp_path):
    frame = GOLDEN[5][4]
    (tmp_path / "req.bin").write_bytes(frame)
    code, text = _run(["request", str(tmp_path / "req.bin")])
    assert code == 0
    doc = json.loads(text)
    assert (doc["api_name"], doc["api_version"], doc["client_id"]) == ("Produce", 3, "p")
    records = doc["body"]["topic_data"][0]["partition_data"][0]["records"]
    assert from_jsonable(records) == RecordSet(BATCH)
    (tmp_path / "req.framed").write_bytes(i32(len(frame)) + frame)
    assert json.loads(_run(["request", str(tmp_path / "req.framed"), "--framed"])[1]) == doc

    response = GOLDEN[2][4]
    (tmp_path / "resp.bin").write_bytes(response)
    code, text = _run(["response", str(tmp_path / "resp.bin"), "--api", "Metadata", "--api-version", "0"])
    assert code == 0 and json.loads(text)["body"]["brokers"][0]["host"] == "h"
    code, text = _run(["response", str(tmp_path / "resp.bin"), "--api", "3", "-V", "0"])
    assert code == 0


def test_cli_reports_errors_on_stderr_only_as_json_with_json(tmp_path, capsys):
    (tmp_path / "bad.bin").write_bytes(i16(3) + i16(99) + i32(1))
    code, text = _run(["request", str(tmp_path / "bad.bin"), "--json"])
    assert (code, text) == (1, "")
    assert json.loads(capsys.readouterr().err) == {
        "error": "UnsupportedVersionError", "path": "header.request_api_version", "offset": 2,
        "reason": "MetadataRequest has no version 99 (valid: 0-13)",
        "file": str(tmp_path / "bad.bin")}
    code, text = _run(["request", str(tmp_path / "bad.bin")])
    assert (code, text) == (1, "")
    assert capsys.readouterr().err == (
        f"kformat decode request: {tmp_path / 'bad.bin'}: UnsupportedVersionError: MetadataRequest "
        "has no version 99 (valid: 0-13) (expected '0-13', actual 99) "
        "[at header.request_api_version, offset 2]\n")
    code, _ = _run(["request", str(tmp_path / "missing.bin")])
    assert code == 2
    assert _run(["response", str(tmp_path / "bad.bin")])[0] == 2  # --api, --api-version needed
    assert "the following arguments are required: --api, -V/--api-version" in \
        capsys.readouterr().err


# --------------------------------------------------------------------------- compiled fast paths
# kformat.primitives emits specialised code for what protocol bodies are made of (runs of
# fixed-width fields packed in one call, arrays of numbers, structs without context, empty
# tag sections). Both paths must still agree on values, bytes and errors.


def _fast_path_grammars():
    from kformat.primitives import (
        Float64,
        Int8,
        Int16,
        Int32,
        Int64,
        KArray,
        KString,
        TaggedField,
        TaggedFields,
    )

    group = KStruct("a" / Int16, "b" / Int32, "c" / Int64, "s" / KString("compact"),
                    "d" / Int8, "f" / Float64, "_tagged" / TaggedFields())
    arrays = KStruct("xs" / KArray(Int32, "compact"), "ys" / KArray(Int16, "int32", nullable=True),
                     "fs" / KArray(Float64, "compact", nullable=True),
                     "_tagged" / TaggedFields([TaggedField(0, "t", Int32, 0)]))
    return group, arrays


def test_compiled_fast_paths_agree_with_the_interpreter():
    from tests.helpers import assert_symmetric

    group, arrays = _fast_path_grammars()
    assert_symmetric(group, i16(-2) + i32(3) + i64(-4) + compact("é") + b"\x05"
                     + struct.pack(">d", 1.5) + b"\x00",
                     {"a": -2, "b": 3, "c": -4, "s": "é", "d": 5, "f": 1.5})
    assert_symmetric(group, i16(1) + i32(2) + i64(3) + compact("x") + b"\x04"
                     + struct.pack(">d", 0.5) + b"\x01\x07\x01\xee",
                     {"a": 1, "b": 2, "c": 3, "s": "x", "d": 4, "f": 0.5, UNKNOWN_TAGS: {7: b"\xee"}})
    many = list(range(-40, 40))
    assert_symmetric(arrays, bytes([81]) + b"".join(i32(x) for x in many) + i32(-1) + b"\x00"
                     + b"\x01\x00\x04" + i32(9),
                     {"xs": many, "ys": None, "fs": None, "t": 9})
    assert_symmetric(arrays, b"\x03" + i32(1) + i32(2) + i32(2) + i16(3) + i16(4)
                     + b"\x02" + b"\x7f\xf8" + bytes(6) + b"\x00",
                     {"xs": [1, 2], "ys": [3, 4], "fs": [float("nan")], "t": 0})
    assert compiled_grammar_of(arrays).build({"xs": (1, 2), "ys": [], "fs": []}) == (
        b"\x03" + i32(1) + i32(2) + i32(0) + b"\x01\x00")


def compiled_grammar_of(g):
    from tests.helpers import compiled

    return compiled(g)


def test_compiled_fast_paths_refuse_like_the_interpreter():
    from tests.helpers import assert_build_rejects, assert_rejects

    group, arrays = _fast_path_grammars()
    ok = {"a": 1, "b": 2, "c": 3, "s": "x", "d": 4, "f": 0.5}
    assert_build_rejects(group, {**ok, "a": True}, EncodeError, path="a")
    assert_build_rejects(group, {**ok, "b": 2**31}, EncodeError, path="b")
    assert_build_rejects(group, {**ok, "c": 1.0}, EncodeError, path="c")
    assert_build_rejects(group, {**ok, "s": b"x"}, EncodeError, path="s")
    assert_build_rejects(arrays, {"xs": [1, True]}, EncodeError, path="xs[1]")
    assert_build_rejects(arrays, {"xs": [1, 2**31]}, EncodeError, path="xs[1]")
    assert_build_rejects(arrays, {"xs": None}, EncodeError, path="xs")
    assert_build_rejects(arrays, {"xs": "ab"}, EncodeError, path="xs")
    assert_build_rejects(arrays, {"xs": [], "ys": None, "fs": None, "t": True}, EncodeError,
                         path="t")
    assert_rejects(group, i16(1) + i32(2) + b"\x00", TruncatedError, path="c", offset=6)
    assert_rejects(arrays, b"\x05" + i32(1), TruncatedError, path="xs", offset=0)
    assert_rejects(arrays, b"\x00", InvalidValueError, path="xs", offset=0)
    assert_rejects(arrays, b"\xff\xff\xff\xff\x0f", TruncatedError, path="xs", offset=0)
    assert_rejects(arrays, b"\x01" + i32(-2), InvalidValueError, path="ys", offset=1)


class LyingList(list):  # type: ignore[type-arg]
    """A list whose ``__len__`` is not its number of items."""

    def __len__(self) -> int:
        return (1 << 31) + 5


@pytest.mark.parametrize("version", [12, 8])
def test_an_array_whose_len_lies_gets_the_count_of_its_items(each_engine: str,
                                                             version: int) -> None:
    """The count written is that of the items written: a compact array said 2^31+6 with one
    topic after it, a non-flexible one refused the length."""
    topics = [{"name": "a"}, {"name": "b"}]
    honest = build_request("Metadata", version, {"topics": topics})
    assert build_request("Metadata", version, {"topics": LyingList(topics)}) == honest
    assert [t["name"] for t in parse_request(honest).body["topics"]] == ["a", "b"]
