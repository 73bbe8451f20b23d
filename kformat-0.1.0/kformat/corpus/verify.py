"""Check a fixture corpus: every fixture read again and compared with its expectation.

For a valid fixture: the files match their sizes and SHA-256; reading them gives the
expected value (compared as canonical JSON, so types, float signs and NaN count); writing
the expected value gives the same bytes. For an invalid fixture: reading raises exactly the
expected error class with the expected path and offset. The manifest must list every
expectation file and nothing else.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kformat.corpus.fixture import dumps
from kformat.corpus.formats import FORMATS, Files, decode, encode
from kformat.errors import KFormatError
from kformat.jsonable import from_jsonable, to_jsonable

__all__ = ["Report", "check_fixture", "expectations", "load_files", "verify"]


@dataclass
class Report:
    """What :func:`verify` found: fixtures checked and problems (``(id, message)``)."""

    checked: int = 0
    problems: list[tuple[str, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def expectations(root: str | Path) -> Iterator[dict[str, Any]]:
    """The expectation of every fixture the manifest lists, in manifest order."""
    root = Path(root)
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["fixtures"]:
        yield json.loads((root / entry["expectation"]).read_text(encoding="utf-8"))


def load_files(root: str | Path, expectation: Mapping[str, Any]) -> Files:
    """The fixture's bytes by role (None for a null role)."""
    root = Path(root)
    return {role: None if f is None else (root / f["path"]).read_bytes()
            for role, f in expectation["files"].items()}


def _canonical(value: Any) -> str:
    return dumps(to_jsonable(value))


def check_fixture(root: str | Path, expectation: Mapping[str, Any]) -> list[str]:
    """The problems of one fixture (empty when it matches its expectation)."""
    problems: list[str] = []
    fmt = expectation.get("format")
    if fmt not in FORMATS:
        return [f"unknown format {fmt!r}"]
    files = load_files(root, expectation)
    for role, f in expectation["files"].items():
        data = files[role]
        if f is not None and data is not None and (
                len(data) != f["size"] or hashlib.sha256(data).hexdigest() != f["sha256"]):
            problems.append(f"{role}: size or sha256 differs from the expectation")
    error = expectation.get("error")
    try:
        value = decode(fmt, files, expectation)
    except KFormatError as exc:
        if error is None:
            return [*problems, f"reading raised {type(exc).__name__}: {exc}"]
        got = (type(exc).__name__, exc.path, exc.offset)
        want = (error["class"], error["path"], error["offset"])
        if got != want:
            problems.append(f"raised {got}, expected {want}")
        return problems
    if error is not None:
        return [*problems, f"reading succeeded, expected {error['class']}"]
    if _canonical(value) != dumps(expectation["value"]):
        problems.append("the decoded value differs from the expectation")
    rebuilt = encode(fmt, from_jsonable(expectation["value"]), expectation)
    if rebuilt != files:
        problems.append("writing the expected value gives other bytes")
    return problems


def verify(root: str | Path) -> Report:
    """Check every fixture of the corpus at ``root`` (see the module docstring)."""
    root = Path(root)
    report = Report()
    listed = set()
    for expectation in expectations(root):
        listed.add(f"{expectation['id']}.json")
        report.checked += 1
        try:
            found = check_fixture(root, expectation)
        except Exception as exc:  # a verifier reports, it does not stop at the first bug
            found = [f"checking failed: {type(exc).__name__}: {exc}"]
        report.problems += [(expectation["id"], p) for p in found]
    on_disk = {p.relative_to(root).as_posix() for p in root.rglob("*.json")
               if p.name != "manifest.json"}
    report.problems += [(name, "expectation not in the manifest")
                        for name in sorted(on_disk - listed)]
    return report
