"""A real client through the mutating proxy, against librdkafka's mock cluster: a two-run
campaign whose findings replay without the cluster."""

from __future__ import annotations

import shlex
import sys

import pytest

from kformat.fuzz.campaign import CampaignConfig, replay_finding, run_campaign
from kformat.fuzz.proxied import ProxySource

pytest.importorskip("confluent_kafka")

PY = shlex.quote(sys.executable)


def test_a_librdkafka_campaign_through_the_mutating_proxy_replays(tmp_path):
    config = CampaignConfig(
        f"{PY} -m kformat.fuzz.targets librdkafka:consumer --deadline 10 --messages 5",
        tmp_path / "out", duration=300, max_runs=2, run_timeout=40, rate=1.0, seed=1,
        apis="ApiVersions,Metadata", labels=["null_not_nullable", "number_boundary"],
        upstream_cmd=f"{PY} -m kformat.fuzz.targets.mock_broker --brokers 1 --messages 10 "
                     "--lifetime 120")
    report = run_campaign(config, ProxySource())
    assert report.runs == 2 and sum(report.outcomes.values()) == 2
    assert report.frames > 4 and report.mutated >= 2
    assert set(report.by_api) <= {"ApiVersions", "Metadata"}
    assert report.upstream_restarts == 0
    for finding in report.findings:  # whatever librdkafka does with them, replay agrees
        replay = replay_finding(tmp_path / "out" / finding["dir"])
        assert replay.reproduced, (finding, replay.result)
        assert replay.served_mutated >= 1
