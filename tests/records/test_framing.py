"""The framing every reader shares: lengths and magic at fixed offsets, minimums from the grammars."""

from __future__ import annotations

import struct

import pytest

import kformat
from kformat.errors import InvalidValueError, LimitExceededError, UnsupportedVersionError
from kformat.records import framing
from kformat.records.batch import HEADER_SIZE, MIN_BATCH_LENGTH


def test_minimum_lengths_match_kafka() -> None:
    # Kafka's LegacyRecord.RECORD_OVERHEAD_V0 (14) and _V1 (22); DefaultRecordBatch's
    # RECORD_BATCH_OVERHEAD (61) less LOG_OVERHEAD (12)
    assert [framing.min_length(m) for m in (0, 1, 2)] == [14, 22, 49]
    assert framing.min_length(2) == MIN_BATCH_LENGTH == HEADER_SIZE - framing.BATCH_OVERHEAD
    assert framing.min_length(3) is None


@pytest.mark.parametrize("magic", [0, 1, 2])
def test_an_empty_entry_of_every_magic_is_exactly_its_minimum(magic: int) -> None:
    records = [] if magic == 2 else [kformat.Record(key=None, value=None)]
    data = kformat.build_batch(kformat.make_batch(records, magic=magic))
    assert framing.entry_length(data) == framing.min_length(magic)
    assert framing.check_frame(data[:framing.PEEK], 0, 1 << 20) == (len(data), magic)
    assert framing.plausible_frame(data[:framing.PEEK], 0, len(data), 1 << 20) == (len(data), magic)
    assert framing.plausible_frame(data[:framing.PEEK], 0, len(data) - 1, 1 << 20) is None


def _head(length: int, magic: int) -> bytes:
    return struct.pack(">qiib", 0, length, 0, magic)


def test_check_frame_errors_carry_field_and_offset() -> None:
    with pytest.raises(InvalidValueError) as info:
        framing.check_frame(_head(48, 2), 100, 1 << 20)
    assert (info.value.path, info.value.offset, info.value.expected, info.value.actual) == (
        "batch_length", 108, 49, 48)
    assert "for magic 2" in str(info.value)
    with pytest.raises(LimitExceededError) as info:
        framing.check_frame(_head(1000, 2), 0, 100)
    assert (info.value.path, info.value.offset, info.value.actual) == ("batch_length", 8, 1012)
    with pytest.raises(UnsupportedVersionError) as info:
        framing.check_frame(_head(100, 3), 0, 1 << 20)
    assert (info.value.path, info.value.offset, info.value.actual) == ("magic", 16, 3)
    # a head that stops before the magic: only the length is checked
    assert framing.check_frame(_head(100, 2)[:12], 0, 1 << 20) == (112, None)
    with pytest.raises(InvalidValueError):
        framing.check_frame(_head(4, 2)[:12], 0, 1 << 20)


def test_plausible_frame_says_no_instead_of_raising() -> None:
    assert framing.plausible_frame(_head(48, 2), 0, 1 << 20, 1 << 20) is None
    assert framing.plausible_frame(_head(100, 3), 0, 1 << 20, 1 << 20) is None
    assert framing.plausible_frame(_head(100, 2), 0, 1 << 20, 50) is None
    assert framing.plausible_frame(_head(100, 2)[:16], 0, 1 << 20, 1 << 20) is None
