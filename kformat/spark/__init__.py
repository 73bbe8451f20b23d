"""Apache Spark for Kafka data at rest: the ``kafka-segments`` data source and the corpus job.

The only kformat package that imports pyspark (and only in :mod:`~kformat.spark.datasource`,
:mod:`~kformat.spark.sessions`, :mod:`~kformat.spark.corpus_job` and the workers' daemon,
:mod:`~kformat.spark.daemon`); the decoding it runs is
plain kformat plus pyarrow (:mod:`~kformat.spark.columns`), usable and tested without Spark.

* :func:`session` -- a local (loopback) or cluster SparkSession with the source registered;
* :func:`register` -- register ``kafka-segments`` with an existing session;
* ``spark.read.format("kafka-segments").load("/data/topic-*/*.log")`` -- see docs/spark.md.

Install with the ``spark`` extra: ``pip install 'kformat[spark]'``.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

__all__ = ["corrupt_count", "counting", "dropped_count", "register", "save", "session"]


def register(spark: SparkSession) -> None:
    """Register the ``kafka-segments`` data source with ``spark``."""
    from kformat.spark.datasource import register as _register

    _register(spark)


def corrupt_count(spark: SparkSession) -> int:
    """Unreadable stretches of segments this session's reads met so far (an accumulator;
    see :func:`kformat.spark.datasource.corrupt_count`)."""
    from kformat.spark.datasource import corrupt_count as _count

    return _count(spark)


def counting(spark: SparkSession) -> AbstractContextManager[dict[str, int]]:
    """What the reads and writes inside a ``with`` block met (``corrupt``, ``dropped``;
    see :func:`kformat.spark.datasource.counting`)."""
    from kformat.spark.datasource import counting as _counting

    return _counting(spark)


def dropped_count(spark: SparkSession) -> int:
    """Rows this session's writes left out with ``corruptRows=drop`` (see
    :func:`kformat.spark.datasource.dropped_count`)."""
    from kformat.spark.datasource import dropped_count as _count

    return _count(spark)


def save(df: Any, path: str, mode: str = "errorifexists", **options: Any) -> bool:
    """``df`` as partition directories under ``path`` with Spark's four save modes (see
    :func:`kformat.spark.datasource.save`); returns whether it wrote."""
    from kformat.spark.datasource import save as _save

    return _save(df, path, mode, **options)


def session(master: str | None = None, app_name: str = "kformat", **kwargs: Any) -> SparkSession:
    """A SparkSession with ``kafka-segments`` registered (see :mod:`kformat.spark.sessions`)."""
    from kformat.spark.sessions import session as _session

    return _session(master, app_name, **kwargs)
