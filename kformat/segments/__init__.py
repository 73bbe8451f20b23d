"""The files of a partition directory: log segments, their indexes, producer snapshots, the
leader-epoch checkpoint and ``partition.metadata``; their sanity checks; and ``kformat dump``.

* :mod:`~kformat.segments.indexes`: ``.index``, ``.timeindex`` and ``.txnindex``;
* :mod:`~kformat.segments.snapshot`: producer-state ``.snapshot`` files (CRC-32C checked);
* :mod:`~kformat.segments.textfiles`: ``leader-epoch-checkpoint`` and ``partition.metadata``;
* :mod:`~kformat.segments.segment`: reading a ``.log`` (positions, bad CRCs, a cut-short tail);
* :mod:`~kformat.segments.partition`: a whole partition directory, read, or written (whole, or
  streamed a batch at a time by :class:`PartitionWriter`);
* :mod:`~kformat.segments.checks`: the sanity checks, as :class:`Problem` values;
* :mod:`~kformat.segments.dump`: ``kformat dump``, the JVM-free ``kafka-dump-log.sh``.
"""

from kformat.segments.checks import (
    LogChecker,
    Problem,
    check_log,
    check_offset_index,
    check_time_index,
    check_txn_index,
    offsets_of_max_timestamp,
    sanity_check_offset_index,
    sanity_check_time_index,
)
from kformat.segments.indexes import (
    AbortedTxn,
    Index,
    OffsetPosition,
    TimestampOffset,
    build_offset_index,
    build_time_index,
    build_txn_index,
    parse_offset_index,
    parse_time_index,
    parse_txn_index,
)
from kformat.segments.names import offset_from_filename, segment_filename
from kformat.segments.partition import (
    PartitionDir,
    PartitionWriter,
    SegmentFiles,
    SegmentIndexer,
    build_segment_indexes,
    check_partition_dir,
    leader_epochs,
    producer_state,
    read_partition_dir,
    write_partition_dir,
)
from kformat.segments.segment import (
    Segment,
    SegmentReader,
    SkippedBatch,
    SkippedBytes,
    read_segment,
)
from kformat.segments.snapshot import (
    ProducerEntry,
    ProducerSnapshot,
    build_producer_snapshot,
    parse_producer_snapshot,
)
from kformat.segments.textfiles import (
    EpochEntry,
    PartitionMetadata,
    build_leader_epoch_checkpoint,
    build_partition_metadata,
    parse_leader_epoch_checkpoint,
    parse_partition_metadata,
)

__all__ = [
    "AbortedTxn",
    "EpochEntry",
    "Index",
    "LogChecker",
    "OffsetPosition",
    "PartitionDir",
    "PartitionMetadata",
    "PartitionWriter",
    "Problem",
    "ProducerEntry",
    "ProducerSnapshot",
    "Segment",
    "SegmentFiles",
    "SegmentIndexer",
    "SegmentReader",
    "SkippedBatch",
    "SkippedBytes",
    "TimestampOffset",
    "build_leader_epoch_checkpoint",
    "build_offset_index",
    "build_partition_metadata",
    "build_producer_snapshot",
    "build_segment_indexes",
    "build_time_index",
    "build_txn_index",
    "check_log",
    "check_offset_index",
    "check_partition_dir",
    "check_time_index",
    "check_txn_index",
    "leader_epochs",
    "offset_from_filename",
    "offsets_of_max_timestamp",
    "parse_leader_epoch_checkpoint",
    "parse_offset_index",
    "parse_partition_metadata",
    "parse_producer_snapshot",
    "parse_time_index",
    "parse_txn_index",
    "producer_state",
    "read_partition_dir",
    "read_segment",
    "sanity_check_offset_index",
    "sanity_check_time_index",
    "segment_filename",
    "write_partition_dir",
]
