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
