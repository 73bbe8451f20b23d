"""Partition planning figures (:mod:`kformat.spark.sizing`) and the data source's planning
with them, without Spark."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from kformat.spark.options import Settings
from kformat.spark.sizing import (
    DEFAULT_MAX_PARTITION_BYTES,
    LOCAL_OPEN_COST,
    REMOTE_OPEN_COST,
    Sizing,
    balanced_runs,
)
from tests.spark import data

MIB = 1 << 20


def spark_max_split_bytes(sizes: list[int], max_bytes: int, open_cost: int, cores: int) -> int:
    """Spark's ``FilePartition.maxSplitBytes``, written out as Spark has it."""
    total = sum(size + open_cost for size in sizes)
    bytes_per_core = total // cores
    return min(max_bytes, max(open_cost, bytes_per_core))


@pytest.mark.parametrize(("sizes", "cores"), [
    ([MIB] * 94, 2),            # the bench: 94 segments of 1 MiB on two cores
    ([1 << 30] * 3, 8),         # big segments: capped at maxPartitionBytes
    ([1000] * 10_000, 2),       # many tiny files
    ([5], 4),                   # less than the open cost
    ([3 * MIB, 7 * MIB], 3),
])
def test_target_is_sparks_max_split_bytes(sizes: list[int], cores: int) -> None:
    sizing = Sizing(DEFAULT_MAX_PARTITION_BYTES, LOCAL_OPEN_COST, cores)
    expected = spark_max_split_bytes(sizes, DEFAULT_MAX_PARTITION_BYTES, LOCAL_OPEN_COST, cores)
    assert expected <= sizing.target(sizes) <= expected + 1  # rounded up, not down


def test_small_data_gets_one_partition_per_core() -> None:
    sizes = [MIB] * 94
    for cores in (1, 2, 3, 4, 8):
        sizing = Sizing(parallelism=cores)
        assert sizing.partitions(sizes, sizing.target(sizes)) == cores
    # large data: partitions of maxPartitionBytes, more than the cores
    sizing = Sizing(max_partition_bytes=16 * MIB, parallelism=2)
    target = sizing.target(sizes)
    assert target == 16 * MIB
    assert sizing.partitions(sizes, target) == -(-94 * (MIB + LOCAL_OPEN_COST) // (16 * MIB))
    # never more partitions than ranges
    assert Sizing(parallelism=8).partitions([MIB] * 3, 1) == 3
    assert Sizing().partitions([], 1) == 0


def test_many_small_local_files_plan_few_partitions() -> None:
    """4,794 segments of 40 KB (a low-traffic topic rolled by time) on local[2]: three
    partitions, as a file costs a task little (kformat.spark.sizing.LOCAL_OPEN_COST); with
    the former open cost of 256k they weighed 1.4 GB and planned 11."""
    sizes = [40_000] * 4794
    sizing = Sizing.resolve(max_partition_bytes=None, open_cost=None, parallelism=None,
                            session={"parallelism": 2}, remote=False)
    assert sizing.partitions(sizes, sizing.target(sizes)) == 3
    former = Sizing(parallelism=2, open_cost=256 << 10)
    assert former.partitions(sizes, former.target(sizes)) == 11


def test_resolve_takes_options_then_the_session_then_defaults() -> None:
    session = {"parallelism": 6, "maxPartitionBytes": 64 * MIB}
    assert Sizing.resolve(max_partition_bytes=None, open_cost=None, parallelism=None,
                          session=session, remote=False) == Sizing(64 * MIB, LOCAL_OPEN_COST, 6)
    assert Sizing.resolve(max_partition_bytes=MIB, open_cost=0, parallelism=3,
                          session=session, remote=True) == Sizing(MIB, 0, 3)
    remote = Sizing.resolve(max_partition_bytes=None, open_cost=None, parallelism=None,
                            session={}, remote=True)
    assert (remote.max_partition_bytes, remote.open_cost) == (DEFAULT_MAX_PARTITION_BYTES,
                                                              REMOTE_OPEN_COST)
    assert remote.parallelism >= 1


def test_resolve_takes_the_sessions_open_cost_and_partition_cap() -> None:
    """``openCostInBytes`` and ``maxPartitionNum`` as the session set them (register reads
    them only when set); the reader's option still comes first."""
    session = {"parallelism": 2, "openCostInBytes": 0, "maxPartitionNum": 4}
    sizing = Sizing.resolve(max_partition_bytes=None, open_cost=None, parallelism=None,
                            session=session, remote=True)
    assert sizing == Sizing(DEFAULT_MAX_PARTITION_BYTES, 0, 2, 4)  # 0 taken, even for URLs
    assert Sizing.resolve(max_partition_bytes=None, open_cost=MIB, parallelism=None,
                          session=session, remote=False).open_cost == MIB
    sizes = [MIB] * 100
    assert Sizing(open_cost=0, parallelism=2).partitions(sizes, MIB) == 100
    assert sizing.partitions(sizes, MIB) == 4
    assert sizing.partitions([MIB] * 3, MIB) == 3


@pytest.mark.parametrize(("weights", "runs"), [
    ([1] * 10, 3), ([5, 1, 1, 1, 1, 1], 2), ([1, 1, 1, 100], 2), ([7], 4), ([3, 3], 5),
    ([100, 1, 1, 1, 1, 1, 1, 1, 1, 100], 2), (list(range(1, 50)), 7),
])
def test_balanced_runs_cover_every_item_once_in_order(weights: list[int], runs: int) -> None:
    cut = balanced_runs(weights, runs)
    assert [i for r in cut for i in r] == list(range(len(weights)))
    assert all(len(r) > 0 for r in cut)
    assert len(cut) <= min(runs, len(weights))
    # no run heavier than its fair share by more than one item
    fair = sum(weights) / min(runs, len(weights))
    assert all(sum(weights[i] for i in r) <= fair + max(weights) for r in cut)


def test_balanced_runs_split_equal_items_evenly() -> None:
    assert balanced_runs([1] * 94, 2) == [range(0, 47), range(47, 94)]
    assert [len(r) for r in balanced_runs([1] * 10, 3)] == [3, 4, 3]
    assert balanced_runs([], 3) == []


def reader(options: dict[str, str], session: dict[str, int]) -> object:
    from kformat.spark.datasource import KafkaSegmentsReader  # needs pyspark

    return KafkaSegmentsReader(Settings.from_options(options), session)


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return data.corpus(tmp_path_factory.mktemp("sizing")).log_dir


def spans(parts: list[object]) -> list[tuple[str, int, int]]:
    from kformat.spark.datasource import SplitGroup

    out = []
    for p in parts:
        for s in (p.splits if isinstance(p, SplitGroup) else [p]):  # type: ignore[attr-defined]
            out.append((s.path, s.start, s.end))  # type: ignore[attr-defined]
    return out


def test_planning_gives_the_session_parallelism_and_reads_every_byte_once(
        corpus_dir: Path) -> None:
    pytest.importorskip("pyspark")
    files = sorted(corpus_dir.glob("*/*.log"))
    whole = sorted((str(f), 0, f.stat().st_size) for f in files)
    for cores in (1, 2, 3):
        parts = reader({"path": f"{corpus_dir}/*/*.log"}, {"parallelism": cores}).partitions()
        assert len(parts) == cores
        assert sorted(spans(parts)) == whole  # small files: packed whole, none cut
    # minPartitions beats the session; files larger than a core's share are cut
    parts = reader({"path": f"{corpus_dir}/*/*.log", "minPartitions": "12",
                    "openCostInBytes": "0"}, {"parallelism": 1}).partitions()
    assert len(parts) == 12
    cut = spans(parts)
    assert len(cut) > len(files)
    # ranges of a file meet end to end, in order
    by_file: dict[str, list[tuple[int, int]]] = {}
    for path, a, b in cut:
        by_file.setdefault(path, []).append((a, b))
    for f in files:
        ranges = sorted(by_file[str(f)])
        assert ranges[0][0] == 0 and ranges[-1][1] == f.stat().st_size
        assert all(x[1] == y[0] for x, y in itertools.pairwise(ranges))


def test_max_partition_bytes_caps_a_partition(corpus_dir: Path) -> None:
    pytest.importorskip("pyspark")
    files = sorted(corpus_dir.glob("*/*.log"))
    total = sum(f.stat().st_size for f in files)
    cap = max(total // 8, 4096)
    parts = reader({"path": f"{corpus_dir}/*/*.log", "maxPartitionBytes": str(cap),
                    "openCostInBytes": "0"}, {"parallelism": 2}).partitions()
    assert len(parts) >= total // cap
    sizes = [sum(b - a for _, a, b in spans([p])) for p in parts]
    assert sum(sizes) == total
    # a range is cut at a batch boundary, so a partition may pass the cap by one batch
    assert max(sizes) <= 2 * cap + (64 << 10)


def test_split_size_and_pack_size_still_plan_as_before(corpus_dir: Path) -> None:
    pytest.importorskip("pyspark")
    files = sorted(corpus_dir.glob("*/*.log"))
    one_each = reader({"path": f"{corpus_dir}/*/*.log", "splitSize": "0", "packSize": "0"},
                      {"parallelism": 2}).partitions()
    assert len(one_each) == len(files)
    packed = reader({"path": f"{corpus_dir}/*/*.log", "packSize": "1g", "splitSize": "0"},
                    {"parallelism": 2}).partitions()
    assert len(packed) == 1


@pytest.mark.parametrize("options", [
    {"path": "/a", "maxPartitionBytes": "0"},
    {"path": "/a", "minPartitions": "0"},
    {"path": "/a", "minPartitions": "two"},
    {"path": "/a", "openCostInBytes": "lots"},
])
def test_bad_sizing_options(options: dict[str, str]) -> None:
    with pytest.raises(ValueError, match="option"):
        Settings.from_options(options)
