"""Producer-state snapshots: the ``<offset>.snapshot`` files of a partition directory.

``storage/ProducerSnapshot.json`` (version 1), written by ``ProducerStateManager`` as a
version-prefixed, non-flexible message whose CRC is patched in afterwards::

    snapshot => version:INT16 (= 1) crc:UINT32 producer_entries:[entry]   (INT32 count)
    entry    => producer_id:INT64 epoch:INT16 last_sequence:INT32 last_offset:INT64
                offset_delta:INT32 timestamp:INT64 coordinator_epoch:INT32
                current_txn_first_offset:INT64                             (46 bytes)

The body is the protocol layer's ``ProducerSnapshot`` grammar (declared once, from the JSON
spec); this module adds the version prefix and the CRC semantics: CRC-32C over every byte
after the crc field (the array count included), checked before the entries are decoded (a
mismatch is a :class:`~kformat.errors.CorruptRecordError` whose ``expected`` is the stored
CRC) and patched in on build. The file name is the log end offset
the snapshot was taken at; ``offset_delta`` is the last batch's ``lastOffset - baseOffset``, so
the batch's first sequence is ``last_sequence - offset_delta``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from kformat.primitives import CompiledGrammar, KStruct
from kformat.segments._blocks import Crc32cPatched, KVersion
from kformat.segments.specs import spec_grammar

__all__ = [
    "SNAPSHOT_VERSION",
    "ProducerEntry",
    "ProducerSnapshot",
    "build_producer_snapshot",
    "parse_producer_snapshot",
    "producer_snapshot_grammar",
]

SNAPSHOT_VERSION = 1


@functools.cache
def producer_snapshot_grammar(verify_crc: bool = True) -> KStruct:
    """``version:INT16 (= 1)`` then ``ProducerSnapshot`` v1 with its CRC checked and patched."""
    body = spec_grammar("ProducerSnapshot", SNAPSHOT_VERSION)
    return KStruct("version" / KVersion(SNAPSHOT_VERSION), Crc32cPatched(body, verify=verify_crc))


@functools.cache
def _grammar(verify_crc: bool) -> CompiledGrammar:
    return CompiledGrammar(producer_snapshot_grammar(verify_crc), ".snapshot")


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
    value = _grammar(verify_crc).parse(bytes(data))
    return ProducerSnapshot([ProducerEntry(**e) for e in value["producer_entries"]],
                            crc=value["crc"], version=value["version"])


def build_producer_snapshot(entries: Iterable[ProducerEntry]) -> bytes:
    """Build a ``.snapshot`` file (the CRC is computed)."""
    raw = [vars(e).copy() for e in entries]
    return _grammar(True).build({"version": SNAPSHOT_VERSION, "producer_entries": raw})
