"""The mutating proxy: :class:`~kformat.fuzz.live.FrameMutator` as a frame hook of
``kformat proxy`` (:mod:`kformat.live.proxy`).

:class:`MutatingHook` is the ``on_frame(direction, frame, context)`` hook: it hands each
frame to the mutator with what the proxy knows (api key and version, paired by correlation
id for responses; the connection; the proxy's listening address for the broker), after the
proxy's own broker-address rewriting, and returns the payload to forward (the proxy writes
the size prefix, so the mutator runs with ``true_size``). :class:`ProxySource` is a
campaign's broker side through the proxy; :func:`main` is ``kformat proxy --mutate ...``.
"""

from __future__ import annotations

import contextlib
import itertools
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kformat.console import parse_bootstrap
from kformat.fuzz.live import FrameMutator
from kformat.protocol.cli import api_list_argument

__all__ = ["MutatingHook", "ProxyMutation", "ProxySource", "add_mutation_arguments", "mutation_from"]


class MutatingHook:
    """A proxy frame hook mutating through ``mutator`` (see the module doc)."""

    def __init__(self, mutator: FrameMutator) -> None:
        self.mutator = mutator
        self._numbers: dict[int, int] = {}
        self._counter = itertools.count(1)
        self._lock = threading.Lock()

    @property
    def connections(self) -> int:
        """Connections seen so far (those that carried a frame)."""
        with self._lock:
            return len(self._numbers)

    def _connection(self, connection: Any) -> int:
        with self._lock:
            key = id(connection)
            if key not in self._numbers:
                self._numbers[key] = next(self._counter)
            return self._numbers[key]

    def __call__(self, direction: str, frame: bytes, context: Any) -> bytes:
        record = context.record
        listener = context.proxy.listeners.get(context.upstream)
        broker = f"{listener[0]}:{listener[1]}" if listener else ""
        wire = self.mutator.on_frame(direction, frame, api_key=record.get("api_key"),
                                     api_version=record.get("api_version"),
                                     correlation_id=record.get("correlation_id"),
                                     api_name=record.get("api_name"),
                                     connection=self._connection(context.connection),
                                     broker=broker)
        return wire[4:]


def _address(text: str) -> tuple[str, int]:
    return parse_bootstrap(text, default_host="127.0.0.1")[0]


@dataclass(frozen=True)
class ProxySource:
    """A campaign's broker side: a fresh mutating proxy per run in front of ``upstream``
    (or of the campaign's ``--upstream-cmd`` broker)."""

    upstream: str | None = None
    idle_timeout: float = 60.0
    max_lifetime: float = 3600.0
    drain: float = 5.0
    """Seconds to let the proxy's connections end by themselves before it stops."""

    def open(self, mutator: FrameMutator,
             upstream: str | None = None) -> contextlib.AbstractContextManager[str]:
        return self._serve(mutator, upstream or self.upstream)

    @contextlib.contextmanager
    def _serve(self, mutator: FrameMutator, upstream: str | None) -> Iterator[str]:
        from kformat.live.proxy import Proxy, ProxyThread

        if not upstream:
            raise ValueError("a proxy needs an upstream broker (HOST:PORT or --upstream-cmd)")
        mutator.true_size = True
        hook = MutatingHook(mutator)
        proxy = Proxy(_address(upstream), hooks=[hook], idle_timeout=self.idle_timeout)
        with ProxyThread(proxy, max_lifetime=self.max_lifetime) as thread:
            try:
                yield thread.bootstrap
            finally:  # the target is gone: let the proxy close its connections on their own
                deadline = time.monotonic() + self.drain
                while len(proxy.summaries) < hook.connections and time.monotonic() < deadline:
                    time.sleep(0.05)


# --------------------------------------------------------------------------- kformat proxy --mutate


@dataclass
class ProxyMutation:
    """The mutating hook ``kformat proxy --mutate`` installs, with its log."""

    hook: MutatingHook
    log: Any

    def close(self) -> dict[str, Any]:
        self.log.close()
        return {"mutation_log": str(self.log.path), **self.hook.mutator.stats.to_dict()}


def add_mutation_arguments(parser: Any) -> None:
    """The ``--mutate`` options of ``kformat proxy``."""
    from kformat.fuzz.live import MODES

    group = parser.add_argument_group("mutation (live fuzzing, docs/fuzzing.md)")
    group.add_argument("--mutate", choices=sorted(m for m in MODES if m != "none"),
                       help="mutate these frames with kformat's structure-aware mutators")
    group.add_argument("--rate", type=float, default=0.05,
                       help="share of the frames in that direction to mutate (default 0.05)")
    group.add_argument("--seed", type=int, default=0, help="seed of the mutations (default 0)")
    group.add_argument("--apis", default=None, type=api_list_argument,
                       help="only frames of these APIs (names or keys, comma-separated)")
    group.add_argument("--labels", default=None,
                       help="only these mutator labels (comma-separated)")
    group.add_argument("--mutation-log", type=Path, default=Path("mutations.jsonl"),
                       help="every frame, mutated or not, as JSON lines for replay "
                            "(default mutations.jsonl)")


def mutation_from(args: Any) -> ProxyMutation | None:
    """The hook and log ``--mutate`` asks for (None without it)."""
    if not getattr(args, "mutate", None):
        return None
    from kformat.fuzz.framelog import FrameLog

    labels = [x.strip() for x in args.labels.split(",") if x.strip()] if args.labels else None
    log = FrameLog(args.mutation_log)
    mutator = FrameMutator(mode=args.mutate, rate=args.rate, seed=args.seed, apis=args.apis,
                           labels=labels, log=log, true_size=True)
    return ProxyMutation(MutatingHook(mutator), log)
