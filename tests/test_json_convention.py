"""One JSON convention (docs/json.md): the batch field table is the code's, Spark's columns
match it, and every command writes a batch the same way."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

import kformat
from kformat.cli import run
from kformat.console import Console
from kformat.jsonable import to_jsonable
from kformat.protocol.records_field import RecordSet
from kformat.records.fields import BATCH_FIELDS, batch_json, json_markdown_table, snake

DOC = Path(__file__).resolve().parents[1] / "docs" / "json.md"
LOG = "00000000000000000000.log"


def test_docs_table_is_the_code_table() -> None:
    text = DOC.read_text(encoding="utf-8")
    table = re.search(r"<!-- batch-fields:start -->\n(.*)\n<!-- batch-fields:end -->", text,
                      flags=re.S)
    assert table is not None and table.group(1) == json_markdown_table()


def test_names_are_snake_case_and_spark_columns_are_their_camel_case() -> None:
    for f in BATCH_FIELDS:
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", f.name), f.name
        if f.spark is not None:
            assert snake(f.spark) == f.name


def test_every_spark_batch_column_has_its_json_field() -> None:
    try:
        from kformat.records.fields import BATCH_COLUMNS
    except ImportError:
        from kformat.spark.schema import BATCH_COLUMNS
    spark = {c.name for c in BATCH_COLUMNS} - {"segment"}  # JSON: "file" (dump), or none
    assert spark == {f.spark for f in BATCH_FIELDS if f.spark is not None}


def _cli(*argv: str, stdin: bytes = b"") -> str:
    out = io.StringIO()
    assert run(list(argv), Console(stdout=out, stderr=io.StringIO(),
                                   stdin=io.BytesIO(stdin))) == 0
    return out.getvalue()


def test_records_decode_decode_and_dump_write_the_same_batch(tmp_path: Path) -> None:
    batch = kformat.make_batch([(b"k", b"v"), (None, b"w")], codec="zstd", base_offset=5,
                               producer_id=7, producer_epoch=1, base_sequence=3,
                               is_transactional=True, base_timestamp=1_700_000_000_000)
    data = kformat.build_batch(batch)
    (parsed,) = kformat.parse_batches(data)
    expected = batch_json(parsed)
    assert expected["codec"] == "zstd" and expected["timestamp_type"] == "create_time"
    assert expected["last_sequence"] == 4

    from_records = json.loads(_cli("records", "decode", "-", stdin=data).splitlines()[0])
    assert from_records["batch"] == expected

    frame = kformat.build_request("Produce", 9, {
        "transactional_id": None, "acks": -1, "timeout_ms": 1000,
        "topic_data": [{"name": "t", "partition_data": [{"index": 0,
                                                          "records": RecordSet(data)}]}]})
    from_decode = json.loads(_cli("decode", "request", "-", stdin=frame))
    records = from_decode["body"]["topic_data"][0]["partition_data"][0]["records"]
    assert records["batches"] == [expected]
    assert to_jsonable(RecordSet(data))["batches"] == [expected]

    (tmp_path / LOG).write_bytes(data)
    from_dump = json.loads(_cli("dump", "--json", str(tmp_path / LOG)).splitlines()[0])
    assert from_dump == {"type": "batch", "file": str(tmp_path / LOG), **expected}


def test_magic_0_has_no_timestamp_type() -> None:
    data = kformat.build_batch(kformat.make_batch([(b"k", b"v")], magic=0))
    line = json.loads(_cli("records", "decode", "-", stdin=data).splitlines()[0])
    assert line["batch"]["timestamp_type"] == "no_timestamp_type"


def test_dump_json_bytes_and_uuids_the_one_way(tmp_path: Path) -> None:
    import uuid

    from kformat.protocol.topics import encode_record

    _, value = encode_record("__cluster_metadata", "TopicRecord", None,
                             {"name": "orders", "topic_id": uuid.UUID(int=1)})
    (tmp_path / LOG).write_bytes(kformat.build_batch(kformat.make_batch([(None, value)])))
    lines = _cli("dump", "--json", "--cluster-metadata-decoder", str(tmp_path / LOG))
    record = json.loads(lines.splitlines()[1])
    assert record["payload"]["data"] == {"name": "orders",
                                         "topic_id": {"$uuid": str(uuid.UUID(int=1))}}


def test_records_decode_and_dump_write_a_control_error_the_same_way(tmp_path: Path) -> None:
    """An undecodable control record: its ``control`` is ``{"error": <error object>}`` (the
    Errors section of docs/json.md) in both record renderings."""
    data = kformat.build_batch(kformat.make_batch([(b"\x00", b"")], producer_id=2,
                                                  is_transactional=True, is_control=True))
    from_records = json.loads(_cli("records", "decode", "-", stdin=data))["record"]["control"]
    assert from_records["error"]["error"] == "TruncatedError"
    (tmp_path / LOG).write_bytes(data)
    lines = _cli("dump", "--json", "--deep-iteration", str(tmp_path / LOG)).splitlines()
    assert json.loads(lines[-1])["control"] == from_records


def test_one_encoder_two_renderings() -> None:
    """The convention and the Java tool's text forms come from one encoder: only bytes,
    UUIDs and plain enums differ, everything else is written alike."""
    import enum
    import uuid

    from kformat.jsonable import from_jsonable, json_text, kafka_uuid, parse_kafka_uuid
    from kformat.segments.decoders import to_json

    class Side(enum.Enum):
        LEFT = 1

    some_id = uuid.UUID(int=1)
    value = {"id": some_id, "raw": b"\x00\x01\x02", "n": [1, -1.5, None, True, "é"],
             "codec": kformat.Codec.GZIP, "nan": float("nan")}
    assert to_jsonable(value) == {"id": {"$uuid": str(some_id)}, "raw": {"$bytes": "AAEC"},
                                  "n": [1, -1.5, None, True, "é"], "codec": 1,
                                  "nan": {"$float": "nan"}}
    assert to_jsonable(value, kafka_tool=True) == {**to_jsonable(value), "raw": "AAEC",
                                                   "id": "AAAAAAAAAAAAAAAAAAAAAQ"}
    assert to_json(value) == json_text(value, kafka_tool=True)
    assert json.loads(json_text(value)) == to_jsonable(value)
    back = from_jsonable(to_jsonable(value))
    assert back["nan"] != back["nan"] and {k: v for k, v in back.items() if k != "nan"} == \
        {k: v for k, v in value.items() if k != "nan"}
    assert to_jsonable(Side.LEFT) == "left" and to_jsonable(Side.LEFT, kafka_tool=True) == "LEFT"
    # Kafka's Uuid.toString() / fromString(): Uuid.ZERO_UUID and Uuid.METADATA_TOPIC_ID
    assert kafka_uuid(uuid.UUID(int=0)) == "AAAAAAAAAAAAAAAAAAAAAA"
    assert parse_kafka_uuid("AAAAAAAAAAAAAAAAAAAAAQ") == some_id
    assert parse_kafka_uuid("AAAAAAAAAAAAAAAAAAAAAQ==") == some_id


def test_a_plug_in_decoders_object_is_its_repr_in_both_renderings() -> None:
    from kformat.jsonable import json_text
    from kformat.segments.decoders import to_json
    from kformat.segments.dump.text import dump_json

    class Opaque:
        def __repr__(self) -> str:
            return "Opaque()"

    assert to_json({"v": Opaque()}) == '{"v":"Opaque()"}'
    assert dump_json({"payLoad": Opaque(), "raw": b"\x00"}) == \
        json_text({"pay_load": "Opaque()", "raw": b"\x00"})
    with pytest.raises(kformat.EncodeError):
        json_text({"v": Opaque()})  # the convention itself has no form for it
