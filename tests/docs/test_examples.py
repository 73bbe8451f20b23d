"""Every Python example in the docs pages runs as written (docs/spark.md's need Spark: see
tests/spark/test_docs_examples.py). Names a page leaves to the reader (``my_client`` in
docs/fuzzing.md) get stand-ins here; ``>>>`` transcripts are checked line by line, including
the error a line shows."""

from __future__ import annotations

from typing import Any

import pytest

import kformat
from tests.docs.examples import examples


class _Proxy:
    """docs/fuzzing.md's ``my_proxy``: forwards a frame unchanged."""

    def forward(self, data: bytes) -> bytes:
        return bytes(data)


class _Client:
    """docs/fuzzing.md's ``my_client``: a Metadata response parsed with kformat."""

    def parse_metadata(self, data: bytes) -> Any:
        body = kformat.parse_response(data, "Metadata", 12).body

        class Metadata:
            brokers = body["brokers"]

        return Metadata()


class _Consumer:
    """docs/fuzzing.md's ``my_consumer``: the records of some batches."""

    def decode(self, data: bytes) -> list[kformat.Record]:
        return [r for b in kformat.parse_batches(data) for r in b.records]


def _fetch_response() -> bytes:
    """docs/fuzzing.md's ``response_payload``: a Fetch v12 response frame with one batch."""
    from kformat.spec.records_field import RecordSet

    batch = kformat.build_batch(kformat.make_batch([(b"k", b"v")]))
    partition = {"partition_index": 0, "error_code": 0, "high_watermark": 1,
                 "last_stable_offset": 1, "log_start_offset": 0, "aborted_transactions": None,
                 "preferred_read_replica": -1, "records": RecordSet(batch)}
    return kformat.build_response("Fetch", 12, {
        "throttle_time_ms": 0, "error_code": 0, "session_id": 0,
        "responses": [{"topic": "t", "partitions": [partition]}]}, correlation_id=1)


STAND_INS = {"my_proxy": _Proxy(), "my_client": _Client(), "my_consumer": _Consumer(),
             "response_payload": _fetch_response()}


def _run_transcript(code: str, namespace: dict[str, Any]) -> None:
    """``>>> expr`` then the line it prints: a value's repr, or ``ErrorClass: message``."""
    lines = code.splitlines()
    for i, line in enumerate(lines):
        if not line.startswith(">>> "):
            continue
        shown = lines[i + 1] if i + 1 < len(lines) and not lines[i + 1].startswith(">>>") \
            else None
        try:
            result = eval(compile(line[4:], "<transcript>", "eval"), namespace)
        except Exception as exc:  # the transcript shows the error: same class, same text
            assert shown == f"{type(exc).__name__}: {exc}"
        else:
            assert shown is None or shown == repr(result)


@pytest.mark.parametrize(("page", "index", "code"), examples(spark=False),
                         ids=[f"{p}[{i}]" for p, i, _ in examples(spark=False)])
def test_example_runs(page: str, index: int, code: str) -> None:
    namespace: dict[str, Any] = dict(STAND_INS)
    if code.lstrip().startswith(">>>"):
        exec("from kformat import *", namespace)
        _run_transcript(code, namespace)
        return
    exec(compile(code, f"{page}[{index}]", "exec"), namespace)
    for name, value in list(namespace.items()):
        if name.startswith("test_") and callable(value):
            value()  # Hypothesis-decorated examples run their examples here


def test_every_page_with_examples_is_covered() -> None:
    pages = {p for p, _, _ in examples(spark=False)} | {p for p, _, _ in examples(spark=True)}
    assert {"README.md", "docs/index.md", "docs/fuzzing.md", "docs/fidelity.md",
            "docs/spark.md"} <= pages


def test_every_docs_page_is_in_the_site_and_linked_from_the_readme() -> None:
    from tests.docs.examples import ROOT

    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").rglob("*.md")):
        rel = page.relative_to(ROOT / "docs").as_posix()
        assert f" {rel}" in config, f"{rel} missing from mkdocs.yml nav"
        if "/" not in rel and rel != "index.md":
            assert f"(docs/{rel}" in readme, f"README does not point at docs/{rel}"
