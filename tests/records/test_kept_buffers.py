"""The native engine's kept buffers: decompression writes into bytearrays the engine reuses
across batches, and builds write into kept scratch buffers. Reuse must never show: batches
of any size, in any order, from any thread, read and build as if every buffer were new."""

from __future__ import annotations

import threading
from typing import Any

import pytest
import zstandard

import kformat
from kformat import engine
from kformat.records import codecs
from kformat.records.model import Record

pytestmark = pytest.mark.skipif("native" not in engine.available(),
                                reason="the native engine is not built")

COMPRESSED = [c for c in kformat.Codec if c]


def batch_of(n: int, size: int, codec: int, tag: bytes = b"") -> bytes:
    records = [Record(key=b"k%d" % i + tag, value=(b"%d-" % i + tag) * (size // 4 + 1),
                      headers=[("h", tag or None)], timestamp=1000 + i) for i in range(n)]
    return kformat.build_batch(kformat.make_batch(records, codec=codec))


def python_parse(data: Any) -> list[Any]:
    with engine.using("python"):
        return kformat.parse_batches(data)


@pytest.mark.parametrize("codec", COMPRESSED)
def test_a_small_batch_after_a_large_one_reads_only_its_own_bytes(codec: int) -> None:
    big, small = batch_of(400, 3000, codec, b"big"), batch_of(3, 10, codec, b"small")
    for data in (big, small, big, small, small):
        assert kformat.parse_batches(data) == python_parse(data)


@pytest.mark.parametrize("codec", COMPRESSED)
def test_bytearray_and_memoryview_inputs_read_alike(codec: int) -> None:
    data = batch_of(50, 100, codec)
    expected = kformat.parse_batches(data)
    assert kformat.parse_batches(bytearray(data)) == expected
    assert kformat.parse_batches(memoryview(bytearray(data))) == expected
    assert kformat.parse_batches(memoryview(data)[0:]) == expected


@pytest.mark.parametrize("codec", COMPRESSED)
def test_a_bomb_is_refused_with_the_same_error_on_every_input_type(codec: int) -> None:
    batch = kformat.make_batch([Record(value=b"\0" * (3 << 20))], codec=codec)
    data = kformat.build_batch(batch)
    for source in (data, bytearray(data), memoryview(bytearray(data))):
        with pytest.raises(kformat.LimitExceededError) as info:
            kformat.parse_batches(source, decompression_limit=1 << 20)
        assert (info.value.path, info.value.offset, info.value.expected) == \
            ("records", 61, 1 << 20)
    assert kformat.parse_batches(data)[0].records[0].value == b"\0" * (3 << 20)


def test_decompress_into_fills_the_given_buffer_or_hands_over_bytes() -> None:
    plain = bytes(range(256)) * 2000
    for codec in COMPRESSED:
        payload = codecs.compress(codec, plain)
        buffer = bytearray(b"\xff" * (1 << 20))  # stale bytes past the output must not count
        got = codecs.decompress_into(codec, memoryview(payload), buffer, len(plain), 2)
        data = got if isinstance(got, bytes) else bytes(buffer[:got])
        assert data == plain
        with pytest.raises(kformat.LimitExceededError):
            codecs.decompress_into(codec, memoryview(payload), bytearray(), len(plain) - 1, 2)


def test_threads_parsing_and_building_at_once_get_their_own_buffers() -> None:
    inputs = {(codec, tag): batch_of(200, 500, codec, tag)
              for codec in kformat.Codec for tag in (b"a", b"bb", b"ccc")}
    expected = {key: python_parse(data) for key, data in inputs.items()}
    batches = {key: value[0] for key, value in expected.items()}
    failures: list[str] = []

    def work(keys: list[tuple[int, bytes]]) -> None:
        for _ in range(5):
            for key in keys:
                if kformat.parse_batches(inputs[key]) != expected[key]:
                    failures.append(f"parse {key}")
                if kformat.parse_batches(kformat.build_batch(batches[key])) != expected[key]:
                    failures.append(f"build {key}")

    keys = list(inputs)
    threads = [threading.Thread(target=work, args=(keys[i::3],)) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


@pytest.mark.parametrize("codec", list(kformat.Codec))
def test_builds_of_different_sizes_in_turn_are_each_exact(codec: int) -> None:
    for n, size in ((300, 2000), (2, 5), (300, 2000), (0, 0), (1, 1 << 20), (3, 7)):
        records = [Record(key=b"%d" % i, value=b"x" * size, timestamp=5) for i in range(n)]
        batch = kformat.make_batch(records, codec=codec)
        with engine.using("python"):
            expected = kformat.build_batch(batch)
        assert kformat.build_batch(batch) == expected


def test_a_zstd_decompressor_is_kept_only_after_small_windows() -> None:
    plain = b"kafka " * 5000
    params = zstandard.ZstdCompressionParameters.from_level(3, window_log=24)  # 16 MiB
    stream = zstandard.ZstdCompressor(compression_params=params).compressobj()
    large = stream.compress(plain) + stream.flush()
    assert zstandard.get_frame_parameters(large).window_size == 16 << 20
    small = codecs.compress(kformat.Codec.ZSTD, plain)
    codecs._ZSTD_DECOMPRESSORS.clear()
    assert codecs.decompress(kformat.Codec.ZSTD, large, limit=len(plain)) == plain
    assert codecs._ZSTD_DECOMPRESSORS == []
    assert codecs.decompress(kformat.Codec.ZSTD, small, limit=len(plain)) == plain
    assert len(codecs._ZSTD_DECOMPRESSORS) == 1
