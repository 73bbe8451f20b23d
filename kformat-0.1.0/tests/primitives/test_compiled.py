"""The compiled fast path: nothing falls back to the interpreter, and grammars that would are
refused with :class:`~kformat.errors.GrammarError` when :class:`CompiledGrammar` is created.

construct's ``compile()`` silently links an interpreted instance for any class without
``_emitparse``/``_emitbuild``; :class:`CompiledGrammar` turns that into an error.
"""

from __future__ import annotations

import uuid
from typing import Any

import construct
import pytest
from construct import this

import kformat.primitives.fast as fast
from kformat.errors import GrammarError, InvalidValueError
from kformat.primitives import (
    BYTES,
    COMPACT_BYTES,
    COMPACT_NULLABLE_BYTES,
    COMPACT_NULLABLE_STRING,
    COMPACT_STRING,
    NULLABLE_BYTES,
    NULLABLE_STRING,
    STRING,
    UNKNOWN_TAGS,
    VARINT_BYTES,
    VARINT_NULLABLE_BYTES,
    VARINT_STRING,
    Boolean,
    CompiledGrammar,
    Float64,
    Int8,
    Int16,
    Int32,
    Int64,
    KArray,
    KGreedy,
    KPrefixed,
    KStruct,
    Presence,
    TaggedField,
    TaggedFields,
    UInt8,
    UInt16,
    UInt32,
    UnsignedVarInt,
    Uuid,
    VarInt,
    VarLong,
    build_interpreted,
)
from tests.helpers import assert_rejects, assert_symmetric

H = bytes.fromhex

SMALL = KStruct("a" / Int8, "s" / COMPACT_STRING)

BLOCKS: dict[str, tuple[Any, Any]] = {
    # name: (grammar, a valid value)
    "Int8": (Int8, -1),
    "Int16": (Int16, 2),
    "Int32": (Int32, 3),
    "Int64": (Int64, 4),
    "UInt8": (UInt8, 5),
    "UInt16": (UInt16, 6),
    "UInt32": (UInt32, 7),
    "Float64": (Float64, 0.5),
    "Boolean": (Boolean, True),
    "Uuid": (Uuid, uuid.UUID(int=9)),
    "VarInt": (VarInt, -10),
    "VarLong": (VarLong, 2**40),
    "UnsignedVarInt": (UnsignedVarInt, 300),
    "STRING": (STRING, "s"),
    "NULLABLE_STRING": (NULLABLE_STRING, None),
    "COMPACT_STRING": (COMPACT_STRING, "c"),
    "COMPACT_NULLABLE_STRING": (COMPACT_NULLABLE_STRING, "cn"),
    "VARINT_STRING": (VARINT_STRING, "v"),
    "BYTES": (BYTES, b"b"),
    "NULLABLE_BYTES": (NULLABLE_BYTES, None),
    "COMPACT_BYTES": (COMPACT_BYTES, b"cb"),
    "COMPACT_NULLABLE_BYTES": (COMPACT_NULLABLE_BYTES, b""),
    "VARINT_BYTES": (VARINT_BYTES, b"vb"),
    "VARINT_NULLABLE_BYTES": (VARINT_NULLABLE_BYTES, None),
    "KStruct": (SMALL, {"a": 1, "s": "x"}),
    "KStruct-empty": (KStruct(), {}),
    "KArray-int32": (KArray(SMALL, nullable=True), [{"a": 1, "s": ""}]),
    "KArray-compact": (KArray(Int16, "compact"), [1, 2]),
    "KArray-varint": (KArray(VARINT_BYTES, "varint", nullable=True), None),
    "KArray-count": (KStruct("n" / Int8, "xs" / KArray(Int8, None, count=this.n)),
                     {"n": 2, "xs": [3, 4]}),
    "KGreedy": (KGreedy(SMALL), [{"a": 1, "s": "x"}, {"a": 2, "s": ""}]),
    "KPrefixed-int32": (KPrefixed("int32", SMALL), {"a": 1, "s": "x"}),
    "KPrefixed-varint": (KPrefixed("varint", KGreedy(Int8)), [1, 2, 3]),
    "Presence": (Presence(SMALL), {"a": 1, "s": "x"}),
    "TaggedFields-alone": (TaggedFields(), {UNKNOWN_TAGS: {3: b"x"}}),
    "TaggedFields": (
        KStruct("a" / Int8, TaggedFields([TaggedField(0, "t", SMALL, None),
                                          TaggedField(1, "u", KArray(Int8, "compact"), [])])),
        {"a": 1, "t": {"a": 2, "s": "y"}, "u": [5]},
    ),
    "construct-natives": (
        KStruct("c" / construct.Const(b"K"), "i" / construct.Int32ub,
                "_n" / construct.Rebuild(Int8, construct.len_(this.xs)),
                "xs" / KArray(Int8, None, count=this._n), "k" / construct.Computed(7)),
        {"c": b"K", "i": 1, "xs": [1], "k": 7},
    ),
}


@pytest.mark.parametrize("name", sorted(BLOCKS))
def test_block_compiles_without_interpreted_fallback(name):
    grammar, _ = BLOCKS[name]
    compiled = CompiledGrammar(grammar, name)
    assert compiled.compiled.module.linkedinstances == {}
    assert compiled.compiled.module.linkedparsers == {}
    assert compiled.compiled.module.linkedbuilders == {}
    assert "linkedparsers[" not in compiled.source
    assert "linkedbuilders[" not in compiled.source


@pytest.mark.parametrize("name", sorted(BLOCKS))
def test_block_works_in_compiled_code_alone(name, monkeypatch):
    """With the interpreter fallback switched off, the compiled code still parses and builds."""
    grammar, value = BLOCKS[name]
    compiled = CompiledGrammar(grammar, name)
    data = build_interpreted(grammar, value)

    def no_fallback(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("fell back to the interpreter")

    monkeypatch.setattr(fast, "parse_interpreted", no_fallback)
    monkeypatch.setattr(fast, "build_interpreted", no_fallback)
    assert compiled.build(value) == data
    assert compiled.parse(data) == value


@pytest.mark.parametrize("name", sorted(BLOCKS))
def test_block_symmetric(name):
    grammar, value = BLOCKS[name]
    assert_symmetric(grammar, build_interpreted(grammar, value), value)


class Doubled(construct.Adapter):
    """An adapter has no ``_emitparse``: construct would link it into compiled code."""

    def _decode(self, obj: Any, context: Any, path: Any) -> Any:
        return obj * 2

    def _encode(self, obj: Any, context: Any, path: Any) -> Any:
        return obj // 2


def checksum() -> Any:
    return construct.Checksum(construct.Bytes(4), lambda data: data[:4], this.payload)


FOREIGN = {
    "Checksum": lambda: KStruct("payload" / BYTES, "crc" / checksum()),
    "ExprAdapter": lambda: KStruct("a" / construct.ExprAdapter(Int8, lambda o, c: o,
                                                               lambda o, c: o)),
    "Adapter": lambda: Doubled(Int8),
    "Adapter-in-KArray": lambda: KArray(Doubled(Int8)),
    "Adapter-in-KStruct-in-KArray": lambda: KArray(KStruct("x" / Doubled(Int8)), "compact"),
    "Adapter-in-Presence": lambda: Presence(KStruct("x" / Doubled(Int8))),
    "Adapter-in-KPrefixed": lambda: KPrefixed("varint", Doubled(Int8)),
    "Adapter-in-KGreedy": lambda: KGreedy(Doubled(Int8)),
    "Adapter-in-TaggedField": lambda: KStruct(TaggedFields([TaggedField(0, "x", Doubled(Int8),
                                                                       0)])),
    "Lambda-in-array-count": lambda: KStruct("n" / Int8, "xs" / construct.Array(
        lambda ctx: ctx.n, Int8)),
    "Lambda-in-KArray-count": lambda: KStruct("n" / Int8, "xs" / KArray(
        Int8, None, count=lambda ctx: ctx.n)),
}


@pytest.mark.parametrize("name", sorted(FOREIGN))
def test_interpreted_fallback_is_refused(name):
    grammar = FOREIGN[name]()
    with pytest.raises(GrammarError) as info:
        CompiledGrammar(grammar, name)
    assert type(info.value) is GrammarError
    assert name in str(info.value)
    if name.startswith("Lambda"):
        assert "does not compile" in str(info.value)
    else:
        assert "falls back to the interpreter" in str(info.value)


def test_refusal_names_the_offending_class():
    with pytest.raises(GrammarError, match="Checksum"):
        CompiledGrammar(FOREIGN["Checksum"]())


def test_context_values_reach_both_paths():
    grammar = KStruct("xs" / KArray(Int8, None, count=this._.n))
    assert_symmetric(grammar, H("0102"), {"xs": [1, 2]}, n=2)
    assert_rejects(grammar, H("01"), InvalidValueError, path="xs", offset=0, actual=-1, n=-1)


def test_exact_and_partial_parse():
    compiled = CompiledGrammar(SMALL, "small")
    assert compiled.parse(H("01" "0278" "ff"), exact=False) == {"a": 1, "s": "x"}
    with pytest.raises(InvalidValueError) as info:
        compiled.parse(H("01" "0278" "ff"))
    assert (info.value.offset, info.value.actual) == (3, 1)
    assert "small" in str(info.value)


def test_interpreted_entry_points_on_compiled_grammar():
    compiled = CompiledGrammar(SMALL)
    data = H("01" "0278")
    assert compiled.parse_interpreted(data) == {"a": 1, "s": "x"}
    assert compiled.build_interpreted({"a": 1, "s": "x"}) == data
