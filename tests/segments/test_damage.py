"""Damaged segments read by every segment reader: each reports the damage and goes on.

A compressed batch whose payload does not decompress, whether its CRC matches or not, is a
skipped batch in ``read_segment`` (path or bytes), ``read_partition_dir``,
``check_partition_dir`` and ``kformat dump``, with the right ``crc_failed``.
"""

from __future__ import annotations

import gc
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from kformat import build_batch, make_batch
from kformat.errors import CorruptRecordError
from kformat.records.batch import CRC_OFFSET
from kformat.records.checksum import crc32c
from kformat.segments import (
    check_partition_dir,
    read_partition_dir,
    read_segment,
    write_partition_dir,
)
from kformat.segments.dump import main as dump_main

T0 = 1_700_000_000_000
LOG = "00000000000000000000.log"


@pytest.fixture
def no_gc() -> Iterator[None]:
    """The garbage collector off, so a reference cycle that holds a view of a mapped file
    stays (as it does between collections) and shows."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def three_batches(codec: str) -> list[bytes]:
    return [build_batch(make_batch([{"key": b"k%d" % i, "value": b"v" * 50, "timestamp": T0 + i}
                                    for i in range(5)], codec=codec, base_offset=5 * n))
            for n in range(3)]


def damaged(codec: str, crc_matches: bool) -> tuple[list[bytes], bytes]:
    """Three batches of ``codec``; the middle one has a byte flipped inside its compressed
    payload, its CRC stored for the damaged bytes when ``crc_matches``."""
    raw = three_batches(codec)
    mid = bytearray(raw[1])
    mid[len(mid) - 10] ^= 0xFF
    if crc_matches:
        mid[CRC_OFFSET:CRC_OFFSET + 4] = crc32c(bytes(mid[CRC_OFFSET + 4:])).to_bytes(4, "big")
    return raw, raw[0] + bytes(mid) + raw[2]


def partition(tmp_path: Path, raw: list[bytes], data: bytes) -> Path:
    directory = write_partition_dir(tmp_path, "t", 0, [raw])
    (directory / LOG).write_bytes(data)
    return directory


CODECS = ["gzip", "snappy", "lz4", "zstd"]


@pytest.mark.parametrize("crc_matches", [False, True], ids=["crc-bad", "crc-good"])
@pytest.mark.parametrize("codec", CODECS)
def test_undecompressable_batch_is_skipped_by_every_reader(
        tmp_path: Path, codec: str, crc_matches: bool, each_engine: str, no_gc: None) -> None:
    raw, data = damaged(codec, crc_matches)
    directory = partition(tmp_path, raw, data)
    segments = [read_segment(data), read_segment(directory / LOG),
                read_partition_dir(directory).segments[0].log]
    for seg in segments:
        assert [b.base_offset for b in seg.batches] == [0, 10]
        [skipped] = seg.skipped
        assert (skipped.position, skipped.size) == (len(raw[0]), len(raw[1]))
        assert isinstance(skipped.error, CorruptRecordError)
        assert skipped.error.reason.startswith(f"{codec}: ")
        assert seg.error is None and seg.truncated is None
    problems = check_partition_dir(directory)
    assert [(p.file, p.position) for p in problems] == [(str(directory / LOG), len(raw[0]))]
    out, err = io.StringIO(), io.StringIO()
    assert dump_main([str(directory / LOG)], out=out, err=err) == 1
    lines = out.getvalue().splitlines()
    assert lines[0] == f"Dumping {directory / LOG}" and len(lines) == 4
    assert lines[2].startswith("baseOffset: 0 lastOffset: 4 ")
    assert lines[3].startswith("baseOffset: 10 lastOffset: 14 ")
    assert err.getvalue().splitlines() == [str(problems[0])]
