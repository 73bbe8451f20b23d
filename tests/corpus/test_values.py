"""The deterministic value generator: profiles, seeds, and every API in every profile."""

from __future__ import annotations

import math
import uuid
from typing import Any

import pytest

from kformat.corpus.generate import fixtures
from kformat.corpus.values import PROFILES, header_value, message_value, profiles_for
from kformat.primitives import UNKNOWN_TAGS
from kformat.spec.records_field import RecordSet
from kformat.spec.registry import load_registry
from kformat.spec.schema import INT_RANGES
from tests.helpers import same

REGISTRY = load_registry()


def structs(value: Any) -> list[dict[str, Any]]:
    """Every struct dict inside a body (the body included)."""
    out = []
    if isinstance(value, dict) and not all(isinstance(k, int) for k in value or {"": 0}):
        out.append(value)
        for k, v in value.items():
            if k != UNKNOWN_TAGS:
                out += structs(v)
    elif isinstance(value, list):
        for v in value:
            out += structs(v)
    return out


def leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [x for k, v in value.items() if k != UNKNOWN_TAGS for x in leaves(v)]
    if isinstance(value, list):
        return [x for v in value for x in leaves(v)]
    return [value]


def test_same_seed_same_value_other_seed_other_value() -> None:
    msg = REGISTRY.response("Metadata")
    assert same(message_value(msg, 12, "typical", 3), message_value(msg, 12, "typical", 3))
    assert not same(message_value(msg, 12, "typical", 3), message_value(msg, 12, "typical", 4))


def test_minimal_is_defaults_empty_and_null() -> None:
    body = message_value(REGISTRY.request("Metadata"), 12, "minimal")
    assert body == {"topics": None, "allow_auto_topic_creation": True,
                    "include_cluster_authorized_operations": False,
                    "include_topic_authorized_operations": False}
    body = message_value(REGISTRY.response("Metadata"), 12, "minimal")
    assert body["brokers"] == [] and body["topics"] == [] and body["cluster_id"] is None


def test_typical_stays_inside_peer_types() -> None:
    body = message_value(REGISTRY.response("Fetch"), 13, "typical")
    codes = [s["error_code"] for s in structs(body) if "error_code" in s]
    assert codes and all(c >= 0 for c in codes)
    records = [v for v in leaves(body) if isinstance(v, RecordSet)]
    assert records and all(r.batches for r in records if r is not None)


def test_boundary_reaches_the_edges() -> None:
    seen: set[Any] = set()
    for msg in REGISTRY.by_kind("response")[:40]:
        for version in msg.valid:
            for leaf in leaves(message_value(msg, version, "boundary")):
                if isinstance(leaf, float) and math.isnan(leaf):
                    seen.add("nan")
                elif isinstance(leaf, int | str | uuid.UUID) and not isinstance(leaf, bool):
                    seen.add(leaf)
    for lo, hi in INT_RANGES.values():
        if lo != 0:
            assert lo in seen or hi in seen
    assert {"", "ünïcødé ☃ 日本語 🦀", uuid.UUID(int=0), -1} <= seen


def test_unknown_tags_only_where_flexible_and_otherwise_typical() -> None:
    msg = REGISTRY.response("Metadata")
    assert profiles_for(msg, 8) == ("minimal", "typical", "boundary")
    assert profiles_for(msg, 9) == PROFILES
    tagged = message_value(msg, 9, "unknown-tags")
    assert all(UNKNOWN_TAGS in s for s in structs(tagged))
    for s in structs(tagged):
        del s[UNKNOWN_TAGS]
    assert same(tagged, message_value(msg, 9, "typical"))
    assert not any(UNKNOWN_TAGS in s for s in structs(message_value(msg, 8, "unknown-tags")))


def test_headers() -> None:
    assert header_value("request", "Metadata", 12, "minimal") == (0, None, None)
    cid, client, tags = header_value("request", "Metadata", 12, "unknown-tags")
    assert (cid, client) == header_value("request", "Metadata", 12, "typical")[:2]
    assert tags and 10_000 in tags
    assert header_value("request", "ControlledShutdown", 0, "typical",
                        has_client_id=False)[1] is None


def test_bad_profile_and_version() -> None:
    with pytest.raises(ValueError, match="unknown profile"):
        message_value(REGISTRY.request("Metadata"), 1, "maximal")
    with pytest.raises(ValueError, match="no version"):
        message_value(REGISTRY.request("Metadata"), 99, "typical")


@pytest.mark.slow
def test_minimal_and_boundary_read_back_for_every_api_version() -> None:
    """The committed corpus has typical and unknown-tags; the other profiles are checked here
    (the generator raises CorpusError for a fixture that does not read back to itself)."""
    count = sum(1 for _ in fixtures(only=["request", "response"],
                                    profiles=["minimal", "boundary"]))
    versions = sum(len(list(m.valid)) for kind in ("request", "response")
                   for m in REGISTRY.by_kind(kind))
    assert count == 2 * versions
