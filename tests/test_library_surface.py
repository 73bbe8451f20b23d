"""The public surface issue 12 asked for: enums on batches and records, error classes and
offsets, str inputs, one Record name, grammar repr and kinds."""

from __future__ import annotations

import pathlib

import pytest

import kformat
import kformat.records
from kformat.records.enums import json_name


def test_codec_and_timestamp_type_are_int_enums_equal_to_the_ints() -> None:
    batch = kformat.make_batch([(b"k", b"v")], codec="lz4", timestamp_type=1)
    (back,) = kformat.parse_batches(kformat.build_batch(batch))
    for b in (batch, back):
        assert b.codec is kformat.Codec.LZ4 and b.codec == 3
        assert b.timestamp_type is kformat.TimestampType.LOG_APPEND_TIME and b.timestamp_type == 1
        assert b.records[0].timestamp_type is kformat.TimestampType.LOG_APPEND_TIME
    assert "codec=<Codec.LZ4: 3>" in repr(back)
    assert "timestamp_type=<TimestampType.LOG_APPEND_TIME: 1>" in repr(back.records[0])
    (plain,) = kformat.parse_batches(kformat.build_batch(kformat.make_batch([(b"k", b"v")])))
    assert plain.records[0].timestamp_type is kformat.TimestampType.CREATE_TIME


def test_legacy_batches_carry_the_enums_too() -> None:
    for magic in (0, 1):
        data = kformat.build_batch(kformat.make_batch([(b"k", b"v")], magic=magic,
                                                      codec=kformat.Codec.GZIP))
        (batch,) = kformat.parse_batches(data)
        assert batch.codec is kformat.Codec.GZIP
        assert batch.records[0].timestamp_type is kformat.TimestampType.CREATE_TIME


def test_an_undefined_codec_id_stays_an_int() -> None:
    assert kformat.Batch(codec=6).codec == 6 and type(kformat.Batch(codec=6).codec) is int
    assert json_name(6, kformat.Codec) == "unknown(6)"
    assert json_name(-1, kformat.TimestampType) == "no_timestamp_type"


def _gzip_batch() -> bytes:
    return kformat.build_batch(kformat.make_batch([(b"k", b"v" * 100)], codec="gzip"))


def test_bad_gzip_check_value_is_corrupt_record_error() -> None:
    data = bytearray(_gzip_batch())
    data[-8] ^= 0x01  # inside the gzip trailer's CRC-32 (batch CRC checks off)
    with pytest.raises(kformat.CorruptRecordError) as info:
        kformat.parse_batches(bytes(data), verify_crc=False)
    assert (info.value.path, info.value.offset) == ("records", 61)
    assert "incorrect data check" in info.value.reason


def test_broken_lz4_block_is_corrupt_record_error() -> None:
    data = bytearray(kformat.build_batch(kformat.make_batch([(b"k", bytes(range(256)) * 8)],
                                                            codec="lz4")))
    data[61 + 11] ^= 0xFF
    with pytest.raises(kformat.CorruptRecordError):
        kformat.parse_batches(bytes(data), verify_crc=False)


def test_an_undefined_codec_is_still_unsupported() -> None:
    data = bytearray(kformat.build_batch(kformat.make_batch([(b"k", b"v")])))
    data[22] |= 0x06  # attributes low byte: codec 6
    with pytest.raises(kformat.UnsupportedCodecError) as info:
        kformat.parse_batches(bytes(data), verify_crc=False)
    assert info.value.actual == 6


def test_crc_mismatch_reports_the_crc_field() -> None:
    prefix = kformat.build_batch(kformat.make_batch([(b"a", b"b")]))
    data = bytearray(kformat.build_batch(kformat.make_batch([(b"k", b"v")], base_offset=1)))
    data[-2] ^= 0x01
    with pytest.raises(kformat.CorruptRecordError) as info:
        kformat.parse_batches(prefix + bytes(data))
    assert (info.value.path, info.value.offset) == ("crc", len(prefix) + 17)
    legacy = bytearray(kformat.build_batch(kformat.make_batch([(b"k", b"v")], magic=1)))
    legacy[-2] ^= 0x01
    with pytest.raises(kformat.CorruptRecordError) as info:
        kformat.parse_batches(prefix + bytes(legacy))
    assert (info.value.path, info.value.offset) == ("message.crc", len(prefix) + 12)


def test_a_str_is_a_type_error(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "00000000000000000000.log"
    path.write_bytes(_gzip_batch())
    with pytest.raises(TypeError, match=r"pass bytes .*pathlib\.Path"):
        kformat.parse_batches(str(path))  # type: ignore[arg-type]
    assert len(kformat.parse_batches(path)) == 1


def test_one_record_name() -> None:
    assert kformat.Record is kformat.records.Record is kformat.records.RecordValue
    assert repr(kformat.records.RecordV2).startswith("<")  # the magic-2 record grammar


def test_grammar_repr_names_structure_and_version() -> None:
    assert repr(kformat.grammar("Metadata", 12, "response")) == "<KStruct MetadataResponse v12>"
    assert repr(kformat.grammar(3, 4)) == "<KStruct MetadataRequest v4>"
    assert repr(kformat.grammar("Metadata", 1, "response-header")) == \
        "<KStruct ResponseHeader v1>"


@pytest.mark.parametrize("call", [kformat.grammar, kformat.compiled_grammar])
def test_a_wrong_kind_lists_every_valid_kind(call: object) -> None:
    with pytest.raises(kformat.UnsupportedVersionError) as info:
        call("Metadata", 12, "responses")  # type: ignore[operator]
    assert info.value.reason == (
        "no grammar kind 'responses'; valid kinds: request, response, request-header, "
        "response-header, metadata, coordinator-key, coordinator-value, data")
