"""Valid but unusual values a peer must cope with: number edges, nulls, empty and repeated arrays."""

from __future__ import annotations

import random
from typing import Any

from kformat.fuzz.mutators.base import (
    _INT16_MAX,
    _INT32_MAX,
    _VARINT_KINDS,
    Mutation,
    _m,
    _pick,
    mutator,
)
from kformat.fuzz.mutators.counts import (
    _count_fields,
)
from kformat.fuzz.subjects import (
    Subject,
    count_prefix_of,
    encode_length,
    prefix_of,
    read_length,
    splice,
)
from kformat.fuzz.trace import Span
from kformat.primitives import runtime as rt

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
         "NaN and infinities for float64)",
         among=_numbers)
def number_boundary(subject: Subject, rng: random.Random, hit: Any) -> Mutation | None:
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


@mutator("array_empty", "valid: an array with elements emptied (count 0)",
         among=_arrays)
def array_empty(subject: Subject, rng: random.Random, hit: Any) -> Mutation | None:
    s, encoding, elements = hit
    data = splice(subject, s.start, s.end, encode_length(0, encoding))
    return _m("array_empty", s, s.start, None, data, f"{len(elements)} -> 0 elements")


@mutator("array_duplicate", "valid: an array element repeated (the count says one more)",
         among=_arrays)
def array_duplicate(subject: Subject, rng: random.Random, hit: Any) -> Mutation | None:
    s, encoding, elements = hit
    i = rng.randrange(len(elements))
    e = elements[i]
    body = subject.data[elements[0].start:s.end]
    at = e.end - elements[0].start
    body = body[:at] + subject.data[e.start:e.end] + body[at:]
    data = splice(subject, s.start, s.end, encode_length(len(elements) + 1, encoding) + body)
    return _m("array_duplicate", s, s.start, None, data, f"element {i} repeated")


