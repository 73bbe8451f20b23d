"""Compiling grammars again and again holds memory steady.

Compiled code gets the objects it cannot write as literals (field defaults, struct
factories, expected-value errors) through :data:`kformat.primitives.emitting.EMIT_CONSTANTS`.
That table used to be an append-only list: every compile added its objects for good, so a
process recompiling grammars (lru-cached grammar kinds, ``strategies.encoded`` on a
construct, the test suite) grew without bound. Now each generated module takes its
constants out of the table when it runs.
"""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from kformat.errors import GrammarError
from kformat.primitives import CompiledGrammar, Int32, KStruct
from kformat.primitives.base import KConstruct
from kformat.primitives.emitting import EMIT_CONSTANTS, emit_value


def _protocol_and_records() -> None:
    from kformat.protocol.api import grammar
    from kformat.records.conversion import v2_grammar as _v2

    CompiledGrammar(grammar(3, 12, "response"), "MetadataResponse v12")
    v2 = _v2()
    CompiledGrammar(v2.grammar, "RecordBatchV2", factories=v2.factories)


def _internal_topics() -> None:
    from kformat.protocol.versioned import grammar_for

    CompiledGrammar(grammar_for("coordinator-value", "GroupMetadataValue", 3, group="group"), "GroupMetadata v3")


def _traced_growth(compile_once: Callable[[], None], times: int) -> int:
    """Bytes still allocated after ``times`` more compiles (warm, garbage collected)."""
    compile_once()
    gc.collect()
    tracemalloc.start()
    try:
        compile_once()
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(times):
            compile_once()
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("compile_once", [_protocol_and_records, _internal_topics])
def test_recompiling_a_grammar_does_not_grow_memory(compile_once: Callable[[], None]) -> None:
    # 50 recompiles of grammars with defaults and factories: the old append-only table kept
    # ~240 bytes per compile of the first pair (12 KB); what is left now is allocator noise
    # (under 200 bytes measured).
    assert _traced_growth(compile_once, 50) < 4 * 1024
    assert EMIT_CONSTANTS == {}


def test_the_constants_table_is_empty_between_compiles() -> None:
    from kformat.protocol.api import grammar

    for version in range(13):
        CompiledGrammar(grammar(3, version, "response"), f"MetadataResponse v{version}")
        assert EMIT_CONSTANTS == {}


def test_the_compiled_code_still_gets_its_constants() -> None:
    default = ("a default", "with no literal form")
    struct = KStruct("n" / Int32, "d" / KConstructWithDefault(default))
    fast = CompiledGrammar(struct, "with a default")
    assert fast.parse(b"\x00\x00\x00\x07") == {"n": 7, "d": default}
    assert fast.parse(b"\x00\x00\x00\x07")["d"] is default


class KConstructWithDefault(KConstruct):
    """Zero bytes on the wire; parses to an object handed to compiled code by reference."""

    min_size = 0

    def __init__(self, value: Any) -> None:
        super().__init__()
        self.value = value

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        return self.value

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        return obj

    def _emitparse(self, code: Any) -> str:
        return emit_value(code, "fixed", self.value)

    def _emitbuild(self, code: Any) -> str:
        return "obj"


class FailsAfterParkingAConstant(KConstructWithDefault):
    """Parks a constant for the generated module, then fails before the module runs."""

    def _emitparse(self, code: Any) -> str:
        emit_value(code, "orphan", self.value)
        raise ValueError("this block cannot be emitted")


def test_a_failed_compile_leaves_nothing_in_the_table() -> None:
    struct = KStruct("n" / Int32, "x" / FailsAfterParkingAConstant(object()))
    with pytest.raises(GrammarError, match="grammar does not compile: ValueError"):
        CompiledGrammar(struct, "broken")
    assert EMIT_CONSTANTS == {}
