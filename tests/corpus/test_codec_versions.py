"""Which codec library releases produced the committed fixtures (constraints.txt), and whether
they are the installed ones."""

from __future__ import annotations

import re
import tomllib

import pytest

from tests.corpus.codec_versions import (
    CONSTRAINTS,
    _same_deflate,
    pinned,
    produced_with,
    require_fixture_libraries,
)

PYPROJECT = CONSTRAINTS.parent / "pyproject.toml"


def _dependencies() -> dict[str, str]:
    deps = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["dependencies"]
    out = {}
    for dep in deps:
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)\s*(.*)", dep)
        assert m is not None
        out[m.group(1).lower()] = m.group(2)
    return out


def test_constraints_pin_every_runtime_dependency() -> None:
    assert set(pinned()) == set(_dependencies())


def test_dependencies_are_ranges_that_contain_the_pins() -> None:
    from packaging.specifiers import SpecifierSet

    for name, spec in _dependencies().items():
        assert "==" not in spec, f"{name} is pinned in pyproject.toml; pins go to constraints.txt"
        assert ">=" in spec and "<" in spec, f"{name}: give a compatible range, not {spec!r}"
        assert pinned()[name] in SpecifierSet(spec), f"{name}=={pinned()[name]} outside {spec}"


def _importers(module: str) -> list[str]:
    root = CONSTRAINTS.parent / "kformat"
    pattern = rf"^\s*(import|from)\s+{module}\b"
    return sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                  if re.search(pattern, p.read_text(encoding="utf-8"), re.M))


def test_snappy_runs_on_cramjam_in_the_codecs_module_only() -> None:
    """cramjam, the engine python-snappy >= 0.7 wraps, compresses and decompresses snappy
    blocks in place in kept buffers (``compress_raw_into``, ``decompress_raw_into``, which
    python-snappy lacks; docs/performance.md). python-snappy stays declared, the snappy
    library issue 9 names, and is imported by no module: its bytes are cramjam's, and the
    codec tests hold kformat's equal to them (tests/records/test_codecs.py)."""
    assert {"python-snappy", "cramjam"} <= set(_dependencies())
    assert _importers("cramjam") == ["records/codecs.py"]
    assert _importers("snappy") == []


def test_installed_codec_libraries_are_the_fixtures_ones() -> None:
    """Under ``make test`` (KFORMAT_FIXTURE_LIBS=exact) a mismatch fails; elsewhere it skips
    with the versions needed, as the byte-for-byte regeneration test does."""
    require_fixture_libraries()


def test_the_skip_message_names_the_versions(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata

    real = importlib.metadata.version
    monkeypatch.setattr(importlib.metadata, "version",
                        lambda name: "0.19.0" if name == "zstandard" else real(name))
    text = produced_with()
    assert f"zstandard=={pinned()['zstandard']}" in text
    assert "zstandard 0.19.0 (fixtures: " in text
    assert "-c constraints.txt" in text


@pytest.mark.parametrize(("runtime", "same"), [("1.2.13", True), ("1.3.1", True),
                                               ("1.2.11.zlib-ng", False), ("2.1.6", False)])
def test_zlib_releases_that_write_the_same_deflate(runtime: str, same: bool) -> None:
    assert _same_deflate(runtime) is same


def test_makefile_installs_with_the_constraints() -> None:
    makefile = (CONSTRAINTS.parent / "Makefile").read_text(encoding="utf-8")
    assert "-c constraints.txt" in makefile
    assert "KFORMAT_FIXTURE_LIBS=exact" in makefile
