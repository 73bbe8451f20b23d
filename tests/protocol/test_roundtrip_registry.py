"""Every request and response version of the registry builds, parses and rebuilds.

One parametrised test per (API, version): adding a grammar adds coverage with no new test code
(one registry-wide parametrised test: a new grammar adds coverage with no new test code). For the request and the response the test checks, with a non-trivial
value from :mod:`tests.protocol.values` (every field set, nulls, non-ASCII text, tagged fields,
unknown tagged fields in body and header):

* parse(build(value)) == value and build(parse(frame)) == frame, byte for byte;
* the interpreted and the compiled grammar, and the native engine when built, give the same
  bytes and the same value, the compiled and native ones without falling back to the
  interpreter.
"""

from __future__ import annotations

from io import BytesIO

import pytest

from kformat import (
    build_request,
    build_response,
    compiled_grammar,
    grammar,
    parse_request,
    parse_response,
)
from kformat.primitives import UNKNOWN_TAGS, build_interpreted, parse_interpreted
from kformat.protocol.api import request_header_version, response_header_version
from kformat.spec.compiler import default_body
from kformat.spec.registry import load_registry
from tests.helpers import (
    assert_same,
    declared_versions,
    native_build,
    native_parse,
    on_native,
)
from tests.protocol.values import CLIENT_ID, HEADER_TAGS, sample_body

pytestmark = pytest.mark.usefixtures("each_engine")

REGISTRY = load_registry()
PAIRS = [(msg.api_key, msg.api_name, v) for msg in REGISTRY.by_kind("request") for v in msg.valid]


def test_every_api_version_is_listed():
    """Requests and responses share their version ranges, so one case covers both."""
    for key in REGISTRY.api_keys():
        assert REGISTRY.request(key).valid == REGISTRY.response(key).valid, key
    assert len(PAIRS) == sum(len(list(m.valid)) for m in REGISTRY.by_kind("response"))
    assert len(PAIRS) == len(declared_versions("request"))  # every version the grammars declare


def _check_body(kind: str, key: int, version: int, body: dict, body_bytes: bytes) -> None:
    """Interpreted == compiled (no fallback) == the bytes inside the frame."""
    fast = compiled_grammar(key, version, kind)
    assert fast.grammar is grammar(key, version, kind)
    assert build_interpreted(fast.grammar, body) == body_bytes
    assert fast.compiled.build(body) == body_bytes
    assert_same(parse_interpreted(fast.grammar, body_bytes), body, "interpreted parse")
    stream = BytesIO(body_bytes)
    assert_same(fast.parse_stream(stream), body, "compiled parse (no fallback)")
    assert stream.tell() == len(body_bytes)
    if on_native(fast.grammar):
        assert_same(native_parse(fast.grammar, body_bytes), body, "native parse (no fallback)")
        assert native_build(fast.grammar, body) == body_bytes, "native build (no fallback)"


@pytest.mark.parametrize(("key", "version"), [(k, v) for k, _, v in PAIRS],
                         ids=[f"{name}-v{v}" for _, name, v in PAIRS])
def test_request_and_response_round_trip(key, version):
    for kind in ("request", "response"):
        msg = REGISTRY.request(key) if kind == "request" else REGISTRY.response(key)
        body = sample_body(msg, version)
        assert body != default_body(msg) or not msg.fields_for(version), "trivial value"
        if kind == "request":
            header_version = request_header_version(key, version)
            frame = build_request(key, version, body, correlation_id=-7,
                                  client_id=CLIENT_ID if header_version else None,
                                  header_tagged=HEADER_TAGS if header_version == 2 else None)
            parsed = parse_request(frame)
            assert parsed.client_id == (CLIENT_ID if header_version else None)
            tagged = header_version == 2
        else:
            header_version = response_header_version(key, version)
            frame = build_response(key, version, body, correlation_id=-7,
                                   header_tagged=HEADER_TAGS if header_version == 1 else None)
            parsed = parse_response(frame, key, version)
            tagged = header_version == 1
        assert (parsed.api_key, parsed.api_version, parsed.correlation_id) == (key, version, -7)
        assert parsed.header_version == header_version
        assert parsed.header.get(UNKNOWN_TAGS) == (HEADER_TAGS if tagged else None)
        assert_same(parsed.body, body, f"{kind} body")
        assert parsed.to_bytes() == frame, f"{kind} frame does not rebuild byte for byte"
        header_size = len(frame) - len(compiled_grammar(key, version, kind).build(body))
        _check_body(kind, key, version, body, frame[header_size:])
