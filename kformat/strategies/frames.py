"""Strategies for whole protocol frames (header + body) and for valid encodings as bytes.

* :func:`request_frames` / :func:`response_frames` draw an API (or take the one given), a
  version, a header (correlation id, client id, unknown header tags in flexible headers) and
  a body from :func:`~kformat.strategies.grammar.message_bodies`, and build the frame with
  :func:`kformat.build_request` / :func:`kformat.build_response`. The result is a
  :class:`Frame` carrying the values and the bytes (``payload``; ``framed`` adds the size).
* :func:`encoded` gives byte strings of a valid encoding of any grammar: an API body, an
  internal-topic record schema, or any construct grammar built from kformat blocks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from construct import Construct
from hypothesis import strategies as st

from kformat.primitives import CompiledGrammar
from kformat.protocol.api import build_request, build_response, compiled_grammar
from kformat.protocol.framing import frame
from kformat.spec.compiler import body_grammar
from kformat.strategies import primitives as p
from kformat.strategies.grammar import (
    RECORD_KINDS,
    check_version,
    from_grammar,
    message_bodies,
    message_def,
    record_schema_def,
    record_schema_values,
    unknown_tag_numbers,
)

__all__ = ["Frame", "encoded", "request_frames", "response_frames"]


@dataclass(frozen=True)
class Frame:
    """A drawn frame: what went in and the bytes that came out.

    ``payload`` is header + body (what :func:`kformat.parse_request` takes); ``framed``
    adds the 4-byte size prefix (what goes on a connection).
    """

    kind: str
    api_key: int
    api_version: int
    correlation_id: int
    body: dict[str, Any] = field(repr=False)
    payload: bytes = field(repr=False)
    client_id: str | None = None
    header_tagged: dict[int, bytes] | None = None

    @property
    def framed(self) -> bytes:
        return frame(self.payload)


def _apis(api: int | str | None, version: int | None,
          kind: str) -> st.SearchStrategy[tuple[int, int]]:
    """(api key, version) pairs; given ones are checked now."""
    from kformat.spec.registry import load_registry

    if api is not None:
        msg = message_def(api, kind)
        key = msg.api_key
        assert key is not None  # requests and responses have their API key
        if version is not None:
            return st.just((key, check_version(msg, version)))
        return st.sampled_from([(key, v) for v in msg.valid])
    if version is not None:
        raise ValueError("version needs api")
    registry = load_registry()
    pairs = [(k, v) for k in registry.api_keys() for v in registry.request(k).valid]
    return st.sampled_from(pairs)


_HEADER_TAGS = st.dictionaries(unknown_tag_numbers(frozenset()), st.binary(max_size=8),
                               min_size=1, max_size=2)


@st.composite
def _request(draw: Any, pairs: st.SearchStrategy[tuple[int, int]], unknown_tags: bool,
             max_items: int) -> Frame:
    from kformat.protocol.api import request_header_version

    key, version = draw(pairs)
    body = draw(message_bodies(key, version, "request", unknown_tags=unknown_tags,
                               max_items=max_items))
    correlation_id = draw(p.int32())
    header_version = request_header_version(key, version)
    client_id = draw(p.string_values(nullable=True)) if header_version >= 1 else None
    tags = draw(st.one_of(st.none(), _HEADER_TAGS)) if header_version >= 2 else None
    payload = build_request(key, version, body, correlation_id=correlation_id,
                            client_id=client_id, header_tagged=tags)
    return Frame("request", key, version, correlation_id, body, payload, client_id, tags)


@st.composite
def _response(draw: Any, pairs: st.SearchStrategy[tuple[int, int]], unknown_tags: bool,
              max_items: int) -> Frame:
    from kformat.protocol.api import response_header_version

    key, version = draw(pairs)
    body = draw(message_bodies(key, version, "response", unknown_tags=unknown_tags,
                               max_items=max_items))
    correlation_id = draw(p.int32())
    flexible = response_header_version(key, version) >= 1
    tags = draw(st.one_of(st.none(), _HEADER_TAGS)) if flexible else None
    payload = build_response(key, version, body, correlation_id=correlation_id,
                             header_tagged=tags)
    return Frame("response", key, version, correlation_id, body, payload, None, tags)


def request_frames(api: int | str | None = None, version: int | None = None, *,
                   unknown_tags: bool = False, max_items: int = 2) -> st.SearchStrategy[Frame]:
    """Request frames of ``api`` at ``version`` (``None``: any API, any valid version)."""
    return _request(_apis(api, version, "request"), unknown_tags, max_items)


def response_frames(api: int | str | None = None, version: int | None = None, *,
                    unknown_tags: bool = False, max_items: int = 2) -> st.SearchStrategy[Frame]:
    """Response frames of ``api`` at ``version`` (``None``: any API, any valid version)."""
    return _response(_apis(api, version, "response"), unknown_tags, max_items)


def encoded(target: int | str | Construct, version: int | None = None, kind: str = "request",
            **options: Any) -> st.SearchStrategy[bytes]:
    """Byte strings of a valid encoding.

    ``target`` is an API (key or name; ``kind`` ``request`` or ``response``), a record
    schema (name or type; ``kind`` one of
    :data:`~kformat.strategies.grammar.RECORD_KINDS`; ``group=`` as for
    :func:`~kformat.strategies.grammar.record_schema_values`), or a construct grammar
    (``version`` and ``kind`` unused). ``options`` go to the value strategy.
    """
    if isinstance(target, Construct):
        fast = CompiledGrammar(target, name=repr(target))
        return from_grammar(target, **options).map(fast.build)
    if version is None:
        raise ValueError("encoded() needs a version for an API or a record schema")
    if kind in RECORD_KINDS:
        group = options.pop("group", None)
        msg = record_schema_def(kind, target, group=group)
        values = record_schema_values(kind, target, version, group=group, **options)
        fast = CompiledGrammar(body_grammar(msg, version), name=f"{msg.name} v{version}")
        return values.map(fast.build)
    values = message_bodies(target, version, kind, **options)
    return values.map(compiled_grammar(target, version, kind).build)
