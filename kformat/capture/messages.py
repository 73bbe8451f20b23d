"""One Kafka connection, decoded message by message into JSON lines.

:class:`ConnectionDecoder` is shared by ``kformat decode pcap`` (fed reassembled TCP bytes)
and ``kformat proxy`` (fed the frames it forwards). Requests are parsed in the tolerant mode
(``strict=False``); each response is parsed with the key and version of the request with its
correlation id. Every message becomes one JSON object::

    ts, client, server ("host:port"), kind ("request" | "response"), api_key, api_name,
    api_version, correlation_id, client_id (requests), body | error, trailing (hex, if any)

``error`` is ``{class, path, offset, reason}``; ``offset`` counts from the start of that
direction's byte stream (the size prefix of the connection's first frame is offset 0). A
response read in the v0 layout of ApiVersions (KIP-511) also has ``parsed_as_version``.

Connections that are not plain Kafka are reported, never decoded as garbage: TLS (the first
client bytes are a TLS handshake record) and SASL tokens sent without Kafka framing after a
SaslHandshake v0 exchange.
"""

from __future__ import annotations

import struct
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Final

from kformat.errors import InvalidValueError, KFormatError
from kformat.protocol.api import (
    Request,
    Response,
    expects_response,
    grammar,
    parse_request,
    parse_response,
    peek_request_header,
    peek_response_header,
)
from kformat.protocol.framing import DEFAULT_MAX_FRAME_SIZE, frame_size
from kformat.protocol.shape import body_json
from kformat.spec.registry import load_registry

__all__ = ["MAX_PENDING", "ConnectionDecoder", "Decoded", "Frame", "error_json", "looks_like_tls"]

SIZE: Final = struct.Struct(">i")
SASL_HANDSHAKE: Final = 17
RESYNC_WAIT: Final = 1 << 20
"""After a gap, a plausible frame up to this size is waited for until it can be decoded."""


def error_json(exc: KFormatError) -> dict[str, Any]:
    """``{class, path, offset, reason}`` of an error."""
    return {"class": type(exc).__name__, "path": exc.field_path, "offset": exc.offset,
            "reason": exc.reason}


def looks_like_tls(data: bytes) -> bool:
    """A TLS handshake record (content type 22, version 3.x) starts ``data``."""
    return len(data) >= 3 and data[0] == 0x16 and data[1] == 0x03 and data[2] <= 0x04


def plausible_request(payload: bytes) -> bool:
    """The frame payload starts with a known api key and a version it has."""
    try:
        key, version, _cid, _ = peek_request_header(payload, client_id=False)
        return version in load_registry().request(key).valid
    except KFormatError:
        return False


@dataclass(slots=True)
class Decoded:
    """A message decoded from one frame: its JSON record and the parsed message (or None)."""

    record: dict[str, Any]
    message: Request | Response | None = None
    error: KFormatError | None = None


@dataclass
class _Stats:
    requests: int = 0
    responses: int = 0
    errors: int = 0
    trailing: int = 0
    unmatched: int = 0
    bytes_client: int = 0
    bytes_server: int = 0
    gaps: int = 0
    gap_bytes: int = 0
    skipped_bytes: int = 0
    no_response: int = 0
    pending_dropped: int = 0
    undecoded: int = 0
    undecoded_causes: dict[str, int] = field(default_factory=dict)


MAX_PENDING: Final = 10_000
"""Requests of one connection kept waiting for their response; past it the oldest is
forgotten (counted as ``pending_dropped``; its response, if one comes, is unmatched)."""


@dataclass(slots=True)
class Frame:
    """One frame as paired (:meth:`ConnectionDecoder.pair`), ready to decode."""

    kind: str
    payload: bytes
    ts: float | None
    at: int
    api_key: int | None = None
    api_version: int | None = None
    correlation_id: int | None = None
    sasl_raw: bool = False
    """Whether raw SASL tokens could be flowing when the frame came (after SaslHandshake v0)."""


@dataclass
class ConnectionDecoder:
    """Decode the frames of one connection (see the module doc).

    Feed frames with :meth:`request` / :meth:`response`, or raw stream bytes with
    :meth:`feed`; :meth:`summary` describes the connection. A frame is decoded in two steps:
    :meth:`pair` (cheap: the header, the pairing of a response with its request) in stream
    order, then :meth:`decode` (the body), which may run later or in another thread, in the
    same order; :meth:`undecoded` stands for :meth:`decode` when a frame is not decoded.

    Requests waiting for a response are bounded (:data:`MAX_PENDING`); Produce with
    ``acks=0`` never waits (a broker does not answer it).
    """

    client: str
    server: str
    all_fields: bool = False
    records: bool = False
    max_frame_size: int = DEFAULT_MAX_FRAME_SIZE
    status: str = "kafka"
    stats: _Stats = field(default_factory=_Stats)
    max_pending: int = MAX_PENDING
    _pending: dict[int, deque[tuple[int, int]]] = field(default_factory=dict)
    _waiting: int = 0
    _buffers: dict[str, bytearray] = field(default_factory=lambda: {"client": bytearray(),
                                                                    "server": bytearray()})
    _offsets: dict[str, int] = field(default_factory=lambda: {"client": 0, "server": 0})
    _sasl_raw: bool = False
    _resync: dict[str, bool] = field(default_factory=lambda: {"client": False, "server": False})

    # ------------------------------------------------------------------ frames

    def _base(self, ts: float | None, kind: str) -> dict[str, Any]:
        return {"ts": ts, "client": self.client, "server": self.server, "kind": kind}

    def _fail(self, out: dict[str, Any], exc: KFormatError, at: int) -> Decoded:
        if exc.offset is not None:
            exc = exc.relocated(at)
        else:
            exc.offset = at
        out["error"] = error_json(exc)
        self.stats.errors += 1
        return Decoded(out, None, exc)

    def request(self, payload: bytes, ts: float | None = None, at: int | None = None) -> Decoded:
        """Decode one request frame (``payload`` without its size prefix); ``at`` is where its
        size prefix starts in the client stream (by default: after the frames seen so far)."""
        return self.decode(self.pair("request", payload, ts, at))

    def response(self, payload: bytes, ts: float | None = None, at: int | None = None) -> Decoded:
        """Decode one response frame, paired with its request by correlation id."""
        return self.decode(self.pair("response", payload, ts, at))

    def pair(self, kind: str, payload: bytes, ts: float | None = None,
             at: int | None = None) -> Frame:
        """The first step of decoding a frame (``kind``: ``request`` or ``response``): count
        it, read its header, remember a request that will get a response, find the request a
        response answers. Cheap whatever the body; call it for every frame, in stream order."""
        side = "client" if kind == "request" else "server"
        frame = Frame(kind, payload, ts, self._advance(side, payload, at), sasl_raw=self._sasl_raw)
        if kind == "request":
            self.stats.requests += 1
            try:
                frame.api_key, frame.api_version, frame.correlation_id, _ = \
                    peek_request_header(payload, client_id=False)
            except KFormatError:  # under 8 bytes: parse_request says what is missing
                return frame
            if not plausible_request(payload):
                return frame  # a body that will not decode: no response to wait for
            if not expects_response(payload):
                self.stats.no_response += 1
            else:
                self._wait(frame.correlation_id, frame.api_key, frame.api_version)
            if frame.api_key == SASL_HANDSHAKE and frame.api_version == 0:
                self._sasl_raw = True  # tokens follow raw, after the response
            return frame
        self.stats.responses += 1
        try:
            cid: int | None = peek_response_header(payload)
        except KFormatError:
            cid = None
        frame.correlation_id = cid
        queue = self._pending.get(cid) if cid is not None else None
        if cid is None or not queue:
            self.stats.unmatched += 1
            return frame
        frame.api_key, frame.api_version = queue.popleft()
        self._waiting -= 1
        if not queue:
            del self._pending[cid]
        return frame

    def _wait(self, cid: int, key: Any, version: Any) -> None:
        self._pending.setdefault(cid, deque()).append((key, version))
        self._waiting += 1
        while self._waiting > self.max_pending:  # forget the oldest (first inserted) request
            oldest = next(iter(self._pending))
            queue = self._pending[oldest]
            queue.popleft()
            if not queue:
                del self._pending[oldest]
            self._waiting -= 1
            self.stats.pending_dropped += 1

    def _head(self, frame: Frame) -> dict[str, Any]:
        out = self._base(frame.ts, frame.kind)
        if frame.api_key is not None:
            out.update(api_key=frame.api_key, api_name=_api_name(frame.api_key),
                       api_version=frame.api_version)
        if frame.correlation_id is not None:
            out["correlation_id"] = frame.correlation_id
        return out

    def decode(self, frame: Frame) -> Decoded:
        """The second step: the frame's message and JSON record (see the module doc)."""
        out = self._head(frame)
        if frame.kind == "request":
            try:
                request = parse_request(frame.payload, strict=False)
            except KFormatError as exc:
                if frame.sasl_raw:
                    out["kind"] = "sasl"
                    return self._fail(out, InvalidValueError(
                        "SASL token without Kafka framing (SaslHandshake v0): not decodable"),
                        frame.at + 4)
                return self._fail(out, exc, frame.at + 4)
            out["client_id"] = request.client_id
            out["body"] = self._body(request, "request", request.api_version)
            self._trailing(out, request)
            return Decoded(out, request)
        if frame.api_key is None or frame.api_version is None:
            out["correlation_id"] = frame.correlation_id
            reason = ("SASL token without Kafka framing (SaslHandshake v0): not decodable"
                      if frame.sasl_raw else "no request with this correlation id")
            if frame.sasl_raw:
                out["kind"] = "sasl"
            return self._fail(out, InvalidValueError(reason, path="header.correlation_id",
                                                     actual=frame.correlation_id), frame.at + 4)
        try:
            response = parse_response(frame.payload, frame.api_key, frame.api_version,
                                      strict=False)
        except KFormatError as exc:
            return self._fail(out, exc, frame.at + 4)
        if response.parsed_as_version != frame.api_version:
            out["parsed_as_version"] = response.parsed_as_version
        out["body"] = self._body(response, "response", response.parsed_as_version)
        self._trailing(out, response)
        return Decoded(out, response)

    def undecoded(self, frame: Frame, reason: str, *, cause: str) -> Decoded:
        """What stands for :meth:`decode` when the frame is not decoded: its header fields,
        ``size`` (the payload's bytes) and ``undecoded`` (the reason), counted in the summary
        (``undecoded``, and per ``cause`` in ``undecoded_causes``)."""
        out = self._head(frame)
        out["size"] = len(frame.payload)
        out["undecoded"] = reason
        self.stats.undecoded += 1
        causes = self.stats.undecoded_causes
        causes[cause] = causes.get(cause, 0) + 1
        return Decoded(out)

    def _advance(self, side: str, payload: bytes, at: int | None) -> int:
        if at is None:
            at = self._offsets[side]
            self._offsets[side] = at + 4 + len(payload)
            setattr(self.stats, f"bytes_{side}", getattr(self.stats, f"bytes_{side}") + 4 + len(payload))
        return at

    def _body(self, message: Request | Response, kind: str, version: Any) -> Any:
        return body_json(grammar(message.api_key, version, kind), message.body,
                         all_fields=self.all_fields, records=self.records)

    def _trailing(self, out: dict[str, Any], message: Request | Response) -> None:
        if message.trailing:
            out["trailing"] = message.trailing.hex()
            self.stats.trailing += 1

    # ------------------------------------------------------------------ streams

    def feed(self, side: str, data: bytes, ts: float | None = None) -> list[Decoded]:
        """Append stream bytes from ``side`` (``client`` or ``server``); decode what is complete."""
        if self.status != "kafka":
            self._count(side, len(data))
            return []
        buf = self._buffers[side]
        if side == "client" and self._offsets["client"] == 0 and not buf and looks_like_tls(data):
            self.status = "tls"
            self._count(side, len(data))
            return []
        buf += data
        self._count(side, len(data))
        return self._drain(side, ts)

    def _count(self, side: str, n: int) -> None:
        setattr(self.stats, f"bytes_{side}", getattr(self.stats, f"bytes_{side}") + n)

    def mid_stream(self, side: str) -> None:
        """The capture starts in the middle of ``side``'s stream: its first bytes may be the
        end of a frame, so decoding starts at the first frame that decodes."""
        self._resync[side] = True

    def gap(self, side: str, length: int) -> None:
        """``length`` bytes of ``side`` are missing: the frame in progress is lost and the
        decoder looks for the next frame boundary in what follows."""
        self.stats.gaps += 1
        self.stats.gap_bytes += length
        buf = self._buffers[side]
        self._offsets[side] += len(buf) + length
        self.stats.skipped_bytes += len(buf)
        buf.clear()
        self._resync[side] = True

    def _drain(self, side: str, ts: float | None) -> list[Decoded]:
        buf = self._buffers[side]
        out: list[Decoded] = []
        while True:
            if self._resync[side] and not self._find_boundary(side):
                return out
            if len(buf) < 4:
                return out
            try:
                size = frame_size(buf, 0, self.max_frame_size)
            except KFormatError as exc:
                rec = self._base(ts, "request" if side == "client" else "response")
                out.append(self._fail(rec, exc, self._offsets[side]))
                self.gap(side, 0)  # look for the next plausible frame
                self.stats.gaps -= 1
                continue
            if len(buf) < 4 + size:
                return out
            payload = bytes(buf[4:4 + size])
            del buf[:4 + size]
            at = self._offsets[side]
            self._offsets[side] = at + 4 + size
            if side == "client":
                out.append(self.request(payload, ts, at))
            else:
                out.append(self.response(payload, ts, at))

    def _find_boundary(self, side: str) -> bool:
        """After a gap: drop bytes until a frame starts that decodes (a request with a known
        key and version, or a response whose correlation id is pending). When no complete
        frame in the buffer decodes, the first plausible one still arriving is waited for
        (up to ``RESYNC_WAIT`` bytes)."""
        buf = self._buffers[side]
        waiting = None
        for start in range(max(0, len(buf) - 11)):  # a size and the 8 bytes after it
            size = SIZE.unpack_from(buf, start)[0]
            if not 8 <= size <= self.max_frame_size:
                continue
            head = bytes(buf[start + 4:start + 12])
            if side == "client" and not plausible_request(head):
                continue
            if side == "server" and peek_response_header(head) not in self._pending:
                continue
            if len(buf) - start - 4 < size:
                if waiting is None and size <= RESYNC_WAIT and len(buf) - start <= RESYNC_WAIT:
                    waiting = start
                continue
            if not self._decodes(side, bytes(buf[start + 4:start + 4 + size])):
                continue
            self._skip(side, start)
            self._resync[side] = False
            return True
        self._skip(side, max(0, len(buf) - 11) if waiting is None else waiting)
        return False

    def _skip(self, side: str, n: int) -> None:
        del self._buffers[side][:n]
        self._offsets[side] += n
        self.stats.skipped_bytes += n

    def _decodes(self, side: str, payload: bytes) -> bool:
        try:
            if side == "client":
                parse_request(payload, strict=False)
            else:
                key, version = self._pending[peek_response_header(payload)][0]
                parse_response(payload, key, version, strict=False)
        except KFormatError:
            return False
        return True

    # ------------------------------------------------------------------ summary

    def summary(self) -> dict[str, Any]:
        """One line describing the connection (for stderr at the end)."""
        s = self.stats
        out: dict[str, Any] = {"client": self.client, "server": self.server, "status": self.status}
        if self.status == "tls":
            out["reason"] = "TLS: not decodable"
        elif self._sasl_raw:
            out["sasl"] = "SaslHandshake v0: raw SASL tokens are not decodable"
        out.update(requests=s.requests, responses=s.responses, errors=s.errors,
                   unmatched_responses=s.unmatched, no_response_expected=s.no_response,
                   pending_requests=self._waiting, pending_dropped=s.pending_dropped,
                   undecoded=s.undecoded, undecoded_causes=dict(s.undecoded_causes),
                   trailing=s.trailing, gaps=s.gaps, gap_bytes=s.gap_bytes,
                   skipped_bytes=s.skipped_bytes + sum(len(b) for b in self._buffers.values()),
                   bytes={"client": s.bytes_client, "server": s.bytes_server})
        return out


def _api_name(key: int) -> str | None:
    try:
        return load_registry().request(key).api_name
    except KFormatError:
        return None
