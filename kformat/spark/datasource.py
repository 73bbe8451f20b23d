"""The ``kafka-segments`` Python data source (Spark 4's :mod:`pyspark.sql.datasource`).

::

    from kformat.spark import register
    register(spark)
    df = spark.read.format("kafka-segments").option("maxPartitionBytes", "64m") \\
        .load("/data/kafka-logs/orders-*/*.log")

A thin layer: :class:`KafkaSegmentsDataSource` gives the schema
(:mod:`kformat.spark.schema`); :class:`KafkaSegmentsReader` lists the files and plans
:class:`SegmentSplit` partitions on the driver (:func:`kformat.spark.columns.plan_splits`
reads only batch heads), and each task decodes its byte range into Arrow record batches with
:class:`kformat.spark.columns.ColumnReader`, reading the file itself (``os.pread`` locally,
``pyarrow.fs`` for object stores). The decoding modules are imported inside ``read()``.
Options: :mod:`kformat.spark.options`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from pyspark.sql.datasource import (
    DataSource,
    DataSourceArrowWriter,
    DataSourceReader,
    InputPartition,
    WriterCommitMessage,
)

from kformat.errors import KFormatError
from kformat.records.api import DEFAULT_MAX_BATCH_SIZE
from kformat.spark.files import FileSpec, expand_paths, topic_partition
from kformat.spark.options import Settings
from kformat.spark.pruning import Pruning, prune

if TYPE_CHECKING:
    import pyarrow as pa
    from pyspark.sql import SparkSession
    from pyspark.sql.types import StructType

    from kformat.spark.columns import ColumnReader
    from kformat.spark.sizing import Sizing

__all__ = [
    "NAME",
    "PUSHDOWN_CONF",
    "PUSHDOWN_REFUSED",
    "SAVE_MODES",
    "KafkaSegmentsDataSource",
    "KafkaSegmentsReader",
    "KafkaSegmentsWriter",
    "PlainKafkaSegmentsDataSource",
    "PruningReader",
    "SegmentSplit",
    "SplitGroup",
    "WrittenParts",
    "balance",
    "corrupt_count",
    "counting",
    "dropped_count",
    "install_save_modes",
    "planning_defaults",
    "register",
    "save",
    "save_mode",
]

NAME = "kafka-segments"
_PLAIN = (KFormatError, ValueError, OSError)
"""Errors kformat raises for bad data, options or paths: shown to the user as their one-line
message, without kformat's own traceback frames (:func:`_plain`)."""


def _plain(exc: BaseException) -> BaseException:
    """``exc`` without its traceback: Spark prints the worker's traceback in its error, and
    kformat's frames would bury the message under them (raise it ``from None``)."""
    return exc.with_traceback(None)


PUSHDOWN_CONF = "spark.sql.python.filterPushdown.enabled"


class SegmentSplit(InputPartition):
    """Bytes ``[start, end)`` of one segment file (picklable)."""

    def __init__(self, file: FileSpec, start: int, end: int, topic: str | None,
                 partition: int | None) -> None:
        super().__init__((file.path, start, end))
        self.file = file
        self.start = start
        self.end = end
        self.topic = topic
        self.partition = partition

    @property
    def path(self) -> str:
        return self.file.path

    def __repr__(self) -> str:
        return f"SegmentSplit({self.file.path!r}, {self.start}, {self.end})"


class SplitGroup(InputPartition):
    """Several small splits read one after the other by one task (picklable)."""

    def __init__(self, splits: list[SegmentSplit]) -> None:
        super().__init__(tuple((s.path, s.start, s.end) for s in splits))
        self.splits = list(splits)

    def __repr__(self) -> str:
        return f"SplitGroup({self.splits!r})"


def pack(splits: list[SegmentSplit], size: int) -> list[SegmentSplit | SplitGroup]:
    """Consecutive splits grouped up to ``size`` bytes each (a split alone stays itself;
    ``size`` 0: no grouping), as Spark's file sources pack small files into a partition."""
    if size <= 0:
        return list(splits)
    out: list[SegmentSplit | SplitGroup] = []
    group: list[SegmentSplit] = []
    total = 0
    for split in splits:
        n = split.end - split.start
        if group and total + n > size:
            out.append(group[0] if len(group) == 1 else SplitGroup(group))
            group, total = [], 0
        group.append(split)
        total += n
    if group:
        out.append(group[0] if len(group) == 1 else SplitGroup(group))
    return out


def balance(splits: list[SegmentSplit], sizing: Sizing,
            target: int) -> list[SegmentSplit | SplitGroup]:
    """Consecutive splits cut into as many runs of about equal weight (bytes plus the open
    cost each) as ``target`` bytes a partition asks for; a run of one split stays itself."""
    from kformat.spark.sizing import balanced_runs

    sizes = [s.end - s.start for s in splits]
    runs = balanced_runs([n + sizing.open_cost for n in sizes], sizing.partitions(sizes, target))
    return [splits[r.start] if len(r) == 1 else SplitGroup(splits[r.start:r.stop])
            for r in runs]


def _index(f: FileSpec, base: int | None, with_time: bool) -> Any:
    """The segment's parsed ``.index`` (and ``.timeindex`` when ``with_time``), or None
    without a base offset in its name."""
    from kformat.spark.planning import SegmentIndex

    if base is None:
        return None
    return SegmentIndex.parse(base, f.sibling(".index").read_all(),
                              f.sibling(".timeindex").read_all() if with_time else None)


class KafkaSegmentsReader(DataSourceReader):
    """Lists and splits the files on the driver; decodes one split per task."""

    def __init__(self, settings: Settings, session_defaults: Mapping[str, int] | None = None
                 ) -> None:
        self.settings = settings
        self.session_defaults: Mapping[str, int] = dict(session_defaults or {})
        """What :func:`register` read from the session (:func:`planning_defaults`): the
        planning worker has no session of its own."""
        self.pruning = Pruning()
        self.corrupt_counter: Any = None
        """A Spark accumulator counting unreadable stretches (set by the data source)."""

    def files(self) -> list[FileSpec]:
        s = self.settings
        files = expand_paths(list(s.paths), dict(s.fs_options))
        if not files:
            raise FileNotFoundError(f"kafka-segments: no segment files match {list(s.paths)}")
        return prune(files, self.pruning)

    def partitions(self) -> list[SegmentSplit | SplitGroup]:
        """The files' byte ranges, grouped into Spark partitions as Spark's file sources
        group files (:mod:`kformat.spark.sizing`), or by ``splitSize``/``packSize``."""
        try:
            return self._partitions()
        except _PLAIN as exc:
            raise _plain(exc) from None

    def _partitions(self) -> list[SegmentSplit | SplitGroup]:
        from kformat.spark.planning import Bounds, SegmentIndex, narrow
        from kformat.spark.pruning import _base_offset
        from kformat.spark.sizing import Sizing

        s = self.settings
        _freeze_planning_worker(s)
        rules = self.pruning
        bounds = Bounds(rules.min_offset, rules.max_offset, rules.min_timestamp)
        use_bounds = bounds != Bounds()
        files = self.files()
        sizing = Sizing.resolve(max_partition_bytes=s.max_partition_bytes,
                                open_cost=s.open_cost, parallelism=s.min_partitions,
                                session=self.session_defaults,
                                remote=any(f.filesystem is not None for f in files))
        spans: list[tuple[FileSpec, SegmentIndex | None, int, int]] = []
        for f in files:
            index = None
            if use_bounds and s.use_index:
                index = _index(f, _base_offset(f.path), bounds.min_timestamp is not None)
            start, end = narrow(index, f.size, bounds)
            if start < end:
                spans.append((f, index, start, end))
        target = sizing.target([end - start for _, _, start, end in spans])
        cut = target if s.split_size is None else s.split_size
        out: list[SegmentSplit] = []
        for f, index, start, end in spans:
            topic, partition = topic_partition(f.path)
            out += [SegmentSplit(f, a, b, topic, partition)
                    for a, b in self._cut(f, index, start, end, cut)]
        if s.pack_size is not None:
            return pack(out, s.pack_size)
        return balance(out, sizing, target)

    def _cut(self, f: FileSpec, index: Any, start: int, end: int,
             size: int) -> list[tuple[int, int]]:
        """``[start, end)`` of ``f`` cut into ranges of about ``size`` bytes at batch
        boundaries (at its ``.index`` entries when it has a usable index, else by walking
        the batch heads of a local file; a remote one without is not cut); ``size`` 0: not
        cut."""
        if size <= 0 or end - start <= size:
            return [(start, end)]
        from kformat.spark.columns import plan_splits
        from kformat.spark.planning import split_at_index
        from kformat.spark.pruning import _base_offset

        s = self.settings
        max_batch = s.read.get("max_batch_size") or DEFAULT_MAX_BATCH_SIZE
        if index is None and s.use_index:
            index = _index(f, _base_offset(f.path), False)
        source = f.open()
        try:
            cuts = split_at_index(source, index, start, end, size, max_batch_size=max_batch)
            if cuts is None and f.filesystem is not None:
                # no usable index on an object store: walking the batch heads would be a
                # ranged request per batch (110,000 for a 1 GiB segment), so one task reads it
                return [(start, end)]
            return cuts or plan_splits(source, size, max_batch_size=max_batch, start=start,
                                       end=end)
        finally:
            source.close()

    def read(self, partition: InputPartition) -> Iterator[pa.RecordBatch]:
        """The task's splits read in order, their rows joined into batches of up to
        ``batchRows`` rows (:func:`kformat.spark.columns.coalesced`): a task of many small
        segments sends Spark a few large batches, not a short one per file."""
        if self.settings.keep_memory:
            keep_worker_memory()
        if self.settings.freeze_heap:
            _freeze_worker_heap()
        if isinstance(partition, SplitGroup):
            splits = partition.splits
        elif isinstance(partition, SegmentSplit):
            splits = [partition]
        else:  # no files to read: Spark runs one task with a placeholder partition
            return
        from kformat.spark.columns import coalesced

        try:
            yield from coalesced(self._readers(splits))
        except _PLAIN as exc:
            raise _plain(exc) from None

    def _readers(self, splits: list[SegmentSplit]) -> Iterator[ColumnReader]:
        """A reader of each split in turn (the read options made once a task), its file
        open while it is read, its unreadable stretches counted and logged after."""
        from kformat.spark.columns import ColumnReader, ReadOptions

        options = ReadOptions(**self.settings.read)
        for split in splits:
            source = split.file.open()
            try:
                reader = ColumnReader(source, segment=split.file.path, topic=split.topic,
                                      partition=split.partition, start=split.start,
                                      end=split.end, options=options)
                yield reader
                if reader.corrupt:
                    self._report(split, reader)
            finally:
                source.close()

    def _report(self, split: SegmentSplit, reader: ColumnReader) -> None:
        import logging

        if self.corrupt_counter is not None:
            self.corrupt_counter.add(len(reader.corrupt))
        logging.getLogger("kformat.spark").warning(
            "%s [%d, %d): %d unreadable stretches (%d bytes), mode %s; first: %s",
            split.file.path, split.start, split.end, len(reader.corrupt),
            sum(c.length for c in reader.corrupt), reader.options.mode, reader.error)


_MALLOC_TUNED = False
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # glibc's mallopt parameters (malloc.h)
KEEP_MMAP_THRESHOLD = 32 << 20
KEEP_TRIM_THRESHOLD = 64 << 20


def keep_worker_memory() -> bool:
    """Let this process's C allocator keep the memory it frees for reuse (glibc ``mallopt``,
    once per process; elsewhere nothing): blocks up to :data:`KEEP_MMAP_THRESHOLD` come
    from the heap instead of a fresh mapping each, and the heap is given back to the system
    only when :data:`KEEP_TRIM_THRESHOLD` of it is free.

    A task makes and frees buffers of a few MiB over and over (the read blocks, the
    decompressed batches, the Arrow columns handed to Spark); glibc maps each one fresh
    and unmaps it when freed, so every page of every column is faulted in (and zeroed) by
    the kernel again: a quarter of the decoding's CPU time on this project's build machine.
    ``keepWorkerMemory=false`` leaves the allocator alone. Returns whether it was set.
    """
    global _MALLOC_TUNED
    if _MALLOC_TUNED:
        return True
    import ctypes
    import sys

    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    _MALLOC_TUNED = bool(mallopt(_M_MMAP_THRESHOLD, KEEP_MMAP_THRESHOLD)
                         and mallopt(_M_TRIM_THRESHOLD, KEEP_TRIM_THRESHOLD))
    return _MALLOC_TUNED


_FROZEN = False


def _freeze_worker_heap() -> None:
    """Freeze what this process holds at the start of a task (``gc.freeze``).

    A reused Spark Python worker runs a full ``gc.collect()`` after every task
    (``pyspark/daemon.py``); in a worker holding pyspark, pyarrow, pandas and kformat's
    grammars that collection scans every object they made, about 100 ms a task on the
    project's build machine, longer than a task reading 16 MB. Frozen objects are left out
    of every later collection. The first task collects once and freezes (the modules and
    the read path, imported first); each later task freezes what the tasks before it left
    alive, just after Spark's collection, so no garbage is frozen and the collection after
    a task sees only what that task made. ``freezeWorkerHeap=false`` leaves the worker
    alone.
    """
    global _FROZEN
    import gc

    if not _FROZEN:
        import kformat.spark.columns  # noqa: F401  (the read path's modules, frozen too)

        gc.collect()
        _FROZEN = True
    gc.freeze()


def _freeze_planning_worker(settings: Settings) -> None:
    """:func:`_freeze_worker_heap` in the planning workers on the driver (the one that
    makes the data source and its schema, the one that plans the partitions), which a
    reused worker also follows with a full collection every query (about 30 ms of CPU each
    here, while the tasks start); only in a reused Spark worker (``SPARK_REUSE_WORKER``),
    never in a process that merely calls the planning."""
    import os

    if settings.freeze_heap and os.environ.get("SPARK_REUSE_WORKER"):
        _freeze_worker_heap()


PruningReader = KafkaSegmentsReader
"""The old name of the reader that pruned files for pushed-down filters; it is the plain
reader now (see :data:`PUSHDOWN_REFUSED`)."""

PUSHDOWN_REFUSED = (
    "kafka-segments: filter pushdown stays off. Spark (4.3) keeps the files and ranges a "
    "filtered query planned with the DataFrame and reuses them for later queries on the "
    "same DataFrame: df.where('offset >= 300').count() followed by df.count() would count "
    "the filtered rows only, and a Python data source is not told which query it serves, "
    "so it cannot tell. Spark applies every filter to the rows read (docs/spark.md, "
    "'Filters').")
"""Why :func:`kformat.spark.session` refuses ``pushdown=True``."""


_CLEAN_SECONDS = 30.0
"""How long a write's end keeps removing its staging directory while killed tasks write."""


class WrittenParts(WriterCommitMessage):
    """A task's commit message: the topic-partitions it wrote into the staging directory."""

    def __init__(self, parts: list[Any]) -> None:
        self.parts = parts


class KafkaSegmentsWriter(DataSourceArrowWriter):
    """``df.write.format("kafka-segments").save(dir)``: each task writes the rows it has
    into a staging directory under ``dir`` (:mod:`kformat.spark.writer`); the commit on the
    driver moves (or merges) them into ``dir/<topic>-<partition>/``."""

    dropped_counter: Any = None
    """A Spark accumulator counting the rows ``corruptRows=drop`` left out (set by the data
    source)."""

    def __init__(self, options: dict[str, str], overwrite: bool) -> None:
        import os
        import uuid

        from kformat.spark.writer import STAGING, WriteOptions

        path = options.get("path")
        if not path:
            raise ValueError("kafka-segments write needs a directory: .save('/data/out')")
        if "://" in path and not path.startswith("file://"):
            raise ValueError(f"kafka-segments writes to local or shared paths, not {path!r}")
        self.directory = os.path.abspath(path.removeprefix("file://"))
        self.options = WriteOptions.from_options(options)
        self.overwrite = overwrite
        self.staging = os.path.join(self.directory, STAGING, uuid.uuid4().hex)
        self.created = not os.path.exists(self.directory)
        """The directory is new: a failed write removes it again."""
        # made here, on the driver, before any task: tasks make only what is below it, so
        # once an abort removed it, no task still running can bring it back
        os.makedirs(self.staging)

    def write(self, iterator: Iterator[pa.RecordBatch]) -> WrittenParts:
        import os
        import uuid

        from pyspark import TaskContext

        from kformat.spark.writer import Refused, write_rows

        context = TaskContext.get()
        task = context.partitionId() if context else 0
        # unique per call: attempts (and workers without a task context) never share a dir
        staging = os.path.join(self.staging, f"task-{task:05d}-{uuid.uuid4().hex}")
        refused = Refused()
        if not os.path.isdir(self.staging):
            raise _plain(FileNotFoundError(
                f"kafka-segments write: {self.staging} is not there: the write was aborted, "
                f"or this executor does not see the driver's directory (write to a path "
                f"every executor and the driver share)"))
        try:
            parts = write_rows(iterator, staging, self.options, task, refused=refused,
                               inside=True)
        except _PLAIN as exc:
            raise _plain(exc) from None
        if refused.rows and self.dropped_counter is not None:
            self.dropped_counter.add(refused.rows)
        return WrittenParts(parts)

    def commit(self, messages: list[WriterCommitMessage | None]) -> None:
        from kformat.spark.writer import commit

        parts = [p for m in messages if isinstance(m, WrittenParts) for p in m.parts]
        try:
            commit(parts, self.directory, self.options, self.staging, overwrite=self.overwrite)
        except _PLAIN as exc:
            self._clean(failed=True)
            raise _plain(exc) from None
        except BaseException:
            self._clean(failed=True)
            raise
        self._clean()

    def abort(self, messages: list[WriterCommitMessage | None]) -> None:
        self._clean(failed=True)

    def _clean(self, failed: bool = False) -> None:
        """Remove the staging directory (and, after a failed write into a new directory,
        that directory: the target is left as it was)."""
        import os
        import shutil
        import time

        # tasks killed with a failed job may still be writing below it for a moment: remove
        # until it is gone (nothing makes it again)
        deadline = time.monotonic() + _CLEAN_SECONDS
        while True:
            shutil.rmtree(self.staging, ignore_errors=True)
            if not os.path.exists(self.staging) or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        parent = os.path.dirname(self.staging)
        with contextlib.suppress(OSError):  # not empty: another write's staging
            os.rmdir(parent)
        if failed and self.created:
            with contextlib.suppress(OSError):  # not empty: someone else wrote into it
                os.rmdir(self.directory)


class KafkaSegmentsDataSource(DataSource):
    """``spark.read.format("kafka-segments")``: records of Kafka log segments."""

    session_defaults: Mapping[str, int] = {}
    """The session's planning figures (:func:`planning_defaults`), set by :func:`register`."""

    def __init__(self, options: Any) -> None:
        super().__init__(options)
        self.raw_options = dict(options)
        self._settings: Settings | None = None

    @property
    def settings(self) -> Settings:
        """The read options (parsed when first needed: a write has no reader options)."""
        if self._settings is None:
            try:
                self._settings = Settings.from_options(self.raw_options)
            except _PLAIN as exc:
                raise _plain(exc) from None
        return self._settings

    @classmethod
    def name(cls) -> str:
        return NAME

    def schema(self) -> str:
        try:
            settings = self.settings
        except _PLAIN as exc:
            raise _plain(exc) from None
        _freeze_planning_worker(settings)
        return settings.ddl()

    def _settings_for(self, schema: StructType) -> Settings:
        """Projection: a user schema naming fewer columns reads only those."""
        names = list(schema.fieldNames())
        if names == self.settings.column_names():
            return self.settings
        return self.settings.projected(names)

    def reader(self, schema: StructType) -> KafkaSegmentsReader:
        try:
            settings = self._settings_for(schema)
        except _PLAIN as exc:
            raise _plain(exc) from None
        return self._counted(KafkaSegmentsReader(settings, self.session_defaults))

    def _counted(self, reader: KafkaSegmentsReader) -> KafkaSegmentsReader:
        reader.corrupt_counter = getattr(type(self), "corrupt_counter", None)
        return reader

    def writer(self, schema: StructType, overwrite: bool) -> KafkaSegmentsWriter:
        from kformat.spark.writer import check_columns

        try:
            check_columns((f.name, f.dataType.simpleString()) for f in schema.fields)
            writer = KafkaSegmentsWriter(dict(self.raw_options), overwrite)
        except _PLAIN as exc:
            raise _plain(exc) from None
        writer.dropped_counter = getattr(type(self), "dropped_counter", None)
        return writer


class PlainKafkaSegmentsDataSource(KafkaSegmentsDataSource):
    """The old name of the source registered without filter pushdown; every source reads
    every listed file now (:data:`PUSHDOWN_REFUSED`)."""


def register(spark: SparkSession) -> None:
    """Register ``kafka-segments`` with a session (a reader without ``pushFilters``,
    whatever ``spark.sql.python.filterPushdown.enabled`` says: :data:`PUSHDOWN_REFUSED`),
    planning with the session's settings as they are now
    (:func:`planning_defaults`; register again after changing them: the count of
    :func:`corrupt_count` goes on), and gives ``df.write.format("kafka-segments").save()``
    Spark's four save modes (:func:`install_save_modes`). Fails early when Spark's Python
    workers cannot import kformat (:func:`kformat.spark.sessions.check_python`)."""
    from kformat.spark.sessions import check_python

    check_python(spark)
    install_save_modes()
    base = KafkaSegmentsDataSource
    sc = spark.sparkContext
    known = _COUNTERS.get(id(sc))
    counter, dropped = known[1:] if known is not None and known[0] is sc else \
        (sc.accumulator(0), sc.accumulator(0))
    # a class of its own (pickled by value) carries this session's counters and planning
    # figures to the planning worker and the tasks
    counted = type(base.__name__, (base,), {"corrupt_counter": counter,
                                            "dropped_counter": dropped,
                                            "session_defaults": planning_defaults(spark),
                                            "__qualname__": f"Counted{base.__name__}"})
    _COUNTERS[id(sc)] = (sc, counter, dropped)
    spark.dataSource.register(counted)


_COUNTERS: dict[int, tuple[Any, Any, Any]] = {}
"""id(SparkContext) -> (that context, its corrupt-data and dropped-rows accumulators)."""


def planning_defaults(spark: SparkSession) -> dict[str, int]:
    """What the partition planning takes from the session (:mod:`kformat.spark.sizing`),
    as Spark's file sources do: ``parallelism`` (``spark.sql.files.minPartitionNum``, else
    ``spark.sql.leafNodeDefaultParallelism``, else ``defaultParallelism``),
    ``maxPartitionBytes`` (``spark.sql.files.maxPartitionBytes``), and, when the session
    sets them, ``openCostInBytes`` (unset, Spark's 4m default is not taken: kformat's own
    are, 32k local, 4m URLs) and ``maxPartitionNum`` (``spark.sql.files.*``). Read when
    the source is registered (the planning worker has no session): register again after
    changing them, or give the options."""
    from kformat.spark.options import parse_size

    def conf(key: str, *, unset: bool = True) -> str | None:
        """The session's value; Spark's default for a key it knows only with ``unset``."""
        try:
            value = spark.conf.get(key) if unset else spark.conf.get(key, None)
        except Exception:  # a key this Spark does not know
            return None
        return None if value is None else str(value).strip()

    out: dict[str, int] = {}
    for key in ("spark.sql.files.minPartitionNum", "spark.sql.leafNodeDefaultParallelism"):
        value = conf(key)
        if value is not None and value.isdigit() and int(value) > 0:
            out["parallelism"] = int(value)
            break
    else:
        out["parallelism"] = int(spark.sparkContext.defaultParallelism)
    for name, unset in (("maxPartitionBytes", True), ("openCostInBytes", False)):
        key = f"spark.sql.files.{name}"
        value = conf(key, unset=unset)
        if value is not None:
            try:
                out[name] = parse_size(value, key)
            except ValueError:
                pass
    value = conf("spark.sql.files.maxPartitionNum", unset=False)
    if value is not None and value.isdigit() and int(value) > 0:
        out["maxPartitionNum"] = int(value)
    return out


def corrupt_count(spark: SparkSession) -> int:
    """Unreadable stretches of segments met by this session's reads so far (in
    ``PERMISSIVE`` and ``DROPMALFORMED`` modes), summed over tasks by a Spark accumulator
    (a task that is retried counts again)."""
    counter = _COUNTERS.get(id(spark.sparkContext))
    return 0 if counter is None or counter[0] is not spark.sparkContext else \
        int(counter[1].value)


def dropped_count(spark: SparkSession) -> int:
    """Rows this session's ``kafka-segments`` writes left out with ``corruptRows=drop``
    (rows not read as records: ``_corrupt`` set or ``crcValid`` false), summed over tasks
    by a Spark accumulator."""
    counter = _COUNTERS.get(id(spark.sparkContext))
    return 0 if counter is None or counter[0] is not spark.sparkContext else \
        int(counter[2].value)


SAVE_MODES = ("errorifexists", "append", "overwrite", "ignore")
_SPARK_MODES = {"errorifexists": "errorifexists", "error": "errorifexists",
                "default": "errorifexists", "append": "append", "overwrite": "overwrite",
                "ignore": "ignore"}


def save_mode(path: str | None, mode: str) -> str | None:
    """What a ``kafka-segments`` write to ``path`` with Spark's save ``mode`` does, decided
    on the driver: ``"append"`` or ``"overwrite"`` (the mode the write runs with), or None
    (``ignore`` and ``path`` holds something: write nothing). ``errorifexists`` (also spelt
    ``error``, ``default``) raises :class:`FileExistsError` when ``path`` is not empty, and
    runs as ``append`` into a new or empty directory. A ``_kformat_staging`` directory left
    by a killed job does not count."""
    import os

    from kformat.spark.writer import STAGING

    wanted = _SPARK_MODES.get(mode.lower())
    if wanted is None:
        raise ValueError(f"kafka-segments save mode must be one of {', '.join(SAVE_MODES)}, "
                         f"not {mode!r}")
    if not path:
        raise ValueError("kafka-segments write needs a directory: .save('/data/out')")
    if wanted in ("append", "overwrite"):
        return wanted
    local = path.removeprefix("file://")
    held = os.path.exists(local) and (not os.path.isdir(local) or
                                      any(n != STAGING for n in os.listdir(local)))
    if held and wanted == "errorifexists":
        raise FileExistsError(f"kafka-segments: {path} is not empty (save mode "
                              f"errorifexists); write with .mode('append') to add to it, "
                              f".mode('overwrite') to replace its topic-partitions, or "
                              f".mode('ignore') to leave it as it is")
    return None if held else "append"


def save(df: Any, path: str, mode: str = "errorifexists", **options: Any) -> bool:
    """``df`` written as partition directories under ``path`` with Spark's four save modes
    (:func:`save_mode`); the same as ``df.write.format("kafka-segments").mode(mode)
    .options(**options).save(path)`` once the source is registered. Returns whether it
    wrote."""
    run = save_mode(path, mode)
    if run is None:
        return False
    writer = df.write.format(NAME).mode(run)
    for key, value in options.items():
        writer = writer.option(key, str(value))
    writer.save(path)
    return True


def install_save_modes() -> None:
    """Give ``df.write.format("kafka-segments").save(path)`` Spark's four save modes.

    Spark (4.3) refuses ``errorifexists`` (its default) and ``ignore`` for every Python
    data source (``UNSUPPORTED_DATA_SOURCE_SAVE_MODE``): its writer API is told only
    "overwrite or not". :func:`register` therefore wraps pyspark's
    ``DataFrameWriter.save`` (once per process): for a ``kafka-segments`` write it decides
    the mode on the driver (:func:`save_mode`) and runs the write as ``append`` (or writes
    nothing); every other format goes to Spark untouched."""
    from pyspark.sql.readwriter import DataFrameWriter

    spark_save = DataFrameWriter.save
    if getattr(spark_save, "kformat_save_modes", False):
        return

    def save(self: DataFrameWriter, path: str | None = None, format: str | None = None,
             mode: str | None = None, partitionBy: Any = None, **options: Any) -> None:
        self.mode(mode).options(**options)
        if format is not None:
            self.format(format)
        jwrite = self._jwrite
        if str(jwrite.source()).lower() == NAME:
            target = path
            if target is None:
                given = jwrite.extraOptions().get("path")
                target = str(given.get()) if given.isDefined() else None
            try:
                run = save_mode(target, str(jwrite.curmode().toString()))
            except _PLAIN as exc:
                raise _plain(exc) from None
            if run is None:
                return None
            self.mode(run)
        return spark_save(self, path, partitionBy=partitionBy)

    save.__doc__ = spark_save.__doc__
    save.__wrapped__ = spark_save  # type: ignore[attr-defined]
    save.kformat_save_modes = True  # type: ignore[attr-defined]
    DataFrameWriter.save = save  # type: ignore[method-assign]


@contextlib.contextmanager
def counting(spark: SparkSession) -> Iterator[dict[str, int]]:
    """What the reads and writes run inside the ``with`` block met: ``corrupt``
    (unreadable stretches, :func:`corrupt_count`) and ``dropped`` (rows a write left out,
    :func:`dropped_count`), filled in when the block ends. Per read when one action runs
    at a time (the counts are the session's accumulators before and after)."""
    seen = {"corrupt": 0, "dropped": 0}
    before = corrupt_count(spark), dropped_count(spark)
    try:
        yield seen
    finally:
        seen["corrupt"] = corrupt_count(spark) - before[0]
        seen["dropped"] = dropped_count(spark) - before[1]
