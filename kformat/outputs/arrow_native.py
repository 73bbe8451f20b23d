"""The native kernel of :func:`kformat.records.to_arrow`: Arrow arrays built in C.

``_native.arrow_sink`` (``kformat/engine/columnar.c``) compiles the plan the native engine
lowers from ``RecordBatchV2`` (CRC, codecs, the records region, the record struct, headers)
against the requested columns, once per column list; ``_native.arrow_export`` walks it over
back-to-back magic 2 batches and writes the columns straight into Arrow buffers (offsets,
validity bitmaps, data) in C memory, handed over through Arrow's C data interface (a
``struct ArrowArray`` whose release callback frees them) and imported by
``pyarrow.RecordBatch._import_from_c`` with a cached schema, without a copy. This module
tells the C side which grammar field feeds which column
(:attr:`kformat.outputs.fields.Column.source`). No Python object is made per record.

The same call frames the batches (with the numbers of
:func:`kformat.records.framing.frame_numbers`, as :func:`~kformat.records.framing.plausible_frame`
frames): :func:`to_arrow_run` reads the run of whole batches that starts its data, up to a
row or byte limit, and says where it stopped, so a segment reader does no framing of its own.

Magic 0/1 entries between the batches are read by the same call with the plan lowered from
``LegacyMessageSetEntry`` (its inner entries a ``RECORD_SET``), each column as its
:attr:`~kformat.outputs.fields.Column.legacy` says. Anything the C side does not take as is
(bytes that do not frame a whole batch, bad bytes, a CRC mismatch that must raise, ``Batch``
objects) goes to the pure-Python
kernel (:mod:`kformat.outputs.arrow_python`), which returns the same columns or raises the
precise :class:`~kformat.errors.KFormatError`: both kernels give equal results (tests hold
them to it, column by column).
"""

from __future__ import annotations

import dataclasses
import functools
import sys
from typing import Any

import pyarrow as pa

from kformat.errors import KFormatError
from kformat.outputs import arrow_python
from kformat.outputs.columnar import ArrowOptions, Reader
from kformat.outputs.fields import column
from kformat.records.batch import CONTROL_FLAG, RecordBatchV2
from kformat.records.framing import PEEK, frame_numbers, plausible_frame, plausible_run
from kformat.records.model import Batch

__all__ = ["KINDS", "column_spec", "export", "native_module", "reader", "to_arrow",
           "to_arrow_run"]

KINDS = {"blob": 0, "list": 1, "int64": 2, "int32": 3, "sum": 4, "timestamp": 5,
         "flag_bool": 6, "flag_int32": 7, "codec": 8, "crc": 9, "position": 10,
         "option": 11}
"""The column kinds of ``columnar.c`` (``COL_*``)."""

LEGACY_KINDS = {"same": 0, "record": 1, "empty": 2, "offset": 3, "timestamp": 4,
                "timestamp_type": 5, "message": 6, "first_offset": 7, "default": 8}
"""How ``columnar.c`` reads a column from a magic 0/1 entry (``LEG_*``)."""

ROWS = "records"
"""The grammar field whose elements are the output rows."""


@functools.cache
def native_module() -> Any:
    """``kformat.engine._native`` when it is built with the columnar sink, else None."""
    try:
        from kformat.engine import _native
    except ImportError:
        return None
    return _native if hasattr(_native, "arrow_export") else None


@functools.cache
def _plan() -> tuple[Any, ...]:
    from kformat.engine.plan import lower

    return lower(RecordBatchV2, "RecordBatchV2")


@functools.cache
def _legacy_plan() -> tuple[Any, ...]:
    """The plan of a magic 0/1 entry, its inner entries a ``RECORD_SET`` (as
    :func:`kformat.records.legacy.parse_legacy_entry` reads them)."""
    from kformat.engine.plan import lower
    from kformat.records.legacy import LegacyInnerEntry, LegacyMessageSetEntry
    from kformat.records.legacy_blocks import LEGACY_RECORD_SHAPE

    return lower(LegacyMessageSetEntry, "LegacyMessageSetEntry",
                 factories={id(LegacyInnerEntry): LEGACY_RECORD_SHAPE})


_BATCH_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Batch)}


@functools.cache
def legacy_spec(name: str) -> tuple[Any, ...]:
    """How ``columnar.c`` reads column ``name`` from a magic 0/1 entry:
    ``(kind, ...)`` from :attr:`kformat.outputs.fields.Column.legacy`."""
    what, *args = column(name).legacy
    if what == "default":
        default = _BATCH_DEFAULTS[args[0]]
        assert isinstance(default, int)  # the legacy defaults are Batch's int fields
        return (LEGACY_KINDS["default"], default)
    return (LEGACY_KINDS[what], *(sys.intern(a) for a in args))


def _text(t: pa.DataType) -> bool:
    text: bool = pa.types.is_string(t)
    return text


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


_OPTIONS = ("topic", "partition", "segment")
"""The columns filled from the options (``("option",)`` sources), in the order the C side
gets their values."""


_SINKS_KEPT = 64
"""How many compiled sinks :func:`_sink` keeps (the least recently used go first): each
holds its compiled plan (tens of KB), and every distinct ``columns`` list makes one."""


@functools.lru_cache(maxsize=_SINKS_KEPT)
def _sink(columns: tuple[str, ...], skip_control: bool,
          program: bool = True) -> tuple[Any, pa.Schema]:
    """The C sink compiled for a column list (``_native.arrow_sink``) and the schema;
    ``program``: rows read by the row program (else node by node, for the tests). At most
    :data:`_SINKS_KEPT` are kept."""
    specs = []
    for name in columns:
        spec = column_spec(name)
        if spec is None:
            spec = (KINDS["option"], _OPTIONS.index(name), _text(column(name).arrow))
        specs.append(spec)
    legacy = (_legacy_plan(), tuple(legacy_spec(name) for name in columns))
    sink = native_module().arrow_sink(_plan(), tuple(specs), ROWS,
                                      _SKIP_CONTROL if skip_control else None, program,
                                      legacy)
    return sink, pa.schema([column(name).field() for name in columns])


def to_arrow(data: Any, options: ArrowOptions) -> pa.RecordBatch:
    """The kernel: ``data`` is bytes-like or a list of :class:`~kformat.records.Batch`."""
    native = native_module()
    if native is None or isinstance(data, list):
        return arrow_python.to_arrow(data, options)
    try:
        _rows, others, batch = export(data, options)
    except (native.Fallback, KFormatError):  # the Python kernel says what is wrong
        return arrow_python.to_arrow(data, options)
    if not others:
        return batch
    return _with_others(batch, data, others, options)


def reader(options: ArrowOptions) -> Reader | None:
    """The prepared call of :func:`to_arrow` for bytes-like data (``_native.arrow_reader``:
    the export and pyarrow's import in one C call, no Python in between), ``options``'
    columns and settings bound, ``(data, position, (topic, partition, segment))`` passed;
    it returns None where this kernel must run instead (batches of other magics, anything
    the C sink declines). None when the native module is not built."""
    native = native_module()
    if native is None:
        return None
    sink, schema = _sink(options.columns, options.skip_control)
    read: Reader = native.arrow_reader(
        sink, schema, pa.RecordBatch._import_from_c, (native.Fallback, KFormatError),
        options.verify_crc, options.crc_mismatch == "flag", options.decompression_limit,
        options.max_batch_size, frame_numbers(options.record_limit))
    return read


def to_arrow_run(data: Any, options: ArrowOptions, max_rows: int = 0,
                 max_bytes: int = 0) -> tuple[pa.RecordBatch, int, int]:
    """The run kernel (:func:`kformat.outputs.columnar.to_arrow_run`): the C sink frames and
    reads in one pass; anything it does not take goes to the Python kernel, on the run
    :func:`~kformat.records.framing.plausible_run` frames."""
    native = native_module()
    if native is not None:
        try:
            _rows, others, batch, size, entries = _export(data, options, True,
                                                          (max_rows, max_bytes))
        except (native.Fallback, KFormatError):
            pass
        else:
            if others:
                batch = _with_others(batch, data[:size], others, options)
            return batch, size, entries
    size, entries = plausible_run(data, options.max_batch_size, max_rows, max_bytes)
    return arrow_python.to_arrow(data[:size], options), size, entries


def export(data: Any, options: ArrowOptions, *,
           program: bool = True) -> tuple[int, list[tuple[int, int, int]], pa.RecordBatch]:
    """The C sink alone: ``(rows, others, batch)``, the magic 2 rows as a record batch
    imported through Arrow's C data interface, ``others`` the batches of other magics it
    stepped over as ``(position, size, rows before)``; raises ``_native.Fallback`` where
    the kernel falls back. ``program=False`` walks rows node by node instead of with the
    row program the sink flattens from the plan (the tests compare the two)."""
    rows, others, batch, _size, _entries = _export(data, options, program, None)
    return rows, others, batch


def _export(data: Any, options: ArrowOptions, program: bool, scan: tuple[int, int] | None
            ) -> tuple[int, list[tuple[int, int, int]], pa.RecordBatch, int, int]:
    """``arrow_export``: ``(rows, others, batch, bytes read, entries read)``; ``scan``:
    ``(max_rows, max_bytes)`` of a run, None to read all of ``data``."""
    sink, schema = _sink(options.columns, options.skip_control, program)
    rows, others, owner, address, size, entries = native_module().arrow_export(
        sink, data, options.position, options.verify_crc, options.crc_mismatch == "flag",
        options.decompression_limit, options.max_batch_size,
        frame_numbers(options.record_limit),
        (options.topic, options.partition, options.segment), *(
            () if scan is None else (True, *scan)))
    batch = pa.RecordBatch._import_from_c(address, schema)
    del owner  # frees the struct pyarrow moved the array out of
    return rows, others, batch, size, entries


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


_SKIP_CONTROL = ((0, "attributes"), CONTROL_FLAG)
