"""A broker process started by a campaign: the upstream of client campaigns, the target of
broker campaigns.

:class:`UpstreamProcess` starts ``--upstream-cmd`` (no shell, a session of its own), reads
the broker's bootstrap address (``HOST:PORT[,HOST:PORT...]``) from the first line of its
standard output, polls its resident memory while it runs and, when asked to
:meth:`~UpstreamProcess.finish`, checks that every broker still answers an ApiVersions
request, stops the process and classifies how it fared, like a client run
(:mod:`kformat.fuzz.process`):

* ``crash``: it died of a signal during the run;
* ``error``: it exited by itself (a broker is not supposed to);
* ``memory``: its resident memory went past the limit (it is killed at once);
* ``hang``: a broker did not answer ApiVersions within the probe timeout;
* ``clean``: alive and answering.

``python -m kformat.fuzz.targets.mock_broker`` is such a command for librdkafka's mock cluster.
"""

from __future__ import annotations

import os
import select
import shlex
import signal
import socket
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from kformat.console import parse_address
from kformat.errors import KFormatError
from kformat.fuzz.process import RunResult, session_rss
from kformat.protocol.api import API_VERSIONS, build_request, peek_response_header
from kformat.protocol.framing import frame, read_frame

__all__ = ["UpstreamError", "UpstreamProcess", "probe"]

_PROBE_ID = 0x7FFF0001
_PROBE = build_request(API_VERSIONS, 0, {}, correlation_id=_PROBE_ID)  # null client id


class UpstreamError(RuntimeError):
    """The upstream command did not start or did not say where it listens."""


def probe(address: str, timeout: float) -> bool:
    """Whether the broker at ``HOST:PORT`` answers an ApiVersions v0 request in time."""
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection(parse_address(address), timeout=timeout) as s:
            s.sendall(frame(_PROBE))
            reply = read_frame(s, deadline=deadline)
            return reply is not None and peek_response_header(reply) == _PROBE_ID
    except (OSError, ValueError, KFormatError):
        return False


@dataclass
class UpstreamProcess:
    """One run of a broker command; see the module doc."""

    command: str
    rss_limit: int = 1 << 30
    start_timeout: float = 30.0
    probe_timeout: float = 5.0
    grace: float = 1.0
    output_dir: Path | None = None
    bootstrap: str = ""
    peak_rss: int = 0
    _proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    _over_memory: threading.Event = field(default_factory=threading.Event, repr=False)
    _done: threading.Event = field(default_factory=threading.Event, repr=False)
    _started: float = 0.0

    def start(self) -> UpstreamProcess:
        argv = shlex.split(self.command)
        if not argv:
            raise UpstreamError("empty upstream command")
        err: int | BinaryIO = subprocess.DEVNULL
        if self.output_dir is not None:
            self.output_dir.mkdir(parents=True, exist_ok=True)
            err = (self.output_dir / "upstream-stderr.txt").open("wb")
        self._started = time.monotonic()
        self._proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=err, start_new_session=True)
        if not isinstance(err, int):  # the file, not DEVNULL
            err.close()
        line = self._first_line()
        if not line:
            self.stop()
            raise UpstreamError(f"{self.command!r} printed no bootstrap address within "
                                f"{self.start_timeout} s")
        self.bootstrap = line
        threading.Thread(target=self._watch, daemon=True).start()
        return self

    def _first_line(self) -> str:
        assert self._proc is not None and self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        deadline = time.monotonic() + self.start_timeout
        buf = b""
        while b"\n" not in buf and time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                chunk = os.read(fd, 4096)
                if not chunk:
                    break
                buf += chunk
        return buf.split(b"\n", 1)[0].decode("ascii", "replace").strip() if b"\n" in buf else ""

    def _watch(self) -> None:
        assert self._proc is not None
        while not self._done.is_set() and self._proc.poll() is None:
            self.peak_rss = max(self.peak_rss, session_rss(self._proc.pid))
            if self.peak_rss > self.rss_limit:
                self._over_memory.set()
                self._kill()
                return
            time.sleep(0.05)

    def _kill(self) -> None:
        assert self._proc is not None
        try:
            os.killpg(self._proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    @property
    def addresses(self) -> list[str]:
        return [a.strip() for a in self.bootstrap.split(",") if a.strip()]

    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def finish(self) -> RunResult:
        """Probe, stop and classify (see the module doc). A broker dying of the last
        frames it was sent gets ``grace`` seconds to do so before the probe."""
        assert self._proc is not None
        try:
            self._proc.wait(timeout=self.grace)
        except subprocess.TimeoutExpired:
            pass
        answering = self.alive() and not self._over_memory.is_set() and all(
            probe(a, self.probe_timeout) for a in self.addresses)
        rc_before_stop = self._proc.poll()
        self.stop()
        if self._over_memory.is_set():
            outcome, rc, signame = "memory", None, None
        elif rc_before_stop is not None and rc_before_stop < 0:
            outcome, rc = "crash", rc_before_stop
            try:
                signame = signal.Signals(-rc).name
            except ValueError:
                signame = f"signal {-rc}"
        elif rc_before_stop is not None:
            outcome, rc, signame = "error", rc_before_stop, None
        elif not answering:
            outcome, rc, signame = "hang", None, None
        else:
            outcome, rc, signame = "clean", 0, None
        stderr = ""
        if self.output_dir is not None:
            path = self.output_dir / "upstream-stderr.txt"
            stderr = path.read_text(encoding="utf-8", errors="replace")[-4000:] if path.exists() else ""
        return RunResult(outcome, rc, signame, time.monotonic() - self._started, self.peak_rss,
                         "", stderr)

    def stop(self) -> None:
        """Ask the broker to stop (stdin closed, SIGTERM), kill its session after 5 s."""
        proc = self._proc
        if proc is None:
            return
        self._done.set()
        if proc.stdin is not None and not proc.stdin.closed:
            try:
                proc.stdin.close()
            except OSError:
                pass
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self._kill()
        proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()

    def __enter__(self) -> UpstreamProcess:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()
