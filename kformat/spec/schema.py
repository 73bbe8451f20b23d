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
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from functools import cached_property
from types import MappingProxyType
from typing import Any, Final, NoReturn

from kformat.errors import GrammarError

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
    "validate_message",
]

MAX_VERSION: Final = 0x7FFF
"""Versions are int16 on the wire; an open-ended range (``N+``) ends here."""

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
_RANGE = re.compile(r"(\d+)(?:(\+)|-(\d+))?\Z")


# --------------------------------------------------------------------------- version sets


@dataclass(frozen=True)
class VersionSet:
    """A set of int16 versions stored as sorted, disjoint, non-adjacent inclusive ranges.

    The text form is Kafka's, extended to lists: ``none``, ``3``, ``1-5``, ``4+``, ``0-2,4+``.
    A range ending at :data:`MAX_VERSION` is open-ended and prints as ``N+``.
    """

    ranges: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        merged: list[tuple[int, int]] = []
        for lo, hi in sorted(self.ranges):
            if not 0 <= lo <= hi <= MAX_VERSION:
                raise GrammarError(f"invalid version range {lo}-{hi}")
            if merged and lo <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
            else:
                merged.append((lo, hi))
        object.__setattr__(self, "ranges", tuple(merged))

    @classmethod
    def parse(cls, text: str) -> VersionSet:
        """Parse ``none``, ``N``, ``N-M``, ``N+`` or a comma-separated list of those."""
        text = text.strip()
        if text == "none":
            return NONE
        ranges = []
        for part in text.split(","):
            m = _RANGE.match(part.strip())
            if m is None:
                raise GrammarError(f"invalid version set {text!r}")
            lo = int(m.group(1))
            hi = MAX_VERSION if m.group(2) else int(m.group(3) or lo)
            if hi < lo or hi > MAX_VERSION:
                raise GrammarError(f"invalid version set {text!r}")
            ranges.append((lo, hi))
        return cls(tuple(ranges))

    @classmethod
    def of(cls, versions: Iterable[int]) -> VersionSet:
        """The set holding exactly ``versions``."""
        return cls(tuple((v, v) for v in versions))

    def __str__(self) -> str:
        if not self.ranges:
            return "none"
        parts = []
        for lo, hi in self.ranges:
            if hi == MAX_VERSION:
                parts.append(f"{lo}+")
            elif lo == hi:
                parts.append(str(lo))
            else:
                parts.append(f"{lo}-{hi}")
        return ",".join(parts)

    def __repr__(self) -> str:
        return f"VersionSet({str(self)!r})"

    def __bool__(self) -> bool:
        return bool(self.ranges)

    def __contains__(self, version: object) -> bool:
        if not isinstance(version, int):
            return False
        return any(lo <= version <= hi for lo, hi in self.ranges)

    def __iter__(self) -> Iterator[int]:
        """Every version in the set; an open-ended set stops at :data:`MAX_VERSION`."""
        return self.upto(MAX_VERSION)

    def upto(self, maximum: int) -> Iterator[int]:
        """The versions of the set that are ``<= maximum``, ascending."""
        for lo, hi in self.ranges:
            yield from range(lo, min(hi, maximum) + 1)

    @property
    def lowest(self) -> int | None:
        return self.ranges[0][0] if self.ranges else None

    @property
    def highest(self) -> int | None:
        """The highest version, :data:`MAX_VERSION` when open-ended, None when empty."""
        return self.ranges[-1][1] if self.ranges else None

    @property
    def open_ended(self) -> bool:
        return bool(self.ranges) and self.ranges[-1][1] == MAX_VERSION

    def __or__(self, other: VersionSet) -> VersionSet:
        return VersionSet(self.ranges + other.ranges)

    def __and__(self, other: VersionSet) -> VersionSet:
        out = []
        for a_lo, a_hi in self.ranges:
            for b_lo, b_hi in other.ranges:
                lo, hi = max(a_lo, b_lo), min(a_hi, b_hi)
                if lo <= hi:
                    out.append((lo, hi))
        return VersionSet(tuple(out))

    def __sub__(self, other: VersionSet) -> VersionSet:
        out = list(self.ranges)
        for b_lo, b_hi in other.ranges:
            nxt = []
            for lo, hi in out:
                if b_hi < lo or b_lo > hi:
                    nxt.append((lo, hi))
                    continue
                if lo < b_lo:
                    nxt.append((lo, b_lo - 1))
                if hi > b_hi:
                    nxt.append((b_hi + 1, hi))
            out = nxt
        return VersionSet(tuple(out))

    def __le__(self, other: VersionSet) -> bool:
        return not (self - other)

    def issubset(self, other: VersionSet) -> bool:
        return self <= other

    def isdisjoint(self, other: VersionSet) -> bool:
        return not (self & other)


NONE: Final = VersionSet()
ALL: Final = VersionSet(((0, MAX_VERSION),))


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
    :attr:`default` for the value in effect. ``fields`` holds an inline struct's fields; a
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


# --------------------------------------------------------------------------- validation


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
