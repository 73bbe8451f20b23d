"""``make sanitize``: the native engine under AddressSanitizer and UndefinedBehaviorSanitizer.

    python tests/sanitize/driver.py [STAGE...]     (default: every stage, in this order)

Stages:

``selftest``
    builds ``tests/sanitize/overflow.c`` with the sanitizer flags and proves the harness
    catches what it claims: a clean call passes, a one-byte heap over-read and a signed
    integer overflow each fail with their sanitizer report.
``build``
    builds ``kformat.engine._native`` with ``-fsanitize=address,undefined
    -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1`` through ``setup.py`` (the one
    build configuration) into ``build/sanitize/lib``; the normal build is untouched.
``tests``
    the tests that reach the native engine (:data:`DEFAULT_PYTEST`; ``SANITIZE_PYTEST``
    overrides: pytest arguments), on it; never the Spark ones, whose JVM must not inherit
    the sanitizer runtime.
``fixtures``
    ``kformat fixtures verify fixtures`` on every engine: the whole committed corpus.
``fuzz``
    ``kformat fuzz run`` of ``SANITIZE_INPUTS`` (default 100,000) mutated inputs on every
    engine, compared (:mod:`kformat.fuzz.engines`).

How Python runs the sanitized extension (:func:`sanitizer_env`): CPython itself is not
instrumented, so the sanitizer runtimes must be loaded first, ``LD_PRELOAD``'ed
(``gcc -print-file-name=libasan.so`` and ``libubsan.so``); ``PYTHONMALLOC=malloc`` routes
Python's own objects through ``malloc`` so that AddressSanitizer puts red zones around the
bytes objects and buffers the extension reads (pymalloc's arenas would hide a small
overrun); ``tests/sanitize/site/sitecustomize.py`` makes ``import kformat.engine._native``
load the sanitized build. ``ASAN_OPTIONS`` has ``detect_leaks=0``: CPython deliberately does
not free everything at exit (interned strings, static types, module state), so
LeakSanitizer would report thousands of interpreter allocations on every run and bury
anything real; the extension's own leaks are Python-object leaks that LeakSanitizer cannot
see anyway, and are measured by the memory tests instead. ``allocator_may_return_null=1``
lets an over-large allocation fail as ``MemoryError`` (what a normal build does) instead of
aborting. Reports go to files (``log_path``) under ``build/sanitize/reports``: any report,
even from a subprocess whose exit status a test ignores, fails the stage.
"""

from __future__ import annotations

import os
import resource
import shlex
import shutil
import subprocess
import sys
import sysconfig
import time
import zipfile
from collections import deque
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
OUT = ROOT / "build" / "sanitize"
STACK_PATTERN = "-ftrivial-auto-var-init=pattern"
"""Every stack variable starts as 0xFE bytes (gcc 12, clang 8 and later): a value
read before it is set is then the same huge number on every run, and a position or length
taken from it fails the bounds checks or UndefinedBehaviorSanitizer's pointer-overflow
check at once, where stack garbage let it pass on most runs (an unset blob position once
failed one CI run in three)."""
SAN_FLAGS = ("-fsanitize=address,undefined", "-fno-sanitize-recover=all",
             "-fno-omit-frame-pointer", "-g", "-O1", STACK_PATTERN)
SAN_LDFLAGS = ("-fsanitize=address,undefined",)
NATIVE = "kformat.engine._native"
STAGES = ("selftest", "build", "tests", "fixtures", "fuzz")
DEFAULT_PYTEST = ("-q -x -p no:randomly -m 'not fuzz and not spark' tests/engine tests/records "
                  "tests/protocol "
                  "tests/corpus tests/strategies/test_registry_properties.py tests/fuzz "
                  "--ignore=tests/fuzz/test_campaign.py --ignore=tests/fuzz/test_process.py "
                  "--ignore=tests/fuzz/test_live_clients.py --ignore=tests/fuzz/test_upstream.py "
                  "--ignore=tests/fuzz/test_mutating_proxy.py --ignore=tests/fuzz/test_targets.py "
                  "--ignore=tests/fuzz/live")
"""The tests that reach the native engine (protocol bodies and headers, record batches and
the native Record, internal-topic records, the fixtures, the registry-wide properties, the fuzz harnesses), sized for CI.
Not the live-campaign tests: they classify client runs by RSS, which AddressSanitizer's
shadow memory inflates (every run reads as "memory"), and they run targets that crash on
purpose (a self-inflicted SIGSEGV, librdkafka aborting on a mutated frame), which the
preloaded sanitizer runtime reports as findings of its own."""


def pytest_command(args: Sequence[str]) -> list[str]:
    """``python -m pytest args`` as the stages run it: with ``--capture=sys`` unless ``args``
    choose a capture mode. pytest's default (``fd``) points file descriptor 2 at a temporary
    file during each test; a report written to stderr there is lost when the process then
    exits, which is what both an UndefinedBehaviorSanitizer report (it ignores ``log_path``
    beside AddressSanitizer) and the fuzz harness's hang watchdog (a traceback, then
    ``_exit(1)``) do: the run would end with exit status 1, no report and no test named.
    ``sys`` captures what Python code prints and leaves the descriptor to this driver."""
    chosen = any(a == "-s" or a.startswith("--capture") for a in args)
    return [sys.executable, "-m", "pytest", *args, *(() if chosen else ("--capture=sys",))]


class SanitizeError(RuntimeError):
    """A stage failed: a sanitizer report, a failing command, or a broken harness."""


# --------------------------------------------------------------------------- environment


def runtime_libraries() -> list[str]:
    """The sanitizer runtimes to preload, as gcc finds them."""
    libs = []
    for name in ("libasan.so", "libubsan.so"):
        path = subprocess.run(["gcc", f"-print-file-name={name}"], capture_output=True,
                              text=True, check=True).stdout.strip()
        if not os.path.isabs(path) or not os.path.exists(path):
            raise SanitizeError(f"gcc has no {name} (install gcc's sanitizer runtimes)")
        libs.append(os.path.realpath(path))
    return libs


def sanitizer_env(reports: Path, native: Path | None = None,
                  base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment a sanitized Python runs in (see the module doc for every choice)."""
    env = dict(os.environ if base is None else base)
    reports.mkdir(parents=True, exist_ok=True)
    preload = runtime_libraries() + [p for p in env.get("LD_PRELOAD", "").split(":") if p]
    env["LD_PRELOAD"] = ":".join(preload)
    env["ASAN_OPTIONS"] = ":".join((
        "detect_leaks=0", "allocator_may_return_null=1", "halt_on_error=1",
        "abort_on_error=0", "print_summary=1", "handle_segv=1", "handle_abort=1",
        f"log_path={reports / 'asan'}"))
    env["UBSAN_OPTIONS"] = ":".join((
        "halt_on_error=1", "print_stacktrace=1", "report_error_type=1",
        f"log_path={reports / 'ubsan'}"))
    env["PYTHONMALLOC"] = "malloc"
    path = [str(HERE / "site"), str(ROOT)] + [p for p in env.get("PYTHONPATH", "").split(":")
                                              if p]
    env["PYTHONPATH"] = ":".join(path)
    if native is not None:
        env["KFORMAT_SANITIZED_NATIVE"] = str(native)
    return env


MARKERS = ("ERROR: AddressSanitizer", "runtime error:", "SUMMARY: AddressSanitizer",
           "SUMMARY: UndefinedBehaviorSanitizer")
"""What a sanitizer report looks like on stderr (UndefinedBehaviorSanitizer ignores
``log_path`` when it runs beside AddressSanitizer, so stderr is scanned too)."""


def reports_in(reports: Path) -> list[Path]:
    return sorted(p for p in reports.glob("*san.*") if p.is_file())


def run_sanitized(cmd: Sequence[str], reports: Path, native: Path | None = None, *,
                  extra_env: dict[str, str] | None = None, timeout: float | None = None,
                  check: bool = True) -> tuple[int, str]:
    """Run ``cmd`` under the sanitizers: ``(exit status, the sanitizer reports)``, from the
    ``log_path`` files and the lines of stderr (passed through) that carry a report. With
    ``check``, any report or a non-zero exit status raises :class:`SanitizeError`."""
    env = sanitizer_env(reports, native)
    env.update(extra_env or {})
    print(f"$ {shlex.join(cmd)}", flush=True)
    seen: list[str] = []
    with subprocess.Popen(list(cmd), env=env, cwd=ROOT, text=True, errors="replace",
                          stderr=subprocess.PIPE) as proc:
        assert proc.stderr is not None
        tail: deque[str] = deque(maxlen=60)
        for line in proc.stderr:
            sys.stderr.write(line)
            tail.append(line)
            if any(m in line for m in MARKERS):
                seen.append(line)
        status = proc.wait(timeout=timeout)
    text = "".join(p.read_text(errors="replace") for p in reports_in(reports))
    if seen and not text:  # the report lines, then the end of stderr (a deep stack's end)
        text = "".join(seen) + "".join(tail)
    if check:
        if text or seen:
            raise SanitizeError(f"sanitizer report ({len(reports_in(reports))} files in "
                                f"{reports}, {len(seen)} report lines on stderr):\n{text}")
        if status != 0:
            raise SanitizeError(f"exit status {status}: {shlex.join(cmd)}")
    return status, text


# --------------------------------------------------------------------------- building


def compile_extension(source: Path, name: str, out_dir: Path) -> Path:
    """``source`` compiled with the sanitizer flags into ``out_dir/<name><EXT_SUFFIX>``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}{sysconfig.get_config_var('EXT_SUFFIX')}"
    include = sysconfig.get_paths()["include"]
    subprocess.run(["gcc", "-shared", "-fPIC", *SAN_FLAGS, f"-I{include}", str(source),
                    "-o", str(target), *SAN_LDFLAGS], check=True)
    return target


SOURCES = ("kformat", "grammars", "setup.py", "pyproject.toml", "README.md", "LICENSE",
           "NOTICE")
"""What a wheel of kformat is built from (copied, so no build directory is shared)."""


def build_wheel_extension(out: Path, env_overrides: dict[str, str]) -> Path | None:
    """``kformat.engine._native`` built the way users build it (``pip wheel``: setup.py,
    the one build configuration, in an isolated build environment) from a fresh copy of
    the sources in ``out/src`` with ``env_overrides``, taken out of the wheel into
    ``out/lib``; ``None`` if the wheel came without it (the build failed). A copy, because
    setuptools reuses the objects in an in-tree ``build/`` directory whatever the flags."""
    src, wheels, lib = out / "src", out / "wheel", out / "lib"
    for d in (src, wheels, lib):
        shutil.rmtree(d, ignore_errors=True)
    src.mkdir(parents=True)
    skip = shutil.ignore_patterns("*.so", "__pycache__", "*.pyc", "_native_build_failure.txt")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=skip)
        elif path.exists():
            shutil.copy2(path, src / name)
    env = dict(os.environ, KFORMAT_NATIVE="1")
    env.update(env_overrides)
    cmd = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-cache-dir",
           "-w", str(wheels), str(src)]
    print(f"$ {' '.join(f'{k}={shlex.quote(v)}' for k, v in env_overrides.items())} "
          f"{shlex.join(cmd)}", flush=True)
    subprocess.run(cmd, cwd=src, env=env, check=True)
    lib.mkdir(parents=True)
    for wheel in wheels.glob("kformat-*.whl"):
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                if name.startswith("kformat/engine/_native") and name.endswith(".so"):
                    built = lib / Path(name).name
                    built.write_bytes(archive.read(name))
                    return built
    return None


def build_native() -> Path | None:
    """The sanitized native engine (``None`` when this tree has no native engine): the
    sanitizer flags go in ``KFORMAT_NATIVE_CFLAGS`` (after setup.py's own ``-O2``, so
    ``-O1`` wins) and ``LDFLAGS``; the normal in-place build is untouched."""
    if not (ROOT / "setup.py").exists() or not list((ROOT / "kformat" / "engine").glob("*.c")):
        return None
    built = build_wheel_extension(OUT, {
        "KFORMAT_NATIVE_CFLAGS": " ".join(SAN_FLAGS),
        "LDFLAGS": " ".join([*SAN_LDFLAGS, os.environ.get("LDFLAGS", "")]).strip()})
    if built is None:
        raise SanitizeError("the sanitized native engine did not build (see the warning "
                            "above); the normal build is untouched")
    symbols = subprocess.run(["nm", "-D", str(built)], capture_output=True, text=True)
    if "__asan_" not in symbols.stdout or "__ubsan_" not in symbols.stdout:
        raise SanitizeError(f"{built} is not instrumented by both sanitizers")
    return built


# --------------------------------------------------------------------------- stages


UB_IN_A_TEST = "import overflow\n\n\ndef test_ub():\n    overflow.add(2**31 - 1, 1)\n"
"""A test module whose one test overflows a C int in ``overflow.c``."""


def selftest() -> None:
    """The harness catches a heap over-read and a signed overflow (also inside a test run
    by pytest, as the tests stage runs it), and passes clean code."""
    out = OUT / "selftest"
    shutil.rmtree(out, ignore_errors=True)
    compile_extension(HERE / "overflow.c", "overflow", out)
    cases = (("clean", "assert overflow.copy(b'abc') == b'abc'", None),
             ("overflow", "overflow.copy(b'abc', True)", "heap-buffer-overflow"),
             ("ub", "overflow.add(2**31 - 1, 1)", "signed integer overflow"),
             ("unset", "overflow.span(b'abc', False)", "pointer index expression"))
    for name, code, expected in cases:
        reports = out / f"reports-{name}"
        status, text = run_sanitized([sys.executable, "-c", f"import overflow; {code}"],
                                     reports, extra_env={"PYTHONPATH": str(out)},
                                     check=expected is None, timeout=120)
        if expected is None:
            continue
        if status == 0 or expected not in text:
            raise SanitizeError(f"the harness missed a {expected} (exit {status}, "
                                f"reports: {text[:500]!r})")
        print(f"selftest: {name} caught ({expected}, exit {status})", flush=True)
    # the same undefined behaviour inside a test, as the tests stage runs pytest
    test = out / "test_ub_in_a_test.py"
    test.write_text(UB_IN_A_TEST, encoding="utf-8")
    status, text = run_sanitized(
        pytest_command(["-q", "-p", "no:cacheprovider", "-p", "no:randomly", str(test)]),
        out / "reports-ub-in-pytest", extra_env={"PYTHONPATH": str(out)}, check=False,
        timeout=120)
    if status == 0 or "signed integer overflow" not in text:
        raise SanitizeError(f"the harness missed a signed integer overflow inside a test "
                            f"(exit {status}, reports: {text[:500]!r})")
    print(f"selftest: ub in a test caught (signed integer overflow, exit {status})", flush=True)


def _native_or_skip(native: Path | None, stage: str) -> bool:
    if native is None:
        print(f"{stage}: this tree has no native engine; skipped", flush=True)
        return False
    return True


def _check_loaded(native: Path, reports: Path) -> None:
    code = (f"import kformat.engine as e, {NATIVE} as n; "
            f"assert n.__file__ == {str(native)!r}, n.__file__; "
            "assert e.active() == 'native', e.active(); print('sanitized engine:', n.__file__)")
    run_sanitized([sys.executable, "-c", code], reports, native)


def tests(native: Path | None) -> None:
    if not _native_or_skip(native, "tests"):
        return
    assert native is not None
    reports = OUT / "reports-tests"
    _check_loaded(native, reports)
    args = shlex.split(os.environ.get("SANITIZE_PYTEST", DEFAULT_PYTEST))
    run_sanitized(pytest_command(args), reports, native, extra_env={"KFORMAT_ENGINE": "native"})


def fixtures(native: Path | None) -> None:
    if not _native_or_skip(native, "fixtures"):
        return
    assert native is not None
    reports = OUT / "reports-fixtures"
    _check_loaded(native, reports)
    for engine in ("native", "python"):
        run_sanitized([sys.executable, "-m", "kformat", "fixtures", "verify", "fixtures"],
                      reports, native, extra_env={"KFORMAT_ENGINE": engine})


def fuzz(native: Path | None) -> None:
    if not _native_or_skip(native, "fuzz"):
        return
    assert native is not None
    reports = OUT / "reports-fuzz"
    _check_loaded(native, reports)
    shutil.rmtree(OUT / "fuzz-findings", ignore_errors=True)
    inputs = os.environ.get("SANITIZE_INPUTS", "100000")
    seed = os.environ.get("SANITIZE_SEED", "7")
    run_sanitized([sys.executable, "-m", "kformat", "fuzz", "run", "--inputs", inputs,
                   "--seed", seed, "--engines", "native,python", "--no-memory",
                   # sanitized code runs several times slower: "slow" is not this stage's
                   # question (the per-input deadline still catches hangs)
                   "--slow-ms", "10000",
                   "--findings", str(OUT / "fuzz-findings"),
                   "--report", str(OUT / "fuzz-report.json")], reports, native)


def _children_cpu() -> float:
    """CPU seconds used by finished child processes (what a stage costs on an idle core,
    whatever the load on a shared machine)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(argv: Sequence[str] | None = None) -> int:
    stages = list(sys.argv[1:] if argv is None else argv) or list(STAGES)
    unknown = [s for s in stages if s not in STAGES]
    if unknown:
        print(f"unknown stage(s) {unknown}; stages: {', '.join(STAGES)}", file=sys.stderr)
        return 2
    native: Path | None = None
    if any(s in stages for s in ("tests", "fixtures", "fuzz")) and "build" not in stages:
        stages.insert(0, "build")
    timings = []
    try:
        for stage in stages:
            start, cpu = time.monotonic(), _children_cpu()
            print(f"== sanitize: {stage}", flush=True)
            if stage == "selftest":
                selftest()
            elif stage == "build":
                native = build_native()
                print(f"build: {native or 'no native engine in this tree'}", flush=True)
            else:
                shutil.rmtree(OUT / f"reports-{stage}", ignore_errors=True)
                {"tests": tests, "fixtures": fixtures, "fuzz": fuzz}[stage](native)
            timings.append((stage, time.monotonic() - start, _children_cpu() - cpu))
    except (SanitizeError, subprocess.CalledProcessError) as exc:
        print(f"make sanitize FAILED in {stage}: {exc}", file=sys.stderr)
        return 1
    finally:
        for stage, seconds, cpu in timings:
            print(f"sanitize {stage}: {seconds:.0f} s wall, {cpu:.0f} s CPU", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
