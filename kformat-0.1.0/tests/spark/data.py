"""Partition directories for the Spark-layer tests, and the rows a reader must return.

Everything is written with kformat's builders (the corpus generator, ``make_batch``,
``write_partition_dir``); the expected rows come from what was written, in the
``kafka-segments`` conventions (timestamps in microseconds, null on magic 0 with
``timestampType`` -1).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kformat.corpus.records_corpus import CorpusShard, ExpectedRecord, generate_shard, write_shard
from kformat.protocol.topics import encode_record
from kformat.records.api import build_batch, make_batch
from kformat.records.control import control_record
from kformat.segments.partition import write_partition_dir

CODECS = ("none", "gzip", "snappy", "lz4", "zstd")
SEED = 11
SHARD_RECORDS = 2000
SEGMENT_BYTES = 64 * 1024
CUT_TOPIC = "cut-topic"

Row = tuple[Any, ...]
"""(topic, partition, offset, timestamp_us, timestampType, key, value, headers, baseOffset,
magic, codec, producerId, producerEpoch, baseSequence, isTransactional, isControl)"""


def expected_row(topic: str | None, partition: int | None, e: ExpectedRecord) -> Row:
    stamp = None if e.magic == 0 else e.timestamp * 1000
    return (topic, partition, e.offset, stamp, -1 if e.magic == 0 else e.timestamp_type,
            e.key, e.value, [(k, v) for k, v in e.headers], e.base_offset, e.magic,
            CODECS[e.codec], e.producer_id, e.producer_epoch, e.base_sequence,
            e.is_transactional, e.is_control)


def row_from_dict(d: dict[str, Any]) -> Row:
    """A row from an Arrow ``to_pylist()`` (timestamp cast to int64) or a Spark ``Row``
    (timestamp selected as ``unix_micros``)."""
    def b(x: Any) -> bytes | None:
        return None if x is None else bytes(x)

    headers = [(h["key"], b(h["value"])) for h in d["headers"]]
    return (d["topic"], d["partition"], d["offset"], d["timestamp"], d["timestampType"],
            b(d["key"]), b(d["value"]), headers, d["baseOffset"], d["magic"], d["codec"],
            d["producerId"], d["producerEpoch"], d["baseSequence"], d["isTransactional"],
            d["isControl"])


@dataclass
class Fixture:
    """A log dir and the rows its ``*.log`` files hold, in (topic, partition, offset) order."""

    log_dir: Path
    rows: list[Row]
    shards: list[CorpusShard]


def corpus(root: Path, shards: int = 2) -> Fixture:
    """Corpus shards (every codec and magic, transactions and markers) in several segments."""
    made = [generate_shard(SEED, i, SHARD_RECORDS) for i in range(shards)]
    for s in made:
        write_shard(s, root, segment_bytes=SEGMENT_BYTES)
    rows = [expected_row(s.topic, s.partition, e) for s in made for e in s.expected()]
    return Fixture(root, rows, made)


def truncated(root: Path) -> tuple[Fixture, int, int]:
    """One segment whose last batch is cut short: (fixture, cut position, bytes present)."""
    shard = generate_shard(SEED, 7, 400)
    shard.topic = CUT_TOPIC
    directory = write_shard(shard, root, segment_bytes=1 << 30)
    log = directory / "00000000000000000000.log"
    data = log.read_bytes()
    last = shard.encoded[-1]
    cut = len(data) - len(last)
    present = len(last) // 2
    log.write_bytes(data[:cut + present])
    last_records = len(shard.batches[-1].records)
    expected = [expected_row(CUT_TOPIC, 7, e) for e in shard.expected()]
    return Fixture(root, expected[:len(expected) - last_records], [shard]), cut, present


def consumer_offsets(root: Path) -> tuple[Path, list[dict[str, Any]]]:
    """``__consumer_offsets-0``: commits, group metadata, a tombstone, a transactional commit
    with its COMMIT marker and a value that does not decode. Returns the dir and, per record
    in offset order, what the decode columns must hold."""
    topic = "__consumer_offsets"
    records: list[dict[str, Any]] = []
    expect: list[dict[str, Any]] = []
    for i in range(3):
        key, value = encode_record(topic, "OffsetCommitKey",
                                   {"group": "g1", "topic": f"orders-{i}", "partition": i},
                                   {"offset": 100 + i, "leader_epoch": 1, "metadata": "",
                                    "commit_timestamp": 1_700_000_000_000})
        records.append({"key": key, "value": value, "timestamp": 1_700_000_000_000 + i})
        expect.append({"recordType": 1, "keySchema": "OffsetCommitKey",
                       "valueSchema": "OffsetCommitValue", "group": "g1",
                       "offsetTopic": f"orders-{i}", "offsetPartition": i,
                       "committedOffset": 100 + i, "decodeError": None})
    key, _ = encode_record(topic, "GroupMetadataKey", {"group": "g2"}, None)
    records.append({"key": key, "value": None, "timestamp": 1_700_000_000_010})
    expect.append({"recordType": 2, "keySchema": "GroupMetadataKey", "valueSchema": None,
                   "valueJson": None, "group": "g2", "offsetTopic": None,
                   "committedOffset": None, "decodeError": None})
    key, _ = encode_record(topic, "OffsetCommitKey",
                           {"group": "g3", "topic": "t", "partition": 0}, None)
    records.append({"key": key, "value": b"\x00\x09garbage", "timestamp": 1_700_000_000_011})
    expect.append({"recordType": None, "group": None, "decodeError": "UnsupportedVersionError"})
    plain = make_batch(records, base_offset=0)
    key, value = encode_record(topic, "OffsetCommitKey",
                               {"group": "g4", "topic": "payments", "partition": 2},
                               {"offset": 7, "leader_epoch": -1, "metadata": "txn",
                                "commit_timestamp": 1_700_000_000_020})
    txn = make_batch([{"key": key, "value": value, "timestamp": 1_700_000_000_020}],
                     base_offset=len(records), producer_id=42, producer_epoch=0,
                     base_sequence=0, is_transactional=True, codec="zstd")
    expect.append({"recordType": 1, "group": "g4", "offsetTopic": "payments",
                   "offsetPartition": 2, "committedOffset": 7, "decodeError": None})
    marker = make_batch([control_record("commit", 5, timestamp=1_700_000_000_021)],
                        base_offset=len(records) + 1, producer_id=42, producer_epoch=0,
                        is_transactional=True, is_control=True)
    expect.append({"recordType": 1, "keySchema": "ControlRecordTypeSchema",
                   "valueSchema": "EndTxnMarker", "group": None, "decodeError": None})
    directory = write_partition_dir(root, topic, 0,
                                    [[build_batch(plain), build_batch(txn),
                                      build_batch(marker)]])
    return directory, expect


def copy_tree(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst, dirs_exist_ok=True)
    return dst
