"""How many Spark partitions a read gets, and which byte ranges each one reads.

The rule of Spark's own file sources (``FilePartition.maxSplitBytes``), with the figures a
Kafka segment reader has:

* every file (or byte range of one) weighs its bytes plus ``openCostInBytes``, what opening
  it costs in bytes of reading;
* a partition reads about ``target`` bytes, ``min(maxPartitionBytes, max(openCostInBytes,
  total weight / parallelism))``: as many partitions as cores when the data is small, none
  larger than ``maxPartitionBytes`` when it is large;
* a file larger than ``target`` is cut into byte ranges of about ``target`` (at its
  ``.index`` entries, :mod:`kformat.spark.planning`);
* the ranges, in file order, are cut into ``ceil(total weight / target)`` runs of about equal
  weight, one per partition (Spark fills partitions one after the other, which can leave a
  last small one: on two cores, three tasks take two rounds), and into no more than
  ``spark.sql.files.maxPartitionNum`` when the session sets it (Spark then regroups the same
  ranges into about that many partitions).

``parallelism`` is what the session runs at once (``spark.sql.files.minPartitionNum``, else
``spark.sql.leafNodeDefaultParallelism``, else ``SparkContext.defaultParallelism``); the
data source's planning runs in a Python worker that has no session, so
:func:`kformat.spark.register` reads it, ``maxPartitionBytes``, and ``openCostInBytes`` and
``maxPartitionNum`` where the session sets them, from the session it registers with. No
Spark here: the planning is tested without a session.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["DEFAULT_MAX_PARTITION_BYTES", "LOCAL_OPEN_COST", "REMOTE_OPEN_COST", "Sizing",
           "balanced_runs"]

DEFAULT_MAX_PARTITION_BYTES = 128 << 20
"""``spark.sql.files.maxPartitionBytes``'s default."""
LOCAL_OPEN_COST = 32 << 10
"""Opening a local segment: listing it at planning, an ``open``, ``fstat``, ``pread`` and
``close`` and a reader in the task, about 0.04 ms of CPU on this project's build machine,
what the reader decodes in about 17 KB (its rows share the task's Arrow batches,
:func:`kformat.spark.columns.coalesced`, so a file adds no batch); about twice that, as
Spark advises over-estimating it. 256k before the batches were shared: 5,729 files of 33 KB
planned 13 tasks on ``local[2]`` (1.43 s of CPU a query) where this plans 3 (1.21-1.27 s)."""
REMOTE_OPEN_COST = 4 << 20
"""Opening an object-store file: a request (tens of milliseconds), as Spark assumes
(``spark.sql.files.openCostInBytes``'s default)."""


@dataclass(frozen=True)
class Sizing:
    """The figures of one read's partition planning."""

    max_partition_bytes: int = DEFAULT_MAX_PARTITION_BYTES
    open_cost: int = LOCAL_OPEN_COST
    parallelism: int = 1
    max_partitions: int | None = None
    """``spark.sql.files.maxPartitionNum``: at most this many partitions (None: no cap)."""

    @classmethod
    def resolve(cls, *, max_partition_bytes: int | None, open_cost: int | None,
                parallelism: int | None, session: Mapping[str, int], remote: bool) -> Sizing:
        """Options first, then what the session said when the source was registered
        (``session``: ``maxPartitionBytes``, ``parallelism``, and ``openCostInBytes`` and
        ``maxPartitionNum`` when it sets them), then defaults (the parallelism: this
        machine's CPU count, right for ``local[*]``; the open cost: local or remote)."""
        if open_cost is None:
            open_cost = session.get("openCostInBytes")
        return cls(
            max_partition_bytes=max(1, max_partition_bytes or session.get(
                "maxPartitionBytes") or DEFAULT_MAX_PARTITION_BYTES),
            open_cost=open_cost if open_cost is not None else (
                REMOTE_OPEN_COST if remote else LOCAL_OPEN_COST),
            parallelism=max(1, parallelism or session.get("parallelism")
                            or os.cpu_count() or 1),
            max_partitions=session.get("maxPartitionNum"))

    def target(self, sizes: Sequence[int]) -> int:
        """Bytes per partition for files (or ranges) of these sizes: Spark's
        ``maxSplitBytes``."""
        total = sum(sizes) + len(sizes) * self.open_cost
        per_core = -(-total // self.parallelism)
        return max(1, min(self.max_partition_bytes, max(self.open_cost, per_core)))

    def partitions(self, sizes: Sequence[int], target: int) -> int:
        """How many partitions ranges of these sizes fill at ``target`` bytes each."""
        if not sizes:
            return 0
        total = sum(sizes) + len(sizes) * self.open_cost
        return min(len(sizes), max(1, math.ceil(total / target)),
                   self.max_partitions or len(sizes))


def balanced_runs(weights: Sequence[int], runs: int) -> list[range]:
    """Consecutive indexes of ``weights`` cut into at most ``runs`` runs of about equal
    weight (each item goes to the run its middle falls in; empty runs are left out)."""
    if not weights:
        return []
    runs = max(1, min(runs, len(weights)))
    total = sum(weights) or 1
    out: list[range] = []
    start = 0
    seen = 0
    current = 0
    for i, w in enumerate(weights):
        run = min(runs - 1, (2 * seen + w) * runs // (2 * total))
        if run != current and i > start:
            out.append(range(start, i))
            start = i
        current = run
        seen += w
    out.append(range(start, len(weights)))
    return out
