"""The standalone cluster's daemons stop with the process that started them."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from kformat.spark.standalone import _stop_with

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")

_STARTER = """
import subprocess, sys, time
from kformat.spark.standalone import _stop_with
import os
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                         start_new_session=True, preexec_fn=_stop_with(os.getpid()))
print(child.pid, flush=True)
time.sleep(60)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_daemon_dies_when_its_starter_is_killed():
    starter = subprocess.Popen([sys.executable, "-c", _STARTER], stdout=subprocess.PIPE,
                               env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    try:
        child = int(starter.stdout.readline())
        assert _alive(child)
        starter.kill()  # SIGKILL: no finally block, no atexit
        starter.wait(timeout=10)
        deadline = time.monotonic() + 10
        while _alive(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(child)
    finally:
        starter.kill()
        starter.wait(timeout=10)
        starter.stdout.close()


def test_a_child_whose_starter_is_already_gone_exits():
    arm = _stop_with(os.getpid() + 1 if os.getppid() != os.getpid() + 1 else os.getpid() + 2)
    run = subprocess.run([sys.executable, "-c", "print('ran')"], preexec_fn=arm,
                         capture_output=True, timeout=30, check=False)
    assert (run.returncode, run.stdout) == (1, b"")
