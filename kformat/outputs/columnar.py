"""``to_arrow``: records as Arrow columns, with one kernel per engine behind one function.

:func:`to_arrow` turns back-to-back batches (a segment's bytes, a record set, ``Batch``
objects) into one :class:`pyarrow.RecordBatch` whose columns are those of
:mod:`kformat.outputs.fields` (all of them, or the ones ``columns=`` names, in that order).

The work is done by a *kernel*: a function ``kernel(data, options) -> pa.RecordBatch``
registered per engine with :func:`register_kernel`. The pure-Python kernel
(:mod:`kformat.outputs.arrow_python`) is registered for ``"python"``, the native engine's
(:mod:`kformat.outputs.arrow_native`, Arrow buffers built in C) for ``"native"``; another
engine (see :mod:`kformat.engine`) registers its own under its name, and :func:`to_arrow`
uses the
kernel of the active engine, falling back to the Python one when that engine has none.
Kernels must give equal results (tests hold them equal).

:func:`to_arrow_run` reads the run of whole batches that starts some bytes, up to a row or
byte limit, and says where it stopped (a segment reader's loop): an engine's *run kernel*
frames and reads in one pass (the native one does, in C); without one, the run is framed by
:func:`kformat.records.framing.plausible_run` and read by the kernel. Importing this module
does not import pyarrow.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kformat.outputs.fields import COLUMN_NAMES, column
from kformat.records.api import DEFAULT_MAX_BATCH_SIZE
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT, record_limit_for
from kformat.records.framing import plausible_run
from kformat.records.model import Batch

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = [
    "CRC_MISMATCH",
    "ArrowOptions",
    "Kernel",
    "Reader",
    "RunKernel",
    "kernel",
    "register_kernel",
    "run_kernel",
    "to_arrow",
    "to_arrow_run",
]

CRC_MISMATCH = ("raise", "flag")


@dataclass(frozen=True)
class ArrowOptions:
    """What a kernel needs besides the data (see :func:`to_arrow` for each field)."""

    columns: tuple[str, ...] = COLUMN_NAMES
    topic: str | None = None
    partition: int | None = None
    segment: str | None = None
    position: int = 0
    verify_crc: bool = True
    crc_mismatch: str = "raise"
    skip_control: bool = False
    decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT
    max_batch_size: int = DEFAULT_MAX_BATCH_SIZE
    record_limit: int | None = None

    def __post_init__(self) -> None:
        # None: the default for the byte cap (kformat.records.codecs.record_limit_for)
        object.__setattr__(self, "record_limit",
                           record_limit_for(self.decompression_limit, self.record_limit))
        for name in self.columns:
            column(name)  # ValueError naming the columns
        if len(set(self.columns)) != len(self.columns):
            raise ValueError(f"columns named twice in {list(self.columns)}")
        if self.crc_mismatch not in CRC_MISMATCH:
            raise ValueError(f"crc_mismatch must be 'raise' or 'flag', not "
                             f"{self.crc_mismatch!r}")


@functools.lru_cache(maxsize=256)
def _options(*fields: Any) -> ArrowOptions:
    """The options of a call (checked once per set of values: a segment reader makes the
    same call for every run of batches)."""
    return ArrowOptions(*fields)


Kernel = Callable[[Any, ArrowOptions], "pa.RecordBatch"]
"""``kernel(data, options)``: ``data`` is bytes-like or a list of :class:`Batch`."""

_KERNELS: dict[str, Kernel | str] = {
    "python": "kformat.outputs.arrow_python:to_arrow",
    "native": "kformat.outputs.arrow_native:to_arrow",
}

RunKernel = Callable[[Any, ArrowOptions, int, int], "tuple[pa.RecordBatch, int, int]"]
"""``run(data, options, max_rows, max_bytes) -> (batch, bytes, entries)``, as
:func:`to_arrow_run`."""

_RUN_KERNELS: dict[str, RunKernel | str] = {
    "native": "kformat.outputs.arrow_native:to_arrow_run",
}


Reader = Callable[[Any, int, "tuple[Any, Any, Any]"], "pa.RecordBatch | None"]
"""``read(data, position, (topic, partition, segment))``: a kernel's prepared call for
bytes-like ``data`` under fixed other options; None where the kernel must run instead."""

ReaderMaker = Callable[[ArrowOptions], "Reader | None"]
"""``make(options) -> Reader | None``: an engine's prepared calls (``options``' position,
topic, partition and segment are left to each call)."""

_READER_MAKERS: dict[str, ReaderMaker | str] = {
    "native": "kformat.outputs.arrow_native:reader",
}

_READERS: dict[tuple[Any, ...], Reader | None] = {}
"""The prepared calls made so far, by engine and options (at most :data:`_MAX_READERS`)."""

_MAX_READERS = 64


def register_kernel(engine: str, kernel_: Kernel | str,
                    run: RunKernel | str | None = None,
                    reader: ReaderMaker | str | None = None) -> None:
    """Make ``kernel_`` (a function, or ``"module:function"`` imported on first use) the
    :func:`to_arrow` kernel of ``engine``, ``run`` (the same way) its
    :func:`to_arrow_run` kernel (None: runs framed in Python, read by ``kernel_``) and
    ``reader`` (the same way) what makes its prepared calls for bytes (None: none)."""
    _KERNELS[engine] = kernel_
    if run is None:
        _RUN_KERNELS.pop(engine, None)
    else:
        _RUN_KERNELS[engine] = run
    if reader is None:
        _READER_MAKERS.pop(engine, None)
    else:
        _READER_MAKERS[engine] = reader
    _READERS.clear()


@functools.cache
def _engines() -> Any:
    """:mod:`kformat.engine` (imported on first use), or None when it cannot be."""
    try:
        import kformat.engine
    except ImportError:
        return None
    return kformat.engine


def _active_engine() -> str:
    engines = _engines()
    return "python" if engines is None else str(engines.active())


def kernel(engine: str | None = None) -> Kernel:
    """The kernel of ``engine`` (default: the active engine), else the Python kernel."""
    name = engine or _active_engine()
    found = _KERNELS.get(name, _KERNELS["python"])
    if isinstance(found, str):
        module, _, attr = found.partition(":")
        found = getattr(importlib.import_module(module), attr)
        _KERNELS[name if name in _KERNELS else "python"] = found
    return found


def run_kernel(engine: str | None = None) -> RunKernel:
    """The run kernel of ``engine`` (default: the active engine): its own, else framing by
    :func:`~kformat.records.framing.plausible_run` and reading by :func:`kernel`."""
    name = engine or _active_engine()
    found = _RUN_KERNELS.get(name)
    if found is None:
        read = kernel(name)

        def run(data: Any, options: ArrowOptions, max_rows: int,
                max_bytes: int) -> tuple[pa.RecordBatch, int, int]:
            size, entries = plausible_run(data, options.max_batch_size, max_rows, max_bytes)
            return read(data[:size], options), size, entries
        return run
    if isinstance(found, str):
        module, _, attr = found.partition(":")
        found = _RUN_KERNELS[name] = getattr(importlib.import_module(module), attr)
    return found


def _prepared(key: tuple[Any, ...], options: ArrowOptions) -> Reader | None:
    """The prepared call of engine ``key[0]`` for ``options`` (made on first use, kept)."""
    make = _READER_MAKERS.get(key[0])
    if isinstance(make, str):
        module, _, attr = make.partition(":")
        make = _READER_MAKERS[key[0]] = getattr(importlib.import_module(module), attr)
    read = None if make is None else make(options)
    if len(_READERS) >= _MAX_READERS:
        _READERS.clear()
    _READERS[key] = read
    return read


_BYTES_LIKE = (bytes, bytearray, memoryview)


def to_arrow_run(data: bytes | bytearray | memoryview, *, max_rows: int = 0,
                 max_bytes: int = 0, columns: Iterable[str] | None = None,
                 topic: str | None = None, partition: int | None = None,
                 segment: str | None = None, position: int = 0, verify_crc: bool = True,
                 crc_mismatch: str = "raise", skip_control: bool = False,
                 decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT,
                 max_batch_size: int = DEFAULT_MAX_BATCH_SIZE,
                 engine: str | None = None,
                 record_limit: int | None = None) -> tuple[pa.RecordBatch, int, int]:
    """``(batch, size, entries)``: the records of the run of whole entries that starts
    ``data`` (bytes of a log: batches of any magic back to back), read as :func:`to_arrow`
    reads them, the run being :func:`kformat.records.framing.plausible_run`'s: up to the
    first entry that does not frame plausibly (or does not end within ``data``), or up to and
    including the one that brings the records their heads announce to ``max_rows`` or the
    bytes to ``max_bytes`` (0: no limit). ``size`` is the run's bytes (0 when the first entry
    does not frame: the caller finds out why, e.g. with :func:`kformat.records.iter_batches`),
    ``entries`` its batches. Errors in the run's batches are :func:`to_arrow`'s.
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"to_arrow_run takes bytes, not {type(data).__name__}")
    options = _options(COLUMN_NAMES if columns is None else tuple(columns), topic,
                       partition, segment, position, verify_crc, crc_mismatch, skip_control,
                       decompression_limit, max_batch_size, record_limit)
    return run_kernel(engine)(data, options, max_rows, max_bytes)


def to_arrow(data_or_batches: bytes | bytearray | memoryview | Iterable[Batch], *,
             columns: Iterable[str] | None = None, topic: str | None = None,
             partition: int | None = None, segment: str | None = None, position: int = 0,
             verify_crc: bool = True, crc_mismatch: str = "raise",
             skip_control: bool = False,
             decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT,
             max_batch_size: int = DEFAULT_MAX_BATCH_SIZE,
             engine: str | None = None, record_limit: int | None = None) -> pa.RecordBatch:
    """The records of ``data_or_batches`` as one :class:`pyarrow.RecordBatch`.

    ``data_or_batches`` is bytes holding whole batches back to back (any magic: a segment
    file, a fetched record set) or an iterable of :class:`~kformat.records.Batch`.
    ``columns`` picks and orders the output columns (names of
    :data:`kformat.outputs.fields.RECORD_COLUMNS`; default all); only those are built.
    ``topic``, ``partition`` and ``segment`` fill the columns of those names (null when
    None); ``position`` is added to each batch's byte position (where ``data`` starts in
    its file).

    Bad bytes raise the records layer's errors (:class:`~kformat.errors.KFormatError`,
    with the absolute offset), a cut-short last batch included (``TruncatedError``): use
    :func:`~kformat.records.iter_batches` to read a file still being written. A CRC that
    does not match raises ``CorruptRecordError`` (``crc_mismatch="raise"``) or is decoded
    anyway with ``crcValid`` false (``"flag"``); with ``verify_crc=False`` CRCs are not
    checked and ``crcValid`` is null. ``skip_control`` leaves control batches out.
    ``timestamp`` is microseconds UTC: a record timestamp beyond 9,223,372,036,854,775 ms
    either side of the epoch (microseconds past int64) raises ``InvalidValueError`` at its
    batch when the column is asked for.
    ``decompression_limit``, ``max_batch_size`` and ``record_limit`` are the caps of
    :func:`~kformat.records.parse_batches` (:class:`~kformat.errors.LimitExceededError`).
    ``engine`` picks a kernel (default: the active engine's, see :func:`kernel`).
    """
    names = COLUMN_NAMES if columns is None else tuple(columns)
    if isinstance(data_or_batches, _BYTES_LIKE):
        # bytes: the kernel's prepared call for these settings, when it has one
        key = (engine or _active_engine(), columns is None or names, verify_crc, crc_mismatch,
               skip_control, decompression_limit, max_batch_size, record_limit)
        try:
            read = _READERS[key]
        except KeyError:
            read = _prepared(key, _options(names, None, None, None, 0, verify_crc,
                                           crc_mismatch, skip_control, decompression_limit,
                                           max_batch_size, record_limit))
        if read is not None:
            batch = read(data_or_batches, position, (topic, partition, segment))
            if batch is not None:
                return batch
    options = _options(names, topic, partition, segment, position, verify_crc, crc_mismatch,
                       skip_control, decompression_limit, max_batch_size, record_limit)
    if isinstance(data_or_batches, _BYTES_LIKE):
        data: Any = data_or_batches
    elif isinstance(data_or_batches, str):
        raise TypeError("to_arrow takes bytes or Batch objects, not str")
    else:
        data = list(data_or_batches)
        for i, b in enumerate(data):
            if not isinstance(b, Batch):
                raise TypeError(f"to_arrow: item {i} is a {type(b).__name__}, not a Batch")
    return kernel(engine)(data, options)
