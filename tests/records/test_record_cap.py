"""The record cap: a compressed batch may announce at most ``record_limit`` records (default
one per 64 bytes of ``decompression_limit``), checked before anything is decompressed, by
every entry point on both engines; and every entry point classifies the same damage the
same way (class, path, offset)."""

from __future__ import annotations

import io
import struct
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from kformat import engine
from kformat.errors import (
    CorruptRecordError,
    InvalidValueError,
    KFormatError,
    LimitExceededError,
)
from kformat.outputs.columnar import to_arrow_run
from kformat.records import Codec, iter_batches, parse_batches, to_arrow
from kformat.records.checksum import crc32c
from kformat.records.codecs import DEFAULT_RECORD_LIMIT, compress, record_limit_for

MINIMAL = b"\x0c\x00\x00\x00\x01\x01\x00"
"""The smallest record: length 6, attributes, deltas 0, null key and value, no headers."""

ENGINES = ("native", "python")


def batch(records: bytes, count: int, codec: Codec = Codec.NONE) -> bytes:
    """A magic 2 batch around ``records`` (compressed with ``codec``), lengths and CRC
    consistent, ``count`` announced."""
    payload = compress(codec, records) if codec else records
    body = struct.pack(">hiqqqhii", int(codec), max(count - 1, 0), 10, 12, -1, -1, -1,
                       count) + payload
    after_length = struct.pack(">ibI", -1, 2, crc32c(body)) + body
    return struct.pack(">qi", 3, len(after_length)) + after_length


ENTRIES: dict[str, Callable[..., Any]] = {
    "parse_batches": lambda data, **kw: parse_batches(data, strict=True, **kw),
    "iter_batches": lambda data, **kw: list(iter_batches(data, strict=True, **kw)),
    "parse_batches(file)": lambda data, **kw: parse_batches(io.BytesIO(data), strict=True,
                                                            **kw),
    "to_arrow": to_arrow,
    "to_arrow(flag)": lambda data, **kw: to_arrow(data, crc_mismatch="flag", **kw),
    "to_arrow_run": to_arrow_run,
}


def outcome(entry: str, name: str, data: bytes, **options: Any) -> tuple[Any, ...]:
    with engine.using(name):
        try:
            ENTRIES[entry](data, **options)
        except KFormatError as exc:
            return (type(exc), exc.field_path, exc.offset)
    return ("ok",)


def every_outcome(data: bytes, **options: Any) -> set[tuple[Any, ...]]:
    return {outcome(entry, name, data, **options) for entry in ENTRIES for name in ENGINES}


def test_the_default_follows_the_byte_cap() -> None:
    assert DEFAULT_RECORD_LIMIT == 1 << 20 == record_limit_for(64 << 20)
    assert record_limit_for(64 * 1000) == 1000 and record_limit_for(10) == 1
    assert record_limit_for(64 << 20, 5) == 5
    with pytest.raises(ValueError, match="record_limit"):
        record_limit_for(64 << 20, -1)


def test_a_record_amplification_batch_is_refused_before_decompression() -> None:
    """5.8 KB of zstd holding 8,987,794 minimal records (64 MiB, within the byte cap): it
    took 1.4 GB and 0.9 s native, 38 s on the Python engine."""
    n = 8_987_794
    data = batch(MINIMAL * n, n, Codec.ZSTD)
    assert len(data) < 8_000
    for name in ENGINES:
        for entry in ENTRIES:
            tracemalloc.start()
            try:
                got = outcome(entry, name, data)
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
            assert got == (LimitExceededError, "record_count", 57), (entry, name)
            assert peak < 16 << 20, (entry, name, peak)
    with pytest.raises(LimitExceededError) as info:
        parse_batches(data)
    assert info.value.expected == DEFAULT_RECORD_LIMIT and info.value.actual == n


@pytest.mark.parametrize("codec", [Codec.GZIP, Codec.SNAPPY, Codec.LZ4, Codec.ZSTD])
def test_the_cap_is_configurable_and_exact(codec: Codec) -> None:
    n = 2_000
    data = batch(MINIMAL * n, n, codec)
    assert every_outcome(data, record_limit=n) == {("ok",)}
    assert every_outcome(data, record_limit=n - 1) == {(LimitExceededError, "record_count", 57)}
    # the default follows decompression_limit (one record per 64 bytes)
    assert every_outcome(data, decompression_limit=64 * n) == {("ok",)}
    assert every_outcome(data, decompression_limit=64 * (n - 1)) == \
        {(LimitExceededError, "record_count", 57)}
    # a second batch: the offset is absolute
    two = batch(MINIMAL, 1, codec) + data
    assert every_outcome(two, record_limit=n - 1) == \
        {(LimitExceededError, "record_count", len(two) - len(data) + 57)}


def test_uncompressed_batches_are_bounded_by_their_bytes_not_the_cap() -> None:
    n = 2_000
    assert every_outcome(batch(MINIMAL * n, n), record_limit=10) == {("ok",)}


def test_damage_is_reported_as_damage_before_the_cap() -> None:
    n = 2_000
    data = bytearray(batch(MINIMAL * n, n, Codec.GZIP))
    data[40] ^= 1  # max_timestamp: covered by the CRC, read by nothing else
    assert {outcome(e, name, bytes(data), record_limit=10) for e in ENTRIES
            if e != "to_arrow(flag)" for name in ENGINES} == \
        {(CorruptRecordError, "crc", 17)}
    assert {outcome(e, name, bytes(data), record_limit=10, verify_crc=False)
            for e in ENTRIES for name in ENGINES} == {(LimitExceededError, "record_count", 57)}


# the same damage, the same class everywhere (it was InvalidValueError from parse_batches and
# TruncatedError from both to_arrow kernels)
RECORDS = (b"\x20\x00\x00\x00\x02k\x0avalue\x02\x02h\x02x"  # two real records, 26 bytes
           b"\x10\x00\x04\x02\x01\x04v2\x00")


@pytest.mark.parametrize("count,codec,expected", [
    (2**31 - 1, Codec.NONE, (InvalidValueError, "records", 61)),
    (1000, Codec.NONE, (InvalidValueError, "records", 61)),
    (3, Codec.NONE, (InvalidValueError, "records[2]", 87)),
    (3, Codec.GZIP, (InvalidValueError, "records[2]", 61)),
    (1000, Codec.ZSTD, (InvalidValueError, "records", 61)),
    (1, Codec.NONE, (InvalidValueError, "records", 78)),
    (-1, Codec.GZIP, (InvalidValueError, "records", 61)),
    (2**31 - 1, Codec.ZSTD, (LimitExceededError, "record_count", 57)),
])
def test_every_entry_point_classifies_a_lying_count_alike(count: int, codec: Codec,
                                                          expected: tuple[Any, ...]) -> None:
    assert every_outcome(batch(RECORDS, count, codec)) == {expected}
