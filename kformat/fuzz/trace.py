"""Field boundaries of an input, found by instrumenting a parse of the grammar itself.

:func:`trace` parses ``data`` with construct's interpreter while a hook on
``Construct._parsereport`` (the one call every kformat container makes for each child)
records a :class:`Span` per block, for that parse only (a context variable names the parse
being traced; other threads parse untouched): its field path (``topic_data[0].name``), its
start and end offsets and the block object. Nothing here knows a message: the spans come from whatever
grammar is traced, so every grammar gets field-aware mutation for free.

Spans parsed from decompressed bytes (inside a compression tunnel) are kept with
``absolute=False``: their offsets are not positions in ``data``.

:func:`tagged_entries` lists the entries of a traced tagged-field section (tag, size and
value positions), read with the runtime's own varint reader.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from io import BytesIO
from typing import Any

from construct import Construct, Renamed
from construct.core import BytesIOWithOffsets

from kformat.errors import KFormatError, format_path
from kformat.primitives import runtime as rt
from kformat.primitives.fast import parse_interpreted

__all__ = ["Span", "TaggedEntry", "Trace", "tagged_entries", "trace"]

@dataclass(frozen=True)
class Span:
    """One parsed block: ``data[start:end]`` held field ``path`` (``block`` parsed it)."""

    path: str
    start: int
    end: int
    block: Any = field(repr=False, compare=False)
    depth: int = 0
    leaf: bool = True
    absolute: bool = True
    kind: str = ""
    """The block's class name, or a synthetic kind (``frame``, ``entry``, ``tagged-entry``)."""
    legacy: bool = False
    """Inside a magic 0/1 entry."""
    role: str = ""
    """What the span is to the mutators when its block alone does not say (``frame``,
    ``entry``, ``batch-attributes``...)."""
    in_batch: bool = False
    """Inside a record batch (or magic 0/1 entry) that is present in full: running out of
    bytes there means a length lied, which kformat reports as ``InvalidValueError``."""

    @property
    def size(self) -> int:
        return self.end - self.start

    def moved(self, delta: int, prefix: str = "", **changes: Any) -> Span:
        path = self.path
        if prefix:
            path = f"{prefix}.{path}" if path and not path.startswith("[") else f"{prefix}{path}"
        return replace(self, path=path, start=self.start + delta, end=self.end + delta,
                       **changes)


@dataclass
class Trace:
    """The spans of one traced input, in the order their parse finished."""

    spans: list[Span] = field(default_factory=list)
    error: KFormatError | None = None

    def leaves(self) -> Iterator[Span]:
        return (s for s in self.spans if s.leaf and s.absolute)

    def absolute(self) -> Iterator[Span]:
        return (s for s in self.spans if s.absolute)

    def boundaries(self) -> list[int]:
        """Every offset where an absolute span starts or ends, ascending."""
        return sorted({b for s in self.absolute() for b in (s.start, s.end)})

    def extend(self, other: Trace, delta: int = 0, prefix: str = "", **changes: Any) -> None:
        self.spans.extend(s.moved(delta, prefix, **changes) for s in other.spans)


def _is_root(stream: Any, root: Any) -> bool:
    while isinstance(stream, BytesIOWithOffsets):
        stream = stream.parent_stream
    return stream is root


class _Tracer:
    """Records a :class:`Span` per block parsed in the context that runs :func:`trace`."""

    def __init__(self) -> None:
        self.result = Trace()
        self.stack: list[list[Any]] = []  # [start, has_child] of the blocks being parsed
        self.root: Any = None

    def visit(self, block: Construct, stream: Any, context: Any, path: str) -> Any:
        if self.root is None:
            self.root = stream
        if self.stack:
            self.stack[-1][1] = True
        frame = [stream.tell(), False]
        self.stack.append(frame)
        try:
            value = _ORIGINAL(block, stream, context, path)
        finally:
            self.stack.pop()
        self.result.spans.append(Span(format_path(path) if "->" in path else path.strip(),
                                      frame[0], stream.tell(), block, len(self.stack),
                                      not frame[1], _is_root(stream, self.root),
                                      type(block).__name__))
        return value


_ORIGINAL = Construct._parsereport
_ACTIVE: ContextVar[_Tracer | None] = ContextVar("kformat_fuzz_tracer", default=None)
_USERS = 0
_INSTALL = threading.Lock()


def _parsereport(self: Construct, stream: Any, context: Any, path: str) -> Any:
    """The hook on ``Construct._parsereport``: a visit of the tracer of this context (thread,
    task), if any; a plain call everywhere else."""
    tracer = _ACTIVE.get()
    if tracer is None or isinstance(self, Renamed):
        return _ORIGINAL(self, stream, context, path)
    return tracer.visit(self, stream, context, path)


@contextmanager
def _hooked() -> Iterator[None]:
    """The hook is in place while any trace runs, and only the tracing context sees it."""
    global _USERS
    with _INSTALL:
        if not _USERS:
            Construct._parsereport = _parsereport
        _USERS += 1
    try:
        yield
    finally:
        with _INSTALL:
            _USERS -= 1
            if not _USERS:
                Construct._parsereport = _ORIGINAL


def trace(grammar: Construct, data: bytes, **ctx: Any) -> Trace:
    """Parse ``data`` with ``grammar`` (interpreter) and record a span per block.

    A parse error stops the trace: the spans finished so far are kept and the error is in
    ``Trace.error``. ``ctx`` are the grammar's parse parameters (``verify_crc``...). Parses
    in other threads or tasks while a trace runs are not traced (a context variable says
    which parse is traced), and traces may run in several threads at once.
    """
    tracer = _Tracer()
    token = _ACTIVE.set(tracer)
    try:
        with _hooked():
            parse_interpreted(grammar, bytes(data), exact=False, **ctx)
    except KFormatError as exc:
        tracer.result.error = exc
    finally:
        _ACTIVE.reset(token)
    return tracer.result


@dataclass(frozen=True)
class TaggedEntry:
    """One entry of a tagged-field section: ``tag`` at ``start``, the size varint at
    ``size_at``, the value in ``[value_at, end)``."""

    tag: int
    start: int
    size_at: int
    value_at: int
    end: int


def tagged_entries(data: bytes, span: Span) -> tuple[int, list[TaggedEntry]]:
    """``(count varint length, entries)`` of the tagged-field section traced as ``span``."""
    io = BytesIO(data)
    io.seek(span.start)
    count = rt.p_uvarint(io)
    count_len = io.tell() - span.start
    entries = []
    for _ in range(count):
        start = io.tell()
        tag = rt.p_uvarint(io)
        size_at = io.tell()
        size = rt.p_uvarint(io)
        value_at = io.tell()
        entries.append(TaggedEntry(tag, start, size_at, value_at, value_at + size))
        io.seek(value_at + size)
    return count_len, entries
