"""Send a corpus to a live target and report the cases that made it misbehave.

Each case goes on a fresh TCP connection, as written in the corpus (request and response
corpora hold size-prefixed frames); when a case ends before the size its prefix announces,
the sender half-closes the connection, so that a target rightly waiting for the rest sees
the end of the stream. The sender then reads one size-prefixed reply within ``timeout``
seconds and records one outcome per case:

* ``response``: a whole reply frame came back;
* ``closed``: the target closed the connection without a reply (how a Kafka broker answers
  a request it cannot parse);
* ``reset``: the connection was reset;
* ``timeout``: nothing (or only part of a frame) within ``timeout``;
* ``refused``: the target could not be reached at all (after a case: it may have died).

A case *misbehaves* when a valid case gets no reply (``closed``, ``reset`` or ``timeout``,
unless it expects none, like Produce with acks=0), when any case leaves the target hanging
(``timeout``), or when the target stops accepting connections right after it. Targets must
be on loopback unless ``allow_non_loopback`` is set. Runs are bounded by ``max_cases`` and
``max_seconds``.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from kformat.console import parse_address
from kformat.errors import KFormatError, TruncatedError
from kformat.fuzz.corpus import load
from kformat.protocol.framing import DEFAULT_MAX_FRAME_SIZE, SIZE, read_frame

__all__ = ["Outcome", "SendReport", "check_target", "parse_target", "send_case", "send_corpus"]

UNREACHABLE_AFTER = 3
"""Stop after this many refused connections in a row."""
MAX_REPLY = DEFAULT_MAX_FRAME_SIZE
"""A reply frame claiming more than this is recorded as is, not read."""


@dataclass(frozen=True)
class Outcome:
    """What happened to one case."""

    file: str
    label: str
    expected_error: str | None
    outcome: str
    seconds: float
    reply_size: int | None = None
    detail: str = ""
    misbehaved: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in ("file", "label", "expected_error", "outcome",
                                               "seconds", "reply_size", "detail", "misbehaved")}


@dataclass
class SendReport:
    target: str
    corpus: str
    sent: int = 0
    seconds: float = 0.0
    stopped: str = "done"
    outcomes: Counter[str] = field(default_factory=Counter)
    misbehaving: list[Outcome] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target, "corpus": self.corpus, "sent": self.sent,
                "seconds": round(self.seconds, 3), "stopped": self.stopped,
                "outcomes": dict(sorted(self.outcomes.items())),
                "misbehaving": [o.to_dict() for o in self.misbehaving]}


def parse_target(target: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[v6]:PORT`` for IPv6) -> (host, port)."""
    return parse_address(target)


def check_target(host: str, port: int, allow_non_loopback: bool = False) -> None:
    """Refuse targets that are not on loopback (every address the host resolves to)."""
    if not 0 < port < 65536:
        raise ValueError(f"port {port} out of range")
    if allow_non_loopback:
        return
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    for info in infos:
        address = ipaddress.ip_address(info[4][0])
        if not address.is_loopback:
            raise PermissionError(f"{host} resolves to {address}, which is not loopback: "
                                  f"pass --allow-non-loopback to fuzz it")


def _incomplete(data: bytes) -> bool:
    """Whether ``data`` ends before the frame its size prefix announces."""
    return len(data) < 4 or SIZE.unpack_from(data)[0] > len(data) - 4


def send_case(host: str, port: int, data: bytes, timeout: float) -> tuple[str, int | None, str]:
    """``(outcome, reply size, detail)`` of sending ``data`` on a new connection."""
    deadline = time.monotonic() + timeout
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except (ConnectionRefusedError, OSError) as exc:
        return "refused", None, type(exc).__name__
    try:
        try:
            sock.sendall(data)
            if _incomplete(data):  # the target would rightly wait for the rest: say EOF
                try:
                    sock.shutdown(socket.SHUT_WR)
                except OSError:  # the target already closed: the read below says so
                    pass
        except (BrokenPipeError, ConnectionResetError) as exc:
            return "reset", None, f"while sending: {type(exc).__name__}"
        try:
            reply = read_frame(sock, max_frame_size=MAX_REPLY, deadline=deadline)
            if reply is None:
                return "closed", None, ""
            return "response", len(reply), ""
        except TruncatedError as exc:
            if exc.path == "size":
                return "closed", None, ""
            return "closed", None, f"reply cut short (size {exc.expected})"
        except KFormatError as exc:  # the size is out of bounds: the reply is not read
            return "response", exc.actual, f"reply size not read: {exc}"
        except TimeoutError:  # socket.timeout is TimeoutError
            return "timeout", None, ""
        except (ConnectionResetError, ConnectionAbortedError) as exc:
            return "reset", None, type(exc).__name__
    finally:
        sock.close()


def send_corpus(directory: str | Path, target: str, *, timeout: float = 5.0,
                max_cases: int | None = None, max_seconds: float = 300.0,
                allow_non_loopback: bool = False, progress: IO[str] | None = None,
                clock: Callable[[], float] = time.monotonic) -> SendReport:
    """Send every case of the corpus in ``directory`` to ``target``; see the module doc."""
    host, port = parse_target(target)
    check_target(host, port, allow_non_loopback)
    _, cases = load(directory)
    report = SendReport(target, str(directory))
    out = progress if progress is not None else sys.stderr
    start = clock()
    total = len(cases) if max_cases is None else min(max_cases, len(cases))
    previous: Outcome | None = None
    refused = 0
    for i, (entry, data) in enumerate(cases[:total]):
        if clock() - start > max_seconds:
            report.stopped = f"time limit ({max_seconds} s)"
            break
        t0 = clock()
        kind, size, detail = send_case(host, port, data, timeout)
        valid = entry["expected_error"] is None and entry["label"] == "valid"
        expects = entry.get("expects_response", True)
        bad = kind == "timeout" and (expects or not valid)
        if valid and expects and kind in ("closed", "reset"):
            bad = True
        if kind == "refused":
            if previous is not None and previous.outcome != "refused":
                report.misbehaving.append(Outcome(
                    previous.file, previous.label, previous.expected_error, "target-died",
                    previous.seconds, None, f"connections refused after it ({detail})", True))
            refused += 1
        else:
            refused = 0
        outcome = Outcome(entry["file"], entry["label"], entry["expected_error"], kind,
                          round(clock() - t0, 4), size, detail, bad)
        report.outcomes[kind] += 1
        report.sent += 1
        if bad:
            report.misbehaving.append(outcome)
        previous = outcome
        print(f"[{i + 1}/{total}] {entry['file']} {kind}{' MISBEHAVED' if bad else ''}",
              file=out, flush=True)
        if refused >= UNREACHABLE_AFTER:
            report.stopped = f"target unreachable ({refused} connections refused in a row)"
            break
    else:
        if max_cases is not None and max_cases < len(cases):
            report.stopped = f"case limit ({max_cases})"
    report.seconds = clock() - start
    return report
