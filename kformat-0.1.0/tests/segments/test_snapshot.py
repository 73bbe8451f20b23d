"""Producer-state ``.snapshot`` files: golden bytes assembled by hand, CRC-32C checked."""

from __future__ import annotations

import struct

import crc32c
import pytest

from kformat.errors import (
    CorruptRecordError,
    InvalidValueError,
    TruncatedError,
    UnsupportedVersionError,
)
from kformat.primitives import parse_interpreted
from kformat.protocol import formats
from kformat.segments.snapshot import (
    ProducerEntry,
    build_producer_snapshot,
    parse_producer_snapshot,
    producer_snapshot_grammar,
)
from tests.helpers import assert_rejects, assert_symmetric, compiled_parse, same

# producer_id INT64, epoch INT16, last_sequence INT32, last_offset INT64, offset_delta INT32,
# timestamp INT64, coordinator_epoch INT32, current_txn_first_offset INT64: 46 bytes
ENTRY_FORMAT = ">qhiqiqiq"
ENTRIES = [
    (1000, 2, 9, 109, 4, 1_700_000_000_009, 5, -1),
    (1001, 0, 41, 250, 1, 1_700_000_000_250, -1, 240),
]


def snapshot_bytes(entries: list[tuple[int, ...]], *, version: int = 1) -> bytes:
    body = struct.pack(">i", len(entries)) + b"".join(struct.pack(ENTRY_FORMAT, *e)
                                                      for e in entries)
    return struct.pack(">hI", version, crc32c.crc32c(body)) + body


GOLDEN = snapshot_bytes(ENTRIES)
FIELDS = ("producer_id", "epoch", "last_sequence", "last_offset", "offset_delta", "timestamp",
          "coordinator_epoch", "current_txn_first_offset")


def test_golden_layout() -> None:
    assert struct.calcsize(ENTRY_FORMAT) == 46
    assert len(GOLDEN) == 2 + 4 + 4 + 2 * 46
    assert GOLDEN[:2] == b"\x00\x01"


def test_golden_grammar_both_paths() -> None:
    value = {"version": 1, "crc": crc32c.crc32c(GOLDEN[6:]),
             "producer_entries": [dict(zip(FIELDS, e, strict=True)) for e in ENTRIES]}
    assert_symmetric(producer_snapshot_grammar(), GOLDEN, value)


def test_parse_and_build() -> None:
    snap = parse_producer_snapshot(GOLDEN)
    assert snap.version == 1 and snap.crc == crc32c.crc32c(GOLDEN[6:])
    assert snap.entries == [ProducerEntry(*e) for e in ENTRIES]
    assert snap.entries[0].first_sequence == 5
    assert build_producer_snapshot(snap.entries) == GOLDEN


def test_build_patches_the_crc_in() -> None:
    value = {"version": 1, "crc": 0,
             "producer_entries": [dict(zip(FIELDS, e, strict=True)) for e in ENTRIES]}
    from kformat.primitives import CompiledGrammar

    assert CompiledGrammar(producer_snapshot_grammar()).build(value) == GOLDEN


def test_empty_snapshot() -> None:
    data = snapshot_bytes([])
    assert data == b"\x00\x01" + struct.pack(">I", crc32c.crc32c(b"\0\0\0\0")) + bytes(4)
    assert parse_producer_snapshot(data).entries == []
    assert build_producer_snapshot([]) == data


def test_first_sequence_wraps() -> None:
    assert ProducerEntry(1, 0, 2, 10, 5, 0).first_sequence == 2**31 - 3
    assert ProducerEntry(1, 0, -1, -1, 0, -1).first_sequence == -1


def test_crc_mismatch() -> None:
    bad = bytearray(GOLDEN)
    bad[20] ^= 0x01  # the first entry's last_sequence (entries start at byte 10)
    computed = crc32c.crc32c(bytes(bad[6:]))
    assert_rejects(producer_snapshot_grammar(), bytes(bad), CorruptRecordError, "crc", 2,
                   expected=crc32c.crc32c(GOLDEN[6:]), actual=computed)
    with pytest.raises(CorruptRecordError):
        parse_producer_snapshot(bytes(bad))
    unchecked = parse_producer_snapshot(bytes(bad), verify_crc=False)
    assert unchecked.entries[0].last_sequence == 9 + (1 << 24)


def test_unchecked_grammar_reads_a_damaged_file_on_both_paths() -> None:
    bad = bytearray(GOLDEN)
    bad[20] ^= 0x01
    value = {"version": 1, "crc": crc32c.crc32c(GOLDEN[6:]),
             "producer_entries": [dict(zip(FIELDS, e, strict=True)) for e in ENTRIES]}
    value["producer_entries"][0]["last_sequence"] = 9 + (1 << 24)
    grammar = producer_snapshot_grammar(verify_crc=False)
    assert same(parse_interpreted(grammar, bytes(bad)), value)
    assert same(compiled_parse(grammar, bytes(bad)), value)
    assert same(producer_snapshot_grammar().parse(bytes(bad), verify_crc=False), value)


def test_one_declaration_with_the_protocol_layer() -> None:
    """The file grammar is the protocol layer's; this module only converts its values."""
    assert producer_snapshot_grammar is formats.producer_snapshot_grammar
    entries = formats.parse_producer_snapshot(GOLDEN).value["producer_entries"]
    assert [ProducerEntry(**e) for e in entries] == parse_producer_snapshot(GOLDEN).entries


@pytest.mark.parametrize("data, error, path, offset", [
    (b"", TruncatedError, "version", 0),
    (b"\x00", TruncatedError, "version", 0),
    (GOLDEN[:4], TruncatedError, "crc", 2),
    (snapshot_bytes(ENTRIES, version=2), UnsupportedVersionError, "version", 0),
    (snapshot_bytes(ENTRIES, version=0), UnsupportedVersionError, "version", 0),
])
def test_rejects(data: bytes, error: type, path: str, offset: int) -> None:
    assert_rejects(producer_snapshot_grammar(), data, error, path, offset)
    with pytest.raises(error):
        parse_producer_snapshot(data)


def _with_crc(body: bytes) -> bytes:
    return struct.pack(">hI", 1, crc32c.crc32c(body)) + body


def test_count_checked_against_remaining_bytes() -> None:
    body = struct.pack(">i", 1_000_000) + struct.pack(ENTRY_FORMAT, *ENTRIES[0])
    with pytest.raises(TruncatedError) as info:
        parse_producer_snapshot(_with_crc(body))
    assert info.value.offset == 6 and info.value.path == "producer_entries"
    with pytest.raises(InvalidValueError):
        parse_producer_snapshot(_with_crc(struct.pack(">i", -1)))


def test_trailing_bytes_rejected() -> None:
    body = GOLDEN[6:] + b"\x00"
    with pytest.raises(InvalidValueError) as info:
        parse_producer_snapshot(_with_crc(body))
    assert info.value.offset == len(GOLDEN)
