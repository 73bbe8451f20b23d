"""A small deterministic value generator walking the grammar model (test-only).

``sample_body(msg, version)`` returns a body dict holding EVERY field of each struct, the way
a parse returns it: fields present in ``version`` get a non-default value of their type
(arrays of two elements, non-ASCII strings, tagged fields set), about one nullable field in
three is null, fields absent from ``version`` hold their default, and flexible structs carry
two unknown tagged fields (unless ``unknown_tags=False``). Integers stay small and positive
so that peers with narrower types (kio's error codes, timedeltas, datetimes) accept them.
The hypothesis strategies of a later issue replace this with random values.
"""

from __future__ import annotations

import uuid
from typing import Any

from kformat.primitives import UNKNOWN_TAGS
from kformat.spec.compiler import field_default
from kformat.spec.records_field import RecordSet
from kformat.spec.schema import INT_RANGES, FieldDef, MessageDef

__all__ = ["CLIENT_ID", "HEADER_TAGS", "sample_body"]

CLIENT_ID = "klïent-☃"
HEADER_TAGS = {3: b"\x01", 200: b"header-tag"}


class _Generator:
    def __init__(self, msg: MessageDef, version: int, unknown_tags: bool) -> None:
        self.msg = msg
        self.version = version
        self.unknown_tags = unknown_tags and msg.is_flexible(version)
        self.counter = 0
        self.nullables = 0

    def tick(self) -> int:
        self.counter += 1
        return self.counter

    def make_null(self, f: FieldDef) -> bool:
        """Every third nullable (non-tagged) field is null."""
        if not f.is_nullable(self.version) or f.is_tagged(self.version):
            return False
        self.nullables += 1
        return self.nullables % 3 == 2

    def struct(self, fields: tuple[FieldDef, ...]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields:
            if self.version in f.versions:
                out[f.py_name] = self.field(f)
        for f in fields:
            if self.version not in f.versions:
                out.setdefault(f.py_name, field_default(self.msg, f))
        if self.unknown_tags:
            top = max((f.tag for f in fields if f.tag is not None), default=-1)
            out[UNKNOWN_TAGS] = {top + 1: bytes([self.tick() % 256]), 300: "unknown-ü".encode()}
        return out

    def field(self, f: FieldDef) -> Any:
        if self.make_null(f):
            return None
        if f.type.is_array:
            return [self.element(f) for _ in range(2)]
        return self.element(f)

    def element(self, f: FieldDef) -> Any:
        if f.type.is_struct:
            return self.struct(self.msg.children(f))
        return self.scalar(f.type.base, f.default)

    def scalar(self, base: str, default: Any) -> Any:
        n = self.tick()
        value: Any
        if base in INT_RANGES:
            value = n % 90 + 1 if base != "int64" else 1_700_000_000_000 + n
            if value == default:
                value += 1
            lo, hi = INT_RANGES[base]
            assert lo <= value <= hi
        elif base == "bool":
            value = not default if isinstance(default, bool) else True
        elif base == "float64":
            value = n + 0.25
        elif base == "string":
            value = f"värde-{n}-日本"
        elif base == "bytes":
            value = bytes([n % 256, 0, 255]) + b"bytes"
        elif base == "uuid":
            value = uuid.UUID(int=(n << 64) | n)
        elif base == "records":
            value = RecordSet(bytes([n % 256]) * 7)
        else:
            raise AssertionError(f"no sample for {base}")
        return value


def sample_body(msg: MessageDef, version: int, *, unknown_tags: bool = True) -> dict[str, Any]:
    """A deterministic, non-trivial body of ``msg`` at ``version`` (see the module docstring)."""
    return _Generator(msg, version, unknown_tags).struct(msg.fields)
