"""The corpus job: generate a record corpus in parallel, read it back, verify every record.

* :func:`generate_corpus` is one Spark write: one task per shard generates the shard's
  batches with the single-process unit :func:`kformat.corpus.records_corpus.generate_shard`,
  decodes them into rows with :func:`kformat.records.to_arrow`, and
  ``df.write.format("kafka-segments")`` writes ``<out>/logs/<topic>-<shard>/`` batch for batch
  (:mod:`kformat.spark.writer`). A second job writes the manifest rows
  (:mod:`kformat.spark.manifest`), computed from the generator's inputs rather than from
  any decode, to ``<out>/manifest`` as Parquet. ``out`` may be an object-store URI: tasks
  then write each shard with :func:`~kformat.corpus.records_corpus.write_shard` to a local
  temporary directory and copy it with ``pyarrow.fs.copy_files``.
* :func:`read_stats` reads the segments through ``kafka-segments`` and counts files,
  batches, records and bytes per magic and codec, timed.
* :func:`verify_corpus` joins a read with the manifest on ``(topic, partition, offset)``
  (full outer join) and counts missing, extra and mismatched records, column by column.

Run it on a cluster with ``spark-submit`` (docs/spark.md)::

    spark-submit --master yarn --py-files kformat.whl kformat/spark/corpus_job.py \\
        --out s3://bucket/corpus --shards 64 --records 1000000 --verify
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kformat.corpus.records_corpus import CORPUS_TOPIC, DEFAULT_SEGMENT_BYTES
from kformat.spark.files import URI_SCHEME

if TYPE_CHECKING:
    import pyarrow as pa
    from pyspark.sql import DataFrame, SparkSession

__all__ = [
    "WRITE_COLUMNS",
    "CorpusPlan",
    "Generated",
    "ReadStats",
    "Verification",
    "generate_corpus",
    "main",
    "read_segments",
    "read_stats",
    "verify_corpus",
]


@dataclass(frozen=True)
class CorpusPlan:
    """What to generate: shard ``i`` is partition ``i`` of ``topic``."""

    seed: int = 0
    shards: int = 8
    records_per_shard: int = 10_000
    topic: str = CORPUS_TOPIC
    segment_bytes: int = DEFAULT_SEGMENT_BYTES

    @property
    def records(self) -> int:
        return self.shards * self.records_per_shard


@dataclass(frozen=True)
class Generated:
    plan: CorpusPlan
    data_dir: str
    manifest_dir: str
    seconds: float

    @property
    def segments_glob(self) -> str:
        return f"{self.data_dir}/*/*.log"


def _hadoop_uri(uri: str) -> str:
    """The URI Spark's own writers take for ``uri`` (pyarrow's ``s3://`` is Hadoop's
    ``s3a://``; other schemes are the same)."""
    return "s3a://" + uri[len("s3://"):] if uri.startswith("s3://") else uri


def _join(base: str, *parts: str) -> str:
    return "/".join([base.rstrip("/"), *parts]) if URI_SCHEME.match(base) \
        else os.path.join(base, *parts)


WRITE_COLUMNS = ("topic", "partition", "offset", "key", "value", "headers", "timestamp",
                 "timestampType", "baseOffset", "magic", "codec", "producerId",
                 "producerEpoch", "baseSequence", "isTransactional", "isControl")
"""The columns the corpus job hands the writer (those it needs to rebuild every batch)."""


def _rows_task(plan: CorpusPlan) -> Callable[[Iterator[pa.RecordBatch]],
                                             Iterator[pa.RecordBatch]]:
    """The mapInArrow function: shard ids in, the shards' records out (as rows)."""

    def task(ids: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        from kformat.corpus.records_corpus import generate_shard
        from kformat.records import to_arrow

        for batch in ids:
            for shard in batch.column(0).to_pylist():
                s = generate_shard(plan.seed, shard, plan.records_per_shard, topic=plan.topic)
                yield to_arrow(b"".join(s.encoded), columns=WRITE_COLUMNS, topic=s.topic,
                               partition=s.partition)

    return task


def _manifest_task(plan: CorpusPlan, data_dir: str | None
                   ) -> Callable[[Iterator[pa.RecordBatch]], Iterator[pa.RecordBatch]]:
    """The mapInArrow function: shard ids in, manifest rows out (and, for an object-store
    ``data_dir``, the shard's files written there)."""

    def task(ids: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        from kformat.corpus.records_corpus import generate_shard
        from kformat.spark.manifest import manifest_batches

        for batch in ids:
            for shard in batch.column(0).to_pylist():
                s = generate_shard(plan.seed, shard, plan.records_per_shard, topic=plan.topic)
                if data_dir is not None:
                    _write_remote(s, data_dir, plan.segment_bytes)
                yield from manifest_batches(s)

    return task


def _write_remote(shard: Any, data_dir: str, segment_bytes: int) -> None:
    import pyarrow.fs as pafs

    from kformat.corpus.records_corpus import write_shard

    local = tempfile.mkdtemp(prefix="kformat-shard-")
    try:
        directory = write_shard(shard, local, segment_bytes=segment_bytes)
        pafs.copy_files(str(directory), _join(data_dir, directory.name))
    finally:
        shutil.rmtree(local, ignore_errors=True)


def generate_corpus(spark: SparkSession, out: str, plan: CorpusPlan | None = None
                    ) -> Generated:
    """Generate ``plan`` under ``out`` (``logs/`` and ``manifest/``), one task per shard."""
    from kformat.spark.manifest import manifest_ddl

    plan = plan or CorpusPlan()
    if not URI_SCHEME.match(out):
        out = os.path.abspath(out)
    data_dir, manifest_dir = _join(out, "logs"), _join(out, "manifest")
    started = time.perf_counter()
    ids = spark.range(0, plan.shards, numPartitions=max(1, plan.shards))
    remote = bool(URI_SCHEME.match(data_dir))
    if not remote:
        from kformat.spark.schema import select_ddl

        rows = ids.mapInArrow(_rows_task(plan), select_ddl(WRITE_COLUMNS))
        rows.write.format("kafka-segments").mode("overwrite") \
            .option("segmentBytes", str(plan.segment_bytes)).save(data_dir)
    manifest = ids.mapInArrow(_manifest_task(plan, data_dir if remote else None),
                              manifest_ddl())
    manifest.write.mode("overwrite").parquet(_hadoop_uri(manifest_dir))
    return Generated(plan, data_dir, manifest_dir, time.perf_counter() - started)


def read_segments(spark: SparkSession, path: str, **options: Any) -> DataFrame:
    """``spark.read.format("kafka-segments")`` with ``options``."""
    reader = spark.read.format("kafka-segments")
    for key, value in options.items():
        reader = reader.option(key, str(value).lower() if isinstance(value, bool) else value)
    return reader.load(path)


# --------------------------------------------------------------------------- statistics


@dataclass
class ReadStats:
    """Counts of one read; ``groups`` holds ``(magic, codec, batches, records, value bytes)``;
    ``crc_failures`` counts batches."""

    files: int
    bytes: int
    partitions: int
    batches: int
    records: int
    control_records: int
    transactional_records: int
    crc_failures: int
    groups: list[tuple[int, str, int, int, int]]
    seconds: float

    @property
    def records_per_second(self) -> float:
        return self.records / self.seconds if self.seconds else 0.0

    @property
    def megabytes_per_second(self) -> float:
        return self.bytes / self.seconds / 1e6 if self.seconds else 0.0


def read_stats(spark: SparkSession, path: str, **options: Any) -> ReadStats:
    """Read every record of ``path`` once and count, timed (one Spark job)."""
    from pyspark.sql import functions as F

    from kformat.spark.files import expand_paths

    files = expand_paths(path, {k: str(v) for k, v in options.items()})
    started = time.perf_counter()
    df = read_segments(spark, path, **options)
    # per batch first (rows of a batch are adjacent, so partial aggregation shrinks them to
    # one row per batch before the shuffle), then per magic and codec; cheaper than a
    # count_distinct, which Spark plans with an Expand doubling every row
    per_batch = df.groupBy("magic", "codec", "segment", "position").agg(
        F.count(F.lit(1)).alias("records"),
        F.sum(F.coalesce(F.length("value"), F.lit(0))).alias("valueBytes"),
        F.sum(F.col("isControl").cast("int")).alias("control"),
        F.sum(F.col("isTransactional").cast("int")).alias("transactional"),
        F.max((~F.col("crcValid")).cast("int")).alias("crcFailure"),
    )
    rows = per_batch.groupBy("magic", "codec").agg(
        F.count(F.lit(1)).alias("batches"),
        F.sum("records").alias("records"),
        F.sum("valueBytes").alias("valueBytes"),
        F.sum("control").alias("control"),
        F.sum("transactional").alias("transactional"),
        F.sum("crcFailure").alias("crcFailures"),
    ).orderBy("magic", "codec").collect()
    seconds = time.perf_counter() - started
    return ReadStats(
        files=len(files), bytes=sum(f.size for f in files),
        partitions=df.rdd.getNumPartitions(),
        batches=sum(r["batches"] for r in rows), records=sum(r["records"] for r in rows),
        control_records=sum(r["control"] or 0 for r in rows),
        transactional_records=sum(r["transactional"] or 0 for r in rows),
        crc_failures=sum(r["crcFailures"] or 0 for r in rows),
        groups=[(r["magic"], r["codec"], r["batches"], r["records"], r["valueBytes"])
                for r in rows],
        seconds=seconds)


# --------------------------------------------------------------------------- verification


@dataclass
class Verification:
    """A read joined with the manifest: ``ok`` when every record matched exactly once."""

    manifest_records: int
    read_records: int
    matched: int
    missing: int
    extra: int
    mismatched: int
    by_column: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return (self.missing == 0 and self.extra == 0 and self.mismatched == 0
                and self.matched == self.manifest_records == self.read_records)


def verify_corpus(spark: SparkSession, path: str, manifest_dir: str,
                  **options: Any) -> Verification:
    """Compare every record read from ``path`` with the manifest (one Spark job)."""
    from pyspark.sql import functions as F

    from kformat.spark.manifest import COMPARED, KEY

    started = time.perf_counter()
    read = read_segments(spark, path, **options).select(
        *KEY, "timestamp", "timestampType",
        F.md5("key").alias("keyMd5"), F.md5("value").alias("valueMd5"),
        F.length("key").alias("keySize"), F.length("value").alias("valueSize"),
        "headers", "baseOffset", "magic", "codec", "producerId", "producerEpoch",
        "baseSequence", "isTransactional", "isControl", F.lit(True).alias("_read"))
    manifest = spark.read.parquet(_hadoop_uri(manifest_dir)).withColumn("_expected",
                                                                         F.lit(True))
    m, r = manifest.alias("m"), read.alias("r")
    joined = m.join(r, on=[F.col(f"m.{k}") == F.col(f"r.{k}") for k in KEY], how="full_outer")
    both = F.col("m._expected").isNotNull() & F.col("r._read").isNotNull()
    differs = {c: both & ~F.col(f"m.{c}").eqNullSafe(F.col(f"r.{c}")) for c in COMPARED}
    any_diff = F.lit(False)
    for cond in differs.values():
        any_diff = any_diff | cond
    row = joined.agg(
        F.count(F.col("m._expected")).alias("manifest"),
        F.count(F.col("r._read")).alias("read"),
        F.sum(both.cast("int")).alias("both"),
        F.sum(F.col("r._read").isNull().cast("int")).alias("missing"),
        F.sum(F.col("m._expected").isNull().cast("int")).alias("extra"),
        F.sum(any_diff.cast("int")).alias("mismatched"),
        *[F.sum(cond.cast("int")).alias(f"diff_{c}") for c, cond in differs.items()],
    ).collect()[0]
    both_rows = row["both"] or 0
    mismatched = row["mismatched"] or 0
    return Verification(
        manifest_records=row["manifest"], read_records=row["read"],
        matched=both_rows - mismatched, missing=row["missing"] or 0,
        extra=row["extra"] or 0, mismatched=mismatched,
        by_column={c: row[f"diff_{c}"] or 0 for c in COMPARED if row[f"diff_{c}"]},
        seconds=time.perf_counter() - started)


# --------------------------------------------------------------------------- command line


def main(argv: Sequence[str] | None = None) -> int:
    """``spark-submit .../corpus_job.py --out DIR [--shards N] [--records N] [--verify]``."""
    parser = argparse.ArgumentParser(prog="corpus_job", description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="output directory or URI")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--shards", type=int, default=8)
    parser.add_argument("--records", type=int, default=10_000, help="records per shard")
    parser.add_argument("--topic", default=CORPUS_TOPIC)
    parser.add_argument("--segment-bytes", type=int, default=DEFAULT_SEGMENT_BYTES)
    parser.add_argument("--master", default=None, help="default: spark-submit's, else local")
    parser.add_argument("--verify", action="store_true", help="read back and verify")
    args = parser.parse_args(argv)

    from kformat.spark.sessions import session

    spark = session(args.master or os.environ.get("MASTER"), "kformat-corpus")
    plan = CorpusPlan(args.seed, args.shards, args.records, args.topic, args.segment_bytes)
    generated = generate_corpus(spark, args.out, plan)
    print(f"generated {plan.records} records in {plan.shards} shards under "
          f"{generated.data_dir} ({generated.seconds:.1f}s)")
    if not args.verify:
        return 0
    result = verify_corpus(spark, generated.segments_glob, generated.manifest_dir)
    print(f"verified: {result}")
    return 0 if result.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
