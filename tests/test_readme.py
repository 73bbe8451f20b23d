"""The README's Python examples run as written, and its public names exist."""

from __future__ import annotations

import builtins
import pkgutil
import re
from pathlib import Path

import pytest

import kformat
import kformat.records

README = Path(__file__).resolve().parents[1] / "README.md"


def _python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_readme_has_the_two_commands_first() -> None:
    first = re.search(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
    assert first is not None
    commands = [line.split("#")[0].strip() for line in first.group(1).splitlines()]
    assert commands == ["make run", "make test"]


@pytest.mark.parametrize("index", range(len(_python_blocks())))
def test_readme_example_runs(index: int) -> None:
    namespace: dict[str, object] = {}
    exec(compile(_python_blocks()[index], f"README.md[{index}]", "exec"), namespace)
    for name, value in list(namespace.items()):
        if name.startswith("test_") and callable(value):
            value()  # hypothesis-decorated examples run their examples here


@pytest.mark.parametrize("name", [
    "parse_batches", "iter_batches", "build_batch", "make_batch", "Batch", "Record",
    "parse_request", "parse_response", "build_request", "build_response", "grammar",
    "KFormatError", "DecodeError", "EncodeError", "CorruptRecordError", "TruncatedError",
])
def test_documented_top_level_names_exist(name: str) -> None:
    assert name in README.read_text(encoding="utf-8")
    assert hasattr(kformat, name)


def test_readme_imports_what_it_documents() -> None:
    """Examples import public names (``kformat``, its documented subpackages), never a module
    the README does not document."""
    documented = {"kformat", "kformat.records", "kformat.protocol", "kformat.protocol.topics",
                  "kformat.segments", "kformat.strategies", "kformat.fuzz", "kformat.errors",
                  "kformat.messages"}
    for block in _python_blocks():
        for module in re.findall(r"^from (kformat[\w.]*) import", block, flags=re.M):
            assert module in documented, module
    assert kformat.Record is kformat.records.Record


_IDENT = re.compile(r"^[A-Za-z_][\w.]*")
_PROSE_NAME = re.compile(r"([A-Z][a-z]\w*|(parse|build|read|write|check)_\w+)(\(|$)")


def _api_names() -> list[tuple[str, str, list[str]]]:
    """(section, name, modules) for every name the README's "Public API" documents: the
    first column of each section's table, or, in a section without one, the class names
    and ``parse_``/``build_``/``read_``/``write_``/``check_`` functions of its prose. A
    bare name belongs to a module of the section's heading or of a dotted name before it."""
    text = README.read_text(encoding="utf-8").split("## Public API", 1)[1].split("\n## ", 1)[0]
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    out = []
    for section in text.split("\n### ")[1:]:
        title, body = section.split("\n", 1)
        modules = re.findall(r"`(kformat[\w.]*)`", title)
        rows = [line for line in body.splitlines()
                if line.startswith("| ") and not line.startswith("| name")]
        if rows:
            spans = [s for row in rows for s in re.findall(r"`([^`]+)`", row.split(" | ")[0])]
        else:
            spans = [s for s in re.findall(r"`([^`]+)`", body)
                     if s.startswith("kformat.") or _PROSE_NAME.match(s)]
        for span in spans:
            match = _IDENT.match(span)
            name = match.group(0).rstrip(".") if match else ""
            if not name or hasattr(builtins, name) or ("." in name
                                                       and not name.startswith("kformat")):
                continue  # a builtin, spark.read..., df.write...
            out.append((title, name, list(modules)))
            if "." in name:
                modules.append(name.rsplit(".", 1)[0])
    return out


def test_every_public_api_name_resolves() -> None:
    """What the README lists as public exists where it says (a class it documented under
    ``kformat.segments`` once failed to import from there)."""
    names = _api_names()
    assert len(names) >= 60
    missing = []
    for section, name, modules in names:
        if "." in name:
            try:
                pkgutil.resolve_name(name)
            except (ImportError, AttributeError, ValueError):
                missing.append(f"{section}: {name}")
            continue
        if not any(hasattr(pkgutil.resolve_name(m), name) for m in modules):
            missing.append(f"{section}: {name} (not in {', '.join(modules)})")
    assert not missing, missing
