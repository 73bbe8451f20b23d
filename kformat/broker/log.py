"""One partition's log in memory: magic 2 batches in offset order, as their wire bytes.

The broker assigns offsets as Kafka's does (``LogValidator``): each appended batch gets the
log end offset as its ``baseOffset`` and the leader's epoch as its ``partitionLeaderEpoch``,
two fields the batch CRC does not cover (Kafka documentation, "Record Batch"), so the rest of
the client's bytes are stored and served unchanged, compressed as the producer wrote them.
A :class:`~kformat.broker.storage.DiskLog` subclass also writes each batch to a partition
directory.
"""

from __future__ import annotations

import bisect
import struct
from dataclasses import dataclass
from typing import Final

from kformat.records.api import parse_batches
from kformat.records.framing import LENGTH_OFFSET
from kformat.records.model import Batch

__all__ = ["PartitionLog", "StoredBatch", "stamped"]

_BASE: Final = struct.Struct(">q")
_EPOCH: Final = struct.Struct(">i")
_EPOCH_OFFSET: Final = LENGTH_OFFSET + 4  # partitionLeaderEpoch follows batchLength


def stamped(data: bytes, base_offset: int, leader_epoch: int) -> bytes:
    """``data`` (one magic 2 batch) with its ``baseOffset`` and ``partitionLeaderEpoch`` set."""
    return (_BASE.pack(base_offset) + data[LENGTH_OFFSET:_EPOCH_OFFSET]
            + _EPOCH.pack(leader_epoch) + data[_EPOCH_OFFSET + 4:])


@dataclass(slots=True)
class StoredBatch:
    """A batch in the log: its offsets, its greatest timestamp, its bytes, its header."""

    base_offset: int
    next_offset: int
    max_timestamp: int
    data: bytes
    batch: Batch


class PartitionLog:
    """The batches of one partition (``log_start_offset`` .. ``end_offset``)."""

    def __init__(self) -> None:
        self.batches: list[StoredBatch] = []
        self._nexts: list[int] = []
        self.log_start_offset = 0
        self.end_offset = 0
        self.size_bytes = 0

    def append(self, batch: Batch, data: bytes, leader_epoch: int) -> StoredBatch:
        """Append one magic 2 batch (``batch`` its parsed header, ``data`` its bytes) at the
        log end offset; the stored batch has the offsets assigned."""
        base = self.end_offset
        batch.base_offset = base
        batch.partition_leader_epoch = leader_epoch
        stored = StoredBatch(base, base + batch.last_offset_delta + 1, batch.max_timestamp,
                             stamped(data, base, leader_epoch), batch)
        self._add(stored)
        return stored

    def _add(self, stored: StoredBatch) -> None:
        self.batches.append(stored)
        self._nexts.append(stored.next_offset)
        self.end_offset = stored.next_offset
        self.size_bytes += len(stored.data)

    def index_of(self, offset: int) -> int:
        """The index of the first batch holding ``offset`` or later offsets."""
        return bisect.bisect_right(self._nexts, offset)

    def read(self, offset: int, max_bytes: int, upto: int | None = None) -> bytes:
        """The batches from the one holding ``offset``, at most ``max_bytes`` of them but at
        least one whole batch (KIP-74), none at or past ``upto`` (default: the end)."""
        end = self.end_offset if upto is None else upto
        out: list[bytes] = []
        size = 0
        for stored in self.batches[self.index_of(offset):]:
            if stored.base_offset >= end:
                break
            if out and size + len(stored.data) > max_bytes:
                break
            out.append(stored.data)
            size += len(stored.data)
            if size >= max_bytes:
                break
        return b"".join(out)

    def offset_for_timestamp(self, timestamp: int) -> tuple[int, int] | None:
        """(offset, timestamp) of the first record whose timestamp is >= ``timestamp``."""
        for stored in self.batches[self.index_of(self.log_start_offset):]:
            if stored.max_timestamp < timestamp:
                continue
            for batch in parse_batches(stored.data):
                for record in batch.records:
                    if record.timestamp >= timestamp and record.offset >= self.log_start_offset:
                        return record.offset, record.timestamp
        return None

    def max_timestamp(self) -> tuple[int, int] | None:
        """(offset, timestamp) of the record with the greatest timestamp (the first such)."""
        best: StoredBatch | None = None
        for stored in self.batches[self.index_of(self.log_start_offset):]:
            if best is None or stored.max_timestamp > best.max_timestamp:
                best = stored
        if best is None:
            return None
        for batch in parse_batches(best.data):
            for record in batch.records:
                if record.timestamp == best.max_timestamp:
                    return record.offset, record.timestamp
        return best.next_offset - 1, best.max_timestamp

    def delete_before(self, offset: int) -> None:
        """Move the log start offset to ``offset`` (DeleteRecords); whole batches before it go."""
        self.log_start_offset = max(self.log_start_offset, min(offset, self.end_offset))
        drop = self.index_of(self.log_start_offset)
        if drop:
            self.size_bytes -= sum(len(b.data) for b in self.batches[:drop])
            del self.batches[:drop]
            del self._nexts[:drop]
