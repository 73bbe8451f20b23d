"""How a log is cut into batches: the framing every reader of records shares.

A record batch (magic 2) and a legacy message set entry (magic 0/1) start alike (Kafka
documentation, "Record Batch" and "Old Message Format")::

    offset  field                           type
    0       baseOffset / offset             int64
    8       batchLength / message_size      int32   bytes after this field
    12      partitionLeaderEpoch / crc      int32
    16      magic                           int8

so the first 17 bytes say how long an entry is and which grammar reads it. The smallest
length each magic allows comes from the grammars themselves (:func:`min_length`: an empty
magic 2 batch, a magic 0/1 message with null key and value), never from literals.

Every reader uses these: the records API (:func:`check_frame`, precise errors), the Arrow
readers and the Spark planner (:func:`plausible_frame`, which only says yes or no, leaving
errors to the records API; :func:`plausible_run`, a run of such entries), the fuzzer's span
tracer, and the native columnar sink, which frames with the numbers of
:func:`frame_numbers` the way :func:`plausible_frame` and :func:`plausible_run` do.

After bytes that do not frame a batch (garbage, zeros, a damaged length or magic), every
reader resyncs by the one rule here, :func:`find_batch`: the next position where a whole
batch of a known magic starts whose stored CRC equals the CRC of the bytes it covers
(:func:`crc_matches`: CRC-32C from ``attributes`` on for magic 2, CRC-32 from ``magic`` on
for magic 0/1, Kafka documentation "Record Batch" and "Message Sets"), looking at most
``limit`` bytes ahead (:data:`DEFAULT_RESYNC_LIMIT`), so the scan is bounded and a false find
needs a 32-bit CRC to match by chance.
"""

from __future__ import annotations

import functools
import re
import struct
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final, Protocol

from kformat.errors import InvalidValueError, LimitExceededError, UnsupportedVersionError
from kformat.records.checksum import crc32, crc32c
from kformat.records.codecs import CODEC_MASK, DEFAULT_RECORD_LIMIT

if TYPE_CHECKING:
    from kformat.records.model import Batch

__all__ = [
    "BATCH_OVERHEAD",
    "CONTROL_FLAG",
    "DEFAULT_RESYNC_LIMIT",
    "DELETE_HORIZON_FLAG",
    "HEAD",
    "LENGTH_OFFSET",
    "MAGICS",
    "MAGIC_OFFSET",
    "NAMED_FLAGS",
    "PEEK",
    "TIMESTAMP_TYPE_FLAG",
    "TRANSACTIONAL_FLAG",
    "BufferAt",
    "ReadAt",
    "check_frame",
    "check_record_count",
    "crc_matches",
    "entry_length",
    "find_batch",
    "flag_bits",
    "frame_numbers",
    "min_length",
    "named_flags",
    "plausible_batch",
    "plausible_entries",
    "plausible_frame",
    "plausible_run",
]

HEAD: Final = struct.Struct(">qi")
"""``baseOffset``/``offset`` and ``batchLength``/``message_size``."""
BATCH_OVERHEAD: Final = HEAD.size
"""The bytes ``batchLength`` does not count (12)."""
LENGTH_OFFSET: Final = 8
MAGIC_OFFSET: Final = 16
PEEK: Final = MAGIC_OFFSET + 1
"""Bytes needed to know an entry's length and magic."""
MAGICS: Final = (0, 1, 2)

_INT32: Final = struct.Struct(">i")

# The attribute bits above the codec (Kafka documentation, "Record Batch"); magic 0/1
# messages have bit 3 only, and only magic 1 uses it.
TIMESTAMP_TYPE_FLAG: Final = 0x08
"""Bit 3: the timestamps are LogAppendTime (the broker's), not CreateTime."""
TRANSACTIONAL_FLAG: Final = 0x10
"""Bit 4: the batch is part of a transaction (KIP-98)."""
CONTROL_FLAG: Final = 0x20
"""Bit 5: the batch holds a control record (a transaction marker...)."""
DELETE_HORIZON_FLAG: Final = 0x40
"""Bit 6: ``base_timestamp`` is the delete horizon set by the log cleaner (KIP-534)."""
NAMED_FLAGS: Final = TIMESTAMP_TYPE_FLAG | TRANSACTIONAL_FLAG | CONTROL_FLAG | DELETE_HORIZON_FLAG
"""The bits :class:`~kformat.records.model.Batch` names as fields (3-6)."""


def flag_bits(batch: Batch) -> int:
    """Bits 3-6 of a magic 2 batch's ``attributes``, from its named fields."""
    return ((TIMESTAMP_TYPE_FLAG if batch.timestamp_type else 0)
            | (TRANSACTIONAL_FLAG if batch.is_transactional else 0)
            | (CONTROL_FLAG if batch.is_control else 0)
            | (DELETE_HORIZON_FLAG if batch.has_delete_horizon else 0))


def named_flags(attributes: int) -> dict[str, Any]:
    """The named :class:`~kformat.records.model.Batch` fields of a magic 2 batch's
    ``attributes`` bits 3-6 (the inverse of :func:`flag_bits`)."""
    return {"timestamp_type": 1 if attributes & TIMESTAMP_TYPE_FLAG else 0,
            "is_transactional": bool(attributes & TRANSACTIONAL_FLAG),
            "is_control": bool(attributes & CONTROL_FLAG),
            "has_delete_horizon": bool(attributes & DELETE_HORIZON_FLAG)}


@functools.cache
def _min_lengths() -> dict[int, int]:
    # Imported here: the grammars' modules use this one's constants.
    from kformat.records.batch import RecordBatchV2
    from kformat.records.legacy import LegacyMessage

    empty = RecordBatchV2.build({
        "base_offset": 0, "partition_leader_epoch": 0, "attributes": 0,
        "last_offset_delta": 0, "base_timestamp": 0, "max_timestamp": 0, "producer_id": 0,
        "producer_epoch": 0, "base_sequence": 0, "record_count": 0, "records": [],
    })
    lengths = {2: len(empty) - BATCH_OVERHEAD}
    for magic in (0, 1):
        message = LegacyMessage.build({"magic": magic, "attributes": 0,
                                       "timestamp": 0 if magic else None,
                                       "key": None, "value": None})
        lengths[magic] = len(message)
    return lengths


def min_length(magic: int) -> int | None:
    """The smallest ``batchLength`` / ``message_size`` of ``magic`` (None: not a magic)."""
    return _min_lengths().get(magic)


def entry_length(data: bytes | memoryview, pos: int = 0) -> int:
    """The ``batchLength`` / ``message_size`` of the entry at ``pos``."""
    length: int = _INT32.unpack_from(data, pos + LENGTH_OFFSET)[0]
    return length


def check_frame(head: bytes, pos: int, max_batch_size: int) -> tuple[int, int | None]:
    """``(size, magic)`` of the entry at ``pos`` whose first bytes (at least
    :data:`BATCH_OVERHEAD`, :data:`PEEK` to know the magic) are ``head``; ``size`` counts the
    12 bytes of :data:`HEAD`, ``magic`` is None when ``head`` stops before it.

    Raises :class:`~kformat.errors.InvalidValueError` for a length below the magic's
    minimum, :class:`~kformat.errors.LimitExceededError` above ``max_batch_size``,
    :class:`~kformat.errors.UnsupportedVersionError` for a magic other than 0, 1 and 2.
    """
    length = HEAD.unpack_from(head)[1]
    magic = struct.unpack_from(">b", head, MAGIC_OFFSET)[0] if len(head) > MAGIC_OFFSET \
        else None
    known = min_length(magic) if magic is not None else None
    minimum = PEEK - BATCH_OVERHEAD if known is None else known
    if length < minimum:
        raise InvalidValueError(
            f"batch length {length} is below the minimum {minimum}"
            + (f" for magic {magic}" if known is not None else ""),
            path="batch_length", offset=pos + LENGTH_OFFSET, expected=minimum, actual=length)
    size = BATCH_OVERHEAD + length
    if size > max_batch_size:
        raise LimitExceededError("batch larger than max_batch_size", path="batch_length",
                                 offset=pos + LENGTH_OFFSET, expected=max_batch_size,
                                 actual=size)
    if magic is not None and known is None:
        raise UnsupportedVersionError(f"magic {magic} is not 0, 1 or 2", path="magic",
                                      offset=pos + MAGIC_OFFSET, expected=MAGICS,
                                      actual=magic)
    return size, magic


def plausible_frame(head: bytes, pos: int, end: int,
                    max_batch_size: int) -> tuple[int, int] | None:
    """``(size, magic)`` of a plausible whole entry whose first bytes are ``head`` at ``pos``
    (the data ends at ``end``); None when the records API must have its say."""
    if len(head) < PEEK:
        return None
    length = HEAD.unpack_from(head)[1]
    magic = head[MAGIC_OFFSET]
    minimum = min_length(magic)
    size = BATCH_OVERHEAD + length
    if minimum is None or length < minimum or size > max_batch_size or pos + size > end:
        return None
    return size, magic


@functools.cache
def _count_offset() -> int:
    from kformat.records.batch import RECORD_COUNT_OFFSET

    return RECORD_COUNT_OFFSET


def plausible_entries(read: Callable[[int, int], bytes | memoryview], pos: int, end: int,
                      max_batch_size: int, max_rows: int = 0,
                      max_bytes: int = 0) -> Iterator[tuple[int, int, int]]:
    """``(position, size, magic)`` of each entry of the run at ``pos``: the whole entries
    that frame plausibly (:func:`plausible_frame`) before ``end``, up to the first that does
    not, or up to and including the one that brings the records their heads announce (a
    magic 2 batch's ``record_count``, 1 for a magic 0/1 entry) to ``max_rows`` or their bytes
    to ``max_bytes`` (0: no limit). ``read(position, n)`` gives up to ``n`` bytes."""
    at = _count_offset()
    start, rows = pos, 0
    while pos < end:
        head = read(pos, at + 4)
        found = plausible_frame(bytes(head[:PEEK]), pos, end, max_batch_size)
        if found is None:
            return
        size, magic = found
        yield pos, size, magic
        rows += int.from_bytes(head[at:at + 4], "big") if magic == 2 else 1
        pos += size
        if (max_rows and rows >= max_rows) or (max_bytes and pos - start >= max_bytes):
            return


def plausible_run(data: bytes | memoryview, max_batch_size: int, max_rows: int = 0,
                  max_bytes: int = 0) -> tuple[int, int]:
    """``(bytes, entries)`` of the run that starts ``data`` (:func:`plausible_entries`)."""
    view = memoryview(data)
    pos = entries = 0
    for at, size, _magic in plausible_entries(lambda p, n: view[p:p + n], 0, len(view),
                                              max_batch_size, max_rows, max_bytes):
        pos, entries = at + size, entries + 1
    return pos, entries


@functools.lru_cache(maxsize=16)
def frame_numbers(record_limit: int = DEFAULT_RECORD_LIMIT
                  ) -> tuple[int, int, int, tuple[int, ...], int, int, int, int, int]:
    """How entries are framed, as the native engine takes it: ``(BATCH_OVERHEAD,
    LENGTH_OFFSET, MAGIC_OFFSET, (min_length(0), min_length(1), min_length(2)),
    HEADER_SIZE, RECORD_COUNT_OFFSET, ATTRIBUTES_OFFSET, CODEC_MASK, record_limit)``: a
    compressed magic 2 batch announcing more than ``record_limit`` records is left to the
    Python path, which refuses it (:func:`check_record_count`)."""
    from kformat.records.batch import ATTRIBUTES_OFFSET, HEADER_SIZE, RECORD_COUNT_OFFSET

    minimums = tuple(int(min_length(m) or 0) for m in MAGICS)
    return (BATCH_OVERHEAD, LENGTH_OFFSET, MAGIC_OFFSET, minimums, HEADER_SIZE,
            RECORD_COUNT_OFFSET, ATTRIBUTES_OFFSET, CODEC_MASK, record_limit)


def check_record_count(chunk: bytes | bytearray | memoryview, record_limit: int,
                       verify_crc: bool = True) -> None:
    """Refuse the whole magic 2 batch ``chunk`` when it is compressed and announces more
    than ``record_limit`` records (:func:`~kformat.records.codecs.record_limit_for`), before
    anything is decompressed: :class:`~kformat.errors.LimitExceededError` at
    ``record_count`` (offset relative to ``chunk``). With ``verify_crc``, a batch whose CRC
    does not match is left to the CRC check (damage is reported as damage). Every reader of
    a whole batch checks it (and the native engine, with :func:`frame_numbers`, leaves such
    a batch to them)."""
    from kformat.records.batch import ATTRIBUTES_OFFSET, HEADER_SIZE, RECORD_COUNT_OFFSET

    if len(chunk) < HEADER_SIZE or not chunk[ATTRIBUTES_OFFSET + 1] & CODEC_MASK:
        return
    (count,) = _INT32.unpack_from(chunk, RECORD_COUNT_OFFSET)
    if count > record_limit and not (verify_crc and not crc_matches(chunk)):
        raise LimitExceededError(
            f"a compressed batch announces {count} records, more than the record cap "
            f"({record_limit}; see record_limit)", path="record_count",
            offset=RECORD_COUNT_OFFSET, expected=record_limit, actual=count)


# --------------------------------------------------------------------------- resync

DEFAULT_RESYNC_LIMIT: Final = 16 << 20
"""How far past bytes that do not frame a batch a reader looks for the next one (16 MiB)."""
# Where an entry may start: a base offset and a length that are not negative, a known magic.
_CANDIDATE: Final = re.compile(rb"(?s)(?=[\x00-\x7f].{7}[\x00-\x7f].{7}[\x00\x01\x02])")
# A length is at least min_length(), so one of its bytes (8 to 11) is not zero: candidates
# lie near the runs of non-zero bytes, and a run of zeros (a preallocated tail) costs a scan.
_NONZERO: Final = re.compile(rb"[^\x00]+")
_LENGTH_END: Final = LENGTH_OFFSET + 4
_RESYNC_HEAD: Final = struct.Struct(">qiiB")
_RESYNC_BLOCK: Final = 1 << 20
_LEGACY_CRC_AT: Final = 12


class ReadAt(Protocol):
    """Bytes by position: what :func:`find_batch` reads (a file, or :class:`BufferAt`)."""

    def read_at(self, offset: int, n: int) -> bytes | memoryview: ...


class BufferAt:
    """A buffer as a :class:`ReadAt`: copies of its slices, so no view of it (a mapped
    file's) outlives a read."""

    def __init__(self, data: bytes | bytearray | memoryview) -> None:
        self.data = data

    def read_at(self, offset: int, n: int) -> bytes:
        return bytes(self.data[offset:offset + n])


@functools.cache
def _crc_offset() -> int:
    from kformat.records.batch import CRC_OFFSET

    return CRC_OFFSET


def crc_matches(entry: bytes | bytearray | memoryview) -> bool:
    """Whether the stored CRC of the whole entry ``entry`` (any magic, at least
    :data:`PEEK` bytes) matches the bytes it covers."""
    if len(entry) < PEEK:
        return False
    if entry[MAGIC_OFFSET] == 2:
        at = _crc_offset()
        return crc32c(bytes(entry[at + 4:])) == int.from_bytes(entry[at:at + 4], "big")
    return crc32(bytes(entry[MAGIC_OFFSET:])) == \
        int.from_bytes(entry[_LEGACY_CRC_AT:_LEGACY_CRC_AT + 4], "big")


def plausible_batch(source: ReadAt, pos: int, end: int, max_batch_size: int,
                    head: bytes | memoryview | None = None) -> int | None:
    """The size of the entry at ``pos`` when it is a whole one of a known magic, with a
    base offset of at least 0, lying wholly before ``end``, whose CRC matches; else None.
    ``head`` may give its first bytes (already read)."""
    if head is None or len(head) < PEEK:
        head = source.read_at(pos, PEEK)
    if len(head) < PEEK:
        return None
    base, length, _, magic = _RESYNC_HEAD.unpack_from(head)
    minimum = min_length(magic)
    size = BATCH_OVERHEAD + length
    if base < 0 or minimum is None or length < minimum or size > max_batch_size \
            or pos + size > end:
        return None
    entry = source.read_at(pos, size)
    return size if len(entry) == size and crc_matches(entry) else None


def find_batch(source: ReadAt, start: int, end: int, *, limit: int = DEFAULT_RESYNC_LIMIT,
               max_batch_size: int) -> int | None:
    """The resync rule: the first position in ``[start, min(end, start + limit))`` where a
    batch :func:`plausible_batch` accepts starts; None when there is none."""
    stop = min(end, start + max(0, limit))
    at = start
    while at < stop:
        scan_to = min(_RESYNC_BLOCK, stop - at)
        block = bytes(source.read_at(at, scan_to + PEEK))
        for p in _candidates(block, scan_to):
            if plausible_batch(source, at + p, end, max_batch_size,
                               head=block[p:p + PEEK]) is not None:
                return at + p
        at += scan_to
    return None


def _candidates(block: bytes, scan_to: int) -> Iterator[int]:
    """Positions below ``scan_to`` in ``block`` where :data:`_CANDIDATE` matches and a
    length byte is not zero, in order."""
    done = 0
    for run in _NONZERO.finditer(block):
        lo, hi = max(run.start() - _LENGTH_END + 1, done), min(run.end() - LENGTH_OFFSET, scan_to)
        if lo >= hi:
            continue
        for m in _CANDIDATE.finditer(block, lo, min(hi + PEEK, len(block))):
            if m.start() >= hi:
                break
            yield m.start()
        done = hi
        if hi >= scan_to:
            return
