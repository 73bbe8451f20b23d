"""``kformat broker``: run a test cluster until SIGINT/SIGTERM or ``--max-lifetime``.

The first line of standard output is the bootstrap list (``HOST:PORT,...``), printed once
every node listens; a clean stop (a signal, or the lifetime over) exits 0.
"""

from __future__ import annotations

import json
import signal
import sys
import threading
from typing import Any

from kformat.broker.versions import DEFAULT_KAFKA_VERSION, KAFKA_VERSIONS
from kformat.console import address_argument

DESCRIPTION = ("A Kafka cluster for tests on 127.0.0.1, built on kformat's grammars: prints "
               "the bootstrap list as its first line and serves until interrupted.")


def _topic(text: str) -> tuple[str, int]:
    name, sep, count = text.rpartition(":")
    if not sep:
        return text, 1
    if not count.isdigit() or int(count) < 1 or not name:
        raise ValueError(f"expected NAME or NAME:PARTITIONS, got {text!r}")
    return name, int(count)


def add_arguments(parser: Any) -> None:
    parser.add_argument("--brokers", type=int, default=1, metavar="N",
                        help="nodes in the cluster (default 1)")
    parser.add_argument("--listen", default=("127.0.0.1", 0),
                        type=address_argument(default_host="127.0.0.1", allow_port_zero=True),
                        metavar="HOST:PORT", help="the first node's address; the others take "
                        "the next ports (port 0, the default: free ports)")
    parser.add_argument("--kafka-version", default=DEFAULT_KAFKA_VERSION,
                        choices=KAFKA_VERSIONS, help="the release whose API versions are "
                        f"advertised (default {DEFAULT_KAFKA_VERSION})")
    parser.add_argument("--topic", action="append", type=_topic, default=[],
                        metavar="NAME[:PARTITIONS]", help="create a topic at start (repeatable)")
    parser.add_argument("--no-auto-create", action="store_true",
                        help="refuse Metadata requests for unknown topics, as "
                        "auto.create.topics.enable=false")
    parser.add_argument("--log", default=None, metavar="FILE",
                        help="every request and response decoded, as JSON lines ('-': stderr)")
    parser.add_argument("--max-lifetime", type=float, default=None, metavar="SECONDS",
                        help="stop after this long (default: run until interrupted)")


def register(commands: Any) -> None:
    from kformat.console import leaf_options

    parser = commands.add_parser("broker", help="a Kafka cluster for tests",
                                 description=DESCRIPTION)
    add_arguments(parser)
    leaf_options(parser)
    parser.set_defaults(run=lambda args, console: run(args))


def main(argv: list[str] | None = None) -> int:
    """``kformat broker [--brokers N] [--listen HOST:PORT] ...``."""
    from kformat.cli import run as run_cli

    return run_cli(["broker", *(sys.argv[1:] if argv is None else argv)])


def broker_from(args: Any, log: Any = None) -> Any:
    """The :class:`~kformat.broker.Broker` the parsed options describe (not started)."""
    from kformat.broker.cluster import Broker

    host, port = args.listen
    return Broker(args.brokers, host=host, port=port, topics=args.topic,
                  kafka_version=args.kafka_version, auto_create_topics=not args.no_auto_create,
                  log=log, max_lifetime=args.max_lifetime)


def run(args: Any) -> int:
    """Start the cluster, print its bootstrap list, serve until a signal or the lifetime."""
    log = None
    if args.log == "-":
        log = sys.stderr
    elif args.log is not None:
        log = open(args.log, "a", encoding="utf-8")  # noqa: SIM115
    broker = broker_from(args, log)
    stopping = threading.Event()
    previous = signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    try:
        broker.start()
        print(broker.bootstrap, flush=True)
        try:
            while not stopping.is_set() and broker.running:
                stopping.wait(0.2)
        except KeyboardInterrupt:
            pass
    finally:
        broker.stop()
        signal.signal(signal.SIGTERM, previous)
        if broker.server is not None:
            print(json.dumps({"handled": dict(broker.server.handled),
                              "closed": dict(broker.server.closed_for)}), file=sys.stderr)
        if log is not None and log is not sys.stderr:
            log.close()
    return 0
