"""Record batches as JSON lines (docs/json.md): one object per record, with its batch.

The batch fields are :data:`kformat.outputs.fields.BATCH_FIELDS`; bytes are written the one
JSON way, ``{"$bytes": base64}`` (:func:`bytes_json`), which :mod:`kformat.jsonable` uses too.
"""

from __future__ import annotations

import base64
import dataclasses
import json
from collections.abc import Iterator
from typing import Any

from kformat.errors import KFormatError
from kformat.outputs.decoders import decode_plain
from kformat.outputs.fields import batch_json
from kformat.records.api import Source, iter_batches
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT
from kformat.records.control import decode_control
from kformat.records.model import Batch, Record
from kformat.records.reading import batches_past_crc_mismatches

__all__ = ["base64_text", "bytes_json", "control_or_error", "decode_to_json_lines", "record_json"]


def base64_text(data: bytes) -> str:
    """The base64 text of ``data`` (standard alphabet, padded), as JSON carries bytes."""
    return base64.b64encode(data).decode("ascii")


def bytes_json(data: bytes | None) -> dict[str, str] | None:
    """Bytes the one JSON way (docs/json.md): ``{"$bytes": base64}``, null for null."""
    return None if data is None else {"$bytes": base64_text(data)}


def _shown(data: bytes | None, decoder: str | None) -> dict[str, str] | str | None:
    return bytes_json(data) if decoder is None else decode_plain(data, decoder)


def record_json(batch: Batch, record: Record, key_decoder: str | None = None,
                value_decoder: str | None = None) -> dict[str, Any]:
    """One record of ``batch`` as JSON: offset, timestamp, key, value, headers (and the
    decoded ``control`` key and value in a control batch)."""
    out: dict[str, Any] = {
        "offset": record.offset, "timestamp": record.timestamp,
        "key": _shown(record.key, key_decoder), "value": _shown(record.value, value_decoder),
        "headers": [{"key": k, "value": bytes_json(v)} for k, v in record.headers],
    }
    if batch.is_control:
        control = control_or_error(record)
        if isinstance(control.get("value"), bytes):
            control["value"] = bytes_json(control["value"])
        out["control"] = control
    return out


def control_or_error(record: Record) -> dict[str, Any]:
    """A control record decoded (:func:`~kformat.records.control.decode_control`), or
    ``{"error": <the error as JSON>}`` when it does not decode."""
    try:
        return decode_control(record)
    except KFormatError as exc:
        return {"error": exc.to_dict()}


def decode_to_json_lines(source: Source, *, key_decoder: str | None = None,
                         value_decoder: str | None = None, **options: Any) -> Iterator[str]:
    """One JSON object per record: ``{"batch": {...}, "record": {...}}`` (docs/json.md).

    Bytes (keys, values, header values) are ``{"$bytes": base64}``, ``null`` when null;
    ``key_decoder`` / ``value_decoder`` (a :data:`kformat.outputs.decoders.PLAIN_DECODERS`
    name) show keys / values as text instead.
    An empty batch yields one line with ``"record": null``; records of control batches
    carry ``"control"`` (:func:`~kformat.records.control.decode_control`). A partial last
    batch yields a final ``{"truncated": {"position", "available", "needed"}}`` line.
    ``options`` are those of :func:`~kformat.records.api.iter_batches`.
    """
    iterator = iter_batches(source, **options)
    with iterator:
        for batch in iterator:
            yield from _batch_lines(batch, key_decoder, value_decoder)
    if iterator.truncated is not None:
        yield json.dumps({"truncated": dataclasses.asdict(iterator.truncated)})


def json_lines_past_crc_mismatches(data: bytes | bytearray | memoryview, *,
                                   key_decoder: str | None = None,
                                   value_decoder: str | None = None,
                                   decompression_limit: int | None = None) -> Iterator[str]:
    """The lines of :func:`decode_to_json_lines`, reading on past a batch whose CRC does not
    match (its ``batch`` object says ``"crc_valid": false``), as ``kformat dump`` does
    (:func:`~kformat.records.reading.batches_past_crc_mismatches`)."""
    limit = DEFAULT_DECOMPRESSION_LIMIT if decompression_limit is None else decompression_limit
    view = memoryview(data)
    run = batches_past_crc_mismatches(view, decompression_limit=limit)
    while True:
        try:
            batch = next(run)
        except StopIteration as done:
            tail = done.value
            break
        yield from _batch_lines(batch, key_decoder, value_decoder)
    if tail is not None:
        yield json.dumps({"truncated": dataclasses.asdict(tail)})


def _batch_lines(batch: Batch, key_decoder: str | None,
                 value_decoder: str | None) -> Iterator[str]:
    head = batch_json(batch)
    if not batch.records:
        yield json.dumps({"batch": head, "record": None})
    for record in batch.records:
        yield json.dumps({"batch": head, "record": record_json(
            batch, record, key_decoder, value_decoder)})

