"""``kformat broker`` as a process: the bootstrap list first, clients served, a clean stop
on SIGTERM and at ``--max-lifetime``."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

import pytest

pytestmark = pytest.mark.timeout(60)


def _start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "kformat", "broker", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_prints_the_bootstrap_list_serves_and_stops_on_sigterm():
    kafka = pytest.importorskip("kafka")
    proc = _start("--brokers", "2", "--topic", "cli:2", "--max-lifetime", "50")
    try:
        first = proc.stdout.readline().strip()
        hosts = first.split(",")
        assert len(hosts) == 2 and all(h.startswith("127.0.0.1:") for h in hosts)
        producer = kafka.KafkaProducer(bootstrap_servers=first)
        producer.send("cli", b"hello", partition=1).get(20)
        producer.close(5)
        consumer = kafka.KafkaConsumer(bootstrap_servers=first, group_id=None,
                                       auto_offset_reset="earliest", consumer_timeout_ms=3000)
        consumer.assign([kafka.TopicPartition("cli", 1)])
        assert [m.value for m in consumer] == [b"hello"]
        consumer.close()
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=20)
        assert proc.returncode == 0
        summary = json.loads(err.strip().splitlines()[-1])
        assert summary["handled"]["Produce"] == 1
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate(timeout=10)


def test_stops_by_itself_at_max_lifetime():
    proc = _start("--max-lifetime", "0.5", "--kafka-version", "3.9")
    try:
        out, _err = proc.communicate(timeout=30)
        assert proc.returncode == 0
        assert out.splitlines()[0].startswith("127.0.0.1:")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate(timeout=10)


def test_a_bad_option_is_a_usage_error():
    proc = subprocess.run([sys.executable, "-m", "kformat", "broker", "--kafka-version", "1.0"],
                          capture_output=True, text=True, timeout=30)
    assert proc.returncode == 2
    assert "--kafka-version" in proc.stderr
