"""The readers of Kafka's primitive types, shared by the interpreter and compiled code
(Kafka protocol guide, "Protocol Primitive Types").

Each reader takes a binary stream (``io.BytesIO`` or :class:`OffsetStream`, whose ``tell()``
is absolute in the outer buffer) and the field path for its errors. Every length and count
read from the input is checked against the bytes left before anything is read, looped over
or allocated; varints are bounded (5 bytes for 32 bits, 10 for 64) and overflow is refused.
"""

from __future__ import annotations

import copy
import struct
import uuid
from io import BytesIO
from typing import IO, Any

from construct.core import BytesIOWithOffsets

from kformat.errors import InvalidValueError, LimitExceededError, TruncatedError
from kformat.primitives.wire import INT16, INT32, MAX_ZERO_SIZE_ELEMENTS, U32_MAX, U64_MAX

IMMUTABLE_DEFAULTS: tuple[type, ...] = (type(None), bool, int, float, str, bytes, uuid.UUID)
"""Default values a parse may share (the native engine's ``copy_default`` keeps the same set)."""


def fresh_default(value: Any) -> Any:
    """A default value for one parsed field: ``value`` itself when immutable (a UUID too: a
    field the version lacks costs no copy per element), a new list for ``[]``, else a deep
    copy, so that changing one parsed value never changes another."""
    if value.__class__ in IMMUTABLE_DEFAULTS:
        return value
    if value.__class__ is list and not value:
        return []
    return copy.deepcopy(value)

__all__ = [
    "OffsetStream",
    "check_count",
    "expect_consumed",
    "expect_progress",
    "fresh_default",
    "p_blob",
    "p_bool",
    "p_fixed",
    "p_fixed_array",
    "p_length",
    "p_text",
    "p_uuid",
    "p_uvarint",
    "p_varint",
    "p_varlong",
    "read_exact",
    "read_uvarint",
    "remaining",
    "substream",
]

_BIO_TELL = BytesIO.tell
_BIO_SEEK = BytesIO.seek


def read_exact(io: IO[bytes], n: int, path: str = "") -> bytes:
    """Read exactly ``n`` bytes or raise :class:`TruncatedError` (never over-allocates)."""
    data = io.read(n)
    if len(data) != n:
        _short(io, n, data, path)
    return data


def _short(io: IO[bytes], n: int, data: bytes, path: str = "") -> bytes:
    """Raise the :class:`TruncatedError` of :func:`read_exact` after a short read."""
    got = len(data)
    raise TruncatedError(f"needed {n} bytes, {got} available", path=path,
                         offset=io.tell() - got, expected=n, actual=got)


def remaining(io: IO[bytes]) -> int:
    """Bytes left in ``io`` after the current position."""
    if isinstance(io, BytesIO):  # relative positions through the C methods: no Python tell()
        pos = _BIO_TELL(io)
        end = _BIO_SEEK(io, 0, 2)
        _BIO_SEEK(io, pos)
        return end - pos
    pos = io.tell()
    end = io.seek(0, 2)
    io.seek(pos)
    return end - pos


def read_uvarint(io: IO[bytes], max_bytes: int, max_value: int, path: str = "") -> int:
    """Protobuf-style unsigned varint, at most ``max_bytes`` long and ``<= max_value``.

    One- and two-byte varints (lengths, counts and deltas below 16384) are read inline.
    """
    b = io.read(1)
    if b:
        n = b[0]
        if n < 0x80:
            if n <= max_value:
                return n
        else:
            c = io.read(1)
            if c and c[0] < 0x80 and c[0] and max_bytes >= 2:
                n = (n & 0x7F) | (c[0] << 7)
                if n <= max_value:
                    return n
            b += c
    return _uvarint_rest(io, b, max_bytes, max_value, path)


def _uvarint_rest(io: IO[bytes], head: bytes, max_bytes: int, max_value: int,
                  path: str = "") -> int:
    """:func:`read_uvarint` once its first bytes ``head`` (``b""`` at the end) were read."""
    start = io.tell() - len(head)
    result = 0
    shift = 0
    for i in range(max_bytes):
        if i < len(head):
            byte = head[i]
        else:
            b = io.read(1)
            if not b:
                raise TruncatedError("varint cut short", path=path, offset=io.tell(),
                                     expected=1, actual=0)
            byte = b[0]
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            if result > max_value:
                raise InvalidValueError(f"varint overflows {max_value.bit_length()} bits",
                                        path=path, offset=start, actual=result)
            return result
        shift += 7
    raise InvalidValueError(f"varint longer than {max_bytes} bytes", path=path, offset=start,
                            expected=max_bytes)


def p_uvarint(io: IO[bytes], path: str = "") -> int:
    """UNSIGNED_VARINT: 32 bits, at most 5 bytes."""
    return read_uvarint(io, 5, U32_MAX, path)


def p_varint(io: IO[bytes], path: str = "") -> int:
    """VARINT: zig-zag 32 bits, at most 5 bytes."""
    n = read_uvarint(io, 5, U32_MAX, path)
    return (n >> 1) ^ -(n & 1)


def p_varlong(io: IO[bytes], path: str = "") -> int:
    """VARLONG: zig-zag 64 bits, at most 10 bytes."""
    n = read_uvarint(io, 10, U64_MAX, path)
    return (n >> 1) ^ -(n & 1)


def p_fixed(io: IO[bytes], fmt: struct.Struct, path: str = "") -> Any:
    """A big-endian fixed-width number (INT8 .. INT64, UINT16, UINT32, FLOAT64)."""
    data = io.read(fmt.size)
    if len(data) != fmt.size:
        _short(io, fmt.size, data, path)
    return fmt.unpack(data)[0]


def p_fixed_array(io: IO[bytes], n: int, fmt: struct.Struct, path: str = "") -> list[Any]:
    """``n`` fixed-width numbers in one read of exactly ``n * size`` bytes (a lying count
    fails in :func:`read_exact`, before anything is allocated for the values)."""
    return [v for (v,) in fmt.iter_unpack(read_exact(io, n * fmt.size, path))]


def p_bool(io: IO[bytes], path: str = "") -> bool:
    """BOOLEAN: any non-zero byte is true."""
    return read_exact(io, 1, path) != b"\x00"


def p_uuid(io: IO[bytes], path: str = "") -> uuid.UUID:
    return uuid.UUID(bytes=read_exact(io, 16, path))


def p_length(io: IO[bytes], prefix: str, path: str = "") -> int:
    """Read a length or count prefix (:data:`~kformat.primitives.wire.LENGTH_PREFIXES`);
    returns -1 for null in every encoding and refuses anything below."""
    if prefix == "compact":
        return p_uvarint(io, path) - 1
    start = io.tell()
    if prefix == "varint":
        n = p_varint(io, path)
    elif prefix == "int32":
        n = INT32.unpack(read_exact(io, 4, path))[0]
    else:
        n = INT16.unpack(read_exact(io, 2, path))[0]
    if n < -1:
        raise InvalidValueError("negative length", path=path, offset=start, actual=n)
    return n


def p_blob(io: IO[bytes], prefix: str, nullable: bool, path: str = "") -> bytes | None:
    """Length-prefixed bytes; null allowed only when ``nullable``."""
    if prefix == "varint":  # record keys, values and headers: short lengths inline
        b = io.read(1)
        if b:
            z = b[0]
            if z < 0x80:
                if not z & 1:
                    data = io.read(z >> 1)
                    return data if len(data) == z >> 1 else _short(io, z >> 1, data, path)
                if z == 1 and nullable:
                    return None
            else:
                c = io.read(1)
                if c and 0 < c[0] < 0x80 and not z & 1:
                    n = ((z & 0x7F) | (c[0] << 7)) >> 1
                    data = io.read(n)
                    return data if len(data) == n else _short(io, n, data, path)
                b += c
            io.seek(-len(b), 1)  # anything else: the general path below, from the start
    start = io.tell()
    n = p_length(io, prefix, path)
    if n < 0:
        if not nullable:
            raise InvalidValueError("null in a non-nullable field", path=path, offset=start,
                                    actual=n)
        return None
    return read_exact(io, n, path)


def p_text(io: IO[bytes], prefix: str, nullable: bool, path: str = "") -> str | None:
    """A length-prefixed UTF-8 string; null allowed only when ``nullable``."""
    start = io.tell()
    raw = p_blob(io, prefix, nullable, path)
    if raw is None:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidValueError(f"invalid UTF-8: {exc.reason}", path=path,
                                offset=start) from None


def check_count(io: IO[bytes], count: int, min_size: int, path: str, start: int) -> None:
    """Refuse a count the remaining bytes cannot hold, before looping or allocating."""
    if not count:
        return
    if min_size > 0:
        left = remaining(io)
        if count * min_size > left:
            raise TruncatedError(
                f"count {count} needs at least {count * min_size} bytes, {left} available",
                path=path, offset=start, expected=count * min_size, actual=left)
    elif count > MAX_ZERO_SIZE_ELEMENTS:
        raise LimitExceededError("count of zero-size elements too large", path=path,
                                 offset=start, expected=MAX_ZERO_SIZE_ELEMENTS, actual=count)


def substream(io: IO[bytes], n: int, path: str = "") -> BytesIO:
    """The next ``n`` bytes as a stream whose ``tell()`` stays absolute."""
    start = io.tell()
    return OffsetStream(read_exact(io, n, path), io, start)


class OffsetStream(BytesIOWithOffsets):
    """construct's ``BytesIOWithOffsets`` (``tell()``/``seek()`` absolute in the outer
    buffer) calling the C methods directly: every record is parsed from one."""

    def __init__(self, contents: bytes, parent_stream: Any, offset: int) -> None:
        BytesIO.__init__(self, contents)
        self.parent_stream = parent_stream
        self.parent_stream_offset = offset

    def tell(self) -> int:
        return _BIO_TELL(self) + self.parent_stream_offset

    def seek(self, offset: int, whence: int = 0) -> int:
        base = self.parent_stream_offset
        if whence == 0:
            return _BIO_SEEK(self, offset - base) + base
        return _BIO_SEEK(self, offset, whence) + base


def expect_consumed(io: IO[bytes], what: str, path: str = "") -> None:
    """Refuse bytes left unread at the end of a region."""
    left = remaining(io)
    if left:
        raise InvalidValueError(f"{left} unread bytes at the end of {what}", path=path,
                                offset=io.tell(), expected=0, actual=left)


def expect_progress(io: IO[bytes], start: int, path: str = "") -> None:
    """Stop a repeat-until-end loop whose element consumed nothing (it would never end)."""
    if io.tell() == start:
        raise InvalidValueError("element consumed no bytes", path=path, offset=start)
