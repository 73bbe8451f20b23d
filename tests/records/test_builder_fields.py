"""RecordBatchBuilder's refused batch fields and compression levels, named as build_batch
names them on both engines (found by the fuzzers' batch-builder entry point)."""

from __future__ import annotations

from typing import Any

import pytest

from kformat import EncodeError, RecordBatchBuilder, build_batch, make_batch


@pytest.mark.parametrize(("codec", "level", "reason"), [
    ("gzip", 100, "gzip level out of range"),  # the native build raised it with no path
    ("snappy", 1, "snappy takes no compression level"),
    ("zstd", "1", "zstd level must be an int"),  # a TypeError escaped the native build
    ("lz4", 1.5, "lz4 level must be an int"),  # (and build_batch's said "TypeError")
    ("gzip", True, "gzip level must be an int"),
])
def test_a_refused_level_is_build_batchs_error(each_engine: str, codec: str, level: Any,
                                               reason: str) -> None:
    builder = RecordBatchBuilder(codec=codec, compression_level=level)
    builder.append(1, b"k", b"v")
    with pytest.raises(EncodeError) as got:
        builder.build()
    with pytest.raises(EncodeError) as want:
        build_batch(make_batch([(b"k", b"v")], codec=codec), compression_level=level)
    assert reason in str(got.value)
    assert got.value.field_path == want.value.field_path


@pytest.mark.parametrize("kind", [-1, 2])
def test_a_magic_2_builder_needs_a_timestamp_type(each_engine: str, kind: int) -> None:
    with pytest.raises(EncodeError) as got:
        RecordBatchBuilder(timestamp_type=kind)
    assert got.value.field_path == "timestamp_type"  # was "records" ("refused")


@pytest.mark.parametrize("kind", [-1, 2])
@pytest.mark.parametrize("magic", [1, 2])
def test_make_batch_needs_a_timestamp_type_too(kind: int, magic: int) -> None:
    """It took -1 as create time (the attribute bit 0): a build never guesses."""
    with pytest.raises(EncodeError) as got:
        make_batch([(b"k", b"v")], magic=magic, timestamp_type=kind)
    assert got.value.field_path == "timestamp_type"


@pytest.mark.parametrize("stamp", [-(1 << 63) - 1, 1 << 63])
def test_a_timestamp_beyond_a_java_long_is_refused_alike(each_engine: str, stamp: int) -> None:
    """make_batch took a second record's timestamp below INT64 (only its delta from the first
    is written) where the builder refused it: both refuse it now, at the record."""
    rows = [(0, b"k", b"v"), (stamp, b"k", b"v")]
    with pytest.raises(EncodeError) as want:
        make_batch([{"timestamp": t, "key": k, "value": v} for t, k, v in rows])
    builder = RecordBatchBuilder()
    builder.append(*rows[0])
    with pytest.raises(EncodeError) as got:
        builder.append(*rows[1])
    assert want.value.field_path == got.value.field_path == "records[1].timestamp"
