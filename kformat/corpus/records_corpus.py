"""A deterministic record corpus: one shard, one partition directory, from ``(seed, shard)``.

This is the single-process unit the Spark corpus job (:mod:`kformat.spark.corpus_job`)
distributes, one task per shard; run here or there, the same ``(seed, shard)`` gives the
same bytes. A shard is the log of one partition (``<topic>-<shard>``), records at
consecutive offsets, made of a mix of

* magic 2 batches with every codec (none, gzip, snappy, lz4, zstd): plain, idempotent
  (producer id, epoch and sequence numbers) and transactional, each transaction closed by a
  COMMIT or ABORT control batch (Kafka documentation, "Control Batches"; KIP-98), sometimes interleaved
  with other producers' batches; some LogAppendTime batches;
* magic 1 and magic 0 message sets (uncompressed, or gzip/snappy/lz4 wrappers; magic 1
  sometimes LogAppendTime);
* records with headers (magic 2), null keys, null values, empty and binary values, and
  compressible JSON-like text.

Nothing depends on the clock, the host, ``hash()`` or dict order: one
:class:`random.Random` seeded from a string of ``seed`` and ``shard`` drives everything, and
the codecs compress deterministically. :meth:`CorpusShard.expected` gives what a reader must
see for each record (offsets, timestamps as Kafka's consumers report them, batch fields),
computed from the generator's inputs, not by parsing the bytes back. :func:`write_shard`
writes the partition directory with :func:`kformat.segments.partition.write_partition_dir`
(segments rolled at ``segment_bytes``, with indexes, producer snapshot and checkpoints).
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from kformat.records.api import build_batch, make_batch
from kformat.records.codecs import Codec, codecs_for
from kformat.records.control import control_record
from kformat.records.model import Batch, Record

__all__ = [
    "CORPUS_TOPIC",
    "DEFAULT_SEGMENT_BYTES",
    "CorpusShard",
    "ExpectedRecord",
    "generate_shard",
    "write_shard",
]

CORPUS_TOPIC = "kformat-corpus"
"""The default topic; it has a '-' so readers must split ``<topic>-<partition>`` on the last."""
DEFAULT_SEGMENT_BYTES = 1 << 20
BASE_TIMESTAMP = 1_700_000_000_000

_V2_CODECS = codecs_for(2)
_LEGACY_CODECS = codecs_for(1)
_HEADER_KEYS = ("trace-id", "content-type", "source", "retry", "ü-unicode")
_WORDS = ("alpha", "beta", "gamma", "delta", "kafka", "record", "batch", "offset", "log",
          "segment", "spark", "arrow", "topic", "partition", "leader", "epoch")


class ExpectedRecord(NamedTuple):
    """What a reader of the shard's files must report for one record.

    ``timestamp`` and ``timestamp_type`` are the record's as Kafka's consumer reports them
    (the batch's max timestamp in LogAppendTime batches; ``-1`` and type 0 on magic 0, as
    :mod:`kformat.records` reports them). Batch fields are those of the entry that holds the
    record on the wire: an uncompressed magic 0/1 batch is one entry per record.
    """

    offset: int
    timestamp: int
    timestamp_type: int
    key: bytes | None
    value: bytes | None
    headers: tuple[tuple[str, bytes | None], ...]
    magic: int
    codec: int
    base_offset: int
    producer_id: int
    producer_epoch: int
    base_sequence: int
    is_transactional: bool
    is_control: bool


@dataclass
class CorpusShard:
    """The batches of one shard, as made and as built (``encoded[i]`` is ``batches[i]``)."""

    seed: int
    shard: int
    topic: str
    partition: int
    batches: list[Batch] = field(default_factory=list)
    encoded: list[bytes] = field(default_factory=list)

    @property
    def record_count(self) -> int:
        return sum(len(b.records) for b in self.batches)

    @property
    def size(self) -> int:
        return sum(len(data) for data in self.encoded)

    def segments(self, segment_bytes: int = DEFAULT_SEGMENT_BYTES) -> list[list[bytes]]:
        """The encoded batches split into segments as a broker rolls them: a new segment
        starts when the next batch would take the current one past ``segment_bytes``
        (:func:`kformat.segments.partition.starts_new_segment`)."""
        from kformat.segments.partition import starts_new_segment

        out: list[list[bytes]] = []
        size = 0
        for data in self.encoded:
            if not out or starts_new_segment(size, len(data), segment_bytes):
                out.append([])
                size = 0
            out[-1].append(data)
            size += len(data)
        return out

    def expected(self) -> Iterator[ExpectedRecord]:
        """Every record in offset order, as a reader must see it (see :class:`ExpectedRecord`)."""
        for b in self.batches:
            log_append = b.timestamp_type == 1
            max_ts = max((r.timestamp for r in b.records), default=-1)
            one_per_record = b.magic < 2 and b.codec == Codec.NONE
            for r in b.records:
                if b.magic == 0:
                    stamp = -1
                elif log_append and (b.magic == 2 or b.codec != Codec.NONE):
                    stamp = max_ts
                else:
                    stamp = r.timestamp
                yield ExpectedRecord(
                    offset=r.offset, timestamp=stamp, timestamp_type=b.timestamp_type,
                    key=r.key, value=r.value, headers=r.headers, magic=b.magic,
                    codec=int(b.codec),
                    base_offset=r.offset if one_per_record else b.base_offset,
                    producer_id=b.producer_id, producer_epoch=b.producer_epoch,
                    base_sequence=b.base_sequence, is_transactional=b.is_transactional,
                    is_control=b.is_control)


class _Producer:
    """An idempotent or transactional producer's id, epoch and next sequence number."""

    def __init__(self, producer_id: int, epoch: int) -> None:
        self.producer_id = producer_id
        self.epoch = epoch
        self.sequence = 0

    def take(self, count: int) -> int:
        first = self.sequence
        self.sequence = (self.sequence + count) % (1 << 31)
        return first


@dataclass
class _Txn:
    producer: _Producer
    batches_left: int


class _Generator:
    def __init__(self, seed: int, shard: int, records: int, topic: str) -> None:
        self.rng = random.Random(f"kformat-corpus:{seed}:{shard}")
        self.out = CorpusShard(seed, shard, topic, shard)
        self.left = records
        self.offset = 0
        self.clock = BASE_TIMESTAMP + shard * 1_000_000_000
        self.leader_epoch = 0
        pid_base = 10_000 + shard * 100
        self.idempotent = [_Producer(pid_base + i, self.rng.randrange(0, 5)) for i in range(3)]
        self.transactional = [_Producer(pid_base + 50 + i, self.rng.randrange(0, 5))
                              for i in range(3)]
        self.open: list[_Txn] = []

    # ---------------------------------------------------------------- record content

    def _bytes_value(self) -> bytes | None:
        rng = self.rng
        roll = rng.random()
        if roll < 0.03:
            return None
        if roll < 0.06:
            return b""
        if roll < 0.35:
            return rng.randbytes(rng.randrange(1, 160))
        words = " ".join(rng.choices(_WORDS, k=rng.randrange(2, 40)))
        return (b'{"id":%d,"user":"u%d","score":%d,"text":"%s"}'
                % (self.offset, rng.randrange(5000), rng.randrange(-1000, 1000),
                   words.encode()))

    def _key(self) -> bytes | None:
        rng = self.rng
        roll = rng.random()
        if roll < 0.1:
            return None
        if roll < 0.15:
            return rng.randbytes(rng.randrange(0, 24))
        return b"user-%d" % rng.randrange(5000)

    def _headers(self) -> list[tuple[str, bytes | None]]:
        rng = self.rng
        if rng.random() < 0.6:
            return []
        return [(rng.choice(_HEADER_KEYS),
                 None if rng.random() < 0.1 else rng.randbytes(rng.randrange(0, 12)))
                for _ in range(rng.randrange(1, 4))]

    def _records(self, count: int, magic: int) -> list[Record]:
        rng = self.rng
        out = []
        for _ in range(count):
            self.clock += rng.randrange(0, 7)
            # now and then a record stamped a little in the past: max_timestamp must not be
            # the last record's
            stamp = self.clock - rng.randrange(0, 3000) if rng.random() < 0.05 else self.clock
            out.append(Record(key=self._key(), value=self._bytes_value(),
                              headers=self._headers() if magic == 2 else [],
                              timestamp=stamp))
        return out

    # ---------------------------------------------------------------- batches

    def _emit(self, batch: Batch) -> None:
        self.out.batches.append(batch)
        self.out.encoded.append(build_batch(batch))
        self.offset += len(batch.records)
        self.left -= len(batch.records)

    def _count(self, most: int) -> int:
        # reserve one record per open transaction for its marker
        room = self.left - len(self.open)
        return max(1, min(room, self.rng.randrange(1, most + 1)))

    def _v2(self, producer: _Producer | None = None, transactional: bool = False,
            codec: Codec | None = None) -> None:
        rng = self.rng
        count = self._count(250)
        records = self._records(count, 2)
        if rng.random() < 0.02:
            self.leader_epoch += 1
        self._emit(make_batch(
            records, codec=rng.choice(_V2_CODECS) if codec is None else codec,
            base_offset=self.offset,
            producer_id=producer.producer_id if producer else -1,
            producer_epoch=producer.epoch if producer else -1,
            base_sequence=producer.take(count) if producer else -1,
            is_transactional=transactional, partition_leader_epoch=self.leader_epoch,
            timestamp_type=1 if rng.random() < 0.05 else 0))

    def _legacy(self, magic: int, codec: Codec | None = None) -> None:
        rng = self.rng
        codec = rng.choice(_LEGACY_CODECS) if codec is None else codec
        count = self._count(8 if codec == Codec.NONE else 120)
        log_append = 1 if magic == 1 and rng.random() < 0.2 else 0
        self._emit(make_batch(self._records(count, magic), codec=codec,
                              base_offset=self.offset, magic=magic,
                              timestamp_type=log_append))

    def _marker(self, txn: _Txn) -> None:
        self.open.remove(txn)
        rng = self.rng
        self.clock += rng.randrange(0, 7)
        kind = "abort" if rng.random() < 0.25 else "commit"
        record = control_record(kind, coordinator_epoch=rng.randrange(0, 10),
                                timestamp=self.clock)
        producer = txn.producer
        self._emit(make_batch([record], base_offset=self.offset,
                              producer_id=producer.producer_id, producer_epoch=producer.epoch,
                              is_transactional=True, is_control=True,
                              partition_leader_epoch=self.leader_epoch))

    def _transaction_step(self) -> bool:
        """Advance an open transaction (a data batch or its marker); False when none is."""
        if not self.open:
            return False
        txn = self.rng.choice(self.open)
        if txn.batches_left == 0 or self.left <= len(self.open):
            self._marker(txn)
        else:
            txn.batches_left -= 1
            self._v2(txn.producer, transactional=True)
        return True

    def _begin_transaction(self) -> None:
        idle = [p for p in self.transactional if all(t.producer is not p for t in self.open)]
        if not idle or self.left <= len(self.open) + 1:
            self._v2()
            return
        txn = _Txn(self.rng.choice(idle), self.rng.randrange(0, 3))
        self.open.append(txn)
        self._v2(txn.producer, transactional=True)

    def run(self) -> CorpusShard:
        rng = self.rng
        # every shard starts with one batch of each magic and codec, and a transaction
        opening: list[Callable[[], None]] = [functools.partial(self._v2, codec=c)
                                             for c in _V2_CODECS]
        opening += [functools.partial(self._legacy, m, c) for m in (1, 0) for c in _LEGACY_CODECS]
        opening.append(self._begin_transaction)
        for step in opening:
            if self.left <= len(self.open) + 1:
                break
            step()
        while self.left > 0:
            if self.open and (rng.random() < 0.5 or self.left <= len(self.open)) \
                    and self._transaction_step():
                continue
            roll = rng.random()
            if roll < 0.45:
                self._v2()
            elif roll < 0.6:
                self._v2(rng.choice(self.idempotent))
            elif roll < 0.8:
                self._begin_transaction()
            elif roll < 0.92:
                self._legacy(1)
            else:
                self._legacy(0)
        return self.out


def generate_shard(seed: int, shard: int, records: int = 10_000, *,
                   topic: str = CORPUS_TOPIC) -> CorpusShard:
    """The batches of shard ``shard`` (partition ``shard`` of ``topic``): ``records`` records,
    control records included, every transaction closed."""
    if records < 0 or shard < 0:
        raise ValueError("records and shard must not be negative")
    return _Generator(seed, shard, records, topic).run()


def write_shard(shard: CorpusShard, log_dir: str | os.PathLike[str], *,
                segment_bytes: int = DEFAULT_SEGMENT_BYTES,
                index_interval_bytes: int = 4096) -> Path:
    """Write the shard as ``<log_dir>/<topic>-<partition>/`` (segments, indexes, producer
    snapshot, leader-epoch checkpoint, partition.metadata); return the directory."""
    from kformat.segments.partition import write_partition_dir

    return write_partition_dir(log_dir, shard.topic, shard.partition,
                               shard.segments(segment_bytes),
                               index_interval_bytes=index_interval_bytes)
