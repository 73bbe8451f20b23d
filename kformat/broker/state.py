"""The cluster's shared state: its nodes, topics and partitions, and who leads each.

Every node of a :class:`~kformat.broker.Broker` runs in the same event loop and reads this
one state, so the brokers agree by construction (no replication: a partition has one log,
served by its leader; the other replicas are listed, always in sync).
"""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from kformat.broker.codes import ErrorCode
from kformat.broker.log import PartitionLog

__all__ = ["ClusterState", "Node", "Partition", "Topic", "TopicError", "check_topic_name"]

MAX_TOPIC_NAME: Final = 249
_LEGAL: Final = re.compile(r"[a-zA-Z0-9._-]+\Z")


class TopicError(Exception):
    """A topic operation refused with a Kafka error code and message."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def check_topic_name(name: object) -> str:
    """``name`` if Kafka accepts it as a topic name (``Topic.validate``), else TopicError."""
    if not isinstance(name, str) or not name:
        raise TopicError(ErrorCode.INVALID_TOPIC_EXCEPTION, "Topic name is illegal, it can't be empty")
    if name in (".", ".."):
        raise TopicError(ErrorCode.INVALID_TOPIC_EXCEPTION, "Topic name cannot be \".\" or \"..\"")
    if len(name) > MAX_TOPIC_NAME:
        raise TopicError(ErrorCode.INVALID_TOPIC_EXCEPTION,
                         f"Topic name is illegal, it can't be longer than {MAX_TOPIC_NAME} characters")
    if not _LEGAL.match(name):
        raise TopicError(ErrorCode.INVALID_TOPIC_EXCEPTION,
                         f"Topic name \"{name}\" is illegal, it contains a character other than "
                         "ASCII alphanumerics, '.', '_' and '-'")
    return name


@dataclass
class Node:
    """One broker of the cluster: its id and the address it listens on."""

    node_id: int
    host: str
    port: int
    rack: str | None = None


@dataclass
class Partition:
    topic: str
    index: int
    replicas: list[int]
    log: PartitionLog
    leader_epoch: int = 0

    @property
    def leader(self) -> int:
        return self.replicas[0]


@dataclass
class Topic:
    name: str
    topic_id: uuid.UUID
    partitions: list[Partition] = field(default_factory=list)
    configs: dict[str, str] = field(default_factory=dict)
    internal: bool = False


LogFactory = Callable[[str, int, uuid.UUID], PartitionLog]


class ClusterState:
    """Nodes, topics and the event every new batch sets (long-polling fetches wait on it)."""

    def __init__(self, nodes: list[Node], *, cluster_id: str = "kformat-test-cluster",
                 log_factory: LogFactory | None = None, auto_create_topics: bool = True,
                 default_partitions: int = 1) -> None:
        self.nodes = nodes
        self.cluster_id = cluster_id
        self.topics: dict[str, Topic] = {}
        self.by_id: dict[uuid.UUID, Topic] = {}
        self.auto_create_topics = auto_create_topics
        self.default_partitions = default_partitions
        self._log_factory = log_factory or (lambda topic, index, topic_id: PartitionLog())
        self._appended: asyncio.Event | None = None
        self.down: set[int] = set()
        """Nodes a test took down: their listeners refuse connections."""

    @property
    def controller_id(self) -> int:
        return self.nodes[0].node_id

    def node(self, node_id: int) -> Node | None:
        return next((n for n in self.nodes if n.node_id == node_id), None)

    # ------------------------------------------------------------------ topics

    def _replicas(self, index: int, replication_factor: int, offset: int) -> list[int]:
        ids = [n.node_id for n in self.nodes]
        start = (index + offset) % len(ids)
        return [ids[(start + i) % len(ids)] for i in range(replication_factor)]

    def create_topic(self, name: str, partitions: int = -1, replication_factor: int = -1, *,
                     assignments: list[list[int]] | None = None,
                     configs: dict[str, str] | None = None, validate_only: bool = False,
                     topic_id: uuid.UUID | None = None, internal: bool = False) -> Topic:
        """Create ``name`` (Kafka's defaults for -1: ``num.partitions`` and one replica)."""
        check_topic_name(name)
        if name in self.topics:
            raise TopicError(ErrorCode.TOPIC_ALREADY_EXISTS, f"Topic '{name}' already exists.")
        if assignments:
            ids = {n.node_id for n in self.nodes}
            if any(not a or set(a) - ids or len(set(a)) != len(a) for a in assignments):
                raise TopicError(ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                                 "Replica assignment names unknown or repeated brokers.")
            replica_lists = [list(a) for a in assignments]
        else:
            count = self.default_partitions if partitions == -1 else partitions
            if count <= 0:
                raise TopicError(ErrorCode.INVALID_PARTITIONS,
                                 "Number of partitions must be larger than 0.")
            factor = 1 if replication_factor == -1 else replication_factor
            if factor <= 0:
                raise TopicError(ErrorCode.INVALID_REPLICATION_FACTOR,
                                 "Replication factor must be larger than 0.")
            if factor > len(self.nodes):
                raise TopicError(ErrorCode.INVALID_REPLICATION_FACTOR,
                                 f"Unable to replicate the partition {factor} time(s): The target "
                                 f"replication factor of {factor} cannot be reached because only "
                                 f"{len(self.nodes)} broker(s) are registered.")
            shift = len(self.topics)
            replica_lists = [self._replicas(i, factor, shift) for i in range(count)]
        topic = Topic(name, topic_id or uuid.uuid4(), [], dict(configs or {}), internal)
        if validate_only:
            topic.partitions = [Partition(name, i, r, PartitionLog())
                                for i, r in enumerate(replica_lists)]
            return topic
        topic.partitions = [Partition(name, i, r, self._log_factory(name, i, topic.topic_id))
                            for i, r in enumerate(replica_lists)]
        self.topics[name] = topic
        self.by_id[topic.topic_id] = topic
        return topic

    def delete_topic(self, topic: Topic) -> None:
        self.topics.pop(topic.name, None)
        self.by_id.pop(topic.topic_id, None)

    def add_partitions(self, topic: Topic, count: int,
                       assignments: list[list[int]] | None = None,
                       validate_only: bool = False) -> None:
        """Grow ``topic`` to ``count`` partitions (CreatePartitions)."""
        have = len(topic.partitions)
        if count <= have:
            raise TopicError(ErrorCode.INVALID_PARTITIONS,
                             f"Topic currently has {have} partitions, which is higher than the "
                             f"requested {count}." if count < have else
                             f"Topic already has {have} partitions.")
        factor = len(topic.partitions[0].replicas) if topic.partitions else 1
        if assignments is not None:
            ids = {n.node_id for n in self.nodes}
            if len(assignments) != count - have or any(
                    not a or set(a) - ids or len(set(a)) != len(a) for a in assignments):
                raise TopicError(ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                                 "Replica assignment names unknown or repeated brokers.")
            lists = [list(a) for a in assignments]
        else:
            lists = [self._replicas(i, factor, 0) for i in range(have, count)]
        if validate_only:
            return
        for i, replicas in enumerate(lists, start=have):
            topic.partitions.append(Partition(topic.name, i, replicas,
                                              self._log_factory(topic.name, i, topic.topic_id)))

    def partition(self, name: str, index: int) -> Partition | None:
        topic = self.topics.get(name)
        if topic is None or not 0 <= index < len(topic.partitions):
            return None
        return topic.partitions[index]

    # ------------------------------------------------------------------ long polling

    def appended(self) -> None:
        """Wake every fetch waiting for data."""
        if self._appended is not None:
            self._appended.set()
            self._appended = None

    async def wait_appended(self, timeout: float) -> None:
        """Wait until a batch is appended anywhere, or ``timeout`` seconds."""
        if self._appended is None:
            self._appended = asyncio.Event()
        event = self._appended
        try:
            await asyncio.wait_for(event.wait(), max(timeout, 0))
        except TimeoutError:
            pass
