"""Bad input through the public API: every error is a KFormatError with a path and an offset.

Truncation at every byte, every single-bit flip, lying lengths and counts, overlong varints,
bad codec bits, a decompression bomb, garbage compressed bytes.
"""

from __future__ import annotations

import struct
import zlib
from typing import Any

import pytest

from kformat import Codec, Record, TruncatedTail, build_batch, make_batch, parse_batches
from kformat.errors import (
    CorruptRecordError,
    EncodeError,
    InvalidValueError,
    KFormatError,
    LimitExceededError,
    TruncatedError,
    UnsupportedCodecError,
    UnsupportedVersionError,
)
from kformat.records.checksum import crc32c
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT, compress

SMALL = [Record(key=b"k", value=b"value", headers=[("h", b"x")], timestamp=10),
         Record(key=None, value=b"v2", timestamp=12)]


def small(codec: Codec = Codec.NONE, magic: int = 2) -> bytes:
    records = SMALL if magic == 2 else [Record(key=r.key, value=r.value, timestamp=r.timestamp)
                                        for r in SMALL[:2 if codec else 1]]
    return build_batch(make_batch(records, codec=codec, magic=magic, base_offset=3))


def reseal(data: bytes | bytearray) -> bytes:
    """Recompute the CRC-32C of a magic 2 batch after editing it."""
    data = bytearray(data)
    struct.pack_into(">I", data, 17, crc32c(bytes(data[21:])))
    return bytes(data)


def rebatch(records: bytes, count: int, attributes: int = 0) -> bytes:
    """A magic 2 batch around raw record bytes (lengths and CRC made consistent)."""
    body = struct.pack(">hiqqqhii", attributes, 1, 10, 12, -1, -1, -1, count) + records
    after_length = struct.pack(">ibI", -1, 2, crc32c(body)) + body
    return struct.pack(">qi", 3, len(after_length)) + after_length


# first record of SMALL, uncompressed: length attributes ts_delta offset_delta key value headers
RECORD_0 = b"\x20\x00\x00\x00\x02k\x0avalue\x02\x02h\x02x"
RECORD_1 = b"\x10\x00\x04\x02\x01\x04v2\x00"


def test_fixture_layout() -> None:
    assert small()[61:] == RECORD_0 + RECORD_1
    assert rebatch(RECORD_0 + RECORD_1, 2)[21:] == small()[21:]


def raises(data: bytes, **options: Any) -> KFormatError:
    with pytest.raises(KFormatError) as err:
        parse_batches(data, **options)
    return err.value


def check(err: KFormatError, cls: type[KFormatError], path: str, offset: int) -> None:
    assert type(err) is cls, err
    assert (err.path, err.offset) == (path, offset), err


# --------------------------------------------------------------------------- truncation

BATCHES = {
    "v2": small(),
    "v2-gzip": small(Codec.GZIP),
    "v2-zstd": small(Codec.ZSTD),
    "v1": small(magic=1),
    "v1-snappy": small(Codec.SNAPPY, magic=1),
    "v0-lz4": small(Codec.LZ4, magic=0),
}


@pytest.mark.parametrize("name", list(BATCHES))
def test_truncation_at_every_byte(name: str) -> None:
    data = BATCHES[name]
    prefix = small()  # a complete batch before the cut one
    for cut in range(len(data)):
        batches = parse_batches(prefix + data[:cut])
        assert len(batches) == 1
        if cut == 0:
            assert batches.truncated is None
            continue
        assert batches.truncated == TruncatedTail(
            position=len(prefix), available=cut, needed=len(data) if cut >= 12 else None)
        with pytest.raises(TruncatedError) as err:
            parse_batches(prefix + data[:cut], strict=True)
        assert err.value.offset == len(prefix) and err.value.actual == cut


# --------------------------------------------------------------------------- bit flips


@pytest.mark.parametrize("name", ["v2", "v2-gzip", "v2-zstd"])
def test_every_single_bit_flip(name: str) -> None:
    data = BATCHES[name]
    (original,) = parse_batches(data)
    for byte in range(len(data)):
        for bit in range(8):
            flipped = bytearray(data)
            flipped[byte] ^= 1 << bit
            try:
                (batch,) = parse_batches(bytes(flipped), strict=True)
            except KFormatError as exc:
                if byte >= 17:  # the CRC and what it covers
                    assert type(exc) is CorruptRecordError, (byte, bit, exc)
                    assert (exc.path, exc.offset) == ("crc", 17)
                elif byte == 16:
                    assert isinstance(exc, UnsupportedVersionError | CorruptRecordError), exc
                continue
            # only fields outside the CRC can change unnoticed
            assert byte < 8 or 12 <= byte < 16, (byte, bit)
            assert batch.records[0].value == original.records[0].value


def test_crc_flip_parses_without_verification() -> None:
    data = bytearray(small(Codec.LZ4))
    data[20] ^= 0x80
    check(raises(bytes(data)), CorruptRecordError, "crc", 17)
    (batch,) = parse_batches(bytes(data), verify_crc=False)
    assert batch.crc_valid is None and batch.crc == struct.unpack_from(">I", data, 17)[0]
    assert [r.value for r in batch.records] == [b"value", b"v2"]


def test_crc_error_names_stored_and_computed() -> None:
    prefix = small(magic=1)
    data = bytearray(small())
    data[-1] ^= 0x02
    err = raises(prefix + bytes(data))
    check(err, CorruptRecordError, "crc", len(prefix) + 17)  # the CRC field
    assert err.expected == struct.unpack_from(">I", data, 17)[0]
    assert err.actual == crc32c(bytes(data[21:]))


# --------------------------------------------------------------------------- lying lengths


def with_length(length: int) -> bytes:
    data = bytearray(small())
    struct.pack_into(">i", data, 8, length)
    return bytes(data)


def test_batch_length_too_long() -> None:
    data = with_length(len(small()) - 12 + 1)
    assert parse_batches(data).truncated == TruncatedTail(0, len(data), len(data) + 1)
    check(raises(data, strict=True), TruncatedError, "", 0)
    # followed by another batch, the region takes a byte of it: the CRC no longer matches
    check(raises(data + small()), CorruptRecordError, "crc", 17)


def test_batch_length_too_short() -> None:
    check(raises(with_length(len(small()) - 12 - 1)), CorruptRecordError, "crc", 17)
    err = raises(with_length(48))
    check(err, InvalidValueError, "batch_length", 8)
    assert (err.expected, err.actual) == (49, 48)


@pytest.mark.parametrize("length", [-1, -(1 << 31), 0, 4])
def test_batch_length_negative_or_tiny(length: int) -> None:
    check(raises(with_length(length)), InvalidValueError, "batch_length", 8)


def test_batch_length_huge() -> None:
    err = raises(with_length((1 << 31) - 1))
    check(err, LimitExceededError, "batch_length", 8)
    assert parse_batches(with_length((1 << 31) - 1),
                         max_batch_size=1 << 32).truncated is not None


# Framing has checked that the whole batch is present, so a length or count that overruns it
# lied: InvalidValueError (a TruncatedError only ever means the buffer itself was cut).


@pytest.mark.parametrize(("length", "path", "offset"), [
    (0x22, "records[0]", 61 + 1 + 16),                      # one byte too long: left over
    (0x7FFFFFFE, "records[0]", 61),                         # huge: refused up front
    (0x1E, "records[0].headers[0].value", 61 + 1 + 15),     # one byte too short
    (0x03, "records[0]", 61),                               # negative (-2)
])
def test_record_length_lies(length: int, path: str, offset: int) -> None:
    from kformat.primitives.runtime import uvarint_bytes

    record = uvarint_bytes(length) + RECORD_0[1:]
    data = rebatch(record + RECORD_1, 2)
    check(raises(data), InvalidValueError, path, offset)
    check(raises(data, verify_crc=False), InvalidValueError, path, offset)
    check(raises(data[:17] + b"\0\0\0\0" + data[21:]), CorruptRecordError, "crc", 17)


def test_record_length_lie_inside_compressed_records() -> None:
    bad = b"\x22" + RECORD_0[1:]
    data = rebatch(compress(Codec.SNAPPY, bad + RECORD_1), 2, attributes=Codec.SNAPPY)
    err = raises(small() + data)
    check(err, InvalidValueError, "records[0]", len(small()) + 61)
    assert "byte 17 of the decompressed snappy data" in err.reason


@pytest.mark.parametrize(("count", "path", "offset"), [
    (3, "records[2]", 61 + len(RECORD_0 + RECORD_1)),  # one more than present
    (1, "records", 61 + len(RECORD_0)),                # one fewer: bytes left over
    (-1, "records", 61),
    ((1 << 31) - 1, "records", 61),                    # refused before allocating
])
def test_record_count_lies(count: int, path: str, offset: int) -> None:
    check(raises(rebatch(RECORD_0 + RECORD_1, count)), InvalidValueError, path, offset)


@pytest.mark.parametrize(("headers", "path", "offset"), [
    (b"\x04", "records[0].headers[1].key", 78),      # 2 headers, 1 present
    (b"\x00", "records[0]", 74),                     # 0 headers: the record has bytes left
    (b"\x03", "records[0].headers", 73),             # -2
    (b"\xfe\xff\xff\xff\x0f", "records[0].headers", 73),  # 2^31 - 1
])
def test_header_count_lies(headers: bytes, path: str, offset: int) -> None:
    body = RECORD_0[1:].replace(b"\x02\x02h\x02x", headers + b"\x02h\x02x")
    record = bytes([len(body) * 2]) + body
    check(raises(rebatch(record + RECORD_1, 2)), InvalidValueError, path, offset)


def test_overlong_varint() -> None:
    body = b"\x00" + b"\x80\x80\x80\x80\x80\x00" + RECORD_0[3:]  # timestamp_delta: fine
    record = bytes([len(body) * 2]) + body
    (batch,) = parse_batches(rebatch(record + RECORD_1, 2))
    assert batch.records[0].timestamp == 10
    body = b"\x00\x00" + b"\x80\x80\x80\x80\x80\x00" + RECORD_0[4:]  # offset_delta: 6 bytes
    record = bytes([len(body) * 2]) + body
    err = raises(rebatch(record + RECORD_1, 2))
    check(err, InvalidValueError, "records[0].offset_delta", 61 + 3)
    body = b"\x00" + b"\xff" * 10 + b"\x01" + RECORD_0[3:]  # timestamp_delta: 11 bytes
    record = bytes([len(body) * 2]) + body
    check(raises(rebatch(record + RECORD_1, 2)), InvalidValueError,
          "records[0].timestamp_delta", 61 + 2)


# --------------------------------------------------------------------------- codecs


@pytest.mark.parametrize("codec", [5, 6, 7])
def test_bad_codec_bits(codec: int) -> None:
    err = raises(rebatch(RECORD_0 + RECORD_1, 2, attributes=codec))
    check(err, UnsupportedCodecError, "records", 61)
    assert err.actual == codec


@pytest.mark.parametrize("codec", [Codec.GZIP, Codec.SNAPPY, Codec.LZ4, Codec.ZSTD])
def test_garbage_compressed_payload(codec: Codec) -> None:
    data = rebatch(b"\x00garbage, not compressed at all\x01\x02", 2, attributes=codec)
    check(raises(data), CorruptRecordError, "records", 61)


def test_decompression_bomb() -> None:
    bomb = compress(Codec.ZSTD, bytes(DEFAULT_DECOMPRESSION_LIMIT + 1))
    assert len(bomb) < 1 << 20
    err = raises(rebatch(bomb, 1, attributes=Codec.ZSTD))
    check(err, LimitExceededError, "records", 61)
    assert err.expected == DEFAULT_DECOMPRESSION_LIMIT
    deflate = zlib.compressobj(9, zlib.DEFLATED, 31)
    gz = deflate.compress(bytes(1 << 22)) + deflate.flush()
    err = raises(rebatch(gz, 1, attributes=Codec.GZIP), decompression_limit=1 << 20)
    check(err, LimitExceededError, "records", 61)


def test_bad_magic() -> None:
    data = bytearray(small())
    for magic in (3, 127, -1):
        data[16] = magic & 0xFF
        err = raises(bytes(data))
        check(err, UnsupportedVersionError, "magic", 16)
        assert err.actual == magic


def test_legacy_errors_are_absolute() -> None:
    prefix = small()
    data = bytearray(small(Codec.GZIP, magic=1))
    data[-3] ^= 0x01
    err = raises(prefix + bytes(data))
    assert type(err) is CorruptRecordError and err.offset == len(prefix) + 12, err  # crc


# --------------------------------------------------------------------------- varint fast paths
# The runtime reads one- and two-byte varints (record lengths, deltas, key/value lengths)
# inline; a reference decoder checks values and errors for every one- and two-byte input
# and a sample of longer ones, at an absolute base offset.


def _reference_uvarint(data: bytes, max_bytes: int, max_value: int) -> tuple[int, int]:
    result = 0
    for i in range(max_bytes):
        if i >= len(data):
            raise TruncatedError("", offset=i)
        result |= (data[i] & 0x7F) << (7 * i)
        if not data[i] & 0x80:
            if result > max_value:
                raise InvalidValueError("", offset=0)
            return result, i + 1
    raise InvalidValueError("", offset=0)


def _reference(kind: str, data: bytes) -> Any:
    """(value, bytes consumed) or (error class, offset) as the general functions define."""
    try:
        if kind == "uvarint":
            return _reference_uvarint(data, 5, (1 << 32) - 1)
        raw, size = _reference_uvarint(data, 10 if kind == "varlong" else 5,
                                       (1 << 64) - 1 if kind == "varlong" else (1 << 32) - 1)
        n = (raw >> 1) ^ -(raw & 1)
        if kind in ("varint", "varlong"):
            return n, size
        if n < -1:
            raise InvalidValueError("", offset=0)
        if kind == "length":
            return n, size
        if n == -1:
            if kind == "blob":
                return None, size
            raise InvalidValueError("", offset=0)
        if len(data) - size < n:
            raise TruncatedError("", offset=size)
        payload = data[size:size + n]
        if kind == "text":
            try:
                payload = payload.decode("utf-8")
            except UnicodeDecodeError:
                raise InvalidValueError("", offset=0) from None
        return payload, size + n
    except KFormatError as exc:
        return type(exc), exc.offset


def _actual(kind: str, data: bytes) -> Any:
    from kformat.primitives import runtime as rt

    base = 1000
    io = rt.OffsetStream(data, None, base)
    try:
        if kind == "uvarint":
            value = rt.p_uvarint(io)
        elif kind == "varint":
            value = rt.p_varint(io)
        elif kind == "varlong":
            value = rt.p_varlong(io)
        elif kind == "length":
            value = rt.p_length(io, "varint")
        elif kind == "blob":
            value = rt.p_blob(io, "varint", True)
        elif kind == "strict":
            value = rt.p_blob(io, "varint", False)
        else:
            value = rt.p_text(io, "varint", False)
    except KFormatError as exc:
        return type(exc), exc.offset - base
    return value, io.tell() - base


def _inputs() -> list[bytes]:
    out = [b""] + [bytes([a]) for a in range(256)]
    out += [bytes([a, b]) for a in range(128, 256) for b in range(256)]
    out += [bytes([a, b]) + b"payload, \xff\xfe and more bytes" * 3
            for a in range(0, 256, 3) for b in range(0, 256, 5)]
    out += [b"\xff" * k + b"\x01" for k in range(1, 11)] + [b"\x80" * k for k in range(1, 12)]
    return out


@pytest.mark.parametrize("kind", ["uvarint", "varint", "varlong", "length", "blob", "strict",
                                  "text"])
def test_varint_fast_paths_match_the_reference(kind: str) -> None:
    for data in _inputs():
        expected = _reference("blob" if kind == "strict" else kind, data)
        if kind == "strict" and expected[0] is None:
            expected = (InvalidValueError, 0)
        assert _actual(kind, data) == expected, (kind, data[:4].hex())


def _reference_encode(n: int, bits: int) -> bytes:
    z = ((n << 1) ^ (n >> (bits - 1))) & ((1 << bits) - 1)
    out = bytearray()
    while z > 0x7F:
        out.append((z & 0x7F) | 0x80)
        z >>= 7
    out.append(z)
    return bytes(out)


def test_varint_writers_match_the_reference() -> None:
    from io import BytesIO

    from kformat.primitives import runtime as rt

    values = [*range(-20_000, 20_000), (1 << 31) - 1, -(1 << 31), 1 << 40, -(1 << 63)]
    for n in values:
        for writer, bits in ((rt.b_varint, 32), (rt.b_varlong, 64)):
            if bits == 32 and not -(1 << 31) <= n < 1 << 31:
                continue
            out = BytesIO()
            writer(n, out)
            assert out.getvalue() == _reference_encode(n, bits), n
    for size in [*range(0, 200), *range(8180, 8200), 20_000]:
        blob = bytes(size)
        out = BytesIO()
        rt.b_blob(blob, out, "varint", True)
        assert out.getvalue() == _reference_encode(size, 32) + blob, size
        out = BytesIO()
        rt.b_length(size, out, "varint")
        assert out.getvalue() == _reference_encode(size, 32), size
        if size < 300:
            out = BytesIO()
            rt.b_text("\u00e9" * size, out, "varint", False)
            assert out.getvalue() == _reference_encode(2 * size, 32) + "\u00e9".encode() * size
    for bad in (True, 1.0, "1", 1 << 31):
        with pytest.raises(EncodeError):
            rt.b_varint(bad, BytesIO())
