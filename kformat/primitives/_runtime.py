"""Readers and writers shared by the interpreted and the compiled path.

Every kformat building block decodes and encodes through these functions, whether it runs
under construct's interpreter (``Construct._parse``) or inside code emitted by
``Construct.compile()``. One implementation per wire type keeps the two paths equal by
construction; the property tests hold them equal in practice.

Streams are the binary streams construct passes around (``io.BytesIO`` and construct's
``BytesIOWithOffsets``, whose ``tell()`` is absolute in the outer buffer).
"""

from __future__ import annotations

import math
import struct
import uuid
from io import BytesIO
from typing import IO, Any

from kformat.errors import EncodeError, InvalidValueError, LimitExceededError, TruncatedError

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

EMIT_CONSTANTS: list[Any] = []
"""Objects that compiled code refers to by index (defaults that have no literal form)."""

U32_MAX = (1 << 32) - 1
U64_MAX = (1 << 64) - 1


# --------------------------------------------------------------------------- reading


def read_exact(io: IO[bytes], n: int, path: str = "") -> bytes:
    """Read exactly ``n`` bytes or raise :class:`TruncatedError` (never over-allocates)."""
    data = io.read(n)
    if len(data) != n:
        got = len(data)
        raise TruncatedError(
            f"needed {n} bytes, {got} available",
            path=path,
            offset=io.tell() - got,
            expected=n,
            actual=got,
        )
    return data


def remaining(io: IO[bytes]) -> int:
    """Bytes left in ``io`` after the current position."""
    pos = io.tell()
    end = io.seek(0, 2)
    io.seek(pos)
    return end - pos


def read_uvarint(io: IO[bytes], max_bytes: int, max_value: int, path: str = "") -> int:
    """Protobuf-style unsigned varint, at most ``max_bytes`` long and ``<= max_value``."""
    start = io.tell()
    result = 0
    shift = 0
    for _ in range(max_bytes):
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


def p_varint(io: IO[bytes], path: str = "") -> int:
    """VARINT: zig-zag 32 bits, at most 5 bytes."""
    n = read_uvarint(io, 5, U32_MAX, path)
    return (n >> 1) ^ -(n & 1)


def p_varlong(io: IO[bytes], path: str = "") -> int:
    """VARLONG: zig-zag 64 bits, at most 10 bytes."""
    n = read_uvarint(io, 10, U64_MAX, path)
    return (n >> 1) ^ -(n & 1)


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
    from construct.core import BytesIOWithOffsets

    start = io.tell()
    data = read_exact(io, n, path)
    return BytesIOWithOffsets(data, io, start)


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


def b_fixed(obj: Any, io: IO[bytes], fmt: struct.Struct, path: str = "") -> Any:
    if fmt is FLOAT64:
        if isinstance(obj, bool) or not isinstance(obj, int | float):
            raise EncodeError("float64 needs a number", path=path, actual=type(obj).__name__)
        io.write(CANONICAL_NAN if math.isnan(obj) else FLOAT64.pack(obj))
        return obj
    lo, hi = _int_range(fmt)
    io.write(fmt.pack(_need_int(obj, lo, hi, fmt.format, path)))
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
    n = _need_int(obj, -(1 << 31), (1 << 31) - 1, "varint", path)
    io.write(uvarint_bytes(((n << 1) ^ (n >> 31)) & U32_MAX))
    return obj


def b_varlong(obj: Any, io: IO[bytes], path: str = "") -> Any:
    n = _need_int(obj, -(1 << 63), (1 << 63) - 1, "varlong", path)
    io.write(uvarint_bytes(((n << 1) ^ (n >> 63)) & U64_MAX))
    return obj


_LENGTH_MAX = {"int16": (1 << 15) - 1, "int32": (1 << 31) - 1, "compact": U32_MAX - 1,
               "varint": (1 << 31) - 1}


def b_length(n: int | None, io: IO[bytes], prefix: str, path: str = "") -> None:
    """Write a length or count prefix; ``None`` writes the null marker of the encoding."""
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
    if not isinstance(obj, bytes | bytearray | memoryview):
        raise EncodeError("bytes field needs bytes", path=path, actual=type(obj).__name__)
    b_length(len(obj), io, prefix, path)
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
    b_blob(raw, io, prefix, nullable, path)
    return obj


# --------------------------------------------------------------------------- containers


def struct_dict(obj: Any) -> dict[str, Any]:
    if obj is None:
        return {}
    if not isinstance(obj, dict):
        raise EncodeError("struct needs a dict", actual=type(obj).__name__)
    return obj


def required(objdict: dict[str, Any], name: str) -> Any:
    try:
        return objdict[name]
    except KeyError:
        raise EncodeError("missing field", path=name) from None


def array_items(obj: Any, count: int | None = None) -> Any:
    if not isinstance(obj, list | tuple):
        raise EncodeError("array needs a list", actual=type(obj).__name__)
    if count is not None and count != len(obj):
        raise EncodeError("array length differs from its count field", expected=count,
                          actual=len(obj))
    return obj
