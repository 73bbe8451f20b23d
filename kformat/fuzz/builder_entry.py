"""The fuzzers' ``batch-builder`` entry point: bytes decoded into a
:class:`~kformat.RecordBatchBuilder`'s fields and a sequence of appends (and builds).

:func:`decode` reads any bytes deterministically (past the end, every read is 0): the batch
fields (codec among the five and bad ones, base offset, producer fields, transactional and
control flags, timestamp type, compression level, each possibly out of range or of the wrong
type), then up to :data:`MAX_APPENDS` operations: an append (timestamp or None, key and
value bytes, None, a filled run or a wrong type, headers with keys that may not be UTF-8,
None values, offsets given or not, relative to the next one so that non-increasing ones
come often), or a build of what was appended so far (:data:`MAX_BUILDS`). Filled runs draw
on one budget of :data:`MAX_FILL` bytes per input (:data:`SLOW_FILL` with a slow codec), so
that no input allocates without bound; literal bytes are bounded by the input.

:func:`run` replays them on the active engine with a fixed clock and returns what every
step did: each refused append as ``(error class, path, offset)``, each build's bytes or
error. It also holds each build to its reference: a built batch must be the bytes of
``build_batch(make_batch(...))`` of the records appended (offsets and timestamps as the
builder documents them) and parse back to them, and a refused build must fail as the
reference does (class and path); a builder refusing its fields must fail as ``make_batch``
of no records does (class). A broken promise raises
:class:`BuilderMismatch` (not a KFormatError: a finding). The harnesses compare the returned
value across engines (:func:`kformat.fuzz.engines.disagreement`).
"""

from __future__ import annotations

import contextlib
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from kformat.errors import KFormatError

__all__ = ["FIXED_NOW", "MAX_APPENDS", "MAX_BUILDS", "MAX_FILL", "SLOW_FILL",
           "BuilderMismatch", "Plan", "decode", "encode_bytes", "encode_int", "run", "seeds"]

MAX_APPENDS = 64
"""Operations (appends and builds) one input makes at most."""
MAX_FILL = 3 << 20
"""Bytes of filled runs (keys, values, header keys and values) one input makes at most:
enough for a record past 2 MiB, whose length prefix takes four varint bytes."""
SLOW_FILL = 1 << 18
"""The fill budget with gzip or zstd, or a compression level given (zstd level 22 takes
about a second for 2 MiB): a slow input would only slow the fuzzers down."""
MAX_BUILDS = 4
"""Builds in the middle of an input (each also builds the reference and parses it)."""
MAX_HEADERS = 7
FIXED_NOW = 1_700_000_000_000
"""The clock (ms) while an input runs: a record without a timestamp or base, and a batch of
no records without a base, take it on every engine alike."""

CODECS: tuple[Any, ...] = ("none", "gzip", "snappy", "lz4", "zstd", 0, 4, 5, "brotli")
"""The codecs a first byte picks: the five by name, two by number, two unknown."""
INTS: tuple[int, ...] = (
    0, 1, -1, 2, 127, 128, -128, 255, (1 << 15) - 1, -(1 << 15), 1 << 15, (1 << 31) - 1,
    -(1 << 31), 1 << 31, (1 << 63) - 1, -(1 << 63), 1 << 63, -(1 << 63) - 1,
    FIXED_NOW, 1 << 32, 16383, 16384, (1 << 21) - 1, 1 << 21)
"""Interesting ints (the bounds of int16, int32, int64 and the varint lengths)."""
_SMALL = 100
"""An int byte past :data:`INTS` and below 0xF0 is ``byte - _SMALL``."""
ODD_INTS: tuple[Any, ...] = (True, False, 1.0, "1", None, b"1", 1 << 64, float("nan"))
ODD_BYTES: tuple[Any, ...] = (bytearray(b"ba"), memoryview(b"mv"), "str", 5, [b"x"], b"",
                              ("t",), True)
ODD_KEYS: tuple[Any, ...] = (b"bytes", None, 7, "", "\udc80", "\x00k\u20ac", ["k"], "k")
FILLS: tuple[int, ...] = (0, 60, 120, 127, 128, 250, 16_383, 16_384, 65_535,
                          (1 << 21) - 64, 1 << 21)
"""Sizes of filled runs (plus a signed delta byte): about the varint length boundaries."""


class BuilderMismatch(AssertionError):
    """A builder broke a promise the harness checks (not a KFormatError: a finding)."""


@dataclass
class Append:
    timestamp: Any = None
    offset: Any = None
    """None, ``("next", delta)`` (the builder's next offset plus delta) or a value."""
    key: Any = None
    value: Any = None
    headers: Any = ()
    has_headers: bool = False


@dataclass
class Plan:
    fields: dict[str, Any] = field(default_factory=dict)
    level: Any = None
    ops: list[Append | None] = field(default_factory=list)
    """Appends, and None for a build of what was appended so far."""


class _Reader:
    __slots__ = ("at", "data", "fill")

    def __init__(self, data: bytes) -> None:
        self.data, self.at, self.fill = data, 0, MAX_FILL

    @property
    def left(self) -> int:
        return len(self.data) - self.at

    def byte(self) -> int:
        if self.at >= len(self.data):
            return 0
        self.at += 1
        return self.data[self.at - 1]

    def take(self, n: int) -> bytes:
        out = self.data[self.at:self.at + n]
        self.at += len(out)
        return out + bytes(n - len(out))

    def int_(self) -> Any:
        b = self.byte()
        if b < len(INTS):
            return INTS[b]
        if b < 0xF0:
            return b - _SMALL
        b -= 0xF0
        if b < 4:
            size = (1, 2, 4, 8)[b]
            return int.from_bytes(self.take(size), "big", signed=True)
        if b == 4:
            return int.from_bytes(self.take(8), "big")
        if b == 5:
            return int.from_bytes(self.take(9), "big", signed=True)
        if b < 15:
            return ODD_INTS[self.byte() % len(ODD_INTS)]
        return None

    def filled(self, unit: bytes) -> bytes:
        size: int = FILLS[self.byte() % len(FILLS)] + struct.unpack("b", self.take(1))[0]
        size = max(0, min(size, self.fill // len(unit)))
        self.fill -= size * len(unit)
        return unit * size

    def bytes_(self, kind: int) -> Any:
        if kind == 0:
            return None
        if kind == 1:
            n = self.byte()
            if n == 0xFF:
                n = struct.unpack(">H", self.take(2))[0]
            return self.take(min(n, self.left))
        if kind == 2:
            return self.filled(bytes([self.byte()]))
        return ODD_BYTES[self.byte() % len(ODD_BYTES)]

    def key(self) -> Any:
        b = self.byte()
        kind = b & 3
        if kind == 0:  # any bytes as str: not UTF-8 gives lone surrogates
            return self.take(min(b >> 2, self.left)).decode("utf-8", "surrogateescape")
        if kind == 1:
            return self.filled(b"k" if b & 4 else "\u20ac".encode()).decode()
        if kind == 2:
            return ODD_KEYS[(b >> 2) % len(ODD_KEYS)]
        return self.take(min(b >> 2, self.left)).decode("latin-1")

    def header(self) -> tuple[Any, Any]:
        return self.key(), self.bytes_(self.byte() & 3)


def decode(data: bytes) -> Plan:
    """The builder fields and operations of ``data`` (see the module doc)."""
    r = _Reader(bytes(data))
    plan = Plan()
    f = plan.fields
    f["codec"] = CODECS[r.byte() % len(CODECS)]
    flags = r.byte()
    ints = bool(flags & 0x20)  # flags as ints, the timestamp type as a plain int
    f["is_transactional"] = int(flags & 1) if ints else bool(flags & 1)
    f["is_control"] = int(flags >> 1 & 1) if ints else bool(flags & 2)
    kind = (flags >> 2 & 1) if not flags & 0x40 else (2 if flags & 1 else -1)
    if not ints and kind in (0, 1):
        from kformat.records.enums import TimestampType

        kind = TimestampType(kind)
    f["timestamp_type"] = kind
    f["base_offset"] = r.int_()
    if flags & 8:
        f["base_timestamp"] = r.int_()
    if flags & 0x10:
        plan.level = r.int_()
    if flags & 0x80:
        for name in ("producer_id", "producer_epoch", "base_sequence",
                     "partition_leader_epoch"):
            f[name] = r.int_()
    if f["codec"] not in ("none", 0, "snappy", "lz4") or plan.level is not None:
        r.fill = SLOW_FILL
    builds = 0
    while r.left > 0 and len(plan.ops) < MAX_APPENDS:
        op = r.byte()
        if op == 0xFF:
            if builds < MAX_BUILDS:
                plan.ops.append(None)
                builds += 1
            continue
        a = Append()
        if op & 1:
            a.timestamp = r.int_()
        if op & 2:
            b = r.byte()
            a.offset = ("next", b - 0x40) if b < 0x80 else r.int_()
        a.key = r.bytes_(op >> 2 & 3)
        a.value = r.bytes_(op >> 4 & 3)
        if op & 0x40:
            a.has_headers = True
            hb = r.byte()
            pairs = [r.header() for _ in range(min(hb & 7, MAX_HEADERS))]
            shape = hb >> 3 & 7
            a.headers = (tuple(pairs) if shape == 1 else [list(p) for p in pairs]
                         if shape == 2 else {repr(k) if isinstance(k, list) else k: v for k, v in pairs}
                         if shape == 3 else None
                         if shape == 4 else [(*p, b"") for p in pairs] if shape == 5
                         else pairs)
        plan.ops.append(a)
    return plan


# --------------------------------------------------------------------------- the run


@contextlib.contextmanager
def _fixed_clock() -> Iterator[None]:
    from kformat.records import builder, building

    saved = builder._now_ms, building._now_ms
    builder._now_ms = building._now_ms = lambda: FIXED_NOW
    try:
        yield
    finally:
        builder._now_ms, building._now_ms = saved


def _error(exc: KFormatError) -> tuple[str, str, int | None]:
    return type(exc).__name__, exc.field_path, exc.offset


def run(data: bytes, **_: Any) -> Any:
    """The ``batch-builder`` entry point on the active engine (see the module doc)."""
    plan = decode(data)
    with _fixed_clock():
        return _run(plan)


def _run(plan: Plan) -> Any:
    from kformat.records.builder import RecordBatchBuilder

    try:
        builder = RecordBatchBuilder(**plan.fields, compression_level=plan.level)
    except KFormatError as exc:
        _check_refused(plan, exc)
        raise
    records: list[dict[str, Any]] = []
    steps: list[Any] = []
    base = plan.fields.get("base_timestamp")
    for op in plan.ops:
        if op is None:
            steps.append(_build(builder, plan, records))
            continue
        offset = op.offset
        if isinstance(offset, tuple):
            offset = builder.next_offset + offset[1]
        before = (len(builder), builder.next_offset)
        try:
            if op.has_headers:
                builder.append(op.timestamp, op.key, op.value, op.headers, offset=offset)
            else:
                builder.append(op.timestamp, op.key, op.value, offset=offset)
        except KFormatError as exc:
            if (len(builder), builder.next_offset) != before:
                raise BuilderMismatch(f"a refused append changed the builder: {exc}") from None
            steps.append(_error(exc))
            continue
        # the builder takes int subclasses (bools too) as Record does, make_batch ints
        stamp = int(op.timestamp) if op.timestamp is not None else \
            base if base is not None else records[0]["timestamp"] if records else FIXED_NOW
        records.append({"offset": before[1] if offset is None else int(offset),
                        "timestamp": stamp, "key": op.key, "value": op.value,
                        "headers": [tuple(h) for h in op.headers]})
        if base is None:
            base = records[0]["timestamp"]
        steps.append(None)
        if (len(builder), builder.next_offset) != (len(records), records[-1]["offset"] + 1):
            raise BuilderMismatch(f"after append {len(steps) - 1}: {len(builder)} records, "
                                  f"next offset {builder.next_offset}")
    steps.append(_build(builder, plan, records))
    return steps, len(builder), builder.next_offset


def _reference(plan: Plan, records: list[dict[str, Any]]) -> bytes:
    from kformat.records.building import build_batch, make_batch

    return build_batch(make_batch(records, **plan.fields), compression_level=plan.level)


def _check_refused(plan: Plan, exc: KFormatError) -> None:
    """A builder refusing its fields fails as ``make_batch`` of no records does."""
    try:
        _reference(plan, [])
    except KFormatError as ref:  # several bad fields: each may name another first
        if type(ref) is type(exc) and exc.field_path:
            return
        raise BuilderMismatch(f"the builder refused its fields with {exc!r}, "
                              f"build_batch(make_batch([])) with {ref!r}") from None
    raise BuilderMismatch(f"the builder refused its fields ({exc!r}), "
                          "build_batch(make_batch([])) did not") from None


def _build(builder: Any, plan: Plan, records: list[dict[str, Any]]) -> Any:
    """One build: its bytes (checked against the reference and parsed back) or error."""
    try:
        built = builder.build()
    except KFormatError as exc:
        try:
            _reference(plan, records)
        except KFormatError as ref:
            if (type(ref), ref.field_path) != (type(exc), exc.field_path):
                raise BuilderMismatch(f"build() raised {exc!r}, the reference {ref!r}") from None
            return _error(exc)
        raise BuilderMismatch(f"build() raised {exc!r}, the reference built") from None
    try:
        expected = _reference(plan, records)
    except KFormatError as ref:
        raise BuilderMismatch(f"build() built, the reference raised {ref!r}") from None
    if built != expected:
        raise BuilderMismatch(f"build() of {len(records)} records differs from "
                              "build_batch(make_batch(...))")
    _check_parsed(built, plan, records)
    size = builder.uncompressed_size
    if size != len(built) if plan.fields["codec"] in ("none", 0) else size < 61:
        raise BuilderMismatch(f"uncompressed_size {builder.uncompressed_size}, built "
                              f"{len(built)} bytes")
    return built, size


def _check_parsed(built: bytes, plan: Plan, records: list[dict[str, Any]]) -> None:
    from kformat.records.api import parse_batches

    batches = parse_batches(built, decompression_limit=1 << 24)
    if len(batches) != 1:
        raise BuilderMismatch(f"the built bytes parse as {len(batches)} batches")
    batch = batches[0]
    log_append = int(plan.fields["timestamp_type"]) == 1
    got = [(r.offset, r.timestamp, r.key, r.value, [tuple(h) for h in r.headers])
           for r in batch.records]
    want = [(r["offset"], batch.max_timestamp if log_append else r["timestamp"],
             _plain(r["key"]), _plain(r["value"]), [(k, _plain(v)) for k, v in r["headers"]])
            for r in records]
    if got != want:
        raise BuilderMismatch(f"the built batch parses back to other records: {got[:3]} "
                              f"vs {want[:3]}")
    for name in ("base_offset", "producer_id", "producer_epoch", "base_sequence",
                 "partition_leader_epoch", "is_transactional", "is_control"):
        if name in plan.fields and getattr(batch, name) != plan.fields[name]:
            raise BuilderMismatch(f"the built batch's {name} is {getattr(batch, name)!r}, "
                                  f"given {plan.fields[name]!r}")


def _plain(value: Any) -> Any:
    return bytes(value) if isinstance(value, bytearray | memoryview) else value


# --------------------------------------------------------------------------- seeds


def encode_int(value: int | None) -> bytes:
    """The bytes :func:`decode` reads as the int ``value`` (None: the None marker)."""
    if value is None:
        return b"\xff"
    if value in INTS:
        return bytes([INTS.index(value)])
    if len(INTS) <= value + _SMALL < 0xF0:
        return bytes([value + _SMALL])
    return b"\xf3" + value.to_bytes(8, "big", signed=True)


def encode_bytes(value: bytes | None) -> tuple[int, bytes]:
    """``(kind, bytes)`` of a literal key or value (None: kind 0)."""
    if value is None:
        return 0, b""
    if len(value) < 0xFF:
        return 1, bytes([len(value)]) + value
    return 1, b"\xff" + struct.pack(">H", len(value)) + value


def _append(timestamp: int | None, key: bytes | None, value: bytes | None,
            headers: tuple[tuple[str, bytes | None], ...] = (), offset: int | None = None,
            fill_value: tuple[int, int, int] | None = None) -> bytes:
    kk, kb = encode_bytes(key)
    vk, vb = encode_bytes(value)
    if fill_value is not None:
        vk, vb = 2, bytes([fill_value[2], fill_value[0], fill_value[1] & 0xFF])
    op = (timestamp is not None) | (offset is not None) << 1 | kk << 2 | vk << 4 | \
        bool(headers) << 6
    out = bytes([op])
    if timestamp is not None:
        out += encode_int(timestamp)
    if offset is not None:
        out += b"\x80" + encode_int(offset)
    out += kb + vb
    if headers:
        out += bytes([len(headers)])
        for k, v in headers:
            raw = k.encode("utf-8", "surrogateescape")
            out += bytes([len(raw) << 2]) + raw
            hk, hb = encode_bytes(v)
            out += bytes([hk]) + hb
    return out


def seeds() -> list[bytes]:
    """Inputs of every codec and both timestamp types: plain appends, offsets given,
    headers, a None timestamp, a record over 16 KiB, a build in the middle, bad fields."""
    out = []
    for c in range(5):
        for flags in (0, 0x04 | 0x08, 0x01 | 0x10 | 0x80):
            head = bytes([c, flags]) + encode_int(1000)
            if flags & 8:
                head += encode_int(FIXED_NOW)
            if flags & 0x10:
                head += encode_int(3 if c == 4 else 1 if c == 1 else None)
            if flags & 0x80:
                head += encode_int(4242) + encode_int(3) + encode_int(17) + encode_int(5)
            body = (_append(FIXED_NOW + 1, b"k0", b"v0")
                    + _append(None, None, b"v1", (("h", b"x"), ("n", None)))
                    + _append(FIXED_NOW - 5, b"k2", None, offset=1010)
                    + b"\xff"
                    + _append(FIXED_NOW + 9, b"", b"", (("\xe9t\xe9", b""),))
                    + _append(FIXED_NOW + 10, b"k", None, fill_value=(7, 5, ord("z"))))
            out.append(head + body)
    out.append(bytes([0, 0]) + encode_int(0) + _append(None, b"k", b"v"))  # clock's time
    out.append(bytes([7, 0]) + encode_int(0))  # an unknown codec
    out.append(bytes([0, 0x40]) + encode_int(0))  # timestamp type -1
    out.append(bytes([1, 0x41]) + encode_int(0))  # timestamp type 2
    out.append(bytes([1, 0x10]) + encode_int(0) + encode_int(100) + _append(1, b"k", b"v"))
    out.append(bytes([0, 0]) + encode_int(5) + _append(1, b"k", b"v", offset=3))  # below
    out.append(bytes([0, 0]) + encode_int(0) + _append(1, b"k", b"v", (("\udcff", b""),)))
    return out
