"""The public record API: parse, iterate, build and make batches of every magic.

* :func:`parse_batches` / :func:`iter_batches` read any mix of magic 0, 1 and 2 entries
  (dispatching on the magic byte at offset 16, the same position in both layouts) from a
  buffer, a binary file or a ``pathlib.Path`` (a ``str`` is a ``TypeError``). A partial batch at the end (fetch responses, live
  segments) is reported in ``.truncated`` as a :class:`~kformat.records.model.TruncatedTail`,
  or raises :class:`~kformat.errors.TruncatedError` with ``strict=True``.
* :func:`build_batch` writes a :class:`~kformat.records.model.Batch` back to bytes;
  :func:`make_batch` makes one from records, dicts or ``(key, value[, headers])`` tuples.
* :func:`decode_to_json_lines` renders records as JSON lines (``kformat records decode``),
  bytes as standard base64.

Errors are :class:`~kformat.errors.KFormatError` subclasses with the field path and the
absolute offset in the input (for a file object, counted from where reading started).
Framing checks each batch's length against ``max_batch_size`` and the bytes present before
anything is read or allocated; inside a batch that is present in full, running out of bytes
means a length or count lied, reported as :class:`~kformat.errors.InvalidValueError` (a
:class:`~kformat.errors.TruncatedError` only ever means the input itself was cut short).

The conversion between :class:`Batch` and the grammar's values
(:data:`kformat.records.batch.RecordBatchV2`) lives here and only here. The grammar is
compiled with factories, so its records come out as :class:`Record` values (headers as
``(key, value)`` tuples) and go in as tuples of their fields, made as the grammar reads them:

* ``record.offset = base_offset + offset_delta``; ``record.timestamp = base_timestamp +
  timestamp_delta``, except in LogAppendTime batches (attributes bit 3), where every record
  reports the batch's ``max_timestamp``, as Kafka's consumers do.
* :func:`build_batch` derives the deltas from the absolute ``offset`` and ``timestamp`` of each
  record (they agree with the stored deltas for a parsed or made batch; when you edit one,
  the absolute value wins), except that LogAppendTime batches keep each record's stored
  ``timestamp_delta``. The attributes are the named fields (``codec``, ``timestamp_type``,
  ``is_transactional``, ``is_control``, ``has_delete_horizon``) over the unknown bits 7-15
  of ``batch.attributes``. The CRC is always computed.
* A parsed compressed batch keeps its compressed bytes (``batch.raw_records``); they are
  written back unchanged while they still decompress to the records being built, so an
  unmodified batch rebuilds byte for byte whichever compressor wrote it. Otherwise the
  records are compressed the Java client's way (:mod:`kformat.records.codecs`).
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from operator import attrgetter
from typing import IO, Any

from kformat import engine
from kformat.errors import (
    EncodeError,
    InvalidValueError,
    KFormatError,
    TruncatedError,
)
from kformat.primitives import CompiledGrammar
from kformat.records.batch import (
    BATCH_OVERHEAD,
    CODEC_MASK,
    CONTROL_FLAG,
    DELETE_HORIZON_FLAG,
    HEADER_SIZE,
    TIMESTAMP_TYPE_FLAG,
    TRANSACTIONAL_FLAG,
    Header,
    RecordBatchV2,
    RecordFields,
)
from kformat.records.blocks import RAW_RECORDS
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT, Codec
from kformat.records.enums import TimestampType, as_timestamp_type
from kformat.records.framing import NAMED_FLAGS, PEEK, check_frame, flag_bits
from kformat.records.legacy import build_legacy, parse_legacy_entry
from kformat.records.model import Batch, PythonRecord, Record, TruncatedTail
from kformat.records.shape import RECORD_SHAPE

__all__ = [
    "DEFAULT_MAX_BATCH_SIZE",
    "BatchIterator",
    "Batches",
    "build_batch",
    "iter_batches",
    "make_batch",
    "parse_batches",
]

DEFAULT_MAX_BATCH_SIZE = 256 * 1024 * 1024
"""Largest batch (``batchLength + 12``) read before :class:`LimitExceededError` (256 MiB)."""

_CHUNK = 1 << 20
_FLAGS = CODEC_MASK | NAMED_FLAGS  # the attribute bits the named Batch fields stand for

Source = bytes | bytearray | memoryview | os.PathLike[str] | IO[bytes]


_RECORD_TYPES = (Record,) if Record is PythonRecord else (Record, PythonRecord)
"""What counts as a record: the native type, and the pure-Python twin (tests make both)."""
_CREATE_TIME, _LOG_APPEND_TIME = TimestampType.CREATE_TIME, TimestampType.LOG_APPEND_TIME


@cache
def _v2() -> CompiledGrammar:
    """RecordBatchV2, records parsed as :data:`~kformat.records.shape.RECORD_SHAPE` says
    (native engine: straight into :class:`Record` values; Python path: tuples that
    :func:`_from_v2` resolves), headers into ``(key, value)`` tuples."""
    return CompiledGrammar(RecordBatchV2, "RecordBatchV2",
                           factories={RecordFields: RECORD_SHAPE, Header: tuple})


# --------------------------------------------------------------------------- results


class Batches(list[Batch]):
    """The batches of a buffer, in order; ``truncated`` describes a partial last batch."""

    def __init__(self, batches: Iterable[Batch] = (), truncated: TruncatedTail | None = None):
        super().__init__(batches)
        self.truncated = truncated

    def __repr__(self) -> str:
        return f"Batches({list.__repr__(self)}, truncated={self.truncated!r})"


@dataclasses.dataclass(frozen=True)
class _Options:
    verify_crc: bool = True
    decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT
    strict: bool = False
    max_batch_size: int = DEFAULT_MAX_BATCH_SIZE


# --------------------------------------------------------------------------- sources


class _Buffer:
    """A bytes-like input, read in place."""

    def __init__(self, data: bytes | bytearray | memoryview) -> None:
        view = memoryview(data)
        self.view = view if view.format == "B" and view.ndim == 1 else view.cast("B")
        self.whole = data if data.__class__ is bytes else None  # one batch: no copy

    def peek(self, pos: int, n: int) -> bytes:
        return bytes(self.view[pos:pos + n])

    def take(self, pos: int, n: int) -> bytes | int:
        """The next ``n`` bytes, or how many there are when fewer (nothing is copied)."""
        left = len(self.view) - pos
        if left < n:
            return left
        if pos == 0 and n == left and self.whole is not None:
            return self.whole
        return bytes(self.view[pos:pos + n])

    def close(self) -> None:
        self.view.release()


class _File:
    """A binary file read sequentially, batch by batch, in bounded chunks."""

    def __init__(self, file: IO[bytes], owned: bool) -> None:
        self.file = file
        self.owned = owned
        self.pending = b""  # bytes peeked at but not taken yet

    def _read(self, n: int) -> bytes:
        parts, have = [], 0
        while have < n:
            chunk = self.file.read(min(_CHUNK, n - have))
            if not chunk:
                break
            parts.append(chunk)
            have += len(chunk)
        return b"".join(parts)

    def peek(self, pos: int, n: int) -> bytes:
        if len(self.pending) < n:
            self.pending += self._read(n - len(self.pending))
        return self.pending[:n]

    def take(self, pos: int, n: int) -> bytes | int:
        """The next ``n`` bytes, or how many there were when fewer (they are consumed)."""
        head, self.pending = self.pending[:n], self.pending[n:]
        data = head + self._read(n - len(head)) if len(head) < n else head
        return data if len(data) == n else len(data)

    def close(self) -> None:
        if self.owned:
            self.file.close()


def _open(source: Any) -> _Buffer | _File:
    if isinstance(source, bytes | bytearray | memoryview):
        return _Buffer(source)
    if isinstance(source, str):
        raise TypeError("record batches are bytes, not str: pass bytes (the data), a binary "
                        "file, or a pathlib.Path (a file name: pathlib.Path(name))")
    if isinstance(source, os.PathLike):
        return _File(open(source, "rb"), owned=True)  # closed by the iterator
    if hasattr(source, "read"):
        return _File(source, owned=False)
    raise TypeError(f"expected bytes, a binary file or a pathlib.Path, not "
                    f"{type(source).__name__}")


# --------------------------------------------------------------------------- iteration


class BatchIterator(Iterator[Batch]):
    """Batches of a buffer or file, one at a time; ``truncated`` is set once exhausted.

    A file is read batch by batch (never whole, and never more than ``max_batch_size``
    bytes for one batch); a file this iterator opened is closed when it is exhausted,
    fails, or on :meth:`close` / leaving a ``with`` block.
    """

    def __init__(self, source: Source, options: _Options) -> None:
        self._source: _Buffer | _File | None = _open(source)
        self._options = options
        self._pos = 0
        self.truncated: TruncatedTail | None = None

    def __iter__(self) -> BatchIterator:
        return self

    def __next__(self) -> Batch:
        if self._source is None:
            raise StopIteration
        try:
            batch = self._next(self._source)
        except BaseException:
            self.close()
            raise
        if batch is None:
            self.close()
            raise StopIteration
        return batch

    def close(self) -> None:
        if self._source is not None:
            self._source.close()
            self._source = None

    def __enter__(self) -> BatchIterator:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _tail(self, pos: int, available: int, needed: int | None) -> None:
        if self._options.strict:
            what = "frame header" if needed is None else "batch"
            raise TruncatedError(f"{what} at offset {pos} cut short", offset=pos,
                                 expected=BATCH_OVERHEAD if needed is None else needed,
                                 actual=available)
        self.truncated = TruncatedTail(position=pos, available=available, needed=needed)

    def _next(self, source: _Buffer | _File) -> Batch | None:
        pos, opts = self._pos, self._options
        head = source.peek(pos, PEEK)
        if not head:
            return None
        if len(head) < BATCH_OVERHEAD:
            self._tail(pos, len(head), None)
            return None
        size, magic = check_frame(head, pos, opts.max_batch_size)
        chunk = source.take(pos, size)
        if isinstance(chunk, int):
            self._tail(pos, chunk, size)
            return None
        self._pos = pos + size
        return _parse_entry(chunk, pos, magic, opts)  # type: ignore[arg-type]


def _parse_entry(chunk: bytes, pos: int, magic: int, opts: _Options) -> Batch:
    if magic == 2:
        try:
            value = _v2().parse(chunk, verify_crc=opts.verify_crc,
                                decompression_limit=opts.decompression_limit)
        except TruncatedError as exc:  # the batch is whole: a length or a count lied
            raise exc.relocated(pos, cls=InvalidValueError,
                                note=" (a length or count overruns the batch)") from None
        except KFormatError as exc:
            raise exc.relocated(pos) from None
        return _from_v2(value, chunk, pos, opts.verify_crc)
    try:
        batch, _ = parse_legacy_entry(chunk, 0, verify_crc=opts.verify_crc,
                                      limit=opts.decompression_limit)
    except KFormatError as exc:
        raise exc.relocated(pos) from None
    batch.position = pos
    return batch


def iter_batches(source: Source, *, verify_crc: bool = True,
                 decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT, strict: bool = False,
                 max_batch_size: int = DEFAULT_MAX_BATCH_SIZE) -> BatchIterator:
    """Iterate over the batches of a buffer, a binary file object or a path.

    ``verify_crc=False`` skips CRC checks (forensic reads; ``crc_valid`` is then ``None``).
    ``decompression_limit`` caps one batch's decompressed records, ``max_batch_size`` one
    batch's size on the wire (:class:`~kformat.errors.LimitExceededError`). After the last
    batch, ``.truncated`` describes a partial trailing batch, if any; ``strict=True`` raises
    :class:`~kformat.errors.TruncatedError` instead.
    """
    return BatchIterator(source, _Options(verify_crc, decompression_limit, strict,
                                          max_batch_size))


def parse_batches(data: Source, *, verify_crc: bool = True,
                  decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT, strict: bool = False,
                  max_batch_size: int = DEFAULT_MAX_BATCH_SIZE) -> Batches:
    """All batches of ``data`` (magic 0, 1 and 2 in any mix); see :func:`iter_batches`.

    Offsets in errors and ``batch.position`` are absolute in ``data``.
    """
    iterator = iter_batches(data, verify_crc=verify_crc,
                            decompression_limit=decompression_limit, strict=strict,
                            max_batch_size=max_batch_size)
    with iterator:
        batches = Batches(iterator)
    batches.truncated = iterator.truncated
    return batches


# --------------------------------------------------------------------------- grammar <-> Batch


def _from_v2(v: dict[str, Any], chunk: bytes, pos: int, verified: bool) -> Batch:
    attributes = v["attributes"]
    codec = attributes & CODEC_MASK
    base_offset = v["base_offset"]
    base_timestamp = v["base_timestamp"]
    max_timestamp = v["max_timestamp"]
    log_append = 1 if attributes & TIMESTAMP_TYPE_FLAG else 0
    records = v["records"]
    if records and records[0].__class__ is tuple:  # the Python path: values, not Records
        records = RECORD_SHAPE.resolve(records, v)
    return Batch(
        base_offset=base_offset,
        magic=2,
        codec=codec,
        records=records,
        partition_leader_epoch=v["partition_leader_epoch"],
        crc=v["crc"],
        attributes=attributes,
        timestamp_type=log_append,
        is_transactional=bool(attributes & TRANSACTIONAL_FLAG),
        is_control=bool(attributes & CONTROL_FLAG),
        has_delete_horizon=bool(attributes & DELETE_HORIZON_FLAG),
        last_offset_delta=v["last_offset_delta"],
        base_timestamp=base_timestamp,
        max_timestamp=max_timestamp,
        producer_id=v["producer_id"],
        producer_epoch=v["producer_epoch"],
        base_sequence=v["base_sequence"],
        batch_length=len(chunk) - BATCH_OVERHEAD,
        position=pos,
        size=len(chunk),
        crc_valid=True if verified else None,
        raw_records=chunk[HEADER_SIZE:] if codec else None,
    )


def _codec(value: Any, path: str = "codec") -> Codec:
    if isinstance(value, str):
        try:
            return Codec[value.upper()]
        except KeyError:
            pass
    elif not isinstance(value, bool) and isinstance(value, int):
        try:
            return Codec(value)
        except ValueError:
            pass
    raise EncodeError("unknown compression codec", path=path, expected=[c.name.lower()
                      for c in Codec], actual=value)


def _attributes(batch: Batch) -> int:
    if not isinstance(batch.attributes, int):
        raise EncodeError("attributes needs an int", path="attributes",
                          actual=type(batch.attributes).__name__)
    return (batch.attributes & ~_FLAGS) | _codec(batch.codec) | flag_bits(batch)


class _RecordValues(Sequence[tuple[Any, ...]]):
    """A batch's records as the grammar's positional values
    (:data:`~kformat.records.batch.RecordFields` order; a header is its ``(key, value)``
    tuple as given), made one at a time as the grammar reads them: no list of tuples to
    allocate and keep. Anything unusual is left to the grammar to refuse."""

    __slots__ = ("_base_offset", "_base_timestamp", "_records", "_stored_deltas")

    def __init__(self, batch: Batch) -> None:
        self._records = batch.records
        self._base_offset = batch.base_offset
        self._base_timestamp = batch.base_timestamp
        self._stored_deltas = bool(batch.timestamp_type)  # LogAppendTime keeps the deltas

    def __len__(self) -> int:
        return len(self._records)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self._values(r) for r in self._records[index]]
        return self._values(self._records[index])

    def _values(self, r: Record) -> tuple[Any, ...]:
        delta = r.timestamp_delta if self._stored_deltas else r.timestamp - self._base_timestamp
        return (r.attributes, delta, r.offset - self._base_offset, r.key, r.value, r.headers)

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        bo, bt = self._base_offset, self._base_timestamp
        if self._stored_deltas:
            return ((r.attributes, r.timestamp_delta, r.offset - bo, r.key, r.value, r.headers)
                    for r in self._records)
        return ((r.attributes, r.timestamp - bt, r.offset - bo, r.key, r.value, r.headers)
                for r in self._records)


def _v2_records(batch: Batch) -> list[dict[str, Any]]:
    """The records as grammar dicts, accepting any ``(key, value)`` pair as a header."""
    base_offset, base_timestamp = batch.base_offset, batch.base_timestamp
    try:
        if batch.timestamp_type:  # LogAppendTime: the stored deltas
            return [{"attributes": r.attributes, "timestamp_delta": r.timestamp_delta,
                     "offset_delta": r.offset - base_offset, "key": r.key, "value": r.value,
                     "headers": [{"key": k, "value": v} for k, v in r.headers]}
                    for r in batch.records]
        return [{"attributes": r.attributes, "timestamp_delta": r.timestamp - base_timestamp,
                 "offset_delta": r.offset - base_offset, "key": r.key, "value": r.value,
                 "headers": [{"key": k, "value": v} for k, v in r.headers]}
                for r in batch.records]
    except (AttributeError, TypeError, ValueError) as exc:
        _check_records(batch)
        raise EncodeError(f"cannot convert the records: {exc}", path="records") from None


def _check_records(batch: Batch) -> None:
    """Raise the :class:`EncodeError` naming the record or header that cannot be converted."""
    if not isinstance(batch.records, list | tuple):
        raise EncodeError("records need a list", path="records",
                          actual=type(batch.records).__name__)
    for i, r in enumerate(batch.records):
        if not isinstance(r, _RECORD_TYPES):
            raise EncodeError("records must be Record values (see make_batch)",
                              path=f"records[{i}]", actual=type(r).__name__)
        for name in ("offset", "timestamp", "timestamp_delta"):
            if not isinstance(getattr(r, name), int):
                raise EncodeError(f"{name} needs an int", path=f"records[{i}].{name}",
                                  actual=type(getattr(r, name)).__name__)
        if not isinstance(r.headers, list | tuple):
            raise EncodeError("headers need a list of (key, value) pairs",
                              path=f"records[{i}].headers", actual=type(r.headers).__name__)
        for j, header in enumerate(r.headers):
            if not isinstance(header, list | tuple) or len(header) != 2:
                raise EncodeError("a header is a (key, value) pair",
                                  path=f"records[{i}].headers[{j}]",
                                  actual=type(header).__name__)


def _v2_value(batch: Batch, records: Sequence[Any]) -> dict[str, Any]:
    value = {
        "base_offset": batch.base_offset,
        "partition_leader_epoch": batch.partition_leader_epoch,
        "magic": 2,
        "attributes": _attributes(batch),
        "last_offset_delta": batch.last_offset_delta,
        "base_timestamp": batch.base_timestamp,
        "max_timestamp": batch.max_timestamp,
        "producer_id": batch.producer_id,
        "producer_epoch": batch.producer_epoch,
        "base_sequence": batch.base_sequence,
        "record_count": len(batch.records),
        "records": records,
    }
    if batch.raw_records is not None:
        value[RAW_RECORDS] = batch.raw_records
    return value


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
        _check_records(batch)
    native = engine.NATIVE
    if native is not None:  # Records built in C (RECORD plan node); anything else: below
        value = _v2_value(batch, batch.records)
        try:
            return native.build(_v2().plan, value, compression_level)  # type: ignore[no-any-return]
        except Exception:  # declined: the Python path builds the batch or names the error
            pass
    try:
        return _v2().build(_v2_value(batch, _RecordValues(batch)),
                           compression_level=compression_level)
    except EncodeError:
        # a header given as a list (or another pair), or a value the grammar refuses: the
        # general conversion accepts any (key, value) pair, and names the field at fault
        return _v2().build(_v2_value(batch, _v2_records(batch)),
                           compression_level=compression_level)


# --------------------------------------------------------------------------- make_batch


_TIMESTAMP = attrgetter("timestamp")


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


def _item(item: Any, i: int) -> tuple[int | None, int | None, Any, Any, Any, int]:
    """(offset, timestamp, key, value, headers, attributes) of one make_batch input."""
    if item.__class__ is Record or isinstance(item, _RECORD_TYPES):
        stamp = item.timestamp if item.timestamp >= 0 else None
        return None, stamp, item.key, item.value, item.headers, item.attributes
    if isinstance(item, dict):
        unknown = set(item) - {"key", "value", "headers", "timestamp", "offset", "attributes"}
        if unknown:
            raise EncodeError(f"unknown record fields {sorted(unknown)}", path=f"records[{i}]")
        headers = item.get("headers") or []
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

    Records get offsets ``base_offset, base_offset + 1, ...`` (a dict may give an absolute
    ``offset``). A record without a timestamp (``Record.timestamp == -1``, or none given)
    takes ``base_timestamp``, which defaults to the first record's timestamp, else the
    current time. ``last_offset_delta`` and ``max_timestamp`` are computed; an empty batch
    has ``last_offset_delta == -1``. For magic 0/1, see :func:`kformat.records.legacy.build_legacy`
    (one message per record when uncompressed, one wrapper otherwise; no headers).

    The batch's records are new :class:`Record` values; one made from a :class:`Record`
    shares its ``key``, ``value`` and ``headers`` (immutable values).
    """
    kind = _codec(codec)
    if magic not in (0, 1, 2):
        raise EncodeError("magic must be 0, 1 or 2", path="magic", actual=magic)
    timestamp_type = as_timestamp_type(timestamp_type)
    items = records if isinstance(records, list | tuple) else list(records)
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
        for i, item in enumerate(items):
            offset, stamp, key, value, headers, attributes = _item(item, i)
            offset = base_offset + i if offset is None else offset
            stamp = base_timestamp if stamp is None or magic == 0 else stamp
            if offset.__class__ is not int or stamp.__class__ is not int:
                raise EncodeError("offset and timestamp need ints", path=f"records[{i}]")
            try:
                made.append(Record(offset, stamp, key, value, headers, timestamp_type,
                                   attributes, offset - base_offset,
                                   stamp - base_timestamp if magic else 0))
            except EncodeError as exc:  # a field Record refuses, named in the batch
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
        batch.attributes = _attributes(batch)
    return batch


def __getattr__(name: str) -> Any:
    # decode_to_json_lines lives in kformat.records.jsonlines (which reads through this module)
    if name == "decode_to_json_lines":
        from kformat.records.jsonlines import decode_to_json_lines

        return decode_to_json_lines
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
