"""Record-layer codecs and checksums: round trips, Java framing, caps, errors, peers."""

from __future__ import annotations

import gzip
import importlib
import random
import struct
import time
import tracemalloc
import warnings
import zlib
from collections.abc import Callable
from types import ModuleType, SimpleNamespace
from typing import Any

import cramjam
import lz4.block
import lz4.frame
import pytest
import zstandard
from hypothesis import given, settings
from hypothesis import strategies as st

from kformat.errors import (
    CorruptRecordError,
    EncodeError,
    LimitExceededError,
    UnsupportedCodecError,
    UnsupportedVersionError,
)
from kformat.records.checksum import crc32, crc32c, xxh32
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT, Codec, compress, decompress

MiB = 1024 * 1024
_RNG = random.Random(0x6B666D74)
PAYLOADS = {
    "empty": b"",
    "one": b"\x2a",
    "random-100k": _RNG.randbytes(100 * 1024),
    "compressible-1m": (b"key=user-42 value=" + bytes(range(48, 122))) * (MiB // 92)
    + b"!" * (MiB % 92),
}
assert len(PAYLOADS["compressible-1m"]) == MiB
COMPRESSED = [Codec.GZIP, Codec.SNAPPY, Codec.LZ4, Codec.ZSTD]
CASES = [
    pytest.param(codec, magic, id=f"{codec.name.lower()}-v{magic}")
    for codec in Codec
    for magic in ((2,) if codec is Codec.ZSTD else (0, 1, 2))
]
SAMPLE = b"".join(b"record %d with a key and a value; " % i for i in range(40))
WHERE = {"offset": 1234, "path": "records"}


def _import_quietly(name: str) -> ModuleType:
    """kafka-python's package import trips a DeprecationWarning (importlib.resources)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return importlib.import_module(name)


def raised(cls: type[Exception], call: Callable[[], object]) -> Any:
    """Run ``call``, assert it raises exactly ``cls`` (not a subclass), return the error."""
    with pytest.raises(cls) as info:
        call()
    assert type(info.value) is cls, repr(info.value)
    return info.value


def codec_error(codec: Codec | int, data: bytes, *, magic: int = 2, limit: int = MiB,
                cls: type[Exception] = CorruptRecordError) -> Any:
    """Damaged compressed data: a :class:`CorruptRecordError` (``cls``: what else to expect)."""
    err = raised(cls, lambda: decompress(codec, data, limit=limit, magic=magic, **WHERE))
    assert (err.offset, err.path) == (1234, "records")
    return err


def unsupported(codec: Codec | int, data: bytes, *, magic: int = 2) -> Any:
    """A codec, or a codec feature, Kafka does not support: :class:`UnsupportedCodecError`."""
    return codec_error(codec, data, magic=magic, cls=UnsupportedCodecError)


# --- checksums -----------------------------------------------------------------------------


def test_crc_check_values() -> None:
    # The "123456789" check values of the CRC catalogue (CRC-32C/ISCSI, CRC-32/ISO-HDLC).
    assert crc32c(b"123456789") == 0xE3069283
    assert crc32(b"123456789") == 0xCBF43926
    assert crc32c(b"") == crc32(b"") == 0
    assert all(0 <= f(PAYLOADS["random-100k"]) <= 0xFFFFFFFF for f in (crc32, crc32c))


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"", 0x02CC5D05),
        (b"a", 0x550D7456),
        (b"abc", 0x32D153FF),
        (b"Nobody inspects the spammish repetition", 0xE2293B2F),
    ],
)
def test_xxh32_reference_vectors(data: bytes, expected: int) -> None:
    assert xxh32(data) == expected


@pytest.mark.parametrize("store_size", [False, True])
@pytest.mark.parametrize("content_checksum", [False, True])
@pytest.mark.parametrize("block_size", [4, 5, 6, 7])
def test_xxh32_matches_liblz4_header_checksum(
    store_size: bool, content_checksum: bool, block_size: int
) -> None:
    frame = lz4.frame.compress(
        b"x" * 100,
        block_size=block_size,
        content_checksum=content_checksum,
        store_size=store_size,
        block_linked=False,
    )
    hc_at = 14 if store_size else 6
    assert frame[hc_at] == (xxh32(frame[4:hc_at]) >> 8) & 0xFF


# --- round trips, determinism, Java framing --------------------------------------------------


@pytest.mark.parametrize("name", list(PAYLOADS))
@pytest.mark.parametrize(("codec", "magic"), CASES)
def test_round_trip(codec: Codec, magic: int, name: str) -> None:
    data = PAYLOADS[name]
    packed = compress(codec, data, magic=magic)
    assert decompress(codec, packed, limit=len(data), magic=magic) == data


@pytest.mark.parametrize(("codec", "magic"), CASES)
def test_deterministic(codec: Codec, magic: int) -> None:
    for data in PAYLOADS.values():
        assert compress(codec, data, magic=magic) == compress(codec, bytearray(data), magic=magic)


def test_accepts_any_bytes_like() -> None:
    packed = compress(Codec.LZ4, memoryview(SAMPLE))
    assert decompress(Codec.LZ4, memoryview(packed), limit=len(SAMPLE)) == SAMPLE


@pytest.mark.parametrize(
    ("codec", "magic", "data", "golden"),
    [
        # java.util.zip.GZIPOutputStream (JDK 16+ writes OS=255), deflate of "a" at level 6.
        (Codec.GZIP, 2, b"", "1f8b08000000000000ff 0300 00000000 00000000"),
        (Codec.GZIP, 2, b"a", "1f8b08000000000000ff 4b0400 43beb7e8 01000000"),
        # snappy-java SnappyOutputStream: magic, version 1, compatible 1; then one block.
        (Codec.SNAPPY, 2, b"", "82534e4150505900 00000001 00000001"),
        (Codec.SNAPPY, 2, b"a", "82534e4150505900 00000001 00000001 00000003 010061"),
        # KafkaLZ4BlockOutputStream: the FLG/BD/HC bytes of Kafka's MessageCompressionTest.
        (Codec.LZ4, 2, b"", "04224d18 6040 82 00000000"),
        (Codec.LZ4, 1, b"", "04224d18 6040 82 00000000"),
        (Codec.LZ4, 0, b"", "04224d18 6040 1a 00000000"),
        (Codec.LZ4, 2, b"a", "04224d18 6040 82 01000080 61 00000000"),
        # zstd-jni: close() alone pledges 0 bytes; otherwise flush() then close().
        (Codec.ZSTD, 2, b"", "28b52ffd 20 00 010000"),
        (Codec.ZSTD, 2, b"a", "28b52ffd 00 58 080000 61 010000"),
    ],
)
def test_golden_vectors(codec: Codec, magic: int, data: bytes, golden: str) -> None:
    wire = bytes.fromhex(golden)
    assert compress(codec, data, magic=magic) == wire
    assert decompress(codec, wire, limit=len(data), magic=magic) == data


def test_gzip_is_java_deflate_level_6() -> None:
    data = PAYLOADS["compressible-1m"]
    packed = compress(Codec.GZIP, data)
    deflater = zlib.compressobj(6, zlib.DEFLATED, -15)
    body = deflater.compress(data) + deflater.flush()
    assert packed == bytes.fromhex("1f8b08000000000000ff") + body + struct.pack(
        "<II", zlib.crc32(data), len(data)
    )
    assert gzip.decompress(packed) == data


def _raw_snappy(data: bytes) -> bytes:
    """A bare raw snappy block (no xerial framing)."""
    return bytes(cramjam.snappy.compress_raw(data))


def _xerial_blocks(packed: bytes) -> list[int]:
    """Uncompressed size of each block of a xerial stream."""
    pos, sizes = 16, []
    while pos < len(packed):
        (size,) = struct.unpack_from(">i", packed, pos)
        sizes.append(len(cramjam.snappy.decompress_raw(packed[pos + 4 : pos + 4 + size])))
        pos += 4 + size
    return sizes


def test_snappy_uses_32k_xerial_blocks() -> None:
    assert _xerial_blocks(compress(Codec.SNAPPY, PAYLOADS["random-100k"])) == [32768] * 3 + [4096]


def _python_snappy_xerial(data: bytes) -> bytes:
    """The xerial stream built from python-snappy's ``compress`` of each 32 KiB block: the
    bytes kformat wrote before it compressed each block in place into a kept buffer."""
    snappy = importlib.import_module("snappy")
    out = [bytes.fromhex("82534e41505059000000000100000001")]
    for start in range(0, len(data), 32768):
        block = snappy.compress(data[start:start + 32768])
        out += (struct.pack(">i", len(block)), block)
    return b"".join(out)


@pytest.mark.parametrize("size", [0, 1, 32767, 32768, 32769, 65536, 100_000, 300_001])
@pytest.mark.parametrize("kind", ["random", "text", "zeros"])
def test_snappy_writes_python_snappys_bytes(size: int, kind: str) -> None:
    """Compressing block by block into a kept buffer gives python-snappy's bytes, for every
    block boundary, incompressible blocks (whose output is longer than their input) and
    calls in a row reusing the buffer (a larger payload first, then smaller ones)."""
    rng = random.Random(size)
    data = {"random": rng.randbytes(size), "zeros": bytes(size),
            "text": (SAMPLE * (size // len(SAMPLE) + 1))[:size]}[kind]
    big = compress(Codec.SNAPPY, PAYLOADS["random-100k"] * 4)
    assert decompress(Codec.SNAPPY, big, limit=4 * 100 * 1024) == PAYLOADS["random-100k"] * 4
    for view in (data, memoryview(data), bytearray(data)):
        assert compress(Codec.SNAPPY, view) == _python_snappy_xerial(data)


def test_lz4_uses_independent_64k_blocks_without_content_size() -> None:
    packed = compress(Codec.LZ4, PAYLOADS["random-100k"])
    assert packed[:7] == bytes.fromhex("04224d18604082")
    pos, sizes = 7, []
    while (word := struct.unpack_from("<I", packed, pos)[0]) != 0:
        size = word & 0x7FFFFFFF
        block = packed[pos + 4 : pos + 4 + size]
        raw = word & 0x80000000  # random data does not compress: stored as is
        sizes.append(len(block) if raw else len(lz4.block.decompress(block, 65536)))
        pos += 4 + size
    assert sizes == [65536, 36864]
    assert pos + 4 == len(packed)


def test_zstd_streams_like_zstd_jni() -> None:
    packed = compress(Codec.ZSTD, PAYLOADS["compressible-1m"])
    params = zstandard.get_frame_parameters(packed)
    assert params.content_size == zstandard.CONTENTSIZE_UNKNOWN
    assert params.window_size == 1 << 21  # level 3's window log, as with an unknown size
    assert not params.has_checksum
    assert packed.endswith(b"\x01\x00\x00")  # the empty last block close() writes


@pytest.mark.parametrize(
    ("codec", "levels"),
    [(Codec.GZIP, [-1, 1, 9]), (Codec.LZ4, [1, 3, 9, 17]), (Codec.ZSTD, [-5, 1, 19, 22])],
)
def test_kip390_levels(codec: Codec, levels: list[int]) -> None:
    for level in levels:
        packed = compress(codec, SAMPLE, level=level)
        assert decompress(codec, packed, limit=len(SAMPLE)) == SAMPLE
    default = {Codec.GZIP: 6, Codec.LZ4: 9, Codec.ZSTD: 3}[codec]
    assert compress(codec, SAMPLE, level=default) == compress(codec, SAMPLE)


@pytest.mark.parametrize(
    ("codec", "level"),
    [
        (Codec.GZIP, 0),
        (Codec.GZIP, 10),
        (Codec.LZ4, 0),
        (Codec.LZ4, 18),
        (Codec.ZSTD, 23),
        (Codec.SNAPPY, 1),
        (Codec.NONE, 1),
    ],
)
def test_bad_level_is_an_encode_error(codec: Codec, level: int) -> None:
    err = raised(EncodeError, lambda: compress(codec, SAMPLE, level=level))
    assert err.actual == level


def test_compress_refuses_what_kafka_refuses() -> None:
    assert raised(EncodeError, lambda: compress(5, b"x")).actual == 5
    assert raised(EncodeError, lambda: compress(Codec.ZSTD, b"x", magic=1)).actual == 1
    assert raised(EncodeError, lambda: compress(Codec.GZIP, b"x", magic=3)).actual == 3


# --- lenient reading, as the Java client reads -------------------------------------------------


def test_snappy_accepts_a_raw_block() -> None:
    assert decompress(Codec.SNAPPY, _raw_snappy(SAMPLE), limit=len(SAMPLE)) == SAMPLE


def test_snappy_ignores_xerial_version_fields() -> None:
    # Some producers (redpanda, kafka-python#2414) write version/compatible little-endian.
    packed = compress(Codec.SNAPPY, SAMPLE)
    swapped = packed[:8] + struct.pack("<ii", 1, 1) + packed[16:]
    assert decompress(Codec.SNAPPY, swapped, limit=len(SAMPLE)) == SAMPLE


def test_snappy_accepts_concatenated_xerial_streams() -> None:
    packed = compress(Codec.SNAPPY, b"first ") + compress(Codec.SNAPPY, b"second")
    assert decompress(Codec.SNAPPY, packed, limit=12) == b"first second"


def test_snappy_cut_inside_a_concatenated_header() -> None:
    """A second stream's header cut short: each cut names what the walk met there."""
    first = compress(Codec.SNAPPY, b"first ")
    packed = first + compress(Codec.SNAPPY, b"second")
    at = len(first)
    for cut in range(1, 16):
        err = codec_error(Codec.SNAPPY, packed[:at + cut])
        if cut < 4:
            assert f"truncated xerial block length at payload byte {at}" in err.reason
        elif cut < 8:
            assert f"xerial block at payload byte {at} claims -2108469695 bytes" in err.reason
        else:
            assert f"truncated xerial header at payload byte {at}" in err.reason


def test_gzip_accepts_concatenated_members() -> None:
    packed = gzip.compress(b"first ", mtime=0) + compress(Codec.GZIP, b"second")
    assert decompress(Codec.GZIP, packed, limit=12) == b"first second"


def test_zstd_accepts_frames_with_size_checksum_and_skippable_frames() -> None:
    with_size = zstandard.ZstdCompressor(write_checksum=True).compress(b"first ")
    skippable = struct.pack("<II", 0x184D2A5E, 3) + b"abc"
    packed = with_size + skippable + compress(Codec.ZSTD, b"second")
    assert decompress(Codec.ZSTD, packed, limit=12) == b"first second"


@pytest.mark.parametrize(
    "options",
    [
        {"store_size": True},
        {"content_checksum": True},
        {"block_checksum": True},
        {"block_size": lz4.frame.BLOCKSIZE_MAX4MB},
    ],
)
def test_lz4_accepts_optional_frame_fields(options: dict[str, Any]) -> None:
    packed = lz4.frame.compress(SAMPLE, block_linked=False, **options)
    for magic in (0, 1, 2):
        assert decompress(Codec.LZ4, packed, limit=len(SAMPLE), magic=magic) == SAMPLE


def test_lz4_header_checksum_follows_the_magic() -> None:
    broken = compress(Codec.LZ4, SAMPLE, magic=0)
    correct = compress(Codec.LZ4, SAMPLE, magic=2)
    assert broken[6] != correct[6] and broken[7:] == correct[7:]
    garbled = correct[:6] + bytes([correct[6] ^ 0x55]) + correct[7:]
    for frame in (broken, correct, garbled):  # magic 0 ignores HC: ignoreFlagDescriptorChecksum
        assert decompress(Codec.LZ4, frame, limit=len(SAMPLE), magic=0) == SAMPLE
    for magic in (1, 2):  # magic 1+ requires the correct HC
        assert decompress(Codec.LZ4, correct, limit=len(SAMPLE), magic=magic) == SAMPLE
        err = codec_error(Codec.LZ4, broken, magic=magic)
        assert (err.expected, err.actual) == (correct[6], broken[6])
        codec_error(Codec.LZ4, garbled, magic=magic)


# --- rejections --------------------------------------------------------------------------------


@pytest.mark.parametrize("codec", [5, 6, 7, 8, -1])
def test_unknown_codec_id(codec: int) -> None:
    assert unsupported(codec, b"payload").actual == codec


def test_unknown_magic() -> None:
    err = raised(UnsupportedVersionError, lambda: decompress(1, b"x", limit=1, magic=3, **WHERE))
    assert (err.offset, err.actual) == (1234, 3)


def test_zstd_needs_magic_2() -> None:
    packed = compress(Codec.ZSTD, SAMPLE)
    assert unsupported(Codec.ZSTD, packed, magic=1).actual == 1


@pytest.mark.parametrize("codec", COMPRESSED)
@pytest.mark.parametrize(
    "garbage",
    [b"", b"\x00\x01", b"not compressed at all", _RNG.randbytes(64), bytes(40)],
    ids=["empty", "two-bytes", "text", "random", "zeros"],
)
def test_garbage(codec: Codec, garbage: bytes) -> None:
    codec_error(codec, garbage)


@pytest.mark.parametrize(
    ("codec", "magic"),
    [(Codec.GZIP, 2), (Codec.LZ4, 0), (Codec.LZ4, 2), (Codec.ZSTD, 2)],
)
def test_every_truncation(codec: Codec, magic: int) -> None:
    """No end-marked format may decode from a proper prefix (xerial has no end mark)."""
    packed = compress(codec, SAMPLE, magic=magic)
    for cut in range(1, len(packed)):
        codec_error(codec, packed[:cut], magic=magic)


def test_snappy_truncations() -> None:
    raw = _raw_snappy(SAMPLE)
    packed = compress(Codec.SNAPPY, PAYLOADS["random-100k"])
    boundaries = {16, 16 + 4 + struct.unpack_from(">i", packed, 16)[0]}
    for cut in [*range(1, 16), 17, 18, 19, 20, 100, *(b + 2 for b in boundaries), len(packed) - 1]:
        codec_error(Codec.SNAPPY, packed[:cut])
    for cut in (1, 2, len(raw) // 2, len(raw) - 1):
        codec_error(Codec.SNAPPY, raw[:cut])


@pytest.mark.parametrize(("codec", "magic"), [c for c in CASES if c.values[0] is not Codec.NONE])
@pytest.mark.parametrize("tail", [b"\x00", b"\x00\x00\x00", b"trailing garbage"])
def test_trailing_bytes(codec: Codec, magic: int, tail: bytes) -> None:
    codec_error(codec, compress(codec, SAMPLE, magic=magic) + tail, magic=magic)


@pytest.mark.parametrize("size", [0, -1, 0x7FFFFFFF], ids=["zero", "negative", "past-the-end"])
def test_snappy_bad_xerial_block_length(size: int) -> None:
    packed = compress(Codec.SNAPPY, b"") + struct.pack(">i", size) + b"\x01\x00a"
    codec_error(Codec.SNAPPY, packed)


@pytest.mark.parametrize(
    ("flg", "bd"),
    [
        (0x40, 0x40),
        (0x61, 0x40),
        (0x62, 0x40),
        (0xA0, 0x40),
        (0x60, 0x30),
        (0x60, 0xC0),
        (0x60, 0x41),
    ],
    ids=[
        "dependent-blocks",
        "dict-id",
        "reserved-bit",
        "version-2",
        "bd-16k",
        "bd-reserved-high",
        "bd-reserved-low",
    ],
)
def test_lz4_descriptors_kafka_rejects(flg: int, bd: int) -> None:
    header = bytes([flg, bd])
    frame = b"\x04\x22\x4d\x18" + header + bytes([(xxh32(header) >> 8) & 0xFF]) + bytes(4)
    for magic in (0, 2):
        unsupported(Codec.LZ4, frame, magic=magic)


def test_lz4_linked_blocks_are_rejected() -> None:
    linked = lz4.frame.compress(SAMPLE * 100, block_linked=True)
    unsupported(Codec.LZ4, linked)


def test_bad_gzip_check_value_is_corrupt_data() -> None:
    packed = bytearray(compress(Codec.GZIP, SAMPLE))
    packed[-8] ^= 0x01  # the CRC-32 of the trailer
    err = codec_error(Codec.GZIP, bytes(packed))
    assert "incorrect data check" in err.reason


def test_broken_lz4_block_is_corrupt_data() -> None:
    packed = bytearray(compress(Codec.LZ4, SAMPLE * 50))
    packed[11] ^= 0xFF  # inside the first block (after magic, FLG, BD, HC and block size)
    codec_error(Codec.LZ4, bytes(packed))


@settings(max_examples=300, deadline=None, database=None)
@given(codec=st.sampled_from(COMPRESSED), data=st.binary(max_size=300))
def test_arbitrary_bytes_never_leak_foreign_errors(codec: Codec, data: bytes) -> None:
    try:
        decompress(codec, data, limit=4096)
    except (CorruptRecordError, UnsupportedCodecError, LimitExceededError):
        pass


@settings(max_examples=300, deadline=None, database=None)
@given(
    case=st.sampled_from([(c, m) for c in COMPRESSED for m in (0, 2) if (c, m) != (Codec.ZSTD, 0)]),
    position=st.integers(min_value=0),
    xor=st.integers(min_value=1, max_value=255),
)
def test_mutations_never_leak_foreign_errors(
    case: tuple[Codec, int], position: int, xor: int
) -> None:
    codec, magic = case
    packed = bytearray(compress(codec, SAMPLE, magic=magic))
    packed[position % len(packed)] ^= xor
    try:
        decompress(codec, bytes(packed), limit=len(SAMPLE) * 2, magic=magic)
    except (CorruptRecordError, UnsupportedCodecError, LimitExceededError):
        pass


# --- limits --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bombs() -> dict[Codec, bytes]:
    """10 MiB of zeros per codec, checked at a 1 MiB limit."""
    zeros = bytes(10 * MiB)
    return {codec: compress(codec, zeros) for codec in COMPRESSED}


def _bomb_error(codec: Codec, bomb: bytes) -> Any:
    return raised(
        LimitExceededError, lambda: decompress(codec, bomb, limit=MiB, offset=99, path="records")
    )


@pytest.mark.parametrize("codec", COMPRESSED)
def test_bomb_fails_fast(codec: Codec, bombs: dict[Codec, bytes]) -> None:
    started = time.perf_counter()
    err = _bomb_error(codec, bombs[codec])
    assert time.perf_counter() - started < 0.5
    assert (err.offset, err.path, err.expected) == (99, "records", MiB)
    assert MiB < err.actual <= 10 * MiB


@pytest.mark.parametrize("codec", COMPRESSED)
def test_bomb_memory_is_bounded(codec: Codec, bombs: dict[Codec, bytes]) -> None:
    tracemalloc.start()
    try:
        _bomb_error(codec, bombs[codec])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 3 * MiB  # the output would be 10 MiB


def test_raw_snappy_bomb_is_refused_from_its_preamble() -> None:
    err = _bomb_error(Codec.SNAPPY, _raw_snappy(bytes(10 * MiB)))
    assert err.actual == 10 * MiB


@pytest.mark.parametrize(("codec", "magic"), CASES)
def test_limit_boundary(codec: Codec, magic: int) -> None:
    for data in (SAMPLE, PAYLOADS["compressible-1m"]):
        packed = compress(codec, data, magic=magic)
        assert decompress(codec, packed, limit=len(data), magic=magic) == data
        with pytest.raises(LimitExceededError) as info:
            decompress(codec, packed, limit=len(data) - 1, magic=magic, **WHERE)
        err = info.value
        assert type(err) is LimitExceededError
        assert (err.offset, err.path, err.expected) == (1234, "records", len(data) - 1)
    assert decompress(codec, compress(codec, b"", magic=magic), limit=0, magic=magic) == b""
    assert len(SAMPLE) < DEFAULT_DECOMPRESSION_LIMIT


# --- peers: kafka-python and aiokafka ----------------------------------------------------------


def _xxhash_shim() -> SimpleNamespace:
    """Stand-in for the optional ``xxhash`` package kafka-python's legacy LZ4 needs."""

    class _Digest:
        def __init__(self, data: bytes) -> None:
            self.value = xxh32(bytes(data))

        def digest(self) -> bytes:
            return self.value.to_bytes(4, "big")

    return SimpleNamespace(xxh32=_Digest)


@pytest.fixture
def kafka_python(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    codec = _import_quietly("kafka.codec")
    if codec.xxhash is None:
        monkeypatch.setattr(codec, "xxhash", _xxhash_shim())
    return codec


@pytest.fixture
def aiokafka() -> ModuleType:
    return _import_quietly("aiokafka.codec")


PEER_FUNCS = {
    Codec.GZIP: ("gzip_encode", "gzip_decode"),
    Codec.SNAPPY: ("snappy_encode", "snappy_decode"),
    Codec.LZ4: ("lz4_encode", "lz4_decode"),
    Codec.ZSTD: ("zstd_encode", "zstd_decode"),
}


@pytest.mark.peer
@pytest.mark.parametrize("peer", ["kafka_python", "aiokafka"])
@pytest.mark.parametrize("name", list(PAYLOADS))
@pytest.mark.parametrize("codec", COMPRESSED)
def test_peer_cross_check(
    codec: Codec, name: str, peer: str, request: pytest.FixtureRequest
) -> None:
    module = request.getfixturevalue(peer)
    encode, decode = (getattr(module, f) for f in PEER_FUNCS[codec])
    data = PAYLOADS[name]
    assert decompress(codec, encode(data), limit=len(data)) == data
    if codec is Codec.SNAPPY and not data:
        # Both peers only detect xerial framing when it is longer than its 16-byte header, so
        # they misread the header-only stream snappy-java (and kformat) write for no data.
        pytest.skip("peer cannot read an empty xerial stream")
    assert decode(compress(codec, data)) == data


@pytest.mark.peer
@pytest.mark.parametrize("peer", ["kafka_python", "aiokafka"])
def test_peer_golden_xerial_header(peer: str, request: pytest.FixtureRequest) -> None:
    module = request.getfixturevalue(peer)
    header = bytes.fromhex("82534e41505059000000000100000001")
    assert module.snappy_encode(SAMPLE)[:16] == header == compress(Codec.SNAPPY, SAMPLE)[:16]


@pytest.mark.peer
@pytest.mark.parametrize("name", ["one", "random-100k", "compressible-1m"])
@pytest.mark.parametrize("peer", ["kafka_python", "aiokafka"])
def test_peer_snappy_bytes_are_ours(peer: str, name: str, request: pytest.FixtureRequest) -> None:
    """Both peers write snappy-java's framing (32 KiB xerial blocks, the same block compressor):
    byte for byte what kformat writes."""
    module = request.getfixturevalue(peer)
    assert module.snappy_encode(PAYLOADS[name]) == compress(Codec.SNAPPY, PAYLOADS[name])


@pytest.mark.peer
@pytest.mark.parametrize("name", ["one", "random-100k", "compressible-1m"])
def test_peer_zstd_frames_are_level_3_but_not_ours(aiokafka: ModuleType, name: str) -> None:
    """aiokafka compresses zstd in one shot with the size known (content size in the frame,
    the parameters zstd picks for that size); kformat streams as zstd-jni does for the Java
    client (no content size: the level-3 window for an unknown size, 2 MiB), so the bench's
    zstd builds compare different frames (docs/performance.md). Each side reads the other's
    (test_peer_cross_check)."""
    data = PAYLOADS[name]
    theirs, ours = aiokafka.zstd_encode(data), compress(Codec.ZSTD, data)
    assert theirs != ours
    their_frame, our_frame = (zstandard.get_frame_parameters(f) for f in (theirs, ours))
    assert (their_frame.content_size, their_frame.has_checksum) == (len(data), False)
    assert (our_frame.content_size, our_frame.window_size, our_frame.has_checksum) == \
        (zstandard.CONTENTSIZE_UNKNOWN, 2 << 20, False)


@pytest.mark.peer
def test_peer_raw_snappy(kafka_python: ModuleType) -> None:
    raw = kafka_python.snappy_encode(SAMPLE, xerial_compatible=False)
    assert decompress(Codec.SNAPPY, raw, limit=len(SAMPLE)) == SAMPLE


@pytest.mark.peer
@pytest.mark.parametrize("name", list(PAYLOADS))
def test_peer_legacy_lz4(kafka_python: ModuleType, name: str) -> None:
    data = PAYLOADS[name]
    theirs = kafka_python.lz4_encode_old_kafka(data)
    ours = compress(Codec.LZ4, data, magic=0)
    assert theirs[:7] == ours[:7] == bytes.fromhex("04224d1860401a")
    assert decompress(Codec.LZ4, theirs, limit=len(data), magic=0) == data
    assert kafka_python.lz4_decode_old_kafka(ours) == data
    codec_error(Codec.LZ4, theirs, magic=1)  # Kafka 0.10+ refuses the broken checksum


@pytest.mark.peer
def test_peer_lz4_content_size_frames(kafka_python: ModuleType) -> None:
    # kafka-python's modern encoder stores the content size; KafkaLZ4BlockInputStream skips it.
    theirs = kafka_python.lz4_encode(SAMPLE)
    assert theirs[4] & 0x08
    for magic in (0, 1, 2):
        assert decompress(Codec.LZ4, theirs, limit=len(SAMPLE), magic=magic) == SAMPLE
