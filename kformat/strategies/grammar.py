"""Strategies derived by walking a construct grammar, never written per message.

:func:`from_grammar` visits the block tree of any kformat grammar (``KStruct``, ``KArray``,
``KString``, ``KBytes``, ``Presence``, ``TaggedFields``, ``Absent``, ``RecordsField``, the
scalars...) with one handler per block class (:data:`HANDLERS`) and returns a strategy of
values that the same grammar builds, and that parse back equal:

* a struct gives a dict holding every field (a version's absent fields at their default,
  since that is what parsing returns); an array whose count lives in an earlier field
  (``count=this.record_count``) sets that field to the list's length;
* a flexible struct's tagged fields take any value (one equal to the default is omitted on
  the wire and parses back as the default); with ``unknown_tags=True`` a struct may also
  carry ``_unknown_tags``, raw entries under tags the struct does not know;
* ``overrides`` replaces the strategy at a path (``"records[].attributes"``, array elements
  as ``[]``) for fields whose valid values the grammar alone does not say.

:func:`message_bodies` and :func:`record_schema_values` apply it to the protocol registry:
every API, version and kind, and every internal-topic record schema. Arguments are checked
when the strategy is created: an unknown API, kind or version raises
:class:`~kformat.errors.UnsupportedVersionError` (or :class:`ValueError` for a bad kind)
right away, not when hypothesis first draws.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from construct import Construct
from construct.expr import Path
from hypothesis import strategies as st

from kformat.errors import GrammarError, UnsupportedVersionError
from kformat.primitives import KArray, KBytes, KGreedy, KPrefixed, KString, KStruct, Presence
from kformat.primitives import runtime as rt
from kformat.primitives.base import unwrap
from kformat.primitives.scalars import (
    BooleanType,
    FixedNumber,
    UnsignedVarIntType,
    UuidType,
    VarIntType,
    VarLongType,
)
from kformat.primitives.tagged import UNKNOWN_TAGS, TaggedFields
from kformat.spec.compiler import Absent, body_grammar
from kformat.spec.records_field import RecordsField
from kformat.spec.schema import MessageDef
from kformat.strategies import primitives as p

if TYPE_CHECKING:
    from kformat.spec.registry import Registry

__all__ = [
    "HANDLERS",
    "RECORD_KINDS",
    "Walk",
    "check_version",
    "from_grammar",
    "message_bodies",
    "message_def",
    "record_schema_def",
    "record_schema_values",
    "strategy_path",
    "unknown_tag_numbers",
]

RECORD_KINDS = ("metadata", "coordinator-key", "coordinator-value", "data", "header")
"""Registry kinds :func:`record_schema_values` accepts (every kind but request/response)."""

_BODY_KINDS = ("request", "response")


@dataclass(frozen=True)
class Walk:
    """Options of one grammar walk, handed to every handler."""

    unknown_tags: bool = False
    max_items: int = 3
    max_size: int = p.DEFAULT_MAX_SIZE
    overrides: Mapping[str, st.SearchStrategy[Any]] = field(default_factory=dict)
    records: st.SearchStrategy[Any] | None = None

    def visit(self, block: Construct, path: str) -> st.SearchStrategy[Any]:
        if path in self.overrides:
            return self.overrides[path]
        for cls in type(block).__mro__:
            handler = HANDLERS.get(cls)
            if handler is not None:
                return handler(block, path, self)
        raise GrammarError(f"no strategy for block {block!r} (add a handler to "
                           f"kformat.strategies.grammar.HANDLERS)", path=path)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


# --------------------------------------------------------------------------- leaf handlers


def _fixed(block: FixedNumber, path: str, walk: Walk) -> st.SearchStrategy[Any]:
    if block.kind == "FLOAT64":
        return p.float64()
    return p.integers_of(block.kind.lower())


def _string(block: KString, path: str, walk: Walk) -> st.SearchStrategy[Any]:
    return p.string_values(nullable=block.nullable, max_size=walk.max_size)


def _bytes(block: KBytes, path: str, walk: Walk) -> st.SearchStrategy[Any]:
    return p.bytes_values(nullable=block.nullable, max_size=walk.max_size)


def _records(block: RecordsField, path: str, walk: Walk) -> st.SearchStrategy[Any]:
    if walk.records is not None:
        sets = walk.records
    else:
        from kformat.strategies.records import record_sets

        sets = record_sets()
    return st.one_of(st.none(), sets) if block.nullable else sets


def _absent(block: Absent, path: str, walk: Walk) -> st.SearchStrategy[Any]:
    default = block.default
    return st.builds(copy.deepcopy, st.just(default))


# --------------------------------------------------------------------------- containers


def count_field(block: Construct) -> str | None:
    """The sibling field a ``KArray(count=this.name)`` takes its count from, if any."""
    if not isinstance(block, KArray) or block.prefix is not None:
        return None
    expr = block.count
    if isinstance(expr, Path):
        state = vars(expr)
        parent = state.get("_Path__parent")
        if parent is not None and vars(parent).get("_Path__parent") is None:
            name: str | None = state.get("_Path__field")
            return name
    return None


def _merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in parts:
        out.update(part)
    return out


def _set_counts(value: dict[str, Any], links: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    for array, counter in links:
        value[counter] = len(value[array])
    return value


def _struct(block: KStruct, path: str, walk: Walk) -> st.SearchStrategy[Any]:
    named: dict[str, st.SearchStrategy[Any]] = {}
    flattened: list[st.SearchStrategy[Any]] = []
    links: list[tuple[str, str]] = []
    for sc in block.subcons:
        name, inner = unwrap(sc)
        if getattr(sc, "flatten", False) or getattr(inner, "flatten", False):
            flattened.append(walk.visit(inner, path))
            continue
        if not name or name.startswith("_"):
            raise GrammarError(f"no strategy for the context-only field {name!r} of {block!r}",
                               path=path)
        counter = count_field(inner)
        if counter is not None:
            links.append((name, counter))
        named[name] = walk.visit(inner, _join(path, name))
    for _array, counter in links:
        named.pop(counter, None)  # set from the array's length instead
    strategy = st.fixed_dictionaries(named)
    if flattened:
        strategy = st.tuples(strategy, *flattened).map(lambda parts: _merge(list(parts)))
    if links:
        strategy = strategy.map(functools.partial(_set_counts, links=tuple(links)))
    return strategy


def _array(block: KArray, path: str, walk: Walk) -> st.SearchStrategy[Any]:
    items = st.lists(walk.visit(block.subcon, f"{path}[]"), max_size=walk.max_items)
    if block.nullable and block.prefix is not None:
        return st.one_of(st.none(), items)
    return items


def _greedy(block: KGreedy, path: str, walk: Walk) -> st.SearchStrategy[Any]:
    return st.lists(walk.visit(block.subcon, f"{path}[]"), max_size=walk.max_items)


def _presence(block: Presence, path: str, walk: Walk) -> st.SearchStrategy[Any]:
    return st.one_of(st.none(), walk.visit(block.subcon, path))


def _inner(block: Any, path: str, walk: Walk) -> st.SearchStrategy[Any]:
    return walk.visit(block.subcon, path)


def unknown_tag_numbers(known: frozenset[int] | set[int]) -> st.SearchStrategy[int]:
    """Tag numbers outside ``known`` (by construction: no filtering), small ones first."""
    taken = sorted(known)
    top = rt.U32_MAX - len(taken)

    def skip(n: int) -> int:
        for k in taken:
            if n >= k:
                n += 1
        return n

    return st.one_of(st.integers(0, 15), st.integers(0, top)).map(skip)


def _tagged(block: TaggedFields, path: str, walk: Walk) -> st.SearchStrategy[Any]:
    fields = {f.name: walk.visit(f.subcon, _join(path, f.name)) for f in block.fields}
    strategy = st.fixed_dictionaries(fields)
    if not walk.unknown_tags:
        return strategy
    unknown = st.dictionaries(unknown_tag_numbers(frozenset(f.tag for f in block.fields)),
                              st.binary(max_size=walk.max_size), min_size=1, max_size=2)
    return st.tuples(strategy, st.one_of(st.none(), unknown)).map(_with_unknown)


def _with_unknown(parts: tuple[dict[str, Any], dict[int, bytes] | None]) -> dict[str, Any]:
    value, unknown = parts
    if unknown:
        value = {**value, UNKNOWN_TAGS: unknown}
    return value


def _expected(block: Any, path: str, walk: Walk) -> st.SearchStrategy[Any]:
    return st.just(block.value)


def _crc_guard(block: Any, path: str, walk: Walk) -> st.SearchStrategy[Any]:
    # The stored CRC is computed on build and only reported on parse: no value to draw.
    return walk.visit(block.subcon, path)


Handler = Callable[[Any, str, Walk], st.SearchStrategy[Any]]

HANDLERS: dict[type, Handler] = {
    FixedNumber: _fixed,
    BooleanType: lambda b, path, w: p.booleans(),
    UuidType: lambda b, path, w: p.uuids(),
    VarIntType: lambda b, path, w: p.varint(),
    VarLongType: lambda b, path, w: p.varlong(),
    UnsignedVarIntType: lambda b, path, w: p.unsigned_varint(),
    KString: _string,
    KBytes: _bytes,
    RecordsField: _records,
    Absent: _absent,
    KStruct: _struct,
    KArray: _array,
    KGreedy: _greedy,
    Presence: _presence,
    KPrefixed: _inner,
    TaggedFields: _tagged,
}
"""Block class -> handler ``(block, path, walk) -> strategy``; the walk follows the MRO."""


def _register_record_blocks() -> None:
    from kformat.records import blocks

    HANDLERS.setdefault(blocks.Expected, _expected)
    HANDLERS.setdefault(blocks.CrcGuard, _crc_guard)
    HANDLERS.setdefault(blocks.Compressed, _inner)


_register_record_blocks()


def from_grammar(grammar: Construct, *, unknown_tags: bool = False, max_items: int = 3,
                 max_size: int = p.DEFAULT_MAX_SIZE,
                 overrides: Mapping[str, st.SearchStrategy[Any]] | None = None,
                 records: st.SearchStrategy[Any] | None = None) -> st.SearchStrategy[Any]:
    """A strategy of values ``grammar`` builds and parses back equal, derived by walking it.

    ``overrides`` maps dotted paths (array elements as ``[]``) to strategies; ``records``
    is the strategy for ``records`` fields (default:
    :func:`kformat.strategies.records.record_sets`). The walk happens now, so a grammar
    with a block no handler knows raises :class:`~kformat.errors.GrammarError` at once.
    """
    if max_items < 0 or max_size < 0:
        raise ValueError("max_items and max_size must be >= 0")
    walk = Walk(unknown_tags=unknown_tags, max_items=max_items, max_size=max_size,
                overrides=dict(overrides or {}), records=records)
    return walk.visit(grammar, "")


# --------------------------------------------------------------------------- the registry


def _registry() -> Registry:
    from kformat.spec.registry import load_registry

    return load_registry()


def message_def(api: int | str, kind: str = "request") -> MessageDef:
    """The request or response grammar model of an API key or name (eagerly checked)."""
    if kind not in _BODY_KINDS:
        raise ValueError(f"kind must be one of {_BODY_KINDS}, got {kind!r}")
    if isinstance(api, bool) or not isinstance(api, int | str):
        raise ValueError(f"api must be an API key (int) or name (str), got {api!r}")
    registry = _registry()
    return registry.request(api) if kind == "request" else registry.response(api)


def check_version(msg: MessageDef, version: int) -> int:
    """``version`` if ``msg`` has it, else :class:`UnsupportedVersionError` (eagerly)."""
    if isinstance(version, bool) or not isinstance(version, int):
        raise ValueError(f"version must be an int, got {version!r}")
    if version not in msg.valid:
        raise UnsupportedVersionError(f"{msg.name} has no version {version} (valid: {msg.valid})",
                                      expected=str(msg.valid), actual=version)
    return version


def _body_strategy(msg: MessageDef, version: int, unknown_tags: bool, max_items: int,
                   max_size: int) -> st.SearchStrategy[Any]:
    return _cached_body(msg.name, version, unknown_tags, max_items, max_size)


@functools.lru_cache(maxsize=4096)
def _cached_body(name: str, version: int, unknown_tags: bool, max_items: int,
                 max_size: int) -> st.SearchStrategy[Any]:
    return from_grammar(body_grammar(_registry().message(name), version),
                        unknown_tags=unknown_tags, max_items=max_items, max_size=max_size)


def message_bodies(api: int | str, version: int, kind: str = "request", *,
                   unknown_tags: bool = False, max_items: int = 3,
                   max_size: int = p.DEFAULT_MAX_SIZE) -> st.SearchStrategy[dict[str, Any]]:
    """Bodies of an API's request or response at ``version``, as the parser returns them.

    ``api`` is a key (``0``) or a name (``"Produce"``). Raises
    :class:`~kformat.errors.UnsupportedVersionError` now for an unknown API or version.
    """
    msg = message_def(api, kind)
    return _body_strategy(msg, check_version(msg, version), unknown_tags, max_items, max_size)


def record_schema_def(kind: str, name_or_type: int | str, *, group: str | None = None) -> MessageDef:
    """The grammar model of an internal-topic record schema (or any non-API grammar).

    ``name_or_type`` is a spec name (``"PartitionRecord"``) or, for ``metadata`` and the
    coordinator kinds, a record type looked up in ``group``: ``metadata`` (default) or
    ``remote-log``; ``group`` (default), ``share`` or ``transaction`` (see
    :func:`kformat.protocol.versioned.schema_for`).
    """
    if kind not in RECORD_KINDS:
        raise ValueError(f"kind must be one of {RECORD_KINDS}, got {kind!r}")
    if kind != "header":
        from kformat.protocol.versioned import schema_for

        return schema_for(kind, name_or_type, group=group)
    if not isinstance(name_or_type, str):
        raise ValueError(f"header grammars are looked up by name, got {name_or_type!r}")
    msg = _registry().message(name_or_type)
    if msg.kind != kind:
        raise UnsupportedVersionError(f"{name_or_type} is a {msg.kind} grammar, not {kind}",
                                      expected=kind, actual=msg.kind)
    return msg


def record_schema_values(kind: str, name_or_type: int | str, version: int, *,
                         group: str | None = None, unknown_tags: bool = False,
                         max_items: int = 3,
                         max_size: int = p.DEFAULT_MAX_SIZE) -> st.SearchStrategy[dict[str, Any]]:
    """Values of an internal-topic record schema (``__cluster_metadata``, ``__consumer_offsets``,
    ``__transaction_state``, ``__share_group_state``, ``__remote_log_metadata``...) at
    ``version``; checked now like :func:`message_bodies`.
    """
    msg = record_schema_def(kind, name_or_type, group=group)
    return _body_strategy(msg, check_version(msg, version), unknown_tags, max_items, max_size)


_PATH_PART = re.compile(r"\[\d+\]")


def strategy_path(field_path: str) -> str:
    """The override key of a concrete field path: ``records[3].key`` -> ``records[].key``."""
    return _PATH_PART.sub("[]", field_path)
