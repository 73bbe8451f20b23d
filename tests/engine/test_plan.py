"""Plans lowered from grammars: their shape (golden), refusals, and every registry grammar."""

from __future__ import annotations

import sys

import pytest
from construct import Bytes

from kformat.engine.plan import Field, Op, PlanError, Prefix, describe, lower, lowers
from kformat.primitives import (
    COMPACT_NULLABLE_STRING,
    CompiledGrammar,
    Int16,
    Int32,
    KArray,
    KGreedy,
    KStruct,
    Presence,
    TaggedField,
    TaggedFields,
    UnsignedVarInt,
    Uuid,
)
from kformat.spec.compiler import body_grammar
from kformat.spec.registry import load_registry
from tests.helpers import declared_versions

SMALL = KStruct(
    "id" / Int32,
    "name" / COMPACT_NULLABLE_STRING,
    "items" / KArray(KStruct("x" / Int16), "compact", nullable=True),
    "owner" / Presence(KStruct("id" / Uuid)),
    "_tagged" / TaggedFields([TaggedField(3, "note", COMPACT_NULLABLE_STRING, None),
                              TaggedField(1, "n", UnsignedVarInt, 0)]),
    defaults={"id": 0, "name": None},
)

GOLDEN = """\
STRUCT
  id = 0:
    INT32
  name = None:
    STRING COMPACT nullable
  items:
    ARRAY COMPACT nullable min=2
      STRUCT
        x:
          INT16
  owner:
    PRESENCE
      STRUCT
        id:
          UUID
  (flatten):
    TAGGED (defaults on wire)
      1 n = 0:
        UVARINT
      3 note = None:
        STRING COMPACT nullable"""


def test_plan_shape_is_golden():
    assert describe(lower(SMALL)) == GOLDEN


def test_plan_is_plain_data_with_interned_names():
    plan = lower(SMALL)
    assert plan[0] == Op.STRUCT and plan[2] == 8  # four fields, two tagged, two reserved keys
    kind, name, sub, has_default, default = plan[1][0]
    assert (kind, name, sub, has_default, default) == (Field.NAMED, "id", (Op.INT32,), True, 0)
    assert name is "id"  # noqa: F632  (interned once per plan)
    assert plan[1][2][2][1] == Prefix.COMPACT


def test_a_block_without_a_plan_is_refused_by_name():
    with pytest.raises(PlanError, match=r"outer\.raw: the native engine has no plan for"):
        lower(KStruct("raw" / Bytes(4)), "outer")
    assert not lowers(KStruct("raw" / Bytes(4)))
    assert lowers(KGreedy(Int32))


def test_a_count_must_come_from_an_earlier_field():
    from construct import this

    plan = lower(KStruct("n" / Int32, "xs" / KArray(Int16, None, count=this.n)))
    assert describe(plan).splitlines()[-2:] == ["    COUNTED this.n min=2", "      INT16"]
    with pytest.raises(PlanError, match=r"xs: the native engine takes a count from an earlier"):
        lower(KStruct("n" / Int32, "xs" / KArray(Int16, None, count=this.n + 1)))


def test_native_true_refuses_at_construction_when_the_engine_is_built():
    from kformat import engine

    if engine._NATIVE is None:
        pytest.skip("the native engine is not built here")
    with pytest.raises(PlanError):
        CompiledGrammar(KStruct("raw" / Bytes(4)), native=True)
    assert CompiledGrammar(KStruct("raw" / Bytes(4))).parse(b"\x00\x00\x00\x01") == {
        "raw": b"\x00\x00\x00\x01"}


def test_every_registry_grammar_lowers():
    """Every message of every kind, every version: protocol bodies and headers, internal-topic
    records, test messages."""
    count = 0
    for msg in load_registry():
        for version in msg.valid:
            lower(body_grammar(msg, version), f"{msg.name} v{version}")
            count += 1
    assert count == len(declared_versions())


def test_record_batch_grammar_lowers_with_its_crc_and_codec():
    from kformat.records.batch import RecordBatchV2
    from kformat.records.checksum import crc32c

    text = describe(lower(RecordBatchV2))
    assert "CRC crc crc32c\n" in text
    assert "COMPRESSED codec=this.attributes & 0x7 magic=2\n" in text
    assert "COUNTED this.record_count min=1\n" in text
    crc = next(node for node in _nodes(lower(RecordBatchV2)) if node and node[0] == Op.CRC)
    # the extension's own CRC-32C when it is loaded (kformat/engine/crc.c), else the records
    # layer's
    native = sys.modules.get("kformat.engine._native")
    assert crc[2] is (native.crc32c if native else crc32c) and crc[3] is True


def _nodes(obj):
    """Every tuple of a plan (nodes and field entries alike)."""
    if isinstance(obj, tuple):
        yield obj
        for item in obj:
            yield from _nodes(item)
