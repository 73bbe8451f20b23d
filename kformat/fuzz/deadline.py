"""A deadline per fuzzed input, and the input in flight kept on disk until it returns.

Two layers, because a parser may loop in Python or in C:

* **soft** (:class:`Deadline`): a ``SIGVTALRM`` CPU-time timer raises :class:`InputDeadline`
  in the Python code running the input. CPU time, not wall time, so a busy shared machine
  does not trip it; ``SIGVTALRM`` leaves ``SIGALRM`` to pytest-timeout. An
  :class:`InputDeadline` is a :class:`BaseException`, so no ``except Exception`` in a parser
  swallows it. Only the main thread receives signals: elsewhere the soft layer is off.
* **hard**: :func:`faulthandler.dump_traceback_later` (a C watchdog thread that needs no
  GIL) dumps every thread's traceback and exits the process when no input has started for
  ``hard`` seconds of wall time (:data:`HARD_FACTOR` times the deadline, at least 30 s): a loop
  in C that never returns to Python. Arming it starts a thread (~80 us), so it is re-armed
  only once a quarter of ``hard`` has passed: a hung input is stopped after ``hard / 4`` to
  ``hard`` seconds.

:class:`InFlight` writes each input (and what it was fed to) to ``in-flight.bin`` and
``in-flight.json`` before it runs and removes them when the run ends normally, so a hang or a
crash (a sanitizer abort, a segfault) leaves the culprit behind for ``kformat fuzz replay``.
"""

from __future__ import annotations

import faulthandler
import json
import math
import os
import signal
import sys
import threading
import time
from pathlib import Path
from types import FrameType
from typing import Any

__all__ = ["HARD_FACTOR", "Deadline", "InFlight", "InputDeadline"]

HARD_FACTOR = 6.0
"""The hard deadline (wall time) is this many times the soft one (CPU time), at least 30 s."""


class InputDeadline(BaseException):
    """One input ran past its deadline (a BaseException, like KeyboardInterrupt)."""


class Deadline:
    """Arm before each input (:meth:`arm`), disarm after (:meth:`disarm`), :meth:`pause`
    before other long work; :meth:`close` at the end of the run restores the previous
    handler."""

    def __init__(self, seconds: float | None, *, hard: float | None = None) -> None:
        self.seconds = seconds
        if hard is None and seconds is not None:
            hard = max(seconds * HARD_FACTOR, 30.0)
        self.hard = hard
        self._previous: Any = None
        self._soft = False
        self._armed_at = -math.inf
        if seconds is not None and threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGVTALRM, self._expired)
            self._soft = True

    @staticmethod
    def _expired(signum: int, frame: FrameType | None) -> None:
        raise InputDeadline

    def arm(self) -> None:
        if self._soft:
            signal.setitimer(signal.ITIMER_VIRTUAL, self.seconds or 0.0)
        if self.hard is not None and time.monotonic() - self._armed_at > self.hard / 4:
            stderr = sys.__stderr__ if sys.__stderr__ is not None else sys.stderr  # as for None
            faulthandler.dump_traceback_later(self.hard, exit=True, file=stderr)
            self._armed_at = time.monotonic()

    def disarm(self) -> None:
        if self._soft:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0.0)

    def pause(self) -> None:
        """Stop the watchdog until the next :meth:`arm`: for the harness's own long work
        between inputs (a batch of memory measurements, re-timing)."""
        if self.hard is not None and self._armed_at != -math.inf:
            faulthandler.cancel_dump_traceback_later()
            self._armed_at = -math.inf

    def close(self) -> None:
        self.disarm()
        self.pause()
        if self._soft:
            signal.signal(signal.SIGVTALRM, self._previous)
            self._soft = False


class InFlight:
    """The input being run, on disk (``directory/in-flight.{bin,json}``) while it runs."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self._bin = self._json = -1
        if directory is not None:
            directory.mkdir(parents=True, exist_ok=True)
            flags = os.O_WRONLY | os.O_CREAT
            self._bin = os.open(directory / "in-flight.bin", flags, 0o644)
            self._json = os.open(directory / "in-flight.json", flags, 0o644)
        self._meta: bytes = b""

    def record(self, data: bytes, meta: dict[str, Any]) -> None:
        """Save ``data`` and ``meta`` (a finding's fields: entry, params, label, seed...)."""
        if self._bin < 0:
            return
        _overwrite(self._bin, data)
        encoded = json.dumps(meta, default=repr).encode()
        if encoded != self._meta:
            _overwrite(self._json, encoded)
            self._meta = encoded

    def close(self) -> None:
        """The run ended normally: nothing is in flight."""
        if self.directory is None or self._bin < 0:
            return
        os.close(self._bin)
        os.close(self._json)
        self._bin = self._json = -1
        for name in ("in-flight.bin", "in-flight.json"):
            (self.directory / name).unlink(missing_ok=True)


def _overwrite(fd: int, data: bytes) -> None:
    os.pwrite(fd, data, 0)
    os.ftruncate(fd, len(data))
