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


def test_a_build_is_tied_to_its_c_sources():
    from pathlib import Path

    from kformat.engine.sources import source_digest

    present = source_digest(Path(engine.__file__).parent)
    assert present is not None and len(present) == 16
    if engine._NATIVE is not None:
        assert present == engine._NATIVE.SOURCE_DIGEST


def test_stale_reason_names_the_two_digests_and_the_fix():
    assert engine.stale_reason("abc", None) == ""  # no sources installed: nothing to compare
    assert engine.stale_reason("abc", "abc") == ""
    reason = engine.stale_reason("abc", "def")
    assert "digest abc" in reason and "(def)" in reason and "stale" in reason
    assert "build_ext --inplace" in reason
    assert "digest none" in engine.stale_reason("", "def")


def test_the_digest_follows_every_source_and_header(tmp_path):
    from pathlib import Path

    from kformat.engine.sources import NATIVE_HEADERS, NATIVE_SOURCES, source_digest

    here = Path(engine.__file__).parent
    for name in (*NATIVE_SOURCES, *NATIVE_HEADERS):
        (tmp_path / name).write_bytes((here / name).read_bytes())
    same = source_digest(tmp_path)
    assert same == source_digest(here)
    for name in (*NATIVE_SOURCES, *NATIVE_HEADERS):
        original = (tmp_path / name).read_bytes()
        (tmp_path / name).write_bytes(original + b"\n")
        assert source_digest(tmp_path) != same, name
        (tmp_path / name).write_bytes(original)
    (tmp_path / NATIVE_HEADERS[-1]).unlink()
    assert source_digest(tmp_path) is None


@pytest.mark.skipif(engine._NATIVE is None, reason="the native engine is not built")
def test_a_stale_extension_falls_back_to_python_out_loud(tmp_path):
    """An extension built from other C sources (a checkout changed after the build) is not
    run: the Python engine is used, with a RuntimeWarning and the reason."""
    import shutil
    from pathlib import Path

    from kformat.engine.sources import source_digest

    package = Path(engine.__file__).parents[1]
    if source_digest(package / "engine") is None:
        pytest.skip("this installation carries no C sources to compare")
    copy = tmp_path / "kformat"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
    if (package.parent / "grammars").is_dir():  # a checkout: the grammars are beside it
        shutil.copytree(package.parent / "grammars", tmp_path / "grammars")
    with (copy / "engine" / "record.c").open("a") as f:
        f.write("\n/* changed after the build */\n")
    code = ("import warnings; warnings.simplefilter('always')\n"
            "with warnings.catch_warnings(record=True) as caught:\n"
            "    from kformat import engine\n"
            "print(engine.describe()); print([str(w.message) for w in caught])")
    env = {k: v for k, v in os.environ.items() if k != engine.ENV}
    env["PYTHONPATH"] = str(tmp_path) + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120, check=False, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    described, warned = done.stdout.splitlines()
    assert described.startswith("engine: python (native unavailable: the extension was built "
                                "from other C sources")
    assert "kformat runs on the Python engine" in warned and "stale" in warned
