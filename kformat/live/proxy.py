"""``kformat proxy``: a decoding TCP proxy in front of a Kafka broker or cluster.

Every frame going through is decoded (:class:`~kformat.capture.messages.ConnectionDecoder`,
the same JSON lines as ``kformat decode pcap``), passed through the *frame hooks*, and
forwarded. A hook is ``on_frame(direction, frame, context) -> bytes``: ``direction`` is
``"request"`` (client to broker) or ``"response"``, ``frame`` the payload without its size
prefix, and ``context`` a :class:`FrameContext` holding the parsed message (or None when it
did not decode), its JSON record and the connection. It returns the frame to forward
(the same object when unchanged). Hooks run in order; a mutating layer plugs in here.

The built-in hook :meth:`Proxy.rewrite_brokers` keeps clients going through the proxy: in
every response it finds the brokers advertised (any struct with a ``host`` and a ``port``:
Metadata, FindCoordinator, DescribeCluster, the NodeEndpoints of Fetch and Produce,
DescribeQuorum listeners...), opens one listening port per upstream broker, and rewrites the
addresses to those ports, by parse, modify, build with kformat's own API
(:meth:`~kformat.protocol.api.Response.to_bytes` keeps everything else byte for byte).

Forwarding never waits for the log: each frame is read, paired with its request (cheap:
the header only), forwarded, and queued for a worker thread that decodes it and writes its
JSON line, in order; frames of ``decode_process_bytes`` or more are decoded in a child
process, whose work never holds this interpreter. The queue holds at most
``decode_queue_bytes`` of frames; a frame arriving past that is logged with its header
fields and ``undecoded`` (counted in the connection's summary), never buffered without
limit. Frames over ``decode_max_bytes`` are never decoded (logged the same way). A frame a
hook needs parsed (a response that can advertise brokers, for the rewrite, or every frame
when there are other hooks) is decoded before it is forwarded, in a small thread pool.

Frames that do not decode are forwarded unchanged and logged with their error. A TLS
connection is piped through undecoded and reported. Listening sockets bind to 127.0.0.1 by
default; connections and the proxy itself have bounded lifetimes when asked
(``idle_timeout``, ``max_lifetime``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import os
import pickle
import queue
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final, TextIO

from kformat.capture.messages import ConnectionDecoder, Decoded, Frame, looks_like_tls
from kformat.console import OK, USAGE, Console, address_argument
from kformat.errors import KFormatError
from kformat.primitives import KArray, KStruct, Presence, TaggedFields
from kformat.primitives.base import unwrap
from kformat.protocol.api import Request, Response, grammar
from kformat.protocol.framing import DEFAULT_MAX_FRAME_SIZE, frame_size, read_exactly

__all__ = ["DECODE_MAX_BYTES", "DECODE_PROCESS_BYTES", "DECODE_QUEUE_BYTES", "FrameContext",
           "FrameHook", "Proxy", "ProxyThread", "advertised_brokers", "advertises_brokers"]

SIZE: Final = struct.Struct(">i")
Address = tuple[str, int]
DECODE_QUEUE_BYTES: Final = 64 << 20
"""Frame bytes waiting for the log's decoder; a frame past it is logged undecoded."""
DECODE_MAX_BYTES: Final = 16 << 20
"""The largest frame decoded; a larger one is forwarded and logged undecoded, with its size."""
DECODE_PROCESS_BYTES: Final = 256 << 10
"""Frames at least this large are decoded for the log in a separate process, so that their
decoding never holds the interpreter (and the forwarding) of the proxy; smaller ones are
decoded in the log's thread, in milliseconds."""
HOOK_DECODERS: Final = 2
"""Threads decoding the frames hooks need before they are forwarded."""


@dataclass
class FrameContext:
    """What a frame hook knows about the frame it is given."""

    proxy: Proxy
    connection: ConnectionDecoder
    upstream: Address
    message: Request | Response | None
    decoded: Decoded

    @property
    def record(self) -> dict[str, Any]:
        return self.decoded.record


FrameHook = Callable[[str, bytes, FrameContext], bytes]


def advertised_brokers(value: Any) -> Iterator[dict[str, Any]]:
    """Every struct in a parsed body with a ``host`` (str) and a ``port`` (int)."""
    if isinstance(value, dict):
        if isinstance(value.get("host"), str) and isinstance(value.get("port"), int) \
                and not isinstance(value.get("port"), bool):
            yield value
        for item in value.values():
            yield from advertised_brokers(item)
    elif isinstance(value, list):
        for item in value:
            yield from advertised_brokers(item)


@functools.lru_cache(maxsize=1024)  # keyed by what clients send: bounded
def advertises_brokers(api_key: int, api_version: int) -> bool:
    """Whether a response of this API version can hold a struct with a ``host`` and a
    ``port`` (what :meth:`Proxy.rewrite_brokers` rewrites): read from its grammar once."""
    try:
        root = grammar(api_key, api_version, "response")
    except KFormatError:
        return False
    return _has_host_and_port(root)


def _has_host_and_port(sc: Any) -> bool:
    sc = unwrap(sc)[1]
    if isinstance(sc, KStruct):
        names: set[str] = set()
        children: list[Any] = []
        for sub in sc.subcons:
            inner = unwrap(sub)[1]
            if sub.name:
                names.add(sub.name)
            if isinstance(inner, TaggedFields):
                names.update(f.name for f in inner.fields)
                children += [f.subcon for f in inner.fields]
            elif getattr(inner, "flatten", False):
                children.append(inner.subcon)
                flat = unwrap(inner.subcon)[1]
                names.update(x.name for x in getattr(flat, "subcons", ()) if x.name)
            else:
                children.append(inner)
        return {"host", "port"} <= names or any(_has_host_and_port(c) for c in children)
    if isinstance(sc, KArray | Presence):
        return _has_host_and_port(sc.subcon)
    return False


def _decode_line(client: str, server: str, all_fields: bool, records: bool,
                 frame: Frame) -> tuple[str, int, int]:
    """In the decoding process: ``frame``'s JSON line (as :meth:`ConnectionDecoder.decode`
    makes it, paired in the proxy) and the errors and trailing bytes it adds to the summary."""
    decoder = ConnectionDecoder(client, server, all_fields=all_fields, records=records)
    line = json.dumps(decoder.decode(frame).record, ensure_ascii=False)
    return line, decoder.stats.errors, decoder.stats.trailing


def _decoder_main() -> None:
    """The decoding process: pickled :func:`_decode_line` arguments on stdin, pickled results
    (or ``(None, reason)`` when decoding raised) on stdout, until stdin closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the proxy's interrupt ends it by closing stdin
    jobs, results = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but results goes to the pipe
    while True:
        try:
            job = pickle.load(jobs)
        except EOFError:
            return
        try:
            result: tuple[Any, ...] = _decode_line(*job)
        except Exception as exc:  # reported as the frame's reason, never a lost line
            result = (None, f"{type(exc).__name__}: {exc}")
        pickle.dump(result, results, protocol=pickle.HIGHEST_PROTOCOL)
        results.flush()


_CHILD: Final = ("import sys\n"
                 "if sys.argv[1] not in sys.path:\n"
                 "    sys.path.insert(0, sys.argv[1])\n"
                 "from kformat.live.proxy import _decoder_main\n"
                 "_decoder_main()\n")
"""The decoding process's program: this kformat (the directory holding it first on the path
unless it is there already, as a site-packages is), then :func:`_decoder_main`."""


class _DecoderProcess:
    """A Python child running :func:`_decoder_main` with this kformat."""

    def __init__(self) -> None:
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        self.process = subprocess.Popen([sys.executable, "-c", _CHILD, root],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def decode(self, job: tuple[Any, ...]) -> tuple[Any, ...]:
        """The result of :func:`_decode_line` on ``job``; EOFError or OSError if the child is
        gone."""
        assert self.process.stdin is not None and self.process.stdout is not None
        pickle.dump(job, self.process.stdin, protocol=pickle.HIGHEST_PROTOCOL)
        self.process.stdin.flush()
        result: tuple[Any, ...] = pickle.load(self.process.stdout)
        return result

    def close(self, timeout: float = 10.0) -> None:
        with contextlib.suppress(OSError):
            if self.process.stdin is not None:
                self.process.stdin.close()
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


class _LogWorker:
    """The thread that decodes forwarded frames and writes their JSON lines, in order, and
    each connection's summary when it closes; at most ``limit`` frame bytes wait for it.
    Frames of ``process_bytes`` or more are decoded in a child process (started on the first
    one; started again if it dies)."""

    def __init__(self, proxy: Proxy, limit: int, process_bytes: int) -> None:
        self.proxy = proxy
        self.limit = limit
        self.process_bytes = process_bytes
        self.waiting = 0
        self._child: _DecoderProcess | None = None
        self._lock = threading.Lock()
        self._jobs: queue.SimpleQueue[tuple[Any, ...] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="kformat-proxy-log", daemon=True)
        self._thread.start()

    def frame(self, decoder: ConnectionDecoder, frame: Frame, decoded: Decoded | None) -> None:
        """Queue ``frame`` (``decoded`` when it was decoded, or found undecodable, already)."""
        size = len(frame.payload)
        with self._lock:
            room = self.waiting + size <= self.limit
            if room:
                self.waiting += size
        if not room:  # never buffered without limit: logged with its header only
            decoded = decoder.undecoded(frame, f"the log's decode queue holds {self.waiting} "
                                               f"bytes (limit {self.limit})",
                                        cause="decode_queue_full")
            size = 0
        if decoded is None:
            self._jobs.put(("frame", decoder, frame, None, size))
        else:  # the record only: neither the frame nor the parsed message waits
            self._jobs.put(("frame", decoder, None, decoded.record, size))

    def record(self, record: dict[str, Any]) -> None:
        self._jobs.put(("record", record))

    def closed(self, decoder: ConnectionDecoder) -> None:
        self._jobs.put(("closed", decoder))

    def flush(self, timeout: float) -> bool:
        done = threading.Event()
        self._jobs.put(("flush", done))
        return done.wait(timeout)

    def stop(self, timeout: float) -> None:
        self._jobs.put(None)
        self._thread.join(timeout)
        if self._child is not None and not self._thread.is_alive():
            self._child.close()

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            try:
                self._do(job)
            except Exception as exc:  # a broken log file: say so once per job, keep serving
                with contextlib.suppress(Exception):
                    print(f"kformat proxy: log: {type(exc).__name__}: {exc}", file=sys.stderr)

    def _do(self, job: tuple[Any, ...]) -> None:
        if job[0] == "flush":
            job[1].set()
        elif job[0] == "record":
            self.proxy._write(job[1])
        elif job[0] == "closed":
            self.proxy._summary_now(job[1])
        else:
            _, decoder, frame, record, size = job
            try:
                if record is None and size >= self.process_bytes:
                    self.proxy._write_line(self._decode_apart(decoder, frame))
                    return
                if record is None:  # the parsed message is freed before the line is written
                    record = decoder.decode(frame).record
                self.proxy._write(record)
            finally:
                with self._lock:
                    self.waiting -= size


    def _decode_apart(self, decoder: ConnectionDecoder, frame: Frame) -> str:
        """``frame``'s line, decoded in the child process."""
        if self._child is None:
            try:
                self._child = _DecoderProcess()
            except OSError as exc:  # no interpreter to start: this frame goes undecoded
                return self._undecoded(decoder, frame, f"the decoding process did not start "
                                                       f"({type(exc).__name__}: {exc})",
                                       "decoder_unavailable")
        child = self._child
        try:
            result = child.decode((decoder.client, decoder.server, decoder.all_fields,
                                   decoder.records, frame))
        except (EOFError, OSError, pickle.UnpicklingError):  # killed (out of memory?)
            self._child = None
            child.close(1.0)
            code = child.process.returncode
            return self._undecoded(decoder, frame, f"the decoding process died (exit status "
                                                   f"{code})", "decoder_died")
        if result[0] is None:
            return self._undecoded(decoder, frame, f"decoding failed: {result[1]}",
                                   "decoder_failed")
        line, errors, trailing = result
        decoder.stats.errors += errors
        decoder.stats.trailing += trailing
        return str(line)

    @staticmethod
    def _undecoded(decoder: ConnectionDecoder, frame: Frame, reason: str, cause: str) -> str:
        return json.dumps(decoder.undecoded(frame, reason, cause=cause).record,
                          ensure_ascii=False)


@dataclass
class Proxy:
    """The proxy (see the module doc). Run it with :meth:`serve` in an event loop, or in a
    thread with :class:`ProxyThread`."""

    upstream: Address
    listen: Address = ("127.0.0.1", 0)
    log: TextIO | None = None
    hooks: list[FrameHook] = field(default_factory=list)
    rewrite: bool = True
    all_fields: bool = False
    records: bool = False
    idle_timeout: float | None = None
    connect_timeout: float = 10.0
    max_frame_size: int = DEFAULT_MAX_FRAME_SIZE
    decode_queue_bytes: int = DECODE_QUEUE_BYTES
    """Frame bytes that may wait for the log's decoder (see the module doc)."""
    decode_max_bytes: int = DECODE_MAX_BYTES
    """The largest frame decoded (for the log and the hooks); larger ones are forwarded
    undecoded, as frames that do not decode are."""
    decode_process_bytes: int = DECODE_PROCESS_BYTES
    """Frames at least this large are decoded for the log in a child process."""
    summaries: list[dict[str, Any]] = field(default_factory=list)
    on_summary: Callable[[dict[str, Any]], None] | None = None
    """Called with each connection's summary when the connection closes."""
    listeners: dict[Address, Address] = field(default_factory=dict)
    """upstream broker address -> the proxy's listening address for it."""
    frames: dict[str, int] = field(default_factory=lambda: {"request": 0, "response": 0})
    _servers: list[asyncio.base_events.Server] = field(default_factory=list)
    _sockets: list[socket.socket] = field(default_factory=list)
    _loop: asyncio.AbstractEventLoop | None = None
    _tasks: set[asyncio.Task[Any]] = field(default_factory=set)
    _log_worker: _LogWorker | None = None
    _hook_pool: ThreadPoolExecutor | None = None

    # ------------------------------------------------------------------ listening

    @property
    def address(self) -> Address:
        """The bootstrap listening address (for ``--upstream``)."""
        return self.listeners[self.upstream]

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._listen_for(self.upstream, self.listen)
        self._log_worker = _LogWorker(self, self.decode_queue_bytes, self.decode_process_bytes)
        self._hook_pool = ThreadPoolExecutor(HOOK_DECODERS, thread_name_prefix="kformat-proxy-hook")

    def _listen_for(self, upstream: Address, where: Address | None = None) -> Address:
        """The listening address for ``upstream``, opened now if there is none yet."""
        found = self.listeners.get(upstream)
        if found is not None:
            return found
        host, port = where if where is not None else (self.listen[0], 0)
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, port))
            sock.listen(128)  # accepting starts below; clients queue in the backlog until then
        except OSError:
            sock.close()
            raise
        self._sockets.append(sock)
        bound = sock.getsockname()[:2]
        self.listeners[upstream] = (bound[0], bound[1])
        assert self._loop is not None

        async def serve() -> None:
            server = await asyncio.start_server(
                lambda r, w: self._connection(r, w, upstream), sock=sock)
            self._servers.append(server)

        self._spawn(serve())
        return self.listeners[upstream]

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait (from any thread but the proxy's) until every frame forwarded so far is logged
        and every closed connection summarised; False if that took over ``timeout`` seconds."""
        worker = self._log_worker
        return True if worker is None else worker.flush(timeout)

    def _spawn(self, coro: Any) -> None:
        assert self._loop is not None
        task = self._loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        for server in self._servers:
            server.close()
        for task in list(self._tasks):
            task.cancel()
        for server in self._servers:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 2)
        for sock in self._sockets:  # those whose server had not started yet
            sock.close()
        if self._hook_pool is not None:
            self._hook_pool.shutdown(wait=False, cancel_futures=True)
        if self._log_worker is not None:  # what was queued is logged, then the worker ends
            await asyncio.to_thread(self._log_worker.stop, 30.0)

    async def serve(self, max_lifetime: float | None = None) -> None:
        """Start, run until cancelled or ``max_lifetime`` seconds, stop."""
        await self.start()
        try:
            if max_lifetime is None:
                await asyncio.Event().wait()
            else:
                await asyncio.sleep(max_lifetime)
        finally:
            await self.stop()

    # ------------------------------------------------------------------ connections

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                          upstream: Address) -> None:
        peer = writer.get_extra_info("peername")
        client = f"{peer[0]}:{peer[1]}" if peer else "?"
        decoder = ConnectionDecoder(client, f"{upstream[0]}:{upstream[1]}",
                                    all_fields=self.all_fields, records=self.records,
                                    max_frame_size=self.max_frame_size)
        try:
            up_reader, up_writer = await asyncio.wait_for(
                asyncio.open_connection(*upstream), self.connect_timeout)
        except (TimeoutError, OSError) as exc:
            decoder.status = f"upstream unreachable: {exc}"
            self._summary(decoder)
            writer.close()
            return
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        pumps = [asyncio.ensure_future(self._pump(reader, up_writer, "request", decoder, upstream)),
                 asyncio.ensure_future(self._pump(up_reader, writer, "response", decoder, upstream))]
        try:
            _done, pending = await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
            for p in pending:  # one side closed: let the other drain briefly, then stop
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                    await asyncio.wait_for(p, 1.0)
        except asyncio.CancelledError:
            pass  # the proxy is stopping
        finally:
            for p in pumps:
                p.cancel()
            for w in (writer, up_writer):
                with contextlib.suppress(Exception):
                    w.close()
            self._summary(decoder)
            self._tasks.discard(task)

    async def _read(self, reader: asyncio.StreamReader, n: int) -> bytes:
        return await read_exactly(reader, n, self.idle_timeout)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                    direction: str, decoder: ConnectionDecoder, upstream: Address) -> None:
        first = True
        try:
            while True:
                head = await self._read(reader, 4)
                if first and direction == "request" and looks_like_tls(head):
                    decoder.status = "tls"
                    writer.write(head)
                    await self._raw(reader, writer)
                    return
                first = False
                try:
                    size = frame_size(head, 0, self.max_frame_size)
                except KFormatError:  # the decoder makes the same error its log record
                    side = "client" if direction == "request" else "server"
                    for decoded in decoder.feed(side, head):
                        self._queue_record(decoded.record)
                    self._log_all(decoder)
                    writer.write(head)
                    await self._raw(reader, writer)  # framing lost: pipe the rest
                    return
                payload = await self._read(reader, size)
                out = await self._frame(direction, payload, decoder, upstream)
                del payload
                writer.write(SIZE.pack(len(out)) + out)
                del out
                await writer.drain()
        except (TimeoutError, asyncio.IncompleteReadError, ConnectionError):
            return

    async def _raw(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            data = await reader.read(65536)
            if not data:
                return
            writer.write(data)
            await writer.drain()

    async def _frame(self, direction: str, payload: bytes, decoder: ConnectionDecoder,
                     upstream: Address) -> bytes:
        """The frame to forward: paired now; decoded first only when a hook needs it."""
        frame = decoder.pair(direction, payload, time.time())
        self.frames[direction] += 1
        hooks = list(self.hooks)
        if self.rewrite and direction == "response" and frame.api_key is not None \
                and frame.api_version is not None \
                and advertises_brokers(frame.api_key, frame.api_version):
            hooks.insert(0, self.rewrite_brokers)
        decoded = None
        if len(payload) > self.decode_max_bytes:
            decoded = decoder.undecoded(frame, f"frame of {len(payload)} bytes, over the decode "
                                               f"limit ({self.decode_max_bytes} bytes)",
                                        cause="over_decode_max_bytes")
        out = payload
        if hooks:
            assert self._loop is not None
            if decoded is None:
                decoded = await self._loop.run_in_executor(self._hook_pool, decoder.decode, frame)
            context = FrameContext(self, decoder, upstream, decoded.message, decoded)
            for hook in hooks:
                out = hook(direction, out, context)
        assert self._log_worker is not None
        self._log_worker.frame(decoder, frame, decoded)
        return out

    def _log_all(self, decoder: ConnectionDecoder) -> None:
        for side in ("client", "server"):
            for decoded in decoder._drain(side, time.time()):
                self._queue_record(decoded.record)

    def _queue_record(self, record: dict[str, Any]) -> None:
        if self._log_worker is not None:
            self._log_worker.record(record)
        else:
            self._write(record)

    def _write(self, record: dict[str, Any]) -> None:
        if self.log is not None:
            self._write_line(json.dumps(record, ensure_ascii=False))

    def _write_line(self, line: str) -> None:
        if self.log is not None:
            self.log.write(line)  # not joined to its newline: no copy of the line
            self.log.write("\n")
            self.log.flush()

    def _summary(self, decoder: ConnectionDecoder) -> None:
        """The connection closed: its summary follows its last logged frame."""
        if self._log_worker is not None:
            self._log_worker.closed(decoder)
        else:
            self._summary_now(decoder)

    def _summary_now(self, decoder: ConnectionDecoder) -> None:
        line = decoder.summary()
        self.summaries.append(line)
        if self.on_summary is not None:
            self.on_summary(line)

    # ------------------------------------------------------------------ the rewrite hook

    def rewrite_brokers(self, direction: str, frame: bytes, context: FrameContext) -> bytes:
        """Point every advertised broker at a listening port of this proxy (parse, modify,
        build); anything else is returned unchanged."""
        message = context.message
        if direction != "response" or not isinstance(message, Response):
            return frame
        changed = False
        for broker in advertised_brokers(message.body):
            if broker["port"] <= 0 or not broker["host"]:
                continue  # "no coordinator" answers carry an empty host and port -1
            host, port = self._listen_for((broker["host"], broker["port"]))
            if (broker["host"], broker["port"]) != (host, port):
                broker["host"], broker["port"] = host, port
                changed = True
        if not changed:
            return frame
        try:
            return message.to_bytes()
        except KFormatError as exc:  # never drop a frame: forward it as it came
            context.record.setdefault("rewrite_error", str(exc))
            return frame


class ProxyThread:
    """A :class:`Proxy` running in its own thread and event loop, stopped by :meth:`stop`,
    at the end of a ``with`` block, or after ``max_lifetime`` seconds."""

    def __init__(self, proxy: Proxy, max_lifetime: float = 300.0) -> None:
        self.proxy = proxy
        self.max_lifetime = max_lifetime
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="kformat-proxy", daemon=True)
        self._main: asyncio.Task[None] | None = None

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)

        async def main() -> None:
            try:
                await self.proxy.start()
            except BaseException as exc:
                self._error = exc
                self._ready.set()
                return
            self._ready.set()
            try:
                await asyncio.sleep(self.max_lifetime)
            finally:
                await self.proxy.stop()

        self._main = self._loop.create_task(main())
        with contextlib.suppress(asyncio.CancelledError):
            self._loop.run_until_complete(self._main)
        self._loop.close()

    def start(self) -> ProxyThread:
        self._thread.start()
        if not self._ready.wait(30):
            raise TimeoutError("the proxy did not start")
        if self._error is not None:
            raise self._error
        return self

    @property
    def address(self) -> Address:
        return self.proxy.address

    @property
    def bootstrap(self) -> str:
        host, port = self.address
        return f"{host}:{port}"

    def stop(self) -> None:
        if self._main is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._main.cancel)
        self._thread.join(10)

    def __enter__(self) -> ProxyThread:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


DESCRIPTION = ("A decoding Kafka proxy: logs every frame as JSON lines and rewrites the "
               "advertised broker addresses so that clients stay on the proxy. Each "
               "connection's summary goes to stderr as one JSON line when it closes.")


def add_arguments(parser: Any) -> None:
    """The options of ``kformat proxy`` (the command line's parser tree adds them)."""
    parser.add_argument("--listen", default="127.0.0.1:9092",
                        type=address_argument(default_host="127.0.0.1", allow_port_zero=True),
                        help="bootstrap address to listen on (default 127.0.0.1:9092; port 0: "
                             "any free port)")
    parser.add_argument("--upstream", required=True, type=address_argument(),
                        help="a broker, HOST:PORT")
    parser.add_argument("--log", default="-", help="JSON lines file (default: stdout)")
    parser.add_argument("--no-rewrite", action="store_true",
                        help="forward responses unchanged (clients then go to the brokers)")
    parser.add_argument("--all-fields", action="store_true",
                        help="log every field, at its default where the version lacks it")
    parser.add_argument("--records", action="store_true",
                        help="records fields as batches with their records")
    parser.add_argument("--idle-timeout", type=float, default=None, metavar="SECONDS",
                        help="close a connection idle this long (default: never)")
    parser.add_argument("--decode-max-bytes", type=_size_argument, default=DECODE_MAX_BYTES,
                        metavar="BYTES",
                        help="log larger frames undecoded, with their size (default "
                             f"{DECODE_MAX_BYTES}: 16 MiB); they are forwarded all the same")
    parser.add_argument("--max-lifetime", type=float, default=None, metavar="SECONDS",
                        help="stop after this long (default: run until interrupted)")
    from kformat.fuzz.proxied import add_mutation_arguments

    add_mutation_arguments(parser)


def _size_argument(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number of bytes (0 or more), got {text!r}")
    return value


def register(commands: Any) -> None:
    from kformat.console import leaf_options

    parser = commands.add_parser("proxy", help="a decoding proxy in front of a broker",
                                 description=DESCRIPTION)
    add_arguments(parser)
    leaf_options(parser)
    parser.set_defaults(run=run)


def main(argv: list[str] | None = None) -> int:
    """``kformat proxy --listen HOST:PORT --upstream HOST:PORT [--log FILE]``."""
    from kformat.cli import run as run_cli

    return run_cli(["proxy", *(sys.argv[1:] if argv is None else argv)])


def _where(option: str, address: Address) -> str:
    return f"{option} {address[0]}:{address[1]}"


def check_upstream(upstream: Address, timeout: float) -> None:
    """Raise the :class:`OSError` of connecting to ``upstream`` when it does not accept a TCP
    connection within ``timeout`` seconds."""
    with socket.create_connection(upstream, timeout=timeout):
        pass


def run(args: Any, console: Console | None = None) -> int:
    """Run the proxy ``args`` describe until ``--max-lifetime`` or an interrupt. A listening
    address that cannot be bound or an upstream that does not accept a connection is one
    error line before serving (exit status 2); each connection's summary is one JSON line on
    stderr when that connection closes."""
    from kformat.fuzz.proxied import mutation_from

    console = Console(prog="kformat proxy") if console is None else console
    try:
        check_upstream(args.upstream, 10.0)
    except OSError as exc:
        console.error(exc, file=_where("--upstream", args.upstream))
        return USAGE
    log = sys.stdout if args.log == "-" else open(args.log, "a", encoding="utf-8")  # noqa: SIM115

    def summary(line: dict[str, Any]) -> None:
        console.stderr.write(json.dumps(line) + "\n")
        console.stderr.flush()

    proxy = Proxy(args.upstream, args.listen, log, rewrite=not args.no_rewrite,
                  all_fields=args.all_fields, records=args.records, idle_timeout=args.idle_timeout,
                  decode_max_bytes=args.decode_max_bytes, on_summary=summary)
    mutation = mutation_from(args)  # --mutate: kformat.fuzz's mutating hook, after the rewrite
    if mutation is not None:
        proxy.hooks.append(mutation.hook)
    failed: list[OSError] = []

    async def serve() -> None:
        try:
            await proxy.start()
        except OSError as exc:
            failed.append(exc)
            await proxy.stop()
            return
        host, port = proxy.address
        console.stderr.write(f"kformat proxy: listening on {host}:{port} for "
                             f"{args.upstream[0]}:{args.upstream[1]}\n")
        console.stderr.flush()
        try:
            if args.max_lifetime is None:
                await asyncio.Event().wait()
            else:
                await asyncio.sleep(args.max_lifetime)
        finally:
            await proxy.stop()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass
    finally:
        if mutation is not None and not failed:
            summary(mutation.close())
        if log is not sys.stdout:
            log.close()
    if failed:
        console.error(failed[0], file=_where("--listen", args.listen))
        return USAGE
    return OK
