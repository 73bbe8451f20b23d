"""Reading size-prefixed frames off a connection: one reader (``read_frame`` on a socket,
``read_frame_async`` on an asyncio stream) and one bound rule (``frame_size``), shared by
every client, server and proxy in kformat."""

from __future__ import annotations

import asyncio
import io
import json
import socket
import struct
import threading
import time
from collections.abc import Callable

import pytest

from kformat import (
    InvalidValueError,
    KFormatError,
    LimitExceededError,
    TruncatedError,
    frame,
    unframe,
)
from kformat.capture import ConnectionDecoder
from kformat.console import parse_address
from kformat.fuzz.fakebroker import FakeBroker
from kformat.fuzz.send import send_case
from kformat.live.proxy import Proxy, ProxyThread
from kformat.protocol.framing import (
    DEFAULT_MAX_FRAME_SIZE,
    frame_size,
    read_frame,
    read_frame_async,
    split_frames,
)
from kformat.testing import Broker

OVERSIZE = struct.pack(">i", DEFAULT_MAX_FRAME_SIZE + 1)
NEGATIVE = struct.pack(">i", -1)


def _sync(data: bytes, offset: int = 0) -> list[bytes | None]:
    """Every ``read_frame`` result on a connection that carries ``data``, then closes."""
    a, b = socket.socketpair()
    with a, b:
        a.sendall(data)
        a.close()
        out: list[bytes | None] = []
        while True:
            got = read_frame(b, max_frame_size=100, deadline=time.monotonic() + 5, offset=offset)
            out.append(got)
            if got is None:
                return out
            offset += 4 + len(got)


def _async(data: bytes, offset: int = 0) -> list[bytes | None]:
    async def run() -> list[bytes | None]:
        nonlocal offset
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        out: list[bytes | None] = []
        while True:
            got = await read_frame_async(reader, max_frame_size=100, timeout=5, offset=offset)
            out.append(got)
            if got is None:
                return out
            offset += 4 + len(got)
    return asyncio.run(run())


READERS = pytest.mark.parametrize("read", [_sync, _async], ids=["socket", "asyncio"])


@READERS
def test_frames_are_read_one_by_one_and_a_close_between_frames_is_none(read):
    assert read(frame(b"one") + frame(b"") + frame(b"x" * 100)) == [b"one", b"", b"x" * 100, None]
    assert read(b"") == [None]


@READERS
@pytest.mark.parametrize(("tail", "error", "offset", "expected", "actual"), [
    (b"\x00\x00", TruncatedError, 1007, 4, 2),  # the size itself cut short
    (b"\x00\x00\x00\x05abc", TruncatedError, 1007, 5, 3),  # the payload cut short
    (b"\xff\xff\xff\xfe", InvalidValueError, 1007, None, -2),
    (struct.pack(">i", 101), LimitExceededError, 1007, 100, 101),
])
def test_a_bad_frame_raises_with_its_absolute_offset(read, tail, error, offset, expected, actual):
    with pytest.raises(error) as info:
        read(frame(b"abc") + tail, 1000)  # the connection's stream had 1000 bytes before
    err = info.value
    assert type(err) is error
    assert (err.offset, err.expected, err.actual) == (offset, expected, actual)


def test_the_socket_reader_is_bounded_in_time_and_stops_when_told():
    a, b = socket.socketpair()
    with a, b:
        a.sendall(b"\x00\x00\x00\x05ab")  # and then nothing
        start = time.monotonic()
        with pytest.raises(TimeoutError):
            read_frame(b, deadline=start + 0.3)
        assert 0.25 < time.monotonic() - start < 3
        stop = threading.Event()
        threading.Timer(0.2, stop.set).start()
        assert read_frame(b, deadline=time.monotonic() + 10, stopped=stop.is_set) is None


def test_an_oversize_size_is_refused_before_the_payload_arrives():
    a, b = socket.socketpair()
    with a, b:
        a.sendall(OVERSIZE)  # the announced payload never comes: nothing waits for it
        with pytest.raises(LimitExceededError):
            read_frame(b, deadline=time.monotonic() + 5)


# --------------------------------------------------------------------------- one bound everywhere


def _rule(head: bytes) -> KFormatError:
    with pytest.raises(KFormatError) as info:
        frame_size(head)
    return info.value


def _listening_sink() -> tuple[socket.socket, Callable[[], None]]:
    """A loopback server that accepts and holds connections open until closed."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    stop = threading.Event()
    held: list[socket.socket] = []

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except (TimeoutError, OSError):
                continue
            held.append(conn)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()

    def close() -> None:
        stop.set()
        thread.join(5)
        for conn in held:
            conn.close()
        server.close()
    return server, close


def _read_one_sync(head: bytes) -> None:
    a, b = socket.socketpair()
    with a, b:
        a.sendall(head)
        read_frame(b, deadline=time.monotonic() + 5)


def _read_one_async(head: bytes) -> None:
    async def run() -> None:
        reader = asyncio.StreamReader()
        reader.feed_data(head)
        reader.feed_eof()
        await read_frame_async(reader, timeout=5)
    asyncio.run(run())


def _answering(head: bytes) -> tuple[int, Callable[[], None]]:
    """A loopback target that answers the first thing it receives with ``head``."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(5)

    def answer() -> None:
        try:
            conn, _ = server.accept()
        except OSError:
            return
        with conn:
            conn.recv(64)
            conn.sendall(head)
            time.sleep(0.5)

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()

    def close() -> None:
        thread.join(5)
        server.close()
    return server.getsockname()[1], close


@pytest.mark.parametrize("head", [OVERSIZE, NEGATIVE], ids=["oversize", "negative"])
def test_every_reader_refuses_a_bad_size_with_the_same_error(head):
    """The frame size rule has one home: each reader in kformat gives its error."""
    rule = _rule(head)
    for read in (unframe, split_frames, _read_one_sync, _read_one_async):
        with pytest.raises(KFormatError) as info:
            read(head)
        assert (type(info.value), str(info.value)) == (type(rule), str(rule)), read
    # the capture decoder (the proxy's log): the same error, as JSON
    decoder = ConnectionDecoder("c", "s")
    (decoded,) = decoder.feed("client", head)
    assert (type(decoded.error), str(decoded.error)) == (type(rule), str(rule))
    # fuzz send: the reply's size is recorded, the reply not read
    port, close = _answering(head)
    try:
        outcome = send_case("127.0.0.1", port, frame(b"hello"), 5)
    finally:
        close()
    assert outcome == ("response", rule.actual, f"reply size not read: {rule}")
    # the fake broker closes the connection without waiting for a payload
    with FakeBroker([], timeout=5) as fake, \
            socket.create_connection(parse_address(fake.bootstrap), timeout=5) as sock:
        sock.sendall(head)
        assert sock.recv(16) == b""
    # the test broker closes it too, naming the rule's error
    log = io.StringIO()
    with Broker(1, max_lifetime=60, log=log) as broker:
        with socket.create_connection(broker.addresses[0], timeout=5) as sock:
            sock.sendall(head)
            assert sock.recv(16) == b""
        deadline = time.monotonic() + 5
        while "frame size" not in broker.server.closed_for and time.monotonic() < deadline:
            time.sleep(0.05)
    closed = [json.loads(line) for line in log.getvalue().splitlines() if '"closed"' in line]
    assert [c["reason"] for c in closed] == [f"frame size: {rule}"]


def test_the_proxy_logs_the_rule_error():
    """The proxy pipes the rest raw and logs the rule's error (it used to count it in the
    summary and log nothing)."""
    rule = _rule(OVERSIZE)
    server, close = _listening_sink()
    log = io.StringIO()
    try:
        proxy = Proxy(server.getsockname(), log=log)
        with ProxyThread(proxy, max_lifetime=30) as thread, \
                socket.create_connection(thread.address, timeout=5) as sock:
            sock.sendall(OVERSIZE)
            time.sleep(0.3)
        lines = [json.loads(line) for line in log.getvalue().splitlines()]
    finally:
        close()
    errors = [line["error"] for line in lines if "error" in line]
    assert errors[:1] == [{"class": type(rule).__name__, "path": rule.field_path,
                           "offset": rule.offset, "reason": rule.reason}]
