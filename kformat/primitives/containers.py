"""Structs, arrays, nullable structs and length-prefixed regions.

* :class:`KStruct` is construct's ``Struct`` returning plain ``dict`` values; names starting
  with ``_`` stay in the context only, and a subcon with ``flatten = True`` (the tagged-field
  section) merges its dict into the struct.
* :class:`KArray` is ARRAY / COMPACT_ARRAY (seed 004, "Array Types", null distinct from
  empty) or a count taken from an earlier field; the count is checked against the bytes
  remaining before the loop, and errors carry the element index in their path.
* :class:`Presence` is a nullable struct: an INT8 presence byte, -1 null, 1 present.
* :class:`KPrefixed` is a region whose byte length comes first (``batchLength``, a record's
  ``length``); it must be consumed exactly.
"""

from __future__ import annotations

from io import BytesIO
from typing import Any

from construct import Construct, Container, Struct

from kformat.errors import EncodeError, InvalidValueError, TruncatedError
from kformat.primitives import _runtime as rt
from kformat.primitives.base import KConstruct, min_size_of

__all__ = ["KArray", "KGreedy", "KPrefixed", "KStruct", "Presence"]


def _evaluate(value: Any, context: Any) -> Any:
    return value(context) if callable(value) else value


class KStruct(Struct):
    """An ordered list of ``name / subcon`` pairs, parsed into a plain dict."""

    def __init__(self, *subcons: Construct, **subconskw: Construct) -> None:
        super().__init__(*subcons, **subconskw)
        self.min_size = sum(min_size_of(sc) for sc in self.subcons)

    # ---------------------------------------------------------------- interpreted
    def _parse(self, stream: Any, context: Any, path: str) -> dict[str, Any]:
        result: dict[str, Any] = {}
        context = Container(_=context, _params=context._params, _root=None,
                            _parsing=context._parsing, _building=context._building,
                            _sizing=context._sizing, _subcons=self._subcons, _io=stream,
                            _index=context.get("_index", None))
        context._root = context._.get("_root", context)
        for sc in self.subcons:
            value = sc._parsereport(stream, context, path)
            if getattr(sc, "flatten", False):
                result.update(value)
                context.update(value)
            elif sc.name:
                context[sc.name] = value
                if not sc.name.startswith("_"):
                    result[sc.name] = value
        return result

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        if obj is None:
            obj = {}
        if not isinstance(obj, dict):
            raise EncodeError("struct needs a dict", path=path, actual=type(obj).__name__)
        context = Container(_=context, _params=context._params, _root=None,
                            _parsing=context._parsing, _building=context._building,
                            _sizing=context._sizing, _subcons=self._subcons, _io=stream,
                            _index=context.get("_index", None))
        context._root = context._.get("_root", context)
        context.update(obj)
        for sc in self.subcons:
            if getattr(sc, "flatten", False):
                sc._build(obj, stream, context, path)
                continue
            if sc.name and sc.name not in obj and not sc.flagbuildnone:
                raise EncodeError("missing field", path=f"{path} -> {sc.name}")
            value = obj.get(sc.name) if sc.name else None
            built = sc._build(value, stream, context, path)
            if sc.name:
                context[sc.name] = built
        return context

    # ---------------------------------------------------------------- compiled
    def _emitparse(self, code: Any) -> str:
        KConstruct._runtime(code)
        fname = f"parse_kstruct_{code.allocateId()}"
        lines = [f"def {fname}(io, this):",
                 "    result = {}",
                 "    this = {'_': this, '_io': io}"]
        for sc in self.subcons:
            expr = sc._compileparse(code)
            if getattr(sc, "flatten", False):
                lines += [f"    _v = {expr}", "    result.update(_v)", "    this.update(_v)"]
            elif sc.name and not sc.name.startswith("_"):
                lines.append(f"    result[{sc.name!r}] = this[{sc.name!r}] = {expr}")
            elif sc.name:
                lines.append(f"    this[{sc.name!r}] = {expr}")
            else:
                lines.append(f"    {expr}")
        lines.append("    return result")
        code.append("\n".join(lines))
        return f"{fname}(io, this)"

    def _emitbuild(self, code: Any) -> str:
        KConstruct._runtime(code)
        fname = f"build_kstruct_{code.allocateId()}"
        lines = [f"def {fname}(obj, io, this):",
                 "    objdict = struct_dict(obj)",
                 "    this = {'_': this, '_io': io}",
                 "    this.update(objdict)"]
        for sc in self.subcons:
            expr = sc._compilebuild(code)
            if getattr(sc, "flatten", False):
                lines += ["    obj = objdict", f"    {expr}"]
            elif sc.name:
                getter = "objdict.get" if sc.flagbuildnone else "required"
                args = f"{sc.name!r}" if sc.flagbuildnone else f"objdict, {sc.name!r}"
                lines += [f"    obj = {getter}({args})", f"    this[{sc.name!r}] = {expr}"]
            else:
                lines += ["    obj = None", f"    {expr}"]
        lines.append("    return this")
        code.append("\n".join(lines))
        return f"{fname}(obj, io, this)"


class KArray(KConstruct):
    """An array with a length prefix (``int32``, ``compact``, ``varint``) or a given count.

    ``nullable`` allows the null marker (-1, or 0 in compact form), parsed as ``None``.
    """

    def __init__(self, subcon: Construct, prefix: str | None = "int32", *,
                 count: Any = None, nullable: bool = False) -> None:
        super().__init__()
        self.subcon = subcon
        self.prefix = prefix
        self.count = count
        self.nullable = nullable
        self.element_size = min_size_of(subcon)
        self.min_size = {"int32": 4, None: 0}.get(prefix, 1)
        self.flagbuildnone = False

    def _read_count(self, stream: Any, context: Any, path: str) -> int:
        start = stream.tell()
        if self.prefix is None:
            n = _evaluate(self.count, context)
        else:
            n = rt.p_length(stream, self.prefix, path)
        if n < 0:
            if self.prefix is None or not self.nullable:
                raise InvalidValueError("null or negative count in a non-nullable array",
                                        path=path, offset=start, actual=n)
            return -1
        rt.check_count(stream, n, self.element_size, path, start)
        return n

    def _parse(self, stream: Any, context: Any, path: str) -> list[Any] | None:
        n = self._read_count(stream, context, path)
        if n < 0:
            return None
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
        if not isinstance(obj, list | tuple):
            raise EncodeError("array needs a list", path=path, actual=type(obj).__name__)
        if self.prefix is None:
            n = _evaluate(self.count, context)
            if n != len(obj):
                raise EncodeError("array length differs from its count field", path=path,
                                  expected=n, actual=len(obj))
        else:
            rt.b_length(len(obj), stream, self.prefix, path)
        for i, item in enumerate(obj):
            context._index = i
            self.subcon._build(item, stream, context, f"{path}[{i}]")
        return obj

    def _emitparse(self, code: Any) -> str:
        self._runtime(code)
        fname = f"parse_karray_{code.allocateId()}"
        count = (f"p_length(io, {self.prefix!r})" if self.prefix is not None
                 else f"({self.count})")
        code.append(f"""
def {fname}(io, this):
    start = io.tell()
    n = {count}
    if n < 0:
        if {self.nullable and self.prefix is not None}:
            return None
        raise _rt.InvalidValueError('null or negative count', offset=start)
    check_count(io, n, {self.element_size}, '', start)
    return [{self.subcon._compileparse(code)} for i in range(n)]
""")
        return f"{fname}(io, this)"

    def _emitbuild(self, code: Any) -> str:
        self._runtime(code)
        fname = f"build_karray_{code.allocateId()}"
        if self.prefix is None:
            head = f"    array_items(obj, ({self.count}))"
        else:
            head = f"    b_length(None if obj is None else len(array_items(obj)), io, {self.prefix!r})"
        code.append(f"""
def {fname}(obj, io, this):
    if obj is None and not {self.nullable and self.prefix is not None}:
        raise _rt.EncodeError('null in a non-nullable array')
{head}
    items = obj
    if items is not None:
        for obj in items:
            {self.subcon._compilebuild(code)}
    return items
""")
        return f"{fname}(obj, io, this)"

    def __repr__(self) -> str:
        return f"KArray({self.subcon!r}, {self.prefix!r}, nullable={self.nullable})"


class KGreedy(KConstruct):
    """Elements repeated until the stream ends (a legacy message set's inner messages)."""

    min_size = 0

    def __init__(self, subcon: Construct) -> None:
        super().__init__()
        self.subcon = subcon

    def _parse(self, stream: Any, context: Any, path: str) -> list[Any]:
        out = []
        while rt.remaining(stream):
            out.append(self.subcon._parsereport(stream, context, f"{path}[{len(out)}]"))
        return out

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        for i, item in enumerate(obj):
            self.subcon._build(item, stream, context, f"{path}[{i}]")
        return obj

    def _emitparse(self, code: Any) -> str:
        self._runtime(code)
        fname = f"parse_kgreedy_{code.allocateId()}"
        code.append(f"""
def {fname}(io, this):
    out = []
    while remaining(io):
        out.append({self.subcon._compileparse(code)})
    return out
""")
        return f"{fname}(io, this)"

    def _emitbuild(self, code: Any) -> str:
        return f"[{self.subcon._compilebuild(code)} for obj in obj]"


class Presence(KConstruct):
    """A nullable struct: INT8 -1 for null, 1 followed by the struct when present."""

    def __init__(self, subcon: Construct) -> None:
        super().__init__()
        self.subcon = subcon

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        start = stream.tell()
        flag = rt.p_fixed(stream, rt.INT8, path)
        if flag == -1:
            return None
        if flag != 1:
            raise InvalidValueError("presence byte must be -1 or 1", path=path,
                                    offset=start, actual=flag)
        return self.subcon._parsereport(stream, context, path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        if obj is None:
            stream.write(b"\xff")
            return None
        stream.write(b"\x01")
        return self.subcon._build(obj, stream, context, path)

    def _emitparse(self, code: Any) -> str:
        self._runtime(code)
        fname = f"parse_presence_{code.allocateId()}"
        code.append(f"""
def {fname}(io, this):
    flag = read_exact(io, 1)
    if flag == b'\\xff':
        return None
    if flag != b'\\x01':
        raise _rt.InvalidValueError('presence byte must be -1 or 1')
    return {self.subcon._compileparse(code)}
""")
        return f"{fname}(io, this)"

    def _emitbuild(self, code: Any) -> str:
        return (f"(io.write(b'\\xff') if obj is None else "
                f"(io.write(b'\\x01'), {self.subcon._compilebuild(code)})[1])")


class KPrefixed(KConstruct):
    """A region preceded by its byte length; the inner grammar must consume it exactly.

    ``prefix`` is ``int32`` (``batchLength``, ``message_size``) or ``varint`` (a record's
    ``length``). On build the length is computed from the built bytes.
    """

    def __init__(self, prefix: str, subcon: Construct, what: str = "region") -> None:
        super().__init__()
        self.prefix = prefix
        self.subcon = subcon
        self.what = what
        self.min_size = {"int32": 4}.get(prefix, 1)

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        start = stream.tell()
        n = rt.p_length(stream, self.prefix, path)
        if n < 0:
            raise InvalidValueError(f"negative {self.what} length", path=path, offset=start,
                                    actual=n)
        left = rt.remaining(stream)
        if n > left:
            raise TruncatedError(f"{self.what} of {n} bytes, {left} available", path=path,
                                 offset=start, expected=n, actual=left)
        sub = rt.substream(stream, n, path)
        value = self.subcon._parsereport(sub, context, path)
        rt.expect_consumed(sub, self.what, path)
        return value

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        sub = BytesIO()
        built = self.subcon._build(obj, sub, context, path)
        data = sub.getvalue()
        rt.b_length(len(data), stream, self.prefix, path)
        stream.write(data)
        return built

    def _emitparse(self, code: Any) -> str:
        self._runtime(code)
        fname = f"parse_kprefixed_{code.allocateId()}"
        code.append(f"""
def {fname}(outer, this):
    n = p_length(outer, {self.prefix!r})
    if n < 0:
        raise _rt.InvalidValueError('negative length')
    io = substream(outer, n)
    value = {self.subcon._compileparse(code)}
    expect_consumed(io, {self.what!r})
    return value
""")
        return f"{fname}(io, this)"

    def _emitbuild(self, code: Any) -> str:
        self._runtime(code)
        fname = f"build_kprefixed_{code.allocateId()}"
        code.append(f"""
def {fname}(obj, outer, this):
    io = BytesIO()
    built = {self.subcon._compilebuild(code)}
    data = io.getvalue()
    b_length(len(data), outer, {self.prefix!r})
    outer.write(data)
    return built
""")
        return f"{fname}(obj, io, this)"
