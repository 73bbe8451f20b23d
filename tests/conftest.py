"""Shared pytest configuration: hypothesis profiles.

Select one with ``HYPOTHESIS_PROFILE``: ``ci`` (default: deterministic, about 100 examples),
``dev`` (random, more examples) or ``fuzz`` (100,000 examples, for ``pytest -m fuzz`` runs).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    deadline=None,
    max_examples=100,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    deadline=None,
    max_examples=500,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "fuzz",
    deadline=None,
    max_examples=100_000,
    database=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
