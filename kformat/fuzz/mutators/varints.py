"""Mutators of varints: overlong, overflowing, non-canonical."""

from __future__ import annotations

import random
from typing import Any

from kformat.fuzz.mutators.base import (
    _VARINT_KINDS,
    Mutation,
    _m,
    mutator,
)
from kformat.fuzz.subjects import (
    Subject,
    count_prefix_of,
    prefix_of,
    read_length,
    splice,
)
from kformat.fuzz.trace import Span


def _varints(subject: Subject) -> list[tuple[Span, int, int, int]]:
    """(span, start, encoded length, max bytes) of every varint on the wire."""
    data = subject.data
    out = []
    for s in subject.trace.absolute():
        if s.kind in _VARINT_KINDS:
            out.append((s, s.start, s.size, _VARINT_KINDS[s.kind]))
            continue
        encoding = prefix_of(s) or count_prefix_of(s)
        if s.kind == "TaggedFields":
            encoding = "uvarint"
        if encoding in ("compact", "varint", "uvarint"):
            _, size = read_length(data, s.start, encoding)
            out.append((s, s.start, size, 5))
        if s.kind == "tagged-entry":  # the tag, before the size
            entry = s.block
            out.append((s, entry.start, entry.size_at - entry.start, 5))
    return out


@mutator("varint_overlong", "a varint with more bytes than its type allows (6 for 32 bits, 11 for 64)",
         among=_varints)
def varint_overlong(subject: Subject, rng: random.Random, hit: Any) -> Mutation | None:
    s, start, size, limit = hit
    data = splice(subject, start, start + size, b"\x80" * limit + b"\x00")
    return _m("varint_overlong", s, start, "InvalidValueError", data, f"{limit + 1} bytes")


@mutator("varint_overflow", "a varint within its byte limit whose value overflows its type",
         among=_varints)
def varint_overflow(subject: Subject, rng: random.Random, hit: Any) -> Mutation | None:
    s, start, size, limit = hit
    data = splice(subject, start, start + size, b"\xff" * (limit - 1) + b"\x7f")
    return _m("varint_overflow", s, start, "InvalidValueError", data)


@mutator("varint_noncanonical", "valid: a varint padded with zero groups up to its byte limit",
         among=lambda subject: [h for h in _varints(subject) if h[2] < h[3]])
def varint_noncanonical(subject: Subject, rng: random.Random, hit: Any) -> Mutation | None:
    s, start, size, limit = hit
    raw = subject.data[start:start + size]
    pad = rng.randint(size + 1, limit)
    groups = [b | 0x80 for b in raw[:-1]] + [raw[-1] | 0x80] + [0x80] * (pad - size - 1) + [0]
    data = splice(subject, start, start + size, bytes(groups))
    return _m("varint_noncanonical", s, start, None, data, f"{size} -> {pad} bytes")


