"""The built wheel and sdist: contents, metadata, no build warnings, and the wheel installed in
a fresh venv next to the *oldest* codec libraries kformat supports, passing a smoke test.

Opt-in (it builds, creates a venv and installs from the package index): ``make smoke-wheel``,
or ``KFORMAT_WHEEL_SMOKE=1 pytest tests/packaging``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SMOKE = Path(__file__).with_name("smoke.py")

pytestmark = pytest.mark.skipif(os.environ.get("KFORMAT_WHEEL_SMOKE") != "1",
                                reason="opt-in: make smoke-wheel (KFORMAT_WHEEL_SMOKE=1)")


def lower_bounds() -> list[str]:
    """``name==lowest`` for every runtime dependency, from pyproject's ranges."""
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["dependencies"]
    out = []
    for dep in deps:
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)>=([^,]+),.*", dep)
        assert m, f"not a >=low,<high range: {dep}"
        out.append(f"{m.group(1)}=={m.group(2)}")
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """(wheel, sdist, build log) from ``python -m build`` of this checkout."""
    out = tmp_path_factory.mktemp("dist")
    run = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                         capture_output=True, text=True, timeout=900)
    log = run.stdout + run.stderr
    assert run.returncode == 0, log[-3000:]
    (wheel,) = out.glob("*.whl")
    (sdist,) = out.glob("*.tar.gz")
    return wheel, sdist, log


def test_build_prints_no_setuptools_warning(built: tuple[Path, Path, str]) -> None:
    log = built[2]
    # byte-compiling is off when PYTHONDONTWRITEBYTECODE is set: the environment, not the config
    warnings = [line for line in log.splitlines() if re.search(r"warn", line, re.I)
                and "byte-compiling is disabled" not in line]
    assert warnings == []


def test_wheel_carries_license_notice_and_every_grammar(built: tuple[Path, Path, str]) -> None:
    names = zipfile.ZipFile(built[0]).namelist()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert any(n.endswith(".dist-info/licenses/grammars/NOTICE") for n in names)
    grammars = {p.relative_to(ROOT / "grammars").as_posix()
                for p in (ROOT / "grammars").rglob("*.kfg")}
    shipped = {n.removeprefix("kformat/grammars/") for n in names
               if n.startswith("kformat/grammars/") and n.endswith(".kfg")}
    assert shipped == grammars
    assert "kformat/py.typed" in names


def test_wheel_metadata(built: tuple[Path, Path, str]) -> None:
    with zipfile.ZipFile(built[0]) as z:
        (meta,) = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")]
        text = z.read(meta).decode()
    assert "License-Expression: Apache-2.0" in text
    assert "Classifier: Programming Language :: Python :: 3.11" in text
    assert "Project-URL: " in text
    runtime = [line for line in text.splitlines()
               if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert runtime and not [line for line in runtime if "==" in line], runtime
    assert any(line.startswith("Requires-Dist: python-snappy") for line in runtime), runtime
    assert any(line.startswith("Requires-Dist: cramjam") for line in runtime), runtime


def test_sdist_carries_tests_docs_grammars_fixtures(built: tuple[Path, Path, str]) -> None:
    with tarfile.open(built[1]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for needed in ("LICENSE", "constraints.txt", "Makefile", "MANIFEST.in", "docs/json.md",
                   "docs/api/records.md", "mkdocs.yml", "kformat/engine/_native.c",
                   "kformat/engine/native.h", "kformat/engine/record.c",
                   "kformat/engine/record.h",
                   "grammars/NOTICE", "grammars/message/MetadataRequest.kfg",
                   "tests/conftest.py", "tests/packaging/smoke.py", "fixtures/manifest.json",
                   "bench/__init__.py"):
        assert needed in names, needed
    assert not [n for n in names if "__pycache__" in n]


def test_wheel_in_a_fresh_venv_with_the_oldest_codec_libraries(
        built: tuple[Path, Path, str], tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    # the installed wheel, not a checkout someone put on PYTHONPATH
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    install = subprocess.run([str(python), "-m", "pip", "install", "-q", str(built[0]),
                              *lower_bounds()], capture_output=True, text=True, timeout=900,
                             env=clean)
    assert install.returncode == 0, install.stderr[-3000:]
    smoke = subprocess.run([str(python), str(SMOKE), str(ROOT / "fixtures")],
                           capture_output=True, text=True, timeout=600, cwd=tmp_path, env=clean)
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    from packaging.version import Version

    installed = json.loads(smoke.stdout.splitlines()[0].split(" with ", 1)[1])
    for bound in lower_bounds():
        name, version = bound.split("==")
        assert Version(installed[name]) == Version(version), (name, installed[name])
    print(smoke.stdout)
