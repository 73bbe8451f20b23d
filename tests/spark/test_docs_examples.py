"""docs/spark.md's Python examples, every one of them, run as written: the broker paths,
the ``logs/`` folder and the S3 endpoint they use are made real (:mod:`tests.spark.docs_world`)
and only those places are rewritten in the code. The standalone-cluster recipe runs in a
fresh process against a real master and two workers, under ``make cluster-test``."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.docs.examples import examples
from tests.spark import docs_world

pytestmark = pytest.mark.spark

EXAMPLES = examples(spark=True)
CLUSTER = "standalone_cluster("


def _is_cluster(code: str) -> bool:
    return CLUSTER in code


def _params() -> list[Any]:
    out = []
    for page, index, code in EXAMPLES:
        marks = [pytest.mark.cluster] if _is_cluster(code) else []
        out.append(pytest.param(page, index, code, id=f"{page}[{index}]", marks=marks))
    return out


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory,
          offsets_data: tuple[Path, list[dict[str, Any]]]) -> Path:
    return docs_world.build(tmp_path_factory.mktemp("docs-world"), offsets_data[0])


@pytest.fixture(scope="module")
def endpoint(world: Path) -> Iterator[str]:
    """An S3-compatible server on 127.0.0.1 holding ``kafka-logs`` as
    ``s3://kafka-archive/`` and ``s3://bucket/kafka-archive/`` (the docs' two spellings)."""
    s3fs = pytest.importorskip("s3fs")
    moto_server = pytest.importorskip("moto.server")
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    try:
        host, port = server.get_host_and_port()
        url = f"http://{host}:{port}"
        fs = s3fs.S3FileSystem(endpoint_url=url, key="testing", secret="testing",
                               skip_instance_cache=True)
        fs.mkdir("kafka-archive")
        fs.mkdir("bucket")
        for path in docs_world.log_files(world):
            name = f"{path.parent.name}/{path.name}"
            fs.pipe(f"kafka-archive/{name}", path.read_bytes())
            fs.pipe(f"bucket/kafka-archive/{name}", path.read_bytes())
        yield url
    finally:
        server.stop()


def _keeping_last_value(code: str, name: str) -> Any:
    """``code`` compiled with its last expression statement's value kept as ``_`` (an
    example that ends in ``(spark.read...load(...))`` is checked like one that assigns it)."""
    tree = ast.parse(code)
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = tree.body[-1]
        tree.body[-1] = ast.copy_location(
            ast.Assign(targets=[ast.Name("_", ast.Store())], value=last.value), last)
        ast.fix_missing_locations(tree)
    return compile(tree, name, "exec")


def _frames(namespace: dict[str, Any]) -> list[Any]:
    return [v for v in namespace.values()
            if type(v).__name__ == "DataFrame" and type(v).__module__.startswith("pyspark.")]


@pytest.mark.parametrize(("page", "index", "code"), _params())
def test_spark_example_runs(page: str, index: int, code: str, world: Path,
                            request: pytest.FixtureRequest) -> None:
    if _is_cluster(code):
        _run_in_a_fresh_process(code, world)
        return
    spark = request.getfixturevalue("spark")
    uses_s3 = "minio:9000" in code
    endpoint = request.getfixturevalue("endpoint") if uses_s3 else None
    settings = dict(spark.conf.getAll)
    request.addfinalizer(lambda: _restore(spark, settings))
    namespace: dict[str, Any] = {"spark": spark}
    if "df.write" in code and "df =" not in code:  # writes the DataFrame read above it
        namespace["df"] = spark.read.format("kafka-segments").load(f"{world}/kafka-logs/orders-*")
    before = {p for p in (world / "out").rglob("*")}
    exec(_keeping_last_value(docs_world.pointed(code, world, endpoint), f"{page}[{index}]"),
         namespace)
    frames = _frames(namespace)
    assert frames or "df.write" in code or "to_arrow" in code, "the example made nothing"
    for frame in frames:
        if frame is namespace.get("df") and "df.write" in code:
            continue
        assert frame.count() > 0, f"{page}[{index}]: an empty DataFrame"
    if "df.write" in code:
        written = {p for p in (world / "out").rglob("*.log")} - before
        assert written, "the writer example wrote no segment"
        back = spark.read.format("kafka-segments").load(f"{world}/out/orders-*")
        assert back.count() == namespace["df"].count()
    if "to_arrow" in code:
        assert namespace["batch"].num_rows > 0


def _restore(spark: Any, settings: dict[str, str]) -> None:
    """The shared session's settings as they were before an example changed them (the
    "Partitions" example sets planning figures), registering the source again if so."""
    now = dict(spark.conf.getAll)
    if now == settings:
        return
    for key in now.keys() - settings.keys():
        spark.conf.unset(key)
    for key, value in settings.items():
        if now.get(key) != value:
            spark.conf.set(key, value)
    from kformat.spark import register

    register(spark)


def _run_in_a_fresh_process(code: str, world: Path) -> None:
    """The cluster recipe as a script, in ``world`` (its ``logs/`` folder), with no
    ``PYSPARK_PYTHON`` set, as a new user runs it."""
    script = world / "cluster_example.py"
    script.write_text(code, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("PYSPARK_PYTHON",
                                                           "PYSPARK_DRIVER_PYTHON")}
    run = subprocess.run([sys.executable, str(script)], cwd=world, env=env, text=True,
                         capture_output=True, timeout=900, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "|partition|count|" in run.stdout
    for p in range(docs_world.PARTITIONS):
        assert f"|        {p}|" in run.stdout
