"""Body grammars by kind, their compiled forms, and the version prefixes around them.

Kafka stores the messages of its non-RPC specs (metadata records, coordinator records,
``data`` specs) behind small frames: an INT16 version (``MessageUtil.toVersionPrefixedBytes``),
a varint frame (``AbstractApiMessageSerde``), or nothing. Each body is declared once, by its
``.kfg`` grammar compiled by :func:`~kformat.spec.compiler.body_grammar`; the frames are
read here with the :mod:`kformat.primitives.runtime` readers, and the body is handed to the
cached :class:`~kformat.primitives.CompiledGrammar`.

Errors raised while decoding a body are relocated to the enclosing buffer: their ``offset``
is absolute in the bytes handed to the public function and their ``path`` starts with the
part (``key``/``value``) when one is named.
"""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO
from typing import TYPE_CHECKING, Any, Final, Generic

from kformat.errors import EncodeError, KFormatError, UnsupportedVersionError, join_path
from kformat.primitives import CompiledGrammar, KStruct
from kformat.primitives import runtime as rt
from kformat.spec.compiler import body_grammar, check_required
from kformat.spec.registry import load_registry
from kformat.spec.schema import MessageDef

__all__ = [
    "GRAMMAR_KINDS",
    "Versioned",
    "build_body",
    "check_version",
    "compiled",
    "compiled_for",
    "decode_prefixed",
    "encode_lookup",
    "encode_prefixed",
    "grammar_for",
    "highest_version",
    "int16_prefix",
    "join_path",
    "parse_body",
    "read_int16",
    "read_int32",
    "read_uint32",
    "read_uvarint",
    "schema_for",
]

if TYPE_CHECKING:  # typing.TypeVar takes default= from Python 3.13 only
    from typing_extensions import TypeVar

    ValueT = TypeVar("ValueT", default=dict[str, Any])
else:
    from typing import TypeVar

    ValueT = TypeVar("ValueT")

GRAMMAR_KINDS: Final = ("metadata", "coordinator-key", "coordinator-value", "data")
_DEFAULT_GROUP: Final = {"metadata": "metadata", "coordinator-key": "group",
                         "coordinator-value": "group"}


@dataclass(frozen=True)
class Versioned(Generic[ValueT]):
    """A decoded versioned value.

    ``schema`` is the grammar name, ``version`` the version found on the wire, ``value`` the
    body (a dict with every field), ``record_type`` the metadata api key, coordinator record
    type or control type where there is one. ``read_as`` is the version the body was read at:
    it differs from ``version`` only when a format reads a newer version as the newest one it
    knows (as Kafka does for consumer-protocol data and transaction markers), and is None when
    only a version header was read. The type parameter is the body's type (``dict[str, Any]``
    unless a typed call says which :mod:`kformat.messages` types it can be).
    """

    schema: str
    version: int
    value: ValueT
    record_type: int | None = None
    read_as: int | None = None


# --------------------------------------------------------------------------- lookups


def schema_for(kind: str, name_or_type: int | str, *, group: str | None = None) -> MessageDef:
    """The grammar of ``kind`` named ``name_or_type``, or with that record type.

    Record types are looked up in ``group``: ``metadata`` (default) or ``remote-log`` for
    ``metadata``; ``group`` (default), ``share`` or ``transaction`` for the coordinator kinds.
    ``data`` grammars are looked up by name only.
    """
    if kind not in GRAMMAR_KINDS:
        raise UnsupportedVersionError(f"no record grammars of kind {kind!r}", actual=kind,
                                      expected=GRAMMAR_KINDS)
    registry = load_registry()
    if isinstance(name_or_type, str):
        msg = registry.message(name_or_type)
        if msg.kind != kind:
            raise UnsupportedVersionError(f"{msg.name} is a {msg.kind} grammar, not {kind}",
                                          actual=name_or_type)
        return msg
    if isinstance(name_or_type, bool) or not isinstance(name_or_type, int) or kind == "data":
        raise UnsupportedVersionError(f"a {kind} grammar is looked up by "
                                      f"{'name' if kind == 'data' else 'name or record type'}",
                                      actual=name_or_type)
    where = group or _DEFAULT_GROUP[kind]
    if kind == "metadata":
        return registry.metadata_record(name_or_type, group=where)
    if kind == "coordinator-key":
        return registry.coordinator_key(where, name_or_type)
    return registry.coordinator_value(where, name_or_type)


def check_version(msg: MessageDef, version: object, *, path: str = "version",
                  offset: int | None = None,
                  error: type[KFormatError] = UnsupportedVersionError) -> int:
    """Refuse a version ``msg`` does not define (``error``, by default
    :class:`UnsupportedVersionError`; encoders pass :class:`EncodeError`); return it."""
    if isinstance(version, bool) or not isinstance(version, int) or version not in msg.valid:
        raise error(f"{msg.name} has no version {version!r}", path=path, offset=offset,
                    expected=str(msg.valid), actual=version)
    return version


def highest_version(msg: MessageDef) -> int:
    """The newest version of ``msg`` (grammars have bounded version ranges)."""
    highest = msg.valid.highest
    if highest is None:
        raise EncodeError(f"{msg.name} has no versions")
    return highest


def grammar_for(kind: str, name_or_type: int | str, version: int, *,
                group: str | None = None) -> KStruct:
    """The construct grammar of one record body (the hook behind ``api.grammar``).

    ``kind`` is ``metadata``, ``coordinator-key``, ``coordinator-value`` or ``data``; see
    :func:`schema_for` for ``name_or_type`` and ``group``. The grammar is the body only,
    without the frame or version prefix Kafka puts around it.
    """
    msg = schema_for(kind, name_or_type, group=group)
    check_version(msg, version)
    return body_grammar(msg, version)


_COMPILED: dict[tuple[int, int], tuple[MessageDef, CompiledGrammar]] = {}
_COMPILED_KEPT = 4096
"""At most this many compiled grammars are kept (emptied when full, as
:func:`kformat.spec.compiler.body_grammar`'s)."""


def compiled(msg: MessageDef, version: int) -> CompiledGrammar:
    """The cached :class:`CompiledGrammar` of ``msg`` at ``version``."""
    hit = _COMPILED.get((id(msg), version))
    if hit is None or hit[0] is not msg:
        check_version(msg, version)
        hit = (msg, CompiledGrammar(body_grammar(msg, version), f"{msg.name} v{version}",
                                    native=True))
        if len(_COMPILED) >= _COMPILED_KEPT:
            _COMPILED.clear()
        _COMPILED[(id(msg), version)] = hit
    return hit[1]


def compiled_for(kind: str, name_or_type: int | str, version: int, *,
                 group: str | None = None) -> CompiledGrammar:
    """:func:`grammar_for`, compiled once and cached."""
    return compiled(schema_for(kind, name_or_type, group=group), version)


# --------------------------------------------------------------------------- bodies


def encode_lookup(exc: KFormatError, path: str) -> EncodeError:
    """A lookup failure met while encoding, as the :class:`EncodeError` it is."""
    return EncodeError(exc.reason, path=path, expected=exc.expected, actual=exc.actual)


def parse_body(msg: MessageDef, version: int, data: bytes, start: int = 0, *,
               part: str = "", exact: bool = True) -> dict[str, Any]:
    """Decode the body of ``msg`` at ``version`` from ``data[start:]``.

    With ``exact`` the body must end the buffer; without, bytes after it are ignored.
    """
    grammar = compiled(msg, version)
    try:
        value: dict[str, Any] = grammar.parse(data[start:] if start else data, exact=exact)
        return value
    except KFormatError as exc:
        raise exc.relocated(start, prefix=part) from None


def build_body(msg: MessageDef, version: int, body: Any, *, part: str = "",
               strict: bool = False) -> bytes:
    """Encode ``body`` as ``msg`` at ``version``; missing fields take their defaults
    (``strict``: those the spec gives no default are an error, as
    :func:`kformat.protocol.api.build_request` says)."""
    check_version(msg, version, path=join_path(part, "version"), error=EncodeError)
    try:
        if strict:
            check_required(msg, version, body)
        built: bytes = compiled(msg, version).build(body)
        return built
    except KFormatError as exc:
        raise exc.relocated(prefix=part) from None


# --------------------------------------------------------------------------- prefixes


def _stream(data: bytes, at: int) -> BytesIO:
    io = BytesIO(data)
    io.seek(at)
    return io


def read_int16(data: bytes, at: int, path: str) -> int:
    """The big-endian INT16 at ``data[at:]`` (:class:`TruncatedError` when cut short)."""
    value: int = rt.p_fixed(_stream(data, at), rt.INT16, path)
    return value


def read_int32(data: bytes, at: int, path: str) -> int:
    """The big-endian INT32 at ``data[at:]``."""
    value: int = rt.p_fixed(_stream(data, at), rt.INT32, path)
    return value


def read_uint32(data: bytes, at: int, path: str) -> int:
    """The big-endian UINT32 at ``data[at:]``."""
    value: int = rt.p_fixed(_stream(data, at), rt.UINT32, path)
    return value


def read_uvarint(data: bytes, at: int, path: str) -> tuple[int, int]:
    """The UNSIGNED_VARINT at ``data[at:]`` and the offset after it (at most 5 bytes)."""
    io = _stream(data, at)
    return rt.p_uvarint(io, path), io.tell()


def int16_prefix(version: int, path: str = "version") -> bytes:
    """The INT16 version prefix of ``MessageUtil.toVersionPrefixedBytes``."""
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version <= 0x7FFF:
        raise EncodeError("a version is an int16 >= 0", path=path, actual=version)
    return rt.INT16.pack(version)


def decode_prefixed(msg: MessageDef, data: bytes, *, part: str = "", forward: bool = False,
                    record_type: int | None = None) -> Versioned:
    """``version:INT16`` then the body of ``msg`` at that version, to the end of ``data``.

    With ``forward`` a version newer than the newest grammar is read as the newest one and
    the bytes after it are ignored (``read_as`` tells); otherwise it is refused.
    """
    path = join_path(part, "version")
    version = read_int16(data, 0, path)
    read_as = version
    highest = msg.valid.highest
    if forward and highest is not None and version > highest:
        read_as = highest
    check_version(msg, read_as, path=path, offset=0)
    value = parse_body(msg, read_as, data, 2, part=part, exact=read_as == version)
    return Versioned(msg.name, version, value, record_type, read_as)


def encode_prefixed(msg: MessageDef, body: Any, version: int | None = None, *,
                    part: str = "") -> bytes:
    """The inverse of :func:`decode_prefixed`; ``version`` defaults to the newest."""
    if version is None:
        version = highest_version(msg)
    path = join_path(part, "version")
    check_version(msg, version, path=path, error=EncodeError)
    return int16_prefix(version, path) + build_body(msg, version, body, part=part)
