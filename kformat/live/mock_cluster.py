"""librdkafka's mock cluster, started through ctypes from the library confluent-kafka ships.

The confluent-kafka wheel bundles librdkafka (``confluent_kafka.libs/librdkafka-*.so*`` on
Linux, ``.dylibs`` on macOS); its mock cluster (``rdkafka_mock.h``) is a set of in-process
brokers listening on 127.0.0.1 that speak the real protocol, enough for producers and
consumers. It needs an ``rd_kafka_t`` handle to run in, made here from an empty producer
configuration::

    with MockCluster(brokers=3, topics={"t": 2}) as cluster:
        Producer({"bootstrap.servers": cluster.bootstraps})...

The cluster stops when the ``with`` block ends, when :meth:`MockCluster.stop` is called, or
at the latest ``max_lifetime`` seconds after it started (a watchdog thread), so a test that
hangs cannot leave brokers behind.
"""

from __future__ import annotations

import ctypes
import glob
import os
import threading
from types import TracebackType
from typing import Final

from kformat.console import parse_bootstrap
from kformat.errors import KFormatError

__all__ = ["MockCluster", "MockClusterError", "librdkafka_path", "load_librdkafka"]

RD_KAFKA_PRODUCER: Final = 0
DEFAULT_LIFETIME: Final = 300.0


class MockClusterError(KFormatError):
    """librdkafka or its mock cluster could not be loaded or started."""


def librdkafka_path() -> str:
    """The path of the librdkafka shared library inside the confluent-kafka installation."""
    try:
        import confluent_kafka
    except ImportError as exc:
        raise MockClusterError("confluent-kafka is not installed (pip install confluent-kafka)") from exc
    package = os.path.dirname(confluent_kafka.__file__)
    candidates: list[str] = []
    for libs in (f"{package}.libs", os.path.join(package, ".dylibs"), package):
        candidates += sorted(glob.glob(os.path.join(libs, "librdkafka*.so*")))
        candidates += sorted(glob.glob(os.path.join(libs, "librdkafka*.dylib")))
    if not candidates:
        raise MockClusterError(f"no librdkafka shared library next to {package}")
    return candidates[0]


_LIB: ctypes.CDLL | None = None
_LIB_LOCK = threading.Lock()


def load_librdkafka() -> ctypes.CDLL:
    """librdkafka loaded once, with the prototypes of the functions used here."""
    global _LIB
    with _LIB_LOCK:
        if _LIB is None:
            lib = ctypes.CDLL(librdkafka_path())
            p, c, i, sz = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_size_t
            protos = {
                "rd_kafka_conf_new": (p, []),
                "rd_kafka_conf_set": (i, [p, c, c, c, sz]),
                "rd_kafka_conf_destroy": (None, [p]),
                "rd_kafka_new": (p, [i, p, c, sz]),
                "rd_kafka_destroy": (None, [p]),
                "rd_kafka_mock_cluster_new": (p, [p, i]),
                "rd_kafka_mock_cluster_destroy": (None, [p]),
                "rd_kafka_mock_cluster_bootstraps": (c, [p]),
                "rd_kafka_mock_topic_create": (i, [p, c, i, i]),
                "rd_kafka_err2str": (c, [i]),
                "rd_kafka_version_str": (c, []),
            }
            for name, (restype, argtypes) in protos.items():
                fn = getattr(lib, name)
                fn.restype, fn.argtypes = restype, argtypes
            _LIB = lib
        return _LIB


class MockCluster:
    """A running mock cluster of ``brokers`` brokers on 127.0.0.1 (see the module doc).

    ``topics`` maps topic names to partition counts, created at start (replication factor
    ``min(brokers, 3)``); ``max_lifetime`` bounds how long the brokers may live.
    """

    def __init__(self, brokers: int = 1, *, topics: dict[str, int] | None = None,
                 max_lifetime: float = DEFAULT_LIFETIME) -> None:
        if not 1 <= brokers <= 16:
            raise MockClusterError("a mock cluster has 1 to 16 brokers", actual=brokers)
        self.brokers = brokers
        self.topics = dict(topics or {})
        self.max_lifetime = max_lifetime
        self._lib = load_librdkafka()
        self._rk: int | None = None
        self._cluster: int | None = None
        self._bootstraps = ""
        self._lock = threading.Lock()
        self._watchdog: threading.Timer | None = None

    @property
    def bootstraps(self) -> str:
        """``host:port,host:port...`` of the running brokers."""
        if self._cluster is None:
            raise MockClusterError("the mock cluster is not running")
        return self._bootstraps

    @property
    def addresses(self) -> list[tuple[str, int]]:
        """The brokers' ``(host, port)`` pairs."""
        return parse_bootstrap(self.bootstraps)

    @property
    def running(self) -> bool:
        return self._cluster is not None

    def start(self) -> MockCluster:
        lib = self._lib
        errstr = ctypes.create_string_buffer(512)
        with self._lock:
            if self._cluster is not None:
                return self
            conf = lib.rd_kafka_conf_new()
            for key, value in (("log_level", "3"), ("client.id", "kformat-mock-cluster")):
                lib.rd_kafka_conf_set(conf, key.encode(), value.encode(), errstr, len(errstr))
            rk = lib.rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, len(errstr))
            if not rk:  # conf is still ours on failure
                lib.rd_kafka_conf_destroy(conf)
                raise MockClusterError(f"rd_kafka_new failed: {errstr.value.decode(errors='replace')}")
            cluster = lib.rd_kafka_mock_cluster_new(rk, self.brokers)
            if not cluster:
                lib.rd_kafka_destroy(rk)
                raise MockClusterError("rd_kafka_mock_cluster_new failed")
            self._rk, self._cluster = rk, cluster
            self._bootstraps = lib.rd_kafka_mock_cluster_bootstraps(cluster).decode()
            self._watchdog = threading.Timer(self.max_lifetime, self.stop)
            self._watchdog.daemon = True
            self._watchdog.start()
        for topic, partitions in self.topics.items():
            self.create_topic(topic, partitions)
        return self

    def create_topic(self, name: str, partitions: int = 1, replication: int | None = None) -> None:
        """Create a topic on the running cluster."""
        if self._cluster is None:
            raise MockClusterError("the mock cluster is not running")
        factor = min(self.brokers, 3) if replication is None else replication
        if not 1 <= partitions <= 10000 or not 1 <= factor <= self.brokers:
            raise MockClusterError(f"creating topic {name!r}: 1-10000 partitions and a "
                                   f"replication factor of 1-{self.brokers} are needed",
                                   actual=(partitions, factor))
        err = self._lib.rd_kafka_mock_topic_create(self._cluster, name.encode(), partitions, factor)
        if err:
            reason = self._lib.rd_kafka_err2str(err).decode()
            raise MockClusterError(f"creating topic {name!r}: {reason}", actual=err)

    def stop(self) -> None:
        """Stop the brokers and free the handle (idempotent, any thread)."""
        with self._lock:
            cluster, rk, self._cluster, self._rk = self._cluster, self._rk, None, None
            watchdog, self._watchdog = self._watchdog, None
        if watchdog is not None and watchdog is not threading.current_thread():
            watchdog.cancel()
        if cluster is not None:
            self._lib.rd_kafka_mock_cluster_destroy(cluster)
        if rk is not None:
            self._lib.rd_kafka_destroy(rk)

    def __enter__(self) -> MockCluster:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = self._bootstraps if self._cluster is not None else "stopped"
        return f"MockCluster(brokers={self.brokers}, {state})"
