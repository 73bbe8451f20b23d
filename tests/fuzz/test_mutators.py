"""Every labelled mutator, on subjects of every kind: the mutant raises exactly the error
its label promises (a default-suite robustness run over a few thousand mutated inputs; the
long one is ``pytest -m fuzz``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kformat.errors import KFormatError
from kformat.fuzz import LABELS, MUTATORS, mutate
from kformat.fuzz.samples import subjects

LIMIT = 1 << 16


def _subjects(per_kind: int, seed: int):
    out = []
    for i, kind in enumerate(("request", "response", "batches")):
        out += [s for _, s in subjects(kind, per_kind, seed + i, limit=LIMIT)]
    out += [s for _, s in subjects("request", per_kind, seed + 9, api="Produce", version=9,
                                   limit=LIMIT)]
    return out


@pytest.fixture(scope="module")
def pool():
    return _subjects(25, 11)


def test_every_label_is_described():
    assert set(MUTATORS) == set(LABELS)
    assert all(text.strip() for text in LABELS.values())
    assert len(MUTATORS) >= 25


def test_the_bases_parse(pool):
    for subject in pool:
        assert subject.parse() is None


def _run(pool, n: int, seed: int) -> Counter:
    rng = random.Random(seed)
    seen: Counter = Counter()
    labels = sorted(MUTATORS)
    for i in range(n):
        subject = pool[rng.randrange(len(pool))]
        label = labels[i % len(labels)]
        mutation = MUTATORS[label](subject, rng)
        if mutation is None:
            continue
        assert mutation.label == label
        error = subject.parse(mutation.data)  # anything but a KFormatError propagates
        got = type(error).__name__ if error is not None else None
        assert got == mutation.expected_error, (
            f"{label} on {subject.entry} at {mutation.target_path} ({mutation.detail}): "
            f"expected {mutation.expected_error}, got {got}: {error}")
        assert error is None or isinstance(error, KFormatError)
        seen[label] += 1
    return seen


def _check(subject, mutation) -> None:
    error = subject.parse(mutation.data)  # anything but a KFormatError propagates
    got = type(error).__name__ if error is not None else None
    assert got == mutation.expected_error, (
        f"{mutation.label} on {subject.entry} at {mutation.target_path} ({mutation.detail}): "
        f"expected {mutation.expected_error}, got {got}: {error}")


def test_every_mutant_raises_the_error_its_label_promises(pool):
    seen = _run(pool, 3000, 5)
    # A label whose target is rare in this pool (booleans, say: which values hypothesis draws
    # depends on the modules imported before, through its constants from the code under
    # test) gets one try on every subject before it counts as missing.
    rng = random.Random(5)
    for label in set(MUTATORS) - set(seen):
        for subject in pool:
            mutation = MUTATORS[label](subject, rng)
            if mutation is not None:
                _check(subject, mutation)
                seen[label] += 1
    assert set(seen) == set(MUTATORS) - {"presence_invalid"} or set(seen) == set(MUTATORS)


def test_mutation_is_deterministic(pool):
    a = [mutate(pool[i % len(pool)], random.Random(i)) for i in range(40)]
    b = [mutate(pool[i % len(pool)], random.Random(i)) for i in range(40)]
    assert a == b


@pytest.mark.fuzz
def test_every_mutant_raises_the_error_its_label_promises_long():
    big = _subjects(150, 23)
    _run(big, 200_000, 7)


def test_the_codec_a_mutator_sees_is_the_one_the_batch_declares():
    """Mutators read a batch's codec from the ``attributes`` span its grammar traced, for
    magic 0, 1 and 2 alike: the codec the records API parses."""
    import kformat
    from kformat.fuzz.mutators.base import _codec_of

    seen = set()
    for _, subject in subjects("batches", 40, 7):
        for entry in subject.spans(kind="entry"):
            (batch,) = kformat.parse_batches(subject.data[entry.start:entry.end],
                                             verify_crc=False)
            assert _codec_of(subject, entry) == batch.codec
            seen.add((batch.magic, int(batch.codec)))
    assert {m for m, _ in seen} == {0, 1, 2} and {c for _, c in seen} == {0, 1, 2, 3, 4}


def test_no_mutator_hard_codes_a_batch_offset():
    """Offsets into a batch come from the record-batch declaration (``kformat.records.batch``,
    ``kformat.records.framing``) or the traced spans, never from literals."""
    import re
    from pathlib import Path

    import kformat.fuzz.mutators as package

    literal = re.compile(r"\b(start|end)\s*\+\s*(1[2-9]|[2-9]\d)\b|\{0: 14, 1: 22\}")
    found = [f"{p.name}:{i}" for p in Path(package.__file__).parent.glob("*.py")
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if literal.search(line)]
    assert found == []
