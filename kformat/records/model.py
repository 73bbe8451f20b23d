"""Plain values for record batches and records of every magic (Kafka documentation, "Message Format").

These are what :func:`kformat.parse_batches` returns and :func:`kformat.build_batch` takes.
The construct grammars (:mod:`kformat.records.batch`, :mod:`kformat.records.legacy`)
parse into dicts; these classes give them names, snake_case attributes and absolute offsets
and timestamps.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, final

from kformat import engine
from kformat.errors import EncodeError
from kformat.records.enums import Codec, TimestampType, as_codec, as_timestamp_type

__all__ = ["RECORD_FIELDS", "Batch", "Header", "PythonRecord", "Record", "TruncatedTail"]

Header = tuple[str, bytes | None]

RECORD_FIELDS = ("offset", "timestamp", "key", "value", "headers", "timestamp_type",
                 "attributes", "offset_delta", "timestamp_delta")
"""The fields of :class:`Record`, in positional order."""

_INT64 = (-(1 << 63), (1 << 63) - 1)
_INT128 = (-(1 << 127), (1 << 127) - 1)
_WIDE = frozenset({"offset", "timestamp", "offset_delta", "timestamp_delta"})
"""A base (int64) plus a delta can leave int64, and a legacy record's deltas are differences
of int64 values: these range over int128."""
_BLOBS = (bytes, bytearray, memoryview)
_TIMESTAMP_TYPES = {int(t): t for t in TimestampType}


def _int(name: str, value: Any) -> int:
    if not isinstance(value, int):
        raise EncodeError(f"{name} needs an int", path=name, actual=type(value).__name__)
    if name == "timestamp_type" and value not in _TIMESTAMP_TYPES:
        raise EncodeError("timestamp_type must be a TimestampType (-1, 0 or 1)", path=name,
                          actual=value)
    low, high = _INT128 if name in _WIDE else _INT64
    if not low <= value <= high:
        raise EncodeError(f"{name} is outside the int{128 if name in _WIDE else 64} range",
                          path=name, actual=value)
    return int(value)


def _blob(value: Any, reason: str, path: str) -> bytes | None:
    if value is None or value.__class__ is bytes:
        return value
    if isinstance(value, _BLOBS):
        return bytes(value)
    raise EncodeError(reason, path=path, actual=type(value).__name__)


def _clean(headers: Any) -> bool:
    """Whether ``headers`` is already a tuple of exact ``(str, bytes | None)`` tuples."""
    return headers.__class__ is tuple and all(
        h.__class__ is tuple and len(h) == 2 and h[0].__class__ is str
        and (h[1] is None or h[1].__class__ is bytes) for h in headers)


def _headers(headers: Any) -> tuple[Header, ...]:
    if _clean(headers):
        return headers  # type: ignore[no-any-return]
    if not isinstance(headers, list | tuple):
        raise EncodeError("headers need a list or tuple of (key, value) pairs", path="headers",
                          actual=type(headers).__name__)
    out = []
    for j, pair in enumerate(headers):
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise EncodeError("a header is a (key, value) pair", path=f"headers[{j}]",
                              actual=type(pair).__name__)
        key, value = pair
        if not isinstance(key, str):
            raise EncodeError("a header key needs a str", path=f"headers[{j}].key",
                              actual=type(key).__name__)
        out.append((str.__str__(key), _blob(value, "a header value needs bytes or None",
                                            f"headers[{j}].value")))
    return tuple(out)


def _checked(name: str, value: Any) -> Any:
    if name == "key" or name == "value":
        return _blob(value, f"{name} needs bytes or None", name)
    if name == "headers":
        return _headers(value)
    return _int(name, value)


@final
class Record:
    """One record of a batch, immutable. ``offset`` and ``timestamp`` are absolute (deltas
    already resolved); ``headers`` is a tuple of ``(str, bytes | None)`` pairs (any list or
    tuple of pairs is accepted and stored as one); ``timestamp_type`` is a
    :class:`TimestampType` (LOG_APPEND_TIME for the records of a LogAppendTime batch).

    Every field is checked when a record is made (:class:`~kformat.errors.EncodeError`
    naming it): offsets, timestamps and their deltas within int128 (a base plus a delta
    from the wire can leave int64), ``attributes`` within int64, ``timestamp_type`` -1, 0 or
    1, ``key``/``value`` bytes or None (a bytearray or
    memoryview is copied to bytes), headers pairs of ``str`` and bytes or None.
    ``record.replace(**changes)`` is a changed copy, checked the same way (what
    ``dataclasses.replace`` did for the mutable dataclass this replaces; ``copy.replace``
    works on Python 3.13). Records compare equal field by field, hash, pickle and print
    like a frozen dataclass.

    This is the pure-Python implementation (:data:`PythonRecord`); when the native engine
    is built, :data:`Record` is its C twin (``kformat.engine._native.Record``), which
    behaves the same and is not tracked by the garbage collector.
    """

    __slots__ = RECORD_FIELDS
    __match_args__ = RECORD_FIELDS

    offset: int
    timestamp: int
    key: bytes | None
    value: bytes | None
    headers: tuple[Header, ...]
    timestamp_type: TimestampType
    attributes: int
    offset_delta: int
    timestamp_delta: int

    def __init__(self, offset: int = 0, timestamp: int = -1, key: bytes | None = None,
                 value: bytes | None = None, headers: Any = (),
                 timestamp_type: TimestampType | int = TimestampType.CREATE_TIME,
                 attributes: int = 0, offset_delta: int = 0, timestamp_delta: int = 0) -> None:
        values = (offset, timestamp, key, value, headers, timestamp_type, attributes,
                  offset_delta, timestamp_delta)
        for name, given in zip(RECORD_FIELDS, values, strict=True):
            object.__setattr__(self, name, _checked(name, given))
        object.__setattr__(self, "timestamp_type", _TIMESTAMP_TYPES[self.timestamp_type])

    def replace(self, **changes: Any) -> Record:
        """A copy with the named fields changed, checked as the constructor checks them."""
        unknown = set(changes).difference(RECORD_FIELDS)
        if unknown:
            raise TypeError(f"replace() got an unexpected keyword argument "
                            f"'{sorted(unknown)[0]}'")
        return type(self)(*(changes[n] if n in changes else getattr(self, n)
                            for n in RECORD_FIELDS))

    __replace__ = replace

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, n) for n in RECORD_FIELDS)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a Record is immutable "
                             f"(use replace())")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a Record is immutable")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return ("Record(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in RECORD_FIELDS)
                + ")")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        values = self._fields()
        return Record, (*values[:5], int(values[5]), *values[6:])

    def __copy__(self) -> Record:
        return self

    def __deepcopy__(self, memo: Any) -> Record:
        return self


PythonRecord = Record
"""The pure-Python :class:`Record` (what :data:`Record` is when the native engine is not built)."""


def _native_record() -> Any:
    """The C twin of :class:`Record` when the extension is built (whichever engine runs)."""
    native = engine.extension()
    if native is None:
        return None
    native.bind_record(TimestampType, EncodeError)
    return native.Record


if not TYPE_CHECKING:
    Record = _native_record() or Record


@dataclass
class Batch:
    """A magic-2 record batch, or one top-level magic-0/1 message (a wrapper and its inner
    messages, or a single uncompressed message).

    ``position`` is the batch's byte offset in the parsed buffer and ``size`` its length on
    the wire (``batch_length + 12`` for magic 2). ``crc_valid`` is ``None`` when checks were
    switched off.
    """

    base_offset: int = 0
    magic: int = 2
    codec: Codec | int = Codec.NONE
    """A :class:`Codec` (an int only for an id Kafka does not define)."""
    records: list[Record] = field(default_factory=list)
    partition_leader_epoch: int = -1
    crc: int = 0
    attributes: int = 0
    timestamp_type: TimestampType | int = TimestampType.CREATE_TIME
    """``attributes`` bit 3 as a :class:`TimestampType`: CREATE_TIME or LOG_APPEND_TIME (magic
    0 batches say CREATE_TIME here; JSON output says ``no_timestamp_type`` for them)."""
    is_transactional: bool = False
    is_control: bool = False
    has_delete_horizon: bool = False
    last_offset_delta: int = -1
    base_timestamp: int = -1
    max_timestamp: int = -1
    producer_id: int = -1
    producer_epoch: int = -1
    base_sequence: int = -1
    batch_length: int = 0
    position: int = 0
    size: int = 0
    crc_valid: bool | None = None
    wire: object | None = field(default=None, repr=False, compare=False)
    """What a byte-exact rebuild of an unchanged parsed batch needs (raw payload, wrapper)."""
    raw_records: bytes | None = field(default=None, repr=False, compare=False)
    """The compressed records as read (magic 2, codec not none). :func:`kformat.build_batch`
    writes them back unchanged while they still decompress to the records being built, so an
    unmodified batch rebuilds byte for byte whichever compressor wrote it."""

    def __post_init__(self) -> None:
        self.codec = as_codec(self.codec)
        self.timestamp_type = as_timestamp_type(self.timestamp_type)

    @property
    def last_offset(self) -> int:
        return self.base_offset + self.last_offset_delta

    @property
    def next_offset(self) -> int:
        return self.last_offset + 1


@dataclass(frozen=True)
class TruncatedTail:
    """A partial batch at the end of a buffer (fetch responses and live segments have one).

    ``needed`` is the batch's full size when its length field was readable, else ``None``.
    """

    position: int
    available: int
    needed: int | None
