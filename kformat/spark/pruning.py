"""Skipping whole files for filters on ``topic``, ``partition`` and ``offset`` (no Spark here).

The data source takes no filters from Spark (Spark 4.3 reuses a filtered query's plan for
later queries on the same DataFrame: :data:`kformat.spark.datasource.PUSHDOWN_REFUSED`), so
its reader prunes with the empty :class:`Pruning`; given filters, :class:`Pruning` keeps
what files can tell:

* ``topic`` and ``partition`` (``=``, ``IN``) come from the directory name: other
  directories are not read;
* ``offset`` bounds (``>``, ``>=``, ``<``, ``<=``, ``=``): a segment holds offsets from its
  base offset (its file name) up to the next segment's base offset, so segments wholly
  outside the bounds are not read;
* inside a segment, offset bounds and a lower bound on ``timestamp`` skip byte ranges
  through the ``.index``/``.timeindex`` files (:mod:`kformat.spark.planning`).

Pruning only drops files; Spark still applies every filter to the rows read.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from kformat.spark.files import FileSpec, topic_partition

__all__ = ["Pruning", "prune"]


@dataclass(frozen=True)
class Pruning:
    """What the filters allow: None means anything."""

    topics: frozenset[str] | None = None
    partitions: frozenset[int] | None = None
    min_offset: int | None = None
    max_offset: int | None = None
    min_timestamp: int | None = None
    """Milliseconds; used inside segments (:mod:`kformat.spark.planning`), not for files."""
    nothing: bool = False
    """Set when the filters contradict each other or compare with a value of another type."""

    def _narrow(self, current: frozenset | None, values: Iterable[object]) -> frozenset:
        new = frozenset(values)
        return new if current is None else current & new

    def equal(self, column: str, values: Iterable[object]) -> Pruning:
        """``column IN values`` (``=`` is one value)."""
        values = list(values)
        if column == "topic":
            return replace(self, topics=self._narrow(
                self.topics, [v for v in values if isinstance(v, str)]))
        if column == "partition":
            return replace(self, partitions=self._narrow(
                self.partitions, [v for v in values if isinstance(v, int)]))
        if column == "offset":
            offsets = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
            if not offsets:
                return replace(self, nothing=True)
            return self.at_least(min(offsets)).at_most(max(offsets))
        return self

    def at_least(self, offset: int) -> Pruning:
        low = offset if self.min_offset is None else max(self.min_offset, offset)
        return replace(self, min_offset=low)

    def since(self, timestamp_ms: int) -> Pruning:
        """``timestamp >= timestamp_ms``."""
        low = timestamp_ms if self.min_timestamp is None else max(self.min_timestamp,
                                                                   timestamp_ms)
        return replace(self, min_timestamp=low)

    def at_most(self, offset: int) -> Pruning:
        high = offset if self.max_offset is None else min(self.max_offset, offset)
        return replace(self, max_offset=high)

    @property
    def active(self) -> bool:
        return self != Pruning()


def _base_offset(path: str) -> int | None:
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    digits = name.split(".", 1)[0]
    return int(digits) if digits.isdigit() and digits.isascii() else None


def prune(files: list[FileSpec], rules: Pruning) -> list[FileSpec]:
    """The files that may hold rows the rules allow, in their order."""
    if not rules.active or rules == Pruning(min_timestamp=rules.min_timestamp):
        return files
    if rules.nothing or (rules.min_offset is not None and rules.max_offset is not None
                         and rules.min_offset > rules.max_offset):
        return []
    by_dir: dict[str, list[tuple[int | None, FileSpec]]] = {}
    for f in files:
        directory = f.path.replace("\\", "/").rsplit("/", 1)[0]
        by_dir.setdefault(directory, []).append((_base_offset(f.path), f))
    keep: set[str] = set()
    for entries in by_dir.values():
        topic, partition = topic_partition(entries[0][1].path)
        if rules.topics is not None and topic not in rules.topics:
            continue
        if rules.partitions is not None and partition not in rules.partitions:
            continue
        bases = sorted((b, f) for b, f in entries if b is not None)
        for b, f in entries:
            if b is None:
                keep.add(f.path)  # a file not named by its offset: cannot tell
        for i, (base, f) in enumerate(bases):
            following = bases[i + 1][0] if i + 1 < len(bases) else None
            if rules.max_offset is not None and base > rules.max_offset:
                continue
            if rules.min_offset is not None and following is not None \
                    and following <= rules.min_offset:
                continue
            keep.add(f.path)
    return [f for f in files if f.path in keep]
