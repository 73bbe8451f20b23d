"""Typed bodies: one ``TypedDict`` per message version, generated from the grammars.

:func:`body_types` turns every grammar (requests, responses, headers, internal-topic records,
data formats; not the generator-test ones) into :class:`TypeDecl` values, one per distinct
shape: ``ProduceRequestV9`` and its nested ``ProduceRequestTopicProduceDataV0``... A version
whose shape equals an earlier one's is an alias of it (``ProduceRequestV4 = ProduceRequestV3``);
nested shapes are shared the same way, so every version has its name and nothing is
declared twice.

Each key's type is what the parser returns and a build takes (:mod:`kformat.spec.compiler`):
``int`` for the integer types (the range in the docstring), ``float``, ``bool``, ``str``,
``bytes``, ``UUID``, ``RecordSet`` for ``records``, ``list[...]`` for arrays, a nested
TypedDict for a struct, ``| None`` where the version makes the field nullable. A key is
``NotRequired`` where a build takes its default when it is missing; it is required only
where the default does not build (a non-nullable ``records`` field, whose default is null).
Flexible versions add the runtime's ``_unknown_tags`` and ``_defaults_on_wire`` keys
(:mod:`kformat.primitives.tagged`). A key names a field of that version only: building a
non-default value for another version's field is an ``EncodeError`` (an ``ignorable`` one
is dropped), so there it is a type error; a parsed body does carry those fields, at their
defaults, beyond its type's keys.

:func:`render_stub` writes ``kformat/messages/__init__.pyi``, :func:`render_calls` the
``@overload`` signatures of the entry points and of ``compiled_grammar``, the body-level
codec (``kformat/messages/calls.pyi``), and :func:`render_topics` those of the internal-topic
record calls of :mod:`kformat.protocol.topics` (``kformat/messages/topics.pyi``);
``kformat grammars types [--check]`` regenerates them (tests/protocol/test_typed.py checks
the committed files are current). :func:`runtime_type` builds the same TypedDict at run time
for ``kformat.messages``, which loads nothing until a name is asked for.
"""

from __future__ import annotations

import argparse
import functools
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from kformat.console import StaleOutputError
from kformat.errors import GrammarError
from kformat.primitives.tagged import DEFAULTS_ON_WIRE, UNKNOWN_TAGS
from kformat.spec.compiler import field_default
from kformat.spec.dsl import format_default
from kformat.spec.registry import TEST_SOURCE, Registry, load_registry
from kformat.spec.schema import INT_RANGES, FieldDef, MessageDef

__all__ = [
    "MESSAGES_DIR",
    "TypeDecl",
    "TypeKey",
    "api_literals",
    "body_types",
    "render_calls",
    "render_stub",
    "render_topics",
    "runtime_type",
    "version_names",
]

MESSAGES_DIR: Final = Path(__file__).resolve().parents[1] / "messages"
_SCALARS: Final = {
    **dict.fromkeys(INT_RANGES, "int"),
    "float64": "float", "bool": "bool", "string": "str", "bytes": "bytes", "uuid": "UUID",
    "records": "RecordSet",
}
_KIND_TEXT: Final = {
    "request": "request body", "response": "response body", "header": "header",
    "data": "data format", "metadata": "metadata-log record",
    "coordinator-key": "coordinator record key", "coordinator-value": "coordinator record value",
}


@dataclass(frozen=True)
class TypeKey:
    """One key of a TypedDict: its name, type expression, whether required, its docstring."""

    name: str
    annotation: str
    required: bool
    doc: str


@dataclass(frozen=True)
class TypeDecl:
    """A TypedDict to declare (``keys``), or an alias of one (``alias_of``)."""

    name: str
    doc: str
    keys: tuple[TypeKey, ...] = ()
    alias_of: str | None = None


def _wire_text(f: FieldDef, version: int, flexible: bool) -> str:
    """The docstring's wire facts: type, range, nullability, tag, default."""
    base = f.type.base
    parts = [f"{'array of ' if f.type.is_array else ''}{base}"]
    if base in INT_RANGES:
        lo, hi = INT_RANGES[base]
        parts[0] += f" ({lo} to {hi})"
    if f.is_nullable(version):
        parts.append("nullable")
    if flexible and f.is_tagged(version):
        parts.append(f"tagged field {f.tag}")
    if f.has_default:
        parts.append("default " + format_default(f.explicit_default))
    return ", ".join(parts)


def _doc(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


_TAGGED_KEYS: Final = (
    TypeKey(UNKNOWN_TAGS, "dict[int, bytes]", False,
            "Tagged fields the grammar does not know: raw bytes by tag, written back as read."),
    TypeKey(DEFAULTS_ON_WIRE, "tuple[str, ...]", False,
            "Known tagged fields the wire carried at their default value (written again)."),
)
"""The tagged-field section's runtime keys in every struct of a flexible version."""
_TAGGED_BASE: Final = "TaggedFields"


class _Builder:
    def __init__(self) -> None:
        self.decls: dict[str, TypeDecl] = {}
        self.by_shape: dict[tuple[Any, ...], str] = {}

    def declare(self, family: str, version: int, doc: str,
                keys: tuple[TypeKey, ...]) -> str:
        """The name for ``keys`` in ``family``: a new ``<family>V<version>`` or an earlier
        version's identical shape."""
        shape = (family, keys)
        name = f"{family}V{version}"
        if shape in self.by_shape:
            return self.by_shape[shape]
        if name in self.decls:
            raise GrammarError(f"two types named {name}")
        self.by_shape[shape] = name
        self.decls[name] = TypeDecl(name, doc, keys)
        return name

    def alias(self, name: str, target: str, doc: str) -> None:
        if name in self.decls:
            raise GrammarError(f"two types named {name}")
        self.decls[name] = TypeDecl(name, doc, alias_of=target)

    def struct(self, msg: MessageDef, fields: tuple[FieldDef, ...], version: int,
               path: str) -> tuple[TypeKey, ...]:
        flexible = msg.is_flexible(version)
        keys: list[TypeKey] = []
        for f in fields:
            if version not in f.versions:
                continue
            keys.append(self.key(msg, f, version, flexible, f"{path}.{f.py_name}"))
        if flexible:
            keys += _TAGGED_KEYS
        return tuple(keys)

    def key(self, msg: MessageDef, f: FieldDef, version: int, flexible: bool,
            path: str) -> TypeKey:
        nullable = f.is_nullable(version)
        if f.type.is_struct:
            struct = f.type.base
            family = struct if struct.startswith(msg.name) else msg.name + struct
            inner = self.struct(msg, msg.children(f), version, path)
            element = self.declare(family, version, f"``{struct}`` of {msg.name} "
                                   f"(as in version {version}).", inner)
        else:
            element = _SCALARS[f.type.base]
        annotation = f"list[{element}]" if f.type.is_array else element
        if nullable:
            annotation += " | None"
        required = field_default(msg, f) is None and not nullable
        about = f.about or f"{f.name}."
        return TypeKey(f.py_name, annotation, required,
                       f"{about} [{_wire_text(f, version, flexible)}]")

    def message(self, msg: MessageDef) -> None:
        what = _KIND_TEXT.get(msg.kind, msg.kind)
        key = f", API key {msg.api_key}" if msg.kind in ("request", "response") else (
            f", record type {msg.api_key}" if msg.api_key is not None else "")
        for version in msg.valid:
            name = f"{msg.name}V{version}"
            doc = f"{msg.name} version {version}: the {what} ({msg.source}{key})."
            keys = self.struct(msg, msg.fields, version, msg.name)
            shape = (msg.name, keys)
            if shape in self.by_shape:
                self.alias(name, self.by_shape[shape], doc)
            else:
                self.by_shape[shape] = name
                self.decls[name] = TypeDecl(name, doc, keys)


def _messages(registry: Registry) -> list[MessageDef]:
    return [m for m in registry if m.source != TEST_SOURCE]


@functools.cache
def body_types() -> tuple[TypeDecl, ...]:
    """Every TypedDict and alias, in declaration order (a nested type before its user)."""
    builder = _Builder()
    for msg in _messages(load_registry()):
        builder.message(msg)
    return tuple(builder.decls.values())


def version_names(msg: MessageDef) -> dict[int, str]:
    """``{version: the TypedDict that version's name resolves to}`` for one message."""
    decls = _decls()
    out = {}
    for version in msg.valid:
        decl = decls[f"{msg.name}V{version}"]
        out[version] = decl.alias_of or decl.name
    return out


def api_literals(msg: MessageDef) -> tuple[str | int, ...]:
    """What an entry point accepts as ``api`` for a request or response: the API's name, the
    message's name and the key (``"Produce"``, ``"ProduceRequest"``, ``0``)."""
    assert msg.api_key is not None
    return (msg.api_name, msg.name, msg.api_key)


# --------------------------------------------------------------------------- rendering

_STUB_HEAD: Final = '''\
"""Typed message bodies: a TypedDict per message version (generated; do not edit).

Regenerate with ``kformat grammars types``; see ``kformat.protocol.typed``.
"""

from typing import Required, TypedDict
from uuid import UUID

from kformat.spec.records_field import RecordSet
'''


def _class_lines(name: str, base: str, doc: str, keys: tuple[TypeKey, ...]) -> list[str]:
    closed = "" if name == _TAGGED_BASE else ", closed=True"  # the base is open to subclass
    lines = ["", f"class {name}({base}, total=False{closed}):", f'    """{_doc(doc)}"""']
    for k in keys:
        annotation = f"Required[{k.annotation}]" if k.required else k.annotation
        lines.append(f"    {k.name}: {annotation}")
        lines.append(f'    """{_doc(k.doc)}"""')
    return lines


def render_stub() -> str:
    """The text of ``kformat/messages/__init__.pyi``."""
    decls = body_types()
    lines = [_STUB_HEAD.rstrip("\n")]
    lines += _class_lines(_TAGGED_BASE, "TypedDict",
                          "The keys of a flexible version's tagged-field section.", _TAGGED_KEYS)
    for d in decls:
        lines.append("")
        if d.alias_of is not None:
            lines.append(f"{d.name} = {d.alias_of}")
            lines.append(f'"""{_doc(d.doc)}"""')
            continue
        tagged = d.keys[-len(_TAGGED_KEYS):] == _TAGGED_KEYS
        keys = d.keys[:-len(_TAGGED_KEYS)] if tagged else d.keys
        lines += _class_lines(d.name, _TAGGED_BASE if tagged else "TypedDict", d.doc, keys)
    return "\n".join(lines) + "\n"


_CALLS_HEAD: Final = '''\
"""The entry points typed by API and version (generated; do not edit).

``kformat`` re-exports these signatures under ``TYPE_CHECKING``; at run time its names are
the functions of ``kformat.protocol.api``. A call with a literal API (name or key) and
version takes and returns that version's TypedDict; any other call takes and returns
``dict[str, Any]`` bodies. A literal call whose body does not match is reported as a use of
a deprecated overload (mypy: ``enable_error_code = ["deprecated"]``).
Regenerate with ``kformat grammars types``.
"""

from collections.abc import Mapping
from typing import Any, Literal, overload

from typing_extensions import deprecated

from kformat import messages as m
from kformat.primitives import CompiledGrammar
from kformat.protocol.api import Request as Request
from kformat.protocol.api import Response
from kformat.protocol.api import parse_request as parse_request

_Frame = bytes | bytearray | memoryview
'''


def _lit(values: Iterator[Any] | tuple[Any, ...]) -> str:
    return "Literal[" + ", ".join(repr(v) for v in values) + "]"


def _groups(msg: MessageDef) -> dict[str, list[int]]:
    groups: dict[str, list[int]] = {}
    for version, name in version_names(msg).items():
        groups.setdefault(name, []).append(version)
    return groups


def render_calls() -> str:
    """The text of ``kformat/messages/calls.pyi``."""
    registry = load_registry()
    out = [_CALLS_HEAD]
    tail = {
        "build_request": ("correlation_id: int = ..., client_id: str | None = ..., "
                          "header_tagged: Mapping[int, bytes] | None = ..., *, "
                          "strict: bool = ...", "bytes"),
        "build_response": ("correlation_id: int = ..., "
                           "header_tagged: Mapping[int, bytes] | None = ..., *, "
                           "strict: bool = ...", "bytes"),
    }
    for func, kind in (("build_request", "request"), ("build_response", "response")):
        extra, result = tail[func]
        for msg in registry.by_kind(kind):
            api = _lit(api_literals(msg))
            for name, versions in _groups(msg).items():
                out.append(f"@overload\ndef {func}(api: {api}, version: {_lit(tuple(versions))}, "
                           f"body: m.{name}, {extra}) -> {result}: ...")
            out.append(f'@overload\n@deprecated("this body is not the TypedDict of this '
                       f'{msg.name} version (kformat.messages.{msg.name}V<n>)")\n'
                       f"def {func}(api: {api}, version: {_lit(tuple(msg.valid))}, "
                       f"body: Mapping[str, Any], {extra}) -> {result}: ...")
        out.append(f"@overload\ndef {func}(api: int | str, version: int, "
                   f"body: Mapping[str, Any], {extra}) -> {result}: ...")
        out.append("")
    for msg in registry.by_kind("response"):
        api = _lit(api_literals(msg))
        for name, versions in _groups(msg).items():
            body = f"m.{name}"
            if msg.api_key == 18 and versions != [0]:  # KIP-511: may be read as v0
                body = f"m.{name} | m.{version_names(msg)[0]}"
            out.append(f"@overload\ndef parse_response(frame: _Frame, api_key: {api}, "
                       f"api_version: {_lit(tuple(versions))}, *, strict: bool = ...) "
                       f"-> Response[{body}]: ...  # type: ignore[overload-overlap]")
    out.append("@overload\ndef parse_response(frame: _Frame, api_key: int | str, "
               "api_version: int, *, strict: bool = ...) -> Response[dict[str, Any]]: ...")
    out.append("")
    for kind, default in (("request", " = ..."), ("response", "")):
        for msg in registry.by_kind(kind):
            api = _lit(api_literals(msg))
            for name, versions in _groups(msg).items():
                out.append(f"@overload\ndef compiled_grammar(api: {api}, version: "
                           f"{_lit(tuple(versions))}, kind: Literal[{kind!r}]{default}) "
                           f"-> CompiledGrammar[m.{name}]: ...")
    out.append("@overload\ndef compiled_grammar(api: int | str, version: int, kind: str = ...) "
               "-> CompiledGrammar: ...")
    return "\n".join(out) + "\n"


_TOPICS_HEAD: Final = '''\
"""The internal-topic record calls typed by topic and record type (generated; do not edit).

``kformat.protocol.topics`` re-exports these signatures under ``TYPE_CHECKING``; at run time
its names are the functions of ``kformat.protocol.topic_records``, ``.coordinator`` and
``.kraft``. A call with a literal topic (or coordinator/metadata group), record type (number,
key or value grammar name) and version takes that record's TypedDicts, and a decode with a
literal topic returns the union of the types it can meet; any other call takes and returns
``dict[str, Any]`` bodies. A literal call whose body does not match is reported as a use of a
deprecated overload (mypy: ``enable_error_code = ["deprecated"]``).
Regenerate with ``kformat grammars types``.
"""

from typing import Any, Literal, Never, overload

from typing_extensions import deprecated

from kformat import messages as m
from kformat.protocol.topic_records import DecodedRecord
from kformat.protocol.versioned import Versioned

_Pair = tuple[bytes | None, bytes | None]
'''


def _union(names: Iterator[str] | list[str]) -> str:
    return " | ".join(f"m.{n}" for n in dict.fromkeys(names))


def _version_groups(names: dict[int, str]) -> dict[str, list[int]]:
    groups: dict[str, list[int]] = {}
    for version, name in sorted(names.items()):
        groups.setdefault(name, []).append(version)
    return groups


def _versioned_param(versions: list[int], newest: int) -> str:
    """The version parameter's type for one TypedDict's versions (None: the newest)."""
    return f"{_lit(tuple(versions))} | None = ..." if newest in versions else _lit(tuple(versions))


@dataclass(frozen=True)
class _Record:
    """One record type of an internal topic: its names, key type, value types by version."""

    literals: tuple[str | int, ...]
    title: str
    key: str | None
    values: dict[int, str]
    newest: int


def _coordinator_records(group: str) -> list[_Record]:
    from kformat.protocol.coordinator import value_schema
    from kformat.protocol.versioned import highest_version

    registry = load_registry()
    out = []
    for key in registry.by_kind("coordinator-key"):
        if key.source != f"coordinator/{group}":
            continue
        assert key.api_key is not None
        value = registry.coordinator_value(group, key.api_key)
        values = {}
        for version in range(0, 1 + max(v.valid.highest or 0 for v in registry
                                         .by_kind("coordinator-value"))):
            msg = value_schema(group, key.api_key, version)
            if version in msg.valid:
                values[version] = version_names(msg)[version]
        out.append(_Record((key.api_key, key.name, value.name), key.name.removesuffix("Key"),
                           version_names(key)[0], values, highest_version(value)))
    return out


def _metadata_records(group: str) -> list[_Record]:
    from kformat.protocol.kraft import _SOURCES
    from kformat.protocol.versioned import highest_version

    out = []
    for msg in load_registry().by_kind("metadata"):
        if msg.source == _SOURCES[group]:
            assert msg.api_key is not None
            out.append(_Record((msg.api_key, msg.name), msg.name, None, version_names(msg),
                               highest_version(msg)))
    return out


def _deprecated(title: str, names: str) -> str:
    return (f'@overload\n@deprecated("a body is not the TypedDict of this {title} record '
            f'version (kformat.messages.{names})")')


def render_topics() -> str:
    """The text of ``kformat/messages/topics.pyi``."""
    from kformat.protocol.coordinator import COORDINATOR_TOPICS
    from kformat.protocol.kraft import METADATA_TOPICS

    out = [_TOPICS_HEAD]
    coordinator = {group: (topic, _coordinator_records(group))
                   for topic, group in COORDINATOR_TOPICS.items()}
    metadata = {group: (topic, _metadata_records(group))
                for topic, group in METADATA_TOPICS.items()}
    pair = "-> _Pair: ..."
    for topic, records in coordinator.values():
        for r in records:
            head = f"def encode_record(topic: Literal[{topic!r}], record_type: {_lit(r.literals)}"
            for name, versions in _version_groups(r.values).items():
                out.append(f"@overload\n{head}, key: m.{r.key} | None = ..., value: m.{name} | "
                           f"None = ..., *, value_version: "
                           f"{_versioned_param(versions, r.newest)}) {pair}")
            out.append(f"{_deprecated(r.title, f'{r.title}KeyV<n>, {r.title}ValueV<n>')}\n{head}, "
                       f"key: Any = ..., value: Any = ..., *, value_version: int | None = ...) "
                       f"{pair}")
    for topic, records in metadata.values():
        for r in records:
            head = f"def encode_record(topic: Literal[{topic!r}], record_type: {_lit(r.literals)}"
            for name, versions in _version_groups(r.values).items():
                out.append(f"@overload\n{head}, key: None = ..., value: m.{name} = ..., *, "
                           f"value_version: {_versioned_param(versions, r.newest)}) {pair}")
            out.append(f"{_deprecated(r.title, f'{r.title}V<n>')}\n{head}, key: Any = ..., "
                       f"value: Any = ..., *, value_version: int | None = ...) {pair}")
    out.append("@overload\ndef encode_record(topic: str, record_type: int | str, key: Any = ..., "
               "value: Any = ..., *, value_version: int | None = ...) -> _Pair: ...")
    out.append("")
    for topic, records in coordinator.values():
        keys = _union(r.key for r in records if r.key)
        values = _union(n for r in records for n in r.values.values())
        out.append(f"@overload\ndef decode_record(topic: Literal[{topic!r}], key: bytes | None, "
                   f"value: bytes | None) -> DecodedRecord[{keys}, {values}]: ...  # type: ignore[overload-overlap]")
    for topic, records in metadata.values():
        values = _union(n for r in records for n in r.values.values())
        out.append(f"@overload\ndef decode_record(topic: Literal[{topic!r}], key: bytes | None, "
                   f"value: bytes | None) -> DecodedRecord[Never, {values}]: ...  # type: ignore[overload-overlap]")
    out.append("@overload\ndef decode_record(topic: str, key: bytes | None, value: bytes | None) "
               "-> DecodedRecord: ...")
    out.append("")
    for group, (topic, records) in coordinator.items():
        groups = _lit((topic, group))
        for r in records:
            head = f"def encode_coordinator_key(group: {groups}, name_or_type: {_lit(r.literals)}"
            out.append(f"@overload\n{head}, body: m.{r.key} | None = ..., *, part: str = ...) "
                       "-> bytes: ...")
            out.append(f"{_deprecated(r.title, f'{r.title}KeyV<n>')}\n{head}, body: Any = ..., *, "
                       "part: str = ...) -> bytes: ...")
    out.append("@overload\ndef encode_coordinator_key(group: str, name_or_type: int | str, "
               "body: Any = ..., *, part: str = ...) -> bytes: ...")
    out.append("")
    for group, (topic, records) in coordinator.items():
        groups = _lit((topic, group))
        for r in records:
            head = f"def encode_coordinator_value(group: {groups}, name_or_type: {_lit(r.literals)}"
            for name, versions in _version_groups(r.values).items():
                out.append(f"@overload\n{head}, body: m.{name}, version: "
                           f"{_versioned_param(versions, r.newest)}, *, part: str = ...) "
                           "-> bytes: ...")
            out.append(f"{_deprecated(r.title, f'{r.title}ValueV<n>')}\n{head}, body: Any, "
                       "version: int | None = ..., *, part: str = ...) -> bytes: ...")
    out.append("@overload\ndef encode_coordinator_value(group: str, name_or_type: int | str, "
               "body: Any, version: int | None = ..., *, part: str = ...) -> bytes: ...")
    out.append("")
    for group, (topic, records) in coordinator.items():
        keys = _union(r.key for r in records if r.key)
        out.append(f"@overload\ndef decode_coordinator_key(group: {_lit((topic, group))}, "
                   f"data: bytes, *, part: str = ...) -> Versioned[{keys}]: ...  # type: ignore[overload-overlap]")
    out.append("@overload\ndef decode_coordinator_key(group: str, data: bytes, *, "
               "part: str = ...) -> Versioned: ...")
    out.append("")
    for group, (topic, records) in coordinator.items():
        for r in records:
            out.append(f"@overload\ndef decode_coordinator_value(group: {_lit((topic, group))}, "
                       f"record_type: {_lit(r.literals[:1])}, data: bytes, *, part: str = ...) "
                       f"-> Versioned[{_union(list(r.values.values()))}]: ...  # type: ignore[overload-overlap]")
    out.append("@overload\ndef decode_coordinator_value(group: str, record_type: int, "
               "data: bytes, *, part: str = ...) -> Versioned: ...")
    out.append("")
    for group, (topic, records) in metadata.items():
        groups = _lit((group, topic)) + (" = ..." if group == "metadata" else "")
        for r in records:
            head = f"def encode_metadata_record(name_or_type: {_lit(r.literals)}"
            for name, versions in _version_groups(r.values).items():
                version = _versioned_param(versions, r.newest).removesuffix(" = ...")
                out.append(f"@overload\n{head}, version: {version}, body: m.{name}, *, "
                           f"group: {groups}, part: str = ...) -> bytes: ...")
            out.append(f"{_deprecated(r.title, f'{r.title}V<n>')}\n{head}, version: int | None, "
                       f"body: Any, *, group: {groups}, part: str = ...) -> bytes: ...")
    out.append("@overload\ndef encode_metadata_record(name_or_type: int | str, version: int | None, "
               "body: Any, *, group: str = ..., part: str = ...) -> bytes: ...")
    out.append("")
    for group, (topic, records) in metadata.items():
        groups = _lit((group, topic)) + (" = ..." if group == "metadata" else "")
        values = _union(n for r in records for n in r.values.values())
        overlap = "" if group == "metadata" else "  # type: ignore[overload-overlap]"
        out.append(f"@overload\ndef decode_metadata_record(value: bytes, *, group: {groups}, "
                   f"part: str = ...) -> Versioned[{values}]: ...{overlap}")
    out.append("@overload\ndef decode_metadata_record(value: bytes, *, group: str = ..., "
               "part: str = ...) -> Versioned: ...")
    return "\n".join(out) + "\n"


def rendered() -> dict[str, str]:
    """File name under ``kformat/messages/`` -> its generated text."""
    return {"__init__.pyi": render_stub(), "calls.pyi": render_calls(),
            "topics.pyi": render_topics()}


# --------------------------------------------------------------------------- at run time

@functools.cache
def runtime_type(name: str) -> Any:
    """The TypedDict (or alias target) ``name`` as a class at run time, for
    ``kformat.messages``; its annotations are strings naming the other types. Raises
    AttributeError for a name that is not one of the generated types."""
    decls = _decls()
    decl = decls.get(name)
    if name == _TAGGED_BASE:
        decl = TypeDecl(name, "The keys of a flexible version's tagged-field section.",
                        _TAGGED_KEYS)
    if decl is None:
        raise AttributeError(f"module 'kformat.messages' has no attribute {name!r}")
    if decl.alias_of is not None:
        return runtime_type(decl.alias_of)
    fields = {k.name: f"Required[{k.annotation}]" if k.required else k.annotation
              for k in decl.keys}
    make: Any = typing.TypedDict  # the functional form, with a name known only here
    cls = make(name, fields, total=False)
    cls.__module__ = "kformat.messages"
    cls.__doc__ = decl.doc
    return cls


@functools.cache
def _decls() -> dict[str, TypeDecl]:
    return {d.name: d for d in body_types()}


def names() -> tuple[str, ...]:
    """Every generated type name (for ``dir(kformat.messages)``)."""
    return (_TAGGED_BASE, *_decls())


# --------------------------------------------------------------------------- command


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser],
             leaf_options: Any) -> None:
    """``kformat grammars types``: add the subcommand to the ``grammars`` group."""
    cmd = sub.add_parser(
        "types", help="regenerate kformat/messages (typed bodies) from the grammars",
        description="Regenerate the TypedDict stubs of kformat.messages from the grammars.")
    cmd.add_argument("--out", type=Path, default=MESSAGES_DIR,
                     help="output folder (default: the installed kformat/messages)")
    cmd.add_argument("--check", action="store_true",
                     help="write nothing; exit 1 if --out is not up to date")
    leaf_options(cmd)
    cmd.set_defaults(run=run_types)


def run_types(args: argparse.Namespace, console: Any) -> int:
    """``kformat grammars types [--out DIR] [--check]``."""
    try:
        files = rendered()
    except GrammarError as exc:
        console.error(exc)
        return 2
    stale = [rel for rel, text in files.items()
             if not (args.out / rel).is_file()
             or (args.out / rel).read_text(encoding="utf-8") != text]
    if args.check:
        if stale:
            console.error(StaleOutputError(stale), file=str(args.out))
        return 1 if stale else 0
    for rel in stale:
        (args.out / rel).write_text(files[rel], encoding="utf-8")
    console.stdout.write(f"wrote {len(stale)} of {len(files)} files to {args.out}\n")
    return 0
