"""librdkafka's mock cluster as a broker process for campaigns (``--upstream-cmd``).

``python -m kformat.fuzz.targets.mock_broker [--brokers 3] [--topic fuzz] [--partitions 2]
[--messages 50] [--codecs NAME,...] [--lifetime 900]`` starts the mock
cluster (:class:`kformat.live.mock_cluster.MockCluster`), writes ``--messages`` records to
``--topic`` spread over ``--codecs`` (default: every codec of
:data:`kformat.records.codecs.CODECS`, so that consumers have batches of each kind to read),
prints the bootstrap address on its first line of output and serves until its standard
input closes, it gets SIGTERM, or ``--lifetime`` seconds pass.
"""

from __future__ import annotations

import argparse
import functools
import signal
import sys
import threading
from collections.abc import Sequence

from kformat.records.codecs import CODECS

__all__ = ["main", "seed_topic"]


def _delivered(done: list[bool], err: object, _message: object) -> None:
    done.append(err is None)


def seed_topic(bootstrap: str, topic: str, messages: int, codecs: Sequence[str],
               timeout: float = 30.0) -> int:
    """Write ``messages`` records to ``topic``, one producer per codec; the number delivered."""
    from confluent_kafka import Producer

    delivered = 0
    per_codec = max(1, messages // max(1, len(codecs)))
    for codec in codecs:
        p = Producer({"bootstrap.servers": bootstrap, "compression.type": codec,
                      "linger.ms": 20, "log_level": 3})
        done: list[bool] = []
        on_delivery = functools.partial(_delivered, done)
        for i in range(per_codec):
            p.produce(topic, key=b"key-%d" % i, value=(b"%s-%d " % (codec.encode(), i)) * 16,
                      headers=[("codec", codec.encode())], on_delivery=on_delivery)
        p.flush(timeout)
        delivered += sum(done)
    return delivered


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kformat.fuzz.targets.mock_broker",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--brokers", type=int, default=3)
    parser.add_argument("--topic", default="fuzz")
    parser.add_argument("--partitions", type=int, default=2)
    parser.add_argument("--messages", type=int, default=50)
    parser.add_argument("--codecs", default=",".join(spec.name for spec in CODECS))
    parser.add_argument("--lifetime", type=float, default=900.0)
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    from kformat.live.mock_cluster import MockCluster

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    with MockCluster(args.brokers, topics={args.topic: args.partitions},
                     max_lifetime=args.lifetime) as cluster:
        codecs = [c.strip() for c in args.codecs.split(",") if c.strip()]
        if args.messages:
            seed_topic(cluster.bootstraps, args.topic, args.messages, codecs)
        print(cluster.bootstraps, flush=True)
        def watch() -> None:  # until standard input closes
            sys.stdin.read()
            stop.set()

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        stop.wait(args.lifetime)
    return 0


if __name__ == "__main__":
    sys.exit(main())
