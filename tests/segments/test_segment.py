"""Reading ``.log`` segments: positions, bad CRCs, a cut-short last batch, unreadable bytes."""

from __future__ import annotations

from pathlib import Path

import crc32c
import pytest

from kformat import Record, build_batch, make_batch
from kformat.errors import InvalidValueError
from kformat.records.model import TruncatedTail
from kformat.segments.segment import SegmentReader, SkippedBytes, read_segment


def batches(n: int = 3, start: int = 0) -> list[bytes]:
    return [build_batch(make_batch([Record(key=b"k%d" % i, value=b"value-%d" % i)],
                                   base_offset=start + i, base_timestamp=1_700_000_000_000 + i))
            for i in range(n)]


def test_positions_and_sizes() -> None:
    raw = batches(3)
    seg = read_segment(b"".join(raw), base_offset=0)
    assert [b.position for b in seg.batches] == [0, len(raw[0]), len(raw[0]) + len(raw[1])]
    assert [b.size for b in seg.batches] == [len(r) for r in raw]
    assert seg.truncated is None and seg.error is None
    assert seg.valid_bytes == seg.size == sum(map(len, raw))
    assert seg.next_offset == 3


def test_cut_short_last_batch_reported_with_position() -> None:
    raw = batches(3)
    whole = b"".join(raw[:2])
    for cut in (1, 11, 12, 30, len(raw[2]) - 1):
        seg = read_segment(whole + raw[2][:cut])
        assert [b.base_offset for b in seg.batches] == [0, 1]
        needed = None if cut < 12 else len(raw[2])
        assert seg.truncated == TruncatedTail(position=len(whole), available=cut,
                                              needed=needed)
        assert seg.error is None


def test_bad_crc_reported_and_reading_goes_on() -> None:
    raw = batches(4)
    data = bytearray(b"".join(raw))
    at = len(raw[0]) + len(raw[1])
    data[at + 40] ^= 0xFF  # inside the CRC-covered part of batch 2
    seg = read_segment(bytes(data))
    assert [b.base_offset for b in seg.batches] == [0, 1, 2, 3]
    assert [b.crc_valid for b in seg.batches] == [True, True, False, True]
    bad = seg.batches[2]
    assert bad.position == at
    assert bad.crc == int.from_bytes(raw[2][17:21], "big")
    assert bad.crc != crc32c.crc32c(bytes(data[at + 21:at + len(raw[2])]))


def test_unreadable_bytes_are_stepped_over_and_counted() -> None:
    raw = batches(2)
    junk = bytes(8) + (5).to_bytes(4, "big") + bytes(20)  # batch length 5: too small
    seg = read_segment(raw[0] + junk + raw[1])
    assert [b.base_offset for b in seg.batches] == [0, 1]
    assert isinstance(seg.error, InvalidValueError)
    assert seg.error.offset == len(raw[0]) + 8
    assert seg.unframed == [SkippedBytes(len(raw[0]), len(junk), seg.error)]
    assert (seg.skipped_bytes, seg.skipped_stretches) == (len(junk), 1)
    assert seg.truncated is None


def test_mixed_magics() -> None:
    v1 = build_batch(make_batch([(b"a", b"1"), (b"b", b"2")], magic=1, codec="gzip",
                                base_offset=0, base_timestamp=1_600_000_000_000))
    v2 = build_batch(make_batch([(b"c", b"3")], base_offset=2,
                                base_timestamp=1_600_000_000_001))
    seg = read_segment(v1 + v2)
    assert [(b.magic, b.base_offset, b.last_offset, b.position) for b in seg.batches] == [
        (1, 0, 1, 0), (2, 2, 2, len(v1))]


def test_file_is_memory_mapped_and_base_offset_from_name(tmp_path: Path) -> None:
    raw = batches(3, start=42)
    path = tmp_path / "00000000000000000042.log"
    path.write_bytes(b"".join(raw) + raw[0][:20])
    seg = read_segment(path)
    assert seg.base_offset == 42 and len(seg.batches) == 3
    assert seg.truncated == TruncatedTail(sum(map(len, raw)), 20, len(raw[0]))
    empty = tmp_path / "00000000000000000000.log"
    empty.write_bytes(b"")
    assert read_segment(empty).batches == []


def test_max_bytes_reads_whole_batches_only(tmp_path: Path) -> None:
    raw = batches(3)
    path = tmp_path / "00000000000000000000.log"
    path.write_bytes(b"".join(raw))
    seg = read_segment(path, max_bytes=len(raw[0]) + 5)
    assert [b.base_offset for b in seg.batches] == [0]
    assert seg.truncated is None  # cut by max_bytes, not by the file
    assert read_segment(path, max_bytes=10**9).size == sum(map(len, raw))


def test_reader_streams_and_closes(tmp_path: Path) -> None:
    path = tmp_path / "00000000000000000000.log"
    path.write_bytes(b"".join(batches(5)))
    with SegmentReader(path) as reader:
        first = next(reader)
        assert first.base_offset == 0
    with SegmentReader(path) as reader:
        assert len(list(reader)) == 5
        assert reader.valid_bytes == path.stat().st_size


@pytest.mark.parametrize("cut", [0, 1, 61])
def test_tail_only(cut: int) -> None:
    seg = read_segment(batches(1)[0][:cut])
    assert seg.batches == []
    assert (seg.truncated is None) == (cut == 0)
