"""A fuzz corpus: valid edge cases and labelled mutants, deterministic from a seed.

:func:`generate` draws valid inputs of one kind (request or response frames of an API and
version, or record batches) from the grammar strategies, then mutates them with every
mutator in turn (:mod:`kformat.fuzz.mutators`), all driven by ``random.Random(seed)`` and a
seeded hypothesis run. :meth:`Corpus.write` stores each case as a ``.bin`` file and a
``manifest.json`` listing, per file, the mutation label, the targeted field, the offset and
the error kformat must raise (``null``: the case is valid and must parse). Same arguments,
same bytes.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kformat.fuzz.mutators import LABELS, MUTATORS
from kformat.fuzz.samples import examples, strategy_for, subject_of
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT

__all__ = ["FORMAT", "Case", "Corpus", "generate", "load"]

FORMAT = "kformat-fuzz-corpus/1"
VALID_SHARE = 5
"""One case in this many is a valid edge case; the others are mutants."""
_TRIES = 12


@dataclass(frozen=True)
class Case:
    """One corpus file: its bytes and what kformat must do with them."""

    file: str
    data: bytes = field(repr=False)
    label: str
    expected_error: str | None
    target_path: str = ""
    offset: int | None = None
    detail: str = ""
    base: int = 0
    expects_response: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "label": self.label, "expected_error": self.expected_error,
                "target_path": self.target_path, "offset": self.offset, "detail": self.detail,
                "base": self.base, "expects_response": self.expects_response,
                "size": len(self.data), "sha256": hashlib.sha256(self.data).hexdigest()}


@dataclass
class Corpus:
    """A generated corpus: its manifest header and its cases."""

    header: dict[str, Any]
    cases: list[Case]

    @property
    def manifest(self) -> dict[str, Any]:
        return {**self.header, "cases": [c.to_dict() for c in self.cases]}

    def write(self, out: str | Path) -> Path:
        """Write ``<out>/<file>.bin`` per case and ``<out>/manifest.json``; returns the
        manifest's path."""
        root = Path(out)
        root.mkdir(parents=True, exist_ok=True)
        for case in self.cases:
            (root / case.file).write_bytes(case.data)
        path = root / "manifest.json"
        path.write_text(json.dumps(self.manifest, indent=1, sort_keys=True) + "\n",
                        encoding="utf-8")
        return path


def _expects_response(kind: str, value: Any) -> bool:
    """Produce with acks=0 is the one request a broker does not answer."""
    if kind != "request":
        return kind == "response"
    from kformat.protocol.api import expects_response

    return expects_response(value.framed[4:])


def _header(kind: str, api: int | str | None, version: int | None, count: int, seed: int,
            limit: int) -> dict[str, Any]:
    from kformat import __version__

    header: dict[str, Any] = {"format": FORMAT, "kformat_version": __version__, "seed": seed,
                              "kind": kind, "entry": kind, "count": count,
                              "params": {"decompression_limit": limit}, "labels": dict(LABELS)}
    if kind != "batches":
        from kformat.spec.registry import load_registry

        msg = load_registry().request(api) if api is not None else None
        header["api"] = msg.api_name if msg else None
        header["api_key"] = msg.api_key if msg else None
        header["version"] = version
    return header


def generate(kind: str = "request", api: int | str | None = None, version: int | None = None,
             *, count: int = 1000, seed: int = 0,
             decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT) -> Corpus:
    """``count`` cases of ``kind`` (``request``, ``response`` or ``batches``).

    About one in :data:`VALID_SHARE` is a valid edge case drawn from the strategies; the
    rest are mutants of them, cycling through every applicable mutator label in an order
    shuffled by the seed. Unknown APIs and versions raise at once.
    """
    if count < 0:
        raise ValueError("count must be >= 0")
    strategy = strategy_for(kind, api, version)
    header = _header(kind, api, version, count, seed, decompression_limit)
    n_valid = min(count, max(1, count // VALID_SHARE))
    values = examples(strategy, n_valid, seed)
    cases: list[Case] = []
    for i, value in enumerate(values):
        data = value.framed if kind != "batches" else value
        cases.append(Case(f"{i:05d}-valid.bin", data, "valid", None, base=i,
                          expects_response=_expects_response(kind, value)))
    if not values:
        return Corpus(header, cases)
    rng = random.Random(seed)
    subjects = [subject_of(kind, value, decompression_limit) for value in values]
    usable = {label: [i for i, subject in enumerate(subjects)
                      if MUTATORS[label](subject, random.Random(i)) is not None]
              for label in sorted(MUTATORS)}
    labels = [label for label in sorted(MUTATORS) if usable[label]]
    rng.shuffle(labels)
    dead = {label for label in MUTATORS if not usable[label]}
    turn = 0
    while len(cases) < count and labels:
        label = labels[turn % len(labels)]
        turn += 1
        for _ in range(_TRIES):
            base = usable[label][rng.randrange(len(usable[label]))]
            mutation = MUTATORS[label](subjects[base], rng)
            if mutation is not None:
                break
        else:
            continue
        cases.append(Case(f"{len(cases):05d}-{label}.bin", mutation.data, label,
                          mutation.expected_error, mutation.target_path, mutation.offset,
                          mutation.detail, base, _expects_response(kind, values[base])))
    header["inapplicable"] = sorted(dead)
    return Corpus(header, cases)


def load(directory: str | Path) -> tuple[dict[str, Any], list[tuple[dict[str, Any], bytes]]]:
    """A written corpus: its manifest and ``(case entry, bytes)`` per case."""
    root = Path(directory)
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    if manifest.get("format") != FORMAT:
        raise ValueError(f"{root / 'manifest.json'} is not a kformat fuzz corpus")
    return manifest, [(entry, (root / entry["file"]).read_bytes()) for entry in manifest["cases"]]
