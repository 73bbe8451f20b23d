"""Produce: batches validated with kformat's records reader, offsets assigned, appended.

acks 0 (no response), 1 and -1 (all replicas: the one log here, so at once); anything else
is INVALID_REQUIRED_ACKS. A partition's records must be magic 2 batches whose CRC checks
and whose records read (CORRUPT_MESSAGE otherwise, as Java's ``LogValidator``);
magic 0/1 entries are refused with UNSUPPORTED_FOR_MESSAGE_FORMAT (a departure: a Java 3.x
broker converts them). Idempotent and transactional batches go through the producer state
checks of :mod:`kformat.broker.producers`.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from kformat.broker.codes import ErrorCode
from kformat.broker.registry import handles
from kformat.errors import KFormatError
from kformat.records.api import parse_batches
from kformat.spec.records_field import RecordSet

if TYPE_CHECKING:
    from kformat.broker.server import RequestContext
    from kformat.broker.state import Partition
    from kformat.protocol.api import Request


class ProduceError(Exception):
    def __init__(self, code: ErrorCode, message: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def validated(records: RecordSet | None) -> list[tuple[Any, bytes]]:
    """(batch header, batch bytes) of each batch of a Produce partition's records."""
    if records is None or not len(records):
        raise ProduceError(ErrorCode.CORRUPT_MESSAGE, "no records")
    raw = records.raw
    try:
        batches = parse_batches(raw, strict=True)
    except KFormatError as exc:
        raise ProduceError(ErrorCode.CORRUPT_MESSAGE, str(exc)) from None
    out = []
    for batch in batches:
        if batch.magic != 2:
            raise ProduceError(ErrorCode.UNSUPPORTED_FOR_MESSAGE_FORMAT,
                               "only magic 2 record batches are accepted")
        if not batch.records or batch.is_control:
            raise ProduceError(ErrorCode.INVALID_RECORD if batch.is_control
                               else ErrorCode.CORRUPT_MESSAGE,
                               "a control batch from a client" if batch.is_control
                               else "an empty batch")
        data = raw[batch.position:batch.position + batch.size]
        batch.records = []  # the bytes are kept; the decoded records are not needed
        out.append((batch, data))
    return out


def append(ctx: RequestContext, partition: Partition, records: RecordSet | None,
           transactional_id: str | None) -> tuple[int, int]:
    """Append a partition's records; (base offset of the first batch, log start offset)."""
    batches = validated(records)
    producers = ctx.server.producers
    base = -1
    for batch, data in batches:
        duplicate = producers.check(partition, batch, transactional_id)
        if duplicate is not None:
            if base < 0:
                base = duplicate
            continue
        stored = partition.log.append(batch, data, partition.leader_epoch)
        producers.appended(partition, stored)
        if base < 0:
            base = stored.base_offset
    ctx.cluster.appended()
    return base, partition.log.log_start_offset


@handles(0)
async def produce(ctx: RequestContext, req: Request) -> dict[str, Any] | None:
    from kformat.broker.producers import ProducerError

    body, cluster = req.body, ctx.cluster
    acks = body["acks"]
    topics = []
    for item in body["topic_data"]:
        topic_id = item.get("topic_id")
        if req.api_version >= 13:
            topic = cluster.by_id.get(topic_id)
            missing = ErrorCode.UNKNOWN_TOPIC_ID
        else:
            topic = cluster.topics.get(item.get("name"))
            missing = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
        partitions = []
        for part in item["partition_data"]:
            result: dict[str, Any] = {"index": part["index"], "error_code": 0, "base_offset": -1,
                                      "log_append_time_ms": -1, "log_start_offset": -1,
                                      "record_errors": [], "error_message": None}
            try:
                if acks not in (0, 1, -1):
                    raise ProduceError(ErrorCode.INVALID_REQUIRED_ACKS)
                if topic is None or not 0 <= part["index"] < len(topic.partitions):
                    raise ProduceError(missing if topic is None
                                       else ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
                partition = topic.partitions[part["index"]]
                if partition.leader != ctx.node.node_id:
                    raise ProduceError(ErrorCode.NOT_LEADER_OR_FOLLOWER)
                base, start = append(ctx, partition, part["records"],
                                     body.get("transactional_id"))
                result.update(base_offset=base, log_start_offset=start)
            except ProduceError as exc:
                result.update(error_code=exc.code, error_message=exc.message)
            except ProducerError as exc:
                result.update(error_code=exc.code, error_message=exc.message)
            partitions.append(result)
        topics.append({"name": item.get("name") or (topic.name if topic else ""),
                       "topic_id": topic_id or uuid.UUID(int=0),
                       "partition_responses": partitions})
    if acks == 0:
        return None
    return {"responses": topics, "throttle_time_ms": 0}
