"""The native kernel of :func:`kformat.records.to_arrow`: Arrow buffers built in C.

``_native.arrow_columns`` (``kformat/engine/columnar.c``) walks the plan the native engine
lowers from ``RecordBatchV2`` (CRC, codecs, the records region, the record struct, headers)
over back-to-back magic 2 batches and writes the requested columns straight into Arrow
buffers (offsets, validity bitmaps, data) held in ``bytes`` objects; this module tells it
which grammar field feeds which column (:attr:`kformat.outputs.fields.Column.source`) and
wraps the buffers into a :class:`pyarrow.RecordBatch` without copying them. No Python object
is made per record.

Anything the C side does not take as is (a magic 0/1 batch, bytes that do not frame a whole
batch, bad bytes, a CRC mismatch that must raise, ``Batch`` objects) goes to the pure-Python
kernel (:mod:`kformat.outputs.arrow_python`), which returns the same columns or raises the
precise :class:`~kformat.errors.KFormatError`: both kernels give equal results (tests hold
them to it, column by column).
"""

from __future__ import annotations

import functools
from typing import Any

import pyarrow as pa

from kformat.errors import KFormatError
from kformat.outputs import arrow_python
from kformat.outputs.columnar import ArrowOptions
from kformat.outputs.fields import column
from kformat.records.batch import CONTROL_FLAG, RecordBatchV2
from kformat.records.framing import PEEK, min_length, plausible_frame

__all__ = ["KINDS", "column_spec", "native_module", "to_arrow"]

KINDS = {"blob": 0, "list": 1, "int64": 2, "int32": 3, "sum": 4, "timestamp": 5,
         "flag_bool": 6, "flag_int32": 7, "codec": 8, "crc": 9, "position": 10}
"""The column kinds of ``columnar.c`` (``COL_*``)."""

ROWS = "records"
"""The grammar field whose elements are the output rows."""


@functools.cache
def native_module() -> Any:
    """``kformat.engine._native`` when it is built with the columnar sink, else None."""
    try:
        from kformat.engine import _native
    except ImportError:
        return None
    return _native if hasattr(_native, "arrow_columns") else None


@functools.cache
def _plan() -> tuple[Any, ...]:
    from kformat.engine.plan import lower

    return lower(RecordBatchV2, "RecordBatchV2")


def _text(t: pa.DataType) -> bool:
    return pa.types.is_string(t)


@functools.cache
def column_spec(name: str) -> tuple[Any, ...] | None:
    """What ``columnar.c`` builds for column ``name``: ``(kind, ...)``; None for a column
    filled from the options (topic, partition, segment)."""
    col = column(name)
    source, arrow = col.source, col.arrow
    what = source[0]
    if what == "option":
        return None
    if what == "record" and pa.types.is_list(arrow):
        children = tuple((f.name, _text(f.type)) for f in arrow.value_type)
        return (KINDS["list"], source[1], children)
    if what == "record":
        return (KINDS["blob"], source[1], _text(arrow))
    if what == "batch":
        return (KINDS["int64" if arrow == pa.int64() else "int32"], (0, source[1]))
    if what == "sum":
        return (KINDS["sum"], source[1], source[2])
    if what == "timestamp":
        return (KINDS["timestamp"], *source[1:])
    if what == "flag":
        kind = "flag_bool" if pa.types.is_boolean(arrow) else "flag_int32"
        return (KINDS[kind], (0, source[1]), source[2])
    if what == "codec":
        return (KINDS["codec"], (0, source[1]), source[2], arrow_python.CODEC_NAMES)
    if what in ("crc", "position"):
        return (KINDS[what],)
    raise ValueError(f"column {name}: no native source for {source!r}")


def _buffer(data: bytes | None) -> pa.Buffer | None:
    return None if data is None else pa.py_buffer(data)


def _blob(t: pa.DataType, part: tuple[Any, ...]) -> pa.Array:
    count, nulls, valid, offsets, data = part
    return pa.Array.from_buffers(t, count, [_buffer(valid), pa.py_buffer(offsets),
                                            pa.py_buffer(data)], null_count=nulls)


def _array(t: pa.DataType, kind: int, part: tuple[Any, ...]) -> pa.Array:
    if kind in (_BLOB, _CODEC):
        return _blob(t, part)
    if kind == _LIST:
        items, offsets, children = part
        struct = t.value_type
        fields = [_blob(struct.field(i).type, child) for i, child in enumerate(children)]
        values = pa.Array.from_buffers(struct, items, [None], children=fields)
        return pa.Array.from_buffers(t, len(offsets) // 4 - 1, [None, pa.py_buffer(offsets)],
                                     children=[values])
    rows, nulls, valid, data = part
    return pa.Array.from_buffers(t, rows, [_buffer(valid), pa.py_buffer(data)],
                                 null_count=nulls)


_BLOB, _LIST, _CODEC = KINDS["blob"], KINDS["list"], KINDS["codec"]


@functools.cache
def _layout(columns: tuple[str, ...]) -> tuple[tuple[Any, ...], list[Any], pa.Schema]:
    """For a column list: the specs ``columnar.c`` builds, (name, type, kind or None) per
    column, and the schema."""
    specs = [column_spec(name) for name in columns]
    built = tuple(s for s in specs if s is not None)
    plan = [(name, column(name).arrow, None if s is None else s[0])
            for name, s in zip(columns, specs, strict=True)]
    return built, plan, pa.schema([column(name).field() for name in columns])


def _options_column(name: str, t: pa.DataType, n: int, options: ArrowOptions) -> pa.Array:
    value = {"topic": options.topic, "partition": options.partition,
             "segment": options.segment}[name]
    return pa.repeat(pa.scalar(value, t), n)


def to_arrow(data: Any, options: ArrowOptions) -> pa.RecordBatch:
    """The kernel: ``data`` is bytes-like or a list of :class:`~kformat.records.Batch`."""
    native = native_module()
    if native is None or isinstance(data, list):
        return arrow_python.to_arrow(data, options)
    layout = _layout(options.columns)
    try:
        rows, parts, others = native.arrow_columns(
            _plan(), data, layout[0], ROWS, options.position, options.verify_crc,
            options.crc_mismatch == "flag", _SKIP_CONTROL if options.skip_control else None,
            options.decompression_limit, options.max_batch_size, min_length(2))
    except (native.Fallback, KFormatError):  # the Python kernel says what is wrong
        return arrow_python.to_arrow(data, options)
    batch = _record_batch(layout, rows, parts, options)
    if not others:
        return batch
    return _with_others(batch, data, others, options)


def _with_others(batch: pa.RecordBatch, data: Any, others: list[tuple[int, int, int]],
                 options: ArrowOptions) -> pa.RecordBatch:
    """``batch`` (the magic 2 rows) with the rows of the magic 0/1 batches the C sink stepped
    over, read by the Python kernel and put in place."""
    end = len(data)
    for pos, _size, _before in others:
        if plausible_frame(bytes(data[pos:pos + PEEK]), pos, end,
                           options.max_batch_size) is None:
            return arrow_python.to_arrow(data, options)  # it frames the rest its own way
    legacy, counts = arrow_python.read_framed(data, [(p, s) for p, s, _ in others], options)
    pieces, done, added = [], 0, 0  # zero-copy slices in file order, one copy to join them
    for (_pos, _size, before), n in zip(others, counts, strict=True):
        pieces += [batch.slice(done, before - done), legacy.slice(added, n)]
        done, added = before, added + n
    pieces.append(batch.slice(done))
    return pa.concat_batches(pieces)


def _record_batch(layout: tuple[tuple[Any, ...], list[Any], pa.Schema], rows: int,
                  parts: tuple[Any, ...], options: ArrowOptions) -> pa.RecordBatch:
    _built, columns, schema = layout
    arrays = []
    found = iter(parts)
    for name, t, kind in columns:
        if kind is None:
            arrays.append(_options_column(name, t, rows, options))
        else:
            arrays.append(_array(t, kind, next(found)))
    return pa.RecordBatch.from_arrays(arrays, schema=schema)


_SKIP_CONTROL = ((0, "attributes"), CONTROL_FLAG)
