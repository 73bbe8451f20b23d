"""``kformat proxy`` on the command line: address errors in the user's words, bind and upstream
failures as one line before serving, each connection's summary when it closes."""

from __future__ import annotations

import io
import json
import re
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from kformat.cli import run
from kformat.console import AddressError, Console, parse_address


@pytest.fixture
def listening() -> Iterator[socket.socket]:
    """A loopback socket that listens (connections wait in its backlog)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    with sock:
        yield sock


def port_of(sock: socket.socket) -> int:
    return sock.getsockname()[1]


def proxy_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(["proxy", *argv], Console(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("text, expected", [
    ("localhost:9092", ("localhost", 9092)),
    (" broker-1.example:19092 ", ("broker-1.example", 19092)),
    ("[::1]:9092", ("::1", 9092)),
    ("::1:9092", ("::1", 9092)),  # as Kafka's Utils.getHost reads it
])
def test_parse_address(text, expected):
    assert parse_address(text) == expected


@pytest.mark.parametrize("text, message", [
    ("nohostport", "expected HOST:PORT (such as localhost:9092), got 'nohostport'"),
    ("host:", "expected HOST:PORT (such as localhost:9092), got 'host:'"),
    ("host:port", "expected HOST:PORT (such as localhost:9092), got 'host:port'"),
    ("host:٣", "expected HOST:PORT (such as localhost:9092), got 'host:٣'"),
    (":9092", "no host before the port in ':9092' (expected HOST:PORT, such as localhost:9092)"),
    ("host:0", "port 0 is out of range (1-65535) in 'host:0'"),
    ("host:65536", "port 65536 is out of range (1-65535) in 'host:65536'"),
])
def test_bad_addresses_say_what_was_expected(text, message):
    with pytest.raises(AddressError) as caught:
        parse_address(text)
    assert str(caught.value) == message


def test_listening_defaults():
    assert parse_address(":0", default_host="127.0.0.1", allow_port_zero=True) == ("127.0.0.1", 0)


def test_upstream_without_a_port_is_a_usage_error_in_the_users_words():
    code, out, err = proxy_cli("--upstream", "nohostport")
    assert (code, out) == (2, "")
    assert err == ("kformat proxy: --upstream: UsageError: expected HOST:PORT (such as "
                   "localhost:9092), got 'nohostport' (see kformat proxy --help)\n")


@pytest.mark.parametrize("value", ["-1", "16M", ""])
def test_decode_max_bytes_is_a_number_of_bytes(value):
    code, out, err = proxy_cli("--upstream", "localhost:9092", "--decode-max-bytes", value)
    assert (code, out) == (2, "")
    assert err == ("kformat proxy: --decode-max-bytes: UsageError: expected a number of bytes "
                   f"(0 or more), got {value!r} (see kformat proxy --help)\n")


def test_a_port_in_use_is_one_line_and_exit_2(listening):
    busy = port_of(listening)
    code, out, err = proxy_cli("--listen", f"127.0.0.1:{busy}",
                               "--upstream", f"127.0.0.1:{busy}", "--max-lifetime", "5")
    assert (code, out) == (2, "")
    assert "Traceback" not in err
    assert re.fullmatch(rf"kformat proxy: --listen 127\.0\.0\.1:{busy}: (OSError: )?"
                        r"Address already in use\n", err), err


def test_a_port_in_use_as_json(listening):
    busy = port_of(listening)
    code, _, err = proxy_cli("--listen", f"127.0.0.1:{busy}", "--upstream",
                             f"127.0.0.1:{busy}", "--max-lifetime", "5", "--json")
    assert code == 2
    assert json.loads(err) == {"error": "OSError", "reason": "Address already in use",
                               "file": f"--listen 127.0.0.1:{busy}"}


def test_an_unreachable_upstream_is_said_up_front_in_one_line():
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        closed = port_of(sock)
    start = time.monotonic()
    code, out, err = proxy_cli("--listen", "127.0.0.1:0", "--upstream", f"127.0.0.1:{closed}",
                               "--max-lifetime", "30")
    assert time.monotonic() - start < 15  # not served until max-lifetime
    assert (code, out) == (2, "")
    assert re.fullmatch(rf"kformat proxy: --upstream 127\.0\.0\.1:{closed}: "
                        r"(ConnectionRefusedError: )?Connection refused\n", err), err


class Lines(io.StringIO):
    """A stderr the test can read while the proxy writes to it from its thread."""

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()

    def write(self, text: str) -> int:
        with self.lock:
            return super().write(text)

    def lines(self) -> list[str]:
        with self.lock:
            return self.getvalue().splitlines()


def test_each_connection_is_summarised_when_it_closes(listening):
    err = Lines()
    done: list[int] = []
    argv = ["proxy", "--listen", "127.0.0.1:0", "--upstream", f"127.0.0.1:{port_of(listening)}",
            "--max-lifetime", "4", "--log", "/dev/null"]
    thread = threading.Thread(target=lambda: done.append(run(argv, Console(stderr=err))),
                              daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not err.lines() and time.monotonic() < deadline:
        time.sleep(0.02)
    (banner,) = err.lines()
    host, port = re.match(r"kformat proxy: listening on (.+):(\d+) for ", banner).groups()
    for n in (1, 2):
        with socket.create_connection((host, int(port)), timeout=10):
            pass
        while len(err.lines()) < 1 + n and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(err.lines()) == 1 + n, err.lines()  # while the proxy still runs
        summary = json.loads(err.lines()[n])
        assert summary["status"] == "kafka" and summary["requests"] == 0
    assert thread.is_alive() and not done
    thread.join(20)
    assert done == [0] and len(err.lines()) == 3


def test_decode_max_bytes_reaches_the_proxy(listening, tmp_path):
    """A frame over ``--decode-max-bytes`` is forwarded and logged undecoded with its size."""
    from kformat.protocol.api import build_request

    request = build_request("ApiVersions", 0, {}, correlation_id=5, client_id="c")
    log = tmp_path / "log.jsonl"
    err = Lines()
    argv = ["proxy", "--listen", "127.0.0.1:0", "--upstream", f"127.0.0.1:{port_of(listening)}",
            "--max-lifetime", "3", "--log", str(log), "--decode-max-bytes", str(len(request) - 1)]
    thread = threading.Thread(target=lambda: run(argv, Console(stderr=err)), daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not err.lines() and time.monotonic() < deadline:
        time.sleep(0.02)
    host, port = re.match(r"kformat proxy: listening on (.+):(\d+) for ", err.lines()[0]).groups()
    with socket.create_connection((host, int(port)), timeout=10) as client:
        client.sendall(len(request).to_bytes(4, "big") + request)
        listening.settimeout(10)
        got = b""
        while not got:  # the first connection may be the proxy's probe of the upstream
            upstream, _ = listening.accept()
            with upstream:
                upstream.settimeout(10)
                while chunk := upstream.recv(4096):
                    got += chunk
                    if len(got) >= 4 + len(request):
                        break
        assert got == len(request).to_bytes(4, "big") + request  # forwarded as it came
    thread.join(20)
    (line,) = (json.loads(x) for x in log.read_text().splitlines())
    assert (line["api_name"], line["size"], "body" in line) == ("ApiVersions", len(request), False)
    assert line["undecoded"] == (f"frame of {len(request)} bytes, over the decode limit "
                                 f"({len(request) - 1} bytes)")
    assert json.loads(err.lines()[1])["undecoded_causes"] == {"over_decode_max_bytes": 1}
