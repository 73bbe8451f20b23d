"""One spec across Kafka releases: the merge rule of ``kformat grammars import``.

Per spec, the valid versions are the union of every release's. A version the newer spec
knows is described by the newer spec; a version only an older release knows is described by
that release. Field lists are merged by field name, preserving order; a field's version sets
become ``(newer set - older-only versions) | (older set & older-only versions)``, so every
version's effective field list equals its source. Fields whose type, tag or default changed
between releases become two entries with disjoint versions. Requests and responses pair by
API key, so a renamed API (key 74) stays one API and keeps its old name as an alias.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from kformat.spec.schema import (
    MAX_VERSION,
    NONE,
    FieldDef,
    MessageDef,
    StructDef,
    TypeRef,
    VersionSet,
)

T = TypeVar("T")

__all__ = ["merge_messages"]


def _merge_order(
    new: Sequence[T], old: Sequence[T], key: Callable[[T], str]
) -> list[tuple[T | None, T | None]]:
    """Pair items by key, keeping ``new``'s order and slotting old-only items after their
    nearest preceding old item that ``new`` also has."""
    new_pos = {key(x): i for i, x in enumerate(new)}
    old_by = {key(x): x for x in old}
    inserts: dict[int, list[T]] = defaultdict(list)
    anchor = -1
    for item in old:
        if key(item) in new_pos:
            anchor = new_pos[key(item)]
        else:
            inserts[anchor].append(item)
    out: list[tuple[T | None, T | None]] = [(None, o) for o in inserts[-1]]
    for i, item in enumerate(new):
        out.append((item, old_by.get(key(item))))
        out += [(None, o) for o in inserts[i]]
    return out


@dataclass(frozen=True)
class _Merger:
    """Merges a newer and an older definition of one spec.

    ``old_only`` are the versions only the older release knows; ``valid`` is the union.
    """

    old_only: VersionSet
    valid: VersionSet
    new_flexible: VersionSet
    old_flexible: VersionSet

    def combine(self, new: VersionSet, old: VersionSet) -> VersionSet:
        out = (new - self.old_only) | (old & self.old_only)
        top = self.valid.highest
        if (new.open_ended or old.open_ended) and out and not out.open_ended and top is not None:
            lo, hi = out.ranges[-1]
            if lo <= top <= hi:  # versions above the valid range are free: keep "N+"
                out = VersionSet((*out.ranges[:-1], (lo, MAX_VERSION)))
        return out

    def _flex(self, new: FieldDef | None, old: FieldDef | None) -> VersionSet | None:
        new_o = new.flexible_override if new else None
        old_o = old.flexible_override if old else None
        if new_o is None and old_o is None:
            return None
        return self.combine(
            (new_o if new_o is not None else self.new_flexible) if new else NONE,
            (old_o if old_o is not None else self.old_flexible) if old else NONE,
        )

    def field(self, new: FieldDef | None, old: FieldDef | None) -> list[FieldDef]:
        if new is not None and old is not None and _differs(new, old):
            return self.field(new, None) + self.field(None, old)
        base = new if new is not None else old
        assert base is not None
        n = new if new is not None else _EMPTY
        o = old if old is not None else _EMPTY
        merged = replace(
            base,
            versions=self.combine(n.versions, o.versions),
            nullable=self.combine(n.nullable, o.nullable),
            tagged=self.combine(n.tagged, o.tagged),
            flexible_override=self._flex(new, old),
            explicit_default=base.explicit_default if base.has_default else o.explicit_default,
            fields=self.fields(n.fields, o.fields),
        )
        if not merged.versions & self.valid:
            return []
        if not merged.tagged:
            merged = replace(merged, tag=None)
        return [merged]

    def fields(self, new: Sequence[FieldDef], old: Sequence[FieldDef]) -> tuple[FieldDef, ...]:
        out: list[FieldDef] = []
        for n, o in _merge_order(new, old, lambda f: f.name):
            out += self.field(n, o)
        return tuple(out)

    def structs(self, new: dict[str, StructDef], old: dict[str, StructDef]) -> dict[str, StructDef]:
        out = {}
        for n, o in _merge_order(list(new.values()), list(old.values()), lambda s: s.name):
            base = n if n is not None else o
            assert base is not None
            versions = self.combine(n.versions if n else NONE, o.versions if o else NONE)
            if versions & self.valid:
                fields = self.fields(n.fields if n else (), o.fields if o else ())
                out[base.name] = StructDef(base.name, versions, fields)
        return out


_EMPTY = FieldDef("Empty", TypeRef("int8"), NONE)


def _differs(new: FieldDef, old: FieldDef) -> bool:
    """True when two definitions of a field disagree on the wire (type, tag or default)."""
    if new.type != old.type or new.tag != old.tag or new.default != old.default:
        return True
    return new.type.is_struct and bool(new.fields) != bool(old.fields)


def merge_messages(new: MessageDef, old: MessageDef) -> MessageDef:
    """Merge an older release's definition ``old`` into the newer ``new`` (see module doc)."""
    aliases = list(new.aliases)
    for name in (old.name, *old.aliases):
        if name != new.name and name not in aliases:
            aliases.append(name)
    old_only = old.valid - new.valid
    if not old_only:
        return replace(new, aliases=tuple(aliases))
    valid = new.valid | old_only
    m = _Merger(old_only, valid, new.flexible, old.flexible)
    return replace(
        new,
        valid=valid,
        flexible=m.combine(new.flexible, old.flexible),
        unstable=(new.unstable - old_only) | (old.unstable & old_only),
        listeners=new.listeners if new.valid else old.listeners,
        aliases=tuple(aliases),
        fields=m.fields(new.fields, old.fields),
        common_structs=m.structs(dict(new.common_structs), dict(old.common_structs)),
    )


