"""Kafka's record compression codecs as plain functions, written and read the Java client's way.

The codec is the low 3 bits of a batch's (magic 2) or wrapper message's (magic 0/1)
``attributes`` (Kafka documentation, "Record Batch" and "Old Message Format"); the compressed bytes are the batch's records, or the
wrapper's value holding an inner message set. Each codec is framed as Kafka's Java client
frames it:

* GZIP: one RFC 1952 member as ``java.util.zip.GZIPOutputStream`` writes it (header
  ``1f 8b 08 00 00000000 00 ff``: no name, mtime 0, XFL 0, OS "unknown" as JDK 16+ writes),
  raw deflate at ``Deflater.DEFAULT_COMPRESSION`` (6), then CRC-32 and ISIZE little-endian.
  Reading accepts concatenated members, as ``GZIPInputStream`` does (in time linear in the
  payload, however many members it holds), and inflates with ISA-L
  when the ``isal`` package is installed (``kformat[spark]``; about twice zlib's speed): a
  payload it does not inflate whole and checked goes to zlib, whose bytes or error stand.
* SNAPPY: snappy-java's ``SnappyOutputStream`` ("xerial") framing::

      magic   82 53 4e 41 50 50 59 00   ("\\x82SNAPPY\\0")
      version int32 BE = 1, compatible int32 BE = 1
      block*  int32 BE compressed length, raw snappy block of <= 32 KiB input

  Reading also accepts a bare raw snappy block, concatenated xerial streams, and any
  version/compatible values (snappy-java and kafka-python ignore them).
* LZ4: the LZ4 frame format as ``KafkaLZ4BlockOutputStream`` writes it (KIP-57): FLG ``0x60``
  (version 1, independent blocks, no block or content checksum, no content size), BD ``0x40``
  (64 KiB blocks), HC = ``(xxh32(FLG BD) >> 8) & 0xFF``, blocks, end mark ``00000000``.
  Magic 0 keeps Kafka < 0.10's bug: HC hashes the 4 magic bytes too. When reading, magic 0
  ignores HC altogether and magic 1+ requires the correct one, like
  ``KafkaLZ4BlockInputStream(ignoreFlagDescriptorChecksum = magic == 0)``; FLG/BD values that
  class rejects (dependent blocks, dictionary id, reserved bits) are rejected too.
* ZSTD (magic 2 only, KIP-110): one frame as zstd-jni's ``ZstdOutputStream`` behind Kafka's
  ``BufferedOutputStream`` writes it: streamed without a content size (so the level's window
  descriptor is written), no checksum, a flushed block, then an empty last block. Reading
  accepts any sequence of frames, with or without content size, and skippable frames.

Decompression is incremental and capped: at most ``limit`` bytes are ever produced and
:class:`~kformat.errors.LimitExceededError` is raised as soon as the cap would be crossed.
Corrupt compressed data (a bad gzip check value, a broken LZ4 block, a cut-short frame, bytes
left over after the compressed stream) raises :class:`~kformat.errors.CorruptRecordError`; a
codec id Kafka does not define, or a codec feature Kafka refuses (zstd below magic 2, LZ4
dependent blocks), raises :class:`~kformat.errors.UnsupportedCodecError`. No foreign
exception escapes.
"""

from __future__ import annotations

import importlib.metadata
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from enum import EnumMeta, IntEnum
from functools import lru_cache
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

import cramjam
import lz4.block
import lz4.frame
import zstandard

from kformat.errors import (
    CorruptRecordError,
    EncodeError,
    KFormatError,
    LimitExceededError,
    UnsupportedCodecError,
    UnsupportedVersionError,
)
from kformat.primitives.fast import parse_memo
from kformat.records.checksum import xxh32

_isal: ModuleType | None
try:  # ISA-L's inflate, about twice zlib's speed (kformat[spark] installs it)
    from isal import isal_zlib as _isal
except ImportError:  # pragma: no cover - optional
    _isal = None

__all__ = [
    "CODECS",
    "CODEC_MASK",
    "DEFAULT_DECOMPRESSION_LIMIT",
    "DEFAULT_RECORD_LIMIT",
    "RECORD_LIMIT_BYTES",
    "Codec",
    "CodecSpec",
    "codecs_for",
    "compress",
    "compressed_codecs",
    "decompress",
    "find_codec",
    "gzip_inflater",
    "record_limit_for",
]


DEFAULT_DECOMPRESSION_LIMIT: Final = 64 * 1024 * 1024
"""A sane cap for one batch's decompressed records (64 MiB)."""

RECORD_LIMIT_BYTES: Final = 64
"""The decompressed bytes per record the default record cap allows for (see
:func:`record_limit_for`)."""

DEFAULT_RECORD_LIMIT: Final = DEFAULT_DECOMPRESSION_LIMIT // RECORD_LIMIT_BYTES
"""The default cap on the records one compressed batch may announce (1,048,576)."""


def record_limit_for(decompression_limit: int, record_limit: int | None = None) -> int:
    """The cap on the records a compressed batch may announce: ``record_limit``, or (None)
    one record per :data:`RECORD_LIMIT_BYTES` bytes of ``decompression_limit``.

    The byte cap alone lets a few kilobytes of compressed minimal records (7 bytes each)
    inflate to 64 MiB and 9 million records, whose objects or columns take 20 times that;
    counted against this cap, such a batch is refused before it is decompressed."""
    if record_limit is None:
        return max(1, decompression_limit // RECORD_LIMIT_BYTES)
    if not isinstance(record_limit, int) or isinstance(record_limit, bool) or record_limit < 0:
        raise ValueError(f"record_limit must be an int >= 0 or None, not {record_limit!r}")
    return record_limit

CODEC_MASK: Final = 0x07
"""The codec bits (0-2) of a batch's or legacy message's ``attributes``."""

_MAGICS = (0, 1, 2)
_GZIP_HEADER = bytes.fromhex("1f8b08000000000000ff")
_GZIP_MAGIC = b"\x1f\x8b"
_GZIP_RESERVED_FLAGS = 0xE0  # FLG bits 5-7 (RFC 1952, 2.3.1): zlib refuses them, ISA-L ignores them
_XERIAL_MAGIC = b"\x82SNAPPY\x00"
_XERIAL_HEADER = _XERIAL_MAGIC + struct.pack(">ii", 1, 1)
_XERIAL_BLOCK = 32 * 1024
_snappy_compress_into = cramjam.snappy.compress_raw_into
_snappy_into = cramjam.snappy.decompress_raw_into
"""Snappy runs on cramjam, the engine python-snappy >= 0.7 wraps (``snappy.compress`` is
``bytes(cramjam.snappy.compress_raw(data))``): its ``*_into`` calls, which python-snappy
lacks, write each block straight into a kept buffer (docs/performance.md, "Codecs"); the
bytes are python-snappy's (tests/records/test_codecs.py)."""
_SNAPPY_BUFFERS: list[bytearray] = []
"""Kept compression buffers (taken with pop(), given back with append(): atomic under the
GIL, so no two threads share one; cramjam releases the GIL while it compresses)."""
_KEEP_BUFFERS = 2
_KEEP_BYTES = 4 << 20
_LZ4_MAGIC = b"\x04\x22\x4d\x18"
_U32LE = struct.Struct("<I")
_I32BE = struct.Struct(">i")
_ZSTD_MAGIC = 0xFD2FB528
_ZSTD_CHUNK = 1024 * 1024  # most batches in one read
_ZSTD_KEEP = 2
_ZSTD_KEEP_WINDOW = 8 << 20
_ZSTD_DECOMPRESSORS: list[zstandard.ZstdDecompressor] = []
"""Decompressors kept for reuse (one per concurrent call, at most _ZSTD_KEEP kept): making one
per batch costs more than a small batch's decompression. Taken with pop(), given back with
append() (atomic under the GIL), so no two threads share one."""


def compress(codec: Codec | int, data: bytes, *, magic: int = 2, level: int | None = None) -> bytes:
    """Compress ``data`` as the Java client does for a batch of this ``magic``.

    ``level`` is the KIP-390 ``compression.<codec>.level`` (None: the Java default).
    Raises :class:`~kformat.errors.EncodeError` for a codec, magic or level Kafka refuses.
    """
    spec = find_codec(codec)
    if spec is None:
        raise EncodeError(f"unknown compression codec {codec}", actual=codec)
    if magic not in _MAGICS:
        raise EncodeError(f"unknown magic {magic}", expected=_MAGICS, actual=magic)
    if magic < spec.min_magic:
        raise EncodeError(spec.magic_reason(), expected=spec.min_magic, actual=magic)
    return spec.compress(data, _level(spec, level), magic)


def _copy(data: bytes, level: int, magic: int) -> bytes:
    return bytes(data)


def _gzip(data: bytes, level: int, magic: int) -> bytes:
    deflater = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    body = deflater.compress(data) + deflater.flush()
    return _GZIP_HEADER + body + struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)


def _snappy(data: bytes | memoryview, level: int, magic: int) -> bytes:
    # Each block compressed in place into a kept buffer (cramjam's compress_raw_into, the
    # compressor python-snappy's compress() wraps: the same bytes, with no output object,
    # copy and join per block), its length written in front of it.
    with memoryview(data) as view:
        n = len(view)
        blocks = -(-n // _XERIAL_BLOCK)
        need = len(_XERIAL_HEADER) + blocks * 4 + _snappy_bound(_XERIAL_BLOCK) * blocks
        buf = _take_buffer(_SNAPPY_BUFFERS, need)
        try:
            with memoryview(buf) as out:
                out[:len(_XERIAL_HEADER)] = _XERIAL_HEADER
                pos = len(_XERIAL_HEADER)
                for start in range(0, n, _XERIAL_BLOCK):
                    size = _snappy_compress_into(view[start:start + _XERIAL_BLOCK], out[pos + 4:])
                    _I32BE.pack_into(out, pos, size)
                    pos += 4 + size
                return bytes(out[:pos])
        finally:
            _give_buffer(_SNAPPY_BUFFERS, buf)


def _snappy_bound(n: int) -> int:
    """The most a raw snappy block of ``n`` bytes' input takes (snappy's MaxCompressedLength)."""
    return 32 + n + n // 6


def _take_buffer(pool: list[bytearray], size: int) -> bytearray:
    """A kept bytearray of at least ``size`` bytes from ``pool`` (or a new one)."""
    try:
        buf = pool.pop()
    except IndexError:
        buf = bytearray()
    if len(buf) < size:
        buf.extend(bytes(size - len(buf)))
    return buf


def _give_buffer(pool: list[bytearray], buf: bytearray) -> None:
    """Keep ``buf`` for the next call (at most _KEEP_BUFFERS of at most _KEEP_BYTES)."""
    if len(pool) < _KEEP_BUFFERS and len(buf) <= _KEEP_BYTES:
        pool.append(buf)


def _lz4(data: bytes, level: int, magic: int) -> bytes:
    # Kafka's default level 9 selects LZ4's fast compressor; any other level is LZ4HC.
    frame: bytes = lz4.frame.compress(
        data,
        compression_level=0 if level == 9 else level,
        block_size=lz4.frame.BLOCKSIZE_MAX64KB,
        block_linked=False,
        block_checksum=False,
        content_checksum=False,
        store_size=False,
    )
    if magic == 0:
        frame = frame[:6] + bytes([_lz4_hc(frame[:6])]) + frame[7:]
    return frame


def _zstd(data: bytes | memoryview, level: int, magic: int) -> bytes:
    # A new compressor per payload: reusing one (its context reset per frame) is faster in a
    # tight loop (358 vs 379 us for 250 KB: no cpuid probe, no clearing of its 768 KB of
    # tables) but slower among other work: the kept tables are cold there (the first build
    # after other work 650-880 us against 510-570), while clearing a new context's warms them.
    # In the records bench's zstd rounds a kept one wins the best round (414-428 vs 440-445 us)
    # and loses the median round (559-590 vs 482-512).
    cobj = zstandard.ZstdCompressor(level=level).compressobj()
    parts = [cobj.compress(data)]
    if data:  # ZstdOutputStream.flush() then close(); an empty stream only sees close()
        parts.append(cobj.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK))
    parts.append(cobj.flush(zstandard.COMPRESSOBJ_FLUSH_FINISH))
    return b"".join(parts)


def decompress(
    codec: Codec | int,
    data: bytes | bytearray | memoryview,
    *,
    limit: int,
    magic: int = 2,
    offset: int = 0,
    path: str = "",
) -> bytes:
    """Decompress one compressed payload, producing at most ``limit`` bytes.

    ``offset`` (the payload's absolute offset) and ``path`` are carried by every error.
    Raises :class:`~kformat.errors.LimitExceededError` (``expected`` is ``limit``, ``actual``
    the size seen so far, a lower bound for streamed codecs) or
    :class:`~kformat.errors.UnsupportedCodecError`.
    """
    out = _Output(limit, path, offset)
    _run(codec, bytes(data), out, magic)
    return out.result()


def decompress_into(codec: int, data: memoryview, buffer: bytearray, limit: int,
                    magic: int) -> bytes | int:
    """:func:`decompress` for the native engine: ``data`` is a view of the payload, ``buffer``
    a bytearray the engine keeps and reuses, so decompressing a batch does not map fresh
    memory. Returns the plain bytes, or their size ``n`` when they are in ``buffer[:n]``
    (grown as needed, never shrunk). Raises what :func:`decompress` raises (offset 0)."""
    out = _Output(limit, "", 0, buffer)
    _run(codec, data, out, magic)
    return out.native_result()


def _run(codec: Codec | int, data: bytes | memoryview, out: _Output, magic: int) -> None:
    """Decompress ``data`` into ``out`` (the body of :func:`decompress`)."""
    spec = find_codec(codec)
    if spec is None:
        raise out.fail(f"compression codec {codec} is not defined by Kafka", actual=codec)
    if magic not in _MAGICS:
        raise UnsupportedVersionError(f"unknown magic {magic}", path=out.path, offset=out.offset,
                                      expected=_MAGICS, actual=magic)
    if magic < spec.min_magic:
        raise out.fail(spec.magic_reason(), expected=spec.min_magic, actual=magic)
    if spec.decompress is None:
        out.add(data)
        return
    if not data:
        raise out.corrupt(f"{spec.name}: empty payload")
    limit = out.limit
    failed = parse_memo()
    key = _failure_key(spec.id, magic, limit, data) if failed is not None else None
    if failed:
        seen = failed.get(key)
        if seen is not None:  # the compiled path already inflated this payload and failed
            kind, reason, expected, actual = seen
            raise kind(reason, path=out.path, offset=out.offset, expected=expected,
                       actual=actual)
    try:
        _DECODERS[spec.id](data, out, magic)
    except KFormatError as exc:
        if failed is not None:
            failed[key] = (type(exc), exc.reason, exc.expected, exc.actual)
        raise
    except (
        zlib.error,
        RuntimeError,
        ValueError,
        zstandard.ZstdError,
        cramjam.DecompressionError,
        lz4.block.LZ4BlockError,
    ) as exc:
        detail = str(exc) or str(exc.__cause__ or "") or type(exc).__name__
        reason = f"{spec.name}: {detail.strip()}"
        if failed is not None:
            failed[key] = (CorruptRecordError, reason, None, None)
        # Raised, not kept in a local: this frame holds a view of the caller's buffer (a
        # memory-mapped segment), and an error it held would keep both alive in a cycle
        # (frame -> error -> traceback -> frame) until the garbage collector ran, so the
        # caller could not unmap the file. The memo keeps the error's description only.
        raise out.corrupt(reason) from exc


def _failure_key(kind: int, magic: int, limit: int, data: bytes | memoryview) -> tuple[int, ...]:
    return (kind, magic, limit, len(data), hash(bytes(data)))


class _Output:
    """The decompressed bytes so far, their cap and the error context (path, offset).

    A first bytes chunk is kept as it is while it is the only one (no copy: a codec that
    decompresses in one go hands over its own bytes); otherwise the bytes go into ``buf``, a
    bytearray (given by the native engine, which reuses it; else made here) of which the
    first ``size`` bytes count."""

    __slots__ = ("buf", "first", "limit", "offset", "path", "size")

    def __init__(self, limit: int, path: str, offset: int,
                 buf: bytearray | None = None) -> None:
        if limit < 0:
            raise ValueError("limit must be >= 0")
        self.buf = buf
        self.first: bytes | None = None
        self.size = 0
        self.limit = limit
        self.path = path
        self.offset = offset

    def room(self) -> int:
        """How much to ask a decoder for: one byte more than allowed, to see the crossing."""
        return self.limit - self.size + 1

    def reserve(self, size: int) -> None:
        if self.size + size > self.limit:
            raise LimitExceededError(
                "decompressed size exceeds the limit",
                path=self.path,
                offset=self.offset,
                expected=self.limit,
                actual=self.size + size,
            )

    def add(self, chunk: bytes | memoryview) -> None:
        n = len(chunk)
        self.reserve(n)
        if not n:
            return
        if not self.size and chunk.__class__ is bytes:
            self.first = chunk
        else:
            buf = self._buffer()
            buf[self.size:self.size + n] = chunk
        self.size += n

    def free(self) -> int:
        """Bytes of the buffer past the output (written over by :meth:`space`)."""
        return 0 if self.buf is None else len(self.buf) - self.size

    def space(self, n: int) -> memoryview:
        """A writable view of the next ``n`` bytes, for a decoder that writes in place: fill
        it, release it, then :meth:`commit` what was written (the cap is checked there)."""
        buf = self._buffer()
        end = self.size + n
        if len(buf) < end:
            buf.extend(bytes(end - len(buf)))
        return memoryview(buf)[self.size:end]

    def commit(self, n: int) -> None:
        self.reserve(n)
        self.size += n

    def produce(self, n: int, decode: Callable[[Any, memoryview], int], source: Any) -> None:
        """Append the ``n`` bytes ``decode(source, view)`` writes into ``view`` (the cap is
        checked before the buffer grows): a decoder with an ``*_into`` API writes in place."""
        self.reserve(n)
        with self.space(n) as view:
            got = decode(source, view)
        self.size += got

    def _buffer(self) -> bytearray:
        """``buf``, holding the output so far (a kept first chunk is copied in)."""
        if self.buf is None:
            self.buf = bytearray()
        first = self.first
        if first is not None:
            self.first = None
            self.buf[:len(first)] = first
        return self.buf

    def result(self) -> bytes:
        if self.first is not None:
            return self.first
        if not self.size:
            return b""
        with memoryview(self.buf) as view:  # type: ignore[arg-type]
            return bytes(view[:self.size])

    def native_result(self) -> bytes | int:
        """:func:`decompress_into`'s answer: the kept chunk, or the size in ``buf``."""
        return self.first if self.first is not None else self.size

    def fail(self, reason: str, **extra: object) -> UnsupportedCodecError:
        """A codec (or codec feature) Kafka does not support."""
        return UnsupportedCodecError(reason, path=self.path, offset=self.offset, **extra)

    def corrupt(self, reason: str, **extra: object) -> CorruptRecordError:
        """Compressed bytes that do not decompress: damaged data."""
        return CorruptRecordError(reason, path=self.path, offset=self.offset, **extra)


def _level(spec: CodecSpec, level: int | None) -> int:
    if spec.levels is None:
        if level is not None:
            raise EncodeError(f"{spec.name} takes no compression level", actual=level)
        return 0
    default, low, high = spec.levels
    if level is None:
        return default
    if not isinstance(level, int) or isinstance(level, bool):
        raise EncodeError(f"{spec.name} level must be an int", actual=level)
    if level == spec.default_alias:
        return default
    if not low <= level <= high:
        raise EncodeError(f"{spec.name} level out of range", expected=(low, high), actual=level)
    return level


def _gunzip(data: bytes | memoryview, out: _Output, magic: int) -> None:
    if _isal is not None:
        chunks = _isal_members(data, out.room())
        if chunks is not None:
            for chunk in chunks:
                out.add(chunk)
            return
    view = memoryview(data)
    pos, end = 0, len(view)
    while pos < end:
        # Strict where GZIPInputStream is lenient: trailing bytes must be another member.
        if pos and view[pos:pos + 2] != _GZIP_MAGIC:
            raise out.corrupt(f"gzip: {end - pos} trailing bytes after the last member")
        pos = _gzip_member(zlib.decompressobj(16 + zlib.MAX_WBITS), view, pos, out.room, out.add)
        if pos < 0:
            raise out.corrupt("gzip: truncated member")


_GZIP_STEP = 256
"""The first input piece given to a gzip member after the first one (doubling from there)."""


def _gzip_member(member: Any, view: memoryview, pos: int, room: Callable[[], int],
                 emit: Callable[[bytes], None]) -> int:
    """Inflate the gzip member at ``view[pos:]`` with ``member`` (a zlib or ISA-L
    decompressobj), each chunk of at most ``room()`` bytes handed to ``emit``; the position
    after the member, or -1 when the input ends before the member does.

    The first member gets all the input (a payload is mostly one member); a later one gets it
    in pieces from :data:`_GZIP_STEP` bytes, doubling, so the leftover input the
    decompressobj copies into ``unused_data`` is at most about the member's own size:
    giving each member all the rest made N small members cost N times the payload
    (quadratic in the member count)."""
    end = len(view)
    step = end - pos if not pos else _GZIP_STEP
    fed = pos
    pending: bytes | memoryview = b""
    while True:
        if not pending and fed < end:
            pending = view[fed:fed + step]
            fed = min(end, fed + step)
            step *= 2
        chunk = member.decompress(pending, room())
        emit(chunk)
        if member.eof:
            return fed - len(member.unused_data)
        pending = member.unconsumed_tail
        if not chunk and not pending and fed >= end:
            return -1


def gzip_inflater() -> str:
    """What inflates gzip payloads here: ``"isal <version> (ISA-L)"`` when the optional isal
    package is installed (zlib still decides what it does not inflate whole), else
    ``"zlib <version>"``. The benchmarks print it beside their gzip figures."""
    if _isal is not None:
        return f"isal {importlib.metadata.version('isal')} (ISA-L)"
    return f"zlib {zlib.ZLIB_RUNTIME_VERSION}"


def _isal_members(data: bytes | memoryview, room: int) -> list[bytes] | None:
    """The gzip members of ``data`` inflated by ISA-L (CRC-32 and ISIZE checked), or None
    where zlib is to decide, its way, what the payload gives (:func:`_gunzip` below): an
    ISA-L error, a cut-short member, bytes after the last member that start no other, more
    than ``room`` bytes, or a member header with reserved flag bits. So the bytes are zlib's
    and every failure is zlib's (None too without ISA-L)."""
    isal = _isal
    if isal is None:
        return None
    chunks: list[bytes] = []
    total = 0

    def emit(chunk: bytes) -> None:
        nonlocal total
        chunks.append(chunk)
        total += len(chunk)
        if total >= room:  # zlib's path decides (and room() must not reach 0: no limit)
            raise LimitExceededError("gzip: the cap is reached")

    view = memoryview(data)
    pos, end = 0, len(view)
    while pos < end:
        if end - pos < 10 or view[pos:pos + 2] != _GZIP_MAGIC \
                or view[pos + 3] & _GZIP_RESERVED_FLAGS or total >= room:
            return None
        try:
            pos = _gzip_member(isal.decompressobj(16 + zlib.MAX_WBITS), view, pos,
                               lambda: room - total, emit)
        except Exception:  # whatever ISA-L refuses, zlib refuses its own way
            return None
        if pos < 0:
            return None
    return chunks


def _snappy_length(block: bytes | memoryview, out: _Output, at: int) -> int:
    """The uncompressed length a raw snappy block declares (a uint32 varint preamble)."""
    value = shift = 0
    for byte in block[:5]:
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            if value > 0xFFFFFFFF:
                break
            return value
        shift += 7
    raise out.corrupt(f"snappy: bad length preamble in the block at payload byte {at}")


def _unsnappy(data: bytes | memoryview, out: _Output, magic: int) -> None:
    if len(data) < len(_XERIAL_HEADER) or data[:len(_XERIAL_MAGIC)] != _XERIAL_MAGIC:
        out.produce(_snappy_length(data, out, 0), _snappy_into, data)
        return
    blocks: list[tuple[memoryview, int]] = []
    try:
        _xerial_blocks(memoryview(data), out, blocks)  # blocks are views, not copies
    except KFormatError as exc:  # after the blocks before the error, as a reader would
        _snappy_blocks(blocks, out)
        raise exc from None
    _snappy_blocks(blocks, out)


def _xerial_blocks(data: memoryview, out: _Output, blocks: list[tuple[memoryview, int]]) -> None:
    """Append each xerial block of ``data`` and its declared size to ``blocks``, checking the
    framing and the cap as it goes (each error raised where the walk meets it)."""
    pos, end, total, limit = len(_XERIAL_HEADER), len(data), out.size, out.limit
    unpack, append = _I32BE.unpack_from, blocks.append
    while pos < end:
        if end - pos < 4:
            raise out.corrupt(f"snappy: truncated xerial block length at payload byte {pos}")
        (size,) = unpack(data, pos)
        if size <= 0 or size > end - pos - 4:
            # a concatenated stream's header reads as a negative size (its first byte is 0x82)
            if size < 0 and data[pos:pos + len(_XERIAL_MAGIC)] == _XERIAL_MAGIC:
                if end - pos < len(_XERIAL_HEADER):
                    raise out.corrupt(f"snappy: truncated xerial header at payload byte {pos}")
                pos += len(_XERIAL_HEADER)
                continue
            raise out.corrupt(
                f"snappy: xerial block at payload byte {pos} claims {size} bytes,"
                f" {end - pos - 4} remain"
            )
        pos += 4
        block = data[pos:pos + size]
        # the block's uncompressed length, a varint: a 32 KiB block's is 3 bytes
        if size >= 3 and block[0] >= 0x80 and block[1] >= 0x80 and block[2] < 0x80:
            n = (block[0] & 0x7F) | (block[1] & 0x7F) << 7 | block[2] << 14
        else:
            n = _snappy_length(block, out, pos)
        total += n
        if total > limit:
            out.reserve(total - out.size)
        append((block, n))
        pos += size


def _snappy_blocks(blocks: list[tuple[memoryview, int]], out: _Output) -> None:
    """Decompress ``blocks`` (checked by :func:`_xerial_blocks`) one after the other into
    the output, in place."""
    total = sum(n for _, n in blocks)
    if not total:
        return
    at = 0
    with out.space(total) as view:
        for block, n in blocks:
            at += _snappy_into(block, view[at:at + n])
    out.commit(at)


@lru_cache(maxsize=64)
def _lz4_hc(descriptor: bytes) -> int:
    """The descriptor checksum byte (a frame has one of a few descriptors: memoised)."""
    return (xxh32(descriptor) >> 8) & 0xFF


def _unlz4(data: bytes | memoryview, out: _Output, magic: int) -> None:
    if len(data) < 7 or data[:4] != _LZ4_MAGIC:
        raise out.corrupt("lz4: not an LZ4 frame (bad magic number)")
    flg, bd = data[4], data[5]
    if flg >> 6 != 1 or flg & 0x03 or not flg & 0x20:
        raise out.fail(
            "lz4: FLG must be version 1 with independent blocks and no dictionary (KIP-57)",
            actual=flg,
        )
    if bd & 0x8F or bd >> 4 < 4:
        raise out.fail("lz4: BD must name a 64 KiB to 4 MiB block size", actual=bd)
    hc_at = 14 if flg & 0x08 else 6
    if len(data) <= hc_at:
        raise out.corrupt("lz4: truncated frame descriptor")
    correct = _lz4_hc(bytes(data[4:hc_at]))
    if magic == 0:  # Kafka ignores HC for magic 0; rewrite it so the LZ4 library accepts it
        data = bytes(data[:hc_at]) + bytes([correct]) + bytes(data[hc_at + 1 :])
    elif data[hc_at] != correct:
        legacy = data[hc_at] == _lz4_hc(bytes(data[:hc_at]))
        hint = " (the broken magic-0 checksum, KIP-57)" if legacy else ""
        raise out.corrupt(
            f"lz4: frame descriptor checksum mismatch{hint}", expected=correct, actual=data[hc_at]
        )
    if not flg & 0x1C:  # no checksums, no content size: Kafka's frames, read block by block
        _lz4_blocks(data, hc_at + 1, 1 << (8 + 2 * (bd >> 4)), out)
        return
    frame = lz4.frame.LZ4FrameDecompressor()
    chunk = frame.decompress(data, max_length=out.room())
    while True:
        out.add(chunk)
        if frame.eof:
            break
        if frame.needs_input:
            raise out.corrupt("lz4: truncated frame")
        chunk = frame.decompress(b"", max_length=out.room())
    if frame.unused_data:
        raise out.corrupt(f"lz4: {len(frame.unused_data)} trailing bytes after the end mark")


def _lz4_blocks(data: bytes | memoryview, pos: int, block_max: int, out: _Output) -> None:
    """The blocks of an LZ4 frame without checksums or content size, from ``pos``: each an
    uint32 LE size (high bit: stored uncompressed) then the block, up to the end mark (0).

    Each block decompresses independently to at most ``block_max`` bytes (the frame's block
    size), so memory stays within the cap plus one block; a frame the LZ4 frame decoder
    would read, but in one call per block with no output resizing (twice as fast)."""
    end = len(data)
    view = memoryview(data)  # blocks are read in place, not copied out
    while True:
        if end - pos < 4:
            raise out.corrupt("lz4: truncated frame")
        (word,) = _U32LE.unpack_from(data, pos)
        pos += 4
        if word == 0:
            break
        size = word & 0x7FFFFFFF
        if size > end - pos:
            raise out.corrupt("lz4: truncated frame")
        if size > block_max:
            raise out.corrupt(f"lz4: a block of {size} bytes in a frame of "
                              f"{block_max}-byte blocks")
        block = view[pos:pos + size]
        pos += size
        if word & 0x80000000:
            out.add(block)
        else:
            out.add(lz4.block.decompress(block, uncompressed_size=block_max))
    if pos != end:
        raise out.corrupt(f"lz4: {end - pos} trailing bytes after the end mark")


def _zstd_check_frames(data: bytes | memoryview, out: _Output) -> int:
    """Walk frame and block headers so truncation is caught (the stream reader stops silently).

    Returns the largest window size of the frames (RFC 8878 3.1.1.1: the window descriptor,
    or a single-segment frame's content size): what a decompressor allocates for them."""
    pos, end, window = 0, len(data), 0
    while pos < end:
        if end - pos < 5:
            raise out.corrupt(f"zstd: truncated frame at payload byte {pos}")
        (word,) = struct.unpack_from("<I", data, pos)
        if word & 0xFFFFFFF0 == 0x184D2A50:  # skippable frame: magic, uint32 LE size, bytes
            pos += 8 + (struct.unpack_from("<I", data, pos + 4)[0] if end - pos >= 8 else 0)
            if pos > end:
                raise out.corrupt("zstd: truncated skippable frame")
            continue
        if word != _ZSTD_MAGIC:
            raise out.corrupt(f"zstd: no zstd frame at payload byte {pos}")
        fhd = data[pos + 4]
        single = fhd >> 5 & 1
        fcs_at = pos + 5 + (1 - single) + (0, 1, 2, 4)[fhd & 3]
        fcs_size = (single, 2, 4, 8)[fhd >> 6]
        if fcs_at + fcs_size > end:
            raise out.corrupt("zstd: truncated frame")
        if single:
            size = int.from_bytes(data[fcs_at:fcs_at + fcs_size], "little")
            window = max(window, size + 256 if fcs_size == 2 else size)
        else:
            descriptor = data[pos + 5]
            base = 1 << (10 + (descriptor >> 3))
            window = max(window, base + (base >> 3) * (descriptor & 7))
        pos = fcs_at + fcs_size
        last = 0
        while not last:
            if end - pos < 3:
                raise out.corrupt("zstd: truncated frame")
            header = int.from_bytes(data[pos : pos + 3], "little")
            last, kind, size = header & 1, header >> 1 & 3, header >> 3
            if kind == 3:
                raise out.corrupt(f"zstd: reserved block type at payload byte {pos}")
            pos += 3 + (1 if kind == 1 else size)
        pos += 4 * (fhd >> 2 & 1)
        if pos > end:
            raise out.corrupt("zstd: truncated frame")
    return window


def _unzstd(data: bytes | memoryview, out: _Output, magic: int) -> None:
    window = _zstd_check_frames(data, out)
    pool = _ZSTD_DECOMPRESSORS
    try:
        decompressor = pool.pop()
    except IndexError:
        decompressor = zstandard.ZstdDecompressor()
    try:
        with decompressor.stream_reader(data, read_across_frames=True) as reader:
            while True:  # into the output buffer: all of a batch in one read once it is big
                with out.space(min(out.room(), max(out.free(), _ZSTD_CHUNK))) as view:
                    got = reader.readinto(view)
                if not got:
                    break
                out.commit(got)
    finally:
        # a decompressor keeps its window buffer: kept only for windows up to _ZSTD_KEEP_WINDOW
        if len(pool) < _ZSTD_KEEP and window <= _ZSTD_KEEP_WINDOW:
            pool.append(decompressor)


# --------------------------------------------------------------------------- the codec table


@dataclass(frozen=True)
class CodecSpec:
    """One compression codec: everything kformat knows about it, in one entry of :data:`CODECS`.

    ``compress(data, level, magic)`` and ``decompress(data, out, magic)`` frame the bytes as the
    Java client does (``decompress`` is None for the uncompressed codec); ``levels`` is the
    KIP-390 ``(default, lowest, highest)`` (None: the codec takes no level), ``default_alias``
    a further level value meaning the default (gzip: Java's -1); ``min_magic`` the first
    magic the codec is allowed with, introduced by ``reference``.
    """

    id: int
    name: str
    compress: Callable[[bytes, int, int], bytes]
    decompress: Callable[[bytes | memoryview, _Output, int], None] | None
    levels: tuple[int, int, int] | None = None
    default_alias: int | None = None
    min_magic: int = 0
    reference: str = ""

    def magic_reason(self) -> str:
        """Why this codec is refused below :attr:`min_magic`."""
        return f"{self.name} needs magic {self.min_magic} ({self.reference})"


CODECS: Final = (
    CodecSpec(0, "none", _copy, None),
    CodecSpec(1, "gzip", _gzip, _gunzip, levels=(6, 1, 9), default_alias=-1),
    CodecSpec(2, "snappy", _snappy, _unsnappy),
    CodecSpec(3, "lz4", _lz4, _unlz4, levels=(9, 1, 17)),
    CodecSpec(4, "zstd", _zstd, _unzstd, levels=(3, -131072, 22), min_magic=2,
              reference="KIP-110"),
)
"""Every codec Kafka defines, by id (Kafka's ``CompressionType``): add a codec here, and
every list of codecs (the :class:`Codec` enumeration, the codecs each magic allows, the
fixture corpus, the fuzzer's decompression bombs, the JSON and Arrow names) follows."""

_BY_ID: Final[dict[object, CodecSpec]] = {spec.id: spec for spec in CODECS}
_DECODERS: Final = {spec.id: spec.decompress for spec in CODECS if spec.decompress is not None}

if TYPE_CHECKING:  # the members come from CODECS at run time: each is a Codec to a checker
    class _CodecMembers(EnumMeta):
        def __getattr__(cls, name: str) -> Codec: ...

    class Codec(IntEnum, metaclass=_CodecMembers):
        """The compression codec ids (``Codec.NONE``, ``Codec.GZIP``... from :data:`CODECS`)."""
else:
    Codec = IntEnum(
        "Codec", [(spec.name.upper(), spec.id) for spec in CODECS],
        module="kformat.records.enums", qualname="Codec",
    )
Codec.__doc__ = "The compression codec ids of ``attributes`` bits 0-2 (one per :data:`CODECS` entry)."


def find_codec(codec: object) -> CodecSpec | None:
    """The :data:`CODECS` entry of a codec id; None for anything Kafka does not define."""
    try:
        return _BY_ID.get(codec)
    except TypeError:  # unhashable
        return None


def codecs_for(magic: int) -> tuple[Codec, ...]:
    """The codecs a batch (magic 2) or legacy wrapper (magic 0/1) of ``magic`` may use."""
    return tuple(Codec(spec.id) for spec in CODECS if spec.min_magic <= magic)


def compressed_codecs(magic: int = 2) -> tuple[Codec, ...]:
    """:func:`codecs_for` without the uncompressed codec."""
    return tuple(c for c in codecs_for(magic) if _BY_ID[c].decompress is not None)
