"""Option parsing, the schema declaration and its documentation (no Spark)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kformat.spark.files import FilesystemSpec, filesystem_spec
from kformat.spark.options import Settings, parse_bool, parse_size
from kformat.spark.schema import (
    BATCH_COLUMNS,
    DECODE_COLUMNS,
    DECODE_MODES,
    KAFKA_COLUMNS,
    TOPIC_COLUMNS,
    arrow_schema,
    columns,
    ddl,
    markdown_table,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "spark.md"


def test_defaults() -> None:
    s = Settings.from_options({"path": "/x/*.log"})
    assert s.paths == ("/x/*.log",)
    assert (s.split_size, s.pack_size, s.max_partition_bytes, s.open_cost, s.min_partitions) \
        == (None, None, None, None, None)  # planned (kformat.spark.sizing)
    assert s.read == {"verify_crc": True, "skip_control": False, "decode": None,
                      "mode": "PERMISSIVE"}
    assert s.column_names()[-1] == "_corrupt"
    assert s.fs_options == ()


def test_options_are_case_insensitive_and_typed() -> None:
    s = Settings.from_options({"PATH": "/a", "paths": '["/b", "/c"]', "splitsize": "64m",
                               "VerifyCrc": "false", "skipControl": "TRUE",
                               "decode": "consumer_offsets", "onCorrupt": "skip",
                               "batchRows": "500", "decompressionLimit": "1m",
                               "maxBatchSize": "2048k", "fs": "s3", "fs.region": "eu"})
    assert s.paths == ("/b", "/c", "/a")
    assert s.split_size == 64 << 20
    assert s.read == {"verify_crc": False, "skip_control": True, "decode": "consumer_offsets",
                      "mode": "DROPMALFORMED", "batch_rows": 500, "decompression_limit": 1 << 20,
                      "max_batch_size": 2 << 20}
    assert s.fs_options == (("fs", "s3"), ("fs.region", "eu"))
    assert s.decode == "consumer_offsets"


@pytest.mark.parametrize("options", [
    {},
    {"path": "/a", "splitSize": "lots"},
    {"path": "/a", "verifyCrc": "maybe"},
    {"path": "/a", "decode": "__consumer_offsets"},
    {"path": "/a", "onCorrupt": "ignore"},
    {"path": "/a", "mode": "lenient"},
    {"path": "/a", "mode": "FAILFAST", "onCorrupt": "skip"},
    {"path": "/a", "columns": "offset,nope"},
    {"path": "/a", "batchRows": "0"},
])
def test_bad_options(options: dict[str, str]) -> None:
    with pytest.raises(ValueError):
        Settings.from_options(options)


def test_modes_and_columns() -> None:
    assert Settings.from_options({"path": "/a", "mode": "failFast"}).mode == "FAILFAST"
    assert Settings.from_options({"path": "/a", "onCorrupt": "fail"}).mode == "FAILFAST"
    s = Settings.from_options({"path": "/a", "mode": "DROPMALFORMED",
                               "columns": "offset, value"})
    assert s.column_names() == ["offset", "value"]
    assert s.ddl() == "`offset` bigint, `value` binary"
    assert s.projected(["value"]).column_names() == ["value"]
    with pytest.raises(ValueError, match="unknown columns"):
        s.projected(["_corrupt"])


def test_sizes_and_bools() -> None:
    assert [parse_size(x, "n") for x in ("0", "17", "1k", "3M", "2g", "5mb", 9)] == \
        [0, 17, 1024, 3 << 20, 2 << 30, 5 << 20, 9]
    assert [parse_bool(x, "b") for x in ("true", "False", "1", "no", True)] == \
        [True, False, True, False, True]


def test_filesystem_spec() -> None:
    assert filesystem_spec("/data/x.log", {}) is None
    assert filesystem_spec("s3://b/x.log", {}) == FilesystemSpec("uri")
    spec = filesystem_spec("b/x.log", {"fs": "S3", "fs.region": "eu", "fs.anonymous": "true",
                                       "fs.connect_timeout": "5"})
    assert spec == FilesystemSpec("s3", (("anonymous", True), ("connect_timeout", 5),
                                         ("region", "eu")))
    with pytest.raises(ValueError):
        filesystem_spec("x", {"fs": "ftp"})


def test_schema_views_agree() -> None:
    for mode in (None, *DECODE_MODES):
        cols = columns(mode)
        assert [f.name for f in arrow_schema(mode)] == [c.name for c in cols]
        assert ddl(mode).count("`") == 2 * len(cols)
        assert len({c.name for c in cols}) == len(cols), "column names are unique"
    assert [c.name for c in KAFKA_COLUMNS] == ["key", "value", "topic", "partition", "offset",
                                               "timestamp", "timestampType", "headers"]


def test_docs_show_the_declared_columns() -> None:
    text = DOC.read_text()
    assert markdown_table(KAFKA_COLUMNS + BATCH_COLUMNS) in text
    assert markdown_table(DECODE_COLUMNS) in text
    for mode, cols in TOPIC_COLUMNS.items():
        assert f"`{mode}`" in text
        if cols:
            assert markdown_table(cols) in text


def test_freeze_worker_heap_option() -> None:
    assert Settings.from_options({"path": "/a"}).freeze_heap is True
    assert Settings.from_options({"path": "/a", "freezeWorkerHeap": "false"}).freeze_heap is False
    with pytest.raises(ValueError, match="freezeWorkerHeap"):
        Settings.from_options({"path": "/a", "freezeWorkerHeap": "sometimes"})


def _unfrozen(kept: list[list[int]]) -> int:
    """How many of ``kept`` and its lists the collector still scans (``gc.get_objects``
    leaves out the permanent generation ``gc.freeze`` moves objects to)."""
    import gc

    scanned = {id(o) for o in gc.get_objects()}
    return sum(id(o) in scanned for o in (kept, *kept))


def test_a_worker_heap_is_frozen_at_each_task_and_only_when_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Spark collects garbage in full after every task of a reused Python worker: the
    reader freezes what the worker holds once, so those collections skip it."""
    import gc

    from kformat.spark import datasource
    from kformat.spark.datasource import KafkaSegmentsReader

    monkeypatch.setattr(datasource, "_FROZEN", False)
    # not a full collection here: it would finalize other tests' garbage in this test
    monkeypatch.setattr(gc, "collect", lambda *args: 0)
    gc.unfreeze()
    try:
        off = KafkaSegmentsReader(Settings.from_options({"path": "/a",
                                                         "freezeWorkerHeap": "false"}))
        assert list(off.read(object())) == []  # not a split: nothing to read
        assert gc.get_freeze_count() == 0
        on = KafkaSegmentsReader(Settings.from_options({"path": "/a"}))
        assert list(on.read(object())) == []
        frozen = gc.get_freeze_count()
        assert frozen > 1000
        kept = [[n] for n in range(100)]  # what a task leaves alive is frozen by the next
        assert _unfrozen(kept) == len(kept) + 1
        assert list(on.read(object())) == []
        # by identity, not by count: frozen objects freed meanwhile lower the count
        assert _unfrozen(kept) == 0
    finally:
        gc.unfreeze()


def test_keep_worker_memory_option() -> None:
    assert Settings.from_options({"path": "/a"}).keep_memory is True
    assert Settings.from_options({"path": "/a", "keepWorkerMemory": "false"}).keep_memory \
        is False
    with pytest.raises(ValueError, match="keepWorkerMemory"):
        Settings.from_options({"path": "/a", "keepWorkerMemory": "maybe"})


def test_the_reader_tunes_the_worker_allocator_only_when_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import platform

    from kformat.spark import datasource
    from kformat.spark.datasource import KafkaSegmentsReader

    calls: list[bool] = []
    monkeypatch.setattr(datasource, "keep_worker_memory", lambda: calls.append(True) or True)
    off = {"path": "/a", "freezeWorkerHeap": "false"}
    assert list(KafkaSegmentsReader(Settings.from_options(
        {**off, "keepWorkerMemory": "false"})).read(object())) == []
    assert calls == []
    assert list(KafkaSegmentsReader(Settings.from_options(off)).read(object())) == []
    assert calls == [True]
    monkeypatch.undo()
    glibc = platform.system() == "Linux" and platform.libc_ver()[0] == "glibc"
    assert datasource.keep_worker_memory() is glibc
    assert datasource.keep_worker_memory() is glibc  # once per process, then a no-op
