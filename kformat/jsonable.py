"""A reversible JSON mapping of kformat values (CLI output, fixtures, dumps).

Parsed values are dicts, lists, str, int, bool, None and a few types JSON lacks; those become
one-key objects whose key starts with ``$`` (field names never do)::

    bytes                    {"$bytes": "<base64>"}
    uuid.UUID                {"$uuid": "6ba7b810-9dad-11d1-80b4-00c04fd430c8"}
    float NaN / +-inf        {"$float": "nan"} / {"$float": "inf"} / {"$float": "-inf"}
    {int: value} (unknown    {"$tags": {"<tag>": value}}
      tagged fields)
    RecordSet                {"$records": "<base64 raw>", "batches": [summary...]}

The ``batches`` summary of a RecordSet (offsets, counts, codec, CRC check, or the decode
error) is informational: :func:`from_jsonable` rebuilds the RecordSet from the raw bytes only.
Tuples become lists. ``from_jsonable(to_jsonable(v)) == v`` for every parsed value.
"""

from __future__ import annotations

import base64
import dataclasses
import math
import uuid
from typing import Any

from kformat.errors import EncodeError, KFormatError
from kformat.outputs.jsonlines import base64_text, bytes_json

__all__ = ["from_jsonable", "records_summary", "to_jsonable"]


def to_jsonable(value: Any, *, summary: bool = True) -> Any:
    """The JSON-ready form of ``value``; ``summary`` adds the decoded-batch summary of records."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        return {"$float": "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")}
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes_json(bytes(value))
    if isinstance(value, uuid.UUID):
        return {"$uuid": str(value)}
    if isinstance(value, dict):
        return _dict(value, summary)
    if isinstance(value, list | tuple):
        return [to_jsonable(v, summary=summary) for v in value]
    from kformat.spec.records_field import RecordSet

    if isinstance(value, RecordSet):
        out: dict[str, Any] = {"$records": base64_text(value.raw)}
        if summary:
            out["batches"] = records_summary(value)
        return out
    if isinstance(value, KFormatError):
        return value.to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name), summary=summary)
                for f in dataclasses.fields(value)}
    raise EncodeError("no JSON form for this value", actual=type(value).__name__)


def _dict(value: dict[Any, Any], summary: bool) -> dict[str, Any]:
    if value and all(isinstance(k, int) and not isinstance(k, bool) for k in value):
        return {"$tags": {str(k): to_jsonable(v, summary=summary) for k, v in value.items()}}
    out = {}
    for k, v in value.items():
        if not isinstance(k, str) or k.startswith("$"):
            raise EncodeError("JSON object keys must be str not starting with '$'", actual=k)
        out[k] = to_jsonable(v, summary=summary)
    return out


def from_jsonable(value: Any) -> Any:
    """Invert :func:`to_jsonable`."""
    if isinstance(value, list):
        return [from_jsonable(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "$records" in value:
        from kformat.spec.records_field import RecordSet

        return RecordSet(base64.b64decode(value["$records"], validate=True))
    if len(value) == 1:
        ((key, inner),) = value.items()
        if key == "$bytes":
            return base64.b64decode(inner, validate=True)
        if key == "$uuid":
            return uuid.UUID(inner)
        if key == "$float":
            return float(inner)
        if key == "$tags":
            return {int(k): from_jsonable(v) for k, v in inner.items()}
    return {k: from_jsonable(v) for k, v in value.items()}


def records_summary(records: Any) -> list[dict[str, Any]]:
    """One line per batch of a RecordSet (the batch fields of docs/json.md, from
    :data:`kformat.outputs.fields.BATCH_FIELDS`), or the error that stopped decoding."""
    try:
        from kformat.outputs.fields import batch_json

        batches = records.batches
        out = [batch_json(b) for b in batches]
        tail = getattr(batches, "truncated", None)
        if tail is not None:
            out.append({"truncated": to_jsonable(tail, summary=False)})
        return out
    except KFormatError as exc:
        return [{"error": exc.to_dict()}]
    except ImportError as exc:  # the records layer is optional at this level
        return [{"error": {"error": "ImportError", "reason": str(exc)}}]
