"""``Broker``: a Kafka cluster of N brokers on 127.0.0.1 in one process, for tests.

It runs in a thread of its own with its own event loop (so synchronous clients and
asyncio clients alike can talk to it from the test's thread), starts listening before
:meth:`Broker.start` returns, and stops at :meth:`Broker.stop`, at the end of a ``with``
block, or after ``max_lifetime`` seconds.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
from collections.abc import Callable, Iterable
from typing import Any, TextIO

import kformat.broker.handlers  # noqa: F401  (registers the request handlers)
from kformat.broker.server import Server
from kformat.broker.state import ClusterState, Node, Topic
from kformat.broker.versions import DEFAULT_KAFKA_VERSION, release_versions
from kformat.protocol.framing import DEFAULT_MAX_FRAME_SIZE

__all__ = ["Broker"]

DEFAULT_MAX_LIFETIME = 600.0


def _topic_spec(spec: str | tuple[str, int]) -> tuple[str, int]:
    if isinstance(spec, tuple):
        return spec
    name, sep, count = spec.rpartition(":")
    if sep and count.isdigit():
        return name, int(count)
    return spec, 1


class Broker:
    """A cluster of ``brokers`` nodes (ids 0..N-1), the first listening on ``port``
    (0: a free port), the others on the next ports (or free ones when ``port`` is 0).

    ``topics`` are created at start (``"name"``, ``"name:partitions"`` or ``(name, n)``);
    ``kafka_version`` chooses the API versions advertised; ``log`` receives every request
    and response decoded, as JSON lines.
    """

    def __init__(self, brokers: int = 1, *, host: str = "127.0.0.1", port: int = 0,
                 topics: Iterable[str | tuple[str, int]] = (),
                 kafka_version: str = DEFAULT_KAFKA_VERSION, auto_create_topics: bool = True,
                 max_frame_size: int = DEFAULT_MAX_FRAME_SIZE, log: TextIO | None = None,
                 max_lifetime: float | None = DEFAULT_MAX_LIFETIME,
                 idle_timeout: float | None = None) -> None:
        if brokers < 1:
            raise ValueError("a cluster needs at least one broker")
        release_versions(kafka_version)  # an unknown release fails here, not in the thread
        self.brokers = brokers
        self.host = host
        self.port = port
        self.topics = [_topic_spec(t) for t in topics]
        self.kafka_version = kafka_version
        self.auto_create_topics = auto_create_topics
        self.max_frame_size = max_frame_size
        self.log = log
        self.max_lifetime = max_lifetime
        self.idle_timeout = idle_timeout
        self.server: Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._main: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ lifecycle

    def _build(self) -> Server:
        nodes = [Node(i, self.host, self.port + i if self.port else 0)
                 for i in range(self.brokers)]
        cluster = ClusterState(nodes,
                               auto_create_topics=self.auto_create_topics)
        server = Server(cluster, kafka_version=self.kafka_version,
                        max_frame_size=self.max_frame_size, log=self.log,
                        idle_timeout=self.idle_timeout)
        for name, count in self.topics:
            if name not in cluster.topics:
                cluster.create_topic(name, count)
        return server

    async def _serve(self) -> None:
        try:
            self.server = self._build()
            await self.server.start()
        except BaseException as exc:
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        try:
            if self.max_lifetime is None:
                await asyncio.Event().wait()
            else:
                await asyncio.sleep(self.max_lifetime)
        finally:
            await self.server.stop()

    def _run(self) -> None:
        loop = self._loop
        assert loop is not None
        asyncio.set_event_loop(loop)
        self._main = loop.create_task(self._serve())
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(self._main)
        loop.close()

    def start(self) -> Broker:
        """Start listening (returns once every node accepts connections)."""
        if self._thread is not None:
            raise RuntimeError("this Broker was started already")
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="kformat-broker", daemon=True)
        self._thread.start()
        if not self._ready.wait(30):
            raise TimeoutError("the broker did not start in 30 s")
        if self._error is not None:
            self._thread.join(5)
            raise self._error
        return self

    def stop(self) -> None:
        """Stop every node and close the data directory; waits for the thread."""
        loop, main = self._loop, self._main
        if loop is not None and main is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(main.cancel)
        if self._thread is not None:
            self._thread.join(15)

    @property
    def running(self) -> bool:
        """Whether the broker's thread is serving."""
        return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the broker stops (``max_lifetime``, or :meth:`stop` elsewhere)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def __enter__(self) -> Broker:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------------ addresses

    @property
    def addresses(self) -> list[tuple[str, int]]:
        """(host, port) of each node, in node id order."""
        assert self.server is not None, "start the broker first"
        return [(n.host, n.port) for n in self.server.cluster.nodes]

    @property
    def bootstrap(self) -> str:
        """``HOST:PORT,HOST:PORT...``: every node, for a client's bootstrap servers."""
        return ",".join(f"{h}:{p}" for h, p in self.addresses)

    # ------------------------------------------------------------------ from the test thread

    def call(self, fn: Callable[[], Any], timeout: float = 30.0) -> Any:
        """Run ``fn()`` (a plain function, or one returning a coroutine) in the broker's
        loop and return its result: the way to read or change the state safely."""
        loop = self._loop
        assert loop is not None and self.server is not None, "start the broker first"

        async def run() -> Any:
            result = fn()
            if asyncio.iscoroutine(result):
                result = await result
            return result

        future: concurrent.futures.Future[Any] = asyncio.run_coroutine_threadsafe(run(), loop)
        return future.result(timeout)

    def create_topic(self, name: str, partitions: int = 1, replication_factor: int = -1,
                     **configs: str) -> Topic:
        """Create a topic directly (no request), e.g. before a client connects."""
        def create() -> Topic:
            assert self.server is not None
            return self.server.cluster.create_topic(name, partitions, replication_factor,
                                                    configs=configs)
        return self.call(create)  # type: ignore[no-any-return]
