"""Field spans from a traced parse, and splice's repair of lengths and CRCs."""

from __future__ import annotations

import struct

import pytest

from kformat import build_batch, build_request, frame, make_batch, parse_batches, parse_request
from kformat.fuzz.subjects import batches_subject, request_subject, splice
from kformat.fuzz.trace import tagged_entries, trace
from kformat.records import RecordBatchV2
from kformat.records.checksum import crc32c

BATCH = build_batch(make_batch([(b"k", b"v", [("h", b"x")]), (None, b"vv")], base_timestamp=5))


def test_a_batch_is_traced_field_by_field():
    spans = {(s.path, s.kind): (s.start, s.end) for s in trace(RecordBatchV2, BATCH).spans}
    assert spans[("base_offset", "FixedNumber")] == (0, 8)
    assert spans[("partition_leader_epoch", "FixedNumber")] == (12, 16)
    assert spans[("", "CrcGuard")] == (17, len(BATCH))
    assert spans[("attributes", "FixedNumber")] == (21, 23)
    assert spans[("record_count", "FixedNumber")] == (57, 61)
    assert spans[("records[0]", "KPrefixed")] == (61, 74)
    assert spans[("records[0].headers[0].key", "KString")] == (70, 72)
    assert spans[("records[1].value", "KBytes")] == (79, 82)


def test_compressed_records_are_traced_but_not_absolute():
    data = build_batch(make_batch([(b"k", b"v")], codec="gzip", base_timestamp=5))
    spans = trace(RecordBatchV2, data).spans
    inner = [s for s in spans if s.path.startswith("records[")]
    assert inner and not any(s.absolute for s in inner)
    assert next(s for s in spans if s.kind == "Compressed").absolute


def test_a_failed_parse_keeps_the_spans_so_far():
    result = trace(RecordBatchV2, BATCH[:30])
    assert type(result.error).__name__ == "TruncatedError"
    assert [s.path for s in result.spans] == ["base_offset"]


def test_tagged_entries_of_a_header():
    payload = build_request("Metadata", 12, {"topics": None}, correlation_id=1,
                            client_id="c", header_tagged={3: b"\x01", 200: b"ab"})
    subject = request_subject(frame(payload))
    section = next(s for s in subject.spans(kind="TaggedFields") if s.path.startswith("header"))
    _, entries = tagged_entries(subject.data, section)
    assert [(e.tag, subject.data[e.value_at:e.end]) for e in entries] == [(3, b"\x01"),
                                                                        (200, b"ab")]


def test_splice_repairs_record_length_batch_length_and_crc():
    subject = batches_subject(BATCH)
    key = next(s for s in subject.spans(kind="KBytes") if s.path == "batches[0].records[0].key")
    data = splice(subject, key.start, key.end, b"\x0a" + b"hello")  # key b"hello"
    batch = parse_batches(data, strict=True)[0]
    assert batch.records[0].key == b"hello"
    assert struct.unpack_from(">i", data, 8)[0] == len(data) - 12
    assert struct.unpack_from(">I", data, 17)[0] == crc32c(data[21:])


def test_splice_without_crc_repair_breaks_the_crc():
    subject = batches_subject(BATCH)
    key = next(s for s in subject.spans(kind="KBytes") if s.path == "batches[0].records[0].key")
    data = splice(subject, key.start + 1, key.start + 2, b"K", fix_crc=False)
    with pytest.raises(Exception) as info:
        parse_batches(data, strict=True)
    assert type(info.value).__name__ == "CorruptRecordError"


def test_splice_inside_a_records_field_repairs_it_and_the_frame():
    payload = build_request("Produce", 9, {"acks": -1, "timeout_ms": 1, "topic_data": [
        {"name": "t", "partition_data": [{"index": 0, "records": BATCH}]}]})
    subject = request_subject(frame(payload))
    value = next(s for s in subject.trace.absolute() if s.path.endswith("records[1].value"))
    data = splice(subject, value.start, value.end, b"\x02Z")
    request = parse_request(data[4:])
    records = request.body["topic_data"][0]["partition_data"][0]["records"]
    assert parse_batches(records.raw, strict=True)[0].records[1].value == b"Z"
    assert struct.unpack_from(">i", data)[0] == len(data) - 4
