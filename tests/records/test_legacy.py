"""Magic 0/1 message sets (Kafka documentation, "Old Message Format"): golden vectors, peers, bad input."""

from __future__ import annotations

import gzip
import importlib
import random
import struct
import warnings
import zlib
from types import ModuleType, SimpleNamespace

import pytest

from kformat.errors import (
    CorruptRecordError,
    DecodeError,
    EncodeError,
    InvalidValueError,
    KFormatError,
    LimitExceededError,
    TruncatedError,
    UnsupportedCodecError,
    UnsupportedVersionError,
)
from kformat.primitives import CompiledGrammar, build_interpreted, parse_interpreted
from kformat.records.checksum import xxh32
from kformat.records.codecs import compress
from kformat.records.legacy import (
    LegacyMessage,
    LegacyMessageSet,
    LegacyMessageSetEntry,
    LegacyWrapper,
    build_legacy,
    parse_legacy_entry,
)
from kformat.records.model import Batch, Record
from tests.helpers import assert_rejects, assert_symmetric, compiled_build, compiled_parse

LIMIT = 1 << 20
CODECS = [0, 1, 2, 3]

# --------------------------------------------------------------------------- hand assembly


def blob(data: bytes | None) -> bytes:
    return struct.pack(">i", -1) if data is None else struct.pack(">i", len(data)) + data


def body(magic: int, attributes: int, key: bytes | None, value: bytes | None,
         timestamp: int = 0) -> bytes:
    """magic .. value: what the crc covers."""
    head = struct.pack(">bb", magic, attributes)
    if magic == 1:
        head += struct.pack(">q", timestamp)
    return head + blob(key) + blob(value)


def entry(offset: int, covered: bytes, crc: int | None = None) -> bytes:
    crc = zlib.crc32(covered) if crc is None else crc
    message = struct.pack(">I", crc) + covered
    return struct.pack(">qi", offset, len(message)) + message


def parse(data: bytes, position: int = 0, **kwargs: object) -> Batch:
    batch, end = parse_legacy_entry(data, position, limit=kwargs.pop("limit", LIMIT),
                                    **kwargs)  # type: ignore[arg-type]
    assert end == position + batch.size
    return batch


def fields(records: list[Record]) -> list[tuple[object, ...]]:
    return [(r.offset, r.timestamp, r.key, r.value) for r in records]


# --------------------------------------------------------------------------- golden


def test_golden_v0_plain_message() -> None:
    data = bytes.fromhex(
        "000000000000002a"  # offset 42
        "00000016"  # message_size 22
        "7a8f2b3c"  # crc, checked below
        "00" "00"  # magic 0, attributes 0
        "00000003" "6b6579"  # key "key"
        "00000005" "76616c7565"  # value "value"
    )
    data = data[:12] + struct.pack(">I", zlib.crc32(data[16:])) + data[16:]
    batch = parse(data)
    assert batch.magic == 0 and batch.codec == 0 and batch.attributes == 0
    assert (batch.base_offset, batch.last_offset, batch.next_offset) == (42, 42, 43)
    assert batch.records == [Record(offset=42, timestamp=-1, key=b"key", value=b"value")]
    assert (batch.crc, batch.crc_valid) == (zlib.crc32(data[16:]), True)
    assert (batch.position, batch.size, batch.batch_length) == (0, 34, 22)
    assert (batch.timestamp_type, batch.max_timestamp) == (0, -1)
    assert build_legacy(batch) == data


def test_golden_v1_plain_message_log_append_time() -> None:
    data = entry(7, body(1, 0x08, None, b"v", timestamp=1_600_000_000_000))
    batch = parse(data)
    assert batch.magic == 1 and batch.timestamp_type == 1 and batch.attributes == 8
    assert batch.max_timestamp == 1_600_000_000_000
    assert batch.records == [Record(offset=7, timestamp=1_600_000_000_000, key=None,
                                    value=b"v", timestamp_type=1, attributes=8)]
    assert build_legacy(batch) == data


def test_golden_grammar_values_both_paths() -> None:
    covered = body(1, 0, b"k", None, timestamp=5)
    data = entry(3, covered)
    value = {"offset": 3, "message": {
        "crc": zlib.crc32(covered), "magic": 1, "attributes": 0,
        "timestamp": 5, "key": b"k", "value": None, "messages": None}}
    assert_symmetric(LegacyMessageSetEntry, data, value)
    assert_symmetric(LegacyMessageSet, data + data, [value, value])
    assert parse_interpreted(LegacyMessage, data[12:])["key"] == b"k"


def inner_set(magic: int, items: list[tuple[int, int, bytes | None, bytes | None]],
              attributes: int = 0) -> bytes:
    return b"".join(entry(off, body(magic, attributes, k, v, ts)) for off, ts, k, v in items)


def test_golden_v1_gzip_wrapper() -> None:
    inner = inner_set(1, [(0, 100, b"a", b"1"), (1, 300, None, b"2"), (2, 200, b"c", None)])
    payload = gzip.compress(inner, mtime=0)
    data = entry(10, body(1, 1, None, payload, timestamp=300))
    batch = parse(data)
    assert (batch.magic, batch.codec, batch.base_offset, batch.last_offset) == (1, 1, 8, 10)
    assert fields(batch.records) == [(8, 100, b"a", b"1"), (9, 300, None, b"2"),
                                     (10, 200, b"c", None)]
    assert [r.offset_delta for r in batch.records] == [0, 1, 2]
    assert batch.max_timestamp == 300
    assert isinstance(batch.wire, LegacyWrapper) and batch.wire.value == payload
    assert build_legacy(batch) == data  # the peer's compressed bytes are kept
    # a changed batch is rebuilt (canonically compressed) with the same offsets
    batch.records[1] = batch.records[1].replace(value=b"22")
    again = parse(build_legacy(batch))
    assert fields(again.records) == [(8, 100, b"a", b"1"), (9, 300, None, b"22"),
                                     (10, 200, b"c", None)]
    assert again.wire.value == compress(1, gzip.decompress(again.wire.value), magic=1)


def test_golden_v0_gzip_wrapper_absolute_offsets() -> None:
    inner = inner_set(0, [(5, 0, b"a", b"1"), (6, 0, b"b", b"2")])
    data = entry(6, body(0, 1, None, gzip.compress(inner, mtime=0)))
    batch = parse(data)
    assert fields(batch.records) == [(5, -1, b"a", b"1"), (6, -1, b"b", b"2")]
    assert (batch.base_offset, batch.last_offset) == (5, 6)
    assert build_legacy(batch) == data


def test_golden_v1_log_append_time_wrapper() -> None:
    inner = inner_set(1, [(0, 1, b"a", b"1"), (1, 2, b"b", b"2")])
    data = entry(4, body(1, 0x08 | 2, None, compress(2, inner, magic=1), timestamp=999))
    batch = parse(data)
    assert batch.timestamp_type == 1
    assert fields(batch.records) == [(3, 999, b"a", b"1"), (4, 999, b"b", b"2")]
    assert all(r.timestamp_type == 1 for r in batch.records)
    assert build_legacy(batch) == data


def test_noncanonical_wrapper_round_trip() -> None:
    """Relative offsets with gaps, a wrapper key and a stale wrapper timestamp."""
    inner = inner_set(1, [(3, 1, b"a", b"1"), (5, 1, b"b", b"2"), (9, 1, b"c", b"3")])
    data = entry(100, body(1, 1, b"wk", gzip.compress(inner, mtime=0), timestamp=0))
    batch = parse(data)
    assert [r.offset for r in batch.records] == [94, 96, 100]
    assert batch.wire.key == b"wk" and batch.max_timestamp == 0
    assert build_legacy(batch) == data
    batch.records[0] = batch.records[0].replace(key=b"A")
    again = parse(build_legacy(batch))
    assert [r.offset for r in again.records] == [94, 96, 100]
    assert (again.wire.key, again.max_timestamp) == (None, 1)  # canonical wrapper


def test_build_from_fresh_batch() -> None:
    records = [Record(offset=10 + i, timestamp=50 - i, key=None if i == 1 else b"k",
                      value=None if i == 2 else b"v" * i) for i in range(3)]
    for magic in (0, 1):
        for codec in CODECS:
            batch = Batch(magic=magic, codec=codec, records=list(records))
            data = build_legacy(batch)
            position, got = 0, []
            while position < len(data):
                b, position = parse_legacy_entry(data, position, limit=LIMIT)
                assert b.codec == codec and b.magic == magic
                got += b.records
            ts = [50 - i if magic else -1 for i in range(3)]
            assert fields(got) == [(10 + i, ts[i], records[i].key, records[i].value)
                                   for i in range(3)]
            if codec:
                wrapper = parse(data)
                assert wrapper.last_offset == 12
                assert wrapper.max_timestamp == (50 if magic else -1)


def test_build_log_append_time_wrapper_uses_batch_timestamp() -> None:
    batch = Batch(magic=1, codec=1, timestamp_type=1, max_timestamp=77,
                  records=[Record(offset=0, timestamp=5, value=b"x")])
    again = parse(build_legacy(batch))
    assert (again.timestamp_type, again.max_timestamp) == (1, 77)
    assert fields(again.records) == [(0, 77, None, b"x")]


@pytest.mark.parametrize(("batch", "path"), [
    (Batch(magic=1, codec=4, records=[Record()]), "codec"),
    (Batch(magic=1, codec=5, records=[Record()]), "codec"),
    (Batch(magic=2, codec=0, records=[Record()]), "magic"),
    (Batch(magic=1, codec=0, records=[Record(headers=[("h", b"")])]), "records[0].headers"),
    (Batch(magic=1, codec=0, records=[]), "records"),
    (Batch(magic=1, codec=0, records=[Record(attributes=0x10)]), "[0].message.attributes"),
    (Batch(magic=0, codec=1, records=[Record(attributes=0x20)]),
     "[0].message.messages[0].message.attributes"),
    (Batch(magic=1, codec=0, records=[Record(timestamp=1 << 63)]),
     "[0].message.timestamp"),
])
def test_build_rejects(batch: Batch, path: str) -> None:
    with pytest.raises(EncodeError) as info:
        build_legacy(batch)
    assert type(info.value) is EncodeError
    assert info.value.path.endswith(path)


def test_compiled_grammar_has_no_fallbacks() -> None:
    for grammar in (LegacyMessage, LegacyMessageSetEntry, LegacyMessageSet):
        assert not CompiledGrammar(grammar).compiled.module.linkedinstances


# --------------------------------------------------------------------------- peers


def quiet_import(name: str) -> ModuleType:
    """kafka-python's package import trips a DeprecationWarning (importlib.resources)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return importlib.import_module(name)


class _Xxh32:
    """Stand-in for the optional ``xxhash`` package kafka-python's magic 0 LZ4 needs."""

    def __init__(self, data: bytes) -> None:
        self.value = xxh32(bytes(data))

    def digest(self) -> bytes:
        return self.value.to_bytes(4, "big")


@pytest.fixture
def peers(monkeypatch: pytest.MonkeyPatch) -> SimpleNamespace:
    codec = quiet_import("kafka.codec")
    if codec.xxhash is None:
        monkeypatch.setattr(codec, "xxhash", SimpleNamespace(xxh32=_Xxh32))
    return SimpleNamespace(
        codec=codec,
        kafka=quiet_import("kafka.record.legacy_records"),
        memory=quiet_import("kafka.record.memory_records"),
        aiokafka=quiet_import("aiokafka.record.legacy_records"),
        aioerrors=quiet_import("aiokafka.errors"),
    )


def kafka_python_bytes(peers: SimpleNamespace, magic: int, codec: int,
                       wrapper_offset: int | None = None) -> bytes:
    builder = peers.kafka.LegacyRecordBatchBuilder(magic, codec, 1 << 20)
    for i in range(4):
        builder.append(i, 1000 + i, None if i == 1 else b"key%d" % i,
                       None if i == 2 else b"value" * i)
    data = bytes(builder.build())
    if wrapper_offset is not None and codec:  # as a broker assigns it; not CRC-covered
        data = struct.pack(">q", wrapper_offset) + data[8:]
    return data


def peer_records(peers: SimpleNamespace, data: bytes, magic: int,
                 impl: str = "kafka") -> list[tuple[object, ...]]:
    LegacyRecordBatch = getattr(peers, impl).LegacyRecordBatch
    out = []
    position = 0
    while position < len(data):
        size = struct.unpack_from(">i", data, position + 8)[0] + 12
        batch = LegacyRecordBatch(data[position:position + size], magic)
        assert batch.validate_crc()
        for r in batch:
            out.append((r.offset, r.timestamp if magic else -1, r.key, r.value,
                        r.timestamp_type or 0))
        position += size
    return out


def kformat_records(data: bytes) -> list[tuple[object, ...]]:
    out = []
    position = 0
    while position < len(data):
        batch, position = parse_legacy_entry(data, position, limit=LIMIT)
        out += [(r.offset, r.timestamp, r.key, r.value, r.timestamp_type)
                for r in batch.records]
    return out


@pytest.mark.parametrize(("wrapper_offset", "offsets"), [
    (0, [0, 1, 2]),  # a client-side wrapper: the relative offsets stand
    (1, [0, 1, 2]),  # below the last relative offset: a base < 0 is not applied
    (2, [0, 1, 2]),
    (10, [8, 9, 10]),
])
def test_magic1_wrapper_offset_resolves_relative_offsets(wrapper_offset: int,
                                                          offsets: list[int]) -> None:
    made = Batch(magic=1, codec=1, records=[Record(offset=i, timestamp=1000 + i, value=b"v")
                                            for i in range(3)])
    data = bytearray(build_legacy(made))
    struct.pack_into(">q", data, 0, wrapper_offset)  # outside the CRC (magic .. value)
    batch = parse(bytes(data))
    assert [r.offset for r in batch.records] == offsets
    assert [r.offset_delta for r in batch.records] == [0, 1, 2]
    assert build_legacy(batch) == bytes(data)


@pytest.mark.peer
@pytest.mark.parametrize("magic", [0, 1])
@pytest.mark.parametrize("codec", CODECS)
def test_peer_kafka_python_to_kformat(peers: SimpleNamespace, magic: int, codec: int) -> None:
    data = kafka_python_bytes(peers, magic, codec, wrapper_offset=103)
    expected = peer_records(peers, data, magic)
    assert kformat_records(data) == expected
    # the byte-exact round trip, entry by entry
    position, rebuilt = 0, b""
    while position < len(data):
        batch, position = parse_legacy_entry(data, position, limit=LIMIT)
        rebuilt += build_legacy(batch)
    assert rebuilt == data
    # as kafka-python builds it (wrapper offset 0): the inner offsets stand, as kafka-python
    # and Kafka read them (a negative base is not applied)
    raw = kafka_python_bytes(peers, magic, codec)
    if codec:
        batch = parse(raw)
        assert build_legacy(batch) == raw
        assert [r.offset for r in batch.records] == [0, 1, 2, 3]
        assert kformat_records(raw) == peer_records(peers, raw, magic)


def kformat_batch(magic: int, codec: int) -> Batch:
    records = [Record(offset=20 + i, timestamp=2000 + i if magic else -1,
                      key=None if i == 0 else b"k%d" % i, value=None if i == 3 else b"v" * i)
               for i in range(4)]
    return Batch(magic=magic, codec=codec, records=records)


@pytest.mark.peer
@pytest.mark.parametrize("magic", [0, 1])
@pytest.mark.parametrize("codec", CODECS)
@pytest.mark.parametrize("impl", ["kafka", "aiokafka"])
def test_peer_kformat_to_peers(peers: SimpleNamespace, magic: int, codec: int,
                               impl: str) -> None:
    batch = kformat_batch(magic, codec)
    data = build_legacy(batch)
    expected = [(r.offset, r.timestamp, r.key, r.value, 0) for r in batch.records]
    if impl == "aiokafka" and magic == 0 and codec == 3:
        with pytest.raises(peers.aioerrors.UnsupportedCodecError):  # KAFKA-3160
            peer_records(peers, data, magic, impl)
        return
    assert peer_records(peers, data, magic, impl) == expected


@pytest.mark.peer
def test_peer_memory_records_mixed_set(peers: SimpleNamespace) -> None:
    parts = [build_legacy(kformat_batch(1, 0)), build_legacy(kformat_batch(1, 1)),
             build_legacy(kformat_batch(1, 2))]
    data = b"".join(parts)
    seen = []
    records = peers.memory.MemoryRecords(data)
    while (batch := records.next_batch()) is not None:
        seen += [(r.offset, r.key, r.value) for r in batch]
    assert seen == [(r[0], r[2], r[3]) for r in kformat_records(data)]
    assert len(seen) == 12
    assert_symmetric_set(data)


def assert_symmetric_set(data: bytes) -> None:
    value = parse_interpreted(LegacyMessageSet, data)
    assert compiled_parse(LegacyMessageSet, data) == value
    assert build_interpreted(LegacyMessageSet, value) == data
    assert compiled_build(LegacyMessageSet, value) == data


@pytest.mark.peer
@pytest.mark.parametrize("codec", [1, 2, 3])
def test_peer_raw_snappy_and_old_lz4(peers: SimpleNamespace, codec: int) -> None:
    """kafka-python's other framings: raw snappy blocks, magic 0 LZ4 with the broken HC."""
    kcodec = peers.codec
    inner = inner_set(0, [(0, 0, b"a", b"1"), (1, 0, None, b"2")])
    payload = {1: kcodec.gzip_encode(inner), 2: kcodec.snappy_encode(inner, False),
               3: kcodec.lz4_encode_old_kafka(inner)}[codec]
    data = entry(1, body(0, codec, None, payload))
    batch = parse(data)
    assert fields(batch.records) == [(0, -1, b"a", b"1"), (1, -1, None, b"2")]
    assert build_legacy(batch) == data


# --------------------------------------------------------------------------- bad input

V0_PLAIN = entry(5, body(0, 0, b"key", b"value"))
V1_SNAPPY = entry(9, body(1, 2, None, compress(2, inner_set(1, [
    (0, 1, b"a", b"1"), (1, 2, None, b"22")]), magic=1), timestamp=2))


@pytest.mark.parametrize("data", [V0_PLAIN, V1_SNAPPY], ids=["v0", "v1-snappy"])
def test_truncated_at_every_byte(data: bytes) -> None:
    junk = b"\xee" * 3
    for cut in range(len(data)):
        with pytest.raises(TruncatedError) as info:
            parse_legacy_entry(junk + data[:cut], 3, limit=LIMIT)
        err = info.value
        assert (err.offset, err.actual) == (3, cut)
        assert err.expected == (None if cut < 12 else len(data))
        for grammar in (LegacyMessageSet, LegacyMessageSetEntry):
            with pytest.raises(DecodeError):
                parse_interpreted(grammar, data[:cut] if cut else b"\x00")


@pytest.mark.parametrize("data", [V0_PLAIN, V1_SNAPPY], ids=["v0", "v1-snappy"])
def test_bit_flips(data: bytes) -> None:
    for bit in range(len(data) * 8):
        flipped = bytearray(data)
        flipped[bit // 8] ^= 1 << (bit % 8)
        flipped = b"\x00" + bytes(flipped)
        if bit < 64:  # the offset: not covered, still a valid entry
            assert parse(flipped, 1).records
            continue
        if bit >= 96:  # crc and covered bytes
            with pytest.raises(CorruptRecordError) as info:
                parse(flipped, 1)
            assert info.value.offset == 1 + 12  # the CRC field
            assert info.value.path == "message.crc"
            assert info.value.expected == struct.unpack_from(">I", flipped, 13)[0]
            assert info.value.actual == zlib.crc32(flipped[17:])
        else:
            with pytest.raises(DecodeError):
                parse(flipped, 1)
        try:  # with checks off: a value or a KFormatError, never anything else
            parse(flipped, 1, verify_crc=False)
        except KFormatError:
            pass


def test_crc_check_can_be_switched_off() -> None:
    data = entry(1, body(0, 0, None, b"x"), crc=0xDEADBEEF)
    with pytest.raises(CorruptRecordError) as info:
        parse(data)
    assert (info.value.expected, info.value.actual) == (0xDEADBEEF, zlib.crc32(data[16:]))
    batch = parse(data, verify_crc=False)
    assert (batch.crc, batch.crc_valid) == (0xDEADBEEF, None)
    assert build_legacy(batch) == entry(1, body(0, 0, None, b"x"))  # the CRC is repaired
    assert_rejects(LegacyMessageSetEntry, data, CorruptRecordError, "message.crc", 12)


def with_size(data: bytes, size: int) -> bytes:
    return data[:8] + struct.pack(">i", size) + data[12:]


def test_lying_message_size() -> None:
    size = len(V0_PLAIN) - 12
    short = with_size(V0_PLAIN, size - 1)
    with pytest.raises(CorruptRecordError):
        parse(short)
    with pytest.raises(InvalidValueError) as info:
        parse(short, verify_crc=False)
    assert (info.value.path, info.value.offset) == ("message.value", 12 + 4 + 2 + 7 + 4)
    long = with_size(V0_PLAIN, size + 1) + b"\x00"
    with pytest.raises(CorruptRecordError):
        parse(long)
    with pytest.raises(InvalidValueError) as info:
        parse(long, verify_crc=False)
    assert info.value.offset == len(V0_PLAIN)
    with pytest.raises(TruncatedError) as info:
        parse(with_size(V0_PLAIN, size + 100))
    assert (info.value.expected, info.value.actual) == (size + 112, len(V0_PLAIN))
    with pytest.raises(InvalidValueError) as info:
        parse(with_size(V0_PLAIN, -5))
    assert (info.value.path, info.value.offset, info.value.actual) == ("message_size", 8, -5)
    with pytest.raises(InvalidValueError) as info:
        parse(with_size(V0_PLAIN, 2)[:14], verify_crc=False)
    assert info.value.path == "message.crc"


def test_negative_key_length() -> None:
    covered = struct.pack(">bbi", 0, 0, -2) + blob(b"v")
    data = entry(0, covered)
    with pytest.raises(InvalidValueError) as info:
        parse(b"\x00\x00" + data, 2)
    assert (info.value.path, info.value.offset, info.value.actual) == ("message.key", 20, -2)
    assert_rejects(LegacyMessageSetEntry, data, InvalidValueError, "message.key", 18)


def test_value_length_overruns_message() -> None:
    covered = body(0, 0, None, b"abc")[:-7] + struct.pack(">i", 1000) + b"abc"
    with pytest.raises(InvalidValueError) as info:
        parse(entry(0, covered))
    assert (info.value.path, info.value.offset) == ("message.value", 26)  # its bytes


def wrapper(inner: bytes, codec: int = 1, magic: int = 1, offset: int = 0) -> bytes:
    return entry(offset, body(magic, codec, None, compress(codec, inner, magic=magic)))


VALUE_AT_V1 = 12 + 4 + 1 + 1 + 8 + 4 + 4  # the compressed payload of a v1 wrapper


def test_nesting_deeper_than_one_level() -> None:
    first = inner_set(1, [(0, 0, None, b"x")])
    middle = wrapper(inner_set(1, [(0, 0, b"a", b"1")]))  # a compressed message ...
    data = wrapper(first + middle)  # ... inside a wrapper
    with pytest.raises(LimitExceededError) as info:
        parse(b"\x00" * 4 + data, 4)
    err = info.value
    assert err.path == "message.messages[1].message.attributes"
    assert (err.offset, err.expected, err.actual) == (4 + VALUE_AT_V1, 1, 2)
    assert f"byte {len(first) + 17} of the decompressed" in str(err)
    assert_rejects(LegacyMessageSetEntry, data, LimitExceededError,
                   "message.messages[1].message.attributes", VALUE_AT_V1)


def test_deep_nesting_is_not_a_recursion_error() -> None:
    data = inner_set(1, [(0, 0, None, b"x")])
    for _ in range(200):
        data = wrapper(data, codec=1)
    with pytest.raises(LimitExceededError):
        parse(data)


def test_decompression_bomb() -> None:
    data = wrapper(b"\x00" * (4 << 20))
    assert len(data) < 10_000
    with pytest.raises(LimitExceededError) as info:
        parse(data, limit=1 << 20)
    assert (info.value.path, info.value.offset, info.value.expected) == (
        "message.value", VALUE_AT_V1, 1 << 20)


@pytest.mark.parametrize("codec", [4, 5, 6, 7])
def test_zstd_and_unknown_codecs(codec: int) -> None:
    for magic in (0, 1):
        data = entry(0, body(magic, codec, None, b"\x28\xb5\x2f\xfd" + b"\x00" * 8))
        with pytest.raises(UnsupportedCodecError) as info:
            parse(data)
        assert (info.value.path, info.value.offset, info.value.actual) == (
            "message.attributes", 17, codec)
        assert_rejects(LegacyMessageSet, data, UnsupportedCodecError, "[0].message.attributes", 17)


def test_unknown_magic() -> None:
    data = entry(0, struct.pack(">bb", 2, 0) + blob(None) + blob(b"x"))
    with pytest.raises(UnsupportedVersionError) as info:
        parse(data)
    assert (info.value.path, info.value.offset, info.value.actual) == ("message.magic", 16, 2)


def test_inner_magic_must_match_wrapper() -> None:
    data = wrapper(inner_set(0, [(0, 0, None, b"x")]), magic=1)
    with pytest.raises(InvalidValueError) as info:
        parse(data)
    assert info.value.path == "message.messages[0].message.magic"
    assert (info.value.expected, info.value.actual) == (1, 0)


def test_bad_wrapper_payloads() -> None:
    null_value = entry(0, body(1, 1, None, None))
    with pytest.raises(InvalidValueError) as info:
        parse(null_value)
    assert (info.value.path, info.value.offset) == ("message.value", VALUE_AT_V1 - 4)
    garbage = entry(0, body(1, 1, None, b"not gzip at all"))
    with pytest.raises(CorruptRecordError) as info:
        parse(garbage)
    assert (info.value.path, info.value.offset) == ("message.value", VALUE_AT_V1)
    inner = inner_set(1, [(0, 0, None, b"x"), (1, 0, None, b"y")])
    bad_crc = bytearray(inner)
    bad_crc[len(inner) // 2 + 12] ^= 0xFF  # the second inner message's crc
    with pytest.raises(CorruptRecordError) as info:
        parse(wrapper(bytes(bad_crc)))
    assert (info.value.path, info.value.offset) == ("message.messages[1].message.crc",
                                                   VALUE_AT_V1)
    assert parse(wrapper(bytes(bad_crc)), verify_crc=False).records[1].value == b"y"
    with pytest.raises(InvalidValueError) as info:  # stray bytes after the inner set
        parse(wrapper(inner + b"\x00\x01\x02"))
    assert info.value.path.startswith("message.messages[2]")


def test_empty_buffer_and_position() -> None:
    with pytest.raises(TruncatedError):
        parse_legacy_entry(b"", 0, limit=LIMIT)
    with pytest.raises(ValueError, match="outside"):
        parse_legacy_entry(b"", 1, limit=LIMIT)
    batch, end = parse_legacy_entry(memoryview(b"xx" + V0_PLAIN), 2, limit=LIMIT)
    assert (batch.position, end) == (2, 2 + len(V0_PLAIN))


# --------------------------------------------------------------------------- compiled


def generated_sets(seed: int = 7, count: int = 60) -> list[bytes]:
    rng = random.Random(seed)

    def maybe_bytes() -> bytes | None:
        return None if rng.random() < 0.2 else rng.randbytes(rng.randrange(0, 40))

    out = []
    for _ in range(count):
        parts = []
        for _ in range(rng.randrange(1, 4)):
            magic, codec = rng.choice((0, 1)), rng.choice(CODECS)
            start = rng.randrange(0, 1 << 40)
            records = [Record(offset=start + i, timestamp=rng.randrange(-1, 1 << 41)
                              if magic else -1, key=maybe_bytes(), value=maybe_bytes())
                       for i in range(rng.randrange(1, 6))]
            parts.append(build_legacy(Batch(magic=magic, codec=codec, records=records,
                                            timestamp_type=rng.choice((0, magic)))))
        out.append(b"".join(parts))
    return out


def test_compiled_and_interpreted_agree() -> None:
    for data in generated_sets():
        value = parse_interpreted(LegacyMessageSet, data)
        assert compiled_parse(LegacyMessageSet, data) == value
        for options in ({"verify_crc": False}, {"decompression_limit": LIMIT}):
            assert compiled_parse(LegacyMessageSet, data, **options) == value
            assert parse_interpreted(LegacyMessageSet, data, **options) == value
        assert build_interpreted(LegacyMessageSet, value) == data
        assert compiled_build(LegacyMessageSet, value) == data
        for item in value:  # recompress from the parsed inner messages
            item["message"]["value"] = (None if item["message"]["messages"] is not None
                                        else item["message"]["value"])
        assert build_interpreted(LegacyMessageSet, value) == compiled_build(
            LegacyMessageSet, value) == data


def test_entry_parse_uses_the_compiled_path(monkeypatch: pytest.MonkeyPatch) -> None:
    import kformat.primitives.fast as fast

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("fell back to the interpreter")

    monkeypatch.setattr(fast, "parse_interpreted", refuse)
    monkeypatch.setattr(fast, "build_interpreted", refuse)
    for data in generated_sets(count=10):
        position = 0
        while position < len(data):
            batch, position = parse_legacy_entry(data, position, limit=LIMIT)
            assert build_legacy(batch) == data[batch.position:position]
