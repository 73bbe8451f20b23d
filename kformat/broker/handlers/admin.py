"""ApiVersions, Metadata, CreateTopics, DeleteTopics, CreatePartitions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kformat.broker.codes import ErrorCode
from kformat.broker.registry import handles
from kformat.broker.state import Topic, TopicError, check_topic_name

if TYPE_CHECKING:
    from kformat.broker.server import RequestContext
    from kformat.protocol.api import Request

NO_OPERATIONS = -(2**31)
"""``authorized_operations`` when the client did not ask for them (INT32_MIN)."""


@handles(18)
async def api_versions(ctx: RequestContext, req: Request) -> dict[str, Any]:
    return {"error_code": 0, "api_keys": ctx.server.api_keys(), "throttle_time_ms": 0}


def _brokers(ctx: RequestContext) -> list[dict[str, Any]]:
    return [{"node_id": n.node_id, "host": n.host, "port": n.port, "rack": n.rack}
            for n in ctx.cluster.nodes if n.node_id not in ctx.cluster.down]


def topic_metadata(topic: Topic, error: int = 0) -> dict[str, Any]:
    return {"error_code": error, "name": topic.name, "topic_id": topic.topic_id,
            "is_internal": topic.internal, "topic_authorized_operations": NO_OPERATIONS,
            "partitions": [{"error_code": 0, "partition_index": p.index,
                            "leader_id": p.leader, "leader_epoch": p.leader_epoch,
                            "replica_nodes": list(p.replicas), "isr_nodes": list(p.replicas),
                            "offline_replicas": []} for p in topic.partitions]}


def _unknown(name: str | None, topic_id: Any, code: ErrorCode) -> dict[str, Any]:
    import uuid

    return {"error_code": code, "name": name, "topic_id": topic_id or uuid.UUID(int=0),
            "partitions": [], "topic_authorized_operations": NO_OPERATIONS}


@handles(3)
async def metadata(ctx: RequestContext, req: Request) -> dict[str, Any]:
    import uuid

    body, cluster = req.body, ctx.cluster
    asked = body.get("topics")
    if asked is None or (req.api_version == 0 and not asked):
        topics = [topic_metadata(t) for t in cluster.topics.values()]
    else:
        topics = []
        for item in asked:
            name, topic_id = item.get("name"), item.get("topic_id")
            if name is None and topic_id not in (None, uuid.UUID(int=0)):
                found = cluster.by_id.get(topic_id)
                topics.append(topic_metadata(found) if found else
                              _unknown(None, topic_id, ErrorCode.UNKNOWN_TOPIC_ID))
                continue
            topic = cluster.topics.get(name) if name is not None else None
            if topic is None and cluster.auto_create_topics and \
                    body.get("allow_auto_topic_creation", True):
                try:
                    topic = cluster.create_topic(name)
                except TopicError as exc:
                    topics.append(_unknown(name, None, exc.code))
                    continue
                topics.append(topic_metadata(topic, ErrorCode.LEADER_NOT_AVAILABLE)
                              if req.api_version < 4 else topic_metadata(topic))
                continue
            topics.append(topic_metadata(topic) if topic else
                          _unknown(name, None, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION))
    return {"throttle_time_ms": 0, "brokers": _brokers(ctx), "cluster_id": cluster.cluster_id,
            "controller_id": cluster.controller_id, "topics": topics,
            "cluster_authorized_operations": NO_OPERATIONS, "error_code": 0}


@handles(19)
async def create_topics(ctx: RequestContext, req: Request) -> dict[str, Any]:
    results = []
    seen: dict[str, int] = {}
    for item in req.body["topics"]:
        seen[item["name"]] = seen.get(item["name"], 0) + 1
    for item in req.body["topics"]:
        name = item["name"]
        result: dict[str, Any] = {"name": name, "error_code": 0, "error_message": None,
                                  "num_partitions": -1, "replication_factor": -1,
                                  "configs": []}
        try:
            if seen[name] > 1:
                raise TopicError(ErrorCode.INVALID_REQUEST,
                                 "Found multiple entries for this topic.")
            assignments = sorted(item.get("assignments") or [],
                                 key=lambda a: a["partition_index"])
            if assignments and (item["num_partitions"] != -1 or item["replication_factor"] != -1):
                raise TopicError(ErrorCode.INVALID_REQUEST, "Both numPartitions or "
                                 "replicationFactor and replicasAssignments were set.")
            if assignments and [a["partition_index"] for a in assignments] != \
                    list(range(len(assignments))):
                raise TopicError(ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                                 "Partitions should be a consecutive 0-based integer sequence")
            configs = {c["name"]: c["value"] for c in item.get("configs") or []}
            topic = ctx.cluster.create_topic(
                name, item["num_partitions"], item["replication_factor"],
                assignments=[a["broker_ids"] for a in assignments] or None, configs=configs,
                validate_only=bool(req.body.get("validate_only")))
        except TopicError as exc:
            result.update(error_code=exc.code, error_message=exc.message)
        else:
            result.update(topic_id=topic.topic_id, num_partitions=len(topic.partitions),
                          replication_factor=len(topic.partitions[0].replicas),
                          configs=[{"name": k, "value": v, "read_only": False,
                                    "config_source": 1, "is_sensitive": False}
                                   for k, v in sorted(configs.items())])
        results.append(result)
    return {"throttle_time_ms": 0, "topics": results}


@handles(20)
async def delete_topics(ctx: RequestContext, req: Request) -> dict[str, Any]:
    import uuid

    cluster = ctx.cluster
    wanted: list[tuple[str | None, uuid.UUID | None]]
    if req.api_version >= 6:
        wanted = [(t.get("name"), t.get("topic_id")) for t in req.body["topics"]]
    else:
        wanted = [(name, None) for name in req.body["topic_names"]]
    results = []
    for name, topic_id in wanted:
        result: dict[str, Any] = {"name": name, "topic_id": topic_id or uuid.UUID(int=0),
                                  "error_code": 0, "error_message": None}
        if name is None and topic_id not in (None, uuid.UUID(int=0)):
            topic = cluster.by_id.get(topic_id)
            code = ErrorCode.UNKNOWN_TOPIC_ID
        else:
            topic = cluster.topics.get(name) if name is not None else None
            code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
        if topic is None:
            result.update(error_code=code, error_message="This server does not host this "
                          "topic ID." if code == ErrorCode.UNKNOWN_TOPIC_ID else
                          "This server does not host this topic-partition.")
        elif topic.internal:
            result.update(name=topic.name, topic_id=topic.topic_id,
                          error_code=ErrorCode.INVALID_REQUEST,
                          error_message="Internal topics cannot be deleted.")
        else:
            cluster.delete_topic(topic)
            result.update(name=topic.name, topic_id=topic.topic_id)
        results.append(result)
    return {"throttle_time_ms": 0, "responses": results}


@handles(37)
async def create_partitions(ctx: RequestContext, req: Request) -> dict[str, Any]:
    results = []
    for item in req.body["topics"]:
        result: dict[str, Any] = {"name": item["name"], "error_code": 0, "error_message": None}
        try:
            check_topic_name(item["name"])
            topic = ctx.cluster.topics.get(item["name"])
            if topic is None:
                raise TopicError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
                                 f"The topic '{item['name']}' does not exist.")
            assignments = item.get("assignments")
            ctx.cluster.add_partitions(
                topic, item["count"],
                [a["broker_ids"] for a in assignments] if assignments is not None else None,
                validate_only=bool(req.body.get("validate_only")))
        except TopicError as exc:
            result.update(error_code=exc.code, error_message=exc.message)
        results.append(result)
    return {"throttle_time_ms": 0, "results": results}
