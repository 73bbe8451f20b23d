"""The proxy under load: one large request never holds up the other connections (forwarding
does not wait for the log's decoding), the decode queue is bounded, and decoding is linear."""

from __future__ import annotations

import contextlib
import io
import json
import pathlib
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from kformat.live.proxy import FrameContext, Proxy, ProxyThread, advertises_brokers
from kformat.protocol.api import build_request, build_response, parse_response

SIZE = struct.Struct(">i")
API_VERSIONS = 18


class Counting(io.TextIOBase):
    """A log that keeps only what the test asks of it: lines and the largest one."""

    def __init__(self, slow: float = 0.0) -> None:
        self.slow = slow
        """Seconds a line over 1 MB takes to write (a slow disk)."""
        self.lines = 0
        self.longest = 0
        self.undecoded = 0
        self.lock = threading.Lock()

    def write(self, text: str) -> int:
        if len(text) > 1 << 20:
            time.sleep(self.slow)
        with self.lock:
            self.lines += text.count("\n")
            self.longest = max(self.longest, len(text))
            self.undecoded += '"undecoded"' in text
        return len(text)


def read_frame(sock: socket.socket) -> bytes | None:
    head = b""
    while len(head) < 4:
        chunk = sock.recv(4 - len(head))
        if not chunk:
            return None
        head += chunk
    size = SIZE.unpack(head)[0]
    parts, have = [], 0
    while have < size:
        chunk = sock.recv(min(1 << 20, size - have))
        if not chunk:
            return None
        parts.append(chunk)
        have += len(chunk)
    return b"".join(parts)


received: list[int] = []
"""The sizes of the frames the upstream received (of the current test)."""


@pytest.fixture
def upstream() -> Iterator[tuple[str, int]]:
    """A loopback broker that answers ApiVersions v0 at once and nothing else (the sizes of
    the frames it receives go to ``received``); it stops with the test."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    stop = threading.Event()
    received.clear()

    def serve(conn: socket.socket) -> None:
        conn.settimeout(60)
        with conn:
            while not stop.is_set():
                try:
                    frame = read_frame(conn)
                except OSError:
                    return
                if frame is None:
                    return
                received.append(len(frame))
                key, _version, cid = struct.unpack_from(">hhi", frame)
                if key == API_VERSIONS:
                    answer = build_response("ApiVersions", 0, {}, correlation_id=cid)
                    conn.sendall(SIZE.pack(len(answer)) + answer)

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    acceptor = threading.Thread(target=accept, daemon=True)
    acceptor.start()
    try:
        yield server.getsockname()[:2]
    finally:
        stop.set()
        acceptor.join(5)
        server.close()


PING = build_request("ApiVersions", 0, {}, correlation_id=7, client_id="ping")


def ping(sock: socket.socket) -> float:
    """Seconds until the ApiVersions answer came back through the proxy."""
    start = time.monotonic()
    sock.sendall(SIZE.pack(len(PING)) + PING)
    answer = read_frame(sock)
    assert answer is not None
    assert parse_response(answer, "ApiVersions", 0).correlation_id == 7
    return time.monotonic() - start


def metadata_v8(size: int) -> bytes:
    topics = [{"name": f"t{i:09d}"} for i in range(size // 12)]  # 12 bytes a topic
    return build_request("Metadata", 8, {"topics": topics}, correlation_id=1, client_id="big")


def test_a_4mb_metadata_v8_request_does_not_hold_a_ping_on_another_connection(upstream):
    """Decoding and logging it (on a log slow to write, here) happen beside the forwarding."""
    big = metadata_v8(4 << 20)
    log = Counting(slow=3.0)
    proxy = Proxy(upstream, log=log, idle_timeout=60)
    with ProxyThread(proxy, max_lifetime=120) as thread, \
            socket.create_connection(thread.address, timeout=30) as loud, \
            socket.create_connection(thread.address, timeout=30) as quiet:
        ping(quiet)  # connected and answered once
        loud.sendall(SIZE.pack(len(big)) + big)
        waits = [ping(quiet) for _ in range(20)]
        assert max(waits) < 1.0, waits  # 18 s before: the proxy decoded on its one loop
        assert proxy.flush(60)
    assert log.lines == 2 + 20 * 2 + 1  # every frame logged, the big one decoded
    assert log.longest > len(big) and log.undecoded == 0


def test_past_the_decode_queue_bound_frames_are_logged_undecoded_and_counted(upstream):
    big = metadata_v8(1 << 20)
    log = Counting()
    proxy = Proxy(upstream, log=log, idle_timeout=60, decode_queue_bytes=len(big) + 1000)
    with ProxyThread(proxy, max_lifetime=120) as thread:
        with socket.create_connection(thread.address, timeout=30) as loud:
            for _ in range(5):  # sent faster than they decode: the queue fills up
                loud.sendall(SIZE.pack(len(big)) + big)
            ping(loud)  # all forwarded
        assert proxy.flush(60)
        deadline = time.monotonic() + 30
        while not proxy.summaries and time.monotonic() < deadline:
            time.sleep(0.05)
            proxy.flush(30)
    (summary,) = proxy.summaries
    assert summary["requests"] == 6 and summary["responses"] == 1
    assert 1 <= summary["undecoded"] <= 4  # the first always decodes
    assert summary["undecoded_causes"] == {"decode_queue_full": summary["undecoded"]}
    assert log.undecoded == summary["undecoded"] and log.lines == 7
    assert received == [len(big)] * 5 + [len(PING)]


def test_a_frame_over_the_decode_limit_is_forwarded_and_logged_undecoded_with_its_size(
        upstream):
    big = metadata_v8(1 << 20)
    seen: list[tuple[str, object, dict]] = []

    def hook(direction: str, frame: bytes, context: FrameContext) -> bytes:
        seen.append((direction, context.message, context.record))
        return frame

    log = io.StringIO()
    proxy = Proxy(upstream, log=log, idle_timeout=60, hooks=[hook], decode_max_bytes=len(big) - 1)
    with ProxyThread(proxy, max_lifetime=120) as thread:
        with socket.create_connection(thread.address, timeout=30) as sock:
            sock.sendall(SIZE.pack(len(big)) + big)
            ping(sock)  # answered: the big one went first
        assert proxy.flush(60)
        deadline = time.monotonic() + 30
        while not proxy.summaries and time.monotonic() < deadline:
            time.sleep(0.05)
            proxy.flush(30)
    assert received == [len(big), len(PING)]
    first, *rest = (json.loads(line) for line in log.getvalue().splitlines())
    assert {k: first[k] for k in ("kind", "api_name", "api_version", "correlation_id")} == {
        "kind": "request", "api_name": "Metadata", "api_version": 8, "correlation_id": 1}
    assert first["size"] == len(big) and "body" not in first
    assert first["undecoded"] == (f"frame of {len(big)} bytes, over the decode limit "
                                  f"({len(big) - 1} bytes)")
    assert [r["api_name"] for r in rest] == ["ApiVersions", "ApiVersions"]
    assert all("body" in r for r in rest)
    assert [(d, m is None) for d, m, _ in seen] == [
        ("request", True), ("request", False), ("response", False)]
    assert seen[0][2]["undecoded"] == first["undecoded"]  # the hook is told why
    (summary,) = proxy.summaries
    assert summary["undecoded"] == 1
    assert summary["undecoded_causes"] == {"over_decode_max_bytes": 1}


def summary_of(proxy: Proxy) -> dict:
    """The one connection's summary, once the proxy has written it."""
    deadline = time.monotonic() + 30
    while not proxy.summaries and time.monotonic() < deadline:
        time.sleep(0.05)
        proxy.flush(30)
    (summary,) = proxy.summaries
    return summary


def test_large_frames_decode_in_a_child_process_to_the_same_lines(upstream):
    """Above ``decode_process_bytes`` the log's decoding runs in another interpreter (it never
    holds the proxy's); its lines and summary counts are those of decoding in the proxy."""
    frames = [metadata_v8(300 << 10), metadata_v8(300 << 10) + b"\x00\x01",  # trailing bytes
              build_request("Metadata", 8, {"topics": []}, correlation_id=3)[:-3]]  # an error
    logs = []
    for process_bytes in (1 << 30, 0):
        log = io.StringIO()
        proxy = Proxy(upstream, log=log, idle_timeout=60, decode_process_bytes=process_bytes)
        with ProxyThread(proxy, max_lifetime=120) as thread:
            with socket.create_connection(thread.address, timeout=30) as sock:
                for frame in frames:
                    sock.sendall(SIZE.pack(len(frame)) + frame)
                ping(sock)
            summary = summary_of(proxy)
        assert (summary["errors"], summary["trailing"], summary["undecoded"]) == (1, 1, 0)
        lines = [json.loads(line) for line in log.getvalue().splitlines()]
        for line in lines:
            line.pop("ts"), line.pop("client")
        logs.append(lines)
        assert (proxy._log_worker._child is None) == (process_bytes == 1 << 30)
    in_proxy, in_child = logs
    assert in_child == in_proxy and len(in_child) == 5
    assert in_child[1]["trailing"] == "0001" and in_child[2]["error"]["class"] == "TruncatedError"


def test_a_decoding_process_that_dies_is_reported_and_replaced(upstream):
    big = metadata_v8(4 << 20)
    log = io.StringIO()
    proxy = Proxy(upstream, log=log, idle_timeout=60)
    with ProxyThread(proxy, max_lifetime=120) as thread:
        worker = proxy._log_worker
        assert worker is not None
        with socket.create_connection(thread.address, timeout=30) as sock:
            sock.sendall(SIZE.pack(len(big)) + big)
            deadline = time.monotonic() + 30
            while worker._child is None and time.monotonic() < deadline:
                time.sleep(0.001)
            worker._child.process.kill()  # starting up or decoding: the frame is lost to it
            sock.sendall(SIZE.pack(len(big)) + big)
            ping(sock)
        summary = summary_of(proxy)
    first, second, *_ = (json.loads(line) for line in log.getvalue().splitlines())
    assert first["undecoded"] == "the decoding process died (exit status -9)"
    assert first["size"] == len(big) and "body" not in first
    assert len(second["body"]["topics"]) == (4 << 20) // 12  # a new process decoded it
    assert summary["undecoded_causes"] == {"decoder_died": 1}


def test_a_decoding_process_that_cannot_start_is_reported(upstream, monkeypatch):
    big = metadata_v8(300 << 10)
    log = io.StringIO()
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")
    proxy = Proxy(upstream, log=log, idle_timeout=60)
    with ProxyThread(proxy, max_lifetime=120) as thread:
        with socket.create_connection(thread.address, timeout=30) as sock:
            sock.sendall(SIZE.pack(len(big)) + big)
            ping(sock)
        summary = summary_of(proxy)
    first, *rest = (json.loads(line) for line in log.getvalue().splitlines())
    assert first["undecoded"] == ("the decoding process did not start (FileNotFoundError: "
                                  "[Errno 2] No such file or directory: '/nonexistent/python')")
    assert first["size"] == len(big) and [r["api_name"] for r in rest] == ["ApiVersions"] * 2
    assert summary["undecoded_causes"] == {"decoder_unavailable": 1}


def test_one_big_frame_and_many_small_connections_finish_in_bounded_time(upstream):
    big = metadata_v8(4 << 20)
    log = Counting()
    proxy = Proxy(upstream, log=log, idle_timeout=60)
    waits: list[float] = []
    lock = threading.Lock()

    def client(address: tuple[str, int]) -> None:
        with socket.create_connection(address, timeout=30) as sock:
            mine = [ping(sock) for _ in range(10)]
        with lock:
            waits.extend(mine)

    start = time.monotonic()
    with ProxyThread(proxy, max_lifetime=120) as thread, \
            socket.create_connection(thread.address, timeout=30) as loud:
        loud.sendall(SIZE.pack(len(big)) + big)
        clients = [threading.Thread(target=client, args=(thread.address,)) for _ in range(40)]
        for c in clients:
            c.start()
        for c in clients:
            c.join(60)
        assert proxy.flush(60)
    assert len(waits) == 400
    assert max(waits) < 5.0
    assert time.monotonic() - start < 60
    assert log.lines == 1 + 400 * 2


def test_decoding_for_the_log_is_linear_in_the_request(upstream):
    from kformat.capture.messages import ConnectionDecoder

    def seconds(frame: bytes) -> float:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            decoded = ConnectionDecoder("c:1", "s:2").request(frame)
            json.dumps(decoded.record)
            best = min(best, time.perf_counter() - start)
        return best

    small, large = seconds(metadata_v8(256 << 10)), seconds(metadata_v8(1 << 20))
    assert large < 12 * small  # 4x the input; generous for a shared machine


@pytest.mark.parametrize("api, version, expected", [
    ("Metadata", 8, True), ("Metadata", 12, True), ("FindCoordinator", 3, True),
    ("FindCoordinator", 4, True), ("DescribeCluster", 1, True), ("Fetch", 16, True),
    ("Fetch", 15, False), ("Produce", 10, True), ("Produce", 9, False),
    ("DescribeQuorum", 2, True), ("ApiVersions", 3, False), ("Produce", 99, False),
])
def test_which_responses_the_rewrite_parses_before_forwarding(api, version, expected):
    from kformat.protocol.api import resolve_api

    assert advertises_brokers(resolve_api(api), version) is expected


def peak_rss_mb(pid: int) -> float:
    """The peak resident set of process ``pid`` so far (Linux: VmHWM), in MB."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM")


def children_of(pid: int) -> list[int]:
    """The processes ``pid``'s threads started (Linux)."""
    found = []
    for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


@pytest.mark.fuzz
@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc for the peak resident sets")
@pytest.mark.parametrize("megabytes", [4, 10])
def test_long_the_audits_requests_stall_time_and_peak_memory(upstream, tmp_path, megabytes):
    """The audit's load (docs/fuzzing.md): `kformat proxy` as its own process, one Metadata v8
    request of ``megabytes`` MB and a ping after another on a second connection, from the
    request until its line is logged: the longest ping, the decode time, the peak resident
    sets of the proxy and of its decoding process."""
    big = metadata_v8(megabytes * 10**6)
    log = tmp_path / "log.jsonl"
    proxy = subprocess.Popen(
        [sys.executable, "-m", "kformat", "proxy", "--listen", "127.0.0.1:0", "--upstream",
         f"{upstream[0]}:{upstream[1]}", "--log", str(log), "--max-lifetime", "300"],
        stderr=subprocess.PIPE, text=True)
    try:
        assert proxy.stderr is not None
        banner = proxy.stderr.readline()
        host, port = banner.rsplit(" for ", 1)[0].rsplit(" ", 1)[1].rsplit(":", 1)
        with socket.create_connection((host, int(port)), timeout=120) as loud, \
                socket.create_connection((host, int(port)), timeout=120) as quiet:
            ping(quiet)
            before = peak_rss_mb(proxy.pid)
            start = time.monotonic()
            loud.sendall(SIZE.pack(len(big)) + big)
            waits, child_peak = [], 0.0
            while b"Metadata" not in log.read_bytes() and time.monotonic() - start < 240:
                waits.append(ping(quiet))
                for child in children_of(proxy.pid):
                    with contextlib.suppress(OSError):  # ended meanwhile
                        child_peak = max(child_peak, peak_rss_mb(child))
            decoded = time.monotonic() - start
            peak = peak_rss_mb(proxy.pid)
        proxy.send_signal(signal.SIGINT)
        proxy.wait(60)
    finally:
        proxy.kill()
        proxy.wait()
        if proxy.stderr is not None:
            proxy.stderr.close()
    (line,) = (json.loads(x) for x in log.read_text().splitlines() if '"Metadata"' in x)
    assert len(line["body"]["topics"]) == megabytes * 10**6 // 12
    print(f"\n{len(big) / 1e6:.1f} MB Metadata v8 request ({len(line['body']['topics'])} topics): "
          f"{len(waits)} pings, longest {max(waits) * 1000:.0f} ms; logged after {decoded:.1f} s; "
          f"proxy peak RSS {peak:.0f} MB ({before:.0f} MB before), decoding process "
          f"{child_peak:.0f} MB")
    assert max(waits) < 1.0
    assert peak - before < 8 * megabytes + 20  # copies of the frame and its line only
    assert 0 < child_peak < 100 * megabytes + 100


def test_the_decoding_process_answers_a_failing_decode_with_its_reason():
    """A decode that raises in the child comes back as ``(None, reason)`` (the proxy logs the
    frame undecoded, ``decoder_failed``), and the child goes on with the next frame."""
    from kformat.capture.messages import ConnectionDecoder
    from kformat.live.proxy import _DecoderProcess

    child = _DecoderProcess()
    try:
        assert child.decode(("c:1", "s:2", False, False, None)) == (
            None, "AttributeError: 'NoneType' object has no attribute 'ts'")
        frame = ConnectionDecoder("c:1", "s:2").pair("request", PING, 1.5)
        line, errors, trailing = child.decode(("c:1", "s:2", False, False, frame))
        assert json.loads(line) == {"ts": 1.5, "client": "c:1", "server": "s:2",
                                    "kind": "request", "api_key": 18, "api_name": "ApiVersions",
                                    "api_version": 0, "correlation_id": 7, "client_id": "ping",
                                    "body": {}}
        assert (errors, trailing) == (0, 0)
    finally:
        child.close()
    assert child.process.returncode == 0
