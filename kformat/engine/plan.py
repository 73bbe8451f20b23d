"""Lower a construct grammar to a *plan*: the data the native engine interprets.

A plan is a tree of tuples whose first item is an opcode (:class:`Op`); it is derived from
the grammar's blocks, never written by hand, so the grammars stay the only declarations.
Each node:

===================  ======================================================================
node                 items after the opcode
===================  ======================================================================
numbers, ``BOOL``,   none (``INT8`` .. ``INT64``, ``UINT8`` .. ``UINT32``, ``FLOAT64``,
``UUID``, varints    ``UVARINT``, ``VARINT``, ``VARLONG``)
``STRING``/``BYTES`` prefix (:class:`Prefix`), nullable
``RECORDS``          prefix, nullable, the ``RecordSet`` class
``STRUCT``           fields: ``(kind, name, plan, has_default, default)``, kind a
                     :class:`Field`, names interned strings; the most keys its dict holds
``ARRAY``            prefix, nullable, element plan, element minimum size (bytes)
``PRESENCE``         the struct's plan (INT8 -1 null, 1 present)
``TAGGED``           entries ``(tag, name, plan, default)`` in ascending tag order, whether
                     to report known fields written at their default (``_defaults_on_wire``)
``ABSENT``           default, ignorable (a field the version lacks)
``PREFIXED``         prefix, the plan of the region (consumed exactly)
``GREEDY``           element plan (elements until the region ends)
``COUNTED``          count field name (an earlier field of the struct), element plan,
                     element minimum size
``EXPECTED``         plan, the value the field must hold
``CRC``              name, checksum function, verify, the struct it covers (flattened: the
                     stored CRC under ``name``, then the struct's fields; on its own, a
                     dict of both)
``COMPRESSED``       codec field name, codec mask, magic, decompress function (``decompress_into``
                     of :mod:`kformat.records.codecs`), decompression
                     limit, plan (the rest of the region, decompressed unless the codec is
                     0), payload function (build: stored payload or new), stored-payload key
``FACTORY``          a struct's plan (named fields only), its factory: the values in field
                     order become ``factory(*values)``, or a tuple when it is ``None``
``RECORD``           a struct's plan (named fields only) that becomes a native ``Record``:
                     the type, each field's Record slot (``RECORD_FIELDS`` order), the
                     enclosing struct's base offset, base timestamp, max timestamp and
                     attributes field names, the LogAppendTime attributes flag
                     (:mod:`kformat.records.shape`)
``CHECKED``          an integer plan, mask, the values ``value & mask`` may take (empty:
                     any), the field the value must equal (a reference) or None, and on
                     build the bits that must be clear: ``(reference, ((key, bits), ...))``
                     (the bits for the key the referenced field holds) or None
``IF``               a reference, the value it is compared with, the plan when equal, the
                     plan otherwise (None: nothing on the wire, parses to None)
``WRAPPED``          prefix, value name, inner name, codec field name, codec mask, magic
                     field name, decompress function, decompression limit, inner plan,
                     compress function: a nullable blob, flattened as ``{value: bytes,
                     inner: None}``, or when the codec is not 0 also the inner plan parsed
                     from the decompressed blob (build: the given blob, else the inner
                     value built and compressed)
``RECORD_SET``       a struct's plan, the native ``Record`` type, the struct's offset and
                     message field names, the message's timestamp, key, value and
                     attributes names, references to the wrapper's magic, attributes,
                     timestamp and offset, the magic with relative offsets, the
                     LogAppendTime flag: elements until the region ends, each made a
                     ``Record`` (:class:`~kformat.records.legacy_blocks.LegacyRecordShape`;
                     the offsets' base is set once the last element is read); build:
                     native ``Record``s written by the element's steps (offsets back by
                     ``LegacyRecordShape.wire_offset``), anything else as ``GREEDY``
===================  ======================================================================

A *reference* is ``(levels, name)``: the field ``name`` of the struct ``levels`` structs out
(``this._._.name`` is two levels out; structs flattened into their parent are no level).

:func:`lower` refuses a block it does not know with :class:`PlanError`, loudly, the way
:class:`~kformat.primitives.CompiledGrammar` refuses a grammar that would fall back to the
interpreter. To add a block: give it an opcode here, a case in :func:`lower`, and a case in
the parse and build switches of ``_native.c`` (see ``docs/architecture.md``).
"""

from __future__ import annotations

import sys
from contextvars import ContextVar
from enum import IntEnum
from typing import Any

from construct import Construct

from kformat.errors import GrammarError
from kformat.primitives.base import unwrap

__all__ = ["Field", "Op", "PlanError", "Prefix", "describe", "lower", "lowers"]


class Op(IntEnum):
    INT8 = 0
    INT16 = 1
    INT32 = 2
    INT64 = 3
    UINT8 = 4
    UINT16 = 5
    UINT32 = 6
    FLOAT64 = 7
    BOOL = 8
    UUID = 9
    UVARINT = 10
    VARINT = 11
    VARLONG = 12
    STRING = 20
    BYTES = 21
    RECORDS = 22
    STRUCT = 30
    ARRAY = 31
    PRESENCE = 32
    TAGGED = 33
    ABSENT = 34
    PREFIXED = 35
    GREEDY = 36
    COUNTED = 37
    EXPECTED = 38
    CRC = 39
    COMPRESSED = 40
    FACTORY = 41
    RECORD = 42
    CHECKED = 43
    IF = 44
    WRAPPED = 45
    RECORD_SET = 46


class Prefix(IntEnum):
    INT16 = 0
    INT32 = 1
    COMPACT = 2
    VARINT = 3


class Field(IntEnum):
    NAMED = 0
    """A field of the struct's value."""
    FLATTEN = 1
    """A struct or tagged section whose fields merge into the enclosing struct."""
    HIDDEN = 2
    """A field read and discarded (``_name``): only the construct context sees it."""


PLAN_VERSION = 5
"""The plan format's version; ``_native.c`` is compiled with the same number, and an extension
built from other sources (a checkout updated without rebuilding) is not used."""

MAX_TAGGED = 64
"""Known tagged fields per section the native engine tracks (Kafka's largest has 5)."""

_PREFIXES = {"int16": int(Prefix.INT16), "int32": int(Prefix.INT32),
             "compact": int(Prefix.COMPACT), "varint": int(Prefix.VARINT)}


class PlanError(GrammarError):
    """A grammar holds a block the native engine cannot run."""


def _node(op: Op, *items: Any) -> tuple[Any, ...]:
    """A plan node: plain ints, no enum members (the C side reads the interpreter's cached
    small ints by address)."""
    return (int(op), *items)


def _intern(name: str) -> str:
    return sys.intern(name)


def defaults_on_wire() -> bool:
    """Whether the Python path reports tagged fields written at their default."""
    from kformat.primitives import tagged

    return bool(getattr(tagged, "DEFAULTS_ON_WIRE", None))


_FACTORIES: ContextVar[dict[int, Any] | None] = ContextVar("kformat_plan_factories",
                                                           default=None)


class _Scopes:
    """The structs being lowered, innermost last, for references (``this._.name``): each
    struct's level in the native engine's chain of dicts, or None for a struct that makes
    no dict there (a factory's). A struct flattened into its parent shares its level."""

    def __init__(self) -> None:
        self.levels: list[int | None] = []
        self.merge = False  # the next struct is flattened into the current one

    def take_merge(self) -> bool:
        merge, self.merge = self.merge, False
        return merge


_SCOPES: ContextVar[_Scopes | None] = ContextVar("kformat_plan_scopes", default=None)


def _scopes() -> _Scopes:
    scopes = _SCOPES.get()
    if scopes is None:
        scopes = _Scopes()
        _SCOPES.set(scopes)
    return scopes


def lower(grammar: Construct, what: str = "grammar", *,
          factories: dict[int, Any] | None = None) -> tuple[Any, ...]:
    """The plan of ``grammar``; :class:`PlanError` names the first block it cannot run.

    ``factories`` maps ``id(struct)`` to what the struct parses into (a callable given its
    values, or ``tuple``), as :class:`~kformat.primitives.CompiledGrammar` takes them.
    """
    token = _FACTORIES.set(dict(factories or {}))
    scopes = _SCOPES.set(_Scopes())
    try:
        return _lower(grammar, what)
    finally:
        _SCOPES.reset(scopes)
        _FACTORIES.reset(token)


def lowers(grammar: Construct) -> bool:
    """Whether :func:`lower` accepts ``grammar``."""
    try:
        lower(grammar)
    except PlanError:
        return False
    return True


def _lower_merged(sc: Construct, where: str, merge: bool) -> tuple[Any, ...]:
    """``sc`` lowered where a struct in it is flattened into the current one (``merge``)."""
    _scopes().merge = merge
    return _lower(sc, where)


def _lower(sc: Construct, where: str) -> tuple[Any, ...]:
    from construct import IfThenElse

    from kformat.primitives import (
        Flatten,
        KArray,
        KBytes,
        KGreedy,
        KPrefixed,
        KString,
        KStruct,
        Presence,
    )
    from kformat.primitives.scalars import FixedNumber, _Simple
    from kformat.primitives.tagged import TaggedFields

    _name, sc = unwrap(sc)
    kind = type(sc)
    merge = _scopes().take_merge()
    if isinstance(sc, FixedNumber):
        return _node(Op[sc.kind])
    if isinstance(sc, _Simple):
        return _node({"p_bool": Op.BOOL, "p_uuid": Op.UUID, "p_uvarint": Op.UVARINT,
                      "p_varint": Op.VARINT, "p_varlong": Op.VARLONG}[sc.reader])
    if kind in (KString, KBytes):
        return _node(Op.STRING if kind is KString else Op.BYTES, _PREFIXES[sc.prefix],
                     bool(sc.nullable))
    if isinstance(sc, KStruct):
        factories = _FACTORIES.get() or {}
        plan = _struct(sc, where, merge, id(sc) in factories)
        if id(sc) not in factories:
            return plan
        if any(kind != Field.NAMED for kind, *_rest in plan[1]):
            raise PlanError(f"{where}: a factory needs a struct of named fields only")
        factory = factories[id(sc)]
        record = _lower_record(plan, factory, where)
        if record is not None:
            return record
        return _node(Op.FACTORY, plan, None if factory is tuple else factory)
    if isinstance(sc, KArray) and sc.count is None and sc.prefix is not None:
        return _node(Op.ARRAY, _PREFIXES[sc.prefix], bool(sc.nullable),
                     _lower(sc.subcon, f"{where}[]"), sc.element_size)
    if isinstance(sc, KArray) and sc.prefix is None:
        return _node(Op.COUNTED, _count_field(sc.count, where), _lower(sc.subcon, f"{where}[]"),
                     sc.element_size)
    if isinstance(sc, KPrefixed):
        return _node(Op.PREFIXED, _PREFIXES[sc.prefix], _lower_merged(sc.subcon, where, merge))
    if isinstance(sc, KGreedy):
        record_set = _lower_record_set(sc, where)
        if record_set is not None:
            return record_set
        return _node(Op.GREEDY, _lower(sc.subcon, f"{where}[]"))
    if isinstance(sc, Presence):
        return _node(Op.PRESENCE, _lower(sc.subcon, where))
    if isinstance(sc, Flatten):
        return _lower_merged(sc.subcon, where, merge)
    if isinstance(sc, IfThenElse):
        return _lower_if(sc, where)
    if isinstance(sc, TaggedFields):
        if len(sc.fields) > MAX_TAGGED:
            raise PlanError(f"{where}: more than {MAX_TAGGED} tagged fields")
        entries = tuple((f.tag, _intern(f.name), _lower(f.subcon, f"{where}.{f.name}"),
                         f.default) for f in sorted(sc.fields, key=lambda f: f.tag))
        return _node(Op.TAGGED, entries, defaults_on_wire())
    lowered = _lower_hook(sc, where, merge)
    if lowered is not None:
        return lowered
    raise PlanError(f"{where}: the native engine has no plan for {sc!r} "
                    f"({kind.__module__}.{kind.__qualname__})")


def _count_field(count: Any, where: str) -> str:
    """The field name of a ``this.name`` count expression (anything else is refused)."""
    from construct.expr import Path

    if isinstance(count, Path):
        parent = getattr(count, "_Path__parent", None)
        field = getattr(count, "_Path__field", None)
        if isinstance(field, str) and isinstance(parent, Path) \
                and getattr(parent, "_Path__parent", None) is None:
            return _intern(field)
    raise PlanError(f"{where}: the native engine takes a count from an earlier field "
                    f"(this.name), not {count!r}")


def _reference(expr: Any, where: str) -> tuple[int, str]:
    """``this._..._.name`` as a reference ``(levels, name)`` to a field of a struct being
    lowered (anything else, or a struct without a dict of its own, is refused)."""
    from construct.expr import Path

    ups, node = 0, expr
    name = getattr(node, "_Path__field", None) if isinstance(node, Path) else None
    node = getattr(node, "_Path__parent", None)
    while isinstance(node, Path) and getattr(node, "_Path__field", None) == "_":
        ups, node = ups + 1, getattr(node, "_Path__parent", None)
    if not isinstance(name, str) or not isinstance(node, Path) \
            or getattr(node, "_Path__parent", None) is not None:
        raise PlanError(f"{where}: the native engine takes a field (this._.name), not {expr!r}")
    levels = _scopes().levels
    if ups >= len(levels) or any(level is None for level in levels[len(levels) - 1 - ups:]):
        raise PlanError(f"{where}: {expr!r} is not a field of a struct being read")
    here, there = levels[-1], levels[-1 - ups]
    assert here is not None and there is not None
    return here - there, _intern(name)


def _lower_if(sc: Any, where: str) -> tuple[Any, ...]:
    """``If``/``IfThenElse`` on ``this.name == value`` (or ``!=``), value an int."""
    import operator

    from construct import Pass
    from construct.expr import BinExpr

    cond = sc.condfunc
    if not (isinstance(cond, BinExpr) and cond.op in (operator.eq, operator.ne)
            and type(cond.rhs) is int):
        raise PlanError(f"{where}: the native engine takes a condition this.name == int, "
                        f"not {cond!r}")
    then, other = (None if sub is Pass else _lower(sub, where)
                   for sub in (sc.thensubcon, sc.elsesubcon))
    if cond.op is operator.ne:
        then, other = other, then
    return _node(Op.IF, _reference(cond.lhs, where), cond.rhs, then, other)


def _codec_field(codec: Any, where: str) -> tuple[str, int]:
    """``this.name & mask`` (or ``this.name``) as the field name and the mask."""
    import operator

    from construct.expr import BinExpr

    if isinstance(codec, BinExpr) and codec.op is operator.and_ and isinstance(codec.rhs, int):
        return _count_field(codec.lhs, where), codec.rhs
    return _count_field(codec, where), 0xFFFF


def _lower_hook(sc: Construct, where: str, merge: bool) -> tuple[Any, ...] | None:
    """Blocks declared above the primitives layer (protocol fields, record blocks)."""
    from kformat.records.blocks import _CRC, Compressed, CrcGuard, Expected, compressed_payload
    from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT, decompress_into
    from kformat.spec.compiler import Absent
    from kformat.spec.records_field import RecordSet, RecordsField

    if isinstance(sc, Expected):
        return _node(Op.EXPECTED, _lower(sc.subcon, where), sc.value)
    if isinstance(sc, CrcGuard):
        covered = _lower_merged(sc.subcon, where, merge)
        if covered[0] != Op.STRUCT:
            raise PlanError(f"{where}: a CRC guard covers a struct, not {sc.subcon!r}")
        return _node(Op.CRC, _intern(sc.crcname), _checksum(sc.algorithm, _CRC),
                     bool(sc.verify), covered)
    if isinstance(sc, Compressed):
        field, mask = _codec_field(sc.codec, where)
        return _node(Op.COMPRESSED, field, mask, sc.magic, decompress_into,
                     DEFAULT_DECOMPRESSION_LIMIT, _lower(sc.subcon, where), compressed_payload,
                     _intern(sc.raw_key))

    if isinstance(sc, Absent):
        return _node(Op.ABSENT, sc.default, bool(sc.ignorable))
    if isinstance(sc, RecordsField):
        return _node(Op.RECORDS, _PREFIXES[sc.prefix], bool(sc.nullable), RecordSet)
    return _lower_legacy(sc, where)


def _lower_legacy(sc: Construct, where: str) -> tuple[Any, ...] | None:
    """The magic 0/1 message blocks (:mod:`kformat.records.legacy_blocks`)."""
    from kformat.records.codecs import (
        CODEC_MASK,
        DEFAULT_DECOMPRESSION_LIMIT,
        compress,
        decompress_into,
    )
    from kformat.records.legacy_blocks import (
        MAGICS,
        UNUSED_BITS,
        VALUE_PREFIX,
        LegacyAttributes,
        LegacyMagic,
        LegacyValue,
        allowed_codecs,
    )

    if isinstance(sc, LegacyMagic):
        int8 = _node(Op.INT8)
        if sc.match is None:
            return _node(Op.CHECKED, int8, -1, MAGICS, None, None)
        return _node(Op.CHECKED, int8, -1, (), _reference(sc.match, where), None)
    if isinstance(sc, LegacyAttributes):
        return _node(Op.CHECKED, _node(Op.INT8), CODEC_MASK, allowed_codecs(sc.nested),
                     None, (_reference(sc.magic, where), tuple(UNUSED_BITS.items())))
    if isinstance(sc, LegacyValue):
        codec, mask = _codec_field(sc.codec, where)
        return _node(Op.WRAPPED, _PREFIXES[VALUE_PREFIX], _intern("value"),
                     _intern("messages"), codec, mask, _count_field(sc.magic, where),
                     decompress_into, DEFAULT_DECOMPRESSION_LIMIT, _lower(sc.subcon, where),
                     compress)
    return None


def _checksum(algorithm: str, functions: dict[str, Any]) -> Any:
    """The checksum function of a CRC node: the extension's own implementation of the
    algorithm when it has one (``_native.crc32``: computed in C, no Python call per
    message), else the records layer's."""
    native = getattr(sys.modules.get("kformat.engine._native"), algorithm, None)
    return native if callable(native) else functions[algorithm][0]


def _lower_record(plan: tuple[Any, ...], factory: Any, where: str) -> tuple[Any, ...] | None:
    """A struct whose factory is a :class:`~kformat.records.shape.RecordShape` as a
    ``RECORD`` node, when the native ``Record`` type is the records layer's (else ``None``:
    a ``FACTORY`` calls the shape)."""
    from kformat.records.shape import RecordShape

    if not isinstance(factory, RecordShape):
        return None
    native = getattr(sys.modules.get("kformat.engine._native"), "Record", None)
    if native is None or factory.record_type is not native:
        return None
    if len(factory.fields) != len(plan[1]):
        raise PlanError(f"{where}: the record shape names {len(factory.fields)} fields, the "
                        f"struct has {len(plan[1])}")
    return _node(Op.RECORD, plan, native, factory.slots,
                 tuple(_intern(name) for name in factory.batch_fields),
                 factory.log_append_time)


def _lower_record_set(sc: Any, where: str) -> tuple[Any, ...] | None:
    """A greedy array of structs whose factory is a
    :class:`~kformat.records.legacy_blocks.LegacyRecordShape` as a ``RECORD_SET`` node, when
    the native ``Record`` type is the records layer's (else ``None``: the struct lowers as
    any struct with a factory)."""
    from construct import this

    from kformat.primitives import KStruct
    from kformat.records.legacy_blocks import LegacyRecordShape

    _name, element = unwrap(sc.subcon)
    shape = (_FACTORIES.get() or {}).get(id(element))
    if not isinstance(element, KStruct) or not isinstance(shape, LegacyRecordShape):
        return None
    native = getattr(sys.modules.get("kformat.engine._native"), "Record", None)
    if native is None or shape.record_type is not native:
        return None
    names = tuple(unwrap(sub)[0] for sub in element.subcons)
    if names != shape.fields:
        raise PlanError(f"{where}: the record shape names the fields {shape.fields}, the "
                        f"struct has {names}")
    refs = tuple(_reference(expr, where) for expr in (
        getattr(this, shape.magic), getattr(this, shape.attributes),
        getattr(this, shape.timestamp), getattr(this._, shape.fields[0])))
    return _node(Op.RECORD_SET, _struct(element, f"{where}[]"), native,
                 tuple(_intern(name) for name in shape.fields),
                 tuple(_intern(name) for name in (shape.timestamp, shape.key, shape.value,
                                                  shape.attributes)),
                 refs, shape.relative_magic, shape.log_append_time)


def _struct(sc: Any, where: str, merge: bool = False, factory: bool = False
            ) -> tuple[Any, ...]:
    """A struct's plan; ``merge``: it is flattened into the enclosing struct (no level of
    its own for references), ``factory``: it makes no dict the native engine can read."""
    scopes = _scopes()
    levels = scopes.levels
    if merge and levels:
        levels.append(levels[-1])
    else:
        outer = next((level for level in reversed(levels) if level is not None), -1)
        levels.append(None if factory else outer + 1)
    try:
        return _struct_fields(sc, where)
    finally:
        levels.pop()


def _struct_fields(sc: Any, where: str) -> tuple[Any, ...]:
    fields: list[tuple[int, str | None, tuple[Any, ...], bool, Any]] = []
    for sub in sc.subcons:
        name, inner = unwrap(sub)
        label = f"{where}.{name}" if where and name else (name or where)
        flatten = bool(getattr(inner, "flatten", False))
        plan = _lower_merged(inner, label, flatten)
        if flatten:
            if plan[0] not in (Op.STRUCT, Op.TAGGED, Op.CRC, Op.WRAPPED) and not (
                    plan[0] == Op.PREFIXED and plan[2][0] == Op.STRUCT):
                raise PlanError(f"{label}: only a struct, a tagged section, a wrapped blob "
                                f"or a prefixed struct can be flattened")
            fields.append((int(Field.FLATTEN), None, plan, False, None))
        elif not name:
            raise PlanError(f"{where}: an unnamed field {inner!r}")
        elif name.startswith("_"):
            fields.append((int(Field.HIDDEN), _intern(name), plan, False, None))
        else:
            # a block taking None on build (flagbuildnone) builds a missing key as None
            has_default = name in sc.defaults or bool(getattr(sub, "flagbuildnone", False))
            fields.append((int(Field.NAMED), _intern(name), plan, bool(has_default),
                           sc.defaults.get(name)))
    return _node(Op.STRUCT, tuple(fields), _key_count(fields))


def _key_count(fields: list[tuple[Any, ...]]) -> int:
    """How many keys the struct's dict holds at most (to size it once)."""
    count = 0
    for kind, _name, plan, _has_default, _default in fields:
        if kind == Field.NAMED:
            count += 1
        elif kind == Field.FLATTEN and plan[0] == Op.PREFIXED:
            count += _key_count(plan[2][1])
        elif kind == Field.FLATTEN and plan[0] == Op.CRC:
            count += 1 + _key_count(plan[4][1])
        elif kind == Field.FLATTEN and plan[0] == Op.WRAPPED:
            count += 2
        elif kind == Field.FLATTEN:
            count += _key_count(plan[1]) if plan[0] == Op.STRUCT else len(plan[1]) + 2
    return count


def _ref(reference: tuple[int, str]) -> str:
    levels, name = reference
    return "this." + "_." * levels + name


def describe(plan: tuple[Any, ...], depth: int = 0) -> str:
    """A readable, stable rendering of a plan (golden tests, ``kformat`` debugging)."""
    pad = "  " * depth
    op = Op(plan[0])
    if op is Op.STRUCT:
        lines = [f"{pad}STRUCT"]
        for kind, name, sub, has_default, default in plan[1]:
            label = {Field.NAMED: name, Field.HIDDEN: f"{name} (hidden)",
                     Field.FLATTEN: "(flatten)"}[Field(kind)]
            extra = f" = {default!r}" if has_default and Op(sub[0]) is not Op.ABSENT else ""
            lines.append(f"{pad}  {label}{extra}:")
            lines.append(describe(sub, depth + 2))
        return "\n".join(lines)
    if op is Op.TAGGED:
        lines = [f"{pad}TAGGED" + (" (defaults on wire)" if plan[2] else "")]
        for tag, name, sub, default in plan[1]:
            lines.append(f"{pad}  {tag} {name} = {default!r}:")
            lines.append(describe(sub, depth + 2))
        return "\n".join(lines)
    if op is Op.ARRAY:
        null = " nullable" if plan[2] else ""
        return (f"{pad}ARRAY {Prefix(plan[1]).name}{null} min={plan[4]}\n"
                + describe(plan[3], depth + 1))
    if op is Op.PRESENCE:
        return f"{pad}PRESENCE\n" + describe(plan[1], depth + 1)
    if op in (Op.STRING, Op.BYTES, Op.RECORDS):
        null = " nullable" if plan[2] else ""
        return f"{pad}{op.name} {Prefix(plan[1]).name}{null}"
    if op is Op.PREFIXED:
        return f"{pad}PREFIXED {Prefix(plan[1]).name}\n" + describe(plan[2], depth + 1)
    if op is Op.GREEDY:
        return f"{pad}GREEDY\n" + describe(plan[1], depth + 1)
    if op is Op.COUNTED:
        return f"{pad}COUNTED this.{plan[1]} min={plan[3]}\n" + describe(plan[2], depth + 1)
    if op is Op.FACTORY:
        name = "tuple" if plan[2] is None else getattr(plan[2], "__name__", repr(plan[2]))
        return f"{pad}FACTORY {name}\n" + describe(plan[1], depth + 1)
    if op is Op.RECORD:
        return (f"{pad}RECORD slots={plan[3]} bases={plan[4]} log_append_time={plan[5]:#x}\n"
                + describe(plan[1], depth + 1))
    if op is Op.RECORD_SET:
        return (f"{pad}RECORD_SET fields={plan[3]} from={plan[4]} wrapper={plan[5]} "
                f"relative_magic={plan[6]} log_append_time={plan[7]:#x}\n"
                + describe(plan[1], depth + 1))
    if op is Op.CRC:
        check = "" if plan[3] else " (not verified)"
        return f"{pad}CRC {plan[1]} {plan[2].__name__}{check}\n" + describe(plan[4], depth + 1)
    if op is Op.COMPRESSED:
        return (f"{pad}COMPRESSED codec=this.{plan[1]} & {plan[2]:#x} magic={plan[3]}\n"
                + describe(plan[6], depth + 1))
    if op is Op.CHECKED:
        parts = [f"{pad}CHECKED"]
        if plan[3]:
            parts.append(f"& {plan[2]:#x} in {plan[3]}" if plan[2] != -1 else f"in {plan[3]}")
        if plan[4] is not None:
            parts.append(f"== {_ref(plan[4])}")
        if plan[5] is not None:
            parts.append(f"build clear by {_ref(plan[5][0])} {dict(plan[5][1])}")
        return " ".join(parts) + "\n" + describe(plan[1], depth + 1)
    if op is Op.IF:
        lines = [f"{pad}IF {_ref(plan[1])} == {plan[2]!r}"]
        for label, sub in (("then", plan[3]), ("else", plan[4])):
            lines.append(f"{pad}  {label}:" + ("" if sub is not None else " PASS"))
            if sub is not None:
                lines.append(describe(sub, depth + 2))
        return "\n".join(lines)
    if op is Op.WRAPPED:
        return (f"{pad}WRAPPED {Prefix(plan[1]).name} {plan[2]}, {plan[3]} "
                f"codec=this.{plan[4]} & {plan[5]:#x} magic=this.{plan[6]}\n"
                + describe(plan[9], depth + 1))
    if op is Op.EXPECTED:
        return f"{pad}EXPECTED {plan[2]!r}\n" + describe(plan[1], depth + 1)
    if op is Op.ABSENT:
        return f"{pad}ABSENT {plan[1]!r}" + (" ignorable" if plan[2] else "")
    return f"{pad}{op.name}"
