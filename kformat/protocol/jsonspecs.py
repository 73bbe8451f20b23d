"""Kafka's JSON message specs read into :class:`~kformat.spec.schema.MessageDef` values.

Kafka keeps one JSON file per message spec, written with ``//`` and ``/* */`` comments. The
facts are carried over (names, types, versions, tags, defaults, flags) and each field's
``about`` text, its documentation; the comments of the specs are not.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kformat.errors import GrammarError
from kformat.jsonable import parse_kafka_uuid
from kformat.spec.schema import (
    INT_RANGES,
    NO_DEFAULT,
    NONE,
    FieldDef,
    MessageDef,
    StructDef,
    TypeRef,
    VersionSet,
)

__all__ = ["load_spec", "spec_to_message", "strip_json_comments"]


def strip_json_comments(text: str) -> str:
    """Remove ``//`` and ``/* */`` comments, leaving string literals untouched."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise GrammarError("unterminated /* comment")
            out.append(" ")
            i = j + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def load_spec(path: Path) -> dict[str, Any]:
    """Parse one JSON-with-comments spec file."""
    try:
        spec = json.loads(strip_json_comments(path.read_text(encoding="utf-8")))
    except (ValueError, GrammarError) as exc:
        raise GrammarError(f"cannot read spec: {exc}", path=str(path)) from None
    if not isinstance(spec, dict):
        raise GrammarError("a spec must be a JSON object", path=str(path))
    return spec


def _bool(value: Any) -> bool:
    """Jackson's coercion: JSON booleans, and the strings ``"true"``/``"false"``."""
    if isinstance(value, str):
        return value.strip().lower() == "true"
    return bool(value)


def _json_default(raw: Any, type_: TypeRef) -> Any:
    """The typed default a JSON ``default`` means to Kafka's generator.

    JSON ``null`` reaches the generator as "no default", so it yields :data:`NO_DEFAULT`;
    the string ``"null"`` is the null value.
    """
    if raw is None:
        return NO_DEFAULT
    text = ("true" if raw else "false") if isinstance(raw, bool) else str(raw)
    base = type_.base
    if text == "null" and (type_.can_be_nullable or base == "uuid"):
        return None
    if text == "":
        return "" if base == "string" and not type_.is_array else NO_DEFAULT
    if type_.is_array or type_.is_struct or base in ("bytes", "records"):
        raise GrammarError(f"default {text!r} is not valid for type {type_}")
    if base == "string":
        return text
    if base == "bool":
        if text.lower() not in ("true", "false"):
            raise GrammarError(f"default {text!r} is not valid for type {type_}")
        return text.lower() == "true"
    if base in INT_RANGES:
        negative = text.startswith("-")
        digits = text[1:] if negative else text
        value = int(digits[2:], 16) if digits.startswith("0x") else int(digits, 10)
        return -value if negative else value
    if base == "float64":
        return float(text)
    return parse_kafka_uuid(text)


def _json_field(spec: dict[str, Any]) -> FieldDef:
    tagged = VersionSet.parse(spec.get("taggedVersions", "none"))
    versions = VersionSet.parse(spec["versions"]) if "versions" in spec else tagged
    type_ = TypeRef.parse(spec["type"].strip())
    flexible = spec.get("flexibleVersions")
    return FieldDef(
        name=spec["name"],
        type=type_,
        versions=versions,
        nullable=VersionSet.parse(spec.get("nullableVersions", "none")),
        tag=int(spec["tag"]) if spec.get("tag") is not None else None,
        tagged=tagged,
        explicit_default=_json_default(spec.get("default"), type_),
        ignorable=_bool(spec.get("ignorable", False)),
        flexible_override=VersionSet.parse(flexible) if flexible else None,
        fields=tuple(_json_field(f) for f in spec.get("fields", ())),
        map_key=_bool(spec.get("mapKey", False)),
        zero_copy=_bool(spec.get("zeroCopy", False)),
        entity_type=spec.get("entityType") or None,
        about=_about(spec.get("about")),
    )


def _about(raw: Any) -> str:
    """A field's ``about`` text on one line (runs of whitespace made one space)."""
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise GrammarError(f"about must be a string, not {type(raw).__name__}")
    return " ".join(raw.split())


def spec_to_message(spec: dict[str, Any], source: str, path: str | None = None) -> MessageDef:
    """Convert one parsed JSON spec into a :class:`MessageDef` (not yet validated)."""
    try:
        valid = VersionSet.parse(spec["validVersions"])
        unstable = NONE
        if _bool(spec.get("latestVersionUnstable", False)) and valid:
            unstable = VersionSet.of([valid.highest or 0])
        return MessageDef(
            name=spec["name"],
            kind=spec["type"],
            valid=valid,
            flexible=VersionSet.parse(spec.get("flexibleVersions", "none")),
            fields=tuple(_json_field(f) for f in spec.get("fields", ())),
            api_key=int(spec["apiKey"]) if spec.get("apiKey") is not None else None,
            unstable=unstable,
            listeners=tuple(spec.get("listeners", ())),
            source=source,
            common_structs={
                cs["name"]: StructDef(
                    cs["name"],
                    VersionSet.parse(cs["versions"]),
                    tuple(_json_field(f) for f in cs.get("fields", ())),
                )
                for cs in spec.get("commonStructs", ())
            },
            path=path,
        )
    except (KeyError, ValueError, TypeError) as exc:
        raise GrammarError(f"malformed spec: {exc!r}", path=path) from None
    except GrammarError as exc:
        raise GrammarError(exc.reason, path=path) from None


