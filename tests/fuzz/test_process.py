"""The campaign runner's classification, on tiny targets whose fate is known."""

from __future__ import annotations

import shlex
import sys
import time

import pytest

from kformat.fuzz.process import OUTCOMES, classify, run_target, session_rss

PY = shlex.quote(sys.executable)


def _run(code: str, tmp_path, *, timeout: float = 20.0, rss_limit: int = 1 << 30):
    script = tmp_path / "target.py"
    script.write_text(code, encoding="utf-8")
    return run_target(f"{PY} {shlex.quote(str(script))}", timeout=timeout,
                      rss_limit=rss_limit, output_dir=tmp_path / "out")


def test_clean_exit(tmp_path):
    result = _run("print('fine')", tmp_path)
    assert (result.outcome, result.returncode, result.signal) == ("clean", 0, None)
    assert result.stdout == "fine\n"
    assert (tmp_path / "out" / "stdout.txt").read_text() == "fine\n"


def test_error_exit(tmp_path):
    result = _run("import sys; print('bad', file=sys.stderr); sys.exit(1)", tmp_path)
    assert (result.outcome, result.returncode, result.signal) == ("error", 1, None)
    assert result.stderr == "bad\n"


def test_crash_is_death_by_a_signal(tmp_path):
    result = _run("import os, signal; os.kill(os.getpid(), signal.SIGSEGV)", tmp_path)
    assert (result.outcome, result.returncode, result.signal) == ("crash", -11, "SIGSEGV")


def test_abort_is_a_crash_too(tmp_path):
    result = _run("import os; os.abort()", tmp_path)
    assert (result.outcome, result.signal) == ("crash", "SIGABRT")


def test_hang_is_a_timeout_and_the_target_is_stopped(tmp_path):
    result = _run("import time; print('waiting', flush=True); time.sleep(600)", tmp_path,
                  timeout=1.0)
    assert (result.outcome, result.returncode, result.signal) == ("hang", None, None)
    assert result.stdout == "waiting\n"
    assert 1.0 <= result.seconds < 60


def test_children_of_a_hung_target_are_stopped_too(tmp_path):
    pidfile = tmp_path / "child.pid"
    code = ("import subprocess, sys, time\n"
            "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'])\n"
            f"open({str(pidfile)!r}, 'w').write(str(p.pid))\n"
            "time.sleep(600)\n")
    result = _run(code, tmp_path, timeout=2.0)
    assert result.outcome == "hang"
    child = int(pidfile.read_text())
    for _ in range(100):  # SIGKILL is asynchronous: give the kernel a moment
        if not _alive(child):
            break
        time.sleep(0.05)
    assert not _alive(child)


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for its reaper counts as dead)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_excessive_memory_is_caught_by_polling(tmp_path):
    code = "import time\nhog = b'x' * (300 << 20)\ntime.sleep(30)\n"
    result = _run(code, tmp_path, rss_limit=150 << 20)
    assert (result.outcome, result.returncode) == ("memory", None)
    assert result.peak_rss > 150 << 20
    assert result.seconds < 30


def test_classify_covers_every_outcome():
    assert [classify(0), classify(1), classify(-11), classify(None, timed_out=True),
            classify(None, over_memory=True)] == list(OUTCOMES)
    assert classify(0, timed_out=True, over_memory=True) == "memory"
    with pytest.raises(ValueError):
        classify(None)


def test_session_rss_of_nothing_is_zero():
    assert session_rss(2**22 + 12345) == 0


def test_an_empty_command_is_refused():
    with pytest.raises(ValueError, match="empty"):
        run_target("", timeout=1, rss_limit=1 << 20)
