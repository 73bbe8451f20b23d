"""``kformat fuzz``: generate corpora, send them to a live target, fuzz kformat itself.

    kformat fuzz generate --api Produce --api-version 9 --count 1000 --seed 7 --out DIR
    kformat fuzz generate --kind batches --count 500 --seed 1 --out DIR
    kformat fuzz send --target 127.0.0.1:9092 --in DIR [--timeout S] [--max-cases N]
                      [--max-seconds T] [--report FILE] [--allow-non-loopback]
    kformat fuzz run --inputs 100000 --seed 1 [--engines native,python|all] [--deadline S]
                     [--time-budget S] [--findings DIR] [--report FILE] [--no-memory]
    kformat fuzz campaign --target-cmd "CMD {bootstrap}"
                          (--upstream HOST:PORT | --upstream-cmd CMD | --script FRAMES.jsonl)
                          --duration S --out DIR [--target client|broker]
                          [--mutate responses|requests|both|none] [--rate R] [--seed S]
                          [--apis Fetch,Metadata] [--labels ...] [--max-runs N]
                          [--run-timeout S] [--rss-limit MIB]
    kformat fuzz replay FILE [--engines native,python] | DIR/finding-N
    kformat fuzz replay FILE|- --entry NAME [--param KEY=VALUE] [--hex]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kformat.console import (
    STDIN,
    USAGE,
    Console,
    InputError,
    UsageError,
    add_input_options,
    command_group,
    leaf_options,
    read_input,
)
from kformat.errors import KFormatError
from kformat.fuzz.live import MODES
from kformat.protocol.cli import api_argument, api_list_argument, check_api_version

__all__ = ["main", "register"]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub = command_group(commands, "fuzz", help="grammar-aware fuzzing: corpora, live targets, "
                        "kformat's own parsers", description=__doc__, raw=True)

    gen = sub.add_parser("generate", help="write valid edge cases and labelled mutants",
                         description="Write a corpus of valid edge cases and labelled "
                                     "invalid mutants of one message (or of record batches).")
    gen.add_argument("--kind", choices=("request", "response", "batches"), default="request",
                     help="what the cases are (default request)")
    gen.add_argument("--api", type=api_argument, help="API name or key (request and response kinds)")
    gen.add_argument("-V", "--api-version", type=int, help="API version")
    gen.add_argument("--count", type=int, default=1000, help="cases to write (default 1000)")
    gen.add_argument("--seed", type=int, default=0,
                     help="seed: the same arguments write the same bytes (default 0)")
    gen.add_argument("--decompression-limit", type=int, default=None,
                     help="the limit kformat parses with (bombs are built to cross it)")
    gen.add_argument("--out", required=True, type=Path,
                     help="folder for the cases and manifest.json")

    send = sub.add_parser("send", help="send a corpus to a live target, report misbehaviour",
                          description="Send every case of a corpus to a live target (loopback "
                                      "unless allowed) and report how it behaved.")
    send.add_argument("--target", required=True, help="HOST:PORT (loopback unless allowed)")
    send.add_argument("--in", dest="corpus", required=True, type=Path,
                      help="a folder written by kformat fuzz generate")
    send.add_argument("--timeout", type=float, default=5.0, help="seconds to wait per case")
    send.add_argument("--max-cases", type=int, default=None, help="stop after this many cases")
    send.add_argument("--max-seconds", type=float, default=300.0,
                      help="stop after this long (default 300)")
    send.add_argument("--report", type=Path, default=None,
                      help="where to write the JSON report (default: DIR/send-report.json)")
    send.add_argument("--allow-non-loopback", action="store_true",
                      help="allow a target that is not on this machine")

    run = sub.add_parser("run", help="fuzz kformat's own parsers",
                         description="Mutate inputs and feed them to kformat's parsers; "
                                     "anything but a KFormatError is a finding.")
    run.add_argument("--inputs", type=int, default=100_000,
                     help="mutated inputs to run (default 100000)")
    run.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    run.add_argument("--time-budget", type=float, default=None,
                     help="stop after this many seconds")
    run.add_argument("--slow-ms", type=float, default=100.0,
                     help="an input slower than this is a finding (default 100)")
    run.add_argument("--findings", type=Path, default=None, help="directory for failing cases")
    run.add_argument("--report", type=Path, default=None, help="where to write the JSON report")
    run.add_argument("--engines", default=None,
                     help="engines to run every input on, comma-separated, or 'all': the "
                          "first is timed, the others must agree with it (default: the "
                          "active engine)")
    run.add_argument("--deadline", type=float, default=10.0,
                     help="CPU seconds an input may take on one engine before it is a hang")
    run.add_argument("--no-memory", action="store_true",
                     help="skip the per-input peak-memory measurement (tracemalloc)")

    campaign = sub.add_parser("campaign", help="run a real client repeatedly against mutated "
                              "responses, keep a reproducer per distinct finding",
                              description="Run a real Kafka client again and again against a "
                                          "fake broker serving mutated frames; keep a "
                                          "reproducer per distinct finding.")
    campaign.add_argument("--target-cmd", required=True,
                          help="the client command ({bootstrap} and $KFORMAT_BOOTSTRAP give "
                               "the broker address); run without a shell")
    broker = campaign.add_mutually_exclusive_group(required=True)
    broker.add_argument("--upstream", help="a broker (HOST:PORT) to run the mutating proxy "
                        "in front of")
    broker.add_argument("--upstream-cmd", help="a command starting a broker that prints its "
                        "bootstrap address first (restarted per run for --target broker)")
    broker.add_argument("--script", type=Path,
                        help="a frame log (frames.jsonl) a fake broker answers from, no "
                             "broker at all")
    campaign.add_argument("--target", choices=("client", "broker"), default="client",
                          help="what is classified: the --target-cmd client, or the "
                               "--upstream-cmd broker fed by it")
    campaign.add_argument("--out", type=Path, required=True,
                          help="folder for campaign.json and the findings")
    campaign.add_argument("--duration", type=float, default=60.0, help="seconds (runs started "
                          "before it ends finish, within --run-timeout)")
    campaign.add_argument("--max-runs", type=int, default=1000,
                          help="stop after this many runs (default 1000)")
    campaign.add_argument("--run-timeout", type=float, default=30.0,
                          help="seconds before a run counts as a hang")
    campaign.add_argument("--rss-limit", type=int, default=1024,
                          help="MiB of resident memory before a run counts as excessive")
    campaign.add_argument("--mutate", choices=sorted(MODES), default="responses",
                          help="which frames to mutate (default responses)")
    campaign.add_argument("--rate", type=float, default=0.05,
                          help="share of the frames in the mutated direction(s) to mutate")
    campaign.add_argument("--seed", type=int, default=0,
                          help="seed of the campaign (default 0)")
    campaign.add_argument("--apis", default=None, type=api_list_argument, help="only these APIs (names or keys, "
                          "comma-separated)")
    campaign.add_argument("--labels", default=None,
                          help="only these mutator labels (comma-separated)")

    replay = sub.add_parser("replay", help="run a saved finding again (a self-fuzz finding "
                            "file, or a campaign's finding directory), or any input",
                            description="Run a saved finding again: a self-fuzz finding file, "
                                        "or a campaign's finding directory. With --entry, "
                                        "FILE (or - for standard input) holds the raw input "
                                        "bytes, fed to that entry point on every engine: "
                                        "cat crash.bin | kformat fuzz replay - --entry "
                                        "records.")
    replay.add_argument("file", help="a finding (.json or .bin), a campaign finding "
                                     "directory, or raw input bytes with --entry (- reads "
                                     "standard input)")
    replay.add_argument("--entry", default=None,
                        help="the input is raw bytes for this entry point (see "
                             "docs/fuzzing.md; the error lists them)")
    replay.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="with --entry: a parameter of the entry point (the value read "
                             "as JSON when it parses, else as text), repeatable")
    add_input_options(replay)
    replay.add_argument("--engines", default=None,
                        help="self-fuzz findings: engines to compare (default: the finding's, "
                             "where available)")
    replay.add_argument("--run-timeout", type=float, default=None,
                        help="campaign findings: seconds before the run counts as a hang")
    replay.add_argument("--target-cmd", default=None,
                        help="campaign findings: run this command instead of the recorded one")
    replay.add_argument("--isolate", action="store_true",
                        help="campaign findings: replay once per mutated frame, only that one "
                             "mutated, to tell which frame does it")
    for leaf, action in ((gen, _generate), (send, _send), (run, _run), (campaign, _campaign),
                         (replay, _replay)):
        leaf_options(leaf)
        leaf.set_defaults(run=_guarded(action))


def _generate(args: argparse.Namespace, _: Console) -> int:
    from kformat.fuzz.corpus import generate
    from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT

    if args.kind != "batches" and (args.api is None or args.api_version is None):
        raise UsageError(f"--api and --api-version are required for {args.kind} corpora")
    if args.kind != "batches":
        check_api_version(args.api, args.api_version, args.kind)
    limit = args.decompression_limit or DEFAULT_DECOMPRESSION_LIMIT
    corpus = generate(args.kind, args.api, args.api_version, count=args.count, seed=args.seed,
                      decompression_limit=limit)
    path = corpus.write(args.out)
    labels = sorted({c.label for c in corpus.cases})
    print(f"wrote {len(corpus.cases)} cases ({len(labels)} labels) and {path}", file=sys.stderr)
    return 0


def _send(args: argparse.Namespace, _: Console) -> int:
    from kformat.fuzz.send import send_corpus

    report = send_corpus(args.corpus, args.target, timeout=args.timeout,
                         max_cases=args.max_cases, max_seconds=args.max_seconds,
                         allow_non_loopback=args.allow_non_loopback)
    path = args.report or args.corpus / "send-report.json"
    _write(path, report.to_dict())
    print(f"sent {report.sent} cases in {report.seconds:.1f} s ({report.stopped}): "
          f"{dict(report.outcomes)}; {len(report.misbehaving)} misbehaving, report in {path}",
          file=sys.stderr)
    return 1 if report.misbehaving else 0


def _run(args: argparse.Namespace, _: Console) -> int:
    from kformat.fuzz.harness import fuzz_parsers

    report = fuzz_parsers(args.inputs, args.seed, args.time_budget, slow_ms=args.slow_ms,
                          save_dir=args.findings, engines=args.engines,
                          deadline=args.deadline, trace_memory=not args.no_memory,
                          progress=sys.stderr)
    data = report.to_dict()
    if args.report:
        _write(args.report, data)
    print(json.dumps({k: v for k, v in data.items() if k not in ("by_label",)}, indent=1))
    return 1 if report.findings else 0


def _campaign(args: argparse.Namespace, _: Console) -> int:
    from kformat.fuzz.campaign import CampaignConfig, ScriptSource, run_campaign
    from kformat.fuzz.proxied import ProxySource

    labels = [x.strip() for x in args.labels.split(",") if x.strip()] if args.labels else None
    config = CampaignConfig(args.target_cmd, args.out, duration=args.duration,
                            max_runs=args.max_runs, run_timeout=args.run_timeout,
                            rss_limit=args.rss_limit << 20, mode=args.mutate, rate=args.rate,
                            seed=args.seed, apis=args.apis, labels=labels, target=args.target,
                            upstream_cmd=args.upstream_cmd)
    if args.script:
        from kformat.fuzz.framelog import read_frames

        if not any(r.direction == "response" for r in read_frames(args.script)):
            raise InputError(str(args.script), ValueError("the frame log holds no response to serve"))
    source = ScriptSource(args.script) if args.script else ProxySource(args.upstream)
    report = run_campaign(config, source, progress=sys.stderr)
    data = report.to_dict()
    print(json.dumps({k: v for k, v in data.items() if k not in ("config", "by_label")},
                     indent=1))
    return 1 if report.findings else 0


def _said(result: Any) -> str:
    """``crash SIGSEGV``, ``error (exit 2)``, ``clean``..."""
    if result.signal:
        return f"{result.outcome} {result.signal}"
    if result.outcome == "error":
        return f"error (exit {result.returncode})"
    return str(result.outcome)


def _params(pairs: Sequence[str]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--param {pair!r}: expected KEY=VALUE")
        try:
            params[key] = json.loads(text)
        except ValueError:
            params[key] = text
    return params


def _replay_input(args: argparse.Namespace, console: Console) -> int:
    from kformat.fuzz.harness import ENTRIES, replay_input

    if args.entry not in ENTRIES:
        raise UsageError(f"unknown entry point {args.entry!r}; the entry points are "
                         f"{', '.join(sorted(ENTRIES))}")
    data = read_input(args.file, console, hex_text=args.hex)
    return replay_input(data, args.entry, _params(args.param), console.stdout,
                        engines=args.engines)


def _replay(args: argparse.Namespace, console: Console) -> int:
    if args.entry is not None:
        return _replay_input(args, console)
    if args.file == STDIN:
        raise UsageError("standard input holds raw input bytes: name the entry point they go "
                         "to with --entry")
    if args.hex or args.param:
        raise UsageError("--hex and --param go with --entry (raw input bytes)")
    args.file = Path(args.file)
    if args.file.is_dir() and args.isolate:
        from kformat.fuzz.campaign import isolate_finding

        culprits = 0
        for frame, alone in isolate_finding(args.file, run_timeout=args.run_timeout,
                                            target_cmd=args.target_cmd):
            culprits += alone.reproduced
            print(f"frame {frame.n} ({frame.direction} {frame.api_name} v{frame.api_version}, "
                  f"{frame.label} at {frame.target_path or '-'}): {_said(alone.result)}"
                  f"{' <- reproduces ' + alone.recorded if alone.reproduced else ''}")
        return 1 if culprits else 0
    if args.file.is_dir():
        from kformat.fuzz.campaign import replay_finding

        replayed = replay_finding(args.file, run_timeout=args.run_timeout,
                                  target_cmd=args.target_cmd)
        result = replayed.result
        print(f"{args.file}: recorded {replayed.recorded}; replayed {replayed.served} frames "
              f"({replayed.served_mutated} mutated): {_said(result)} in {result.seconds:.1f} s, "
              f"{'reproduced' if replayed.reproduced else 'NOT reproduced'}")
        return 0 if result.outcome == "clean" else 1
    from kformat.fuzz.harness import replay

    return replay(args.file, console.stdout, engines=args.engines)


def _write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def _guarded(action: Callable[[argparse.Namespace, Console], int]) -> Callable[..., int]:
    """Run ``action``; a bad target or option is a usage error (exit 2), a corpus, finding or
    frame log that does not hold what it should an input error (exit 1)."""
    def run(args: argparse.Namespace, console: Console) -> int:
        try:
            return action(args, console)
        except InputError:
            raise
        except (KFormatError, json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise InputError(None, exc) from None
        except ValueError as exc:
            console.error(exc)
            return USAGE
    return run


def main(argv: Sequence[str] | None = None) -> int:
    """``kformat fuzz ARGS`` (kept for callers of the old entry point)."""
    from kformat.cli import run

    return run(["fuzz", *(sys.argv[1:] if argv is None else argv)])
