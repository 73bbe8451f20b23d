"""Typo-proof builds: the keys a closed struct accepts, and the error for any other.

A :class:`~kformat.primitives.KStruct` made with ``closed=True`` (every protocol and record
body compiled from a ``.kfg`` grammar) refuses a dict key that names none of its fields on
build: ``{"topicz": None}`` is an :class:`~kformat.errors.EncodeError` at ``topicz`` with
the closest field name as a hint, never a silently empty ``topics``. The keys it accepts are
its subcons' names plus, for a flattened section (the tagged fields), the names that section
declares in ``keys``. Fields of other versions are subcons too (see
:class:`~kformat.spec.compiler.Absent`), so they keep their own rule.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from construct import Construct

from kformat.errors import EncodeError

__all__ = ["check_keys", "struct_keys"]


def struct_keys(subcons: Iterable[Construct]) -> frozenset[str] | None:
    """The keys a struct of ``subcons`` accepts, or None when a flattened subcon does not
    declare its keys (the struct then stays open)."""
    keys: set[str] = set()
    for sc in subcons:
        if getattr(sc, "flatten", False):
            declared = getattr(sc, "keys", None)
            if declared is None:
                return None
            keys.update(declared)
        elif sc.name:
            keys.add(sc.name)
    return frozenset(keys)


def check_keys(obj: Any, allowed: frozenset[str], path: str = "") -> None:
    """Raise :class:`EncodeError` for the first key of ``obj`` not in ``allowed``."""
    if allowed.issuperset(obj):
        return
    fields = sorted(k for k in allowed if not k.startswith("_"))
    for key in obj:
        if key in allowed:
            continue
        close = difflib.get_close_matches(str(key), fields, n=1) if isinstance(key, str) else []
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise EncodeError(f"unknown field {key!r}{hint}", path=f"{path} -> {key}",
                          expected=close[0] if close else None, actual=key)
