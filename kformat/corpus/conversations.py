"""Whole conversations: the client and server byte streams of one captured connection.

Each is a list of steps (API, version, whether the broker answers); requests get correlation
ids 1, 2, 3... and typical bodies. Read back with :func:`kformat.decode_conversation`, which
pairs responses with requests by correlation id. The cases:

``producer-modern``      ApiVersions v3 (flexible request, v0 response header), Metadata,
                         InitProducerId, Produce with records
``consumer-modern``      the consumer-group dance on flexible versions, Fetch with records
``consumer-legacy``      the same on the oldest versions (header v1, no tagged fields)
``produce-acks-zero``    a Produce with acks=0 gets no response; the next request does
``capture-cut``          the capture ends inside the last response (status ``truncated``)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from kformat.corpus.fixture import Fixture
from kformat.corpus.values import message_value
from kformat.protocol.api import build_request, build_response
from kformat.protocol.framing import frame
from kformat.spec.registry import load_registry

__all__ = ["CONVERSATIONS", "conversation_fixtures"]

# (api, version, answered) per step
CONVERSATIONS: Final[dict[str, tuple[tuple[str, int, bool], ...]]] = {
    "producer-modern": (("ApiVersions", 3, True), ("Metadata", 12, True),
                        ("InitProducerId", 4, True), ("Produce", 9, True),
                        ("Produce", 9, True)),
    "consumer-modern": (("ApiVersions", 3, True), ("FindCoordinator", 4, True),
                        ("JoinGroup", 9, True), ("SyncGroup", 5, True),
                        ("OffsetFetch", 8, True), ("Fetch", 13, True),
                        ("Heartbeat", 4, True), ("OffsetCommit", 8, True),
                        ("LeaveGroup", 5, True)),
    "consumer-legacy": (("ApiVersions", 0, True), ("Metadata", 1, True),
                        ("FindCoordinator", 0, True), ("JoinGroup", 0, True),
                        ("SyncGroup", 0, True), ("Fetch", 4, True),
                        ("OffsetCommit", 2, True), ("Heartbeat", 0, True)),
    "produce-acks-zero": (("Metadata", 5, True), ("Produce", 3, False),
                          ("Produce", 3, False), ("Metadata", 5, True)),
    "capture-cut": (("Metadata", 9, True), ("Fetch", 11, True)),
}
_CUT: Final = 9
"""``capture-cut`` keeps this many bytes of its last response frame."""
PEER_REASON: Final = ("no peer decodes whole conversations; kio checks the request and "
                      "response fixtures one by one")


def _frames(name: str, steps: tuple[tuple[str, int, bool], ...], seed: int
            ) -> tuple[bytes, bytes]:
    registry = load_registry()
    client, server = [], []
    for i, (api, version, answered) in enumerate(steps, start=1):
        request = registry.request(api)
        overrides: dict[str, Any] = {}
        if api == "Produce":
            overrides["acks"] = -1 if answered else 0
        body = message_value(request, version, "typical", f"{seed}:{name}:{i}",
                             overrides=overrides)
        client.append(frame(build_request(api, version, body, correlation_id=i,
                                          client_id=f"kformat-{name}")))
        if answered:
            reply = message_value(registry.response(api), version, "typical",
                                  f"{seed}:{name}:{i}")
            server.append(frame(build_response(api, version, reply, correlation_id=i)))
    if name == "capture-cut":
        server[-1] = server[-1][:_CUT]
    return b"".join(client), b"".join(server)


def conversation_fixtures(seed: int = 0) -> Iterator[Fixture]:
    """One fixture per entry of :data:`CONVERSATIONS`."""
    for name, steps in CONVERSATIONS.items():
        client, server = _frames(name, steps, seed)
        yield Fixture(id=f"conversations/{name}", format="kafka.conversation",
                      section="conversations", files={"client": client, "server": server},
                      meta={"steps": [{"api": a, "version": v, "answered": ok}
                                      for a, v, ok in steps]},
                      peer=None, peer_reason=PEER_REASON)
