"""Plain values for record batches and records of every magic (Kafka documentation, "Message Format").

These are what :func:`kformat.parse_batches` returns and :func:`kformat.build_batch` takes.
The construct grammars (:mod:`kformat.records.batch`, :mod:`kformat.records.legacy`)
parse into dicts; these classes give them names, snake_case attributes and absolute offsets
and timestamps.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kformat.records.enums import Codec, TimestampType, as_codec, as_timestamp_type

__all__ = ["Batch", "Header", "Record", "TruncatedTail"]

Header = tuple[str, bytes | None]


@dataclass
class Record:
    """One record. ``offset`` and ``timestamp`` are absolute (deltas already resolved)."""

    offset: int = 0
    timestamp: int = -1
    key: bytes | None = None
    value: bytes | None = None
    headers: list[Header] = field(default_factory=list)
    timestamp_type: TimestampType | int = TimestampType.CREATE_TIME
    """A :class:`TimestampType` as parsed; the records of a LogAppendTime batch say so."""
    attributes: int = 0
    offset_delta: int = 0
    timestamp_delta: int = 0


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
