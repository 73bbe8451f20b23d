"""Parse and build whole protocol messages: header + body (Kafka's protocol guide).

A *frame* here is what follows the 4-byte size prefix (see :mod:`kformat.protocol.framing`)::

    request  => RequestHeader  body          response => ResponseHeader body
    RequestHeader v0 => api_key:INT16 api_version:INT16 correlation_id:INT32
    RequestHeader v1 => v0 + client_id:NULLABLE_STRING
    RequestHeader v2 => v1 + TAG_BUFFER       (client_id keeps its INT16 length)
    ResponseHeader v0 => correlation_id:INT32
    ResponseHeader v1 => v0 + TAG_BUFFER

The header version follows from the API's flexible versions, as Kafka's
``ApiMessageType.requestHeaderVersion`` / ``responseHeaderVersion`` decide it: a request uses
v2 when its version is flexible, else v1 (ControlledShutdown v0 alone uses v0); a response
uses v1 when flexible, else v0, except ApiVersions responses, which always use v0 so that a
client can read them whatever version it asked for (KIP-511).

Bodies are plain dicts keyed by snake_case field names (see
:mod:`kformat.spec.compiler`); ``records`` fields are
:class:`~kformat.spec.records_field.RecordSet`. Parsing and building run on the compiled
fast path (:class:`~kformat.primitives.CompiledGrammar`); a failure is re-run by the
interpreter to raise the precise error, whose ``offset`` counts from the start of the frame.
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Mapping
from dataclasses import dataclass, field
from io import BytesIO
from typing import TYPE_CHECKING, Any, Final, Generic, NamedTuple

from construct import Construct

from kformat.errors import (
    DecodeError,
    EncodeError,
    KFormatError,
    TruncatedError,
    UnsupportedVersionError,
)
from kformat.primitives import UNKNOWN_TAGS, CompiledGrammar
from kformat.spec.compiler import body_grammar, check_required
from kformat.spec.registry import load_registry
from kformat.spec.schema import MessageDef

__all__ = [
    "BODY_KINDS",
    "Request",
    "RequestHead",
    "Response",
    "build_request",
    "build_response",
    "compiled_grammar",
    "expects_response",
    "grammar",
    "parse_request",
    "parse_response",
    "peek_request_header",
    "peek_response_header",
    "request_header_version",
    "resolve_api",
    "response_header_version",
]

PRODUCE: Final = 0
CONTROLLED_SHUTDOWN: Final = 7
API_VERSIONS: Final = 18
BODY_KINDS: Final = ("request", "response")
HEADER_KINDS: Final = ("request-header", "response-header")
_KEY_VERSION: Final = struct.Struct(">hh")
_HEAD: Final = struct.Struct(">hhi")
"""What every request header version starts with: api key, api version, correlation id."""
_CORRELATION_ID: Final = struct.Struct(">i")
"""What every response header version starts with."""

if TYPE_CHECKING:  # typing.TypeVar takes default= from Python 3.13 only
    from typing_extensions import TypeVar

    BodyT = TypeVar("BodyT", default=dict[str, Any])
else:
    from typing import TypeVar

    BodyT = TypeVar("BodyT")


# --------------------------------------------------------------------------- lookups


def resolve_api(api: int | str) -> int:
    """The API key of ``api``: a key (``3``) or a name (``"Metadata"``, ``"MetadataRequest"``).

    Raises :class:`UnsupportedVersionError` for a key or name without grammars.
    """
    if isinstance(api, bool) or not isinstance(api, int | str):
        raise UnsupportedVersionError("an API is a key (int) or a name (str)", actual=api)
    return load_registry().request(api).api_key  # type: ignore[return-value]


def _message(kind: str, api: int | str) -> MessageDef:
    registry = load_registry()
    return registry.request(api) if kind == "request" else registry.response(api)


def _check_version(msg: MessageDef, version: int, offset: int | None = None) -> None:
    if isinstance(version, bool) or not isinstance(version, int) or version not in msg.valid:
        raise UnsupportedVersionError(f"{msg.name} has no version {version!r} (valid: {msg.valid})",
                                      path="header.request_api_version" if offset == 2 else "",
                                      offset=offset, expected=str(msg.valid), actual=version)


def request_header_version(api_key: int, api_version: int) -> int:
    """RequestHeader version of a request: 2 if flexible, else 1; ControlledShutdown v0: 0."""
    if api_key == CONTROLLED_SHUTDOWN and api_version == 0:
        return 0
    return 2 if load_registry().request(api_key).is_flexible(api_version) else 1


def response_header_version(api_key: int, api_version: int) -> int:
    """ResponseHeader version of a response: 1 if flexible, else 0; ApiVersions: always 0."""
    if api_key == API_VERSIONS:
        return 0
    return 1 if load_registry().response(api_key).is_flexible(api_version) else 0


def grammar(api: int | str, version: int, kind: str = "request") -> Construct:
    """The construct grammar of a message body (or header).

    ``kind`` is ``request`` or ``response`` (``api`` a key or name), ``request-header`` or
    ``response-header`` (``version`` the header version; ``api`` is ignored), or a record
    kind (``metadata``, ``coordinator-key``, ``coordinator-value``, ``data``...) served by
    :mod:`kformat.protocol.topics` when that module is installed.
    """
    if kind in BODY_KINDS:
        msg = _message(kind, api)
        _check_version(msg, version)
        return body_grammar(msg, version)
    if kind in HEADER_KINDS:
        msg = load_registry().message("RequestHeader" if kind == "request-header" else "ResponseHeader")
        _check_version(msg, version)
        return body_grammar(msg, version)
    _check_kind(kind)
    return _topics_hook("grammar", kind)(api, version, kind)


def compiled_grammar(api: int | str, version: int, kind: str = "request") -> CompiledGrammar:
    """The cached :class:`CompiledGrammar` of :func:`grammar` (the fast path)."""
    if kind in BODY_KINDS + HEADER_KINDS and (isinstance(version, bool) or not isinstance(version, int)):
        raise UnsupportedVersionError("a version is an int", actual=version)
    if kind in BODY_KINDS:
        return _compiled_body(kind, resolve_api(api), version)
    if kind in HEADER_KINDS:
        return _compiled_header(kind, version)
    _check_kind(kind)
    hook = _topics_hook("compiled_grammar", kind, required=False)
    if hook is not None:
        compiled: CompiledGrammar = hook(api, version, kind)
        return compiled
    return _compiled_other(api, version, kind)


def grammar_kinds() -> tuple[str, ...]:
    """Every ``kind`` :func:`grammar` takes: request, response, the two headers, and the
    record kinds of :mod:`kformat.protocol.versioned`."""
    from kformat.protocol.versioned import GRAMMAR_KINDS

    return BODY_KINDS + HEADER_KINDS + tuple(GRAMMAR_KINDS)


def _check_kind(kind: str) -> None:
    kinds = grammar_kinds()
    if kind not in kinds:
        raise UnsupportedVersionError(
            f"no grammar kind {kind!r}; valid kinds: {', '.join(kinds)}", path="kind",
            expected=kinds, actual=kind)


def _topics_hook(name: str, kind: str, required: bool = True) -> Any:
    """``kformat.protocol.topics.<name>(api, version, kind)``: the record-schema kinds."""
    try:
        from kformat.protocol import topics
    except ImportError:
        topics = None  # type: ignore[assignment]
    hook = getattr(topics, name, None)
    if hook is None and required:
        raise UnsupportedVersionError(f"no grammar kind {kind!r} (known: request, response, "
                                      f"request-header, response-header)", actual=kind)
    return hook


@functools.cache
def _compiled_body(kind: str, key: int, version: int) -> CompiledGrammar:
    msg = _message(kind, key)
    _check_version(msg, version)
    return CompiledGrammar(body_grammar(msg, version), name=f"{msg.name} v{version}",
                           native=True)


@functools.cache
def _compiled_header(kind: str, version: int) -> CompiledGrammar:
    name = "RequestHeader" if kind == "request-header" else "ResponseHeader"
    return CompiledGrammar(grammar(None, version, kind),  # type: ignore[arg-type]
                           name=f"{name} v{version}", native=True)


@functools.lru_cache(maxsize=256)
def _compiled_other(api: int | str, version: int, kind: str) -> CompiledGrammar:
    return CompiledGrammar(grammar(api, version, kind), name=f"{kind} {api} v{version}")


@dataclass(frozen=True, slots=True)
class _Codec:
    """Everything needed to parse or build one (api key, version, direction)."""

    api_key: int
    api_version: int
    api_name: str
    header_version: int
    header: CompiledGrammar
    body: CompiledGrammar


def _codec(kind: str, key: int, version: Any) -> _Codec:
    if isinstance(version, bool) or not isinstance(version, int):  # True == 1 in the cache
        raise UnsupportedVersionError("an API version is an int", actual=version)
    return _cached_codec(kind, key, version)


@functools.cache
def _cached_codec(kind: str, key: int, version: int) -> _Codec:
    msg = _message(kind, key)
    _check_version(msg, version)
    if kind == "request":
        header_version = request_header_version(key, version)
    else:
        header_version = response_header_version(key, version)
    return _Codec(key, version, msg.api_name, header_version,
                  _compiled_header(f"{kind}-header", header_version),
                  _compiled_body(kind, key, version))


def _request_codec(key: int, version: int) -> _Codec:
    """The codec of a request frame; an unknown key or version is located in the frame."""
    try:
        msg = _message("request", key)
    except UnsupportedVersionError as exc:
        raise UnsupportedVersionError(exc.reason, path="header.request_api_key", offset=0,
                                      actual=key) from None
    _check_version(msg, version, offset=2)
    return _codec("request", key, version)


# --------------------------------------------------------------------------- values


@dataclass(slots=True)
class Request:
    """A parsed request frame (``trailing``: bytes after the body, ``strict=False`` only).

    ``header`` is the header dict as parsed (``request_api_key``, ``request_api_version``,
    ``correlation_id``, ``client_id`` and, in header v2, any unknown tagged fields under
    ``_unknown_tags``); ``client_id`` is None in header v0, which has none.
    """

    api_key: int
    api_version: int
    correlation_id: int
    client_id: str | None
    body: dict[str, Any]
    header: dict[str, Any] = field(default_factory=dict)
    header_version: int = 1
    api_name: str = ""
    trailing: bytes = b""

    def to_bytes(self) -> bytes:
        """Build the frame again (see :func:`build_request`), trailing bytes included."""
        return build_request(self.api_key, self.api_version, self.body,
                             correlation_id=self.correlation_id, client_id=self.client_id,
                             header_tagged=self.header.get(UNKNOWN_TAGS)) + self.trailing


@dataclass(slots=True)
class Response(Generic[BodyT]):
    """A parsed response frame; ``header`` holds ``correlation_id`` (+ unknown tags in v1).

    ``Response[ProduceResponseV9]`` says ``body`` is that :mod:`kformat.messages` type (what
    ``kformat.parse_response(frame, "Produce", 9)`` returns to a type checker); a bare
    ``Response`` has a ``dict[str, Any]`` body.

    ``api_version`` is the version asked for; ``parsed_as_version`` the layout the body was
    read in, which differs only for an ApiVersions response read as v0 (KIP-511; None means
    ``api_version``). ``trailing`` holds the bytes after the body (``strict=False`` only).
    """

    api_key: int
    api_version: int
    correlation_id: int
    body: BodyT
    header: dict[str, Any] = field(default_factory=dict)
    header_version: int = 0
    api_name: str = ""
    trailing: bytes = b""
    parsed_as_version: int | None = None

    def __post_init__(self) -> None:
        if self.parsed_as_version is None:
            self.parsed_as_version = self.api_version

    def to_bytes(self) -> bytes:
        """Build the frame again in the layout it was read in (see :func:`build_response`),
        trailing bytes included."""
        version = self.api_version if self.parsed_as_version is None else self.parsed_as_version
        return build_response(self.api_key, version, self.body,
                              correlation_id=self.correlation_id,
                              header_tagged=self.header.get(UNKNOWN_TAGS)) + self.trailing


# --------------------------------------------------------------------------- parsing


def _as_bytes(frame: Any) -> bytes:
    if isinstance(frame, bytes):
        return frame
    if isinstance(frame, bytearray | memoryview):
        return bytes(frame)
    if isinstance(frame, str):
        raise TypeError("a frame is bytes, not str: pass bytes (bytes.fromhex(text) for hex "
                        "text), or read a file with pathlib.Path(name).read_bytes()")
    raise DecodeError("a frame is bytes", actual=type(frame).__name__)


def _header(codec: _Codec, data: bytes) -> tuple[dict[str, Any], int]:
    """The header at the start of a frame and where it ends, by the interpreter: the
    precise error when it does not read."""
    stream = BytesIO(data)
    try:
        return codec.header.parse_stream(stream), stream.tell()
    except Exception:
        try:
            codec.header.parse(data, exact=False)
        except KFormatError as exc:
            raise exc.relocated(prefix="header") from None
        raise DecodeError("header rejected by the compiled parser only", path="header",
                          offset=0) from None


def _parse(codec: _Codec, data: bytes, strict: bool = True) -> tuple[dict[str, Any], dict[str, Any], bytes]:
    """(header, body, trailing bytes) of a frame: the active engine first, the interpreter
    for the error. With ``strict`` bytes after the body are an error (``trailing`` is then b"")."""
    try:
        header, end = codec.header.parse_prefix(data)
        body, end = codec.body.parse_prefix(data, end)
        if end == len(data) or not strict:
            return header, body, data[end:]
    except Exception:
        pass
    header, start = _header(codec, data)
    try:
        body = codec.body.parse(data[start:], exact=strict)
    except KFormatError as exc:
        raise exc.relocated(start) from None
    if strict:
        return header, body, b""
    raise DecodeError("body read by the interpreter only: its end is unknown", offset=start)


class RequestHead(NamedTuple):
    """The fields at the start of a request header (:func:`peek_request_header`)."""

    api_key: int
    api_version: int
    correlation_id: int
    client_id: str | None = None
    """None when not asked for, in header v0 (ControlledShutdown v0), or null."""


def peek_request_header(frame: bytes | bytearray | memoryview, offset: int = 0, *,
                        client_id: bool = True) -> RequestHead:
    """The api key, version, correlation id and client id of the request header at
    ``offset`` (4 in a size-prefixed frame), without reading the body.

    Fewer than the 8 bytes every header version starts with raise :class:`TruncatedError`.
    With ``client_id=False`` nothing more is read, so this holds for any key and version;
    else the header is read by its grammar: an unknown key or version raises
    :class:`UnsupportedVersionError`, a bad client id its error. Offsets are absolute in
    ``frame``.
    """
    data = _as_bytes(frame)
    left = len(data) - offset
    if left < _HEAD.size:
        raise TruncatedError(f"a request header needs at least {_HEAD.size} bytes, "
                             f"{max(left, 0)} available", path="header", offset=offset,
                             expected=_HEAD.size, actual=max(left, 0))
    key, version, cid = _HEAD.unpack_from(data, offset)
    if not client_id:
        return RequestHead(key, version, cid)
    try:
        codec = _request_codec(key, version)
        if codec.header_version == 0:
            return RequestHead(key, version, cid)
        header, _end = _header(codec, data[offset:] if offset else data)
    except KFormatError as exc:
        raise exc.relocated(offset) from None
    return RequestHead(key, version, cid, header["client_id"])


def peek_response_header(frame: bytes | bytearray | memoryview, offset: int = 0) -> int:
    """The correlation id every response header starts with, at ``offset`` (4 in a
    size-prefixed frame); fewer than 4 bytes raise :class:`TruncatedError`. The api key and
    version a response is parsed with are its request's."""
    data = _as_bytes(frame)
    left = len(data) - offset
    if left < _CORRELATION_ID.size:
        raise TruncatedError(f"a response header needs at least {_CORRELATION_ID.size} bytes, "
                             f"{max(left, 0)} available", path="header.correlation_id",
                             offset=offset, expected=_CORRELATION_ID.size, actual=max(left, 0))
    return int(_CORRELATION_ID.unpack_from(data, offset)[0])


def parse_request(frame: bytes | bytearray | memoryview, *, strict: bool = True) -> Request:
    """Parse a request frame (header + body, without the size prefix).

    An unknown api key raises :class:`UnsupportedVersionError` at offset 0, an unknown version
    at offset 2; bad bytes raise the :class:`KFormatError` naming the field path and offset.
    Bytes after the body raise :class:`~kformat.errors.InvalidValueError`, unless ``strict``
    is False: they are then returned as ``Request.trailing``, as a Java broker ignores them
    (librdkafka's ApiVersions v0 request carries four extra zero bytes).
    """
    data = _as_bytes(frame)
    if len(data) < 4:
        raise TruncatedError(f"a request header needs at least 4 bytes, {len(data)} available",
                             path="header", offset=0, expected=4, actual=len(data))
    key, version = _KEY_VERSION.unpack_from(data)
    codec = _request_codec(key, version)
    header, body, trailing = _parse(codec, data, strict)
    return Request(key, version, header["correlation_id"],
                   header["client_id"] if codec.header_version else None, body, header,
                   codec.header_version, codec.api_name, trailing)


def parse_response(frame: bytes | bytearray | memoryview, api_key: int | str,
                   api_version: int, *, strict: bool = True) -> Response:
    """Parse a response frame; the caller knows ``api_key`` and ``api_version`` from the request.

    ``strict`` is as for :func:`parse_request` (trailing bytes in ``Response.trailing``).

    ApiVersions (KIP-511): a broker that does not support the requested version answers
    UNSUPPORTED_VERSION in the v0 layout. As Java's ``ApiVersionsResponse.parse`` does, when
    the body does not read at ``api_version`` (> 0) it is read again as version 0; the
    result keeps ``api_version`` (the request's) and says ``parsed_as_version=0``. As in Java,
    bytes left after a body that reads do not trigger the fallback; if the v0 read fails too,
    the error raised is the one at ``api_version``.
    """
    data = _as_bytes(frame)
    codec = _codec("response", resolve_api(api_key), api_version)
    try:
        header, body, trailing = _parse(codec, data, strict and codec.api_key != API_VERSIONS)
    except KFormatError as exc:
        if codec.api_key != API_VERSIONS or api_version == 0 or exc.field_path.startswith("header"):
            raise
        try:
            codec = _codec("response", API_VERSIONS, 0)
            header, body, trailing = _parse(codec, data, strict)
        except KFormatError:
            raise exc from None
    else:
        if trailing and strict:  # ApiVersions read without the check, as Java reads it
            _parse(codec, data, strict)
    return Response(codec.api_key, api_version, header["correlation_id"], body, header,
                    codec.header_version, codec.api_name, trailing, codec.api_version)


def expects_response(request: Request | bytes | bytearray | memoryview) -> bool:
    """Whether a broker answers this request (a parsed one, or a frame without its size
    prefix): every request but Produce with ``acks=0`` (Kafka's protocol guide; Java's
    ``ProduceRequest`` sends it with ``expectResponse=false``). A frame is read only up to its
    ``acks`` field, so this costs the same for any Produce size; one that does not read that
    far is taken to expect an answer (the broker decides)."""
    if isinstance(request, Request):
        return request.api_key != PRODUCE or request.body.get("acks") != 0
    data = _as_bytes(request)
    if len(data) < 4:
        return True
    key, version = _KEY_VERSION.unpack_from(data)
    if key != PRODUCE:
        return True
    from kformat.primitives import runtime as rt

    try:
        codec = _request_codec(key, version)
        _header, end = codec.header.parse_prefix(data)
        stream = BytesIO(data)
        stream.seek(end)
        if version >= 3:  # transactional_id comes first from v3 on
            rt.p_text(stream, "compact" if codec.header_version >= 2 else "int16", True)
        return bool(rt.p_fixed(stream, rt.INT16) != 0)
    except Exception:  # an unknown version or cut bytes: the broker decides, assume it answers
        return True


# --------------------------------------------------------------------------- building


def _header_tags(header: dict[str, Any], tags: Mapping[int, bytes] | None, flexible: bool) -> None:
    if not tags:
        return
    if not flexible:
        raise EncodeError("this header version has no tagged fields", path="header._unknown_tags")
    if not isinstance(tags, Mapping):
        raise EncodeError("header_tagged needs a {tag: bytes} mapping", path="header._unknown_tags",
                          actual=type(tags).__name__)
    header[UNKNOWN_TAGS] = dict(tags)


def _build(codec: _Codec, header: dict[str, Any], body: Any, kind: str,
           strict: bool) -> bytes:
    try:
        head = codec.header.build(header)
    except KFormatError as exc:
        raise exc.relocated(prefix="header") from None
    if strict:
        check_required(_message(kind, codec.api_key), codec.api_version, body)
    return head + codec.body.build(body)


def build_request(api: int | str, version: int, body: Any, correlation_id: int = 0,
                  client_id: str | None = None,
                  header_tagged: Mapping[int, bytes] | None = None, *,
                  strict: bool = False) -> bytes:
    """Build a request frame (header + body, without the size prefix).

    ``api`` is a key or a name (``"Metadata"``). Missing body keys take their defaults, as
    Java's generated messages do: the spec's default, else the type's (0, ``""``, empty
    arrays, a struct of defaults); with ``strict`` a missing field the spec gives no
    default is an :class:`~kformat.errors.EncodeError` at its path (tagged fields stay
    optional). ``None`` is only for what the version makes nullable: in place of any other
    struct (the body included), string, bytes or array it is an ``EncodeError`` at its
    path. ``header_tagged`` ({tag: bytes}) adds raw tagged fields to a v2 header. In header
    v0 (ControlledShutdown v0) ``client_id`` must stay None.
    """
    codec = _codec("request", resolve_api(api), version)
    header = {"request_api_key": codec.api_key, "request_api_version": version,
              "correlation_id": correlation_id, "client_id": client_id}
    _header_tags(header, header_tagged, codec.header_version >= 2)
    return _build(codec, header, body, "request", strict)


def build_response(api: int | str, version: int, body: Any, correlation_id: int = 0,
                   header_tagged: Mapping[int, bytes] | None = None, *,
                   strict: bool = False) -> bytes:
    """Build a response frame (header + body, without the size prefix); the body as
    :func:`build_request` builds one (``strict`` included)."""
    codec = _codec("response", resolve_api(api), version)
    header: dict[str, Any] = {"correlation_id": correlation_id}
    _header_tags(header, header_tagged, codec.header_version >= 1)
    return _build(codec, header, body, "response", strict)
