"""Fetch (long polling) and ListOffsets.

Fetch answers at once when ``min_bytes`` are available or an error is to be reported, else
waits for appended data up to ``max_wait_ms`` (Kafka's ``DelayedFetch``). The batches are
served as stored, compressed as produced; a response holds at most ``max_bytes`` and each
partition at most ``partition_max_bytes``, but the first batch found is always sent whole
(KIP-74). Fetch sessions (KIP-227) are declined: the response's ``session_id`` is 0, which
tells a client to send full fetch requests; an incremental request (an epoch above 0) for a
session the broker never made gets FETCH_SESSION_ID_NOT_FOUND, as Java answers it.
"""

from __future__ import annotations

import time
import uuid
from typing import TYPE_CHECKING, Any, Final

from kformat.broker.codes import ErrorCode
from kformat.broker.registry import handles

if TYPE_CHECKING:
    from kformat.broker.server import RequestContext
    from kformat.broker.state import Partition, Topic
    from kformat.protocol.api import Request

READ_COMMITTED: Final = 1
EARLIEST, LATEST, MAX_TIMESTAMP, EARLIEST_LOCAL, LATEST_TIERED = -2, -1, -3, -4, -5


def _topic(ctx: RequestContext, req: Request, item: dict[str, Any]) -> tuple[Topic | None, int]:
    if req.api_version >= 13:
        return ctx.cluster.by_id.get(item.get("topic_id")), ErrorCode.UNKNOWN_TOPIC_ID
    return ctx.cluster.topics.get(item.get("topic")), ErrorCode.UNKNOWN_TOPIC_OR_PARTITION


def _fetch_once(ctx: RequestContext, req: Request) -> tuple[dict[str, Any], int, bool]:
    """(response body, bytes of records in it, whether it reports an error)."""
    body = req.body
    committed = body.get("isolation_level", 0) == READ_COMMITTED
    left = body.get("max_bytes", 2**31 - 1)
    total, errors = 0, False
    responses = []
    for item in body["topics"]:
        topic, missing = _topic(ctx, req, item)
        parts = []
        for part in item["partitions"]:
            index = part["partition"]
            out: dict[str, Any] = {"partition_index": index, "error_code": 0,
                                   "high_watermark": -1, "last_stable_offset": -1,
                                   "log_start_offset": -1, "preferred_read_replica": -1,
                                   "aborted_transactions": [] if committed else None,
                                   "records": b""}
            partition = topic.partitions[index] if topic and 0 <= index < len(topic.partitions) \
                else None
            code = _check(ctx, topic, partition, missing)
            if code:
                out["error_code"] = code
                errors = True
                parts.append(out)
                continue
            assert partition is not None
            log = partition.log
            txns = ctx.server.transactions
            stable = txns.last_stable_offset(partition) if txns else log.end_offset
            out.update(high_watermark=log.end_offset, last_stable_offset=stable,
                       log_start_offset=log.log_start_offset)
            offset = part["fetch_offset"]
            if not log.log_start_offset <= offset <= log.end_offset:
                out["error_code"] = ErrorCode.OFFSET_OUT_OF_RANGE
                errors = True
            else:
                limit = min(part["partition_max_bytes"], left) if total else \
                    part["partition_max_bytes"]
                data = log.read(offset, max(limit, 1), stable if committed else None)
                out["records"] = data
                total += len(data)
                left -= len(data)
                if committed and txns and data:
                    out["aborted_transactions"] = txns.aborted_in(partition, offset, stable)
            parts.append(out)
        responses.append({"topic": item.get("topic") or (topic.name if topic else ""),
                          "topic_id": item.get("topic_id") or uuid.UUID(int=0),
                          "partitions": parts})
    return ({"throttle_time_ms": 0, "error_code": 0, "session_id": 0,
             "responses": responses}, total, errors)


def _check(ctx: RequestContext, topic: Topic | None, partition: Partition | None,
           missing: int) -> int:
    if topic is None:
        return missing
    if partition is None:
        return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    if partition.leader != ctx.node.node_id:
        return ErrorCode.NOT_LEADER_OR_FOLLOWER
    return 0


@handles(1)
async def fetch(ctx: RequestContext, req: Request) -> dict[str, Any]:
    body = req.body
    if body.get("session_epoch", -1) > 0 or body.get("session_id", 0) != 0:
        return {"throttle_time_ms": 0, "error_code": ErrorCode.FETCH_SESSION_ID_NOT_FOUND,
                "session_id": 0, "responses": []}
    deadline = time.monotonic() + max(body["max_wait_ms"], 0) / 1000
    while True:
        answer, size, errors = _fetch_once(ctx, req)
        left = deadline - time.monotonic()
        if errors or size >= max(body["min_bytes"], 1) or left <= 0:
            return answer
        await ctx.cluster.wait_appended(left)


@handles(2)
async def list_offsets(ctx: RequestContext, req: Request) -> dict[str, Any]:
    committed = req.body.get("isolation_level", 0) == READ_COMMITTED
    topics = []
    for item in req.body["topics"]:
        topic = ctx.cluster.topics.get(item["name"])
        parts = []
        for part in item["partitions"]:
            index = part["partition_index"]
            out: dict[str, Any] = {"partition_index": index, "error_code": 0,
                                   "timestamp": -1, "offset": -1, "leader_epoch": -1}
            partition = topic.partitions[index] if topic and 0 <= index < len(topic.partitions) \
                else None
            code = _check(ctx, topic, partition, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
            if code:
                out["error_code"] = code
                parts.append(out)
                continue
            assert partition is not None
            log = partition.log
            txns = ctx.server.transactions
            latest = txns.last_stable_offset(partition) if committed and txns else log.end_offset
            stamp = part["timestamp"]
            found: tuple[int, int] | None
            if stamp in (LATEST, LATEST_TIERED):
                found = (latest, -1)
            elif stamp in (EARLIEST, EARLIEST_LOCAL):
                found = (log.log_start_offset, -1)
            elif stamp == MAX_TIMESTAMP:
                found = log.max_timestamp() or (-1, -1)
            elif stamp < 0:
                out["error_code"] = ErrorCode.INVALID_REQUEST if stamp < -5 else 0
                found = (-1, -1)
            else:
                found = log.offset_for_timestamp(stamp) or (-1, -1)
                if found[0] >= latest:
                    found = (-1, -1)
            version = req.api_version
            if version == 0:  # the one version with a list of offsets
                out["old_style_offsets"] = [found[0]] if found[0] >= 0 else []
            else:  # fields a version lacks must stay at their defaults (not ignorable)
                out.update(offset=found[0], timestamp=found[1])
            if version >= 4:
                out["leader_epoch"] = partition.leader_epoch
            parts.append(out)
        topics.append({"name": item["name"], "partitions": parts})
    return {"throttle_time_ms": 0, "topics": topics}
