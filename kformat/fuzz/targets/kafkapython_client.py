"""A kafka-python consumer target."""

from __future__ import annotations

import time

from kformat.fuzz.targets.main import Job

__all__ = ["consumer", "reported"]


def reported() -> tuple[type[BaseException], ...]:
    """kafka-python's own errors: a reported failure. Anything else escaping the client
    (``struct.error``, ``IndexError``...) is a bug in it."""
    from kafka.errors import KafkaError

    return (KafkaError,)


def consumer(job: Job) -> int:
    """Read ``job.messages`` records of ``job.topic`` from the start (no group)."""
    from kafka import KafkaConsumer

    # api_version pinned: kafka-python 3.0 does not read an UNSUPPORTED_VERSION answer to its
    # ApiVersions v3/v4 request in the v0 layout (KIP-511), which is how librdkafka's mock
    # cluster answers, and would never connect (docs/fuzzing.md, "Live campaigns")
    c = KafkaConsumer(bootstrap_servers=job.bootstrap.split(","), group_id=None,
                      api_version=(2, 0),
                      auto_offset_reset="earliest", enable_auto_commit=False,
                      request_timeout_ms=int(job.deadline * 1000 / 2) + 1000,
                      metadata_max_age_ms=2000, fetch_max_wait_ms=100)
    try:
        c.subscribe([job.topic])
        got, end = 0, time.monotonic() + job.deadline
        while got < job.messages and time.monotonic() < end:
            for records in c.poll(timeout_ms=200).values():
                for r in records:
                    _ = (r.key, r.value, r.headers, r.timestamp, r.offset)
                    got += 1
        return 0 if got >= job.messages else 2
    finally:
        c.close()
