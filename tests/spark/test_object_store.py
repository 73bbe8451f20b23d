"""Object stores: a multi-segment corpus in an S3-compatible server (moto) on 127.0.0.1,
read through fsspec (s3fs) with ranged reads, without and with Spark."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from kformat.spark.columns import ColumnReader, ReadOptions, plan_splits
from kformat.spark.files import expand_paths, topic_partition
from tests.spark import data
from tests.spark.test_columns import rows_of

s3fs = pytest.importorskip("s3fs")
moto_server = pytest.importorskip("moto.server")

BUCKET = "kformat-logs"


@pytest.fixture(scope="module")
def s3(corpus_data: data.Fixture) -> Iterator[dict[str, str]]:
    """The server's storage options, with the corpus uploaded under ``s3://BUCKET/logs``."""
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    try:
        host, port = server.get_host_and_port()
        options = {"storage.endpoint_url": f"http://{host}:{port}",
                   "storage.key": "testing", "storage.secret": "testing"}
        fs = s3fs.S3FileSystem(endpoint_url=options["storage.endpoint_url"],
                               key="testing", secret="testing", skip_instance_cache=True)
        fs.mkdir(BUCKET)
        for path in sorted(corpus_data.log_dir.glob("*/*")):
            fs.pipe(f"{BUCKET}/logs/{path.parent.name}/{path.name}", path.read_bytes())
        yield options
    finally:
        server.stop()


def test_listing_and_ranged_reads_without_spark(s3: dict[str, str],
                                                corpus_data: data.Fixture) -> None:
    files = expand_paths(f"s3://{BUCKET}/logs/*/*.log", s3)
    local = sorted(corpus_data.log_dir.glob("*/*.log"))
    assert [f.path for f in files] == [
        f"s3://{BUCKET}/logs/{p.parent.name}/{p.name}" for p in local]
    assert [f.size for f in files] == [p.stat().st_size for p in local]
    assert len({topic_partition(f.path) for f in files}) == len(corpus_data.shards)
    by_dir = expand_paths(f"s3://{BUCKET}/logs", s3)
    assert [f.path for f in by_dir] == [f.path for f in files]
    rows: list[data.Row] = []
    ranges: list[tuple[int, int]] = []
    split_reads = 0
    for f in files:
        source = f.open()
        fs = source._fs
        original = fs.cat_file

        def ranged(path: str, start: int | None = None, end: int | None = None,
                   _read: Any = original, **kw: Any) -> bytes:
            ranges.append((start, end))
            return _read(path, start=start, end=end, **kw)

        fs.cat_file = ranged
        try:
            topic, partition = topic_partition(f.path)
            rows += rows_of(ColumnReader(source, segment=f.path, topic=topic,
                                         partition=partition,
                                         options=ReadOptions(mode="FAILFAST")))
            # a split reads its own range only
            splits = plan_splits(source, f.size // 3)
            for start, end in splits[1:]:
                ranges.clear()
                list(ColumnReader(source, start=start, end=end,
                                  options=ReadOptions(mode="FAILFAST")))
                assert ranges and all(start <= s and e <= end for s, e in ranges)
                split_reads += 1
        finally:
            fs.cat_file = original
    assert rows == corpus_data.rows
    assert split_reads > 0


@pytest.mark.spark
def test_spark_reads_s3_with_storage_options(spark: Any, s3: dict[str, str],
                                             corpus_data: data.Fixture) -> None:
    from tests.spark.test_datasource import collect, load

    df = load(spark, f"s3://{BUCKET}/logs/*/*.log", splitSize="24k", packSize="0",
              mode="FAILFAST", **s3)
    assert df.rdd.getNumPartitions() > len(corpus_data.shards)
    assert collect(df) == corpus_data.rows
