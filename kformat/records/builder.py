"""A streaming builder of magic 2 batches: append records, then build the batch, as Java's
``MemoryRecordsBuilder`` and aiokafka's ``DefaultRecordBatchBuilder`` do.

:class:`RecordBatchBuilder` gives the bytes :func:`~kformat.build_batch` gives for
:func:`~kformat.make_batch` of the same records and batch fields (tests hold them equal), without
making a :class:`~kformat.records.model.Record` per record first: with the native engine each
append encodes its record at once by the batch plan's ``RECORD`` node (the same code that writes
a batch's native Records) into a buffer kept by the builder, and :meth:`RecordBatchBuilder.build`
runs the batch plan over those records (header, CRC-32C, compression). Values the native append
does not take as they are go to :func:`checked_record`, which names what is wrong (an
:class:`~kformat.errors.EncodeError` whose path starts with ``records[i]``) or returns the
checked record. With the Python engine every append goes through :func:`checked_record` and
the build is ``build_batch(make_batch(...))``.
"""

from __future__ import annotations

import time
from functools import cache
from typing import TYPE_CHECKING, Any, NoReturn

from kformat import engine
from kformat.errors import EncodeError
from kformat.primitives import CompiledGrammar
from kformat.records.batch import HEADER_SIZE, Header, RecordFields
from kformat.records.batch import Record as RecordV2
from kformat.records.building import (
    build_batch,
    check_offset,
    check_timestamp,
    check_timestamp_type,
    make_batch,
)
from kformat.records.codecs import Codec
from kformat.records.conversion import attributes_of, codec_of, v2_grammar, v2_value
from kformat.records.enums import TimestampType, as_timestamp_type
from kformat.records.model import Batch, Record
from kformat.records.shape import RECORD_SHAPE

__all__ = ["RecordBatchBuilder", "checked_record"]


@cache
def _record_grammar() -> CompiledGrammar:
    """One record (:data:`~kformat.records.batch.Record`) from the struct's values in field
    order: what checks a record's wire values."""
    return CompiledGrammar(RecordV2, "RecordV2", factories={RecordFields: RECORD_SHAPE,
                                                             Header: tuple}, native=False)


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


def checked_record(index: int, offset: int | None, timestamp: int | None, key: Any, value: Any,
                   headers: Any, next_offset: int, base_offset: int,
                   base_timestamp: int | None, timestamp_type: TimestampType | int) -> Record:
    """The :class:`Record` a builder appends for these values, or the
    :class:`~kformat.errors.EncodeError` naming what it refuses (path ``records[index]...``).

    ``offset`` None takes ``next_offset``, which a given offset may not be below (offsets
    increase); ``timestamp`` None takes ``base_timestamp``, or the current time for a first
    record without a base; the record's deltas are from ``base_offset`` and ``base_timestamp``
    (the record's own timestamp when it is the first). Its wire values are checked by the
    record grammar, and its timestamp against the batch's ``max_timestamp`` field (INT64).
    """
    try:
        record = Record(next_offset if offset is None else offset,
                        timestamp if timestamp is not None else
                        base_timestamp if base_timestamp is not None else _now_ms(),
                        key, value, headers, timestamp_type)
        if offset is not None:
            check_offset(record.offset, next_offset)
        check_timestamp(record.timestamp)
        base = record.timestamp if base_timestamp is None else base_timestamp
        record = record.replace(offset_delta=record.offset - base_offset,
                                timestamp_delta=record.timestamp - base)
        _record_grammar().build((record.attributes, record.timestamp_delta,
                                 record.offset_delta, record.key, record.value,
                                 record.headers))
    except EncodeError as exc:
        raise exc.relocated(prefix=f"records[{index}]") from None
    return record


class _PythonAppender:
    """The pure-Python twin of ``_native.RecordAppender`` in its Python mode (every append
    checked by :func:`checked_record`, the records kept): the base of
    :class:`RecordBatchBuilder` where the extension is not built."""

    __slots__ = ("_base_offset", "_base_timestamp", "_count", "_hook", "_kind",
                 "_max_timestamp", "_next_offset", "_records")

    def _setup(self, element: Any, base_offset: int, base_timestamp: int | None,
               attributes: int, hook: Any, timestamp_type: TimestampType | int) -> None:
        self._base_offset = self._next_offset = base_offset
        self._base_timestamp = base_timestamp
        self._max_timestamp: int | None = None
        self._hook, self._kind = hook, timestamp_type
        self._records: list[Record] = []
        self._count = 0

    def append(self, timestamp: int | None, key: bytes | None, value: bytes | None,
               headers: Any = (), *, offset: int | None = None) -> None:
        record = self._hook(self._count, offset, timestamp, key, value, headers,
                            self._next_offset, self._base_offset, self._base_timestamp,
                            self._kind)
        self._records.append(record)
        if self._base_timestamp is None:
            self._base_timestamp = record.timestamp
        if self._max_timestamp is None or record.timestamp > self._max_timestamp:
            self._max_timestamp = record.timestamp
        self._next_offset = record.offset + 1
        self._count += 1


def _appender() -> type:
    native = engine.extension()
    return native.RecordAppender if native is not None else _PythonAppender


@cache
def _records_element() -> Any:
    """The element plan of the batch plan's records (the ``COUNTED`` node holding the
    ``RECORD`` node): what a native append encodes with."""
    from kformat.engine.plan import Op

    plan = v2_grammar().plan

    def walk(node: Any) -> Any:
        if not isinstance(node, tuple):
            return None
        if node and node[0] is Op.COUNTED.value and isinstance(node[2], tuple) and \
                Op.RECORD.value in (node[2][0], node[2][2][0] if len(node[2]) > 2 and
                                    isinstance(node[2][2], tuple) and node[2][2] else None):
            return node[2]
        for item in node:
            found = walk(item)
            if found is not None:
                return found
        return None

    found = walk(plan)
    if found is None:
        raise AssertionError("the batch plan has no records of RECORD nodes")
    return found


class BuilderMixin:
    """What :class:`RecordBatchBuilder` adds to its appender (``_native.RecordAppender``, or
    its pure-Python twin): the batch's fields and :meth:`build`. Subclasses give it the slots
    ``_batch``, ``_level`` and ``_value``."""

    if TYPE_CHECKING:  # the slots RecordBatchBuilder gives (two bases with slots conflict)
        __slots__ = ("_batch", "_level", "_value")
    else:
        __slots__ = ()
    _batch: Batch
    _level: int | None
    _value: dict[str, Any]
    _count: int
    _next_offset: int
    _base_timestamp: int | None
    _max_timestamp: int | None
    _records: list[Record] | None
    _size: int
    _setup: Any

    def __init__(self, *, codec: Codec | int | str = Codec.NONE, base_offset: int = 0,
                 base_timestamp: int | None = None, producer_id: int = -1,
                 producer_epoch: int = -1, base_sequence: int = -1,
                 is_transactional: bool = False, is_control: bool = False,
                 partition_leader_epoch: int = -1,
                 timestamp_type: TimestampType | int = TimestampType.CREATE_TIME,
                 compression_level: int | None = None) -> None:
        fields = (codec, base_offset, base_timestamp, producer_id, producer_epoch,
                  base_sequence, is_transactional, is_control, partition_leader_epoch,
                  timestamp_type)
        key: tuple[Any, ...] | None = (*fields, *map(type, fields))  # True is not 1 here
        try:
            made = _TEMPLATES.get(key)  # type: ignore[arg-type]
        except TypeError:  # an unhashable value: refused below
            made = key = None
        if made is None:
            made = _template(*fields)
            if key is not None and made[1] is not None:
                if len(_TEMPLATES) >= _TEMPLATES_KEPT:
                    _TEMPLATES.clear()
                _TEMPLATES[key] = made
        batch, value = made
        self._batch = batch
        self._level = compression_level
        if value is None:
            self._refuse()
        self._value = value
        self._setup(_records_element() if engine.native() is not None else None,
                    batch.base_offset, batch.base_timestamp, batch.attributes, checked_record,
                    batch.timestamp_type)

    def __len__(self) -> int:
        """Records appended so far."""
        return self._count

    @property
    def next_offset(self) -> int:
        """The offset the next record gets without an ``offset``."""
        return self._next_offset

    @property
    def uncompressed_size(self) -> int:
        """The batch's size in bytes if built now without compression: exact for codec none
        (what :meth:`build` returns), the size before compression otherwise."""
        if self._records is None:
            return HEADER_SIZE + self._size
        return len(self._plain())

    def _plain(self) -> bytes:
        batch = self._made()
        batch.codec = Codec.NONE
        batch.attributes = attributes_of(batch)
        return build_batch(batch)

    def _made(self) -> Batch:
        """The Python mode's batch: make_batch of the records kept."""
        b = self._batch
        base = self._base_timestamp
        records = self._records
        assert records is not None  # the Python mode keeps its records
        return make_batch([{"offset": r.offset, "timestamp": r.timestamp, "key": r.key,
                            "value": r.value, "headers": r.headers} for r in records],
                          codec=b.codec, base_offset=b.base_offset,
                          base_timestamp=base if base is not None else b.base_timestamp,
                          producer_id=b.producer_id, producer_epoch=b.producer_epoch,
                          base_sequence=b.base_sequence, is_transactional=b.is_transactional,
                          is_control=b.is_control,
                          partition_leader_epoch=b.partition_leader_epoch,
                          timestamp_type=b.timestamp_type)

    def build(self) -> bytes:
        """The batch of the records appended so far (the builder stays usable)."""
        if self._records is not None:
            return build_batch(self._made(), compression_level=self._level)
        native = engine.extension()  # records appended by the native engine
        assert native is not None
        value = dict(self._value)
        count = self._count
        base = self._base_timestamp
        value["record_count"] = count
        value["records"] = self
        if count:
            value["last_offset_delta"] = self._next_offset - 1 - value["base_offset"]
            value["base_timestamp"] = base
            value["max_timestamp"] = self._max_timestamp
        else:
            value["base_timestamp"] = value["max_timestamp"] = _now_ms() if base is None else base
        try:  # sized for the records uncompressed: built in the bytes returned, no copy
            return native.build(v2_grammar().plan, value, self._level,  # type: ignore[no-any-return]
                                HEADER_SIZE + self._size)
        except Exception as exc:  # as build_batch: declined or refused (a codec's level)
            self._refuse(str(exc))  # names the field as build_batch does
            raise AssertionError("unreachable") from None

    def _refuse(self, reason: str = "") -> NoReturn:
        """Raise the error naming the batch field the build refuses (or, when the batch's
        fields are fine, an :class:`EncodeError` with the engine's reason)."""
        batch = self._batch
        check_timestamp_type(batch.timestamp_type, 2)
        if batch.base_timestamp is None:  # the first record's: any int will do here
            batch = Batch(**{**vars(batch), "base_timestamp": 0})
        build_batch(batch, compression_level=self._level)
        raise EncodeError(f"cannot build the batch: {reason or 'refused'}", path="records")



class RecordBatchBuilder(BuilderMixin, _appender()):  # type: ignore[misc]
    """A magic 2 batch built one record at a time (Java's ``MemoryRecordsBuilder``).

    ``builder.append(timestamp, key, value, headers=(), *, offset=None)`` adds a record:
    ``timestamp`` in ms (None: ``base_timestamp``, else the current time), ``key`` and ``value``
    bytes or None, ``headers`` a list or tuple of ``(str, bytes | None)`` pairs; records get
    ``base_offset``, ``base_offset + 1``, ... unless ``offset`` gives one (offsets must
    increase). ``base_timestamp`` None takes the first record's timestamp. :meth:`build`
    returns the batch's bytes: those of ``build_batch(make_batch(records, ...), compression_level=...)``
    with the same arguments. A value it cannot write raises
    :class:`~kformat.errors.EncodeError` at the append that gave it, its path starting with
    ``records[i]`` (``records[3].headers[0].key``); the batch fields (``producer_id``...) are
    checked by :meth:`build`.
    """

    __slots__ = ("_batch", "_level", "_value")


def _template(codec: Codec | int | str, base_offset: int, base_timestamp: int | None,
              producer_id: int, producer_epoch: int, base_sequence: int,
              is_transactional: bool, is_control: bool, partition_leader_epoch: int,
              timestamp_type: TimestampType | int) -> tuple[Batch, dict[str, Any] | None]:
    """A builder's batch of no records and its grammar value (None when the bases are not
    what the engine takes: the builder then names the field)."""
    timestamp_type = as_timestamp_type(timestamp_type)
    batch = Batch(base_offset=base_offset, codec=codec_of(codec),
                  partition_leader_epoch=partition_leader_epoch,
                  timestamp_type=timestamp_type, is_transactional=is_transactional,
                  is_control=is_control, base_timestamp=base_timestamp,  # type: ignore[arg-type]
                  producer_id=producer_id, producer_epoch=producer_epoch,
                  base_sequence=base_sequence)
    if not (_int64(base_offset) and (base_timestamp is None or _int64(base_timestamp))
            and timestamp_type in (0, 1)):
        return batch, None
    batch.attributes = attributes_of(batch)
    return batch, v2_value(batch, [])


_TEMPLATES: dict[tuple[Any, ...], tuple[Batch, dict[str, Any] | None]] = {}
_TEMPLATES_KEPT = 64
"""Builders made with the same fields share their template (read only)."""


def _int64(value: Any) -> bool:
    return value.__class__ is int and -(1 << 63) <= value < (1 << 63)
