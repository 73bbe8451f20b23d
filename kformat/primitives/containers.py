"""Structs, arrays, nullable structs and length-prefixed regions.

* :class:`KStruct` is construct's ``Struct`` returning plain ``dict`` values; names starting
  with ``_`` stay in the context only, and a subcon with ``flatten = True`` (the tagged-field
  section) merges its dict into the struct. On build a struct of named fields also takes a
  tuple of its values in field order (a header as ``(key, value)``).
* :class:`KArray` is ARRAY / COMPACT_ARRAY (seed 004, "Array Types", null distinct from
  empty) or a count taken from an earlier field; the count is checked against the bytes
  remaining before the loop, and errors carry the element index in their path. On build it
  takes a list, a tuple or another sequence (not text or bytes).
* :class:`Presence` is a nullable struct: an INT8 presence byte, -1 null, 1 present.
* :class:`KPrefixed` is a region whose byte length comes first (``batchLength``, a record's
  ``length``); it must be consumed exactly.
* :class:`Flatten` merges a struct's fields into the enclosing struct (a version prefix and
  the message body after it read as one dict).
"""

from __future__ import annotations

import copy
import struct
from io import BytesIO
from typing import Any

from construct import Construct, Container, Renamed, Struct

from kformat.errors import EncodeError, GrammarError, InvalidValueError, TruncatedError
from kformat.primitives import _runtime as rt
from kformat.primitives import inline
from kformat.primitives.base import EMITTING_FACTORIES, FACTORIES, KConstruct, min_size_of
from kformat.primitives.inline import Region, indent, inlinable, inline_build, inline_parse, local
from kformat.primitives.keys import check_keys, struct_keys

__all__ = ["Flatten", "KArray", "KGreedy", "KPrefixed", "KStruct", "Presence"]


_DEFAULT_PREFIX: Any = object()
"""KArray's prefix when none is given: ``int32``, or no prefix with a ``count``."""


def _evaluate(value: Any, context: Any) -> Any:
    return value(context) if callable(value) else value


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

    def _emit_key_check(self, code: Any, value: str) -> list[str]:
        """Compiled code refusing unknown keys (the interpreter raises the precise error)."""
        if self.allowed_keys is None:
            return []
        allowed = KConstruct._value(code, "keys", self.allowed_keys)
        return [f"if not {allowed}.issuperset({value}):", "    raise KeyError('unknown key')"]

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
        factory = (context._params.get(FACTORIES) or {}).get(id(self))
        if factory is not None:  # CompiledGrammar(..., factories=...)
            return tuple(result.values()) if factory is tuple else factory(*result.values())
        return result

    def _factory(self, code: Any) -> str | None:
        """The emitted name of this struct's factory in the grammar being compiled."""
        factory = (EMITTING_FACTORIES.get() or {}).get(id(self))
        if factory is None or factory is tuple:
            return None if factory is None else "tuple"
        return KConstruct._value(code, "factory", factory)

    def _result(self, code: Any, result: str) -> str:
        """The parsed value from the dict ``result``."""
        factory = self._factory(code)
        if factory is None:
            return result
        if factory == "tuple":
            return f"tuple({result}.values())"
        return f"{factory}(*{result}.values())"

    def positional(self) -> tuple[str, ...] | None:
        """The field names a tuple value gives in order, or ``None`` when a tuple cannot
        stand for the struct (a context-only, unnamed or flattened subcon)."""
        cached = self.__dict__.get("_positional", False)
        if cached is False:
            names = tuple(sc.name for sc in self.subcons)
            ok = all(n and not n.startswith("_") for n in names) and not any(
                getattr(sc, "flatten", False) for sc in self.subcons)
            cached = self._positional = names if ok else None
        return cached

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        obj = rt.struct_values(obj, self.positional(), path)
        if self.allowed_keys is not None:
            check_keys(obj, self.allowed_keys, path)
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
    def _emitparse(self, code: Any) -> str:
        if context_free(self):
            return self._emitparse_lean(code)
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
        lines.append(f"    return {self._result(code, 'result')}")
        code.append("\n".join(lines))
        return f"{fname}(io, this)"

    def _emitbuild(self, code: Any) -> str:
        if context_free(self):
            return self._emitbuild_lean(code)
        KConstruct._runtime(code)
        fname = f"build_kstruct_{code.allocateId()}"
        lines = [f"def {fname}(obj, io, this):",
                 f"    objdict = struct_values(obj, {self.positional()!r})",
                 *indent(self._emit_key_check(code, "objdict")),
                 "    this = {'_': this, '_io': io}",
                 "    this.update(objdict)"]
        for sc in self.subcons:
            expr = sc._compilebuild(code)
            if getattr(sc, "flatten", False):
                lines += ["    obj = objdict", f"    {expr}"]
            elif sc.name in self.defaults:
                default = KConstruct._value(code, "default", self.defaults[sc.name])
                lines += [f"    obj = objdict.get({sc.name!r}, {default})",
                          f"    this[{sc.name!r}] = {expr}"]
            elif sc.name:  # a missing field fails here; the interpreter names it
                getter = f"objdict.get({sc.name!r})" if sc.flagbuildnone else f"objdict[{sc.name!r}]"
                lines += [f"    obj = {getter}", f"    this[{sc.name!r}] = {expr}"]
            else:
                lines += ["    obj = None", f"    {expr}"]
        lines.append("    return this")
        code.append("\n".join(lines))
        return f"{fname}(obj, io, this)"

    # ------------------------------------------------- compiled, context-free
    # When no field reads the context (see context_free), the compiled struct builds no
    # context dict, and runs of fixed-width numbers are read and written with one struct call.
    def _getter(self, code: Any, sc: Construct, objdict: str = "objdict") -> str:
        if sc.name in self.defaults:
            default = KConstruct._value(code, "default", self.defaults[sc.name])
            return f"{objdict}.get({sc.name!r}, {default})"
        if sc.flagbuildnone:
            return f"{objdict}.get({sc.name!r})"
        return f"{objdict}[{sc.name!r}]"  # a missing field fails here; the interpreter names it

    def _emitparse_lean(self, code: Any) -> str:
        KConstruct._runtime(code)
        fname = f"parse_kstruct_{code.allocateId()}"
        lines = [f"def {fname}(io, this):"]
        fields: list[tuple[str, str]] = []  # (name, local) not yet in ``result``
        created = False

        def flush() -> None:  # values go into the dict in field order, in one display
            nonlocal created
            display = "{" + ", ".join(f"{name!r}: {local}" for name, local in fields) + "}"
            if not created:
                lines.append(f"    result = {display}")
                created = True
            elif fields:
                lines.append(f"    result.update({display})")
            fields.clear()

        for i, run in enumerate(_runs(self.subcons, build=False)):
            if len(run) > 1:
                fmt = ">" + "".join(_fixed(sc).fmt.format[-1] for sc in run)
                packer = KConstruct._const(code, "group", f"_rt.struct.Struct({fmt!r})")
                size = struct.calcsize(fmt)
                targets = []
                for j, sc in enumerate(run):
                    if sc.name.startswith("_"):
                        targets.append("_")
                    else:
                        targets.append(f"_v{i}_{j}")
                        fields.append((sc.name, f"_v{i}_{j}"))
                lines += [f"    _d = io.read({size})", f"    if len(_d) != {size}:",
                          "        io.seek(-len(_d), 1)", f"        _d = read_exact(io, {size})",
                          f"    {', '.join(targets)}, = {packer}.unpack(_d)"]
                continue
            (sc,) = run
            expr = sc._compileparse(code)
            if _no_known_tags(sc):  # the usual empty tag section, inline
                flush()
                lines += ["    _t = io.read(1)", "    if _t != b'\\x00':",
                          "        io.seek(-len(_t), 1)", f"        result.update({expr})"]
            elif getattr(sc, "flatten", False):
                flush()
                lines.append(f"    result.update({expr})")
            elif sc.name and not sc.name.startswith("_"):
                lines.append(f"    _v{i} = {expr}")
                fields.append((sc.name, f"_v{i}"))
            else:
                lines.append(f"    {expr}")
        flush()
        lines.append(f"    return {self._result(code, 'result')}")
        code.append("\n".join(lines))
        return f"{fname}(io, this)"

    def _emitbuild_lean(self, code: Any) -> str:
        KConstruct._runtime(code)
        fname = f"build_kstruct_{code.allocateId()}"
        lines = [f"def {fname}(obj, io, this):",
                 "    objdict = obj if obj.__class__ is dict else "
                 f"struct_values(obj, {self.positional()!r})",
                 *indent(self._emit_key_check(code, "objdict"))]
        for run in _runs(self.subcons, build=True):
            if len(run) > 1:
                fmt = ">" + "".join(_fixed(sc).fmt.format[-1] for sc in run)
                packer = KConstruct._const(code, "group", f"_rt.struct.Struct({fmt!r})")
                writers = KConstruct._const(
                    code, "writers", "(" + "".join(f"b_{_fixed(sc).kind.lower()}, " for sc in run) + ")")
                values = ", ".join(self._getter(code, sc) for sc in run)
                lines.append(f"    b_int_group(io, {packer}, {writers}, {values})")
                continue
            (sc,) = run
            expr = sc._compilebuild(code)
            if _no_known_tags(sc):  # the usual empty tag section, inline
                lines += ["    if '_unknown_tags' in objdict or '_defaults_on_wire' in objdict:",
                          "        obj = objdict",
                          f"        {expr}", "    else:", "        io.write(b'\\x00')"]
            elif getattr(sc, "flatten", False):
                lines += ["    obj = objdict", f"    {expr}"]
            elif sc.name:
                lines += [f"    obj = {self._getter(code, sc)}", f"    {expr}"]
            else:
                lines += ["    obj = None", f"    {expr}"]
        lines.append("    return objdict")
        code.append("\n".join(lines))
        return f"{fname}(obj, io, this)"

    # ------------------------------------------------- inline (kformat.primitives.inline)
    def _inline_ok(self) -> bool:
        cached = self.__dict__.get("_inlinable")
        if cached is None:
            cached = self._inlinable = context_free(self) and all(
                inlinable(sc) and not getattr(sc, "flatten", False) for sc in self.subcons)
        return cached

    def _inline_parse(self, code: Any, at: Region, target: str) -> list[str]:
        lines: list[str] = []
        fields: list[tuple[str, str]] = []  # (name, local)
        for run in _runs(self.subcons, build=False):
            if len(run) > 1:  # consecutive fixed-width numbers: one unpack
                fmt = ">" + "".join(_fixed(sc).fmt.format[-1] for sc in run)
                packer = KConstruct._const(code, "group", f"_rt.struct.Struct({fmt!r})")
                names = [local(code, "v") for _ in run]
                lines += [f"{', '.join(names)}, = {packer}.unpack_from({at.data}, {at.pos})",
                          f"{at.pos} += {struct.calcsize(fmt)}"]
                fields += [(sc.name, name) for sc, name in zip(run, names, strict=True)
                           if not sc.name.startswith("_")]
                continue
            (sc,) = run
            name = local(code, "v")
            lines += inline_parse(sc, code, at, name)
            if sc.name and not sc.name.startswith("_"):
                fields.append((sc.name, name))
        factory = self._factory(code)
        if factory is None:
            items = ", ".join(f"{field!r}: {name}" for field, name in fields)
            return [*lines, f"{target} = {{{items}}}"]
        values = [name for _, name in fields]
        if factory == "tuple":
            return [*lines, f"{target} = {inline.display(values)}"]
        return [*lines, f"{target} = {factory}({', '.join(values)})"]

    def _inline_build(self, value: str, parts: inline.Parts) -> None:
        code = parts.code
        names = self.positional()
        values = [local(code, "f") for _ in self.subcons]
        obj = local(code, "o")
        lookups = [f"{obj} = {value} if {value}.__class__ is dict else "
                   f"struct_values({value}, {names!r})", *self._emit_key_check(code, obj)]
        for sc, name in zip(self.subcons, values, strict=True):
            if not sc.name:
                lookups.append(f"{name} = None")
            else:
                lookups.append(f"{name} = {self._getter(code, sc, obj)}")
        if names is None or not values:
            lines = lookups
        else:  # a tuple of the values in field order
            lines = [f"if {value}.__class__ is tuple:", f"    {', '.join(values)}, = {value}",
                     "else:", *indent(lookups)]
        parts.add(lines, [])
        for sc, name in zip(self.subcons, values, strict=True):
            inline_build(sc, name, parts)


def _fixed(sc: Construct) -> Any:
    """The FixedNumber behind ``name / FixedNumber`` (None for anything else)."""
    from kformat.primitives.scalars import FixedNumber

    inner = sc.subcon if isinstance(sc, Renamed) else sc
    return inner if isinstance(inner, FixedNumber) else None


def _no_known_tags(sc: Construct) -> bool:
    """A tagged-field section without known fields (written as one 0 byte unless unknown
    tags are given)."""
    from kformat.primitives.tagged import UNKNOWN_TAGS, TaggedFields

    assert UNKNOWN_TAGS == "_unknown_tags"
    while isinstance(sc, Renamed):
        sc = sc.subcon
    return isinstance(sc, TaggedFields) and not sc.fields


def _runs(subcons: Any, build: bool) -> list[list[Construct]]:
    """Subcons split into runs of named fixed-width numbers (integers only when building)."""
    runs: list[list[Construct]] = []
    extend = False
    for sc in subcons:
        fixed = _fixed(sc)
        groupable = (fixed is not None and bool(sc.name)
                     and not (build and fixed.kind == "FLOAT64"))
        if groupable and extend:
            runs[-1].append(sc)
        else:
            runs.append([sc])
        extend = groupable
    return runs


def context_free(sc: Construct) -> bool:
    """True when the compiled code of ``sc`` never reads the construct context (``this``).

    Numbers, strings and bytes, and structs, prefixed arrays, presence markers, prefixed
    regions and tagged sections made only of them, qualify; so does any block declaring
    ``context_free = True``. Anything else (``this`` expressions, construct's own
    classes...) counts as reading it.
    """
    from kformat.primitives.blobs import _Blob
    from kformat.primitives.scalars import FixedNumber, _Simple
    from kformat.primitives.tagged import TaggedFields

    while isinstance(sc, Renamed):
        sc = sc.subcon
    if isinstance(sc, FixedNumber | _Simple | _Blob):
        return True
    if isinstance(sc, KStruct):
        cached = sc.__dict__.get("_context_free")
        if cached is None:
            cached = sc._context_free = all(context_free(s) for s in sc.subcons)
        return cached
    if isinstance(sc, KArray):
        return sc.prefix is not None and context_free(sc.subcon)
    if isinstance(sc, Presence | KPrefixed):
        return context_free(sc.subcon)
    if isinstance(sc, TaggedFields):
        return all(context_free(f.subcon) for f in sc.fields)
    return bool(getattr(sc, "context_free", False))


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
        rt.array_items(obj, path=path)
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
        fixed = _fixed_kind(self.subcon)
        if fixed and self.prefix is not None:  # numbers: count and values in two reads
            return f"p_num_array(io, {self.prefix!r}, _rt.{fixed}, {self.nullable})"
        fname = f"parse_karray_{code.allocateId()}"
        count = (f"p_length(io, {self.prefix!r})" if self.prefix is not None
                 else f"({self.count})")
        if self.prefix == "compact":
            count = "p_compact_length(io)"
        # numbers: one read of exactly n * size bytes (read_exact is the count check)
        check = "" if fixed else f"check_count(io, n, {self.element_size}, '', io.tell())"
        element = _unwrap(self.subcon)
        if isinstance(element, KPrefixed) and inlinable(element.subcon):
            # each element's region decoded in this loop (records): no call per element
            body = ["    out = []", "    append = out.append", "    for _ in range(n):",
                    *indent(element._inline_stream_parse(code, "io", "_x"), 2),
                    "        append(_x)", "    return out"]
        else:
            items = (f"p_fixed_array(io, n, _rt.{fixed})" if fixed
                     else f"[{self.subcon._compileparse(code)} for i in range(n)]")
            body = [f"    return {items}"]
        code.append("\n".join([
            f"def {fname}(io, this):",
            f"    n = {count}",
            "    if n < 1:",
            "        if n == 0:",
            "            return []",
            f"        if {self.nullable and self.prefix is not None}:",
            "            return None",
            "        raise _rt.InvalidValueError('null or negative count')",
            f"    {check}",
            *body]))
        return f"{fname}(io, this)"

    def _emitbuild(self, code: Any) -> str:
        self._runtime(code)
        fixed = _fixed_kind(self.subcon)
        if fixed and self.prefix is not None:
            return f"b_num_array(obj, io, {self.prefix!r}, _rt.{fixed}, {self.nullable})"
        fname = f"build_karray_{code.allocateId()}"
        if self.prefix is None:
            head = f"    array_items(obj, ({self.count}))"
        elif self.prefix == "compact":
            head = ("    b_compact_length(None if obj is None else "
                    "len(obj if obj.__class__ is list else array_items(obj)), io)")
        else:
            head = f"    b_length(None if obj is None else len(array_items(obj)), io, {self.prefix!r})"
        if fixed and fixed != "FLOAT64":  # all numbers in one write
            loop = f"    if items is not None:\n        b_int_array(items, io, _rt.{fixed})"
        elif inlinable(self.subcon):  # each element encoded in this loop, one write
            parts = inline.Parts(code)
            inline_build(self.subcon, "obj", parts)
            if parts.created or len(parts.pending) > 3:
                adds = [f"add({parts.joined()})"]
            else:
                adds = [f"add({p})" for p in parts.pending]
            loop = "\n".join(["    if items is not None:", "        out = []",
                              "        add = out.append", "        for obj in items:",
                              *indent(parts.lines + adds, 3), "        io.write(b''.join(out))"])
        else:
            loop = ("    if items is not None:\n        for obj in items:\n"
                    f"            {self.subcon._compilebuild(code)}")
        code.append(f"""
def {fname}(obj, io, this):
    if obj is None and not {self.nullable and self.prefix is not None}:
        raise _rt.EncodeError('null in a non-nullable array')
{head}
    items = obj
{loop}
    return items
""")
        return f"{fname}(obj, io, this)"

    # ------------------------------------------------- inline (kformat.primitives.inline)
    def _inline_ok(self) -> bool:
        return self.prefix is not None and inlinable(self.subcon)

    def _inline_parse(self, code: Any, at: Region, target: str) -> list[str]:
        n = local(code, "n")
        lines = [*inline.length(at, n, self.prefix), f"if {n} < 0:",
                 f"    {target} = None" if self.nullable
                 else "    raise InvalidValueError('null in a non-nullable array')",
                 "else:"]
        fixed = _fixed_kind(self.subcon)
        if fixed:  # numbers: one unpack, bounded by the region
            return [*lines, f"    {target}, {at.pos} = fixed_array_at({at.data}, {at.pos}, "
                            f"{at.end}, {n}, {fixed})"]
        if self.element_size > 0:
            check = f"{n} * {self.element_size} > {at.end} - {at.pos}"
        else:
            check = f"{n} > MAX_ZERO_SIZE_ELEMENTS"
        item = local(code, "x")
        return [*lines, f"    if {check}:", "        raise TruncatedError('count too large')",
                f"    {target} = []", f"    for _ in range({n}):",
                *indent(inline_parse(self.subcon, code, at, item), 2),
                f"        {target}.append({item})"]

    def _inline_build(self, value: str, parts: inline.Parts) -> None:
        fixed = _fixed_kind(self.subcon)
        if fixed:
            parts.add([], [f"encoded(b_num_array, {value}, {self.prefix!r}, {fixed}, "
                           f"{self.nullable})"])
            return
        head, item, n = (local(parts.code, x) for x in "qxn")
        count = [f"if {value}.__class__ is not list:",  # array_items refuses None too
                 f"    array_items({value})",
                 f"{n} = len({value})",
                 f"{head} = {inline.length_part(self.prefix, n)}"]
        if self.nullable:
            count = [f"if {value} is None:", f"    {head} = {inline.NULL_MARKERS[self.prefix]!r}",
                     "else:", *indent(count)]
        parts.add(count, [head])
        each = parts.nested()  # the elements' parts go straight into the list
        inline_build(self.subcon, item, each)
        each.flush()
        loop = [f"for {item} in {value}:", *indent(each.lines or ["pass"])]
        parts.add([f"if {value} is not None:", *indent(loop)] if self.nullable else loop, [])

    def __repr__(self) -> str:
        return f"KArray({self.subcon!r}, {self.prefix!r}, nullable={self.nullable})"


def _unwrap(sc: Construct) -> Construct:
    while isinstance(sc, Renamed):
        sc = sc.subcon
    return sc


def _fixed_kind(subcon: Construct) -> str | None:
    """``INT32``... when ``subcon`` is a fixed-width number (arrays of them read in one go)."""
    from kformat.primitives.scalars import FixedNumber

    return subcon.kind if isinstance(subcon, FixedNumber) else None


class KGreedy(KConstruct):
    """Elements repeated until the stream ends (a legacy message set's inner messages)."""

    min_size = 0

    def __init__(self, subcon: Construct) -> None:
        super().__init__()
        self.subcon = subcon

    def _parse(self, stream: Any, context: Any, path: str) -> list[Any]:
        out = []
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
        self._runtime(code)
        fname = f"parse_kgreedy_{code.allocateId()}"
        code.append(f"""
def {fname}(io, this):
    out = []
    while remaining(io):
        start = io.tell()
        out.append({self.subcon._compileparse(code)})
        expect_progress(io, start)
    return out
""")
        return f"{fname}(io, this)"

    def _emitbuild(self, code: Any) -> str:
        return f"[{self.subcon._compilebuild(code)} for obj in array_items(obj)]"


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

    # ------------------------------------------------- inline (kformat.primitives.inline)
    def _inline_ok(self) -> bool:
        return inlinable(self.subcon)

    def _inline_parse(self, code: Any, at: Region, target: str) -> list[str]:
        return [f"_z = {at.data}[{at.pos}]", f"{at.pos} += 1",
                "if _z == 0xFF:", f"    {target} = None",
                "elif _z == 1:", *indent(inline_parse(self.subcon, code, at, target)),
                "else:", "    raise InvalidValueError('presence byte must be -1 or 1')"]

    def _inline_build(self, value: str, parts: inline.Parts) -> None:
        parts.add([], [f"(b'\\xff' if {value} is None else b'\\x01')"])
        inner = parts.nested()
        inline_build(self.subcon, value, inner)
        inner.flush()
        parts.add([f"if {value} is not None:", *indent(inner.lines or ["pass"])], [])


class KPrefixed(KConstruct):
    """A region preceded by its byte length; the inner grammar must consume it exactly.

    ``prefix`` is ``int32`` (``batchLength``, ``message_size``) or ``varint`` (a record's
    ``length``). On build the length is computed from the built bytes.
    """

    def __init__(self, prefix: str, subcon: Construct, what: str = "region") -> None:
        super().__init__()
        self.prefix = rt.check_prefix(prefix, "KPrefixed")
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
        if inlinable(self.subcon):  # the region read once and decoded in place
            code.append("\n".join([f"def {fname}(io, this):",
                                   *indent(self._inline_stream_parse(code, "io", "_v")),
                                   "    return _v"]))
            return f"{fname}(io, this)"
        # offsets inside are relative to the region: only errors use them, and errors come
        # from the interpreter
        code.append(f"""
def {fname}(outer, this):
    n = p_length(outer, {self.prefix!r})
    if n < 0:
        raise _rt.InvalidValueError('negative length')
    io = BytesIO(read_exact(outer, n))
    value = {self.subcon._compileparse(code)}
    if io.tell() != n:
        raise _rt.InvalidValueError({self.what!r} + ' not consumed')
    return value
""")
        return f"{fname}(io, this)"

    def _emitbuild(self, code: Any) -> str:
        self._runtime(code)
        fname = f"build_kprefixed_{code.allocateId()}"
        if inlinable(self.subcon):  # the region's parts joined once
            parts = inline.Parts(code)
            inline_build(self.subcon, "value", parts)
            data = parts.joined()
            code.append("\n".join([f"def {fname}(obj, outer, this):", "    value = obj",
                                   *indent(parts.lines),
                                   f"    data = {data}",
                                   f"    b_length(len(data), outer, {self.prefix!r})",
                                   "    outer.write(data)",
                                   "    return obj"]))
            return f"{fname}(obj, io, this)"
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

    # ------------------------------------------------- inline (kformat.primitives.inline)
    def _inline_ok(self) -> bool:
        return inlinable(self.subcon)

    def _inline_stream_parse(self, code: Any, io: str, target: str) -> list[str]:
        """Statements reading the region from the stream ``io`` and decoding it into
        ``target`` (the locals ``_d``, ``_p``, ``_e`` of :class:`Region` hold the region)."""
        if self.prefix == "varint":  # one- and two-byte lengths inline
            lines = [f"_b = {io}.read(1)",
                     "if _b and _b[0] < 0x80:",
                     "    _z = _b[0]",
                     "else:",
                     f"    _c = {io}.read(1) if _b else b''",
                     "    if _c and 0 < _c[0] < 0x80:",
                     "        _z = (_b[0] & 0x7F) | (_c[0] << 7)",
                     "    else:",
                     f"        {io}.seek(-len(_b) - len(_c), 1)",
                     f"        _z = read_uvarint({io}, 5, U32_MAX)",
                     "if _z & 1:",
                     "    raise InvalidValueError('negative length')",
                     "_e = _z >> 1"]
        else:
            lines = [f"_e = p_length({io}, {self.prefix!r})",
                     "if _e < 0:",
                     "    raise InvalidValueError('negative length')"]
        at = Region()
        return [*lines, f"{at.data} = {io}.read(_e)",
                f"if len({at.data}) != _e:",
                f"    raise TruncatedError({self.what!r} + ' cut short')",
                f"{at.pos} = 0",
                *inline_parse(self.subcon, code, at, target),
                f"if {at.pos} != _e:",
                f"    raise InvalidValueError({self.what!r} + ' not consumed')"]

    def _inline_parse(self, code: Any, at: Region, target: str) -> list[str]:
        n, end = local(code, "n"), local(code, "e")
        return [*inline.length(at, n, self.prefix),
                f"{end} = {at.pos} + {n}",
                f"if {n} < 0 or {end} > {at.end}:",
                f"    raise InvalidValueError({self.what!r} + ' length')",
                *inline_parse(self.subcon, code, at.within(end), target),
                f"if {at.pos} != {end}:",
                f"    raise InvalidValueError({self.what!r} + ' not consumed')"]

    def _inline_build(self, value: str, parts: inline.Parts) -> None:
        data, n = local(parts.code, "b"), local(parts.code, "n")
        inner = inline.Parts(parts.code)  # the region's own list
        inline_build(self.subcon, value, inner)
        joined = inner.joined()
        parts.add([*inner.lines, f"{data} = {joined}", f"{n} = len({data})"],
                  [inline.length_part(self.prefix, n), data])


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
        return self.subcon._compileparse(code)

    def _emitbuild(self, code: Any) -> str:
        return self.subcon._compilebuild(code)

    def __repr__(self) -> str:
        return f"Flatten({self.subcon!r})"
