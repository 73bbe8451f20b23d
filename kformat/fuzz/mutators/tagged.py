"""Mutators of tagged-field sections: duplicate, out-of-order and unknown tags."""

from __future__ import annotations

import random

from kformat.fuzz.mutators.base import (
    Mutation,
    _m,
    mutator,
)
from kformat.fuzz.subjects import (
    Subject,
    splice,
)
from kformat.fuzz.trace import Span, tagged_entries
from kformat.primitives import runtime as rt


def _tag_section(subject: Subject, s: Span, added: list[tuple[int, bytes]],
                 first: bool) -> bytes:
    count_len, entries = tagged_entries(subject.data, s)
    extra = b"".join(rt.uvarint_bytes(t) + rt.uvarint_bytes(len(v)) + v for t, v in added)
    body = subject.data[s.start + count_len:s.end]
    section = rt.uvarint_bytes(len(entries) + len(added)) + (extra + body if first else body + extra)
    return splice(subject, s.start, s.end, section)


def _free_tags(s: Span, above: int, n: int) -> list[int]:
    taken = {f.tag for f in s.block.fields}
    out: list[int] = []
    tag = above + 1
    while len(out) < n:
        if tag not in taken:
            out.append(tag)
        tag += 1
    return out


def _sections(subject: Subject) -> list[Span]:
    return [s for s in subject.trace.absolute() if s.kind == "TaggedFields"]


@mutator("tagged_duplicate", "the same tag twice in a tagged-field section",
         among=_sections)
def tagged_duplicate(subject: Subject, rng: random.Random, s: Span) -> Mutation | None:
    (tag,) = _free_tags(s, rng.randint(-1, 40), 1)
    data = _tag_section(subject, s, [(tag, b""), (tag, b"")], first=True)
    return _m("tagged_duplicate", s, s.start, "InvalidValueError", data, f"tag {tag}")


@mutator("tagged_out_of_order", "tags not in ascending order in a tagged-field section",
         among=_sections)
def tagged_out_of_order(subject: Subject, rng: random.Random, s: Span) -> Mutation | None:
    low, high = _free_tags(s, rng.randint(-1, 40), 2)
    data = _tag_section(subject, s, [(high, b""), (low, b"")], first=True)
    return _m("tagged_out_of_order", s, s.start, "InvalidValueError", data,
              f"tags {high}, {low}")


@mutator("tagged_unknown", "valid: unknown tagged fields a reader must skip",
         among=_sections)
def tagged_unknown(subject: Subject, rng: random.Random, s: Span) -> Mutation | None:
    _, entries = tagged_entries(subject.data, s)
    top = max([e.tag for e in entries] + [f.tag for f in s.block.fields] + [-1])
    n = rng.randint(1, 3)
    if top + n > rt.U32_MAX:
        return None  # no room above the last tag: new ones would have to come before it
    tags = _free_tags(s, top + rng.randint(0, min(1000, rt.U32_MAX - top - n)), n)
    added = [(t, bytes(rng.randrange(256) for _ in range(rng.randint(0, 8)))) for t in tags]
    return _m("tagged_unknown", s, s.start, None, _tag_section(subject, s, added, first=False),
              f"tags {tags}")


