"""The three index files of a segment: ``.index``, ``.timeindex`` and ``.txnindex``.

Wire layout (big-endian, no header, entries back to back)::

    .index      entry => relative_offset:INT32 position:INT32                    (8 bytes)
    .timeindex  entry => timestamp:INT64 relative_offset:INT32                   (12 bytes)
    .txnindex   entry => version:INT16 producer_id:INT64 first_offset:INT64
                         last_offset:INT64 last_stable_offset:INT64              (34 bytes)

``relative_offset`` is the offset minus the segment's base offset (the number in the file
name). The ``.txnindex`` entry is an INT16 version (0) followed by ``AbortedTxn`` v0
(``message/AbortedTxn.json``), whose grammar comes from the protocol layer.

Kafka preallocates the offset and time indexes of the active segment (``segment.index.bytes``,
10 MiB by default) and trims them when the segment is closed, so an index copied from a live
broker, or left by a crash, ends in zero entries. Reading follows Kafka's ``DumpLogSegments``:
the valid entries stop at the first entry after the first one whose relative offset is 0, and
an index whose bytes are all zero has no entries. Non-zero entries past that point are kept in
:attr:`Index.ignored` for the sanity checks. Only the non-zero prefix of the file goes through
the grammar, so a 10 MiB preallocated index costs nothing to read.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from kformat.errors import EncodeError, TruncatedError
from kformat.primitives import CompiledGrammar, Flatten, Int16, Int32, Int64, KGreedy, KStruct
from kformat.records.blocks import Expected
from kformat.segments.specs import spec_grammar

__all__ = [
    "OFFSET_INDEX",
    "OFFSET_INDEX_ENTRY",
    "OFFSET_INDEX_ENTRY_SIZE",
    "TIME_INDEX",
    "TIME_INDEX_ENTRY",
    "TIME_INDEX_ENTRY_SIZE",
    "TXN_INDEX_ENTRY_SIZE",
    "TXN_INDEX_VERSION",
    "AbortedTxn",
    "Index",
    "OffsetPosition",
    "TimestampOffset",
    "build_offset_index",
    "build_time_index",
    "build_txn_index",
    "parse_offset_index",
    "parse_time_index",
    "parse_txn_index",
    "txn_index_grammar",
]

# --------------------------------------------------------------------------- grammars

OFFSET_INDEX_ENTRY = KStruct("relative_offset" / Int32, "position" / Int32)
TIME_INDEX_ENTRY = KStruct("timestamp" / Int64, "relative_offset" / Int32)
OFFSET_INDEX = KStruct("entries" / KGreedy(OFFSET_INDEX_ENTRY))
TIME_INDEX = KStruct("entries" / KGreedy(TIME_INDEX_ENTRY))

OFFSET_INDEX_ENTRY_SIZE = 8
TIME_INDEX_ENTRY_SIZE = 12
TXN_INDEX_ENTRY_SIZE = 34
TXN_INDEX_VERSION = 0

_OFFSET_INDEX = CompiledGrammar(OFFSET_INDEX, ".index", native=True)
_TIME_INDEX = CompiledGrammar(TIME_INDEX, ".timeindex", native=True)


@functools.cache
def txn_index_grammar() -> KStruct:
    """``.txnindex``: ``entries`` of ``version:INT16 (= 0)`` + ``AbortedTxn`` v0."""
    entry = KStruct("version" / Expected(Int16, TXN_INDEX_VERSION, what="version"),
                    Flatten(spec_grammar("AbortedTxn", 0)))
    return KStruct("entries" / KGreedy(entry))


@functools.cache
def _txn_index() -> CompiledGrammar:
    return CompiledGrammar(txn_index_grammar(), ".txnindex", native=True)


_INT32_MAX = (1 << 31) - 1


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class OffsetPosition:
    """An ``.index`` entry with its offset made absolute."""

    offset: int
    position: int


@dataclass(frozen=True)
class TimestampOffset:
    """A ``.timeindex`` entry with its offset made absolute."""

    timestamp: int
    offset: int


@dataclass(frozen=True)
class AbortedTxn:
    """A ``.txnindex`` entry: an aborted transaction's offset range (absolute offsets)."""

    producer_id: int
    first_offset: int
    last_offset: int
    last_stable_offset: int
    version: int = 0


E = TypeVar("E")


@dataclass
class Index(Generic[E]):
    """A parsed ``.index`` or ``.timeindex`` file.

    ``entries`` are the valid entries; ``padding`` counts the entries after them (Kafka's
    preallocated zeros); ``ignored`` lists ``(file position, entry)`` for non-zero entries in
    that padding, which Kafka would not read either. ``trailing_bytes`` is the length of a
    partial entry at the end (only when parsed with ``strict=False``).
    """

    kind: str
    base_offset: int
    entries: list[E]
    entry_size: int
    file_size: int
    padding: int = 0
    ignored: list[tuple[int, E]] = field(default_factory=list)
    trailing_bytes: int = 0

    @property
    def valid_bytes(self) -> int:
        return len(self.entries) * self.entry_size

    def position_of(self, i: int) -> int:
        """Byte position of entry ``i`` in the file."""
        return i * self.entry_size


# --------------------------------------------------------------------------- parsing


def _split(data: bytes, entry_size: int, what: str, strict: bool) -> tuple[bytes, int, int]:
    """(non-zero entries, count of all whole entries, trailing partial bytes)."""
    whole, partial = divmod(len(data), entry_size)
    if partial and strict:
        raise TruncatedError(f"{what} ends inside an entry", path=f"entries[{whole}]",
                             offset=whole * entry_size, expected=entry_size, actual=partial)
    body = bytes(data[: whole * entry_size])
    used = len(body.rstrip(b"\x00"))
    used_entries = -(-used // entry_size)
    return body[: used_entries * entry_size], whole, partial


def _valid_prefix(relative_offsets: list[int]) -> int:
    """Entries before the first one (after the first) with relative offset 0."""
    for i in range(1, len(relative_offsets)):
        if relative_offsets[i] == 0:
            return i
    return len(relative_offsets)


def _index(kind: str, grammar: CompiledGrammar, make: Any, data: bytes, base_offset: int,
           entry_size: int, strict: bool) -> Index[Any]:
    body, count, partial = _split(data, entry_size, kind, strict)
    raw = grammar.parse(body)["entries"] if body else []
    cut = _valid_prefix([e["relative_offset"] for e in raw])
    zero = b"\x00" * entry_size
    ignored = [(i * entry_size, make(raw[i], base_offset)) for i in range(cut, len(raw))
               if body[i * entry_size:(i + 1) * entry_size] != zero]
    return Index(kind=kind, base_offset=base_offset,
                 entries=[make(e, base_offset) for e in raw[:cut]], entry_size=entry_size,
                 file_size=len(data), padding=count - cut, ignored=ignored,
                 trailing_bytes=partial)


def _offset_position(e: dict[str, int], base: int) -> OffsetPosition:
    return OffsetPosition(base + e["relative_offset"], e["position"])


def _timestamp_offset(e: dict[str, int], base: int) -> TimestampOffset:
    return TimestampOffset(e["timestamp"], base + e["relative_offset"])


def parse_offset_index(data: bytes, base_offset: int = 0, *,
                       strict: bool = True) -> Index[OffsetPosition]:
    """Parse an ``.index`` file. ``strict=False`` tolerates a partial last entry."""
    return _index(".index", _OFFSET_INDEX, _offset_position, data, base_offset,
                  OFFSET_INDEX_ENTRY_SIZE, strict)


def parse_time_index(data: bytes, base_offset: int = 0, *,
                     strict: bool = True) -> Index[TimestampOffset]:
    """Parse a ``.timeindex`` file. ``strict=False`` tolerates a partial last entry."""
    return _index(".timeindex", _TIME_INDEX, _timestamp_offset, data, base_offset,
                  TIME_INDEX_ENTRY_SIZE, strict)


def parse_txn_index(data: bytes) -> list[AbortedTxn]:
    """Parse a ``.txnindex`` file (never preallocated: every entry must be whole)."""
    return [AbortedTxn(e["producer_id"], e["first_offset"], e["last_offset"],
                       e["last_stable_offset"], e["version"])
            for e in _txn_index().parse(bytes(data))["entries"]]


# --------------------------------------------------------------------------- building


def _relative(offset: int, base_offset: int, i: int) -> int:
    rel = offset - base_offset
    if not 0 <= rel <= _INT32_MAX:
        raise EncodeError("offset does not fit the index (relative offset out of INT32 range)",
                          path=f"entries[{i}].offset", expected=f">= {base_offset}",
                          actual=offset)
    return rel


def _pad(data: bytes, preallocate: int, entry_size: int, before: int) -> bytes:
    """``data`` (after ``before`` bytes of the file) padded to ``preallocate`` bytes, rounded
    down to whole entries."""
    size = preallocate - preallocate % entry_size - before
    return data + b"\x00" * (size - len(data)) if size > len(data) else data


def build_offset_index(entries: Iterable[OffsetPosition], base_offset: int = 0, *,
                       preallocate: int = 0, first: int = 0) -> bytes:
    """Build an ``.index`` file; ``preallocate`` pads it with zeros to that many bytes.

    ``first`` builds the file in pieces: the number of entries written before these (it
    numbers the entries in errors and counts towards ``preallocate``).
    """
    raw = [{"relative_offset": _relative(e.offset, base_offset, i), "position": e.position}
           for i, e in enumerate(entries, first)]
    return _pad(_OFFSET_INDEX.build({"entries": raw}), preallocate, OFFSET_INDEX_ENTRY_SIZE,
                first * OFFSET_INDEX_ENTRY_SIZE)


def build_time_index(entries: Iterable[TimestampOffset], base_offset: int = 0, *,
                     preallocate: int = 0, first: int = 0) -> bytes:
    """Build a ``.timeindex`` file; ``preallocate`` pads it with zeros to that many bytes;
    ``first`` as for :func:`build_offset_index`."""
    raw = [{"timestamp": e.timestamp, "relative_offset": _relative(e.offset, base_offset, i)}
           for i, e in enumerate(entries, first)]
    return _pad(_TIME_INDEX.build({"entries": raw}), preallocate, TIME_INDEX_ENTRY_SIZE,
                first * TIME_INDEX_ENTRY_SIZE)


def build_txn_index(entries: Iterable[AbortedTxn]) -> bytes:
    """Build a ``.txnindex`` file."""
    raw = [{"version": e.version, "producer_id": e.producer_id, "first_offset": e.first_offset,
            "last_offset": e.last_offset, "last_stable_offset": e.last_stable_offset}
           for e in entries]
    return _txn_index().build({"entries": raw})
