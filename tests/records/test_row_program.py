"""The row program of the C sink (columnar.c): a row's plan flattened into steps.

``arrow_sink`` flattens the plan of a row (the length-prefixed record struct, its headers
array) into a straight list of steps that ``arrow_export`` runs in one loop. It must be that
plan, step for step (checked here against a flattening of the lowered plan itself), and read
exactly what the node-by-node walk reads: equal columns, or a fallback from both, on valid,
generated and mutated batches.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from kformat.engine.plan import Field, Op
from kformat.errors import KFormatError
from kformat.outputs import arrow_native
from kformat.outputs.columnar import ArrowOptions
from kformat.outputs.fields import COLUMN_NAMES
from kformat.records import build_batch, control_record, make_batch
from kformat.records.codecs import CODECS
from kformat.records.framing import frame_numbers
from kformat.strategies.records import batch_bytes, v2_batches

pa = pytest.importorskip("pyarrow")
native = arrow_native.native_module()
pytestmark = pytest.mark.skipif(native is None, reason="the native engine is not built")

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"

NUMBERS = {Op.INT8: "int8", Op.INT16: "int16", Op.INT32: "int32", Op.INT64: "int64",
           Op.UINT8: "uint8", Op.UINT16: "uint16", Op.UINT32: "uint32", Op.BOOL: "bool",
           Op.UVARINT: "uvarint", Op.VARINT: "varint", Op.VARLONG: "varlong"}

COLUMN_SETS = (tuple(COLUMN_NAMES), ("offset", "value"), ("headers", "timestamp"), ("key",))


def is_counted(node: Any) -> bool:
    return isinstance(node, tuple) and len(node) == 4 and node[0] == Op.COUNTED and \
        isinstance(node[1], str)


def row_plan(node: Any) -> Any:
    """The element of the plan's COUNTED node (the records): a row's plan."""
    if is_counted(node):
        return node[2]
    for item in node if isinstance(node, tuple) else ():
        found = row_plan(item)
        if found is not None:
            return found
    return None


def flatten(plan: tuple[Any, ...], fed: set[str], start: int, name: str | None = None,
            list_fed: bool = False, in_array: bool = False) -> list[tuple[Any, ...]]:
    """The steps plan must compile to, from index start: (kind, prefix, nullable, text,
    target, jump, min_size), target the field a column reads (None: read by none)."""
    op = plan[0]
    if op in NUMBERS:
        return [(NUMBERS[op], 0, 0, 0, None if in_array else name, 0, 0)]
    if op in (Op.STRING, Op.BYTES):
        fed_here = list_fed if in_array else name in fed
        return [("blob", plan[1], int(plan[2]), int(op == Op.STRING),
                 name if fed_here else None, 0, 0)]
    if op == Op.STRUCT:
        steps: list[tuple[Any, ...]] = []
        for kind, fname, sub, *_ in plan[1]:
            steps += flatten(sub, fed, start + len(steps),
                             None if kind == Field.FLATTEN else fname, list_fed, in_array)
        return steps
    if op == Op.PREFIXED:
        body = flatten(plan[2], fed, start + 1, name, list_fed, in_array)
        return [("region", plan[1], 0, 0, None, 0, 0), *body,
                ("region_end", 0, 0, 0, None, 0, 0)]
    if op == Op.ARRAY:
        target = name if not in_array and name in fed else None
        body = flatten(plan[3], fed, start + 1, None, target is not None, True)
        after = start + len(body) + 2
        return [("array", plan[1], 0, 0, target, after, plan[4]), *body,
                ("next", 0, 0, 0, target, start + 1, 0)]
    raise AssertionError(f"no step for {plan!r}")


def fed_fields(columns: tuple[str, ...]) -> set[str]:
    """The record fields the columns read as blobs or lists (by grammar name)."""
    specs = [arrow_native.column_spec(c) for c in columns]
    kinds = (arrow_native.KINDS["blob"], arrow_native.KINDS["list"])
    return {spec[1] for spec in specs if spec is not None and spec[0] in kinds}


@pytest.mark.parametrize("columns", COLUMN_SETS,
                         ids=lambda c: "all" if len(c) > 4 else "-".join(c))
def test_the_row_program_is_the_record_plan_flattened(columns: tuple[str, ...]) -> None:
    sink, _schema = arrow_native._sink(columns, False)
    expected = flatten(row_plan(arrow_native._plan()), fed_fields(columns), 0)
    assert native.arrow_program(sink) == (*expected, ("row", 0, 0, 0, None, 0, 0))


def test_the_record_program_reads_each_record_field_once() -> None:
    """The flattening above is not vacuous: the record's fields, in wire order (Kafka
    protocol guide, "Record"), with the header's key checked as UTF-8."""
    sink, _schema = arrow_native._sink(tuple(COLUMN_NAMES), False)
    steps = [(kind, target) for kind, _p, _n, _t, target, *_ in native.arrow_program(sink)]
    assert steps == [("region", None), ("int8", "attributes"), ("varlong", "timestamp_delta"),
                     ("varint", "offset_delta"), ("blob", "key"), ("blob", "value"),
                     ("array", "headers"), ("blob", "key"), ("blob", "value"),
                     ("next", "headers"), ("region_end", None), ("row", None)]
    assert [s[3] for s in native.arrow_program(sink) if s[0] == "blob"] == [0, 0, 1, 0]


def _with_row(node: Any, row: tuple[Any, ...]) -> Any:
    """node with the element of its COUNTED node replaced by row."""
    if is_counted(node):
        return (*node[:2], row, node[3])
    return tuple(_with_row(x, row) for x in node) if isinstance(node, tuple) else node


def test_a_row_with_a_node_the_program_does_not_take_is_walked_node_by_node() -> None:
    plan = arrow_native._plan()
    record = row_plan(plan)
    struct = record[2]
    fields = ((Field.NAMED, "attributes", (Op.EXPECTED, (Op.INT8,), 0), False, None),
              *struct[1][1:])
    odd = _with_row(plan, (*record[:2], (struct[0], fields, *struct[2:])))
    assert row_plan(odd)[2][1][0][2][0] == Op.EXPECTED
    spec = (arrow_native.column_spec("value"),)
    assert native.arrow_program(native.arrow_sink(plan, spec, "records", None)) != ()
    assert native.arrow_program(native.arrow_sink(odd, spec, "records", None)) == ()
    assert native.arrow_program(native.arrow_sink(plan, spec, "records", None, False)) == ()
    sink = native.arrow_sink(odd, spec, "records", None)
    data = build_batch(make_batch([(b"k", b"v%d" % i) for i in range(3)]))
    rows, _others, owner, address, size, entries = native.arrow_export(
        sink, data, 0, True, False, None, 1 << 30, frame_numbers(), (None, None, None))
    assert (size, entries) == (len(data), 1)
    got = pa.RecordBatch._import_from_c(address, pa.schema([("value", pa.binary())]))
    del owner
    assert (rows, got.column(0).to_pylist()) == (3, [b"v0", b"v1", b"v2"])


def outcome(data: bytes, options: ArrowOptions, program: bool) -> Any:
    try:
        rows, others, batch = arrow_native.export(data, options, program=program)
    except native.Fallback:
        return "fallback"
    except KFormatError as exc:  # raised by a codec, before any row is read
        return "fallback", type(exc).__name__, exc.offset
    return rows, others, batch


def assert_program_agrees(data: bytes, **kwargs: Any) -> Any:
    options = ArrowOptions(**kwargs)
    flat, walked = outcome(data, options, True), outcome(data, options, False)
    if isinstance(walked[0], str) or isinstance(flat[0], str):
        assert flat == walked
        return "fallback"
    assert flat[:2] == walked[:2]
    flat[2].validate(full=True)
    assert flat[2].equals(walked[2])
    return flat


OPTION_SETS = ({}, {"columns": ("offset", "value")}, {"columns": ("headers", "key")},
               {"crc_mismatch": "flag", "skip_control": True})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=batch_bytes(v2_batches(), max_batches=3))
def test_program_and_node_walk_agree_on_generated_batches(data: bytes) -> None:
    for kwargs in OPTION_SETS:
        assert_program_agrees(data, **kwargs)


def test_program_and_node_walk_agree_on_fixtures() -> None:
    files = [*FIXTURES.glob("records/*.bin"), *FIXTURES.glob("invalid/records/*.bin")]
    assert files
    read = [assert_program_agrees(p.read_bytes()) for p in files]
    assert any(r != "fallback" and r[0] > 0 for r in read)
    assert "fallback" in read


def test_program_and_node_walk_agree_on_mutated_bytes() -> None:
    rng = random.Random(11)
    records = [{"key": None if j % 4 == 0 else b"k%d" % j, "value": b"v" * (j * 40),
                "headers": [("h\u00e9", b"x"), ("n", None)][:j % 3],
                "timestamp": 1_700_000_000_000 + j} for j in range(6)]
    seeds = [build_batch(make_batch(records, codec=spec.name)) for spec in CODECS]
    seeds.append(build_batch(make_batch([control_record("abort", 1)], producer_id=2,
                                        is_transactional=True, is_control=True)) + seeds[0])
    read = fell = 0
    for _ in range(600):
        raw = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 3)):
            raw[rng.randrange(61, len(raw))] = rng.randrange(256)
        if rng.random() < 0.2:
            del raw[rng.randrange(len(raw)):]
        for kwargs in ({"verify_crc": False}, {"columns": ("headers", "value"),
                                               "verify_crc": False}):
            got = assert_program_agrees(bytes(raw), **kwargs)
            read, fell = read + (got != "fallback"), fell + (got == "fallback")
    assert read > 100 and fell > 100  # both sides of the comparison were exercised
