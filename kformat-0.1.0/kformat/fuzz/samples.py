"""Deterministic draws from the grammar strategies, and the subjects built from them.

:func:`examples` runs hypothesis's generator under a fixed seed (no example database, no
shrinking), so the same seed gives the same values on every run and machine with the same
hypothesis version: the valid edge cases of a corpus and the bases of every mutant.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from kformat.fuzz.subjects import Subject, batches_subject, request_subject, response_subject
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT

__all__ = ["KINDS", "examples", "strategy_for", "subjects"]

KINDS = ("request", "response", "batches")
"""What a corpus holds: request frames, response frames, or record batches."""


def examples(strategy: st.SearchStrategy[Any], n: int, seed_value: int) -> list[Any]:
    """Up to ``n`` values of ``strategy``, the same ones for the same ``seed_value``."""
    if n <= 0:
        return []
    out: list[Any] = []

    @seed(seed_value)
    @settings(max_examples=n, database=None, phases=[Phase.generate], deadline=None,
              derandomize=False, suppress_health_check=list(HealthCheck), print_blob=False)
    @given(strategy)
    def collect(value: Any) -> None:
        out.append(value)

    collect()
    return out[:n]


def strategy_for(kind: str, api: int | str | None = None,
                 version: int | None = None) -> st.SearchStrategy[Any]:
    """The strategy of valid inputs of ``kind`` (checked now: unknown api or version raise)."""
    from kformat.strategies import batch_bytes, request_frames, response_frames

    if kind == "request":
        return request_frames(api, version, unknown_tags=True)
    if kind == "response":
        return response_frames(api, version, unknown_tags=True)
    if kind == "batches":
        if api is not None or version is not None:
            raise ValueError("batches take no api or version")
        return batch_bytes()
    raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")


def subject_of(kind: str, value: Any, limit: int = DEFAULT_DECOMPRESSION_LIMIT) -> Subject:
    """The subject of one drawn value (a :class:`~kformat.strategies.Frame` or bytes)."""
    if kind == "request":
        return request_subject(value.framed, decompression_limit=limit)
    if kind == "response":
        return response_subject(value.framed, value.api_key, value.api_version,
                                decompression_limit=limit)
    return batches_subject(value, decompression_limit=limit)


def subjects(kind: str, n: int, seed_value: int, *, api: int | str | None = None,
             version: int | None = None,
             limit: int = DEFAULT_DECOMPRESSION_LIMIT) -> Iterator[tuple[Any, Subject]]:
    """``(value, subject)`` pairs of ``n`` deterministic valid inputs."""
    for value in examples(strategy_for(kind, api, version), n, seed_value):
        yield value, subject_of(kind, value, limit)
