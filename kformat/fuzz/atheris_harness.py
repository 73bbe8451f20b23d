"""Coverage-guided differential fuzzing with `atheris <https://pypi.org/project/atheris/>`_.

    pip install 'kformat[fuzz]'
    python -m kformat.fuzz.atheris_harness [--engines native,python] [--no-instrument]
                                           [libFuzzer options] [CORPUS_DIR...]
    python -m kformat.fuzz.atheris_harness --seeds fixtures OUT_DIR   # seed a corpus
    python -m kformat.fuzz.atheris_harness --replay [--engines E] DIR_OR_FILE...

An input is a target byte and the target's bytes (:func:`decode`, :data:`TARGETS`): request
and response frames (any API key and version), record batches strict and lenient,
internal-topic records, conversations, segment files, a batch builder's appends. Every input runs on each engine
(``native``: the C plan interpreter; ``python``); anything but a
:class:`~kformat.errors.KFormatError` escaping is a crash, and so is a disagreement between
the engines (:func:`kformat.fuzz.engines.disagreement`: the value, or the error class with
its path and offset), raised as :class:`EngineDisagreement`. kformat's Python code is
instrumented for coverage (``atheris.instrument_all``), and so is the C extension when it
was built for it (``make fuzz-native`` does: see ``tests/sanitize/fuzz_native.py``).
:func:`seed_corpus` turns the committed fixture corpus into seeds.
"""

from __future__ import annotations

import json
import struct
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kformat.fuzz import builder_entry

__all__ = ["RECORD_TOPICS", "TARGETS", "EngineDisagreement", "decode", "encode", "main",
           "one_input", "seed_corpus"]

TARGETS: tuple[str, ...] = (
    "request", "response", "batches", "batches-lenient", "record", "conversation",
    "producer-snapshot", "txn-index", "offset-index", "time-index",
    "leader-epoch-checkpoint", "partition-metadata", "to-arrow", "to-arrow-run",
    "batch-builder",
)
"""Entry points of :data:`kformat.fuzz.harness.ENTRIES`, chosen by an input's first byte."""
RECORD_TOPICS = ("__cluster_metadata", "__consumer_offsets", "__transaction_state",
                 "__share_group_state", "__remote_log_metadata")
LIMIT = 1 << 20
"""The decompression limit the targets parse with (bombs are cheap to reject)."""
_NO_KEY = 0xFFFF


class EngineDisagreement(AssertionError):
    """Two engines did different things with the same input (a crash for libFuzzer)."""


def decode(data: bytes) -> tuple[str, bytes, dict[str, Any]] | None:
    """``(entry, bytes, params)`` of an input, ``None`` when it is too short to say.

    ``response``: bytes 1-2 the api key (int16), byte 3 the version, then the frame;
    ``record``: byte 1 the topic (:data:`RECORD_TOPICS`), bytes 2-3 the key's length
    (uint16, 0xFFFF: no key), the key, then the value; ``to-arrow-run``: byte 1 the run's
    ``max_rows``, bytes 2-3 its ``max_bytes`` (uint16; 0: no limit), then the bytes;
    ``batch-builder``: a builder's fields and appends (:func:`kformat.fuzz.builder_entry.decode`);
    the others: the bytes after the target byte.
    """
    if not data:
        return None
    entry = TARGETS[data[0] % len(TARGETS)]
    rest = data[1:]
    params: dict[str, Any] = {}
    if entry in ("request", "response", "batches", "batches-lenient", "to-arrow",
                 "to-arrow-run"):
        params["decompression_limit"] = LIMIT
    if entry in ("to-arrow", "to-arrow-run"):
        params["crc_mismatch"] = "flag"  # a fuzzer cannot fix CRCs: read past them
    if entry == "to-arrow-run":
        if len(rest) < 3:
            return None
        params["max_rows"], params["max_bytes"] = struct.unpack_from(">BH", rest)
        rest = rest[3:]
    if entry == "response":
        if len(rest) < 3:
            return None
        params["api_key"], params["api_version"] = struct.unpack_from(">hB", rest)
        rest = rest[3:]
    elif entry == "record":
        if len(rest) < 3:
            return None
        topic = RECORD_TOPICS[rest[0] % len(RECORD_TOPICS)]
        size = struct.unpack_from(">H", rest, 1)[0]
        rest = rest[3:]
        params["topic"] = topic
        if size != _NO_KEY:
            params["key"], rest = rest[:size].hex(), rest[size:]
    return entry, bytes(rest), params


def encode(entry: str, data: bytes, **params: Any) -> bytes:
    """The input :func:`decode` reads as ``entry`` fed ``data`` with ``params``."""
    head = bytes([TARGETS.index(entry)])
    if entry == "response":
        head += struct.pack(">hB", params["api_key"], params["api_version"])
    elif entry == "record":
        key = params.get("key")
        head += bytes([RECORD_TOPICS.index(params["topic"])])
        head += struct.pack(">H", _NO_KEY) if key is None else struct.pack(">H", len(key)) + key
    elif entry == "to-arrow-run":
        head += struct.pack(">BH", params.get("max_rows", 0), params.get("max_bytes", 0))
    return head + data


_ENGINES: tuple[str, ...] = ()
_PARSERS = ("kformat.fuzz.harness", "kformat.fuzz.builder_entry", "kformat.records.builder",
            "kformat.protocol.api", "kformat.protocol.framing",
            "kformat.protocol.topics", "kformat.records.api", "kformat.records.legacy",
            "kformat.segments.indexes", "kformat.segments.snapshot",
            "kformat.segments.textfiles")


def one_input(data: bytes) -> None:
    """libFuzzer's ``TestOneInput``: run the input on every engine; a KFormatError is fine
    when every engine raised the same one."""
    from kformat.fuzz import engines as eng
    from kformat.fuzz.harness import _attempt

    decoded = decode(bytes(data))
    if decoded is None:
        return
    entry, payload, params = decoded
    names = _ENGINES or (eng.active(),)
    outcomes = []
    for name in names:
        with eng.using(name):
            outcome = _attempt(entry, payload, params)
        if outcome.kind == "FOREIGN":
            assert outcome.error is not None
            raise outcome.error
        outcomes.append(outcome)
    for name, other in zip(names[1:], outcomes[1:], strict=True):
        why = eng.disagreement(outcomes[0], other)
        if why is not None:
            raise EngineDisagreement(f"{entry} {params}: {names[0]} vs {name}: {why}")


# --------------------------------------------------------------------------- seeds


def seed_corpus(fixtures: str | Path, out: str | Path) -> int:
    """Write every fixture of the committed corpus an entry point reads as a seed in
    ``out`` (batches to both batch targets, conversations one side at a time), and the
    builder's (:func:`kformat.fuzz.builder_entry.seeds`); how many."""
    root, out_dir = Path(fixtures), Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    written = 0

    def put(seed: bytes) -> None:
        nonlocal written
        (out_dir / f"seed-{written:05d}").write_bytes(seed)
        written += 1

    for fixture in manifest["fixtures"]:
        files = {k: (root / v).read_bytes() for k, v in fixture["files"].items() if v}
        kind = fixture["format"]
        if kind == "kafka.request":
            put(encode("request", files["data"]))
        elif kind == "kafka.response" and "api_key" in fixture and "version" in fixture:
            put(encode("response", files["data"], api_key=fixture["api_key"],
                       api_version=fixture["version"]))
        elif kind in ("kafka.record-batch", "kafka.legacy-message-set"):
            put(encode("batches", files["data"]))
            put(encode("batches-lenient", files["data"]))
            put(encode("to-arrow", files["data"]))
            put(encode("to-arrow-run", files["data"]))
            put(encode("to-arrow-run", files["data"], max_rows=1, max_bytes=200))
        elif kind in ("kafka.metadata-record", "kafka.coordinator-record") and \
                fixture.get("topic") in RECORD_TOPICS:
            key = files.get("key")
            put(encode("record", files.get("value", files.get("data", b"")),
                       topic=fixture["topic"], key=key))
        elif kind == "kafka.conversation":
            for side in files.values():
                put(encode("conversation", side))
        elif kind == "kafka.producer-snapshot":
            put(encode("producer-snapshot", files["data"]))
    for seed in builder_entry.seeds():
        put(encode("batch-builder", seed))
    return written


# --------------------------------------------------------------------------- main


def replay(paths: Sequence[str | Path]) -> int:
    """Run every input file under ``paths`` (directories are walked) through
    :func:`one_input` on the configured engines; how many. A crash propagates."""
    count = 0
    for path in map(Path, paths):
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            one_input(file.read_bytes())
            count += 1
    return count


def _options(argv: list[str]) -> tuple[list[str], str | None, bool]:
    engines, instrument, rest = None, True, [argv[0]] if argv else ["atheris"]
    args = iter(argv[1:])
    for arg in args:
        if arg == "--engines":
            engines = next(args, None)
        elif arg.startswith("--engines="):
            engines = arg.split("=", 1)[1]
        elif arg == "--no-instrument":
            instrument = False
        else:
            rest.append(arg)
    return rest, engines, instrument


def _instrument_kformat(atheris: Any) -> int:
    """Instrument kformat's own functions and methods for coverage (``instrument_all``
    would do every function of every loaded library, minutes of start-up for noise)."""
    import types

    done = 0
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "kformat" or name.startswith("kformat.")):
            continue
        for obj in list(vars(module).values()):
            members = [obj]
            if isinstance(obj, type) and obj.__module__ == name:
                members = list(vars(obj).values())
            for member in members:
                fn = getattr(member, "__func__", member)
                if isinstance(member, property):
                    fn = member.fget
                if isinstance(fn, types.FunctionType) and fn.__module__ == name:
                    atheris.instrument_func(fn)
                    done += 1
    return done


def main(argv: Sequence[str] | None = None) -> int:
    global _ENGINES
    args = list(sys.argv if argv is None else argv)
    if len(args) == 4 and args[1] == "--seeds":
        print(f"wrote {seed_corpus(args[2], args[3])} seeds to {args[3]}", file=sys.stderr)
        return 0
    libfuzzer_args, engines, instrument = _options(args)
    if len(libfuzzer_args) > 1 and libfuzzer_args[1] == "--replay":
        from kformat.fuzz import engines as eng

        _ENGINES = eng.resolve(engines if engines is not None else "all")
        count = replay(libfuzzer_args[2:])
        print(f"replayed {count} inputs on {','.join(_ENGINES)}: every engine agreed, only "
              "KFormatError escaped", file=sys.stderr)
        return 0
    try:
        import atheris
    except ImportError:
        print("atheris is not installed: pip install 'kformat[fuzz]'", file=sys.stderr)
        return 2
    import importlib

    from kformat.fuzz import engines as eng

    for module in _PARSERS:  # imported before instrumenting, so that they are instrumented
        importlib.import_module(module)

    _ENGINES = eng.resolve(engines if engines is not None else "all")
    print(f"atheris harness: engines {','.join(_ENGINES)}, python coverage "
          f"{'on' if instrument else 'off'}", file=sys.stderr, flush=True)
    if instrument:
        print(f"instrumented {_instrument_kformat(atheris)} kformat functions", file=sys.stderr,
              flush=True)
    atheris.Setup(libfuzzer_args, one_input)
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
