"""Which codec libraries produced the committed fixtures, and whether this environment has them.

The compressed bytes in ``fixtures/`` are whatever lz4, zstandard, cramjam (behind
python-snappy) and
zlib wrote; other releases may compress the same records to other (equally
valid) bytes. ``constraints.txt`` names the exact releases; ``make test`` and ``make fixtures``
install with it. Parsing the fixtures works with any supported release: only the byte-for-byte
regeneration depends on these versions.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import zlib
from pathlib import Path

CONSTRAINTS = Path(__file__).resolve().parents[2] / "constraints.txt"

# zlib is part of the interpreter, not pinnable with pip: the fixtures' gzip bytes came from
# this zlib (any 1.2.x/1.3.x zlib writes the same deflate stream at level 6; zlib-ng does not).
ZLIB_PRODUCED_WITH = "1.2.13"


def pinned() -> dict[str, str]:
    """``{distribution: version}`` from constraints.txt."""
    out = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            m = re.fullmatch(r"([A-Za-z0-9_.-]+)==([^\s;]+)", line)
            assert m, f"constraints.txt: not a name==version line: {line!r}"
            out[m.group(1).lower()] = m.group(2)
    return out


def installed(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def mismatches() -> list[str]:
    """One line per library whose installed version is not the one the fixtures need."""
    out = [f"{name} {installed(name) or 'missing'} (fixtures: {version})"
           for name, version in pinned().items() if installed(name) != version]
    if not _same_deflate(zlib.ZLIB_RUNTIME_VERSION):
        out.append(f"zlib {zlib.ZLIB_RUNTIME_VERSION} (fixtures: {ZLIB_PRODUCED_WITH})")
    return out


def _same_deflate(runtime: str) -> bool:
    return re.fullmatch(r"1\.(2|3)\.\d+(\.\d+)?", runtime) is not None


def produced_with() -> str:
    """The sentence a skipped regeneration test prints."""
    libs = ", ".join(f"{n}=={v}" for n, v in pinned().items())
    return (f"the committed fixtures were produced with {libs} and zlib {ZLIB_PRODUCED_WITH}; "
            f"installed here: {'; '.join(mismatches())}. Install with "
            f"`pip install -c constraints.txt -e .[test]` (what `make test` does) to compare "
            f"them byte for byte")


def require_fixture_libraries() -> None:
    """Skip (or, with ``KFORMAT_FIXTURE_LIBS=exact`` as ``make test`` sets, fail) unless the
    installed codec libraries are those the committed fixtures were produced with."""
    import pytest

    if mismatches():
        if os.environ.get("KFORMAT_FIXTURE_LIBS") == "exact":
            pytest.fail(produced_with())
        pytest.skip(produced_with())
