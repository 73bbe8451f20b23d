"""Turning record keys and values into text for ``kformat dump --print-data-log``.

Two kinds of decoders:

* plain ones for ``--key-decoder`` / ``--value-decoder`` (Kafka's ``StringDecoder``, the
  default, decodes UTF-8 and replaces what is not; ``int``/``long`` read big-endian INT32/INT64;
  ``hex`` and ``base64`` show the bytes);
* internal-topic ones (``--offsets-decoder``, ``--transaction-log-decoder``,
  ``--cluster-metadata-decoder``, ``--share-group-state-decoder``,
  ``--remote-log-metadata-decoder``), which hand each record to a
  :data:`RecordDecoder` hook: ``hook(topic, key, value)`` with the internal topic's name. The
  default hook is the protocol layer's ``kformat.protocol.topics.decode_record``; callers can
  pass another one. Whatever the hook returns is rendered by :func:`render_decoded`.

A failing decoder never stops a dump: the record shows ``Error at offset N, skipping. ...``
as its key, like Kafka's tool.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from kformat.jsonable import json_text
from kformat.outputs.decoders import PLAIN_DECODERS, decode_plain
from kformat.records.model import Record

__all__ = [
    "DELETE",
    "KEYLESS_TOPICS",
    "PLAIN_DECODERS",
    "TOPIC_KINDS",
    "RecordDecoder",
    "camel",
    "decode_plain",
    "decode_with_hook",
    "default_record_decoder",
    "render_decoded",
    "to_json",
]

RecordDecoder = Callable[[str, bytes | None, bytes | None], Any]
"""``(topic, key, value) -> decoded``. A :class:`kformat.protocol.topics.DecodedRecord` is
shown the way Kafka's tool shows it (``{"type": ..., "data": ...}`` keys, ``{"version": ...,
"data": ...}`` values, camelCase field names); otherwise the result is ``(key, value)``, an
object with ``key``/``value`` attributes or a ``{"key", "value"}`` dict, and anything else
is the value."""

TOPIC_KINDS: dict[str, str] = {
    "offsets": "__consumer_offsets",
    "transaction_log": "__transaction_state",
    "cluster_metadata": "__cluster_metadata",
    "share_group_state": "__share_group_state",
    "remote_log_metadata": "__remote_log_metadata",
}
"""Decoder option (``--offsets-decoder`` -> ``offsets``) -> the topic passed to the hook."""

DELETE = "<DELETE>"
"""What a tombstone's payload shows under a coordinator-topic decoder (Kafka's text)."""

KEYLESS_TOPICS = frozenset({"__cluster_metadata", "__remote_log_metadata"})
"""Topics whose records have no key (the record type is in the value)."""

_TOMBSTONE_KINDS = {"__consumer_offsets", "__transaction_state", "__share_group_state"}


def default_record_decoder(topic: str, key: bytes | None, value: bytes | None) -> Any:
    """The protocol layer's internal-topic decoder."""
    from kformat.protocol.topics import decode_record

    return decode_record(topic, key, value)


# --------------------------------------------------------------------------- hook


def to_json(obj: Any) -> str:
    """The Java tool's compact JSON of a decoded record (docs/json.md, "Text output"):
    :func:`kformat.jsonable.json_text` with ``kafka_tool=True``; an object of a plug-in
    decoder with no JSON form is its ``repr``, as the Java tool prints its ``toString()``."""
    return json_text(obj, kafka_tool=True, default=repr)


def camel(obj: Any) -> Any:
    """Dict keys from snake_case to the camelCase of Kafka's JSON converters (recursively);
    context-only ``_`` keys are left out."""
    if isinstance(obj, dict):
        return {re.sub(r"_([a-z0-9])", lambda m: m.group(1).upper(), str(k)): camel(v)
                for k, v in obj.items() if not str(k).startswith("_")}
    if isinstance(obj, list):
        return [camel(v) for v in obj]
    return obj


def _constant(schema: str) -> str:
    """``TopicRecord`` -> ``TOPIC_RECORD`` (``MetadataRecordType``'s names)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", schema).upper()


def _kafka_view(d: Any) -> tuple[Any, Any]:
    """A DecodedRecord as ``DumpLogSegments`` prints it."""
    if d.key_type is None:  # a metadata topic: no key, the record type is in the value
        name = _constant(d.value_schema) if d.value_schema else d.value_type
        return None, {"type": name, "version": d.value_version, "data": camel(d.value)}
    key = {"type": str(d.key_type), "data": camel(d.key)}
    value = None if d.value is None else {"version": str(d.value_version),
                                          "data": camel(d.value)}
    return key, value


def _split(decoded: Any) -> tuple[Any, Any]:
    if all(hasattr(decoded, a) for a in ("key_type", "value_type", "value_version", "key",
                                         "value", "value_schema")):
        return _kafka_view(decoded)
    if isinstance(decoded, tuple) and len(decoded) == 2:
        return decoded
    if isinstance(decoded, dict) and decoded.keys() <= {"key", "value"} and decoded:
        return decoded.get("key"), decoded.get("value")
    if hasattr(decoded, "key") and hasattr(decoded, "value"):
        return decoded.key, decoded.value
    return None, decoded


def render_decoded(decoded: Any) -> tuple[str | None, str | None]:
    """(key text, payload text) of a hook result; strings pass through, the rest is JSON."""
    return tuple(  # type: ignore[return-value]
        None if part is None else part if isinstance(part, str) else to_json(part)
        for part in _split(decoded)
    )


def decode_with_hook(hook: RecordDecoder, topic_kind: str, record: Record,
                     ) -> tuple[Any, Any, str | None]:
    """(key, value, error) for one record; ``error`` is Kafka's ``Error at offset ...`` text."""
    try:
        key, value = _split(hook(topic_kind, record.key, record.value))
    except Exception as exc:  # a decoder is plug-in code: report and go on, as Kafka does
        return None, None, f"Error at offset {record.offset}, skipping. {exc}"
    if value is None and record.value is None and topic_kind in _TOMBSTONE_KINDS:
        value = DELETE
    return key, value, None
