"""Mutators of single values: UTF-8, presence bytes, booleans."""

from __future__ import annotations

import random

from kformat.fuzz.mutators.base import (
    Mutation,
    _in_message,
    _m,
    _pick,
    mutator,
    of_kind,
)
from kformat.fuzz.subjects import (
    Subject,
    content_start,
    splice,
)
from kformat.fuzz.trace import Span


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


@mutator("presence_invalid", "a nullable struct's presence byte other than -1 and 1",
         among=of_kind("Presence"))
def presence_invalid(subject: Subject, rng: random.Random, s: Span) -> Mutation | None:
    flag = _pick(rng, [0, 2, 0x7F, 0x80])
    data = splice(subject, s.start, s.start + 1, bytes([flag]))
    return _m("presence_invalid", s, s.start, "InvalidValueError", data, f"flag {flag}")


@mutator("bool_nonzero", "valid: a boolean byte other than 0 and 1 (reads as true)",
         among=of_kind("BooleanType"))
def bool_nonzero(subject: Subject, rng: random.Random, s: Span) -> Mutation | None:
    flag = rng.randint(2, 255)
    return _m("bool_nonzero", s, s.start, None,
              splice(subject, s.start, s.end, bytes([flag])), f"byte {flag}")


