"""The tagged-field section of flexible versions (KIP-482; seed 004, "Tagged Fields").

``TaggedFields => num_fields:UNSIGNED_VARINT [tag:UNSIGNED_VARINT size:UNSIGNED_VARINT data]``

* Known tags decode with their own grammar, which must consume ``size`` bytes exactly;
  absent ones take their default. On build a field equal to its default is omitted.
* Unknown tags are kept as raw bytes under ``"_unknown_tags"`` (``{tag: bytes}``) and
  written back unchanged, so a proxy can pass through what it does not understand.
* Tags are written in ascending order; on parse a duplicate or out-of-order tag is an error.

The section sits inside a :class:`~kformat.primitives.containers.KStruct` with
``flatten = True``: its fields appear in the struct's dict next to the others.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from io import BytesIO
from typing import Any

from construct import Construct

from kformat.errors import EncodeError, InvalidValueError
from kformat.primitives import _runtime as rt
from kformat.primitives.base import KConstruct

__all__ = ["UNKNOWN_TAGS", "TaggedField", "TaggedFields"]

UNKNOWN_TAGS = "_unknown_tags"


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
        values[name] = parse(sub, this, f"{path} -> {name}")
        rt.expect_consumed(sub, f"tagged field {name}", f"{path} -> {name}")
    for name, _parse, default in known.values():
        if name not in values:
            values[name] = copy.deepcopy(default)
    if unknown:
        values[UNKNOWN_TAGS] = unknown
    return values


def build_tagged(obj: dict[str, Any], io: Any, this: Any,
                 known: dict[int, tuple[str, Any, Any]], path: str = "") -> None:
    """Write a tagged-field section from the struct dict ``obj`` (defaults omitted)."""
    entries: dict[int, bytes] = {}
    unknown = obj.get(UNKNOWN_TAGS) or {}
    if not isinstance(unknown, dict):
        raise EncodeError("unknown tags need a {tag: bytes} dict", path=f"{path} -> {UNKNOWN_TAGS}")
    for tag, raw in unknown.items():
        if not isinstance(tag, int) or tag < 0 or not isinstance(raw, bytes | bytearray):
            raise EncodeError("unknown tags need a {tag: bytes} dict", path=f"{path} -> {UNKNOWN_TAGS}")
        if tag in known:
            raise EncodeError(f"tag {tag} is a known field", path=f"{path} -> {UNKNOWN_TAGS}")
        entries[tag] = bytes(raw)
    for tag, (name, build, default) in known.items():
        value = obj.get(name, default)
        if value == default:
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
        if len(set(tags)) != len(tags):
            raise ValueError(f"duplicate tags in {tags}")
        self.flagbuildnone = True

    def _known(self, mode: str) -> dict[int, tuple[str, Any, Any]]:
        out = {}
        for f in self.fields:
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
        build_tagged(obj or {}, stream, context, self._known("build"), path)
        return obj

    def _emit_table(self, code: Any, mode: str) -> str:
        self._runtime(code)
        entries = []
        for f in self.fields:
            default = self._value(code, "tagdefault", f.default)
            if mode == "parse":
                fn = f"lambda io, this, path: {f.subcon._compileparse(code)}"
            else:
                fn = f"lambda obj, io, this, path: {f.subcon._compilebuild(code)}"
            entries.append(f"{f.tag}: ({f.name!r}, {fn}, {default})")
        return self._const(code, f"tagged_{mode}", "{" + ", ".join(entries) + "}")

    def _emitparse(self, code: Any) -> str:
        return f"parse_tagged(io, this, {self._emit_table(code, 'parse')})"

    def _emitbuild(self, code: Any) -> str:
        return f"build_tagged(obj, io, this, {self._emit_table(code, 'build')})"
