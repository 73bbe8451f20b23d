"""kformat.spark.sessions without starting Spark: the interpreter check, the settings."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from kformat.spark import sessions


def fake_session(exe: str) -> SimpleNamespace:
    return SimpleNamespace(sparkContext=SimpleNamespace(pythonExec=exe))


def test_an_interpreter_without_kformat_fails_early_naming_what_to_set(
        tmp_path: Path) -> None:
    exe = tmp_path / "python3"
    exe.write_text("#!/bin/sh\necho \"ModuleNotFoundError: No module named 'kformat'\" >&2\n"
                   "exit 1\n")
    exe.chmod(0o755)
    with pytest.raises(RuntimeError) as info:
        sessions.check_python(fake_session(str(exe)))
    message = str(info.value)
    assert f"run {str(exe)!r}" in message
    assert "No module named 'kformat'" in message
    assert "PYSPARK_PYTHON" in message and sys.executable in message


def test_a_missing_interpreter_fails_early(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="FileNotFoundError"):
        sessions.check_python(fake_session(str(tmp_path / "nope")))


def test_this_interpreter_passes() -> None:
    sessions.check_python(fake_session(sys.executable))
    assert sessions._CHECKED[sys.executable] is None


def test_the_package_zip_is_importable_on_its_own(tmp_path: Path) -> None:
    """What --py-files ships: kformat from the zip alone (no site .pth, so the installed
    copy is not on the path), grammars included, decoding on the Python engine."""
    import site
    import subprocess

    from kformat.spark.shipping import package_zip

    archive = package_zip(tmp_path / "kformat.zip")
    code = ("import sys; sys.path[:0] = sys.argv[1:]\n"
            "import kformat, kformat.spark.columns\n"
            "from kformat import engine\n"
            "from kformat.spec.registry import load_registry\n"
            "from kformat.records import build_batch, make_batch, to_arrow\n"
            "assert kformat.__file__.startswith(sys.argv[1]), kformat.__file__\n"
            "load_registry()\n"
            "print(engine.active(), to_arrow(build_batch(make_batch([(b'k', b'v')])))"
            ".column('value').to_pylist())\n")
    run = subprocess.run([sys.executable, "-S", "-c", code, str(archive),
                          *site.getsitepackages()], capture_output=True, text=True,
                         timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["python", "[b'v']"]


def test_progress_is_shown_on_a_terminal_and_quiet_otherwise() -> None:
    class Tty:
        def isatty(self) -> bool:
            return True

    class Pipe:
        def isatty(self) -> bool:
            return False

    key = "spark.ui.showConsoleProgress"
    assert sessions.progress_config(Tty(), Tty()) == {key: "true"}  # type: ignore[arg-type]
    assert sessions.progress_config(Tty(), Pipe()) == {key: "false"}  # type: ignore[arg-type]
    assert sessions.progress_config() == {key: "false"}  # pytest captures both streams
    assert key not in sessions.LOCAL_CONFIG  # session() takes it from progress_config()
