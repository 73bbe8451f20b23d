"""Which independent implementation can cross-check a fixture, decided without importing it.

The generator must give the same bytes whether or not a peer is installed, so coverage is a
table here (kio 0.6.5's schema index, copied by hand) and a peer-marked test checks it still
matches the installed kio. A fixture no peer can check carries ``"peer": null`` and the reason.

* **kio** 0.6.5 decodes request and response bodies (and headers v1/v2 and v0/v1) for the
  API versions in :data:`KIO_APIS`, and the data specs in :data:`KIO_DATA`. It rejects unknown
  tagged fields (``KeyError``), error codes outside its enum and negative timestamps, so the
  ``unknown-tags`` and ``boundary`` profiles are beyond it.
* **kafka-python** and **aiokafka** decode record batches of every magic and codec (see
  :func:`record_peer` for the two gaps).
"""

from __future__ import annotations

from typing import Final

from kformat.spec.schema import VersionSet

__all__ = [
    "KIO",
    "KIO_APIS",
    "KIO_DATA",
    "NO_PEER_INTERNAL",
    "RECORD_PEERS",
    "data_peer",
    "protocol_peer",
    "record_peer",
]

KIO: Final = "kio"
RECORD_PEERS: Final = ("aiokafka", "kafka-python")

KIO_APIS: Final[dict[int, VersionSet]] = {key: VersionSet.parse(text) for key, text in {
    0: "3-13", 1: "4-18", 2: "1-11", 3: "0-13", 8: "2-10", 9: "1-10", 10: "0-6", 11: "0-9",
    12: "0-4", 13: "0-5", 14: "0-5", 15: "0-6", 16: "0-5", 17: "0-1", 18: "0-4", 19: "2-7",
    20: "1-6", 21: "0-2", 22: "0-6", 23: "2-4", 24: "0-5", 25: "0-4", 26: "0-5", 27: "1-2",
    28: "0-5", 29: "1-3", 30: "1-3", 31: "1-3", 32: "1-4", 33: "0-2", 34: "1-2", 35: "1-5",
    36: "0-2", 37: "0-3", 38: "1-3", 39: "1-2", 40: "1-2", 41: "1-3", 42: "0-2", 43: "0-2",
    44: "0-1", 45: "0-1", 46: "0", 47: "0", 48: "0-1", 49: "0-1", 50: "0", 51: "0",
    52: "0-2", 53: "0-1", 54: "0-1", 55: "0-2", 56: "2-3", 57: "0-2", 58: "0", 59: "0-1",
    60: "0-2", 61: "0", 62: "0-4", 63: "0-2", 64: "0", 65: "0", 66: "0-2", 67: "0",
    68: "0-1", 69: "0-1", 70: "0", 71: "0", 72: "0", 73: "0", 74: "0-1", 75: "0", 76: "1",
    77: "1", 78: "1-2", 79: "1-2", 80: "0-1", 81: "0", 82: "0", 83: "0", 84: "0",
    85: "0-1", 86: "0", 87: "0-1", 88: "0", 89: "0", 90: "0-1", 91: "0", 92: "0",
}.items()}
"""kio 0.6.5: API key -> the versions it has request and response schemas for."""

KIO_DATA: Final[dict[str, VersionSet]] = {name: VersionSet.parse(text) for name, text in {
    "ConsumerProtocolAssignment": "0-3", "ConsumerProtocolSubscription": "0-3",
    "ControlRecordTypeSchema": "0", "DefaultPrincipalData": "0", "EndTxnMarker": "0",
    "KRaftVersionRecord": "0", "LeaderChangeMessage": "0-1", "SnapshotFooterRecord": "0",
    "SnapshotHeaderRecord": "0", "VotersRecord": "0",
}.items()}
"""kio 0.6.5: data spec -> the versions it has schemas for."""

NO_PEER_INTERNAL: Final = ("no independent implementation decodes Kafka's internal-topic "
                           "record schemas (kio has only the data specs it lists)")


def protocol_peer(api_key: int, version: int, profile: str) -> tuple[list[str] | None,
                                                                      str | None]:
    """``(peers, reason)`` for a request or response fixture."""
    if profile == "unknown-tags":
        return None, "kio 0.6.5 rejects unknown tagged fields (KeyError) and no other peer " \
                     "reads flexible versions"
    if profile == "boundary":
        return None, "boundary values are outside kio's narrower types (its ErrorCode enum, " \
                     "non-negative datetimes)"
    if version in KIO_APIS.get(api_key, VersionSet()):
        return [KIO], None
    return None, "kio 0.6.5 has no schema for this API version"


def data_peer(schema: str, version: int, profile: str) -> tuple[list[str] | None, str | None]:
    """``(peers, reason)`` for a data-spec fixture (consumer protocol, control records...)."""
    if profile in ("unknown-tags", "boundary"):
        return protocol_peer(-1, version, profile)
    if version in KIO_DATA.get(schema, VersionSet()):
        return [KIO], None
    return None, NO_PEER_INTERNAL


def record_peer(magic: int, codec: int, variant: str) -> tuple[list[str] | None, str | None]:
    """``(peers, reason)`` for a record-batch or legacy message-set fixture.

    Two gaps: neither peer reads a header-only xerial snappy stream (kformat's empty snappy
    batch; Kafka's log cleaner writes empty batches uncompressed), and aiokafka refuses
    magic 0 LZ4 on purpose (its pre-KIP-57 framing).
    """
    if magic == 2 and codec == 2 and variant == "empty":
        return None, ("kafka-python and aiokafka cannot read a header-only xerial snappy "
                      "stream (an empty compressed batch)")
    if magic == 0 and codec == 3:
        return ["kafka-python"], None
    return list(RECORD_PEERS), None
