"""``leader-epoch-checkpoint`` and ``partition.metadata``: golden text, Kafka's reading rules."""

from __future__ import annotations

import uuid

import pytest

from kformat.errors import InvalidValueError, TruncatedError, UnsupportedVersionError
from kformat.segments.textfiles import (
    EpochEntry,
    PartitionMetadata,
    build_leader_epoch_checkpoint,
    build_partition_metadata,
    format_topic_id,
    parse_leader_epoch_checkpoint,
    parse_partition_metadata,
    parse_topic_id,
)

CHECKPOINT = b"0\n2\n0 0\n3 150\n"
ENTRIES = [EpochEntry(0, 0), EpochEntry(3, 150)]


def test_checkpoint_golden() -> None:
    assert parse_leader_epoch_checkpoint(CHECKPOINT) == ENTRIES
    assert build_leader_epoch_checkpoint(ENTRIES) == CHECKPOINT
    assert build_leader_epoch_checkpoint([]) == b"0\n0\n"
    assert parse_leader_epoch_checkpoint(b"0\n0\n") == []


def test_checkpoint_line_endings_and_spacing() -> None:
    assert parse_leader_epoch_checkpoint(b"0\r\n2\r\n0 0\r\n3\t150") == ENTRIES
    assert parse_leader_epoch_checkpoint("0\n1\n7   9000000000\n") == [EpochEntry(7, 9000000000)]


@pytest.mark.parametrize("data, error, path, offset", [
    (b"", TruncatedError, "version", 0),
    (b"1\n0\n", UnsupportedVersionError, "version", 0),
    (b"x\n0\n", InvalidValueError, "version", 0),
    (b"0\n", TruncatedError, "count", 2),
    (b"0\n-1\n", InvalidValueError, "count", 2),
    (b"0\n2\n0 0\n", TruncatedError, "entries", 8),
    (b"0\n1\n0 0\n3 150\n", InvalidValueError, "entries[1]", 8),
    (b"0\n2\n0 0\n3 x\n", InvalidValueError, "entries[1].start_offset", 8),
    (b"0\n1\n0 0 0\n", InvalidValueError, "entries[0]", 4),
    (b"0\n1\n 0 0\n", InvalidValueError, "entries[0]", 4),
    (b"0\n1\n\n", InvalidValueError, "entries[0]", 4),
    (b"0\n1\n99999999999 0\n", InvalidValueError, "entries[0].epoch", 4),
    (b"0\n1\n\xff 0\n", InvalidValueError, "", 4),
])
def test_checkpoint_rejects(data: bytes, error: type, path: str, offset: int) -> None:
    with pytest.raises(error) as info:
        parse_leader_epoch_checkpoint(data)
    assert type(info.value) is error
    assert (info.value.path, info.value.offset) == (path, offset)


TOPIC_ID = uuid.UUID(int=1)
METADATA = b"version: 0\ntopic_id: AAAAAAAAAAAAAAAAAAAAAQ\n"


def test_partition_metadata_golden() -> None:
    assert format_topic_id(TOPIC_ID) == "AAAAAAAAAAAAAAAAAAAAAQ"
    assert parse_partition_metadata(METADATA) == PartitionMetadata(TOPIC_ID, 0)
    assert build_partition_metadata(TOPIC_ID) == METADATA
    some = uuid.UUID("b40d87ca-f8f6-5568-bf0b-d4fab3d8588e")
    assert format_topic_id(some) == "tA2Hyvj2VWi_C9T6s9hYjg"  # URL-safe alphabet ('_')
    assert parse_topic_id("tA2Hyvj2VWi_C9T6s9hYjg") == some
    assert parse_topic_id("tA2Hyvj2VWi_C9T6s9hYjg==") == some  # padding is optional


@pytest.mark.parametrize("data, error, path, offset", [
    (b"", TruncatedError, "version", 0),
    (b"version: 1\ntopic_id: AAAAAAAAAAAAAAAAAAAAAQ\n", UnsupportedVersionError, "version", 0),
    (b"version 0\ntopic_id: AAAAAAAAAAAAAAAAAAAAAQ\n", InvalidValueError, "version", 0),
    (b"version: 0\n", TruncatedError, "topic_id", 11),
    (b"version: 0\ntopic_id: AAAAAAAAAAAAAAAAAAAAAA\n", InvalidValueError, "topic_id", 11),
    (b"version: 0\ntopic_id: AAAA\n", InvalidValueError, "topic_id", 11),
    (b"version: 0\ntopic_id: tA2Hyvj2VWi/C9T6s9hYjg\n", InvalidValueError, "topic_id", 11),
    (b"version: 0\ntopic: AAAAAAAAAAAAAAAAAAAAAQ\n", InvalidValueError, "topic_id", 11),
])
def test_partition_metadata_rejects(data: bytes, error: type, path: str, offset: int) -> None:
    with pytest.raises(error) as info:
        parse_partition_metadata(data)
    assert type(info.value) is error
    assert (info.value.path, info.value.offset) == (path, offset)
