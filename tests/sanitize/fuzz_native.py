"""``make fuzz-native``: coverage-guided differential fuzzing of the native engine (atheris).

    FUZZ_SECONDS=600 python tests/sanitize/fuzz_native.py

1. **Build** ``kformat.engine._native`` for fuzzing into ``build/fuzz-native/lib`` (the
   normal build untouched), through ``pip wheel`` like :mod:`tests.sanitize.driver`:
   with clang, ``-fsanitize-coverage=inline-8bit-counters,pc-table,trace-cmp`` (libFuzzer's
   edge counters and comparison tracing, the parts of ``-fsanitize=fuzzer-no-link`` that
   atheris' libFuzzer provides; ``stack-depth`` needs a symbol it does not export) linked
   against atheris' own libFuzzer (``core_with_libfuzzer``), so the C code's edges guide the
   fuzzer beside kformat's Python code (instrumented by the harness); plus
   ``-fsanitize=undefined -fsanitize-trap=undefined``: undefined behaviour traps (SIGILL, a
   crash for libFuzzer) without a sanitizer runtime. AddressSanitizer cannot run in the
   same process: its runtime, preloaded, defines the coverage callbacks too and captures
   them (atheris warns that coverage is then broken), so step 3 replays everything under
   ASan instead. Without clang, the extension is built without C coverage and the run is
   guided by the Python coverage alone (said in the output).
2. **Fuzz** ``FUZZ_SECONDS`` (default 600) with :mod:`kformat.fuzz.atheris_harness` on
   both engines (they must agree on every input), seeded from the fixture corpus;
   ``FUZZ_JOBS`` parallel jobs (default 1); ``FUZZ_PYTHON_COVERAGE=0`` leaves kformat's
   Python code uninstrumented (faster; the C extension's edges still guide). The corpus grows in ``build/fuzz-native/corpus``,
   crashes land in ``build/fuzz-native/artifacts``.
3. **Replay** the whole corpus and every artifact under AddressSanitizer +
   UndefinedBehaviorSanitizer (:mod:`tests.sanitize.driver`'s build and environment).

The figures (inputs, execs/s, coverage, corpus) are printed at the end and written to
``build/fuzz-native/summary.json``; any crash, disagreement or sanitizer report fails.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.sanitize import driver

ROOT = driver.ROOT
OUT = ROOT / "build" / "fuzz-native"
COVERAGE = ("-fsanitize-coverage=inline-8bit-counters,pc-table,trace-cmp",)
TRAP_UB = ("-fsanitize=undefined", "-fsanitize-trap=undefined")
COMMON = ("-fno-omit-frame-pointer", "-g", "-O1", driver.STACK_PATTERN)


def atheris_core() -> Path:
    import atheris

    found = sorted(Path(atheris.__file__).parent.glob("core_with_libfuzzer*.so"))
    if not found:
        raise driver.SanitizeError("this atheris has no core_with_libfuzzer")
    return found[0]


def build_for_fuzzing() -> tuple[Path, bool]:
    """The native engine built for fuzzing, and whether its C code reports coverage."""
    clang = shutil.which("clang")
    if clang:
        core = atheris_core()
        env = {"CC": clang, "LDSHARED": f"{clang} -shared",
               "KFORMAT_NATIVE_CFLAGS": " ".join((*COVERAGE, *TRAP_UB, *COMMON)),
               "LDFLAGS": f"-Wl,--no-as-needed {core} -Wl,-rpath,{core.parent}"}
    else:
        env = {"KFORMAT_NATIVE_CFLAGS": " ".join(COMMON)}
    built = driver.build_wheel_extension(OUT, env)
    if built is None:
        raise driver.SanitizeError("the native engine did not build for fuzzing")
    return built, bool(clang)


_STAT = re.compile(r"^stat::(\w+):\s+(\d+)", re.M)
_COV = re.compile(r"#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)/(\S+)")


def fuzz(native: Path, seconds: int, jobs: int, python_coverage: bool = True
         ) -> dict[str, object]:
    seeds, corpus, artifacts = OUT / "seeds", OUT / "corpus", OUT / "artifacts"
    for d in (corpus, artifacts):
        d.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("fuzz-[0-9]*.log"):
        old.unlink()
    shutil.rmtree(seeds, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "kformat.fuzz.atheris_harness", "--seeds",
                    str(ROOT / "fixtures"), str(seeds)], cwd=ROOT, check=True)
    env = dict(os.environ, KFORMAT_SANITIZED_NATIVE=str(native),
               PYTHONPATH=":".join([str(driver.HERE / "site"), str(ROOT)]))
    # libFuzzer's own -jobs re-runs argv[0], which is not executable under `python -m`:
    # the jobs are started here, sharing the corpus directory (libFuzzer reloads it).
    start, procs = time.monotonic(), []
    for job in range(jobs):
        cmd = [sys.executable, "-m", "kformat.fuzz.atheris_harness", "--engines",
               "native,python", *([] if python_coverage else ["--no-instrument"]),
               f"-seed={job + 1}", f"-max_total_time={seconds}",
               "-print_final_stats=1", "-timeout=20", "-rss_limit_mb=4096", "-max_len=8192",
               f"-artifact_prefix={artifacts}/", str(corpus), str(seeds)]
        log = OUT / f"fuzz-{job}.log"
        print(f"$ {shlex.join(cmd)}  (log: {log})", flush=True)
        with log.open("w") as out:
            procs.append(subprocess.Popen(cmd, cwd=OUT, env=env, stdout=out,
                                          stderr=subprocess.STDOUT))
    status = max(proc.wait() for proc in procs)
    logs = sorted(OUT.glob("fuzz-[0-9]*.log"))
    texts = [p.read_text(errors="replace") for p in logs if p.exists()]
    text = "\n".join(texts)
    per_job = [{k: int(v) for k, v in _STAT.findall(t)} for t in texts]
    per_job = [s for s in per_job if s]
    summary: dict[str, object] = {
        "seconds": round(time.monotonic() - start), "exit_status": status, "jobs": jobs,
        "inputs": sum(s.get("number_of_executed_units", 0) for s in per_job),
        "execs_per_second": sum(s.get("average_exec_per_sec", 0) for s in per_job),
        "new_units": sum(s.get("new_units_added", 0) for s in per_job),
        "peak_rss_mb": max((s.get("peak_rss_mb", 0) for s in per_job), default=None),
        "seeds": len(list(seeds.iterdir())),
    }
    last = max((_COV.findall(t)[-1] for t in texts if _COV.findall(t)),
               key=lambda m: int(m[1]), default=None)
    if last:
        _, cov, ft, corp, size = last
        summary.update(coverage_edges=int(cov), features=int(ft), corpus_units=int(corp),
                       corpus_size=size, corpus_files=len(list(corpus.iterdir())))
    counters = re.search(r"Loaded \d+ modules\s+\((\d+) inline 8-bit counters", text)
    summary["c_counters"] = int(counters.group(1)) if counters else 0
    summary["artifacts"] = sorted(p.name for p in artifacts.iterdir())
    return summary


def main() -> int:
    seconds = int(os.environ.get("FUZZ_SECONDS", "600"))
    jobs = int(os.environ.get("FUZZ_JOBS", "1"))
    python_coverage = os.environ.get("FUZZ_PYTHON_COVERAGE", "1") != "0"
    OUT.mkdir(parents=True, exist_ok=True)
    try:
        native, c_coverage = build_for_fuzzing()
        how = "clang" if c_coverage else "none: no clang, Python coverage only"
        print(f"fuzz build: {native} (C coverage: {how})", flush=True)
        summary = fuzz(native, seconds, jobs, python_coverage)
        summary["c_coverage"] = c_coverage
        summary["python_coverage"] = python_coverage
        print(json.dumps(summary, indent=1), flush=True)
        (OUT / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
        if summary["artifacts"] or summary["exit_status"] != 0:
            print(f"make fuzz-native FAILED: crashes in {OUT / 'artifacts'} "
                  f"(exit {summary['exit_status']}); see {OUT / 'fuzz.log'}", file=sys.stderr)
            return 1
        sanitized = driver.build_native()
        assert sanitized is not None
        reports = OUT / "reports-replay"
        shutil.rmtree(reports, ignore_errors=True)
        driver.run_sanitized([sys.executable, "-m", "kformat.fuzz.atheris_harness", "--replay",
                              "--engines", "native,python", str(OUT / "seeds"),
                              str(OUT / "corpus"), str(OUT / "artifacts")], reports, sanitized)
    except (driver.SanitizeError, subprocess.CalledProcessError) as exc:
        print(f"make fuzz-native FAILED: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
