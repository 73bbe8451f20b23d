"""The package built from source and smoke-tested on every supported Python (3.11 to 3.13):
the C extension must compile for each interpreter and be the active engine there, and the
engine's own tests (``tests/engine``: plans, runs, what the garbage collector tracks) pass
against the installed wheel, since CPython's object layout changes between versions.

Opt-in (it creates a venv per interpreter and installs from the package index):
``make pythons``, or ``KFORMAT_PYTHONS=1 pytest tests/packaging/test_pythons.py``; `.ci/run`
runs it. Interpreters are ``python3.X`` on PATH, or pyenv's installs when its shim for that
version is not activated; a missing one fails the test, since every supported Python must be
checked.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SMOKE = Path(__file__).with_name("smoke.py")
SUPPORTED = ("3.11", "3.12", "3.13")
ENGINE_TESTS = "tests/engine"
"""Run against each installed wheel, from a copy of ``tests/`` beside the fixtures (so that
``kformat`` is the wheel's, not this checkout's)."""
ENGINE_TEST_TOOLS = ("pytest", "pytest-timeout", "hypothesis")
"""What those tests need beyond kformat: taken, with their bounds, from the ``test`` extra."""


def engine_test_deps() -> list[str]:
    """The ``test`` extra's requirements of :data:`ENGINE_TEST_TOOLS` (pyproject.toml)."""
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))[
        "project"]["optional-dependencies"]["test"]
    deps = [r for r in extra if re.split(r"[<>=!~\[ ;]", r, maxsplit=1)[0] in ENGINE_TEST_TOOLS]
    assert len(deps) == len(ENGINE_TEST_TOOLS), deps
    return deps

pytestmark = pytest.mark.skipif(os.environ.get("KFORMAT_PYTHONS") != "1",
                                reason="opt-in: make pythons (KFORMAT_PYTHONS=1)")


def _run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("PYTHONPATH", "KFORMAT_ENGINE", "VIRTUAL_ENV")}
    return subprocess.run(args, capture_output=True, text=True, env=clean, **kwargs)  # type: ignore[call-overload]


def test_supported_pythons_match_the_classifiers() -> None:
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    listed = {line.split("::")[-1].strip().strip('",') for line in text.splitlines()
              if "Programming Language :: Python :: 3." in line}
    assert listed == set(SUPPORTED)


def interpreter_for(version: str) -> str | None:
    """A ``python3.X`` that runs: from PATH, else from pyenv's versions directory."""
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    candidates = [shutil.which(f"python{version}"),
                  *map(str, sorted((root / "versions").glob(f"{version}.*/bin/python{version}")))]
    for candidate in filter(None, candidates):
        probe = _run([candidate, "-c", "import sys; print(sys.version)"], timeout=60)
        if probe.returncode == 0 and probe.stdout.startswith(f"{version}."):
            return candidate
    return None


@pytest.mark.parametrize("version", SUPPORTED)
def test_builds_and_runs_natively_on(version: str, tmp_path: Path) -> None:
    interpreter = interpreter_for(version)
    assert interpreter, f"no python{version} found: every supported Python must be checked"
    env_dir = tmp_path / "venv"
    made = _run([interpreter, "-m", "venv", str(env_dir)], timeout=300)
    assert made.returncode == 0, made.stderr[-3000:]
    python = str(env_dir / "bin" / "python")
    wheels = tmp_path / "wheels"
    built = _run([python, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels),
                  str(ROOT)], timeout=900)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = wheels.glob("kformat-*.whl")
    tag = version.replace(".", "")
    assert f"cp{tag}" in wheel.name, f"no compiled extension: {wheel.name}"
    compiled = [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".so")]
    # one extension, for this interpreter (not one a checkout built in place for another)
    assert len(compiled) == 1 and f"cpython-{tag}-" in compiled[0], compiled
    installed = _run([python, "-m", "pip", "install", "-q", "-c", str(ROOT / "constraints.txt"),
                      str(wheel)], timeout=900)
    assert installed.returncode == 0, installed.stderr[-3000:]
    smoke = _run([python, str(SMOKE), str(ROOT / "fixtures"), "--engine", "native"],
                 timeout=600, cwd=tmp_path)
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert f"ok: Python {version}." in smoke.stdout, smoke.stdout
    print(smoke.stdout)
    _engine_tests_pass(python, tmp_path / "suite")


def _engine_tests_pass(python: str, suite: Path) -> None:
    """:data:`ENGINE_TESTS` run by ``python`` against its installed kformat."""
    deps = _run([python, "-m", "pip", "install", "-q", "-c", str(ROOT / "constraints.txt"),
                 *engine_test_deps()], timeout=900)
    assert deps.returncode == 0, deps.stderr[-3000:]
    shutil.copytree(ROOT / "tests", suite / "tests",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copytree(ROOT / "fixtures", suite / "fixtures")
    shutil.copy(ROOT / "pyproject.toml", suite)  # the pytest settings, markers, warnings
    where = _run([python, "-c", "import kformat, kformat.engine as e; "
                  "print(kformat.__file__, e.active())"], timeout=120, cwd=suite)
    assert "site-packages" in where.stdout and where.stdout.split()[-1] == "native", \
        where.stdout + where.stderr
    tests = _run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", ENGINE_TESTS],
                 timeout=900, cwd=suite)
    assert tests.returncode == 0, tests.stdout[-5000:] + tests.stderr[-3000:]
    print(tests.stdout.strip().splitlines()[-1])
