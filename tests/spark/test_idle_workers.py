"""What Spark's retiring of idle Python workers prints with kformat's session settings.

Spark closes the socket of every idle (reused) Python worker after a minute without tasks and
at ``stop()``; the worker reads end-of-file, reports it, and pyspark's daemon.py flushes that
report to the closed socket. Over TCP the flush succeeds; over a Unix domain socket it fails
and pyspark prints a ``BrokenPipeError`` traceback (docs/spark.md, "Tracebacks from pyspark's
daemon.py"). The script below retires the idle workers at once, as Spark's idle timeout does,
in its own process: the workers' stderr reaches the JVM's, which only a parent process sees.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.spark import data

pytestmark = [pytest.mark.spark, pytest.mark.slow]

MARK = "=== kformat session with WORKER_CONFIG"

def _run_sessions(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``script`` run with ``args`` in a process of its own, which must succeed: its Spark
    sessions' Python workers write to the JVM's stderr, which only a parent process sees."""
    pytest.importorskip("pyspark")
    if shutil.which("java") is None:
        pytest.skip("no java on PATH")
    root = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [root, *filter(None, [os.environ.get("PYTHONPATH")])])}
    run = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True,
                         timeout=300, env=env, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    return run


_SCRIPT = """
import sys, time
from kformat.spark import session
from kformat.spark.sessions import WORKER_CONFIG

def read_and_retire(config):
    spark = session("local[1]", "kformat-idle-workers", config=config)
    count = spark.read.format("kafka-segments").load(sys.argv[1]).count()
    # what PythonWorkerFactory's idle monitor (a minute without tasks) and stop() do: close
    # the sockets of the idle workers of every worker kind (planning and reading)
    jvm = spark.sparkContext._jvm
    field = jvm.java.lang.Class.forName("org.apache.spark.SparkEnv").getDeclaredField(
        "pythonWorkers")
    field.setAccessible(True)
    factories = field.get(spark.sparkContext._jsc.sc().env()).values().iterator()
    retired = 0
    while factories.hasNext():
        factory = factories.next()
        retired += factory.idleWorkers().size()
        getattr(factory, "org$apache$spark$api$python$PythonWorkerFactory$$cleanupIdleWorkers")()
    time.sleep(1.0)  # the workers' stderr, through the JVM's
    spark.stop()
    time.sleep(0.3)
    print(count, retired, flush=True)

read_and_retire(None)
print(sys.argv[2], file=sys.stderr, flush=True)
read_and_retire(WORKER_CONFIG)  # second: pyspark's builder keeps the settings it was given
"""


def test_retiring_idle_workers_prints_no_traceback_with_the_default_session(
        corpus_data: data.Fixture) -> None:
    """The default session (TCP to the workers) retires them silently; the opt-in Unix
    sockets (``WORKER_CONFIG``) show the pyspark traceback this test looks for."""
    run = _run_sessions(_SCRIPT, f"{corpus_data.log_dir}/*/*.log", MARK)
    default, unix = run.stderr.split(MARK + "\n")
    results = [tuple(map(int, line.split())) for line in run.stdout.splitlines()]
    assert [count for count, _ in results] == [len(corpus_data.rows)] * 2
    assert all(retired >= 2 for _, retired in results), results  # planning and reading workers
    assert "daemon.py" not in default and "BrokenPipeError" not in default, default[-3000:]
    assert unix.count("BrokenPipeError: [Errno 32] Broken pipe") >= 2, unix[-3000:]


_EARLY_STOP = """
import sys, time
from kformat.records.api import build_batch, make_batch
from kformat.segments.partition import write_partition_dir
from kformat.spark import session

# one segment of 48 MB: far more than the sockets between a task and its worker buffer
value = bytes(range(256)) * 4
batches = [build_batch(make_batch([{"value": value}] * 1000, base_offset=1000 * i))
           for i in range(48)]
write_partition_dir(sys.argv[1], "early", 0, [batches])
for config in (None, {"spark.python.daemon.module": "pyspark.daemon"}):
    spark = session("local[1]", "kformat-early-stop", config=config)
    df = spark.read.format("kafka-segments").option("columns", "offset,value").load(
        sys.argv[1] + "/*/*.log")
    print(df.first()["offset"], len(df.take(3)), flush=True)
    time.sleep(1.0)  # the workers' stderr, through the JVM's
    print(sys.argv[2], file=sys.stderr, flush=True)
    spark.stop()
"""


def test_a_query_that_stops_reading_early_prints_no_traceback(tmp_path: Path) -> None:
    """``first()`` and ``take(n)`` close the socket of the worker still writing: kformat's
    daemon ends it quietly, pyspark's prints the traceback this test looks for."""
    mark = "=== query done"
    run = _run_sessions(_EARLY_STOP, str(tmp_path), mark)
    assert run.stdout.split() == ["0", "3", "0", "3"]
    default, plain = run.stderr.split(mark + "\n", 1)
    assert "daemon.py" not in default and "BrokenPipeError" not in default, default[-3000:]
    assert "BrokenPipeError: [Errno 32] Broken pipe" in plain, plain[-3000:]
