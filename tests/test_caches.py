"""Every cache in kformat is bounded.

A cache keyed by what callers or peers pass (column lists, API keys from the wire, message
specs of other registries) must have a size bound; an unbounded ``functools.cache`` is only
for arguments drawn from a finite set the library itself defines (the spec's messages and
versions, the output column names, flags), each listed here with that set.
"""

from __future__ import annotations

import ast
import copy
from pathlib import Path

import pytest

import kformat

ROOT = Path(kformat.__file__).parent

FINITE = {
    "spec/registry.py:load_message": "the grammar files shipped with kformat",
    "protocol/typed.py:runtime_type": "the generated type names",
    "protocol/api.py:_compiled_body": "the spec's (kind, API key, version); errors not kept",
    "protocol/api.py:_compiled_header": "the header versions",
    "protocol/api.py:_cached_codec": "the spec's (kind, API key, version); errors not kept",
    "protocol/formats.py:producer_snapshot_grammar": "a flag",
    "protocol/formats.py:_snapshot": "a flag",
    "segments/specs.py:spec_grammar": "the spec's (name, version); errors not kept",
    "outputs/arrow_native.py:legacy_spec": "the column names",
    "outputs/arrow_native.py:column_spec": "the column names",
    "spark/schema.py:arrow_schema": "the decode modes and a flag",
}
"""Unbounded caches whose arguments come from a finite set, and that set."""


def _unbounded(dec: ast.expr) -> bool:
    """Whether decorator ``dec`` is ``functools.cache`` / ``cache`` or an
    ``lru_cache(maxsize=None)``."""
    name = ast.unparse(dec.func if isinstance(dec, ast.Call) else dec)
    if name in ("functools.cache", "cache"):
        return True
    if name in ("functools.lru_cache", "lru_cache") and isinstance(dec, ast.Call):
        sizes = [k.value for k in dec.keywords if k.arg == "maxsize"] + dec.args[:1]
        return bool(sizes) and isinstance(sizes[0], ast.Constant) and sizes[0].value is None
    return False


def unbounded_caches() -> dict[str, int]:
    """``module:function`` of every unbounded cache on a function with arguments, and how
    many arguments it takes."""
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(
                    _unbounded(d) for d in node.decorator_list):
                args = node.args
                count = len(args.posonlyargs) + len(args.args) + len(args.kwonlyargs)
                if count or args.vararg or args.kwarg:
                    found[f"{path.relative_to(ROOT).as_posix()}:{node.name}"] = count
    return found


def test_every_unbounded_cache_is_keyed_by_a_finite_set() -> None:
    assert sorted(unbounded_caches()) == sorted(FINITE)


def test_the_scan_sees_unbounded_caches() -> None:
    tree = ast.parse("@functools.cache\ndef f(): ...\n@lru_cache(maxsize=None)\ndef g(): ...\n"
                     "@functools.lru_cache(maxsize=8)\ndef h(): ...\n@functools.lru_cache\n"
                     "def i(): ...")
    decs = [f.decorator_list[0] for f in tree.body]  # type: ignore[attr-defined]
    assert [_unbounded(d) for d in decs] == [True, True, False, False]


def test_caches_keyed_by_peers_are_bounded() -> None:
    from kformat.broker import server
    from kformat.live import proxy
    from kformat.outputs import arrow_native

    for cached in (proxy.advertises_brokers, server._has_top_level_error,
                   arrow_native._sink):
        assert cached.cache_info().maxsize is not None, cached
    for key in range(3000):  # API keys no spec has: each was kept, forever
        proxy.advertises_brokers(key + 1000, 0)
    assert proxy.advertises_brokers.cache_info().currsize <= 1024


@pytest.mark.parametrize("table", ["compiler", "versioned"])
def test_grammar_tables_of_other_registries_messages_are_bounded(
        table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Grammars are kept by message spec; specs of other registries (each load its own
    objects) come and go, so the tables empty when full instead of growing."""
    from kformat.protocol import versioned
    from kformat.spec import compiler
    from kformat.spec.registry import load_message

    msg = load_message("message/EndTxnMarker.kfg")
    if table == "compiler":
        kept, call = "_GRAMMARS", compiler.body_grammar
        monkeypatch.setattr(compiler, "_GRAMMARS", {})
        monkeypatch.setattr(compiler, "_GRAMMARS_KEPT", 8)
        where = compiler
    else:
        kept, call = "_COMPILED", versioned.compiled
        monkeypatch.setattr(versioned, "_COMPILED", {})
        monkeypatch.setattr(versioned, "_COMPILED_KEPT", 8)
        where = versioned
    copies = [copy.copy(msg) for _ in range(30)]
    for m in copies:
        grammar = call(m, 0)
        assert call(m, 0) is grammar
        assert len(getattr(where, kept)) <= 8
