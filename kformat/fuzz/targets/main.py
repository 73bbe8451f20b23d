"""The command line of the example targets (see the package doc)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["CLIENTS", "Job", "main"]


@dataclass(frozen=True)
class Job:
    """What one run of a target does."""

    bootstrap: str
    topic: str
    messages: int
    deadline: float
    codec: str


def _job(module: str, role: str) -> Callable[[Job], int]:
    """Run ``role`` of ``kformat.fuzz.targets.<module>``; an exception the client library
    uses to report a failure (its ``reported()``) is exit status 2, any other propagates
    (exit status 1: the client broke)."""
    def run(job: Job) -> int:
        import importlib
        import traceback

        client = importlib.import_module(f"kformat.fuzz.targets.{module}")
        try:
            return int(getattr(client, role)(job))
        except client.reported() as exc:
            traceback.print_exception(exc, file=sys.stderr)
            return 2
    return run


CLIENTS: dict[tuple[str, str], Callable[[Job], int]] = {
    ("librdkafka", "consumer"): _job("rdkafka_clients", "consumer"),
    ("librdkafka", "producer"): _job("rdkafka_clients", "producer"),
    ("librdkafka", "admin"): _job("rdkafka_clients", "admin"),
    ("kafka-python", "consumer"): _job("kafkapython_client", "consumer"),
    ("aiokafka", "consumer"): _job("aiokafka_client", "consumer"),
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kformat.fuzz.targets",
                                     description="Run Kafka client jobs one after the other: "
                                     + ", ".join(f"{c}:{r}" for c, r in CLIENTS))
    parser.add_argument("jobs", nargs="+", metavar="CLIENT:ROLE")
    parser.add_argument("--bootstrap", default=os.environ.get("KFORMAT_BOOTSTRAP"))
    parser.add_argument("--topic", default="fuzz")
    parser.add_argument("--messages", type=int, default=10)
    parser.add_argument("--deadline", type=float, default=15.0, help="seconds per job")
    parser.add_argument("--codec", default="none", help="producers: compression codec")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    runs = []
    for text in args.jobs:
        client, _, role = text.partition(":")
        run = CLIENTS.get((client, role))
        if run is None:
            parser.error(f"unknown job {text!r} (known: "
                         f"{', '.join(f'{c}:{r}' for c, r in CLIENTS)})")
        runs.append(run)
    if not args.bootstrap:
        parser.error("--bootstrap or $KFORMAT_BOOTSTRAP is required")
    job = Job(args.bootstrap, args.topic, args.messages, args.deadline, args.codec)
    for text, run in zip(args.jobs, runs, strict=True):
        status = run(job)
        if status:
            print(f"{text}: exit {status}", file=sys.stderr)
            return status
    return 0
