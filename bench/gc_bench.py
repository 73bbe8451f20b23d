"""GC bench: what a million parsed records held cost the garbage collector.

A consumer or a segment reader often keeps what it parses (a list of records to sort, group
or write elsewhere). Objects the cyclic garbage collector tracks make every full collection
walk them; kformat's native ``Record`` is not tracked (docs/architecture.md, "The native
Record"). On the records bench's batch (1,000 records: 16-byte keys, 200-byte values, one
header; codec none), for each library in the same process, in interleaved rounds with the
garbage collector on:

* **parse and hold**: parse the batch ``--records / 1000`` times, keeping every record in
  one list, in CPU seconds (the collections the allocations trigger included, as users run);
* **full collection**: ``gc.collect()`` with those records held, best of ``--collections``;
* the same full collection with nothing held, for reference.

Libraries: kformat (native records, or ``PythonRecord`` when the extension is not built),
kformat's records as ``PythonRecord`` (the pure-Python twin, made from the same values: its
"parse and hold" is kformat's parse plus making them, marked "made"),
kafka-python and aiokafka (Cython). Ratios are the peer's time over kformat's. Run with
``python -m bench gc [--records N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench.records_bench import implementations, kformat_builder, kformat_parse, workload
from kformat import Codec
from kformat.records.model import RECORD_FIELDS, PythonRecord, Record

BATCH = 1000
"""Records per parsed batch (the records bench's workload)."""


def python_records(data: bytes) -> list[Any]:
    """kformat's records of ``data`` as ``PythonRecord``s (the twin used without the
    extension), made from the parsed values."""
    return [PythonRecord(*[getattr(r, name) for name in RECORD_FIELDS])
            for r in kformat_parse(data)]


PEERS = ("kafka-python", "aiokafka-cython")
"""The records bench's parsers timed here beside kformat's (its pure-Python aiokafka is
left out: its records are the same kind of object as the Cython one's)."""


def readers() -> dict[str, Callable[[bytes], list[Any]]]:
    """Parse functions by name (the records bench's); peers that are not installed are left
    out."""
    parsers = implementations()[0]
    out: dict[str, Callable[[bytes], list[Any]]] = {"kformat": parsers["kformat"]}
    if Record is not PythonRecord:
        out["kformat PythonRecord"] = python_records
    out.update((name, parsers[name]) for name in PEERS if name in parsers)
    return out


def hold(parse: Callable[[bytes], list[Any]], data: bytes, batches: int) -> tuple[float, list[Any]]:
    """CPU seconds to parse ``data`` ``batches`` times keeping every record, and the records."""
    held: list[Any] = []
    start = time.process_time()
    for _ in range(batches):
        held.extend(parse(data))
    return time.process_time() - start, held


def full_collection(collections: int) -> float:
    """The fastest of ``collections`` full collections, in CPU seconds."""
    best = float("inf")
    for _ in range(collections):
        start = time.process_time()
        gc.collect()
        best = min(best, time.process_time() - start)
    return best


def run(records: int, repeat: int, collections: int) -> dict[str, tuple[float, float]]:
    """(parse and hold, full collection) per library, best over ``repeat`` rounds."""
    data = kformat_builder(workload(BATCH), Codec.NONE)
    batches = max(1, records // BATCH)
    parsers = readers()
    for name, parse in parsers.items():  # every reader sees the same records
        if len(parse(data)) != BATCH:
            raise AssertionError(f"{name}: not {BATCH} records")
    best = {name: (float("inf"), float("inf")) for name in [*parsers, "nothing held"]}
    order = list(parsers.items())
    shuffler = random.Random(len(order))
    for _ in range(repeat):
        shuffler.shuffle(order)
        for name, parse in order:
            gc.collect()
            took, held = hold(parse, data, batches)
            if len(held) != batches * BATCH:
                raise AssertionError(f"{name}: {len(held)} records held")
            collect = full_collection(collections)
            del held
            best[name] = (min(best[name][0], took), min(best[name][1], collect))
        gc.collect()
        best["nothing held"] = (0.0, min(best["nothing held"][1], full_collection(collections)))
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench gc", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=1_000_000, help="records held")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (best is printed)")
    parser.add_argument("--collections", type=int, default=3,
                        help="full collections timed per round")
    args = parser.parse_args(argv)
    if args.records < BATCH or args.repeat < 1 or args.collections < 1:
        parser.error(f"--records must be at least {BATCH}; --repeat and --collections >= 1")
    if not gc.isenabled():
        parser.error("the garbage collector is off: this bench measures it")
    best = run(args.records, args.repeat, args.collections)
    held = max(1, args.records // BATCH) * BATCH
    base = best["kformat"]
    print(f"gc: {held:,} records held ({BATCH:,} per batch: 16 B keys, 200 B values, one "
          f"header), CPU seconds, best of {args.repeat} rounds; x = peer / kformat")
    print(f"{'':>22}  {'parse and hold':>22}  {'full gc.collect()':>24}")
    for name, (took, collect) in best.items():
        if name == "nothing held":
            print(f"{name:>22}  {'':>22}  {collect * 1e3:>13.1f} ms")
            continue
        ratio = "" if name == "kformat" else f" (x{took / base[0]:.2f})"
        if name == "kformat PythonRecord":  # made from kformat's records: not a parse
            ratio = " (made)"
        cratio = "" if name == "kformat" else f" (x{collect / base[1]:.1f})"
        print(f"{name:>22}  {took:>7.2f} s{ratio:<12}  {collect * 1e3:>8.1f} ms{cratio:<12}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
