"""The JSON form of a parsed body as a person reads it: the version's own fields, records inline.

A parsed body holds every field of every version (a field the version lacks reads as its
default, so bodies of all versions look alike to code). Shown to a person that is noise:
:func:`body_json` walks the body together with its grammar and keeps only the fields the
version has (``all_fields=False``), and with ``records=True`` shows each ``records`` field as
its decoded batches, each with its records (offset, timestamp, key, value, headers). A batch
cut short (the partial batch a Fetch response may end with) keeps the shape of a batch, its
fields null where the bytes are missing, plus a ``truncated`` member.

Leaves use the reversible mapping of :mod:`kformat.jsonable`; a ``records`` field keeps its
``"$records"`` raw bytes, so the output still converts back with ``from_jsonable``.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Callable
from typing import Any

from construct import Construct

from kformat.errors import KFormatError
from kformat.jsonable import to_jsonable
from kformat.primitives import (
    DEFAULTS_ON_WIRE,
    UNKNOWN_TAGS,
    KArray,
    KStruct,
    Presence,
    TaggedFields,
)
from kformat.primitives.base import unwrap
from kformat.spec.records_field import RecordSet, RecordsField

__all__ = ["body_json", "records_json"]


def body_json(grammar: Construct, value: Any, *, all_fields: bool = False,
              records: bool = False) -> Any:
    """The JSON form of ``value`` parsed with ``grammar`` (see the module doc)."""
    return _converter(grammar, all_fields, records)(value)


Convert = Callable[[Any], Any]

_CONVERTERS: weakref.WeakKeyDictionary[Construct, dict[tuple[bool, bool], Convert]] = \
    weakref.WeakKeyDictionary()
"""grammar -> (all_fields, records) -> its converter: the walk over the grammar is done once
per grammar, so a body costs one call per value (linear, a few dict lookups per field)."""


def _converter(grammar: Construct, all_fields: bool, records: bool) -> Convert:
    kept = _CONVERTERS.setdefault(grammar, {})
    found = kept.get((all_fields, records))
    if found is None:
        found = kept[(all_fields, records)] = _make(grammar, all_fields, records)
    return found


def _make(grammar: Construct, all_fields: bool, records: bool) -> Convert:
    sc = unwrap(grammar)[1]
    if isinstance(sc, KStruct):
        return _struct(sc, all_fields, records)
    if isinstance(sc, KArray):
        item = _make(sc.subcon, all_fields, records)

        def array(value: Any) -> Any:
            if isinstance(value, list):
                return [item(v) for v in value]
            return to_jsonable(value)

        return array
    if isinstance(sc, Presence):
        return _make(sc.subcon, all_fields, records)
    if isinstance(sc, RecordsField) and records:
        def records_field(value: Any) -> Any:
            if isinstance(value, RecordSet):
                return records_json(value)
            return to_jsonable(value)

        return records_field
    return to_jsonable


def _struct(sc: KStruct, all_fields: bool, records: bool) -> Convert:
    from kformat.spec.compiler import Absent

    fields: dict[str, Convert] = {}
    for sub in sc.subcons:
        inner = unwrap(sub)[1]
        if isinstance(inner, TaggedFields):
            fields.update((f.name, _make(f.subcon, all_fields, records)) for f in inner.fields)
        elif sub.name and not (isinstance(inner, Absent) and not all_fields):
            fields[sub.name] = _make(inner, all_fields, records)
    defaults = sc.defaults

    def struct(value: Any) -> Any:
        if not isinstance(value, dict):
            return to_jsonable(value)
        out: dict[str, Any] = {}
        for key, item in value.items():
            convert = fields.get(key)
            if convert is not None:
                out[key] = convert(item)
            elif key in (UNKNOWN_TAGS, DEFAULTS_ON_WIRE) or (all_fields and key not in defaults):
                out[key] = to_jsonable(item)
        return out

    return struct


def records_json(records: RecordSet) -> dict[str, Any]:
    """``{"$records": raw, "batches": [batch + records...]}``, or an ``error`` member when the
    batches do not decode (the raw bytes are always there)."""
    from kformat.outputs.fields import batch_json as _batch_json
    from kformat.outputs.jsonlines import base64_text, record_json

    out: dict[str, Any] = {"$records": base64_text(records.raw)}
    try:
        batches = records.batches
    except KFormatError as exc:
        out["error"] = exc.to_dict()
        return out
    shown = []
    for batch in batches:
        head = _batch_json(batch)
        head["records"] = [record_json(batch, record) for record in batch.records]
        shown.append(head)
    tail = getattr(batches, "truncated", None)
    if tail is not None:
        from kformat.records.model import Batch

        shape: dict[str, Any] = dict.fromkeys(_batch_json(Batch()))
        shape.update(position=tail.position, size=tail.needed, records=[],
                     truncated=dataclasses.asdict(tail))
        shown.append(shape)
    out["batches"] = shown
    return out
