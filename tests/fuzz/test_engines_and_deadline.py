"""The fuzz runner across engines: disagreements, hangs and crashes are all caught.

The native engine may not be built here, so a second engine is simulated: ``mutant`` runs
the same parsers with one behaviour changed, and the harness must notice.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import kformat.fuzz.harness as harness
from kformat.errors import InvalidValueError, TruncatedError
from kformat.fuzz import engines as eng
from kformat.fuzz.harness import fuzz_parsers, replay

REPO = Path(__file__).resolve().parents[2]


# --------------------------------------------------------------------------- comparing


def test_values_agree_with_nan_inside_and_differ_elsewhere() -> None:
    nan = float("nan")
    assert eng.same_value({"a": [1, nan]}, {"a": [1, nan]})
    assert not eng.same_value({"a": [1, nan]}, {"a": [2, nan]})
    assert not eng.same_value({"a": 1}, {"a": 1, "b": 2})


def test_errors_agree_on_class_path_and_offset() -> None:
    a = eng.Outcome("TruncatedError", None, TruncatedError("short", path="x", offset=4))
    same = eng.Outcome("TruncatedError", None, TruncatedError("other words", path="x",
                                                              offset=4))
    moved = eng.Outcome("TruncatedError", None, TruncatedError("short", path="x", offset=5))
    other = eng.Outcome("InvalidValueError", None, InvalidValueError("bad", path="x", offset=4))
    assert eng.disagreement(a, same) is None
    assert eng.disagreement(a, moved) == (
        "TruncatedError at ('x', 4) vs ('x', 5): short [at x, offset 4] | "
        "short [at x, offset 5]")
    assert eng.disagreement(a, moved, locations=False) is None
    assert eng.disagreement(a, other).startswith("TruncatedError vs InvalidValueError")
    parsed = eng.Outcome("parsed", {"k": [1, 2]})
    assert eng.disagreement(parsed, eng.Outcome("parsed", {"k": [1, 3]})) == (
        "values differ: .k[1]: 2 vs 3")


def test_engine_names_are_checked() -> None:
    assert eng.resolve(None) == (eng.active(),)
    assert eng.resolve("all") == eng.available()
    assert eng.resolve("python,python") == ("python",)
    with pytest.raises(ValueError, match="not available"):
        eng.resolve("no-such-engine")


# --------------------------------------------------------------------------- a second engine


def _mutant_engine(monkeypatch: pytest.MonkeyPatch, change: Any) -> None:
    """Pretend a second engine ``mutant`` exists whose entry points go through ``change``."""
    real = dict(harness.ENTRIES)

    @contextlib.contextmanager
    def using(name: str) -> Iterator[str]:
        if name != "mutant":
            yield name
            return
        patched = {k: functools.partial(change, fn) for k, fn in real.items()}
        monkeypatch.setattr(harness, "ENTRIES", patched)
        try:
            yield name
        finally:
            monkeypatch.setattr(harness, "ENTRIES", real)

    monkeypatch.setattr(eng, "available", lambda: ("python", "mutant"))
    monkeypatch.setattr(eng, "using", using)


def test_an_engine_that_agrees_gives_no_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    _mutant_engine(monkeypatch, lambda fn, data, **p: fn(data, **p))
    report = fuzz_parsers(300, seed=8, per_kind=5, trace_memory=False,
                          engines="python,mutant")
    assert report.engines == ("python", "mutant")
    assert report.findings == [], [vars(f) for f in report.findings[:3]]


def test_an_engine_that_moves_an_error_is_a_mismatch(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    def shifted(fn: Any, data: bytes, **params: Any) -> Any:
        try:
            return fn(data, **params)
        except TruncatedError as exc:
            raise exc.relocated(1) from None

    _mutant_engine(monkeypatch, shifted)
    report = fuzz_parsers(300, seed=8, per_kind=5, trace_memory=False,
                          engines="python,mutant", save_dir=tmp_path)
    mismatches = [f for f in report.findings if f.kind == "mismatch"]
    assert mismatches and len(mismatches) == report.outcomes["TruncatedError"]
    assert all(f.detail.startswith("python vs mutant: TruncatedError at") for f in mismatches)
    meta = json.loads(Path(mismatches[0].file).with_suffix(".json").read_text())
    assert meta["engines"] == ["python", "mutant"]
    assert replay(mismatches[0].file) == 1  # still disagrees
    assert replay(mismatches[0].file, engines="python") == 0  # one engine copes


def test_an_engine_that_changes_a_value_is_a_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    def dropped_last(fn: Any, data: bytes, **params: Any) -> Any:
        value = fn(data, **params)
        return value[:-1] if isinstance(value, list) and value else value

    _mutant_engine(monkeypatch, dropped_last)
    report = fuzz_parsers(300, seed=8, per_kind=5, trace_memory=False,
                          engines="python,mutant")
    details = [f.detail for f in report.findings if f.kind == "mismatch"]
    assert details and all("values differ" in d for d in details)


# --------------------------------------------------------------------------- hangs and crashes


def test_an_input_past_its_deadline_is_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    def spin(data: bytes, **params: Any) -> None:
        while True:
            pass

    monkeypatch.setattr(harness, "ENTRIES", {k: spin for k in harness.ENTRIES})
    report = fuzz_parsers(3, seed=1, per_kind=2, trace_memory=False, deadline=0.2)
    assert report.outcomes == {"DEADLINE": 3}
    assert [f.kind for f in report.findings] == ["hang"] * 3


def _run_script(body: str, tmp_path: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    script = tmp_path / "run.py"
    script.write_text(textwrap.dedent(body), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, str(script), str(tmp_path / "findings")],
                          capture_output=True, text=True, timeout=timeout, env=env)


def test_a_crash_leaves_the_input_in_flight(tmp_path: Path) -> None:
    done = _run_script("""
        import os, sys
        import kformat.fuzz.harness as h
        def crash(data, **params):
            os._exit(7)   # what a segfault or a sanitizer abort looks like from here
        h.ENTRIES = {k: crash for k in h.ENTRIES}
        h.fuzz_parsers(10, seed=1, per_kind=2, trace_memory=False, save_dir=sys.argv[1])
    """, tmp_path)
    assert done.returncode == 7, done.stderr
    meta = json.loads((tmp_path / "findings" / "in-flight.json").read_text())
    assert (meta["kind"], meta["index"], meta["seed"]) == ("in-flight", 0, 1)
    assert (tmp_path / "findings" / "in-flight.bin").stat().st_size > 0
    assert replay(tmp_path / "findings" / "in-flight.json") in (0, 1)  # it replays


def test_a_hang_in_c_is_stopped_by_the_watchdog(tmp_path: Path) -> None:
    done = _run_script("""
        import functools, sys, time
        import kformat.fuzz.harness as h
        def stuck(data, **params):
            time.sleep(60)   # uses no CPU: only the wall-clock watchdog can stop it
        h.ENTRIES = {k: stuck for k in h.ENTRIES}
        h.Deadline = functools.partial(h.Deadline, hard=1.0)
        h.fuzz_parsers(10, seed=1, per_kind=2, trace_memory=False, save_dir=sys.argv[1])
    """, tmp_path)
    assert done.returncode == 1 and "Timeout (0:00:01)!" in done.stderr, done.stderr
    assert "stuck" in done.stderr  # the traceback shows where it hung
    assert (tmp_path / "findings" / "in-flight.bin").exists()


def test_the_watchdog_sleeps_while_the_harness_works_between_inputs(tmp_path: Path) -> None:
    # a batch of memory measurements outlasting the hard deadline is not a hang
    done = _run_script("""
        import functools, sys, time
        import kformat.fuzz.harness as h
        real = h._peaks
        h._peaks = lambda runs: (time.sleep(2.5), real(runs))[1]
        h.PEAK_BATCH = 5
        h.Deadline = functools.partial(h.Deadline, hard=1.0)
        r = h.fuzz_parsers(12, seed=1, per_kind=2, save_dir=sys.argv[1])
        print("inputs", r.inputs)
    """, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "inputs 12" in done.stdout
