"""Arrays: ARRAY and COMPACT_ARRAY (Kafka protocol guide, "Protocol Primitive Types": null
distinct from empty), arrays counted by an earlier field, and elements repeated to the end.

* :class:`KArray` has a length prefix (``int32``, ``compact``, ``varint``) or takes its count
  from an earlier field; the count is checked against the bytes remaining before the loop,
  and errors carry the element index in their path. On build it takes a list, a tuple or
  another sequence (not text or bytes).
* :class:`KGreedy` repeats its element until the region ends (a legacy message set's inner
  messages).
"""

from __future__ import annotations

from typing import Any

from construct import Construct

from kformat.errors import EncodeError, GrammarError, InvalidValueError
from kformat.primitives import runtime as rt
from kformat.primitives.base import KConstruct, evaluate, min_size_of, unwrap
from kformat.primitives.emitting import emit_call, emit_function

__all__ = ["KArray", "KGreedy"]

_DEFAULT_PREFIX: Any = object()
"""KArray's prefix when none is given: ``int32``, or no prefix with a ``count``."""


class KArray(KConstruct):
    """An array with a length prefix (``int32``, ``compact``, ``varint``) or a given count.

    ``nullable`` allows the null marker (-1, or 0 in compact form), parsed as ``None``.
    Without a prefix argument the prefix is ``int32``, or none when ``count`` is given
    (``KArray(Record, count=this.record_count)``); a prefix and a count together are refused.
    """

    def __init__(self, subcon: Construct, prefix: str | None = _DEFAULT_PREFIX, *,
                 count: Any = None, nullable: bool = False) -> None:
        super().__init__()
        if prefix is _DEFAULT_PREFIX:
            prefix = "int32" if count is None else None
        if prefix is None:
            if count is None:
                raise GrammarError("KArray: give a length prefix or a count")
        else:
            rt.check_prefix(prefix, "KArray")
            if count is not None:
                raise GrammarError("KArray: a length prefix and a count are exclusive")
        self.subcon = subcon
        self.prefix = prefix
        self.count = count
        self.nullable = nullable
        self.element_size = min_size_of(subcon)
        self.min_size = {"int32": 4, None: 0}.get(prefix, 1)
        self.flagbuildnone = False

    def _parse(self, stream: Any, context: Any, path: str) -> list[Any] | None:
        start = stream.tell()
        if self.prefix is None:
            n = evaluate(self.count, context)
        else:
            n = rt.p_length(stream, self.prefix, path)
        if n < 0:
            if self.prefix is None or not self.nullable:
                raise InvalidValueError("null or negative count in a non-nullable array",
                                        path=path, offset=start, actual=n)
            return None
        rt.check_count(stream, n, self.element_size, path, start)
        out = []
        for i in range(n):
            context._index = i
            out.append(self.subcon._parsereport(stream, context, f"{path}[{i}]"))
        return out

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        if obj is None:
            if self.prefix is None or not self.nullable:
                raise EncodeError("null in a non-nullable array", path=path)
            rt.b_length(None, stream, self.prefix, path)
            return obj
        items = rt.array_items(obj, path=path)
        if self.prefix is None:
            n = evaluate(self.count, context)
            if n != len(items):
                raise EncodeError("array length differs from its count field", path=path,
                                  expected=n, actual=len(items))
        else:
            rt.b_length(len(items), stream, self.prefix, path)
        for i, item in enumerate(items):
            context._index = i
            self.subcon._build(item, stream, context, f"{path}[{i}]")
        return obj

    def _fixed(self) -> str | None:
        """``INT32``... when the elements are fixed-width numbers (read and written at once)."""
        from kformat.primitives.scalars import FixedNumber

        element = unwrap(self.subcon)[1]
        return element.kind if isinstance(element, FixedNumber) else None

    def _emitparse(self, code: Any) -> str:
        fixed = self._fixed()
        items = (f"p_fixed_array(io, n, {fixed})" if fixed
                 else f"[{self.subcon._compileparse(code)} for i in range(n)]")
        count = f"({self.count})" if self.prefix is None else f"p_length(io, {self.prefix!r})"
        null = "return None" if self.nullable and self.prefix is not None \
            else "raise InvalidValueError('null or negative count')"
        return emit_function(code, "parse", "karray", [
            f"n = {count}",
            "if n < 0:",
            f"    {null}",
            f"check_count(io, n, {self.element_size}, '', io.tell())",
            f"return {items}"])

    def _emitbuild(self, code: Any) -> str:
        if self.prefix is None:
            head = [f"items = array_items(obj, ({self.count}))"]
        else:
            head = ["items = array_items(obj)", f"b_length(len(items), io, {self.prefix!r})"]
        if self.nullable and self.prefix is not None:
            head = ["if obj is None:", f"    b_length(None, io, {self.prefix!r})",
                    "    return None", *head]
        fixed = self._fixed()
        if fixed:
            return emit_function(code, "build", "karray", [
                *head, f"return b_fixed_array(items, io, {fixed})"])
        return emit_function(code, "build", "karray", [
            *head, "for obj in items:", f"    {self.subcon._compilebuild(code)}",
            "return items"])

    def __repr__(self) -> str:
        return f"KArray({self.subcon!r}, {self.prefix!r}, nullable={self.nullable})"


class KGreedy(KConstruct):
    """Elements repeated until the stream ends (a legacy message set's inner messages)."""

    min_size = 0

    def __init__(self, subcon: Construct) -> None:
        super().__init__()
        self.subcon = subcon

    def _parse(self, stream: Any, context: Any, path: str) -> list[Any]:
        out: list[Any] = []
        while rt.remaining(stream):
            start = stream.tell()
            item_path = f"{path}[{len(out)}]"
            out.append(self.subcon._parsereport(stream, context, item_path))
            rt.expect_progress(stream, start, item_path)
        return out

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        for i, item in enumerate(rt.array_items(obj, path=path)):
            self.subcon._build(item, stream, context, f"{path}[{i}]")
        return obj

    def _emitparse(self, code: Any) -> str:
        return emit_function(code, "parse", "kgreedy", [
            "out = []",
            "while remaining(io):",
            "    start = io.tell()",
            f"    out.append({self.subcon._compileparse(code)})",
            "    expect_progress(io, start)",
            "return out"])

    def _emitbuild(self, code: Any) -> str:
        return emit_call(code, f"[{self.subcon._compilebuild(code)} for obj in array_items(obj)]")
