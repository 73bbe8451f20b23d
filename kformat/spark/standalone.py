"""A Spark standalone cluster on 127.0.0.1 from the pyspark installation (no Spark download).

:func:`standalone_cluster` starts a master and ``workers`` workers with ``spark-class``
(``org.apache.spark.deploy.master.Master`` / ``...worker.Worker``, as
``sbin/start-master.sh`` and ``sbin/start-worker.sh`` do), bound to the loopback interface
on free ports, waits until every worker has registered (the master's ``/json`` page), yields
the master URL and stops the processes it started when the block ends. Every wait is
bounded, and on Linux the daemons also stop when the process that started them dies (a killed
test run leaves none behind). ``make cluster-test`` and ``make run MASTER=spark://...`` use it; so can you::

    python -m kformat.spark.standalone --workers 2 -- python -m kformat.main --master {master}
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

__all__ = ["ClusterError", "main", "spark_home", "standalone_cluster"]

LOOPBACK = "127.0.0.1"


class ClusterError(RuntimeError):
    """The cluster did not come up (the message includes the end of the daemons' logs)."""


def spark_home() -> Path:
    """The Spark installation inside the pyspark package (or ``$SPARK_HOME``)."""
    env = os.environ.get("SPARK_HOME")
    if env:
        return Path(env)
    import pyspark

    return Path(pyspark.__file__).resolve().parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


def _tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


_PR_SET_PDEATHSIG = 1


def _stop_with(parent: int) -> Callable[[], None]:
    """A ``preexec_fn``: the child gets SIGTERM when ``parent`` (the process starting it)
    dies, and exits at once if it already has (Linux ``prctl``; elsewhere nothing)."""
    def arm() -> None:
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != parent:
            os._exit(1)
    return arm


def _alive_workers(ui_port: int) -> int:
    with urllib.request.urlopen(f"http://{LOOPBACK}:{ui_port}/json", timeout=5) as r:
        status = json.loads(r.read())
    return int(status.get("aliveworkers", 0))


@contextlib.contextmanager
def standalone_cluster(workers: int = 2, cores: int = 1, memory: str = "1g", *,
                       start_timeout: float = 180.0, log_dir: str | Path | None = None,
                       python: str | None = None) -> Iterator[str]:
    """A master and ``workers`` workers on 127.0.0.1; yields ``spark://127.0.0.1:<port>``.

    ``python`` is the interpreter the executors run (default: this one), passed to the
    daemons as ``PYSPARK_PYTHON``. Raises :class:`ClusterError` when the cluster is not up
    within ``start_timeout`` seconds.
    """
    home = spark_home()
    spark_class = home / "bin" / "spark-class"
    if not spark_class.exists():
        raise ClusterError(f"no {spark_class}: is pyspark installed?")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        raise ClusterError("no java on PATH and no JAVA_HOME: Spark needs Java 17 or 21")
    owned = log_dir is None
    logs = Path(tempfile.mkdtemp(prefix="kformat-cluster-")) if owned else Path(log_dir)
    logs.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, SPARK_HOME=str(home), SPARK_LOCAL_IP=LOOPBACK,
               SPARK_MASTER_HOST=LOOPBACK, PYSPARK_PYTHON=python or sys.executable,
               SPARK_LOG_DIR=str(logs), SPARK_WORKER_DIR=str(logs / "work"),
               SPARK_NO_DAEMONIZE="1")
    port, ui = _free_port(), _free_port()
    master = f"spark://{LOOPBACK}:{port}"
    procs: list[tuple[subprocess.Popen[bytes], Path]] = []

    def start(name: str, args: Sequence[str]) -> None:
        log = logs / f"{name}.log"
        with open(log, "wb") as out:
            procs.append((subprocess.Popen([str(spark_class), *args], env=env, stdout=out,
                                           stderr=subprocess.STDOUT,
                                           stdin=subprocess.DEVNULL,
                                           start_new_session=True,
                                           preexec_fn=_stop_with(os.getpid())), log))

    try:
        start("master", ["org.apache.spark.deploy.master.Master", "--host", LOOPBACK,
                         "--port", str(port), "--webui-port", str(ui)])
        for i in range(workers):
            start(f"worker-{i}", ["org.apache.spark.deploy.worker.Worker", "--host",
                                  LOOPBACK, "--cores", str(cores), "--memory", memory,
                                  "--webui-port", str(_free_port()),
                                  "--work-dir", str(logs / f"work-{i}"), master])
        deadline = time.monotonic() + start_timeout
        alive = 0
        while time.monotonic() < deadline:
            dead = [log for p, log in procs if p.poll() is not None]
            if dead:
                raise ClusterError(f"a Spark daemon exited; {dead[0]}:\n{_tail(dead[0])}")
            with contextlib.suppress(OSError, ValueError):
                alive = _alive_workers(ui)
                if alive >= workers:
                    break
            time.sleep(1)
        else:
            raise ClusterError(f"{alive} of {workers} workers registered with {master} in "
                               f"{start_timeout:.0f}s; master log:\n{_tail(procs[0][1])}")
        yield master
    finally:
        for p, _ in reversed(procs):
            if p.poll() is None:
                p.terminate()
        for p, _ in reversed(procs):
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(timeout=30)
        if owned:
            shutil.rmtree(logs, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m kformat.spark.standalone [--workers N] -- COMMAND ...``: run COMMAND
    (``{master}`` replaced by the master URL, also in ``$KFORMAT_SPARK_MASTER``) against a
    loopback cluster, then stop it. Exit status: COMMAND's."""
    parser = argparse.ArgumentParser(prog="python -m kformat.spark.standalone")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cores", type=int, default=1)
    parser.add_argument("--memory", default="1g")
    parser.add_argument("--timeout", type=float, default=1800.0,
                        help="seconds COMMAND may run (default 1800)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = [c for c in args.command if c != "--"] or [sys.executable, "-m", "kformat.main",
                                                         "--master", "{master}"]
    try:
        with standalone_cluster(args.workers, args.cores, args.memory) as master:
            print(f"standalone cluster up: {master} ({args.workers} workers)", flush=True)
            env = dict(os.environ, KFORMAT_SPARK_MASTER=master)
            try:
                return subprocess.run([c.replace("{master}", master) for c in command],
                                      env=env, timeout=args.timeout, check=False).returncode
            except subprocess.TimeoutExpired:
                print(f"command did not finish in {args.timeout:.0f}s", file=sys.stderr)
                return 124
    except ClusterError as exc:
        print(f"cluster: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
