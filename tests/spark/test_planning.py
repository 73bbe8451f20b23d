"""Split planning and skipping through .index/.timeindex (kformat.spark.planning)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from kformat.records.api import build_batch, make_batch, parse_batches
from kformat.segments.partition import write_partition_dir
from kformat.spark.columns import ColumnReader, ReadOptions, plan_splits
from kformat.spark.files import BytesSource, FileSpec
from kformat.spark.planning import Bounds, SegmentIndex, narrow, split_at_index

MAX = 1 << 20


@pytest.fixture(scope="module")
def segment(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One segment of 400 batches of 5 records, timestamps rising with offsets (but one
    late batch), indexed every 1000 bytes."""
    batches = []
    for i in range(400):
        stamp = 1_000_000 + 10 * i if i != 300 else 1_000_000  # batch 300 is late
        batches.append(build_batch(make_batch(
            [{"key": b"k", "value": b"v" * 150, "timestamp": stamp + j} for j in range(5)],
            base_offset=5 * i)))
    directory = write_partition_dir(tmp_path_factory.mktemp("plan"), "t", 0, [batches],
                                    index_interval_bytes=1000)
    return directory / "00000000000000000000.log"


def index_of(log: Path) -> SegmentIndex:
    found = SegmentIndex.parse(0, log.with_suffix(".index").read_bytes(),
                               log.with_suffix(".timeindex").read_bytes())
    assert found is not None and len(found.offsets) > 50
    return found


def offsets_in(log: Path, start: int, end: int) -> list[int]:
    reader = ColumnReader(log.read_bytes(), start=start, end=end,
                          options=ReadOptions(mode="FAILFAST", columns=("offset",)))
    return [o for b in reader for o in b.column("offset").to_pylist()]


def test_splits_at_index_entries_cover_the_segment_once(segment: Path) -> None:
    raw = segment.read_bytes()
    index = index_of(segment)
    ranges = split_at_index(BytesSource(raw), index, 0, len(raw), 20_000, max_batch_size=MAX)
    assert ranges is not None and len(ranges) > 3
    assert all(a[1] == b[0] for a, b in itertools.pairwise(ranges))
    assert ranges[0][0] == 0 and ranges[-1][1] == len(raw)
    positions = {e.position for e in index.offsets}
    assert {a for a, _ in ranges[1:]} <= positions
    pieces = [o for a, b in ranges for o in offsets_in(segment, a, b)]
    assert pieces == list(range(2000))
    # the same cuts a head walk could make: every cut is a batch start
    assert {a for a, _ in ranges} <= {b.position for b in parse_batches(raw)}


def test_a_cut_that_is_not_a_batch_start_falls_back(segment: Path) -> None:
    raw = segment.read_bytes()
    index = index_of(segment)
    bad = SegmentIndex(tuple(type(e)(e.offset, e.position + 1) for e in index.offsets))
    assert split_at_index(BytesSource(raw), bad, 0, len(raw), 20_000, max_batch_size=MAX) \
        is None
    assert SegmentIndex.parse(0, b"") is None
    partial = SegmentIndex.parse(0, b"\x00\x00\x00\x05")  # a partial entry: tolerated
    assert partial is not None and partial.offsets == ()


def test_offset_bounds_narrow_the_range(segment: Path) -> None:
    raw = segment.read_bytes()
    index = index_of(segment)
    start, end = narrow(index, len(raw), Bounds(min_offset=1000, max_offset=1200))
    assert 0 < start < end < len(raw)
    got = offsets_in(segment, start, end)
    assert set(range(1000, 1201)) <= set(got)
    assert len(got) < 600
    assert narrow(index, len(raw), Bounds()) == (0, len(raw))
    assert narrow(None, len(raw), Bounds(min_offset=5)) == (0, len(raw))


def test_timestamp_lower_bound_skips_only_what_cannot_match(segment: Path) -> None:
    raw = segment.read_bytes()
    index = index_of(segment)
    t = 1_000_000 + 10 * 250
    start, end = narrow(index, len(raw), Bounds(min_timestamp=t))
    assert start > 0 and end == len(raw)
    got = offsets_in(segment, start, end)
    table = ColumnReader(raw, options=ReadOptions(mode="FAILFAST",
                                                  columns=("offset", "timestamp")))
    wanted = [o for b in table for o, s in zip(b.column("offset").to_pylist(),
                                                b.column("timestamp").to_pylist(),
                                                strict=True)
              if s.timestamp() * 1000 >= t]
    assert set(wanted) <= set(got)
    assert len(got) < 2000


def test_plan_splits_from_a_start(segment: Path) -> None:
    raw = segment.read_bytes()
    starts = [b.position for b in parse_batches(raw)]
    ranges = plan_splits(raw, 10_000, start=starts[100], end=starts[300])
    assert ranges[0][0] == starts[100] and ranges[-1][1] == starts[300]
    assert {a for a, _ in ranges} <= set(starts)


def test_sibling_files(segment: Path) -> None:
    spec = FileSpec(str(segment), str(segment), None, segment.stat().st_size)
    assert spec.sibling(".index").path == str(segment.with_suffix(".index"))
    assert spec.sibling(".index").read_all() == segment.with_suffix(".index").read_bytes()
    assert spec.sibling(".nope").read_all() is None


def test_a_remote_segment_without_an_index_is_read_as_one_range(
        segment: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An object-store segment is cut at its ``.index`` entries; without a usable index it is
    one range: walking its batch heads would be a ranged request per batch (110,000 for a
    1 GiB segment)."""
    pytest.importorskip("pyspark")
    fsspec = pytest.importorskip("fsspec")
    import uuid

    from kformat.spark import files
    from kformat.spark.datasource import KafkaSegmentsReader, SplitGroup
    from kformat.spark.options import Settings

    memory = fsspec.filesystem("memory")
    root = f"/kformat-plan-{uuid.uuid4().hex}/t-0"
    raw = segment.read_bytes()
    memory.pipe(f"{root}/00000000000000000000.log", raw)
    reads: list[int] = []
    read_at = files._FsspecFile.read_at

    def counted(self: object, offset: int, n: int) -> bytes:
        reads.append(n)
        return read_at(self, offset, n)  # type: ignore[arg-type]

    monkeypatch.setattr(files._FsspecFile, "read_at", counted)

    def ranges() -> list[tuple[int, int]]:
        reads.clear()
        settings = Settings.from_options({"path": f"memory://{root}", "splitSize": "20000"})
        parts = KafkaSegmentsReader(settings, {"parallelism": 1}).partitions()
        return [(s.start, s.end) for p in parts
                for s in (p.splits if isinstance(p, SplitGroup) else [p])]

    try:
        assert ranges() == [(0, len(raw))]
        assert len(reads) <= 2
        memory.pipe(f"{root}/00000000000000000000.index",
                    segment.with_suffix(".index").read_bytes())
        cut = ranges()
        assert len(cut) > 3 and cut[0][0] == 0 and cut[-1][1] == len(raw)
        assert all(a[1] == b[0] for a, b in itertools.pairwise(cut))
        assert len(reads) <= 2 * len(cut) + 2  # a check of each cut, not a walk
    finally:
        memory.rm(root.rsplit("/", 1)[0], recursive=True)
