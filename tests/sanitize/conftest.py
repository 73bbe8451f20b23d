"""Tests marked ``sanitize`` build C with the sanitizers: run them with ``-m sanitize``."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _sanitizer_tests_need_m_sanitize(request: pytest.FixtureRequest) -> None:
    if request.node.get_closest_marker("sanitize") and "sanitize" not in (
            request.config.getoption("markexpr") or ""):
        pytest.skip("builds C with the sanitizers: select it with pytest -m sanitize")
