"""Producer-state snapshots: the ``<offset>.snapshot`` files of a partition directory.

``storage/ProducerSnapshot.json`` (version 1), written by ``ProducerStateManager`` as a
version-prefixed, non-flexible message whose CRC is patched in afterwards::

    snapshot => version:INT16 (= 1) crc:UINT32 producer_entries:[entry]   (INT32 count)
    entry    => producer_id:INT64 epoch:INT16 last_sequence:INT32 last_offset:INT64
                offset_delta:INT32 timestamp:INT64 coordinator_epoch:INT32
                current_txn_first_offset:INT64                             (46 bytes)

The file's grammar is declared once, by the protocol layer
(:func:`kformat.protocol.formats.producer_snapshot_grammar`): the ``ProducerSnapshot`` spec
with its crc field as a CRC-32C guard over every byte after it (the array count included),
checked before the entries are decoded (a mismatch is a
:class:`~kformat.errors.CorruptRecordError` whose ``expected`` is the stored CRC) and computed
on build. This module turns its values into dataclasses.

The file name is the log end offset the snapshot was taken at; ``offset_delta`` is the last
batch's ``lastOffset - baseOffset``, so the batch's first sequence is
``last_sequence - offset_delta``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kformat.protocol import formats
from kformat.protocol.formats import producer_snapshot_grammar

__all__ = [
    "SNAPSHOT_VERSION",
    "ProducerEntry",
    "ProducerSnapshot",
    "build_producer_snapshot",
    "parse_producer_snapshot",
    "producer_snapshot_grammar",
]

SNAPSHOT_VERSION = formats.PRODUCER_SNAPSHOT_VERSION


@dataclass(frozen=True)
class ProducerEntry:
    """One producer's state (field names follow ``ProducerSnapshot.json``)."""

    producer_id: int
    epoch: int
    last_sequence: int
    last_offset: int
    offset_delta: int
    timestamp: int
    coordinator_epoch: int = -1
    current_txn_first_offset: int = -1

    @property
    def first_sequence(self) -> int:
        """First sequence of the producer's last batch (what ``kafka-dump-log`` prints),
        wrapping below 0 like ``DefaultRecordBatch.decrementSequence``; -1 without sequences."""
        if self.last_sequence < 0:
            return -1
        if self.last_sequence < self.offset_delta:
            return (1 << 31) - 1 - (self.offset_delta - self.last_sequence) + 1
        return self.last_sequence - self.offset_delta


@dataclass(frozen=True)
class ProducerSnapshot:
    entries: list[ProducerEntry]
    crc: int = 0
    version: int = SNAPSHOT_VERSION


def parse_producer_snapshot(data: bytes, *, verify_crc: bool = True) -> ProducerSnapshot:
    """Parse a ``.snapshot`` file; every failure is a :class:`~kformat.errors.DecodeError`."""
    snap = formats.parse_producer_snapshot(data, verify_crc=verify_crc)
    return ProducerSnapshot([ProducerEntry(**e) for e in snap.value["producer_entries"]],
                            crc=snap.value["crc"], version=snap.version)


def build_producer_snapshot(entries: Iterable[ProducerEntry]) -> bytes:
    """Build a ``.snapshot`` file (the CRC is computed)."""
    return formats.build_producer_snapshot({"producer_entries": [vars(e) for e in entries]})
