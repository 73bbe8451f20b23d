"""Fuzzing kformat itself: only KFormatError escapes, labels hold, findings replay."""

from __future__ import annotations

import json
import os

import pytest

from kformat.cli import main as kformat_main
from kformat.fuzz.harness import ENTRIES, SLOW_MS, Finding, _save, fuzz_parsers, havoc, replay
from tests.cli.runner import cli

SANITIZED = bool(os.environ.get("KFORMAT_SANITIZED_NATIVE"))
"""Under ``make sanitize`` (AddressSanitizer, ``PYTHONMALLOC=malloc``) an input takes several
times as long: the batch-builder's biggest inputs, 40-60 ms here, take 160-250 ms there. Slow
is then not the question, as in the sanitize stage's own fuzz run (``--slow-ms 10000``)."""


def test_a_few_thousand_mutated_inputs_raise_only_kformat_errors(tmp_path):
    report = fuzz_parsers(3000, seed=1, per_kind=40, save_dir=tmp_path,
                          slow_ms=10_000 if SANITIZED else SLOW_MS)
    assert report.inputs == 3000
    assert report.findings == [], [vars(f) for f in report.findings]
    assert report.labelled > 500
    assert len(report.error_kinds) >= 6  # every DecodeError subclass shows up
    assert report.peak_memory["bytes"] > 0 and report.slowest["ms"] >= 0
    assert set(report.by_entry) >= {"request", "response", "batches", "record"}


def test_the_run_is_deterministic():
    a = fuzz_parsers(300, seed=5, per_kind=10, trace_memory=False)
    b = fuzz_parsers(300, seed=5, per_kind=10, trace_memory=False)
    assert a.outcomes == b.outcomes and a.by_label == b.by_label


def test_time_budget_stops_the_run():
    report = fuzz_parsers(10**9, seed=2, time_budget=0.5, per_kind=5, trace_memory=False)
    assert report.stopped.startswith("time budget") and 0 < report.inputs < 10**9


def test_havoc_is_deterministic():
    import random

    data = bytes(range(64))
    assert havoc(data, random.Random(3), b"xyz") == havoc(data, random.Random(3), b"xyz")


def test_a_saved_finding_replays(tmp_path, capsys):
    finding = Finding("mislabelled", "batches", "truncate", 12, 7, "example")
    path = _save(tmp_path, 0, finding, b"\x00" * 5, {"decompression_limit": 1024},
                 "TruncatedError")
    assert path is not None
    meta = json.loads((tmp_path / "finding-0000.json").read_text())
    assert (meta["seed"], meta["index"], meta["label"]) == (7, 12, "truncate")
    assert replay(path) == 0  # a 5-byte buffer is a truncated batch: the promise holds
    assert kformat_main(["fuzz", "replay", path]) == 0
    finding = Finding("mislabelled", "batches", "crc_flip", 1, 7, "example")
    other = _save(tmp_path, 1, finding, b"\x00" * 5, {}, "CorruptRecordError")
    assert replay(other) == 1
    assert "TruncatedError" in capsys.readouterr().out


def test_raw_input_replays_from_stdin_on_every_engine():
    from kformat import engine

    engines = ",".join(engine.available())
    code, out, err = cli("fuzz", "replay", "-", "--entry", "batches", stdin=b"\x00" * 5)
    assert (code, err) == (0, "")
    assert out.startswith(f"5 bytes: entry batches, engines {engines}: TruncatedError in ")
    assert "offset 0" in out
    code, out, _ = cli("fuzz", "replay", "-", "--entry", "record", "--hex",
                        "--param", "topic=__consumer_offsets", "--param", "key=0001",
                        stdin=b"0x00 0x03")
    assert code == 0
    assert out.startswith("2 bytes: entry record, engines ")


def test_raw_input_replay_needs_an_entry_point():
    code, out, err = cli("fuzz", "replay", "-", stdin=b"\x00")
    assert (code, out) == (2, "")
    assert err == ("kformat fuzz replay: UsageError: standard input holds raw input bytes: "
                   "name the entry point they go to with --entry\n")
    code, _, err = cli("fuzz", "replay", "-", "--entry", "nope", stdin=b"\x00")
    assert code == 2
    assert err.startswith("kformat fuzz replay: UsageError: unknown entry point 'nope'; the entry points "
                          "are batch-builder, batches, batches-lenient, conversation, ")
    code, _, err = cli("fuzz", "replay", "-", "--entry", "batches", "--param", "oops",
                        stdin=b"\x00")
    assert code == 2 and "--param 'oops': expected KEY=VALUE" in err


def test_every_entry_point_is_fed():
    assert {"request", "response", "batches", "record", "offset-index", "txn-index",
            "producer-snapshot"} <= set(ENTRIES)


@pytest.mark.fuzz
def test_the_long_run(tmp_path):
    report = fuzz_parsers(100_000, seed=2024, save_dir=tmp_path / "findings")
    assert report.findings == [], [vars(f) for f in report.findings[:5]]


def test_the_atheris_target_takes_any_bytes():
    from kformat.fuzz.atheris_harness import TARGETS, one_input

    for first in range(len(TARGETS)):
        for tail in (b"", b"\x00" * 20, bytes(range(256))):
            one_input(bytes([first]) + tail)  # only KFormatError may be raised, and is caught


def test_atheris_runs_when_installed():
    pytest.importorskip("atheris")
    from kformat.fuzz.atheris_harness import one_input

    one_input(b"\x01\x00\x00")


def test_peak_memory_is_measured_in_few_tracing_sessions(monkeypatch):
    # tracemalloc.start()/stop() leaks C memory per pair on CPython 3.11 and 3.12 (fixed in
    # 3.13): one session per input grew a 200,000-input run by hundreds of megabytes.
    import tracemalloc

    import kformat.fuzz.harness as harness

    starts = []
    real_start = tracemalloc.start
    monkeypatch.setattr(tracemalloc, "start", lambda *a: (starts.append(1), real_start(*a)))
    monkeypatch.setattr(harness, "PEAK_BATCH", 100)
    report = fuzz_parsers(450, seed=3, per_kind=5)
    assert report.inputs == 450 and report.peak_memory["bytes"] > 0
    assert len(starts) == 5  # four full batches of 100 and the last 50
    assert not tracemalloc.is_tracing()


def test_the_report_samples_resident_memory(monkeypatch):
    import kformat.fuzz.harness as harness

    monkeypatch.setattr(harness, "RSS_EVERY", 100)
    report = fuzz_parsers(300, seed=4, per_kind=5, trace_memory=False)
    assert [n for n, _ in report.rss] == [100, 200, 300]
    assert all(mb > 10 for _, mb in report.rss)
    assert report.to_dict()["rss_mb"] == report.rss


def test_the_atheris_target_feeds_runs_with_their_limits(monkeypatch):
    import kformat.fuzz.atheris_harness as ah
    from kformat import Record, build_batch, make_batch

    data = b"".join(build_batch(make_batch([Record(value=b"v%d" % i) for i in range(3)],
                                           base_offset=3 * b))
                    for b in range(4))
    encoded = ah.encode("to-arrow-run", data, max_rows=4, max_bytes=300)
    assert ah.decode(encoded) == ("to-arrow-run", data, {
        "decompression_limit": ah.LIMIT, "crc_mismatch": "flag", "max_rows": 4,
        "max_bytes": 300})
    from kformat.fuzz.harness import ENTRIES

    rows, size, entries = ENTRIES["to-arrow-run"](data, max_rows=4, max_bytes=0)
    assert (entries, rows["offset"]) == (2, list(range(6)))  # up to the batch reaching 4 rows
    assert size == len(data) // 2
    monkeypatch.setattr(ah, "_ENGINES", ("native", "python"))
    ah.one_input(encoded)  # the engines agree, or EngineDisagreement


def _on_both(entry, data, params=None):
    from kformat import engine
    from kformat.fuzz import engines as eng
    from kformat.fuzz.harness import _attempt

    outcomes = []
    for name in engine.available():
        with eng.using(name):
            outcomes.append(_attempt(entry, data, params or {}))
    for other in outcomes[1:]:
        assert eng.disagreement(outcomes[0], other) is None, eng.disagreement(outcomes[0], other)
    assert outcomes[0].kind != "FOREIGN", outcomes[0].error
    return outcomes[0]


def test_the_batch_builder_entry_holds_the_seeds_to_their_reference():
    from kformat import parse_batches
    from kformat.fuzz import builder_entry as be

    seeds = be.seeds()
    built = 0
    for data in seeds[:15]:  # every codec, both timestamp types, producer fields
        outcome = _on_both("batch-builder", data)
        steps, count, next_offset = outcome.value
        assert (count, next_offset) == (5, 1013), steps
        assert steps[:3] == [None, None, None] and steps[4:6] == [None, None]
        for batch, size in (steps[3], steps[-1]):
            assert parse_batches(batch)[0].records and size >= 61
            built += 1
    assert built == 30
    last = parse_batches(steps[-1][0])[0].records
    assert [r.offset for r in last] == [1000, 1001, 1010, 1011, 1012]
    assert len(last[-1].value) == 16_384 + 5 and last[1].headers == (("h", b"x"), ("n", None))


@pytest.mark.parametrize(("data", "expected"), [
    # an unknown codec; timestamp types -1 and 2 (magic 2 has only 0 and 1)
    (bytes([7, 0, 0]), ("EncodeError", "codec")),
    (bytes([0, 0x40, 0]), ("EncodeError", "timestamp_type")),
    (bytes([1, 0x41, 0]), ("EncodeError", "timestamp_type")),
])
def test_the_batch_builder_entry_names_refused_fields(data, expected):
    outcome = _on_both("batch-builder", data)
    assert (outcome.kind, outcome.error.field_path) == expected


def test_the_batch_builder_entry_reports_refused_appends_and_builds():
    from kformat.fuzz import builder_entry as be

    def run(head, *ops):
        return _on_both("batch-builder", head + b"".join(ops)).value[0]

    plain = bytes([0, 0]) + be.encode_int(5)
    assert run(plain, be._append(1, b"k", b"v", offset=3))[0] == \
        ("EncodeError", "records[0].offset", None)  # below the base offset
    assert run(plain, be._append(1, b"k", b"v", (("\udcff", b""),)))[0] == \
        ("EncodeError", "records[0].headers[0].key", None)  # not UTF-8
    # a bool timestamp: taken as Record takes it (make_batch wants ints)
    assert run(plain, b"\x15\xfe\x00\x01\x76")[0] is None
    # gzip level 100: the native build lost the path; level "1": a TypeError escaped (now
    # refused like an out-of-range level, at the records the codec compresses)
    for level, path in ((be.encode_int(100), "records"), (b"\xfe\x03", "records")):
        steps = run(bytes([1, 0x10]) + be.encode_int(0) + level, be._append(1, b"k", b"v"))
        assert steps == [None, ("EncodeError", path, None)]


def test_the_batch_builder_entry_fails_on_a_broken_builder(monkeypatch):
    from kformat.fuzz import builder_entry as be
    from kformat.fuzz.harness import _attempt
    from kformat.records.builder import RecordBatchBuilder

    good = RecordBatchBuilder.build
    def broken(self):
        built = good(self)
        return built[:-1] + bytes([built[-1] ^ 1])

    monkeypatch.setattr(RecordBatchBuilder, "build", broken)
    outcome = _attempt("batch-builder", be.seeds()[0], {})
    assert (outcome.kind, type(outcome.error).__name__) == ("FOREIGN", "BuilderMismatch")


def test_the_batch_builder_input_is_bounded():
    from kformat.fuzz import builder_entry as be

    fill = bytes([0x20, ord("v"), 10, 0x7F])  # a value of 2 MiB + 127, again and again
    plan = be.decode(bytes([0, 0, 0]) + fill * 500 + b"\xff" * 50)
    values = [op.value for op in plan.ops if op is not None]
    assert len(plan.ops) == be.MAX_APPENDS and plan.ops.count(None) == 0
    assert len(values[0]) == (1 << 21) + 127 and sum(map(len, values)) == be.MAX_FILL
    slow = be.decode(bytes([1, 0, 0]) + fill * 3 + b"\xff" * 50)
    assert sum(len(op.value) for op in slow.ops if op is not None) == be.SLOW_FILL
    assert slow.ops.count(None) == be.MAX_BUILDS


def test_the_atheris_target_feeds_the_batch_builder(tmp_path, monkeypatch):
    import kformat.fuzz.atheris_harness as ah
    from kformat.fuzz import builder_entry as be

    seeds = be.seeds()
    assert ah.decode(ah.encode("batch-builder", seeds[0])) == ("batch-builder", seeds[0], {})
    written = ah.seed_corpus("fixtures", tmp_path)
    corpus = sorted(tmp_path.iterdir())
    assert [p.read_bytes() for p in corpus[written - len(seeds):]] == \
        [ah.encode("batch-builder", s) for s in seeds]
    monkeypatch.setattr(ah, "_ENGINES", ("native", "python"))
    assert ah.replay(corpus[written - len(seeds):]) == len(seeds)  # or a crash
