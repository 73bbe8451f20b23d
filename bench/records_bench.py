"""Record batch parse and build throughput: kformat against kafka-python and aiokafka.

Workload: one batch of 1,000 records (16-byte keys, 200-byte JSON-like values, one header
with a 16-byte value), for every codec. Every implementation runs in this process on the
same bytes:

* parse: kformat ``parse_batches`` (CRC check, decompression, ``Batch``/``Record`` values);
  kafka-python ``DefaultRecordBatch``; aiokafka's pure-Python and Cython
  ``DefaultRecordBatch``; each validates the CRC, and then every field of every record
  (offset, timestamp, key, value, headers) is read once, as a consumer reads them
  (:func:`read_every_field`, the same for every library). kformat's records make their
  fields on first access, the peers' when they are made: ``parse_batches`` alone is printed
  beside it as ``lazy`` (column ``lazy: no field read``), never as the headline.
* build: kformat in two ways: ``build_batch(make_batch(...))`` of ``Record`` objects made from
  the rows (column ``kformat``), and ``RecordBatchBuilder``: append every row, then build
  (column ``builder``); kafka-python and aiokafka (Python, Cython)
  ``DefaultRecordBatchBuilder``: append every record, then build. The builders are compared
  like with like (each appends the rows' raw values; the targets are read on the ``builder``
  column, the ``kformat`` column also pays for 1,000 ``Record`` objects). Like with like: the peers
  write gzip at level 9 (their default, not settable in their builders), so kformat builds
  gzip at level 9 here too (its and the Java client's default is 6; the targets line also
  prints the builder at that default level, what a kformat user gets). Zstd is level 3 on
  every side but not the same frame: aiokafka compresses in one shot with the size known
  (content size written, the parameters zstd picks for that size), kformat streams as the
  Java client's zstd-jni does (no content size, the level's parameters for an unknown size;
  docs/performance.md, "Builds: kformat's own time"). Snappy is byte-identical. LZ4 is not
  alike: aiokafka compresses with LZ4 HC level 9, kformat with LZ4's fast compressor, as the
  Java client does at its default level 9.
* codec alone: kformat's codec functions on the same region (``decompress_into`` into a kept
  buffer, ``compress`` at the level above), timed in rounds of their own with aiokafka's
  parse and build, after all the tables' rounds (so they do not change the heap the tables'
  tasks meet). Printed as bounds: aiokafka's time over the codec's, the best ratio kformat
  could reach if its own work took no time.
* to_arrow: ``kformat.records.to_arrow`` (a ``pyarrow.RecordBatch`` of every column, CRC
  checked, no record objects), against the peers' parse (with pyarrow installed).

Before timing, every reader must return the workload's records from every writer's bytes.
Rounds are interleaved: in each, every task runs ``--burst`` calls in a row (default 5: a
loop over batches, as a consumer or a segment reader runs it, caches warm from the call
before; ``--burst 1`` times one call per round, right after the other libraries' calls, caches
cold, which adds about the same fixed cost to every library and so pulls ratios toward 1).
The tasks run in an order shuffled each round (seeded): no library always follows the same
neighbour, whose leftovers in the caches and the allocator its first call meets.
Prints records/s (best round, measured in CPU time of this process, garbage
collector on: collecting the objects a library makes is part of its cost) and kformat's speed
relative to each peer (``x1.50`` means kformat does 1.5 times the records per second). Run
with ``python -m bench records [--repeat N] [--burst N] [--quick]``.
"""

from __future__ import annotations

import argparse
import json
import operator
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from kformat import Batch, Codec, Record, RecordBatchBuilder, build_batch, make_batch, parse_batches
from kformat.primitives import CompiledGrammar
from kformat.records import to_arrow  # imports no pyarrow until called
from kformat.records.batch import RecordBatchV2
from kformat.records.codecs import gzip_inflater

N_RECORDS = 1000
T0 = 1_700_000_000_000


def workload(n: int = N_RECORDS, seed: int = 7) -> list[tuple[int, bytes, bytes, list[Any]]]:
    """(timestamp, 16-byte key, 200-byte JSON-like value, [one header]) per record."""
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        key = b"user-%011d" % rng.randrange(10**11)
        doc = {"id": i, "event": rng.choice(["click", "view", "buy"]), "ts": T0 + i,
               "session": f"{rng.getrandbits(128):032x}", "path": f"/p/{rng.randrange(999)}"}
        value = json.dumps(doc, separators=(",", ":")).encode()
        value = (value + b" " * 200)[:200]
        header = ("trace-id", b"%016x" % rng.getrandbits(64))
        rows.append((T0 + i, key, value, [header]))
    return rows


# --------------------------------------------------------------------------- implementations


PEER_LEVELS = {Codec.GZIP: 9}
"""The compression level the peers' builders use where it is not kformat's default."""
DEFAULT_LEVEL = "builder at kformat's default level"
"""The task of a codec in :data:`PEER_LEVELS` that builds at kformat's default level (gzip:
6, the Java client's), printed beside the like-with-like target."""


def kformat_build(rows: list[Any], codec: int, level: int | None = None) -> bytes:
    records = [Record(timestamp=ts, key=k, value=v, headers=h) for ts, k, v, h in rows]
    return build_batch(make_batch(records, codec=codec), compression_level=level)


def kformat_builder(rows: list[Any], codec: int, level: int | None = None) -> bytes:
    """``RecordBatchBuilder``: the rows appended as they are, as the peers' builders take them."""
    builder = RecordBatchBuilder(codec=codec, compression_level=level)
    for ts, key, value, headers in rows:
        builder.append(ts, key, value, headers)
    return builder.build()


def kformat_parse(data: bytes) -> list[Any]:
    """``parse_batches`` alone: kformat's records are made, their fields are not (lazy)."""
    (batch,) = parse_batches(data)
    return batch.records


_EVERY_FIELD = operator.attrgetter("offset", "timestamp", "key", "value", "headers")


def read_every_field(records: list[Any]) -> list[Any]:
    """Every field of every record read once, as a consumer does (the same attribute reads
    for every library: their records share these names)."""
    for record in records:
        _EVERY_FIELD(record)
    return records


def reading(parse: Callable[[bytes], list[Any]]) -> Callable[[bytes], list[Any]]:
    """``parse``, then every field of every record read: the parse the tables time."""
    return lambda data: read_every_field(parse(data))


_GRAMMAR = CompiledGrammar(RecordBatchV2)


def kformat_grammar_parse(data: bytes) -> list[Any]:
    return _GRAMMAR.parse(data)["records"]


def _peer_builder(cls: type) -> Callable[[list[Any], int], bytes]:
    def build(rows: list[Any], codec: int) -> bytes:
        builder = cls(magic=2, compression_type=codec, is_transactional=False,
                      producer_id=-1, producer_epoch=-1, base_sequence=-1,
                      batch_size=1 << 30)
        for i, (ts, key, value, headers) in enumerate(rows):
            builder.append(i, ts, key, value, headers)
        return bytes(builder.build())
    return build


def _peer_reader(cls: type) -> Callable[[bytes], list[Any]]:
    def parse(data: bytes) -> list[Any]:
        batch = cls(data)
        if not batch.validate_crc():
            raise AssertionError("peer: CRC mismatch")
        return list(batch)
    return parse


def implementations() -> tuple[dict[str, Any], dict[str, Any]]:
    """(parsers, builders) by name; peers that are not installed are left out."""
    parsers: dict[str, Any] = {"kformat": kformat_parse}
    builders: dict[str, Any] = {"kformat": kformat_build, "kformat builder": kformat_builder}
    try:
        from kafka.record import default_records as kp
        parsers["kafka-python"] = _peer_reader(kp.DefaultRecordBatch)
        builders["kafka-python"] = _peer_builder(kp.DefaultRecordBatchBuilder)
    except ImportError:  # pragma: no cover
        pass
    try:
        from aiokafka.record import default_records as ak
        parsers["aiokafka-py"] = _peer_reader(ak._DefaultRecordBatchPy)
        builders["aiokafka-py"] = _peer_builder(ak._DefaultRecordBatchBuilderPy)
        if ak.DefaultRecordBatch is not ak._DefaultRecordBatchPy:
            parsers["aiokafka-cython"] = _peer_reader(ak.DefaultRecordBatch)
            builders["aiokafka-cython"] = _peer_builder(ak.DefaultRecordBatchBuilder)
    except ImportError:  # pragma: no cover
        pass
    return parsers, builders


# --------------------------------------------------------------------------- measuring


BURST = 5
"""Calls in a row per task and round: a loop over batches, as a consumer or a segment reader
runs, with caches warm from the call before (``--burst 1``: one call per round, the first
after the other libraries, caches cold)."""


def best_times(tasks: dict[str, Callable[[], Any]], repeat: int,
               budget: float, burst: int = BURST,
               rounds: dict[str, list[float]] | None = None) -> dict[str, float]:
    """The fastest run of each task, in CPU seconds of this process per call.

    Tasks run round-robin (``burst`` calls in a row of each per round; a round's figure is
    their mean), so a burst of load elsewhere on the machine hits every implementation alike;
    CPU time rather than wall time keeps waiting for a CPU out of the figures. Each round
    runs the tasks in a new order (seeded, the same for every run of the bench): a task's
    first call meets the caches and the allocator the task before it left, and in a fixed
    order one library would always follow the same neighbour (aiokafka's Cython reader its
    pure-Python one, on the same bytes; kformat's parse the previous codec's compressors).
    Stops after ``repeat`` rounds or ``budget`` seconds. ``rounds``, when given, gets every
    round's figure of each task, in order (:func:`median_ratio`).
    """
    if burst < 1:
        raise ValueError("burst must be >= 1")
    best = dict.fromkeys(tasks, float("inf"))
    order = list(tasks.items())
    shuffler = random.Random(len(order))
    spent = 0.0
    for _ in range(repeat):
        shuffler.shuffle(order)
        for name, fn in order:
            start = time.process_time()
            for _ in range(burst):
                fn()
            took = time.process_time() - start
            best[name] = min(best[name], took / burst)
            if rounds is not None:
                rounds.setdefault(name, []).append(took / burst)
            spent += took
        if spent > budget:
            break
    return best


def _fields(record: Any) -> tuple[Any, ...]:
    return (record.timestamp, record.key, record.value, list(record.headers))


def check(rows: list[Any], parsers: dict[str, Any], builders: dict[str, Any],
          codec: int) -> None:
    expected = [(ts, k, v, h) for ts, k, v, h in rows]
    if kformat_builder(rows, codec) != kformat_build(rows, codec):
        raise AssertionError(f"RecordBatchBuilder differs from build_batch(make_batch) "
                             f"({Codec(codec).name})")
    for writer, build in builders.items():
        data = build(rows, codec)
        for reader, parse in parsers.items():
            got = [_fields(r) for r in parse(data)]
            if got != expected:
                raise AssertionError(f"{reader} misreads {writer}'s {Codec(codec).name} batch")
        if [(r["timestamp_delta"] + T0, r["key"], r["value"]) for r in
                kformat_grammar_parse(data)] != [(ts, k, v) for ts, k, v, _ in rows]:
            raise AssertionError(f"grammar misreads {writer}'s batch")


def kformat_to_arrow(data: bytes) -> Any:
    """``kformat.records.to_arrow``: every column, Arrow buffers (the active engine's
    kernel; no record objects)."""
    return to_arrow(data)


def to_arrow_check(rows: list[Any], data: bytes) -> bool:
    """Whether pyarrow is there; the columns must hold the workload (else AssertionError)."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:  # pragma: no cover
        return False
    got = kformat_to_arrow(data)
    if got.column("value").to_pylist() != [v for _, _, v, _ in rows] or \
            got.column("key").to_pylist() != [k for _, k, _, _ in rows] or \
            got.column("headers").to_pylist() != [[{"key": k, "value": v} for k, v in h]
                                                  for _, _, _, h in rows]:
        raise AssertionError("to_arrow misreads the batch")
    return True


def run(repeat: int, budget: float, out: Any = sys.stdout,
        burst: int = BURST) -> list[dict[str, Any]]:
    rows = workload()
    parsers, builders = implementations()
    results = []
    for codec in Codec:
        check(rows, parsers, builders, codec)
        data = kformat_build(rows, codec)
        row: dict[str, Any] = {"codec": codec.name.lower(), "bytes": len(data)}
        tasks: dict[str, Callable[[], Any]] = {}
        for name, parse in parsers.items():
            read = reading(parse)
            tasks[f"parse {name}"] = lambda p=read, d=data: p(d)
        tasks[LAZY] = lambda d=data: kformat_parse(d)
        tasks["parse kformat grammar"] = lambda d=data: kformat_grammar_parse(d)
        if to_arrow_check(rows, data):
            tasks["to_arrow kformat"] = lambda d=data: kformat_to_arrow(d)
        for name, build in builders.items():
            tasks[f"build {name}"] = lambda b=build, c=codec: b(rows, c)
        tasks["build kformat"] = lambda c=codec: kformat_build(rows, c, PEER_LEVELS.get(c))
        tasks["build kformat builder"] = lambda c=codec: kformat_builder(rows, c,
                                                                       PEER_LEVELS.get(c))
        if codec in PEER_LEVELS:  # also what a kformat user gets: its default level
            tasks[DEFAULT_LEVEL] = lambda c=codec: kformat_builder(rows, c)
        row["rounds"] = {}
        for name, seconds in best_times(tasks, repeat, budget, burst,
                                        row["rounds"]).items():
            row[name] = N_RECORDS / seconds
        results.append(row)
    report(results, out, burst)
    targets(results, out)
    if TARGET_PEER in parsers:
        for row, codec in zip(results, Codec, strict=True):
            if codec:  # after every table's rounds: these rounds change the allocator's state
                row["bounds"] = codec_bounds(codec, rows, parsers[TARGET_PEER],
                                             builders[TARGET_PEER], repeat, budget / 4,
                                             burst)
        bounds(results, out)
    return results


def codec_bounds(codec: int, rows: list[Any], parse: Callable[[bytes], Any],
                 build: Callable[[list[Any], int], bytes], repeat: int,
                 budget: float, burst: int = BURST) -> dict[str, float]:
    """Seconds per batch of the codec alone and of the peer's parse and build, in rounds of
    their own (interleaved with each other)."""
    data = kformat_build(rows, codec)
    plain = kformat_build(rows, Codec.NONE)
    tasks = codec_tasks(codec, rows)
    peer_parse, ours = reading(parse), reading(kformat_parse)
    tasks["peer parse"] = lambda: peer_parse(data)
    tasks["peer build"] = lambda: build(rows, codec)
    tasks["kformat parse none"] = lambda: ours(plain)
    tasks["kformat build none"] = lambda: kformat_builder(rows, Codec.NONE)
    return best_times(tasks, repeat, budget, burst)


def codec_tasks(codec: int, rows: list[Any]) -> dict[str, Callable[[], Any]]:
    """The codec alone on the batch's region: decompression of the payload into a kept
    buffer, compression of the plain records (at the level the build uses)."""
    from kformat.records.codecs import compress, decompress_into

    plain = kformat_build(rows, Codec.NONE)[RECORDS_AT:]
    payload = memoryview(kformat_build(rows, codec))[RECORDS_AT:]
    level = PEER_LEVELS.get(codec)
    buffer = bytearray()
    if decompress_into(codec, payload, buffer, len(plain), 2) not in (len(plain), plain):
        raise AssertionError(f"{Codec(codec).name}: the payload does not decompress")
    return {"codec decompress": lambda: decompress_into(codec, payload, buffer, len(plain), 2),
            "codec compress": lambda: compress(codec, plain, level=level)}


LAZY = "parse kformat lazy"
"""The task of ``parse_batches`` alone (no field read): printed beside the headline, labelled."""
RECORDS_AT = 61
"""Where a v2 batch's records (the compressed region) start: after its 61-byte header."""


def report(results: list[dict[str, Any]], out: Any, burst: int = BURST) -> None:
    print(f"record batches: {N_RECORDS} records (16 B keys, 200 B values, 1 header), "
          f"records per CPU second, best round of {burst} call(s) in a row; x = kformat / peer "
          "(build: kformat = build_batch(make_batch(Records)), builder = RecordBatchBuilder; "
          "x = kformat / peer / builder / peer)", file=out)
    print(f"kformat's gzip inflate: {gzip_inflater()} (the peers inflate with zlib)", file=out)
    print("parse: every field of every record read (offset, timestamp, key, value, headers), "
          "for every library; lazy = kformat's parse_batches alone, no field read (its records "
          "make their fields on first access), not comparable with the peers'", file=out)
    for op in ("parse", "build"):
        peers = [k[len(op) + 1:] for k in results[0] if k.startswith(op + " ")
                 and k not in (f"{op} kformat", "parse kformat grammar", "build kformat builder",
                               LAZY)]
        head = ["codec", "kformat"] + (["lazy: no field read", "grammar only"]
                                       if op == "parse" else []) + \
            (["builder"] if op == "build" else []) + peers
        wide = 28 if op == "build" else 22  # build cells hold two ratios
        print(f"\n{op}:", file=out)
        print("  " + "".join(f"{h:>{wide}}" for h in head), file=out)
        for row in results:
            ours = row[f"{op} kformat"]
            cells = [f"{row['codec']:>{wide}}", f"{ours:>{wide},.0f}"]
            if op == "parse":
                cells.append(f"{row[LAZY]:>22,.0f}")
                cells.append(f"{row['parse kformat grammar']:>22,.0f}")
            if op == "build":
                cells.append(f"{row['build kformat builder']:>{wide},.0f}")
            for peer in peers:
                theirs = row[f"{op} {peer}"]
                ratio = f"x{ours / theirs:.2f}"
                if op == "build":  # make_batch / builder
                    ratio += f"/{row['build kformat builder'] / theirs:.2f}"
                cells.append(f"{f'{theirs:,.0f} ({ratio})':>{wide}}")
            print("  " + "".join(cells), file=out)
    if "to_arrow kformat" in results[0]:
        _report_to_arrow(results, out)


def _report_to_arrow(results: list[dict[str, Any]], out: Any) -> None:
    """to_arrow (a pyarrow.RecordBatch of every column) against the peers' parse."""
    from kformat import engine

    peers = [k[len("parse "):] for k in results[0] if k.startswith("parse ")
             and k not in ("parse kformat", "parse kformat grammar", LAZY)]
    print(f"\nto_arrow ({engine.active()} engine; x = to_arrow / peer parse, every field "
          "read):", file=out)
    print("  " + "".join(f"{h:>22}" for h in ["codec", "to_arrow", *peers]), file=out)
    for row in results:
        ours = row["to_arrow kformat"]
        cells = [f"{row['codec']:>22}", f"{ours:>22,.0f}"]
        for peer in peers:
            theirs = row[f"parse {peer}"]
            cells.append(f"{f'{theirs:,.0f} (x{ours / theirs:.2f})':>22}")
        print("  " + "".join(cells), file=out)


TARGET_PEER = "aiokafka-cython"
PARSE_TARGETS = {"none": 2.0, "gzip": 1.0, "snappy": 2.0, "lz4": 2.0, "zstd": 2.0}
BUILD_TARGET = 1.5
"""Issue 9's targets: kformat / aiokafka's Cython reader and builder, garbage collector on."""


def bounds(results: list[dict[str, Any]], out: Any) -> None:
    """The codec alone against aiokafka's whole parse and build: the best ratio possible;
    then with kformat's uncompressed parse or build added (in the same rounds): the ratio
    if compression cost kformat exactly what the codec alone costs."""
    print(f"\ncodec alone, us per batch, in rounds of its own with {TARGET_PEER}'s parse and "
          f"build (bound = {TARGET_PEER} / codec alone: the best ratio if kformat's own work "
          "took no time; gzip at level 9 on both sides):", file=out)
    for row in results:
        if "bounds" not in row:
            continue
        times = row["bounds"]
        cells = [f"  {row['codec']:>8}"]
        for op, task in (("parse", "decompress"), ("build", "compress")):
            alone = 1e6 * times[f"codec {task}"]
            bound = times[f"peer {op}"] / times[f"codec {task}"]
            want = BUILD_TARGET if op == "build" else PARSE_TARGETS[row["codec"]]
            reach = "" if bound >= want else f", below the {want}x target"
            cells.append(f"{task} {alone:>6,.0f} us: {op} bound x{bound:.2f}{reach}")
        print("  ".join(cells), file=out)
    print(f"\nwith kformat's own work: {TARGET_PEER} / (kformat's uncompressed parse or build "
          "+ the codec alone), same rounds (aiokafka checks CRC-32C with a table, 0.4 ns per byte: "
          "compression shrinks what it checks, so its compressed builds and parses cost it "
          "less over its uncompressed ones than the codec alone):", file=out)
    for row in results:
        if "bounds" not in row:
            continue
        times = row["bounds"]
        cells = [f"  {row['codec']:>8}"]
        for op, task in (("parse", "decompress"), ("build", "compress")):
            ours = times[f"kformat {op} none"] + times[f"codec {task}"]
            cells.append(f"{op} {1e6 * times[f'kformat {op} none']:>5,.0f} + "
                         f"{1e6 * times[f'codec {task}']:>5,.0f} us: x{times[f'peer {op}'] / ours:.2f}")
        print("  ".join(cells), file=out)


def median_ratio(rounds: dict[str, list[float]], ours: str, theirs: str) -> float:
    """The median over rounds of ``theirs``' time / ``ours``' in the same round: how the
    ratio reads in a typical round rather than in each side's best."""
    return statistics.median(t / o for o, t in zip(rounds[ours], rounds[theirs], strict=True))


def targets(results: list[dict[str, Any]], out: Any) -> None:
    """kformat's ratio to aiokafka's Cython code per codec, against the targets."""
    if not results or f"parse {TARGET_PEER}" not in results[0]:
        print(f"\ntargets: {TARGET_PEER} is not installed", file=out)
        return
    print(f"\ntargets (x = kformat / {TARGET_PEER}, GC on; parse (every field read) >= 2.0x, "
          f"gzip >= 1.0x, lazy beside it, not a target; "
          f"build >= {BUILD_TARGET}x, builder against builder; build_batch(make_batch) of "
          "Records beside it; each side's best round, and in brackets the median of the "
          "rounds' own ratios):", file=out)
    for row in results:
        parse = row["parse kformat"] / row[f"parse {TARGET_PEER}"]
        theirs = row[f"build {TARGET_PEER}"]
        build = row["build kformat builder"] / theirs
        made = row["build kformat"] / theirs
        want = PARSE_TARGETS[row["codec"]]
        default = (f"; at kformat's default level x{row[DEFAULT_LEVEL] / theirs:.2f}"
                   if DEFAULT_LEVEL in row else "")
        rounds = row["rounds"]
        parse_median = median_ratio(rounds, "parse kformat", f"parse {TARGET_PEER}")
        build_median = median_ratio(rounds, "build kformat builder", f"build {TARGET_PEER}")
        lazy = row[LAZY] / row[f"parse {TARGET_PEER}"]
        print(f"  {row['codec']:>8}  parse x{parse:.2f} [x{parse_median:.2f}] "
              f"({'met' if parse >= want else f'below {want}x'}; lazy x{lazy:.2f})  "
              f"build x{build:.2f} [x{build_median:.2f}] "
              f"({'met' if build >= BUILD_TARGET else f'below {BUILD_TARGET}x'};"
              f" make_batch x{made:.2f}{default})", file=out)


# --------------------------------------------------------------------------- legacy (magic 0/1)

LEGACY_CODECS = (Codec.NONE, Codec.GZIP, Codec.SNAPPY, Codec.LZ4)


def legacy_build(rows: list[Any], codec: int, magic: int = 1) -> bytes:
    """kformat: one wrapper holding every record, or (codec none) one message per record,
    in one call (like the peer's one builder: a batch of codec none builds a message set of
    plain messages)."""
    records = [Record(offset=i, timestamp=ts if magic else -1, key=k, value=v)
               for i, (ts, k, v, _h) in enumerate(rows)]
    return build_batch(Batch(magic=magic, codec=codec, records=records))


def legacy_parse(data: bytes) -> list[Any]:
    """kformat: every message's CRC checked (a wrapper's and each inner one's)."""
    return [r for batch in parse_batches(data) for r in batch.records]


def _aiokafka_legacy() -> tuple[Any, Any] | None:
    """aiokafka's Cython legacy reader and builder (None when not installed)."""
    try:
        from aiokafka.record import legacy_records as al
        from aiokafka.record.memory_records import MemoryRecords
    except ImportError:  # pragma: no cover
        return None

    def parse(data: bytes) -> list[Any]:
        records, reader = [], MemoryRecords(data)
        while reader.has_next():
            batch = reader.next_batch()
            if not batch.validate_crc():  # what its consumer checks: the top-level CRC
                raise AssertionError("peer: CRC mismatch")
            records.extend(batch)
        return records

    def build(rows: list[Any], codec: int, magic: int = 1) -> bytes:
        builder = al.LegacyRecordBatchBuilder(magic=magic, compression_type=codec,
                                              batch_size=1 << 30)
        for i, (ts, key, value, _h) in enumerate(rows):
            builder.append(i, ts if magic else None, key, value)
        return bytes(builder.build())

    return parse, build


def legacy_run(repeat: int, budget: float, out: Any = sys.stdout,
               burst: int = BURST) -> list[dict[str, Any]]:
    """Magic 1 message sets of the workload (no headers: magic 1 has none), parse and build,
    kformat (the active engine) against aiokafka's Cython ``LegacyRecordBatch``."""
    from kformat import engine

    peer = _aiokafka_legacy()
    if peer is None:  # pragma: no cover
        print("\nlegacy: aiokafka is not installed", file=out)
        return []
    parse, build = peer
    rows = workload()
    expected = [(ts, k, v) for ts, k, v, _h in rows]
    results = []
    for codec in LEGACY_CODECS:
        ours, theirs = legacy_build(rows, codec), build(rows, codec)
        for data in (ours, theirs):
            for reader in (legacy_parse, parse):
                if [(r.timestamp, r.key, r.value) for r in reader(data)] != expected:
                    raise AssertionError(f"legacy {codec.name}: a reader misreads a writer")
        tasks: dict[str, Callable[[], Any]] = {
            "parse kformat": lambda d=ours: read_every_field(legacy_parse(d)),
            "parse aiokafka": lambda d=ours: read_every_field(parse(d)),
            "build kformat": lambda c=codec: legacy_build(rows, c),
            "build aiokafka": lambda c=codec: build(rows, c),
        }
        row: dict[str, Any] = {"codec": codec.name.lower()}
        for name, seconds in best_times(tasks, repeat, budget, burst).items():
            row[name] = N_RECORDS / seconds
        results.append(row)
    print(f"\nlegacy magic 1 ({engine.active()} engine): {N_RECORDS} records, one wrapper "
          "(codec none: one message each), records per CPU second, every field read; "
          "x = kformat / aiokafka Cython", file=out)
    for row in results:
        cells = [f"  {row['codec']:>8}"]
        for op in ("parse", "build"):
            ours, theirs = row[f"{op} kformat"], row[f"{op} aiokafka"]
            cells.append(f"{op} {ours:>11,.0f} vs {theirs:>11,.0f} (x{ours / theirs:.2f})")
        print("  ".join(cells), file=out)
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench records", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=15, help="runs per measurement")
    parser.add_argument("--quick", action="store_true", help="3 runs per measurement")
    parser.add_argument("--burst", type=int, default=BURST,
                        help="calls in a row per task and round (1: one cold call per round)")
    args = parser.parse_args(argv)
    repeat = 3 if args.quick else args.repeat
    run(repeat, budget=2.0 if args.quick else 20.0, burst=args.burst)
    legacy_run(repeat, budget=1.0 if args.quick else 8.0, burst=args.burst)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
