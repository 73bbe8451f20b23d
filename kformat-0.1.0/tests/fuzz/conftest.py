"""Budgets for the strategy property tests, scaled by the hypothesis profile in use."""

from __future__ import annotations

import pytest
from hypothesis import settings


def budget(per_ci: int, cap: int) -> int:
    """Examples per test: ``per_ci`` under the ``ci`` profile (100 examples), scaled with
    the profile's ``max_examples`` (``fuzz``: 100,000) up to ``cap``."""
    return max(2, min(cap, settings.default.max_examples * per_ci // 100))


@pytest.fixture(autouse=True)
def _long_runs_need_m_fuzz(request: pytest.FixtureRequest) -> None:
    """Tests marked ``fuzz`` run only when selected: ``pytest -m fuzz``."""
    if request.node.get_closest_marker("fuzz") and "fuzz" not in (
            request.config.getoption("markexpr") or ""):
        pytest.skip("long fuzz run: select it with pytest -m fuzz")
