"""The main job behind ``make run``.

1. A short codec demo: one batch per codec, built, parsed back and checked.
2. The Spark pipeline (local mode): generate a corpus of a few hundred thousand records
   across every codec and magic, transactional batches and control markers included, as
   partition directories (one Spark task per shard, :mod:`kformat.spark.corpus_job`) with a
   Parquet manifest; read it back through the ``kafka-segments`` data source; verify every
   record against the manifest with a full outer join; print a summary.

``python -m kformat.main [--records N] [--shards N] [--out DIR] [--master URL]``; without
``--out`` the corpus goes to a temporary directory removed at the end. Exit status 0 when the
demo round-trips and every record verifies.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import IO, Any

from kformat.records.api import build_batch, make_batch, parse_batches
from kformat.records.codecs import Codec
from kformat.records.model import Record

DEFAULT_RECORDS = 300_000
DEFAULT_SHARDS = 8


def demo_records(count: int = 100) -> list[Record]:
    return [
        Record(
            key=f"key-{i:04d}".encode(),
            value=b'{"id": %d, "payload": "%s"}' % (i, b"x" * (i % 50)),
            headers=[("trace", f"t{i}".encode())],
            timestamp=1_700_000_000_000 + i,
        )
        for i in range(count)
    ]


def table(header: Sequence[str], rows: Sequence[Sequence[Any]], out: IO[str],
          indent: str = "  ") -> None:
    """A plain text table, numbers right-aligned."""
    cells = [[_cell(x) for x in row] for row in rows]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *cells, strict=True)]
    numeric = [all(isinstance(row[i], int | float) for row in rows) and bool(rows)
               for i in range(len(header))]

    def line(row: Sequence[str]) -> str:
        return indent + "  ".join(x.rjust(w) if num else x.ljust(w)
                                  for x, w, num in zip(row, widths, numeric, strict=True))

    print(line(list(header)).rstrip(), file=out)
    print(indent + "  ".join("-" * w for w in widths), file=out)
    for row in cells:
        print(line(row).rstrip(), file=out)


def _cell(x: Any) -> str:
    if isinstance(x, float):
        return f"{x:,.1f}"
    if isinstance(x, int) and not isinstance(x, bool):
        return f"{x:,}"
    return str(x)


def run_demo(out: IO[str] = sys.stdout) -> int:
    records = demo_records()
    rows = []
    for codec in Codec:
        batch = make_batch(records, codec=codec, base_offset=1000)
        data = build_batch(batch)
        (decoded,) = parse_batches(data)
        ok = [(r.key, r.value, r.headers) for r in decoded.records] == [
            (r.key, r.value, r.headers) for r in records
        ]
        rows.append((codec.name.lower(), len(decoded.records), len(data), f"{decoded.crc:#010x}",
                     "ok" if ok and decoded.crc_valid else "MISMATCH"))
    print("1. codecs: one batch of 100 records per codec, built and parsed back", file=out)
    table(("codec", "records", "bytes", "crc32c", "round trip"), rows, out)
    return 0 if all(r[-1] == "ok" for r in rows) else 1


def run_pipeline(out: IO[str] = sys.stdout, *, records: int = DEFAULT_RECORDS,
                 shards: int = DEFAULT_SHARDS, directory: str | None = None,
                 master: str | None = None, seed: int = 2024) -> int:
    """Generate, read and verify a corpus with Spark; print the summary; 0 when all match."""
    from kformat.spark.corpus_job import (
        CorpusPlan,
        generate_corpus,
        read_stats,
        verify_corpus,
    )
    from kformat.spark.sessions import session

    per_shard = -(-records // shards)
    plan = CorpusPlan(seed=seed, shards=shards, records_per_shard=per_shard)
    temporary = directory is None
    # absolute: on a cluster, executors resolve paths from their own working directory
    base = (tempfile.mkdtemp(prefix="kformat-run-") if directory is None
            else os.path.abspath(directory))
    print(f"\n2. Spark pipeline: {plan.records:,} records in {shards} shards "
          f"(seed {seed}) under {base}", file=out)
    started = time.perf_counter()
    spark_cores = 0
    try:
        spark = session(master, "kformat-make-run")
        print(f"  spark {spark.version}, master {spark.sparkContext.master}, "
              f"session in {time.perf_counter() - started:.1f}s", file=out)
        out.flush()
        generated = generate_corpus(spark, base, plan)
        rate = plan.records / generated.seconds
        print(f"  generated: {plan.records:,} records, one task per shard, in "
              f"{generated.seconds:.1f}s ({rate:,.0f} records/s), manifest in Parquet", file=out)
        out.flush()
        spark_cores = spark.sparkContext.defaultParallelism
        stats = read_stats(spark, generated.segments_glob)
        check = verify_corpus(spark, generated.segments_glob, generated.manifest_dir)
        spark.stop()
    finally:
        if temporary:
            shutil.rmtree(base, ignore_errors=True)

    print("\n  read back through spark.read.format('kafka-segments'), by magic and codec:",
          file=out)
    table(("magic", "codec", "batches", "records", "value MB"),
          [(m, c, b, r, v / 1e6) for m, c, b, r, v in stats.groups], out, indent="    ")
    print("\n  summary:", file=out)
    codecs = sorted({c for _, c, *_ in stats.groups})
    magics = sorted({m for m, *_ in stats.groups})
    summary = [
        ("segment files", f"{stats.files:,} ({stats.bytes / 1e6:,.1f} MB), "
                          f"{stats.partitions} Spark partitions"),
        ("batches", f"{stats.batches:,}"),
        ("records", f"{stats.records:,} ({stats.control_records:,} control, "
                    f"{stats.transactional_records:,} transactional)"),
        ("codecs / magics", f"{', '.join(codecs)} / {', '.join(map(str, magics))}"),
        ("CRC failures", f"{stats.crc_failures:,} batches"),
        ("read throughput", f"{stats.records_per_second:,.0f} records/s, "
                            f"{stats.megabytes_per_second:,.1f} MB/s "
                            f"({stats.seconds:.1f}s for one pass, query planning included, "
                            f"{spark_cores} cores)"),
        ("verification", f"{check.matched:,} of {check.manifest_records:,} manifest records "
                         f"match; missing {check.missing}, extra {check.extra}, "
                         f"mismatched {check.mismatched} ({check.seconds:.1f}s)"),
        ("result", "OK" if check.ok else f"FAILED {check.by_column}"),
        ("total time", f"{time.perf_counter() - started:.1f}s"),
    ]
    width = max(len(k) for k, _ in summary)
    for key, value in summary:
        print(f"    {key.ljust(width)}  {value}", file=out)
    return 0 if check.ok and stats.records == plan.records else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kformat.main", description=__doc__)
    parser.add_argument("--records", type=int, default=DEFAULT_RECORDS)
    parser.add_argument("--shards", type=int, default=DEFAULT_SHARDS)
    parser.add_argument("--out", default=None, help="keep the corpus here")
    parser.add_argument("--master", default=None, help="Spark master (default local[2])")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--no-spark", action="store_true", help="the codec demo only")
    args = parser.parse_args(argv)
    status = run_demo()
    if args.no_spark:
        return status
    sys.stdout.flush()
    return run_pipeline(records=args.records, shards=args.shards, directory=args.out,
                        master=args.master, seed=args.seed) or status


if __name__ == "__main__":
    raise SystemExit(main())
