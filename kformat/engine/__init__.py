"""Engine selection: the native engine (C) or the pure-Python path.

Both engines run the same grammars and give the same values, bytes and errors:

* ``native``: :mod:`kformat.engine._native`, one C interpreter of *plans* lowered from the
  grammars (:mod:`kformat.engine.plan`); any failure is re-run on the Python path, which
  raises the precise :class:`~kformat.errors.KFormatError`;
* ``python``: construct's compiled code (:class:`~kformat.primitives.CompiledGrammar`) with
  the interpreter for errors; always available.

The native engine is the default when the extension was built. ``KFORMAT_ENGINE=native``
or ``python`` chooses the process's default at import time (``native`` when it was not built
is an error, so is an unknown value); :func:`using` switches for the duration of a ``with``
block (tests, harnesses). That switch belongs to the context that made it (a
:class:`~contextvars.ContextVar`): other threads keep the default, an asyncio task started
inside the block inherits the choice, one started elsewhere does not.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from types import ModuleType

__all__ = ["ENGINES", "ENV", "EngineError", "active", "available", "describe", "extension", "native",
           "unavailable_reason", "using"]

ENGINES = ("native", "python")
ENV = "KFORMAT_ENGINE"
BUILD_FAILURE = Path(__file__).with_name("_native_build_failure.txt")
"""Written by ``setup.py`` when the extension did not compile: the compiler's reason."""


class EngineError(RuntimeError):
    """An unknown engine name, or the native engine asked for but not built."""


def _load() -> tuple[ModuleType | None, str]:
    try:
        from kformat.engine import _native as module
    except ImportError as exc:
        reason = f"the extension kformat.engine._native is not importable ({exc})"
        try:
            reason = BUILD_FAILURE.read_text(encoding="utf-8").strip() or reason
        except OSError:
            pass
        return None, reason
    from kformat.engine.plan import PLAN_VERSION
    from kformat.engine.sources import source_digest

    built = getattr(module, "PLAN_VERSION", None)
    if built != PLAN_VERSION:
        return None, (f"the extension was built for plan format {built}, this kformat writes "
                      f"format {PLAN_VERSION}: {REBUILD}")
    stale = stale_reason(getattr(module, "SOURCE_DIGEST", ""),
                         source_digest(Path(__file__).parent))
    if stale:  # built, but from other sources: the Python engine, said out loud
        warnings.warn(f"kformat runs on the Python engine: {stale}", RuntimeWarning,
                      stacklevel=3)
        return None, stale
    return module, ""


REBUILD = "rebuild it (pip install -e . or python setup.py build_ext --inplace)"


def stale_reason(built: str, present: str | None) -> str:
    """Why an extension whose sources had digest ``built`` must not run beside the C files
    of digest ``present`` (``None``: no sources installed, nothing to compare); ``""`` when
    it may."""
    if present is None or built == present:
        return ""
    return (f"the extension was built from other C sources (digest {built or 'none'}) than "
            f"those beside it ({present}), so it is stale: {REBUILD}")


_NATIVE, _REASON = _load()
_CHOSEN: ContextVar[ModuleType | None]
"""The native module while the native engine is active in this context, else ``None``; its
default is the process's (``KFORMAT_ENGINE``), :func:`using` sets it for one context."""


def available() -> tuple[str, ...]:
    """The engines this installation can run, the default first."""
    return ENGINES if _NATIVE is not None else ("python",)


def extension() -> ModuleType | None:
    """The built extension (whichever engine is active), or ``None``: the record layer takes
    its native :class:`~kformat.records.Record` type from it."""
    return _NATIVE


def unavailable_reason() -> str:
    """Why the native engine is unavailable (``""`` when it is available)."""
    return _REASON


def _check(name: str) -> str:
    if name not in ENGINES:
        raise EngineError(f"unknown kformat engine {name!r}: choose one of {', '.join(ENGINES)}")
    if name == "native" and _NATIVE is None:
        raise EngineError(f"the native engine is not available: {_REASON}")
    return name


def _module(name: str) -> ModuleType | None:
    return _NATIVE if _check(name) == "native" else None


def active() -> str:
    """``"native"`` or ``"python"``: the engine of the calling context."""
    return "native" if _CHOSEN.get() is not None else "python"


def native() -> ModuleType | None:
    """The native module while the native engine is active in the calling context (what hot
    paths read)."""
    return _CHOSEN.get()


def __getattr__(name: str) -> ModuleType | None:
    if name == "NATIVE":  # the former module attribute, now the calling context's choice
        return _CHOSEN.get()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@contextmanager
def using(name: str) -> Iterator[str]:
    """Run the ``with`` block on engine ``name``, then switch back. Only the calling context
    (thread, or asyncio task) switches: other threads keep their engine."""
    token = _CHOSEN.set(_module(name))
    try:
        yield name
    finally:
        _CHOSEN.reset(token)


def describe() -> str:
    """One line for ``kformat --version``: the active engine and what is available."""
    if _NATIVE is None:
        return f"engine: python (native unavailable: {_REASON})"
    return f"engine: {active()} (available: {', '.join(available())})"


_DEFAULT = _module(os.environ.get(ENV, "").strip().lower() or available()[0])
_CHOSEN = ContextVar("kformat_engine", default=_DEFAULT)
