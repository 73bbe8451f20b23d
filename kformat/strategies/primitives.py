"""One hypothesis strategy per Kafka primitive type (Kafka's protocol guide, "Protocol Primitive Types"), built by construction.

Every integer strategy draws its full range and puts the boundaries first (0, -1, 1, the
minimum and the maximum), so hypothesis tries them early and shrinks towards 0. Strings are
any UTF-8 encodable text (non-ASCII included: accents, CJK, emoji, NUL), bytes any bytes;
``nullable=True`` adds ``None``. Nothing is filtered: every drawn value builds.

Sizes stay small by default (``max_size``): the point is edge cases, not volume.
"""

from __future__ import annotations

import math
import uuid
from typing import Any

from hypothesis import strategies as st

__all__ = [
    "DEFAULT_MAX_SIZE",
    "INT_BOUNDS",
    "booleans",
    "bytes_values",
    "float64",
    "int8",
    "int16",
    "int32",
    "int64",
    "integers_of",
    "string_values",
    "uint8",
    "uint16",
    "uint32",
    "unsigned_varint",
    "uuids",
    "varint",
    "varlong",
]

DEFAULT_MAX_SIZE = 12
"""Default longest string (characters) or byte string drawn."""

INT_BOUNDS: dict[str, tuple[int, int]] = {
    "int8": (-(1 << 7), (1 << 7) - 1),
    "uint8": (0, (1 << 8) - 1),
    "int16": (-(1 << 15), (1 << 15) - 1),
    "uint16": (0, (1 << 16) - 1),
    "int32": (-(1 << 31), (1 << 31) - 1),
    "uint32": (0, (1 << 32) - 1),
    "int64": (-(1 << 63), (1 << 63) - 1),
    "varint": (-(1 << 31), (1 << 31) - 1),
    "varlong": (-(1 << 63), (1 << 63) - 1),
    "unsigned_varint": (0, (1 << 32) - 1),
}
"""Inclusive value range of every integer type, by its kformat name."""

# Text that stresses UTF-8 handling: multi-byte sequences of every length, NUL, a BOM.
_NASTY_TEXT = ("", "é", "日本語", "😀", "\x00", "\ufeff", "a\u0301", "\U0010ffff")


def integers_of(kind: str) -> st.SearchStrategy[int]:
    """Integers of the type ``kind`` (a key of :data:`INT_BOUNDS`), boundaries first."""
    try:
        lo, hi = INT_BOUNDS[kind]
    except KeyError:
        raise ValueError(f"unknown integer type {kind!r} (known: {sorted(INT_BOUNDS)})") from None
    edges = sorted({v for v in (0, -1, 1, lo, hi, lo + 1, hi - 1) if lo <= v <= hi},
                   key=lambda v: (abs(v), v < 0))
    # 7-bit group edges exercise every varint length.
    groups = [v for n in (7, 14, 21, 28, 35, 42, 49, 56, 63)
              for v in ((1 << n) - 1, 1 << n, -(1 << n), -(1 << n) - 1) if lo <= v <= hi]
    return st.one_of(st.sampled_from(edges), st.integers(lo, hi), st.sampled_from(groups))


def int8() -> st.SearchStrategy[int]:
    """INT8: -128..127, boundaries first."""
    return integers_of("int8")


def uint8() -> st.SearchStrategy[int]:
    """UINT8: 0..255 (kformat's unsigned byte, used by a few internal formats)."""
    return integers_of("uint8")


def int16() -> st.SearchStrategy[int]:
    """INT16: -32768..32767, boundaries first."""
    return integers_of("int16")


def uint16() -> st.SearchStrategy[int]:
    """UINT16: 0..65535, boundaries first."""
    return integers_of("uint16")


def int32() -> st.SearchStrategy[int]:
    """INT32: the full signed 32-bit range, boundaries first."""
    return integers_of("int32")


def uint32() -> st.SearchStrategy[int]:
    """UINT32: 0..2**32-1, boundaries first."""
    return integers_of("uint32")


def int64() -> st.SearchStrategy[int]:
    """INT64: the full signed 64-bit range, boundaries first."""
    return integers_of("int64")


def varint() -> st.SearchStrategy[int]:
    """VARINT (zig-zag, 32 bits): every encoded length from 1 to 5 bytes."""
    return integers_of("varint")


def varlong() -> st.SearchStrategy[int]:
    """VARLONG (zig-zag, 64 bits): every encoded length from 1 to 10 bytes."""
    return integers_of("varlong")


def unsigned_varint() -> st.SearchStrategy[int]:
    """UNSIGNED_VARINT: 0..2**32-1, every encoded length from 1 to 5 bytes."""
    return integers_of("unsigned_varint")


def float64() -> st.SearchStrategy[float]:
    """FLOAT64: any double, with 0.0, -0.0, infinities, NaN and the extremes first."""
    edges = [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 5e-324, 1.7976931348623157e308]
    return st.one_of(st.sampled_from(edges), st.floats(allow_nan=True, allow_infinity=True))


def booleans() -> st.SearchStrategy[bool]:
    """BOOLEAN."""
    return st.booleans()


def uuids() -> st.SearchStrategy[uuid.UUID]:
    """UUID: the zero UUID (Kafka's "no id"), Kafka's reserved metadata id, then any."""
    edges = [uuid.UUID(int=0), uuid.UUID(int=1), uuid.UUID(int=(1 << 128) - 1)]
    return st.one_of(st.sampled_from(edges), st.uuids(allow_nil=True))


def _nullable(strategy: st.SearchStrategy[Any], nullable: bool) -> st.SearchStrategy[Any]:
    return st.one_of(st.none(), strategy) if nullable else strategy


def string_values(*, nullable: bool = False, max_size: int = DEFAULT_MAX_SIZE,
                  min_size: int = 0) -> st.SearchStrategy[str | None]:
    """STRING and its variants: UTF-8 text incl. non-ASCII; ``None`` only when ``nullable``.

    ``max_size`` counts characters; at 4 bytes per character it must keep the encoding
    under the int16 length limit (32767 bytes).
    """
    if not 0 <= min_size <= max_size <= 8191:
        raise ValueError(f"need 0 <= min_size <= max_size <= 8191, got {min_size}, {max_size}")
    text = st.text(st.characters(codec="utf-8"), min_size=min_size, max_size=max_size)
    nasty = [t for t in _NASTY_TEXT if min_size <= len(t) <= max_size]
    base = st.one_of(st.sampled_from(nasty), text) if nasty else text
    return _nullable(base, nullable)


def bytes_values(*, nullable: bool = False, max_size: int = DEFAULT_MAX_SIZE,
                 min_size: int = 0) -> st.SearchStrategy[bytes | None]:
    """BYTES and its variants: any bytes (empty first); ``None`` only when ``nullable``."""
    if not 0 <= min_size <= max_size:
        raise ValueError(f"need 0 <= min_size <= max_size, got {min_size}, {max_size}")
    return _nullable(st.binary(min_size=min_size, max_size=max_size), nullable)
