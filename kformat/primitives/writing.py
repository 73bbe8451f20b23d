"""The writers of Kafka's primitive types, shared by the interpreter and compiled code
(Kafka protocol guide, "Protocol Primitive Types"), and the checks of container values.

Each writer takes the value, a binary stream and the field path for its errors; it returns
the value (what construct keeps in its context). A value of the wrong type or out of range
is an :class:`~kformat.errors.EncodeError`: nothing is truncated, wrapped or guessed.
"""

from __future__ import annotations

import math
import struct
import uuid
from collections.abc import Sequence
from typing import IO, Any

from kformat.errors import EncodeError
from kformat.primitives.wire import (
    CANONICAL_NAN,
    FIXED_FORMATS,
    FLOAT64,
    INT16,
    INT32,
    U32_MAX,
    int_range,
)

__all__ = [
    "array_items",
    "b_blob",
    "b_bool",
    "b_fixed",
    "b_fixed_array",
    "b_length",
    "b_text",
    "b_uuid",
    "b_uvarint",
    "b_varint",
    "b_varlong",
    "struct_values",
    "uvarint_bytes",
]

_UVARINT_1 = tuple(bytes((i,)) for i in range(0x80))
"""The one-byte varints, 0..127."""

_INTS = {fmt.format: (*int_range(fmt), name.lower())
         for name, fmt in FIXED_FORMATS.items() if fmt is not FLOAT64}
"""Each integer format's range and name."""


def _need_int(obj: Any, lo: int, hi: int, what: str, path: str) -> int:
    if isinstance(obj, bool) or not isinstance(obj, int):
        raise EncodeError(f"{what} needs an int", path=path, actual=type(obj).__name__)
    if not lo <= obj <= hi:
        raise EncodeError(f"{what} out of range [{lo}, {hi}]", path=path, actual=obj)
    return obj


def b_fixed(obj: Any, io: IO[bytes], fmt: struct.Struct, path: str = "") -> Any:
    """A big-endian fixed-width number; range-checked, canonical NaN for FLOAT64."""
    if fmt is FLOAT64:
        if isinstance(obj, bool) or not isinstance(obj, int | float):
            raise EncodeError("float64 needs a number", path=path, actual=type(obj).__name__)
        try:
            value = float(obj)
        except OverflowError:
            raise EncodeError("int too large for a float64", path=path) from None
        io.write(CANONICAL_NAN if math.isnan(value) else FLOAT64.pack(value))
        return obj
    lo, hi, kind = _INTS[fmt.format]
    if obj.__class__ is not int or not lo <= obj <= hi:
        _need_int(obj, lo, hi, kind, path)
    io.write(fmt.pack(obj))
    return obj


def b_fixed_array(items: Any, io: IO[bytes], fmt: struct.Struct, path: str = "") -> Any:
    """Numbers of one fixed-width type in one write; element by element (each with its own
    error) unless they are all plain integers in range."""
    if fmt is not FLOAT64 and all(x.__class__ is int for x in items):
        try:
            io.write(struct.pack(f">{len(items)}{fmt.format[-1]}", *items))
            return items
        except struct.error:
            pass
    for i, x in enumerate(items):
        b_fixed(x, io, fmt, f"{path}[{i}]")
    return items


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
    """The unsigned varint encoding of ``n >= 0``."""
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
    """UNSIGNED_VARINT: 32 bits."""
    io.write(uvarint_bytes(_need_int(obj, 0, U32_MAX, "unsigned varint", path)))
    return obj


def _b_zigzag(obj: Any, io: IO[bytes], bits: int, what: str, path: str) -> Any:
    """A zig-zag varint of ``bits`` bits."""
    if obj.__class__ is int and -0x40 <= obj < 0x40:  # one byte
        io.write(_UVARINT_1[(obj << 1) ^ (obj >> 63)])
        return obj
    half = 1 << (bits - 1)
    n = _need_int(obj, -half, half - 1, what, path)
    io.write(uvarint_bytes(((n << 1) ^ (n >> 63)) & ((1 << bits) - 1)))
    return obj


def b_varint(obj: Any, io: IO[bytes], path: str = "") -> Any:
    """VARINT: zig-zag 32 bits."""
    return _b_zigzag(obj, io, 32, "varint", path)


def b_varlong(obj: Any, io: IO[bytes], path: str = "") -> Any:
    """VARLONG: zig-zag 64 bits."""
    return _b_zigzag(obj, io, 64, "varlong", path)


_LENGTH_MAX = {"int16": (1 << 15) - 1, "int32": (1 << 31) - 1, "compact": U32_MAX - 1,
               "varint": (1 << 31) - 1}


def b_length(n: int | None, io: IO[bytes], prefix: str, path: str = "") -> None:
    """Write a length or count prefix; ``None`` writes the null marker of the encoding."""
    if prefix == "varint" and n.__class__ is int and 0 <= n < 0x2000:  # one or two bytes
        io.write(uvarint_bytes(n << 1))
        return
    if n is None:
        n = -1
    elif n > _LENGTH_MAX[prefix]:
        raise EncodeError(f"length {n} too large for a {prefix} prefix", path=path, actual=n)
    if prefix == "compact":
        io.write(uvarint_bytes(n + 1))
    elif prefix == "varint":
        io.write(uvarint_bytes(((n << 1) ^ (n >> 31)) & U32_MAX))
    elif prefix == "int32":
        io.write(INT32.pack(n))
    else:
        io.write(INT16.pack(n))


def b_blob(obj: Any, io: IO[bytes], prefix: str, nullable: bool, path: str = "") -> Any:
    """Length-prefixed bytes (any bytes-like value); ``None`` only when ``nullable``."""
    if obj is None:
        if not nullable:
            raise EncodeError("null in a non-nullable field", path=path)
        b_length(None, io, prefix, path)
        return obj
    if obj.__class__ is not bytes and not isinstance(obj, bytes | bytearray | memoryview):
        raise EncodeError("bytes field needs bytes", path=path, actual=type(obj).__name__)
    b_length(len(obj), io, prefix, path)
    io.write(obj)
    return obj


def b_text(obj: Any, io: IO[bytes], prefix: str, nullable: bool, path: str = "") -> Any:
    """A length-prefixed UTF-8 string; ``None`` only when ``nullable``."""
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


_NOT_ARRAYS = (str, bytes, bytearray, memoryview)
"""Sequences an array never takes (text and bytes)."""


def array_items(obj: Any, count: int | None = None, path: str = "") -> Any:
    """An array's items on build, from a list, a tuple or another sequence (not text or
    bytes): a list or tuple as is, anything else (a subclass included) as the list of what
    iterating it gives, so the count written is that of the items written whatever its
    ``__len__`` says."""
    cls = obj.__class__
    if cls is not list and cls is not tuple:
        if not isinstance(obj, Sequence) or isinstance(obj, _NOT_ARRAYS):
            raise EncodeError("array needs a list", path=path, actual=type(obj).__name__)
        try:
            obj = [item for item in obj]  # no length hint: __len__ is not asked
        except Exception as exc:  # the sequence's own iteration failed
            raise EncodeError(f"array items could not be read: {type(exc).__name__}: {exc}",
                              path=path, actual=cls.__name__) from None
    if count is not None and count != len(obj):
        raise EncodeError("array length differs from its count field", path=path,
                          expected=count, actual=len(obj))
    return obj


def struct_values(obj: Any, names: tuple[str, ...] | None, path: str = "") -> dict[str, Any]:
    """A struct's value on build as a dict: a dict as is, or a tuple holding one value per
    field, in order (``names``; ``None`` when the struct has fields a tuple cannot name:
    context-only, unnamed or flattened ones). ``None`` is refused (a nullable struct's
    presence marker takes it before it gets here; an empty struct is ``{}``), and so is a
    list: lists are arrays."""
    if isinstance(obj, dict):
        return obj
    if obj is None:
        raise EncodeError("null in a non-nullable struct", path=path)
    if isinstance(obj, tuple) and names is not None:
        if len(obj) != len(names):
            raise EncodeError(f"struct needs {len(names)} values in order "
                              f"({', '.join(names)})", path=path, expected=len(names),
                              actual=len(obj))
        return dict(zip(names, obj, strict=True))
    raise EncodeError("struct needs a dict" + (" or a tuple" if names is not None else ""),
                      path=path, actual=type(obj).__name__)
