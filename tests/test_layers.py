"""The layer table of docs/architecture.md, enforced: imports only go downward.

The table's rows, top to bottom, are the layers from the lowest up; a module may import its
own layer and the layers above it in the table (lower layers), never one below it. An
import made inside a function counts as much as one at module level. The few upward imports
the design needs are listed in :data:`ALLOWED` with their reason; the test also fails when
one of them is gone, so the list stays exact.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import kformat

ROOT = Path(kformat.__file__).resolve().parent
ARCHITECTURE = ROOT.parent / "docs" / "architecture.md"

ALLOWED: dict[tuple[str, str], str] = {
    ("kformat.primitives.fast", "kformat.engine"):
        "CompiledGrammar runs the grammar on the selected engine",
    ("kformat.primitives.fast", "kformat.engine.plan"):
        "CompiledGrammar lowers its grammar to a plan",
    ("kformat.engine.plan", "kformat.records.blocks"):
        "lowering reads the attributes of the blocks declared above the primitives",
    ("kformat.engine.plan", "kformat.records.codecs"):
        "the plan calls the records layer's capped decompress (and compress, for legacy "
        "wrappers)",
    ("kformat.engine.plan", "kformat.records.legacy_blocks"):
        "lowering reads the attributes and rules of the magic 0/1 blocks",
    ("kformat.engine.plan", "kformat.records.shape"):
        "lowering reads the record shape (which struct becomes a native Record, from which "
        "batch fields) declared in the records layer",
    ("kformat.engine.plan", "kformat.spec.compiler"):
        "lowering reads the attributes of the blocks declared above the primitives",
    ("kformat.engine.plan", "kformat.spec.records_field"):
        "lowering reads the attributes of the blocks declared above the primitives",
    ("kformat.spec.records_field", "kformat.records.api"):
        "a RecordSet decodes (and builds) its batches with the records API, on first access",
    ("kformat.records", "kformat.outputs.columnar"):
        "kformat.records re-exports to_arrow, one of its public names (README)",
    ("kformat.records", "kformat.outputs.jsonlines"):
        "kformat.records re-exports decode_to_json_lines, one of its public names (README)",
    ("kformat.protocol.cli", "kformat.capture"):
        "`kformat decode pcap` is a subcommand of `kformat decode`",
    ("kformat.spark.shipping", "kformat"):
        "locates the installed package to ship it to executors",
}
"""(importer, imported) -> why this upward import is there."""

COMMAND_ENTRY = "kformat.cli"
"""Every command module may import the whole command line for its standalone ``main()``."""


def layers() -> dict[str, int]:
    """Package (``records``) or top-level module (``errors``) -> its rank in the table."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    table = text.split("## ", 2)[0] if "## " in text else text
    rank: dict[str, int] = {}
    for row in re.findall(r"^\|(.+)\|\s*$", table, flags=re.MULTILINE):
        cells = [c.strip() for c in row.split("|")]
        names = re.findall(r"`kformat/([\w.]+?)(?:/|\.py)?`", cells[1] if len(cells) > 1 else "")
        if names:
            level = len(set(rank.values()))
            for name in names:
                rank["" if name == "__init__" else name] = level
    return rank


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[str, int]]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            if node.module == "kformat":
                for alias in node.names:
                    if (ROOT / alias.name).is_dir() or (ROOT / f"{alias.name}.py").exists():
                        out.append((f"kformat.{alias.name}", node.lineno))
                    elif not alias.name.startswith("__"):  # __version__ is metadata
                        out.append(("kformat", node.lineno))
            elif node.module.startswith("kformat."):
                out.append((node.module, node.lineno))
        elif isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names
                    if a.name == "kformat" or a.name.startswith("kformat.")]
    return out


def _layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _upward_imports() -> dict[tuple[str, str], list[str]]:
    rank = layers()
    found: dict[tuple[str, str], list[str]] = {}
    for path in sorted(ROOT.rglob("*.py")):
        importer = _module(path)
        mine = rank[_layer_of(importer)]
        for imported, line in _imports(path):
            if rank[_layer_of(imported)] > mine:
                found.setdefault((importer, imported), []).append(f"{path.name}:{line}")
    return found


def test_the_table_names_every_package_and_module() -> None:
    rank = layers()
    present = {p.name for p in ROOT.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    present |= {p.stem for p in ROOT.glob("*.py") if p.stem != "__init__"}
    assert present - rank.keys() == set()
    assert rank["errors"] < rank["primitives"] < rank["records"] < rank["protocol"]
    assert rank["protocol"] < rank["segments"] < rank["fuzz"] < rank["corpus"] < rank["spark"]
    assert rank[""] == max(rank.values())  # the package's __init__ re-exports everything


def test_imports_only_go_downward() -> None:
    found = _upward_imports()
    unexpected = {
        key: where for key, where in found.items()
        if key not in ALLOWED and key[1] != COMMAND_ENTRY
    }
    assert unexpected == {}, "imports going up the layer table (docs/architecture.md)"


def test_every_allowed_exception_is_still_needed() -> None:
    assert set(ALLOWED) - set(_upward_imports()) == set()


def test_only_command_modules_import_the_command_line() -> None:
    from kformat.cli import COMMANDS

    importers = {imp for imp, target in _upward_imports() if target == COMMAND_ENTRY}
    assert importers <= {*COMMANDS.values(), "kformat.capture.cli"}


PRIVATE_ALLOWED = {"kformat.engine._native"}
"""Private modules another package may import: the C extension, found through the engine."""

PRIVATE_EXCEPTIONS: dict[str, str] = {
    "kformat.engine.plan imports kformat.primitives.scalars._Simple":
        "lowering reads the fixed-size scalar blocks' class",
    "kformat.engine.plan imports kformat.records.blocks._CRC":
        "lowering reads the checksum functions of CrcGuard",
}
"""Private names the engine's lowering still reads (each to become public API of its
package); listed exactly, so a new one fails and a removed one must leave the list."""


def _private_imports() -> list[str]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        importer = _module(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
                continue
            if not node.module.startswith("kformat.") or \
                    _layer_of(node.module) == _layer_of(importer):
                continue
            targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            for target in targets:
                parts = target.split(".")
                private = any(p.startswith("_") and not p.startswith("__") for p in parts)
                if private and not any(target.startswith(a) for a in PRIVATE_ALLOWED):
                    found.append(f"{importer} imports {target}")
    return found


def test_no_package_imports_another_packages_private_names() -> None:
    """A name starting with ``_`` is its package's own business: another package uses the
    public (or explicitly internal, like ``kformat.primitives.runtime``) API instead."""
    assert sorted(set(_private_imports())) == sorted(PRIVATE_EXCEPTIONS)
