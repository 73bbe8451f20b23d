"""Run a target command once, bounded in time and memory, and say how it ended.

:func:`run_target` starts the command in a session of its own (no shell: the arguments are
split with :func:`shlex.split`, so a signal that kills the target is seen as such), polls
the resident memory of every process of that session, and stops the whole session when the
time or memory bound is crossed. :func:`classify` names the outcome:

* ``clean``: exit status 0;
* ``error``: a non-zero exit status;
* ``crash``: killed by a signal (SIGSEGV, SIGABRT, SIGBUS...) that the runner did not send;
* ``hang``: still running at the timeout (the runner then kills it);
* ``memory``: the session's resident memory went past the limit (the runner kills it).
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["OUTCOMES", "RunResult", "classify", "run_target", "session_rss"]

OUTCOMES = ("clean", "error", "crash", "hang", "memory")
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
TAIL = 4000
"""Characters of the target's stdout and stderr kept in a result."""


@dataclass(frozen=True)
class RunResult:
    """How one run of the target ended."""

    outcome: str
    returncode: int | None
    signal: str | None
    seconds: float
    peak_rss: int
    stdout: str = ""
    stderr: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "returncode": self.returncode, "signal": self.signal,
                "seconds": round(self.seconds, 3), "peak_rss": self.peak_rss,
                "stdout": self.stdout, "stderr": self.stderr}


def classify(returncode: int | None, *, timed_out: bool = False,
             over_memory: bool = False) -> str:
    """The outcome class of a finished run (see the module doc)."""
    if over_memory:
        return "memory"
    if timed_out:
        return "hang"
    if returncode is None:
        raise ValueError("a run that neither finished nor was stopped has no outcome yet")
    if returncode == 0:
        return "clean"
    return "crash" if returncode < 0 else "error"


def _rss_of(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, IndexError, ValueError):
        return 0


def session_rss(sid: int) -> int:
    """Resident bytes of every process in session ``sid`` (Linux ``/proc``; 0 elsewhere)."""
    total = 0
    try:
        entries = os.listdir("/proc")
    except OSError:
        return 0
    for entry in entries:
        if not entry.isdigit():
            continue
        pid = int(entry)
        try:
            if os.getsid(pid) != sid:
                continue
        except OSError:
            continue
        total += _rss_of(pid)
    return total


def _tail(path: Path) -> str:
    try:
        with path.open("rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - TAIL))
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Kill the target's session (every process it started), then reap the target."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()


def run_target(command: str | list[str], *, timeout: float, rss_limit: int,
               env: dict[str, str] | None = None, output_dir: str | Path | None = None,
               poll: float = 0.05) -> RunResult:
    """Run ``command`` once; stdout and stderr go to ``output_dir`` (default: discarded
    except for their tails) as ``stdout.txt`` and ``stderr.txt``."""
    argv = shlex.split(command) if isinstance(command, str) else list(command)
    if not argv:
        raise ValueError("empty target command")
    out_dir = Path(output_dir) if output_dir is not None else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
        stdout_path, stderr_path = out_dir / "stdout.txt", out_dir / "stderr.txt"
    else:
        import tempfile

        scratch = Path(tempfile.mkdtemp(prefix="kformat-run-"))
        stdout_path, stderr_path = scratch / "stdout.txt", scratch / "stderr.txt"
    start = time.monotonic()
    peak, timed_out, over_memory = 0, False, False
    with stdout_path.open("wb") as out, stderr_path.open("wb") as err:
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                env=env, start_new_session=True)
        try:
            while proc.poll() is None:
                peak = max(peak, session_rss(proc.pid))
                if peak > rss_limit:
                    over_memory = True
                    break
                if time.monotonic() - start > timeout:
                    timed_out = True
                    break
                time.sleep(poll)
        finally:
            if proc.poll() is None:
                _stop(proc)
            else:  # the target is gone; anything it left running in its session goes too
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
    seconds = time.monotonic() - start
    rc = proc.returncode
    outcome = classify(rc, timed_out=timed_out, over_memory=over_memory)
    signame = None
    if outcome == "crash":
        try:
            signame = signal.Signals(-rc).name
        except ValueError:
            signame = f"signal {-rc}"
    result = RunResult(outcome, None if timed_out or over_memory else rc, signame, seconds,
                       peak, _tail(stdout_path), _tail(stderr_path))
    if out_dir is None:
        import shutil

        shutil.rmtree(stdout_path.parent, ignore_errors=True)
    return result
