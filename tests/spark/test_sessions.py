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
