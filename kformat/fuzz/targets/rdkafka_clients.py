"""librdkafka targets through confluent-kafka: a consumer, a producer and an admin client.

Each is configured to fail fast (short socket and request timeouts) so that a run ends well
within the campaign's timeout when the client copes, and reports what librdkafka reported.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from kformat.fuzz.targets.main import Job

__all__ = ["admin", "consumer", "producer", "reported"]


def reported() -> tuple[type[BaseException], ...]:
    """The exceptions by which librdkafka reports a failure (not a finding in themselves)."""
    from confluent_kafka import KafkaException

    return (KafkaException,)


def _common(job: Job, errors: list[Any]) -> dict[str, Any]:
    return {"bootstrap.servers": job.bootstrap, "socket.timeout.ms": 3000,
            "reconnect.backoff.max.ms": 500, "topic.metadata.refresh.interval.ms": 2000,
            "error_cb": errors.append, "log_level": 3}


def consumer(job: Job) -> int:
    """Read ``job.messages`` records of ``job.topic`` from the start (no group)."""
    from confluent_kafka import Consumer, TopicPartition

    errors: list[Any] = []
    c = Consumer({**_common(job, errors), "group.id": "kformat-fuzz",
                  "enable.auto.commit": False, "auto.offset.reset": "earliest",
                  "fetch.wait.max.ms": 100, "session.timeout.ms": 6000})
    try:
        metadata = c.list_topics(job.topic, timeout=job.deadline / 3)
        topic = metadata.topics.get(job.topic)
        if topic is None or topic.error is not None or not topic.partitions:
            return 2
        c.assign([TopicPartition(job.topic, p, 0) for p in sorted(topic.partitions)])
        got, end = 0, time.monotonic() + job.deadline
        while got < job.messages and time.monotonic() < end:
            msg = c.poll(0.2)
            if msg is None:
                continue
            if msg.error() is not None:
                errors.append(msg.error())
                continue
            _ = (msg.key(), msg.value(), msg.headers(), msg.timestamp(), msg.offset())
            got += 1
        return 0 if got >= job.messages else 2
    finally:
        c.close()


def producer(job: Job) -> int:
    """Write ``job.messages`` records with ``job.codec`` and wait for every delivery."""
    from confluent_kafka import Producer

    errors: list[Any] = []
    failed: list[Any] = []
    p = Producer({**_common(job, errors), "compression.type": job.codec,
                  "message.timeout.ms": int(job.deadline * 1000 * 0.8), "linger.ms": 5})

    def delivered(err: Any, _msg: Any) -> None:
        if err is not None:
            failed.append(err)

    for i in range(job.messages):
        p.produce(job.topic, value=b"value-%d" % i * 8, key=b"key-%d" % i,
                  headers=[("h", b"%d" % i)], on_delivery=delivered)
        p.poll(0)
    left = p.flush(job.deadline)
    return 0 if left == 0 and not failed else 2


def admin(job: Job) -> int:
    """List topics (Metadata), consumer groups (ListGroups) and the end offsets of
    ``job.topic`` (ListOffsets): the admin requests librdkafka's mock cluster answers."""
    from confluent_kafka import TopicPartition
    from confluent_kafka.admin import AdminClient, OffsetSpec

    errors: list[Any] = []
    a = AdminClient(_common(job, errors))
    timeout = job.deadline / 4
    failed = []
    metadata = a.list_topics(timeout=timeout)
    topic = metadata.topics.get(job.topic)
    if not metadata.brokers or topic is None or not topic.partitions:
        failed.append("list_topics: no brokers or no such topic")
    try:
        a.list_consumer_groups(request_timeout=timeout).result(timeout=timeout)
    except Exception as exc:  # a reported failure is an answer, not a finding
        failed.append(f"list_consumer_groups: {exc!r}")
    partitions = sorted(topic.partitions) if topic is not None else [0]
    wanted = {TopicPartition(job.topic, p): OffsetSpec.latest() for p in partitions}
    for future in a.list_offsets(wanted, request_timeout=timeout).values():
        try:
            future.result(timeout=timeout)
        except Exception as exc:
            failed.append(f"list_offsets: {exc!r}")
    for line in failed:
        print(line, file=sys.stderr)
    return 0 if not failed else 2
