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
Tuples become lists; an ``IntEnum`` is its int (the tables that name codecs and timestamp
types write those names). ``from_jsonable(to_jsonable(v)) == v`` for every parsed value.

``kafka_tool=True`` is the same encoder writing the three forms Kafka's ``DumpLogSegments``
prints in its text output (docs/json.md, "Text output"): bytes as bare base64 text, a UUID
as Kafka's ``Uuid.toString()`` (URL-safe base64, no padding), another enum by its name.
:func:`json_text` is either, as compact JSON text.
"""

from __future__ import annotations

import base64
import dataclasses
import enum
import json
import math
import re
import uuid
from collections.abc import Callable
from typing import Any, Final

from kformat.errors import EncodeError, InvalidValueError, KFormatError
from kformat.outputs.jsonlines import base64_text, bytes_json

__all__ = ["from_jsonable", "json_text", "kafka_uuid", "parse_kafka_uuid", "records_summary",
           "to_jsonable"]

_KAFKA_UUID: Final = re.compile(r"[A-Za-z0-9_-]{22}={0,2}")


def kafka_uuid(value: uuid.UUID) -> str:
    """Kafka's ``Uuid.toString()``: the 16 bytes in URL-safe base64, without padding."""
    return base64.urlsafe_b64encode(value.bytes).rstrip(b"=").decode("ascii")


def parse_kafka_uuid(text: str, *, path: str = "", offset: int | None = None) -> uuid.UUID:
    """Kafka's ``Uuid.fromString()`` (padding optional); anything else raises
    :class:`~kformat.errors.InvalidValueError` at ``path`` and ``offset``."""
    if not isinstance(text, str) or not _KAFKA_UUID.fullmatch(text):
        raise InvalidValueError("not a Kafka UUID (16 bytes of URL-safe base64)", path=path,
                                offset=offset, actual=text)
    return uuid.UUID(bytes=base64.urlsafe_b64decode(text[:22] + "=="))


def to_jsonable(value: Any, *, summary: bool = True, kafka_tool: bool = False,
                default: Callable[[Any], Any] | None = None) -> Any:
    """The JSON-ready form of ``value``; ``summary`` adds the decoded-batch summary of records,
    ``kafka_tool`` writes the Java tool's forms (see the module doc). A value with no JSON
    form raises :class:`EncodeError`, unless ``default`` gives one (what a plug-in decoder
    returned, shown as the Java tool shows it)."""
    return _Encoder(summary, kafka_tool, default).encode(value)


def json_text(value: Any, *, kafka_tool: bool = False,
              default: Callable[[Any], Any] | None = None) -> str:
    """:func:`to_jsonable` of ``value`` as compact JSON text (no spaces; non-ASCII
    escaped)."""
    return json.dumps(to_jsonable(value, kafka_tool=kafka_tool, default=default),
                      separators=(",", ":"), allow_nan=False)


@dataclasses.dataclass(frozen=True, slots=True)
class _Encoder:
    summary: bool
    kafka_tool: bool
    default: Callable[[Any], Any] | None

    def encode(self, value: Any) -> Any:
        if value is None or isinstance(value, bool | int | str):
            return value
        if isinstance(value, float):
            if math.isfinite(value):
                return value
            return {"$float": "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")}
        if isinstance(value, bytes | bytearray | memoryview):
            return base64_text(bytes(value)) if self.kafka_tool else bytes_json(bytes(value))
        if isinstance(value, uuid.UUID):
            return kafka_uuid(value) if self.kafka_tool else {"$uuid": str(value)}
        if isinstance(value, dict):
            return self._dict(value)
        if isinstance(value, list | tuple) or (self.kafka_tool
                                               and isinstance(value, set | frozenset)):
            return [self.encode(v) for v in value]
        from kformat.spec.records_field import RecordSet

        if isinstance(value, RecordSet):
            out: dict[str, Any] = {"$records": base64_text(value.raw)}
            if self.summary:
                out["batches"] = records_summary(value)
            return out
        if isinstance(value, KFormatError):
            return value.to_dict()
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return {f.name: self.encode(getattr(value, f.name))
                    for f in dataclasses.fields(value)}
        if isinstance(value, enum.Enum):  # an IntEnum is an int, above
            return value.name if self.kafka_tool else value.name.lower()
        if self.default is not None:
            return self.encode(self.default(value))
        raise EncodeError("no JSON form for this value", actual=type(value).__name__)

    def _dict(self, value: dict[Any, Any]) -> dict[str, Any]:
        if value and all(isinstance(k, int) and not isinstance(k, bool) for k in value):
            return {"$tags": {str(k): self.encode(v) for k, v in value.items()}}
        out = {}
        for k, v in value.items():
            if not isinstance(k, str) or k.startswith("$"):
                raise EncodeError("JSON object keys must be str not starting with '$'",
                                  actual=k)
            out[k] = self.encode(v)
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
