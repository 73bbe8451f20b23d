"""Packaging configuration checks that need no build (the build itself: test_installed_wheel)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_importable_grammar_folder_is_a_listed_package() -> None:
    """setuptools warns about (and may drop) a folder it can import but was not told about."""
    folders = {"kformat.grammars." + ".".join(p.relative_to(ROOT / "grammars").parts)
               for p in (ROOT / "grammars").rglob("*") if p.is_dir()
               and all(part.isidentifier() for part in p.relative_to(ROOT / "grammars").parts)}
    assert folders <= set(CONFIG["tool"]["setuptools"]["packages"])


def test_every_kformat_package_is_listed() -> None:
    """The package list is explicit (grammars/ is mapped in): a new subpackage must be in it,
    or the wheel silently lacks it."""
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "kformat").rglob("__init__.py")}
    assert found <= set(CONFIG["tool"]["setuptools"]["packages"])


def test_every_grammar_file_is_package_data() -> None:
    data = CONFIG["tool"]["setuptools"]["package-data"]
    for kfg in (ROOT / "grammars").rglob("*.kfg"):
        rel = kfg.relative_to(ROOT / "grammars")
        package = ".".join(["kformat.grammars", *rel.parent.parts])
        if package in data:
            assert "*.kfg" in data[package], rel
        else:
            assert f"{rel.parent.as_posix()}/*.kfg" in data["kformat.grammars"], rel


def test_the_typing_files_are_package_data() -> None:
    """``py.typed`` and every generated stub (kformat.messages) ship in the wheel."""
    data = CONFIG["tool"]["setuptools"]["package-data"]
    assert "py.typed" in data["kformat"] and (ROOT / "kformat" / "py.typed").is_file()
    stubs = sorted(p.name for p in (ROOT / "kformat" / "messages").glob("*.pyi"))
    assert stubs == ["__init__.pyi", "calls.pyi", "topics.pyi"]
    assert data["kformat.messages"] == ["*.pyi"]


def test_license_is_the_apache_2_text() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "END OF TERMS AND CONDITIONS" in text
    assert CONFIG["project"]["license"] == "Apache-2.0"
    assert "LICENSE" in CONFIG["project"]["license-files"]


def test_metadata_has_classifiers_and_urls() -> None:
    project = CONFIG["project"]
    assert "Programming Language :: Python :: 3.11" in project["classifiers"]
    assert "Typing :: Typed" in project["classifiers"]
    assert project["urls"]


def test_sdist_manifest_includes_tests_docs_grammars() -> None:
    lines = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    for folder in ("docs", "grammars", "tests", "fixtures", "bench"):
        assert any(line.startswith(f"recursive-include {folder} ") for line in lines), folder
    assert any(line.startswith("include") and "LICENSE" in line and "constraints.txt" in line
               for line in lines)
