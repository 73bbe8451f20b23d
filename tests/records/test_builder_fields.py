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
