"""The options of the ``kafka-segments`` data source, parsed once on the driver.

No Spark here, so option handling is tested without a session. Option names are
case-insensitive (Spark lower-cases them).

=====================  =========================================================  ==========
option                 meaning                                                    default
=====================  =========================================================  ==========
``path`` / ``paths``   a file, directory or glob; ``paths`` a JSON list of them   (required)
``maxPartitionBytes``  most bytes one Spark partition reads (suffixes k, m, g)     the session's
                                                                                  (128m)
``openCostInBytes``    what opening a file costs, in bytes of reading: weighs     the session's
                       files in the planning (:mod:`kformat.spark.sizing`)        if set, else
                                                                                  32k local,
                                                                                  4m URLs
``minPartitions``      the parallelism planned for: partitions of about total /   the session's
                       this many bytes, while under ``maxPartitionBytes``
``splitSize``          cut segments into byte ranges of about this size (at       (planned)
                       batch boundaries; ``0``: never cut)
``packSize``           group consecutive files and ranges into one partition up   (planned)
                       to this many bytes (``0``: one partition per range)
``verifyCrc``          check batch CRCs (``crcValid`` is null when false)         true
``skipControl``        leave out the records of control batches                   false
``decode``             ``consumer_offsets``, ``transaction_state``,               (none)
                       ``cluster_metadata``, ``share_group_state`` or
                       ``remote_log_metadata``: typed columns
``mode``               corrupt data, as Spark's file sources: ``PERMISSIVE`` (a   PERMISSIVE
                       ``_corrupt`` row per unreadable stretch, then read on),
                       ``DROPMALFORMED`` (leave it out, counted and logged),
                       ``FAILFAST`` (raise with file and position)
``onCorrupt``          older spelling: ``fail`` = FAILFAST, ``skip`` =             (none)
                       DROPMALFORMED
``columns``            comma-separated columns to read (the rest are not built;    (all)
                       a user schema with fewer columns does the same)
``resyncLimit``        how far past damage to look for the next batch              16m
``useIndex``           plan splits and skip by offset/timestamp with the           true
                       ``.index``/``.timeindex`` files
``storage.*``          fsspec storage options for URL paths, e.g.                  (none)
                       ``storage.endpoint_url``
``batchRows``          rows per Arrow record batch (a task's small files share   10000
                       them)
``decompressionLimit`` cap on one batch's decompressed records (bytes)            64m
``maxBatchSize``       largest batch accepted (bytes)                             256m
``fs``, ``fs.*``       a pyarrow filesystem and its arguments (s3, gcs, hdfs,     (from the
                       azure, local), e.g. ``fs.region``                          path)
``freezeWorkerHeap``   freeze what the Python workers hold at the start of each   true
                       task and planning call (``gc.freeze``), so that the full
                       collection Spark runs after each skips the modules' objects
``keepWorkerMemory``   let the Python worker's C allocator keep the memory it     true
                       frees for reuse (glibc ``mallopt``: buffers up to 32 MiB
                       from the heap, not mapped afresh each time)
=====================  =========================================================  ==========
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

__all__ = ["MODES", "Settings", "parse_bool", "parse_mode", "parse_size"]

_SIZE = re.compile(r"\s*([0-9]+)\s*([kmgt]?)b?\s*", re.IGNORECASE)
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def parse_size(text: str | int, name: str) -> int:
    """``"64m"`` -> 67108864; plain integers are bytes."""
    if isinstance(text, int):
        return text
    m = _SIZE.fullmatch(str(text))
    if m is None:
        raise ValueError(f"option {name}: expected a size like 1048576, 512k or 64m, "
                         f"not {text!r}")
    return int(m.group(1)) * _UNITS[m.group(2).lower()]


def parse_bool(text: str | bool, name: str) -> bool:
    if isinstance(text, bool):
        return text
    lowered = str(text).strip().lower()
    if lowered in ("true", "1", "yes"):
        return True
    if lowered in ("false", "0", "no"):
        return False
    raise ValueError(f"option {name}: expected true or false, not {text!r}")


MODES = ("PERMISSIVE", "DROPMALFORMED", "FAILFAST")
_ON_CORRUPT = {"fail": "FAILFAST", "skip": "DROPMALFORMED"}


def parse_mode(opts: Mapping[str, str]) -> str:
    """The ``mode`` option (Spark's file-source modes), or the older ``onCorrupt``
    (``fail`` = FAILFAST, ``skip`` = DROPMALFORMED); both given must agree."""
    mode = opts.get("mode")
    if mode is not None:
        mode = mode.strip().upper()
        if mode not in MODES:
            raise ValueError(f"option mode: expected one of {', '.join(MODES)}, not {mode!r}")
    legacy = opts.get("oncorrupt")
    if legacy is not None:
        mapped = _ON_CORRUPT.get(legacy.strip().lower())
        if mapped is None:
            raise ValueError(f"option onCorrupt: expected fail or skip, not {legacy!r}")
        if mode is not None and mode != mapped:
            raise ValueError(f"options mode={mode} and onCorrupt={legacy} disagree")
        mode = mapped
    return mode or "PERMISSIVE"


def _size_or_none(opts: Mapping[str, str], name: str) -> int | None:
    """The size option ``name`` (looked up lower-cased), or None when not given."""
    text = opts.get(name.lower())
    return None if text is None else parse_size(text, name)


@dataclass(frozen=True)
class Settings:
    """Everything the reader needs, picklable."""

    paths: tuple[str, ...]
    split_size: int | None = None
    """Cut files into ranges of about this many bytes (``splitSize``; None: planned,
    :mod:`kformat.spark.sizing`; 0: never)."""
    read: dict[str, Any] = field(default_factory=dict)
    """Keyword arguments of :class:`kformat.spark.columns.ReadOptions`."""
    fs_options: tuple[tuple[str, str], ...] = ()
    use_index: bool = True
    """Plan splits and skip ranges with the ``.index``/``.timeindex`` files (``useIndex``)."""
    pack_size: int | None = None
    """Ranges read together by one Spark partition, up to this many bytes (``packSize``;
    None: planned; 0: one partition per range)."""
    freeze_heap: bool = True
    """Freeze what the worker holds at the start of each task, and the planning workers
    when they plan (``freezeWorkerHeap``)."""
    keep_memory: bool = True
    """Let the worker's C allocator keep freed memory for reuse (``keepWorkerMemory``)."""
    max_partition_bytes: int | None = None
    """Most bytes per partition (``maxPartitionBytes``; None: the session's)."""
    open_cost: int | None = None
    """What opening a file costs in bytes of reading (``openCostInBytes``; None: the
    session's when it sets one, else the default)."""
    min_partitions: int | None = None
    """The parallelism planned for (``minPartitions``; None: the session's)."""

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> Settings:
        opts = {k.lower(): v for k, v in options.items()}
        paths: list[str] = []
        if opts.get("paths"):
            loaded = json.loads(opts["paths"])
            paths += [loaded] if isinstance(loaded, str) else list(loaded)
        if opts.get("path"):
            paths.append(opts["path"])
        if not paths:
            raise ValueError("kafka-segments needs a path: .load('/data/topic-*/*.log')")
        decode = opts.get("decode") or None
        if decode is not None:
            from kformat.spark.schema import decode_topic

            decode_topic(decode)  # raises ValueError for an unknown mode
        read: dict[str, Any] = {
            "verify_crc": parse_bool(opts.get("verifycrc", "true"), "verifyCrc"),
            "skip_control": parse_bool(opts.get("skipcontrol", "false"), "skipControl"),
            "decode": decode,
            "mode": parse_mode(opts),
        }
        if opts.get("columns"):
            read["columns"] = tuple(c.strip() for c in opts["columns"].split(",") if c.strip())
            from kformat.spark.schema import select_ddl

            select_ddl(read["columns"], decode, read["mode"] == "PERMISSIVE")  # names checked
        for key, name, target in (("batchrows", "batchRows", "batch_rows"),
                                  ("decompressionlimit", "decompressionLimit",
                                   "decompression_limit"),
                                  ("maxbatchsize", "maxBatchSize", "max_batch_size"),
                                  ("resynclimit", "resyncLimit", "resync_limit")):
            if key in opts:
                read[target] = parse_size(opts[key], name)
        if read.get("batch_rows", 1) < 1:
            raise ValueError("option batchRows must be positive")
        split = _size_or_none(opts, "splitSize")
        fs = tuple(sorted((k, v) for k, v in opts.items()
                          if k == "fs" or k.startswith(("fs.", "storage."))))
        use_index = parse_bool(opts.get("useindex", "true"), "useIndex")
        pack = _size_or_none(opts, "packSize")
        freeze = parse_bool(opts.get("freezeworkerheap", "true"), "freezeWorkerHeap")
        keep = parse_bool(opts.get("keepworkermemory", "true"), "keepWorkerMemory")
        most = _size_or_none(opts, "maxPartitionBytes")
        if most is not None and most < 1:
            raise ValueError("option maxPartitionBytes must be positive")
        opening = _size_or_none(opts, "openCostInBytes")
        least = opts.get("minpartitions")
        if least is not None and (not least.strip().isdigit() or int(least) < 1):
            raise ValueError(f"option minPartitions: expected a positive number, not {least!r}")
        return cls(tuple(paths), split, read, fs, use_index, pack, freeze, keep, most,
                   opening, None if least is None else int(least))

    @property
    def decode(self) -> str | None:
        return self.read.get("decode")

    @property
    def mode(self) -> str:
        return str(self.read.get("mode", "PERMISSIVE"))

    def ddl(self) -> str:
        """The data source's schema: every column (``_corrupt`` in PERMISSIVE mode) or those
        of the ``columns`` option."""
        from kformat.spark.schema import select_ddl

        return select_ddl(self.read.get("columns"), self.decode, self.mode == "PERMISSIVE")

    def column_names(self) -> list[str]:
        """The names of :meth:`ddl`'s columns, in order."""
        from kformat.spark.schema import CORRUPT_COLUMN, columns

        chosen = self.read.get("columns")
        if chosen is not None:
            return list(chosen)
        names = [c.name for c in columns(self.decode)]
        return [*names, CORRUPT_COLUMN] if self.mode == "PERMISSIVE" else names

    def projected(self, names: list[str]) -> Settings:
        """These settings reading only ``names`` (a user schema's columns, in its order)."""
        from kformat.spark.schema import select_ddl

        select_ddl(names, self.decode, self.mode == "PERMISSIVE")  # ValueError if unknown
        return replace(self, read={**self.read, "columns": tuple(names)})
