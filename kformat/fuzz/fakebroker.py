"""A loopback broker that answers from a frame log: the replay half of live fuzzing.

:class:`FakeBroker` listens on the addresses the log's connections used (``broker`` of each
record: the proxy's listening addresses, which the recorded Metadata and FindCoordinator
responses advertise, so a client follows them to this broker as it did to the proxy). For
each request a client sends it answers with the next recorded response to a request of the
same api key and version (per listening address first, then over all addresses), its correlation id set to the
request's. A recorded response is sent as it went on the wire the first time (mutated
bytes included). When the log holds no more responses of that api key, the last one is
served again unmutated; an api key the log never answered closes the connection.
Produce with ``acks=0`` gets no answer, as from a real broker.

With a :class:`~kformat.fuzz.live.FrameMutator` the broker mutates the responses it serves
(from their recorded original bytes) and logs every frame: a campaign against a client with
no broker at all, from a recorded conversation.

Everything is bounded: loopback only, frames up to ``max_frame_size``, a socket timeout per
read, connections idle for ``timeout`` seconds closed, and :meth:`FakeBroker.stop` (or the context manager) ends every thread.
"""

from __future__ import annotations

import socket
import struct
import threading
import time
from collections import defaultdict, deque
from collections.abc import Iterable
from dataclasses import dataclass

from kformat.console import parse_address
from kformat.errors import KFormatError
from kformat.fuzz.framelog import FrameRecord
from kformat.fuzz.live import FrameMutator
from kformat.protocol.api import expects_response, peek_request_header
from kformat.protocol.framing import DEFAULT_MAX_FRAME_SIZE, read_frame

__all__ = ["FakeBroker", "ServedFrame"]

_SIZE = struct.Struct(">i")


@dataclass(frozen=True)
class ServedFrame:
    """What the fake broker did with one request."""

    listener: str
    api_key: int
    correlation_id: int
    response_n: int | None
    """``n`` of the recorded response served (None: none, connection closed or no answer)."""
    mutated: bool


def _endpoint(text: str) -> tuple[str, int]:
    return parse_address(text, default_host="127.0.0.1", allow_port_zero=True)


class FakeBroker:
    """Serve recorded responses on loopback; see the module doc."""

    def __init__(self, records: Iterable[FrameRecord], *, mutator: FrameMutator | None = None,
                 listeners: Iterable[str] | None = None, timeout: float = 30.0,
                 max_frame_size: int = DEFAULT_MAX_FRAME_SIZE) -> None:
        records = list(records)
        self.responses = [r for r in records if r.direction == "response" and r.api_key is not None]
        self.mutator = mutator
        self.timeout = timeout
        self.max_frame_size = max_frame_size
        addresses = list(listeners) if listeners is not None else []
        for r in records:
            if r.broker and r.broker not in addresses:
                addresses.append(r.broker)
        self.addresses = addresses or ["127.0.0.1:0"]
        self.served: list[ServedFrame] = []
        self._by_listener: dict[tuple[str, int, int | None], deque[FrameRecord]] = \
            defaultdict(deque)
        self._by_key: dict[tuple[int, int | None], deque[FrameRecord]] = defaultdict(deque)
        self._last: dict[tuple[int, int | None], FrameRecord] = {}
        self._used: set[int] = set()
        for r in self.responses:
            assert r.api_key is not None
            self._by_listener[(r.broker, r.api_key, r.api_version)].append(r)
            self._by_key[(r.api_key, r.api_version)].append(r)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._sockets: list[socket.socket] = []
        self._threads: list[threading.Thread] = []
        self._connections = 0
        self.bound: dict[str, str] = {}
        """Recorded listening address -> the address actually bound."""

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> FakeBroker:
        for address in self.addresses:
            host, port = _endpoint(address)
            if host not in ("127.0.0.1", "localhost", "::1"):
                raise PermissionError(f"the fake broker listens on loopback only, not {host}")
            family = socket.AF_INET6 if ":" in host else socket.AF_INET
            server = socket.socket(family, socket.SOCK_STREAM)
            server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                server.bind((host, port))
            except OSError as exc:
                server.close()
                self.stop()
                raise OSError(f"cannot listen on {address} as the log did: {exc}") from None
            server.listen(16)
            server.settimeout(0.2)
            bound = server.getsockname()
            self.bound[address] = f"{host}:{bound[1]}"
            self._sockets.append(server)
            thread = threading.Thread(target=self._accept, args=(server, address), daemon=True)
            self._threads.append(thread)
            thread.start()
        return self

    @property
    def bootstrap(self) -> str:
        """The address to give the client: where the log's first connection went."""
        return self.bound[self.addresses[0]]

    def stop(self) -> None:
        self._stop.set()
        for s in self._sockets:
            try:
                s.close()
            except OSError:
                pass
        for t in self._threads:
            t.join(timeout=5)

    def __enter__(self) -> FakeBroker:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    # ------------------------------------------------------------------ serving

    def _accept(self, server: socket.socket, address: str) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with self._lock:
                self._connections += 1
                number = self._connections
            thread = threading.Thread(target=self._serve, args=(conn, address, number),
                                      daemon=True)
            self._threads.append(thread)
            thread.start()

    def _read(self, conn: socket.socket) -> bytes | None:
        """The next request frame, or None: the client closed, went idle for ``timeout``
        seconds, sent a bad frame, or the broker is stopping."""
        try:
            return read_frame(conn, max_frame_size=self.max_frame_size,
                              deadline=time.monotonic() + self.timeout,
                              stopped=self._stop.is_set)
        except (OSError, KFormatError):  # TimeoutError is an OSError
            return None

    def _next_response(self, listener: str, api_key: int, version: int) -> FrameRecord | None:
        key = (api_key, version)
        with self._lock:
            for queue in (self._by_listener.get((listener, *key)), self._by_key.get(key)):
                while queue:
                    record = queue.popleft()
                    if record.n in self._used:
                        continue
                    self._used.add(record.n)
                    self._last[key] = record
                    return record
            last = self._last.get(key)
        if last is None:
            return None
        return FrameRecord(last.n, "response", last.original, last.connection, last.broker,
                           last.api_key, last.api_name, last.api_version, last.correlation_id)

    def _serve(self, conn: socket.socket, listener: str, number: int) -> None:
        with conn:
            while not self._stop.is_set():
                request = self._read(conn)
                if request is None:
                    return
                try:
                    key, version, cid, _ = peek_request_header(request, client_id=False)
                except KFormatError:
                    return
                if self.mutator is not None:
                    self.mutator.on_frame("request", request, connection=number, broker=listener)
                if not expects_response(request):
                    self.served.append(ServedFrame(listener, key, cid, None, False))
                    continue
                record = self._next_response(listener, key, version)
                if record is None:
                    self.served.append(ServedFrame(listener, key, cid, None, False))
                    return
                wire = self._wire(record, cid, number, listener)
                mutated = wire[:4] + wire[8:] != record.original[:4] + record.original[8:]
                self.served.append(ServedFrame(listener, key, cid, record.n, mutated))
                try:
                    conn.sendall(wire)
                except OSError:
                    return

    def _wire(self, record: FrameRecord, cid: int, number: int, listener: str) -> bytes:
        if self.mutator is not None:
            payload = _SIZE.pack(cid) + record.original[8:]
            return self.mutator.on_frame("response", payload, api_key=record.api_key,
                                         api_version=record.api_version, correlation_id=cid,
                                         api_name=record.api_name, connection=number,
                                         broker=listener)
        wire = record.wire
        if len(wire) >= 8:
            wire = wire[:4] + _SIZE.pack(cid) + wire[8:]
        return wire
