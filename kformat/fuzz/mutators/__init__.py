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

import importlib
import random

from kformat.fuzz.mutators.base import LABELS, MUTATORS, Mutation
from kformat.fuzz.subjects import Subject

# The submodules register their mutators when imported; importing them in this order keeps
# MUTATORS in the order the seeded draws depend on (each imports only earlier ones).
SECTIONS = ("lengths", "counts", "varints", "truncation", "codecs", "values", "tagged", "edges",
            "header")
for _section in SECTIONS:
    importlib.import_module(f"kformat.fuzz.mutators.{_section}")

__all__ = ["LABELS", "MUTATORS", "Mutation", "applicable", "mutate"]


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
