"""The mutating side of a proxy: which frames to mutate, how, and the log of what was done.

A :class:`FrameMutator` is handed every frame a proxy forwards (:meth:`FrameMutator.on_frame`)
and returns the bytes to send on instead. Frames in the chosen direction(s) and APIs are
picked at ``rate`` by a draw seeded from the run seed and the frame's ordinal, mutated with
:func:`~kformat.fuzz.frames.mutate_frame` (seeded the same way) and every frame, mutated or
not, is written to the run's :class:`~kformat.fuzz.framelog.FrameLog`.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kformat.errors import KFormatError
from kformat.fuzz.framelog import FrameLog, FrameRecord
from kformat.fuzz.frames import frame_seed, mutate_frame
from kformat.protocol.api import peek_request_header, peek_response_header, resolve_api
from kformat.protocol.framing import frame as size_prefixed
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT

__all__ = ["MODES", "FrameMutator", "MutatorStats", "parse_apis"]

MODES = {"responses": ("response",), "requests": ("request",), "both": ("request", "response"),
         "none": ()}


def parse_apis(text: str | Iterable[str | int] | None) -> frozenset[int] | None:
    """API keys from ``"Fetch,Metadata"`` / ``"1,3"`` / a list; None means every API."""
    if text is None:
        return None
    items = text.split(",") if isinstance(text, str) else list(text)
    keys = set()
    for item in items:
        if isinstance(item, str):
            item = item.strip()
            if not item:
                continue
            item = int(item) if item.lstrip("-").isdigit() else item
        keys.add(resolve_api(item))
    return frozenset(keys)


@dataclass
class MutatorStats:
    """What a :class:`FrameMutator` did since its last :meth:`~FrameMutator.start_run`."""

    frames: int = 0
    mutated: int = 0
    undecodable: int = 0
    by_label: Counter[str] = field(default_factory=Counter)
    by_api: Counter[str] = field(default_factory=Counter)

    def to_dict(self) -> dict[str, Any]:
        return {"frames": self.frames, "mutated": self.mutated, "undecodable": self.undecodable,
                "by_label": dict(sorted(self.by_label.items())),
                "by_api": dict(sorted(self.by_api.items()))}


class FrameMutator:
    """Decides, mutates and logs. Thread-safe: a proxy may call it from one thread per
    connection. ``mode`` is ``responses``, ``requests``, ``both`` or ``none`` (log only)."""

    def __init__(self, *, mode: str = "responses", rate: float = 0.05, seed: int = 0,
                 apis: str | Iterable[str | int] | None = None,
                 labels: Iterable[str] | None = None, log: FrameLog | None = None,
                 true_size: bool = False,
                 decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {sorted(MODES)}, got {mode!r}")
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"rate must be within [0, 1], got {rate}")
        self.mode, self.rate, self.seed = mode, rate, seed
        self.directions = MODES[mode]
        self.apis = parse_apis(apis)
        self.labels = sorted(labels) if labels is not None else None
        self.decompression_limit = decompression_limit
        self.true_size = true_size
        """The carrier frames what :meth:`on_frame` returns itself (see :func:`mutate_frame`)."""
        self.log = log
        self.stats = MutatorStats()
        self._lock = threading.Lock()
        self._next = 0

    def start_run(self, seed: int, log: FrameLog | None) -> None:
        """Start counting frames again under a new run seed, logging to ``log``."""
        with self._lock:
            self.seed, self.log, self._next = seed, log, 0
            self.stats = MutatorStats()

    def _ordinal(self) -> int:
        with self._lock:
            n = self._next
            self._next += 1
            self.stats.frames += 1
            return n

    def picks(self, direction: str, api_key: int | None, n: int) -> bool:
        """Whether frame ``n`` of the run is to be mutated."""
        if direction not in self.directions or api_key is None:
            return False
        if self.apis is not None and api_key not in self.apis:
            return False
        return random.Random(frame_seed(self.seed, n) ^ 0x5EED).random() < self.rate

    def on_frame(self, direction: str, frame: bytes, *, api_key: int | None = None,
                 api_version: int | None = None, correlation_id: int | None = None,
                 api_name: str | None = None, connection: int = 0, broker: str = "") -> bytes:
        """The wire bytes to forward for ``frame`` (a payload without its size prefix).

        For a request, ``api_key``/``api_version`` default to its header; a response needs
        its request's. Frames not picked go on unchanged (size prefix added).
        """
        frame = bytes(frame)
        n = self._ordinal()
        if direction == "request" and api_key is None:
            try:
                api_key, api_version, correlation_id, _ = peek_request_header(frame,
                                                                              client_id=False)
            except KFormatError:  # under a header's 8 bytes: no ids
                pass
        elif direction == "response" and correlation_id is None:
            try:
                correlation_id = peek_response_header(frame)
            except KFormatError:  # under a header's 4 bytes: no id
                pass
        original = size_prefixed(frame)
        record: dict[str, Any] = dict(n=n, direction=direction, original=original, connection=connection,
                      broker=broker, api_key=api_key, api_name=api_name or _name(api_key),
                      api_version=api_version, correlation_id=correlation_id)
        if self.picks(direction, api_key, n):
            seed = frame_seed(self.seed, n)
            try:
                mutation = mutate_frame(frame, seed, direction=direction, api_key=api_key,
                                        api_version=api_version, labels=self.labels,
                                        true_size=self.true_size,
                                        decompression_limit=self.decompression_limit)
            except KFormatError as exc:
                mutation = None
                record["error"] = f"{type(exc).__name__}: {exc}"
                with self._lock:
                    self.stats.undecodable += 1
            if mutation is not None:
                record.update(mutated=mutation.mutated, label=mutation.label, seed=seed,
                              target_path=mutation.target_path, detail=mutation.detail,
                              expected_error=mutation.expected_error)
                with self._lock:
                    self.stats.mutated += 1
                    self.stats.by_label[mutation.label] += 1
                    self.stats.by_api[str(record["api_name"])] += 1
        entry = FrameRecord(**record)
        if self.log is not None:
            self.log.write(entry)
        return entry.wire


def _name(api_key: int | None) -> str | None:
    if api_key is None:
        return None
    try:
        from kformat.spec.registry import load_registry

        return str(load_registry().request(api_key).api_name)
    except KFormatError:
        return None
