"""Real clients against ``kformat.testing.Broker``: produce with every codec and consume it
back in order with kafka-python, aiokafka and confluent-kafka (librdkafka); admin clients
creating and deleting topics and partitions."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.broker.conftest import CODECS

kafka = pytest.importorskip("kafka")
aiokafka = pytest.importorskip("aiokafka")
ck = pytest.importorskip("confluent_kafka")

MESSAGES = 40
PARTITIONS = 3
pytestmark = pytest.mark.timeout(120)


def _expected(codec: str) -> list[tuple[bytes, bytes]]:
    return [(f"key-{i % 7}".encode(), f"{codec}-value-{i}".encode() * (1 + i % 5))
            for i in range(MESSAGES)]


def _check(got: list[tuple[int, int, bytes, bytes]], codec: str) -> None:
    """Every record back once, and each partition's records in produce order, offsets 0..n."""
    assert sorted(v for _p, _o, _k, v in got) == sorted(v for _k, v in _expected(codec))
    order = {v: i for i, (_k, v) in enumerate(_expected(codec))}
    for partition in range(PARTITIONS):
        mine = sorted((o, v) for p, o, _k, v in got if p == partition)
        assert [o for o, _v in mine] == list(range(len(mine)))
        assert [order[v] for _o, v in mine] == sorted(order[v] for _o, v in mine)
    keys = {}
    for p, _o, k, _v in got:
        assert keys.setdefault(k, p) == p  # one key, one partition


@pytest.mark.parametrize("codec", CODECS)
def test_kafka_python_round_trip(cluster, codec):
    topic = f"kp-{codec}"
    cluster.create_topic(topic, PARTITIONS)
    producer = kafka.KafkaProducer(bootstrap_servers=cluster.bootstrap, acks="all",
                                   compression_type=None if codec == "none" else codec,
                                   linger_ms=5, request_timeout_ms=10000)
    for key, value in _expected(codec):
        producer.send(topic, key=key, value=value)
    producer.flush(30)
    producer.close(5)
    consumer = kafka.KafkaConsumer(topic, bootstrap_servers=cluster.bootstrap, group_id=None,
                                   auto_offset_reset="earliest", consumer_timeout_ms=3000)
    got = []
    deadline = time.monotonic() + 30
    while len(got) < MESSAGES and time.monotonic() < deadline:
        for message in consumer:
            got.append((message.partition, message.offset, message.key, message.value))
            if len(got) == MESSAGES:
                break
    consumer.close()
    _check(got, codec)


@pytest.mark.parametrize("codec", CODECS)
def test_aiokafka_round_trip(cluster, codec):
    topic = f"aio-{codec}"
    cluster.create_topic(topic, PARTITIONS)

    async def run() -> list[tuple[int, int, bytes, bytes]]:
        producer = aiokafka.AIOKafkaProducer(
            bootstrap_servers=cluster.bootstrap, acks="all",
            compression_type=None if codec == "none" else codec)
        await producer.start()
        try:
            batch = [await producer.send(topic, key=k, value=v) for k, v in _expected(codec)]
            await asyncio.gather(*batch)
        finally:
            await producer.stop()
        consumer = aiokafka.AIOKafkaConsumer(topic, bootstrap_servers=cluster.bootstrap,
                                             auto_offset_reset="earliest", group_id=None)
        await consumer.start()
        got = []
        try:
            while len(got) < MESSAGES:
                message = await consumer.getone()
                got.append((message.partition, message.offset, message.key, message.value))
        finally:
            await consumer.stop()
        return got

    got = asyncio.run(asyncio.wait_for(run(), 60))
    _check(got, codec)


@pytest.mark.parametrize("codec", CODECS)
def test_confluent_kafka_round_trip(cluster, codec):
    topic = f"cf-{codec}"
    cluster.create_topic(topic, PARTITIONS)
    producer = ck.Producer({"bootstrap.servers": cluster.bootstrap, "acks": "all",
                            "compression.codec": codec, "linger.ms": 5,
                            "enable.idempotence": True, "partitioner": "murmur2_random"})
    failures = []
    for key, value in _expected(codec):
        producer.produce(topic, key=key, value=value,
                         on_delivery=lambda err, msg: err and failures.append(err))
    assert producer.flush(30) == 0
    assert failures == []
    consumer = ck.Consumer({"bootstrap.servers": cluster.bootstrap, "group.id": f"g-{topic}",
                            "auto.offset.reset": "earliest", "enable.auto.commit": False})
    consumer.assign([ck.TopicPartition(topic, p, ck.OFFSET_BEGINNING)
                     for p in range(PARTITIONS)])
    got = []
    deadline = time.monotonic() + 40
    try:
        while len(got) < MESSAGES and time.monotonic() < deadline:
            message = consumer.poll(0.5)
            if message is None:
                continue
            assert message.error() is None, message.error()
            got.append((message.partition(), message.offset(), message.key(), message.value()))
    finally:
        consumer.close()
    _check(got, codec)


def test_kafka_python_admin(cluster):
    from kafka.admin import KafkaAdminClient, NewPartitions, NewTopic
    from kafka.errors import TopicAlreadyExistsError

    admin = KafkaAdminClient(bootstrap_servers=cluster.bootstrap, request_timeout_ms=10000)
    try:
        admin.create_topics([NewTopic("admin-a", 2, 3), NewTopic("admin-b", 1, 1)])
        assert {"admin-a", "admin-b"} <= set(admin.list_topics())
        described = {t["name"]: t for t in admin.describe_topics(["admin-a"])}
        partitions = described["admin-a"]["partitions"]
        assert len(partitions) == 2
        assert all(sorted(p["replica_nodes"]) == [0, 1, 2] for p in partitions)
        assert sorted(p["leader_id"] for p in partitions) != [0, 0]  # leaders spread
        with pytest.raises(TopicAlreadyExistsError):
            admin.create_topics([NewTopic("admin-a", 2, 1)])
        admin.create_partitions({"admin-a": NewPartitions(5)})
        assert len(cluster.call(lambda: cluster.server.cluster.topics["admin-a"].partitions)) == 5
        admin.delete_topics(["admin-b"])
        assert "admin-b" not in admin.list_topics()
    finally:
        admin.close()


def test_confluent_admin(cluster):
    from confluent_kafka.admin import AdminClient, NewPartitions, NewTopic

    admin = AdminClient({"bootstrap.servers": cluster.bootstrap})
    for future in admin.create_topics([NewTopic("cf-admin", 3, 2)], operation_timeout=10).values():
        future.result(10)
    errors = admin.create_topics([NewTopic("cf-admin", 3, 2), NewTopic("bad/name", 1, 1)])
    with pytest.raises(ck.KafkaException) as exists:
        errors["cf-admin"].result(10)
    assert exists.value.args[0].code() == ck.KafkaError.TOPIC_ALREADY_EXISTS
    with pytest.raises(ck.KafkaException) as invalid:
        errors["bad/name"].result(10)
    assert invalid.value.args[0].code() == ck.KafkaError.TOPIC_EXCEPTION
    for future in admin.create_partitions([NewPartitions("cf-admin", 4)]).values():
        future.result(10)
    metadata = admin.list_topics(timeout=10)
    assert len(metadata.topics["cf-admin"].partitions) == 4
    assert sorted(metadata.brokers) == [0, 1, 2]
    for future in admin.delete_topics(["cf-admin"], operation_timeout=10).values():
        future.result(10)
    assert "cf-admin" not in admin.list_topics(timeout=10).topics
