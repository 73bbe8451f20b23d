"""RecordBatchBuilder: the bytes of build_batch(make_batch(...)) for the same records and
batch fields, on both engines, and every refused value an EncodeError naming ``records[i]``
at the append that gave it (the builder unchanged by it)."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kformat
from kformat import Codec, EncodeError, Record, RecordBatchBuilder, TimestampType, engine
from kformat import strategies as ks
from kformat.records import conversion
from kformat.records.builder import BuilderMixin, _PythonAppender, checked_record

FIELDS = ("base_offset", "base_timestamp", "producer_id", "producer_epoch", "base_sequence",
          "is_transactional", "is_control", "partition_leader_epoch", "timestamp_type")


def rows(n: int = 40) -> list[tuple[Any, ...]]:
    """(timestamp, key, value, headers) in every form the fast path takes."""
    out: list[tuple[Any, ...]] = []
    for i in range(n):
        headers: Any = [("trace-id", b"%016x" % i)] if i % 3 else ()
        if i % 7 == 0:
            headers = tuple((f"h-\u00e9{j}", None if j % 2 else b"x" * j) for j in range(20))
        out.append((1_700_000_000_000 + (i * 37) % 11, None if i % 5 == 0 else b"key-%d" % i,
                    None if i % 11 == 0 else b"v" * (i * 13 % 300), headers))
    return out


def made(records: list[tuple[Any, ...]], **fields: Any) -> bytes:
    level = fields.pop("compression_level", None)
    items = [{"timestamp": ts, "key": k, "value": v, "headers": list(h)}
             for ts, k, v, h in records]
    return kformat.build_batch(kformat.make_batch(items, **fields), compression_level=level)


def appended(records: list[tuple[Any, ...]], **fields: Any) -> RecordBatchBuilder:
    builder = RecordBatchBuilder(**fields)
    for ts, k, v, h in records:
        builder.append(ts, k, v, h)
    return builder


@pytest.mark.parametrize("codec", list(Codec))
def test_the_builder_writes_what_make_batch_and_build_batch_write(each_engine: str,
                                                                  codec: Codec) -> None:
    data = rows()
    for fields in ({}, {"base_offset": 1 << 40, "base_timestamp": 1_600_000_000_000,
                        "producer_id": 77, "producer_epoch": 3, "base_sequence": 9,
                        "is_transactional": True, "partition_leader_epoch": 12,
                        "timestamp_type": TimestampType.LOG_APPEND_TIME}):
        builder = appended(data, codec=codec, **fields)
        expected = made(data, codec=codec, **fields)
        assert builder.build() == expected
        assert builder.build() == expected  # a build leaves the builder as it was
        assert len(builder) == len(data)
        assert builder.next_offset == fields.get("base_offset", 0) + len(data)
        assert builder.uncompressed_size == len(made(data, **fields))
    level = {Codec.GZIP: 9, Codec.ZSTD: 7}.get(codec)
    if level is not None:
        assert appended(data, codec=codec, compression_level=level).build() == \
            made(data, codec=codec, compression_level=level)


def test_an_empty_builder_builds_an_empty_batch(each_engine: str) -> None:
    builder = RecordBatchBuilder(base_timestamp=5, base_offset=3)
    assert len(builder) == 0 and builder.uncompressed_size == 61
    assert builder.build() == made([], base_timestamp=5, base_offset=3)
    (batch,) = kformat.parse_batches(RecordBatchBuilder().build())
    assert batch.records == [] and batch.last_offset_delta == -1


def test_offsets_and_timestamps_as_given_or_taken(each_engine: str) -> None:
    builder = RecordBatchBuilder(base_offset=10)
    builder.append(None, b"a", b"1")  # no base yet: the current time, as make_batch
    (stamp,) = [r.timestamp for b in kformat.parse_batches(builder.build()) for r in b.records]
    builder.append(None, b"b", b"2", offset=15)  # the base timestamp; an offset with a gap
    builder.append(stamp + 9, b"c", b"3", [("h", None)])
    assert builder.next_offset == 17
    (batch,) = kformat.parse_batches(builder.build())
    assert [(r.offset, r.timestamp, r.key, r.headers) for r in batch.records] == [
        (10, stamp, b"a", ()), (15, stamp, b"b", ()), (16, stamp + 9, b"c", (("h", None),))]
    assert (batch.base_timestamp, batch.max_timestamp, batch.last_offset_delta) == \
        (stamp, stamp + 9, 6)
    expected = kformat.make_batch([{"offset": 10, "timestamp": stamp, "key": b"a", "value": b"1"},
                                   {"offset": 15, "key": b"b", "value": b"2"},
                                   {"offset": 16, "timestamp": stamp + 9, "key": b"c",
                                    "value": b"3", "headers": [("h", None)]}], base_offset=10)
    assert builder.build() == kformat.build_batch(expected)


def test_values_the_fast_path_leaves_to_the_records_layer(each_engine: str) -> None:
    """Not exact types: normalized as Record normalizes them, same bytes."""

    class Stamp(int):
        pass

    builder = RecordBatchBuilder()
    builder.append(Stamp(7), bytearray(b"k"), memoryview(b"v"), [["h", bytearray(b"1")]])
    builder.append(8, b"k", b"v", headers=(("h", b"1"),), offset=Stamp(1))
    assert builder.build() == made([(7, b"k", b"v", [("h", b"1")]), (8, b"k", b"v",
                                                                    [("h", b"1")])])


BAD = [
    ({"key": "text"}, "records[1].key"),
    ({"value": 5}, "records[1].value"),
    ({"timestamp": "soon"}, "records[1].timestamp"),
    ({"timestamp": 1 << 63}, "records[1].timestamp"),
    ({"timestamp": -(1 << 63)}, "records[1].timestamp_delta"),
    ({"headers": 5}, "records[1].headers"),
    ({"headers": [("k", b"v", b"w")]}, "records[1].headers[0]"),
    ({"headers": [(1, b"v")]}, "records[1].headers[0].key"),
    ({"headers": [("\udc80", b"v")]}, "records[1].headers[0].key"),
    ({"headers": [("k", "v")]}, "records[1].headers[0].value"),
    ({"offset": 0}, "records[1].offset"),  # not above the previous one
    ({"offset": 1 << 40}, "records[1].offset_delta"),
    ({"offset": "next"}, "records[1].offset"),
]


@pytest.mark.parametrize(("change", "path"), BAD, ids=[p + repr(c) for c, p in BAD])
def test_a_refused_value_is_named_at_its_append(each_engine: str, change: dict[str, Any],
                                                path: str) -> None:
    builder = RecordBatchBuilder(base_timestamp=1000)
    builder.append(1000, b"k", b"v")
    values = {"timestamp": 1001, "key": b"k", "value": b"v", "headers": ()} | change
    offset = values.pop("offset", None)
    with pytest.raises(EncodeError) as err:
        builder.append(*values.values(), offset=offset)
    assert err.value.path == path
    assert len(builder) == 1 and builder.next_offset == 1  # nothing of it kept
    builder.append(1002, b"k2", b"v2")
    assert builder.build() == made([(1000, b"k", b"v", ()), (1002, b"k2", b"v2", ())],
                                   base_timestamp=1000)


@pytest.mark.parametrize(("fields", "path"), [({"producer_epoch": 1 << 15}, "producer_epoch"),
                                              ({"base_sequence": "x"}, "base_sequence"),
                                              ({"partition_leader_epoch": -(1 << 40)},
                                               "partition_leader_epoch")])
def test_a_batch_field_is_named_by_build(each_engine: str, fields: dict[str, Any],
                                         path: str) -> None:
    builder = appended(rows(3), **fields)
    with pytest.raises(EncodeError) as err:
        builder.build()
    assert err.value.path == path


@pytest.mark.parametrize(("fields", "path"), [({"base_offset": 1 << 63}, "base_offset"),
                                              ({"base_offset": "0"}, "base_offset"),
                                              ({"base_timestamp": 2.5}, "base_timestamp"),
                                              ({"codec": "brotli"}, "codec")])
def test_the_bases_are_checked_when_the_builder_is_made(each_engine: str, fields: dict[str, Any],
                                                        path: str) -> None:
    with pytest.raises(EncodeError) as err:
        RecordBatchBuilder(**fields)
    assert err.value.path == path


def test_wrong_calls_are_type_errors() -> None:
    builder = RecordBatchBuilder()
    with pytest.raises(TypeError):
        builder.append(1, b"k")
    with pytest.raises(TypeError):
        builder.append(1, b"k", b"v", (), 5)
    with pytest.raises(TypeError):
        builder.append(1, b"k", b"v", key=b"k")
    with pytest.raises(TypeError):
        builder.append(1, b"k", b"v", (), headers=())
    assert len(builder) == 0


@pytest.mark.skipif("native" not in engine.available(), reason="the native engine is not built")
def test_each_subclass_has_the_native_append_as_its_own_method_unless_it_overrides_it() -> None:
    # CPython inlines a C method's call only for instances of exactly the method's type
    from kformat.engine import _native

    assert RecordBatchBuilder.__dict__["append"].__objclass__ is RecordBatchBuilder
    with pytest.raises(TypeError):  # the descriptor still checks what it is called on
        RecordBatchBuilder.append(_native.RecordAppender(), 1, b"k", b"v")

    class Counting(RecordBatchBuilder):
        __slots__ = ("calls",)

        def append(self, *args: Any, **kwargs: Any) -> None:
            self.calls = getattr(self, "calls", 0) + 1
            super().append(*args, **kwargs)

    class Plain(Counting):
        __slots__ = ()

    class Own(RecordBatchBuilder):
        __slots__ = ()

    assert Own.__dict__["append"].__objclass__ is Own
    assert "append" not in Plain.__dict__  # the override above it is kept
    data = rows(12)
    for cls in (Plain, Own):
        builder = cls(codec=Codec.ZSTD)
        for ts, k, v, h in data:
            builder.append(ts, k, v, h)
        assert builder.build() == made(data, codec=Codec.ZSTD)
        assert getattr(builder, "calls", len(data)) == len(data)


@pytest.mark.skipif("native" not in engine.available(), reason="the native engine is not built")
def test_every_short_length_is_written_as_the_python_engine_writes_it() -> None:
    """Keys, values and headers of 0 to 40 bytes (the native writer copies up to 16 bytes
    without a call, in two overlapping moves): the native bytes are the Python engine's."""
    data = [(1_700_000_000_000 + n, bytes(range(n)), bytes(range(100, 100 + n)),
             [("k" * n, bytes(range(50, 50 + n))), ("\u00e9" * (n // 2), None)])
            for n in range(41)]
    with engine.using("python"):
        expected = appended(data).build()
        assert expected == made(data)
    with engine.using("native"):
        assert appended(data).build() == made(data) == expected
    assert [r.key for r in kformat.parse_batches(expected)[0].records] == [d[1] for d in data]


@settings(max_examples=120, deadline=None)
@given(ks.v2_batches(max_records=6), st.sampled_from(["native", "python"]))
def test_any_batch_appended_builds_as_make_batch(batch: kformat.Batch, name: str) -> None:
    if name not in engine.available():
        return
    fields = {name: getattr(batch, name) for name in FIELDS} | {"codec": batch.codec}
    data = [(r.timestamp, r.key, r.value, r.headers) for r in batch.records]
    with engine.using(name):
        try:
            expected = made(data, **fields)
        except EncodeError as exc:  # a timestamp far from the first one: refused alike
            with pytest.raises(EncodeError) as err:
                appended(data, **fields).build()
            assert err.value.path.split(".")[-1] == exc.path.split(".")[-1]
            return
        assert appended(data, **fields).build() == expected


@pytest.mark.skipif("native" not in engine.available(), reason="the native engine is not built")
@pytest.mark.usefixtures("on_native")
def test_the_native_build_takes_appended_records_only_at_their_bases() -> None:
    native = engine.extension()
    builder = appended(rows(3), base_offset=5)
    value = conversion.v2_value(kformat.make_batch([], base_offset=5), [])
    value.update(record_count=3, records=builder, last_offset_delta=2,
                 base_timestamp=builder._base_timestamp, max_timestamp=builder._max_timestamp)
    plan = conversion.v2_grammar().plan
    assert native.build(plan, value) == builder.build()
    for change in ({"base_offset": 6}, {"base_timestamp": 0}, {"record_count": 2},
                   {"attributes": 8}):
        with pytest.raises(native.Fallback):
            native.build(plan, value | change)
    with engine.using("python"):
        python_mode = appended(rows(3), base_offset=5)
    with pytest.raises(native.Fallback):
        native.build(plan, value | {"records": python_mode})
    assert python_mode.build() == builder.build()


@pytest.mark.skipif("native" not in engine.available(), reason="the native engine is not built")
@pytest.mark.usefixtures("on_native")
@pytest.mark.parametrize("codec", list(Codec))
def test_a_large_build_is_written_straight_into_its_bytes(codec: Codec) -> None:
    """From 64 KiB, ``native.build(plan, value, level, size)`` (the size RecordBatchBuilder
    passes: its records uncompressed and the header) writes the batch into the bytes object it
    returns: the same bytes whether the size given is too small (grown), exact or too large
    (shrunk), and nothing returned when the build fails."""
    native = engine.extension()
    data = rows(600)
    builder = appended(data, codec=codec)
    size = builder.uncompressed_size
    assert size > 1 << 16
    expected = made(data, codec=codec)
    assert builder.build() == expected
    value = conversion.v2_value(kformat.make_batch([], codec=codec), [])
    value.update(record_count=len(data), records=builder, last_offset_delta=len(data) - 1,
                 base_timestamp=builder._base_timestamp, max_timestamp=builder._max_timestamp)
    plan = conversion.v2_grammar().plan
    for hint in (0, 1 << 16, size // 3, size, 4 * size):
        assert native.build(plan, value, None, hint) == expected, hint
    with pytest.raises(native.Fallback):
        native.build(plan, value | {"record_count": 2}, None, size)


def test_checked_record_is_what_both_modes_append() -> None:
    record = checked_record(4, None, None, b"k", None, [("h", b"")], 9, 5, 100,
                            TimestampType.CREATE_TIME)
    assert record == Record(offset=9, timestamp=100, key=b"k", headers=(("h", b""),),
                            offset_delta=4, timestamp_delta=0)
    with pytest.raises(EncodeError) as err:
        checked_record(4, 3, 0, b"k", None, (), 9, 5, 100, 0)
    assert err.value.path == "records[4].offset"


class TwinBuilder(BuilderMixin, _PythonAppender):
    """RecordBatchBuilder as it is where the extension is not built."""

    __slots__ = ("_batch", "_level", "_value")


@pytest.mark.parametrize("codec", list(Codec))
def test_the_pure_python_twin_builds_the_same(each_engine: str, codec: Codec) -> None:
    data = rows(12)
    twin = TwinBuilder(codec=codec, base_offset=4, producer_id=8)
    for ts, k, v, h in data:
        twin.append(ts, k, v, h)
    twin.append(None, b"k", None, offset=40)
    expected = appended(data, codec=codec, base_offset=4, producer_id=8)
    expected.append(None, b"k", None, offset=40)
    assert twin.build() == expected.build()
    assert (len(twin), twin.next_offset) == (len(expected), expected.next_offset) == (13, 41)
    assert twin.uncompressed_size == expected.uncompressed_size
    with pytest.raises(EncodeError) as err:
        twin.append(1, b"k", b"v", [("k", 5)])
    assert err.value.path == "records[13].headers[0].value"


def _replaced(node: Any, old: Any, new: Any) -> Any:
    """node with the sub-tuple ``old`` (by identity) replaced by ``new``, every other node
    kept as the same object."""
    if node is old:
        return new
    if not isinstance(node, tuple):
        return node
    items = tuple(_replaced(item, old, new) for item in node)
    return node if all(a is b for a, b in zip(items, node, strict=True)) else items


@pytest.mark.skipif("native" not in engine.available(), reason="the native engine is not built")
@pytest.mark.usefixtures("on_native")
@pytest.mark.parametrize("codec", [c for c in Codec if c])
def test_appended_records_are_compressed_from_the_builder_and_survive_a_codec_keeping_them(
        codec: Codec) -> None:
    native = engine.extension()
    plan = conversion.v2_grammar().plan
    (compressed,) = [n for n in _nodes(plan) if n[0] == kformat.engine.plan.Op.COMPRESSED]
    kept: list[Any] = []

    def keeping(plain: Any, *args: Any, **kwargs: Any) -> Any:
        kept.append(pickle.PickleBuffer(plain))  # a codec that keeps the memory it was given
        return compressed[7](plain, *args, **kwargs)

    keeping_plan = _replaced(plan, compressed, (*compressed[:7], keeping, *compressed[8:]))
    builder = appended(rows(30), codec=codec)
    value = conversion.v2_value(kformat.make_batch([], codec=codec), [])
    value.update(record_count=30, records=builder, last_offset_delta=29,
                 base_timestamp=builder._base_timestamp, max_timestamp=builder._max_timestamp)
    assert native.build(keeping_plan, value) == builder.build() == made(rows(30), codec=codec)
    before = bytes(kept[0])
    builder.append(5, b"more", b"records")  # into a copy: the kept memory is left as it was
    assert builder.build() == made([*rows(30), (5, b"more", b"records", ())], codec=codec)
    del builder, value  # its buffer freed or pooled: builders made now would write over it
    others = [appended([(9, b"x" * 300, b"y" * 300, ())] * 40) for _ in range(6)]
    assert bytes(kept[0]) == before and len(others[0]) == 40
    # no records: a base timestamp given, else each side takes the current time
    assert appended([], codec=codec, base_timestamp=7).build() == \
        made([], codec=codec, base_timestamp=7)


def _nodes(node: Any) -> list[Any]:
    found = [node] if isinstance(node, tuple) and node and type(node[0]) is int else []
    for item in node if isinstance(node, tuple) else ():
        found += _nodes(item)
    return found


def test_builders_of_equal_fields_share_a_template_but_not_a_bool_for_an_int(
        each_engine: str) -> None:
    assert RecordBatchBuilder(producer_id=1, base_timestamp=7).build() == \
        made([], producer_id=1, base_timestamp=7)
    with pytest.raises(EncodeError) as err:
        RecordBatchBuilder(producer_id=True, base_timestamp=7).build()
    assert err.value.path == "producer_id"
    with pytest.raises(EncodeError):
        RecordBatchBuilder(base_offset=True)
    assert RecordBatchBuilder(producer_id=1, codec="gzip", base_timestamp=7).build() == \
        made([], producer_id=1, codec=Codec.GZIP, base_timestamp=7)


@pytest.mark.parametrize(("offsets", "base_offset", "at", "expected"), [
    ((5, 3), 0, 1, "offsets must increase: the next one is at least 6"),
    ((7, 7), 0, 1, "offsets must increase: the next one is at least 8"),
    ((9,), 10, 0, "offsets must increase: the next one is at least 10"),
])
@pytest.mark.parametrize("magic", [2, 1, 0])
def test_make_batch_refuses_the_offsets_the_builder_refuses(
        each_engine: str, offsets: tuple[int, ...], base_offset: int, at: int, expected: str,
        magic: int) -> None:
    """One rule (``building.check_offset``): each offset at least the one after the previous
    record's, the first at least ``base_offset``; make_batch accepted any order."""
    items = [{"offset": o, "timestamp": 1_700_000_000_000, "key": b"k", "value": b"v"}
             for o in offsets]
    with pytest.raises(EncodeError) as made_exc:
        kformat.make_batch(items, base_offset=base_offset, magic=magic)
    builder = RecordBatchBuilder(base_offset=base_offset)
    with pytest.raises(EncodeError) as appended_exc:
        for o in offsets:
            builder.append(1_700_000_000_000, b"k", b"v", offset=o)
    for exc in (made_exc.value, appended_exc.value):
        assert (exc.reason, exc.field_path, exc.actual) == (expected, f"records[{at}].offset",
                                                             offsets[at])


def test_a_record_without_an_offset_follows_the_previous_one(each_engine: str) -> None:
    """As the builder numbers them: after an explicit offset, the next record takes the one
    after it (make_batch gave ``base_offset + i``, a decreasing offset)."""
    batch = kformat.make_batch([{"offset": 5, "value": b"a"}, {"value": b"b"}], base_offset=0)
    assert [r.offset for r in batch.records] == [5, 6]
    builder = RecordBatchBuilder(base_offset=0, base_timestamp=batch.base_timestamp)
    builder.append(None, None, b"a", offset=5)
    builder.append(None, None, b"b")
    assert builder.build() == kformat.build_batch(batch)


@pytest.mark.parametrize(("records", "fields", "path", "actual"), [
    (None, {}, "records", "NoneType"),
    (5, {}, "records", "int"),
    (b"kv", {}, "records", "bytes"),
    ("kv", {}, "records", "str"),
    ([(b"k", b"v")], {"base_offset": None}, "base_offset", "NoneType"),
    ([(b"k", b"v")], {"base_offset": "1"}, "base_offset", "str"),
    ([(b"k", b"v")], {"base_timestamp": 1.5}, "base_timestamp", "float"),
])
def test_make_batch_of_what_is_not_records_is_an_encode_error(
        records: Any, fields: dict[str, Any], path: str, actual: str) -> None:
    """It raised TypeError (not iterable, None + int)."""
    with pytest.raises(EncodeError) as exc:
        kformat.make_batch(records, **fields)
    assert (exc.value.field_path, exc.value.actual) == (path, actual)


class LyingList(list):  # type: ignore[type-arg]
    """A list whose ``__len__`` is not its number of items."""

    def __init__(self, items: Any, length: int) -> None:
        super().__init__(items)
        self.length = length

    def __len__(self) -> int:
        return self.length


@pytest.mark.parametrize("length", [(1 << 31) + 5, 5, 0])
def test_records_and_headers_whose_len_lies_are_written_as_iterated(
        each_engine: str, length: int) -> None:
    honest = kformat.build_batch(kformat.make_batch(
        [{"key": b"k", "value": b"v", "headers": [("a", b"b")], "timestamp": 7}]))
    lying = kformat.build_batch(kformat.make_batch(LyingList(
        [{"key": b"k", "value": b"v", "headers": LyingList([("a", b"b")], length),
          "timestamp": 7}], length)))
    assert lying == honest
    builder = RecordBatchBuilder(base_timestamp=7)
    builder.append(7, b"k", b"v", LyingList([("a", b"b")], length))
    assert builder.build() == honest
