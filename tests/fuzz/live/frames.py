"""Frames the live-fuzzing tests share: a Metadata v12 exchange, a Produce v9 request with a
gzip batch and a Fetch v12 response carrying the same batch."""

from __future__ import annotations

import uuid

import kformat
from kformat.fuzz.framelog import FrameRecord

METADATA_BODY = {
    "throttle_time_ms": 0,
    "brokers": [{"node_id": 1, "host": "127.0.0.1", "port": 9092, "rack": None}],
    "cluster_id": "abc", "controller_id": 1,
    "topics": [{"error_code": 0, "name": "t", "topic_id": uuid.UUID(int=0), "is_internal": False,
                "partitions": [{"error_code": 0, "partition_index": 0, "leader_id": 1,
                                "leader_epoch": 0, "replica_nodes": [1], "isr_nodes": [1],
                                "offline_replicas": []}],
                "topic_authorized_operations": -2147483648}],
}


def metadata_response(correlation_id: int = 42) -> bytes:
    return kformat.build_response("Metadata", 12, METADATA_BODY, correlation_id=correlation_id)


def metadata_request(correlation_id: int = 42) -> bytes:
    return kformat.build_request("Metadata", 12, {"topics": None}, correlation_id=correlation_id,
                                 client_id="fragile")


# Built once with kformat (a gzip batch of two records, make_batch(..., codec="gzip",
# base_timestamp=1_700_000_000_000)) and frozen here, so that the golden mutations do not
# depend on the zlib version that compresses them.
PRODUCE_V9 = bytes.fromhex(
    "00000009000000050001700000ffff000003e8020274020000000063000000000000000000000056ffffff"
    "ff02900223a20001000000010000018bcfe568000000018bcfe56800ffffffffffffffffffffffffffff00"
    "0000021f8b08000000000000ff1362606060ca662933641000321859ca8c18009136b1da13000000000000")
FETCH_V12 = bytes.fromhex(
    "0000000900000000000000000000000202740200000000000000000000000000020000000000000002000000"
    "000000000001ffffffff63000000000000000000000056ffffffff02900223a20001000000010000018bcfe5"
    "68000000018bcfe56800ffffffffffffffffffffffffffff000000021f8b08000000000000ff1362606060ca"
    "662933641000321859ca8c18009136b1da13000000000000")


def metadata_script(broker: str = "127.0.0.1:0") -> list[FrameRecord]:
    """The frame log of one Metadata exchange (what a proxy logs with ``--mutate none``)."""
    return [FrameRecord(0, "request", kformat.frame(metadata_request()), 1, broker, 3,
                        "Metadata", 12, 42),
            FrameRecord(1, "response", kformat.frame(metadata_response()), 1, broker, 3,
                        "Metadata", 12, 42)]
