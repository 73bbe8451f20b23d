"""ONE property test over the whole registry: every grammar, every version.

For each (grammar, version) of the registry (requests, responses, headers, internal-topic
records and the other data schemas), values drawn from the strategies derived from that
grammar (:func:`kformat.strategies.message_bodies` / :func:`record_schema_values`, unknown
tagged fields included) hold:

* build then parse returns the value;
* parse then build returns the bytes;
* the interpreted and the compiled path agree (same bytes, same value), the compiled one
  without falling back to the interpreter.

A new grammar is covered with no new test code. Under the ``ci`` profile each version gets a
handful of examples; ``HYPOTHESIS_PROFILE=fuzz pytest -m fuzz`` runs many more.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from kformat.primitives import build_interpreted, parse_interpreted
from kformat.spec.compiler import body_grammar
from kformat.spec.registry import load_registry
from kformat.spec.schema import MessageDef
from kformat.strategies import message_bodies, record_schema_values
from tests.helpers import (
    assert_same,
    budget,
    compiled,
    compiled_build,
    compiled_parse,
    declared_versions,
    native_build,
    native_parse,
    on_native,
)

pytestmark = pytest.mark.usefixtures("each_engine")

REGISTRY = load_registry()
CASES = [(msg.name, v) for msg in REGISTRY for v in msg.valid]


def _strategy(msg: MessageDef, version: int, max_items: int) -> Any:
    if msg.kind in ("request", "response"):
        return message_bodies(msg.api_key, version, msg.kind, unknown_tags=True,  # type: ignore[arg-type]
                              max_items=max_items)
    return record_schema_values(msg.kind, msg.name, version, unknown_tags=True,
                                max_items=max_items)


def _check(name: str, version: int, examples: int, max_items: int) -> None:
    msg = REGISTRY.message(name)
    grammar = body_grammar(msg, version)
    fast = compiled(grammar)
    native = on_native(grammar)

    @settings(max_examples=examples)
    @given(_strategy(msg, version, max_items))
    def holds(value: dict[str, Any]) -> None:
        data = build_interpreted(grammar, value)
        assert compiled_build(grammar, value) == data, "compiled build"
        assert fast.build(value) == data
        back = parse_interpreted(grammar, data)
        assert_same(back, value, "build then parse")
        assert_same(compiled_parse(grammar, data), value, "compiled parse (no fallback)")
        if native:
            assert_same(native_parse(grammar, data), value, "native parse (no fallback)")
            assert native_build(grammar, value) == data, "native build (no fallback)"
        assert build_interpreted(grammar, back) == data, "parse then build"

    holds()


def test_the_registry_is_all_here():
    kinds = {msg.kind for msg in REGISTRY}
    assert kinds >= {"request", "response", "header", "data", "metadata", "coordinator-key",
                     "coordinator-value"}
    assert sorted(CASES) == sorted(declared_versions())  # what the grammar files declare


@pytest.mark.parametrize(("name", "version"), CASES, ids=[f"{n}-v{v}" for n, v in CASES])
def test_every_grammar_round_trips(name: str, version: int) -> None:
    _check(name, version, budget(4, 400), max_items=2)


@pytest.mark.fuzz
@pytest.mark.parametrize(("name", "version"), CASES, ids=[f"{n}-v{v}" for n, v in CASES])
def test_every_grammar_round_trips_long(name: str, version: int) -> None:
    _check(name, version, budget(100, 5000), max_items=4)
