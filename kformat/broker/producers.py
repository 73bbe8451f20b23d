"""Idempotent producers: producer ids, epochs and the sequence checks of Produce.

As Kafka's ``ProducerStateManager`` does (KIP-98), each partition keeps per producer id
its epoch and the first/last sequence and base offset of its last five batches. A batch
that repeats one of those is a retry: it is not appended again and the answer is the
offset it got the first time; a batch whose first sequence does not follow the last one
is OUT_OF_ORDER_SEQUENCE_NUMBER; an older duplicate no longer cached is
DUPLICATE_SEQUENCE_NUMBER; an epoch older than the producer's is INVALID_PRODUCER_EPOCH.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from kformat.broker.codes import ErrorCode
from kformat.broker.registry import handles

if TYPE_CHECKING:
    from kformat.broker.log import StoredBatch
    from kformat.broker.server import RequestContext
    from kformat.broker.state import Partition
    from kformat.protocol.api import Request

__all__ = ["ProducerError", "Producers"]

CACHED_BATCHES: Final = 5
"""Batches remembered per producer and partition (``NUM_BATCHES_TO_RETAIN``)."""


class ProducerError(Exception):
    def __init__(self, code: ErrorCode, message: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class _Entry:
    epoch: int
    batches: deque[tuple[int, int, int]] = field(default_factory=lambda: deque(maxlen=CACHED_BATCHES))
    """(first sequence, last sequence, base offset) of the last batches."""

    @property
    def last_sequence(self) -> int:
        return self.batches[-1][1] if self.batches else -1


@dataclass
class _Transactional:
    producer_id: int
    epoch: int
    timeout_ms: int


class Producers:
    """Producer ids handed out, and each partition's producer state."""

    def __init__(self) -> None:
        self.next_id = 1000
        self.transactional: dict[str, _Transactional] = {}
        self.state: dict[tuple[str, int], dict[int, _Entry]] = {}

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def check(self, partition: Partition, batch: Any, transactional_id: str | None) -> int | None:
        """Raise :class:`ProducerError` if ``batch`` may not be appended; the base offset it
        had if it is a retried duplicate; None to append it."""
        pid = batch.producer_id
        if pid < 0:
            if batch.is_transactional:
                raise ProducerError(ErrorCode.INVALID_RECORD, "a transactional batch needs "
                                    "a producer id")
            return None
        if batch.is_transactional and transactional_id is None:
            raise ProducerError(ErrorCode.INVALID_RECORD, "a transactional batch in a produce "
                                "request without a transactional id")
        entry = self.state.get((partition.topic, partition.index), {}).get(pid)
        first = batch.base_sequence
        last = first + batch.last_offset_delta
        if entry is None:
            if first != 0:
                raise ProducerError(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
                                    f"Out of order sequence number for producer {pid}: "
                                    f"found {first}, expected 0 for a new producer")
            return None
        if batch.producer_epoch < entry.epoch:
            raise ProducerError(ErrorCode.INVALID_PRODUCER_EPOCH,
                                f"Epoch of producer {pid} at offset is {batch.producer_epoch}, "
                                f"which is smaller than the last seen epoch {entry.epoch}")
        if batch.producer_epoch > entry.epoch:
            if first != 0:
                raise ProducerError(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
                                    f"Out of order sequence number for producer {pid} at a new "
                                    f"epoch {batch.producer_epoch}: found {first}, expected 0")
            return None
        for seq_first, seq_last, base in entry.batches:
            if (seq_first, seq_last) == (first, last):
                return base
        if first <= entry.last_sequence:
            raise ProducerError(ErrorCode.DUPLICATE_SEQUENCE_NUMBER,
                                f"Duplicate sequence {first} of producer {pid} no longer cached")
        if first != entry.last_sequence + 1:
            raise ProducerError(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
                                f"Out of order sequence number for producer {pid}: found "
                                f"{first}, expected {entry.last_sequence + 1}")
        return None

    def appended(self, partition: Partition, stored: StoredBatch) -> None:
        batch = stored.batch
        if batch.producer_id < 0:
            return
        entries = self.state.setdefault((partition.topic, partition.index), {})
        entry = entries.get(batch.producer_id)
        if entry is None or batch.producer_epoch > entry.epoch:
            entry = entries[batch.producer_id] = _Entry(batch.producer_epoch)
        entry.batches.append((batch.base_sequence, batch.base_sequence + batch.last_offset_delta,
                              stored.base_offset))


@handles(22)
async def init_producer_id(ctx: RequestContext, req: Request) -> dict[str, Any]:
    producers = ctx.server.producers
    body = req.body
    txn_id = body["transactional_id"]
    if txn_id is None:
        return {"throttle_time_ms": 0, "error_code": 0, "producer_id": producers.new_id(),
                "producer_epoch": 0}
    timeout = body["transaction_timeout_ms"]
    if not 0 < timeout <= 900_000:  # transaction.max.timeout.ms
        return {"throttle_time_ms": 0, "error_code": ErrorCode.INVALID_TRANSACTION_TIMEOUT,
                "producer_id": -1, "producer_epoch": -1}
    state = producers.transactional.get(txn_id)
    if state is None:
        state = producers.transactional[txn_id] = _Transactional(producers.new_id(), 0, timeout)
    else:
        expected = (body.get("producer_id", -1), body.get("producer_epoch", -1))
        if expected != (-1, -1) and expected != (state.producer_id, state.epoch):
            return {"throttle_time_ms": 0, "error_code": ErrorCode.PRODUCER_FENCED,
                    "producer_id": -1, "producer_epoch": -1}
        state.epoch += 1
        state.timeout_ms = timeout
    return {"throttle_time_ms": 0, "error_code": 0, "producer_id": state.producer_id,
            "producer_epoch": state.epoch}
