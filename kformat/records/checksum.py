"""The checksums of Kafka's record layer, all unsigned 32-bit.

* :func:`crc32c` (Castagnoli): the ``crc`` of a magic 2 record batch, covering ``attributes``
  to the end of the batch (Kafka documentation, "Record Batch").
* :func:`crc32` (IEEE, zlib's): the ``crc`` of a magic 0/1 message, covering ``magic`` to the
  end of the value (Kafka documentation, "Old Message Format").
* :func:`xxh32`: the hash behind the LZ4 frame descriptor checksum (the ``HC`` byte is
  ``(xxh32(descriptor) >> 8) & 0xFF``, LZ4 frame format 1.6 and KIP-57). Descriptors are
  at most 18 bytes, so a pure Python xxHash32 is plenty fast and avoids a dependency.
"""

from __future__ import annotations

import zlib

import crc32c as _crc32c

__all__ = ["crc32", "crc32c", "xxh32"]

_M32 = 0xFFFFFFFF
_P1 = 2654435761
_P2 = 2246822519
_P3 = 3266489917
_P4 = 668265263
_P5 = 374761393


def crc32c(data: bytes) -> int:
    """CRC-32C (Castagnoli) of ``data``, as used by magic 2 record batches."""
    return _crc32c.crc32c(data) & _M32


def crc32(data: bytes) -> int:
    """CRC-32 (IEEE 802.3, zlib) of ``data``, as used by magic 0 and 1 messages."""
    return zlib.crc32(data) & _M32


def _rotl(x: int, r: int) -> int:
    return ((x << r) | (x >> (32 - r))) & _M32


def _round(acc: int, lane: int) -> int:
    return (_rotl((acc + lane * _P2) & _M32, 13) * _P1) & _M32


def xxh32(data: bytes, seed: int = 0) -> int:
    """xxHash32 of ``data`` (reference algorithm, little-endian lanes)."""
    view = memoryview(data).cast("B")
    n = len(view)
    i = 0
    if n >= 16:
        v1 = (seed + _P1 + _P2) & _M32
        v2 = (seed + _P2) & _M32
        v3 = seed & _M32
        v4 = (seed - _P1) & _M32
        while i + 16 <= n:
            v1 = _round(v1, int.from_bytes(view[i : i + 4], "little"))
            v2 = _round(v2, int.from_bytes(view[i + 4 : i + 8], "little"))
            v3 = _round(v3, int.from_bytes(view[i + 8 : i + 12], "little"))
            v4 = _round(v4, int.from_bytes(view[i + 12 : i + 16], "little"))
            i += 16
        h = (_rotl(v1, 1) + _rotl(v2, 7) + _rotl(v3, 12) + _rotl(v4, 18)) & _M32
    else:
        h = (seed + _P5) & _M32
    h = (h + n) & _M32
    while i + 4 <= n:
        lane = int.from_bytes(view[i : i + 4], "little")
        h = (_rotl((h + lane * _P3) & _M32, 17) * _P4) & _M32
        i += 4
    while i < n:
        h = (_rotl((h + view[i] * _P5) & _M32, 11) * _P1) & _M32
        i += 1
    h ^= h >> 15
    h = (h * _P2) & _M32
    h ^= h >> 13
    h = (h * _P3) & _M32
    h ^= h >> 16
    return h
