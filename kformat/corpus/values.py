"""Deterministic values for a grammar model, one profile at a time.

:func:`message_value` walks a :class:`~kformat.spec.schema.MessageDef` at one version,
field by field (the model, not the construct tree), and returns a body dict in the parsed
form: every field of every struct, the version's absent fields at their default. Profiles:

``minimal``
    every field at its default, empty arrays, null wherever the version allows null;
``typical``
    realistic small values: topic and group names, broker ids, epochs, offsets, epoch
    timestamps, real Kafka error codes, one or two array elements, a small record batch in
    ``records`` fields. They stay inside the narrower types peers use (kio's error-code enum,
    non-negative datetimes and durations);
``boundary``
    each integer at its minimum, maximum, -1 or 0; empty versus null strings, bytes and
    arrays; non-ASCII strings and lengths past the one-byte varint (kept small); NaN,
    infinities and -0.0 for floats; all-zero and all-one UUIDs;
``unknown-tags``
    the ``typical`` values (the same ones: it draws from the same seed) plus unknown tagged
    fields (``_unknown_tags``) in every struct of a flexible version; empty elsewhere.

Every random choice comes from ``random.Random(f"{seed}:{name}:{version}:{profile}")``
(string seeds hash with SHA-512, never Python's ``hash()``), so the same kformat version and
seed give the same values on every run and host.
"""

from __future__ import annotations

import math
import random
import uuid
from collections.abc import Mapping
from typing import Any, Final

from kformat.primitives import UNKNOWN_TAGS
from kformat.spec.compiler import field_default
from kformat.spec.records_field import RecordSet
from kformat.spec.schema import INT_RANGES, FieldDef, MessageDef

__all__ = [
    "BASE_TIMESTAMP",
    "PROFILES",
    "header_value",
    "message_value",
    "profiles_for",
    "stable_rng",
]

PROFILES: Final = ("minimal", "typical", "boundary", "unknown-tags")
BASE_TIMESTAMP: Final = 1_700_000_000_000
"""2023-11-14T22:13:20Z: the epoch-millisecond base of every generated timestamp."""

_TOPICS: Final = ("orders", "payments-eu", "clicks.v2", "inventory_updates", "audit-log")
_GROUPS: Final = ("orders-service", "billing", "analytics-etl", "search-indexer")
_WORDS: Final = ("alpha", "bravo", "kafka", "delta", "echo", "lima", "omega", "tango")
_ERROR_CODES: Final = (3, 6, 7, 15, 16, 22, 25, 27, 58)
"""Real Kafka error codes (UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER...)."""
_NON_ASCII: Final = "ünïcødé ☃ 日本語 🦀"
_FLOAT_EDGES: Final = (-0.0, math.inf, -math.inf, math.nan, 5e-324, 1.7976931348623157e308)
_UNKNOWN_TAG_HIGH: Final = 10_000
"""A tag number past any Kafka assigns: two varint bytes on the wire."""


def stable_rng(*parts: object) -> random.Random:
    """A :class:`random.Random` seeded from ``parts`` joined by ``:`` (stable across runs)."""
    return random.Random(":".join(str(p) for p in parts))


def profiles_for(msg: MessageDef, version: int, profiles: tuple[str, ...] = PROFILES
                 ) -> tuple[str, ...]:
    """The profiles that apply to ``msg`` at ``version`` (``unknown-tags``: flexible only)."""
    return tuple(p for p in profiles if p != "unknown-tags" or msg.is_flexible(version))


class _Walker:
    """One walk of a message at one version in one profile."""

    def __init__(self, msg: MessageDef, version: int, profile: str, seed: int | str) -> None:
        if profile not in PROFILES:
            raise ValueError(f"unknown profile {profile!r} (known: {', '.join(PROFILES)})")
        self.msg = msg
        self.version = version
        self.profile = "typical" if profile == "unknown-tags" else profile
        self.rng = stable_rng(seed, msg.name, version, self.profile)
        self.tag_rng = stable_rng(seed, msg.name, version, profile, "tags")
        self.unknown_tags = profile == "unknown-tags" and msg.is_flexible(version)
        self.seed = seed

    # ---------------------------------------------------------------- structs

    def struct(self, fields: tuple[FieldDef, ...], overrides: Mapping[str, Any] = {}
               ) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields:
            if self.version in f.versions:
                out[f.py_name] = overrides[f.py_name] if f.py_name in overrides else self.field(f)
        for f in fields:
            if self.version not in f.versions:
                out.setdefault(f.py_name, field_default(self.msg, f))
        if self.unknown_tags:
            top = max((f.tag for f in fields if f.tag is not None), default=-1)
            out[UNKNOWN_TAGS] = {
                top + 1: self.tag_rng.randbytes(self.tag_rng.randrange(0, 4)),
                _UNKNOWN_TAG_HIGH + self.tag_rng.randrange(0, 100): "tag-ü".encode(),
            }
        return out

    def field(self, f: FieldDef) -> Any:
        nullable = f.is_nullable(self.version)
        if self.profile == "minimal":
            return self.minimal(f, nullable)
        if nullable and self.null_now():
            return None
        if f.type.is_array:
            return [self.element(f) for _ in range(self.array_length())]
        return self.element(f)

    def minimal(self, f: FieldDef, nullable: bool) -> Any:
        if nullable:
            return None
        if f.type.is_array:
            return []
        if f.type.is_struct:
            return self.struct(self.msg.children(f))
        if f.type.base == "records":
            return RecordSet(b"")
        return field_default(self.msg, f)

    def null_now(self) -> bool:
        if self.profile == "typical":
            return self.rng.random() < 0.15
        return self.rng.random() < 0.5

    def array_length(self) -> int:
        if self.profile == "typical":
            return self.rng.randrange(1, 3)
        return self.rng.choice((0, 1, 1))

    def element(self, f: FieldDef) -> Any:
        if f.type.is_struct:
            return self.struct(self.msg.children(f))
        base = f.type.base
        if self.profile == "boundary":
            return self.boundary(base)
        return self.typical(base, f)

    # ---------------------------------------------------------------- typical

    def typical(self, base: str, f: FieldDef) -> Any:
        rng, name, entity = self.rng, f.py_name, f.entity_type or ""
        if base in INT_RANGES:
            return self.typical_int(base, name, entity)
        if base == "bool":
            return rng.random() < 0.5
        if base == "float64":
            return round(rng.uniform(0, 100), 3)
        if base == "uuid":
            return uuid.UUID(int=rng.getrandbits(128))
        if base == "bytes":
            return rng.randbytes(rng.randrange(1, 12))
        if base == "records":
            return self.records()
        return self.typical_string(name, entity)

    def typical_int(self, base: str, name: str, entity: str) -> int:
        rng = self.rng
        lo, hi = INT_RANGES[base]
        if name == "error_code" or name.endswith("_error_code"):
            value = 0 if rng.random() < 0.7 else rng.choice(_ERROR_CODES)
        elif "timestamp" in name or (base == "int64" and name.endswith(("_time_ms", "_ms"))):
            value = BASE_TIMESTAMP + rng.randrange(0, 10**9) if base == "int64" \
                else rng.randrange(0, 60_000)
        elif name.endswith("_ms"):
            value = rng.choice((0, 100, 500, 3_000, 30_000, 45_000))
        elif entity == "brokerId" or name.endswith(("node_id", "broker_id", "replica_id",
                                                     "leader_id", "controller_id")):
            value = rng.randrange(0, 6)
        elif "epoch" in name:
            value = rng.randrange(0, 40)
        elif entity == "producerId" or name.endswith("producer_id"):
            value = rng.randrange(1_000, 100_000)
        elif "offset" in name or name in ("high_watermark", "low_watermark"):
            value = rng.randrange(0, 1_000_000)
        elif name.endswith(("partition", "partition_index", "partitions")):
            value = rng.randrange(0, 12)
        elif name == "port":
            value = 9092
        else:
            value = rng.randrange(0, {"int8": 4, "int16": 100, "uint16": 1_000,
                                      "int32": 10_000}.get(base, 1_000_000))
        return max(lo, min(hi, value))

    def typical_string(self, name: str, entity: str) -> str:
        rng = self.rng
        if entity == "topicName" or "topic" in name:
            return rng.choice(_TOPICS)
        if entity == "groupId" or "group" in name:
            return rng.choice(_GROUPS)
        if entity == "transactionalId" or "transactional" in name:
            return f"txn-{rng.choice(_GROUPS)}-{rng.randrange(10)}"
        if "host" in name:
            return f"broker-{rng.randrange(1, 6)}.kafka.internal"
        if "rack" in name:
            return rng.choice(("us-east-1a", "us-east-1b", "eu-west-1c"))
        if name in ("member_id", "client_id", "instance_id", "process_id"):
            return f"consumer-{rng.randrange(1, 9)}-{uuid.UUID(int=rng.getrandbits(128))}"
        if "principal" in name or name == "user":
            return f"User:{rng.choice(_WORDS)}"
        if name == "protocol_type":
            return "consumer"
        if "message" in name or name == "reason":
            return f"{rng.choice(_WORDS)} {rng.choice(_WORDS)} failed"
        return f"{rng.choice(_WORDS)}-{rng.randrange(100)}"

    def records(self) -> RecordSet:
        from kformat.records.api import build_batch, make_batch

        rng = self.rng
        count = rng.randrange(1, 3)
        items = [{"key": f"k{rng.randrange(100)}".encode(),
                  "value": f'{{"n":{rng.randrange(1000)}}}'.encode(),
                  "timestamp": BASE_TIMESTAMP + i * 7} for i in range(count)]
        batch = make_batch(items, base_offset=rng.randrange(0, 1000),
                           base_timestamp=BASE_TIMESTAMP, partition_leader_epoch=0)
        return RecordSet(build_batch(batch))

    # ---------------------------------------------------------------- boundary

    def boundary(self, base: str) -> Any:
        rng = self.rng
        if base in INT_RANGES:
            lo, hi = INT_RANGES[base]
            return rng.choice((lo, hi, 0, 1) if lo == 0 else (lo, hi, -1, 0))
        if base == "bool":
            return True
        if base == "float64":
            return rng.choice(_FLOAT_EDGES)
        if base == "uuid":
            return uuid.UUID(int=rng.choice((0, 2**128 - 1)))
        if base == "bytes":
            return rng.choice((b"", b"\x00", bytes(range(256))[:130]))
        if base == "records":
            return RecordSet(b"")
        return rng.choice(("", _NON_ASCII, "é" * 70, "x" * 127))


def message_value(msg: MessageDef, version: int, profile: str = "typical",
                  seed: int | str = 0, *,
                  overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A body of ``msg`` at ``version`` in ``profile`` (see the module docstring).

    ``overrides`` sets top-level fields the grammar alone cannot choose (a ``version`` field
    that must match the version, for example).
    """
    if version not in msg.valid:
        raise ValueError(f"{msg.name} has no version {version} (valid: {msg.valid})")
    return _Walker(msg, version, profile, seed).struct(msg.fields, overrides or {})


def header_value(kind: str, api: str, version: int, profile: str, seed: int = 0, *,
                 flexible: bool = True, has_client_id: bool = True
                 ) -> tuple[int, str | None, dict[int, bytes] | None]:
    """``(correlation_id, client_id, unknown header tags)`` of one frame.

    ``flexible`` says whether the header version has tagged fields, ``has_client_id``
    whether it has a client id (request header v1 and v2).
    """
    base = "typical" if profile == "unknown-tags" else profile
    rng = stable_rng(seed, api, kind, version, base, "header")
    if profile == "minimal":
        return 0, None, None
    if profile == "boundary":
        correlation_id = rng.choice((-(2**31), 2**31 - 1, -1))
        client_id = rng.choice(("", _NON_ASCII)) if has_client_id else None
        return correlation_id, client_id, None
    correlation_id = rng.randrange(1, 100_000)
    client_id = f"{rng.choice(_WORDS)}-client-{rng.randrange(10)}" if has_client_id else None
    tags = None
    if profile == "unknown-tags" and flexible:
        tags = {stable_rng(seed, api, kind, version, "tags").randrange(0, 8): b"\x01",
                _UNKNOWN_TAG_HIGH: "header-ü".encode()}
    return correlation_id, client_id, tags
