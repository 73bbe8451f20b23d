"""An aiokafka consumer target."""

from __future__ import annotations

import asyncio
import time

from kformat.fuzz.targets.main import Job

__all__ = ["consumer", "reported"]


def reported() -> tuple[type[BaseException], ...]:
    """aiokafka's own errors and the deadline: a reported failure. Anything else escaping
    the client is a bug in it."""
    from aiokafka.errors import KafkaError

    return (KafkaError, TimeoutError)


async def _consume(job: Job) -> int:
    from aiokafka import AIOKafkaConsumer

    c = AIOKafkaConsumer(job.topic, bootstrap_servers=job.bootstrap, group_id=None,
                         auto_offset_reset="earliest", enable_auto_commit=False,
                         request_timeout_ms=int(job.deadline * 1000 / 2) + 1000,
                         metadata_max_age_ms=2000, fetch_max_wait_ms=100)
    end = time.monotonic() + job.deadline
    await asyncio.wait_for(c.start(), timeout=job.deadline / 2)
    try:
        got = 0
        while got < job.messages and time.monotonic() < end:
            batches = await c.getmany(timeout_ms=200)
            for records in batches.values():
                for r in records:
                    _ = (r.key, r.value, r.headers, r.timestamp, r.offset)
                    got += 1
        return 0 if got >= job.messages else 2
    finally:
        await asyncio.wait_for(c.stop(), timeout=5)


def consumer(job: Job) -> int:
    return asyncio.run(_consume(job))
