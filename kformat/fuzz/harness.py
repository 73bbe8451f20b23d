"""Fuzz kformat itself: mutated inputs into every parse entry point, timed and measured.

:func:`fuzz_parsers` draws valid bases (request and response frames of every API, record
batches of every magic and codec, internal-topic records, segment index files), mutates
each input with a labelled structure-aware mutator (:mod:`kformat.fuzz.mutators`) or with
blind "havoc" edits (bit flips, interesting bytes, inserted, deleted and duplicated ranges,
cuts, splices of two inputs), and feeds it to its entry point (sometimes to another one, to
see how each copes with foreign bytes). Every input must either parse or raise a
:class:`~kformat.errors.KFormatError`; a labelled mutant must raise exactly the error its
label promises.

For each input it measures the wall time and, with :mod:`tracemalloc`, the peak memory.
Findings (a foreign exception, a wrong error class, an input slower than ``slow_ms`` even
when re-timed warm) are saved with the seed, index and label as
``finding-<n>.bin`` plus ``.json`` for :func:`replay` (``kformat fuzz replay FILE``).
Everything is deterministic from ``seed``.
"""

from __future__ import annotations

import json
import random
import re
import sys
import time
import traceback
import tracemalloc
from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from kformat.errors import KFormatError
from kformat.fuzz import builder_entry
from kformat.fuzz import engines as eng
from kformat.fuzz.deadline import Deadline, InFlight, InputDeadline
from kformat.fuzz.mutators import MUTATORS
from kformat.fuzz.samples import examples, strategy_for, subject_of
from kformat.fuzz.subjects import ENTRY_POINTS, Subject

__all__ = ["ENTRIES", "Finding", "FuzzReport", "fuzz_parsers", "havoc", "replay",
           "replay_input"]

HARNESS_LIMIT = 1 << 20
"""Decompression limit the harness parses with (1 MiB): bombs are built to cross it."""
SLOW_MS = 100.0
DEADLINE_S = 10.0
"""CPU seconds one input may take on one engine before it counts as a hang."""
RSS_EVERY = 5000


def rss_mb() -> float | None:
    """This process's resident set size in MB (``None`` where ``/proc`` is missing)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return None


# --------------------------------------------------------------------------- entry points


def _batches_lenient(data: bytes, **params: Any) -> Any:
    from kformat.records.api import parse_batches

    return parse_batches(data, verify_crc=False, strict=False,
                         decompression_limit=params.get("decompression_limit", HARNESS_LIMIT))


def _to_arrow(data: bytes, **params: Any) -> Any:
    """:func:`kformat.records.to_arrow`'s rows (``crc_mismatch`` from params: the atheris
    harness flags them, so the columns past a CRC are reached): each engine runs its own
    kernel, the native one ``kformat/engine/columnar.c``, and ``--engines`` holds them
    equal."""
    from kformat.outputs.columnar import to_arrow

    return _arrow_rows(to_arrow(
        data, crc_mismatch=params.get("crc_mismatch", "raise"),
        decompression_limit=params.get("decompression_limit", HARNESS_LIMIT)))


def _arrow_rows(batch: Any) -> dict[str, list[Any]]:
    """A ``pyarrow.RecordBatch``'s columns as lists, timestamps as integers (a corrupt one
    may lie outside Python's datetime range)."""
    import pyarrow as pa

    return {f.name: (c.cast(pa.int64()) if pa.types.is_timestamp(f.type) else c).to_pylist()
            for f, c in zip(batch.schema, batch.columns, strict=True)}


def _to_arrow_run(data: bytes, **params: Any) -> Any:
    """:func:`kformat.outputs.columnar.to_arrow_run`: the rows of the run that starts
    ``data`` with its limits (``max_rows``, ``max_bytes`` from params), its size and entries:
    the native engine frames the run in C, the Python one with ``plausible_run``."""
    from kformat.outputs.columnar import to_arrow_run

    batch, size, entries = to_arrow_run(
        data, max_rows=params.get("max_rows", 0), max_bytes=params.get("max_bytes", 0),
        crc_mismatch=params.get("crc_mismatch", "raise"),
        decompression_limit=params.get("decompression_limit", HARNESS_LIMIT))
    return _arrow_rows(batch), size, entries


def _frames(data: bytes, **_: Any) -> Any:
    from kformat.protocol.framing import decode_conversation

    return decode_conversation(data, data)


def _record(data: bytes, *, topic: str, key: str | None = None, **_: Any) -> Any:
    from kformat.protocol.topics import decode_record

    return decode_record(topic, None if key is None else bytes.fromhex(key), data)


def _segment(name: str) -> Callable[..., Any]:
    def run(data: bytes, **_: Any) -> Any:
        from kformat.segments import indexes, snapshot, textfiles

        parsers: dict[str, Callable[[bytes], object]] = {
                   "offset-index": indexes.parse_offset_index,
                   "time-index": indexes.parse_time_index,
                   "txn-index": indexes.parse_txn_index,
                   "producer-snapshot": snapshot.parse_producer_snapshot,
                   "leader-epoch-checkpoint": textfiles.parse_leader_epoch_checkpoint,
                   "partition-metadata": textfiles.parse_partition_metadata}
        return parsers[name](data)
    return run


ENTRIES: dict[str, Callable[..., Any]] = {
    **ENTRY_POINTS,
    "batches-lenient": _batches_lenient,
    "to-arrow": _to_arrow,
    "to-arrow-run": _to_arrow_run,
    "batch-builder": builder_entry.run,
    "conversation": _frames,
    "record": _record,
    **{name: _segment(name) for name in ("offset-index", "time-index", "txn-index",
                                         "producer-snapshot", "leader-epoch-checkpoint",
                                         "partition-metadata")},
}
"""Every entry point the harness feeds: name -> ``fn(data, **params)``."""
_FOREIGN_OK = ("conversation", "batches-lenient", "to-arrow", "to-arrow-run",
               "batch-builder")
"""Entry points that take any bytes (cross-feeding targets)."""
_TO_ARROW_SHARE = 0.25
"""Of the mutated batch inputs, the share fed to ``to-arrow`` instead of ``batches``."""


# --------------------------------------------------------------------------- bases


@dataclass
class Base:
    entry: str
    data: bytes
    params: dict[str, Any]
    subject: Subject | None = None


def _record_bases(n: int, seed: int) -> list[Base]:
    from hypothesis import strategies as st

    from kformat.protocol.topics import encode_record
    from kformat.spec.registry import load_registry
    from kformat.strategies import record_schema_values

    registry = load_registry()
    choices = []
    for msg in registry.by_kind("metadata"):
        topic = "__cluster_metadata" if msg.source == "metadata" else "__remote_log_metadata"
        group = "metadata" if msg.source == "metadata" else "remote-log"
        choices += [(topic, "metadata", msg.api_key, v, group) for v in msg.valid]
    coordinator = {"coordinator/group": ("__consumer_offsets", "group"),
                   "coordinator/share": ("__share_group_state", "share"),
                   "coordinator/transaction": ("__transaction_state", "transaction")}
    for msg in registry.by_kind("coordinator-value"):
        topic, group = coordinator[msg.source]
        choices += [(topic, "coordinator-value", msg.api_key, v, group) for v in msg.valid]

    @st.composite
    def record(draw: Any) -> tuple[str, bytes | None, bytes]:
        topic, kind, rtype, version, group = draw(st.sampled_from(choices))
        value = draw(record_schema_values(kind, rtype, version, group=group, max_items=2))
        key = None
        if kind == "coordinator-value":
            key = draw(record_schema_values("coordinator-key", rtype, 0, group=group,
                                            max_items=2))
        k, v = encode_record(topic, rtype, key, value, value_version=version)
        return topic, k, v or b""

    out = []
    for topic, k, v in examples(record(), n, seed):
        params: dict[str, Any] = {"topic": topic}
        if k is not None:
            params["key"] = k.hex()
        out.append(Base("record", v, params))
    return out


def _segment_bases() -> list[Base]:
    from kformat.segments import indexes, snapshot

    offsets = indexes.build_offset_index([indexes.OffsetPosition(100 + i, 4096 * i)
                                          for i in range(4)], 100)
    times = indexes.build_time_index([indexes.TimestampOffset(1_700_000_000_000 + i, 100 + i)
                                      for i in range(4)], 100)
    txns = indexes.build_txn_index([indexes.AbortedTxn(7, 10, 20, 21),
                                    indexes.AbortedTxn(8, 30, 40, 41)])
    snap = snapshot.build_producer_snapshot([snapshot.ProducerEntry(
        1000, 2, 41, 300, 4, 1_700_000_000_000, 5, 290)])
    epochs = b"0\n2\n0 0\n3 1200\n"
    meta = b"version: 0\ntopic_id: AAAAAAAAAAAAAAAAAAAAAA\n"
    return [Base("offset-index", offsets, {}), Base("time-index", times, {}),
            Base("txn-index", txns, {}), Base("producer-snapshot", snap, {}),
            Base("leader-epoch-checkpoint", epochs, {}),
            Base("partition-metadata", meta, {})]


def bases(seed: int, *, per_kind: int = 120, limit: int = HARNESS_LIMIT) -> list[Base]:
    """The valid inputs every mutant starts from (deterministic from ``seed``)."""
    out = []
    for i, kind in enumerate(("request", "response", "batches")):
        for value in examples(strategy_for(kind), per_kind, seed + i):
            subject = subject_of(kind, value, limit)
            out.append(Base(kind, subject.data, dict(subject.params), subject))
    out += _record_bases(per_kind // 2, seed + 3)
    out += _segment_bases()
    out += [Base("batch-builder", data, {}) for data in builder_entry.seeds()]
    return out


# --------------------------------------------------------------------------- havoc


_INTERESTING = (0x00, 0x01, 0x7F, 0x80, 0xFF, 0xFE, 0x40, 0x3F)


def havoc(data: bytes, rng: random.Random, other: bytes = b"") -> bytes:
    """One to four blind edits of ``data`` (no knowledge of the grammar)."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(8)
        at = rng.randrange(len(buf) + 1)
        if op == 0 and buf:
            i = rng.randrange(len(buf))
            buf[i] ^= 1 << rng.randrange(8)
        elif op == 1 and buf:
            buf[rng.randrange(len(buf))] = rng.choice(_INTERESTING)
        elif op == 2:
            buf[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif op == 3 and buf:
            del buf[at:at + rng.randint(1, 16)]
        elif op == 4:
            del buf[at:]
        elif op == 5 and buf:
            n = rng.randint(1, min(64, len(buf)))
            start = rng.randrange(len(buf) - n + 1)
            buf[at:at] = buf[start:start + n]
        elif op == 6 and other:
            cut = rng.randrange(len(other) + 1)
            buf[at:] = other[cut:]
        elif len(buf) >= 4:
            i = rng.randrange(len(buf) - 3)
            buf[i:i + 4] = rng.choice([b"\x7f\xff\xff\xff", b"\xff\xff\xff\xff",
                                       b"\x80\x00\x00\x00", b"\x00\x00\x00\x00"])
    return bytes(buf)


# --------------------------------------------------------------------------- report


@dataclass
class Finding:
    kind: str
    """``foreign`` (a non-KFormatError escaped), ``mislabelled`` (a labelled mutant raised
    another error), ``slow`` (over ``slow_ms``, best of three warm runs), ``hang`` (past the
    per-input deadline) or ``mismatch`` (the engines disagreed on the value, on the error
    class, or on the error's path and offset)."""
    entry: str
    label: str
    index: int
    seed: int
    detail: str
    ms: float = 0.0
    file: str | None = None


@dataclass
class FuzzReport:
    seed: int
    inputs: int = 0
    labelled: int = 0
    seconds: float = 0.0
    by_entry: Counter[str] = field(default_factory=Counter)
    by_label: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    reasons: set[str] = field(default_factory=set)
    slowest: dict[str, Any] = field(default_factory=dict)
    peak_memory: dict[str, Any] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    stopped: str = "done"
    engines: tuple[str, ...] = ("python",)
    """The engines every input ran on; the first is timed and measured, the others are
    compared with it."""
    rss: list[tuple[int, float]] = field(default_factory=list)
    """``(inputs so far, resident set size in MB)`` every :data:`RSS_EVERY` inputs (Linux):
    a long run must hold steady."""

    @property
    def error_kinds(self) -> list[str]:
        return sorted(k for k in self.outcomes if k != "parsed")

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed, "engines": list(self.engines), "inputs": self.inputs,
            "labelled_mutants": self.labelled,
            "seconds": round(self.seconds, 1), "stopped": self.stopped,
            "distinct_error_classes": len(self.error_kinds),
            "distinct_error_reasons": len(self.reasons),
            "outcomes": dict(self.outcomes.most_common()),
            "by_entry": dict(sorted(self.by_entry.items())),
            "by_label": dict(sorted(self.by_label.items())),
            "slowest": self.slowest, "peak_memory": self.peak_memory,
            "rss_mb": self.rss,
            "findings": [vars(f) for f in self.findings],
        }


_VARIABLE = re.compile(r"0x[0-9a-fA-F]+|(?<![A-Za-z0-9])(?<![A-Za-z]-)-?\d+|'[^']*'"
                       r"|\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b")


def _reason(exc: KFormatError) -> str:
    """The error's class and reason with numbers, quoted values and grammar names blanked:
    ``InvalidValueError: N unread bytes at the end of X vN``."""
    reason = _VARIABLE.sub(lambda m: "X" if m.group()[0].isupper() else "N", exc.reason)
    return f"{type(exc).__name__}: {reason}"


def _attempt(entry: str, data: bytes, params: dict[str, Any]) -> eng.Outcome:
    try:
        value = ENTRIES[entry](data, **params)
    except KFormatError as exc:
        return eng.Outcome(type(exc).__name__, None, exc)
    except Exception as exc:  # a finding
        return eng.Outcome("FOREIGN", None, exc)
    return eng.Outcome("parsed", value)


def _run(entry: str, data: bytes, params: dict[str, Any]) -> tuple[str, BaseException | None]:
    outcome = _attempt(entry, data, params)
    return outcome.kind, outcome.error


def _on_engines(entry: str, data: bytes, params: dict[str, Any], engines: Sequence[str],
                deadline: Deadline) -> tuple[eng.Outcome, float, str | None]:
    """Run one input on every engine (the first is already active): the first engine's
    outcome, its wall time (ms) and, if another engine disagreed, why."""
    deadline.arm()
    try:
        t0 = time.perf_counter()
        first = _attempt(entry, data, params)
        ms = (time.perf_counter() - t0) * 1000
        for name in engines[1:]:
            with eng.using(name):
                other = _attempt(entry, data, params)
            why = eng.disagreement(first, other)
            if why is not None:
                return first, ms, f"{engines[0]} vs {name}: {why}"
    except InputDeadline:
        ms = (time.perf_counter() - t0) * 1000
        return eng.Outcome("DEADLINE"), ms, None
    finally:
        deadline.disarm()
    return first, ms, None


def _timed(entry: str, data: bytes, params: dict[str, Any], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        _run(entry, data, params)
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def _save(directory: Path | None, n: int, finding: Finding, data: bytes,
          params: dict[str, Any], expected: str | None,
          engines: Sequence[str] = ()) -> str | None:
    if directory is None:
        return None
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"finding-{n:04d}.bin"
    path.write_bytes(data)
    meta = {**vars(finding), "params": params, "expected_error": expected, "file": path.name,
            "engines": list(engines)}
    path.with_suffix(".json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    return str(path)


PEAK_BATCH = 5000
"""Inputs whose peak memory one :mod:`tracemalloc` session measures (see :func:`_peaks`)."""


def _peaks(runs: list[tuple[str, str, bytes, dict[str, Any]]]) -> tuple[int, str, str, int]:
    """``(peak bytes, entry, label, input size)`` of the hungriest of ``runs`` (warm runs,
    ``(entry, label, data, params)`` each), all measured in one tracemalloc session.

    One session per batch, not per input: on CPython 3.11 and 3.12 every
    ``tracemalloc.start()``/``stop()`` pair leaks C memory (32 bytes per distinct traceback
    site, about 0.8 KB per protocol parse, fixed in 3.13), which grew a 200,000-input run
    by hundreds of megabytes.
    """
    best = (0, "", "", 0)
    if not runs:
        return best
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    try:
        for entry, label, data, params in runs:
            tracemalloc.reset_peak()
            before = tracemalloc.get_traced_memory()[0]
            _run(entry, data, params)
            used = tracemalloc.get_traced_memory()[1] - before
            if used > best[0]:
                best = (used, entry, label, len(data))
    finally:
        if started:
            tracemalloc.stop()
    return best


def fuzz_parsers(n_inputs: int = 10_000, seed: int = 0, time_budget: float | None = None, *,
                 slow_ms: float = SLOW_MS, save_dir: str | Path | None = None,
                 per_kind: int = 120, labelled_share: float = 0.6, cross_share: float = 0.1,
                 memory_every: int = 1, trace_memory: bool = True,
                 engines: str | Sequence[str] | None = None,
                 deadline: float | None = DEADLINE_S,
                 progress: IO[str] | None = None) -> FuzzReport:
    """Feed ``n_inputs`` mutated inputs to kformat's parsers; see the module doc.

    Each input is timed untraced (its first run: it may include compiling a grammar on
    first use); one in ``memory_every`` is run again under :mod:`tracemalloc` for its
    peak memory (warm), :data:`PEAK_BATCH` inputs per tracing session. An input over
    ``slow_ms`` is re-timed (best of three) before it is reported; the ten slowest first
    runs are re-timed warm for ``slowest["warm_ms"]``.
    ``time_budget`` (seconds) stops the run early; ``labelled_share`` of the inputs come
    from the labelled mutators, the rest from :func:`havoc`; ``cross_share`` of them also go
    to an entry point that takes any bytes.

    ``engines`` (:func:`kformat.fuzz.engines.resolve`: ``None`` the active engine, ``"all"``
    or ``"native,python"``) runs every input on each: the first is timed and measured, the
    others must agree with it (value, or error class with path and offset) or the input is
    a ``mismatch`` finding. An input running longer than ``deadline`` CPU seconds on an
    engine is a ``hang`` finding (:mod:`kformat.fuzz.deadline`); with ``save_dir``, the
    input being run is kept there as ``in-flight.bin`` until it returns, so a crash or a
    hard hang leaves it behind.
    """
    names = eng.resolve(engines)
    with eng.using(names[0]):
        return _fuzz(n_inputs, seed, time_budget, slow_ms, save_dir, per_kind, labelled_share,
                     cross_share, memory_every, trace_memory, names, deadline, progress)


def _draw(rng: random.Random, pool: list[Base], structured: list[Base], labels: list[str],
          labelled_share: float, cross_share: float
          ) -> tuple[str, dict[str, Any], str, bytes, str | None]:
    """One mutated input: ``(entry, params, label, data, expected error)``; the expected
    error is ``"?"`` for blind mutants, ``None`` when the input must parse."""
    expected: str | None = "?"
    if rng.random() < labelled_share:
        base = structured[rng.randrange(len(structured))]
        label = labels[rng.randrange(len(labels))]
        assert base.subject is not None
        mutation = MUTATORS[label](base.subject, rng)
        if mutation is None:
            label, data = "havoc", havoc(base.data, rng)
        else:
            data, expected = mutation.data, mutation.expected_error
    else:
        base = pool[rng.randrange(len(pool))]
        other = pool[rng.randrange(len(pool))].data
        label, data = "havoc", havoc(base.data, rng, other)
    entry, params = base.entry, base.params
    if entry == "batches" and rng.random() < _TO_ARROW_SHARE:
        # the same bytes through to_arrow: any KFormatError will do (labels are
        # parse_batches' errors; to_arrow frames first), the engines must agree
        entry, expected = "to-arrow", "?"
    if rng.random() < cross_share:
        entry, params, expected = _FOREIGN_OK[rng.randrange(len(_FOREIGN_OK))], {}, "?"
    return entry, params, label, data, expected


def _fuzz(n_inputs: int, seed: int, time_budget: float | None, slow_ms: float,
          save_dir: str | Path | None, per_kind: int, labelled_share: float,
          cross_share: float, memory_every: int, trace_memory: bool, names: tuple[str, ...],
          deadline_s: float | None, progress: IO[str] | None) -> FuzzReport:
    rng = random.Random(seed)
    report = FuzzReport(seed, engines=names)
    pool = bases(seed, per_kind=per_kind)
    structured = [b for b in pool if b.subject is not None]
    labels = sorted(MUTATORS)
    out_dir = Path(save_dir) if save_dir is not None else None
    start = time.perf_counter()
    times = array("d")  # 8 bytes per input (a list of floats takes 32)
    slowest: tuple[float, str, str, int, int] = (0.0, "", "", 0, 0)
    top: list[tuple[float, str, str, int, bytes, dict[str, Any]]] = [
        (0.0, "", "", 0, b"", {})] * 10
    peak = (0, "", "", 0)
    measure: list[tuple[str, str, bytes, dict[str, Any]]] = []
    deadline, in_flight = Deadline(deadline_s), InFlight(out_dir)
    try:
        for index in range(n_inputs):
            if time_budget is not None and time.perf_counter() - start > time_budget:
                report.stopped = f"time budget ({time_budget} s)"
                break
            entry, params, label, data, expected = _draw(rng, pool, structured, labels,
                                                         labelled_share, cross_share)
            in_flight.record(data, {"kind": "in-flight", "entry": entry, "label": label,
                                    "index": index, "seed": seed, "detail": "",
                                    "params": params, "engines": list(names),
                                    "expected_error": None if expected == "?" else expected})
            first, ms, mismatch = _on_engines(entry, data, params, names, deadline)
            outcome, exc = first.kind, first.error
            if ms > slow_ms and outcome != "DEADLINE":
                deadline.pause()
                ms = _timed(entry, data, params)  # warm, best of three
            times.append(ms)
            if ms > slowest[0]:
                slowest = (ms, entry, label, index, len(data))
            if ms > top[-1][0] and outcome != "DEADLINE":
                top[-1] = (ms, entry, label, index, data, params)
                top.sort(key=lambda t: -t[0])
            if trace_memory and index % memory_every == 0 and outcome != "DEADLINE":
                measure.append((entry, label, data, params))
                if len(measure) >= PEAK_BATCH:
                    deadline.pause()
                    peak = max(peak, _peaks(measure), key=lambda p: p[0])
                    measure.clear()
            report.inputs += 1
            report.by_entry[entry] += 1
            report.by_label[label] += 1
            report.outcomes[outcome] += 1
            if isinstance(exc, KFormatError):
                report.reasons.add(_reason(exc))
            if expected != "?":
                report.labelled += 1
            finding = None
            if outcome == "FOREIGN":
                detail = "".join(traceback.format_exception(exc)[-6:])
                finding = Finding("foreign", entry, label, index, seed, detail, ms)
            elif outcome == "DEADLINE":
                finding = Finding("hang", entry, label, index, seed,
                                  f"still running after {deadline_s} CPU seconds", ms)
            elif mismatch is not None:
                finding = Finding("mismatch", entry, label, index, seed, mismatch, ms)
            elif expected != "?" and (outcome if outcome != "parsed" else None) != expected:
                finding = Finding("mislabelled", entry, label, index, seed,
                                  f"expected {expected}, got {outcome}: {exc}", ms)
            elif ms > slow_ms:
                finding = Finding("slow", entry, label, index, seed,
                                  f"{ms:.1f} ms (best of 3)", ms)
            if finding is not None:
                finding.file = _save(out_dir, len(report.findings), finding, data, params,
                                     None if expected == "?" else expected, names)
                report.findings.append(finding)
            if (index + 1) % RSS_EVERY == 0 and (rss := rss_mb()) is not None:
                report.rss.append((index + 1, rss))
            if progress is not None and (index + 1) % 5000 == 0:
                print(f"[{index + 1}/{n_inputs}] {report.outcomes.most_common(4)} "
                      f"findings={len(report.findings)}", file=progress, flush=True)
    finally:
        deadline.close()
        in_flight.close()
    peak = max(peak, _peaks(measure), key=lambda p: p[0])
    report.seconds = time.perf_counter() - start
    if times:
        times = array("d", sorted(times))
        ms, entry, label, index, size = slowest
        warm = max(((_timed(t[1], t[4], t[5]), t) for t in top if t[1]),
                   key=lambda w: w[0], default=(0.0, top[0]))
        report.slowest = {"ms": round(ms, 2), "entry": entry, "label": label, "index": index,
                          "input_size": size,
                          "median_ms": round(times[len(times) // 2], 3),
                          "p99_ms": round(times[int(len(times) * 0.99)], 3),
                          "warm_ms": round(warm[0], 2), "warm_entry": warm[1][1],
                          "warm_label": warm[1][2], "warm_index": warm[1][3],
                          "warm_input_size": len(warm[1][4])}
    report.peak_memory = {"bytes": peak[0], "entry": peak[1], "label": peak[2],
                          "input_size": peak[3]}
    return report


def replay(path: str | Path, out: IO[str] | None = None, *,
           engines: str | Sequence[str] | None = None) -> int:
    """Run a saved finding (``.json`` or its ``.bin``, or the ``in-flight`` input a crash
    left) again; 0 if kformat now copes: only a KFormatError, within the deadline, on time,
    the promised error for a labelled mutant, and every engine agreeing.

    ``engines`` defaults to the finding's engines that this installation has.
    """
    meta_path = Path(path).with_suffix(".json")
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    if engines is None:
        engines = [e for e in meta.get("engines", []) if e in eng.available()] or None
    expected = (meta.get("expected_error") or "parsed") if meta["kind"] == "mislabelled" else None
    return replay_input(meta_path.with_suffix(".bin").read_bytes(), meta["entry"],
                        meta.get("params", {}), out, engines=engines, expected=expected,
                        title=f"{meta_path.name}: entry {meta['entry']}, label {meta['label']}, "
                              f"seed {meta['seed']}, index {meta['index']}")


def replay_input(data: bytes, entry: str, params: dict[str, Any] | None = None,
                 out: IO[str] | None = None, *, engines: str | Sequence[str] | None = None,
                 expected: str | None = None, title: str | None = None) -> int:
    """Feed ``data`` to the entry point ``entry`` (a name of :data:`ENTRIES`) on ``engines``
    (default: every engine built here), as :func:`replay` does for a saved finding; 0 if
    kformat copes. ``expected``: the outcome a labelled mutant promised (an error class
    name, or ``"parsed"``)."""
    if entry not in ENTRIES:
        raise ValueError(f"unknown entry point {entry!r}; the entry points are "
                         f"{', '.join(sorted(ENTRIES))}")
    out = out if out is not None else sys.stdout
    params = params or {}
    names = eng.resolve("all" if engines is None else engines)
    deadline = Deadline(DEADLINE_S)
    try:
        with eng.using(names[0]):
            first, _, mismatch = _on_engines(entry, data, params, names, deadline)
            outcome, exc = first.kind, first.error
            # warm: the first run compiled the grammars it needed
            ms = _timed(entry, data, params) if outcome != "DEADLINE" else float("inf")
    finally:
        deadline.close()
    title = title or f"{len(data)} bytes: entry {entry}"
    print(f"{title}, engines {','.join(names)}: {outcome} in {ms:.1f} ms", file=out)
    if exc is not None:
        print("".join(traceback.format_exception(exc)) if outcome == "FOREIGN"
              else f"  {exc}", file=out)
    if mismatch is not None:
        print(f"  engines disagree: {mismatch}", file=out)
    ok = outcome not in ("FOREIGN", "DEADLINE") and mismatch is None and ms <= SLOW_MS
    if expected is not None:
        ok = ok and outcome == expected
    return 0 if ok else 1
