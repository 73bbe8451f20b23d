"""The tagged-field section of flexible versions (KIP-482; Kafka protocol guide, "Protocol
Primitive Types", TAGGED_FIELDS).

``TaggedFields => num_fields:UNSIGNED_VARINT [tag:UNSIGNED_VARINT size:UNSIGNED_VARINT data]``

* Known tags decode with their own grammar, which must consume ``size`` bytes exactly;
  absent ones take their default. On build a field equal to its default is omitted.
* Presence: a known field found on the wire holding its default value is named in
  ``"_defaults_on_wire"`` (a tuple of names in ascending tag order; the key is absent when
  there are none), and build writes the fields named there even at their default, so a
  parsed body rebuilds byte for byte. A dict without the key builds canonically.
* Unknown tags are kept as raw bytes under ``"_unknown_tags"`` (``{tag: bytes}``) and
  written back unchanged, so a proxy can pass through what it does not understand.
* Tags are written in ascending order; on parse a duplicate or out-of-order tag is an error.

The section sits inside a :class:`~kformat.primitives.structs.KStruct` with
``flatten = True``: its fields appear in the struct's dict next to the others.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from io import BytesIO
from typing import Any

from construct import Construct

from kformat.errors import EncodeError, GrammarError, InvalidValueError
from kformat.primitives import runtime as rt
from kformat.primitives.base import KConstruct
from kformat.primitives.emitting import emit_const, emit_value

__all__ = ["DEFAULTS_ON_WIRE", "UNKNOWN_TAGS", "TaggedField", "TaggedFields"]

UNKNOWN_TAGS = "_unknown_tags"
DEFAULTS_ON_WIRE = "_defaults_on_wire"


@dataclass(frozen=True)
class TaggedField:
    tag: int
    name: str
    subcon: Construct
    default: Any = None


def parse_tagged(io: Any, this: Any, known: dict[int, tuple[str, Any, Any]],
                 path: str = "") -> dict[str, Any]:
    """Read a tagged-field section; ``known`` maps tag -> (name, parse(io, this, path), default)."""
    start = io.tell()
    count = rt.p_uvarint(io, path)
    rt.check_count(io, count, 2, path, start)
    values: dict[str, Any] = {}
    unknown: dict[int, bytes] = {}
    at_default: list[str] = []
    last = -1
    for _ in range(count):
        at = io.tell()
        tag = rt.p_uvarint(io, path)
        if tag <= last:
            what = "duplicate tag" if tag == last else "tags out of order"
            raise InvalidValueError(what, path=f"{path} -> _tag{tag}", offset=at,
                                    expected=f"> {last}", actual=tag)
        last = tag
        size = rt.p_uvarint(io, path)
        entry = known.get(tag)
        if entry is None:
            unknown[tag] = rt.read_exact(io, size, path)
            continue
        name, parse, _default = entry
        sub = rt.substream(io, size, f"{path} -> {name}")
        value = values[name] = parse(sub, this, f"{path} -> {name}")
        rt.expect_consumed(sub, f"tagged field {name}", f"{path} -> {name}")
        if _is_default(value, _default):
            at_default.append(name)
    for name, _parse, default in known.values():
        if name not in values:
            values[name] = rt.fresh_default(default)
    if unknown:
        values[UNKNOWN_TAGS] = unknown
    if at_default:
        values[DEFAULTS_ON_WIRE] = tuple(at_default)
    return values


def _is_default(value: Any, default: Any) -> bool:
    """Equal to the default and of its type: ``False`` for an INT32 defaulting to 0 is still
    written, so the field's own builder refuses it."""
    return value is default or (type(value) is type(default) and value == default)


def _on_wire(obj: dict[str, Any], known: dict[int, tuple[str, Any, Any]], path: str) -> Any:
    """The names of ``obj[DEFAULTS_ON_WIRE]``, checked against the known tagged fields."""
    names = obj.get(DEFAULTS_ON_WIRE) or ()
    if isinstance(names, str) or not isinstance(names, tuple | list | set | frozenset):
        raise EncodeError(f"{DEFAULTS_ON_WIRE} needs a tuple of tagged field names",
                          path=f"{path} -> {DEFAULTS_ON_WIRE}", actual=type(names).__name__)
    tagged = {name for name, _build, _default in known.values()}
    for name in names:
        if name not in tagged:
            raise EncodeError(f"{name!r} is not a tagged field of this struct",
                              path=f"{path} -> {DEFAULTS_ON_WIRE}", expected=sorted(tagged),
                              actual=name)
    return names


def build_tagged(obj: dict[str, Any], io: Any, this: Any,
                 known: dict[int, tuple[str, Any, Any]], path: str = "") -> None:
    """Write a tagged-field section from the struct dict ``obj`` (defaults omitted unless
    named in ``obj["_defaults_on_wire"]``)."""
    if (obj.__class__ is dict and UNKNOWN_TAGS not in obj and DEFAULTS_ON_WIRE not in obj
            and all(_is_default(obj.get(name, default), default)
                    for name, _build, default in known.values())):
        io.write(b"\x00")  # the usual section: every field at its default
        return
    if obj is None:
        obj = {}
    if not isinstance(obj, dict):
        raise EncodeError("tagged fields need a dict", path=path, actual=type(obj).__name__)
    entries: dict[int, bytes] = {}
    unknown = obj.get(UNKNOWN_TAGS) or {}
    if not isinstance(unknown, dict):
        raise EncodeError("unknown tags need a {tag: bytes} dict", path=f"{path} -> {UNKNOWN_TAGS}")
    for tag, raw in unknown.items():
        if (isinstance(tag, bool) or not isinstance(tag, int) or not 0 <= tag <= rt.U32_MAX
                or not isinstance(raw, bytes | bytearray)):
            raise EncodeError("unknown tags need a {tag: bytes} dict", path=f"{path} -> {UNKNOWN_TAGS}",
                              actual=tag)
        if tag in known:
            raise EncodeError(f"tag {tag} is a known field", path=f"{path} -> {UNKNOWN_TAGS}")
        entries[tag] = bytes(raw)
    on_wire = _on_wire(obj, known, path)
    for tag, (name, build, default) in known.items():
        value = obj.get(name, default)
        if _is_default(value, default) and name not in on_wire:
            continue
        sub = BytesIO()
        build(value, sub, this, f"{path} -> {name}")
        entries[tag] = sub.getvalue()
    rt.b_uvarint(len(entries), io, path)
    for tag in sorted(entries):
        data = entries[tag]
        io.write(rt.uvarint_bytes(tag))
        io.write(rt.uvarint_bytes(len(data)))
        io.write(data)


class TaggedFields(KConstruct):
    """The tagged-field section of a flexible struct; flattened into the enclosing struct."""

    flatten = True
    min_size = 1

    def __init__(self, fields: list[TaggedField] | tuple[TaggedField, ...] = ()) -> None:
        super().__init__()
        self.fields = tuple(fields)
        tags = [f.tag for f in self.fields]
        names = [f.name for f in self.fields]
        if len(set(tags)) != len(tags):
            raise GrammarError(f"TaggedFields: duplicate tags in {tags}")
        if len(set(names)) != len(names) or UNKNOWN_TAGS in names:
            raise GrammarError(f"TaggedFields: duplicate or reserved names in {names}")
        bad = [t for t in tags if isinstance(t, bool) or not isinstance(t, int)
               or not 0 <= t <= rt.U32_MAX]
        if bad:
            raise GrammarError(f"TaggedFields: tags must be UNSIGNED_VARINT values, not {bad}")
        self.flagbuildnone = True
        self.keys = (*names, UNKNOWN_TAGS, DEFAULTS_ON_WIRE)
        """The keys this section reads from the enclosing struct's dict on build."""

    def _known(self, mode: str) -> dict[int, tuple[str, Any, Any]]:
        out = {}
        for f in self.fields:
            fn: Callable[..., Any]  # (io, this, path) to parse, (obj, io, this, path) to build
            if mode == "parse":
                def fn(io: Any, this: Any, path: str, sc: Construct = f.subcon) -> Any:
                    return sc._parsereport(io, this, path)
            else:
                def fn(obj: Any, io: Any, this: Any, path: str, sc: Construct = f.subcon) -> Any:
                    return sc._build(obj, io, this, path)
            out[f.tag] = (f.name, fn, f.default)
        return out

    def _parse(self, stream: Any, context: Any, path: str) -> dict[str, Any]:
        return parse_tagged(stream, context, self._known("parse"), path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        build_tagged(obj, stream, context, self._known("build"), path)
        return obj

    def _emit_table(self, code: Any, mode: str) -> str:
        code.append("from kformat.primitives.tagged import build_tagged, parse_tagged")
        entries = []
        for f in self.fields:
            default = emit_value(code, "tagdefault", f.default)
            if mode == "parse":
                fn = f"lambda io, this, path: {f.subcon._compileparse(code)}"
            else:
                fn = f"lambda obj, io, this, path: {f.subcon._compilebuild(code)}"
            entries.append(f"{f.tag}: ({f.name!r}, {fn}, {default})")
        return emit_const(code, f"tagged_{mode}", "{" + ", ".join(entries) + "}")

    def _emitparse(self, code: Any) -> str:
        return f"parse_tagged(io, this, {self._emit_table(code, 'parse')})"

    def _emitbuild(self, code: Any) -> str:
        return f"build_tagged(obj, io, this, {self._emit_table(code, 'build')})"
