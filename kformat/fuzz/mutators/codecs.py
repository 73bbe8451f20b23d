"""Mutators of CRCs, codec bits, compressed payloads, decompression bombs and magic bytes."""

from __future__ import annotations

import random
import struct
from collections.abc import Callable
from typing import Any

from kformat.fuzz.hostile import BOMB_CODECS, bomb_batch, nested_wrapper
from kformat.fuzz.mutators.base import (
    ATTRIBUTE_ROLES,
    Mutation,
    _attributes_value,
    _codec_of,
    _limit,
    _m,
    _pick,
    mutator,
    of_kind,
)
from kformat.fuzz.mutators.lengths import (
    _snappy_ends,
)
from kformat.fuzz.mutators.truncation import (
    _entry_bounds,
    _regions,
)
from kformat.fuzz.subjects import (
    Subject,
    content_start,
    splice,
)
from kformat.fuzz.trace import Span
from kformat.records.codecs import CODEC_MASK, Codec, codecs_for, compressed_codecs, find_codec
from kformat.records.framing import MAGIC_OFFSET


@mutator("crc_flip", "one bit of a stored CRC flipped",
         among=lambda subject: subject.spans(role="crc"))
def crc_flip(subject: Subject, rng: random.Random, s: Span) -> Mutation | None:
    at = s.start + rng.randrange(4)
    flipped = bytes([subject.data[at] ^ (1 << rng.randrange(8))])
    return _m("crc_flip", s, at, "CorruptRecordError", splice(subject, at, at + 1, flipped))


@mutator("crc_stale", "one bit of the bytes a CRC covers flipped, the CRC left as it was",
         among=lambda subject: [c for c in subject.spans(role="crc") if c.size > 5])
def crc_stale(subject: Subject, rng: random.Random, s: Span) -> Mutation | None:
    # a magic 0/1 CRC covers the magic byte, which batch framing reads first: skip it
    at = rng.randrange(s.start + (5 if s.legacy else 4), s.end)
    flipped = bytes([subject.data[at] ^ (1 << rng.randrange(8))])
    data = splice(subject, at, at + 1, flipped, fix_crc=False)
    return _m("crc_stale", s, at, "CorruptRecordError", data)


def _set_codec(subject: Subject, s: Span, codec: int) -> bytes:
    value = (_attributes_value(subject, s) & ~CODEC_MASK) | codec
    return splice(subject, s.start, s.end, value.to_bytes(s.size, "big"))


def _attributes(subject: Subject) -> list[Span]:
    return [s for role in ATTRIBUTE_ROLES for s in subject.spans(role=role)]


@mutator("codec_unknown", "compression bits naming a codec Kafka does not define",
         among=_attributes)
def codec_unknown(subject: Subject, rng: random.Random, s: Span) -> Mutation | None:
    allowed = codecs_for(2 if s.role == "batch-attributes" else 1)
    codec = _pick(rng, [c for c in range(CODEC_MASK + 1) if c not in allowed])
    return _m("codec_unknown", s, s.start, "UnsupportedCodecError", _set_codec(subject, s, codec),
              f"codec {codec}")


@mutator("codec_swap", "the records labelled with another codec than the one that wrote them",
         among=lambda subject: subject.spans(role="batch-attributes"))
def codec_swap(subject: Subject, rng: random.Random, s: Span) -> Mutation | None:
    current = _codec_of(subject, s)
    codec = _pick(rng, [c for c in compressed_codecs(2) if c != current])
    return _m("codec_swap", s, s.start, "CorruptRecordError", _set_codec(subject, s, codec),
              f"codec {current} -> {codec}")


def _payloads(subject: Subject) -> list[tuple[Span, int, int]]:
    """(span, start, codec) of every compressed payload on the wire."""
    out = []
    for s in subject.spans(role="compressed") + subject.spans(role="legacy-value"):
        codec = _codec_of(subject, s)
        if not codec:
            continue
        start = content_start(subject.data, s) if s.role == "legacy-value" else s.start
        assert start is not None
        out.append((s, start, codec))
    return out


_GARBAGE = (b"\x00", b"\x00\x01\x02\x03\xff")


@mutator("compressed_corrupt", "a compressed payload cut short, emptied, with trailing bytes or a "
         "broken magic number (gzip: a bit of its CRC-32/ISIZE trailer flipped)",
         among=_payloads)
def compressed_corrupt(subject: Subject, rng: random.Random, hit: Any) -> Mutation | None:
    s, start, codec = hit
    payload = subject.data[start:s.end]
    how = _pick(rng, ["truncated", "empty", "trailing", "magic"] + (["trailer"] if codec == 1 else []))
    if how == "truncated" and len(payload) > 1:
        cut = rng.randint(1, len(payload) - 1)
        if codec == 2 and cut in _snappy_ends(payload):
            cut -= 1  # xerial block boundaries are whole streams; one byte less is not
        new = payload[:cut]
    elif how == "trailing":
        new = payload + _pick(rng, list(_GARBAGE))
    elif how == "magic":
        new = bytes([payload[0] ^ 0xFF]) + payload[1:]
    elif how == "trailer" and len(payload) > 8:  # gzip's CRC-32 and ISIZE
        at = rng.randrange(len(payload) - 8, len(payload))
        new = payload[:at] + bytes([payload[at] ^ (1 << rng.randrange(8))]) + payload[at + 1:]
    else:
        how, new = "empty", b""
    return _m("compressed_corrupt", s, start, "CorruptRecordError",
              splice(subject, start, s.end, new), how)


def _entry_starts(subject: Subject) -> list[tuple[int, Span]]:
    """(position, container) where a whole batch can be inserted: the entry boundaries of
    the input (``batches``) or of every records field (empty and null ones included)."""
    out: list[tuple[int, Span]] = []
    for start, end, region in _regions(subject):
        if subject.entry != "batches" and region.kind != "RecordsField":
            continue
        bounds = _entry_bounds(subject, start, end) | {start, end}
        out += [(b, region) for b in sorted(bounds)]
    for s in subject.trace.absolute():
        if s.kind == "RecordsField" and content_start(subject.data, s) == s.end:
            out.append((s.end, s))
    return out


def _insert_entry(subject: Subject, rng: random.Random, label: str,
                  make: Callable[[], tuple[bytes, str]]) -> Mutation | None:
    """A hostile whole entry (``make()``: its bytes and the detail) inserted at an entry
    boundary; whatever it is, kformat must refuse it with ``LimitExceededError``."""
    hit = _pick(rng, _entry_starts(subject))
    if hit is None:
        return None
    at, region = hit
    entry, detail = make()
    return Mutation(label, region.path, at, "LimitExceededError",
                    splice(subject, at, at, entry, within=region), detail)


@mutator("decompression_bomb", "a batch whose records inflate past the decompression limit")
def decompression_bomb(subject: Subject, rng: random.Random) -> Mutation | None:
    def bomb() -> tuple[bytes, str]:
        limit = _limit(subject)
        codecs = [int(c) for c in BOMB_CODECS]
        if limit > (1 << 24):  # at the default 64 MiB a snappy bomb is megabytes on the wire
            codecs.remove(Codec.SNAPPY)
        codec = _pick(rng, codecs)
        since = find_codec(codec).min_magic  # type: ignore[union-attr]
        magic = since if since else _pick(rng, [2, 2, 1, 0])
        return (bomb_batch(codec, limit, magic),
                f"codec {codec} magic {magic} inflating to {limit + 1} bytes")

    return _insert_entry(subject, rng, "decompression_bomb", bomb)


@mutator("legacy_nesting_too_deep", "a magic 0/1 wrapper inside a wrapper (Kafka allows one level)")
def legacy_nesting_too_deep(subject: Subject, rng: random.Random) -> Mutation | None:
    def nested() -> tuple[bytes, str]:
        legacy = compressed_codecs(1)
        magic, codec = rng.randint(0, 1), rng.randint(legacy[0], legacy[-1])
        depth = rng.randint(2, 4)
        return nested_wrapper(magic, codec, depth), f"magic {magic} codec {codec} depth {depth}"

    return _insert_entry(subject, rng, "legacy_nesting_too_deep", nested)


@mutator("magic_unknown", "a batch magic byte other than 0, 1 and 2",
         among=of_kind("entry"))
def magic_unknown(subject: Subject, rng: random.Random, s: Span) -> Mutation | None:
    magic = _pick(rng, [3, 4, 0x7F, 0x80, 0xFF])
    at = s.start + MAGIC_OFFSET
    return Mutation("magic_unknown", s.path, at, "UnsupportedVersionError",
                    splice(subject, at, at + 1, bytes([magic]), fix_crc=False),
                    f"magic {struct.unpack('>b', bytes([magic]))[0]}")


