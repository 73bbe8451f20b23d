"""The cluster's listeners: one asyncio server per node, one task per connection.

A connection reads size-prefixed frames (the size checked before the payload is read:
:func:`~kformat.protocol.framing.read_frame_async`), parses each request with kformat's grammars,
answers it with the handler registered for its API (:mod:`kformat.broker.registry`) and
builds the response with the same grammars. Requests on one connection are answered in
order, one at a time, as a Java broker does (it mutes a connection while a request is in
flight). What a Java broker does with bad input, this one does:

* a frame size below 0 or above ``max_frame_size``: the connection is closed;
* an ApiVersions request of a version the broker does not know: a version 0 response with
  UNSUPPORTED_VERSION and the supported versions (KIP-511);
* a request that does not parse, an unknown API key, a version outside the advertised
  range: the connection is closed;
* a known API the broker does not implement: its response with UNSUPPORTED_VERSION in the
  top-level ``error_code`` where the response has one, else the connection is closed.

Nothing a client sends stops the broker; every closed connection is counted in
:attr:`Server.closed_for` with the reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import struct
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, TextIO

from kformat.broker.codes import ErrorCode
from kformat.broker.producers import Producers
from kformat.broker.registry import HANDLERS
from kformat.broker.state import ClusterState, Node
from kformat.broker.versions import supported_range
from kformat.errors import KFormatError, TruncatedError
from kformat.jsonable import to_jsonable
from kformat.protocol.api import Request, build_response, parse_request, peek_request_header
from kformat.protocol.framing import DEFAULT_MAX_FRAME_SIZE, read_frame_async

__all__ = ["Connection", "RequestContext", "Server"]

SIZE: Final = struct.Struct(">i")
API_VERSIONS: Final = 18


@dataclass(eq=False)
class Connection:
    """One client connection to one node."""

    server: Server
    node: Node
    peer: str
    writer: asyncio.StreamWriter
    requests: int = 0
    principal: str | None = None
    """The SASL user once authenticated (None: no SASL, or not yet)."""
    data: dict[str, Any] = field(default_factory=dict)
    """Per-connection state of the handlers (SASL exchange, ...)."""

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()


@dataclass
class RequestContext:
    """What a handler knows: the server, the cluster, the node and connection asked."""

    server: Server
    connection: Connection

    @property
    def cluster(self) -> ClusterState:
        return self.server.cluster

    @property
    def node(self) -> Node:
        return self.connection.node


class CloseConnection(Exception):
    """Raised inside request handling: close the connection without answering."""


@functools.lru_cache(maxsize=1024)  # keyed by what clients send: bounded
def _has_top_level_error(api_key: int, version: int) -> bool:
    """Whether the response of ``api_key`` v``version`` has a top-level ``error_code``."""
    return build_response(api_key, version, {}) != build_response(api_key, version,
                                                                   {"error_code": 1})


class Server:
    """The listeners and request loop of a cluster (see the module doc)."""

    def __init__(self, cluster: ClusterState, *, kafka_version: str,
                 max_frame_size: int = DEFAULT_MAX_FRAME_SIZE, log: TextIO | None = None,
                 idle_timeout: float | None = None) -> None:
        self.cluster = cluster
        self.kafka_version = kafka_version
        self.max_frame_size = max_frame_size
        self.log = log
        self.idle_timeout = idle_timeout
        self.advertised: dict[int, tuple[int, int]] = {}
        for key in sorted(HANDLERS):
            found = supported_range(kafka_version, key)
            if found is not None:
                self.advertised[key] = found
        self.producers = Producers()
        self.transactions: Any = None
        """The transaction coordinator, when one is installed (None: no transactions)."""
        self.closed_for: Counter[str] = Counter()
        self.handled: Counter[str] = Counter()
        self.interceptors: list[Callable[..., Any]] = []
        """Called as ``await interceptor(context, request)`` before the handler: see
        :mod:`kformat.broker.hooks`."""
        self._servers: dict[int, asyncio.base_events.Server] = {}
        self._connections: set[Connection] = set()
        self._tasks: set[asyncio.Task[Any]] = set()

    # ------------------------------------------------------------------ listening

    async def start(self) -> None:
        for node in self.cluster.nodes:
            await self.listen(node)

    async def listen(self, node: Node) -> None:
        """Open ``node``'s listener (port 0: a free port, written back to the node)."""
        server = await asyncio.start_server(
            lambda r, w: self._connection(node, r, w), node.host, node.port,
            reuse_address=True)
        node.port = server.sockets[0].getsockname()[1]
        self._servers[node.node_id] = server

    async def take_down(self, node_id: int) -> None:
        """Close ``node_id``'s listener and its connections (the node is down)."""
        self.cluster.down.add(node_id)
        server = self._servers.pop(node_id, None)
        if server is not None:
            server.close()
        for conn in list(self._connections):
            if conn.node.node_id == node_id:
                conn.close()

    async def bring_up(self, node_id: int) -> None:
        """Listen again on the port ``node_id`` had."""
        node = self.cluster.node(node_id)
        if node is not None and node_id not in self._servers:
            await self.listen(node)
        self.cluster.down.discard(node_id)

    async def stop(self) -> None:
        for server in self._servers.values():
            server.close()
        for conn in list(self._connections):
            conn.close()
        for task in list(self._tasks):
            task.cancel()
        for server in self._servers.values():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 2)
        self._servers.clear()

    # ------------------------------------------------------------------ connections

    async def _connection(self, node: Node, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        peer = writer.get_extra_info("peername")
        conn = Connection(self, node, f"{peer[0]}:{peer[1]}" if peer else "?", writer)
        self._connections.add(conn)
        try:
            at = 0  # where the next frame starts in the client's stream
            while True:
                try:
                    payload = await read_frame_async(reader, max_frame_size=self.max_frame_size,
                                                     timeout=self.idle_timeout, offset=at)
                except TruncatedError:  # the client went away inside a frame
                    return
                except KFormatError as exc:
                    self._closed(conn, f"frame size: {exc}")
                    return
                if payload is None:
                    return
                at += 4 + len(payload)
                conn.requests += 1
                try:
                    answer = await self.answer(conn, payload)
                except CloseConnection as exc:
                    self._closed(conn, str(exc) or "closed by a hook")
                    return
                if answer is not None:
                    writer.write(SIZE.pack(len(answer)) + answer)
                    await writer.drain()
        except (TimeoutError, asyncio.IncompleteReadError, ConnectionError):
            return
        except asyncio.CancelledError:
            return
        except Exception as exc:  # a bug in a handler or hook: this connection only
            self._closed(conn, f"internal error: {exc!r}")
            import traceback

            traceback.print_exc()
        finally:
            self._connections.discard(conn)
            conn.close()
            if task is not None:
                self._tasks.discard(task)

    def _closed(self, conn: Connection, reason: str) -> None:
        self.closed_for[reason.split(":")[0]] += 1
        self._write({"event": "closed", "node": conn.node.node_id, "client": conn.peer,
                     "reason": reason})

    def _write(self, record: dict[str, Any]) -> None:
        if self.log is not None:
            self.log.write(json.dumps(to_jsonable(record), ensure_ascii=False) + "\n")
            self.log.flush()

    # ------------------------------------------------------------------ requests

    def api_versions_fallback(self, correlation_id: int) -> bytes:
        """The KIP-511 answer to an ApiVersions request of an unknown version."""
        return build_response(API_VERSIONS, 0, {
            "error_code": ErrorCode.UNSUPPORTED_VERSION,
            "api_keys": self.api_keys()}, correlation_id=correlation_id)

    def api_keys(self) -> list[dict[str, int]]:
        return [{"api_key": k, "min_version": lo, "max_version": hi}
                for k, (lo, hi) in sorted(self.advertised.items())]

    async def answer(self, conn: Connection, payload: bytes) -> bytes | None:
        """The response frame (without its size) to one request frame, or None."""
        try:
            key, version, cid, _ = peek_request_header(payload, client_id=False)
        except KFormatError as exc:
            raise CloseConnection(f"request header: {exc}") from None
        supported = self.advertised.get(key)
        if key == API_VERSIONS and supported is not None and \
                not supported[0] <= version <= supported[1]:
            return self.api_versions_fallback(cid)
        try:
            request = parse_request(payload, strict=False)
        except KFormatError as exc:
            raise CloseConnection(f"request: {exc}") from None
        context = RequestContext(self, conn)
        if self.log is not None:
            self._write({"event": "request", "node": conn.node.node_id, "client": conn.peer,
                         "api": request.api_name, "version": version, "correlation_id": cid,
                         "body": request.body})
        body = None
        for interceptor in self.interceptors:
            body = await interceptor(context, request)
            if body is not None:
                break
        if body is None:
            body = await self.handle(context, request)
        if body is None:
            return None
        self.handled[request.api_name] += 1
        if self.log is not None:
            self._write({"event": "response", "node": conn.node.node_id,
                         "api": request.api_name, "version": version, "correlation_id": cid,
                         "body": body})
        try:
            return build_response(key, version, body, correlation_id=cid)
        except KFormatError as exc:
            raise CloseConnection(f"response: {exc}") from None

    async def handle(self, context: RequestContext, request: Request) -> dict[str, Any] | None:
        """The handler's body for ``request`` (the built-in behaviour, hooks aside)."""
        key, version = request.api_key, request.api_version
        supported = self.advertised.get(key)
        if supported is None:
            if _has_top_level_error(key, version):
                return {"error_code": ErrorCode.UNSUPPORTED_VERSION}
            raise CloseConnection(f"unsupported API: {request.api_name} v{version}")
        if not supported[0] <= version <= supported[1]:
            raise CloseConnection(f"unsupported version: {request.api_name} v{version}")
        return await HANDLERS[key](context, request)

    def now_ms(self) -> int:
        return int(time.time() * 1000)
