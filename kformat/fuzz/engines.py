"""One input, several engines: run it on each and say whether they agree.

kformat runs every grammar on two engines (:mod:`kformat.engine`: ``native``, the C plan
interpreter, and ``python``, construct's compiled code with the interpreter for errors).
They promise the same values and, on bad input, the same :class:`~kformat.errors.KFormatError`
subclass with the same field path and offset. :func:`disagreement` checks that promise for
one input; the fuzz harnesses (:func:`kformat.fuzz.harness.fuzz_parsers`,
:mod:`kformat.fuzz.atheris_harness`) call it on every input they run differentially.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
from collections.abc import Iterator, Sequence
from typing import Any

from kformat.errors import KFormatError

__all__ = ["Outcome", "active", "available", "disagreement", "resolve", "same_value", "using"]


def available() -> tuple[str, ...]:
    """The engines this installation runs (just ``python`` before the native engine)."""
    try:
        from kformat import engine
    except ImportError:
        return ("python",)
    return tuple(engine.available())


def active() -> str:
    try:
        from kformat import engine
    except ImportError:
        return "python"
    return str(engine.active())


@contextlib.contextmanager
def using(name: str) -> Iterator[str]:
    """Run the ``with`` block on engine ``name``."""
    try:
        from kformat import engine
    except ImportError:
        if name != "python":
            raise ValueError(f"engine {name!r} is not available (only python)") from None
        yield name
        return
    with engine.using(name):
        yield name


def resolve(names: str | Sequence[str] | None) -> tuple[str, ...]:
    """The engines to run: ``None`` the active one, ``"all"`` every available one (the
    default first), else the names given (comma-separated or a sequence), checked."""
    if names is None:
        return (active(),)
    if isinstance(names, str):
        if names.strip() == "all":
            return available()
        names = [n.strip() for n in names.split(",") if n.strip()]
    out = tuple(dict.fromkeys(names))
    have = available()
    missing = [n for n in out if n not in have]
    if not out or missing:
        raise ValueError(f"engines {', '.join(missing) or '(none)'} not available here "
                         f"(available: {', '.join(have)})")
    return out


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What one engine did with one input."""

    kind: str
    """``parsed``, the name of the :class:`KFormatError` raised, or ``FOREIGN``."""
    value: Any = None
    error: BaseException | None = None

    @property
    def where(self) -> tuple[str, int | None] | None:
        """``(field path, offset)`` of a :class:`KFormatError`."""
        if isinstance(self.error, KFormatError):
            return self.error.field_path, self.error.offset
        return None


def disagreement(first: Outcome, other: Outcome, *, locations: bool = True) -> str | None:
    """Why ``other`` differs from ``first`` (``None`` when the engines agree): the
    outcome kind, then the error's path and offset (``locations``), or the value."""
    if first.kind != other.kind:
        return f"{first.kind} vs {other.kind}: {first.error or ''} | {other.error or ''}"
    if first.kind == "parsed":
        if not same_value(first.value, other.value):
            return f"values differ: {_diff(first.value, other.value)}"
        return None
    if locations and first.kind != "FOREIGN" and first.where != other.where:
        return f"{first.kind} at {first.where} vs {other.where}: {first.error} | {other.error}"
    return None


def same_value(a: Any, b: Any) -> bool:
    """``a == b``, except that NaN equals NaN, errors held in a value are equal when their
    class and message (with path and offset) are, and dataclasses, records and containers
    are compared field by field (so one NaN deep inside does not make two values differ)."""
    if a is b:
        return True
    try:
        if a == b:
            return True
    except Exception:
        pass
    same: bool = _canonical(a) == _canonical(b)
    return same


_NAN = ("NaN",)


def _canonical(value: Any) -> Any:
    if isinstance(value, float):
        return _NAN if math.isnan(value) else value
    if isinstance(value, BaseException):  # errors reported inside a value (conversations)
        return (type(value).__name__, str(value))
    if isinstance(value, dict):
        return {k: _canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return tuple(_canonical(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,
                tuple((f.name, _canonical(getattr(value, f.name)))
                      for f in dataclasses.fields(value)))
    slots = _slots(type(value))
    if slots:
        return (type(value).__name__,
                tuple((s, _canonical(getattr(value, s, None))) for s in slots))
    return value


def _slots(cls: type) -> tuple[str, ...]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else [s for s in slots if s != "__weakref__"]
    return tuple(names)


def _diff(a: Any, b: Any, path: str = "") -> str:
    """The first place two values differ, for a finding's detail."""
    ca, cb = _canonical(a), _canonical(b)
    if isinstance(ca, dict) and isinstance(cb, dict):
        for key in list(ca) + [k for k in cb if k not in ca]:
            if ca.get(key, _MISSING) != cb.get(key, _MISSING):
                return _diff(ca.get(key, _MISSING), cb.get(key, _MISSING), f"{path}.{key}")
    if isinstance(ca, tuple) and isinstance(cb, tuple) and len(ca) == len(cb):
        for i, (x, y) in enumerate(zip(ca, cb, strict=True)):
            if x != y:
                return _diff(x, y, f"{path}[{i}]")
    return f"{path or 'value'}: {_short(a)} vs {_short(b)}"


_MISSING = ("missing",)


def _short(value: Any, limit: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."
