"""Corrupt data in the ``kafka-segments`` reader: each kind of damage in each ``mode``.

The damage: a cut-short last batch, a CRC mismatch, a batch with an unknown codec, and
garbage between two batches. ``PERMISSIVE`` gives every readable record plus one
``_corrupt`` row per unreadable stretch, ``DROPMALFORMED`` leaves the stretch out and counts
it, ``FAILFAST`` raises with the file and position.
"""

from __future__ import annotations

import struct
from typing import Any

import pytest

from kformat.errors import (
    CorruptRecordError,
    InvalidValueError,
    KFormatError,
    TruncatedError,
    UnsupportedCodecError,
)
from kformat.records.api import build_batch, make_batch
from kformat.records.batch import CRC_OFFSET
from kformat.records.checksum import crc32c
from kformat.spark.columns import ColumnReader, ReadOptions, read_table
from kformat.spark.files import BytesSource
from kformat.spark.recovery import find_batch

SEGMENT = "t-0/00000000000000000000.log"
GARBAGE = b"\xde\xad\xbe\xef" * 25


def batch(offset: int, value: bytes = b"v", codec: str = "none") -> bytes:
    records = [(b"k%d" % i, value + b"%d" % i) for i in range(3)]
    return build_batch(make_batch(records, base_offset=offset, base_timestamp=1000,
                                  codec=codec))


def _recrc(raw: bytearray) -> bytes:
    raw[CRC_OFFSET:CRC_OFFSET + 4] = struct.pack(">I", crc32c(bytes(raw[CRC_OFFSET + 4:])))
    return bytes(raw)


A, B, C = batch(0), batch(3, b"needle"), batch(6)


def truncated() -> tuple[bytes, int, int]:
    return A + B + C[:40], len(A) + len(B), 40


def crc_mismatch() -> tuple[bytes, int, int]:
    bad = bytearray(B)
    at = bytes(bad).index(b"needle")
    bad[at] ^= 0x20
    return A + bytes(bad) + C, len(A), len(B)


def bad_codec() -> tuple[bytes, int, int]:
    bad = bytearray(B)
    bad[22] |= 0x07  # attributes (low byte at 22): codec id 7
    return A + _recrc(bad) + C, len(A), len(B)


def garbage() -> tuple[bytes, int, int]:
    return A + GARBAGE + B + C, len(A), len(GARBAGE)


DAMAGE = {"truncated": truncated, "crc": crc_mismatch, "codec": bad_codec,
          "garbage": garbage}
ERRORS = {"truncated": TruncatedError, "crc": CorruptRecordError,
          "codec": UnsupportedCodecError, "garbage": InvalidValueError}


def offsets(table: Any) -> list[int | None]:
    return table.column("offset").to_pylist()


@pytest.mark.parametrize("kind", DAMAGE)
def test_permissive_reads_on_and_adds_a_corrupt_row(kind: str) -> None:
    raw, at, length = DAMAGE[kind]()
    reader = ColumnReader(raw, segment=SEGMENT, topic="t", partition=0)
    table = read_table(raw, segment=SEGMENT, topic="t", partition=0)
    list(reader)
    rows = table.to_pylist()
    corrupt = [r for r in rows if r["_corrupt"] is not None]
    good = [r for r in rows if r["_corrupt"] is None]
    if kind == "crc":  # decoded anyway, flagged
        assert corrupt == []
        assert [r["offset"] for r in good] == list(range(9))
        assert [r["crcValid"] for r in good] == [True] * 3 + [False] * 3 + [True] * 3
        assert good[3]["value"] == b"Needle0"
        return
    expected = {"truncated": [0, 1, 2, 3, 4, 5], "codec": [0, 1, 2, 6, 7, 8],
                "garbage": list(range(9))}[kind]
    assert [r["offset"] for r in good] == expected
    (row,) = corrupt
    c = row["_corrupt"]
    assert (c["file"], c["position"], c["length"], c["errorClass"]) == (
        SEGMENT, at, length, ERRORS[kind].__name__)
    assert c["reason"] and not c["reason"].startswith(SEGMENT)
    assert at <= c["offset"] < at + length
    assert (row["topic"], row["partition"], row["segment"], row["position"]) == (
        "t", 0, SEGMENT, at)
    assert row["offset"] is None and row["value"] is None
    assert [(x.position, x.length) for x in reader.corrupt] == [(at, length)]


@pytest.mark.parametrize("kind", DAMAGE)
def test_dropmalformed_leaves_it_out_and_counts_it(kind: str) -> None:
    raw, at, length = DAMAGE[kind]()
    reader = ColumnReader(raw, segment=SEGMENT, options=ReadOptions(mode="DROPMALFORMED"))
    got = [o for b in reader for o in b.column("offset").to_pylist()]
    assert "_corrupt" not in reader.schema.names
    expected = {"truncated": [0, 1, 2, 3, 4, 5], "crc": [0, 1, 2, 6, 7, 8],
                "codec": [0, 1, 2, 6, 7, 8], "garbage": list(range(9))}[kind]
    assert got == expected
    assert [(pos, type(e)) for pos, e in reader.skipped] == [(at, ERRORS[kind])]
    assert reader.dropped_bytes == length
    assert reader.rows == len(expected)
    if kind == "truncated":
        assert reader.truncated is not None and reader.truncated.position == at


@pytest.mark.parametrize("kind", DAMAGE)
def test_failfast_raises_with_file_and_position(kind: str) -> None:
    raw, at, length = DAMAGE[kind]()
    with pytest.raises(ERRORS[kind]) as info:
        read_table(raw, segment=SEGMENT, options=ReadOptions(mode="FAILFAST"))
    assert info.value.reason.startswith(f"{SEGMENT}: ")
    assert info.value.offset is not None and at <= info.value.offset < at + length


def test_legacy_on_corrupt_names_map_to_modes() -> None:
    assert ReadOptions(on_corrupt="fail").mode == "FAILFAST"
    assert ReadOptions(on_corrupt="skip").mode == "DROPMALFORMED"
    assert ReadOptions(mode="permissive").mode == "PERMISSIVE"
    with pytest.raises(ValueError, match="mode must be one of"):
        ReadOptions(mode="lenient")


def test_verify_crc_false_reads_a_mismatch_in_every_mode() -> None:
    raw, _, _ = crc_mismatch()
    for mode in ("PERMISSIVE", "DROPMALFORMED", "FAILFAST"):
        table = read_table(raw, options=ReadOptions(mode=mode, verify_crc=False))
        assert offsets(table) == list(range(9))
        assert set(table.column("crcValid").to_pylist()) == {None}


def test_garbage_at_the_end_is_one_stretch_to_the_end() -> None:
    raw = A + GARBAGE
    table = read_table(raw)
    c = table.column("_corrupt").to_pylist()[-1]
    assert (c["position"], c["length"]) == (len(A), len(GARBAGE))


def test_resync_is_bounded_by_the_limit() -> None:
    raw = A + GARBAGE + B
    reader = ColumnReader(raw, options=ReadOptions(mode="DROPMALFORMED", resync_limit=10))
    got = [o for b in reader for o in b.column("offset").to_pylist()]
    assert got == [0, 1, 2]  # B lies past the limit: the rest is one dropped stretch
    assert reader.dropped_bytes == len(GARBAGE) + len(B)


def test_find_batch_needs_a_matching_crc() -> None:
    source = BytesSource(A + GARBAGE + B)
    assert find_batch(source, 1, source.size(), limit=1 << 20,
                      max_batch_size=1 << 20) == len(A) + len(GARBAGE)
    damaged = bytearray(B)
    damaged[-1] ^= 1
    source = BytesSource(A + GARBAGE + bytes(damaged))
    assert find_batch(source, 1, source.size(), limit=1 << 20, max_batch_size=1 << 20) is None


def test_every_mode_names_the_same_cause_for_a_damaged_batch() -> None:
    """A CRC mismatch whose damage also breaks decoding (an invalid UTF-8 header key):
    PERMISSIVE reports the CRC mismatch, as FAILFAST and DROPMALFORMED do, not the
    symptom it meets decoding the damaged bytes."""
    good = build_batch(make_batch([{"key": b"k", "value": b"v", "headers": [("hdr", b"x")]}],
                                  base_offset=3, base_timestamp=1000))
    bad = bytearray(good)
    bad[bytes(bad).index(b"hdr")] = 0xFF
    raw = A + bytes(bad) + C
    with pytest.raises(KFormatError) as failfast:
        read_table(raw, segment=SEGMENT, options=ReadOptions(mode="FAILFAST"))
    assert "CRC" in failfast.value.reason
    dropped = ColumnReader(raw, segment=SEGMENT, options=ReadOptions(mode="DROPMALFORMED"))
    list(dropped)
    (row,) = [r for r in read_table(raw, segment=SEGMENT).to_pylist() if r["_corrupt"]]
    assert row["_corrupt"]["errorClass"] == type(failfast.value).__name__ == \
        type(dropped.skipped[0][1]).__name__
    assert row["_corrupt"]["reason"] == failfast.value.reason.removeprefix(f"{SEGMENT}: ")
