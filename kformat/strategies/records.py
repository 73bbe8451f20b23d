"""Strategies for records, record batches of every magic and codec, and legacy message sets.

Values are :class:`~kformat.records.model.Batch` objects built so that
:func:`kformat.build_batch` writes them and :func:`kformat.parse_batches` reads them back
equal on every field the wire carries (see :func:`comparable`): offsets and timestamps are
drawn as a base plus deltas in their wire ranges, LogAppendTime batches report the batch's
``max_timestamp`` for every record, a control batch holds one transaction marker, an
uncompressed magic 0/1 batch holds exactly one message (each plain legacy message is its own
entry on the wire). The record payloads themselves (keys, values, headers) come from
walking the record grammar (:data:`kformat.records.batch.Record`) with
:func:`~kformat.strategies.grammar.from_grammar`.

:func:`batch_bytes`, :func:`legacy_message_sets` and :func:`record_sets` give wire bytes
(several entries in a row, magic 0/1 wrappers holding their inner messages), the last as the
:class:`~kformat.spec.records_field.RecordSet` a protocol ``records`` field holds.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from kformat.records.api import build_batch
from kformat.records.batch import Record as RecordGrammar
from kformat.records.codecs import codecs_for
from kformat.records.control import control_record
from kformat.records.enums import TimestampType
from kformat.records.framing import NAMED_FLAGS, TIMESTAMP_TYPE_FLAG, flag_bits
from kformat.records.model import RECORD_FIELDS, Batch, Record
from kformat.spec.records_field import RecordSet
from kformat.strategies import primitives as p
from kformat.strategies.grammar import from_grammar

__all__ = [
    "CODECS",
    "LEGACY_CODECS",
    "WIRE_FIELDS",
    "batch_bytes",
    "batches",
    "comparable",
    "control_batches",
    "legacy_batches",
    "legacy_message_sets",
    "record_payloads",
    "record_sets",
    "v2_batches",
]

CODECS = tuple(int(c) for c in codecs_for(2))
"""Codecs of magic 2 batches: none, gzip, snappy, lz4, zstd."""
LEGACY_CODECS = tuple(int(c) for c in codecs_for(1))
"""Codecs of magic 0/1 wrappers (zstd is magic 2 only, KIP-110)."""

WIRE_FIELDS = ("crc", "crc_valid", "batch_length", "position", "size", "raw_records", "wire")
"""Batch fields that describe where and how a batch sat on the wire, not what it holds."""


def comparable(batch: Batch) -> dict[str, Any]:
    """The fields of ``batch`` a build/parse round trip preserves (all but :data:`WIRE_FIELDS`)."""
    out = {f.name: getattr(batch, f.name) for f in dataclasses.fields(batch)
           if f.name not in WIRE_FIELDS and f.compare}
    out["records"] = [{name: getattr(r, name) for name in RECORD_FIELDS} for r in batch.records]
    return out


def _choice(value: Any, default: Sequence[Any], what: str) -> st.SearchStrategy[Any]:
    """A strategy from ``None`` (any of ``default``), one value, or a sequence of values."""
    if value is None:
        return st.sampled_from(tuple(default))
    values = tuple(value) if isinstance(value, list | tuple | set | frozenset) else (value,)
    bad = [v for v in values if v not in default]
    if bad or not values:
        raise ValueError(f"{what} must be among {tuple(default)}, got {value!r}")
    return st.sampled_from(values)


def record_payloads(*, headers: bool = True, max_items: int = 3,
                    max_size: int = p.DEFAULT_MAX_SIZE) -> st.SearchStrategy[dict[str, Any]]:
    """``{attributes, key, value, headers}`` of a magic 2 record, from walking its grammar."""
    overrides: dict[str, st.SearchStrategy[Any]] = {} if headers else {"headers": st.just([])}
    return from_grammar(RecordGrammar, max_items=max_items, max_size=max_size,
                        overrides=overrides)


def _records(draw: Any, n: int, base_offset: int, base_timestamp: int, log_append: bool,
             max_timestamp: int, payloads: st.SearchStrategy[dict[str, Any]]) -> list[Record]:
    out = []
    deltas = sorted(draw(st.lists(p.varint(), min_size=n, max_size=n, unique=True)))
    for offset_delta in deltas:
        payload = draw(payloads)
        timestamp_delta = draw(p.varlong())
        timestamp = max_timestamp if log_append else base_timestamp + timestamp_delta
        out.append(Record(
            offset=base_offset + offset_delta, timestamp=timestamp, key=payload["key"],
            value=payload["value"],
            headers=[(h["key"], h["value"]) for h in payload["headers"]],
            timestamp_type=TimestampType(int(log_append)), attributes=payload["attributes"],
            offset_delta=offset_delta, timestamp_delta=timestamp_delta))
    return out


@st.composite
def _v2(draw: Any, codec: st.SearchStrategy[int], control: st.SearchStrategy[bool],
        transactional: st.SearchStrategy[bool], max_records: int, max_size: int) -> Batch:
    codec_id = draw(codec)
    is_control = draw(control)
    log_append = draw(st.booleans())
    base_offset = draw(p.int64())
    base_timestamp = draw(p.int64())
    max_timestamp = draw(p.int64())
    if is_control:
        kind = draw(st.sampled_from(("commit", "abort")))
        marker = control_record(kind, draw(p.int32()))
        records = [marker.replace(
            offset=base_offset, offset_delta=0, timestamp_type=TimestampType(int(log_append)),
            timestamp=max_timestamp if log_append else base_timestamp, timestamp_delta=0)]
    else:
        n = draw(st.integers(0, max_records))
        payloads = record_payloads(max_items=2, max_size=max_size)
        records = _records(draw, n, base_offset, base_timestamp, log_append, max_timestamp,
                           payloads)
    high_bits = draw(st.one_of(st.just(0), st.integers(0, 0x1FF)))  # unused bits 7-15
    flags = dict(
        is_transactional=draw(transactional) or is_control,
        has_delete_horizon=draw(st.booleans()),
    )
    attributes = (high_bits << 7) | codec_id
    if attributes >= 1 << 15:
        attributes -= 1 << 16  # INT16 on the wire: bit 15 reads back negative
    batch = Batch(
        base_offset=base_offset, magic=2, codec=codec_id, records=records,
        partition_leader_epoch=draw(p.int32()), timestamp_type=int(log_append),
        is_control=is_control, last_offset_delta=draw(p.int32()),
        base_timestamp=base_timestamp, max_timestamp=max_timestamp,
        producer_id=draw(p.int64()), producer_epoch=draw(p.int16()),
        base_sequence=draw(p.int32()), **flags)
    batch.attributes = _named_bits(attributes, batch)
    return batch


def _named_bits(attributes: int, batch: Batch) -> int:
    """``attributes`` with bits 3-6 set from the batch's named flags (as build_batch does)."""
    return (attributes & ~NAMED_FLAGS) | flag_bits(batch)


def v2_batches(*, codec: int | Sequence[int] | None = None, control: bool | None = None,
               transactional: bool | None = None, max_records: int = 4,
               max_size: int = p.DEFAULT_MAX_SIZE) -> st.SearchStrategy[Batch]:
    """Magic 2 batches: every codec, control and transactional or not, empty or not.

    ``codec``, ``control`` and ``transactional`` pin those choices (a codec or a list of
    codecs). Record offsets are strictly increasing deltas; every other header field ranges
    over its whole type, unused attribute bits included.
    """
    if max_records < 0:
        raise ValueError("max_records must be >= 0")
    return _v2(_choice(codec, CODECS, "codec"), _choice(control, (False, True), "control"),
               _choice(transactional, (False, True), "transactional"), max_records, max_size)


def control_batches(**kwargs: Any) -> st.SearchStrategy[Batch]:
    """Control batches (one COMMIT or ABORT marker, transactional), any codec."""
    return v2_batches(control=True, **kwargs)


@st.composite
def _legacy(draw: Any, magic: st.SearchStrategy[int], codec: st.SearchStrategy[int],
            max_records: int, max_size: int) -> Batch:
    magic_id, codec_id = draw(magic), draw(codec)
    log_append = magic_id == 1 and draw(st.booleans())
    payload = p.bytes_values(nullable=True, max_size=max_size)
    n = 1 if not codec_id else draw(st.integers(1, max(1, max_records)))
    if magic_id == 1:  # inner offsets are relative: the wrapper's is the last one's
        first = draw(st.one_of(st.just(0), st.integers(0, (1 << 63) - 1 - n)))
        offsets = [first + i for i in range(n)]
    else:  # magic 0 inner offsets are absolute, whatever they are
        offsets = [draw(p.int64()) for _ in range(n)]
    stamp = p.int64() if magic_id == 1 else st.just(-1)
    wrapper_stamp = draw(stamp)
    records = []
    for offset in offsets:
        attributes = TIMESTAMP_TYPE_FLAG if log_append else 0
        if not codec_id and magic_id == 1 and not log_append:
            attributes = 0
        records.append(Record(offset=offset, timestamp=wrapper_stamp if log_append else draw(stamp),
                              key=draw(payload), value=draw(payload),
                              timestamp_type=TimestampType(int(log_append)),
                              attributes=attributes))
    base = records[0]
    records = [r.replace(offset_delta=r.offset - base.offset,
                         timestamp_delta=r.timestamp - base.timestamp if magic_id == 1 else 0)
               for r in records]
    if codec_id:
        max_ts = wrapper_stamp if log_append else max(r.timestamp for r in records)
        attributes = codec_id | (TIMESTAMP_TYPE_FLAG if log_append else 0)
    else:
        max_ts = base.timestamp
        attributes = base.attributes
    return Batch(base_offset=base.offset, magic=magic_id, codec=codec_id, records=records,
                 attributes=attributes, timestamp_type=int(log_append),
                 last_offset_delta=records[-1].offset - base.offset,
                 base_timestamp=base.timestamp if magic_id == 1 else -1, max_timestamp=max_ts)


def legacy_batches(*, magic: int | Sequence[int] | None = None,
                   codec: int | Sequence[int] | None = None, max_records: int = 4,
                   max_size: int = p.DEFAULT_MAX_SIZE) -> st.SearchStrategy[Batch]:
    """Magic 0/1 entries as parse returns them: one plain message, or one wrapper (gzip,
    snappy, lz4) holding its inner messages (magic 1: relative inner offsets, CreateTime or
    LogAppendTime)."""
    if max_records < 1:
        raise ValueError("max_records must be >= 1")
    return _legacy(_choice(magic, (0, 1), "magic"), _choice(codec, LEGACY_CODECS, "codec"),
                   max_records, max_size)


def batches(**kwargs: Any) -> st.SearchStrategy[Batch]:
    """Batches of any magic: :func:`v2_batches` or :func:`legacy_batches` (keyword arguments
    other than ``max_records`` and ``max_size`` select magic 2)."""
    shared = {k: kwargs[k] for k in ("max_records", "max_size") if k in kwargs}
    if set(kwargs) - set(shared):
        return v2_batches(**kwargs)
    return st.one_of(v2_batches(**shared), legacy_batches(**shared))


def batch_bytes(strategy: st.SearchStrategy[Batch] | None = None, *, max_batches: int = 3,
                min_batches: int = 1) -> st.SearchStrategy[bytes]:
    """Wire bytes of ``min_batches``..``max_batches`` batches in a row (default: any magic)."""
    if not 0 <= min_batches <= max_batches:
        raise ValueError("need 0 <= min_batches <= max_batches")
    one = batches() if strategy is None else strategy
    return st.lists(one.map(build_batch), min_size=min_batches,
                    max_size=max_batches).map(b"".join)


def legacy_message_sets(*, magic: int | Sequence[int] | None = None,
                        max_entries: int = 3) -> st.SearchStrategy[bytes]:
    """Magic 0/1 message sets: plain messages and compressed wrappers with their inner
    messages, in a row."""
    return batch_bytes(legacy_batches(magic=magic), max_batches=max_entries)


def record_sets(*, max_batches: int = 2) -> st.SearchStrategy[RecordSet]:
    """What a protocol ``records`` field holds: empty, or a few batches of any magic."""
    small = st.one_of(v2_batches(max_records=2, max_size=4),
                      legacy_batches(max_records=2, max_size=4))
    return st.one_of(st.just(RecordSet(b"")),
                     batch_bytes(small, max_batches=max_batches).map(RecordSet))
