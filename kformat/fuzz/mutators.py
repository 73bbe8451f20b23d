"""Structure-aware mutators: each breaks one rule of the grammar and says what kformat raises.

A mutator takes a :class:`~kformat.fuzz.subjects.Subject` (a valid input with its traced
field spans) and a ``random.Random``, picks a target among the spans it applies to, edits the
bytes with :func:`~kformat.fuzz.subjects.splice` (which repairs the lengths and CRCs around
the edit) and returns a :class:`Mutation`: the label, the target's field path, the offset
of the edit, the new bytes and ``expected_error``, the name of the
:class:`~kformat.errors.KFormatError` class the entry point must raise (``None``: the input
stays valid and must parse; those are the nasty-but-valid edge cases).

Nothing here is written per message: targets come from the spans of whatever grammar was
traced. :data:`MUTATORS` maps every label to its mutator; :data:`LABELS` describes them.
Everything is deterministic given the ``random.Random``.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kformat.fuzz.hostile import BOMB_CODECS, bomb_batch, nested_wrapper
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
from kformat.fuzz.trace import Span, tagged_entries
from kformat.primitives import runtime as rt
from kformat.records.codecs import CODEC_MASK, DEFAULT_DECOMPRESSION_LIMIT, codecs_for

__all__ = ["LABELS", "MUTATORS", "Mutation", "applicable", "mutate"]

_INT16_MAX = (1 << 15) - 1
_INT32_MAX = (1 << 31) - 1
_MAX = {"int16": _INT16_MAX, "int32": _INT32_MAX, "varint": _INT32_MAX,
        "compact": rt.U32_MAX - 1, "uvarint": rt.U32_MAX}
_VARINT_KINDS = {"VarIntType": 5, "UnsignedVarIntType": 5, "VarLongType": 10}


@dataclass(frozen=True)
class Mutation:
    """One labelled mutant: ``data`` must make the entry point raise ``expected_error``
    (a class name; ``None``: it must parse)."""

    label: str
    target_path: str
    offset: int
    expected_error: str | None
    data: bytes
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "target_path": self.target_path, "offset": self.offset,
                "expected_error": self.expected_error, "detail": self.detail}


Mutator = Callable[[Subject, random.Random], "Mutation | None"]
MUTATORS: dict[str, Mutator] = {}
LABELS: dict[str, str] = {}


def mutator(label: str, description: str) -> Callable[[Mutator], Mutator]:
    def register(fn: Mutator) -> Mutator:
        def checked(subject: Subject, rng: random.Random) -> Mutation | None:
            result = fn(subject, rng)
            return None if result is None else _kip511(subject, result)

        checked.__doc__, checked.__name__ = fn.__doc__, fn.__name__
        MUTATORS[label] = checked
        LABELS[label] = description
        return checked
    return register


def _kip511(subject: Subject, mutation: Mutation) -> Mutation:
    """An ApiVersions response that does not parse at its version is read at version 0
    (KIP-511: how a broker answers a version it does not support). A mutant that happens to
    be a valid v0 response therefore parses."""
    params = subject.params
    if (subject.entry != "response" or params.get("api_key") != 18
            or not params.get("api_version") or mutation.expected_error is None):
        return mutation
    from dataclasses import replace

    from kformat.errors import KFormatError
    from kformat.protocol.api import compiled_grammar

    data = mutation.data
    if len(data) < 8 or struct.unpack_from(">i", data)[0] != len(data) - 4:
        return mutation  # the frame itself is broken: no version is tried
    try:
        compiled_grammar(18, 0, "response").parse(data[8:])
    except KFormatError:
        return mutation
    return replace(mutation, expected_error=None, detail=f"{mutation.detail} (valid as v0)".strip())


def _in_message(span: Span, error: str) -> str:
    """Inside a batch that is present in full, running out of bytes means a length or count
    lied: kformat reports :class:`InvalidValueError` there."""
    if span.in_batch and error == "TruncatedError":
        return "InvalidValueError"
    return error


def _pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))] if items else None


def _m(label: str, span: Span, offset: int, error: str | None, data: bytes,
       detail: str = "") -> Mutation:
    return Mutation(label, span.path, offset, error, data, detail)


def _entry_of(subject: Subject, span: Span) -> Span | None:
    for s in subject.trace.absolute():
        if s.kind == "entry" and s.start <= span.start and span.end <= s.end:
            return s
    return None


def _codec_of(subject: Subject, span: Span) -> int:
    entry = _entry_of(subject, span)
    if entry is None:
        return 0
    if entry.legacy:
        return subject.data[entry.start + 17] & 7
    return struct.unpack_from(">h", subject.data, entry.start + 21)[0] & 7


def _limit(subject: Subject) -> int:
    return int(subject.params.get("decompression_limit", DEFAULT_DECOMPRESSION_LIMIT))


# --------------------------------------------------------------------------- lengths


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
            end = entry.start + 12 + new_length
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
            minimum = {0: 14, 1: 22}.get(_entry_magic(subject, s), 49)
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
        start = s.start + 53  # batchLength is at 8, the records at 61
        if new - 49 in _snappy_ends(subject.data[start:s.end]):
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
    return subject.data[entry.start + 16] if entry is not None else 2


def _entry_short_error(s: Span, codec: int) -> str:
    if s.legacy:
        return "InvalidValueError"
    return "CorruptRecordError" if codec else "InvalidValueError"


@mutator("length_long", "a length-prefixed region claims more bytes than it holds")
def length_long(subject: Subject, rng: random.Random) -> Mutation | None:
    s = _pick(rng, _resizable(subject))
    if s is None:
        return None
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


# --------------------------------------------------------------------------- counts


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
        return _m("count_huge", s, s.start, _in_message(s, "TruncatedError"),
                  _set_int32(subject, s, _INT32_MAX))
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


@mutator("count_long", "a count field one above the number of elements that follow")
def count_long(subject: Subject, rng: random.Random) -> Mutation | None:
    s = _pick(rng, _count_fields(subject))
    if s is None:
        return None
    n = struct.unpack_from(">i", subject.data, s.start)[0]
    return _m("count_long", s, s.start, _in_message(s, "TruncatedError"),
              _set_int32(subject, s, n + 1),
              f"{n} -> {n + 1}")


# --------------------------------------------------------------------------- varints


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


@mutator("varint_overlong", "a varint with more bytes than its type allows (6 for 32 bits, 11 for 64)")
def varint_overlong(subject: Subject, rng: random.Random) -> Mutation | None:
    hit = _pick(rng, _varints(subject))
    if hit is None:
        return None
    s, start, size, limit = hit
    data = splice(subject, start, start + size, b"\x80" * limit + b"\x00")
    return _m("varint_overlong", s, start, "InvalidValueError", data, f"{limit + 1} bytes")


@mutator("varint_overflow", "a varint within its byte limit whose value overflows its type")
def varint_overflow(subject: Subject, rng: random.Random) -> Mutation | None:
    hit = _pick(rng, _varints(subject))
    if hit is None:
        return None
    s, start, size, limit = hit
    data = splice(subject, start, start + size, b"\xff" * (limit - 1) + b"\x7f")
    return _m("varint_overflow", s, start, "InvalidValueError", data)


@mutator("varint_noncanonical", "valid: a varint padded with zero groups up to its byte limit")
def varint_noncanonical(subject: Subject, rng: random.Random) -> Mutation | None:
    hit = _pick(rng, [h for h in _varints(subject) if h[2] < h[3]])
    if hit is None:
        return None
    s, start, size, limit = hit
    raw = subject.data[start:start + size]
    pad = rng.randint(size + 1, limit)
    groups = [b | 0x80 for b in raw[:-1]] + [raw[-1] | 0x80] + [0x80] * (pad - size - 1) + [0]
    data = splice(subject, start, start + size, bytes(groups))
    return _m("varint_noncanonical", s, start, None, data, f"{size} -> {pad} bytes")


# --------------------------------------------------------------------------- truncation


def _regions(subject: Subject) -> list[tuple[int, int, Span]]:
    """(start, end, container) of each region a cut or an insertion can end: the whole
    input, and the batches inside each records field (the container is that field)."""
    top = 4 if subject.entry in ("request", "response") else 0
    whole = Span("", 0, len(subject.data), None, kind="input")
    regions = [(top, len(subject.data), whole)]
    for s in subject.trace.absolute():
        if s.kind == "RecordsField":
            start = content_start(subject.data, s)
            if start is not None and start < s.end:
                regions.append((start, s.end, s))
    return regions


def _entry_bounds(subject: Subject, start: int, end: int) -> set[int]:
    return {b for s in subject.trace.absolute() if s.kind == "entry"
            and start <= s.start and s.end <= end for b in (s.start, s.end)}


@mutator("truncate", "the input (or a records field) cut at a field boundary")
def truncate(subject: Subject, rng: random.Random) -> Mutation | None:
    start, end, region = _pick(rng, _regions(subject))
    cuts = sorted({b for s in subject.trace.absolute() for b in (s.start, s.end)
                   if start < b < end})
    if not cuts:
        return None
    cut = _pick(rng, cuts)
    batched = subject.entry == "batches" or region.kind == "RecordsField"
    valid = batched and cut in _entry_bounds(subject, start, end)
    data = splice(subject, cut, end, b"", within=region)
    where = [s for s in subject.trace.absolute() if s.start == cut or s.end == cut]
    path = where[0].path if where else ""
    return Mutation("truncate", path, cut, None if valid else "TruncatedError", data,
                    f"cut at {cut} of {end}")


@mutator("trailing_bytes", "bytes after the end of the structure")
def trailing_bytes(subject: Subject, rng: random.Random) -> Mutation | None:
    _, end, region = _pick(rng, _regions(subject))
    batched = subject.entry == "batches" or region.kind == "RecordsField"
    extra = bytes(rng.randrange(256) for _ in range(rng.randint(1, 11)))
    data = splice(subject, end, end, extra, within=region)
    error = "TruncatedError" if batched else "InvalidValueError"
    return Mutation("trailing_bytes", region.path, end, error, data, f"{len(extra)} bytes")


# --------------------------------------------------------------------------- CRCs and codecs


@mutator("crc_flip", "one bit of a stored CRC flipped")
def crc_flip(subject: Subject, rng: random.Random) -> Mutation | None:
    s = _pick(rng, subject.spans(role="crc"))
    if s is None:
        return None
    at = s.start + rng.randrange(4)
    flipped = bytes([subject.data[at] ^ (1 << rng.randrange(8))])
    return _m("crc_flip", s, at, "CorruptRecordError", splice(subject, at, at + 1, flipped))


@mutator("crc_stale", "one bit of the bytes a CRC covers flipped, the CRC left as it was")
def crc_stale(subject: Subject, rng: random.Random) -> Mutation | None:
    s = _pick(rng, [c for c in subject.spans(role="crc") if c.size > 5])
    if s is None:
        return None
    # a magic 0/1 CRC covers the magic byte, which batch framing reads first: skip it
    at = rng.randrange(s.start + (5 if s.legacy else 4), s.end)
    flipped = bytes([subject.data[at] ^ (1 << rng.randrange(8))])
    data = splice(subject, at, at + 1, flipped, fix_crc=False)
    return _m("crc_stale", s, at, "CorruptRecordError", data)


def _set_codec(subject: Subject, s: Span, codec: int) -> bytes:
    if s.role == "batch-attributes":
        value = struct.unpack_from(">h", subject.data, s.start)[0]
        new = struct.pack(">h", (value & ~7) | codec)
    else:
        new = bytes([(subject.data[s.start] & ~7) | codec])
    return splice(subject, s.start, s.end, new)


def _attributes(subject: Subject) -> list[Span]:
    return subject.spans(role="batch-attributes") + subject.spans(role="legacy-attributes")


@mutator("codec_unknown", "compression bits naming a codec Kafka does not define")
def codec_unknown(subject: Subject, rng: random.Random) -> Mutation | None:
    s = _pick(rng, _attributes(subject))
    if s is None:
        return None
    allowed = codecs_for(2 if s.role == "batch-attributes" else 1)
    codec = _pick(rng, [c for c in range(CODEC_MASK + 1) if c not in allowed])
    return _m("codec_unknown", s, s.start, "UnsupportedCodecError", _set_codec(subject, s, codec),
              f"codec {codec}")


@mutator("codec_swap", "the records labelled with another codec than the one that wrote them")
def codec_swap(subject: Subject, rng: random.Random) -> Mutation | None:
    s = _pick(rng, subject.spans(role="batch-attributes"))
    if s is None:
        return None
    current = _codec_of(subject, s)
    codec = _pick(rng, [c for c in range(1, 5) if c != current])
    return _m("codec_swap", s, s.start, "CorruptRecordError", _set_codec(subject, s, codec),
              f"codec {current} -> {codec}")


def _payloads(subject: Subject) -> list[tuple[Span, int, int]]:
    """(span, start, codec) of every compressed payload on the wire."""
    out = []
    for s in subject.spans(role="compressed") + subject.spans(role="legacy-value"):
        codec = _codec_of(subject, s)
        if not codec:
            continue
        start = content_start(subject.data, s) if s.role == "legacy-value" else s.start
        assert start is not None
        out.append((s, start, codec))
    return out


_GARBAGE = (b"\x00", b"\x00\x01\x02\x03\xff")


@mutator("compressed_corrupt", "a compressed payload cut short, emptied, with trailing bytes or a "
         "broken magic number (gzip: a bit of its CRC-32/ISIZE trailer flipped)")
def compressed_corrupt(subject: Subject, rng: random.Random) -> Mutation | None:
    hit = _pick(rng, _payloads(subject))
    if hit is None:
        return None
    s, start, codec = hit
    payload = subject.data[start:s.end]
    how = _pick(rng, ["truncated", "empty", "trailing", "magic"] + (["trailer"] if codec == 1 else []))
    if how == "truncated" and len(payload) > 1:
        cut = rng.randint(1, len(payload) - 1)
        if codec == 2 and cut in _snappy_ends(payload):
            cut -= 1  # xerial block boundaries are whole streams; one byte less is not
        new = payload[:cut]
    elif how == "trailing":
        new = payload + _pick(rng, list(_GARBAGE))
    elif how == "magic":
        new = bytes([payload[0] ^ 0xFF]) + payload[1:]
    elif how == "trailer" and len(payload) > 8:  # gzip's CRC-32 and ISIZE
        at = rng.randrange(len(payload) - 8, len(payload))
        new = payload[:at] + bytes([payload[at] ^ (1 << rng.randrange(8))]) + payload[at + 1:]
    else:
        how, new = "empty", b""
    return _m("compressed_corrupt", s, start, "CorruptRecordError",
              splice(subject, start, s.end, new), how)


def _entry_starts(subject: Subject) -> list[tuple[int, Span]]:
    """(position, container) where a whole batch can be inserted: the entry boundaries of
    the input (``batches``) or of every records field (empty and null ones included)."""
    out: list[tuple[int, Span]] = []
    for start, end, region in _regions(subject):
        if subject.entry != "batches" and region.kind != "RecordsField":
            continue
        bounds = _entry_bounds(subject, start, end) | {start, end}
        out += [(b, region) for b in sorted(bounds)]
    for s in subject.trace.absolute():
        if s.kind == "RecordsField" and content_start(subject.data, s) == s.end:
            out.append((s.end, s))
    return out


@mutator("decompression_bomb", "a batch whose records inflate past the decompression limit")
def decompression_bomb(subject: Subject, rng: random.Random) -> Mutation | None:
    hit = _pick(rng, _entry_starts(subject))
    if hit is None:
        return None
    at, region = hit
    limit = _limit(subject)
    codecs = [int(c) for c in BOMB_CODECS]
    if limit > (1 << 24):  # at the default 64 MiB a snappy bomb is megabytes on the wire
        codecs.remove(2)
    codec = _pick(rng, codecs)
    magic = _pick(rng, [2, 2, 1, 0]) if codec != 4 else 2
    bomb = bomb_batch(codec, limit, magic)
    return Mutation("decompression_bomb", region.path, at, "LimitExceededError",
                    splice(subject, at, at, bomb, within=region),
                    f"codec {codec} magic {magic} inflating to {limit + 1} bytes")


@mutator("legacy_nesting_too_deep", "a magic 0/1 wrapper inside a wrapper (Kafka allows one level)")
def legacy_nesting_too_deep(subject: Subject, rng: random.Random) -> Mutation | None:
    hit = _pick(rng, _entry_starts(subject))
    if hit is None:
        return None
    at, region = hit
    magic, codec, depth = rng.randint(0, 1), rng.randint(1, 3), rng.randint(2, 4)
    entry = nested_wrapper(magic, codec, depth)
    return Mutation("legacy_nesting_too_deep", region.path, at, "LimitExceededError",
                    splice(subject, at, at, entry, within=region),
                    f"magic {magic} codec {codec} depth {depth}")


@mutator("magic_unknown", "a batch magic byte other than 0, 1 and 2")
def magic_unknown(subject: Subject, rng: random.Random) -> Mutation | None:
    s = _pick(rng, [e for e in subject.trace.absolute() if e.kind == "entry"])
    if s is None:
        return None
    magic = _pick(rng, [3, 4, 0x7F, 0x80, 0xFF])
    at = s.start + 16
    return Mutation("magic_unknown", s.path, at, "UnsupportedVersionError",
                    splice(subject, at, at + 1, bytes([magic]), fix_crc=False),
                    f"magic {struct.unpack('>b', bytes([magic]))[0]}")


# --------------------------------------------------------------------------- values


@mutator("utf8_invalid", "a string holding bytes that are not UTF-8")
def utf8_invalid(subject: Subject, rng: random.Random) -> Mutation | None:
    spans = [s for s in subject.trace.absolute() if s.kind == "KString"
             and (content_start(subject.data, s) or s.end) < s.end]
    s = _pick(rng, spans)
    if s is None:
        return None
    at = content_start(subject.data, s)
    assert at is not None
    at = rng.randrange(at, s.end)
    bad = bytes([_pick(rng, [0xFF, 0xFE, 0xC0, 0xC1, 0xF8])])  # never valid in UTF-8
    data = splice(subject, at, at + 1, bad)
    return _m("utf8_invalid", s, at, _in_message(s, "InvalidValueError"), data)


@mutator("presence_invalid", "a nullable struct's presence byte other than -1 and 1")
def presence_invalid(subject: Subject, rng: random.Random) -> Mutation | None:
    s = _pick(rng, [s for s in subject.trace.absolute() if s.kind == "Presence"])
    if s is None:
        return None
    flag = _pick(rng, [0, 2, 0x7F, 0x80])
    data = splice(subject, s.start, s.start + 1, bytes([flag]))
    return _m("presence_invalid", s, s.start, "InvalidValueError", data, f"flag {flag}")


@mutator("bool_nonzero", "valid: a boolean byte other than 0 and 1 (reads as true)")
def bool_nonzero(subject: Subject, rng: random.Random) -> Mutation | None:
    s = _pick(rng, [s for s in subject.trace.absolute() if s.kind == "BooleanType"])
    if s is None:
        return None
    flag = rng.randint(2, 255)
    return _m("bool_nonzero", s, s.start, None,
              splice(subject, s.start, s.end, bytes([flag])), f"byte {flag}")


# --------------------------------------------------------------------------- tagged fields


def _tag_section(subject: Subject, s: Span, added: list[tuple[int, bytes]],
                 first: bool) -> bytes:
    count_len, entries = tagged_entries(subject.data, s)
    extra = b"".join(rt.uvarint_bytes(t) + rt.uvarint_bytes(len(v)) + v for t, v in added)
    body = subject.data[s.start + count_len:s.end]
    section = rt.uvarint_bytes(len(entries) + len(added)) + (extra + body if first else body + extra)
    return splice(subject, s.start, s.end, section)


def _free_tags(s: Span, above: int, n: int) -> list[int]:
    taken = {f.tag for f in s.block.fields}
    out, tag = [], above + 1
    while len(out) < n:
        if tag not in taken:
            out.append(tag)
        tag += 1
    return out


def _sections(subject: Subject) -> list[Span]:
    return [s for s in subject.trace.absolute() if s.kind == "TaggedFields"]


@mutator("tagged_duplicate", "the same tag twice in a tagged-field section")
def tagged_duplicate(subject: Subject, rng: random.Random) -> Mutation | None:
    s = _pick(rng, _sections(subject))
    if s is None:
        return None
    (tag,) = _free_tags(s, rng.randint(-1, 40), 1)
    data = _tag_section(subject, s, [(tag, b""), (tag, b"")], first=True)
    return _m("tagged_duplicate", s, s.start, "InvalidValueError", data, f"tag {tag}")


@mutator("tagged_out_of_order", "tags not in ascending order in a tagged-field section")
def tagged_out_of_order(subject: Subject, rng: random.Random) -> Mutation | None:
    s = _pick(rng, _sections(subject))
    if s is None:
        return None
    low, high = _free_tags(s, rng.randint(-1, 40), 2)
    data = _tag_section(subject, s, [(high, b""), (low, b"")], first=True)
    return _m("tagged_out_of_order", s, s.start, "InvalidValueError", data,
              f"tags {high}, {low}")


@mutator("tagged_unknown", "valid: unknown tagged fields a reader must skip")
def tagged_unknown(subject: Subject, rng: random.Random) -> Mutation | None:
    s = _pick(rng, _sections(subject))
    if s is None:
        return None
    _, entries = tagged_entries(subject.data, s)
    top = max([e.tag for e in entries] + [f.tag for f in s.block.fields] + [-1])
    n = rng.randint(1, 3)
    if top + n > rt.U32_MAX:
        return None  # no room above the last tag: new ones would have to come before it
    tags = _free_tags(s, top + rng.randint(0, min(1000, rt.U32_MAX - top - n)), n)
    added = [(t, bytes(rng.randrange(256) for _ in range(rng.randint(0, 8)))) for t in tags]
    return _m("tagged_unknown", s, s.start, None, _tag_section(subject, s, added, first=False),
              f"tags {tags}")


# --------------------------------------------------------------------------- values a peer must cope with

_NUMBER_EDGES = {
    "INT8": (0, -1, 1, -(1 << 7), (1 << 7) - 1),
    "UINT8": (0, 1, (1 << 8) - 1),
    "INT16": (0, -1, 1, -(1 << 15), _INT16_MAX),
    "UINT16": (0, 1, (1 << 16) - 1),
    "INT32": (0, -1, 1, -(1 << 31), _INT32_MAX),
    "UINT32": (0, 1, rt.U32_MAX),
    "INT64": (0, -1, 1, -(1 << 63), (1 << 63) - 1),
    "FLOAT64": (0.0, -1.0, float("nan"), float("inf"), float("-inf"), 1.7976931348623157e308),
    "VarIntType": (0, -1, 1, -(1 << 31), _INT32_MAX),
    "VarLongType": (0, -1, 1, -(1 << 63), (1 << 63) - 1),
    "UnsignedVarIntType": (0, 1, rt.U32_MAX),
}
_STRUCTURAL = ("magic", "attributes", "record_count", "batch_length", "length", "crc",
               "request_api_key", "request_api_version", "correlation_id")
"""Numbers the parse itself depends on: left to the mutators that break them on purpose."""


def _number_kind(span: Span) -> str | None:
    if span.kind == "FixedNumber":
        return str(span.block.kind)
    return span.kind if span.kind in _VARINT_KINDS else None


def _encode_number(kind: str, value: float) -> bytes:

    if kind in rt.FIXED_FORMATS:
        return rt.FIXED_FORMATS[kind].pack(value)
    if kind == "UnsignedVarIntType":
        return rt.uvarint_bytes(int(value))
    bits = 63 if kind == "VarLongType" else 31
    n = int(value)
    return rt.uvarint_bytes(((n << 1) ^ (n >> bits)) & ((1 << (bits + 1)) - 1))


def _numbers(subject: Subject) -> list[tuple[Span, str]]:
    counters = {s.path for s in _count_fields(subject)}
    out = []
    for s in subject.trace.absolute():
        kind = _number_kind(s)
        if kind is None or s.role or s.path in counters or s.path.startswith("header."):
            continue
        if s.path.rsplit(".", 1)[-1] in _STRUCTURAL:
            continue
        out.append((s, kind))
    return out


@mutator("number_boundary", "valid: a number set to an edge of its type (0, -1, 1, min, max; "
         "NaN and infinities for float64)")
def number_boundary(subject: Subject, rng: random.Random) -> Mutation | None:
    hit = _pick(rng, _numbers(subject))
    if hit is None:
        return None
    s, kind = hit
    edges = [v for v in _NUMBER_EDGES[kind] if _encode_number(kind, v) != subject.data[s.start:s.end]]
    value = _pick(rng, edges)
    if value is None:
        return None
    data = splice(subject, s.start, s.end, _encode_number(kind, value))
    return _m("number_boundary", s, s.start, None, data, f"{kind} {value}")


def _present_prefix(subject: Subject, s: Span) -> str | None:
    """The length or count encoding of a string, bytes, array or records span holding a
    value (not null)."""
    encoding = prefix_of(s) if s.kind in ("KString", "KBytes", "RecordsField") \
        else count_prefix_of(s)
    if encoding is None or s.kind == "KPrefixed":
        return None
    if read_length(subject.data, s.start, encoding)[0] < 0:
        return None
    return encoding


@mutator("null_nullable", "valid: a nullable string, bytes, array or records field set to null")
def null_nullable(subject: Subject, rng: random.Random) -> Mutation | None:
    spans = [(s, e) for s in subject.trace.absolute()
             if getattr(s.block, "nullable", False) and not s.path.startswith("header.")
             and (e := _present_prefix(subject, s)) is not None]
    hit = _pick(rng, spans)
    if hit is None:
        return None
    s, encoding = hit
    data = splice(subject, s.start, s.end, encode_length(-1, encoding))
    return _m("null_nullable", s, s.start, None, data)


def _arrays(subject: Subject) -> list[tuple[Span, str, list[Span]]]:
    """(array span, count encoding, element spans) of every prefixed array with elements."""
    spans = list(subject.trace.absolute())
    by_path = {s.path: s for s in spans}
    out = []
    for s in spans:
        encoding = count_prefix_of(s)
        if encoding is None or s.path.startswith("header."):
            continue
        count, _ = read_length(subject.data, s.start, encoding)
        elements = [by_path.get(f"{s.path}[{i}]") for i in range(max(count, 0))]
        if count > 0 and all(e is not None for e in elements):
            out.append((s, encoding, elements))
    return out  # type: ignore[return-value]


@mutator("array_empty", "valid: an array with elements emptied (count 0)")
def array_empty(subject: Subject, rng: random.Random) -> Mutation | None:
    hit = _pick(rng, _arrays(subject))
    if hit is None:
        return None
    s, encoding, elements = hit
    data = splice(subject, s.start, s.end, encode_length(0, encoding))
    return _m("array_empty", s, s.start, None, data, f"{len(elements)} -> 0 elements")


@mutator("array_duplicate", "valid: an array element repeated (the count says one more)")
def array_duplicate(subject: Subject, rng: random.Random) -> Mutation | None:
    hit = _pick(rng, _arrays(subject))
    if hit is None:
        return None
    s, encoding, elements = hit
    i = rng.randrange(len(elements))
    e = elements[i]
    body = subject.data[elements[0].start:s.end]
    at = e.end - elements[0].start
    body = body[:at] + subject.data[e.start:e.end] + body[at:]
    data = splice(subject, s.start, s.end, encode_length(len(elements) + 1, encoding) + body)
    return _m("array_duplicate", s, s.start, None, data, f"element {i} repeated")


# --------------------------------------------------------------------------- request header


def _unknown_api_keys() -> list[int]:
    from kformat.protocol.registry import load_registry

    keys = set(load_registry().api_keys())
    return [k for k in (-1, -(1 << 15), (1 << 15) - 1, max(keys) + 1, 1000) if k not in keys]


@mutator("api_key_unknown", "a request header naming an api key with no grammar")
def api_key_unknown(subject: Subject, rng: random.Random) -> Mutation | None:
    if subject.entry != "request":
        return None
    key = _pick(rng, _unknown_api_keys())
    data = splice(subject, 4, 6, struct.pack(">h", key))
    return Mutation("api_key_unknown", "header.request_api_key", 4, "UnsupportedVersionError",
                    data, f"key {key}")


@mutator("api_version_unknown", "a request header naming a version its api does not have")
def api_version_unknown(subject: Subject, rng: random.Random) -> Mutation | None:
    if subject.entry != "request":
        return None
    from kformat.protocol.registry import load_registry

    key = struct.unpack_from(">h", subject.data, 4)[0]
    valid = load_registry().request(key).valid
    version = _pick(rng, [v for v in (-1, (valid.highest or 0) + 1, (1 << 15) - 1)
                          if v not in valid])
    data = splice(subject, 6, 8, struct.pack(">h", version))
    return Mutation("api_version_unknown", "header.request_api_version", 6,
                    "UnsupportedVersionError", data, f"version {version}")


# --------------------------------------------------------------------------- driving


def applicable(subject: Subject) -> list[str]:
    """The labels that can mutate ``subject`` (each tried once with a fixed seed)."""
    return [label for label, fn in MUTATORS.items() if fn(subject, random.Random(0)) is not None]


def mutate(subject: Subject, rng: random.Random, labels: list[str] | None = None,
           tries: int = 8) -> Mutation | None:
    """One mutation of ``subject`` with a label drawn from ``labels`` (default: all)."""
    pool = list(labels or MUTATORS)
    for _ in range(tries):
        label = pool[rng.randrange(len(pool))]
        result = MUTATORS[label](subject, rng)
        if result is not None:
            return result
    return None
