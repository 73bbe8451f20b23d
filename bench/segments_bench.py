"""Reading log segments: the ``kafka-segments`` data source, kformat's plain decoders, and
aiokafka's Cython reader, on the same files.

Workload: a corpus from :func:`kformat.corpus.records_corpus.generate_shard` (every codec,
magic 0/1/2, transactions with control markers, headers, null keys and values; about 100
bytes a record), written as partition directories with 1 MiB segments, less its magic 0 LZ4
batches, which aiokafka refuses to read. Every reader
decodes every record of every ``.log`` file and checks CRCs:

* ``kformat columns``: :class:`kformat.spark.columns.ColumnReader` (Arrow record batches, the
  decode path of the data source, no Spark);
* ``kformat iter_batches``: :func:`kformat.records.iter_batches` (``Batch``/``Record``
  objects, no Arrow), and the same turned into Arrow the row-based way (a dict per row,
  ``RecordBatch.from_pylist``), as a reader yielding rows would;
* ``aiokafka cython``: aiokafka's Cython ``DefaultRecordBatch`` / ``LegacyRecordBatch`` per
  batch (its ``MemoryRecords`` mis-reads mixed-magic segments, see :func:`read_aiokafka`),
  ``batch.validate_crc()`` and every record's offset, timestamp, key, value and headers;
* ``kformat to_arrow``: :func:`kformat.records.to_arrow` on each whole file (the active
  engine's kernel), all columns;
* ``spark kafka-segments``: ``spark.read.format("kafka-segments")`` in ``local[2]``,
  ``count(*)`` and ``sum(length(value))`` with ``option("columns", "value")`` (the
  projection: Spark does not tell a Python data source which columns a query uses), wall
  time of the query after a warm-up query, so Python workers are running; both cores work;
* ``spark floor`` (``--floor``): the same query on a Python data source that decodes nothing:
  it yields the value column of the same records, in batches of about the same size as the
  data source's, from an Arrow IPC file written by the bench (memory-mapped), with as many
  partitions as the ``kafka-segments`` scan. Its rate is what Spark itself allows (tasks,
  Arrow into the JVM, rows, the aggregate) on this machine: the ceiling of the ratio.

The JVM keeps compiling Spark's own planning and scheduling code for a dozen queries or so
(JIT threads 0.2-0.4 s of CPU a query early in a session, under 0.1 s once settled), so the
query's rate depends on how many queries the session ran before: ``--warm-up N`` runs N
warm-up queries first (default 1: the issue's "after a warm-up query"), and the bench prints
every timed round, in order, beside the best one.

The in-process readers report the best of ``--repeat`` runs in CPU seconds of this process
(steady on a busy machine); Spark reports wall time. The Spark query and aiokafka's decode
run in interleaved rounds (aiokafka, Spark, aiokafka, Spark...), so load on a shared
machine hits both, and the bench prints the ratio of Spark's ``local[2]`` rate (wall) to
aiokafka's one-core rate (CPU time, and wall) -- the goal is 1.3x. Before timing, the
readers must agree on the record count and the sum of value lengths. ``python -m bench
segments [--records N] [--shards N] [--segment-bytes SIZE] [--repeat N] [--warm-up N]
[--no-spark] [--floor] [--quick]`` (default 1,000,000 records, 4 partitions, 1 MiB segments).

Many small files: ``--segment-bytes`` rolls the segments smaller, as a low-traffic partition
rolled by ``segment.ms`` or a compacted topic has them, e.g. ``--records 2000000 --shards 500
--segment-bytes 40k`` (5,729 files of about 33 KB); the run then also prints the Spark
query's CPU a million rows, the figure that grows with the number of files.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from bench.segments_cpu import ROLES, SessionCpu, describe, median_roles
from kformat.records.codecs import gzip_inflater

GOAL = 1.3
"""Issue 10: the Spark ``local[2]`` scan at least this many times aiokafka's one-core rate."""

Result = tuple[int, int]
"""(records, sum of value lengths)"""


def make_corpus(root: Path, records: int, shards: int, seed: int = 1,
                segment_bytes: int | None = None) -> list[Path]:
    """Corpus shards as partition directories of segments of at most ``segment_bytes``
    (default 1 MiB), without their magic 0 LZ4 batches (aiokafka refuses Kafka 0.8's LZ4
    framing: "LZ4 is not supported for broker version 0.8/0.9")."""
    from kformat.corpus.records_corpus import DEFAULT_SEGMENT_BYTES, generate_shard
    from kformat.records.codecs import Codec
    from kformat.segments.partition import starts_new_segment, write_partition_dir

    most = segment_bytes or DEFAULT_SEGMENT_BYTES
    per = -(-records // shards)
    for shard in range(shards):
        s = generate_shard(seed, shard, per)
        kept = [raw for b, raw in zip(s.batches, s.encoded, strict=True)
                if not (b.magic == 0 and b.codec == Codec.LZ4)]
        segments: list[list[bytes]] = [[]]
        size = 0
        for raw in kept:
            if starts_new_segment(size, len(raw), most):
                segments.append([])
                size = 0
            segments[-1].append(raw)
            size += len(raw)
        write_partition_dir(root, s.topic, s.partition, segments)
    return sorted(root.glob("*/*.log"))


# --------------------------------------------------------------------------- readers


def read_columns(files: list[Path]) -> Result:
    import pyarrow.compute as pc

    from kformat.spark.columns import ColumnReader

    rows = size = 0
    for f in files:
        for batch in ColumnReader(f.read_bytes(), segment=str(f)):
            rows += batch.num_rows
            size += pc.sum(pc.binary_length(batch.column("value"))).as_py() or 0
    return rows, size


def read_to_arrow(files: list[Path]) -> Result:
    import pyarrow.compute as pc

    from kformat.records import to_arrow

    rows = size = 0
    for f in files:
        batch = to_arrow(f.read_bytes(), crc_mismatch="flag")
        rows += batch.num_rows
        size += pc.sum(pc.binary_length(batch.column("value"))).as_py() or 0
    return rows, size


def read_records(files: list[Path]) -> Result:
    from kformat.records.api import iter_batches

    rows = size = 0
    for f in files:
        for batch in iter_batches(f.read_bytes()):
            for r in batch.records:
                rows += 1
                size += len(r.value) if r.value is not None else 0
    return rows, size


def read_records_to_arrow(files: list[Path]) -> Result:
    """What a row-based reader would do: Record objects, one dict per row, then Arrow."""
    import pyarrow as pa
    import pyarrow.compute as pc

    from kformat.records.api import iter_batches
    from kformat.spark.columns import CODEC_NAMES
    from kformat.spark.schema import arrow_schema

    schema = arrow_schema()
    rows = size = 0
    for f in files:
        out = []
        for b in iter_batches(f.read_bytes()):
            for r in b.records:
                out.append({
                    "key": r.key, "value": r.value, "topic": None, "partition": None,
                    "offset": r.offset,
                    "timestamp": None if b.magic == 0 else r.timestamp * 1000,
                    "timestampType": -1 if b.magic == 0 else r.timestamp_type,
                    "headers": [{"key": k, "value": v} for k, v in r.headers],
                    "baseOffset": b.base_offset, "magic": b.magic,
                    "codec": CODEC_NAMES[b.codec], "producerId": b.producer_id,
                    "producerEpoch": b.producer_epoch, "baseSequence": b.base_sequence,
                    "isTransactional": b.is_transactional, "isControl": b.is_control,
                    "crcValid": b.crc_valid, "segment": str(f), "position": b.position})
        for start in range(0, len(out), 10_000):
            batch = pa.RecordBatch.from_pylist(out[start:start + 10_000], schema=schema)
            rows += batch.num_rows
            size += pc.sum(pc.binary_length(batch.column("value"))).as_py() or 0
    return rows, size


def read_aiokafka(files: list[Path]) -> Result:
    """aiokafka's Cython batch classes, one per batch.

    Its Cython ``MemoryRecords`` mis-reads buffers that mix magics (a segment written
    before and after a message format upgrade): it hands magic 0/1 entries that follow
    magic 2 batches to ``DefaultRecordBatch``, whose CRC check then fails. So batches are
    framed here (12-byte head, magic at byte 16, as ``MemoryRecords`` does) and each goes
    to ``DefaultRecordBatch`` or ``LegacyRecordBatch`` by its magic.
    """
    import struct

    from aiokafka.record.default_records import DefaultRecordBatch
    from aiokafka.record.legacy_records import LegacyRecordBatch

    head = struct.Struct(">qi")
    rows = size = 0
    for f in files:
        data = f.read_bytes()
        view = memoryview(data)
        pos, end = 0, len(data)
        while pos + 17 <= end:
            length = head.unpack_from(data, pos)[1]
            stop = pos + 12 + length
            if stop > end:
                break
            magic = data[pos + 16]
            frame = view[pos:stop]
            batch = DefaultRecordBatch(frame) if magic == 2 else LegacyRecordBatch(frame, magic)
            if not batch.validate_crc():
                raise AssertionError(f"aiokafka: CRC mismatch in {f} at {pos}")
            for r in batch:
                _ = (r.offset, r.timestamp, r.key, r.headers)
                rows += 1
                size += len(r.value) if r.value is not None else 0
            pos = stop
    return rows, size


def aiokafka_is_cython() -> bool:
    from aiokafka.record import default_records

    return default_records.DefaultRecordBatch is not default_records._DefaultRecordBatchPy


# --------------------------------------------------------------------------- timing


def best_cpu(fn: Callable[[], Result], repeat: int) -> tuple[float, Result]:
    best, result = float("inf"), (0, 0)
    for _ in range(repeat):
        start = time.process_time()
        result = fn()
        best = min(best, time.process_time() - start)
    return best, result


def spark_session() -> tuple[Any, float]:
    from kformat.spark import session

    started = time.perf_counter()
    spark = session(app_name="kformat-bench")
    return spark, time.perf_counter() - started


def spark_query(spark: Any, root: Path) -> Result:
    # a new DataFrame each time: re-running one would reuse its shuffle output
    # the columns option is the projection (Spark's Python data source API does not pass a
    # query's column pruning to the source): only value is built
    row = (spark.read.format("kafka-segments").option("columns", "value")
           .load(f"{root}/*/*.log")
           .selectExpr("count(*) AS n", "coalesce(sum(length(value)), 0) AS s")).collect()[0]
    return row["n"], row["s"]


FLOOR_SOURCE = "kformat-bench-floor"


class Rounds(NamedTuple):
    """What :func:`interleaved` measured."""

    spark: tuple[float, Result]
    aiokafka: tuple[float, float, Result]
    floor: tuple[float, Result] | None
    spark_cpu: list[dict[str, float]]
    floor_cpu: list[dict[str, float]]
    series: list[tuple[float, float]]
    """Each round's (aiokafka CPU seconds, Spark wall seconds), in order."""


def write_floor_file(files: list[Path], path: Path, batch_rows: int = 10_000) -> None:
    """The value column of every record, as an Arrow IPC file of batches of about
    ``batch_rows`` rows (what the floor source yields)."""
    import pyarrow as pa

    from kformat.records import to_arrow

    schema = pa.schema([pa.field("value", pa.binary())])
    with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_file(sink, schema) as writer:
        for f in files:
            table = pa.Table.from_batches([to_arrow(f.read_bytes(), columns=["value"],
                                                    crc_mismatch="flag")])
            for batch in table.to_batches(max_chunksize=batch_rows):
                writer.write_batch(batch)


def register_floor(spark: Any, path: Path, partitions: int) -> None:
    """A data source yielding the batches of ``path`` (no decoding), ``partitions`` tasks.
    Defined here so that it is pickled by value (the workers need not import the bench)."""
    from pyspark.sql.datasource import DataSource, DataSourceReader, InputPartition

    where = str(path)

    class FloorReader(DataSourceReader):
        def partitions(self) -> list[InputPartition]:
            return [InputPartition(i) for i in range(partitions)]

        def read(self, partition: InputPartition) -> Any:
            import pyarrow as pa

            with pa.memory_map(where) as source:
                reader = pa.ipc.open_file(source)
                for i in range(partition.value, reader.num_record_batches, partitions):
                    yield reader.get_batch(i)

    class FloorSource(DataSource):
        @classmethod
        def name(cls) -> str:
            return FLOOR_SOURCE

        def schema(self) -> str:
            return "value binary"

        def reader(self, schema: Any) -> FloorReader:
            return FloorReader()

    spark.dataSource.register(FloorSource)


def floor_query(spark: Any) -> Result:
    row = (spark.read.format(FLOOR_SOURCE).load()
           .selectExpr("count(*) AS n", "coalesce(sum(length(value)), 0) AS s")).collect()[0]
    return row["n"], row["s"]


def spark_partitions(spark: Any, root: Path) -> int:
    return (spark.read.format("kafka-segments").option("columns", "value")
            .load(f"{root}/*/*.log").rdd.getNumPartitions())


def interleaved(spark: Any, root: Path, files: list[Path], repeat: int, floor: bool = False,
                cpu: SessionCpu | None = None, warm_up: int = 1) -> Rounds:
    """Best Spark wall seconds, aiokafka's best (CPU, wall) seconds and, with ``floor``,
    the floor query's best wall seconds, in alternating rounds after ``warm_up`` (at least 1)
    warm-up queries of each kind; with ``cpu``, each timed query's CPU seconds by role
    (:mod:`bench.segments_cpu`)."""
    for _ in range(warm_up):  # start the Python workers; then the JIT's warm-up
        spark_query(spark, root)
        if floor:
            floor_query(spark)
    best_spark, best_cpu_s, best_wall = float("inf"), float("inf"), float("inf")
    best_floor = float("inf")
    spark_result: Result = (0, 0)
    aio_result: Result = (0, 0)
    floor_result: Result = (0, 0)
    spark_cpu: list[dict[str, float]] = []
    floor_cpu: list[dict[str, float]] = []
    series: list[tuple[float, float]] = []

    def timed(query: Callable[[], Result], roles: list[dict[str, float]]
              ) -> tuple[float, Result]:
        before = cpu.sample() if cpu else None
        t = time.perf_counter()
        result = query()
        seconds = time.perf_counter() - t
        if cpu and before is not None:
            roles.append(cpu.delta(before, cpu.sample()))
        return seconds, result

    for _ in range(repeat):
        wall, cpu_s = time.perf_counter(), time.process_time()
        aio_result = read_aiokafka(files)
        aio_cpu = time.process_time() - cpu_s
        best_cpu_s = min(best_cpu_s, aio_cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
        seconds, spark_result = timed(lambda: spark_query(spark, root), spark_cpu)
        best_spark = min(best_spark, seconds)
        series.append((aio_cpu, seconds))
        if floor:
            seconds, floor_result = timed(lambda: floor_query(spark), floor_cpu)
            best_floor = min(best_floor, seconds)
    return Rounds((best_spark, spark_result), (best_cpu_s, best_wall, aio_result),
                  (best_floor, floor_result) if floor else None, spark_cpu, floor_cpu, series)


def cpu_lines(rounds: Rounds, aiokafka_cpu: float) -> list[str]:
    """The timed queries' CPU by role, and the ratio their CPU time allows: what the wall
    ratio would be with both cores the query's alone (less sensitive to the machine's load
    than the wall ratio, though not to the JIT's progress)."""
    if not rounds.spark_cpu:
        return []
    spark = median_roles(rounds.spark_cpu)
    lines = [describe("spark kafka-segments", spark), round_roles(rounds.spark_cpu)]
    if rounds.floor_cpu:
        lines.append(describe("spark floor", median_roles(rounds.floor_cpu)))
    lines.append(f"CPU: aiokafka {aiokafka_cpu:.2f} s, a spark query {spark['total']:.2f} s: "
                 f"on two idle cores at best {2 * aiokafka_cpu / spark['total']:.2f}x")
    return lines


def round_roles(samples: list[dict[str, float]]) -> str:
    """Each timed Spark query's CPU by role, in order (the first timed query's JIT and task
    threads are what the median hides)."""
    cells = [f"{sum(r[k] for k in ROLES):.2f} s ({r['python']:.2f}, {r['tasks']:.2f}, "
             f"{r['jit']:.2f}, {r['jvm']:.2f})" for r in samples]
    return ("spark kafka-segments CPU by round (Python workers, task threads, JIT, other "
            "JVM threads): " + ", ".join(cells))


def per_million_lines(rounds: Rounds, aiokafka_cpu: float) -> list[str]:
    """The Spark query's CPU (median, all roles) a million rows, beside aiokafka's: the
    figure many small files raise."""
    if not rounds.spark_cpu:
        return []
    spark = median_roles(rounds.spark_cpu)
    rows = rounds.spark[1][0] / 1e6
    return [f"CPU a million rows: spark kafka-segments {spark['total'] / rows:.2f} s "
            f"(Python workers {spark['python'] / rows:.2f}, task threads "
            f"{spark['tasks'] / rows:.2f}), aiokafka {aiokafka_cpu / rows:.2f} s"]


def series_line(series: list[tuple[float, float]], warm_up: int, floor: bool) -> str:
    """Every timed round in order: Spark's wall seconds and its ratio to that round's
    aiokafka (CPU time), with the session's query number (floor queries counted)."""
    step = 2 if floor else 1
    cells = [f"q{warm_up * step + 1 + i * step} {wall:.2f}s {aio / wall:.2f}x"
             for i, (aio, wall) in enumerate(series)]
    return "rounds (session query, spark wall, ratio): " + ", ".join(cells)


def segment_size(text: str) -> int:
    """``--segment-bytes``: a size like 40k, 1m or 65536."""
    from kformat.spark.options import parse_size

    try:
        size = parse_size(text, "--segment-bytes")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if size < 1:
        raise argparse.ArgumentTypeError("must be positive")
    return size


def at_least_one(text: str) -> int:
    """``--warm-up``: one query at least, which starts the Python workers."""
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def machine_load() -> str:
    """UTC time and the 1-minute load average, for the record."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{time.strftime('%H:%M:%S', time.gmtime())} UTC, load {load:.1f}"


def report(rows: list[tuple[str, float, Result, str]], nbytes: int, out: Any) -> None:
    header = ("reader", "records/s", "MB/s", "seconds", "note")
    lines = [(name, f"{res[0] / sec:,.0f}", f"{nbytes / sec / 1e6:,.2f}", f"{sec:.2f}", note)
             for name, sec, res, note in rows]
    widths = [max(len(x) for x in col) for col in zip(header, *lines, strict=True)]
    for i, line in enumerate((header, *lines)):
        print("  ".join(x.rjust(w) if 0 < j < 4 else x.ljust(w)
                        for j, (x, w) in enumerate(zip(line, widths, strict=True))).rstrip(),
              file=out)
        if i == 0:
            print("  ".join("-" * w for w in widths), file=out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench segments", description=__doc__)
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--shards", type=int, default=4, help="partition directories")
    parser.add_argument("--segment-bytes", type=segment_size, default=None, metavar="SIZE",
                        help="largest segment (e.g. 40k; default 1m): many small files")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--warm-up", type=at_least_one, default=1, metavar="N",
                        help="Spark queries before the timed rounds (default 1)")
    parser.add_argument("--no-spark", action="store_true")
    parser.add_argument("--floor", action="store_true",
                        help="also time the query on a source that decodes nothing")
    parser.add_argument("--quick", action="store_true", help="20,000 records, one run")
    args = parser.parse_args(argv)
    if args.quick:
        args.records, args.repeat = 20_000, 1
    root = Path(tempfile.mkdtemp(prefix="kformat-bench-"))
    try:
        files = make_corpus(root, args.records, args.shards,
                            segment_bytes=args.segment_bytes)
        nbytes = sum(f.stat().st_size for f in files)
        print(f"segments: {len(files)} files, {nbytes / 1e6:.1f} MB, about {args.records:,} "
              f"records (every codec, magic 0/1/2, transactions); {machine_load()}",
              file=sys.stdout)
        print(f"kformat's gzip inflate: {gzip_inflater()} (aiokafka's: zlib)", file=sys.stdout)
        for warm_up in (read_columns, read_to_arrow, read_records, read_records_to_arrow,
                        read_aiokafka):
            warm_up(files[:1])  # imports, grammar compilation
        readers: list[tuple[str, Callable[[], Result], str]] = [
            ("kformat columns -> Arrow", lambda: read_columns(files), "CPU, 1 core"),
            ("kformat to_arrow", lambda: read_to_arrow(files), "CPU, 1 core"),
            ("kformat iter_batches (objects)", lambda: read_records(files), "CPU, 1 core"),
            ("kformat iter_batches -> rows -> Arrow", lambda: read_records_to_arrow(files),
             "CPU, 1 core"),
        ]
        kind = "cython" if aiokafka_is_cython() else "pure Python"
        readers.append((f"aiokafka record batches ({kind})", lambda: read_aiokafka(files),
                        "CPU, 1 core"))
        results = []
        for name, fn, note in readers:
            seconds, result = best_cpu(fn, args.repeat)
            results.append((name, seconds, result, note))
        ratio_lines = []
        if not args.no_spark:
            spark, warm = spark_session()
            try:
                tasks = spark_partitions(spark, root)
                if args.floor:
                    write_floor_file(files, root / "floor.arrow")
                    register_floor(spark, root / "floor.arrow", tasks)
                rounds = interleaved(spark, root, files, args.repeat, args.floor,
                                     SessionCpu.of(spark), args.warm_up)
            finally:
                spark.stop()
            (seconds, result), (cpu, wall, aio), floor = rounds[:3]
            results.append(("spark kafka-segments", seconds, result,
                            f"wall, local[2], {tasks} tasks, after {warm:.0f}s start-up and "
                            f"{args.warm_up} warm-up quer"
                            f"{'y' if args.warm_up == 1 else 'ies'}"))
            results.append(("aiokafka (interleaved with spark)", wall, aio, "wall, 1 core"))
            if floor is not None:
                results.append(("spark floor (no decoding)", floor[0], floor[1],
                                "wall, local[2], same rows and partitions"))
            spark_rate = result[0] / seconds
            ratio_lines = [
                f"ratio spark local[2] / aiokafka one core (CPU time): "
                f"{spark_rate / (aio[0] / cpu):.2f}x  (goal >= {GOAL}x)",
                f"ratio spark local[2] / aiokafka one core (wall time): "
                f"{spark_rate / (aio[0] / wall):.2f}x",
                series_line(rounds.series, args.warm_up, args.floor),
            ]
            if floor is not None:
                ceiling = floor[1][0] / floor[0] / (aio[0] / cpu)
                ratio_lines += [
                    f"ceiling: spark floor / aiokafka one core (CPU time): {ceiling:.2f}x",
                    f"spark kafka-segments / spark floor (time): {seconds / floor[0]:.2f}x",
                ]
                if ceiling < GOAL:
                    ratio_lines.append(
                        f"the goal ({GOAL}x) is above this machine's ceiling ({ceiling:.2f}x): "
                        f"Spark decoding nothing does not reach it")
            ratio_lines += cpu_lines(rounds, cpu)
            if args.segment_bytes is not None:
                ratio_lines += per_million_lines(rounds, cpu)
            from kformat import engine

            ratio_lines.append(f"engine: {engine.active()} (to_arrow kernel of "
                               f"kformat.outputs.columnar)")
        expected = results[0][2]
        wrong = [name for name, _, res, _ in results if res != expected]
        report(results, nbytes, sys.stdout)
        for line in ratio_lines:
            print(line)
        print(f"done: {machine_load()}")
        if wrong:
            print(f"readers disagree with {results[0][0]}: {wrong}", file=sys.stderr)
            return 1
        return 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
