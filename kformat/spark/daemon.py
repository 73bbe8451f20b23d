"""Spark's Python worker daemon, quiet when Spark has hung up on a worker.

Spark starts an executor's Python workers through a daemon, ``python -m
<spark.python.daemon.module> pyspark.worker`` (``pyspark.daemon`` by default);
:func:`kformat.spark.session` names this module (:data:`kformat.spark.sessions.DAEMON_CONFIG`).
It runs pyspark's own daemon with one difference: a forked worker whose socket Spark has
already closed ends quietly instead of printing a ``BrokenPipeError`` traceback. That happens

* to a task whose query stopped reading early: ``first()``, ``take(n)``, ``show()`` on a
  ``kafka-segments`` read (or any Python data source, ``mapInArrow``...) get their rows and
  Spark closes the socket of the worker still writing;
* with ``spark.python.unix.domain.socket.enabled``, to every idle worker Spark retires (after
  a minute without tasks, and at ``stop()``): the worker reads end-of-file, reports it, and
  the report's flush fails (pyspark 4.3's ``daemon.py``, ``worker()``).

Spark has finished with the worker in both cases: no task waits for it and nothing it could
still write would be read, so nothing is lost. Any other failure is pyspark's as before. The
data source's planning workers (schema, partitions, writes) always run under
``pyspark.daemon``: Spark names that module itself (docs/spark.md, "Tracebacks from pyspark's
daemon.py").
"""

from __future__ import annotations

import socket
from collections.abc import Callable

import pyspark.daemon as _daemon

__all__ = ["HUNG_UP", "quiet_when_hung_up"]

HUNG_UP = (BrokenPipeError, ConnectionResetError)
"""What writing to a socket whose other end has closed raises."""

_RETIRE = 1
"""What the daemon's worker loop takes as "do not reuse this worker": the fork exits."""


def quiet_when_hung_up(worker: Callable[[socket.socket, bool], int]
                       ) -> Callable[[socket.socket, bool], int]:
    """``worker`` (pyspark's ``daemon.worker(sock, authenticated)``, run in a forked child
    per task), ending the child quietly when Spark has closed its socket."""

    def run(sock: socket.socket, authenticated: bool) -> int:
        try:
            return worker(sock, authenticated)
        except HUNG_UP:
            return _RETIRE

    run.__wrapped__ = worker  # type: ignore[attr-defined]
    return run


if __name__ == "__main__":
    _daemon.worker = quiet_when_hung_up(_daemon.worker)  # looked up by manager() per fork
    _daemon.manager()
