"""A SparkSession for kformat's jobs: local mode on loopback, or a cluster master.

Python workers. Spark runs the data source's planning (on the driver) and its reads (on the
executors) in Python worker processes started with ``PYSPARK_PYTHON`` (``python3`` from
``PATH`` when unset), an interpreter that must import kformat. :func:`session` sets
``PYSPARK_PYTHON`` to the running interpreter when it is unset, for every master (a
virtualenv at the same path on every node, or a loopback cluster, then just works), and
:func:`check_python` -- run by :func:`kformat.spark.register` -- fails early, naming what to
set, when the interpreter Spark will use cannot import kformat.

Local mode (the default, ``local[2]``) binds the driver to 127.0.0.1 (``spark.driver.host``,
``spark.driver.bindAddress``, ``SPARK_LOCAL_IP``) and turns the UI off and the console progress
bar on only when stdout and stderr are terminals (:func:`progress_config`), so it works on a
machine with no network, and adaptive query execution (see
:data:`LOCAL_CONFIG`). With a cluster master, ``loopback=True`` binds the driver to 127.0.0.1
too (a cluster on this machine); other settings are left to ``spark-submit`` and ``config``
(see docs/spark.md). Both run the executors' Python workers under
:mod:`kformat.spark.daemon` (:data:`DAEMON_CONFIG`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

__all__ = ["COMMON_CONFIG", "DAEMON_CONFIG", "DEFAULT_MASTER", "LOCAL_CONFIG", "LOOPBACK_CONFIG",
           "PUSHDOWN_CONFIG", "WORKER_CONFIG", "check_python", "progress_config", "session"]

DEFAULT_MASTER = "local[2]"
LOOPBACK_CONFIG: dict[str, str] = {
    "spark.driver.host": "127.0.0.1",
    "spark.driver.bindAddress": "127.0.0.1",
}
LOCAL_CONFIG: dict[str, str] = {
    **LOOPBACK_CONFIG,
    "spark.ui.enabled": "false",
    "spark.sql.shuffle.partitions": "4",
    "spark.sql.session.timeZone": "UTC",
    "spark.sql.execution.arrow.pyspark.enabled": "true",
    # no adaptive query execution in local mode: it runs a query with a shuffle (every
    # aggregation, join, distinct) stage by stage, re-planning and submitting a new job
    # after each shuffle, which took 30-150 ms a query here (a `count(*)` over 95 MB of
    # segments: 0.3-0.6 s); what it buys -- coalescing many shuffle partitions, skew and
    # join strategy from run-time sizes -- is for clusters (docs/spark.md, "Speed")
    "spark.sql.adaptive.enabled": "false",
}
COMMON_CONFIG: dict[str, str] = {}
WORKER_CONFIG: dict[str, str] = {
    # the executor and its Python workers talk over Unix domain sockets instead of TCP on
    # loopback (Spark 4.1+; older versions ignore it): a kafka-segments read hands every
    # record to the JVM as Arrow batches, and the executor's task threads spent about 20%
    # less CPU receiving them this way (a query over 95 MB in local[2]; docs/spark.md,
    # "Speed"). Opt-in (``config=WORKER_CONFIG``), not set by session(): with it, pyspark
    # (4.3) prints a BrokenPipeError traceback for each idle worker Spark retires (after a
    # minute idle, and at stop()), its daemon.py flushing to a socket Spark has closed
    # (docs/spark.md, "Tracebacks from pyspark's daemon.py").
    "spark.python.unix.domain.socket.enabled": "true",
}
DAEMON_CONFIG: dict[str, str] = {
    # the executor's Python workers run under kformat.spark.daemon: pyspark's daemon, except
    # that a worker Spark has hung up on ends quietly. Without it a query that stops reading
    # early -- first(), take(n), show() on a kafka-segments read -- prints a BrokenPipeError
    # traceback from pyspark's daemon.py for each task still writing (docs/spark.md,
    # "Tracebacks from pyspark's daemon.py"). Set with the loopback settings (the executor's
    # interpreter is this one, with kformat); on a cluster every node needs kformat for it.
    "spark.python.daemon.module": "kformat.spark.daemon",
}
PUSHDOWN_CONFIG: dict[str, str] = {
    # Spark's switch for handing query filters to Python data sources (Spark 4.1+).
    # kafka-segments takes none, with it on or off: Spark (4.3) reuses the files a filtered
    # query planned for a later query on the same DataFrame (datasource.PUSHDOWN_REFUSED)
    "spark.sql.python.filterPushdown.enabled": "true",
}


def progress_config(*streams: IO[str]) -> dict[str, str]:
    """Spark's console progress bar (``spark.ui.showConsoleProgress``): on when ``streams``
    (default: stdout, and stderr, where Spark draws it) are all terminals, off otherwise,
    so a job piped to a file or run by a test prints no bar."""
    streams = streams or (sys.stdout, sys.stderr)
    shown = all(getattr(s, "isatty", lambda: False)() for s in streams)
    return {"spark.ui.showConsoleProgress": "true" if shown else "false"}


def session(master: str | None = None, app_name: str = "kformat", *,
            config: Mapping[str, str] | None = None, register: bool = True,
            log_level: str = "ERROR", loopback: bool | None = None,
            pushdown: bool = False) -> SparkSession:
    """Get or create a session with ``kafka-segments`` registered.

    ``master`` defaults to ``$KFORMAT_SPARK_MASTER``, else the master ``spark-submit`` gave
    (when run under it), else ``local[2]``; ``config`` overrides or adds settings;
    ``loopback`` binds the driver to 127.0.0.1 (default: in local mode, and for a
    ``spark://127.0.0.1:...`` or ``spark://localhost:...`` master); ``pushdown=True`` is
    refused with a :class:`ValueError` saying why
    (:data:`kformat.spark.datasource.PUSHDOWN_REFUSED`).
    """
    if pushdown:
        from kformat.spark.datasource import PUSHDOWN_REFUSED

        raise ValueError(PUSHDOWN_REFUSED)
    master = master or os.environ.get("KFORMAT_SPARK_MASTER")
    if master is None and "PYSPARK_GATEWAY_PORT" in os.environ:
        master = ""  # under spark-submit: keep its master and settings
    elif master is None:
        master = DEFAULT_MASTER
    local = master.startswith("local")
    if loopback is None:
        loopback = local or master.startswith(("spark://127.0.0.1:", "spark://localhost:"))
    settings: dict[str, str] = {**COMMON_CONFIG, **progress_config()}
    python = (config or {}).get("spark.pyspark.python")
    if local:
        python = python or sys.executable
    if python:
        os.environ["PYSPARK_PYTHON"] = python
    else:
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    if loopback:
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        settings.update(LOCAL_CONFIG if local else LOOPBACK_CONFIG)
        settings.update(DAEMON_CONFIG)
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


_CHECKED: dict[str, str | None] = {}


def check_python(spark: SparkSession) -> None:
    """Fail early when Spark's Python workers cannot import kformat.

    The data source's planning runs on the driver machine in a worker started with the
    session's Python executable (``PYSPARK_PYTHON`` when the context was created, else
    ``python3``); if that interpreter cannot import kformat and pyarrow, every query fails
    with ``No module named 'kformat'``. This runs it once and raises :class:`RuntimeError`
    naming what to set.
    """
    exe = str(getattr(spark.sparkContext, "pythonExec", None) or "python3")
    if exe not in _CHECKED:
        import subprocess

        try:
            run = subprocess.run([exe, "-c", "import kformat.spark.columns"],
                                 capture_output=True, text=True, timeout=120, check=False)
            _CHECKED[exe] = None if run.returncode == 0 else \
                (run.stderr.strip().splitlines() or [f"exit status {run.returncode}"])[-1]
        except (OSError, subprocess.TimeoutExpired) as exc:
            _CHECKED[exe] = f"{type(exc).__name__}: {exc}"
    problem = _CHECKED[exe]
    if problem is not None:
        raise RuntimeError(
            f"kafka-segments: Spark's Python workers run {exe!r}, which cannot import "
            f"kformat ({problem}). Set PYSPARK_PYTHON (or spark.pyspark.python) to an "
            f"interpreter with kformat[spark] installed -- this one is {sys.executable!r} -- "
            f"before the SparkContext starts, or create the session with "
            f"kformat.spark.session(); on a cluster, every node needs that interpreter "
            f"(see docs/spark.md, 'Clusters').")
