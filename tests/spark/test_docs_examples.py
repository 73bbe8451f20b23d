"""docs/spark.md's Python examples run against generated partition directories: each
``.load("...")`` path is pointed at a fixture of the same kind (a topic's segments, or
``__consumer_offsets``); everything else runs as written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.docs.examples import examples
from tests.spark import data

pytestmark = pytest.mark.spark

EXAMPLES = examples(spark=True)
_LOAD = re.compile(r'\.load\("([^"]+)"\)')


def _pointed(code: str, corpus: Path, offsets: Path) -> str:
    def local(m: re.Match[str]) -> str:
        target = offsets if "__consumer_offsets" in m.group(1) else corpus
        return f'.load("{target}/*/*.log")' if target is corpus else f'.load("{target}/*.log")'

    return _LOAD.sub(local, code)


@pytest.mark.parametrize(("page", "index", "code"), EXAMPLES,
                         ids=[f"{p}[{i}]" for p, i, _ in EXAMPLES])
def test_spark_example_runs(page: str, index: int, code: str, spark: Any,
                            corpus_data: data.Fixture,
                            offsets_data: tuple[Path, list[dict[str, Any]]]) -> None:
    if '"fs", "s3"' in code:
        pytest.skip("needs an S3-compatible endpoint (the object-store tests provide one)")
    if code.startswith("# illustrative"):
        pytest.skip(code.splitlines()[0].removeprefix("# "))
    namespace: dict[str, Any] = {"spark": spark}
    exec(compile(_pointed(code, corpus_data.log_dir, offsets_data[0]), f"{page}[{index}]",
                 "exec"), namespace)
    frames = [v for v in namespace.values() if type(v).__name__ == "DataFrame"]
    for frame in frames:
        assert frame.count() > 0
