"""Copy jobs a data engineer runs in a local SparkSession: read a damaged partition directory
in each mode and write it back (nothing invented, nothing laundered), pushdown that gives
the same answers for any sequence of queries on one DataFrame, readable errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kformat.segments.names import segment_filename
from tests.spark.test_corrupt import DAMAGE

pytestmark = pytest.mark.spark

MODES = ("PERMISSIVE", "DROPMALFORMED", "FAILFAST")
READABLE = {"truncated": 6, "crc": 6, "codec": 6, "garbage": 9}


def damaged_dir(root: Path, kind: str) -> tuple[Path, int]:
    """``root/t-0/`` holding one segment with ``kind`` of damage; the damage's position."""
    raw, at, _ = DAMAGE[kind]()
    d = root / "t-0"
    d.mkdir(parents=True)
    (d / segment_filename(0)).write_bytes(raw)
    return root, at


def load(spark: Any, path: Path, **options: str) -> Any:
    reader = spark.read.format("kafka-segments")
    for key, value in options.items():
        reader = reader.option(key, value)
    return reader.load(str(path))


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_a_copy_job_refuses_or_drops_what_was_not_read_as_a_record(
        spark: Any, tmp_path: Path, kind: str) -> None:
    import kformat.spark

    source, at = damaged_dir(tmp_path / "in", kind)
    n = 3 if kind == "crc" else 1
    for mode in MODES:
        df = load(spark, source, mode=mode)
        out = tmp_path / f"out-{mode}"
        write = df.write.format("kafka-segments").mode("overwrite")
        if mode == "FAILFAST":
            with pytest.raises(Exception, match=r"t-0/00000000000000000000\.log"):
                write.save(str(out))
            assert not list(out.rglob("*.log"))
            continue
        if mode == "PERMISSIVE":
            with pytest.raises(Exception) as info:
                write.save(str(out))
            assert f"{n} rows were not read as records" in str(info.value)
            assert f"00000000000000000000.log position {at}" in str(info.value)
            assert "corruptRows" in str(info.value)
            assert not list(out.rglob("*.log")), "a failed write left segments behind"
            before = kformat.spark.dropped_count(spark)
            write.option("corruptRows", "drop").save(str(out))
            assert kformat.spark.dropped_count(spark) - before == n
        else:
            write.save(str(out))
        back = load(spark, out, mode="FAILFAST")
        assert back.count() == READABLE[kind]
        assert back.where("crcValid = false").count() == 0


# --------------------------------------------------------------------------- pushdown

def _random_dir(root: Path, rnd: Any) -> list[tuple[str, int, int, int]]:
    """Partition directories of random offsets and timestamps under ``root``; the
    (topic, partition, offset, timestamp ms) of every record, by direct decode."""
    from kformat.records.api import build_batch, make_batch
    from kformat.segments.partition import read_partition_dir, write_partition_dir

    out = []
    for topic in rnd.sample(["a", "b-x", "c"], rnd.randint(1, 2)):
        for partition in rnd.sample(range(3), rnd.randint(1, 2)):
            segments, offset, stamp = [], rnd.randint(0, 50), 1_700_000_000_000
            for _ in range(rnd.randint(1, 3)):
                batches = []
                for _ in range(rnd.randint(1, 4)):
                    n = rnd.randint(1, 6)
                    records = [{"value": b"v", "timestamp": stamp + rnd.randint(-5, 60_000)}
                               for _ in range(n)]
                    batches.append(build_batch(make_batch(records, base_offset=offset)))
                    offset += n + rnd.randint(0, 3)
                    stamp += 60_000
                segments.append(batches)
            d = write_partition_dir(root, topic, partition, segments)
            out += [(topic, partition, r.offset, r.timestamp)
                    for b in read_partition_dir(d).batches for r in b.records]
    return out


def _random_filter(rnd: Any, rows: list[tuple[str, int, int, int]]) -> tuple[str, Any]:
    """A SQL condition on topic, partition, offset and timestamp, and the same as a
    Python predicate over (topic, partition, offset, timestamp)."""
    offsets = sorted(r[2] for r in rows)
    stamps = sorted(r[3] for r in rows)
    parts = []
    for _ in range(rnd.randint(1, 3)):
        kind = rnd.choice(["offset", "offset", "timestamp", "partition", "topic"])
        if kind == "offset":
            n, op = rnd.choice(offsets) + rnd.randint(-1, 1), rnd.choice([">=", ">", "<", "<=", "="])
            parts.append((f"offset {op} {n}", lambda r, n=n, op=op: _cmp(r[2], op, n)))
        elif kind == "timestamp":
            t, op = rnd.choice(stamps), rnd.choice([">=", ">", "<"])
            parts.append((f"timestamp {op} timestamp_millis({t})",
                          lambda r, t=t, op=op: _cmp(r[3], op, t)))
        elif kind == "partition":
            ps = rnd.sample(range(3), rnd.randint(1, 2))
            parts.append((f"partition IN ({', '.join(map(str, ps))})",
                          lambda r, ps=ps: r[1] in ps))
        else:
            t = rnd.choice(["a", "b-x", "c"])
            parts.append((f"topic = '{t}'", lambda r, t=t: r[0] == t))
    return " AND ".join(p for p, _ in parts), lambda r: all(f(r) for _, f in parts)


def _cmp(a: int, op: str, b: int) -> bool:
    return {">=": a >= b, ">": a > b, "<": a < b, "<=": a <= b, "=": a == b}[op]


@pytest.mark.parametrize("seed", range(4))
def test_filters_give_the_direct_decode_for_any_sequence_of_queries(
        spark: Any, tmp_path: Path, seed: int) -> None:
    """Random directories, random filter sequences on one DataFrame (filtered, unfiltered,
    cached, joined), with Spark's pushdown switch on (the session fixture): every answer is
    the direct decode's. On the old code, the unfiltered count after a filtered one counted
    the filtered files only."""
    import random

    rnd = random.Random(seed)
    rows = _random_dir(tmp_path, rnd)
    df = load(spark, tmp_path, mode="FAILFAST", packSize="0", splitSize="200")
    for _ in range(4):
        where, keep = _random_filter(rnd, rows)
        want = sorted(r[2] for r in rows if keep(r))
        action = rnd.choice(["count", "collect", "cached", "joined"])
        if action == "count":
            assert df.where(where).count() == len(want), where
        elif action == "collect":
            got = sorted(r["offset"] for r in df.where(where).select("offset").collect())
            assert got == want, where
        elif action == "cached":
            cached = df.where(where).cache()
            assert cached.count() == len(want), where
            cached.unpersist()
        else:
            keys = ["topic", "partition", "offset"]
            joined = df.where(where).select(*keys).join(df.select(*keys), keys)
            assert joined.count() == len(want), where
        assert df.count() == len(rows), f"unfiltered after {where}"


def test_pushdown_is_refused_with_the_reason() -> None:
    from kformat.spark import session

    with pytest.raises(ValueError, match=r"filter pushdown stays off\. Spark \(4\.3\) keeps"):
        session(pushdown=True)


# --------------------------------------------------------------------------- save modes

def _tree(d: Path) -> dict[str, bytes] | None:
    """Every file and directory under ``d`` with its bytes (None: ``d`` does not exist)."""
    if not d.exists():
        return None
    return {str(p.relative_to(d)): p.read_bytes() if p.is_file() else b"<dir>"
            for p in sorted(d.rglob("*"))}


def _peer_offsets(d: Path) -> list[int]:
    """Offsets of ``d/t-0`` as kafka-python and aiokafka read them (CRCs checked)."""
    kafka_memory = pytest.importorskip("kafka.record.memory_records")
    aio_memory = pytest.importorskip("aiokafka.record.memory_records")
    seen: list[list[int]] = [[], []]
    for log in sorted((d / "t-0").glob("*.log")):
        raw = log.read_bytes()
        for got, memory in zip(seen, (kafka_memory.MemoryRecords(raw),
                                      aio_memory.MemoryRecords(raw)), strict=True):
            while memory.has_next():
                batch = memory.next_batch()
                assert batch.validate_crc()
                got += [r.offset for r in batch]
    assert seen[0] == seen[1]
    return seen[0]


def test_the_four_save_modes(spark: Any, tmp_path: Path) -> None:
    """``df.write.format("kafka-segments").save(dir)`` with Spark's save modes (Spark 4.3
    refused errorifexists, its default, and ignore: UNSUPPORTED_DATA_SOURCE_SAVE_MODE):
    a new or empty directory is written, a non-empty one refused naming the modes; ignore
    leaves it as it was; append adds each run, a daily job; overwrite replaces."""
    import io

    import kformat.spark
    from kformat.segments.dump import main as dump_main
    from kformat.segments.partition import check_partition_dir

    df = spark.createDataFrame([("t", 0, b"k%d" % i, b"v%d" % i) for i in range(30)],
                               "topic string, partition int, key binary, value binary")
    out = tmp_path / "out"
    df.write.format("kafka-segments").save(str(out))  # the default: errorifexists
    assert _peer_offsets(out) == list(range(30))
    before = _tree(out)
    for mode in (None, "error", "errorifexists", "default"):
        with pytest.raises(FileExistsError, match=r"out is not empty \(save mode "
                           r"errorifexists\); write with \.mode\('append'\)"):
            df.write.format("kafka-segments").mode(mode).save(str(out))
    df.write.format("kafka-segments").mode("ignore").save(str(out))
    df.write.mode("ignore").save(str(out), format="kafka-segments")
    assert kformat.spark.save(df, str(out), mode="ignore") is False
    assert _tree(out) == before
    empty, fresh = tmp_path / "empty", tmp_path / "fresh"
    empty.mkdir()
    df.write.format("kafka-segments").mode("errorifexists").save(str(empty))
    df.write.format("kafka-segments").mode("ignore").option("path", str(fresh)).save()
    assert _peer_offsets(empty) == _peer_offsets(fresh) == list(range(30))
    for day in range(2):  # a daily job
        df.write.format("kafka-segments").mode("append").option("leaderEpoch", str(day)) \
            .save(str(out))
    assert _peer_offsets(out) == list(range(90))
    assert check_partition_dir(out / "t-0") == []
    assert dump_main([str(out / "t-0"), "--index-sanity-check"], out=io.StringIO()) == 0
    back = load(spark, out, mode="FAILFAST")
    assert sorted(r["offset"] for r in back.select("offset").collect()) == list(range(90))
    assert not (out / "_kformat_staging").exists()
    df.write.save(str(out), format="kafka-segments", mode="overwrite", codec="zstd")
    back = load(spark, out, mode="FAILFAST")
    assert back.count() == 30 and {r["codec"] for r in back.collect()} == {"zstd"}
    with pytest.raises(ValueError, match="save mode must be one of"):
        kformat.spark.save(df, str(out), mode="upsert")
    parquet = tmp_path / "parquet"  # other formats are Spark's as before
    df.write.parquet(str(parquet))
    with pytest.raises(Exception, match="PATH_ALREADY_EXISTS"):
        df.write.parquet(str(parquet))


def test_a_failed_write_leaves_the_target_as_it_was(spark: Any, tmp_path: Path) -> None:
    """A write that fails half-way, in a later task (a refused row) or in the commit's
    second partition (offsets that do not follow), leaves the target byte for byte as it
    was, and a new directory not there at all."""
    rows = [("t", p, i, None, b"v%d" % i, True) for p in (0, 1) for i in range(20)]
    schema = "topic string, partition int, offset long, key binary, value binary, " \
             "crcValid boolean"
    out = tmp_path / "out"
    spark.createDataFrame(rows, schema).write.format("kafka-segments").save(str(out))
    before = _tree(out)
    late = [("t", p, 20 + i, None, b"w", p == 0 or i < 9) for p in (0, 1) for i in range(10)]
    bad = spark.createDataFrame(spark.sparkContext.parallelize(late, 4), schema)
    for target, mode in ((out, "append"), (out, "overwrite"), (tmp_path / "new", None)):
        with pytest.raises(Exception, match="1 rows were not read as records"):
            bad.write.format("kafka-segments").mode(mode).save(str(target))
        assert _tree(target) == (before if target == out else None), (target, mode)
    second = [("t", p, 30 if p == 0 else 5, None, b"w", True) for p in (0, 1)]
    with pytest.raises(Exception, match=r"t-1 holds offsets up to 19; the rows start at 5"):
        spark.createDataFrame(second, schema).write.format("kafka-segments") \
            .mode("append").save(str(out))
    assert _tree(out) == before


# --------------------------------------------------------------------------- columns, errors

def test_the_kafka_sink_columns(spark: Any, tmp_path: Path) -> None:
    df = spark.createDataFrame(
        [("k1", "v1", "t", 2, [("h", bytearray(b"x"))])],
        "key string, value string, topic string, partition int, "
        "headers array<struct<key:string,value:binary>>")
    df.write.format("kafka-segments").mode("append").save(str(tmp_path / "out"))
    (row,) = load(spark, tmp_path / "out").collect()
    assert (bytes(row["key"]), bytes(row["value"]), row["topic"], row["partition"]) == (
        b"k1", b"v1", "t", 2)
    assert [(h["key"], bytes(h["value"])) for h in row["headers"]] == [("h", b"x")]
    bad = spark.createDataFrame([(1, "t")], "value int, topic string")
    with pytest.raises(Exception, match="column 'value' is int; it must be binary or string"):
        bad.write.format("kafka-segments").mode("append").save(str(tmp_path / "bad"))


def _python_frames(message: str) -> list[str]:
    return [line.strip() for line in message.splitlines() if line.strip().startswith("File \"")]


@pytest.mark.parametrize(("options", "expected"), [
    ({"mode": "FAILFAST"}, r"TruncatedError: .*t-0/00000000000000000000\.log: batch cut short"),
    ({"mode": "lenient"}, r"option mode: expected one of PERMISSIVE, DROPMALFORMED, FAILFAST"),
    ({"columns": "offset,nope"}, r"unknown columns \['nope'\]"),
])
def test_errors_show_kformats_message_without_its_frames(
        spark: Any, tmp_path: Path, options: dict[str, str], expected: str) -> None:
    import re

    source, _ = damaged_dir(tmp_path / "in", "truncated")
    with pytest.raises(Exception) as info:
        load(spark, source, **options).count()
    message = str(info.value)
    assert re.search(expected, message), message[-2000:]
    inner = [f for f in _python_frames(message) if "/kformat/" in f]
    assert all("kformat/spark/datasource.py" in f for f in inner), inner
    assert len(inner) <= 1, inner


def test_a_missing_path_is_one_line(spark: Any, tmp_path: Path) -> None:
    with pytest.raises(Exception, match="no segment files match") as info:
        load(spark, tmp_path / "nothing" / "*.log").count()
    assert len([f for f in _python_frames(str(info.value)) if "/kformat/" in f]) <= 1


def test_counting_what_one_read_met(spark: Any, tmp_path: Path) -> None:
    import kformat.spark

    source, _ = damaged_dir(tmp_path / "in", "garbage")
    df = load(spark, source, mode="DROPMALFORMED")
    with kformat.spark.counting(spark) as seen:
        assert df.count() == 9
    assert seen == {"corrupt": 1, "dropped": 0}
    with kformat.spark.counting(spark) as seen:
        load(spark, source).write.format("kafka-segments").mode("append") \
            .option("corruptRows", "drop").save(str(tmp_path / "out"))
    assert seen == {"corrupt": 1, "dropped": 1}
