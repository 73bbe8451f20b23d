"""Where a local Spark query's CPU goes: the session's processes and threads, by role.

On a shared 2-core machine the Spark query's wall time says more about the other users
than about the query; the CPU it takes does not (much). :class:`SessionCpu` reads, from
``/proc`` (Linux only), the CPU seconds of a ``local[N]`` session's JVM by thread role and
of its Python worker processes (the daemons and workers under the JVM, those already
exited included), before and after a query:

* ``python``: the Python workers: the tasks' reads (decoding, Arrow to the socket) and the
  planning workers (the data source, its schema, its partitions);
* ``tasks``: the executor's task threads: Arrow batches in, rows, the aggregate;
* ``jit``: the JIT compiler threads (Spark's own warm-up: planning, scheduling, the row
  loop);
* ``jvm``: every other JVM thread (query planning on the driver, scheduling, GC,
  bookkeeping).
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROLES = ("python", "tasks", "jit", "jvm")
_PROC = Path("/proc")


def _stat(path: Path) -> tuple[str, list[str]] | None:
    try:
        text = path.read_text()
    except OSError:  # gone meanwhile
        return None
    close = text.rindex(")")
    return text[text.index("(") + 1:close], text[close + 2:].split()


def _role(thread: str) -> str:
    if "CompilerThre" in thread:  # "C2 CompilerThre", "C1 CompilerThre"
        return "jit"
    if thread.startswith("Executor task"):  # "Executor task launch worker for task ..."
        return "tasks"
    return "jvm"


class SessionCpu:
    """CPU seconds of a local session's JVM (by thread role) and its Python workers."""

    def __init__(self, jvm_pid: int) -> None:
        self.jvm_pid = jvm_pid
        self.tick = os.sysconf("SC_CLK_TCK")

    @classmethod
    def of(cls, spark: Any) -> SessionCpu | None:
        """For a session whose JVM runs on this Linux machine, else None."""
        if not (_PROC / "self" / "stat").exists():
            return None
        try:
            pid = int(spark._jvm.java.lang.ProcessHandle.current().pid())
        except Exception:  # a remote or Connect session: no local JVM
            return None
        return cls(pid) if (_PROC / str(pid)).exists() else None

    def sample(self) -> dict[str, float]:
        """CPU seconds so far, by role."""
        out = dict.fromkeys(ROLES, 0.0)
        for task in (_PROC / str(self.jvm_pid) / "task").glob("*/stat"):
            found = _stat(task)
            if found is not None:
                name, fields = found
                out[_role(name)] += (int(fields[11]) + int(fields[12])) / self.tick
        children: dict[int, list[int]] = {}
        times: dict[int, float] = {}
        for proc in _PROC.glob("[0-9]*/stat"):
            found = _stat(proc)
            if found is None:
                continue
            fields = found[1]
            pid = int(proc.parent.name)
            children.setdefault(int(fields[1]), []).append(pid)
            # own time and that of its reaped children (a daemon's exited workers)
            times[pid] = sum(int(f) for f in fields[11:15]) / self.tick
        todo = list(children.get(self.jvm_pid, ()))
        while todo:
            pid = todo.pop()
            out["python"] += times.get(pid, 0.0)
            todo += children.get(pid, ())
        return out

    @staticmethod
    def delta(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
        return {k: after[k] - before[k] for k in ROLES}


def median_roles(samples: Iterable[dict[str, float]]) -> dict[str, float]:
    """Each role's median over the queries, and ``total`` the median of their totals."""
    rows = list(samples)
    out = {k: statistics.median(r[k] for r in rows) for k in ROLES}
    out["total"] = statistics.median(sum(r[k] for k in ROLES) for r in rows)
    return out


def describe(name: str, roles: dict[str, float]) -> str:
    return (f"{name}: {roles['total']:.2f} s CPU a query (median): Python workers "
            f"{roles['python']:.2f}, task threads {roles['tasks']:.2f}, JIT {roles['jit']:.2f}, "
            f"other JVM threads {roles['jvm']:.2f}")
