"""The symmetry and rejection helpers every golden test in the project uses (parse equals value, build equals bytes, in one call).

``assert_symmetric`` checks one golden vector on every path, the interpreter, the compiled
:class:`~kformat.primitives.CompiledGrammar` and, when built and the grammar lowers to a plan,
the native engine: parse(data) == value, build(value) == data and,
when the grammar has a static size, sizeof == len(data). The compiled path is checked without
its interpreter fallback too, so a vector cannot pass on the compiled side only because the
interpreter quietly took over; so is the native engine.

``assert_rejects`` / ``assert_build_rejects`` check that every path raises exactly the given
error class (``type(e) is error_cls``) with the given path, offset, expected and actual (each
checked only when given; the top-level path is ``""``).

Values are compared with :func:`same`: types must match (``True`` is not ``1``), floats compare
by value and sign, and every NaN equals every NaN.
"""

from __future__ import annotations

import math
import random
from io import BytesIO
from pathlib import Path
from typing import Any

from construct import Construct, SizeofError
from hypothesis import settings

from kformat import engine
from kformat.engine.plan import lowers
from kformat.errors import KFormatError
from kformat.primitives import CompiledGrammar, build_interpreted, parse_interpreted
from kformat.spec.registry import grammar_root

__all__ = [
    "assert_build_rejects",
    "assert_rejects",
    "assert_same",
    "assert_symmetric",
    "compiled",
    "compiled_build",
    "compiled_parse",
    "native_build",
    "native_parse",
    "same",
    "static_size",
]

_COMPILED: dict[int, tuple[Construct, CompiledGrammar]] = {}


def compiled(grammar: Construct) -> CompiledGrammar:
    """The :class:`CompiledGrammar` of ``grammar``, compiled once per test session."""
    hit = _COMPILED.get(id(grammar))
    if hit is None or hit[0] is not grammar:
        hit = (grammar, CompiledGrammar(grammar))
        _COMPILED[id(grammar)] = hit
    return hit[1]


def compiled_parse(grammar: Construct, data: bytes, **ctx: Any) -> Any:
    """Parse with the compiled code only (no interpreter fallback); must consume ``data``."""
    stream = BytesIO(data)
    value = compiled(grammar).parse_stream(stream, **ctx)
    if stream.tell() != len(data):
        raise AssertionError(f"compiled parse consumed {stream.tell()} of {len(data)} bytes")
    return value


def compiled_build(grammar: Construct, value: Any, **ctx: Any) -> bytes:
    """Build with the compiled code only (no interpreter fallback)."""
    return compiled(grammar).compiled.build(value, **ctx)


def native_parse(grammar: Construct, data: bytes) -> Any:
    """Parse with the native engine only (no fallback); must consume ``data``."""
    value, end = engine._NATIVE.parse(compiled(grammar).plan, data)
    if end != len(data):
        raise AssertionError(f"native parse consumed {end} of {len(data)} bytes")
    return value


def native_build(grammar: Construct, value: Any) -> bytes:
    """Build with the native engine only (no fallback)."""
    return engine._NATIVE.build(compiled(grammar).plan, value)  # type: ignore[no-any-return]


def on_native(grammar: Construct) -> bool:
    """Whether ``grammar`` runs on the native engine here (built, and the grammar lowers)."""
    return engine._NATIVE is not None and lowers(grammar)


def static_size(grammar: Construct) -> int | None:
    """``grammar.sizeof()`` or ``None`` when the size depends on the data."""
    try:
        return grammar.sizeof()
    except SizeofError:
        return None


def grammar_header(path: Path) -> tuple[str, str, dict[str, str]]:
    """The header line of a grammar file, read as text (what ``kformat grammars import``
    wrote from Kafka's specs): kind, message name and its ``key=value`` attributes."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            kind, name, *attrs = line.split()
            return kind, name, dict(a.split("=", 1) for a in attrs)
    raise AssertionError(f"{path}: no header line")


def grammar_files() -> list[Path]:
    """Every grammar file of the registry."""
    return sorted(Path(str(grammar_root())).rglob("*.kfg"))


def declared_versions(kind: str | None = None) -> list[tuple[str, int]]:
    """Every (message name, version) the grammar files declare (of ``kind``, or all), from
    their header lines. Tests compare what the registry loads with it instead of a
    hand-kept count."""
    found = []
    for path in grammar_files():
        head_kind, name, attrs = grammar_header(path)
        if kind is None or head_kind == kind:
            first, _, last = attrs["versions"].partition("-")
            found += [(name, v) for v in range(int(first), int(last or first) + 1)]
    return found


def budget(per_ci: int, cap: int) -> int:
    """Examples per property test: ``per_ci`` under the ``ci`` hypothesis profile (100
    examples), scaled with the profile's ``max_examples`` (``fuzz``: 100,000) up to ``cap``."""
    return max(2, min(cap, settings.default.max_examples * per_ci // 100))


def corrupted(data: bytes, rng: random.Random) -> bytearray:
    """``data`` with one to three bytes overwritten, each by a value that often sits on a
    boundary of the wire rules (0, 1, 0x7F, 0x80, 0xFF) or by a random byte."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        out[rng.randrange(len(out))] = rng.choice((0, 1, 0x7F, 0x80, 0xFF, rng.randrange(256)))
    return out


def same(a: Any, b: Any) -> bool:
    """Deep equality that also compares types, float signs and treats NaN as equal to NaN."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def assert_same(actual: Any, expected: Any, what: str = "value") -> None:
    assert same(actual, expected), f"{what}: got {actual!r}, expected {expected!r}"


def assert_symmetric(grammar: Construct, data: bytes, value: Any, **ctx: Any) -> None:
    """parse(data) == value, build(value) == data, sizeof == len(data); on both paths."""
    data = bytes(data)
    assert_same(parse_interpreted(grammar, data, **ctx), value, "interpreted parse")
    assert build_interpreted(grammar, value, **ctx) == data, "interpreted build"
    fast = compiled(grammar)
    assert_same(compiled_parse(grammar, data, **ctx), value, "compiled parse (no fallback)")
    assert_same(fast.parse(data, **ctx), value, "CompiledGrammar.parse")
    assert compiled_build(grammar, value, **ctx) == data, "compiled build (no fallback)"
    assert fast.build(value, **ctx) == data, "CompiledGrammar.build"
    if on_native(grammar) and not ctx:
        assert_same(native_parse(grammar, data), value, "native parse (no fallback)")
        assert native_build(grammar, value) == data, "native build (no fallback)"
        with engine.using("native"):
            assert_same(fast.parse(data), value, "CompiledGrammar.parse, native engine")
            assert fast.build(value) == data, "CompiledGrammar.build, native engine"
    size = static_size(grammar)
    if size is not None:
        assert size == len(data), f"sizeof {size} != {len(data)} bytes"
        assert fast.compiled.sizeof() == len(data), "compiled sizeof"


def _check(err: BaseException, error_cls: type[KFormatError], path: Any, offset: Any,
           expected: Any, actual: Any, where: str) -> None:
    assert type(err) is error_cls, f"{where}: raised {type(err).__name__}: {err}"
    assert isinstance(err, KFormatError)
    if path is not None:
        assert err.path == path, f"{where}: path {err.path!r} != {path!r} ({err})"
    if offset is not None:
        assert err.offset == offset, f"{where}: offset {err.offset!r} != {offset!r} ({err})"
    if expected is not None:
        assert err.expected == expected, f"{where}: expected {err.expected!r} != {expected!r}"
    if actual is not None:
        assert err.actual == actual, f"{where}: actual {err.actual!r} != {actual!r}"


def _where(err: KFormatError) -> tuple[Any, ...]:
    return type(err), err.path, err.offset, err.expected, err.actual


def _raised(fn: Any, *args: Any, **kwargs: Any) -> BaseException:
    try:
        result = fn(*args, **kwargs)
    except Exception as exc:
        return exc
    raise AssertionError(f"{getattr(fn, '__qualname__', fn)} returned {result!r}, expected an error")


def assert_rejects(grammar: Construct, data: bytes, error_cls: type[KFormatError],
                   path: Any = None, offset: Any = None, *, expected: Any = None,
                   actual: Any = None, exact: bool = True, **ctx: Any) -> KFormatError:
    """Parsing ``data`` raises exactly ``error_cls`` (with ``path``/``offset``...) on both paths.

    An argument left at ``None`` is not checked; the top-level path is ``""``. Returns the
    interpreter's error.
    """
    data = bytes(data)
    errors = []
    for where, fn in (("interpreted", parse_interpreted), ("compiled", None)):
        if fn is None:
            err = _raised(compiled(grammar).parse, data, exact=exact, **ctx)
        else:
            err = _raised(fn, grammar, data, exact=exact, **ctx)
        _check(err, error_cls, path, offset, expected, actual, where)
        errors.append(err)
    if on_native(grammar) and not ctx:
        with engine.using("native"):
            err = _raised(compiled(grammar).parse, data, exact=exact)
        _check(err, error_cls, path, offset, expected, actual, "native")
        errors.append(err)
    assert len({_where(e) for e in errors}) == 1, "the paths disagree"
    return errors[0]


def assert_build_rejects(grammar: Construct, value: Any, error_cls: type[KFormatError],
                         path: Any = None, *, expected: Any = None, actual: Any = None,
                         **ctx: Any) -> KFormatError:
    """Building ``value`` raises exactly ``error_cls`` with ``path`` on both paths."""
    errors = []
    for where, fn in (("interpreted", build_interpreted), ("compiled", compiled(grammar).build)):
        err = (_raised(fn, grammar, value, **ctx) if where == "interpreted"
               else _raised(fn, value, **ctx))
        _check(err, error_cls, path, None, expected, actual, where)
        errors.append(err)
    if on_native(grammar) and not ctx:
        with engine.using("native"):
            err = _raised(compiled(grammar).build, value)
        _check(err, error_cls, path, None, expected, actual, "native")
        errors.append(err)
    assert len({_where(e) for e in errors}) == 1, "the paths disagree"
    return errors[0]
