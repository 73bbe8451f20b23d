"""Mutators that make an element count lie."""

from __future__ import annotations

import random
import struct

from kformat.fuzz.mutators.base import (
    _INT32_MAX,
    _MAX,
    Mutation,
    _attributes_of,
    _attributes_value,
    _entry_of,
    _in_message,
    _m,
    _pick,
    mutator,
)
from kformat.fuzz.subjects import (
    Subject,
    count_prefix_of,
    encode_length,
    read_length,
    splice,
)
from kformat.fuzz.trace import Span
from kformat.records.codecs import CODEC_MASK


def _count_fields(subject: Subject) -> list[Span]:
    """Spans of fields an array takes its count from (``record_count``)."""
    from kformat.strategies.grammar import count_field

    out = []
    by_path = {s.path: s for s in subject.trace.absolute() if s.kind == "FixedNumber"}
    for s in subject.trace.absolute():
        for sc in getattr(s.block, "subcons", ()):
            while count_field(sc) is None and hasattr(sc, "subcon"):
                sc = sc.subcon  # through renames and tunnels (``Compressed``)
            counter = count_field(sc)
            if counter is None:
                continue
            path = f"{s.path}.{counter}" if s.path else counter
            if path in by_path:
                out.append(by_path[path])
    return out


def _compressed_records(subject: Subject, s: Span) -> bool:
    """Whether ``s`` is the ``record_count`` of a compressed magic 2 batch (the codec bits
    of the ``attributes`` beside it are set)."""
    if not s.path.endswith("record_count"):
        return False
    entry = _entry_of(subject, s)
    attributes = None if entry is None else _attributes_of(subject, entry)
    return attributes is not None and attributes.role == "batch-attributes" \
        and bool(_attributes_value(subject, attributes) & CODEC_MASK)


def _set_int32(subject: Subject, s: Span, value: int) -> bytes:
    return splice(subject, s.start, s.end, struct.pack(">i", value))


@mutator("count_huge", "an element count far beyond what the bytes can hold")
def count_huge(subject: Subject, rng: random.Random) -> Mutation | None:
    candidates: list[tuple[Span, str | None]] = [(s, None) for s in _count_fields(subject)]
    candidates += [(s, count_prefix_of(s)) for s in subject.trace.absolute()
                   if count_prefix_of(s) is not None]
    candidates += [(s, "uvarint") for s in subject.trace.absolute() if s.kind == "TaggedFields"]
    hit = _pick(rng, candidates)
    if hit is None:
        return None
    s, encoding = hit
    if encoding is None:
        # a compressed batch announcing more records than the record cap is refused first
        error = "LimitExceededError" if _compressed_records(subject, s) else \
            _in_message(s, "TruncatedError")
        return _m("count_huge", s, s.start, error, _set_int32(subject, s, _INT32_MAX))
    value = _MAX[encoding]
    element = getattr(s.block, "element_size", 2)
    error = "TruncatedError" if element else "LimitExceededError"
    _, size = read_length(subject.data, s.start, encoding)
    data = splice(subject, s.start, s.start + size, encode_length(value, encoding))
    return _m("count_huge", s, s.start, _in_message(s, error), data, f"count {value}")


@mutator("count_negative", "a negative element count")
def count_negative(subject: Subject, rng: random.Random) -> Mutation | None:
    candidates: list[tuple[Span, str | None]] = [(s, None) for s in _count_fields(subject)]
    candidates += [(s, count_prefix_of(s)) for s in subject.trace.absolute()
                   if count_prefix_of(s) in ("int32", "varint")]
    hit = _pick(rng, candidates)
    if hit is None:
        return None
    s, encoding = hit
    if encoding is None:
        value = _pick(rng, [-1, -(1 << 31)])
        return _m("count_negative", s, s.start, "InvalidValueError",
                  _set_int32(subject, s, value), f"count {value}")
    _, size = read_length(subject.data, s.start, encoding)
    data = splice(subject, s.start, s.start + size, encode_length(-2, encoding))
    return _m("count_negative", s, s.start, "InvalidValueError", data, "count -2")


@mutator("count_short", "a count field one below the number of elements that follow")
def count_short(subject: Subject, rng: random.Random) -> Mutation | None:
    spans = [s for s in _count_fields(subject)
             if struct.unpack_from(">i", subject.data, s.start)[0] >= 1]
    s = _pick(rng, spans)
    if s is None:
        return None
    n = struct.unpack_from(">i", subject.data, s.start)[0]
    return _m("count_short", s, s.start, "InvalidValueError", _set_int32(subject, s, n - 1),
              f"{n} -> {n - 1}")


@mutator("count_long", "a count field one above the number of elements that follow",
         among=_count_fields)
def count_long(subject: Subject, rng: random.Random, s: Span) -> Mutation | None:
    n = struct.unpack_from(">i", subject.data, s.start)[0]
    return _m("count_long", s, s.start, _in_message(s, "TruncatedError"),
              _set_int32(subject, s, n + 1),
              f"{n} -> {n + 1}")


