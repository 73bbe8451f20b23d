"""Mutators that make a length prefix lie (too large, negative, short, long, null)."""

from __future__ import annotations

import random
import struct

from kformat.fuzz.mutators.base import (
    _MAX,
    Mutation,
    _codec_of,
    _entry_of,
    _in_message,
    _m,
    _pick,
    mutator,
)
from kformat.fuzz.subjects import (
    Subject,
    content_start,
    count_prefix_of,
    encode_length,
    prefix_of,
    read_length,
    region_end,
    splice,
)
from kformat.fuzz.trace import Span
from kformat.records.batch import HEADER_SIZE, MIN_BATCH_LENGTH
from kformat.records.framing import BATCH_OVERHEAD, MAGIC_OFFSET, min_length


def _length_spans(subject: Subject) -> list[Span]:
    return [s for s in subject.trace.absolute() if prefix_of(s) is not None]


@mutator("length_huge", "a length claims far more bytes than there are (or than the limits allow)")
def length_huge(subject: Subject, rng: random.Random) -> Mutation | None:
    candidates = []
    for s in _length_spans(subject):
        encoding = prefix_of(s)
        value = _MAX[encoding]  # type: ignore[index]
        if s.kind == "frame" or s.role == "entry-length":
            candidates.append((s, value, "LimitExceededError"))
            continue
        start = content_start(subject.data, s)
        assert start is not None
        if start + value > region_end(subject, s):
            candidates.append((s, value, _in_message(s, "TruncatedError")))
    hit = _pick(rng, candidates)
    if hit is None:
        return None
    s, value, error = hit
    _, size = read_length(subject.data, s.start, prefix_of(s))  # type: ignore[arg-type]
    data = splice(subject, s.start, s.start + size, encode_length(value, prefix_of(s)))  # type: ignore[arg-type]
    return _m("length_huge", s, s.start, error, data, f"length {value}")


@mutator("length_negative", "a length below -1 (or -1 where a region's length is expected)")
def length_negative(subject: Subject, rng: random.Random) -> Mutation | None:
    spans = [s for s in _length_spans(subject) if prefix_of(s) in ("int16", "int32", "varint")]
    s = _pick(rng, spans)
    if s is None:
        return None
    encoding = prefix_of(s)
    value = _pick(rng, [-2, -(1 << 15) if encoding == "int16" else -(1 << 31)])
    if s.kind == "KPrefixed" or s.kind == "frame" or s.role == "entry-length":
        value = _pick(rng, [-1, value])
    _, size = read_length(subject.data, s.start, encoding)  # type: ignore[arg-type]
    data = splice(subject, s.start, s.start + size, encode_length(value, encoding))  # type: ignore[arg-type]
    return _m("length_negative", s, s.start, "InvalidValueError", data, f"length {value}")


@mutator("null_not_nullable", "the null marker in a string, bytes or array that is not nullable")
def null_not_nullable(subject: Subject, rng: random.Random) -> Mutation | None:
    spans = []
    for s in subject.trace.absolute():
        block = s.block
        encoding = prefix_of(s) if s.kind in ("KString", "KBytes", "RecordsField") \
            else count_prefix_of(s)
        if encoding is None or getattr(block, "nullable", True):
            continue
        spans.append((s, encoding))
    hit = _pick(rng, spans)
    if hit is None:
        return None
    s, encoding = hit
    _, size = read_length(subject.data, s.start, encoding)
    data = splice(subject, s.start, s.start + size, encode_length(-1, encoding))
    return _m("null_not_nullable", s, s.start, "InvalidValueError", data)


def _resizable(subject: Subject) -> list[Span]:
    """Spans whose length can lie a little with a predictable outcome."""
    return [s for s in subject.trace.absolute()
            if s.kind in ("KPrefixed", "frame") or s.role == "tagged-known"]


def _lie(subject: Subject, s: Span, new_length: int) -> bytes:
    encoding = prefix_of(s)
    assert encoding is not None
    _, size = read_length(subject.data, s.start, encoding)
    data = splice(subject, s.start, s.start + size, encode_length(new_length, encoding))
    if s.role == "entry-length":  # the batch's own CRC covers its (new) extent: repair it
        entry = _entry_of(subject, s)
        assert entry is not None
        crc = [c for c in subject.trace.absolute() if c.role == "crc" and
               entry.start <= c.start < entry.end]
        if crc:
            from kformat.records.checksum import crc32, crc32c

            c = crc[0]
            end = entry.start + BATCH_OVERHEAD + new_length
            function = crc32 if entry.legacy else crc32c
            covered = data[c.start + 4:min(end, len(data))]
            data = data[:c.start] + struct.pack(">I", function(covered)) + data[c.start + 4:]
    return data


@mutator("length_short", "a length-prefixed region claims fewer bytes than it holds")
def length_short(subject: Subject, rng: random.Random) -> Mutation | None:
    candidates = []
    for s in _resizable(subject):
        start = content_start(subject.data, s)
        assert start is not None
        length = s.end - start
        minimum = 0
        if s.role == "entry-length":
            codec = _codec_of(subject, s)
            minimum = min_length(_entry_magic(subject, s)) or MIN_BATCH_LENGTH
            error = _entry_short_error(s, codec)
        elif s.kind == "frame":
            error = "InvalidValueError"
        else:
            error = _in_message(s, "TruncatedError")
        if length - 1 >= minimum and length >= 1:
            candidates.append((s, length, minimum, error))
    hit = _pick(rng, candidates)
    if hit is None:
        return None
    s, length, minimum, error = hit
    new = rng.randint(minimum, length - 1)
    if s.role == "entry-length" and not s.legacy and _codec_of(subject, s) == 2:
        entry = _entry_of(subject, s)
        assert entry is not None
        start = entry.start + HEADER_SIZE  # where the (compressed) records start
        if new - MIN_BATCH_LENGTH in _snappy_ends(subject.data[start:s.end]):
            return None  # a shorter but whole snappy stream: not what this mutant is for
    return _m("length_short", s, s.start, error, _lie(subject, s, new), f"{length} -> {new}")


def _snappy_ends(payload: bytes) -> set[int]:
    """Lengths at which a xerial snappy payload is still a whole stream (fewer blocks)."""
    ends, at = set(), 16
    while at <= len(payload):
        ends.add(at)
        if at + 4 > len(payload):
            break
        at += 4 + struct.unpack_from(">i", payload, at)[0]
    return ends


def _entry_magic(subject: Subject, s: Span) -> int:
    entry = _entry_of(subject, s)
    return subject.data[entry.start + MAGIC_OFFSET] if entry is not None else 2


def _entry_short_error(s: Span, codec: int) -> str:
    if s.legacy:
        return "InvalidValueError"
    return "CorruptRecordError" if codec else "InvalidValueError"


@mutator("length_long", "a length-prefixed region claims more bytes than it holds",
         among=_resizable)
def length_long(subject: Subject, rng: random.Random, s: Span) -> Mutation | None:
    start = content_start(subject.data, s)
    assert start is not None
    length = s.end - start
    k = rng.randint(1, 3)
    after = region_end(subject, s) - s.end
    if s.kind == "frame" or k > after:
        error = _in_message(s, "TruncatedError")
    elif s.role == "entry-length" and not s.legacy and _codec_of(subject, s):
        error = "CorruptRecordError"
    else:
        error = "InvalidValueError"
    return _m("length_long", s, s.start, error, _lie(subject, s, length + k),
              f"{length} -> {length + k}")


