"""Test helpers: :class:`Broker` (a Kafka cluster for tests) and its pytest fixture.

Use it as a context manager::

    from kformat.testing import Broker

    with Broker(brokers=3, topics=["orders:6"]) as cluster:
        producer = KafkaProducer(bootstrap_servers=cluster.bootstrap)

or as the ``kafka_broker`` pytest fixture, after ``pytest_plugins = ["kformat.testing"]``
in a ``conftest.py`` (one single-node broker per test; ``@pytest.mark.kafka_broker(brokers=3,
topics=[...])`` passes options). See docs/broker.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kformat.broker import DEFAULT_KAFKA_VERSION, KAFKA_VERSIONS, Broker, ErrorCode

__all__ = ["DEFAULT_KAFKA_VERSION", "KAFKA_VERSIONS", "Broker", "ErrorCode", "kafka_broker"]

try:
    import pytest
except ImportError:  # pragma: no cover - the fixture needs pytest, the Broker does not
    pytest = None  # type: ignore[assignment]


def _broker_from(request: Any) -> Iterator[Broker]:
    marker = request.node.get_closest_marker("kafka_broker")
    options = dict(marker.kwargs) if marker is not None else {}
    options.setdefault("max_lifetime", 300.0)
    with Broker(**options) as broker:
        yield broker


if pytest is not None:
    kafka_broker = pytest.fixture(_broker_from, name="kafka_broker")

    def pytest_configure(config: Any) -> None:
        config.addinivalue_line("markers", "kafka_broker(**options): options of the "
                                "kafka_broker fixture's Broker")
