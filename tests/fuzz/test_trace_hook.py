"""The tracing hook acts on the traced parse only: other threads parse untouched, and traces
run in parallel threads give the spans they give alone."""

from __future__ import annotations

import threading

from construct import Construct

import kformat
from kformat.fuzz import trace as trace_module
from kformat.fuzz.trace import trace
from kformat.records.batch import RecordBatchV2


def _batch() -> bytes:
    records = [kformat.Record(key=b"k%d" % i, value=b"v" * i, headers=[("h", b"x")])
               for i in range(5)]
    return kformat.build_batch(kformat.make_batch(records))


def _spans(data: bytes) -> list[tuple[str, int, int]]:
    return [(s.path, s.start, s.end) for s in trace(RecordBatchV2, data).spans]


def test_the_hook_is_removed_after_a_trace() -> None:
    original = Construct._parsereport
    _spans(_batch())
    assert Construct._parsereport is original
    assert trace_module._USERS == 0


def test_a_parse_in_another_thread_is_not_traced() -> None:
    data = _batch()
    alone = _spans(data)
    started, release = threading.Event(), threading.Event()
    seen: list[object] = []

    # while a trace is paused at its first block, another thread parses the same grammar
    def other() -> None:
        started.wait(10)
        seen.append(RecordBatchV2.parse(data))
        release.set()

    worker = threading.Thread(target=other)
    worker.start()
    tracer = trace_module._Tracer()
    original_visit = tracer.visit
    calls = {"n": 0}

    def visit(block: Construct, stream: object, context: object, path: str) -> object:
        calls["n"] += 1
        if calls["n"] == 1:
            started.set()
            release.wait(10)
        return original_visit(block, stream, context, path)

    tracer.visit = visit  # type: ignore[method-assign]
    token = trace_module._ACTIVE.set(tracer)
    try:
        with trace_module._hooked():
            trace_module.parse_interpreted(RecordBatchV2, data)
    finally:
        trace_module._ACTIVE.reset(token)
    worker.join(10)
    assert seen and seen[0]["record_count"] == 5  # type: ignore[index]
    assert [(s.path, s.start, s.end) for s in tracer.result.spans] == alone


def test_parallel_traces_give_the_spans_of_a_trace_alone() -> None:
    data = _batch()
    alone = _spans(data)
    results: list[list[tuple[str, int, int]]] = []
    threads = [threading.Thread(target=lambda: results.append(_spans(data))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert results == [alone] * 4
