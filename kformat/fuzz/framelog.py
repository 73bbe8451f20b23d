"""The frame log of a live fuzzing run: one JSON line per frame that crossed the proxy.

Every frame is logged, mutated or not, in the order the proxy handled it: a replay needs
the unmutated answers too, to bring a client to the frame that broke it. A line holds::

    {"format": "kformat-fuzz-frames/1", "n": 12, "direction": "response",
     "connection": 3, "broker": "127.0.0.1:39411", "api_key": 1, "api_name": "Fetch",
     "api_version": 12, "correlation_id": 9, "label": "count_huge", "seed": 2734113411,
     "target_path": "responses[0].partitions[0].records", "detail": "...",
     "expected_error": "TruncatedError", "error": null,
     "original": "<hex>", "mutated": "<hex>"}

``original`` and ``mutated`` are wire bytes, size prefix included; ``mutated`` is null (and
``label`` too) when the frame was forwarded unchanged; ``error`` says why a frame picked for
mutation could not be (kformat could not decode it: the frame went on unchanged).
``connection`` numbers the client connections of the run; ``broker`` is the upstream
address the connection was proxied to (one per broker of the cluster).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, fields
from pathlib import Path
from typing import IO, Any

from kformat.console import InputError

__all__ = ["FORMAT", "FrameLog", "FrameRecord", "read_frames"]

FORMAT = "kformat-fuzz-frames/1"


@dataclass(frozen=True)
class FrameRecord:
    """One logged frame; :attr:`wire` is what was actually sent on."""

    n: int
    direction: str
    original: bytes
    connection: int = 0
    broker: str = ""
    api_key: int | None = None
    api_name: str | None = None
    api_version: int | None = None
    correlation_id: int | None = None
    mutated: bytes | None = None
    label: str | None = None
    seed: int | None = None
    target_path: str = ""
    detail: str = ""
    expected_error: str | None = None
    error: str | None = None

    @property
    def wire(self) -> bytes:
        return self.original if self.mutated is None else self.mutated

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.hex() if isinstance(value, bytes) else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FrameRecord:
        if data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} line: format {data.get('format')!r}")
        values: dict[str, Any] = {f.name: data.get(f.name) for f in fields(cls) if f.name in data}
        for name in ("original", "mutated"):
            if values.get(name) is not None:
                values[name] = bytes.fromhex(values[name])
        return cls(**values)


class FrameLog:
    """An append-only JSON-lines log, safe to write from several proxy threads; each line is
    flushed at once so a run that dies keeps every frame before it."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] | None = self.path.open("w", encoding="utf-8")
        self._lock = threading.Lock()
        self.count = 0

    def write(self, record: FrameRecord) -> None:
        line = json.dumps(record.to_dict(), sort_keys=True)
        with self._lock:
            if self._file is None:
                raise ValueError(f"frame log {self.path} is closed")
            self._file.write(line + "\n")
            self._file.flush()
            self.count += 1

    def close(self) -> None:
        with self._lock:
            if self._file is not None:
                self._file.close()
                self._file = None

    def __enter__(self) -> FrameLog:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def iter_frames(path: str | Path) -> Iterator[FrameRecord]:
    with Path(path).open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                yield FrameRecord.from_dict(json.loads(line))
            except (ValueError, TypeError) as exc:
                raise InputError(f"{path}:{number}", exc) from None


def read_frames(path: str | Path) -> list[FrameRecord]:
    """Every record of a frame log, in order."""
    return list(iter_frames(path))
