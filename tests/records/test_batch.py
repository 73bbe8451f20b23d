"""The magic 2 grammars (Kafka documentation, "Record Batch"): golden vectors, blocks, compiled == interpreted."""

from __future__ import annotations

import struct
from typing import Any

import crc32c
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kformat.errors import (
    CorruptRecordError,
    EncodeError,
    InvalidValueError,
    LimitExceededError,
    UnsupportedCodecError,
    UnsupportedVersionError,
)
from kformat.primitives import CompiledGrammar, build_interpreted, parse_interpreted
from kformat.records import ControlRecordKey, EndTxnMarker, Header, RecordBatchV2
from kformat.records import RecordV2 as Record
from kformat.records.blocks import CrcGuard, get_param
from kformat.records.codecs import compress
from tests.helpers import (
    assert_build_rejects,
    assert_rejects,
    assert_symmetric,
    compiled,
    compiled_build,
    compiled_parse,
)

# --------------------------------------------------------------------------- golden vectors

# Record 0: attributes 0, timestamp_delta 0, offset_delta 0, key b"key", value b"value",
# one header ("h", b"hv"). Record 1: timestamp_delta 5, offset_delta 1, null key, null value,
# a header with a null value. Every varint below is zig-zag encoded by hand.
RECORD_0_BODY = (b"\x00"            # attributes
                 b"\x00"            # timestamp_delta 0
                 b"\x00"            # offset_delta 0
                 b"\x06key"         # key length 3
                 b"\x0avalue"       # value length 5
                 b"\x02"            # 1 header
                 b"\x02h" b"\x04hv")
RECORD_0 = bytes([len(RECORD_0_BODY) * 2]) + RECORD_0_BODY
RECORD_1_BODY = (b"\x00" b"\x0a" b"\x02"  # attributes, timestamp_delta 5, offset_delta 1
                 b"\x01" b"\x01"          # null key, null value
                 b"\x02" b"\x04ab" b"\x01")  # 1 header: key "ab", null value
RECORD_1 = bytes([len(RECORD_1_BODY) * 2]) + RECORD_1_BODY
RECORDS_VALUE = [
    {"attributes": 0, "timestamp_delta": 0, "offset_delta": 0, "key": b"key",
     "value": b"value", "headers": [{"key": "h", "value": b"hv"}]},
    {"attributes": 0, "timestamp_delta": 5, "offset_delta": 1, "key": None, "value": None,
     "headers": [{"key": "ab", "value": None}]},
]


def golden_batch(attributes: int = 0, records: bytes = RECORD_0 + RECORD_1,
                 base_offset: int = 1000) -> bytes:
    """Assemble a batch field by field (the table of the Kafka documentation's "Record Batch"), CRC-32C from the crc32c package."""
    after_crc = struct.pack(
        ">hiqqqhii",
        attributes,        # attributes
        1,                 # lastOffsetDelta
        1_700_000_000_000,  # baseTimestamp
        1_700_000_000_005,  # maxTimestamp
        42,                # producerId
        3,                 # producerEpoch
        7,                 # baseSequence
        2,                 # recordCount
    ) + records
    crc = crc32c.crc32c(after_crc)
    after_length = struct.pack(">ibI", 9, 2, crc) + after_crc  # leader epoch, magic, crc
    return struct.pack(">qi", base_offset, len(after_length)) + after_length


def golden_value(data: bytes, attributes: int = 0) -> dict[str, Any]:
    return {
        "base_offset": 1000, "partition_leader_epoch": 9, "magic": 2,
        "crc": struct.unpack_from(">I", data, 17)[0], "attributes": attributes,
        "last_offset_delta": 1, "base_timestamp": 1_700_000_000_000,
        "max_timestamp": 1_700_000_000_005, "producer_id": 42, "producer_epoch": 3,
        "base_sequence": 7, "record_count": 2, "records": RECORDS_VALUE,
    }


def test_header_layout() -> None:
    data = golden_batch()
    assert len(data) == 61 + len(RECORD_0) + len(RECORD_1)
    assert struct.unpack_from(">i", data, 8)[0] == len(data) - 12
    assert data[16] == 2


def test_golden_uncompressed_batch() -> None:
    data = golden_batch()
    assert_symmetric(RecordBatchV2, data, golden_value(data))


def test_golden_record_and_header() -> None:
    assert_symmetric(Record, RECORD_0, RECORDS_VALUE[0])
    assert_symmetric(Record, RECORD_1, RECORDS_VALUE[1])
    assert_symmetric(Header, b"\x04ab\x01", {"key": "ab", "value": None})


@pytest.mark.parametrize("codec", [1, 2, 3, 4])
def test_golden_compressed_batch(codec: int) -> None:
    """The record count stays in the header; the compressed records run to the end."""
    data = golden_batch(codec, compress(codec, RECORD_0 + RECORD_1))
    assert_symmetric(RecordBatchV2, data, golden_value(data, codec))


def test_compiles_without_fallbacks() -> None:
    fast = CompiledGrammar(RecordBatchV2)
    assert "linkedinstances = {}" in fast.source
    assert "_kb.read_crc" in fast.source and "_kb.open_compressed" in fast.source


def test_build_computes_lengths_and_crc() -> None:
    data = golden_batch()
    value = golden_value(data)
    value["crc"] = 0  # ignored: always computed
    assert compiled_build(RecordBatchV2, value) == data
    assert build_interpreted(RecordBatchV2, value) == data
    del value["magic"]  # written as 2 when absent
    assert compiled_build(RecordBatchV2, value) == data


def test_empty_batch() -> None:
    value = dict(golden_value(golden_batch()), record_count=0, records=[], last_offset_delta=0)
    data = compiled_build(RecordBatchV2, value)
    assert len(data) == 61
    value["crc"] = struct.unpack_from(">I", data, 17)[0]
    assert_symmetric(RecordBatchV2, data, value)


# --------------------------------------------------------------------------- errors


def test_crc_mismatch_names_stored_and_computed() -> None:
    data = bytearray(golden_batch())
    stored = struct.unpack_from(">I", data, 17)[0]
    data[-1] ^= 0x01
    computed = crc32c.crc32c(bytes(data[21:]))
    err = assert_rejects(RecordBatchV2, data, CorruptRecordError, "crc", 17,
                         expected=stored, actual=computed)
    assert "CRC-32C" in err.reason
    value = parse_interpreted(RecordBatchV2, bytes(data), verify_crc=False)
    assert value["crc"] == stored
    assert value["records"][1]["headers"][0] == {"key": "ab", "value": b""}  # -1 became 0
    assert compiled_parse(RecordBatchV2, bytes(data), verify_crc=False) == value


def test_wrong_magic() -> None:
    data = bytearray(golden_batch())
    data[16] = 3
    assert_rejects(RecordBatchV2, data, UnsupportedVersionError, "magic", 16, expected=2,
                   actual=3)


@pytest.mark.parametrize("codec", [5, 6, 7])
def test_unknown_codec_bits(codec: int) -> None:
    data = golden_batch(codec)
    assert_rejects(RecordBatchV2, data, UnsupportedCodecError, "records", 61, actual=codec)


def test_garbage_payload() -> None:
    data = golden_batch(1, b"\x1f\x8b not really gzip")
    assert_rejects(RecordBatchV2, data, CorruptRecordError, "records", 61)


def test_decompression_limit() -> None:
    plain = RECORD_0 + RECORD_1
    data = golden_batch(4, compress(4, plain))
    assert_rejects(RecordBatchV2, data, LimitExceededError, "records", 61,
                   expected=len(plain) - 1, decompression_limit=len(plain) - 1)
    assert parse_interpreted(RecordBatchV2, data, decompression_limit=len(plain))


def test_error_inside_compressed_region_keeps_outer_path() -> None:
    bad = RECORD_1.replace(b"\x04ab", b"\x04\xff\xfe")  # header key: invalid UTF-8
    data = golden_batch(2, compress(2, RECORD_0 + bad))
    err = assert_rejects(RecordBatchV2, data, InvalidValueError, "records[1].headers[0].key",
                         61)
    assert f"byte {len(RECORD_0) + 7} of the decompressed snappy data" in err.reason


def test_trailing_bytes_in_decompressed_records() -> None:
    data = golden_batch(3, compress(3, RECORD_0 + RECORD_1 + b"\x00"))
    assert_rejects(RecordBatchV2, data, InvalidValueError, "records", 61, expected=0, actual=1)


def test_null_header_key() -> None:
    bad = RECORD_1.replace(b"\x02\x04ab", b"\x02\x01\x00\x00")  # key length -1 (and pad)
    bad = bytes([len(bad) * 2 - 2]) + bad[1:]
    data = golden_batch(0, RECORD_0 + bad)
    assert_rejects(RecordBatchV2, data, InvalidValueError, "records[1].headers[0].key",
                   61 + len(RECORD_0) + 7, verify_crc=False)
    value = golden_value(data)
    value["records"] = [RECORDS_VALUE[0], dict(RECORDS_VALUE[1], headers=[{"key": None,
                                                                         "value": b""}])]
    assert_build_rejects(RecordBatchV2, value, EncodeError)


def test_record_count_must_match_on_build() -> None:
    value = dict(golden_value(golden_batch()), record_count=3)
    assert_build_rejects(RecordBatchV2, value, EncodeError, expected=3, actual=2)


def test_crc32_guard_is_generic() -> None:
    """The guard also does CRC-32 (the magic 0/1 checksum) over any structure."""
    from kformat.primitives import Int32, KStruct

    guarded = KStruct("x" / Int32, CrcGuard(KStruct("y" / Int32), algorithm="crc32"))
    body = struct.pack(">i", 7)
    import zlib

    data = struct.pack(">iI", 1, zlib.crc32(body)) + body
    assert_symmetric(guarded, data, {"x": 1, "crc": zlib.crc32(body), "y": 7})
    assert_rejects(guarded, data[:-1] + b"\x08", CorruptRecordError, "crc", 4)


def test_get_param_walks_compiled_contexts() -> None:
    root = {"_params": {"verify_crc": False}}
    assert get_param({"_": {"_": root}}, "verify_crc", True) is False
    assert get_param({"_": {}}, "verify_crc", True) is True


# --------------------------------------------------------------------------- control records


def test_control_grammars() -> None:
    assert_symmetric(ControlRecordKey, b"\x00\x00\x00\x01", {"version": 0, "type": 1})
    assert_symmetric(EndTxnMarker, b"\x00\x00\x00\x00\x00\x07",
                     {"version": 0, "coordinator_epoch": 7})


def test_control_grammars_match_kafka_specs() -> None:
    """Key and marker value are Kafka's version-prefixed ``ControlRecordTypeSchema`` and
    ``EndTxnMarker`` (``MessageUtil.toVersionPrefixedByteBuffer``)."""
    spec_grammar = pytest.importorskip("kformat.segments.specs").spec_grammar
    key = ControlRecordKey.build({"version": 0, "type": 1})
    assert key[2:] == spec_grammar("ControlRecordTypeSchema", 0).build({"type": 1})
    marker = EndTxnMarker.build({"version": 0, "coordinator_epoch": 99})
    assert marker[2:] == spec_grammar("EndTxnMarker", 0).build({"coordinator_epoch": 99})


# --------------------------------------------------------------------------- compiled == interpreted

_int = st.integers
_bytes = st.one_of(st.none(), st.binary(max_size=40))
_header = st.fixed_dictionaries({"key": st.text(max_size=8), "value": _bytes})
_record = st.fixed_dictionaries({
    "attributes": _int(-128, 127),
    "timestamp_delta": _int(-(1 << 63), (1 << 63) - 1),
    "offset_delta": _int(-(1 << 31), (1 << 31) - 1),
    "key": _bytes,
    "value": _bytes,
    "headers": st.lists(_header, max_size=3),
})


@st.composite
def batches(draw: st.DrawFn) -> dict[str, Any]:
    records = draw(st.lists(_record, max_size=6))
    return {
        "base_offset": draw(_int(-(1 << 63), (1 << 63) - 1)),
        "partition_leader_epoch": draw(_int(-(1 << 31), (1 << 31) - 1)),
        "magic": 2,
        "attributes": draw(_int(0, 4)) | draw(st.sampled_from([0, 0x08, 0x10, 0x20, 0x70])),
        "last_offset_delta": draw(_int(-1, 1 << 20)),
        "base_timestamp": draw(_int(-1, 1 << 50)),
        "max_timestamp": draw(_int(-1, 1 << 50)),
        "producer_id": draw(_int(-1, 1 << 40)),
        "producer_epoch": draw(_int(-1, 1 << 14)),
        "base_sequence": draw(_int(-1, 1 << 30)),
        "record_count": len(records),
        "records": records,
    }


@given(batches())
def test_compiled_and_interpreted_agree(value: dict[str, Any]) -> None:
    data = build_interpreted(RecordBatchV2, value)
    assert compiled_build(RecordBatchV2, value) == data
    parsed = parse_interpreted(RecordBatchV2, data)
    assert compiled_parse(RecordBatchV2, data) == parsed
    value["crc"] = parsed["crc"]
    assert parsed == value
    assert compiled(RecordBatchV2).build(parsed) == data
