"""A coverage-guided harness for `atheris <https://pypi.org/project/atheris/>`_ (optional).

    pip install atheris
    python -m kformat.fuzz.atheris_harness [libFuzzer options] [CORPUS_DIR...]

The first byte of each input picks the entry point (:data:`TARGETS`), the rest is fed to it.
Anything but a :class:`~kformat.errors.KFormatError` escaping is a crash for libFuzzer.
Seed the corpus with ``kformat fuzz generate`` output to start from valid structures.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from kformat.errors import KFormatError
from kformat.fuzz.harness import ENTRIES, HARNESS_LIMIT

__all__ = ["TARGETS", "main", "one_input"]

TARGETS: tuple[tuple[str, dict[str, object]], ...] = (
    ("request", {"decompression_limit": HARNESS_LIMIT}),
    ("batches", {"decompression_limit": HARNESS_LIMIT}),
    ("batches-lenient", {"decompression_limit": HARNESS_LIMIT}),
    ("response", {"api_key": 1, "api_version": 12, "decompression_limit": HARNESS_LIMIT}),
    ("response", {"api_key": 3, "api_version": 12, "decompression_limit": HARNESS_LIMIT}),
    ("record", {"topic": "__cluster_metadata"}),
    ("conversation", {}),
    ("producer-snapshot", {}),
    ("txn-index", {}),
)
"""(entry point, parameters) chosen by an input's first byte."""


def one_input(data: bytes) -> None:
    """libFuzzer's ``TestOneInput``: parse, or raise a KFormatError (which is fine)."""
    if not data:
        return
    entry, params = TARGETS[data[0] % len(TARGETS)]
    try:
        ENTRIES[entry](bytes(data[1:]), **params)
    except KFormatError:
        pass


def main(argv: Sequence[str] | None = None) -> int:
    try:
        import atheris
    except ImportError:
        print("atheris is not installed: pip install atheris", file=sys.stderr)
        return 2
    atheris.Setup(list(sys.argv if argv is None else argv), one_input)
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
