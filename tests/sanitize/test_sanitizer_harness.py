"""The sanitizer harness of ``make sanitize`` catches what it claims to (opt-in: it compiles).

``tests/sanitize/overflow.c`` has a heap over-read and a signed integer overflow behind
arguments; under the harness's environment a clean call passes and each bug fails the run
with its sanitizer report.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from tests.sanitize import driver

pytestmark = [pytest.mark.sanitize,
              pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")]


@pytest.fixture(scope="module")
def overflow(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("overflow")
    driver.compile_extension(driver.HERE / "overflow.c", "overflow", out)
    return out


def _run(out: Path, code: str, reports: Path) -> tuple[int, str]:
    return driver.run_sanitized([sys.executable, "-c", f"import overflow; {code}"], reports,
                                extra_env={"PYTHONPATH": str(out)}, check=False, timeout=120)


def test_clean_code_passes(overflow: Path, tmp_path: Path) -> None:
    assert _run(overflow, "assert overflow.copy(b'abc') == b'abc'", tmp_path) == (0, "")


def test_a_heap_over_read_is_reported(overflow: Path, tmp_path: Path) -> None:
    status, report = _run(overflow, "overflow.copy(b'abc', True)", tmp_path)
    assert status != 0
    assert "ERROR: AddressSanitizer: heap-buffer-overflow" in report
    assert "overflow.c" in report  # symbolized: the report says where
    with pytest.raises(driver.SanitizeError, match="heap-buffer-overflow"):
        driver.run_sanitized([sys.executable, "-c", "import overflow; overflow.copy(b'x', 1)"],
                             tmp_path / "again", extra_env={"PYTHONPATH": str(overflow)})


def test_undefined_behaviour_is_reported(overflow: Path, tmp_path: Path) -> None:
    status, report = _run(overflow, "overflow.add(2**31 - 1, 1)", tmp_path)
    assert status != 0
    assert "runtime error: signed integer overflow" in report


def test_the_environment_suits_cpython(tmp_path: Path) -> None:
    env = driver.sanitizer_env(tmp_path, Path("/x/_native.so"), base={"PYTHONPATH": "/p"})
    asan, ubsan = env["LD_PRELOAD"].split(":")[:2]
    assert "libasan" in asan and "libubsan" in ubsan  # the runtimes load before CPython's code
    assert "detect_leaks=0" in env["ASAN_OPTIONS"]
    assert env["PYTHONMALLOC"] == "malloc"
    assert env["PYTHONPATH"].split(":")[0].endswith("tests/sanitize/site")
    assert env["PYTHONPATH"].endswith(":/p")
    assert env["KFORMAT_SANITIZED_NATIVE"] == "/x/_native.so"


def test_undefined_behaviour_inside_a_test_is_reported(overflow: Path, tmp_path: Path) -> None:
    # pytest's default capture would send the report to a temporary file and lose it
    test = tmp_path / "test_ub.py"
    test.write_text(driver.UB_IN_A_TEST, encoding="utf-8")
    cmd = driver.pytest_command(["-q", "-p", "no:cacheprovider", str(test)])
    assert cmd[-1] == "--capture=sys"
    status, report = driver.run_sanitized(cmd, tmp_path / "reports", check=False, timeout=120,
                                          extra_env={"PYTHONPATH": str(overflow)})
    assert status != 0
    assert "runtime error: signed integer overflow" in report


def test_a_chosen_capture_mode_is_kept() -> None:
    assert driver.pytest_command(["-s", "t.py"])[-2:] == ["-s", "t.py"]
    assert driver.pytest_command(["--capture=no"])[-1] == "--capture=no"


def test_a_position_read_before_it_is_set_is_reported(overflow: Path, tmp_path: Path) -> None:
    # the stack pattern makes the unset position huge on every run, not only by chance
    assert _run(overflow, "assert overflow.span(b'abc') == b''", tmp_path / "set") == (0, "")
    status, report = _run(overflow, "overflow.span(b'abc', False)", tmp_path / "unset")
    assert status != 0
    assert "runtime error: pointer index expression" in report
