"""Typed columns for the records of Kafka's internal topics (the ``decode`` option).

Each record goes through :func:`kformat.protocol.topics.decode_record` (control records
through :func:`kformat.protocol.kraft.decode_control_key` / ``decode_control_value``); the
result fills :data:`~kformat.spark.schema.DECODE_COLUMNS` (record type, schema names,
versions, key and value as JSON via :func:`kformat.jsonable.to_jsonable`) and the key fields
of the topic (:data:`~kformat.spark.schema.TOPIC_COLUMNS`). A record that does not decode
gets ``decodeError`` (``ErrorClass: reason (path, offset)``) and nulls elsewhere: one bad
record never fails a scan.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import Any

from kformat.errors import KFormatError
from kformat.jsonable import to_jsonable
from kformat.spark.schema import DECODE_COLUMNS, TOPIC_COLUMNS, decode_topic

__all__ = ["RowDecoder", "decoder", "describe_error"]

RowDecoder = Callable[[bytes | None, bytes | None, bool], tuple[Any, ...]]
"""``(key, value, is_control) -> one value per decode column``."""


def describe_error(exc: KFormatError) -> str:
    where = []
    if exc.field_path:
        where.append(f"path {exc.field_path}")
    if exc.offset is not None:
        where.append(f"offset {exc.offset}")
    suffix = f" ({', '.join(where)})" if where else ""
    return f"{type(exc).__name__}: {exc.reason}{suffix}"


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(to_jsonable(value), sort_keys=True)


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return str(value) if isinstance(value, uuid.UUID | str) else None


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _topic_fields(mode: str, key: dict[str, Any] | None,
                  value: dict[str, Any] | None, value_schema: str | None) -> tuple[Any, ...]:
    key = key or {}
    val = value or {}
    if mode == "consumer_offsets":
        committed = _int(val.get("offset")) if value_schema and "OffsetCommit" in value_schema \
            else None
        return (_text(key.get("group", key.get("group_id"))), _text(key.get("topic")),
                _int(key.get("partition")), committed)
    if mode == "transaction_state":
        return (_text(key.get("transactional_id")), _int(val.get("producer_id")),
                _int(val.get("transaction_status")))
    if mode == "cluster_metadata":
        return _text(val.get("name")), _text(val.get("topic_id"))
    if mode == "share_group_state":
        return (_text(key.get("group_id")),)
    return ()


def _control(key: bytes | None, value: bytes | None) -> tuple[Any, ...]:
    from kformat.protocol.kraft import decode_control_key, decode_control_value

    k = decode_control_key(bytes(key or b""), part="key")
    v = None if value is None else decode_control_value(k.record_type, bytes(value),
                                                         part="value")
    return (k.record_type, k.schema, k.version, None if v is None else v.schema,
            None if v is None else v.version, _json(k.value),
            None if v is None else _json(v.value), None)


def decoder(mode: str) -> RowDecoder:
    """The row decoder of a ``decode`` mode (``consumer_offsets``, ``transaction_state``,
    ``cluster_metadata``, ``share_group_state``, ``remote_log_metadata``)."""
    topic = decode_topic(mode)
    from kformat.protocol.topics import decode_record

    blank_topic = (None,) * len(TOPIC_COLUMNS[mode])

    def decode(key: bytes | None, value: bytes | None, is_control: bool) -> tuple[Any, ...]:
        try:
            if is_control:
                return _control(key, value) + blank_topic
            d = decode_record(topic, key, value)
            head = (d.record_type, d.key_schema, d.key_version, d.value_schema,
                    d.value_version, _json(d.key), _json(d.value), None)
            return head + _topic_fields(mode, d.key, d.value, d.value_schema)
        except KFormatError as exc:
            return (None,) * (len(DECODE_COLUMNS) - 1) + (describe_error(exc),) + blank_topic

    return decode
