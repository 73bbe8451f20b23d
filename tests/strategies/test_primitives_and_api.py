"""Primitive strategies (Kafka's protocol guide, "Protocol Primitive Types"), the public strategy API, its eager argument checks, and
the registry of strategy functions (every one documented)."""

from __future__ import annotations

import math
import re
import uuid
from pathlib import Path

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

import kformat
from kformat import strategies as ks
from kformat.errors import GrammarError, UnsupportedVersionError
from kformat.primitives import (
    BYTES,
    COMPACT_NULLABLE_STRING,
    NULLABLE_BYTES,
    STRING,
    Boolean,
    Float64,
    Int8,
    Int16,
    Int32,
    Int64,
    KStruct,
    UInt16,
    UInt32,
    UnsignedVarInt,
    Uuid,
    VarInt,
    VarLong,
    build_interpreted,
    parse_interpreted,
)
from kformat.strategies.primitives import INT_BOUNDS
from tests.helpers import assert_same, budget, compiled

DOCS = Path(__file__).resolve().parents[2] / "docs" / "fuzzing.md"

SCALARS = [
    (ks.int8, Int8, "int8"), (ks.int16, Int16, "int16"), (ks.int32, Int32, "int32"),
    (ks.int64, Int64, "int64"), (ks.uint16, UInt16, "uint16"), (ks.uint32, UInt32, "uint32"),
    (ks.varint, VarInt, "varint"), (ks.varlong, VarLong, "varlong"),
    (ks.unsigned_varint, UnsignedVarInt, "unsigned_varint"),
]


@pytest.mark.parametrize(("strategy", "block", "kind"), SCALARS, ids=[k for *_, k in SCALARS])
def test_integers_cover_their_range_and_round_trip(strategy, block, kind):
    lo, hi = INT_BOUNDS[kind]

    @settings(max_examples=budget(50, 5000))
    @given(strategy())
    def holds(value):
        assert lo <= value <= hi
        data = build_interpreted(block, value)
        assert parse_interpreted(block, data) == value
        assert compiled(block).parse(data) == value

    holds()
    for edge in {lo, hi, 0, -1 if lo < 0 else 1}:
        assert find(strategy(), lambda v, e=edge: v == e) == edge


def test_integers_shrink_to_zero():
    assert find(ks.int32(), lambda v: True) == 0
    assert find(ks.varlong(), lambda v: v != 0) in (1, -1)


def test_float64_booleans_uuids():
    @settings(max_examples=budget(50, 5000))
    @given(ks.float64(), ks.booleans(), ks.uuids())
    def holds(f, b, u):
        grammar = KStruct("f" / Float64, "b" / Boolean, "u" / Uuid)
        value = {"f": f, "b": b, "u": u}
        assert_same(parse_interpreted(grammar, build_interpreted(grammar, value)), value)

    holds()
    assert math.isnan(find(ks.float64(), lambda f: math.isnan(f)))
    assert find(ks.uuids(), lambda u: True) == uuid.UUID(int=0)


@pytest.mark.parametrize(("block", "nullable", "strategy"), [
    (STRING, False, ks.string_values), (COMPACT_NULLABLE_STRING, True, ks.string_values),
    (BYTES, False, ks.bytes_values), (NULLABLE_BYTES, True, ks.bytes_values),
])
def test_strings_and_bytes(block, nullable, strategy):
    @settings(max_examples=budget(50, 5000))
    @given(strategy(nullable=nullable))
    def holds(value):
        assert value is not None or nullable
        assert parse_interpreted(block, build_interpreted(block, value)) == value

    holds()
    if nullable:
        assert find(strategy(nullable=True), lambda v: v is None) is None
    else:
        assert find(strategy(), lambda v: True) in ("", b"")


def test_strings_include_non_ascii_utf8():
    assert len(find(ks.string_values(), lambda s: any(ord(c) > 0xFFFF for c in s))) >= 1
    assert find(ks.string_values(), lambda s: "\x00" in s)


@pytest.mark.parametrize(("call", "error"), [
    (lambda: ks.message_bodies("NoSuchApi", 0), UnsupportedVersionError),
    (lambda: ks.message_bodies(9999, 0), UnsupportedVersionError),
    (lambda: ks.message_bodies("Produce", 14), UnsupportedVersionError),
    (lambda: ks.message_bodies("Produce", -1), UnsupportedVersionError),
    (lambda: ks.message_bodies("Produce", "9"), ValueError),
    (lambda: ks.message_bodies("Produce", 9, "header"), ValueError),
    (lambda: ks.request_frames("Fetch", 99), UnsupportedVersionError),
    (lambda: ks.request_frames(version=3), ValueError),
    (lambda: ks.response_frames("Nope"), UnsupportedVersionError),
    (lambda: ks.record_schema_values("metadata", 9999, 0), UnsupportedVersionError),
    (lambda: ks.record_schema_values("metadata", "PartitionRecord", 7), UnsupportedVersionError),
    (lambda: ks.record_schema_values("metadata", "OffsetCommitKey", 0), UnsupportedVersionError),
    (lambda: ks.record_schema_values("request", "ProduceRequest", 0), ValueError),
    (lambda: ks.encoded("Produce"), ValueError),
    (lambda: ks.integers_of("int128"), ValueError),
    (lambda: ks.string_values(max_size=-1), ValueError),
    (lambda: ks.from_grammar(KStruct("x" / Int8), max_items=-1), ValueError),
])
def test_arguments_are_checked_when_the_strategy_is_made(call, error):
    with pytest.raises(error):
        call()


def test_a_block_without_a_handler_is_refused_at_once():
    from construct import Int8ub

    with pytest.raises(GrammarError):
        ks.from_grammar(KStruct("x" / Int8ub))


def test_unknown_tags_never_collide_with_known_ones():
    known = frozenset({0, 1, 2, 5, 4294967295})

    @settings(max_examples=budget(100, 5000))
    @given(ks.unknown_tag_numbers(known))
    def holds(tag):
        assert tag not in known and 0 <= tag <= 4294967295

    holds()


def test_overrides_replace_a_field_strategy():
    grammar = KStruct("a" / Int32, "b" / STRING)
    value = find(ks.from_grammar(grammar, overrides={"a": st.just(7)}), lambda v: True)
    assert value == {"a": 7, "b": ""}


def test_frames_parse_back():
    @settings(max_examples=budget(30, 3000))
    @given(ks.request_frames(unknown_tags=True))
    def requests(frame):
        parsed = kformat.parse_request(frame.payload)
        assert (parsed.api_key, parsed.api_version, parsed.correlation_id) == (
            frame.api_key, frame.api_version, frame.correlation_id)
        assert parsed.client_id == frame.client_id
        assert_same(parsed.body, frame.body)
        assert parsed.to_bytes() == frame.payload
        assert kformat.unframe(frame.framed) == frame.payload

    @settings(max_examples=budget(30, 3000))
    @given(ks.response_frames(unknown_tags=True))
    def responses(frame):
        parsed = kformat.parse_response(frame.payload, frame.api_key, frame.api_version)
        assert_same(parsed.body, frame.body)
        assert parsed.to_bytes() == frame.payload

    requests()
    responses()


@pytest.mark.parametrize(("args", "kind"), [
    (("Produce", 9), "request"), (("Metadata", 12, "response"), "response"),
    ((3, 0, "metadata"), "metadata"), (("OffsetCommitValue", 4, "coordinator-value"), "cv"),
])
def test_encoded_bytes_parse(args, kind):
    @settings(max_examples=budget(10, 1000))
    @given(ks.encoded(*args))
    def holds(data):
        target, version, *rest = args
        what = rest[0] if rest else "request"
        kformat.compiled_grammar(target, version, what).parse(data)

    holds()


def test_encoded_any_grammar():
    grammar = KStruct("n" / Int16, "s" / STRING)

    @settings(max_examples=budget(10, 1000))
    @given(ks.encoded(grammar))
    def holds(data):
        parse_interpreted(grammar, data)

    holds()


def test_every_strategy_function_is_registered_and_documented():
    public = {name for name in ks.__all__ if callable(getattr(ks, name))
              and name not in ("Frame", "comparable")}
    assert public == set(ks.STRATEGIES)
    text = DOCS.read_text(encoding="utf-8")
    for name, fn in ks.STRATEGIES.items():
        assert fn.__doc__ and fn.__doc__.strip(), f"{name} has no docstring"
        assert re.search(rf"\b{name}\b", text), f"{name} is not documented in docs/fuzzing.md"
        assert isinstance(fn, type(test_encoded_any_grammar)), name
