"""Builds do not guess: ``None`` only where the version makes a value nullable, and
``strict=True`` requires every field the spec gives no default.

Missing keys keep Java's defaults (the spec's default, else the type's); ``None`` in place of
a struct the version does not make nullable (the body included) is an ``EncodeError`` at its
path, in both engines. Checked on hand-made bodies and on every valid request and response
of the fixture corpus: each struct position set to ``None`` is refused at that path (a
default struct was built), and every corpus body builds the same bytes with ``strict``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kformat import EncodeError, build_request, build_response, parse_request, parse_response
from kformat.errors import join_path
from kformat.protocol.framing import unframe
from kformat.protocol.versioned import build_body
from kformat.spec.registry import load_registry
from kformat.spec.schema import FieldDef, MessageDef

pytestmark = pytest.mark.usefixtures("each_engine")

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def corpus() -> list[dict[str, Any]]:
    manifest = json.loads((FIXTURES / "manifest.json").read_text(encoding="utf-8"))
    return [e for e in manifest["fixtures"] if e["valid"] and e["format"] in (
        "kafka.request", "kafka.response")]


CORPUS = corpus()


def parsed(entry: dict[str, Any]) -> tuple[str, int, int, Any]:
    """(kind, api key, version, body) of a corpus frame."""
    expect = json.loads((FIXTURES / entry["expectation"]).read_text(encoding="utf-8"))
    frame = unframe((FIXTURES / expect["files"]["data"]["path"]).read_bytes())
    if expect["kind"] == "request":
        request = parse_request(frame)
        return "request", request.api_key, request.api_version, request.body
    response = parse_response(frame, expect["api_key"], expect["version"])
    return "response", expect["api_key"], expect["version"], response.body


def build(kind: str, key: int, version: int, body: Any, **kwargs: Any) -> bytes:
    make = build_request if kind == "request" else build_response
    return make(key, version, body, **kwargs)


def struct_positions(msg: MessageDef, fields: tuple[FieldDef, ...], version: int, value: Any,
                     path: str = "") -> list[tuple[str, tuple[Any, ...]]]:
    """(path, where) of every struct value in ``value`` the version does not make nullable:
    ``where`` the keys and indexes that reach it."""
    out: list[tuple[str, tuple[Any, ...]]] = []
    if not isinstance(value, dict):
        return out
    for f in fields:
        name = f.py_name
        if version not in f.versions or f.is_tagged(version) or not f.type.is_struct \
                or name not in value:
            continue
        here = join_path(path, name)
        item, children = value[name], msg.children(f)
        if f.type.is_array:
            for i, element in enumerate(item or []):
                out.append((f"{here}[{i}]", (name, i)))
                out += [(p, (name, i, *w)) for p, w in struct_positions(
                    msg, children, version, element, f"{here}[{i}]")]
        elif not f.is_nullable(version):
            out.append((here, (name,)))
            out += [(p, (name, *w)) for p, w in struct_positions(msg, children, version, item,
                                                                  here)]
    return out


def with_none(body: Any, where: tuple[Any, ...]) -> Any:
    """A copy of ``body`` with the value at ``where`` replaced by None."""
    if not where:
        return None
    head, *rest = where
    copy: Any = dict(body) if isinstance(body, dict) else list(body)
    copy[head] = with_none(body[head], tuple(rest))
    return copy


def test_none_for_the_body_is_an_encode_error() -> None:
    """``build_request("Produce", 9, None)`` built acks=0, timeout_ms=0."""
    for kind in ("request", "response"):
        with pytest.raises(EncodeError, match="null in a non-nullable struct") as exc:
            build(kind, "Produce", 9, None)
        assert exc.value.field_path == ""


def test_none_for_a_struct_is_an_encode_error_at_its_path() -> None:
    """Metadata v11 ``{"topics": [None]}`` built a topic named ``""``."""
    with pytest.raises(EncodeError, match="null in a non-nullable struct") as exc:
        build_request("Metadata", 11, {"topics": [None]})
    assert exc.value.field_path == "topics[0]"
    with pytest.raises(EncodeError) as exc:
        build_request("Produce", 9, {"topic_data": [{"name": "t", "partition_data": [None]}]})
    assert exc.value.field_path == "topic_data[0].partition_data[0]"


def test_none_where_the_version_allows_null_builds_null() -> None:
    """Metadata v1+ topics and a nullable struct (its presence byte -1)."""
    assert parse_request(build_request("Metadata", 11, {"topics": None})).body["topics"] is None
    msg = load_registry().response("ConsumerGroupHeartbeat")
    (field,) = [f for f in msg.fields if f.py_name == "assignment"]
    assert field.type.is_struct and field.is_nullable(0)
    raw = build_response("ConsumerGroupHeartbeat", 0, {"assignment": None})
    assert parse_response(raw, "ConsumerGroupHeartbeat", 0).body["assignment"] is None


def test_missing_keys_keep_javas_defaults() -> None:
    """The spec's default where it gives one, else the type's (Java's generated messages)."""
    body = parse_request(build_request("Produce", 9, {})).body
    assert (body["acks"], body["timeout_ms"], body["transactional_id"], body["topic_data"]) \
        == (0, 0, None, [])  # transactional_id: the spec's default null
    topic = parse_request(build_request("Metadata", 11, {"topics": [{}]})).body["topics"][0]
    assert topic == {"topic_id": topic["topic_id"], "name": ""}


@pytest.mark.parametrize(("body", "path"), [
    ({}, "acks"),
    ({"acks": -1}, "timeout_ms"),
    ({"acks": -1, "timeout_ms": 5}, "topic_data"),
    ({"acks": -1, "timeout_ms": 5, "topic_data": [{"name": "t"}]}, "topic_data[0].partition_data"),
    ({"acks": -1, "timeout_ms": 5, "topic_data": [{"name": "t", "partition_data": [{}]}]},
     "topic_data[0].partition_data[0].index"),
])
def test_strict_requires_every_field_without_a_spec_default(body: dict[str, Any],
                                                            path: str) -> None:
    with pytest.raises(EncodeError, match="missing field") as exc:
        build_request("Produce", 9, body, strict=True)
    assert exc.value.field_path == path
    build_request("Produce", 9, body)  # without strict: Java's defaults
    msg = load_registry().request("Produce")
    with pytest.raises(EncodeError) as exc:
        build_body(msg, 9, body, strict=True)
    assert exc.value.field_path == path


def test_strict_leaves_fields_with_a_default_and_tagged_fields_optional() -> None:
    full = {"acks": -1, "timeout_ms": 5,
            "topic_data": [{"name": "t", "partition_data": [{"index": 0, "records": None}]}]}
    assert build_request("Produce", 9, full, strict=True) == build_request("Produce", 9, full)
    # transactional_id (default null) missing; Metadata v12's tagged-free body needs all
    body = {"topics": None, "allow_auto_topic_creation": True,
            "include_topic_authorized_operations": False}
    assert build_request("Metadata", 12, body, strict=True) == build_request("Metadata", 12, body)


def test_every_corpus_struct_set_to_none_is_refused_at_its_path() -> None:
    """Over the corpus's valid requests and responses, each struct position (up to four a
    body) set to None is an EncodeError at that path: a default struct was built."""
    registry = load_registry()
    tried = 0
    for entry in CORPUS:
        kind, key, version, body = parsed(entry)
        msg = registry.request(key) if kind == "request" else registry.response(key)
        for path, where in struct_positions(msg, msg.fields, version, body)[:4]:
            with pytest.raises(EncodeError, match="null in a non-nullable struct") as exc:
                build(kind, key, version, with_none(body, where))
            assert exc.value.field_path == path, entry["id"]
            tried += 1
    assert tried > 400


def test_every_corpus_body_builds_the_same_with_strict() -> None:
    """A parsed body holds every field: strict builds it as the plain build does."""
    for entry in CORPUS:
        kind, key, version, body = parsed(entry)
        assert build(kind, key, version, body, strict=True) == build(kind, key, version, body), \
            entry["id"]
