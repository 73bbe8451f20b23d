"""``kformat decode request|response|stream``: the version's own fields (``--all-fields`` for
every field), ``records`` fields inline with ``--records`` (a cut-short batch keeps the shape
of a batch plus ``truncated``), trailing bytes shown in tolerant mode."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

from kformat.protocol.api import build_request, build_response
from kformat.protocol.cli import main
from kformat.protocol.framing import frame
from kformat.records.api import build_batch, make_batch
from tests.protocol.test_fidelity import MOCK_METADATA_V13, RDKAFKA_API_VERSIONS_V0


def run(args: list[str]) -> tuple[int, list[dict]]:
    out = io.StringIO()
    status = main(args, out=out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def write(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def test_only_the_versions_fields_unless_all_fields(tmp_path):
    path = write(tmp_path, "req", build_request("Metadata", 0, {"topics": [{"name": "t"}]},
                                                correlation_id=3, client_id="c"))
    status, (shown,) = run(["request", path])
    assert status == 0
    assert shown["body"] == {"topics": [{"name": "t"}]}
    status, (everything,) = run(["request", path, "--all-fields"])
    assert set(everything["body"]) == {"topics", "allow_auto_topic_creation",
                                       "include_cluster_authorized_operations",
                                       "include_topic_authorized_operations"}
    assert set(everything["body"]["topics"][0]) == {"topic_id", "name"}


def test_tagged_fields_and_presence_are_shown_at_flexible_versions(tmp_path):
    body = {"brokers": [{"node_id": 1, "host": "h", "port": 1}], "cluster_id": "c"}
    path = write(tmp_path, "resp", build_response("Metadata", 12, body, correlation_id=1))
    status, (shown,) = run(["response", path, "--api", "Metadata", "--version", "12"])
    assert status == 0
    assert shown["body"]["brokers"] == [{"node_id": 1, "host": "h", "port": 1, "rack": None}]
    assert "cluster_authorized_operations" not in shown["body"]  # versions 8-10 only
    assert shown["parsed_as_version"] == 12


def test_trailing_bytes_are_shown_and_strict_refuses_them(tmp_path):
    path = write(tmp_path, "req", RDKAFKA_API_VERSIONS_V0)
    status, (shown,) = run(["request", path])
    assert (status, shown["trailing"], shown["body"]) == (0, "00000000", {})
    status, (error,) = run(["request", path, "--strict"])
    assert status == 1 and error["error"] == "InvalidValueError"
    path = write(tmp_path, "resp", MOCK_METADATA_V13)
    status, (shown,) = run(["response", path, "--api", "3", "--version", "13"])
    assert (status, shown["trailing"]) == (0, "00")


def _fetch_with_records(tmp_path: Path, cut: int = 0) -> str:
    first = build_batch(make_batch([(b"k1", b"v1"), (None, b"v2")], base_offset=10,
                                   base_timestamp=1000))
    second = build_batch(make_batch([(b"k3", b"v3")], base_offset=12, base_timestamp=2000,
                                    codec="gzip"))
    records = first + second[:len(second) - cut]
    body = {"responses": [{"topic": "t", "partitions": [
        {"partition_index": 0, "high_watermark": 13, "records": records}]}]}
    return write(tmp_path, "fetch", build_response("Fetch", 11, body, correlation_id=9))


def test_records_inline(tmp_path):
    args = ["response", _fetch_with_records(tmp_path), "--api", "Fetch", "--version", "11"]
    status, (summary,) = run(args)
    records = summary["body"]["responses"][0]["partitions"][0]["records"]
    assert set(records) == {"$records", "batches"}
    assert records["batches"][0]["records"] == 2  # the summary: a count
    status, (shown,) = run([*args, "--records"])
    assert status == 0
    records = shown["body"]["responses"][0]["partitions"][0]["records"]
    first, second = records["batches"]
    assert (first["base_offset"], first["codec"], first["record_count"]) == (10, "none", 2)
    assert [(r["offset"], r["key"], r["value"]) for r in first["records"]] == [
        (10, base64.b64encode(b"k1").decode(), base64.b64encode(b"v1").decode()),
        (11, None, base64.b64encode(b"v2").decode())]
    assert second["codec"] == "gzip"
    assert base64.b64decode(second["records"][0]["value"]) == b"v3"
    assert "$records" in records  # still reversible


def test_cut_short_batch_keeps_the_shape_of_a_batch(tmp_path):
    args = ["response", _fetch_with_records(tmp_path, cut=5), "--api", "Fetch", "--version",
            "11", "--records"]
    status, (shown,) = run(args)
    assert status == 0
    first, tail = shown["body"]["responses"][0]["partitions"][0]["records"]["batches"]
    assert set(tail) == set(first) | {"truncated"}
    assert tail["records"] == [] and tail["base_offset"] is None
    assert tail["truncated"]["position"] == tail["position"] == first["size"]
    assert tail["truncated"]["needed"] == tail["size"]
    assert tail["truncated"]["available"] == tail["size"] - 5


def test_stream_is_tolerant_and_takes_the_options(tmp_path):
    client = write(tmp_path, "c", frame(RDKAFKA_API_VERSIONS_V0))
    server = write(tmp_path, "s", frame(build_response("ApiVersions", 0, {}, correlation_id=1)))
    status, (exchange,) = run(["stream", client, server])
    assert status == 0 and exchange["status"] == "complete"
    assert exchange["request"]["trailing"] == "00000000"
    status, (exchange,) = run(["stream", client, server, "--strict"])
    assert status == 1 and exchange["status"] == "error"
    status, (exchange,) = run(["stream", client, server, "--all-fields"])
    assert "client_software_name" in exchange["request"]["body"]
