"""Base class of kformat building blocks, and the small helpers every block shares.

:class:`KConstruct` is a block parsed and built by construct's interpreter and compiled by
``construct.compile()`` from one definition; :func:`unwrap` gives the block under a
``name /`` wrapper, :func:`evaluate` a value or the value of a ``this`` expression, and
:func:`min_size_of` the fewest bytes a block's value takes.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from construct import Construct, Renamed

__all__ = ["EMITTING_FACTORIES", "FACTORIES", "KConstruct", "evaluate", "min_size_of", "unwrap"]

FACTORIES = "_factories"
"""Context parameter mapping ``id(struct)`` to the factory of its parsed values."""
EMITTING_FACTORIES: ContextVar[dict[int, Any] | None] = ContextVar("kformat_factories",
                                                                  default=None)
"""The factories of the grammar being compiled (:class:`~kformat.primitives.CompiledGrammar`)."""


class KConstruct(Construct):
    """A construct whose parse and build go through :mod:`kformat.primitives.runtime`.

    Subclasses implement ``_parse``/``_build`` for construct's interpreter and
    ``_emitparse``/``_emitbuild`` for ``compile()`` (with :mod:`kformat.primitives.emitting`),
    both calling the same runtime functions. ``min_size`` is the fewest bytes one value can
    take on the wire; arrays use it to refuse counts the remaining bytes cannot hold.
    """

    min_size: int = 1


def unwrap(sc: Construct) -> tuple[str | None, Construct]:
    """The outermost name of ``sc`` (``name / subcon``) and the block under the names."""
    name = None
    while isinstance(sc, Renamed):
        name = name or sc.name
        sc = sc.subcon
    return name, sc


def evaluate(value: Any, context: Any) -> Any:
    """``value``, or what it gives for ``context`` when it is a ``this`` expression (or any
    other callable)."""
    return value(context) if callable(value) else value


def min_size_of(subcon: Construct) -> int:
    """Fewest bytes a value of ``subcon`` takes (0 when unknown)."""
    while True:
        size: int | None = getattr(subcon, "min_size", None)
        if size is not None:
            return size
        inner = getattr(subcon, "subcon", None)
        if inner is None:
            return 0
        subcon = inner
