"""The invariants a grammar must hold, checked when it is loaded: Kafka's message generator's, plus a
few of kformat's own; a :class:`~kformat.errors.GrammarError` names the file, line and field."""

from __future__ import annotations

import uuid
from typing import NoReturn

from kformat.errors import GrammarError
from kformat.spec.schema import (
    _NAME,
    INT_RANGES,
    KEYED_KINDS,
    KINDS,
    FieldDef,
    MessageDef,
)
from kformat.spec.versions import MAX_VERSION, VersionSet

__all__ = ["validate_message"]


def validate_message(msg: MessageDef) -> None:
    """Check the grammar invariants; raise :class:`GrammarError` naming file, line and field."""
    _Validator(msg).run()


class _Validator:
    def __init__(self, msg: MessageDef) -> None:
        self.msg = msg
        self.struct_names: dict[str, str] = {}

    def fail(self, reason: str, line: int, where: str) -> NoReturn:
        location = (
            f"{self.msg.path}:{line} " if self.msg.path else (f"line {line} " if line else "")
        )
        raise GrammarError(reason, path=f"{location}{self.msg.name}{where}")

    def run(self) -> None:
        msg = self.msg
        if msg.kind not in KINDS:
            self.fail(f"unknown kind {msg.kind!r}", msg.line, "")
        if msg.kind in KEYED_KINDS and msg.api_key is None:
            self.fail(f"a {msg.kind} needs key=", msg.line, "")
        if msg.api_key is not None and not 0 <= msg.api_key <= MAX_VERSION:
            self.fail(f"key {msg.api_key} is not an int16 >= 0", msg.line, "")
        if msg.valid.open_ended:
            self.fail(f"versions={msg.valid} must be bounded", msg.line, "")
        if msg.flexible and not msg.flexible.open_ended:
            self.fail(f"flexible={msg.flexible} must be none or open-ended", msg.line, "")
        if not msg.unstable <= msg.valid:
            self.fail(f"unstable={msg.unstable} is not within versions={msg.valid}", msg.line, "")
        for name, struct in msg.common_structs.items():
            self.claim_struct(name, f"struct {name}", struct.line, "")
        self.check_fields(msg.fields, msg.valid, "")
        for struct in msg.common_structs.values():
            scope = struct.versions & msg.valid
            if not scope:
                self.fail(
                    f"struct {struct.name} is in no valid version", struct.line, f"#{struct.name}"
                )
            self.check_fields(struct.fields, scope, f"#{struct.name}")

    def claim_struct(self, name: str, owner: str, line: int, where: str) -> None:
        if name in self.struct_names:
            self.fail(
                f"struct name {name} is declared twice ({self.struct_names[name]})", line, where
            )
        self.struct_names[name] = owner

    def check_fields(self, fields: tuple[FieldDef, ...], scope: VersionSet, where: str) -> None:
        seen: dict[str, FieldDef] = {}
        py_names: dict[str, str] = {}
        for f in fields:
            here = f"{where}.{f.name}"
            other = seen.get(f.name)
            if other is not None and not other.versions.isdisjoint(f.versions & scope):
                self.fail(
                    f"field {f.name} appears twice in versions {other.versions & f.versions}",
                    f.line,
                    here,
                )
            seen[f.name] = f
            if py_names.setdefault(f.py_name, f.name) != f.name:
                self.fail(
                    f"fields {py_names[f.py_name]} and {f.name} share the Python name {f.py_name}",
                    f.line,
                    here,
                )
            self.check_field(f, scope, here)
        self.check_tags(fields, scope, where)

    def check_tags(self, fields: tuple[FieldDef, ...], scope: VersionSet, where: str) -> None:
        by_tag: dict[int, list[FieldDef]] = {}
        for f in fields:
            if f.tag is None:
                continue
            for other in by_tag.setdefault(f.tag, []):
                clash = other.tagged & f.tagged & scope
                if clash:
                    self.fail(
                        f"tag {f.tag} is used by {other.name} and {f.name} in versions {clash}",
                        f.line,
                        f"{where}.{f.name}",
                    )
            by_tag[f.tag].append(f)

    def check_field(self, f: FieldDef, scope: VersionSet, here: str) -> None:
        msg = self.msg
        if not _NAME.match(f.name):
            self.fail(f"invalid field name {f.name!r}", f.line, here)
        present = f.versions & scope
        if not present:
            self.fail(
                f"versions={f.versions} is outside the enclosing versions {scope}", f.line, here
            )
        if f.nullable and not f.type.can_be_nullable:
            self.fail(f"type {f.type} cannot be nullable", f.line, here)
        self.check_tag(f, here)
        if f.flexible_override is not None and f.type.base not in ("string", "bytes"):
            self.fail("only string and bytes fields may override flexible versions", f.line, here)
        if f.zero_copy and f.type.base != "bytes":
            self.fail("zeroCopy applies only to bytes fields", f.line, here)
        if f.has_default:
            self.check_default(f, present, here)
        if f.fields:
            if not f.type.is_struct:
                self.fail(f"type {f.type} cannot have fields", f.line, here)
            self.claim_struct(f.type.base, f"field {here.lstrip('.#')}", f.line, here)
            self.check_fields(f.fields, present, here)
        elif f.type.is_struct and f.type.base not in msg.common_structs:
            self.fail(
                f"struct type {f.type.base} is neither inline nor a common struct", f.line, here
            )

    def check_tag(self, f: FieldDef, here: str) -> None:
        if f.tag is None:
            if f.tagged:
                self.fail(f"tagged={f.tagged} without tag=", f.line, here)
            return
        if f.tag < 0:
            self.fail(f"tag {f.tag} is negative", f.line, here)
        if not f.tagged:
            self.fail(f"tag={f.tag} without tagged=", f.line, here)
        if not f.tagged.open_ended:
            self.fail(f"tagged={f.tagged} must be open-ended", f.line, here)
        if not f.tagged <= f.versions:
            self.fail(f"tagged={f.tagged} is not within versions={f.versions}", f.line, here)
        if not (f.tagged & self.msg.valid) <= self.msg.flexible:
            self.fail(
                f"tagged={f.tagged} includes versions that are not flexible ({self.msg.flexible})",
                f.line,
                here,
            )
        both = f.nullable & f.tagged
        if both and both != f.tagged:
            self.fail(
                f"nullable={f.nullable} must cover all or none of tagged={f.tagged}", f.line, here
            )
        if f.map_key:
            self.fail("a tagged field cannot be a map key", f.line, here)

    def check_default(self, f: FieldDef, present: VersionSet, here: str) -> None:
        value, base = f.explicit_default, f.type.base
        if value is None:
            if base == "records" and not f.type.is_array:
                return  # null is the implicit default of records
            if not f.type.can_be_nullable:
                self.fail(f"type {f.type} cannot default to null", f.line, here)
            if not present <= f.nullable:
                self.fail(f"default=null needs nullable in every version ({present})", f.line, here)
            return
        ok: bool
        if f.type.is_array or f.type.is_struct or base == "records":
            ok = False
        elif base in INT_RANGES:
            lo, hi = INT_RANGES[base]
            ok = type(value) is int and lo <= value <= hi
        elif base == "bool":
            ok = type(value) is bool
        elif base == "float64":
            ok = type(value) is float
        elif base == "string":
            ok = type(value) is str
        elif base == "bytes":
            ok = value == b""
        else:
            ok = isinstance(value, uuid.UUID)
        if not ok:
            self.fail(f"default {value!r} is not valid for type {f.type}", f.line, here)
