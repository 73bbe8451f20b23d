"""Random and cut-short files: only :class:`~kformat.errors.KFormatError` ever escapes."""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kformat.errors import KFormatError
from kformat.segments.indexes import (
    AbortedTxn,
    OffsetPosition,
    TimestampOffset,
    build_offset_index,
    build_time_index,
    build_txn_index,
    parse_offset_index,
    parse_time_index,
    parse_txn_index,
)
from kformat.segments.segment import read_segment
from kformat.segments.snapshot import (
    ProducerEntry,
    build_producer_snapshot,
    parse_producer_snapshot,
)
from kformat.segments.textfiles import parse_leader_epoch_checkpoint, parse_partition_metadata

PARSERS: dict[str, Callable[[bytes], Any]] = {
    "index": parse_offset_index,
    "timeindex": parse_time_index,
    "txnindex": parse_txn_index,
    "snapshot": parse_producer_snapshot,
    "snapshot-unchecked": lambda d: parse_producer_snapshot(d, verify_crc=False),
    "leader-epoch-checkpoint": parse_leader_epoch_checkpoint,
    "partition.metadata": parse_partition_metadata,
}

VALID = {
    "index": build_offset_index([OffsetPosition(3, 100), OffsetPosition(9, 4000)]),
    "timeindex": build_time_index([TimestampOffset(10, 3), TimestampOffset(20, 9)]),
    "txnindex": build_txn_index([AbortedTxn(1, 2, 3, 4), AbortedTxn(5, 6, 7, 8)]),
    "snapshot": build_producer_snapshot([ProducerEntry(1, 2, 3, 4, 5, 6, 7, 8)] * 2),
    "snapshot-unchecked": build_producer_snapshot([ProducerEntry(1, 2, 3, 4, 5, 6)]),
    "leader-epoch-checkpoint": b"0\n2\n0 0\n3 150\n",
    "partition.metadata": b"version: 0\ntopic_id: AAAAAAAAAAAAAAAAAAAAAQ\n",
}


def only_kformat_errors(parse: Callable[[bytes], Any], data: bytes) -> None:
    try:
        parse(data)
    except KFormatError:
        pass


@pytest.mark.parametrize("kind", sorted(PARSERS))
@given(data=st.binary(max_size=300))
def test_random_bytes(kind: str, data: bytes) -> None:
    only_kformat_errors(PARSERS[kind], data)


@pytest.mark.parametrize("kind", sorted(PARSERS))
def test_every_truncation(kind: str) -> None:
    data = VALID[kind]
    PARSERS[kind](data)
    for n in range(len(data)):
        only_kformat_errors(PARSERS[kind], data[:n])


@pytest.mark.parametrize("kind", sorted(PARSERS))
@given(data=st.data())
def test_mutations(kind: str, data: st.DataObject) -> None:
    raw = bytearray(VALID[kind])
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(raw) - 1))
        raw[i] = data.draw(st.integers(0, 255))
    only_kformat_errors(PARSERS[kind], bytes(raw))


def test_huge_snapshot_count_does_not_allocate() -> None:
    import crc32c

    body = struct.pack(">i", 2**31 - 1)
    data = struct.pack(">hI", 1, crc32c.crc32c(body)) + body
    with pytest.raises(KFormatError):
        parse_producer_snapshot(data)


@given(data=st.binary(max_size=400))
def test_random_segment_never_raises(data: bytes) -> None:
    seg = read_segment(data)
    assert seg.valid_bytes <= len(data)
    if seg.truncated is not None:
        assert seg.truncated.position == seg.valid_bytes
