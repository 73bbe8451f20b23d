"""Hostile inputs that are built rather than mutated: decompression bombs and legacy wrappers
nested deeper than Kafka allows.

Both are made with kformat's own grammars and then edited with
:func:`~kformat.fuzz.subjects.splice`, so lengths and CRCs are right and only the intended
rule is broken:

* :func:`bomb_batch`: a valid batch (magic 2, or a magic 0/1 wrapper) whose compressed
  payload inflates to one byte more than ``limit``: :class:`~kformat.errors.LimitExceededError`;
* :func:`gzip_members_batch`: a valid gzip batch whose payload is its records' member
  followed by many empty members (``GZIPInputStream`` reads every one): reading it must
  cost time in proportion to its size;
* :func:`nested_wrapper`: a magic 0/1 wrapper whose inner message is itself a compressed
  wrapper, ``depth`` levels deep (Kafka allows one level):
  :class:`~kformat.errors.LimitExceededError` at the inner ``attributes``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from kformat.fuzz.subjects import batches_subject, content_start, splice
from kformat.primitives import CompiledGrammar
from kformat.records.api import build_batch, make_batch
from kformat.records.codecs import Codec, compress, compressed_codecs
from kformat.records.legacy import LegacyMessageSet, LegacyMessageSetEntry

__all__ = ["BOMB_CODECS", "bomb_batch", "bomb_payload", "gzip_members_batch", "nested_wrapper"]

BOMB_CODECS = compressed_codecs(2)


@functools.lru_cache(maxsize=32)
def bomb_payload(codec: int, size: int, magic: int = 2) -> bytes:
    """``size`` zero bytes compressed with ``codec`` (tiny on the wire, huge once inflated)."""
    return compress(codec, bytes(size), magic=magic)


@functools.lru_cache(maxsize=32)
def bomb_batch(codec: int, limit: int, magic: int = 2) -> bytes:
    """One batch whose records inflate to ``limit + 1`` bytes."""
    if magic == 2:
        batch = build_batch(make_batch([], codec=codec, base_timestamp=0))
        subject = batches_subject(batch)
        span = subject.spans(role="compressed")[0]
        start = span.start
    else:
        batch = build_batch(make_batch([(None, b"")], codec=codec, magic=magic,
                                       base_timestamp=0))
        subject = batches_subject(batch)
        span = subject.spans(role="legacy-value")[0]
        found = content_start(batch, span)
        assert found is not None
        start = found
    return splice(subject, start, span.end, bomb_payload(codec, limit + 1, magic))


EMPTY_GZIP_MEMBER = compress(Codec.GZIP, b"")
"""The smallest gzip member Kafka's Java client writes (20 bytes, no data)."""


def gzip_members_batch(members: int, records: Sequence[tuple[bytes | None, bytes | None]] = (
        (b"k", b"v"),)) -> bytes:
    """A magic 2 gzip batch of ``records`` whose payload has ``members`` empty members after
    the records' own (a valid payload: concatenated members are one stream)."""
    batch = build_batch(make_batch(list(records), codec=Codec.GZIP, base_timestamp=0))
    subject = batches_subject(batch)
    span = subject.spans(role="compressed")[0]
    payload = batch[span.start:span.end] + EMPTY_GZIP_MEMBER * members
    return splice(subject, span.start, span.end, payload)


@functools.cache
def _grammars() -> tuple[CompiledGrammar, CompiledGrammar]:
    return (CompiledGrammar(LegacyMessageSetEntry, "legacy entry", native=False),
            CompiledGrammar(LegacyMessageSet, "legacy message set", native=False))


def _message(magic: int, attributes: int, value: bytes | None) -> dict[str, object]:
    return {"magic": magic, "attributes": attributes, "timestamp": 0 if magic == 1 else None,
            "key": None, "value": value, "messages": None}


def nested_wrapper(magic: int = 1, codec: int = Codec.GZIP, depth: int = 2) -> bytes:
    """A magic 0/1 entry: wrappers ``depth`` levels deep around one plain message."""
    if depth < 2:
        raise ValueError("depth must be >= 2 (one level of wrapping is legal)")
    entry, message_set = _grammars()
    entries = [{"offset": 0, "message": _message(magic, 0, b"x")}]
    for _ in range(depth):
        value = compress(codec, message_set.build(entries), magic=magic)
        entries = [{"offset": 0, "message": _message(magic, codec, value)}]
    return entry.build(entries[0])
