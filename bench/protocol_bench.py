"""Protocol bench: MetadataResponse v12, 200 topics x 10 partitions, parse and build.

kformat (body only, on each available engine: native and python) against kafka-python 3.x
(``kafka.protocol``) and kio 0.6.5 in the same process, on the same bytes, in interleaved
rounds with the garbage collector on: each peer's value is its own parse of kformat's
bytes, and its build of that value must give the same bytes back before anything is timed. Run with ``python -m bench protocol [--seconds S]``.
"""

from __future__ import annotations

import argparse
import io
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

TOPICS = 200
PARTITIONS = 10
VERSION = 12


def kformat_body() -> dict[str, Any]:
    """The benchmark value as a kformat body dict."""
    return {
        "throttle_time_ms": 0,
        "brokers": [{"node_id": b, "host": f"broker-{b}.kafka.internal", "port": 9092,
                     "rack": f"rack-{b % 3}"} for b in range(3)],
        "cluster_id": "kformat-bench-cluster",
        "controller_id": 1,
        "topics": [{
            "error_code": 0,
            "name": f"topic-{t:04d}",
            "topic_id": uuid.UUID(int=t + 1),
            "is_internal": False,
            "partitions": [{
                "error_code": 0, "partition_index": p, "leader_id": p % 3, "leader_epoch": 7,
                "replica_nodes": [p % 3, (p + 1) % 3, (p + 2) % 3],
                "isr_nodes": [p % 3, (p + 1) % 3, (p + 2) % 3],
                "offline_replicas": [],
            } for p in range(PARTITIONS)],
            "topic_authorized_operations": -2147483648,
        } for t in range(TOPICS)],
    }


def _kformat() -> tuple[Callable[[bytes], Any], Callable[[Any], bytes], Any]:
    from kformat import compiled_grammar

    grammar = compiled_grammar("Metadata", VERSION, "response")
    return grammar.parse, grammar.build, kformat_body()


def _kafka_python() -> tuple[Callable[[bytes], Any], Callable[[Any], bytes]]:
    from kafka.protocol.metadata import MetadataResponse

    def parse(data: bytes) -> Any:
        return MetadataResponse.decode(data, version=VERSION)

    def build(obj: Any) -> bytes:
        return obj.encode(version=VERSION)

    def value(data: bytes) -> Any:
        obj = parse(data)
        # decode() leaves the slots encode() reads unset (kafka-python 3.0.12)
        obj._header = obj._min_version = obj._max_version = None
        return obj

    parse.value = value  # type: ignore[attr-defined]

    return parse, build


def _kio() -> tuple[Callable[[bytes], Any], Callable[[Any], bytes]]:
    from kio.schema.metadata.v12.response import MetadataResponse
    from kio.serial import entity_reader, entity_writer

    reader = entity_reader(MetadataResponse)
    writer = entity_writer(MetadataResponse)

    def parse(data: bytes) -> Any:
        return reader(data, 0)[0]

    def build(obj: Any) -> bytes:
        buf = io.BytesIO()
        writer(buf, obj)
        return buf.getvalue()

    return parse, build


def _interleaved(cases: dict[str, tuple[Callable[[Any], Any], Any]],
                 seconds: float) -> dict[str, float]:
    """Calls per CPU second of each ``fn(arg)``: rounds of one call per case, interleaved so
    that load from other processes hits every case alike, for about ``seconds``; the fastest
    call of each counts. Process CPU time keeps the figure steady on a shared machine. The
    garbage collector stays on, as users run."""
    for fn, arg in cases.values():
        fn(arg)
    best = dict.fromkeys(cases, float("inf"))
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        for name, (fn, arg) in cases.items():
            start = time.process_time()
            fn(arg)
            best[name] = min(best[name], time.process_time() - start)
    return {name: 1.0 / b if b > 0 else float("inf") for name, b in best.items()}


def _on(engine_name: str, fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
    from kformat import engine

    def call(arg: Any) -> Any:
        with engine.using(engine_name):
            return fn(arg)

    return call


def run(seconds: float = 3.0, out: Any = None) -> dict[str, dict[str, float]]:
    """Time every library; returns ``{library: {"parse": ops/s, "build": ops/s}}``.

    kformat runs on each available engine (``kformat`` is the default one).
    """
    import gc

    from kformat import engine

    parse, build, body = _kformat()
    data = build(body)
    libraries: dict[str, tuple[Any, Any, Any]] = {}
    for name in engine.available():
        libraries[f"kformat-{name}"] = (_on(name, parse), _on(name, build), body)
    for name, factory in (("kafka-python", _kafka_python), ("kio", _kio)):
        try:
            peer_parse, peer_build = factory()
        except ImportError as exc:
            print(f"{name}: not installed ({exc})", file=out)
            continue
        # the peer's own value for the same message
        value = getattr(peer_parse, "value", peer_parse)(data)
        if peer_build(value) != data:
            raise SystemExit(f"{name} builds different bytes: the comparison would be unfair")
        libraries[name] = (peer_parse, peer_build, value)
    print(f"MetadataResponse v{VERSION}: {TOPICS} topics x {PARTITIONS} partitions, "
          f"{len(data)} bytes; {engine.describe()}; GC {'on' if gc.isenabled() else 'off'}; "
          f"interleaved rounds, best CPU time per call", file=out)
    parse_rates = _interleaved({n: (p, data) for n, (p, _b, _v) in libraries.items()}, seconds)
    build_rates = _interleaved({n: (b, v) for n, (_p, b, v) in libraries.items()}, seconds)
    results = {n: {"parse": parse_rates[n], "build": build_rates[n]} for n in libraries}
    base = results[f"kformat-{engine.available()[0]}"]
    header = (f"{'library':<16}{'parse ms':>10}{'build ms':>10}"
              f"{'kformat/x parse':>18}{'kformat/x build':>18}")
    print(header, file=out)
    print("-" * len(header), file=out)
    for name, r in results.items():
        print(f"{name:<16}{1000 / r['parse']:>10.3f}{1000 / r['build']:>10.3f}"
              f"{base['parse'] / r['parse']:>18.2f}{base['build'] / r['build']:>18.2f}", file=out)
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench protocol", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args(argv)
    run(args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
