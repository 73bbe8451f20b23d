"""Readers and writers shared by the interpreted and the compiled path.

Every kformat building block decodes and encodes through these functions, whether it runs
under construct's interpreter (``Construct._parse``) or inside code emitted by
``Construct.compile()``. One implementation per wire type keeps the two paths equal by
construction; the property tests hold them equal in practice.

Streams are the binary streams construct passes around (``io.BytesIO`` and construct's
``BytesIOWithOffsets``, whose ``tell()`` is absolute in the outer buffer).
"""

from __future__ import annotations

import itertools
import math
import struct
import uuid
from collections.abc import Sequence
from contextvars import ContextVar
from io import BytesIO
from typing import IO, Any

from construct.core import BytesIOWithOffsets

from kformat.errors import (
    EncodeError,
    GrammarError,
    InvalidValueError,
    LimitExceededError,
    TruncatedError,
)

MAX_ZERO_SIZE_ELEMENTS = 1 << 20
"""Cap on the count of an array whose elements may take zero bytes (nothing else bounds it)."""

INT8 = struct.Struct(">b")
UINT8 = struct.Struct(">B")
INT16 = struct.Struct(">h")
UINT16 = struct.Struct(">H")
INT32 = struct.Struct(">i")
UINT32 = struct.Struct(">I")
INT64 = struct.Struct(">q")
FLOAT64 = struct.Struct(">d")
CANONICAL_NAN = b"\x7f\xf8\x00\x00\x00\x00\x00\x00"

_BIO_TELL = BytesIO.tell
_BIO_SEEK = BytesIO.seek
_UVARINT_1 = tuple(bytes((i,)) for i in range(0x80))
"""The one-byte varints, 0..127."""

EMIT_CONSTANTS: dict[int, Any] = {}
"""Objects handed to code being compiled (defaults that have no literal form), by token.

The generated module takes each one (:func:`take_constant`) when it runs, binding it to a
module-level name, so the table only holds the constants of compiles in progress: a grammar
compiled again and again does not grow it (the old append-only list kept every object of
every compile alive for the life of the process).
"""
_EMIT_TOKENS = itertools.count()


def put_constant(value: Any) -> int:
    """Park ``value`` for the code being generated; the token to take it back with."""
    token = next(_EMIT_TOKENS)
    EMIT_CONSTANTS[token] = value
    tokens = EMITTED_TOKENS.get()
    if tokens is not None:
        tokens.append(token)
    return token


def take_constant(token: int) -> Any:
    """The value parked under ``token``, removed from the table (generated code calls this
    once, at module level)."""
    return EMIT_CONSTANTS.pop(token)


EMITTED_TOKENS: ContextVar[list[int] | None] = ContextVar("kformat_emitted_tokens",
                                                          default=None)
"""Tokens parked by the compile in progress in this context; what a failed compile (one
whose generated module never ran) leaves in the table is dropped by
:func:`release_constants`."""


def release_constants(tokens: list[int]) -> None:
    """Drop what ``tokens`` still hold in the table (a compile that stopped half-way)."""
    for token in tokens:
        EMIT_CONSTANTS.pop(token, None)

U32_MAX = (1 << 32) - 1
U64_MAX = (1 << 64) - 1

LENGTH_PREFIXES = ("int16", "int32", "compact", "varint")


def check_prefix(prefix: str, what: str) -> str:
    """Refuse an unknown length-prefix name when a grammar is declared, not mid-parse."""
    if prefix not in LENGTH_PREFIXES:
        raise GrammarError(f"{what}: unknown length prefix {prefix!r}, expected one of "
                           f"{', '.join(LENGTH_PREFIXES)}")
    return prefix


# --------------------------------------------------------------------------- reading


def read_exact(io: IO[bytes], n: int, path: str = "") -> bytes:
    """Read exactly ``n`` bytes or raise :class:`TruncatedError` (never over-allocates)."""
    data = io.read(n)
    if len(data) != n:
        _short(io, n, data, path)
    return data


def _short(io: IO[bytes], n: int, data: bytes, path: str = "") -> bytes:
    """Raise the :class:`TruncatedError` of :func:`read_exact` after a short read."""
    got = len(data)
    raise TruncatedError(
        f"needed {n} bytes, {got} available",
        path=path,
        offset=io.tell() - got,
        expected=n,
        actual=got,
    )


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
                raise TruncatedError(
                    "varint cut short", path=path, offset=io.tell(), expected=1, actual=0
                )
            byte = b[0]
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            if result > max_value:
                raise InvalidValueError(
                    f"varint overflows {max_value.bit_length()} bits",
                    path=path,
                    offset=start,
                    actual=result,
                )
            return result
        shift += 7
    raise InvalidValueError(
        f"varint longer than {max_bytes} bytes", path=path, offset=start, expected=max_bytes
    )


def p_uvarint(io: IO[bytes], path: str = "") -> int:
    """UNSIGNED_VARINT: 32 bits, at most 5 bytes."""
    return read_uvarint(io, 5, U32_MAX, path)


def _p_zigzag(io: IO[bytes], max_bytes: int, max_value: int, path: str) -> int:
    """A zig-zag varint; one- and two-byte encodings are read inline."""
    b = io.read(1)
    if not b:
        n = _uvarint_rest(io, b, max_bytes, max_value, path)
    elif b[0] < 0x80:
        n = b[0]
    else:
        c = io.read(1)
        if c and 0 < c[0] < 0x80:
            n = (b[0] & 0x7F) | (c[0] << 7)
        else:
            n = _uvarint_rest(io, b + c, max_bytes, max_value, path)
    return (n >> 1) ^ -(n & 1)


def p_varint(io: IO[bytes], path: str = "") -> int:
    """VARINT: zig-zag 32 bits, at most 5 bytes."""
    return _p_zigzag(io, 5, U32_MAX, path)


def p_varlong(io: IO[bytes], path: str = "") -> int:
    """VARLONG: zig-zag 64 bits, at most 10 bytes."""
    return _p_zigzag(io, 10, U64_MAX, path)


def p_fixed(io: IO[bytes], fmt: struct.Struct, path: str = "") -> Any:
    return fmt.unpack(read_exact(io, fmt.size, path))[0]


def p_bool(io: IO[bytes], path: str = "") -> bool:
    """BOOLEAN: any non-zero byte is true."""
    return read_exact(io, 1, path) != b"\x00"


def p_uuid(io: IO[bytes], path: str = "") -> uuid.UUID:
    return uuid.UUID(bytes=read_exact(io, 16, path))


def p_length(io: IO[bytes], prefix: str, path: str = "") -> int:
    """Read a length or count prefix; returns -1 for null in every encoding.

    ``prefix`` is ``int16``, ``int32``, ``compact`` (UNSIGNED_VARINT holding N+1) or
    ``varint`` (zig-zag VARINT, -1 for null).
    """
    if prefix == "varint":  # one- and two-byte values inline (record and header counts)
        b = io.read(1)
        if b:
            z = b[0]
            if z < 0x80:
                if z < 4:  # 0, -1, 1, -2: the only small values that can be refused
                    n = (z >> 1) ^ -(z & 1)
                    if n >= -1:
                        return n
                    raise InvalidValueError("negative length", path=path,
                                            offset=io.tell() - 1, actual=n)
                if not z & 1:
                    return z >> 1
            else:
                c = io.read(1)
                if c and 0 < c[0] < 0x80 and not z & 1:
                    return ((z & 0x7F) | (c[0] << 7)) >> 1
                b += c
            io.seek(-len(b), 1)
    start = io.tell()
    if prefix == "compact":
        return p_uvarint(io, path) - 1
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
            raise InvalidValueError(
                "null in a non-nullable field", path=path, offset=start, actual=n
            )
        return None
    return read_exact(io, n, path)


def p_text(io: IO[bytes], prefix: str, nullable: bool, path: str = "") -> str | None:
    if prefix == "varint":  # header keys: short lengths inline
        b = io.read(1)
        if b and b[0] < 0x80 and not b[0] & 1:
            raw = read_exact(io, b[0] >> 1, path)
            try:
                return raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise InvalidValueError(
                    f"invalid UTF-8: {exc.reason}", path=path, offset=io.tell() - len(raw) - 1
                ) from None
        io.seek(-len(b), 1)
    start = io.tell()
    raw = p_blob(io, prefix, nullable, path)
    if raw is None:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidValueError(
            f"invalid UTF-8: {exc.reason}", path=path, offset=start
        ) from None


def check_count(io: IO[bytes], count: int, min_size: int, path: str, start: int) -> None:
    """Refuse a count the remaining bytes cannot hold, before looping or allocating."""
    if min_size > 0:
        left = remaining(io)
        if count * min_size > left:
            raise TruncatedError(
                f"count {count} needs at least {count * min_size} bytes, {left} available",
                path=path,
                offset=start,
                expected=count * min_size,
                actual=left,
            )
    elif count > MAX_ZERO_SIZE_ELEMENTS:
        raise LimitExceededError(
            "count of zero-size elements too large",
            path=path,
            offset=start,
            expected=MAX_ZERO_SIZE_ELEMENTS,
            actual=count,
        )


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
    left = remaining(io)
    if left:
        raise InvalidValueError(
            f"{left} unread bytes at the end of {what}",
            path=path,
            offset=io.tell(),
            expected=0,
            actual=left,
        )


def expect_progress(io: IO[bytes], start: int, path: str = "") -> None:
    """Stop a repeat-until-end loop whose element consumed nothing (it would never end)."""
    if io.tell() == start:
        raise InvalidValueError("element consumed no bytes", path=path, offset=start)


# --------------------------------------------------------------------------- writing


def _int_range(fmt: struct.Struct) -> tuple[int, int]:
    bits = fmt.size * 8
    if fmt.format[-1].isupper():
        return 0, (1 << bits) - 1
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


def _need_int(obj: Any, lo: int, hi: int, what: str, path: str) -> int:
    if isinstance(obj, bool) or not isinstance(obj, int):
        raise EncodeError(f"{what} needs an int", path=path, actual=type(obj).__name__)
    if not lo <= obj <= hi:
        raise EncodeError(f"{what} out of range [{lo}, {hi}]", path=path, actual=obj)
    return obj


_KINDS = {INT8.format: "int8", UINT8.format: "uint8", INT16.format: "int16",
          UINT16.format: "uint16", INT32.format: "int32", UINT32.format: "uint32",
          INT64.format: "int64"}


def b_fixed(obj: Any, io: IO[bytes], fmt: struct.Struct, path: str = "") -> Any:
    if fmt is FLOAT64:
        if isinstance(obj, bool) or not isinstance(obj, int | float):
            raise EncodeError("float64 needs a number", path=path, actual=type(obj).__name__)
        try:
            value = float(obj)
        except OverflowError:
            raise EncodeError("int too large for a float64", path=path) from None
        io.write(CANONICAL_NAN if math.isnan(value) else FLOAT64.pack(value))
        return obj
    lo, hi = _int_range(fmt)
    io.write(fmt.pack(_need_int(obj, lo, hi, _KINDS[fmt.format], path)))
    return obj


def b_bool(obj: Any, io: IO[bytes], path: str = "") -> Any:
    if not isinstance(obj, bool):
        raise EncodeError("boolean needs a bool", path=path, actual=type(obj).__name__)
    io.write(b"\x01" if obj else b"\x00")
    return obj


def b_uuid(obj: Any, io: IO[bytes], path: str = "") -> Any:
    if not isinstance(obj, uuid.UUID):
        raise EncodeError("uuid needs a uuid.UUID", path=path, actual=type(obj).__name__)
    io.write(obj.bytes)
    return obj


def uvarint_bytes(n: int) -> bytes:
    if 0 <= n < 0x80:
        return _UVARINT_1[n]
    if 0x80 <= n < 0x4000:
        return bytes(((n & 0x7F) | 0x80, n >> 7))
    out = bytearray()
    while n > 0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def b_uvarint(obj: Any, io: IO[bytes], path: str = "") -> Any:
    io.write(uvarint_bytes(_need_int(obj, 0, U32_MAX, "unsigned varint", path)))
    return obj


def b_varint(obj: Any, io: IO[bytes], path: str = "") -> Any:
    if obj.__class__ is int and -0x2000 <= obj < 0x2000:  # one or two bytes, inline
        z = (obj << 1) ^ (obj >> 31)
        io.write(_UVARINT_1[z] if z < 0x80 else bytes(((z & 0x7F) | 0x80, z >> 7)))
        return obj
    n = _need_int(obj, -(1 << 31), (1 << 31) - 1, "varint", path)
    io.write(uvarint_bytes(((n << 1) ^ (n >> 31)) & U32_MAX))
    return obj


def b_varlong(obj: Any, io: IO[bytes], path: str = "") -> Any:
    if obj.__class__ is int and -0x2000 <= obj < 0x2000:  # one or two bytes, inline
        z = (obj << 1) ^ (obj >> 63)
        io.write(_UVARINT_1[z] if z < 0x80 else bytes(((z & 0x7F) | 0x80, z >> 7)))
        return obj
    n = _need_int(obj, -(1 << 63), (1 << 63) - 1, "varlong", path)
    io.write(uvarint_bytes(((n << 1) ^ (n >> 63)) & U64_MAX))
    return obj


_LENGTH_MAX = {"int16": (1 << 15) - 1, "int32": (1 << 31) - 1, "compact": U32_MAX - 1,
               "varint": (1 << 31) - 1}


def b_length(n: int | None, io: IO[bytes], prefix: str, path: str = "") -> None:
    """Write a length or count prefix; ``None`` writes the null marker of the encoding."""
    if prefix == "varint" and n.__class__ is int and 0 <= n < 0x2000:  # record lengths, counts
        io.write(_UVARINT_1[n << 1] if n < 0x40 else bytes((((n << 1) & 0x7F) | 0x80, n >> 6)))
        return
    if n is None:
        n = -1
    elif n > _LENGTH_MAX[prefix]:
        raise EncodeError(f"length {n} too large for a {prefix} prefix", path=path, actual=n)
    if prefix == "compact":
        io.write(uvarint_bytes(n + 1))
    elif prefix == "varint":
        b_varint(n, io, path)
    elif prefix == "int32":
        io.write(INT32.pack(n))
    else:
        io.write(INT16.pack(n))


def b_blob(obj: Any, io: IO[bytes], prefix: str, nullable: bool, path: str = "") -> Any:
    if obj is None:
        if not nullable:
            raise EncodeError("null in a non-nullable field", path=path)
        b_length(None, io, prefix, path)
        return obj
    if obj.__class__ is not bytes and not isinstance(obj, bytes | bytearray | memoryview):
        raise EncodeError("bytes field needs bytes", path=path, actual=type(obj).__name__)
    n = len(obj)
    if prefix == "varint" and n < 0x2000:  # a one- or two-byte zig-zag length, inline
        io.write(_UVARINT_1[n << 1] if n < 0x40 else bytes((((n << 1) & 0x7F) | 0x80, n >> 6)))
    else:
        b_length(n, io, prefix, path)
    io.write(obj)
    return obj


def b_text(obj: Any, io: IO[bytes], prefix: str, nullable: bool, path: str = "") -> Any:
    if obj is None:
        return b_blob(None, io, prefix, nullable, path)
    if not isinstance(obj, str):
        raise EncodeError("string field needs str", path=path, actual=type(obj).__name__)
    try:
        raw = obj.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise EncodeError(f"cannot encode as UTF-8: {exc.reason}", path=path) from None
    if prefix == "varint" and len(raw) < 0x40:  # header keys: a one-byte length, inline
        io.write(_UVARINT_1[len(raw) << 1])
        io.write(raw)
    else:
        b_blob(raw, io, prefix, nullable, path)
    return obj


# --------------------------------------------------------------------------- containers


def struct_dict(obj: Any) -> dict[str, Any]:
    if obj is None:
        return {}
    if not isinstance(obj, dict):
        raise EncodeError("struct needs a dict", actual=type(obj).__name__)
    return obj


_NOT_ARRAYS = (str, bytes, bytearray, memoryview)
"""Sequences an array never takes (text and bytes)."""


def array_items(obj: Any, count: int | None = None, path: str = "") -> Any:
    """An array's value on build: a list, a tuple or another sequence (not text or bytes)."""
    if obj.__class__ is not list and not isinstance(obj, tuple) and (
            not isinstance(obj, Sequence) or isinstance(obj, _NOT_ARRAYS)):
        raise EncodeError("array needs a list", path=path, actual=type(obj).__name__)
    if count is not None and count != len(obj):
        raise EncodeError("array length differs from its count field", path=path,
                          expected=count, actual=len(obj))
    return obj


# --------------------------------------------------------------------------- compiled fast paths
# Specialised readers and writers for code emitted by ``compile()``. Each handles the common
# case inline and hands anything else (short input, long varints, wrong types, out-of-range
# values) to the general function above, after rewinding, so values and errors stay exactly
# those of the general function.

_BYTE = tuple(bytes((i,)) for i in range(256))
_RANGES = {fmt.format: _int_range(fmt) for fmt in (INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64)}


def _fixed_reader(fmt: struct.Struct) -> Any:
    size, unpack = fmt.size, fmt.unpack

    def read(io: IO[bytes], path: str = "") -> Any:
        data = io.read(size)
        if len(data) == size:
            return unpack(data)[0]
        io.seek(-len(data), 1)
        return p_fixed(io, fmt, path)

    return read


def _int_writer(fmt: struct.Struct) -> Any:
    (lo, hi), pack = _RANGES[fmt.format], fmt.pack

    def write(obj: Any, io: IO[bytes], path: str = "") -> Any:
        if obj.__class__ is int and lo <= obj <= hi:
            io.write(pack(obj))
            return obj
        return b_fixed(obj, io, fmt, path)

    return write


p_int8, p_uint8, p_int16, p_uint16, p_int32, p_uint32, p_int64, p_float64 = (
    _fixed_reader(f) for f in (INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, FLOAT64))
b_int8, b_uint8, b_int16, b_uint16, b_int32, b_uint32, b_int64 = (
    _int_writer(f) for f in (INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64))


def p_compact_length(io: IO[bytes], path: str = "") -> int:
    """:func:`p_length` with the ``compact`` prefix; one-byte lengths inline."""
    b = io.read(1)
    if b and b[0] < 0x80:
        return b[0] - 1
    io.seek(-len(b), 1)
    return p_length(io, "compact", path)


def b_compact_length(n: int | None, io: IO[bytes], path: str = "") -> None:
    """:func:`b_length` with the ``compact`` prefix; one-byte lengths inline."""
    if n is not None and 0 <= n < 0x7F:
        io.write(_BYTE[n + 1])
    else:
        b_length(n, io, "compact", path)


def _fast_blob(io: IO[bytes], prefix: str) -> bytes | int | None:
    """The payload of a length-prefixed blob, -1 for null, or None to take the slow path."""
    if prefix == "compact":
        b = io.read(1)
        if not b or b[0] >= 0x80:
            return None
        n = b[0] - 1
    else:
        fmt = INT16 if prefix == "int16" else INT32
        head = io.read(fmt.size)
        if len(head) != fmt.size:
            return None
        n = fmt.unpack(head)[0]
    if n < 0:
        return -1 if n == -1 else None
    data = io.read(n)
    return data if len(data) == n else None


def p_text_fast(io: IO[bytes], prefix: str, nullable: bool, path: str = "") -> str | None:
    """:func:`p_text` for ``compact``/``int16``/``int32`` prefixes, common cases inline."""
    start = io.tell()
    data = _fast_blob(io, prefix)
    if data.__class__ is bytes:
        try:
            return data.decode("utf-8")  # type: ignore[union-attr]
        except UnicodeDecodeError:
            pass
    elif data == -1 and nullable:
        return None
    io.seek(start)
    return p_text(io, prefix, nullable, path)


def p_blob_fast(io: IO[bytes], prefix: str, nullable: bool, path: str = "") -> bytes | None:
    """:func:`p_blob` for ``compact``/``int16``/``int32`` prefixes, common cases inline."""
    start = io.tell()
    data = _fast_blob(io, prefix)
    if data.__class__ is bytes:
        return data  # type: ignore[return-value]
    if data == -1 and nullable:
        return None
    io.seek(start)
    return p_blob(io, prefix, nullable, path)


def _write_prefixed(raw: bytes, io: IO[bytes], prefix: str) -> bool:
    n = len(raw)
    if prefix == "compact":
        if n >= 0x7F:
            return False
        io.write(_BYTE[n + 1])
    elif prefix == "int16":
        if n > 0x7FFF:
            return False
        io.write(INT16.pack(n))
    elif n <= 0x7FFFFFFF:
        io.write(INT32.pack(n))
    else:
        return False
    io.write(raw)
    return True


def b_text_fast(obj: Any, io: IO[bytes], prefix: str, nullable: bool, path: str = "") -> Any:
    """:func:`b_text` for ``compact``/``int16``/``int32`` prefixes, common cases inline."""
    if obj.__class__ is str:
        try:
            if _write_prefixed(obj.encode("utf-8"), io, prefix):
                return obj
        except UnicodeEncodeError:
            pass
    return b_text(obj, io, prefix, nullable, path)


def b_blob_fast(obj: Any, io: IO[bytes], prefix: str, nullable: bool, path: str = "") -> Any:
    """:func:`b_blob` for ``compact``/``int16``/``int32`` prefixes, common cases inline."""
    if obj.__class__ is bytes and _write_prefixed(obj, io, prefix):
        return obj
    return b_blob(obj, io, prefix, nullable, path)


_ARRAY_FORMATS: dict[tuple[str, int], struct.Struct] = {}
_SMALL_ARRAY = 32
_SMALL_ARRAYS = {f.format: tuple(struct.Struct(f">{n}{f.format[-1]}") for n in range(_SMALL_ARRAY))
                 for f in (INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, FLOAT64)}


def p_fixed_array(io: IO[bytes], n: int, fmt: struct.Struct, path: str = "") -> list[Any]:
    """``n`` fixed-width numbers in one read of exactly ``n * size`` bytes.

    ``read_exact`` never reads or allocates more than the stream holds, so a lying count
    fails there, before any loop.
    """
    data = read_exact(io, n * fmt.size, path)
    if n > 64:
        return [v for (v,) in fmt.iter_unpack(data)]
    packer = _ARRAY_FORMATS.get((fmt.format, n))
    if packer is None:
        packer = _ARRAY_FORMATS[(fmt.format, n)] = struct.Struct(f">{n}{fmt.format[-1]}")
    return list(packer.unpack(data))


def b_int_array(items: Any, io: IO[bytes], fmt: struct.Struct, path: str = "") -> None:
    """Integers of one fixed-width type in one write; per-element checks on any doubt."""
    for x in items:
        if x.__class__ is not int:
            break
    else:
        try:
            io.write(struct.pack(f">{len(items)}{fmt.format[-1]}", *items))
            return
        except struct.error:
            pass
    for i, x in enumerate(items):
        b_fixed(x, io, fmt, f"{path}[{i}]")


def b_int_group(io: IO[bytes], packer: struct.Struct, writers: tuple[Any, ...], *values: Any) -> None:
    """Consecutive integer fields in one write; field by field on any doubt."""
    for v in values:
        if v.__class__ is not int:
            break
    else:
        try:
            io.write(packer.pack(*values))
            return
        except struct.error:
            pass
    for write, v in zip(writers, values, strict=True):
        write(v, io)


def p_num_array(io: IO[bytes], prefix: str, fmt: struct.Struct, nullable: bool,
                path: str = "") -> list[Any] | None:
    """A length-prefixed array of fixed-width numbers: count and values in two reads."""
    b = io.read(1) if prefix == "compact" else b""
    if b and b[0] < 0x80:
        n = b[0] - 1
        start = None
    else:
        io.seek(-len(b), 1)
        start = io.tell()
        n = p_length(io, prefix, path)
    if n < 0:
        if nullable:
            return None
        raise InvalidValueError("null or negative count in a non-nullable array", path=path,
                                offset=io.tell() - 1 if start is None else start, actual=n)
    size = n * fmt.size
    data = io.read(size)  # never more than the stream holds: a lying count fails below
    if len(data) != size or n >= _SMALL_ARRAY:
        io.seek(-len(data), 1)
        return p_fixed_array(io, n, fmt, path)
    return list(_SMALL_ARRAYS[fmt.format][n].unpack(data))


def b_num_array(obj: Any, io: IO[bytes], prefix: str, fmt: struct.Struct, nullable: bool,
                path: str = "") -> Any:
    """Write a length-prefixed array of fixed-width numbers."""
    if obj.__class__ is not list:
        if obj is None:
            if not nullable:
                raise EncodeError("null in a non-nullable array", path=path)
            b_length(None, io, prefix, path)
            return None
        array_items(obj, path=path)
    n = len(obj)
    if prefix == "compact" and n < 0x7F:
        io.write(_BYTE[n + 1])
    else:
        b_length(n, io, prefix, path)
    if fmt is not FLOAT64:
        for x in obj:
            if x.__class__ is not int:
                break
        else:
            try:
                io.write((_SMALL_ARRAYS[fmt.format][n] if n < _SMALL_ARRAY
                          else struct.Struct(f">{n}{fmt.format[-1]}")).pack(*obj))
                return obj
            except struct.error:
                pass
    for i, x in enumerate(obj):
        b_fixed(x, io, fmt, f"{path}[{i}]")
    return obj


# --------------------------------------------------------------------------- inline code
# Helpers of the code :mod:`kformat.primitives.inline` emits: tables for the common cases,
# and the way to the general readers and writers above for everything else.

INT8_BYTES = {i: INT8.pack(i) for i in range(-128, 128)}
"""The INT8 encoding of each value (a missing key is a value out of range)."""
UINT8_BYTES = {i: UINT8.pack(i) for i in range(256)}
UVARINT14 = tuple(uvarint_bytes(i) for i in range(1 << 14))
"""The one- and two-byte unsigned varints, 0..16383."""
ZIGZAG14 = {i: UVARINT14[(i << 1) ^ (i >> 63)] for i in range(-(1 << 13), 1 << 13)}
"""The one- and two-byte zig-zag varints (VARINT and VARLONG alike), -8192..8191."""


def read_at(reader: Any, data: bytes, pos: int, *args: Any) -> tuple[Any, int]:
    """``reader(stream, *args)`` at ``data[pos:]``: the value and the position after it."""
    io = BytesIO(data)  # shares ``data``: no copy
    io.seek(pos)
    value = reader(io, *args)
    return value, io.tell()


def encoded(writer: Any, obj: Any, *args: Any) -> bytes:
    """What ``writer(obj, stream, *args)`` writes (it raises for a value it refuses)."""
    io = BytesIO()
    writer(obj, io, *args)
    return io.getvalue()


def length_bytes(n: int | None, prefix: str) -> bytes:
    """The ``prefix`` encoding of the length ``n`` (:func:`b_length`)."""
    io = BytesIO()
    b_length(n, io, prefix)
    return io.getvalue()


def fixed_array_at(data: bytes, pos: int, end: int, n: int,
                   fmt: struct.Struct) -> tuple[list[Any], int]:
    """``n`` fixed-width numbers at ``data[pos:end]`` and the position after them."""
    size = n * fmt.size
    if size > end - pos:
        raise TruncatedError(f"count {n} needs {size} bytes, {end - pos} available",
                             expected=size, actual=end - pos)
    if n < _SMALL_ARRAY:
        return list(_SMALL_ARRAYS[fmt.format][n].unpack_from(data, pos)), pos + size
    return [v for (v,) in fmt.iter_unpack(data[pos:pos + size])], pos + size


def struct_values(obj: Any, names: tuple[str, ...] | None, path: str = "") -> dict[str, Any]:
    """A struct's value on build as a dict: a dict as is, ``None`` as ``{}``, or a tuple
    holding one value per field, in order (``names``; ``None`` when the struct has fields a
    tuple cannot name: context-only, unnamed or flattened ones). A list is refused: lists
    are arrays."""
    if isinstance(obj, dict):
        return obj
    if obj is None:
        return {}
    if isinstance(obj, tuple) and names is not None:
        if len(obj) != len(names):
            raise EncodeError(f"struct needs {len(names)} values in order "
                              f"({', '.join(names)})", path=path, expected=len(names),
                              actual=len(obj))
        return dict(zip(names, obj, strict=True))
    raise EncodeError("struct needs a dict" + (" or a tuple" if names is not None else ""),
                      path=path, actual=type(obj).__name__)
