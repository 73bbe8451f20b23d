"""Compile a grammar model (:mod:`kformat.spec.schema`) into construct grammars.

One :class:`~kformat.primitives.KStruct` per (message, version), built only from kformat
blocks, so :class:`~kformat.primitives.CompiledGrammar` turns it into the fast path with no
interpreted fallback. The encoding rules are Kafka's (Kafka's protocol guide):

* flexible versions use compact strings, bytes, arrays and records, and end every struct
  with a tagged-field section; tagged fields are omitted on write when equal to their default;
* a field's ``flexible=`` override (only ``RequestHeader.ClientId``) keeps the INT16 length;
* nullable structs carry an INT8 presence byte;
* a field absent from a version parses as its default; on build a non-default value for it
  is an error naming the field unless the field is ``ignorable`` (then it is dropped).

Parsed bodies are plain dicts keyed by snake_case names holding every field of the struct
(plus ``_unknown_tags`` and ``_defaults_on_wire`` when the wire had them, see
:mod:`kformat.primitives.tagged`). Missing keys build as the field's default; a key naming no
field of any version is an :class:`EncodeError` (:mod:`kformat.primitives.keys`).
"""

from __future__ import annotations

from typing import Any

from construct import Construct

from kformat.errors import EncodeError, GrammarError, join_path
from kformat.primitives import (
    Boolean,
    Float64,
    Int8,
    Int16,
    Int32,
    Int64,
    KArray,
    KBytes,
    KString,
    KStruct,
    Presence,
    TaggedField,
    TaggedFields,
    UInt16,
    UInt32,
    Uuid,
)
from kformat.primitives.base import KConstruct
from kformat.primitives.emitting import emit_value
from kformat.primitives.reading import IMMUTABLE_DEFAULTS, fresh_default
from kformat.spec.records_field import RecordsField
from kformat.spec.schema import EMPTY_STRUCT, FieldDef, MessageDef

__all__ = ["Absent", "body_grammar", "check_required", "default_body", "field_default"]

_SCALARS: dict[str, Construct] = {
    "int8": Int8, "int16": Int16, "uint16": UInt16, "int32": Int32, "uint32": UInt32,
    "int64": Int64, "float64": Float64, "bool": Boolean, "uuid": Uuid,
}


class Absent(KConstruct):
    """A field the version lacks: parses as its default, builds nothing.

    Building a non-default value is an :class:`EncodeError` naming the field, unless the field
    is ignorable (Kafka's rule for ``ignorable`` fields in its message specs, clients/src/main/resources/common/message/README.md).
    """

    min_size = 0

    def __init__(self, name: str, default: Any, ignorable: bool, version: int) -> None:
        super().__init__()
        self.field_name = name
        self.default = default
        self.ignorable = ignorable
        self.version = version
        self.flagbuildnone = True

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        return fresh_default(self.default)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        return check_absent(obj, self.default, self.ignorable, self.version, path)

    def _sizeof(self, context: Any, path: str) -> int:
        return 0

    def _emitparse(self, code: Any) -> str:
        default = emit_value(code, "absent", self.default)
        if self.default.__class__ in IMMUTABLE_DEFAULTS:
            return default
        code.append("from kformat.primitives.runtime import fresh_default")
        return f"fresh_default({default})"

    def _emitbuild(self, code: Any) -> str:
        code.append("from kformat.spec.compiler import check_absent")
        default = emit_value(code, "absent", self.default)
        return f"check_absent(obj, {default}, {self.ignorable}, {self.version}, {self.field_name!r})"


def check_absent(obj: Any, default: Any, ignorable: bool, version: int, path: str) -> Any:
    if obj is None or obj == default or ignorable:
        return obj
    raise EncodeError(f"version {version} has no such field: a non-default value cannot be "
                      f"written (the field is not ignorable)", path=path, actual=obj)


def field_default(msg: MessageDef, f: FieldDef) -> Any:
    """The parsed-form default of a field: lists for arrays, dicts for structs."""
    value = f.default
    if value is EMPTY_STRUCT:
        return default_struct(msg, msg.children(f))
    if isinstance(value, tuple):
        return list(value)
    return value


def default_struct(msg: MessageDef, fields: tuple[FieldDef, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields:
        out.setdefault(f.py_name, field_default(msg, f))
    return out


def check_required(msg: MessageDef, version: int, body: Any, path: str = "") -> None:
    """A strict build's rule: every field ``msg`` has at ``version`` whose spec gives no
    default is in ``body`` (and in every struct within it, arrays of structs element by
    element); tagged fields are optional by design (absent means their default). An
    :class:`EncodeError` names the first one missing, at its path. Values that are not
    dicts or lists are left to the build, which names what is wrong with them."""
    _check_required(msg, msg.fields, version, body, path)


def _check_required(msg: MessageDef, fields: tuple[FieldDef, ...], version: int, value: Any,
                    path: str) -> None:
    if not isinstance(value, dict):
        return
    for f in fields:
        if version not in f.versions or f.is_tagged(version):
            continue
        name = f.py_name
        here = join_path(path, name)
        if name not in value:
            if not f.has_default:
                raise EncodeError("missing field (the spec gives it no default; strict build)",
                                  path=here)
            continue
        if not f.type.is_struct:
            continue
        children = msg.children(f)
        item = value[name]
        if f.type.is_array:
            if isinstance(item, list | tuple):
                for i, element in enumerate(item):
                    _check_required(msg, children, version, element, f"{here}[{i}]")
        else:
            _check_required(msg, children, version, item, here)


def default_body(msg: MessageDef) -> dict[str, Any]:
    """A body with every field at its default (a starting point for building)."""
    return default_struct(msg, msg.fields)


def _primitive(base: str, compact: bool, nullable: bool) -> Construct:
    if base in _SCALARS:
        return _SCALARS[base]
    if base == "string":
        return KString("compact" if compact else "int16", nullable=nullable)
    if base == "bytes":
        return KBytes("compact" if compact else "int32", nullable=nullable)
    if base == "records":
        return RecordsField("compact" if compact else "int32", nullable=nullable)
    raise GrammarError(f"no grammar for type {base!r}")


def _field(msg: MessageDef, f: FieldDef, version: int) -> Construct:
    compact = f.is_flexible(version, msg.flexible)
    nullable = f.is_nullable(version)
    if f.type.is_struct:
        element = _struct(msg, msg.children(f), version)
    else:
        element = _primitive(f.type.base, compact, nullable and not f.type.is_array)
    if f.type.is_array:
        return KArray(element, "compact" if compact else "int32", nullable=nullable)
    if f.type.is_struct and nullable:
        return Presence(element)
    return element


def _struct(msg: MessageDef, fields: tuple[FieldDef, ...], version: int) -> KStruct:
    flexible = msg.is_flexible(version)
    subcons: list[Construct] = []
    tagged: list[TaggedField] = []
    defaults: dict[str, Any] = {}
    seen: set[str] = set()
    for f in fields:
        if version in f.versions:
            seen.add(f.py_name)
    for f in fields:
        name = f.py_name
        default = field_default(msg, f)
        if version not in f.versions:
            if name not in seen:
                seen.add(name)
                subcons.append(name / Absent(name, default, f.ignorable, version))
                defaults[name] = default
            continue
        defaults[name] = default
        grammar = _field(msg, f, version)
        if flexible and f.is_tagged(version):
            assert f.tag is not None  # is_tagged: the field has a tag
            tagged.append(TaggedField(f.tag, name, grammar, default))
        else:
            subcons.append(name / grammar)
    if flexible:
        subcons.append("_tagged" / TaggedFields(sorted(tagged, key=lambda t: t.tag)))
    return KStruct(*subcons, defaults=defaults, closed=True)


_GRAMMARS: dict[tuple[int, int], tuple[MessageDef, KStruct]] = {}
_GRAMMARS_KEPT = 4096
"""At most this many grammars are kept (the built-in registry has under a thousand message
versions; other registries' messages count too, so the table is emptied when full)."""


def body_grammar(msg: MessageDef, version: int) -> KStruct:
    """The construct grammar of ``msg`` at ``version`` (built once, then cached)."""
    hit = _GRAMMARS.get((id(msg), version))
    if hit is not None and hit[0] is msg:
        return hit[1]
    if version not in msg.valid:
        raise GrammarError(f"{msg.name} has no version {version} (valid: {msg.valid})")
    grammar = _struct(msg, msg.fields, version)
    grammar.label = f"{msg.name} v{version}"
    if len(_GRAMMARS) >= _GRAMMARS_KEPT:
        _GRAMMARS.clear()
    _GRAMMARS[(id(msg), version)] = (msg, grammar)
    return grammar
