"""Record batches on the native engine: the RECORD plan node parses straight into native
Records and builds from them, byte for byte as the Python path does, for every codec.

The native calls are made directly (``_native.parse`` / ``_native.build`` on the batch's
plan) so that a decline (``Fallback``, then the Python path) cannot hide in a passing test.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kformat
from kformat import engine
from kformat import strategies as ks
from kformat.engine.plan import Op
from kformat.records import conversion
from kformat.records.model import PythonRecord, Record

pytestmark = pytest.mark.skipif("native" not in engine.available(),
                                reason="the native engine is not built")


def native() -> Any:
    module = engine.extension()
    assert module is not None
    return module


def python_build(batch: kformat.Batch, **options: Any) -> bytes:
    with engine.using("python"):
        return kformat.build_batch(batch, **options)


def native_build(batch: kformat.Batch, level: int | None = None) -> bytes:
    value = conversion.v2_value(batch, batch.records)
    return native().build(conversion.v2_grammar().plan, value, level)  # type: ignore[no-any-return]


def test_the_batch_plan_has_a_record_node() -> None:
    plan = conversion.v2_grammar().plan
    rendered = kformat.engine.plan.describe(plan)
    assert "RECORD slots=(6, 8, 7, 2, 3, 4)" in rendered
    assert Op.FACTORY in _ops(plan) and Op.RECORD in _ops(plan)


def _ops(plan: Any) -> set[int]:
    found = {plan[0]}
    for item in plan[1:]:
        if isinstance(item, tuple):
            for sub in (item, *item):
                if isinstance(sub, tuple) and sub and isinstance(sub[0], int) \
                        and not isinstance(sub[0], bool) and len(sub) > 1:
                    try:
                        found |= _ops(sub)
                    except (TypeError, IndexError):
                        pass
    return found


@settings(max_examples=150, deadline=None)
@given(ks.v2_batches(max_records=6), st.sampled_from([None, 1, 3]))
def test_native_build_equals_the_python_build(batch: kformat.Batch, level: int | None) -> None:
    """Every codec, control and transactional batches, LogAppendTime, headers, nulls."""
    level = level if batch.codec in (kformat.Codec.GZIP, kformat.Codec.ZSTD) else None
    expected = python_build(batch, compression_level=level)
    assert native_build(batch, level) == expected
    assert kformat.build_batch(batch, compression_level=level) == expected


@settings(max_examples=150, deadline=None)
@given(ks.v2_batches(max_records=6))
def test_native_parse_equals_the_python_parse(batch: kformat.Batch) -> None:
    data = python_build(batch)
    value, end = native().parse(conversion.v2_grammar().plan, data, 0, True, None)
    assert end == len(data)
    assert all(type(r) is Record for r in value["records"])
    with engine.using("python"):
        (python,) = kformat.parse_batches(data)
    (parsed,) = kformat.parse_batches(data)
    assert value["records"] == python.records == parsed.records
    assert native_build(parsed) == data


@settings(max_examples=60, deadline=None)
@given(ks.v2_batches(max_records=5, codec=0))
def test_truncated_batches_fail_alike(batch: kformat.Batch) -> None:
    """Every cut of a batch: the native engine declines or agrees, never differs."""
    data = python_build(batch)
    for cut in range(61, len(data), max(1, len(data) // 25)):
        chunk = data[:cut]
        with pytest.raises(native().Fallback):
            native().parse(conversion.v2_grammar().plan, chunk, 0, True, None)


def test_records_given_as_tuples_dicts_or_python_records_build_the_same() -> None:
    batch = kformat.make_batch([Record(key=b"k", value=b"v", headers=[("h", None)],
                                       timestamp=5)] * 3, codec=kformat.Codec.LZ4)
    data = kformat.build_batch(batch)
    twins = [PythonRecord(*(getattr(r, n) for n in kformat.records.model.RECORD_FIELDS))
             for r in batch.records]
    batch.records = twins
    assert kformat.build_batch(batch) == data  # the Python path (native declines)


def test_a_delta_out_of_range_is_named_by_the_python_path() -> None:
    batch = kformat.make_batch([Record(key=b"k", timestamp=5)])
    batch.records = [batch.records[0].replace(offset=1 << 40)]  # offset_delta > int32
    with pytest.raises(native().Fallback):
        native_build(batch)
    with pytest.raises(kformat.errors.EncodeError) as err:
        kformat.build_batch(batch)
    assert err.value.path == "records[0].offset_delta"


def test_make_batch_restamps_native_records_in_c() -> None:
    records = [Record(key=b"%d" % i, timestamp=100 + i, attributes=i % 2) for i in range(5)]
    made, max_timestamp = native().restamp_records(records, 7, 100, 1)
    assert max_timestamp == 104
    assert native().restamp_records([], 7, 100, 1) == ([], 100)
    assert [(r.offset, r.offset_delta, r.timestamp, r.timestamp_delta, r.timestamp_type)
            for r in made] == [(7 + i, i, 100 + i, i, 1) for i in range(5)]
    assert native().restamp_records([Record(timestamp=-1)], 0, 0, 0) is None
    assert native().restamp_records([{"key": b"k"}], 0, 0, 0) is None
    general = kformat.make_batch([{"key": r.key, "timestamp": r.timestamp,
                                   "attributes": r.attributes} for r in records],
                                 base_offset=7, timestamp_type=1)
    assert kformat.make_batch(records, base_offset=7, timestamp_type=1).records == \
        general.records == made


def _parsed(records: list[Record], codec: int = 0) -> list[Record]:
    data = kformat.build_batch(kformat.make_batch(records, codec=codec))
    value, _end = native().parse(conversion.v2_grammar().plan, data, 0, True, None)
    return value["records"]  # type: ignore[no-any-return]


HEADERS = [("trace", b"1"), ("\u00e9t\u00e9", None), ("", b""), ("k" * 300, b"v" * 300)]


def test_parsed_headers_are_made_when_first_read() -> None:
    """A parsed record keeps its headers' bytes until they are read; every way of reading
    them (attribute, ==, hash, repr, pickle, replace, make_batch, build) gives the tuple."""
    made = [Record(key=b"%d" % i, timestamp=i, headers=HEADERS[:i]) for i in range(5)]
    for reader in ("attr", "eq", "hash", "repr", "pickle", "replace", "restamp", "build"):
        parsed = _parsed(made)
        fresh = [r.replace(headers=list(r.headers)) for r in _parsed(made)]
        if reader == "attr":
            assert [r.headers for r in parsed] == [tuple(HEADERS[:i]) for i in range(5)]
        elif reader == "eq":
            assert parsed == fresh
        elif reader == "hash":
            assert [hash(r) for r in parsed] == [hash(r) for r in fresh]
        elif reader == "repr":
            assert [repr(r) for r in parsed] == [repr(r) for r in fresh]
        elif reader == "pickle":
            import pickle
            assert pickle.loads(pickle.dumps(parsed)) == fresh
        elif reader == "replace":
            assert [r.replace(key=b"x").headers for r in parsed] == [r.headers for r in fresh]
        elif reader == "restamp":
            again = kformat.make_batch(parsed).records
            assert [r.headers for r in again] == [r.headers for r in fresh]
        else:
            batch = kformat.make_batch(parsed)
            assert kformat.build_batch(batch) == python_build(kformat.make_batch(fresh))
        assert all(type(r.headers) is tuple for r in parsed)


def test_equal_header_keys_share_one_str() -> None:
    """A header key whose bytes equal the last ASCII key decoded is that str (not a copy);
    other keys (a prefix, a longer one, non-ASCII, empty) decode to their own values."""
    keys = ["trace-id", "trace-id", "trace", "trace-idx", "\u00e9t\u00e9", "", "trace-id",
            "k" * 300, "k" * 300, "trace-id"]
    made = [Record(key=b"k", timestamp=1, headers=[(k, b"v"), ("trace-id", None)])
            for k in keys]
    parsed = _parsed(made)
    assert [r.headers for r in parsed] == [r.headers for r in made]
    got = [r.headers for r in parsed]
    assert got[1][0][0] is got[0][0][0] is got[0][1][0]
    assert got[8][0][0] is not got[7][0][0]  # keys over 256 bytes are not kept


def test_a_bad_header_key_makes_the_native_engine_decline() -> None:
    data = bytearray(kformat.build_batch(kformat.make_batch(
        [Record(key=b"k", timestamp=1, headers=[("ab", b"v")])])))
    at = bytes(data).index(b"ab")
    data[at] = 0xFF  # not UTF-8
    from kformat.records.checksum import crc32c
    data[17:21] = crc32c(bytes(data[21:])).to_bytes(4, "big")
    with pytest.raises(native().Fallback):
        native().parse(conversion.v2_grammar().plan, bytes(data), 0, True, None)
    for name in engine.available():
        with engine.using(name), pytest.raises(kformat.errors.InvalidValueError) as err:
            kformat.parse_batches(bytes(data))
        assert err.value.path.endswith("headers[0].key"), err.value


def test_a_large_first_record_does_not_size_the_buffer_for_all() -> None:
    """The writer grows once after the first record, but at most 16 MiB ahead: a large first
    record among many small ones must not reserve size x count."""
    records = [Record(key=b"k", value=b"v" * (1 << 20), timestamp=1)] + \
        [Record(key=b"k", timestamp=1)] * 5000
    batch = kformat.make_batch(records)
    assert native_build(batch) == python_build(batch)
