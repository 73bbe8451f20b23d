"""File names inside a partition directory (``<topic>-<partition>/``).

Segment files are named by their base offset, zero-padded to 20 digits, with one suffix per
kind: ``00000000000000000042.log`` and its ``.index``, ``.timeindex`` and ``.txnindex``;
producer snapshots use the same scheme with ``.snapshot`` (the offset is the log end offset
the snapshot was taken at). Kafka parses the digits before the first dot.
"""

from __future__ import annotations

import os

from kformat.errors import InvalidValueError

__all__ = [
    "INDEX_SUFFIX",
    "LEADER_EPOCH_CHECKPOINT",
    "LOG_SUFFIX",
    "PARTITION_METADATA",
    "SNAPSHOT_SUFFIX",
    "TIME_INDEX_SUFFIX",
    "TXN_INDEX_SUFFIX",
    "offset_from_filename",
    "partition_dir_name",
    "segment_filename",
    "suffix_of",
]

LOG_SUFFIX = ".log"
INDEX_SUFFIX = ".index"
TIME_INDEX_SUFFIX = ".timeindex"
TXN_INDEX_SUFFIX = ".txnindex"
SNAPSHOT_SUFFIX = ".snapshot"
LEADER_EPOCH_CHECKPOINT = "leader-epoch-checkpoint"
PARTITION_METADATA = "partition.metadata"


def segment_filename(base_offset: int, suffix: str = LOG_SUFFIX) -> str:
    """``00000000000000000042.log`` for base offset 42."""
    if base_offset < 0:
        raise ValueError(f"negative base offset {base_offset}")
    return f"{base_offset:020d}{suffix}"


def offset_from_filename(path: str | os.PathLike[str]) -> int:
    """The base offset in a segment or snapshot file name (the digits before the first dot)."""
    name = os.path.basename(os.fspath(path))
    digits = name.split(".", 1)[0]
    if not digits.isdigit() or not digits.isascii():
        raise InvalidValueError("file name does not start with an offset", path=name,
                                actual=digits)
    return int(digits)


def suffix_of(path: str | os.PathLike[str]) -> str:
    """The suffix Kafka dispatches on: from the last dot (``.log``, ``.index``...)."""
    name = os.path.basename(os.fspath(path))
    dot = name.rfind(".")
    return name[dot:] if dot >= 0 else ""


def partition_dir_name(topic: str, partition: int) -> str:
    """``<topic>-<partition>``, the directory of one partition under a log dir."""
    return f"{topic}-{partition}"
