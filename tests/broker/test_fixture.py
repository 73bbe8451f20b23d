"""The ``kafka_broker`` pytest fixture of :mod:`kformat.testing`, options from its marker."""

from __future__ import annotations

import pytest

from kformat.testing import kafka_broker  # noqa: F401  (the fixture, as a plugin would add it)

pytestmark = pytest.mark.timeout(60)


@pytest.mark.kafka_broker(brokers=2, topics=["fixture:4"])
def test_the_fixture_runs_the_cluster_its_marker_asks_for(kafka_broker):  # noqa: F811
    assert kafka_broker.running
    assert len(kafka_broker.addresses) == 2
    topics = kafka_broker.call(lambda: kafka_broker.server.cluster.topics)
    assert len(topics["fixture"].partitions) == 4


def test_without_a_marker_one_node(kafka_broker):  # noqa: F811
    assert len(kafka_broker.bootstrap.split(",")) == 1
