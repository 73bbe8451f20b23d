"""Fixture formats: how the bytes of each format id are read and written.

Every fixture names a format id (``kafka.request``, ``kafka.record-batch``...). For each id
this module holds the one reading procedure (bytes -> value) and the one writing procedure
(value -> bytes) the corpus is checked with; ``docs/fixtures.md`` describes them for readers
in other languages. Values are the parsed Python forms, turned into JSON by
:func:`kformat.jsonable.to_jsonable` (record batches through :func:`batch_to_dict` first).

A fixture's bytes live in one file per *role*: ``data`` for most formats, ``key`` and
``value`` for a coordinator record (no ``value`` file for a tombstone), ``client`` and
``server`` for a conversation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from kformat.errors import KFormatError
from kformat.outputs.jsonlines import control_or_error
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT
from kformat.records.model import RECORD_FIELDS, Batch, Record
from kformat.spec.records_field import RecordSet

__all__ = [
    "FORMATS",
    "Files",
    "Format",
    "batch_from_dict",
    "batch_to_dict",
    "decode",
    "encode",
]

Files = dict[str, bytes | None]
"""Role -> bytes (None: the role is null, e.g. a tombstone's value)."""


@dataclass(frozen=True)
class Format:
    """A format id with its reading and writing procedures.

    ``decode(files, meta)`` returns the parsed value (raising the :class:`KFormatError` an
    invalid input causes); ``encode(value, meta)`` returns the files. ``meta`` is the
    fixture's expectation (api key, version, topic...).
    """

    id: str
    roles: tuple[str, ...]
    decode: Callable[[Files, Mapping[str, Any]], Any]
    encode: Callable[[Any, Mapping[str, Any]], Files]
    summary: str


# --------------------------------------------------------------------------- record batches


_BATCH_FIELDS: Final = tuple(f.name for f in dataclasses.fields(Batch)
                             if f.compare and f.name != "records")
"""A batch's fields in a fixture value (its records apart): the model's compared fields."""
_RECORD_FIELDS: Final = tuple(name for name in RECORD_FIELDS if name != "headers")
"""A record's fields in a fixture value (its headers apart, as ``{"key", "value"}``)."""


def _record_dict(batch: Batch, record: Record) -> dict[str, Any]:
    out: dict[str, Any] = {name: getattr(record, name) for name in _RECORD_FIELDS}
    out["headers"] = [{"key": k, "value": v} for k, v in record.headers]
    if batch.is_control:
        out["control"] = control_or_error(record)
    return out


def batch_to_dict(batch: Batch) -> dict[str, Any]:
    """A parsed batch as a plain dict (control records also carry their decoded ``control``)."""
    out = {name: getattr(batch, name) for name in _BATCH_FIELDS}
    out["codec"] = int(batch.codec)
    out["records"] = [_record_dict(batch, r) for r in batch.records]
    return out


def batch_from_dict(value: Mapping[str, Any]) -> Batch:
    """The :class:`Batch` :func:`kformat.build_batch` writes back to the same bytes."""
    records = [Record(**{k: r[k] for k in _RECORD_FIELDS},
                      headers=[(h["key"], h["value"]) for h in r["headers"]])
               for r in value["records"]]
    return Batch(**{k: value[k] for k in _BATCH_FIELDS}, records=records)


def _limit(meta: Mapping[str, Any]) -> int:
    return int(meta.get("decompression_limit") or DEFAULT_DECOMPRESSION_LIMIT)


def _decode_batches(files: Files, meta: Mapping[str, Any]) -> Any:
    from kformat.records.api import parse_batches

    batches = parse_batches(_data(files), strict=True, decompression_limit=_limit(meta))
    return {"batches": [batch_to_dict(b) for b in batches]}


def _encode_batches(value: Any, meta: Mapping[str, Any]) -> Files:
    from kformat.records.api import build_batch

    return {"data": b"".join(build_batch(batch_from_dict(b)) for b in value["batches"])}


def _data(files: Files) -> bytes:
    data = files.get("data")
    if data is None:
        raise ValueError("this format needs a 'data' file")
    return data


# --------------------------------------------------------------------------- protocol frames


def record_sets(value: Any, path: str = "") -> Iterator[tuple[str, RecordSet]]:
    """Every :class:`RecordSet` inside a parsed body, with its field path."""
    if isinstance(value, RecordSet):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from record_sets(v, f"{path}.{k}" if path else k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from record_sets(v, f"{path}[{i}]")


def _deep(framed: bytes, body: dict[str, Any], subject: Callable[[], Any],
          meta: Mapping[str, Any]) -> None:
    """Decode every records field strictly; an error is moved to the frame (its path
    prefixed by the field's, its offset absolute in ``framed``)."""
    from kformat.records.api import parse_batches

    for path, records in record_sets(body):
        if not records.raw:
            continue
        try:
            parse_batches(records.raw, strict=True, decompression_limit=_limit(meta))
        except KFormatError as exc:
            start = _records_start(subject(), path)
            exc.field_path = f"{path}.{exc.field_path}" if exc.field_path else path
            if exc.offset is not None and start is not None:
                exc.offset += start
            raise


def _records_start(subject: Any, path: str) -> int | None:
    from kformat.fuzz.subjects import content_start

    for span in subject.trace.absolute():
        if span.kind == "RecordsField" and span.path == path:
            return content_start(subject.data, span)
    return None


def _decode_request(files: Files, meta: Mapping[str, Any]) -> Any:
    from kformat.protocol.api import parse_request
    from kformat.protocol.framing import unframe

    framed = _data(files)
    request = parse_request(unframe(framed))

    def subject() -> Any:
        from kformat.fuzz.subjects import request_subject

        return request_subject(framed)

    _deep(framed, request.body, subject, meta)
    return {"header": request.header, "body": request.body}


def _encode_request(value: Any, meta: Mapping[str, Any]) -> Files:
    from kformat.protocol.api import build_request
    from kformat.protocol.framing import frame

    h = value["header"]
    return {"data": frame(build_request(
        h["request_api_key"], h["request_api_version"], value["body"],
        correlation_id=h["correlation_id"], client_id=h.get("client_id"),
        header_tagged=h.get("_unknown_tags")))}


def _decode_response(files: Files, meta: Mapping[str, Any]) -> Any:
    from kformat.protocol.api import parse_response
    from kformat.protocol.framing import unframe

    framed = _data(files)
    key, version = meta["api_key"], meta["version"]
    response = parse_response(unframe(framed), key, version)

    def subject() -> Any:
        from kformat.fuzz.subjects import response_subject

        return response_subject(framed, key, version)

    _deep(framed, response.body, subject, meta)
    return {"header": response.header, "body": response.body}


def _encode_response(value: Any, meta: Mapping[str, Any]) -> Files:
    from kformat.protocol.api import build_response
    from kformat.protocol.framing import frame

    h = value["header"]
    return {"data": frame(build_response(meta["api_key"], meta["version"], value["body"],
                                         correlation_id=h["correlation_id"],
                                         header_tagged=h.get("_unknown_tags")))}


# --------------------------------------------------------------------------- conversations


def _message_dict(message: Any) -> dict[str, Any] | None:
    if message is None:
        return None
    return {"api_key": message.api_key, "api_version": message.api_version,
            "header": message.header, "body": message.body}


def _decode_conversation(files: Files, meta: Mapping[str, Any]) -> Any:
    from kformat.protocol.framing import decode_conversation

    client, server = files.get("client") or b"", files.get("server") or b""
    out = []
    for ex in decode_conversation(client, server):
        entry: dict[str, Any] = {
            "status": ex.status, "correlation_id": ex.correlation_id,
            "request_offset": ex.request_offset, "response_offset": ex.response_offset,
            "request": _message_dict(ex.request), "response": _message_dict(ex.response),
            "error": None if ex.error is None else ex.error.to_dict(),
            "error_stream": ex.error_stream,
        }
        if ex.status == "truncated":  # the partial frame, as it is in the stream
            entry["partial"] = ex.request_frame if ex.error_stream == "client" \
                else ex.response_frame
        out.append(entry)
    return {"exchanges": out}


def _encode_conversation(value: Any, meta: Mapping[str, Any]) -> Files:
    from kformat.protocol.api import build_request, build_response
    from kformat.protocol.framing import frame

    pieces: dict[str, list[tuple[int, bytes]]] = {"client": [], "server": []}
    for ex in value["exchanges"]:
        request, response = ex["request"], ex["response"]
        if request is not None:
            h = request["header"]
            pieces["client"].append((ex["request_offset"], frame(build_request(
                request["api_key"], request["api_version"], request["body"],
                correlation_id=h["correlation_id"], client_id=h.get("client_id"),
                header_tagged=h.get("_unknown_tags")))))
        if response is not None:
            pieces["server"].append((ex["response_offset"], frame(build_response(
                response["api_key"], response["api_version"], response["body"],
                correlation_id=response["header"]["correlation_id"],
                header_tagged=response["header"].get("_unknown_tags")))))
        if ex["status"] == "truncated":
            stream = ex["error_stream"]
            at = ex["request_offset"] if stream == "client" else ex["response_offset"]
            pieces[stream].append((at, ex["partial"]))
    return {role: b"".join(p for _, p in sorted(parts)) for role, parts in pieces.items()}


# --------------------------------------------------------------------------- internal topics


def _versioned(v: Any) -> dict[str, Any]:
    return {"schema": v.schema, "version": v.version, "record_type": v.record_type,
            "read_as": v.read_as, "value": v.value}


def _decode_metadata(files: Files, meta: Mapping[str, Any]) -> Any:
    from kformat.protocol.kraft import decode_metadata_record

    return _versioned(decode_metadata_record(_data(files), group=meta["topic"]))


def _encode_metadata(value: Any, meta: Mapping[str, Any]) -> Files:
    from kformat.protocol.kraft import encode_metadata_record

    return {"data": encode_metadata_record(value["record_type"], value["version"],
                                           value["value"], group=meta["topic"])}


def _decode_coordinator(files: Files, meta: Mapping[str, Any]) -> Any:
    from kformat.protocol.topics import decode_record

    record = decode_record(meta["topic"], files.get("key"), files.get("value"))
    return {name: getattr(record, name) for name in (
        "key_type", "key_version", "key_schema", "key", "value_type", "value_version",
        "value_schema", "value")}


def _encode_coordinator(value: Any, meta: Mapping[str, Any]) -> Files:
    from kformat.protocol.topics import encode_record

    key, val = encode_record(meta["topic"], value["key_type"], value["key"], value["value"],
                             value_version=value["value_version"])
    return {"key": key, "value": val}


def _prefixed(decoder: str, encoder: str, module: str = "kformat.protocol.formats"
              ) -> tuple[Callable[[Files, Mapping[str, Any]], Any],
                         Callable[[Any, Mapping[str, Any]], Files]]:
    """Decode/encode through ``module.decoder(data)`` / ``module.encoder(body, version)``."""
    import importlib

    def dec(files: Files, meta: Mapping[str, Any]) -> Any:
        return _versioned(getattr(importlib.import_module(module), decoder)(_data(files)))

    def enc(value: Any, meta: Mapping[str, Any]) -> Files:
        fn = getattr(importlib.import_module(module), encoder)
        return {"data": fn(value["value"], value["version"])}

    return dec, enc


def _decode_control_key(files: Files, meta: Mapping[str, Any]) -> Any:
    from kformat.protocol.kraft import decode_control_key

    return _versioned(decode_control_key(_data(files)))


def _encode_control_key(value: Any, meta: Mapping[str, Any]) -> Files:
    from kformat.protocol.kraft import encode_control_key

    return {"data": encode_control_key(value["value"]["type"], version=value["version"])}


def _decode_control_value(files: Files, meta: Mapping[str, Any]) -> Any:
    from kformat.protocol.kraft import decode_control_value

    return _versioned(decode_control_value(meta["control_type"], _data(files),
                                           version=meta.get("version")))


def _encode_control_value(value: Any, meta: Mapping[str, Any]) -> Files:
    from kformat.protocol.kraft import encode_control_value

    return {"data": encode_control_value(meta["control_type"], value["value"],
                                         version=value["version"])}


def _decode_data(files: Files, meta: Mapping[str, Any]) -> Any:
    from kformat.protocol.versioned import parse_body
    from kformat.spec.registry import load_registry

    msg = load_registry().message(meta["schema"])
    return {"schema": msg.name, "version": meta["version"],
            "value": parse_body(msg, meta["version"], _data(files))}


def _encode_data(value: Any, meta: Mapping[str, Any]) -> Files:
    from kformat.protocol.versioned import build_body
    from kformat.spec.registry import load_registry

    msg = load_registry().message(meta["schema"])
    return {"data": build_body(msg, value["version"], value["value"])}


# --------------------------------------------------------------------------- the table


def _formats() -> dict[str, Format]:
    table = [
        Format("kafka.request", ("data",), _decode_request, _encode_request,
               "one size-prefixed request frame (header + body); records fields decoded "
               "strictly"),
        Format("kafka.response", ("data",), _decode_response, _encode_response,
               "one size-prefixed response frame; api_key and version from the expectation"),
        Format("kafka.record-batch", ("data",), _decode_batches, _encode_batches,
               "magic 2 record batches in a row (Kafka documentation, \"Record Batch\"), read strictly"),
        Format("kafka.legacy-message-set", ("data",), _decode_batches, _encode_batches,
               "a magic 0/1 message set (Kafka documentation, \"Old Message Format\"), read strictly"),
        Format("kafka.conversation", ("client", "server"), _decode_conversation,
               _encode_conversation,
               "the two byte streams of one connection, responses paired by correlation id"),
        Format("kafka.metadata-record", ("data",), _decode_metadata, _encode_metadata,
               "a __cluster_metadata / __remote_log_metadata record value (frame version, "
               "type, version, body; the key is null)"),
        Format("kafka.coordinator-record", ("key", "value"), _decode_coordinator,
               _encode_coordinator,
               "a __consumer_offsets / __share_group_state / __transaction_state record "
               "(key, and value unless a tombstone)"),
        Format("kafka.control-record-key", ("data",), _decode_control_key,
               _encode_control_key, "a control record key (version:INT16 type:INT16)"),
        Format("kafka.control-record-value", ("data",), _decode_control_value,
               _encode_control_value,
               "a control record value of control_type (markers carry a version prefix)"),
        Format("kafka.consumer-protocol-subscription", ("data",),
               *_prefixed("decode_consumer_subscription", "encode_consumer_subscription"),
               "ConsumerProtocolSubscription: version:INT16 then the body"),
        Format("kafka.consumer-protocol-assignment", ("data",),
               *_prefixed("decode_consumer_assignment", "encode_consumer_assignment"),
               "ConsumerProtocolAssignment: version:INT16 then the body"),
        Format("kafka.streams-subscription-info", ("data",),
               *_prefixed("decode_streams_subscription", "encode_streams_subscription"),
               "Kafka Streams SubscriptionInfoData (its first field is the version)"),
        Format("kafka.principal", ("data",),
               *_prefixed("decode_principal", "encode_principal"),
               "DefaultPrincipalData: version:INT16 then the body"),
        Format("kafka.producer-snapshot", ("data",),
               *_prefixed("parse_producer_snapshot", "build_producer_snapshot"),
               "a producer-state snapshot file (version, CRC-32C, entries)"),
        Format("kafka.data", ("data",), _decode_data, _encode_data,
               "the bare body of a data spec (schema and version from the expectation)"),
    ]
    return {f.id: f for f in table}


FORMATS: Final[dict[str, Format]] = _formats()


def decode(format_id: str, files: Files, meta: Mapping[str, Any]) -> Any:
    """Read ``files`` as ``format_id`` (raises the input's :class:`KFormatError`)."""
    return FORMATS[format_id].decode(files, meta)


def encode(format_id: str, value: Any, meta: Mapping[str, Any]) -> Files:
    """Write ``value`` (the parsed form) as ``format_id``."""
    return FORMATS[format_id].encode(value, meta)
