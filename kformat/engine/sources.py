"""The native engine's C files, listed once, and the digest that ties a build to them.

``setup.py`` compiles :data:`NATIVE_SOURCES` (with :data:`NATIVE_HEADERS`) and stamps
:func:`source_digest` of them into the extension (``_native.SOURCE_DIGEST``);
:mod:`kformat.engine` compares it with the files beside it, so an extension left over from
older sources (an editable install after ``git pull``, a checkout whose extension was not
rebuilt) is reported as stale instead of running C that no longer matches the code. This
module imports nothing from kformat: ``setup.py`` loads it by path.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

__all__ = ["NATIVE_HEADERS", "NATIVE_SOURCES", "source_digest"]

NATIVE_SOURCES = ("_native.c", "record.c", "columnar.c", "crc.c")
"""The C files of the one extension, in ``kformat/engine``: ``_native.c`` (the plan
interpreter and the module) first, then the files that add functions to it."""
NATIVE_HEADERS = ("native.h", "record.h")
"""What the C files share (carried by the sdist: MANIFEST.in)."""


def source_digest(directory: Path) -> str | None:
    """SHA-256 (hex, 16 digits) of the C files in ``directory``, names and contents in
    order; ``None`` when any is missing (an installation without its sources)."""
    digest = hashlib.sha256()
    for name in (*NATIVE_SOURCES, *NATIVE_HEADERS):
        try:
            data = (directory / name).read_bytes()
        except OSError:
            return None
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:16]
