"""The ``kafka-segments`` data source and the corpus job in a local SparkSession."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from kformat.corpus.records_corpus import CORPUS_TOPIC, generate_shard, write_shard
from kformat.segments.partition import read_partition_dir
from tests.spark import data

pytestmark = pytest.mark.spark

ORDER = ("topic", "partition", "offset")


def collect(df: Any, crc: set[Any] | None = None) -> list[data.Row]:
    """The rows in (topic, partition, offset) order; ``crc`` collects the crcValid values."""
    from pyspark.sql import functions as F

    rows = df.withColumn("timestamp", F.unix_micros("timestamp")).orderBy(*ORDER).collect()
    if crc is not None:
        crc.update(r["crcValid"] for r in rows)
    return [data.row_from_dict(r.asDict(recursive=True)) for r in rows]


def load(spark: Any, path: str, **options: Any) -> Any:
    reader = spark.read.format("kafka-segments")
    for key, value in options.items():
        reader = reader.option(key, value)
    return reader.load(path)


def test_every_row_of_every_codec_and_magic(spark: Any, corpus_data: data.Fixture) -> None:
    df = load(spark, f"{corpus_data.log_dir}/*/*.log")
    assert df.columns[:8] == ["key", "value", "topic", "partition", "offset", "timestamp",
                              "timestampType", "headers"]
    crc: set[Any] = set()
    assert collect(df, crc) == corpus_data.rows
    assert crc == {True}


def test_split_size_plans_more_partitions_with_the_same_rows(
        spark: Any, corpus_data: data.Fixture) -> None:
    path = f"{corpus_data.log_dir}/*/*.log"
    whole = load(spark, path, splitSize="0", packSize="0")
    split = load(spark, path, splitSize="24k", packSize="0")
    files = len(list(corpus_data.log_dir.glob("*/*.log")))
    assert whole.rdd.getNumPartitions() == files
    assert split.rdd.getNumPartitions() >= 2 * files
    # equal rows, no duplicates: no batch was read by two partitions, none was missed
    assert collect(split) == corpus_data.rows


def test_small_splits_are_packed_into_fewer_partitions_with_the_same_rows(
        spark: Any, corpus_data: data.Fixture) -> None:
    path = f"{corpus_data.log_dir}/*/*.log"
    files = sorted(corpus_data.log_dir.glob("*/*.log"))
    total = sum(f.stat().st_size for f in files)
    packed = load(spark, path, packSize=str(total // 2 + 1))
    assert 2 <= packed.rdd.getNumPartitions() <= 3 < len(files)
    # by default one partition per core of local[2] (kformat.spark.sizing)
    assert load(spark, path).rdd.getNumPartitions() == 2
    assert load(spark, path, minPartitions="3").rdd.getNumPartitions() == 3
    assert collect(packed) == corpus_data.rows
    assert collect(load(spark, path, splitSize="24k", packSize="60k")) == corpus_data.rows


def test_planning_takes_the_parallelism_of_the_session_it_was_registered_with(
        spark: Any, corpus_data: data.Fixture) -> None:
    from kformat.spark import register
    from kformat.spark.datasource import planning_defaults

    assert planning_defaults(spark) == {"parallelism": 2, "maxPartitionBytes": 128 << 20}
    path = f"{corpus_data.log_dir}/*/*.log"
    spark.conf.set("spark.sql.files.minPartitionNum", "3")
    try:
        assert load(spark, path).rdd.getNumPartitions() == 2  # read when registered
        register(spark)
        assert load(spark, path).rdd.getNumPartitions() == 3
    finally:
        spark.conf.unset("spark.sql.files.minPartitionNum")
        register(spark)
    assert load(spark, path).rdd.getNumPartitions() == 2


def test_planning_takes_the_open_cost_and_partition_cap_the_session_sets(
        spark: Any, corpus_data: data.Fixture) -> None:
    """``spark.sql.files.openCostInBytes`` and ``spark.sql.files.maxPartitionNum`` set on
    the session plan as in Spark's file sources (read by register); the option wins."""
    from kformat.spark import register
    from kformat.spark.datasource import planning_defaults

    path = f"{corpus_data.log_dir}/*/*.log"
    files = len(list(corpus_data.log_dir.glob("*/*.log")))
    assert files > 3
    assert load(spark, path).rdd.getNumPartitions() == 2
    spark.conf.set("spark.sql.files.openCostInBytes", "1g")  # a file weighs a partition
    try:
        register(spark)
        assert planning_defaults(spark)["openCostInBytes"] == 1 << 30
        assert load(spark, path).rdd.getNumPartitions() == files
        assert load(spark, path, openCostInBytes="0").rdd.getNumPartitions() == 2
        spark.conf.set("spark.sql.files.maxPartitionNum", "3")
        register(spark)
        capped = load(spark, path)
        assert capped.rdd.getNumPartitions() == 3
        assert collect(capped) == corpus_data.rows
    finally:
        spark.conf.unset("spark.sql.files.openCostInBytes")
        spark.conf.unset("spark.sql.files.maxPartitionNum")
        register(spark)
    assert planning_defaults(spark) == {"parallelism": 2, "maxPartitionBytes": 128 << 20}
    assert load(spark, path).rdd.getNumPartitions() == 2


def test_registering_again_keeps_the_corrupt_count(
        spark: Any, truncated_data: tuple[data.Fixture, int, int]) -> None:
    from kformat.spark import corrupt_count, register

    load(spark, str(truncated_data[0].log_dir), mode="DROPMALFORMED").count()
    before = corrupt_count(spark)
    assert before > 0
    register(spark)
    assert corrupt_count(spark) == before


def test_the_local_session_plans_a_query_with_a_shuffle_once(
        spark: Any, corpus_data: data.Fixture) -> None:
    """LOCAL_CONFIG turns adaptive query execution off: an aggregation is planned once, its
    stages run as one job (no AdaptiveSparkPlan re-planning after the shuffle)."""
    df = load(spark, f"{corpus_data.log_dir}/*/*.log").groupBy("partition").count()
    plan = df._jdf.queryExecution().executedPlan().toString()
    assert "Exchange" in plan and "AdaptiveSparkPlan" not in plan, plan
    expected = Counter(row[1] for row in corpus_data.rows)  # Row: (topic, partition, ...)
    assert {r["partition"]: r["count"] for r in df.collect()} == expected


def test_truncated_last_batch_in_each_mode(
        spark: Any, truncated_data: tuple[data.Fixture, int, int]) -> None:
    fixture, cut, present = truncated_data
    path = str(fixture.log_dir)
    df = load(spark, path)
    corrupt = df.where("_corrupt IS NOT NULL").collect()
    assert [(r["_corrupt"]["position"], r["_corrupt"]["length"], r["_corrupt"]["errorClass"])
            for r in corrupt] == [(cut, present, "TruncatedError")]
    assert corrupt[0]["_corrupt"]["file"].endswith("00000000000000000000.log")
    assert collect(df.where("_corrupt IS NULL")) == fixture.rows
    assert collect(load(spark, path, mode="DROPMALFORMED")) == fixture.rows
    from kformat.spark import corrupt_count

    before = corrupt_count(spark)
    assert load(spark, path, mode="DROPMALFORMED").count() == len(fixture.rows)
    assert corrupt_count(spark) == before + 1  # counted by the tasks' accumulator
    with pytest.raises(Exception, match=f"TruncatedError.*00000000000000000000.log.*{cut}"):
        load(spark, path, mode="FAILFAST").count()


def test_projection_by_option_and_by_user_schema(spark: Any,
                                                 corpus_data: data.Fixture) -> None:
    path = f"{corpus_data.log_dir}/*/*.log"
    by_option = load(spark, path, columns="offset,value,topic")
    assert by_option.columns == ["offset", "value", "topic"]
    by_schema = spark.read.format("kafka-segments").schema(
        "topic string, offset bigint").load(path)
    want = sorted((r[0], r[2]) for r in corpus_data.rows)
    assert sorted((r["topic"], r["offset"]) for r in by_schema.collect()) == want
    assert sorted((r["topic"], r["offset"]) for r in by_option.collect()) == want


def test_options_skip_control_and_verify_crc(spark: Any, corpus_data: data.Fixture) -> None:
    path = f"{corpus_data.log_dir}/*/*.log"
    no_control = load(spark, path, skipControl="true", verifyCrc="false")
    crc: set[Any] = set()
    assert collect(no_control, crc) == [r for r in corpus_data.rows if not r[15]]
    assert crc == {None}


def test_decode_an_internal_topic(spark: Any,
                                  offsets_data: tuple[Path, list[dict[str, Any]]]) -> None:
    directory, expect = offsets_data
    df = load(spark, f"{directory}/*.log", decode="consumer_offsets")
    assert {"recordType", "keyJson", "valueJson", "group", "committedOffset"} <= set(df.columns)
    rows = df.orderBy("offset").collect()
    assert [r["topic"] for r in rows] == ["__consumer_offsets"] * len(expect)
    for row, want in zip(rows, expect, strict=True):
        for key, value in want.items():
            if key == "decodeError" and value is not None:
                assert row[key].startswith(value + ": ")
            else:
                assert row[key] == value, (key, row)


def test_object_store_path_through_pyarrow_fs(spark: Any, corpus_data: data.Fixture) -> None:
    df = load(spark, f"file://{corpus_data.log_dir}/*/*.log")
    rows = collect(df)
    assert rows == corpus_data.rows
    segments = {r["segment"] for r in df.select("segment").distinct().collect()}
    assert all(s.startswith("file://") for s in segments)


def test_bad_options_and_missing_files(spark: Any, corpus_data: data.Fixture,
                                       tmp_path: Path) -> None:
    from py4j.protocol import Py4JJavaError
    from pyspark.errors import PySparkException

    with pytest.raises((PySparkException, Py4JJavaError), match="decode"):
        load(spark, f"{corpus_data.log_dir}/*/*.log", decode="nope").schema  # noqa: B018
    with pytest.raises((PySparkException, Py4JJavaError), match="no segment files"):
        load(spark, f"{tmp_path}/*/*.log").count()


def test_corpus_job_writes_with_the_writer_and_verifies(spark: Any, tmp_path: Path) -> None:
    from kformat.segments.partition import check_partition_dir
    from kformat.spark.corpus_job import CorpusPlan, generate_corpus, read_stats, verify_corpus

    plan = CorpusPlan(seed=5, shards=2, records_per_shard=1200, segment_bytes=48 * 1024)
    generated = generate_corpus(spark, str(tmp_path / "spark"), plan)
    spark_dir = Path(generated.data_dir)
    dirs = sorted(p for p in spark_dir.iterdir())
    assert [p.name for p in dirs] == [f"{CORPUS_TOPIC}-{i}" for i in range(plan.shards)]
    for d in dirs:
        assert check_partition_dir(d) == []
        assert len(list(d.glob("*.log"))) > 1
        # batch for batch: the same batch boundaries as a single-process write
        single = write_shard(generate_shard(plan.seed, int(d.name.rsplit("-", 1)[1]),
                                            plan.records_per_shard),
                             tmp_path / "single", segment_bytes=plan.segment_bytes)
        assert [(b.base_offset, b.last_offset_delta, b.magic, b.codec) for b in
                read_partition_dir(d).batches] == [
            (b.base_offset, b.last_offset_delta, b.magic, b.codec)
            for b in read_partition_dir(single).batches]

    manifest = spark.read.parquet(generated.manifest_dir)
    assert manifest.count() == plan.records
    stats = read_stats(spark, generated.segments_glob)
    assert stats.records == plan.records and stats.crc_failures == 0
    assert {c for _, c, *_ in stats.groups} == set(data.CODECS)
    check = verify_corpus(spark, generated.segments_glob, generated.manifest_dir,
                          splitSize="32k")
    assert check.ok, check
    assert check.matched == plan.records

    # damage one value: the verification must see exactly that record
    log = sorted(spark_dir.glob("*-1/*.log"))[0]
    raw = bytearray(log.read_bytes())
    at = raw.index(b'"user":"u')
    raw[at + 1] ^= 0x20
    log.write_bytes(bytes(raw))
    damaged = verify_corpus(spark, generated.segments_glob, generated.manifest_dir)
    assert not damaged.ok
    assert (damaged.missing, damaged.extra, damaged.mismatched) == (0, 0, 1)
    assert set(damaged.by_column) == {"valueMd5"}


def test_filters_on_partition_and_offset_read_every_file(spark: Any,
                                                        corpus_data: data.Fixture) -> None:
    """Filters are Spark's to apply: the source takes none (datasource.PUSHDOWN_REFUSED),
    so a filtered query plans every file and gives the filtered rows."""
    path = f"{corpus_data.log_dir}/*/*.log"
    bases = sorted(int(p.stem) for p in corpus_data.log_dir.glob("*-1/*.log"))
    low = bases[1] + 1
    df = load(spark, path, packSize="0").where(f"partition = 1 AND offset >= {low}")
    assert df.rdd.getNumPartitions() == load(spark, path, packSize="0").rdd.getNumPartitions()
    assert collect(df) == [r for r in corpus_data.rows if r[1] == 1 and r[2] >= low]
    assert load(spark, path).where("partition = 99").count() == 0


def test_write_reads_back_identically(spark: Any, corpus_data: data.Fixture,
                                      tmp_path: Path) -> None:
    from kformat.segments.partition import check_partition_dir

    df = load(spark, f"{corpus_data.log_dir}/*/*.log", mode="FAILFAST")
    out = tmp_path / "written"
    df.write.format("kafka-segments").mode("overwrite").option("segmentBytes", "64k") \
        .save(str(out))
    assert sorted(p.name for p in out.iterdir()) == sorted(
        f"{s.topic}-{s.partition}" for s in corpus_data.shards)
    assert all(check_partition_dir(p) == [] for p in out.iterdir())
    assert collect(load(spark, str(out), mode="FAILFAST")) == corpus_data.rows
    # a plain DataFrame (no offsets: assigned), recompressed, several tasks per partition
    plain = df.where("magic = 2 AND NOT isControl").select(
        "topic", "partition", "key", "value", "headers", "timestamp").repartition(3)
    again = tmp_path / "again"
    plain.write.format("kafka-segments").mode("overwrite").option("codec", "lz4") \
        .option("batchRecords", "100").save(str(again))
    back = load(spark, str(again), mode="FAILFAST")
    assert {r["codec"] for r in back.select("codec").distinct().collect()} == {"lz4"}
    for s in corpus_data.shards:
        # a new DataFrame per filtered query: Spark reuses a pushed-down plan (docs)
        offsets = [r["offset"] for r in load(spark, str(again)).where(
            f"partition = {s.partition}").orderBy("offset").select("offset").collect()]
        assert offsets and offsets == list(range(len(offsets)))

    def pairs(frame: Any) -> Counter[tuple[Any, ...]]:
        return Counter((r["partition"], bytes(r["key"] or b"-"), bytes(r["value"] or b"-"))
                       for r in frame.select("partition", "key", "value").collect())

    got, want = pairs(back), pairs(plain)
    assert (len(got - want), len(want - got), sum(got.values())) == (0, 0, sum(want.values()))
    # append: the same rows again, after each partition's last offset
    plain.write.format("kafka-segments").mode("append").save(str(again))
    doubled = load(spark, str(again), mode="FAILFAST")
    assert doubled.count() == 2 * back.count()
    for s in corpus_data.shards:
        offsets = [r["offset"] for r in doubled.where(f"partition = {s.partition}")
                   .orderBy("offset").select("offset").collect()]
        assert offsets == list(range(len(offsets)))


def test_timestamp_and_offset_filters_give_the_filtered_rows(
        spark: Any, corpus_data: data.Fixture) -> None:
    path = f"{corpus_data.log_dir}/*/*.log"
    stamps = sorted(r[3] for r in corpus_data.rows if r[3] is not None)
    t = stamps[len(stamps) * 3 // 4]
    df = load(spark, path, splitSize="16k", packSize="0").where(
        f"timestamp >= timestamp_micros({t}) AND offset >= 100")
    assert collect(df) == [r for r in corpus_data.rows
                           if r[3] is not None and r[3] >= t and r[2] >= 100]
    unfiltered = load(spark, path, splitSize="16k", packSize="0").rdd.getNumPartitions()
    assert df.rdd.getNumPartitions() <= unfiltered
