"""Writing batches: :func:`build_batch` (a :class:`~kformat.records.model.Batch` of any magic
to bytes) and :func:`make_batch` (a batch from records, dicts or ``(key, value[, headers])``
tuples); the mapping to the grammar's values is :mod:`kformat.records.conversion`'s."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any

from kformat import engine
from kformat.errors import EncodeError
from kformat.primitives import Int64
from kformat.records.codecs import Codec
from kformat.records.conversion import (
    RECORD_TYPES,
    RecordValues,
    attributes_of,
    check_records,
    codec_of,
    v2_grammar,
    v2_records,
    v2_value,
)
from kformat.records.enums import TimestampType, as_timestamp_type
from kformat.records.legacy import build_legacy
from kformat.records.model import Batch, Record

__all__ = ["build_batch", "make_batch"]


def build_batch(batch: Batch, *, compression_level: int | None = None) -> bytes:
    """The wire bytes of ``batch`` (any magic; magic 0/1 through :mod:`~kformat.records.legacy`).

    ``compression_level`` is KIP-390's ``compression.<codec>.level`` (None: the Java
    default). Raises :class:`~kformat.errors.EncodeError` naming the field that cannot be
    encoded.
    """
    if not isinstance(batch, Batch):
        raise EncodeError("build_batch needs a Batch", actual=type(batch).__name__)
    if batch.magic in (0, 1):
        if compression_level is not None:
            raise EncodeError("compression_level applies to magic 2 batches",
                              path="compression_level", actual=compression_level)
        return build_legacy(batch)
    if batch.magic != 2:
        raise EncodeError("magic must be 0, 1 or 2", path="magic", actual=batch.magic)
    if not isinstance(batch.records, list | tuple):
        check_records(batch)
    native = engine.native()
    if native is not None:  # Records built in C (RECORD plan node); anything else: below
        value = v2_value(batch, batch.records)
        try:
            return native.build(v2_grammar().plan, value, compression_level)  # type: ignore[no-any-return]
        except Exception:  # declined: the Python path builds the batch or names the error
            pass
    try:
        return v2_grammar().build(v2_value(batch, RecordValues(batch)),
                           compression_level=compression_level)
    except EncodeError:
        # a header given as a list (or another pair), or a value the grammar refuses: the
        # general conversion accepts any (key, value) pair, and names the field at fault
        return v2_grammar().build(v2_value(batch, v2_records(batch)),
                           compression_level=compression_level)


_TIMESTAMP = attrgetter("timestamp")


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


def _item(item: Any, i: int) -> tuple[int | None, int | None, Any, Any, Any, int]:
    """(offset, timestamp, key, value, headers, attributes) of one make_batch input."""
    if item.__class__ is Record or isinstance(item, RECORD_TYPES):
        stamp = item.timestamp if item.timestamp >= 0 else None
        return None, stamp, item.key, item.value, item.headers, item.attributes
    if isinstance(item, dict):
        unknown = set(item) - {"key", "value", "headers", "timestamp", "offset", "attributes"}
        if unknown:
            raise EncodeError(f"unknown record fields {sorted(unknown)}", path=f"records[{i}]")
        headers = item.get("headers")
        if headers is None:  # not `or`: a sequence's truth is its __len__'s
            headers = []
        if isinstance(headers, dict):
            headers = list(headers.items())
        return (item.get("offset"), item.get("timestamp"), item.get("key"),
                item.get("value"), [tuple(h) for h in headers], item.get("attributes", 0))
    if isinstance(item, tuple) and len(item) in (2, 3):
        headers = item[2] if len(item) == 3 else []
        if isinstance(headers, dict):
            headers = list(headers.items())
        return None, None, item[0], item[1], [tuple(h) for h in headers], 0
    raise EncodeError("a record is a Record, a dict or a (key, value[, headers]) tuple",
                      path=f"records[{i}]", actual=type(item).__name__)


def check_timestamp_type(timestamp_type: TimestampType | int, magic: int) -> None:
    """A magic 1 or 2 batch's timestamp type is create time (0) or log append time (1), as
    Java's ``MemoryRecordsBuilder`` requires: :class:`~kformat.errors.EncodeError` at
    ``timestamp_type`` otherwise (magic 0 has none)."""
    if magic and timestamp_type not in (0, 1):
        raise EncodeError(f"a magic {magic} batch's timestamp_type is CREATE_TIME (0) or "
                          "LOG_APPEND_TIME (1)", path="timestamp_type", actual=timestamp_type)


def check_offset(offset: int, next_offset: int) -> None:
    """A batch's record offsets increase, as Java's ``MemoryRecordsBuilder.appendWithOffset``
    requires: each at least ``next_offset`` (the one after the previous record's; the
    batch's ``base_offset`` for the first). :class:`~kformat.errors.EncodeError` at
    ``offset`` otherwise. The rule of :func:`make_batch` and of
    :class:`~kformat.records.RecordBatchBuilder`."""
    if offset < next_offset:
        raise EncodeError(f"offsets must increase: the next one is at least {next_offset}",
                          path="offset", actual=offset)


def _items(records: Any) -> list[Any] | tuple[Any, ...]:
    """make_batch's records as a list or tuple: :class:`~kformat.errors.EncodeError` at
    ``records`` for what is not an iterable of records (None, a number, text or bytes)."""
    if records.__class__ is list or records.__class__ is tuple:
        return records
    if records is None or isinstance(records, str | bytes | bytearray | memoryview | dict):
        raise EncodeError("records must be an iterable of records", path="records",
                          actual=type(records).__name__)
    try:
        return [item for item in records]  # a list subclass's __len__ is not asked
    except TypeError:
        raise EncodeError("records must be an iterable of records", path="records",
                          actual=type(records).__name__) from None


def check_timestamp(stamp: int) -> None:
    """A record's timestamp must be a Java long, as the batch's ``max_timestamp`` field is
    (only its delta from the base is written, so the record grammar does not check it):
    :class:`~kformat.errors.EncodeError` at ``timestamp`` otherwise."""
    try:
        Int64.build(stamp)
    except EncodeError as exc:
        raise exc.relocated(prefix="timestamp") from None


def _restamped(items: Sequence[Any], base_offset: int, base_timestamp: int,
               timestamp_type: TimestampType | int,
               magic: int) -> tuple[list[Record], int] | None:
    """make_batch's records and their largest timestamp in the common case (every item a
    native :class:`Record` with a timestamp, magic 1 or 2), made in C; ``None`` otherwise
    (the general loop decides)."""
    native = engine.extension()
    if native is None or magic == 0 or base_offset.__class__ is not int \
            or base_timestamp.__class__ is not int or not isinstance(items, list | tuple):
        return None
    try:
        return native.restamp_records(items, base_offset, base_timestamp,  # type: ignore[no-any-return]
                                      timestamp_type)
    except OverflowError:
        return None


def make_batch(records: Iterable[Record | dict[str, Any] | tuple[Any, ...]], *,
               codec: Codec | int | str = Codec.NONE, base_offset: int = 0,
               base_timestamp: int | None = None, magic: int = 2, producer_id: int = -1,
               producer_epoch: int = -1, base_sequence: int = -1,
               is_transactional: bool = False, is_control: bool = False,
               partition_leader_epoch: int = -1,
               timestamp_type: TimestampType | int = TimestampType.CREATE_TIME) -> Batch:
    """A batch of ``records``, ready for :func:`build_batch`.

    Records get offsets ``base_offset, base_offset + 1, ...``; a dict may give an absolute
    ``offset``, at least the one after the previous record's (offsets increase, as
    :class:`~kformat.records.RecordBatchBuilder` requires: :func:`check_offset`), and the
    records after it follow on from it. A record without a timestamp (``Record.timestamp == -1``, or none given)
    takes ``base_timestamp``, which defaults to the first record's timestamp, else the
    current time. ``last_offset_delta`` and ``max_timestamp`` are computed; an empty batch
    has ``last_offset_delta == -1``. For magic 0/1, see :func:`kformat.records.legacy.build_legacy`
    (one message per record when uncompressed, one wrapper otherwise; no headers).

    The batch's records are new :class:`Record` values; one made from a :class:`Record`
    shares its ``key``, ``value`` and ``headers`` (immutable values).
    """
    kind = codec_of(codec)
    if magic not in (0, 1, 2):
        raise EncodeError("magic must be 0, 1 or 2", path="magic", actual=magic)
    timestamp_type = as_timestamp_type(timestamp_type)
    check_timestamp_type(timestamp_type, magic)
    for name, number in (("base_offset", base_offset), ("base_timestamp", base_timestamp)):
        if number.__class__ is not int and not (number is None and name == "base_timestamp"):
            raise EncodeError(f"{name} needs an int", path=name, actual=type(number).__name__)
    items = _items(records)
    if base_timestamp is None:
        first = _item(items[0], 0)[1] if items else None
        base_timestamp = first if first is not None else _now_ms()
    if magic == 0:
        base_timestamp = -1
    restamped = _restamped(items, base_offset, base_timestamp, timestamp_type, magic)
    if restamped is not None:
        made, max_timestamp = restamped
    else:
        made = []
        next_offset = base_offset
        for i, item in enumerate(items):
            offset, stamp, key, value, headers, attributes = _item(item, i)
            offset = next_offset if offset is None else offset
            stamp = base_timestamp if stamp is None or magic == 0 else stamp
            if offset.__class__ is not int or stamp.__class__ is not int:
                raise EncodeError("offset and timestamp need ints", path=f"records[{i}]")
            try:
                check_offset(offset, next_offset)
                next_offset = offset + 1
                check_timestamp(stamp)
                made.append(Record(offset, stamp, key, value, headers, timestamp_type,
                                   attributes, offset - base_offset,
                                   stamp - base_timestamp if magic else 0))
            except EncodeError as exc:  # a field refused, named in the batch
                raise exc.relocated(prefix=f"records[{i}]") from None
        max_timestamp = max(map(_TIMESTAMP, made), default=base_timestamp)
    batch = Batch(
        base_offset=base_offset,
        magic=magic,
        codec=kind,
        records=made,
        partition_leader_epoch=partition_leader_epoch,
        timestamp_type=timestamp_type,
        is_transactional=is_transactional,
        is_control=is_control,
        last_offset_delta=made[-1].offset - base_offset if made else -1,
        base_timestamp=base_timestamp,
        max_timestamp=max_timestamp,
        producer_id=producer_id,
        producer_epoch=producer_epoch,
        base_sequence=base_sequence,
    )
    if magic == 2:
        batch.attributes = attributes_of(batch)
    return batch

