"""Engine selection: ``kformat.engine.active/available/using`` and ``KFORMAT_ENGINE``."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from kformat import engine


def _run(code: str, value: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != engine.ENV}
    if value is not None:
        env[engine.ENV] = value
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120, check=False)


def test_python_is_always_available_and_native_is_the_default_when_built():
    assert "python" in engine.available()
    assert engine.available()[0] == ("native" if engine._NATIVE is not None else "python")
    assert engine.unavailable_reason() == ("" if engine._NATIVE is not None
                                           else engine.unavailable_reason())


def test_using_switches_and_restores():
    before = engine.active()
    with engine.using("python"):
        assert engine.active() == "python"
        assert engine.native() is None
    assert engine.active() == before


def test_using_restores_after_an_error():
    before = engine.active()
    with pytest.raises(ZeroDivisionError), engine.using("python"):
        1 / 0  # noqa: B018
    assert engine.active() == before


def test_unknown_engine_is_refused():
    with pytest.raises(engine.EngineError, match="unknown kformat engine 'fast'"), \
            engine.using("fast"):
        pass


@pytest.mark.parametrize("value", ["python", "native", ""])
def test_environment_variable_picks_the_default(value):
    if value == "native" and "native" not in engine.available():
        pytest.skip("the native engine is not built here")
    result = _run("from kformat import engine; print(engine.active())", value)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (value or engine.available()[0])


def test_environment_variable_with_an_unknown_value_is_a_clear_error():
    result = _run("import kformat", "turbo")
    assert result.returncode != 0
    assert "unknown kformat engine 'turbo'" in result.stderr


def test_describe_names_the_active_engine():
    with engine.using("python"):
        assert engine.describe().startswith("engine: python")


@pytest.mark.skipif("native" not in engine.available(), reason="native engine not built")
def test_native_module_is_the_extension():
    with engine.using("native"):
        assert engine.native() is engine._NATIVE
        assert engine.native().__name__ == "kformat.engine._native"
        assert issubclass(engine.native().Fallback, ValueError)


@pytest.mark.skipif("native" not in engine.available(), reason="native engine not built")
def test_the_extension_reads_this_plan_format():
    from kformat.engine.plan import PLAN_VERSION

    assert engine._NATIVE.PLAN_VERSION == PLAN_VERSION
