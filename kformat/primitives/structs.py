"""Structs: ordered named fields, their flattened sections, and nullable structs.

* :class:`KStruct` is construct's ``Struct`` returning plain ``dict`` values; names starting
  with ``_`` stay in the context only, and a subcon with ``flatten = True`` (the tagged-field
  section, :class:`Flatten`) merges its dict into the struct. On build a struct of named
  fields also takes a tuple of its values in field order (a header as ``(key, value)``).
* :class:`Flatten` merges a struct's fields into the enclosing struct (a version prefix and
  the message body after it read as one dict).
* :class:`Presence` is a nullable struct: an INT8 presence byte, -1 null, 1 present (Kafka's
  JSON message specs, nullable struct fields).
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from construct import Construct, Container, Struct

from kformat.errors import EncodeError, InvalidValueError
from kformat.primitives import runtime as rt
from kformat.primitives.base import EMITTING_FACTORIES, FACTORIES, KConstruct, min_size_of
from kformat.primitives.emitting import emit_function, emit_value
from kformat.primitives.keys import check_keys, struct_keys

__all__ = ["Flatten", "KStruct", "Presence"]


def _flattened(sc: Construct) -> bool:
    return bool(getattr(sc, "flatten", False))


class KStruct(Struct):
    """An ordered list of ``name / subcon`` pairs, parsed into a plain dict."""

    def __init__(self, *subcons: Construct, defaults: dict[str, Any] | None = None,
                 closed: bool = False, **subconskw: Construct) -> None:
        super().__init__(*subcons, **subconskw)
        self.min_size = sum(min_size_of(sc) for sc in self.subcons)
        self.defaults: dict[str, Any] = dict(defaults or {})
        """Values used on build for missing keys (fields without one are required)."""
        self.allowed_keys = struct_keys(self.subcons) if closed else None
        """With ``closed``: the only keys a dict may hold on build (see
        :mod:`kformat.primitives.keys`); None for an open struct."""
        self.label: str | None = None
        """What the struct is, for ``repr()``: ``"MetadataResponse v12"`` for a message body."""

    def __repr__(self) -> str:
        return f"<KStruct {self.label}>" if self.label else "<KStruct>"

    def positional(self) -> tuple[str, ...] | None:
        """The field names a tuple value gives in order, or ``None`` when a tuple cannot
        stand for the struct (a context-only, unnamed or flattened subcon)."""
        cached: tuple[str, ...] | Literal[False] | None = self.__dict__.get("_positional", False)
        if cached is False:
            names = tuple(sc.name for sc in self.subcons)
            ok = all(n and not n.startswith("_") for n in names) and not any(
                _flattened(sc) for sc in self.subcons)
            cached = self._positional = names if ok else None
        return cached

    def _context(self, context: Any, stream: Any) -> Container:
        inner = Container(_=context, _params=context._params, _root=None,
                          _parsing=context._parsing, _building=context._building,
                          _sizing=context._sizing, _subcons=self._subcons, _io=stream,
                          _index=context.get("_index", None))
        inner._root = context.get("_root", inner)
        return inner

    # ---------------------------------------------------------------- interpreted
    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        result: dict[str, Any] = {}
        context = self._context(context, stream)
        for sc in self.subcons:
            value = sc._parsereport(stream, context, path)
            if _flattened(sc):
                result.update(value)
                context.update(value)
            elif sc.name:
                context[sc.name] = value
                if not sc.name.startswith("_"):
                    result[sc.name] = value
        factory = (context._params.get(FACTORIES) or {}).get(id(self))
        if factory is not None:  # CompiledGrammar(..., factories=...)
            return tuple(result.values()) if factory is tuple else factory(*result.values())
        return result

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        obj = rt.struct_values(obj, self.positional(), path)
        if self.allowed_keys is not None:
            check_keys(obj, self.allowed_keys, path)
        context = self._context(context, stream)
        context.update(obj)
        for sc in self.subcons:
            if _flattened(sc):
                sc._build(obj, stream, context, path)
                continue
            if sc.name in self.defaults:
                value = obj.get(sc.name, self.defaults[sc.name])
            elif sc.name and sc.name not in obj and not sc.flagbuildnone:
                raise EncodeError("missing field", path=f"{path} -> {sc.name}")
            else:
                value = obj.get(sc.name) if sc.name else None
            built = sc._build(value, stream, context, path)
            if sc.name:
                context[sc.name] = built
        return context

    # ---------------------------------------------------------------- compiled
    def _result(self, code: Any) -> str:
        """The parsed value from the dict ``result``: the struct's factory applied, if the
        grammar being compiled gives it one."""
        factory = (EMITTING_FACTORIES.get() or {}).get(id(self))
        if factory is None:
            return "result"
        if factory is tuple:
            return "tuple(result.values())"
        return f"{emit_value(code, 'factory', factory)}(*result.values())"

    def _emitparse(self, code: Any) -> str:
        body = ["result = {}", "this = {'_': this, '_io': io}"]
        for sc in self.subcons:
            expr = sc._compileparse(code)
            if _flattened(sc):
                body += [f"_v = {expr}", "result.update(_v)", "this.update(_v)"]
            elif sc.name and not sc.name.startswith("_"):
                body.append(f"result[{sc.name!r}] = this[{sc.name!r}] = {expr}")
            elif sc.name:
                body.append(f"this[{sc.name!r}] = {expr}")
            else:
                body.append(expr)
        return emit_function(code, "parse", "kstruct", [*body, f"return {self._result(code)}"])

    def _emitbuild(self, code: Any) -> str:
        body = [f"objdict = struct_values(obj, {self.positional()!r})"]
        if self.allowed_keys is not None:  # the interpreter raises the precise error
            allowed = emit_value(code, "keys", self.allowed_keys)
            body += [f"if not {allowed}.issuperset(objdict):", "    raise KeyError('unknown key')"]
        body += ["this = {'_': this, '_io': io}", "this.update(objdict)"]
        for sc in self.subcons:
            expr = sc._compilebuild(code)
            if _flattened(sc):
                body += ["obj = objdict", expr]
            elif sc.name in self.defaults:
                default = emit_value(code, "default", self.defaults[sc.name])
                body += [f"obj = objdict.get({sc.name!r}, {default})", f"this[{sc.name!r}] = {expr}"]
            elif sc.name:  # a missing field fails here; the interpreter names it
                getter = f"objdict.get({sc.name!r})" if sc.flagbuildnone else f"objdict[{sc.name!r}]"
                body += [f"obj = {getter}", f"this[{sc.name!r}] = {expr}"]
            else:
                body += ["obj = None", expr]
        return emit_function(code, "build", "kstruct", [*body, "return this"])


class Flatten(KConstruct):
    """``subcon`` (a struct) whose fields merge into the enclosing :class:`KStruct`.

    A closed struct's keys become this section's ``keys`` (the enclosing struct checks them
    when it is closed); the struct itself is built open, as it sees the enclosing dict."""

    flatten = True

    def __init__(self, subcon: Construct) -> None:
        super().__init__()
        if isinstance(subcon, KStruct) and subcon.allowed_keys is not None:
            self.keys = subcon.allowed_keys
            subcon = copy.copy(subcon)
            subcon.allowed_keys = None
        self.subcon = subcon
        self.min_size = min_size_of(subcon)
        self.flagbuildnone = True

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        return self.subcon._parsereport(stream, context, path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        return self.subcon._build(obj, stream, context, path)

    def _emitparse(self, code: Any) -> str:
        source: str = self.subcon._compileparse(code)
        return source

    def _emitbuild(self, code: Any) -> str:
        source: str = self.subcon._compilebuild(code)
        return source

    def __repr__(self) -> str:
        return f"Flatten({self.subcon!r})"


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
        return emit_function(code, "parse", "presence", [
            "flag = read_exact(io, 1)",
            "if flag == b'\\xff':",
            "    return None",
            "if flag != b'\\x01':",
            "    raise InvalidValueError('presence byte must be -1 or 1')",
            f"return {self.subcon._compileparse(code)}"])

    def _emitbuild(self, code: Any) -> str:
        return (f"(io.write(b'\\xff') if obj is None else "
                f"(io.write(b'\\x01'), {self.subcon._compilebuild(code)})[1])")
