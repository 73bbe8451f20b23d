"""The record corpus generator (kformat.corpus.records_corpus) and the manifest (no Spark)."""

from __future__ import annotations

import filecmp
from pathlib import Path

import pyarrow as pa

from kformat.corpus.records_corpus import generate_shard, write_shard
from kformat.records.api import parse_batches
from kformat.spark.manifest import COMPARED, KEY, MANIFEST_SCHEMA, manifest_batches, manifest_ddl


def test_same_seed_and_shard_same_bytes(tmp_path: Path) -> None:
    a, b = generate_shard(3, 1, 1500), generate_shard(3, 1, 1500)
    assert a.encoded == b.encoded
    assert generate_shard(3, 2, 1500).encoded != a.encoded
    assert generate_shard(4, 1, 1500).encoded != a.encoded
    one = write_shard(a, tmp_path / "one", segment_bytes=32 * 1024)
    two = write_shard(b, tmp_path / "two", segment_bytes=32 * 1024)
    names = sorted(p.name for p in one.iterdir())
    assert names == sorted(p.name for p in two.iterdir())
    assert sum(n.endswith(".log") for n in names) > 1
    assert filecmp.cmpfiles(one, two, names, shallow=False)[1:] == ([], [])


def test_exact_record_count_and_consecutive_offsets() -> None:
    for records in (0, 1, 2, 17, 900):
        shard = generate_shard(9, 0, records)
        assert shard.record_count == records
        assert [e.offset for e in shard.expected()] == list(range(records))


def test_every_transaction_is_closed() -> None:
    shard = generate_shard(9, 3, 3000)
    open_txns: set[int] = set()
    for b in shard.batches:
        if b.is_transactional and not b.is_control:
            open_txns.add(b.producer_id)
        elif b.is_control:
            assert b.producer_id in open_txns
            open_txns.discard(b.producer_id)
    assert not open_txns


def test_expected_agrees_with_parsing_the_bytes() -> None:
    """ExpectedRecord is computed from the generator's inputs; the records layer must see
    the same thing in the bytes."""
    shard = generate_shard(21, 0, 2500)
    expected = list(shard.expected())
    parsed = [(b, r) for b in parse_batches(b"".join(shard.encoded)) for r in b.records]
    assert len(parsed) == len(expected)
    for e, (b, r) in zip(expected, parsed, strict=True):
        assert (e.offset, e.timestamp, e.key, e.value, e.headers) == (
            r.offset, r.timestamp, r.key, r.value, r.headers)
        assert (e.magic, e.codec, e.base_offset, e.producer_id, e.producer_epoch,
                e.base_sequence, e.is_transactional, e.is_control) == (
            b.magic, b.codec, b.base_offset, b.producer_id, b.producer_epoch,
            b.base_sequence, b.is_transactional, b.is_control)
        assert e.timestamp_type == r.timestamp_type


def test_manifest_rows() -> None:
    shard = generate_shard(2, 5, 1200)
    table = pa.Table.from_batches(list(manifest_batches(shard, rows=500)))
    assert table.schema == MANIFEST_SCHEMA
    assert table.num_rows == 1200
    assert set(table.column("partition").to_pylist()) == {5}
    first = next(shard.expected())
    row = table.slice(0, 1).to_pylist()[0]
    assert row["offset"] == first.offset
    assert (row["keySize"] is None) == (first.key is None)
    assert set(COMPARED).isdisjoint(KEY)
    assert manifest_ddl().count("`") == 2 * len(MANIFEST_SCHEMA)
