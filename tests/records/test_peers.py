"""Cross-checks with independent implementations: kafka-python 3.x and aiokafka (Python and C).

Both ways: batches the peers build parse in kformat to the same records and rebuild byte for
byte; batches kformat builds parse in the peers to the same records with a valid CRC.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kformat import Codec, Record, build_batch, control_record, make_batch, parse_batches

kafka_default = pytest.importorskip("kafka.record.default_records")
kafka_memory = pytest.importorskip("kafka.record.memory_records")
aio_default = pytest.importorskip("aiokafka.record.default_records")
aio_memory = pytest.importorskip("aiokafka.record.memory_records")
aio_control = pytest.importorskip("aiokafka.record.control_record")

pytestmark = pytest.mark.peer

CODECS = list(Codec)
T0 = 1_700_000_000_000

# (offset_delta, timestamp, key, value, headers): null keys and values, empty and binary
# values, headers with null values, timestamps out of order.
ROWS: list[tuple[int, int, bytes | None, bytes | None, list[tuple[str, bytes | None]]]] = [
    (0, T0, b"key-0", b'{"n": 0}' * 20, [("trace", b"abc"), ("empty", b"")]),
    (1, T0 + 9, None, b"null key", []),
    (2, T0 + 3, b"null value", None, [("h", None)]),
    (3, T0 + 9, b"", b"", [("\u00e9t\u00e9", b"\x00\xff")]),
] + [(i, T0 + i, b"k%d" % i, bytes(range(256)) * (i % 3), []) for i in range(4, 40)]


def expected_rows(base_offset: int = 0) -> list[tuple[Any, ...]]:
    return [(base_offset + d, t, k, v, tuple(h)) for d, t, k, v, h in ROWS]


def kformat_rows(batch: Any) -> list[tuple[Any, ...]]:
    return [(r.offset, r.timestamp, r.key, r.value, r.headers) for r in batch.records]


def peer_rows(records: Any) -> list[tuple[Any, ...]]:
    return [(r.offset, r.timestamp, r.key, r.value, tuple(r.headers)) for r in records]


def kafka_python_build(codec: int, transactional: bool = False) -> bytes:
    builder = kafka_default.DefaultRecordBatchBuilder(
        magic=2, compression_type=codec, is_transactional=transactional,
        producer_id=1234 if transactional else -1, producer_epoch=5 if transactional else -1,
        base_sequence=77 if transactional else -1, batch_size=1 << 30)
    for delta, ts, key, value, headers in ROWS:
        assert builder.append(delta, ts, key, value, headers) is not None
    return bytes(builder.build())


def aiokafka_build(builder_cls: type, codec: int, transactional: bool = False) -> bytes:
    builder = builder_cls(magic=2, compression_type=codec, is_transactional=transactional,
                          producer_id=1234 if transactional else -1,
                          producer_epoch=5 if transactional else -1,
                          base_sequence=77 if transactional else -1, batch_size=1 << 30)
    for delta, ts, key, value, headers in ROWS:
        assert builder.append(delta, ts, key, value, headers) is not None
    return bytes(builder.build())


AIO_BUILDERS: dict[str, type] = {"aiokafka-py": aio_default._DefaultRecordBatchBuilderPy,
                                 "aiokafka-c": aio_default.DefaultRecordBatchBuilder}
AIO_READERS: dict[str, type] = {"aiokafka-py": aio_default._DefaultRecordBatchPy,
                                "aiokafka-c": aio_default.DefaultRecordBatch}
PEER_BUILDS: dict[str, Callable[[int, bool], bytes]] = {
    "kafka-python": kafka_python_build,
    **{name: (lambda codec, txn, cls=cls: aiokafka_build(cls, codec, txn))
       for name, cls in AIO_BUILDERS.items()},
}


def kformat_build(codec: int, transactional: bool = False) -> bytes:
    records = [Record(offset=d, timestamp=t, key=k, value=v, headers=h)
               for d, t, k, v, h in ROWS]
    batch = make_batch(records, codec=codec, is_transactional=transactional,
                       producer_id=1234 if transactional else -1,
                       producer_epoch=5 if transactional else -1,
                       base_sequence=77 if transactional else -1, partition_leader_epoch=0)
    return build_batch(batch)


# --------------------------------------------------------------------------- peers -> kformat


@pytest.mark.parametrize("transactional", [False, True])
@pytest.mark.parametrize("codec", CODECS)
@pytest.mark.parametrize("peer", list(PEER_BUILDS))
def test_peer_batches_parse_and_rebuild(peer: str, codec: int, transactional: bool) -> None:
    data = PEER_BUILDS[peer](codec, transactional)
    (batch,) = parse_batches(data)
    assert kformat_rows(batch) == expected_rows()
    assert batch.is_transactional is transactional and batch.crc_valid is True
    assert (batch.producer_id, batch.producer_epoch, batch.base_sequence) == (
        (1234, 5, 77) if transactional else (-1, -1, -1))
    assert batch.last_offset_delta == len(ROWS) - 1
    assert batch.max_timestamp == max(t for _, t, *_ in ROWS)
    # the peers fall back to no compression when it does not pay; either way, byte-exact
    assert build_batch(batch) == data


@pytest.mark.parametrize("codec", CODECS)
def test_kafka_python_memory_records_builder(codec: int) -> None:
    parts = []
    for base in (0, 100):
        builder = kafka_memory.MemoryRecordsBuilder(magic=2, compression_type=codec,
                                                    batch_size=1 << 30, offset=base)
        for _, ts, key, value, headers in ROWS:
            builder.append(ts, key, value, headers)
        builder.close()
        parts.append(bytes(builder.buffer()))
    batches = parse_batches(b"".join(parts))
    # kafka-python writes baseOffset 0 and the builder's offsets as deltas
    assert [kformat_rows(b) for b in batches] == [expected_rows(0), expected_rows(100)]
    assert [build_batch(b) for b in batches] == parts


@pytest.mark.parametrize(("magic", "codec"), [
    (magic, codec) for magic in (0, 1) for codec in (0, 1, 2, 3)])
def test_kafka_python_legacy_batches(magic: int, codec: int) -> None:
    """kafka-python writes a client-side magic 1 wrapper with offset 0: the inner (relative)
    offsets stand."""
    builder = kafka_memory.MemoryRecordsBuilder(magic=magic, compression_type=codec,
                                                batch_size=1 << 30)
    for _, ts, key, value, _headers in ROWS[:6]:
        builder.append(ts, key, value)
    builder.close()
    data = bytes(builder.buffer())
    batches = parse_batches(data)
    records = [r for b in batches for r in b.records]
    assert [(r.offset, r.key, r.value) for r in records] == [
        (i, k, v) for i, (_, _, k, v, _) in enumerate(ROWS[:6])]
    if magic == 1:
        assert [r.timestamp for r in records] == [t for _, t, *_ in ROWS[:6]]
    assert b"".join(build_batch(b) for b in batches) == data


# --------------------------------------------------------------------------- kformat -> peers


@pytest.mark.parametrize("transactional", [False, True])
@pytest.mark.parametrize("codec", CODECS)
def test_kafka_python_reads_kformat(codec: int, transactional: bool) -> None:
    data = kformat_build(codec, transactional)
    batch = kafka_default.DefaultRecordBatch(data)
    assert batch.validate_crc()
    assert batch.compression_type == codec and batch.is_transactional is transactional
    assert peer_rows(batch) == expected_rows()
    memory = kafka_memory.MemoryRecords(data + data)
    assert [peer_rows(memory.next_batch()) for _ in range(2)] == [expected_rows()] * 2
    assert not memory.has_next()


@pytest.mark.parametrize("codec", CODECS)
@pytest.mark.parametrize("reader", list(AIO_READERS))
def test_aiokafka_reads_kformat(reader: str, codec: int) -> None:
    data = kformat_build(codec, transactional=True)
    batch = AIO_READERS[reader](data)
    assert batch.validate_crc()
    assert batch.compression_type == codec and batch.is_transactional
    assert (batch.producer_id, batch.producer_epoch, batch.base_sequence) == (1234, 5, 77)
    assert peer_rows(batch) == expected_rows()
    for memory_cls in (aio_memory._MemoryRecordsPy, aio_memory.MemoryRecords):
        memory = memory_cls(data + data)
        got = []
        while memory.has_next():
            got.append(peer_rows(memory.next_batch()))
        assert got == [expected_rows()] * 2


@pytest.mark.parametrize("kind", ["commit", "abort"])
def test_peers_read_kformat_control_batches(kind: str) -> None:
    batch = make_batch([control_record(kind, coordinator_epoch=4)], is_control=True,
                       is_transactional=True, producer_id=9, producer_epoch=1,
                       base_offset=500)
    data = build_batch(batch)
    kp = kafka_default.DefaultRecordBatch(data)
    assert kp.validate_crc() and kp.is_control_batch
    (record,) = list(kp)
    assert (record.offset, record.type, record.commit) == (500, int(kind == "commit"),
                                                           kind == "commit")
    for reader in AIO_READERS.values():
        aio = reader(data)
        assert aio.validate_crc() and aio.is_control_batch and aio.is_transactional
        (record,) = list(aio)
        marker = aio_control.ControlRecord.parse(record.key)
        expected = aio_control.COMMIT_MARKER if kind == "commit" else aio_control.ABORT_MARKER
        assert marker == expected
        assert record.value == b"\x00\x00\x00\x00\x00\x04"


def test_peers_build_same_uncompressed_bytes() -> None:
    """Uncompressed, kformat writes what every peer writes, byte for byte."""
    ours = kformat_build(0)
    for build in PEER_BUILDS.values():
        theirs = build(0, False)
        # partitionLeaderEpoch (bytes 12-16, outside the CRC) is 0 in kafka-python and -1 in
        # aiokafka; make_batch was given 0
        assert theirs[:12] + theirs[16:] == ours[:12] + ours[16:]
