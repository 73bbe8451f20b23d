"""``.index``, ``.timeindex`` and ``.txnindex``: golden bytes, preallocated zeros, errors."""

from __future__ import annotations

import struct

import pytest

from kformat.errors import EncodeError, TruncatedError, UnsupportedVersionError
from kformat.segments.indexes import (
    OFFSET_INDEX,
    TIME_INDEX,
    AbortedTxn,
    OffsetPosition,
    TimestampOffset,
    build_offset_index,
    build_time_index,
    build_txn_index,
    parse_offset_index,
    parse_time_index,
    parse_txn_index,
    txn_index_grammar,
)
from tests.helpers import assert_rejects, assert_symmetric

pytestmark = pytest.mark.usefixtures("each_engine")

# relative offset INT32, position INT32
OFFSET_INDEX_BYTES = struct.pack(">ii", 5, 4200) + struct.pack(">ii", 10, 9000)
OFFSET_INDEX_VALUE = {"entries": [{"relative_offset": 5, "position": 4200},
                                  {"relative_offset": 10, "position": 9000}]}
# timestamp INT64, relative offset INT32
TIME_INDEX_BYTES = struct.pack(">qi", 1_700_000_000_000, 4) + struct.pack(">qi",
                                                                          1_700_000_000_090, 9)
TIME_INDEX_VALUE = {"entries": [{"timestamp": 1_700_000_000_000, "relative_offset": 4},
                                {"timestamp": 1_700_000_000_090, "relative_offset": 9}]}
# version INT16, producer id, first offset, last offset, last stable offset (INT64 each)
TXN_INDEX_BYTES = struct.pack(">hqqqq", 0, 7, 100, 110, 111) + struct.pack(">hqqqq", 0, 8, 95,
                                                                            120, 95)
TXN_INDEX_VALUE = {"entries": [
    {"version": 0, "producer_id": 7, "first_offset": 100, "last_offset": 110,
     "last_stable_offset": 111},
    {"version": 0, "producer_id": 8, "first_offset": 95, "last_offset": 120,
     "last_stable_offset": 95},
]}


def test_offset_index_golden() -> None:
    assert len(OFFSET_INDEX_BYTES) == 16
    assert_symmetric(OFFSET_INDEX, OFFSET_INDEX_BYTES, OFFSET_INDEX_VALUE)
    index = parse_offset_index(OFFSET_INDEX_BYTES, 100)
    assert index.entries == [OffsetPosition(105, 4200), OffsetPosition(110, 9000)]
    assert (index.padding, index.ignored, index.trailing_bytes) == (0, [], 0)
    assert build_offset_index(index.entries, 100) == OFFSET_INDEX_BYTES


def test_time_index_golden() -> None:
    assert len(TIME_INDEX_BYTES) == 24
    assert_symmetric(TIME_INDEX, TIME_INDEX_BYTES, TIME_INDEX_VALUE)
    index = parse_time_index(TIME_INDEX_BYTES, 100)
    assert index.entries == [TimestampOffset(1_700_000_000_000, 104),
                             TimestampOffset(1_700_000_000_090, 109)]
    assert build_time_index(index.entries, 100) == TIME_INDEX_BYTES


def test_txn_index_golden() -> None:
    assert len(TXN_INDEX_BYTES) == 68
    assert_symmetric(txn_index_grammar(), TXN_INDEX_BYTES, TXN_INDEX_VALUE)
    entries = parse_txn_index(TXN_INDEX_BYTES)
    assert entries == [AbortedTxn(7, 100, 110, 111), AbortedTxn(8, 95, 120, 95)]
    assert build_txn_index(entries) == TXN_INDEX_BYTES
    assert parse_txn_index(b"") == []


def test_preallocated_zeros_are_padding() -> None:
    data = build_offset_index([OffsetPosition(105, 4200)], 100, preallocate=100)
    assert len(data) == 96  # rounded down to whole entries, as Kafka sizes it
    index = parse_offset_index(data, 100)
    assert index.entries == [OffsetPosition(105, 4200)]
    assert (index.padding, index.file_size, index.valid_bytes) == (11, 96, 8)
    times = parse_time_index(build_time_index([TimestampOffset(5, 101)], 100,
                                              preallocate=10 * 1024 * 1024), 100)
    assert times.entries == [TimestampOffset(5, 101)] and times.padding == 873_812


def test_all_zero_index_is_empty() -> None:
    assert parse_offset_index(bytes(4096)).entries == []
    assert parse_time_index(bytes(120)).entries == []
    assert parse_offset_index(b"").entries == []


def test_entries_stop_at_first_zero_relative_offset_after_the_first() -> None:
    # Kafka's DumpLogSegments: an entry (after the first) whose offset is the base offset
    # marks the start of the preallocated zeros; entry 0 itself may be relative offset 0.
    data = (struct.pack(">ii", 0, 0) + struct.pack(">ii", 3, 500) + bytes(8)
            + struct.pack(">ii", 9, 900) + bytes(8))
    index = parse_offset_index(data, 10)
    assert index.entries == [OffsetPosition(10, 0), OffsetPosition(13, 500)]
    assert index.padding == 3
    assert index.ignored == [(24, OffsetPosition(19, 900))]


def test_partial_entry() -> None:
    data = OFFSET_INDEX_BYTES + b"\x00\x00\x01"
    with pytest.raises(TruncatedError) as info:
        parse_offset_index(data)
    err = info.value
    assert (err.path, err.offset, err.expected, err.actual) == ("entries[2]", 16, 8, 3)
    index = parse_offset_index(data, strict=False)
    assert len(index.entries) == 2 and index.trailing_bytes == 3
    with pytest.raises(TruncatedError) as info:
        parse_time_index(TIME_INDEX_BYTES[:-5])
    assert (info.value.path, info.value.offset) == ("entries[1]", 12)


def test_txn_index_errors() -> None:
    bad_version = struct.pack(">h", 1) + TXN_INDEX_BYTES[2:]
    assert_rejects(txn_index_grammar(), bad_version, UnsupportedVersionError,
                   "entries[0].version", 0, expected=0, actual=1)
    with pytest.raises(UnsupportedVersionError):
        parse_txn_index(bad_version)
    assert_rejects(txn_index_grammar(), TXN_INDEX_BYTES[:-1], TruncatedError,
                   "entries[1].last_stable_offset", 60, expected=8, actual=7)
    with pytest.raises(TruncatedError):
        parse_txn_index(TXN_INDEX_BYTES[:40])


@pytest.mark.parametrize("entries, base, path", [
    ([OffsetPosition(99, 0)], 100, "entries[0].offset"),
    ([OffsetPosition(100, 0), OffsetPosition(100 + 2**31, 8)], 100, "entries[1].offset"),
])
def test_build_rejects_offsets_outside_the_segment(entries: list[OffsetPosition], base: int,
                                                   path: str) -> None:
    with pytest.raises(EncodeError) as info:
        build_offset_index(entries, base)
    assert info.value.path == path
    with pytest.raises(EncodeError):
        build_time_index([TimestampOffset(1, e.offset) for e in entries], base)


def test_build_rejects_bad_values() -> None:
    with pytest.raises(EncodeError):
        build_offset_index([OffsetPosition(1, 2**31)])
    with pytest.raises(EncodeError):
        build_txn_index([AbortedTxn(1, 2, 3, 4, version=1)])
