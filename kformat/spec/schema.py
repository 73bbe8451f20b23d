"""The grammar model: version sets, field types, fields, structs and messages.

Every object here is immutable. A :class:`MessageDef` describes one message spec across all
its versions, the way Kafka's JSON specs do: each field carries the set of versions it is
present in, nullable in and tagged in. :func:`validate_message` checks the invariants Kafka's
message generator enforces, plus a few of kformat's own, and raises
:class:`~kformat.errors.GrammarError` naming the file, line and field.
"""

from __future__ import annotations

import keyword
import re
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from functools import cached_property
from types import MappingProxyType
from typing import Any, Final

from kformat.errors import GrammarError
from kformat.spec.versions import ALL, MAX_VERSION, NONE, VersionSet

__all__ = [
    "ALL",
    "EMPTY_STRUCT",
    "INT_RANGES",
    "KINDS",
    "MAX_VERSION",
    "NONE",
    "NO_DEFAULT",
    "PRIMITIVES",
    "FieldDef",
    "MessageDef",
    "StructDef",
    "TypeRef",
    "VersionSet",
    "implicit_default",
    "snake_case",
]


KINDS: Final = (
    "request",
    "response",
    "header",
    "data",
    "metadata",
    "coordinator-key",
    "coordinator-value",
)
KEYED_KINDS: Final = frozenset(
    {"request", "response", "metadata", "coordinator-key", "coordinator-value"}
)

INT_RANGES: Final[Mapping[str, tuple[int, int]]] = MappingProxyType(
    {
        "int8": (-(2**7), 2**7 - 1),
        "int16": (-(2**15), 2**15 - 1),
        "uint16": (0, 2**16 - 1),
        "int32": (-(2**31), 2**31 - 1),
        "uint32": (0, 2**32 - 1),
        "int64": (-(2**63), 2**63 - 1),
    }
)
PRIMITIVES: Final = frozenset(
    {*INT_RANGES, "bool", "float64", "string", "bytes", "uuid", "records"}
)
_NULLABLE_PRIMITIVES: Final = frozenset({"string", "bytes", "records"})
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]*\Z")
_STRUCT_NAME = re.compile(r"[A-Z][A-Za-z0-9]*\Z")


# --------------------------------------------------------------------------- types and names


@dataclass(frozen=True)
class TypeRef:
    """A field type: a primitive or struct name, possibly as an array element (``[]T``)."""

    base: str
    is_array: bool = False

    @classmethod
    def parse(cls, text: str) -> TypeRef:
        """Parse ``int32``, ``Name``, ``[]T`` or ``[T]``."""
        is_array = False
        if text.startswith("[]"):
            is_array, text = True, text[2:]
        elif text.startswith("[") and text.endswith("]"):
            is_array, text = True, text[1:-1]
        if text not in PRIMITIVES and not _STRUCT_NAME.match(text):
            raise GrammarError(f"unknown type {text!r}")
        return cls(text, is_array)

    @property
    def is_struct(self) -> bool:
        """True for a struct or an array of structs."""
        return self.base not in PRIMITIVES

    @property
    def struct_name(self) -> str | None:
        return self.base if self.is_struct else None

    @property
    def can_be_nullable(self) -> bool:
        return self.is_array or self.is_struct or self.base in _NULLABLE_PRIMITIVES

    def __str__(self) -> str:
        return f"[]{self.base}" if self.is_array else self.base


class _Marker:
    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return self._name

    def __reduce__(self) -> str:
        return self._name


EMPTY_STRUCT: Final = _Marker("EMPTY_STRUCT")
"""Implicit default of a struct field: the struct with every field at its default."""
NO_DEFAULT: Final = _Marker("NO_DEFAULT")
"""Marks a field without an explicit default."""

_IMPLICIT: Final[Mapping[str, Any]] = MappingProxyType(
    {
        **dict.fromkeys(INT_RANGES, 0),
        "float64": 0.0,
        "bool": False,
        "string": "",
        "bytes": b"",
        "uuid": uuid.UUID(int=0),
        "records": None,
    }
)


def implicit_default(type_: TypeRef) -> Any:
    """The default a field takes when its spec gives none (arrays: an empty tuple)."""
    if type_.is_array:
        return ()
    if type_.is_struct:
        return EMPTY_STRUCT
    return _IMPLICIT[type_.base]


_ACRONYM = re.compile(r"([A-Z]+)([A-Z][a-z])")
_HUMP = re.compile(r"([a-z0-9])([A-Z])")
_WORDS: Final = (("KRaft", "Kraft"), ("2Pc", "_2pc"))


def snake_case(name: str) -> str:
    """Python attribute name for a spec field name.

    ``PartitionIndex`` -> ``partition_index``, ``clientId`` -> ``client_id``,
    ``ISRNodes`` -> ``isr_nodes``, ``KRaftVersion`` -> ``kraft_version``, ``Enable2Pc`` ->
    ``enable_2pc``. Python keywords
    get a trailing underscore.
    """
    text = name
    for word, spelled in _WORDS:
        text = text.replace(word, spelled)
    text = _HUMP.sub(r"\1_\2", _ACRONYM.sub(r"\1_\2", text)).lower()
    return text + "_" if keyword.iskeyword(text) else text


# --------------------------------------------------------------------------- fields, structs, messages


@dataclass(frozen=True)
class FieldDef:
    """One field of a message or struct, across all versions.

    ``explicit_default`` is :data:`NO_DEFAULT` unless the grammar gives a default; read
    :attr:`default` for the value in effect. ``about`` is documentation only: it takes no
    part in comparisons. ``fields`` holds an inline struct's fields; a
    struct-typed field without them refers to a common struct of the message.
    """

    name: str
    type: TypeRef
    versions: VersionSet
    nullable: VersionSet = NONE
    tag: int | None = None
    tagged: VersionSet = NONE
    explicit_default: Any = NO_DEFAULT
    ignorable: bool = False
    flexible_override: VersionSet | None = None
    fields: tuple[FieldDef, ...] = ()
    map_key: bool = False
    zero_copy: bool = False
    entity_type: str | None = None
    line: int = field(default=0, compare=False)
    about: str = field(default="", compare=False)
    """The spec's documentation of the field (its ``about`` text); not a wire fact."""

    @property
    def py_name(self) -> str:
        return snake_case(self.name)

    @property
    def has_default(self) -> bool:
        return self.explicit_default is not NO_DEFAULT

    @property
    def default(self) -> Any:
        """The explicit default if any, else the type's implicit default."""
        if self.explicit_default is NO_DEFAULT:
            return implicit_default(self.type)
        return self.explicit_default

    def present(self, version: int) -> bool:
        return version in self.versions

    def is_nullable(self, version: int) -> bool:
        return version in self.nullable

    def is_tagged(self, version: int) -> bool:
        return version in self.tagged

    def is_flexible(self, version: int, message_flexible: VersionSet) -> bool:
        """Whether the field uses the compact encoding at ``version``."""
        flexible = (
            self.flexible_override if self.flexible_override is not None else message_flexible
        )
        return version in flexible

    def fields_for(self, version: int) -> tuple[FieldDef, ...]:
        """The inline struct's fields present at ``version``."""
        return tuple(f for f in self.fields if version in f.versions)


@dataclass(frozen=True)
class StructDef:
    """A named struct: a message's common struct, or the element type of an inline struct field."""

    name: str
    versions: VersionSet
    fields: tuple[FieldDef, ...]
    line: int = field(default=0, compare=False)

    def fields_for(self, version: int) -> tuple[FieldDef, ...]:
        return tuple(f for f in self.fields if version in f.versions)


@dataclass(frozen=True)
class MessageDef:
    """One message spec (request, response, header, record...) across all its versions.

    ``api_key`` is the API key of a request or response, the record type of a metadata or
    coordinator record, and None otherwise. ``source`` is the spec group the message came from
    (``message``, ``metadata``, ``coordinator/group``...). ``aliases`` are former spec names.
    """

    name: str
    kind: str
    valid: VersionSet
    flexible: VersionSet = NONE
    fields: tuple[FieldDef, ...] = ()
    api_key: int | None = None
    unstable: VersionSet = NONE
    listeners: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    source: str = "message"
    common_structs: Mapping[str, StructDef] = field(default_factory=dict, hash=False)
    path: str | None = field(default=None, compare=False)
    line: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.common_structs, MappingProxyType):
            object.__setattr__(self, "common_structs", MappingProxyType(dict(self.common_structs)))

    def __reduce__(self) -> tuple[Any, ...]:  # mappingproxy does not pickle; rebuild instead
        args = {f.name: getattr(self, f.name) for f in dataclass_fields(self)}
        args["common_structs"] = dict(self.common_structs)
        return (_rebuild_message, (args,))

    @property
    def api_name(self) -> str:
        """The API name of a request or response (``MetadataRequest`` -> ``Metadata``)."""
        for suffix in ("Request", "Response"):
            if self.kind == suffix.lower() and self.name.endswith(suffix):
                return self.name[: -len(suffix)]
        return self.name

    @property
    def stable(self) -> VersionSet:
        return self.valid - self.unstable

    def is_flexible(self, version: int) -> bool:
        return version in self.flexible

    def fields_for(self, version: int) -> tuple[FieldDef, ...]:
        """Top-level fields present at ``version``, in wire order."""
        return tuple(f for f in self.fields if version in f.versions)

    @cached_property
    def structs(self) -> Mapping[str, StructDef]:
        """Every struct of the message by name: inline ones and common ones."""
        found: dict[str, StructDef] = {}

        def visit(fields: tuple[FieldDef, ...]) -> None:
            for f in fields:
                if f.fields:
                    found.setdefault(
                        f.type.base, StructDef(f.type.base, f.versions, f.fields, f.line)
                    )
                    visit(f.fields)

        visit(self.fields)
        for struct in self.common_structs.values():
            found.setdefault(struct.name, struct)
            visit(struct.fields)
        return MappingProxyType(found)

    def struct(self, name: str) -> StructDef:
        """Look up a struct by name, resolving common structs."""
        try:
            return self.structs[name]
        except KeyError:
            raise GrammarError(f"{self.name} has no struct {name!r}", path=self.path) from None

    def children(self, field_: FieldDef) -> tuple[FieldDef, ...]:
        """The fields of a struct-typed field, inline or from a common struct."""
        if field_.fields or not field_.type.is_struct:
            return field_.fields
        return self.struct(field_.type.base).fields


def _rebuild_message(args: dict[str, Any]) -> MessageDef:
    return MessageDef(**args)


def __getattr__(name: str) -> Any:
    # validate_message lives in kformat.spec.validation (which imports this module)
    if name == "validate_message":
        from kformat.spec.validation import validate_message

        return validate_message
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
