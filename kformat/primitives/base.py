"""Base class of kformat building blocks: interpreted and compiled from one definition."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from construct import Construct

FACTORIES = "_factories"
"""Context parameter mapping ``id(struct)`` to the factory of its parsed values."""
EMITTING_FACTORIES: ContextVar[dict[int, Any] | None] = ContextVar("kformat_factories",
                                                                  default=None)
"""The factories of the grammar being compiled (:class:`~kformat.primitives.CompiledGrammar`)."""

RUNTIME_IMPORT = "from kformat.primitives._runtime import *\nimport kformat.primitives._runtime as _rt"


class KConstruct(Construct):
    """A construct whose parse and build go through :mod:`kformat.primitives._runtime`.

    Subclasses implement ``_parse``/``_build`` for construct's interpreter and
    ``_emitparse``/``_emitbuild`` for ``compile()``, both calling the same runtime
    functions. ``min_size`` is the fewest bytes one value can take on the wire; arrays use it
    to refuse counts the remaining bytes cannot hold.
    """

    min_size: int = 1

    @staticmethod
    def _runtime(code: Any) -> None:
        code.append(RUNTIME_IMPORT)

    @staticmethod
    def _const(code: Any, prefix: str, value_src: str) -> str:
        """Emit a module-level constant and return its name."""
        name = f"{prefix}_{code.allocateId()}"
        code.append(f"{name} = {value_src}")
        return name

    @staticmethod
    def _value(code: Any, prefix: str, value: Any) -> str:
        """Emit a module-level name bound to any Python object (defaults, codecs...)."""
        from kformat.primitives import _runtime as rt

        return KConstruct._const(code, prefix, f"_rt.take_constant({rt.put_constant(value)})")


def min_size_of(subcon: Construct) -> int:
    """Fewest bytes a value of ``subcon`` takes (0 when unknown)."""
    while True:
        size = getattr(subcon, "min_size", None)
        if size is not None:
            return size
        inner = getattr(subcon, "subcon", None)
        if inner is None:
            return 0
        subcon = inner
