"""The public record API: parse_batches, iter_batches, build_batch, make_batch, JSON lines."""

from __future__ import annotations

import base64
import dataclasses
import io
import json
import struct
from pathlib import Path
from typing import Any

import pytest

import kformat
from kformat import (
    Batch,
    Batches,
    Codec,
    Record,
    TruncatedTail,
    build_batch,
    control_record,
    decode_control,
    decode_to_json_lines,
    iter_batches,
    make_batch,
    parse_batches,
)
from kformat.errors import (
    CorruptRecordError,
    EncodeError,
    InvalidValueError,
    LimitExceededError,
    TruncatedError,
    UnsupportedVersionError,
)
from kformat.records.control import ControlType

RECORDS = [
    Record(key=b"k0", value=b"v0", headers=[("h", b"1"), ("h", None)], timestamp=1_000),
    Record(key=None, value=b"v1", timestamp=1_007),
    Record(key=b"k2", value=None, timestamp=1_003),
]


def triples(batch: Batch) -> list[tuple[Any, ...]]:
    return [(r.offset, r.timestamp, r.key, r.value, r.headers) for r in batch.records]


@pytest.mark.parametrize("codec", list(Codec))
def test_make_build_parse(codec: Codec) -> None:
    batch = make_batch(RECORDS, codec=codec, base_offset=50, producer_id=9, producer_epoch=2,
                       base_sequence=11, partition_leader_epoch=4)
    assert batch.last_offset_delta == 2 and batch.next_offset == 53
    assert batch.base_timestamp == 1_000 and batch.max_timestamp == 1_007
    assert [r.offset_delta for r in batch.records] == [0, 1, 2]
    assert [r.timestamp_delta for r in batch.records] == [0, 7, 3]
    data = build_batch(batch)
    (parsed,) = parse_batches(data)
    assert triples(parsed) == triples(batch)
    assert (parsed.codec, parsed.producer_id, parsed.producer_epoch, parsed.base_sequence,
            parsed.partition_leader_epoch) == (codec, 9, 2, 11, 4)
    assert parsed.crc_valid is True and parsed.size == len(data) == parsed.batch_length + 12
    assert parsed.attributes == int(codec)
    assert (parsed.raw_records is not None) == (codec != Codec.NONE)
    assert build_batch(parsed) == data


def test_make_batch_inputs() -> None:
    batch = make_batch([(b"a", b"1"), (b"b", b"2", [("x", b"y")]),
                        {"key": b"c", "value": None, "headers": {"z": None}, "timestamp": 99,
                         "offset": 7}], base_timestamp=90, base_offset=5)
    assert triples(batch) == [(5, 90, b"a", b"1", ()), (6, 90, b"b", b"2", (("x", b"y"),)),
                              (7, 99, b"c", None, (("z", None),))]
    assert batch.last_offset_delta == 2 and batch.max_timestamp == 99
    with pytest.raises(EncodeError) as err:
        make_batch([b"not a record"])
    assert err.value.path == "records[0]"
    with pytest.raises(EncodeError) as err:
        make_batch([], codec="brotli")
    assert err.value.path == "codec"


def test_make_batch_default_timestamp_is_now() -> None:
    batch = make_batch([(b"k", b"v")])
    assert batch.base_timestamp > 1_600_000_000_000
    assert batch.records[0].timestamp == batch.base_timestamp


def test_empty_batch() -> None:
    batch = make_batch([], base_offset=10, base_timestamp=5)
    data = build_batch(batch)
    assert len(data) == 61
    (parsed,) = parse_batches(data)
    assert parsed.records == [] and parsed.last_offset_delta == -1
    assert build_batch(parsed) == data


def test_log_append_time_reports_max_timestamp() -> None:
    batch = make_batch(RECORDS, timestamp_type=1)
    data = build_batch(batch)
    (parsed,) = parse_batches(data)
    assert parsed.timestamp_type == 1 and parsed.attributes & 0x08
    assert {r.timestamp for r in parsed.records} == {1_007}
    assert [r.timestamp_delta for r in parsed.records] == [0, 7, 3]
    assert all(r.timestamp_type == 1 for r in parsed.records)
    assert build_batch(parsed) == data


def test_edited_batch_is_rebuilt() -> None:
    data = build_batch(make_batch(RECORDS, codec=Codec.GZIP))
    (parsed,) = parse_batches(data)
    parsed.records[1] = parsed.records[1].replace(value=b"changed")
    # the absolute value wins over the stored delta
    parsed.records[2] = parsed.records[2].replace(timestamp=1_002)
    rebuilt = build_batch(parsed)
    assert rebuilt != data
    (again,) = parse_batches(rebuilt)
    assert again.records[1].value == b"changed"
    assert again.records[2].timestamp_delta == 2
    parsed.codec = Codec.ZSTD  # the stored gzip payload no longer applies
    (zstd,) = parse_batches(build_batch(parsed))
    assert zstd.codec == Codec.ZSTD and triples(zstd) == triples(again)


def test_compression_level() -> None:
    batch = make_batch([(b"k", b"x" * 1000)] * 10, codec=Codec.ZSTD)
    assert len(build_batch(batch, compression_level=19)) <= len(build_batch(batch))
    with pytest.raises(EncodeError) as err:
        build_batch(batch, compression_level=99)
    assert err.value.path == "records"


def test_flags_and_unknown_attribute_bits() -> None:
    batch = make_batch([control_record("abort", 3)], is_transactional=True, is_control=True,
                       producer_id=1, producer_epoch=0)
    batch.has_delete_horizon = True
    batch.attributes |= 0x100  # an unknown bit survives
    (parsed,) = parse_batches(build_batch(batch))
    assert parsed.is_transactional and parsed.is_control and parsed.has_delete_horizon
    assert parsed.attributes == 0x100 | 0x40 | 0x20 | 0x10


def test_headers_given_as_lists_or_tuples() -> None:
    """A header is any (key, value) pair: a Record stores them as a tuple of tuples."""
    batch = make_batch(RECORDS)
    data = build_batch(batch)
    listed = [r.replace(headers=[list(h) for h in r.headers]) for r in batch.records]
    assert [r.headers for r in listed] == [r.headers for r in batch.records]
    assert build_batch(make_batch(listed)) == data
    (parsed,) = parse_batches(data)
    assert all(type(r.headers) is tuple for r in parsed.records)
    assert all(type(h) is tuple for r in parsed.records for h in r.headers)
    assert [r.headers for r in parsed.records] == [r.headers for r in batch.records]


def test_build_errors_name_the_field() -> None:
    batch = make_batch(RECORDS)
    cases: list[tuple[Any, str]] = [
        (dataclasses.replace(batch, codec=6), "codec"),
        (dataclasses.replace(batch, magic=3), "magic"),
        (dataclasses.replace(batch, producer_epoch=1 << 20), "producer_epoch"),
    ]
    bad = make_batch(RECORDS)
    bad.records[1] = {"key": b"k"}
    cases.append((bad, "records[1]"))
    for value, path in cases:
        with pytest.raises(EncodeError) as err:
            build_batch(value)
        assert err.value.path == path, err.value


@pytest.mark.parametrize(("record", "path"), [
    ({"headers": [("k",)]}, "records[1].headers[0]"),
    ({"key": "text"}, "records[1].key"),
    ({"headers": [(None, b"v")]}, "records[1].headers[0].key"),
    ({"headers": [("k", "v")]}, "records[1].headers[0].value"),
    ({"attributes": 1 << 64}, "records[1].attributes"),
])
def test_make_batch_names_the_record_field_at_fault(record: dict[str, Any], path: str) -> None:
    """A value a Record refuses is an EncodeError naming the record and its field."""
    with pytest.raises(EncodeError) as err:
        make_batch([{"key": b"ok"}, record])
    assert err.value.path == path, err.value


# --------------------------------------------------------------------------- many batches


def mixed_stream() -> tuple[bytes, list[bytes]]:
    parts = [
        build_batch(make_batch([(b"a", b"1")], magic=0)),
        build_batch(make_batch(RECORDS, base_offset=1, codec=Codec.LZ4)),
        build_batch(make_batch([(b"b", b"2"), (None, b"3")], magic=1, codec=Codec.GZIP,
                               base_offset=4, base_timestamp=10)),
        build_batch(make_batch([(b"c", b"4")], magic=1, base_offset=6, base_timestamp=11)),
        build_batch(make_batch([], base_offset=7, base_timestamp=12)),
        build_batch(make_batch(RECORDS, base_offset=7, codec=Codec.ZSTD)),
    ]
    return b"".join(parts), parts


def test_mixed_magics() -> None:
    data, parts = mixed_stream()
    batches = parse_batches(data)
    assert isinstance(batches, Batches) and batches.truncated is None
    assert [b.magic for b in batches] == [0, 2, 1, 1, 2, 2]
    positions = [sum(len(p) for p in parts[:i]) for i in range(len(parts))]
    assert [b.position for b in batches] == positions
    assert [build_batch(b) for b in batches] == parts


def test_truncated_tail() -> None:
    data, parts = mixed_stream()
    cut = len(data) - 5
    batches = parse_batches(data[:cut])
    assert len(batches) == len(parts) - 1
    assert batches.truncated == TruncatedTail(position=len(data) - len(parts[-1]),
                                              available=len(parts[-1]) - 5,
                                              needed=len(parts[-1]))
    with pytest.raises(TruncatedError) as err:
        parse_batches(data[:cut], strict=True)
    assert err.value.offset == len(data) - len(parts[-1])
    tail = parse_batches(data[:len(parts[0]) + 7])
    assert tail.truncated == TruncatedTail(position=len(parts[0]), available=7, needed=None)


@pytest.mark.parametrize("kind", ["bytes", "bytearray", "memoryview", "file", "path"])
def test_iter_batches_sources(kind: str, tmp_path: Path) -> None:
    data, parts = mixed_stream()
    data += parts[1][:20]
    path = tmp_path / "00000000000000000000.log"
    path.write_bytes(data)
    source: Any = {"bytes": data, "bytearray": bytearray(data), "memoryview": memoryview(data),
                   "file": io.BytesIO(data), "path": path}[kind]
    iterator = iter_batches(source)
    assert [b.magic for b in iterator] == [0, 2, 1, 1, 2, 2]
    assert iterator.truncated == TruncatedTail(position=len(data) - 20, available=20,
                                               needed=len(parts[1]))


def test_a_str_is_a_type_error_that_says_what_to_pass(tmp_path: Path) -> None:
    for call in (parse_batches, iter_batches, decode_to_json_lines):
        with pytest.raises(TypeError, match=r"pass bytes .*, a binary file, or a pathlib.Path"):
            list(call(str(tmp_path / "00000000000000000000.log")))  # type: ignore[arg-type]
    for parse in (kformat.parse_request, lambda f: kformat.parse_response(f, 3, 12)):
        with pytest.raises(TypeError, match=r"a frame is bytes, not str: pass bytes"):
            parse("00 03 00 0c")


class CountingReader(io.RawIOBase):
    """A file that records every read size."""

    def __init__(self, data: bytes) -> None:
        self.data = io.BytesIO(data)
        self.sizes: list[int] = []

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        self.sizes.append(n)
        return self.data.read(n)


def test_files_are_read_batch_by_batch() -> None:
    one = build_batch(make_batch([(b"k", b"x" * 500)] * 4))
    reader = CountingReader(one * 20)
    iterator = iter_batches(reader)
    first = next(iterator)
    assert first.size == len(one)
    assert sum(reader.sizes) <= len(one) + 17  # the first batch and the next header at most
    assert max(reader.sizes) <= len(one) and -1 not in reader.sizes
    assert len(list(iterator)) == 19


def test_lying_batch_length_is_bounded() -> None:
    data = bytearray(build_batch(make_batch(RECORDS)))
    struct.pack_into(">i", data, 8, 0x7FFFFFF0)
    with pytest.raises(LimitExceededError) as err:
        parse_batches(data)
    assert (err.value.path, err.value.offset) == ("batch_length", 8)
    reader = CountingReader(bytes(data))
    tail = parse_batches(reader, max_batch_size=1 << 31)
    assert tail.truncated == TruncatedTail(0, len(data), 0x7FFFFFF0 + 12)
    assert max(reader.sizes) <= 1 << 20  # read in bounded chunks, never allocated up front


def test_batch_length_below_minimum() -> None:
    data = bytearray(build_batch(make_batch(RECORDS)))
    struct.pack_into(">i", data, 8, 48)
    with pytest.raises(InvalidValueError) as err:
        parse_batches(data)
    assert (err.value.path, err.value.offset, err.value.expected) == ("batch_length", 8, 49)


def test_unknown_magic() -> None:
    data = bytearray(build_batch(make_batch(RECORDS)))
    data[16] = 7
    with pytest.raises(UnsupportedVersionError) as err:
        parse_batches(bytes(data))
    assert (err.value.path, err.value.offset, err.value.actual) == ("magic", 16, 7)


def test_errors_are_absolute_in_the_buffer() -> None:
    data, parts = mixed_stream()
    data = bytearray(data)
    at = sum(len(p) for p in parts[:5])  # the zstd batch
    data[at + 30] ^= 0x10
    with pytest.raises(CorruptRecordError) as err:
        parse_batches(bytes(data))
    assert (err.value.path, err.value.offset) == ("crc", at + 17)  # the CRC field
    batches = parse_batches(bytes(data), verify_crc=False)
    assert len(batches) == len(parts) and {b.crc_valid for b in batches} == {None}
    assert parse_batches(bytes(data[:at]))[0].crc_valid is True


# --------------------------------------------------------------------------- control records


@pytest.mark.parametrize("kind", ["commit", "abort", ControlType.COMMIT, 0])
def test_control_records(kind: Any) -> None:
    record = control_record(kind, coordinator_epoch=12)
    batch = make_batch([record], is_control=True, is_transactional=True, producer_id=77,
                       producer_epoch=3)
    (parsed,) = parse_batches(build_batch(batch))
    decoded = decode_control(parsed.records[0])
    expected = ControlType[kind.upper()] if isinstance(kind, str) else ControlType(kind)
    assert decoded == {"version": 0, "type": int(expected), "type_name": expected.name,
                       "marker_version": 0, "coordinator_epoch": 12}


def test_decode_control_other_types_and_errors() -> None:
    leader_change = Record(key=b"\x00\x00\x00\x02", value=b"\x00\x00raw")
    assert decode_control(leader_change) == {"version": 0, "type": 2,
                                             "type_name": "LEADER_CHANGE",
                                             "value": b"\x00\x00raw"}
    with pytest.raises(TruncatedError) as err:
        decode_control(Record(key=b"\x00"))
    assert err.value.path == "key.version"
    with pytest.raises(TruncatedError) as err:
        decode_control(Record(key=b"\x00\x00\x00\x01", value=b"\x00\x00\x00"))
    assert err.value.path == "value.coordinator_epoch"
    with pytest.raises(EncodeError):
        control_record(ControlType.LEADER_CHANGE)
    with pytest.raises(EncodeError):
        control_record("nonsense")


# --------------------------------------------------------------------------- JSON lines


def test_decode_to_json_lines() -> None:
    data = build_batch(make_batch(RECORDS, base_offset=3))
    data += build_batch(make_batch([control_record("commit", 1)], is_control=True))
    data += build_batch(make_batch([], base_offset=9, base_timestamp=0))
    lines = [json.loads(line) for line in decode_to_json_lines(data + data[:3])]
    assert len(lines) == 3 + 1 + 1 + 1
    first = lines[0]
    assert first["batch"]["base_offset"] == 3 and first["batch"]["codec"] == "none"
    assert first["record"] == {"offset": 3, "timestamp": 1_000,
                               "key": {"$bytes": base64.b64encode(b"k0").decode()},
                               "value": {"$bytes": base64.b64encode(b"v0").decode()},
                               "headers": [{"key": "h", "value": {"$bytes": "MQ=="}},
                                           {"key": "h", "value": None}]}
    assert lines[1]["record"]["key"] is None
    assert lines[3]["record"]["control"]["type_name"] == "COMMIT"
    assert lines[4]["record"] is None and lines[4]["batch"]["record_count"] == 0
    assert lines[5] == {"truncated": {"position": 0 + len(data), "available": 3,
                                      "needed": None}}


def test_top_level_exports() -> None:
    for name in ("parse_batches", "iter_batches", "build_batch", "make_batch", "Batch",
                 "Record", "TruncatedTail", "Batches", "decode_to_json_lines"):
        assert name in kformat.__all__ and hasattr(kformat, name)
    assert kformat.Record is Record


# --------------------------------------------------------------------------- property

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_blob = st.one_of(st.none(), st.binary(max_size=300))
_records = st.lists(st.builds(
    Record, key=_blob, value=_blob,
    headers=st.lists(st.tuples(st.text(max_size=5), _blob), max_size=2),
    timestamp=st.integers(0, 1 << 45)), max_size=20)


@given(_records, st.sampled_from(list(Codec)), st.integers(0, 1 << 40), st.integers(0, 1))
def test_round_trip_property(records: list[Record], codec: Codec, base_offset: int,
                             timestamp_type: int) -> None:
    batch = make_batch(records, codec=codec, base_offset=base_offset,
                       timestamp_type=timestamp_type)
    data = build_batch(batch)
    (parsed,) = parse_batches(data)
    assert [(r.key, r.value, r.headers) for r in parsed.records] == [
        (r.key, r.value, r.headers) for r in records]
    assert [r.offset for r in parsed.records] == list(range(base_offset,
                                                            base_offset + len(records)))
    if not timestamp_type:
        assert [r.timestamp for r in parsed.records] == [r.timestamp for r in batch.records]
    assert build_batch(parsed) == data
