"""Mutators that cut the input short or add bytes after it."""

from __future__ import annotations

import random

from kformat.fuzz.mutators.base import (
    Mutation,
    _pick,
    mutator,
)
from kformat.fuzz.subjects import (
    Subject,
    content_start,
    splice,
)
from kformat.fuzz.trace import Span


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


