"""``kformat fuzz send`` against small loopback servers of the test's own: one that echoes,
one that drops every connection, one that stalls."""

from __future__ import annotations

import io
import json
import socket
import socketserver
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from kformat.cli import main as kformat_main
from kformat.fuzz.corpus import generate
from kformat.fuzz.send import check_target, parse_target, send_corpus


class _Echo(socketserver.BaseRequestHandler):
    def handle(self) -> None:
        head = self.request.recv(4)
        if len(head) == 4:
            size = int.from_bytes(head, "big", signed=True)
            body = b""
            while size > 0 and len(body) < size:
                chunk = self.request.recv(size - len(body))
                if not chunk:
                    break
                body += chunk
            self.request.sendall(len(body).to_bytes(4, "big") + body)


class _Drop(socketserver.BaseRequestHandler):
    def handle(self) -> None:
        self.request.close()


class _Stall(socketserver.BaseRequestHandler):
    def handle(self) -> None:
        self.server.stop.wait(5)  # type: ignore[attr-defined]


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


@contextmanager
def serve(handler: type) -> Iterator[str]:
    server = _Server(("127.0.0.1", 0), handler)
    server.stop = threading.Event()  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{server.server_address[1]}"
    finally:
        server.stop.set()  # type: ignore[attr-defined]
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("corpus")
    generate("request", "Metadata", 12, count=10, seed=4, decompression_limit=1 << 16).write(root)
    return root


def test_an_echoing_target_answers_everything(corpus):
    with serve(_Echo) as target:
        report = send_corpus(corpus, target, timeout=2, progress=io.StringIO())
    assert report.sent == 10 and report.outcomes == {"response": 10}
    assert report.misbehaving == [] and report.stopped == "done"


def test_a_dropping_target_misbehaves_on_valid_cases_only(corpus):
    with serve(_Drop) as target:
        report = send_corpus(corpus, target, timeout=2, progress=io.StringIO())
    assert report.outcomes.keys() <= {"closed", "reset"} and report.sent == 10
    assert report.misbehaving and all(o.label == "valid" for o in report.misbehaving)


def test_a_stalling_target_times_out_and_the_run_is_bounded(corpus, tmp_path, capsys):
    with serve(_Stall) as target:
        start = time.monotonic()
        code = kformat_main(["fuzz", "send", "--target", target, "--in", str(corpus),
                             "--timeout", "0.2", "--max-cases", "3",
                             "--report", str(tmp_path / "r.json")])
        assert time.monotonic() - start < 5
    assert code == 1
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["sent"] == 3 and report["outcomes"] == {"timeout": 3}
    assert report["stopped"] == "case limit (3)"
    assert len(report["misbehaving"]) == 3
    assert "[3/3]" in capsys.readouterr().err


def test_the_time_limit_stops_the_run(corpus):
    ticks = iter(range(0, 1000, 10))
    with serve(_Echo) as target:
        report = send_corpus(corpus, target, timeout=2, max_seconds=25,
                             progress=io.StringIO(), clock=lambda: next(ticks))
    assert report.stopped.startswith("time limit") and report.sent < 10


def test_a_dead_target_is_reported_and_abandoned(corpus):
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()  # nothing listens there now
    report = send_corpus(corpus, f"127.0.0.1:{port}", timeout=1, progress=io.StringIO())
    assert report.outcomes == {"refused": 3} and report.stopped.startswith("target unreachable")


def test_non_loopback_targets_need_the_explicit_flag(corpus, capsys):
    with pytest.raises(PermissionError):
        check_target("192.0.2.1", 9092)
    check_target("192.0.2.1", 9092, allow_non_loopback=True)
    check_target("localhost", 9092)
    assert kformat_main(["fuzz", "send", "--target", "192.0.2.1:9092", "--in",
                         str(corpus)]) == 2
    assert "--allow-non-loopback" in capsys.readouterr().err


@pytest.mark.parametrize("text", ["nohost", "host:", ":80", "host:port"])
def test_bad_targets(text):
    with pytest.raises(ValueError):
        parse_target(text)
