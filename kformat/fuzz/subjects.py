"""What gets mutated: a valid input, its traced field spans, and the entry point that reads it.

A :class:`Subject` is one valid input for one entry point (:data:`ENTRY_POINTS`):

* ``request``: a size-prefixed request frame; read by :func:`kformat.unframe`, then
  :func:`kformat.parse_request`, then every ``records`` field decoded strictly;
* ``response``: the same for a response (``api_key`` and ``api_version`` given);
* ``batches``: record batches of any magic in a row, read by
  :func:`kformat.parse_batches` with ``strict=True``.

Its :class:`~kformat.fuzz.trace.Trace` covers the frame (a synthetic ``frame`` span), the
header and body grammars, and the batches inside every ``records`` field, each batch traced
with its own grammar (:data:`~kformat.records.batch.RecordBatchV2` or the legacy entry).

:func:`splice` replaces a byte range and then repairs what encloses it, innermost first:
length prefixes (strings, bytes, records, length-prefixed regions, tagged-field entries, the
frame) are rewritten to the new length and CRCs recomputed, so a mutation breaks exactly the
field it targets and nothing around it. A prefix or CRC that is itself being edited is left
as the mutation wrote it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from io import BytesIO
from typing import Any

from kformat.errors import KFormatError
from kformat.fuzz.trace import Span, Trace, tagged_entries, trace
from kformat.primitives import KArray, KBytes, KPrefixed, KString
from kformat.primitives import runtime as rt
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT
from kformat.records.framing import BATCH_OVERHEAD, MAGIC_OFFSET, PEEK, entry_length
from kformat.spec.records_field import RecordSet, RecordsField

__all__ = [
    "ENTRY_POINTS",
    "Subject",
    "batches_subject",
    "content_start",
    "encode_length",
    "prefix_of",
    "read_length",
    "region_end",
    "request_subject",
    "response_subject",
    "run_entry",
    "splice",
]

# --------------------------------------------------------------------------- entry points


def _record_sets(value: Any) -> Iterator[RecordSet]:
    if isinstance(value, RecordSet):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _record_sets(v)
    elif isinstance(value, list):
        for v in value:
            yield from _record_sets(v)


def _deep(body: dict[str, Any], limit: int) -> None:
    from kformat.records.api import parse_batches

    for records in _record_sets(body):
        if records.raw:
            parse_batches(records.raw, strict=True, decompression_limit=limit)


def read_request(data: bytes, *, decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT,
                 **_: Any) -> Any:
    """The ``request`` entry point: unframe, parse, decode every records field strictly."""
    from kformat.protocol.api import parse_request
    from kformat.protocol.framing import unframe

    request = parse_request(unframe(data))
    _deep(request.body, decompression_limit)
    return request


def read_response(data: bytes, *, api_key: int, api_version: int,
                  decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT, **_: Any) -> Any:
    """The ``response`` entry point (the caller knows the api key and version)."""
    from kformat.protocol.api import parse_response
    from kformat.protocol.framing import unframe

    response = parse_response(unframe(data), api_key, api_version)
    _deep(response.body, decompression_limit)
    return response


def read_batches(data: bytes, *, decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT,
                 **_: Any) -> Any:
    """The ``batches`` entry point: every batch, strictly (a partial last batch raises)."""
    from kformat.records.api import parse_batches

    return parse_batches(data, strict=True, decompression_limit=decompression_limit)


ENTRY_POINTS: dict[str, Callable[..., Any]] = {
    "request": read_request,
    "response": read_response,
    "batches": read_batches,
}


def run_entry(entry: str, data: bytes, **params: Any) -> KFormatError | None:
    """Feed ``data`` to an entry point: the :class:`KFormatError` it raised, or None.

    Any other exception propagates: that is a finding.
    """
    try:
        ENTRY_POINTS[entry](data, **params)
    except KFormatError as exc:
        return exc
    return None


# --------------------------------------------------------------------------- subjects


@dataclass
class Subject:
    """A valid input for ``entry``, with its spans and the parameters of the entry point."""

    entry: str
    data: bytes
    trace: Trace
    params: dict[str, Any] = field(default_factory=dict)

    def spans(self, *, kind: str | None = None, role: str | None = None) -> list[Span]:
        return [s for s in self.trace.absolute()
                if (kind is None or s.kind == kind) and (role is None or s.role == role)]

    def parse(self, data: bytes | None = None) -> KFormatError | None:
        return run_entry(self.entry, self.data if data is None else data, **self.params)


def _roles(spans: list[Span], legacy: bool) -> list[Span]:
    """Mark the spans the batch-level mutators look for."""
    out = []
    for s in spans:
        role = ""
        if s.depth == 1 and s.kind == "KPrefixed":
            role = "entry-length"  # batchLength / message_size
        elif s.kind in ("CrcGuard",) and (not legacy or s.depth == 2):
            role = "crc"
        elif not legacy and s.path == "attributes" and s.kind == "FixedNumber":
            role = "batch-attributes"
        elif legacy and s.path == "message.attributes":
            role = "legacy-attributes"
        elif not legacy and s.kind == "Compressed":
            role = "compressed"
        elif legacy and s.kind == "LegacyValue" and s.absolute:
            role = "legacy-value"
        out.append(replace(s, role=role, legacy=legacy, in_batch=role != "entry-length"))
    return out


def trace_batches(data: bytes, **ctx: Any) -> Trace:
    """Spans of every complete batch in ``data`` (magic 2 and magic 0/1), plus an ``entry``
    span per batch; paths are ``batches[i].<field>``."""
    from kformat.records.batch import RecordBatchV2
    from kformat.records.legacy import LegacyMessageSetEntry

    out = Trace()
    pos, i = 0, 0
    while len(data) - pos >= PEEK:
        length = entry_length(data, pos)
        magic = data[pos + MAGIC_OFFSET]
        end = pos + BATCH_OVERHEAD + length
        if length < 0 or end > len(data):
            break
        chunk = data[pos:end]
        legacy = magic != 2
        grammar = LegacyMessageSetEntry if legacy else RecordBatchV2
        inner = trace(grammar, chunk, **ctx)
        prefix = f"batches[{i}]"
        part = Trace(_roles(inner.spans, legacy))
        out.extend(part, pos, prefix)
        out.spans.append(Span(prefix, pos, end, None, 0, False, True, "entry", legacy,
                              f"entry-{magic}"))
        pos, i = end, i + 1
    return out


def batches_subject(data: bytes, **params: Any) -> Subject:
    """The ``batches`` subject of record batches in a row."""
    return Subject("batches", bytes(data), trace_batches(bytes(data)), dict(params))


def _tagged_spans(data: bytes, spans: list[Span]) -> list[Span]:
    """A synthetic ``tagged-entry`` span per tagged field (its size prefix starts it)."""
    out = []
    for s in spans:
        if s.kind != "TaggedFields" or not s.absolute:
            continue
        _, entries = tagged_entries(data, s)
        known = {f.tag for f in s.block.fields}
        for e in entries:
            role = "tagged-known" if e.tag in known else "tagged-unknown"
            out.append(Span(f"{s.path}[tag {e.tag}]", e.size_at, e.end, e, s.depth + 1, False,
                            True, "tagged-entry", s.legacy, role))
    return out


def _frame_trace(framed: bytes, header_grammar: Any, body_grammar: Any) -> Trace:
    payload = framed[4:]
    out = Trace([Span("", 0, len(framed), None, -1, False, True, "frame", False, "frame")])
    head = trace(header_grammar, payload)
    if head.error is not None:
        raise head.error
    header_end = max((s.end for s in head.spans if s.depth == 0), default=0)
    out.extend(head, 4, "header")
    body = trace(body_grammar, payload[header_end:])
    if body.error is not None:
        raise body.error
    out.extend(body, 4 + header_end)
    # the batches inside every records field
    for s in list(out.spans):
        if s.kind != "RecordsField":
            continue
        start = content_start(framed, s)
        if start is None or start >= s.end:
            continue
        inner = trace_batches(framed[start:s.end])
        out.extend(inner, start, s.path)
    out.spans.extend(_tagged_spans(framed, out.spans))
    return out


def request_subject(framed: bytes, **params: Any) -> Subject:
    """The ``request`` subject of a size-prefixed request frame."""
    from kformat.protocol.api import grammar, peek_request_header, request_header_version

    framed = bytes(framed)
    key, version, _cid, _ = peek_request_header(framed, 4, client_id=False)
    header = grammar(key, request_header_version(key, version), "request-header")
    t = _frame_trace(framed, header, grammar(key, version, "request"))
    return Subject("request", framed, t, dict(params))


def response_subject(framed: bytes, api_key: int, api_version: int, **params: Any) -> Subject:
    """The ``response`` subject of a size-prefixed response frame."""
    from kformat.protocol.api import grammar, response_header_version

    framed = bytes(framed)
    header = grammar(api_key, response_header_version(api_key, api_version), "response-header")
    t = _frame_trace(framed, header, grammar(api_key, api_version, "response"))
    return Subject("response", framed, t,
                   {"api_key": api_key, "api_version": api_version, **params})


# --------------------------------------------------------------------------- lengths


def prefix_of(span: Span) -> str | None:
    """The length encoding at the start of ``span`` when a length (not a count) is there:
    ``int16``, ``int32``, ``compact`` (n + 1), ``varint`` (zig-zag) or ``uvarint``."""
    if span.kind == "frame":
        return "int32"
    if span.kind == "tagged-entry":
        return "uvarint"
    if span.kind == "LegacyValue":
        return "int32"
    block = span.block
    if isinstance(block, KString | KBytes | RecordsField | KPrefixed):
        return block.prefix
    return None


def count_prefix_of(span: Span) -> str | None:
    """The count encoding at the start of a prefixed array span."""
    block = span.block
    if isinstance(block, KArray) and block.prefix is not None:
        return block.prefix
    return None


def read_length(data: bytes, at: int, encoding: str) -> tuple[int, int]:
    """``(value, encoded size)`` of the length or count at ``at`` (null is -1)."""
    io = BytesIO(data)
    io.seek(at)
    if encoding == "uvarint":
        value = rt.p_uvarint(io)
    elif encoding == "int16":
        value = rt.INT16.unpack(rt.read_exact(io, 2))[0]
    elif encoding == "int32":
        value = rt.INT32.unpack(rt.read_exact(io, 4))[0]
    elif encoding == "compact":
        value = rt.p_uvarint(io) - 1
    else:
        value = rt.p_varint(io)
    return value, io.tell() - at


def encode_length(value: int, encoding: str) -> bytes:
    """Encode a length or count (``-1`` is null; compact writes ``value + 1``)."""
    if encoding == "int16":
        return rt.INT16.pack(value)
    if encoding == "int32":
        return rt.INT32.pack(value)
    if encoding == "compact":
        return rt.uvarint_bytes(value + 1)
    if encoding == "uvarint":
        return rt.uvarint_bytes(value)
    return rt.uvarint_bytes(((value << 1) ^ (value >> 31)) & rt.U32_MAX)


def content_start(data: bytes, span: Span) -> int | None:
    """Where the content after ``span``'s length prefix starts (None: no prefix)."""
    encoding = prefix_of(span)
    if encoding is None:
        if span.kind == "CrcGuard":
            return span.start + 4
        return None
    return span.start + read_length(data, span.start, encoding)[1]


def region_end(subject: Subject, span: Span) -> int:
    """End of the innermost length-bounded region holding ``span`` (how far a length there
    may reach before the parser runs out of bytes)."""
    best, size = len(subject.data), None
    for s in subject.trace.absolute():
        if s is span or prefix_of(s) is None or (s.start, s.end) == (span.start, span.end):
            continue
        inner = content_start(subject.data, s)
        if inner is not None and inner <= span.start and span.end <= s.end and (
                size is None or s.size < size):
            best, size = s.end, s.size
    return best


# --------------------------------------------------------------------------- splice


def _crc(block: Any) -> Callable[[bytes], int]:
    from kformat.records.checksum import crc32, crc32c

    return crc32 if getattr(block, "algorithm", "crc32c") == "crc32" else crc32c


def splice(subject: Subject, start: int, end: int, new: bytes, *, fix_crc: bool = True,
           fix_lengths: bool = True, within: Span | None = None) -> bytes:
    """``data[start:end]`` replaced by ``new``, with enclosing lengths and CRCs repaired.

    The spans repaired are those whose content holds ``[start, end)``. An edit at the edge
    of a field (an insertion between two batches, a cut at a boundary) is ambiguous: pass
    ``within``, the region the edit belongs to, and only it and the spans around it are
    repaired.
    """
    source = subject.data
    buf = bytearray(source)
    buf[start:end] = new
    delta = len(new) - (end - start)
    fixes = []
    for s in subject.trace.absolute():
        inner = content_start(source, s)
        if inner is None or not (inner <= start and end <= s.end):
            continue
        if within is not None and not (s.start <= within.start and within.end <= s.end):
            continue
        if (s.kind == "CrcGuard" and fix_crc) or (s.kind != "CrcGuard" and fix_lengths):
            fixes.append(s)
    fixes.sort(key=lambda s: (s.size, -s.depth))
    for s in fixes:
        new_end = s.end + delta
        if s.kind == "CrcGuard":
            rt.UINT32.pack_into(buf, s.start, _crc(s.block)(bytes(buf[s.start + 4:new_end])))
            continue
        encoding = prefix_of(s)
        assert encoding is not None
        _, old_size = read_length(source, s.start, encoding)
        length = new_end - (s.start + old_size)
        encoded = encode_length(length, encoding)
        buf[s.start:s.start + old_size] = encoded
        delta += len(encoded) - old_size
    return bytes(buf)
