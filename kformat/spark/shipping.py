"""Ship kformat to Spark executors as a ``.zip`` for ``--py-files`` / ``addPyFile``.

PySpark puts only ``.zip``, ``.egg`` and ``.jar`` files from ``--py-files`` on the executors'
``sys.path`` (a ``.whl`` is copied but never importable), so :func:`package_zip` writes the
installed ``kformat`` package -- its modules and its grammar files as ``kformat/grammars``
-- into one zip. Python imports it with ``zipimport``; the grammars load through
:mod:`importlib.resources`; the native engine's extension module cannot load from a zip, so
executors using the zip run the Python engine. The dependencies (construct, crc32c, lz4,
zstandard, python-snappy, cramjam, pyarrow, fsspec; isal, optional, for gzip) have native code:
install them on the executors' interpreter, or ship a packed environment instead (docs/spark.md,
"Clusters")::

    python -m kformat.spark.shipping dist/kformat.zip
    spark-submit --py-files dist/kformat.zip job.py
"""

from __future__ import annotations

import argparse
import sys
import zipfile
from collections.abc import Iterator, Sequence
from importlib.resources.abc import Traversable
from pathlib import Path

__all__ = ["main", "package_zip"]

_SKIP_SUFFIXES = (".pyc", ".so", ".pyd", ".c", ".o")


def _files(node: Traversable, prefix: str) -> Iterator[tuple[str, bytes]]:
    for child in sorted(node.iterdir(), key=lambda c: c.name):
        name = f"{prefix}/{child.name}"
        if child.is_dir():
            if child.name in ("__pycache__", "grammars") or child.name.startswith("."):
                continue
            yield from _files(child, name)
        elif not child.name.endswith(_SKIP_SUFFIXES):
            yield name, child.read_bytes()


def package_zip(path: str | Path) -> Path:
    """Write the kformat package (modules and grammars) to the zip ``path``; return it."""
    import kformat
    from kformat.spec.registry import grammar_root

    package = Path(kformat.__file__).resolve().parent
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for name, data in _files(package, "kformat"):  # type: ignore[arg-type]
            z.writestr(name, data)
        for name, data in _files(grammar_root(), "kformat/grammars"):
            z.writestr(name, data)
        if "kformat/grammars/__init__.py" not in z.namelist():
            z.writestr("kformat/grammars/__init__.py", "")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kformat.spark.shipping",
                                     description="write kformat as a zip for --py-files")
    parser.add_argument("out", nargs="?", default="dist/kformat.zip")
    args = parser.parse_args(argv)
    print(package_zip(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
