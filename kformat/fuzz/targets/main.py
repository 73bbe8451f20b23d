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


def _librdkafka(role: str) -> Callable[[Job], int]:
    def run(job: Job) -> int:
        from kformat.fuzz.targets import rdkafka_clients

        return int(getattr(rdkafka_clients, role)(job))
    return run


def _kafka_python(job: Job) -> int:
    from kformat.fuzz.targets.kafkapython_client import consumer

    return consumer(job)


def _aiokafka(job: Job) -> int:
    from kformat.fuzz.targets.aiokafka_client import consumer

    return consumer(job)


CLIENTS: dict[tuple[str, str], Callable[[Job], int]] = {
    ("librdkafka", "consumer"): _librdkafka("consumer"),
    ("librdkafka", "producer"): _librdkafka("producer"),
    ("librdkafka", "admin"): _librdkafka("admin"),
    ("kafka-python", "consumer"): _kafka_python,
    ("aiokafka", "consumer"): _aiokafka,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kformat.fuzz.targets",
                                     description=__doc__)
    parser.add_argument("client", choices=sorted({c for c, _ in CLIENTS}))
    parser.add_argument("role", choices=sorted({r for _, r in CLIENTS}))
    parser.add_argument("--bootstrap", default=os.environ.get("KFORMAT_BOOTSTRAP"))
    parser.add_argument("--topic", default="fuzz")
    parser.add_argument("--messages", type=int, default=10)
    parser.add_argument("--deadline", type=float, default=15.0)
    parser.add_argument("--codec", default="none", help="producers: compression codec")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    run = CLIENTS.get((args.client, args.role))
    if run is None:
        parser.error(f"no {args.role} target for {args.client}")
    if not args.bootstrap:
        parser.error("--bootstrap or $KFORMAT_BOOTSTRAP is required")
    return run(Job(args.bootstrap, args.topic, args.messages, args.deadline, args.codec))
