"""Code generation support: how a block adds to the module ``construct.compile()`` writes.

Every block's ``_emitparse`` / ``_emitbuild`` goes through these helpers:

* :func:`emit_function` adds one function (``parse_<kind>_N(io, this)`` or
  ``build_<kind>_N(obj, io, this)``) and returns the expression calling it;
* :func:`emit_const` / :func:`emit_value` bind a module-level name to a literal, or to any
  Python object (a default, a factory, an error class), handed over through a table of
  parked constants that the generated module empties when it runs.

Generated modules start with :data:`RUNTIME_IMPORT`: the readers and writers of
:mod:`kformat.primitives.runtime` by name, the module itself as ``_rt``, and the errors.
"""

from __future__ import annotations

import itertools
from contextvars import ContextVar
from typing import Any

__all__ = [
    "EMITTED_TOKENS",
    "EMIT_CONSTANTS",
    "RUNTIME_IMPORT",
    "emit_call",
    "emit_const",
    "emit_function",
    "emit_value",
    "put_constant",
    "release_constants",
    "take_constant",
]

RUNTIME_IMPORT = ("from kformat.primitives.runtime import *\n"
                  "import kformat.primitives.runtime as _rt\n"
                  "from kformat.errors import EncodeError, InvalidValueError")

_PARAMETERS = {"parse": "io, this", "build": "obj, io, this"}


def emit_function(code: Any, mode: str, kind: str, body: list[str]) -> str:
    """Add ``def {mode}_{kind}_N(...)`` with the statements ``body``; the expression that
    calls it.

    ``mode`` is ``"parse"`` (parameters ``io, this``; the statements return the value) or
    ``"build"`` (``obj, io, this``; they write ``obj`` to ``io`` and return what the
    construct context should hold for it).
    """
    code.append(RUNTIME_IMPORT)
    call = f"{mode}_{kind}_{code.allocateId()}({_PARAMETERS[mode]})"
    code.append("\n".join([f"def {call}:", *("    " + line for line in body)]))
    return call


def emit_call(code: Any, expr: str) -> str:
    """``expr``, an expression over the runtime's readers and writers, for the code being
    compiled (whose module then imports them)."""
    code.append(RUNTIME_IMPORT)
    return expr


def emit_const(code: Any, prefix: str, value_src: str) -> str:
    """Bind a module-level name to the expression ``value_src``; the name."""
    name = f"{prefix}_{code.allocateId()}"
    code.append(f"{name} = {value_src}")
    return name


def emit_value(code: Any, prefix: str, value: Any) -> str:
    """Bind a module-level name to ``value``, any Python object; the name."""
    code.append(RUNTIME_IMPORT)
    return emit_const(code, prefix, f"_rt.take_constant({put_constant(value)})")


EMIT_CONSTANTS: dict[int, Any] = {}
"""Objects handed to code being compiled (values that have no literal form), by token.

The generated module takes each one (:func:`take_constant`) when it runs, binding it to a
module-level name, so the table only holds the constants of compiles in progress: a grammar
compiled again and again does not grow it.
"""
_EMIT_TOKENS = itertools.count()

EMITTED_TOKENS: ContextVar[list[int] | None] = ContextVar("kformat_emitted_tokens",
                                                          default=None)
"""Tokens parked by the compile in progress in this context; what a failed compile (one
whose generated module never ran) leaves in the table is dropped by
:func:`release_constants`."""


def put_constant(value: Any) -> int:
    """Park ``value`` for the code being generated; the token to take it back with."""
    token = next(_EMIT_TOKENS)
    EMIT_CONSTANTS[token] = value
    tokens = EMITTED_TOKENS.get()
    if tokens is not None:
        tokens.append(token)
    return token


def take_constant(token: int) -> Any:
    """The value parked under ``token``, removed from the table (generated code calls this
    once, at module level)."""
    return EMIT_CONSTANTS.pop(token)


def release_constants(tokens: list[int]) -> None:
    """Drop what ``tokens`` still hold in the table (a compile that stopped half-way)."""
    for token in tokens:
        EMIT_CONSTANTS.pop(token, None)
