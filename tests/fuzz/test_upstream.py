"""Broker targets: the upstream process's classification, and the replay of a broker finding
(recorded requests sent to a fresh broker), on a deliberately fragile broker."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

import kformat
from kformat.console import parse_address
from kformat.fuzz.campaign import FINDING_FORMAT, replay_finding
from kformat.fuzz.framelog import FrameLog, FrameRecord
from kformat.fuzz.frames import mutate_frame
from kformat.fuzz.upstream import UpstreamError, UpstreamProcess, probe
from tests.fuzz.live.frames import metadata_request

BROKER = Path(__file__).parent / "live" / "tiny_broker.py"


def _command(mode: str) -> str:
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(BROKER))} {mode}"


def _send(address: str, wire: bytes) -> None:
    import socket

    with socket.create_connection(parse_address(address), timeout=5) as s:
        s.sendall(wire)
        s.settimeout(2)
        try:
            s.recv(100)
        except OSError:
            pass


BAD = mutate_frame(metadata_request(), 0, direction="request", labels=["length_huge"]).mutated
GOOD = kformat.frame(metadata_request())


@pytest.mark.parametrize(("mode", "outcome", "signal"), [
    ("crash", "crash", "SIGSEGV"), ("exit", "error", None), ("hang", "hang", None),
    ("memory", "memory", None)])
def test_a_broker_that_misbehaves_is_classified(tmp_path, mode, outcome, signal):
    broker = UpstreamProcess(_command(mode), rss_limit=200 << 20, probe_timeout=1.0,
                             output_dir=tmp_path).start()
    try:
        assert probe(broker.addresses[0], 5.0)
        _send(broker.addresses[0], GOOD)
        _send(broker.addresses[0], BAD)
        if mode == "memory":
            import time

            for _ in range(100):
                if not broker.alive():
                    break
                time.sleep(0.05)
        result = broker.finish()
    finally:
        broker.stop()
    assert (result.outcome, result.signal) == (outcome, signal)


def test_a_broker_that_copes_is_clean(tmp_path):
    with UpstreamProcess(_command("crash"), output_dir=tmp_path) as broker:
        _send(broker.addresses[0], GOOD)
        result = broker.finish()
    assert (result.outcome, result.returncode) == ("clean", 0)
    assert not broker.alive()


def test_an_upstream_that_says_nothing_is_an_error(tmp_path):
    with pytest.raises(UpstreamError, match="no bootstrap address"):
        UpstreamProcess(f"{shlex.quote(sys.executable)} -c pass", start_timeout=5).start()


def _finding(tmp_path: Path, wire: bytes, mutated: bool) -> Path:
    directory = tmp_path / "finding-0"
    directory.mkdir()
    original = GOOD
    with FrameLog(directory / "frames.jsonl") as log:
        log.write(FrameRecord(0, "request", GOOD, 1, "127.0.0.1:1", 18, "ApiVersions", 0, 1))
        log.write(FrameRecord(1, "request", original, 1, "127.0.0.1:1", 3, "Metadata", 12, 42,
                              wire if mutated else None, "length_huge" if mutated else None, 0))
    meta = {"format": FINDING_FORMAT, "signature": "crash/SIGSEGV/Metadata/length_huge",
            "target": "broker", "target_cmd": "unused", "upstream_cmd": _command("crash"),
            "run_timeout": 10, "rss_limit": 1 << 30}
    (directory / "finding.json").write_text(json.dumps(meta))
    return directory


def test_replaying_a_broker_finding_sends_the_recorded_requests_to_a_fresh_broker(tmp_path):
    replay = replay_finding(_finding(tmp_path, BAD, True))
    assert (replay.result.outcome, replay.result.signal) == ("crash", "SIGSEGV")
    assert replay.reproduced and replay.served == 2 and replay.served_mutated == 1


def test_a_broker_that_was_fixed_replays_clean(tmp_path):
    replay = replay_finding(_finding(tmp_path, BAD, True), target_cmd=_command("none"))
    assert replay.result.outcome == "clean" and not replay.reproduced
