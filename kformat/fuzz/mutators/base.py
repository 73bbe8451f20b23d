"""What every mutator shares: :class:`Mutation`, the registry (:func:`mutator`), helpers."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kformat.fuzz.subjects import (
    Subject,
)
from kformat.fuzz.trace import Span
from kformat.primitives import runtime as rt
from kformat.records.codecs import CODEC_MASK, DEFAULT_DECOMPRESSION_LIMIT

__all__ = ["LABELS", "MUTATORS", "Mutation", "Mutator", "mutator"]

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


def mutator(label: str, description: str, among: Callable[[Subject], list[Any]] | None = None
            ) -> Callable[[Callable[..., Mutation | None]], Mutator]:
    """Register ``fn(subject, rng)`` as the mutator ``label``. With ``among``, one of
    ``among(subject)`` is picked at random first and ``fn(subject, rng, hit)`` gets it (no
    mutation when there is none)."""
    def register(fn: Callable[..., Mutation | None]) -> Mutator:
        def checked(subject: Subject, rng: random.Random) -> Mutation | None:
            if among is None:
                result = fn(subject, rng)
            else:
                hit = _pick(rng, among(subject))
                result = None if hit is None else fn(subject, rng, hit)
            return None if result is None else _kip511(subject, result)

        checked.__doc__, checked.__name__ = fn.__doc__, fn.__name__
        MUTATORS[label] = checked
        LABELS[label] = description
        return checked
    return register


def of_kind(kind: str) -> Callable[[Subject], list[Span]]:
    """The spans of one block kind (``"Presence"``, ``"entry"``...): an ``among`` for
    :func:`mutator`."""
    return lambda subject: [s for s in subject.trace.absolute() if s.kind == kind]


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
    from kformat.protocol.framing import unframe

    try:
        payload = unframe(mutation.data)  # a broken frame: no version is tried
        compiled_grammar(18, 0, "response").parse(payload[4:])  # the body after the header
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


ATTRIBUTE_ROLES = ("batch-attributes", "legacy-attributes")
"""The roles of a batch's (magic 2) or an entry's (magic 0/1) own ``attributes`` span."""


def _attributes_of(subject: Subject, entry: Span) -> Span | None:
    """The ``attributes`` span of the batch or entry ``entry``, where its grammar put it."""
    found = [s for s in subject.trace.absolute()
             if s.role in ATTRIBUTE_ROLES and entry.start <= s.start < entry.end]
    return min(found, key=lambda s: s.start) if found else None


def _attributes_value(subject: Subject, s: Span) -> int:
    """The bits of the ``attributes`` span ``s`` (INT16 in magic 2, INT8 in magic 0/1)."""
    return int.from_bytes(subject.data[s.start:s.end], "big")


def _codec_of(subject: Subject, span: Span) -> int:
    """The codec id of the batch or entry ``span`` lies in (0 outside one)."""
    entry = _entry_of(subject, span)
    attributes = None if entry is None else _attributes_of(subject, entry)
    return 0 if attributes is None else _attributes_value(subject, attributes) & CODEC_MASK


def _limit(subject: Subject) -> int:
    return int(subject.params.get("decompression_limit", DEFAULT_DECOMPRESSION_LIMIT))


