"""What the data source does to the Spark Python worker it runs in (no Spark session)."""

from __future__ import annotations

import gc

import pytest

from kformat.spark.options import Settings


def test_planning_freezes_the_heap_only_in_a_reused_spark_worker(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pyspark")
    from kformat.spark import datasource

    settings = Settings.from_options({"path": "/a"})
    monkeypatch.delenv("SPARK_REUSE_WORKER", raising=False)
    before = gc.get_freeze_count()
    datasource._freeze_planning_worker(settings)
    assert gc.get_freeze_count() == before  # a process that merely plans: left alone
    monkeypatch.setenv("SPARK_REUSE_WORKER", "1")
    datasource._freeze_planning_worker(Settings.from_options({"path": "/a",
                                                             "freezeWorkerHeap": "false"}))
    assert gc.get_freeze_count() == before
    try:
        datasource._freeze_planning_worker(settings)
        assert gc.get_freeze_count() > before  # the daemon's collection after it skips these
    finally:
        gc.unfreeze()
