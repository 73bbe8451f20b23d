"""Native and Python engines agree on hostile bytes: the same value or the same error.

For a few message shapes (nested arrays, nullable structs, tagged fields, UUIDs, records),
every truncation and every single-byte corruption of a valid frame is parsed on both
engines; both return equal values or raise the same error class with the same path and
offset. Builds of bad values raise the same error.
"""

from __future__ import annotations

import random

import pytest

from kformat import build_response, engine, parse_response
from kformat.errors import KFormatError
from kformat.spec.registry import load_registry
from tests.helpers import corrupted, same
from tests.protocol.values import sample_body

pytestmark = pytest.mark.skipif("native" not in engine.available(),
                                reason="the native engine is not built here")

CASES = [("Metadata", 12), ("Fetch", 16), ("DescribeCluster", 1), ("ApiVersions", 3),
         ("Produce", 3), ("JoinGroup", 9)]


def _outcome(fn, *args):
    try:
        value = fn(*args)
    except KFormatError as exc:
        return ("error", type(exc), exc.path, exc.offset, exc.expected, exc.actual)
    return ("value", value)


def _agree(a, b):
    if a[0] == "error" or b[0] == "error":
        return a == b
    return same(a[1].body, b[1].body) and same(a[1].header, b[1].header)


def _frame(api: str, version: int) -> bytes:
    msg = load_registry().response(api)
    return build_response(api, version, sample_body(msg, version), correlation_id=5)


@pytest.mark.parametrize(("api", "version"), CASES)
def test_every_truncation_fails_the_same_way(api, version):
    frame = _frame(api, version)
    for cut in range(len(frame)):
        with engine.using("native"):
            native = _outcome(parse_response, frame[:cut], api, version)
        with engine.using("python"):
            python = _outcome(parse_response, frame[:cut], api, version)
        assert _agree(native, python), (cut, native, python)


@pytest.mark.parametrize(("api", "version"), CASES)
def test_corrupted_bytes_give_the_same_value_or_error(api, version):
    frame = _frame(api, version)
    rng = random.Random(f"{api}-{version}")
    for _ in range(300):
        data = bytes(corrupted(frame, rng))
        with engine.using("native"):
            native = _outcome(parse_response, data, api, version)
        with engine.using("python"):
            python = _outcome(parse_response, data, api, version)
        assert _agree(native, python), (data.hex(), native, python)


BAD_BODIES = [
    {"throttle_time_ms": "0"},
    {"throttle_time_ms": 1 << 31},
    {"brokers": [{"node_id": 1, "host": None, "port": 1}]},
    {"brokers": [{"node_id": 1, "host": "h", "port": 1, "rack": b"r"}]},
    {"topics": [{"name": "t", "topic_id": "not-a-uuid"}]},
    {"topics": [{"name": "t", "partitions": [{"replica_nodes": [1, "2"]}]}]},
    {"topics": "nope"},
    {"cluster_id": "\ud800"},
    {"topics": [{"name": "t", "_unknown_tags": {1: "text"}}]},
]


@pytest.mark.parametrize("body", BAD_BODIES, ids=[str(i) for i in range(len(BAD_BODIES))])
def test_bad_values_fail_the_same_way(body):
    with engine.using("native"):
        native = _outcome(build_response, "Metadata", 12, body)
    with engine.using("python"):
        python = _outcome(build_response, "Metadata", 12, body)
    assert native[0] == "error"
    assert native == python


def test_parsed_leaves_are_not_tracked_by_the_gc():
    """Lists of numbers and structs holding only untracked values are returned untracked
    (the GC never walks the bulk of a large message); containers of containers stay tracked,
    and CPython tracks a dict again as soon as a container goes into it."""
    import gc
    import uuid

    body = {"topics": [{"name": "t", "topic_id": uuid.UUID(int=1), "partitions": [
        {"partition_index": 0, "replica_nodes": [1, 2], "isr_nodes": [1]}]}]}
    frame = build_response("Metadata", 12, body)
    with engine.using("native"):
        parsed = parse_response(frame, "Metadata", 12).body
    partition = parsed["topics"][0]["partitions"][0]
    assert not gc.is_tracked(partition["replica_nodes"])
    assert not gc.is_tracked(partition)
    assert gc.is_tracked(parsed["topics"][0]["partitions"])  # a list of dicts
    assert not gc.is_tracked(parsed["topics"][0]["topic_id"])  # immutable: no cycle
    assert parsed["topics"][0]["topic_id"] == uuid.UUID(int=1)
    partition["extra"] = []
    assert gc.is_tracked(partition)
