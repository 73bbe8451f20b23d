"""A SparkSession for kformat's jobs: local mode on loopback, or a cluster master.

Local mode (the default, ``local[2]``) binds the driver to 127.0.0.1 (``spark.driver.host``,
``spark.driver.bindAddress``, ``SPARK_LOCAL_IP``), turns the UI and the console progress bar
off, and runs Python workers with the running interpreter (``PYSPARK_PYTHON`` and
``PYSPARK_DRIVER_PYTHON`` set to ``sys.executable``), so it works on a machine with no
network and inside a virtualenv. With a cluster master those settings are left to
``spark-submit`` (see docs/spark.md).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

__all__ = ["COMMON_CONFIG", "DEFAULT_MASTER", "LOCAL_CONFIG", "session"]

DEFAULT_MASTER = "local[2]"
LOCAL_CONFIG: dict[str, str] = {
    "spark.driver.host": "127.0.0.1",
    "spark.driver.bindAddress": "127.0.0.1",
    "spark.ui.enabled": "false",
    "spark.ui.showConsoleProgress": "false",
    "spark.sql.shuffle.partitions": "4",
    "spark.sql.session.timeZone": "UTC",
    "spark.sql.execution.arrow.pyspark.enabled": "true",
}
COMMON_CONFIG: dict[str, str] = {
    # hand query filters to Python data sources (Spark 4.1+): kafka-segments skips files
    "spark.sql.python.filterPushdown.enabled": "true",
}


def session(master: str | None = None, app_name: str = "kformat", *,
            config: Mapping[str, str] | None = None, register: bool = True,
            log_level: str = "ERROR") -> SparkSession:
    """Get or create a session with ``kafka-segments`` registered.

    ``master`` defaults to ``$KFORMAT_SPARK_MASTER``, else the master ``spark-submit`` gave
    (when run under it), else ``local[2]``; ``config`` overrides or adds settings.
    """
    master = master or os.environ.get("KFORMAT_SPARK_MASTER")
    if master is None and "PYSPARK_GATEWAY_PORT" in os.environ:
        master = ""  # under spark-submit: keep its master and settings
    elif master is None:
        master = DEFAULT_MASTER
    local = master.startswith("local")
    settings: dict[str, str] = dict(COMMON_CONFIG)
    if local:
        os.environ["PYSPARK_PYTHON"] = sys.executable
        os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        settings.update(LOCAL_CONFIG)
    settings.update(config or {})

    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName(app_name)
    if master:
        builder = builder.master(master)
    for key, value in settings.items():
        builder = builder.config(key, value)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel(log_level)
    if register:
        from kformat.spark.datasource import register as register_source

        register_source(spark)
    return spark
