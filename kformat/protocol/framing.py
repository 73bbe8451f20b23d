"""Size-prefixed frames on a connection, and a decoder for captured conversations.

Every request and response travels as ``size:INT32`` followed by ``size`` bytes (header +
body; Kafka's protocol guide, "Common Request and Response Structure"). A size above
``max_frame_size`` (default 100 MiB, the broker's ``socket.request.max.bytes``) raises
:class:`~kformat.errors.LimitExceededError` before anything is read or allocated.

:func:`decode_conversation` takes the two byte streams of one captured connection
(client -> broker and broker -> client), splits both into frames and pairs each response
with its request by correlation id: a response can only be parsed with its request's api key
and version. Nothing is dropped: responses with no request, requests with no response (yet),
frames that do not parse and partial frames at the end of a stream all appear as
:class:`Exchange` entries with a ``status`` and an ``error``. Error offsets there are absolute
in the stream named by ``error_stream``.

:func:`read_frame` (a socket) and :func:`read_frame_async` (an asyncio stream) read one frame
off a live connection with the same rule; every client, server and proxy in kformat reads its
frames with them.
"""

from __future__ import annotations

import asyncio
import socket
import struct
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from kformat.errors import (
    EncodeError,
    InvalidValueError,
    KFormatError,
    LimitExceededError,
    TruncatedError,
)
from kformat.protocol.api import (
    Request,
    Response,
    parse_request,
    parse_response,
    peek_request_header,
    peek_response_header,
)

__all__ = [
    "DEFAULT_MAX_FRAME_SIZE",
    "Exchange",
    "decode_conversation",
    "frame",
    "frame_size",
    "iter_frames",
    "read_exactly",
    "read_frame",
    "read_frame_async",
    "recv_exact",
    "split_frames",
    "unframe",
]

DEFAULT_MAX_FRAME_SIZE: Final = 104_857_600
"""100 MiB: the default of the broker's ``socket.request.max.bytes``."""
SIZE: Final = struct.Struct(">i")
_INT32_MAX: Final = 2**31 - 1


def frame(data: bytes | bytearray | memoryview) -> bytes:
    """``data`` with its 4-byte size prefix."""
    if len(data) > _INT32_MAX:
        raise EncodeError("frame larger than an INT32 size", actual=len(data))
    return SIZE.pack(len(data)) + bytes(data)


def frame_size(data: bytes | bytearray | memoryview, offset: int = 0,
               max_frame_size: int = DEFAULT_MAX_FRAME_SIZE) -> int:
    """The size prefix at ``offset``, checked before anything is read or allocated: a
    negative size raises :class:`InvalidValueError`, one above ``max_frame_size``
    :class:`LimitExceededError` (what every reader of size-prefixed frames calls)."""
    size: int = SIZE.unpack_from(data, offset)[0]
    if size < 0:
        raise InvalidValueError("negative frame size", path="size", offset=offset, actual=size)
    if size > max_frame_size:
        raise LimitExceededError(f"frame of {size} bytes exceeds the {max_frame_size}-byte limit",
                                 path="size", offset=offset, expected=max_frame_size, actual=size)
    return size


def unframe(data: bytes | bytearray | memoryview, *,
            max_frame_size: int = DEFAULT_MAX_FRAME_SIZE) -> bytes:
    """The payload of exactly one size-prefixed frame."""
    data = bytes(data)
    if len(data) < 4:
        raise TruncatedError("frame size cut short", path="size", offset=0, expected=4,
                             actual=len(data))
    size = frame_size(data, 0, max_frame_size)
    left = len(data) - 4
    if size > left:
        raise TruncatedError(f"frame of {size} bytes, {left} available", offset=0,
                             expected=size, actual=left)
    if size < left:
        raise InvalidValueError(f"{left - size} bytes after the frame", offset=4 + size,
                                expected=0, actual=left - size)
    return data[4:]


def iter_frames(data: bytes, *, max_frame_size: int = DEFAULT_MAX_FRAME_SIZE,
                start: int = 0) -> Iterator[tuple[int, bytes]]:
    """``(offset, payload)`` of each complete frame from ``start``; stops at a partial one.

    ``offset`` is where the frame's size prefix starts. A bad size raises.
    """
    pos, end = start, len(data)
    while end - pos >= 4:
        size = frame_size(data, pos, max_frame_size)
        if end - pos - 4 < size:
            return
        yield pos, data[pos + 4:pos + 4 + size]
        pos += 4 + size


def split_frames(stream_bytes: bytes | bytearray | memoryview, *,
                 max_frame_size: int = DEFAULT_MAX_FRAME_SIZE) -> tuple[list[bytes], bytes]:
    """Split a byte stream into frame payloads; ``rest`` is the trailing partial frame."""
    data = bytes(stream_bytes)
    frames = []
    consumed = 0
    for offset, payload in iter_frames(data, max_frame_size=max_frame_size):
        frames.append(payload)
        consumed = offset + 4 + len(payload)
    return frames, data[consumed:]


_POLL: Final = 0.5
"""Seconds between checks of ``stopped`` while :func:`recv_exact` waits."""


def recv_exact(sock: socket.socket, n: int, *, deadline: float | None = None,
               stopped: Callable[[], bool] | None = None) -> bytes:
    """``n`` bytes from ``sock``; fewer only when the peer closed first (or ``stopped()``
    turned true). Raises :class:`TimeoutError` at ``deadline`` (a :func:`time.monotonic`
    time; None: the socket's own timeout applies)."""
    parts, have = [], 0
    while have < n:
        if stopped is not None and stopped():
            break
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{have} of {n} bytes read by the deadline")
            sock.settimeout(min(left, _POLL) if stopped is not None else left)
        elif stopped is not None:
            sock.settimeout(_POLL)
        try:
            chunk = sock.recv(min(65536, n - have))
        except TimeoutError:
            if stopped is None and deadline is None:
                raise
            continue  # look at ``stopped`` and the deadline again
        if not chunk:
            break
        parts.append(chunk)
        have += len(chunk)
    return b"".join(parts)


def _cut_short(data: bytes, size: int | None, offset: int) -> TruncatedError:
    if size is None:
        return TruncatedError("frame size cut short: the connection closed", path="size",
                              offset=offset, expected=4, actual=len(data))
    return TruncatedError(f"frame of {size} bytes cut short: the connection closed",
                          offset=offset, expected=size, actual=len(data))


def _checked_size(head: bytes, max_frame_size: int, offset: int) -> int:
    try:
        return frame_size(head, 0, max_frame_size)
    except KFormatError as exc:
        raise exc.relocated(offset) from None


def read_frame(sock: socket.socket, *, max_frame_size: int = DEFAULT_MAX_FRAME_SIZE,
               deadline: float | None = None, stopped: Callable[[], bool] | None = None,
               offset: int = 0) -> bytes | None:
    """The payload of the next frame on ``sock``, or None when the peer closed before one
    started.

    The size is checked by :func:`frame_size` before the payload is read; a connection that
    closes inside a frame raises :class:`TruncatedError`. ``offset`` is where the frame
    starts in the connection's stream (error offsets are absolute in it). ``deadline`` and
    ``stopped`` are those of :func:`recv_exact`.
    """
    head = recv_exact(sock, 4, deadline=deadline, stopped=stopped)
    if not head:
        return None
    if len(head) < 4:
        raise _cut_short(head, None, offset)
    size = _checked_size(head, max_frame_size, offset)
    payload = recv_exact(sock, size, deadline=deadline, stopped=stopped)
    if len(payload) < size:
        raise _cut_short(payload, size, offset)
    return payload


async def read_exactly(reader: asyncio.StreamReader, n: int,
                       timeout: float | None = None) -> bytes:
    """``reader.readexactly(n)`` within ``timeout`` seconds (None: no limit)."""
    if timeout is None:
        return await reader.readexactly(n)
    return await asyncio.wait_for(reader.readexactly(n), timeout)


async def read_frame_async(reader: asyncio.StreamReader, *,
                           max_frame_size: int = DEFAULT_MAX_FRAME_SIZE,
                           timeout: float | None = None, offset: int = 0) -> bytes | None:
    """:func:`read_frame` on an asyncio stream: the payload of the next frame, None when the
    peer closed before one started; ``timeout`` bounds each of the two reads."""
    try:
        head = await read_exactly(reader, 4, timeout)
    except asyncio.IncompleteReadError as exc:
        if not exc.partial:
            return None
        raise _cut_short(exc.partial, None, offset) from None
    size = _checked_size(head, max_frame_size, offset)
    try:
        return await read_exactly(reader, size, timeout)
    except asyncio.IncompleteReadError as exc:
        raise _cut_short(exc.partial, size, offset) from None


@dataclass(slots=True)
class Exchange:
    """One request and its response, or whatever part of them the capture holds.

    ``status`` is one of:

    * ``complete``: both parsed;
    * ``no-response``: the request parsed, no response with its correlation id followed
      (Produce with acks=0, or the capture ended);
    * ``unmatched-response``: a response whose correlation id no request used;
    * ``truncated``: a partial frame at the end of a stream;
    * ``error``: a frame did not parse (``error`` says why and where).

    Offsets (``request_offset``, ``response_offset``) are where the frame's size prefix starts
    in its stream; ``error.offset`` is absolute in ``error_stream`` (``client`` or ``server``).
    """

    correlation_id: int | None = None
    request: Request | None = None
    response: Response | None = None
    request_offset: int | None = None
    response_offset: int | None = None
    request_frame: bytes | None = None
    response_frame: bytes | None = None
    error: KFormatError | None = None
    error_stream: str | None = None
    status: str = "no-response"

    def fail(self, error: KFormatError, stream: str, status: str = "error") -> None:
        self.error, self.error_stream, self.status = error, stream, status


def _tail(stream: str, offset: int, frame: bytes | None = None) -> Exchange:
    """An exchange of the tail of a stream at ``offset``: the client's is a request's."""
    if stream == "client":
        return Exchange(request_offset=offset, request_frame=frame)
    return Exchange(response_offset=offset, response_frame=frame)


def _scan(data: bytes, stream: str, max_frame_size: int,
          out: list[Exchange]) -> list[tuple[int, bytes]]:
    """The complete frames of one stream; a partial tail or bad size becomes an Exchange."""
    frames: list[tuple[int, bytes]] = []
    pos = 0
    try:
        for offset, payload in iter_frames(data, max_frame_size=max_frame_size):
            frames.append((offset, payload))
            pos = offset + 4 + len(payload)
    except KFormatError as exc:  # a bad size: the rest of the stream cannot be split
        pos = exc.offset if exc.offset is not None else pos
        tail = _tail(stream, pos)
        tail.fail(exc, stream)
        out.append(tail)
        return frames
    left = len(data) - pos
    if left:
        needed = SIZE.unpack_from(data, pos)[0] + 4 if left >= 4 else 4
        tail = _tail(stream, pos, data[pos:])
        tail.fail(TruncatedError(f"partial frame at the end of the {stream} stream: "
                                 f"{needed} bytes needed, {left} available",
                                 offset=pos, expected=needed, actual=left), stream, "truncated")
        out.append(tail)
    return frames


def _request_id(payload: bytes) -> int | None:
    try:
        return peek_request_header(payload, client_id=False).correlation_id
    except KFormatError:
        return None


def _response_id(payload: bytes) -> int | None:
    try:
        return peek_response_header(payload)
    except KFormatError:
        return None


def decode_conversation(client_bytes: bytes | bytearray | memoryview,
                        server_bytes: bytes | bytearray | memoryview, *,
                        max_frame_size: int = DEFAULT_MAX_FRAME_SIZE,
                        strict: bool = False) -> list[Exchange]:
    """Decode one captured connection into exchanges, in request order.

    Frames are parsed in the tolerant mode unless ``strict``: bytes after a body are kept
    as the message's ``trailing`` (see :func:`~kformat.protocol.api.parse_request`).

    Responses are paired with requests by correlation id (first come, first served when a
    client reuses one). Entries that pair with nothing (unmatched responses, partial frames,
    a bad frame size that stops a stream) follow, client side first.
    """
    client, server = bytes(client_bytes), bytes(server_bytes)
    exchanges: list[Exchange] = []
    trailing: list[Exchange] = []
    pending: dict[int, deque[Exchange]] = {}
    for offset, payload in _scan(client, "client", max_frame_size, trailing):
        ex = Exchange(request_offset=offset, request_frame=payload)
        try:
            ex.request = parse_request(payload, strict=strict)
            ex.correlation_id = ex.request.correlation_id
        except KFormatError as exc:
            ex.correlation_id = _request_id(payload)
            ex.fail(exc.relocated(offset + 4), "client")  # after the size prefix
        exchanges.append(ex)
        if ex.correlation_id is not None:
            pending.setdefault(ex.correlation_id, deque()).append(ex)
    server_tail: list[Exchange] = []
    for offset, payload in _scan(server, "server", max_frame_size, server_tail):
        cid = _response_id(payload)
        queue = pending.get(cid) if cid is not None else None
        if not queue:
            ex = Exchange(correlation_id=cid, response_offset=offset, response_frame=payload)
            ex.fail(InvalidValueError("no request with this correlation id", path="header.correlation_id",
                                      offset=offset + 4, actual=cid), "server", "unmatched-response")
            trailing.append(ex)
            continue
        ex = queue.popleft()
        ex.response_offset, ex.response_frame = offset, payload
        if ex.request is None:
            continue  # the request did not parse: its error stands, the response stays raw
        try:
            ex.response = parse_response(payload, ex.request.api_key, ex.request.api_version,
                                         strict=strict)
            ex.status = "complete"
        except KFormatError as exc:
            ex.fail(exc.relocated(offset + 4), "server")
    return exchanges + trailing + server_tail
