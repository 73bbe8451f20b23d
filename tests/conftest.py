"""Shared pytest configuration: hypothesis profiles.

Select one with ``HYPOTHESIS_PROFILE``: ``ci`` (default: deterministic, about 100 examples),
``dev`` (random, more examples) or ``fuzz`` (100,000 examples, for ``pytest -m fuzz`` runs).
The ``each_engine`` fixture runs a test on every available engine (:mod:`kformat.engine`),
``on_native`` on the native one;
tests marked ``fuzz`` run only when selected (``pytest -m fuzz``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from kformat import engine

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


@pytest.fixture(params=engine.available())
def each_engine(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run the test once per available engine (``native`` when built, and ``python``)."""
    with engine.using(request.param):
        yield request.param


@pytest.fixture
def on_native() -> Iterator[None]:
    """The native engine active whatever ``KFORMAT_ENGINE`` chose, for tests about it (skip
    them first where it is not built)."""
    with engine.using("native"):
        yield


@pytest.fixture(autouse=True)
def _long_runs_need_m_fuzz(request: pytest.FixtureRequest) -> None:
    """Tests marked ``fuzz`` run only when selected: ``pytest -m fuzz``."""
    if request.node.get_closest_marker("fuzz") and "fuzz" not in (
            request.config.getoption("markexpr") or ""):
        pytest.skip("long fuzz run: select it with pytest -m fuzz")
