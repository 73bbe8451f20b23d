"""Fixtures of the Spark-layer tests: generated partition directories (built once per
session) and one local SparkSession for the tests marked ``spark``."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.spark import data

# Credentials for the S3-compatible test server, set before the session's JVM starts so
# Spark's Python workers inherit them (pyarrow's S3 filesystem reads them from the
# environment, as docs/spark.md's `fs` example expects); never the instance metadata service.
for _name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
    os.environ.setdefault(_name, "testing")
os.environ.setdefault("AWS_EC2_METADATA_DISABLED", "true")


@pytest.fixture(scope="session")
def corpus_data(tmp_path_factory: pytest.TempPathFactory) -> data.Fixture:
    return data.corpus(tmp_path_factory.mktemp("corpus"))


@pytest.fixture(scope="session")
def truncated_data(tmp_path_factory: pytest.TempPathFactory) -> tuple[data.Fixture, int, int]:
    return data.truncated(tmp_path_factory.mktemp("truncated"))


@pytest.fixture(scope="session")
def offsets_data(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict[str, Any]]]:
    return data.consumer_offsets(tmp_path_factory.mktemp("offsets"))


@pytest.fixture(scope="session")
def spark() -> Iterator[Any]:
    """A local[2] session on loopback with ``kafka-segments`` registered."""
    pytest.importorskip("pyspark")
    if shutil.which("java") is None:
        pytest.skip("no java on PATH")
    from kformat.spark import session
    from kformat.spark.sessions import PUSHDOWN_CONFIG

    # Spark's filter pushdown switch on: kafka-segments must give right answers either way
    s = session("local[2]", "kformat-tests", config={"spark.sql.shuffle.partitions": "2",
                                                     **PUSHDOWN_CONFIG})
    yield s
    s.stop()
