"""The fast path: construct's ``compile()`` of a kformat grammar, with no interpreted parts.

Every kformat building block emits code for construct's compiler, so ``grammar.compile()``
turns a whole declaration into plain Python functions. :class:`CompiledGrammar` refuses a
grammar whose compiled form would fall back to the interpreter (construct does that silently
for any class without ``_emitparse``/``_emitbuild``).

Compiled code is optimistic: it checks what it must to stay safe (lengths, counts, varint
bounds) but carries no field paths. When it fails, the same bytes are parsed again by the
interpreter, which raises the precise :class:`~kformat.errors.KFormatError` with path and
offset. Both paths call the same runtime readers and writers, and property tests hold their
results equal.
"""

from __future__ import annotations

from contextvars import ContextVar, Token
from io import BytesIO
from typing import TYPE_CHECKING, Any, Generic

from construct import Construct, ConstructError, Container

from kformat import engine
from kformat.errors import DecodeError, EncodeError, GrammarError, KFormatError
from kformat.primitives import emitting
from kformat.primitives.base import EMITTING_FACTORIES, FACTORIES
from kformat.primitives.reading import expect_consumed

__all__ = ["CompiledGrammar", "build_interpreted", "keep_parse_memo", "parse_interpreted",
           "parse_memo", "release_parse_memo"]

_PARSE_MEMO: ContextVar[dict[Any, Any] | None] = ContextVar("kformat_parse_memo", default=None)


def parse_memo() -> dict[Any, Any] | None:
    """A dict that lives for one :meth:`CompiledGrammar.parse` call, ``None`` outside one.

    A failing parse runs twice over the same bytes: on the fast path, then in the
    interpreter for the precise error. A block whose work is expensive keeps what it learnt
    here so the second run does not repeat it (the codecs keep the payloads that failed to
    decompress: a decompression bomb is inflated once). Keys are the block's own. A reader
    that runs the native engine over many values before parsing the one it failed on again
    keeps one memo across both (:func:`keep_parse_memo`): a parse inside uses it.
    """
    return _PARSE_MEMO.get()


def keep_parse_memo(memo: dict[Any, Any]) -> Token[dict[Any, Any] | None]:
    """Make ``memo`` the :func:`parse_memo` until :func:`release_parse_memo` of the token."""
    return _PARSE_MEMO.set(memo)


def release_parse_memo(token: Token[dict[Any, Any] | None]) -> None:
    """End what :func:`keep_parse_memo` began."""
    _PARSE_MEMO.reset(token)


NATIVE_PARSE_PARAMETERS = frozenset({"verify_crc", "decompression_limit"})
"""Parse parameters the native engine takes (others keep a call on the Python path)."""

ROOT_PATH = ""
"""Path handed to the top-level construct (construct's own ``"(parsing)"`` would leak into
error paths and hide the index of a top-level array: ``(parsing)[3] -> key``)."""


def _context(**ctx: Any) -> Container:
    context = Container(**ctx)
    context._parsing = True
    context._building = False
    context._sizing = False
    context._params = context
    return context


def parse_interpreted(grammar: Construct, data: bytes, *, exact: bool = True,
                      what: str = "value", **ctx: Any) -> Any:
    """Parse with construct's interpreter; every failure is a :class:`KFormatError`."""
    stream = BytesIO(data)
    try:
        value = grammar._parsereport(stream, _context(**ctx), ROOT_PATH)
        if exact:
            expect_consumed(stream, what)
        return value
    except KFormatError:
        raise
    except ConstructError as exc:
        raise DecodeError(str(exc).splitlines()[-1] if str(exc) else type(exc).__name__,
                          path=exc.path, offset=_tell(stream)) from None
    except RecursionError:
        raise DecodeError("structure nested too deeply", offset=_tell(stream)) from None
    except Exception as exc:  # a bug: still never let a foreign exception escape
        raise DecodeError(f"internal error: {type(exc).__name__}: {exc}",
                          offset=_tell(stream)) from exc


def build_interpreted(grammar: Construct, obj: Any, **ctx: Any) -> bytes:
    """Build with construct's interpreter; every failure is an :class:`EncodeError`."""
    stream = BytesIO()
    context = _context(**ctx)
    context._parsing, context._building = False, True
    try:
        grammar._build(obj, stream, context, ROOT_PATH)
    except EncodeError:
        raise
    except KFormatError as exc:
        raise EncodeError(exc.reason, path=exc.field_path) from None
    except ConstructError as exc:
        raise EncodeError(str(exc).splitlines()[-1], path=exc.path) from None
    except RecursionError:
        raise EncodeError("structure nested too deeply") from None
    except Exception as exc:
        raise EncodeError(f"cannot build: {type(exc).__name__}: {exc}") from exc
    return stream.getvalue()


def _tell(stream: BytesIO) -> int | None:
    try:
        return stream.tell()
    except ValueError:
        return None


if TYPE_CHECKING:  # typing.TypeVar takes default= from Python 3.13 only
    from typing_extensions import TypeVar

    ValueT = TypeVar("ValueT", default=Any)
else:
    from typing import TypeVar

    ValueT = TypeVar("ValueT")


class CompiledGrammar(Generic[ValueT]):
    """A grammar and its compiled form: parse and build fast, report errors precisely.

    ``CompiledGrammar[ProduceRequestV9]`` (what ``kformat.compiled_grammar("Produce", 9)``
    is to a type checker) parses to and builds from that :mod:`kformat.messages` type; a
    bare ``CompiledGrammar`` takes and returns ``Any``.

    ``factories`` maps structs of the grammar (:class:`~kformat.primitives.KStruct`) to
    what their parsed values become instead of a dict: a callable, given the dict's values
    in field order as positional arguments, or ``tuple`` for a tuple of them. Both paths
    apply them; build still takes dicts or tuples.
    """

    def __init__(self, grammar: Construct, name: str = "grammar", *,
                 factories: dict[Construct, Any] | None = None,
                 native: bool | None = None) -> None:
        from kformat.primitives.structs import KStruct

        self.grammar = grammar
        self.name = name
        self.native: bool | None = native
        """Whether to run on the native engine when it is active: ``True`` requires the
        grammar to lower to a plan (:mod:`kformat.engine.plan`; a ``PlanError`` is raised
        here otherwise), ``None`` uses it when the grammar lowers, ``False`` never does.
        Factories lower too (:mod:`kformat.engine.plan`, ``FACTORY``)."""
        self._plan: tuple[Any, ...] | None = None
        for struct in factories or {}:
            if not isinstance(struct, KStruct):
                raise GrammarError(f"{name}: a factory applies to a KStruct, not {struct!r}")
        self.factories = dict(factories or {})
        self._ctx = {FACTORIES: {id(k): v for k, v in self.factories.items()}} \
            if self.factories else {}
        token = EMITTING_FACTORIES.set(self._ctx.get(FACTORIES))
        parked: list[int] = []
        parked_token = emitting.EMITTED_TOKENS.set(parked)
        try:
            compiled = grammar.compile()
        except KFormatError:
            raise
        except Exception as exc:  # a lambda where a `this` expression belongs, and the like
            raise GrammarError(
                f"{name}: grammar does not compile: {type(exc).__name__}: {exc}") from None
        finally:
            EMITTING_FACTORIES.reset(token)
            emitting.EMITTED_TOKENS.reset(parked_token)
            emitting.release_constants(parked)
        fallbacks = compiled.module.linkedinstances
        if fallbacks:
            names = sorted({repr(v) for v in fallbacks.values()})
            raise GrammarError(f"{name}: compiled grammar falls back to the interpreter for "
                               f"{', '.join(names)}")
        self.compiled = compiled
        self.source: str = compiled.source
        self._parsefunc = compiled.parsefunc
        self._buildfunc = compiled.buildfunc
        if native and engine.available()[0] == "native":
            self.plan  # noqa: B018  (refuses loudly now, not on first use)

    @property
    def plan(self) -> tuple[Any, ...]:
        """The native engine's plan of the grammar (:mod:`kformat.engine.plan`); raises
        :class:`~kformat.engine.plan.PlanError` for a grammar it cannot run."""
        if self._plan is None:
            from kformat.engine.plan import lower

            self._plan = lower(self.grammar, self.name, factories=self._ctx.get(FACTORIES))
        return self._plan

    def _engine(self, ctx: dict[str, Any], allowed: frozenset[str] = frozenset()) -> Any:
        """The native module when it should run this call, else ``None`` (a parameter the
        engine does not take, outside ``allowed``, keeps the call on the Python path)."""
        native = engine.native()
        if native is None or self.native is False or (ctx and not allowed.issuperset(ctx)):
            return None
        if self._plan is None:
            from kformat.engine.plan import PlanError

            try:
                self.plan  # noqa: B018
            except PlanError:
                if self.native:
                    raise
                self.native = False  # a block the engine lacks: the Python path runs it
                return None
        return native

    def parse(self, data: bytes, *, exact: bool = True, **ctx: Any) -> ValueT:
        """Parse ``data``; with ``exact`` the grammar must consume every byte."""
        native = self._engine(ctx, NATIVE_PARSE_PARAMETERS)
        value: ValueT  # what the engines return is untyped; the caller's type says what it is
        kept = _PARSE_MEMO.get()
        token = _PARSE_MEMO.set({} if kept is None else kept)
        try:
            try:
                if native is not None:
                    verify = ctx.get("verify_crc")
                    value, end = native.parse(self._plan, data, 0,
                                              verify is None or bool(verify),
                                              ctx.get("decompression_limit"))
                    if not exact or end == len(data):
                        return value
                    raise ValueError("not consumed")
                stream = BytesIO(data)
                value = self._parsefunc(stream, _context(**ctx))
                if not exact or stream.tell() == len(data):
                    return value
            except Exception:
                pass
            value = parse_interpreted(self.grammar, data, exact=exact, what=self.name,
                                      **self._ctx, **ctx)
            return value
        finally:
            _PARSE_MEMO.reset(token)

    def parse_stream(self, stream: Any, **ctx: Any) -> ValueT:
        """Parse from the current position of ``stream`` (fast path only, no fallback)."""
        value: ValueT = self._parsefunc(stream, _context(**ctx))
        return value

    def parse_prefix(self, data: bytes, pos: int = 0) -> tuple[ValueT, int]:
        """One value at ``data[pos:]`` and the position after it (fast path only, no
        fallback: any exception means "ask :meth:`parse` for the precise error")."""
        native = self._engine({})
        if native is not None:
            return native.parse(self._plan, data, pos)  # type: ignore[no-any-return]
        stream = BytesIO(data)
        stream.seek(pos)
        value = self._parsefunc(stream, _context())
        return value, stream.tell()

    def build(self, obj: ValueT, **ctx: Any) -> bytes:
        native = self._engine(ctx)
        if native is not None:
            try:
                return native.build(self._plan, obj)  # type: ignore[no-any-return]
            except Exception:
                pass
        stream = BytesIO()
        context = _context(**ctx)
        context._parsing, context._building = False, True
        try:
            self._buildfunc(obj, stream, context)
            return stream.getvalue()
        except Exception:
            pass
        return build_interpreted(self.grammar, obj, **ctx)

    def parse_interpreted(self, data: bytes, *, exact: bool = True, **ctx: Any) -> ValueT:
        value: ValueT = parse_interpreted(self.grammar, data, exact=exact, what=self.name,
                                          **self._ctx, **ctx)
        return value

    def build_interpreted(self, obj: ValueT, **ctx: Any) -> bytes:
        return build_interpreted(self.grammar, obj, **ctx)
