"""Opt-in (``make cluster-test``): a standalone master and two workers on 127.0.0.1.

Started from the pyspark installation (:mod:`kformat.spark.standalone`); the main job and a
query run against them in fresh processes whose environment has no ``PYSPARK_PYTHON`` (what
a new user has), the query with a relative path (executors work in their own directories).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.cluster

QUERY = textwrap.dedent("""
    import json, sys
    from kformat.records.api import build_batch, make_batch
    from kformat.segments.partition import write_partition_dir
    from kformat.spark import session

    for p in range(3):
        batches = [build_batch(make_batch([(b"k%d" % i, b"v" * (i % 7)) for i in range(50)],
                                          base_offset=50 * j, codec="zstd",
                                          base_timestamp=1_700_000_000_000))
                   for j in range(4)]
        write_partition_dir("logs", "orders", p, [batches[:2], batches[2:]])
    spark = session(sys.argv[1], "kformat-cluster-query")
    df = spark.read.format("kafka-segments").load("logs/*/*.log")
    rows = df.groupBy("partition").agg({"offset": "max", "*": "count"}).collect()
    executors = spark.sparkContext._jsc.sc().getExecutorMemoryStatus().size()
    print(json.dumps({"master": spark.sparkContext.master, "executors": executors,
                      "rows": sorted((r[0], r[1], r[2]) for r in rows),
                      "files": sorted({r.segment for r in df.select("segment").collect()})}))
    spark.stop()
""")


def clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON", "SPARK_HOME",
                        "KFORMAT_SPARK_MASTER", "PYSPARK_GATEWAY_PORT")}
    return env


@pytest.fixture(scope="module")
def master() -> Iterator[str]:
    from kformat.spark.standalone import standalone_cluster

    with standalone_cluster(workers=2, cores=1, memory="1g", start_timeout=300) as url:
        yield url


def test_the_main_job_on_a_standalone_cluster(master: str) -> None:
    run = subprocess.run([sys.executable, "-m", "kformat.main", "--master", master,
                          "--records", "20000", "--shards", "4"], env=clean_env(),
                         capture_output=True, text=True, timeout=1200, check=False)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert f"master {master}" in run.stdout
    assert "20,000 of 20,000 manifest records match; missing 0, extra 0, mismatched 0" \
        in run.stdout


def test_a_query_with_a_relative_path(master: str, tmp_path: Path) -> None:
    script = tmp_path / "query.py"
    script.write_text(QUERY)
    run = subprocess.run([sys.executable, str(script), master], env=clean_env(),
                         cwd=tmp_path, capture_output=True, text=True, timeout=900,
                         check=False)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got["master"] == master
    assert got["executors"] >= 3  # the driver and two executors
    assert got["rows"] == [[p, 199, 200] for p in range(3)]
    assert got["files"] == sorted(str(tmp_path / "logs" / f"orders-{p}" / f"{b:020d}.log")
                                  for p in range(3) for b in (0, 100))
