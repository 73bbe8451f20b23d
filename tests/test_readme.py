"""The README's Python examples run as written, and its public names exist."""

from __future__ import annotations

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
                  "kformat.segments", "kformat.strategies", "kformat.fuzz", "kformat.errors"}
    for block in _python_blocks():
        for module in re.findall(r"^from (kformat[\w.]*) import", block, flags=re.M):
            assert module in documented, module
    assert kformat.Record is kformat.records.Record
