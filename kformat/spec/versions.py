"""Version sets: the ``versions=``, ``nullable=``, ``tagged=`` and ``flexible=`` ranges of a grammar."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from kformat.errors import GrammarError

__all__ = ["ALL", "MAX_VERSION", "NONE", "VersionSet"]

MAX_VERSION: Final = 0x7FFF
"""Versions are int16 on the wire; an open-ended range (``N+``) ends here."""

_RANGE = re.compile(r"(\d+)(?:(\+)|-(\d+))?\Z")


@dataclass(frozen=True)
class VersionSet:
    """A set of int16 versions stored as sorted, disjoint, non-adjacent inclusive ranges.

    The text form is Kafka's, extended to lists: ``none``, ``3``, ``1-5``, ``4+``, ``0-2,4+``.
    A range ending at :data:`MAX_VERSION` is open-ended and prints as ``N+``.
    """

    ranges: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        merged: list[tuple[int, int]] = []
        for lo, hi in sorted(self.ranges):
            if not 0 <= lo <= hi <= MAX_VERSION:
                raise GrammarError(f"invalid version range {lo}-{hi}")
            if merged and lo <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
            else:
                merged.append((lo, hi))
        object.__setattr__(self, "ranges", tuple(merged))

    @classmethod
    def parse(cls, text: str) -> VersionSet:
        """Parse ``none``, ``N``, ``N-M``, ``N+`` or a comma-separated list of those."""
        text = text.strip()
        if text == "none":
            return NONE
        ranges = []
        for part in text.split(","):
            m = _RANGE.match(part.strip())
            if m is None:
                raise GrammarError(f"invalid version set {text!r}")
            lo = int(m.group(1))
            hi = MAX_VERSION if m.group(2) else int(m.group(3) or lo)
            if hi < lo or hi > MAX_VERSION:
                raise GrammarError(f"invalid version set {text!r}")
            ranges.append((lo, hi))
        return cls(tuple(ranges))

    @classmethod
    def of(cls, versions: Iterable[int]) -> VersionSet:
        """The set holding exactly ``versions``."""
        return cls(tuple((v, v) for v in versions))

    def __str__(self) -> str:
        if not self.ranges:
            return "none"
        parts = []
        for lo, hi in self.ranges:
            if hi == MAX_VERSION:
                parts.append(f"{lo}+")
            elif lo == hi:
                parts.append(str(lo))
            else:
                parts.append(f"{lo}-{hi}")
        return ",".join(parts)

    def __repr__(self) -> str:
        return f"VersionSet({str(self)!r})"

    def __bool__(self) -> bool:
        return bool(self.ranges)

    def __contains__(self, version: object) -> bool:
        if not isinstance(version, int):
            return False
        return any(lo <= version <= hi for lo, hi in self.ranges)

    def __iter__(self) -> Iterator[int]:
        """Every version in the set; an open-ended set stops at :data:`MAX_VERSION`."""
        return self.upto(MAX_VERSION)

    def upto(self, maximum: int) -> Iterator[int]:
        """The versions of the set that are ``<= maximum``, ascending."""
        for lo, hi in self.ranges:
            yield from range(lo, min(hi, maximum) + 1)

    @property
    def lowest(self) -> int | None:
        return self.ranges[0][0] if self.ranges else None

    @property
    def highest(self) -> int | None:
        """The highest version, :data:`MAX_VERSION` when open-ended, None when empty."""
        return self.ranges[-1][1] if self.ranges else None

    @property
    def open_ended(self) -> bool:
        return bool(self.ranges) and self.ranges[-1][1] == MAX_VERSION

    def __or__(self, other: VersionSet) -> VersionSet:
        return VersionSet(self.ranges + other.ranges)

    def __and__(self, other: VersionSet) -> VersionSet:
        out = []
        for a_lo, a_hi in self.ranges:
            for b_lo, b_hi in other.ranges:
                lo, hi = max(a_lo, b_lo), min(a_hi, b_hi)
                if lo <= hi:
                    out.append((lo, hi))
        return VersionSet(tuple(out))

    def __sub__(self, other: VersionSet) -> VersionSet:
        out = list(self.ranges)
        for b_lo, b_hi in other.ranges:
            nxt = []
            for lo, hi in out:
                if b_hi < lo or b_lo > hi:
                    nxt.append((lo, hi))
                    continue
                if lo < b_lo:
                    nxt.append((lo, b_lo - 1))
                if hi > b_hi:
                    nxt.append((b_hi + 1, hi))
            out = nxt
        return VersionSet(tuple(out))

    def __le__(self, other: VersionSet) -> bool:
        return not (self - other)

    def issubset(self, other: VersionSet) -> bool:
        return self <= other

    def isdisjoint(self, other: VersionSet) -> bool:
        return not (self & other)


NONE: Final = VersionSet()
ALL: Final = VersionSet(((0, MAX_VERSION),))


