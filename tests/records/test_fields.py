"""The table of record output fields (kformat.outputs.fields)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kformat.outputs import fields


def test_kafka_columns_are_sparks_kafka_source_columns_in_its_order() -> None:
    assert [c.name for c in fields.KAFKA_COLUMNS] == [
        "key", "value", "topic", "partition", "offset", "timestamp", "timestampType",
        "headers"]
    assert [c.spark for c in fields.KAFKA_COLUMNS] == [
        "binary", "binary", "string", "int", "bigint", "timestamp", "int",
        "array<struct<key:string,value:binary>>"]


def test_names_are_unique_and_lookup_names_the_columns() -> None:
    assert len(set(fields.COLUMN_NAMES)) == len(fields.RECORD_COLUMNS)
    assert fields.column("offset").spark == "bigint"
    with pytest.raises(ValueError, match="no column 'ofset'; columns: key, value"):
        fields.column("ofset")


def test_arrow_types_match_the_spark_types() -> None:
    pa = pytest.importorskip("pyarrow")
    expected = {"binary": pa.binary(), "string": pa.string(), "int": pa.int32(),
                "bigint": pa.int64(), "boolean": pa.bool_(),
                "timestamp": pa.timestamp("us", tz="UTC"),
                "array<struct<key:string,value:binary>>": pa.list_(pa.struct(
                    [pa.field("key", pa.string()), pa.field("value", pa.binary())]))}
    for c in fields.RECORD_COLUMNS:
        assert c.arrow == expected[c.spark], c.name
    schema = fields.arrow_schema()
    assert schema.names == list(fields.COLUMN_NAMES)


def test_unknown_arrow_type_name_is_refused() -> None:
    with pytest.raises(ValueError, match="column x: unknown Arrow type name 'float'"):
        fields.Column("x", "float", "float", "")


def test_spark_schema_reexports_the_same_table() -> None:
    pytest.importorskip("pyarrow")
    from kformat.spark import schema

    assert schema.KAFKA_COLUMNS is fields.KAFKA_COLUMNS
    assert schema.BATCH_COLUMNS is fields.BATCH_COLUMNS
    assert schema.Column is fields.Column
    assert schema.ddl() == fields.ddl()
    assert fields.headers_type() == schema.HEADERS_TYPE


def test_records_layer_does_not_import_pyarrow() -> None:
    code = ("import sys, kformat.records, kformat.outputs.fields as f; f.ddl(); "
            "print('pyarrow' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
