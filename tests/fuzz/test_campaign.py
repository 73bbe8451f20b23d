"""Live fuzzing without a broker: the frame log, the mutating hook, the fake broker, a small
deterministic campaign against a deliberately fragile client, and the replay of each of
its findings."""

from __future__ import annotations

import json
import shlex
import socket
import struct
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

import kformat
from kformat.console import parse_address
from kformat.fuzz import cli
from kformat.fuzz.campaign import (
    CampaignConfig,
    ScriptSource,
    replay_finding,
    run_campaign,
)
from kformat.fuzz.fakebroker import FakeBroker
from kformat.fuzz.framelog import FrameLog, FrameRecord, read_frames
from kformat.fuzz.frames import frame_seed, mutate_frame
from kformat.fuzz.live import FrameMutator, parse_apis
from kformat.protocol.framing import read_frame
from tests.fuzz.live.frames import (
    FETCH_V12,
    PRODUCE_V9,
    metadata_request,
    metadata_response,
    metadata_script,
)

CLIENT = Path(__file__).parent / "live" / "metadata_client.py"
LABELS = ["number_boundary", "null_nullable", "array_duplicate", "utf8_invalid"]


def _write_script(path: Path, records: list[FrameRecord]) -> Path:
    with FrameLog(path) as log:
        for r in records:
            log.write(r)
    return path


# --------------------------------------------------------------------------- log and hook


def test_frame_records_round_trip_through_json_lines(tmp_path):
    m = mutate_frame(FETCH_V12, 5, direction="response", api_key=1, api_version=12)
    record = FrameRecord(3, "response", m.original, 2, "127.0.0.1:9092", 1, "Fetch", 12, 9,
                         m.mutated, m.label, m.seed, m.target_path, m.detail, m.expected_error)
    path = _write_script(tmp_path / "f.jsonl", [record])
    line = json.loads(path.read_text())
    assert line["format"] == "kformat-fuzz-frames/1"
    assert line["original"] == m.original.hex() and line["mutated"] == m.mutated.hex()
    assert read_frames(path) == [record]
    assert record.wire == m.mutated


def test_a_log_line_of_another_format_is_refused(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"format": "something-else"}\n')
    with pytest.raises(ValueError, match=r"bad\.jsonl:1"):
        read_frames(path)


def _feed(mutator: FrameMutator) -> list[bytes]:
    out = []
    for _ in range(30):
        out.append(mutator.on_frame("request", PRODUCE_V9, connection=1, broker="b:1"))
        out.append(mutator.on_frame("response", FETCH_V12, api_key=1, api_version=12,
                                    connection=1, broker="b:1"))
    return out


def test_the_hook_is_deterministic_and_logs_every_frame(tmp_path):
    runs = []
    for name in ("a", "b"):
        with FrameLog(tmp_path / f"{name}.jsonl") as log:
            mutator = FrameMutator(mode="responses", rate=0.5, seed=3, apis="Fetch", log=log)
            wires = _feed(mutator)
        runs.append((wires, (tmp_path / f"{name}.jsonl").read_text(), mutator.stats))
    assert runs[0][:2] == runs[1][:2]
    records = read_frames(tmp_path / "a.jsonl")
    stats = runs[0][2]
    assert len(records) == stats.frames == 60
    assert [r.n for r in records] == list(range(60))
    mutated = [r for r in records if r.mutated is not None]
    assert len(mutated) == stats.mutated and 10 <= stats.mutated <= 30
    assert all(r.direction == "response" and r.api_name == "Fetch" for r in mutated)
    assert stats.by_api == Counter({"Fetch": stats.mutated})
    for r in mutated:  # the log is enough to redo each mutation exactly
        assert r.seed == frame_seed(3, r.n)
        again = mutate_frame(r.original[4:], r.seed, direction="response", api_key=1,
                             api_version=12)
        assert (again.label, again.mutated) == (r.label, r.mutated)
    assert [r.wire for r in records] == runs[0][0]


def test_the_hook_mutates_only_the_chosen_direction_and_apis():
    mutator = FrameMutator(mode="requests", rate=1.0, seed=0, apis="Metadata")
    assert mutator.on_frame("request", PRODUCE_V9) == kformat.frame(PRODUCE_V9)
    assert mutator.on_frame("response", FETCH_V12, api_key=1, api_version=12) == \
        kformat.frame(FETCH_V12)
    assert mutator.on_frame("request", metadata_request()) != kformat.frame(metadata_request())
    assert mutator.stats.mutated == 1 and mutator.stats.frames == 3


def test_an_undecodable_frame_goes_on_unchanged_and_says_why(tmp_path):
    with FrameLog(tmp_path / "u.jsonl") as log:
        mutator = FrameMutator(mode="both", rate=1.0, log=log)
        junk = b"\x00\x03\x00\x0c\x00\x00\x00\x01\xff"
        assert mutator.on_frame("request", junk) == kformat.frame(junk)
    (record,) = read_frames(tmp_path / "u.jsonl")
    assert record.mutated is None and record.error.startswith("TruncatedError")
    assert mutator.stats.undecodable == 1


def test_bad_hook_options_are_refused():
    with pytest.raises(ValueError, match="mode"):
        FrameMutator(mode="sideways")
    with pytest.raises(ValueError, match="rate"):
        FrameMutator(rate=1.5)
    with pytest.raises(kformat.UnsupportedVersionError):
        parse_apis("Fetch,NoSuchApi")
    assert parse_apis("Fetch, 3") == frozenset({1, 3})


# --------------------------------------------------------------------------- fake broker


def _exchange(sock: socket.socket, request: bytes) -> bytes | None:
    sock.sendall(kformat.frame(request))
    return read_frame(sock, deadline=time.monotonic() + 10)


def test_the_fake_broker_answers_by_api_key_in_order_with_the_clients_correlation_id():
    first = metadata_response(42)
    m = mutate_frame(first, 1, direction="response", api_key=3, api_version=12)
    records = [FrameRecord(0, "response", m.original, 1, "127.0.0.1:0", 3, "Metadata", 12, 42,
                           m.mutated, m.label, m.seed),
               FrameRecord(1, "response", kformat.frame(metadata_response(43)), 1,
                           "127.0.0.1:0", 3, "Metadata", 12, 43)]
    with FakeBroker(records, timeout=5) as broker, \
            socket.create_connection(parse_address(broker.bootstrap), timeout=5) as sock:
        one = _exchange(sock, metadata_request(100))
        two = _exchange(sock, metadata_request(101))
        three = _exchange(sock, metadata_request(102))  # the log is exhausted
        assert _exchange(sock, PRODUCE_V9) is None  # no Produce answer recorded: closed
    assert one == struct.pack(">i", 100) + m.mutated[8:]
    assert two == struct.pack(">i", 101) + metadata_response()[4:]
    assert three == struct.pack(">i", 102) + metadata_response()[4:]
    assert [(s.response_n, s.mutated) for s in broker.served] == \
        [(0, True), (1, False), (1, False), (None, False)]


def test_the_fake_broker_listens_on_loopback_only():
    with pytest.raises(PermissionError):
        FakeBroker(metadata_script("10.1.2.3:9092")).start()


# --------------------------------------------------------------------------- campaign


@pytest.fixture(scope="module")
def campaign(tmp_path_factory):
    root = tmp_path_factory.mktemp("campaign")
    script = _write_script(root / "script.jsonl", metadata_script())
    config = CampaignConfig(f"{shlex.quote(sys.executable)} {shlex.quote(str(CLIENT))}",
                            root / "out", duration=600, max_runs=10, run_timeout=8,
                            rss_limit=200 << 20, rate=1.0, seed=57, labels=LABELS)
    return run_campaign(config, ScriptSource(script)), root / "out"


def test_the_campaign_classifies_every_run(campaign):
    report, out = campaign
    assert report.runs == 10 and report.stopped == "run limit (10)"
    assert report.outcomes == Counter(clean=4, hang=1, memory=2, error=2, crash=1)
    assert report.frames == 20 and report.mutated == 10  # one request, one response per run
    saved = json.loads((out / "campaign.json").read_text())
    assert saved["outcomes"] == {"clean": 4, "error": 2, "crash": 1, "hang": 1, "memory": 2}
    assert saved["distinct_findings"] == len(report.findings)
    assert not (out / "runs").exists()


def test_findings_are_deduplicated_by_signature(campaign):
    report, out = campaign
    signatures = {f["signature"]: f["hits"] for f in report.findings}
    assert signatures["crash/SIGSEGV/Metadata/number_boundary"] == 1
    assert signatures["memory/-/Metadata/null_nullable"] == 2
    assert signatures["hang/-/Metadata/array_duplicate"] == 1
    assert sum(signatures.values()) == 6  # every non-clean run
    assert signatures["error/3/Metadata/utf8_invalid"] == 2
    assert len(signatures) == 4
    assert sorted(p.name for p in out.glob("finding-*")) == \
        [f"finding-{i}" for i in range(len(report.findings))]
    for f in report.findings:
        directory = out / f["dir"]
        meta = json.loads((directory / "finding.json").read_text())
        assert meta["signature"] == f["signature"] and meta["result"]["outcome"] == f["outcome"]
        assert meta["last_mutation"]["label"] in LABELS
        frames = read_frames(directory / "frames.jsonl")
        assert [r.direction for r in frames] == ["request", "response"]
        assert "kformat fuzz replay" in (directory / "reproduce.sh").read_text()


def test_replay_reproduces_every_finding_without_an_upstream(campaign):
    report, out = campaign
    for f in report.findings:
        replay = replay_finding(out / f["dir"])
        assert replay.reproduced, (f, replay.result)
        assert replay.served == 1 and replay.served_mutated == 1


def test_the_replay_command_exits_1_while_the_target_still_misbehaves(campaign, capsys):
    report, out = campaign
    crash = next(f for f in report.findings if f["outcome"] == "crash")
    assert cli.main(["replay", str(out / crash["dir"])]) == 1
    printed = capsys.readouterr().out
    assert "crash SIGSEGV" in printed and "reproduced" in printed and "NOT" not in printed
    fixed = f"{shlex.quote(sys.executable)} -c pass"  # a target that now copes
    assert cli.main(["replay", str(out / crash["dir"]), "--target-cmd", fixed]) == 0
    assert "NOT reproduced" in capsys.readouterr().out


def test_isolate_names_the_frame_that_does_it(campaign, capsys):
    from kformat.fuzz.campaign import isolate_finding

    report, out = campaign
    crash = next(f for f in report.findings if f["outcome"] == "crash")
    ((frame, alone),) = isolate_finding(out / crash["dir"])
    assert (frame.label, frame.target_path) == ("number_boundary",
                                                "topics[0].partitions[0].leader_id")
    assert alone.reproduced and alone.served_mutated == 1
    assert cli.main(["replay", str(out / crash["dir"]), "--isolate"]) == 1
    assert "<- reproduces crash/SIGSEGV/Metadata/number_boundary" in capsys.readouterr().out


def test_the_fake_broker_answers_each_version_with_a_response_to_that_version():
    v12 = FrameRecord(0, "response", kformat.frame(metadata_response(1)), 1, "127.0.0.1:0", 3,
                      "Metadata", 12, 1)
    body = {"brokers": [], "cluster_id": None, "controller_id": -1, "topics": []}
    v9 = FrameRecord(1, "response", kformat.frame(kformat.build_response("Metadata", 9, body,
                                                                         correlation_id=2)),
                     1, "127.0.0.1:0", 3, "Metadata", 9, 2)
    v9_request = kformat.build_request("Metadata", 9, {"topics": None}, correlation_id=7)
    with FakeBroker([v12, v9], timeout=5) as broker, \
            socket.create_connection(parse_address(broker.bootstrap), timeout=5) as sock:
        assert _exchange(sock, v9_request) == struct.pack(">i", 7) + v9.original[8:]
        assert _exchange(sock, metadata_request(8)) == \
            struct.pack(">i", 8) + v12.original[8:]
