"""Building blocks of the magic 0/1 message grammar (Kafka documentation, "Old Message Format").

The CRC guard is :class:`kformat.records.blocks.CrcGuard` (CRC-32 here); these blocks are
what only legacy messages need:

* :class:`LegacyMagic`: ``magic`` INT8, 0 or 1 (:class:`~kformat.errors.UnsupportedVersionError`
  otherwise); an inner message's magic must equal its wrapper's.
* :class:`LegacyAttributes`: ``attributes`` INT8. Codec bits 0-2 name gzip, snappy or lz4;
  4 (zstd, magic 2 only) and 5-7 raise :class:`~kformat.errors.UnsupportedCodecError`. An
  inner message may not be compressed again (Kafka allows one level of nesting):
  :class:`~kformat.errors.LimitExceededError`. Unused bits (3-7 on magic 0, 4-7 on magic 1)
  are accepted when parsing and refused when building.
* :class:`LegacyValue`: the ``value`` (BYTES, nullable) and, when the codec is not none, the
  compression tunnel to the inner message set. It is flattened into the message, giving
  ``value`` (the bytes on the wire, compressed for a wrapper) and ``messages`` (the parsed
  inner message set, or ``None``). Decompression is capped by the ``decompression_limit``
  parameter (default :data:`~kformat.records.codecs.DEFAULT_DECOMPRESSION_LIMIT`), read
  like :mod:`kformat.records.blocks` reads its parameters.

Interpreted and compiled code call the same functions below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from io import BytesIO
from typing import Any

from construct import Construct

from kformat.errors import (
    EncodeError,
    InvalidValueError,
    KFormatError,
    LimitExceededError,
    UnsupportedCodecError,
    UnsupportedVersionError,
)
from kformat.primitives import runtime as rt
from kformat.primitives.base import KConstruct, evaluate
from kformat.primitives.emitting import emit_function
from kformat.records.blocks import get_param, relocate, sub_path
from kformat.records.codecs import (
    CODEC_MASK,
    DEFAULT_DECOMPRESSION_LIMIT,
    codecs_for,
    compress,
    decompress,
    find_codec,
)
from kformat.records.enums import TimestampType
from kformat.records.framing import TIMESTAMP_TYPE_FLAG
from kformat.records.model import Record

__all__ = ["LEGACY_RECORD_SHAPE", "LegacyAttributes", "LegacyMagic", "LegacyRecordShape",
           "LegacyValue"]

MAGICS = (0, 1)
LEGACY_CODECS = tuple(int(c) for c in codecs_for(max(MAGICS)))
UNUSED_BITS = {0: 0xF8, 1: 0xF0}
"""The attribute bits each magic leaves unused (accepted when parsing, 0 when building)."""
VALUE_PREFIX = "int32"
"""The length prefix of ``value`` (BYTES, nullable)."""
_IMPORT = "import kformat.records.legacy_blocks as _lb\nfrom io import BytesIO"


# --------------------------------------------------------------------------- helpers


def _emit_expr(value: Any) -> str:
    return repr(value) if value is not None else "None"


# --------------------------------------------------------------------------- magic


def p_legacy_magic(io: Any, expected: int | None, path: str = "") -> int:
    start = io.tell()
    magic: int = rt.p_fixed(io, rt.INT8, path)
    if expected is not None:
        if magic != expected:
            raise InvalidValueError("inner message magic differs from its wrapper's",
                                    path=path, offset=start, expected=expected, actual=magic)
    elif magic not in MAGICS:
        raise UnsupportedVersionError("not a magic 0/1 message", path=path, offset=start,
                                      expected=MAGICS, actual=magic)
    return magic


def b_legacy_magic(obj: Any, io: Any, expected: int | None, path: str = "") -> Any:
    if expected is not None:
        if obj != expected:
            raise EncodeError("inner message magic differs from its wrapper's", path=path,
                              expected=expected, actual=obj)
    elif isinstance(obj, bool) or obj not in MAGICS:
        raise EncodeError("legacy messages have magic 0 or 1", path=path, expected=MAGICS,
                          actual=obj)
    return rt.b_fixed(obj, io, rt.INT8, path)


class LegacyMagic(KConstruct):
    """``magic`` INT8: 0 or 1, or exactly ``match`` (an expression) for inner messages."""

    min_size = 1

    def __init__(self, match: Any = None) -> None:
        super().__init__()
        self.match = match

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        return p_legacy_magic(stream, evaluate(self.match, context), path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        return b_legacy_magic(obj, stream, evaluate(self.match, context), path)

    def _emitparse(self, code: Any) -> str:
        code.append(_IMPORT)
        return f"_lb.p_legacy_magic(io, {_emit_expr(self.match)})"

    def _emitbuild(self, code: Any) -> str:
        code.append(_IMPORT)
        return f"_lb.b_legacy_magic(obj, io, {_emit_expr(self.match)})"

    def __repr__(self) -> str:
        return f"LegacyMagic({self.match!r})"


# --------------------------------------------------------------------------- attributes


def _codec_problem(codec: int, nested: bool) -> tuple[type[KFormatError], str] | None:
    """What is wrong with the codec bits of a legacy message, if anything."""
    if codec not in LEGACY_CODECS:
        spec = find_codec(codec)
        if spec is not None:
            return UnsupportedCodecError, spec.magic_reason()
        return UnsupportedCodecError, f"compression codec {codec} is not defined by Kafka"
    if nested and codec:
        return (LimitExceededError,
                "an inner message is compressed again: Kafka allows one level of nesting")
    return None


def allowed_codecs(nested: bool) -> tuple[int, ...]:
    """The codec bits a message's attributes may hold (an inner message's: none)."""
    return tuple(c for c in range(CODEC_MASK + 1) if _codec_problem(c, nested) is None)


def p_legacy_attributes(io: Any, nested: bool, path: str = "") -> int:
    start = io.tell()
    attributes: int = rt.p_fixed(io, rt.INT8, path)
    problem = _codec_problem(attributes & CODEC_MASK, nested)
    if problem:
        error, reason = problem
        if error is LimitExceededError:  # expected/actual: the nesting depth
            raise error(reason, path=path, offset=start, expected=1, actual=2)
        raise error(reason, path=path, offset=start, expected=LEGACY_CODECS,
                    actual=attributes & CODEC_MASK)
    return attributes


def b_legacy_attributes(obj: Any, io: Any, magic: Any, nested: bool, path: str = "") -> Any:
    if isinstance(obj, bool) or not isinstance(obj, int) or not -128 <= obj <= 127:
        raise EncodeError("attributes needs an int8", path=path, actual=obj)
    problem = _codec_problem(obj & CODEC_MASK, nested)
    if problem:
        raise EncodeError(problem[1], path=path, actual=obj & CODEC_MASK)
    if obj & UNUSED_BITS[0 if magic == 0 else 1]:
        raise EncodeError(f"unused attribute bits must be 0 on magic {magic}", path=path,
                          actual=obj)
    return rt.b_fixed(obj, io, rt.INT8, path)


class LegacyAttributes(KConstruct):
    """``attributes`` INT8 of a legacy message; ``nested`` for an inner message."""

    min_size = 1

    def __init__(self, magic: Any, nested: bool = False) -> None:
        super().__init__()
        self.magic = magic
        self.nested = nested

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        return p_legacy_attributes(stream, self.nested, path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        return b_legacy_attributes(obj, stream, evaluate(self.magic, context), self.nested,
                                   path)

    def _emitparse(self, code: Any) -> str:
        code.append(_IMPORT)
        return f"_lb.p_legacy_attributes(io, {self.nested})"

    def _emitbuild(self, code: Any) -> str:
        code.append(_IMPORT)
        return f"_lb.b_legacy_attributes(obj, io, {_emit_expr(self.magic)}, {self.nested})"

    def __repr__(self) -> str:
        return f"LegacyAttributes(nested={self.nested})"


# --------------------------------------------------------------------------- value tunnel


def p_legacy_value(io: Any, this: Any, codec: int, magic: int,
                   parse_inner: Callable[[Any], Any], path: str = "") -> dict[str, Any]:
    """``value``; for a wrapper also its decompressed, parsed inner message set."""
    vpath = sub_path(path, "value")
    start = io.tell()
    raw = rt.p_blob(io, VALUE_PREFIX, True, vpath)
    if not codec:
        return {"value": raw, "messages": None}
    if raw is None:
        raise InvalidValueError("a compressed wrapper message has a null value", path=vpath,
                                offset=start)
    limit = get_param(this, "decompression_limit", DEFAULT_DECOMPRESSION_LIMIT)
    data = decompress(codec, raw, limit=limit, magic=magic, offset=start + 4, path=vpath)
    try:
        messages = parse_inner(BytesIO(data))
    except KFormatError as exc:
        raise relocate(exc, start + 4, codec) from None  # at the compressed payload
    return {"value": raw, "messages": messages}


def b_legacy_value(obj: Any, io: Any, codec: int, magic: int,
                   build_inner: Callable[[Any], bytes], path: str = "") -> Any:
    """Write ``value``: as given, or for a wrapper without one, its compressed ``messages``."""
    objdict = rt.struct_values(obj, None, path)
    vpath = sub_path(path, "value")
    value = objdict.get("value")
    messages = objdict.get("messages")
    if not codec:
        if messages is not None:
            raise EncodeError("inner messages need a compression codec", path=sub_path(path,
                              "messages"))
    elif value is None:
        if not isinstance(messages, list | tuple):
            raise EncodeError("a compressed wrapper needs its inner messages (or its value)",
                              path=sub_path(path, "messages"),
                              actual=type(messages).__name__)
        try:
            value = compress(codec, build_inner(messages), magic=magic)
        except EncodeError as exc:
            if exc.field_path:
                raise
            raise EncodeError(exc.reason, path=vpath, expected=exc.expected,
                              actual=exc.actual) from None
    rt.b_blob(value, io, VALUE_PREFIX, True, vpath)
    return obj


class LegacyValue(KConstruct):
    """``value`` BYTES, tunnelled to ``inner`` (a message set) when ``codec`` is not 0.

    Flattened into the message: parses to ``{"value": bytes | None, "messages": list |
    None}``. When building a wrapper, a given ``value`` is written unchanged (the peer's
    compressed bytes, for a byte-exact round trip); without one, ``messages`` is built and
    compressed the Java client's way.
    """

    flatten = True
    min_size = 4

    def __init__(self, codec: Any, magic: Any, inner: Construct) -> None:
        super().__init__()
        self.codec = codec
        self.magic = magic
        self.subcon = inner

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        def parse_inner(sub: Any) -> Any:
            return self.subcon._parsereport(sub, context, sub_path(path, "messages"))

        return p_legacy_value(stream, context, evaluate(self.codec, context),
                              evaluate(self.magic, context), parse_inner, path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        def build_inner(messages: Any) -> bytes:
            sub = BytesIO()
            self.subcon._build(messages, sub, context, sub_path(path, "messages"))
            return sub.getvalue()

        return b_legacy_value(obj, stream, evaluate(self.codec, context),
                              evaluate(self.magic, context), build_inner, path)

    def _emitparse(self, code: Any) -> str:
        code.append(_IMPORT)
        return emit_function(code, "parse", "legacyvalue", [
            "def parse_inner(io):",
            f"    return {self.subcon._compileparse(code)}",
            f"return _lb.p_legacy_value(io, this, {self.codec!r}, {self.magic!r}, parse_inner)"])

    def _emitbuild(self, code: Any) -> str:
        code.append(_IMPORT)
        return emit_function(code, "build", "legacyvalue", [
            "def build_inner(obj):",
            "    io = BytesIO()",
            f"    {self.subcon._compilebuild(code)}",
            "    return io.getvalue()",
            f"return _lb.b_legacy_value(obj, io, {self.codec!r}, {self.magic!r}, build_inner)"])

    def __repr__(self) -> str:
        return f"LegacyValue({self.subcon!r})"


# --------------------------------------------------------------------------- inner records


@dataclass(frozen=True)
class LegacyRecordShape:
    """How a wrapper's inner entries become :class:`Record` values, declared once: the Python
    path calls :meth:`resolve`, the native engine lowers the shape (a factory of the inner
    entry struct) to a ``RECORD_SET`` node (:mod:`kformat.engine.plan`) that makes the
    records in C by the same rules:

    * the timestamp type is LogAppendTime when the wrapper's magic is ``relative_magic`` and
      its attributes have ``log_append_time`` set; every record then reports the wrapper's
      timestamp, else its own (-1 on magic 0, which has none);
    * on magic ``relative_magic`` the inner offsets are relative to the wrapper's offset, which
      is the *last* inner message's: ``offset = base + inner`` with ``base = wrapper_offset -
      last_inner``, or 0 when that is negative (a client-side wrapper has offset 0: the inner
      offsets stand as they are, as kafka-python reads them; Kafka's
      ``AbstractLegacyRecordBatch`` takes base 0 for such a wrapper); on magic 0 they are
      absolute;
    * ``offset_delta`` and ``timestamp_delta`` are the differences from the first record's.

    On build (:meth:`wire_offset`; the node's build side writes native records by the same
    rule), an inner offset is the record's offset minus the first record's on magic
    ``relative_magic``, else the record's; the inner message takes the record's timestamp,
    key, value and attributes and the wrapper's magic. A record of an uncompressed batch is
    a message of its own (:meth:`message_attributes`; ``_native.legacy_messages``).
    """

    fields: tuple[str, str] = ("offset", "message")
    """The inner entry struct's fields: the offset and the message."""
    timestamp: str = "timestamp"
    key: str = "key"
    value: str = "value"
    attributes: str = "attributes"
    """The inner message's fields (also the wrapper's ``attributes`` and ``timestamp``)."""
    magic: str = "magic"
    """The wrapper message's magic field."""
    relative_magic: int = 1
    log_append_time: int = TIMESTAMP_TYPE_FLAG

    @property
    def record_type(self) -> type:
        """The :class:`Record` class records are made of (the native one when built)."""
        return Record

    def __call__(self, *values: Any) -> tuple[Any, ...]:
        """The Python path's factory: the entry's values as they are (see :meth:`resolve`)."""
        return values

    def wire_offset(self, offset: int, first: int, magic: int) -> int:
        """The inner offset written for a record at ``offset`` in a wrapper of ``magic`` whose
        first record is at ``first``."""
        return offset - first if magic == self.relative_magic else offset

    def message_attributes(self, attributes: int, timestamp_type: int, magic: int) -> int:
        """The attributes of a record written as a message of its own (no wrapper): its
        own without the codec bits and the LogAppendTime flag, the flag set on magic
        ``relative_magic`` when its timestamp type is not CreateTime."""
        attributes &= ~(CODEC_MASK | self.log_append_time)
        if magic == self.relative_magic and timestamp_type:
            attributes |= self.log_append_time
        return attributes

    def resolve(self, entries: list[Any], wrapper_offset: int,
                wrapper: dict[str, Any]) -> list[Record]:
        """The records of a wrapper's inner ``entries`` (``(offset, message)`` values, or
        dicts), the wrapper at ``wrapper_offset`` being the message ``wrapper``."""
        rows = [(e[self.fields[0]], e[self.fields[1]]) if isinstance(e, dict) else e
                for e in entries]
        relative = wrapper[self.magic] == self.relative_magic
        log_append = relative and bool(wrapper[self.attributes] & self.log_append_time)
        kind = TimestampType.LOG_APPEND_TIME if log_append else TimestampType.CREATE_TIME
        base = max(wrapper_offset - rows[-1][0], 0) if relative and rows else 0
        stamps = [wrapper[self.timestamp] if log_append else
                  (-1 if m[self.timestamp] is None else m[self.timestamp]) for _o, m in rows]
        first_offset = rows[0][0] if rows else 0
        first_stamp = stamps[0] if rows else 0
        return [Record(base + o, stamp, m[self.key], m[self.value], (), kind,
                       m[self.attributes], o - first_offset, stamp - first_stamp)
                for (o, m), stamp in zip(rows, stamps, strict=True)]


LEGACY_RECORD_SHAPE = LegacyRecordShape()
"""The inner entries of :data:`kformat.records.legacy.LegacyInnerMessageSet` as records."""
