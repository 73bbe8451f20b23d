"""kformat.records.to_arrow: columns equal to parse_batches, projection, errors, kernels."""

from __future__ import annotations

import struct
from typing import Any

import pytest

from kformat.errors import CorruptRecordError, InvalidValueError, KFormatError, TruncatedError
from kformat.outputs import columnar
from kformat.outputs.fields import COLUMN_NAMES, arrow_schema
from kformat.records import build_batch, make_batch, parse_batches, to_arrow

pa = pytest.importorskip("pyarrow")

CODECS = ("none", "gzip", "snappy", "lz4", "zstd")


def sample() -> bytes:
    out = b""
    offset = 0
    for i, codec in enumerate(CODECS):
        records = [{"key": None if j == 0 else b"k%d" % j, "value": b"v" * j,
                    "headers": [("h", b"x"), ("n", None)] if j == 1 else [],
                    "timestamp": 1_700_000_000_000 + j} for j in range(4)]
        out += build_batch(make_batch(records, base_offset=offset, codec=codec,
                                      producer_id=7 + i, producer_epoch=1, base_sequence=i))
        offset += 4
    for magic in (0, 1):
        out += build_batch(make_batch([(b"a", b"b"), (None, b"c")], magic=magic,
                                      base_offset=offset, codec="gzip",
                                      base_timestamp=1_700_000_000_500))
        offset += 2
    out += build_batch(make_batch([(b"k", b"v")], base_offset=offset,
                                  timestamp_type=1, base_timestamp=5, is_transactional=True,
                                  producer_id=3))
    return out


def expected_rows(raw: bytes, position: int = 0, segment: str | None = None) -> list[dict]:
    rows = []
    for b in parse_batches(raw):
        for r in b.records:
            stamp = None if b.magic == 0 else r.timestamp
            rows.append({
                "key": r.key, "value": r.value, "topic": "t", "partition": 3,
                "offset": r.offset, "timestamp": stamp,
                "timestampType": -1 if b.magic == 0 else b.timestamp_type,
                "headers": [{"key": k, "value": v} for k, v in r.headers],
                "baseOffset": b.base_offset, "magic": b.magic, "codec": CODECS[b.codec],
                "producerId": b.producer_id, "producerEpoch": b.producer_epoch,
                "baseSequence": b.base_sequence, "isTransactional": b.is_transactional,
                "isControl": b.is_control, "crcValid": True, "segment": segment,
                "position": position + b.position})
    return rows


def as_rows(batch: Any) -> list[dict]:
    table = pa.Table.from_batches([batch])
    if "timestamp" in table.column_names:
        ms = pa.compute.divide(table.column("timestamp").cast(pa.int64()), 1000)
        table = table.set_column(table.schema.get_field_index("timestamp"), "timestamp", ms)
    return table.to_pylist()


def test_every_column_equals_parse_batches() -> None:
    raw = sample()
    got = to_arrow(raw, topic="t", partition=3, segment="s.log", position=100)
    assert got.schema == arrow_schema()
    assert as_rows(got) == expected_rows(raw, 100, "s.log")


def test_batches_in_give_the_same_columns() -> None:
    raw = sample()
    from_bytes = to_arrow(raw, topic="t", partition=3)
    from_objects = to_arrow(parse_batches(raw), topic="t", partition=3)
    assert from_objects.equals(from_bytes)


def test_projection_builds_the_named_columns_in_order() -> None:
    raw = sample()
    got = to_arrow(raw, columns=["value", "offset", "codec"])
    assert got.schema.names == ["value", "offset", "codec"]
    full = expected_rows(raw)
    assert got.to_pylist() == [{"value": r["value"], "offset": r["offset"],
                                "codec": r["codec"]} for r in full]
    assert to_arrow(raw, columns=[]).num_columns == 0
    with pytest.raises(ValueError, match="no column 'ofset'"):
        to_arrow(raw, columns=["ofset"])
    with pytest.raises(ValueError, match="named twice"):
        to_arrow(raw, columns=["offset", "offset"])


def test_empty_input_has_the_schema() -> None:
    got = to_arrow(b"")
    assert got.num_rows == 0 and got.schema.names == list(COLUMN_NAMES)


def test_skip_control() -> None:
    from kformat.records import control_record

    raw = sample() + build_batch(make_batch([control_record("commit", 1, timestamp=1)],
                                            base_offset=100, producer_id=3,
                                            is_transactional=True, is_control=True))
    assert to_arrow(raw).column("isControl").to_pylist()[-1] is True
    assert True not in to_arrow(raw, skip_control=True).column("isControl").to_pylist()


def test_crc_mismatch_raises_or_is_flagged() -> None:
    raw = bytearray(build_batch(make_batch([(b"k", b"needle")], base_timestamp=0)))
    raw[raw.index(b"needle")] ^= 0x20
    with pytest.raises(CorruptRecordError):
        to_arrow(bytes(raw))
    flagged = to_arrow(bytes(raw), crc_mismatch="flag")
    assert flagged.column("crcValid").to_pylist() == [False]
    assert to_arrow(bytes(raw), verify_crc=False).column("crcValid").to_pylist() == [None]


def test_truncated_tail_raises_with_the_absolute_offset() -> None:
    one = build_batch(make_batch([(b"k", b"v")], base_timestamp=0))
    with pytest.raises(TruncatedError) as info:
        to_arrow(one + one[:30], position=1000, segment="seg")
    assert info.value.offset is not None and info.value.offset >= 1000 + len(one)
    assert info.value.reason.startswith("seg: ")


def test_bad_length_is_the_records_layers_error() -> None:
    raw = struct.pack(">qiib", 0, 20, -1, 2) + b"\x00" * 40
    with pytest.raises(InvalidValueError) as info:
        to_arrow(raw)
    assert (info.value.field_path, info.value.offset) == ("batch_length", 8)


def test_wrong_input_types() -> None:
    with pytest.raises(TypeError, match="not str"):
        to_arrow("abc")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="item 0 is a int"):
        to_arrow([1])  # type: ignore[list-item]


def test_a_registered_kernel_is_used_for_its_engine() -> None:
    seen: list[Any] = []

    def kernel(data: Any, options: columnar.ArrowOptions) -> Any:
        seen.append(options.columns)
        return columnar.kernel("python")(data, options)

    columnar.register_kernel("test-engine", kernel)
    try:
        raw = sample()
        got = to_arrow(raw, columns=["offset"], engine="test-engine")
        assert seen == [("offset",)]
        assert got.equals(to_arrow(raw, columns=["offset"], engine="python"))
        # an engine without a kernel of its own uses the Python one
        assert columnar.kernel("no-such-engine") is columnar.kernel("python")
    finally:
        columnar._KERNELS.pop("test-engine")


def test_a_registered_reader_serves_bytes_and_its_none_runs_the_kernel() -> None:
    raw = sample()
    made: list[Any] = []
    calls: list[Any] = []
    kernel_calls: list[Any] = []
    answer: list[Any] = [None]

    def make(options: columnar.ArrowOptions) -> Any:
        made.append((options.columns, options.verify_crc))

        def read(data: Any, position: int, values: tuple[Any, ...]) -> Any:
            calls.append((position, values))
            return answer[0]
        return read

    def kernel(data: Any, options: columnar.ArrowOptions) -> Any:
        kernel_calls.append(options.position)
        return columnar.kernel("python")(data, options)

    columnar.register_kernel("test-engine", kernel, reader=make)
    try:
        reference = to_arrow(raw, columns=["offset"], engine="python", position=5)
        assert to_arrow(raw, columns=["offset"], engine="test-engine", position=5,
                        topic="t").equals(reference)
        assert made == [(("offset",), True)]  # made once per engine and settings
        assert calls == [(5, ("t", None, None))] and kernel_calls == [5]
        answer[0] = reference
        assert to_arrow(raw, columns=("offset",), engine="test-engine") is reference
        assert len(made) == 1 and len(calls) == 2 and kernel_calls == [5]
        to_arrow(raw, columns=["offset"], engine="test-engine", verify_crc=False)
        assert len(made) == 2 and len(calls) == 3
        assert to_arrow([*parse_batches(raw)], columns=["offset"],
                        engine="test-engine").equals(reference)
        assert len(calls) == 3 and kernel_calls == [5, 0]  # Batch objects: the kernel
    finally:
        columnar.register_kernel("test-engine", "kformat.outputs.arrow_python:to_arrow")
        columnar._KERNELS.pop("test-engine")
    assert not columnar._READERS  # registering drops the prepared calls


def test_every_engine_gives_the_same_columns() -> None:
    from kformat import engine

    raw = sample()
    with engine.using("python"):
        reference = to_arrow(raw, topic="t", partition=3)
    for name in engine.available():
        with engine.using(name):
            assert to_arrow(raw, topic="t", partition=3).equals(reference), name
            assert to_arrow(raw, columns=["offset", "value"]).equals(
                reference.select(["offset", "value"])), name


@pytest.mark.parametrize("first", [0, 1, 7, 8, 9, 30])
def test_nulls_anywhere_in_a_blob_column(first: int) -> None:
    """A column's validity bitmap starts at its first null (values before it are valid),
    in a record's fields and in a header's, within a batch and across batches."""
    def record(j: int) -> dict[str, Any]:
        null = j >= first and j % 3 != 1
        return {"key": None if null else b"k%d" % j, "value": b"v" * (j % 5),
                "headers": [(f"h{j}", None if null else b"x" * j)] * (j % 3),
                "timestamp": 1_700_000_000_000 + j}

    records = [record(j) for j in range(40)]
    raw = build_batch(make_batch(records[:20])) + build_batch(make_batch(records[20:],
                                                                         base_offset=20))
    for columns in (None, ("key", "headers")):
        got = to_arrow(raw, columns=columns)
        got.validate(full=True)
        assert got.column("key").to_pylist() == [r["key"] for r in records]
        assert got.column("key").null_count == sum(r["key"] is None for r in records)
        assert got.column("headers").to_pylist() == [
            [{"key": k, "value": v} for k, v in r["headers"]] for r in records]


@pytest.mark.parametrize("size", [1, 7, 8, 9, 15, 16, 17, 40])
def test_header_keys_of_every_short_length_are_checked_as_utf8(size: int) -> None:
    """Short strings are checked a word at a time: a non-ASCII or invalid byte anywhere in
    the key is seen, bytes after it (the next field's) are not taken for it."""
    for at in range(size):
        key = "k" * at + "\u00e9" + "k" * (size - at - 1)
        raw = build_batch(make_batch([{"key": b"k", "value": b"\xff" * 20,
                                       "headers": [(key, b"\xfe" * 20)]}]))
        got = to_arrow(raw)
        assert got.column("headers").to_pylist() == [[{"key": key, "value": b"\xfe" * 20}]]
        placeholder = ("k" * at + "Q" + "k" * (size - at - 1)).encode()
        raw = build_batch(make_batch([{"key": b"k", "value": b"v",
                                       "headers": [(placeholder.decode(), b"\xfe" * 20)]}]))
        at_key = raw.rindex(placeholder) + at
        bad = raw[:at_key] + b"\xff" + raw[at_key + 1:]
        with pytest.raises(KFormatError) as info:
            list(parse_batches(bad, verify_crc=False))
        with pytest.raises(type(info.value)) as got_info:
            to_arrow(bad, verify_crc=False)
        assert got_info.value.offset == info.value.offset

@pytest.mark.parametrize("codec", ["none", "gzip"])
@pytest.mark.parametrize("magic", [0, 1])
def test_null_keys_and_values_of_magic_0_and_1_are_null_columns(magic: int, codec: str) -> None:
    # The native column push once formed `buf + at` for a null, whose `at` the reader left
    # unset: undefined behaviour, seen by `make sanitize` only when the stack held a large
    # value there (a pointer overflow). A null now has a defined position and no bytes.
    raw = build_batch(make_batch([(None, b"v"), (b"k", None), (None, None), (b"", b"")],
                                 magic=magic, codec=codec, base_timestamp=1_700_000_000_000))
    rows = as_rows(to_arrow(raw, topic="t", partition=3))
    assert [(r["key"], r["value"]) for r in rows] == [(None, b"v"), (b"k", None), (None, None),
                                                       (b"", b"")]
    assert rows == expected_rows(raw)
