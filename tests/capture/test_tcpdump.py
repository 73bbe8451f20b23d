"""``kformat decode pcap`` on real captures: tcpdump on loopback while librdkafka
(confluent-kafka) produces to and consumes from librdkafka's mock cluster.

Needs tcpdump and root (``make test`` installs tcpdump when missing); skipped otherwise.
Captured on ``lo`` (Ethernet link type) and on ``any`` (Linux cooked SLL2).
"""

from __future__ import annotations

import base64
import io
import json
import os
import shutil
import signal
import subprocess
import time

import pytest

from kformat.capture import CaptureDecoder
from kformat.capture.cli import main as pcap_main

ck = pytest.importorskip("confluent_kafka")

from kformat.live.mock_cluster import MockCluster  # noqa: E402

TCPDUMP = shutil.which("tcpdump")
pytestmark = pytest.mark.skipif(TCPDUMP is None or os.geteuid() != 0,
                                reason="needs tcpdump and root (make capture-tools)")
MESSAGES = 12


def start_tcpdump(interface: str, port: int, path) -> subprocess.Popen:
    proc = subprocess.Popen([TCPDUMP, "-i", interface, "-s", "0", "-U", "-w", str(path),
                             f"tcp port {port}"], stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    seen = []
    for _ in range(5):  # "listening on lo, link-type ..." once it captures
        seen.append(proc.stderr.readline())
        if "listening on" in seen[-1]:
            return proc
    stop_tcpdump(proc)
    raise AssertionError(f"tcpdump did not start: {seen}")


def stop_tcpdump(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)
    if proc.stderr is not None:
        proc.stderr.close()


@pytest.fixture(scope="module")
def captures(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tcpdump")
    # values lz4 shrinks even one at a time: librdkafka sends a batch uncompressed when lz4
    # does not make it smaller, as with a batch of one or two short messages (a loaded
    # machine flushing early)
    sent = [(f"k{i}".encode(), f"value-{i}-".encode() + b"x" * 200) for i in range(MESSAGES)]
    with MockCluster(1, topics={"cap": 1}, max_lifetime=300) as cluster:
        ((_, port),) = cluster.addresses
        dumps: dict[str, subprocess.Popen] = {}
        try:
            for name, iface in (("lo", "lo"), ("any", "any")):
                dumps[name] = start_tcpdump(iface, port, folder / f"{name}.pcap")
            # one batch for all messages where the machine allows
            producer = ck.Producer({"bootstrap.servers": cluster.bootstraps,
                                    "compression.type": "lz4", "linger.ms": 1000})
            for key, value in sent:
                producer.produce("cap", value, key=key)
            assert producer.flush(60) == 0
            consumer = ck.Consumer({"bootstrap.servers": cluster.bootstraps, "group.id": "cap",
                                    "enable.auto.commit": False})
            consumer.assign([ck.TopicPartition("cap", 0, ck.OFFSET_BEGINNING)])
            got, end = [], time.monotonic() + 60
            while len(got) < MESSAGES and time.monotonic() < end:
                message = consumer.poll(0.2)
                if message is not None and message.error() is None:
                    got.append(message.value())
            consumer.close()
            del producer
            time.sleep(0.5)  # let the last packets reach the capture buffers
        finally:
            for proc in dumps.values():
                stop_tcpdump(proc)
    assert got == [v for _, v in sent]
    return {name: folder / f"{name}.pcap" for name in dumps}, port, sent


@pytest.mark.parametrize("name", ["lo", "any"])
def test_tcpdump_capture_decodes_completely(captures, name):
    paths, port, sent = captures
    decoder = CaptureDecoder(ports=[port], records=True)
    records = list(decoder.decode([paths[name]]))
    assert records
    assert [r for r in records if "error" in r] == []
    summaries = decoder.summaries()
    assert summaries and all(s["status"] == "kafka" for s in summaries)
    assert sum(s["requests"] for s in summaries) == sum(r["kind"] == "request" for r in records)
    # requests may be pending when the capture stops: long-poll Fetches in flight at close
    assert all(s["gaps"] == 0 and s["unmatched_responses"] == 0 for s in summaries)
    names = {r["api_name"] for r in records}
    assert {"ApiVersions", "Metadata", "Produce", "Fetch"} <= names
    values = []
    for r in records:
        if r["api_name"] == "Produce" and r["kind"] == "request":
            for topic in r["body"]["topic_data"]:
                for partition in topic["partition_data"]:
                    for batch in partition["records"]["batches"]:
                        assert batch["codec"] == "lz4"
                        values += [base64.b64decode(x["value"]["$bytes"]) for x in batch["records"]]
    assert values == [v for _, v in sent]
    for r in records:  # every response paired with its request's key and version
        if r["kind"] == "response":
            assert r["api_name"] is not None and "body" in r


def test_tcpdump_capture_through_the_cli(captures):
    paths, port, _ = captures
    out, err = io.StringIO(), io.StringIO()
    assert pcap_main([str(paths["lo"]), "--port", str(port)], out=out, err=err) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines and all(set(line) <= {"ts", "client", "server", "kind", "api_key", "api_name",
                                       "api_version", "correlation_id", "client_id", "body",
                                       "trailing", "error", "parsed_as_version"}
                         for line in lines)
    assert err.getvalue().count("\n") >= 2
