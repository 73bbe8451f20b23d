"""librdkafka's mock cluster through ctypes: start, topics, addresses, bounded lifetime."""

from __future__ import annotations

import socket
import time

import pytest

pytest.importorskip("confluent_kafka")

from kformat.live.mock_cluster import MockCluster, MockClusterError, librdkafka_path


def test_library_is_the_one_confluent_kafka_ships():
    assert "librdkafka" in librdkafka_path()


def test_start_stop_and_loopback_addresses():
    cluster = MockCluster(2, topics={"a": 3})
    assert not cluster.running
    with pytest.raises(MockClusterError):
        _ = cluster.bootstraps
    with cluster:
        assert cluster.running
        addresses = cluster.addresses
        assert len(addresses) == 2 and all(host == "127.0.0.1" for host, _ in addresses)
        for address in addresses:  # the brokers accept connections
            socket.create_connection(address, timeout=5).close()
        cluster.create_topic("b", 1)
    assert not cluster.running
    cluster.stop()  # idempotent
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(addresses[0], timeout=5).close()


def test_bad_arguments_are_errors():
    with pytest.raises(MockClusterError):
        MockCluster(0)
    with MockCluster(1) as cluster, pytest.raises(MockClusterError) as info:
        cluster.create_topic("x", 0)
    assert "creating topic 'x'" in info.value.reason


def test_lifetime_is_bounded():
    cluster = MockCluster(1, max_lifetime=0.2).start()
    end = time.monotonic() + 30
    while cluster.running and time.monotonic() < end:
        time.sleep(0.05)
    assert not cluster.running
