"""``kformat dump``: output compared with golden text in the Java tool's layout."""

from __future__ import annotations

import io
import json
import struct
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import crc32c
import pytest

from kformat import Record, build_batch, control_record, make_batch
from kformat.errors import InvalidValueError
from kformat.segments import dump as dump_module
from kformat.segments.dump import Progress, main
from kformat.segments.indexes import (
    AbortedTxn,
    OffsetPosition,
    TimestampOffset,
    build_offset_index,
    build_time_index,
    build_txn_index,
)
from kformat.segments.snapshot import ProducerEntry, build_producer_snapshot

T0 = 1_700_000_000_000
LOG = "00000000000000000000.log"


def golden_batches() -> list[bytes]:
    """Three uncompressed batches: plain records, a transactional one, a COMMIT marker."""
    b1 = make_batch([Record(key=b"k1", value=b"hello", timestamp=T0),
                     Record(key=None, value=b"v2", headers=[("h1", b"x"), ("h2", None)],
                            timestamp=T0 + 5),
                     Record(key=b"k3", value=None, timestamp=T0 + 2)],
                    base_offset=0, partition_leader_epoch=0)
    b2 = make_batch([Record(key=b"a", value=b"\xff\xfe", timestamp=T0 + 10)], base_offset=3,
                    producer_id=1000, producer_epoch=2, base_sequence=7,
                    partition_leader_epoch=1, is_transactional=True)
    b3 = make_batch([control_record("commit", 6, timestamp=T0 + 11)], base_offset=4,
                    producer_id=1000, producer_epoch=2, is_transactional=True, is_control=True,
                    partition_leader_epoch=1)
    return [build_batch(b) for b in (b1, b2, b3)]


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / LOG
    path.write_bytes(b"".join(golden_batches()))
    return path


def run(args: Sequence[str], **kw: Any) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    rc = main(list(args), out=out, err=err, **kw)
    return rc, out.getvalue(), err.getvalue()


BATCH_LINES = [
    "baseOffset: 0 lastOffset: 2 count: 3 baseSequence: -1 lastSequence: -1 producerId: -1 "
    "producerEpoch: -1 partitionLeaderEpoch: 0 isTransactional: false isControl: false "
    "deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: 1700000000005 size: 102 "
    "magic: 2 compresscodec: none crc: 4278785255 isvalid: true",
    "baseOffset: 3 lastOffset: 3 count: 1 baseSequence: 7 lastSequence: 7 producerId: 1000 "
    "producerEpoch: 2 partitionLeaderEpoch: 1 isTransactional: true isControl: false "
    "deleteHorizonMs: OptionalLong.empty position: 102 CreateTime: 1700000000010 size: 71 "
    "magic: 2 compresscodec: none crc: 1289701046 isvalid: true",
    "baseOffset: 4 lastOffset: 4 count: 1 baseSequence: -1 lastSequence: -1 producerId: 1000 "
    "producerEpoch: 2 partitionLeaderEpoch: 1 isTransactional: true isControl: true "
    "deleteHorizonMs: OptionalLong.empty position: 173 CreateTime: 1700000000011 size: 78 "
    "magic: 2 compresscodec: none crc: 4037845452 isvalid: true",
]
RECORD_LINES = [
    ["| offset: 0 CreateTime: 1700000000000 keySize: 2 valueSize: 5 sequence: -1 headerKeys: []",
     "| offset: 1 CreateTime: 1700000000005 keySize: -1 valueSize: 2 sequence: -1 "
     "headerKeys: [h1,h2]",
     "| offset: 2 CreateTime: 1700000000002 keySize: 2 valueSize: -1 sequence: -1 "
     "headerKeys: []"],
    ["| offset: 3 CreateTime: 1700000000010 keySize: 1 valueSize: 2 sequence: 7 headerKeys: []"],
    ["| offset: 4 CreateTime: 1700000000011 keySize: 4 valueSize: 6 sequence: -1 headerKeys: [] "
     "endTxnMarker: COMMIT coordinatorEpoch: 6"],
]
DATA = [[" key: k1 payload: hello", " payload: v2", " key: k3"], [" key: a payload: \ufffd\ufffd"],
        [""]]


def test_golden_crcs_are_the_spec_crcs() -> None:
    for raw, line in zip(golden_batches(), BATCH_LINES, strict=True):
        assert f"crc: {crc32c.crc32c(raw[21:])} " in line
        assert f"size: {len(raw)} " in line


def test_batch_level(log: Path) -> None:
    rc, out, err = run([str(log)])
    assert (rc, err) == (0, "")
    assert out.splitlines() == [f"Dumping {log}", "Log starting offset: 0", *BATCH_LINES]


def test_deep_iteration(log: Path) -> None:
    rc, out, _ = run([str(log), "--deep-iteration"])
    expected = [f"Dumping {log}", "Log starting offset: 0"]
    for batch, records in zip(BATCH_LINES, RECORD_LINES, strict=True):
        expected += [batch, *records]
    assert rc == 0 and out.splitlines() == expected


def test_print_data_log(log: Path) -> None:
    rc, out, _ = run([str(log), "--print-data-log"])
    expected = [f"Dumping {log}", "Log starting offset: 0"]
    for batch, records, data in zip(BATCH_LINES, RECORD_LINES, DATA, strict=True):
        expected += [batch, *(r + d for r, d in zip(records, data, strict=True))]
    assert rc == 0 and out.splitlines() == expected


def test_skip_record_metadata_and_decoders(log: Path) -> None:
    rc, out, _ = run([str(log), "--print-data-log", "--skip-record-metadata",
                      "--value-decoder", "hex"])
    lines = out.splitlines()
    assert rc == 0
    # as Java prints it: the "| " indent comes with the key, so a keyless record has none
    assert lines[3:6] == ["| key: k1 payload: 68656c6c6f", " payload: 7632", "| key: k3"]
    assert lines[7] == "| key: a payload: fffe"


def test_json(log: Path) -> None:
    rc, out, _ = run([str(log), "--json", "--print-data-log"])
    objs = [json.loads(line) for line in out.splitlines()]
    assert rc == 0 and [o["type"] for o in objs] == ["batch", "record", "record", "record",
                                                      "batch", "record", "batch", "record"]
    assert objs[0] == {
        "type": "batch", "file": str(log), "base_offset": 0, "last_offset": 2,
        "last_offset_delta": 2, "record_count": 3, "magic": 2, "codec": "none",
        "timestamp_type": "create_time", "base_timestamp": 1700000000000,
        "max_timestamp": 1700000000005, "producer_id": -1, "producer_epoch": -1,
        "base_sequence": -1, "last_sequence": -1, "partition_leader_epoch": 0,
        "is_transactional": False, "is_control": False, "has_delete_horizon": False,
        "crc": 4278785255, "crc_valid": True, "attributes": 0, "position": 0, "size": 102}
    assert objs[2] == {
        "type": "record", "file": str(log), "offset": 1, "timestamp_type": "create_time",
        "timestamp": 1700000000005, "key_size": -1, "value_size": 2, "sequence": -1,
        "header_keys": ["h1", "h2"], "payload": "v2"}
    assert objs[7] == {
        "type": "record", "file": str(log), "offset": 4, "timestamp_type": "create_time",
        "timestamp": 1700000000011, "key_size": 4, "value_size": 6, "sequence": -1,
        "header_keys": [], "control": {"end_txn_marker": "COMMIT", "coordinator_epoch": 6}}


def test_legacy_magics(tmp_path: Path) -> None:
    v0 = build_batch(make_batch([(b"k", b"v")], magic=0, base_offset=0))
    v1 = build_batch(make_batch([Record(key=b"a", value=b"1", timestamp=1_600_000_000_000)],
                                magic=1, base_offset=1))
    path = tmp_path / LOG
    path.write_bytes(v0 + v1)
    crc0, crc1 = (int.from_bytes(raw[12:16], "big") for raw in (v0, v1))
    rc, out, _ = run([str(path), "--print-data-log"])
    assert rc == 0 and out.splitlines()[2:] == [
        f"offset: 0 position: 0 NoTimestampType: -1 size: 28 magic: 0 compresscodec: none "
        f"crc: {crc0} isvalid: true",
        f"| offset: 0 NoTimestampType: -1 keySize: 1 valueSize: 1 isValid: true crc: {crc0} "
        f"key: k payload: v",
        f"offset: 1 position: 28 CreateTime: 1600000000000 size: 36 magic: 1 "
        f"compresscodec: none crc: {crc1} isvalid: true",
        f"| offset: 1 CreateTime: 1600000000000 keySize: 1 valueSize: 1 isValid: true "
        f"crc: {crc1} key: a payload: 1",
    ]


def test_compressed_batch_line(tmp_path: Path) -> None:
    path = tmp_path / LOG
    path.write_bytes(build_batch(make_batch([(b"k", b"v" * 100)] * 3, codec="zstd",
                                            base_timestamp=T0)))
    rc, out, _ = run([str(path), "--deep-iteration"])
    lines = out.splitlines()
    assert rc == 0 and " compresscodec: zstd " in lines[2] and lines[2].endswith(" isvalid: true")
    assert len(lines) == 6


def test_truncated_log(log: Path) -> None:
    data = log.read_bytes()
    log.write_bytes(data + golden_batches()[0][:40])
    rc, out, err = run([str(log)])
    assert rc == 1
    assert out.splitlines()[-1] == f"Found 40 invalid bytes at the end of {LOG}"
    assert err == f"kformat dump: {log}:251: TruncatedError: truncated: last batch cut short: 40 of 102 bytes present\n"
    rc, out, err = run([str(log), "--max-bytes", "200"])
    assert rc == 0 and err == "" and len(out.splitlines()) == 4  # 2 headers, 2 batches


def test_bad_crc_is_reported_and_dump_goes_on(log: Path) -> None:
    raw = bytearray(log.read_bytes())
    raw[102 + 68] ^= 0x01  # batch 2's record value (header 61, length, attributes,
    #                        timestamp delta, offset delta, key length, key, value length)
    log.write_bytes(bytes(raw))
    rc, out, err = run([str(log)])
    assert rc == 1
    lines = out.splitlines()
    assert len(lines) == 5 and lines[3].endswith(" isvalid: false") and \
        lines[4].endswith(" isvalid: true")
    assert err.startswith(f"kformat dump: {log}:102: CorruptRecordError: crc: batch at offset 3: stored crc 1289701046 ")


# --------------------------------------------------------------------------- indexes


@pytest.fixture
def indexed(log: Path) -> Path:
    """The golden log with an index entry for batches 2 and 3."""
    base = log.with_suffix("")
    Path(f"{base}.index").write_bytes(build_offset_index(
        [OffsetPosition(3, 102), OffsetPosition(4, 173)], preallocate=64))
    Path(f"{base}.timeindex").write_bytes(build_time_index(
        [TimestampOffset(T0 + 10, 3), TimestampOffset(T0 + 11, 4)]))
    return log


def test_index_dump(indexed: Path) -> None:
    index = indexed.with_suffix(".index")
    rc, out, err = run([str(index)])
    assert (rc, err) == (0, "")
    assert out.splitlines() == [f"Dumping {index}", "offset: 3 position: 102",
                                "offset: 4 position: 173"]
    timeindex = indexed.with_suffix(".timeindex")
    rc, out, err = run([str(timeindex)])
    assert (rc, err) == (0, "")
    assert out.splitlines() == [f"Dumping {timeindex}", "timestamp: 1700000000010 offset: 3",
                                "timestamp: 1700000000011 offset: 4"]
    rc, out, _ = run([str(index), "--json"])
    assert [json.loads(x) for x in out.splitlines()] == [
        {"type": "index_entry", "file": str(index), "offset": 3, "position": 102},
        {"type": "index_entry", "file": str(index), "offset": 4, "position": 173}]


def test_index_verification_problems(indexed: Path) -> None:
    index = indexed.with_suffix(".index")
    index.write_bytes(build_offset_index([OffsetPosition(3, 102), OffsetPosition(4, 170)]))
    rc, out, err = run([str(index), "--verify-index-only"])
    assert rc == 1 and out == f"Dumping {index}\n"
    assert err == (f"kformat dump: {index}:8: InvalidValueError: index-position: entry offset 4 position 170: no batch starts "
                   f"at that position\n")
    timeindex = indexed.with_suffix(".timeindex")
    timeindex.write_bytes(build_time_index([TimestampOffset(T0 + 9, 3),
                                            TimestampOffset(T0 + 11, 1)]))
    rc, _, err = run([str(timeindex), "--verify-index-only"])
    assert rc == 1 and err.splitlines() == [
        f"kformat dump: {timeindex}:12: InvalidValueError: timeindex-order: entry (timestamp 1700000000011, offset 1) does not "
        f"follow (timestamp 1700000000009, offset 3)",
        f"kformat dump: {timeindex}:0: InvalidValueError: timeindex-timestamp: entry timestamp 1700000000009 at offset 3: the "
        f"batch's greatest timestamp is 1700000000010",
        f"kformat dump: {timeindex}:12: InvalidValueError: timeindex-offset: entry offset 1: no batch ends there (next batch "
        f"end: 2)",
    ]


def test_index_sanity_check(indexed: Path) -> None:
    index = indexed.with_suffix(".index")
    rc, out, _ = run([str(index), "--index-sanity-check"])
    assert rc == 0 and out.splitlines()[-1] == f"{index} passed sanity check."
    index.write_bytes(build_offset_index([OffsetPosition(4, 173), OffsetPosition(3, 102)]))
    rc, out, err = run([str(index), "--index-sanity-check"])
    assert rc == 1 and out == f"Dumping {index}\n"
    assert err.startswith(f"kformat dump: {index}:8: InvalidValueError: index-order: ")
    index.write_bytes(bytes(80))
    rc, out, _ = run([str(index)])
    assert rc == 0 and out.splitlines()[-1] == f"{index} is empty."


def test_index_without_log(tmp_path: Path) -> None:
    index = tmp_path / "00000000000000000000.index"
    index.write_bytes(build_offset_index([OffsetPosition(3, 102)]))
    rc, out, err = run([str(index)])
    assert rc == 1 and out.splitlines()[-1] == "offset: 3 position: 102"
    assert err == f"kformat dump: {index}:0: FileNotFoundError: missing-log: no {LOG} next to it to verify against\n"


# --------------------------------------------------------------------------- other files


def test_other_files(tmp_path: Path) -> None:
    (tmp_path / "00000000000000000000.txnindex").write_bytes(
        build_txn_index([AbortedTxn(7, 100, 110, 111)]))
    (tmp_path / "00000000000000000063.snapshot").write_bytes(build_producer_snapshot(
        [ProducerEntry(7, 1, 9, 61, 4, T0, 5, -1), ProducerEntry(8, 0, -1, -1, 0, T0)]))
    (tmp_path / "leader-epoch-checkpoint").write_bytes(b"0\n2\n0 0\n3 150\n")
    (tmp_path / "partition.metadata").write_bytes(
        b"version: 0\ntopic_id: AAAAAAAAAAAAAAAAAAAAAQ\n")
    (tmp_path / "cleaner-offset-checkpoint").write_bytes(b"")
    rc, out, err = run([str(tmp_path)])
    assert rc == 0
    assert out.splitlines() == [
        f"Dumping {tmp_path}/00000000000000000000.txnindex",
        "version: 0 producerId: 7 firstOffset: 100 lastOffset: 110 lastStableOffset: 111",
        f"Dumping {tmp_path}/00000000000000000063.snapshot",
        "producerId: 7 producerEpoch: 1 coordinatorEpoch: 5 currentTxnFirstOffset: -1 "
        "lastTimestamp: 1700000000000 firstSequence: 5 lastSequence: 9 lastOffset: 61 "
        "offsetDelta: 4 timestamp: 1700000000000",
        "producerId: 8 producerEpoch: 0 coordinatorEpoch: -1 currentTxnFirstOffset: -1 "
        "lastTimestamp: 1700000000000",
        f"Dumping {tmp_path}/cleaner-offset-checkpoint",
        f"Dumping {tmp_path}/leader-epoch-checkpoint",
        "epoch: 0 startOffset: 0",
        "epoch: 3 startOffset: 150",
        f"Dumping {tmp_path}/partition.metadata",
        "version: 0 topicId: AAAAAAAAAAAAAAAAAAAAAQ",
    ]
    assert err == f"Ignoring unknown file {tmp_path}/cleaner-offset-checkpoint\n"


def test_unreadable_file_is_a_problem(tmp_path: Path) -> None:
    snapshot = tmp_path / "00000000000000000001.snapshot"
    data = bytearray(build_producer_snapshot([ProducerEntry(7, 1, 9, 61, 4, T0)]))
    data[-1] ^= 1
    snapshot.write_bytes(bytes(data))
    rc, out, err = run([str(snapshot)])
    assert rc == 1 and out.splitlines() == [f"Dumping {snapshot}"]
    assert err.startswith(f"kformat dump: {snapshot}:2: CorruptRecordError: ")


def test_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    rc, out, err = run(["--files", str(tmp_path / "nope.log")])
    assert (rc, out) == (2, "")
    assert err == (f"kformat dump: {tmp_path}/nope.log: FileNotFoundError: No such file or "
                   f"directory\n")


def test_kraft_snapshot_header(tmp_path: Path, log: Path) -> None:
    snap = tmp_path / "00000000000000000100-0000000003.checkpoint"
    snap.write_bytes(log.read_bytes())
    _, out, _ = run([str(snap)])
    assert out.splitlines()[1] == "Snapshot end offset: 100, epoch: 3"


def test_kraft_control_records(tmp_path: Path) -> None:
    """KRaft control values are the body alone (``ControlRecordUtils``), no version prefix."""
    header = bytes.fromhex("0000" "000000000000007b" "00")  # version 0, timestamp 123, no tags
    footer = bytes.fromhex("0000" "00")
    batch = make_batch([Record(key=bytes.fromhex("00000003"), value=header, timestamp=T0),
                        Record(key=bytes.fromhex("00000004"), value=footer, timestamp=T0),
                        Record(key=bytes.fromhex("00000003"), value=b"\x00", timestamp=T0)],
                       is_control=True)
    path = tmp_path / LOG
    path.write_bytes(build_batch(batch))
    _, out, _ = run([str(path), "--print-data-log"])
    lines = out.splitlines()
    assert lines[3].endswith(
        ' SnapshotHeader {"version":0,"lastContainedLogTimestamp":123}'), lines[3]
    assert lines[4].endswith(' SnapshotFooter {"version":0}'), lines[4]
    assert lines[5].endswith(" controlType: SNAPSHOT_HEADER(3)"), lines[5]
    _, out, _ = run([str(path), "--print-data-log", "--json"])
    record = json.loads(out.splitlines()[1])
    assert record["control"] == {"snapshot_header": {"version": 0,
                                                     "last_contained_log_timestamp": 123},
                                 "version": 0}


# --------------------------------------------------------------------------- decoder hook


def fake_decoder(kind: str, key: bytes | None, value: bytes | None) -> Any:
    assert kind == "__consumer_offsets"
    if key == b"k3":
        raise InvalidValueError("unknown record type", path="key.version", offset=0)
    return ({"group": (key or b"").decode()},
            None if value is None else {"len": len(value)})


def test_offsets_decoder_goes_through_the_hook(log: Path) -> None:
    rc, out, err = run([str(log), "--offsets-decoder"], record_decoder=fake_decoder)
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert lines[3].endswith(' headerKeys: [] key: {"group":"k1"} payload: {"len":5}')
    assert lines[5].endswith(" headerKeys: [] key: Error at offset 2, skipping. "
                             "unknown record type [at key.version, offset 0]")
    rc, out, _ = run([str(log), "--offsets-decoder", "--json"], record_decoder=fake_decoder)
    record = json.loads(out.splitlines()[1])
    assert (record["key"], record["payload"]) == ({"group": "k1"}, {"len": 5})


def test_tombstone_under_a_coordinator_decoder(tmp_path: Path) -> None:
    path = tmp_path / LOG
    path.write_bytes(build_batch(make_batch([(b"g", None)], base_timestamp=T0)))
    _, out, _ = run([str(path), "--offsets-decoder"],
                    record_decoder=lambda kind, key, value: ("k", None))
    assert out.splitlines()[-1].endswith(" key: k payload: <DELETE>")


def test_decoder_options_map_to_topic_kinds(log: Path) -> None:
    seen = []

    def hook(kind: str, key: bytes | None, value: bytes | None) -> Any:
        seen.append(kind)
        return None, "x"

    for option in ("--transaction-log-decoder", "--cluster-metadata-decoder",
                   "--share-group-state-decoder", "--remote-log-metadata-decoder"):
        run([str(log), option], record_decoder=hook)
    assert sorted(set(seen)) == ["__cluster_metadata", "__remote_log_metadata",
                                 "__share_group_state", "__transaction_state"]


def test_missing_protocol_hook(log: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dump_module, "_hook_available", lambda: False)
    rc, out, err = run([str(log), "--offsets-decoder"])
    assert rc == 2 and out == "" and "kformat.protocol.topics" in err


def test_usage_errors() -> None:
    assert run([])[0] == 2
    assert run(["--offsets-decoder", "--transaction-log-decoder", "x.log"])[0] == 2
    assert run(["--help"])[0] == 0


# --------------------------------------------------------------------------- progress


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_only_on_a_tty(log: Path) -> None:
    _, _, err = run([str(log)])
    assert err == ""  # a StringIO is not a TTY
    tty = FakeTTY()
    rc = main([str(log)], out=io.StringIO(), err=tty)
    assert rc == 0
    assert f"\r{LOG} [" in tty.getvalue() and "100%" in tty.getvalue()
    assert tty.getvalue().endswith("\r\x1b[K")
    quiet = Progress(io.StringIO())
    quiet.update("x", 1, 2)
    assert not quiet.enabled and quiet.stream.getvalue() == ""  # type: ignore[attr-defined]


def test_struct_of_index_entries_is_the_wire() -> None:
    assert build_offset_index([OffsetPosition(4, 173)]) == struct.pack(">ii", 4, 173)


# --------------------------------------------------------------------------- the real hook


def test_offsets_decoder_with_the_protocol_layer(tmp_path: Path) -> None:
    from kformat.protocol.topics import encode_record

    key, value = encode_record("__consumer_offsets", 1,
                               {"group": "g1", "topic": "t", "partition": 0},
                               {"offset": 42, "metadata": ""}, value_version=3)
    path = tmp_path / LOG
    path.write_bytes(build_batch(make_batch([(key, value), (key, None)], base_timestamp=T0)))
    rc, out, err = run([str(path), "--offsets-decoder"])
    assert (rc, err) == (0, "")
    lines = out.splitlines()
    assert ' key: {"type":"1","data":{"group":"g1","topic":"t","partition":0}} payload: ' \
           '{"version":"3","data":{"offset":42,' in lines[3]
    assert lines[4].endswith(' key: {"type":"1","data":{"group":"g1","topic":"t",'
                             '"partition":0}} payload: <DELETE>')
    rc, out, _ = run([str(path), "--offsets-decoder", "--json"])
    record = json.loads(out.splitlines()[1])
    assert record["key"] == {"type": "1", "data": {"group": "g1", "topic": "t", "partition": 0}}
    assert record["payload"]["version"] == "3"
    assert record["payload"]["data"]["offset"] == 42
    assert record["payload"]["data"]["leader_epoch"] == -1


def test_cluster_metadata_decoder_with_the_protocol_layer(tmp_path: Path) -> None:
    import uuid

    from kformat.protocol.topics import encode_record

    _, value = encode_record("__cluster_metadata", "TopicRecord", None,
                             {"name": "orders", "topic_id": uuid.UUID(int=1)})
    path = tmp_path / LOG
    path.write_bytes(build_batch(make_batch([(None, value), (None, b"\x01")],
                                            base_timestamp=T0)))
    rc, out, _ = run([str(path), "--cluster-metadata-decoder"])
    lines = out.splitlines()
    assert rc == 0
    assert lines[3].endswith(' payload: {"type":"TOPIC_RECORD","version":0,"data":'
                             '{"name":"orders","topicId":"AAAAAAAAAAAAAAAAAAAAAQ"}}')
    assert " payload: Error at offset 1, skipping. " in lines[4]
