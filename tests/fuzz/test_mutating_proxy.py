"""The mutating proxy on a small deterministic run: kformat's proxy in front of a fake
broker, the mutating hook logging every frame, and the log replayed without the upstream."""

from __future__ import annotations

import socket
import struct
import time

import kformat
from kformat.console import parse_address
from kformat.fuzz.fakebroker import FakeBroker
from kformat.fuzz.framelog import FrameLog, read_frames
from kformat.fuzz.frames import frame_seed, mutate_frame
from kformat.fuzz.live import FrameMutator
from kformat.fuzz.proxied import MutatingHook, ProxySource
from kformat.protocol.framing import read_frame
from tests.fuzz.live.frames import metadata_request, metadata_script


def _exchange(address: str, requests: list[bytes]) -> list[bytes]:
    answers = []
    with socket.create_connection(parse_address(address), timeout=10) as sock:
        for request in requests:
            sock.sendall(kformat.frame(request))
            answer = read_frame(sock, deadline=time.monotonic() + 10)
            assert answer is not None
            answers.append(kformat.frame(answer))
    return answers


def _upstream_records(n: int):
    request, response = metadata_script()
    return [r for i in range(n) for r in (request, response)]


def test_the_proxy_mutates_logs_and_the_log_replays(tmp_path):
    requests = [metadata_request(100 + i) for i in range(6)]
    with FakeBroker(_upstream_records(6), timeout=10) as upstream, \
            FrameLog(tmp_path / "frames.jsonl") as log:
        mutator = FrameMutator(mode="responses", rate=0.5, seed=11, log=log)
        with ProxySource(upstream.bootstrap).open(mutator) as bootstrap:
            answers = _exchange(bootstrap, requests)
    records = read_frames(tmp_path / "frames.jsonl")
    assert [r.direction for r in records] == ["request", "response"] * 6
    assert [r.correlation_id for r in records] == [100 + i // 2 for i in range(12)]
    responses = [r for r in records if r.direction == "response"]
    assert [r.wire for r in responses] == answers  # what the client got is what was logged
    mutated = [r for r in responses if r.mutated is not None]
    assert mutator.stats.mutated == len(mutated) and 1 <= len(mutated) <= 5
    for r in mutated:  # each mutation is redone from the log alone, byte for byte
        assert r.seed == frame_seed(11, r.n)
        again = mutate_frame(r.original[4:], r.seed, direction="response", api_key=3,
                             api_version=12, true_size=True)
        assert (again.label, again.mutated) == (r.label, r.mutated)
        assert struct.unpack_from(">i", r.mutated)[0] == len(r.mutated) - 4  # proxy-framed
    # the proxy rewrote the advertised broker before the hook saw the frame
    first = kformat.parse_response(responses[0].original[4:], 3, 12).body
    assert first["brokers"][0]["port"] != 9092
    # replay: a fake broker on the proxy's addresses serves the same bytes
    with FakeBroker(records, timeout=10) as replay:
        assert _exchange(replay.bootstrap, requests) == answers
    assert sum(s.mutated for s in replay.served) == len(mutated)


def test_the_hook_numbers_connections_and_names_the_listener(tmp_path):
    with FakeBroker(_upstream_records(2), timeout=10) as upstream, \
            FrameLog(tmp_path / "f.jsonl") as log:
        mutator = FrameMutator(mode="none", log=log)
        with ProxySource(upstream.bootstrap).open(mutator) as bootstrap:
            _exchange(bootstrap, [metadata_request(1)])
            _exchange(bootstrap, [metadata_request(2)])
    records = read_frames(tmp_path / "f.jsonl")
    assert [r.connection for r in records] == [1, 1, 2, 2]
    assert {r.broker for r in records} == {bootstrap}
    assert all(r.mutated is None for r in records) and mutator.stats.mutated == 0
    assert isinstance(MutatingHook(mutator), MutatingHook)


def test_kformat_proxy_mutate_on_the_command_line(tmp_path):
    import signal
    import subprocess
    import sys

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = tmp_path / "mutations.jsonl"
    with FakeBroker(_upstream_records(3), timeout=10) as upstream:
        proc = subprocess.Popen(
            [sys.executable, "-m", "kformat", "proxy", "--listen", f"127.0.0.1:{port}",
             "--upstream", upstream.bootstrap, "--log", str(tmp_path / "decoded.jsonl"),
             "--mutate", "responses", "--rate", "1", "--seed", "3", "--apis", "Metadata",
             "--mutation-log", str(log), "--max-lifetime", "20"],
            stderr=subprocess.PIPE, text=True)
        try:
            assert "listening on" in proc.stderr.readline()
            answers = _exchange(f"127.0.0.1:{port}", [metadata_request(5 + i) for i in range(3)])
        finally:
            proc.send_signal(signal.SIGINT)  # as Ctrl-C: the proxy prints its summaries
            _, err = proc.communicate(timeout=30)
    records = read_frames(log)
    responses = [r for r in records if r.direction == "response"]
    assert len(responses) == 3 and all(r.mutated is not None for r in responses)
    assert [r.wire for r in responses] == answers
    assert '"mutated": 3' in err
