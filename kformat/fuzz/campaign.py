"""Live fuzzing campaigns: run a real client again and again against mutated traffic.

``kformat fuzz campaign`` puts a :class:`~kformat.fuzz.live.FrameMutator` between a target
client and its broker, then runs the target command repeatedly (bounded by ``duration``
and ``max_runs``; each run by ``run_timeout`` and ``rss_limit``) and classifies each run
(:mod:`kformat.fuzz.process`: clean, error, crash, hang, memory). The broker side is a
:class:`FrameSource`:

* :class:`ScriptSource`: a :class:`~kformat.fuzz.fakebroker.FakeBroker` answering from a
  recorded frame log (no broker needed);
* a mutating proxy in front of a real cluster (``--upstream``), when ``kformat proxy`` is
  available.

The target finds the broker through the ``{bootstrap}`` placeholder in its command or the
``KFORMAT_BOOTSTRAP`` environment variable. Every non-clean run is a finding candidate;
findings are deduplicated by signature (outcome, signal or exit status, and the api and
label of the last mutated frame) and each distinct one is kept as ``OUT/finding-N/``:
``finding.json``, the run's ``frames.jsonl``, its ``stdout.txt``/``stderr.txt`` and
``reproduce.sh`` (``kformat fuzz replay OUT/finding-N``, which replays the frames with a
fake broker and no upstream). ``OUT/campaign.json`` holds the figures.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import shutil
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import IO, Any, Protocol

from kformat.console import parse_address
from kformat.fuzz.fakebroker import FakeBroker
from kformat.fuzz.framelog import FrameLog, FrameRecord, read_frames
from kformat.fuzz.live import FrameMutator, MutatorStats
from kformat.fuzz.process import OUTCOMES, RunResult, run_target
from kformat.fuzz.upstream import UpstreamProcess

__all__ = [
    "BOOTSTRAP_ENV",
    "FINDING_FORMAT",
    "CampaignConfig",
    "CampaignReport",
    "FrameSource",
    "ScriptSource",
    "replay_finding",
    "run_campaign",
    "signature",
]

BOOTSTRAP_ENV = "KFORMAT_BOOTSTRAP"
PLACEHOLDER = "{bootstrap}"
FINDING_FORMAT = "kformat-fuzz-finding/1"


class FrameSource(Protocol):
    """The broker side of a run: yields the bootstrap address the target is given while it
    serves; ``upstream`` is the bootstrap of the ``--upstream-cmd`` broker, if any."""

    def open(self, mutator: FrameMutator,
             upstream: str | None = None) -> contextlib.AbstractContextManager[str]: ...


@dataclass(frozen=True)
class ScriptSource:
    """A fake broker answering from the frame log ``script`` (fresh for every run)."""

    script: Path
    timeout: float = 30.0

    def open(self, mutator: FrameMutator,
             upstream: str | None = None) -> contextlib.AbstractContextManager[str]:
        return self._serve(mutator)

    @contextlib.contextmanager
    def _serve(self, mutator: FrameMutator) -> Iterator[str]:
        records = read_frames(self.script)
        with FakeBroker(records, mutator=mutator, timeout=self.timeout) as broker:
            yield broker.bootstrap


@dataclass
class CampaignConfig:
    """What to run, against what, and the bounds."""

    target_cmd: str
    out: Path
    duration: float = 60.0
    max_runs: int = 1000
    run_timeout: float = 30.0
    rss_limit: int = 1 << 30
    mode: str = "responses"
    rate: float = 0.05
    seed: int = 0
    apis: str | None = None
    labels: list[str] | None = None
    target: str = "client"
    """``client``: the target command is classified; ``broker``: the ``upstream_cmd`` broker
    is (restarted for every run, fed by the target command's requests)."""
    upstream_cmd: str | None = None

    def __post_init__(self) -> None:
        if self.target not in ("client", "broker"):
            raise ValueError(f"target must be client or broker, got {self.target!r}")
        if self.target == "broker" and not self.upstream_cmd:
            raise ValueError("a broker target needs upstream_cmd (the broker to start)")

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["out"] = str(self.out)
        return out


@dataclass
class CampaignReport:
    config: dict[str, Any]
    source: str
    runs: int = 0
    seconds: float = 0.0
    stopped: str = ""
    frames: int = 0
    mutated: int = 0
    undecodable: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    by_label: Counter[str] = field(default_factory=Counter)
    by_api: Counter[str] = field(default_factory=Counter)
    findings: list[dict[str, Any]] = field(default_factory=list)
    upstream_restarts: int = 0

    def add(self, stats: MutatorStats) -> None:
        self.frames += stats.frames
        self.mutated += stats.mutated
        self.undecodable += stats.undecodable
        self.by_label.update(stats.by_label)
        self.by_api.update(stats.by_api)

    def to_dict(self) -> dict[str, Any]:
        return {"format": "kformat-fuzz-campaign/1", "config": self.config,
                "source": self.source, "runs": self.runs, "seconds": round(self.seconds, 1),
                "stopped": self.stopped, "frames": self.frames, "mutated": self.mutated,
                "undecodable": self.undecodable, "upstream_restarts": self.upstream_restarts,
                "outcomes": {k: self.outcomes.get(k, 0) for k in OUTCOMES},
                "distinct_findings": len(self.findings),
                "findings": self.findings,
                "by_label": dict(sorted(self.by_label.items())),
                "by_api": dict(sorted(self.by_api.items()))}


def last_mutation(records: list[FrameRecord]) -> FrameRecord | None:
    """The last frame of a run that went out mutated."""
    mutated = [r for r in records if r.mutated is not None]
    return max(mutated, key=lambda r: r.n) if mutated else None


def signature(result: RunResult, records: list[FrameRecord]) -> str:
    """``outcome/cause/api/label``: cause is the signal of a crash, the exit status of an
    error, ``-`` otherwise; api and label those of the last mutated frame (``-``: none)."""
    cause = result.signal if result.outcome == "crash" else (
        str(result.returncode) if result.outcome == "error" else "-")
    last = last_mutation(records)
    api = (last.api_name or str(last.api_key)) if last is not None else "-"
    label = last.label if last is not None else "-"
    return f"{result.outcome}/{cause}/{api}/{label}"


def target_command(command: str, bootstrap: str) -> str:
    return command.replace(PLACEHOLDER, shlex.quote(bootstrap))


def target_env(bootstrap: str) -> dict[str, str]:
    return {**os.environ, BOOTSTRAP_ENV: bootstrap}


def _write_json(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def _keep_finding(out: Path, number: int, sig: str, run: int, run_seed: int,
                  result: RunResult, run_dir: Path, config: CampaignConfig,
                  records: list[FrameRecord], client: RunResult | None) -> dict[str, Any]:
    directory = out / f"finding-{number}"
    if directory.exists():
        shutil.rmtree(directory)
    shutil.copytree(run_dir, directory)
    last = last_mutation(records)
    meta = {"format": FINDING_FORMAT, "id": number, "signature": sig, "run": run,
            "run_seed": run_seed, "result": result.to_dict(), "target_cmd": config.target_cmd,
            "target": config.target, "upstream_cmd": config.upstream_cmd,
            "client_result": None if client is None else client.to_dict(),
            "run_timeout": config.run_timeout,
            "rss_limit": config.rss_limit, "mode": config.mode,
            "frames": len(records), "mutated_frames": sum(r.mutated is not None for r in records),
            "last_mutation": None if last is None else {
                k: v for k, v in last.to_dict().items() if k not in ("original", "mutated")}}
    _write_json(directory / "finding.json", meta)
    script = directory / "reproduce.sh"
    script.write_text("#!/bin/sh\n# replays the frames of this finding against the target, "
                      "no upstream needed\nexec kformat fuzz replay "
                      f"{shlex.quote(str(directory))} \"$@\"\n", encoding="utf-8")
    script.chmod(0o755)
    return {"id": number, "signature": sig, "outcome": result.outcome, "hits": 1,
            "first_run": run, "dir": directory.name}


def run_campaign(config: CampaignConfig, source: FrameSource, *,
                 progress: IO[str] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> CampaignReport:
    """Run the campaign; see the module doc. Returns (and writes) the report."""
    out = Path(config.out)
    out.mkdir(parents=True, exist_ok=True)
    mutator = FrameMutator(mode=config.mode, rate=config.rate, seed=config.seed,
                           apis=config.apis, labels=config.labels)
    report = CampaignReport(config.to_dict(), describe(source))
    seen: dict[str, dict[str, Any]] = {}
    run_dir = out / "runs" / "current"
    start = clock()
    run = 0
    shared: UpstreamProcess | None = None
    try:
        while True:
            if run >= config.max_runs:
                report.stopped = f"run limit ({config.max_runs})"
                break
            if clock() - start >= config.duration:
                report.stopped = f"time limit ({config.duration} s)"
                break
            if run_dir.exists():
                shutil.rmtree(run_dir)
            run_dir.mkdir(parents=True)
            if config.upstream_cmd and config.target == "client" and (
                    shared is None or not shared.alive()):
                if shared is not None:
                    shared.stop()
                    report.upstream_restarts += 1
                shared = UpstreamProcess(config.upstream_cmd, rss_limit=1 << 40).start()
            run_seed = config.seed * 1_000_003 + run
            result, client = _one_run(config, source, mutator, run_seed, run_dir, shared)
            report.add(mutator.stats)
            report.outcomes[result.outcome] += 1
            report.runs += 1
            note = ""
            if result.outcome != "clean":
                records = read_frames(run_dir / "frames.jsonl")
                sig = signature(result, records)
                if sig in seen:
                    seen[sig]["hits"] += 1
                    note = f" (finding-{seen[sig]['id']} again)"
                else:
                    entry = _keep_finding(out, len(seen), sig, run, run_seed, result, run_dir,
                                          config, records, client)
                    seen[sig] = entry
                    report.findings.append(entry)
                    note = f" -> finding-{entry['id']}: {sig}"
            if progress is not None:
                print(f"[run {run}] {config.target} {result.outcome} in {result.seconds:.1f} s, "
                      f"{mutator.stats.mutated}/{mutator.stats.frames} frames mutated{note}",
                      file=progress, flush=True)
            run += 1
    finally:
        if shared is not None:
            shared.stop()
    report.seconds = clock() - start
    shutil.rmtree(out / "runs", ignore_errors=True)
    _write_json(out / "campaign.json", report.to_dict())
    return report


def _one_run(config: CampaignConfig, source: FrameSource, mutator: FrameMutator,
             run_seed: int, run_dir: Path,
             shared: UpstreamProcess | None) -> tuple[RunResult, RunResult | None]:
    """(the target's result, the client's when the target is the broker)."""
    log = FrameLog(run_dir / "frames.jsonl")
    mutator.start_run(run_seed, log)
    broker = None
    try:
        if config.target == "broker":
            assert config.upstream_cmd is not None
            broker = UpstreamProcess(config.upstream_cmd, rss_limit=config.rss_limit,
                                     output_dir=run_dir).start()
        upstream = broker.bootstrap if broker is not None else (
            shared.bootstrap if shared is not None else None)
        with source.open(mutator, upstream) as bootstrap:
            client = run_target(target_command(config.target_cmd, bootstrap),
                                timeout=config.run_timeout, rss_limit=config.rss_limit,
                                env=target_env(bootstrap), output_dir=run_dir)
        if broker is not None:
            return broker.finish(), client
        return client, None
    finally:
        if broker is not None:
            broker.stop()
        log.close()


def describe(source: FrameSource) -> str:
    if isinstance(source, ScriptSource):
        return f"fake broker from {source.script}"
    upstream = getattr(source, "upstream", None)
    return f"{type(source).__name__} to {upstream or 'the upstream command'}"


# --------------------------------------------------------------------------- replay


@dataclass(frozen=True)
class Replay:
    """What replaying a finding gave."""

    recorded: str
    result: RunResult
    served: int
    served_mutated: int

    @property
    def reproduced(self) -> bool:
        """The same outcome and cause (the signal of a crash, the exit status of an error)."""
        outcome, cause = self.recorded.split("/")[:2]
        result = self.result
        if result.outcome != outcome:
            return False
        if outcome == "crash":
            return result.signal == cause
        if outcome == "error":
            return str(result.returncode) == cause
        return True


def replay_finding(directory: str | Path, *, run_timeout: float | None = None,
                   target_cmd: str | None = None,
                   records: list[FrameRecord] | None = None) -> Replay:
    """Replay ``directory`` (a ``finding-N``) with no upstream: for a client target, a fake
    broker serves the recorded responses (as they went on the wire) to a new run of the
    target command; for a broker target, a fresh broker (``upstream_cmd``) is sent the
    recorded requests, connection by connection, and then probed and classified.
    ``records`` replaces the finding's frames (see :func:`isolate_finding`)."""
    root = Path(directory)
    meta = json.loads((root / "finding.json").read_text(encoding="utf-8"))
    if meta.get("format") != FINDING_FORMAT:
        raise ValueError(f"{root / 'finding.json'} is not a {FINDING_FORMAT} file")
    if records is None:
        records = read_frames(root / "frames.jsonl")
    scratch = root / "replay"
    if scratch.exists():
        shutil.rmtree(scratch)
    if meta["target"] == "broker":
        return _replay_requests(meta, records, scratch, target_cmd or meta["upstream_cmd"],
                                run_timeout or meta["run_timeout"])
    command = target_cmd or meta["target_cmd"]
    with FakeBroker(records) as broker:
        result = run_target(target_command(command, broker.bootstrap),
                            timeout=run_timeout or meta["run_timeout"],
                            rss_limit=meta["rss_limit"], env=target_env(broker.bootstrap),
                            output_dir=scratch)
    return Replay(meta["signature"], result, len(broker.served),
                  sum(s.mutated for s in broker.served))


def isolate_finding(directory: str | Path, *, run_timeout: float | None = None,
                    target_cmd: str | None = None) -> list[tuple[FrameRecord, Replay]]:
    """Which mutated frame does it: the finding replayed once per mutated frame, with only
    that frame mutated (the others go out as the upstream sent them)."""
    records = read_frames(Path(directory) / "frames.jsonl")
    out = []
    for culprit in [r for r in records if r.mutated is not None]:
        alone = [r if r is culprit or r.mutated is None else replace(r, mutated=None)
                 for r in records]
        out.append((culprit, replay_finding(directory, run_timeout=run_timeout,
                                            target_cmd=target_cmd, records=alone)))
    return out


def _replay_requests(meta: dict[str, Any], records: list[FrameRecord], scratch: Path,
                     upstream_cmd: str, timeout: float) -> Replay:
    requests = [r for r in records if r.direction == "request"]
    connections: dict[int, list[FrameRecord]] = {}
    for r in sorted(requests, key=lambda r: r.n):
        connections.setdefault(r.connection, []).append(r)
    broker = UpstreamProcess(upstream_cmd, rss_limit=meta["rss_limit"], output_dir=scratch)
    sent = 0
    with broker:
        host, port = parse_address(broker.addresses[0])
        deadline = time.monotonic() + timeout
        for frames in connections.values():
            if time.monotonic() > deadline or not broker.alive():
                break
            sent += _converse(host, port, [r.wire for r in frames], deadline)
        result = broker.finish()
    return Replay(meta["signature"], result, sent, sum(r.mutated is not None for r in requests))


def _converse(host: str, port: int, wires: list[bytes], deadline: float) -> int:
    """Send ``wires`` in order on one connection (a new one when the broker closes it),
    reading whatever answers come back; the number of frames sent."""
    import socket

    sent = 0
    sock: socket.socket | None = None
    try:
        for wire in wires:
            if time.monotonic() > deadline:
                break
            if sock is None:
                try:
                    sock = socket.create_connection((host, port), timeout=2.0)
                except OSError:
                    break
            try:
                sock.sendall(wire)
                sent += 1
                sock.settimeout(0.5)  # drain answers without waiting on the ones not coming
                if not sock.recv(1 << 20):
                    raise ConnectionResetError
            except TimeoutError:
                continue
            except OSError:
                sock.close()
                sock = None
    finally:
        if sock is not None:
            sock.close()
    return sent
