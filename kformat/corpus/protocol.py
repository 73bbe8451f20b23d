"""Request and response fixtures: every API, every version (v0 to trunk), every profile.

Each is one size-prefixed frame built by :func:`kformat.build_request` /
:func:`kformat.build_response` from a body of :func:`~kformat.corpus.values.message_value`
and a header of :func:`~kformat.corpus.values.header_value`.
"""

from __future__ import annotations

from collections.abc import Iterator

from kformat.corpus.fixture import Fixture
from kformat.corpus.peers import protocol_peer
from kformat.corpus.values import PROFILES, header_value, message_value, profiles_for
from kformat.protocol.api import (
    build_request,
    build_response,
    request_header_version,
    response_header_version,
)
from kformat.protocol.framing import frame
from kformat.spec.registry import load_registry
from kformat.spec.schema import MessageDef

__all__ = ["protocol_fixtures", "request_frame", "response_frame"]


def request_frame(msg: MessageDef, version: int, profile: str, seed: int) -> bytes:
    """A size-prefixed request frame of ``msg`` at ``version`` in ``profile``."""
    assert msg.api_key is not None
    header = request_header_version(msg.api_key, version)
    cid, client_id, tags = header_value("request", msg.api_name, version, profile, seed,
                                        flexible=header >= 2, has_client_id=header >= 1)
    body = message_value(msg, version, profile, seed)
    return frame(build_request(msg.api_key, version, body, correlation_id=cid,
                               client_id=client_id, header_tagged=tags))


def response_frame(msg: MessageDef, version: int, profile: str, seed: int, *,
                   correlation_id: int | None = None) -> bytes:
    """A size-prefixed response frame of ``msg`` at ``version`` in ``profile``."""
    assert msg.api_key is not None
    header = response_header_version(msg.api_key, version)
    cid, _, tags = header_value("response", msg.api_name, version, profile, seed,
                                flexible=header >= 1, has_client_id=False)
    body = message_value(msg, version, profile, seed)
    return frame(build_response(msg.api_key, version, body,
                                correlation_id=cid if correlation_id is None else correlation_id,
                                header_tagged=tags))


def protocol_fixtures(kind: str, seed: int = 0, profiles: tuple[str, ...] = PROFILES
                      ) -> Iterator[Fixture]:
    """Every ``kind`` (``request`` or ``response``) message at every version and profile."""
    for msg in load_registry().by_kind(kind):
        assert msg.api_key is not None
        for version in msg.valid:
            for profile in profiles_for(msg, version, profiles):
                if kind == "request":
                    data = request_frame(msg, version, profile, seed)
                    header = request_header_version(msg.api_key, version)
                else:
                    data = response_frame(msg, version, profile, seed)
                    header = response_header_version(msg.api_key, version)
                peer, reason = protocol_peer(msg.api_key, version, profile)
                yield Fixture(
                    id=f"{kind}/{msg.api_name}/v{version}-{profile}",
                    format=f"kafka.{kind}", section=kind, files={"data": data},
                    meta={"api_key": msg.api_key, "api_name": msg.api_name,
                          "version": version, "kind": kind, "profile": profile,
                          "header_version": header, "flexible": msg.is_flexible(version),
                          "unstable": version in msg.unstable},
                    peer=peer, peer_reason=reason)
