"""The public record API: parse, iterate, build and make batches of every magic.

* :func:`parse_batches` / :func:`iter_batches` read any mix of magic 0, 1 and 2 entries
  from a buffer, a binary file or a ``pathlib.Path`` (a ``str`` is a ``TypeError``). A
  partial batch at the end (fetch responses, live segments) is reported in ``.truncated`` as
  a :class:`~kformat.records.model.TruncatedTail`, or raises
  :class:`~kformat.errors.TruncatedError` with ``strict=True`` (:mod:`kformat.records.reading`).
* :func:`build_batch` writes a :class:`~kformat.records.model.Batch` back to bytes;
  :func:`make_batch` makes one from records, dicts or ``(key, value[, headers])`` tuples
  (:mod:`kformat.records.building`; the mapping between a batch and the grammar's values,
  and its rules, are :mod:`kformat.records.conversion`'s); :class:`RecordBatchBuilder`
  appends records one at a time and builds the same bytes (:mod:`kformat.records.builder`).
* :func:`decode_to_json_lines` renders records as JSON lines (``kformat records decode``),
  bytes as standard base64 (:mod:`kformat.outputs.jsonlines`).

This module gathers those names where the rest of kformat (and users) import them.
"""

from __future__ import annotations

from typing import Any

from kformat.records.builder import RecordBatchBuilder
from kformat.records.building import build_batch, make_batch
from kformat.records.reading import (
    DEFAULT_MAX_BATCH_SIZE,
    Batches,
    BatchIterator,
    iter_batches,
    parse_batches,
)
from kformat.records.sources import Source

__all__ = [
    "DEFAULT_MAX_BATCH_SIZE",
    "BatchIterator",
    "Batches",
    "RecordBatchBuilder",
    "Source",
    "build_batch",
    "iter_batches",
    "make_batch",
    "parse_batches",
]


def __getattr__(name: str) -> Any:
    # decode_to_json_lines lives in the output layer (which reads through this module); the
    # records package re-exports it
    if name == "decode_to_json_lines":
        from kformat.records import decode_to_json_lines

        return decode_to_json_lines
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
