"""``kformat fuzz``: generate corpora, send them to a live target, fuzz kformat itself.

    kformat fuzz generate --api Produce --api-version 9 --count 1000 --seed 7 --out DIR
    kformat fuzz generate --kind batches --count 500 --seed 1 --out DIR
    kformat fuzz send --target 127.0.0.1:9092 --in DIR [--timeout S] [--max-cases N]
                      [--max-seconds T] [--report FILE] [--allow-non-loopback]
    kformat fuzz run --inputs 100000 --seed 1 [--time-budget S] [--findings DIR] [--report FILE]
    kformat fuzz replay FILE
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kformat.console import USAGE, Console, UsageError, leaf_options
from kformat.errors import KFormatError

__all__ = ["main", "register"]


def _api(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("fuzz", help="grammar-aware fuzzing: corpora, live targets, "
                                 "kformat's own parsers", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    gen = sub.add_parser("generate", help="write valid edge cases and labelled mutants",
                         description="Write a corpus of valid edge cases and labelled "
                                     "invalid mutants of one message (or of record batches).")
    gen.add_argument("--kind", choices=("request", "response", "batches"), default="request")
    gen.add_argument("--api", type=_api, help="API name or key (request and response kinds)")
    gen.add_argument("-V", "--api-version", type=int, help="API version")
    gen.add_argument("--count", type=int, default=1000)
    gen.add_argument("--seed", type=int, default=0)
    gen.add_argument("--decompression-limit", type=int, default=None,
                     help="the limit kformat parses with (bombs are built to cross it)")
    gen.add_argument("--out", required=True, type=Path)

    send = sub.add_parser("send", help="send a corpus to a live target, report misbehaviour",
                          description="Send every case of a corpus to a live target (loopback "
                                      "unless allowed) and report how it behaved.")
    send.add_argument("--target", required=True, help="HOST:PORT (loopback unless allowed)")
    send.add_argument("--in", dest="corpus", required=True, type=Path)
    send.add_argument("--timeout", type=float, default=5.0, help="seconds to wait per case")
    send.add_argument("--max-cases", type=int, default=None)
    send.add_argument("--max-seconds", type=float, default=300.0)
    send.add_argument("--report", type=Path, default=None,
                      help="where to write the JSON report (default: DIR/send-report.json)")
    send.add_argument("--allow-non-loopback", action="store_true",
                      help="allow a target that is not on this machine")

    run = sub.add_parser("run", help="fuzz kformat's own parsers",
                         description="Mutate inputs and feed them to kformat's parsers; "
                                     "anything but a KFormatError is a finding.")
    run.add_argument("--inputs", type=int, default=100_000)
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--time-budget", type=float, default=None)
    run.add_argument("--slow-ms", type=float, default=100.0)
    run.add_argument("--findings", type=Path, default=None, help="directory for failing cases")
    run.add_argument("--report", type=Path, default=None)

    replay = sub.add_parser("replay", help="run a saved finding again",
                            description="Run a saved finding again.")
    replay.add_argument("file", type=Path)
    for leaf, action in ((gen, _generate), (send, _send), (run, _run), (replay, _replay)):
        leaf_options(leaf)
        leaf.set_defaults(run=_guarded(action))


def _generate(args: argparse.Namespace) -> int:
    from kformat.fuzz.corpus import generate
    from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT

    if args.kind != "batches" and (args.api is None or args.api_version is None):
        raise UsageError(f"--api and --api-version are required for {args.kind} corpora")
    limit = args.decompression_limit or DEFAULT_DECOMPRESSION_LIMIT
    corpus = generate(args.kind, args.api, args.api_version, count=args.count, seed=args.seed,
                      decompression_limit=limit)
    path = corpus.write(args.out)
    labels = sorted({c.label for c in corpus.cases})
    print(f"wrote {len(corpus.cases)} cases ({len(labels)} labels) and {path}", file=sys.stderr)
    return 0


def _send(args: argparse.Namespace) -> int:
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


def _run(args: argparse.Namespace) -> int:
    from kformat.fuzz.harness import fuzz_parsers

    report = fuzz_parsers(args.inputs, args.seed, args.time_budget, slow_ms=args.slow_ms,
                          save_dir=args.findings, progress=sys.stderr)
    data = report.to_dict()
    if args.report:
        _write(args.report, data)
    print(json.dumps({k: v for k, v in data.items() if k not in ("by_label",)}, indent=1))
    return 1 if report.findings else 0


def _write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def _replay(args: argparse.Namespace) -> int:
    from kformat.fuzz.harness import replay

    return replay(args.file)


def _guarded(action: Callable[[argparse.Namespace], int]) -> Callable[..., int]:
    """Run ``action``; a bad target, corpus or option is a usage error (exit 2)."""
    def run(args: argparse.Namespace, console: Console) -> int:
        try:
            return action(args)
        except (KFormatError, ValueError, PermissionError, OSError) as exc:
            if isinstance(exc, BrokenPipeError):
                raise
            console.error(exc)
            return USAGE
    return run


def main(argv: Sequence[str] | None = None) -> int:
    """``kformat fuzz ARGS`` (kept for callers of the old entry point)."""
    from kformat.cli import run

    return run(["fuzz", *(sys.argv[1:] if argv is None else argv)])
