"""Magic 0 and 1 message sets, Kafka before 0.11 (Kafka documentation, "Old Message Format").

Wire layout::

    MessageSet => [offset message_size message]     entries until the end, no count
      offset        INT64    absolute; a wrapper's is its LAST inner message's offset
      message_size  INT32    bytes of message
      message => crc magic attributes [timestamp] key value
        crc         UINT32   CRC-32 (zlib) of magic .. value
        magic       INT8     0 or 1
        attributes  INT8     bits 0-2 codec (none, gzip, snappy, lz4);
                             bit 3 timestamp type (magic 1: 0 create, 1 log append time);
                             other bits unused, 0 on write
        timestamp   INT64    magic 1 only
        key         BYTES    nullable; null on a wrapper
        value       BYTES    nullable; for a wrapper (codec != 0) the compressed inner
                             message set, whose offsets are relative (0..n-1) on magic 1
                             and absolute on magic 0

A wrapper's inner messages may not be compressed again: Kafka allows one level of nesting, a
deeper one raises :class:`~kformat.errors.LimitExceededError` at the inner ``attributes``.
Magic 0 LZ4 uses the pre-KIP-57 frame checksum (see :mod:`kformat.records.codecs`); zstd
(codec 4) is magic 2 only and raises :class:`~kformat.errors.UnsupportedCodecError`, like
codecs 5-7. An inner message's magic must equal its wrapper's (as Kafka's log validator
requires): :class:`~kformat.errors.InvalidValueError`.

:func:`parse_legacy_entry` maps one top-level entry to a :class:`~kformat.records.model.Batch`
(a wrapper and its inner messages, or one plain message); :func:`build_legacy` does the
reverse. A parsed wrapper keeps its compressed bytes in ``batch.wire``
(:class:`LegacyWrapper`), and while the batch is unchanged they are written back as they
were, so a peer's batch rebuilds byte for byte whatever its compressor. A changed batch is
built the Java client's way instead. Rebuilding is not byte-identical when:

* a stored CRC was wrong (parsed with ``verify_crc=False``): the correct one is written;
* a plain message's attributes have bit 3 set on magic 0 (cleared), or any message has bits
  4-7 set (:class:`~kformat.errors.EncodeError`, the seed says they must be 0);
* a changed wrapper is rebuilt: its inner messages and its compression are canonical (the
  offset is the last inner offset, relative offsets are differences from the first inner
  offset, the key is null, the timestamp is the greatest inner one unless LogAppendTime).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, fields
from functools import cache
from operator import attrgetter
from typing import Any

from construct import If, this

from kformat import engine
from kformat.errors import (
    EncodeError,
    InvalidValueError,
    KFormatError,
    TruncatedError,
)
from kformat.primitives import (
    NULLABLE_BYTES,
    CompiledGrammar,
    Int64,
    KGreedy,
    KPrefixed,
    KStruct,
)
from kformat.records.blocks import CrcGuard
from kformat.records.codecs import CODEC_MASK, find_codec
from kformat.records.enums import TimestampType, as_codec
from kformat.records.framing import BATCH_OVERHEAD, HEAD, TIMESTAMP_TYPE_FLAG, frame_numbers
from kformat.records.legacy_blocks import (
    LEGACY_CODECS,
    LEGACY_RECORD_SHAPE,
    MAGICS,
    LegacyAttributes,
    LegacyMagic,
    LegacyValue,
)
from kformat.records.model import Batch, Record

__all__ = [
    "ENTRY_OVERHEAD",
    "LegacyInnerEntry",
    "LegacyInnerMessage",
    "LegacyInnerMessageSet",
    "LegacyMessage",
    "LegacyMessageSet",
    "LegacyMessageSetEntry",
    "LegacyWrapper",
    "build_legacy",
    "parse_legacy_entry",
    "parse_legacy_run",
]

_TIMESTAMP = attrgetter("timestamp")

ENTRY_OVERHEAD = BATCH_OVERHEAD
"""``offset`` and ``message_size``: the bytes of an entry before its message."""


# --------------------------------------------------------------------------- grammar

LegacyInnerMessage = CrcGuard(KStruct(
    "magic" / LegacyMagic(match=this._._.magic),  # the wrapper's (inner -> entry -> wrapper)
    "attributes" / LegacyAttributes(this.magic, nested=True),
    "timestamp" / If(this.magic == 1, Int64),
    "key" / NULLABLE_BYTES,
    "value" / NULLABLE_BYTES,
), algorithm="crc32", what="message")
"""A message inside a wrapper: never compressed itself, magic equal to the wrapper's."""

LegacyInnerEntry = KStruct(
    "offset" / Int64,
    "message" / KPrefixed("int32", LegacyInnerMessage, "message"),
)
"""An inner entry: its offset (relative on magic 1) and its message."""

LegacyInnerMessageSet = KGreedy(LegacyInnerEntry)
"""A wrapper's decompressed value: inner entries until the end."""

LegacyMessage = CrcGuard(KStruct(
    "magic" / LegacyMagic(),
    "attributes" / LegacyAttributes(this.magic),
    "timestamp" / If(this.magic == 1, Int64),
    "key" / NULLABLE_BYTES,
    LegacyValue(this.attributes & CODEC_MASK, this.magic, LegacyInnerMessageSet),
), algorithm="crc32", what="message")
"""A top-level message; parses to ``crc, magic, attributes, timestamp, key, value, messages``
(``messages`` is the inner message set of a wrapper, else ``None``)."""

LegacyMessageSetEntry = KStruct(
    "offset" / Int64,
    "message" / KPrefixed("int32", LegacyMessage, "message"),  # message_size
)
"""``offset``, ``message_size`` and the message."""

LegacyMessageSet = KGreedy(LegacyMessageSetEntry)
"""Entries until the end of the buffer."""


@cache
def _entry_grammar() -> CompiledGrammar:
    """The entry grammar for parsing: a wrapper's inner entries are made records as
    :data:`~kformat.records.legacy_blocks.LEGACY_RECORD_SHAPE` says (native engine: in C;
    Python path: values that :func:`_to_batch` resolves)."""
    return CompiledGrammar(LegacyMessageSetEntry, "legacy message set entry", native=True,
                           factories={LegacyInnerEntry: LEGACY_RECORD_SHAPE})


@cache
def _set_grammar() -> CompiledGrammar:
    return CompiledGrammar(LegacyMessageSet, "legacy message set", native=True)


@cache
def _records_set_plan() -> tuple[Any, ...]:
    """The message set's plan with a wrapper's inner entries built from records (the
    ``RECORD_SET`` node's build side, by :data:`LEGACY_RECORD_SHAPE`'s rules)."""
    return CompiledGrammar(LegacyMessageSet, "legacy message set", native=True,
                           factories={LegacyInnerEntry: LEGACY_RECORD_SHAPE}).plan


# --------------------------------------------------------------------------- model


@dataclass(frozen=True)
class LegacyWrapper:
    """What a parsed wrapper's bytes hold beyond :class:`Batch` (``batch.wire``).

    :func:`build_legacy` writes these fields back while ``fingerprint`` still matches the
    batch, so an unchanged peer batch rebuilds byte for byte.
    """

    offset: int
    attributes: int
    timestamp: int | None
    key: bytes | None
    value: bytes
    fingerprint: tuple[Any, ...]


def _fingerprint(batch: Batch) -> tuple[Any, ...]:
    """The batch fields a rebuild depends on, and its records (references: records are
    immutable, so these are the records as parsed)."""
    return (batch.magic, batch.codec, batch.timestamp_type, batch.max_timestamp,
            batch.base_offset, batch.last_offset_delta, tuple(batch.records))


def _record_fields(r: Record) -> tuple[Any, ...]:
    """What a rebuild writes of a record (not its deltas)."""
    return (r.offset, r.timestamp, r.key, r.value, r.attributes, r.timestamp_type,
            tuple(r.headers))


def _unchanged(wire: LegacyWrapper, batch: Batch) -> bool:
    """Whether ``batch`` still holds what its wrapper was parsed into."""
    then, now = wire.fingerprint, _fingerprint(batch)
    if then[:-1] != now[:-1] or len(then[-1]) != len(now[-1]):
        return False
    return all(a is b or _record_fields(a) == _record_fields(b)
               for a, b in zip(then[-1], now[-1], strict=True))


def _to_batch(parsed: dict[str, Any], position: int, size: int,
              crc_valid: bool | None) -> Batch:
    wrapper_offset = parsed["offset"]
    msg = parsed["message"]
    magic, attributes = msg["magic"], msg["attributes"]
    codec = attributes & CODEC_MASK
    timestamp_type = (TimestampType.LOG_APPEND_TIME if magic == 1 and attributes & TIMESTAMP_TYPE_FLAG
                      else TimestampType.CREATE_TIME)
    timestamp = msg["timestamp"] if magic == 1 else -1
    if not codec:
        base_offset, base_timestamp = wrapper_offset, timestamp
        records = [Record(wrapper_offset, timestamp, msg["key"], msg["value"], (),
                          timestamp_type, attributes)]
    else:
        records = msg["messages"]
        if records and records[0].__class__ is not Record:  # the Python path: values
            records = LEGACY_RECORD_SHAPE.resolve(records, wrapper_offset, msg)
        base_offset = records[0].offset if records else wrapper_offset
        base_timestamp = records[0].timestamp if records else -1
    if magic != 1:
        base_timestamp = -1
    batch = Batch(
        base_offset=base_offset, magic=magic, codec=codec, records=records,
        crc=msg["crc"], crc_valid=crc_valid, attributes=attributes,
        timestamp_type=timestamp_type, last_offset_delta=wrapper_offset - base_offset,
        base_timestamp=base_timestamp, max_timestamp=timestamp,
        batch_length=size - ENTRY_OVERHEAD, position=position, size=size,
    )
    if codec:
        batch.wire = LegacyWrapper(
            offset=wrapper_offset, attributes=attributes, timestamp=msg["timestamp"],
            key=msg["key"], value=msg["value"], fingerprint=_fingerprint(batch))
    return batch


# --------------------------------------------------------------------------- parse

_BATCH_FIELDS = ("base_offset", "magic", "codec", "records", "crc", "crc_valid", "attributes",
                 "timestamp_type", "last_offset_delta", "base_timestamp", "max_timestamp",
                 "batch_length", "position", "size", "wire")
"""The :class:`Batch` fields :func:`_to_batch` sets, in the order ``_native.legacy_batches``
reads them (it makes the same batches in C)."""


@cache
def _batch_spec() -> tuple[Any, ...]:
    """What ``_native.legacy_batches`` makes batches with: the :class:`Batch` type and its
    other fields' values (a new batch's), the fields :func:`_to_batch` sets, the codec and
    timestamp type members, :class:`LegacyWrapper` and its fields, :data:`ENTRY_OVERHEAD`."""
    template = vars(Batch(magic=0))
    wrapper_fields = tuple(f.name for f in fields(LegacyWrapper))
    if not set(_BATCH_FIELDS) <= set(template):
        raise AssertionError("a batch field _to_batch sets is not a Batch field")
    return (Batch, template, tuple(sys.intern(n) for n in _BATCH_FIELDS),
            tuple(as_codec(c) for c in range(CODEC_MASK + 1)),
            (TimestampType.CREATE_TIME, TimestampType.LOG_APPEND_TIME), LegacyWrapper,
            tuple(sys.intern(n) for n in wrapper_fields), ENTRY_OVERHEAD)


RUN_ENTRIES = 1024
RUN_BYTES = 1 << 20
"""The most entries, and wire bytes, :func:`parse_legacy_run` reads at once: an iterator over
a large buffer holds at most that many batches ahead of its consumer."""


def parse_legacy_run(view: memoryview, position: int, *, verify_crc: bool, limit: int,
                     max_batch_size: int) -> list[Batch]:
    """The magic 0/1 entries from ``position`` on, read by the native engine (the batches
    :func:`parse_legacy_entry` makes), up to the first one it leaves to the Python path (not
    magic 0/1, not whole, too large, or failing: :func:`parse_legacy_entry` reads it or raises
    the precise error) and at most :data:`RUN_ENTRIES` of them, none starting
    :data:`RUN_BYTES` past ``position``; ``[]`` without the native engine."""
    native = engine.native()
    if native is None:
        return []
    try:
        batches, _end = native.legacy_batches(_entry_grammar().plan, view, position,
                                              verify_crc, limit, max_batch_size,
                                              _batch_spec(), RUN_ENTRIES, RUN_BYTES,
                                              frame_numbers())
    except native.Fallback:
        return []
    return batches  # type: ignore[no-any-return]



def _located(exc: KFormatError, position: int) -> KFormatError:
    """``exc`` from parsing an entry at ``position``, with absolute offsets.

    The whole entry was in the buffer, so running out of bytes inside it means a length
    (``message_size``, a key or value length) lied: :class:`InvalidValueError`. A CRC
    mismatch is reported at the CRC field.
    """
    if isinstance(exc, TruncatedError):
        return exc.relocated(position, note=" (a length field overruns message_size)",
                             cls=InvalidValueError)
    return exc.relocated(position)


def parse_legacy_entry(data: bytes | bytearray | memoryview, position: int, *,
                       verify_crc: bool = True, limit: int) -> tuple[Batch, int]:
    """Parse the magic 0/1 entry at ``position``; return it and the next entry's position.

    ``limit`` caps a wrapper's decompressed size. Raises :class:`TruncatedError` when the
    buffer ends inside the entry: ``expected`` is the entry's full size when
    ``message_size`` was readable, else ``None``; ``actual`` is the bytes available.
    Any other :class:`~kformat.errors.DecodeError` means the entry is invalid. Offsets are
    absolute in ``data``; a CRC mismatch is reported at the CRC field.
    """
    view = memoryview(data)
    if view.ndim != 1 or view.format != "B":
        view = view.cast("B")
    total = len(view)
    if not 0 <= position <= total:
        raise ValueError(f"position {position} outside the buffer (0..{total})")
    available = total - position
    if available < ENTRY_OVERHEAD:
        raise TruncatedError("message set entry header cut short", path="message_size",
                             offset=position, expected=None, actual=available)
    _, message_size = HEAD.unpack_from(view, position)
    if message_size < 0:
        raise InvalidValueError("negative message_size", path="message_size",
                                offset=position + 8, actual=message_size)
    size = ENTRY_OVERHEAD + message_size
    if size > available:
        raise TruncatedError(f"entry of {size} bytes, {available} available",
                             path="message", offset=position, expected=size,
                             actual=available)
    entry = data if (position == 0 and size == total and type(data) is bytes) \
        else bytes(view[position:position + size])
    try:
        parsed = _entry_grammar().parse(entry, verify_crc=verify_crc,
                                        decompression_limit=limit)
    except KFormatError as exc:
        raise _located(exc, position) from None
    return _to_batch(parsed, position, size, True if verify_crc else None), position + size


# --------------------------------------------------------------------------- build


def _message(magic: int, attributes: int, timestamp: int | None, key: bytes | None,
             value: bytes | None, messages: list[Any] | None = None, *,
             inner: bool = False) -> dict[str, Any]:
    """A message's value; an ``inner`` one has no ``messages`` (it holds none)."""
    message: dict[str, Any] = {"magic": magic, "attributes": attributes,
               "timestamp": timestamp if magic == 1 else None, "key": key, "value": value}
    if not inner:
        message["messages"] = messages
    return message


def _wrapper_entry(batch: Batch, as_records: bool = False) -> dict[str, Any]:
    """The wrapper entry of ``batch``; its inner entries as dicts, or with ``as_records``
    the records themselves (the native engine's ``RECORD_SET`` builds them by the same
    rules)."""
    magic, records = batch.magic, batch.records
    wire = getattr(batch, "wire", None)
    if isinstance(wire, LegacyWrapper) and _unchanged(wire, batch):
        return {"offset": wire.offset, "message": _message(
            magic, wire.attributes, wire.timestamp, wire.key, wire.value)}
    first = records[0].offset if records else 0
    inner = list(records) if as_records else [
        {"offset": LEGACY_RECORD_SHAPE.wire_offset(r.offset, first, magic),
         "message": _message(magic, r.attributes, r.timestamp, r.key, r.value, inner=True)}
        for r in records]
    if magic == 1 and batch.timestamp_type:
        timestamp = batch.max_timestamp
    else:
        timestamp = max(map(_TIMESTAMP, records), default=batch.max_timestamp)
    attributes = batch.codec | (TIMESTAMP_TYPE_FLAG if magic == 1 and batch.timestamp_type
                                else 0)
    offset = records[-1].offset if records else batch.last_offset
    return {"offset": offset, "message": _message(magic, attributes, timestamp, None, None,
                                                  inner)}


def _plain_entries(batch: Batch) -> list[dict[str, Any]]:
    attributes = LEGACY_RECORD_SHAPE.message_attributes
    return [{"offset": r.offset, "message": _message(
        batch.magic, attributes(r.attributes, r.timestamp_type, batch.magic), r.timestamp,
        r.key, r.value)} for r in batch.records]


def build_legacy(batch: Batch) -> bytes:
    """The magic 0/1 bytes of ``batch``: a plain message per record when ``codec`` is 0,
    else one wrapper holding the compressed inner message set.

    Raises :class:`~kformat.errors.EncodeError` for what magic 0/1 cannot hold (zstd,
    headers, unused attribute bits, out-of-range numbers).
    """
    if batch.magic not in MAGICS:
        raise EncodeError("legacy messages have magic 0 or 1", path="magic",
                          expected=MAGICS, actual=batch.magic)
    if batch.codec not in LEGACY_CODECS:
        spec = find_codec(batch.codec)
        reason = spec.magic_reason() if spec is not None else "unknown compression codec"
        raise EncodeError(reason, path="codec", expected=LEGACY_CODECS, actual=batch.codec)
    native = engine.native()
    if native is not None and (batch.codec or batch.records):
        try:  # the records written in C (headers refused there); declined: below
            if batch.codec:
                return native.build(_records_set_plan(), [_wrapper_entry(batch, True)])  # type: ignore[no-any-return]
            return native.legacy_messages(_records_set_plan()[1], batch.records, batch.magic)  # type: ignore[no-any-return]
        except Exception:
            pass  # the dicts below build the batch or name the error
    for i, r in enumerate(batch.records):
        if r.headers:
            raise EncodeError("magic 0/1 messages have no headers",
                              path=f"records[{i}].headers")
    if batch.codec:
        entries = [_wrapper_entry(batch)]
    elif batch.records:
        entries = _plain_entries(batch)
    else:
        raise EncodeError("an uncompressed magic 0/1 batch needs at least one record",
                          path="records")
    return _set_grammar().build(entries)
