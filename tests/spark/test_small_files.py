"""Many small segment files read by one task: their rows share Arrow record batches
(:func:`kformat.spark.columns.coalesced`), and the rows are those of each file read alone,
in the same order, corrupt data handled per file in every ``mode``."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from kformat.corpus.records_corpus import generate_shard, write_shard
from kformat.errors import KFormatError
from kformat.records import to_arrow
from kformat.spark.columns import ColumnReader, ReadOptions, coalesced
from kformat.spark.datasource import KafkaSegmentsReader, SplitGroup
from kformat.spark.files import topic_partition
from kformat.spark.options import Settings

SEGMENT_BYTES = 4096
BATCH_ROWS = 1000
GARBAGE = b"\xde\xad\xbe\xef" * 25


@pytest.fixture(scope="module")
def small_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three partitions of 1,000 records in segments of 4 KB: a batch or so a file."""
    root = tmp_path_factory.mktemp("small")
    for shard in range(3):
        write_shard(generate_shard(11, shard, 1000), root, segment_bytes=SEGMENT_BYTES)
    return root


def files_of(root: Path) -> list[Path]:
    return sorted(root.glob("*/*.log"))


def one_task(root: Path, **options: str) -> tuple[KafkaSegmentsReader, SplitGroup]:
    """The reader and the single partition of every file below ``root``."""
    settings = Settings.from_options({"path": str(root), "packSize": "1g",
                                      "batchRows": str(BATCH_ROWS), "freezeWorkerHeap": "false",
                                      "keepWorkerMemory": "false", **options})
    reader = KafkaSegmentsReader(settings, {"parallelism": 2})
    (group,) = reader.partitions()
    assert isinstance(group, SplitGroup)
    return reader, group


def each_file(root: Path, options: ReadOptions) -> list[pa.RecordBatch]:
    """Every file read alone, in the listing's order."""
    out = []
    for path in files_of(root):
        topic, partition = topic_partition(str(path))
        out += ColumnReader(path.read_bytes(), segment=str(path), topic=topic,
                            partition=partition, options=options)
    return out


def test_a_task_of_small_files_sends_few_batches_with_every_row(small_dir: Path) -> None:
    files = files_of(small_dir)
    reader, group = one_task(small_dir)
    assert len(group.splits) == len(files) > 30
    batches = list(reader.read(group))
    alone = each_file(small_dir, ReadOptions(batch_rows=BATCH_ROWS))
    assert len(alone) == len(files)  # a short batch a file, read one by one
    rows = sum(b.num_rows for b in alone)
    assert rows > 2 * BATCH_ROWS
    # joined up to batchRows: ceil(rows / batchRows) batches, give or take a file's rows
    assert len(batches) <= rows // BATCH_ROWS + 2
    assert all(b.num_rows <= BATCH_ROWS for b in batches)
    assert pa.Table.from_batches(batches).equals(pa.Table.from_batches(alone))
    # and the same as a direct decode, file by file: topic, partition, segment, position
    direct = []
    for path in files:
        topic, partition = topic_partition(str(path))
        direct.append(to_arrow(path.read_bytes(), topic=topic, partition=partition,
                               segment=str(path), crc_mismatch="flag"))
    table = pa.Table.from_batches(batches).drop_columns(["_corrupt"])
    assert table.equals(pa.Table.from_batches(direct))
    assert set(table.column("segment").to_pylist()) == {str(f) for f in files}


@pytest.mark.parametrize("options", [
    {"columns": "value,segment,position,offset"},
    {"decode": "consumer_offsets", "columns": "offset,keySchema,decodeError,value"},
])
def test_projected_and_decoded_columns_are_joined_too(small_dir: Path,
                                                      options: dict[str, str]) -> None:
    reader, group = one_task(small_dir, **options)
    batches = list(reader.read(group))
    read = ReadOptions(batch_rows=BATCH_ROWS, decode=options.get("decode"),
                       columns=tuple(options["columns"].split(",")))
    assert len(batches) <= 4
    table = pa.Table.from_batches(batches)
    assert table.equals(pa.Table.from_batches(each_file(small_dir, read)))
    if "decode" in options:  # not offsets records: the decoder says why, row by row
        assert table.column("decodeError").null_count < table.num_rows // 10


def test_batches_of_batch_rows_pass_as_they_are(small_dir: Path) -> None:
    """A run of batchRows rows or more is not copied into another batch: with batchRows
    below a file's rows, each file gives the batches it gives alone."""
    reader, group = one_task(small_dir, batchRows="5")
    batches = list(reader.read(group))
    alone = each_file(small_dir, ReadOptions(batch_rows=5))
    assert [b.num_rows for b in batches] == [b.num_rows for b in alone]


def test_readers_with_other_options_are_refused(small_dir: Path) -> None:
    path = files_of(small_dir)[0]
    a = ColumnReader(path.read_bytes())
    b = ColumnReader(path.read_bytes(), options=ReadOptions(mode="FAILFAST"))
    with pytest.raises(ValueError, match="different options"):
        list(coalesced([a, b]))


def _first_batch_end(path: Path) -> int:
    return int.from_bytes(path.read_bytes()[8:12], "big") + 12


def damaged(small_dir: Path, tmp_path: Path) -> tuple[Path, list[Path]]:
    """A copy with garbage after the first batch of one file and the last batch of a later
    one cut short (both files of several batches, a third and two thirds in)."""
    root = tmp_path / "damaged"
    shutil.copytree(small_dir, root)
    files = files_of(root)
    several = [f for f in files if _first_batch_end(f) < f.stat().st_size]
    middle, later = several[len(several) // 3], several[2 * len(several) // 3]
    assert files.index(middle) < files.index(later)
    raw = middle.read_bytes()
    first = _first_batch_end(middle)
    middle.write_bytes(raw[:first] + GARBAGE + raw[first:])
    later.write_bytes(later.read_bytes()[:-7])
    return root, [middle, later]


@pytest.mark.parametrize("mode", ["PERMISSIVE", "DROPMALFORMED"])
def test_corrupt_files_among_small_ones_in_each_mode(
        small_dir: Path, tmp_path: Path, mode: str, caplog: pytest.LogCaptureFixture) -> None:
    root, bad = damaged(small_dir, tmp_path)
    reader, group = one_task(root, mode=mode)
    with caplog.at_level(logging.WARNING, logger="kformat.spark"):
        batches = list(reader.read(group))
    alone = each_file(root, ReadOptions(batch_rows=BATCH_ROWS, mode=mode))
    assert len(batches) < len(alone)
    got = pa.Table.from_batches(batches)
    assert got.equals(pa.Table.from_batches(alone))
    summaries = [r.getMessage() for r in caplog.records if "unreadable stretches" in r.message]
    assert [s.split(" [")[0] for s in summaries] == [str(p) for p in bad]
    if mode == "PERMISSIVE":
        corrupt = [c for c in got.column("_corrupt").to_pylist() if c is not None]
        assert [c["file"] for c in corrupt] == [str(p) for p in bad]
        assert [c["errorClass"] for c in corrupt] == ["InvalidValueError", "TruncatedError"]
        # each in its place: after the rows of the files before it
        segments = got.column("segment").to_pylist()
        at = [i for i, c in enumerate(got.column("_corrupt").to_pylist()) if c is not None]
        for i, path in zip(at, bad, strict=True):
            assert segments[i] == str(path)
            assert segments[i - 1] == str(path)  # the damaged file's first batch before it
    else:
        assert got.column_names[-1] == "position"


def test_failfast_names_the_first_damaged_file(small_dir: Path, tmp_path: Path) -> None:
    root, bad = damaged(small_dir, tmp_path)
    reader, group = one_task(root, mode="FAILFAST")
    with pytest.raises(KFormatError) as caught:
        list(reader.read(group))
    assert str(bad[0]) in str(caught.value)


@pytest.mark.spark
def test_spark_reads_many_small_files_exactly(spark: Any, small_dir: Path) -> None:
    """Through Spark, default planning: every row, its file and position, as a direct
    decode of each file gives them."""
    df = spark.read.format("kafka-segments").load(str(small_dir))
    got = [tuple(r) for r in df.select("topic", "partition", "offset", "segment", "position",
                                       "value").orderBy("topic", "partition", "offset")
           .collect()]
    expected = []
    for path in files_of(small_dir):
        topic, partition = topic_partition(str(path))
        t = to_arrow(path.read_bytes(), topic=topic, partition=partition, segment=str(path),
                     columns=["topic", "partition", "offset", "segment", "position", "value"])
        expected += [tuple(r.values()) for r in t.to_pylist()]
    expected.sort(key=lambda r: (r[0], r[1], r[2]))
    assert [(*r[:5], bytes(r[5]) if r[5] is not None else None) for r in got] == expected
    assert len({r[3] for r in got}) == len(files_of(small_dir))
