"""The Record type: the native one (C, not GC-tracked) and its pure-Python twin behave alike.

Every behaviour test runs on both classes; a last group checks that the two agree with each
other (equal hashes, reprs, errors) and that parsing makes the same records on both engines.
"""

from __future__ import annotations

import copy
import gc
import pickle
import sys
from typing import Any

import pytest

import kformat
from kformat import engine
from kformat.errors import EncodeError
from kformat.records import model
from kformat.records.enums import TimestampType
from kformat.records.model import RECORD_FIELDS, PythonRecord

CLASSES = [pytest.param(PythonRecord, id="python")]
if model.Record is not PythonRecord:
    CLASSES.insert(0, pytest.param(model.Record, id="native"))

NATIVE = model.Record is not PythonRecord


def values(r: Any) -> tuple[Any, ...]:
    return tuple(getattr(r, name) for name in RECORD_FIELDS)


def test_one_public_record_type() -> None:
    assert kformat.Record is kformat.records.Record is model.Record
    assert model.Record.__module__ == "kformat.records.model"
    assert model.Record.__name__ == "Record"
    assert (engine.extension() is not None) == NATIVE


@pytest.mark.parametrize("cls", CLASSES)
def test_defaults_and_field_order(cls: Any) -> None:
    r = cls()
    assert values(r) == (0, -1, None, None, (), 0, 0, 0, 0)
    assert r.timestamp_type is TimestampType.CREATE_TIME
    assert cls.__match_args__ == RECORD_FIELDS
    positional = cls(1, 2, b"k", b"v", [("h", b"1")], 1, 3, 4, 5)
    assert values(positional) == (1, 2, b"k", b"v", (("h", b"1"),), 1, 3, 4, 5)
    assert positional == cls(offset=1, timestamp=2, key=b"k", value=b"v",
                             headers=(("h", b"1"),), timestamp_type=TimestampType.LOG_APPEND_TIME,
                             attributes=3, offset_delta=4, timestamp_delta=5)
    assert positional.timestamp_type is TimestampType.LOG_APPEND_TIME
    assert type(positional.offset) is int and type(positional.attributes) is int


@pytest.mark.parametrize("cls", CLASSES)
def test_values_are_made_immutable(cls: Any) -> None:
    class Text(str):
        pass

    r = cls(key=bytearray(b"k"), value=memoryview(b"v"),
            headers=[[Text("a"), bytearray(b"1")], ("b", None)], attributes=True)
    assert type(r.key) is bytes and type(r.value) is bytes
    assert r.headers == (("a", b"1"), ("b", None))
    assert type(r.headers) is tuple and all(type(h) is tuple for h in r.headers)
    assert type(r.headers[0][0]) is str and type(r.headers[0][1]) is bytes
    assert r.attributes == 1 and type(r.attributes) is int
    headers = (("a", b"1"),)
    assert cls(headers=headers).headers is headers  # already immutable: kept as is


@pytest.mark.parametrize("cls", CLASSES)
def test_immutable(cls: Any) -> None:
    r = cls(key=b"k")
    for name in RECORD_FIELDS:
        with pytest.raises(AttributeError):
            setattr(r, name, getattr(r, name))
        with pytest.raises(AttributeError):
            delattr(r, name)
    with pytest.raises(AttributeError):
        r.extra = 1  # type: ignore[attr-defined]
    assert copy.copy(r) is r and copy.deepcopy(r) is r


@pytest.mark.parametrize("cls", CLASSES)
def test_replace(cls: Any) -> None:
    r = cls(offset=5, key=b"k", headers=[("a", b"1")])
    changed = r.replace(value=b"v", headers=[["b", None]], timestamp_type=1)
    assert values(changed) == (5, -1, b"k", b"v", (("b", None),), 1, 0, 0, 0)
    assert values(r) == (5, -1, b"k", None, (("a", b"1"),), 0, 0, 0, 0)  # unchanged
    assert r.replace() == r and r.replace() is not r
    with pytest.raises(TypeError, match="unexpected keyword argument 'keys'"):
        r.replace(keys=b"x")
    with pytest.raises(TypeError):
        r.replace(b"x")  # type: ignore[misc]
    with pytest.raises(EncodeError) as err:
        r.replace(key="text")
    assert err.value.path == "key"
    if sys.version_info >= (3, 13):
        assert copy.replace(r, key=b"x") == r.replace(key=b"x")  # type: ignore[attr-defined]


@pytest.mark.parametrize("cls", CLASSES)
def test_equality_and_hash(cls: Any) -> None:
    a = cls(offset=1, key=b"k", headers=[("h", None)])
    b = cls(offset=1, key=b"k", headers=(("h", None),))
    assert a == b and hash(a) == hash(b)
    assert (a != b) is False
    assert len({a, b}) == 1
    for name, other in [("offset", 2), ("timestamp", 3), ("key", None), ("value", b""),
                        ("headers", ()), ("timestamp_type", 1), ("attributes", 1),
                        ("offset_delta", 1), ("timestamp_delta", 1)]:
        assert a != a.replace(**{name: other}), name
    assert a != values(a) and a != 1
    assert hash(a) == hash(values(a))  # a frozen dataclass's hash


@pytest.mark.parametrize("cls", CLASSES)
def test_repr(cls: Any) -> None:
    r = cls(offset=3, key=b"k", headers=[("h", b"v")], timestamp_type=1)
    assert repr(r) == ("Record(offset=3, timestamp=-1, key=b'k', value=None, "
                       "headers=(('h', b'v'),), timestamp_type=<TimestampType.LOG_APPEND_TIME: "
                       "1>, attributes=0, offset_delta=0, timestamp_delta=0)")


@pytest.mark.parametrize("cls", CLASSES)
@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle(cls: Any, protocol: int) -> None:
    r = cls(offset=1 << 70, timestamp=-(1 << 64), key=b"k", value=None,
            headers=[("h", b"v"), ("n", None)], timestamp_type=1, attributes=2,
            offset_delta=-1, timestamp_delta=1 << 62)
    data = pickle.dumps(r, protocol)
    assert b"kformat.records.model" in data and b"PythonRecord" not in data
    back = pickle.loads(data)
    assert type(back) is model.Record  # the receiving side's Record, native or not
    assert values(back) == values(r)
    assert back.timestamp_type is TimestampType.LOG_APPEND_TIME


BAD: list[tuple[dict[str, Any], str, str]] = [
    ({"key": "text"}, "key", "key needs bytes or None"),
    ({"value": 5}, "value", "value needs bytes or None"),
    ({"headers": {"a": b"1"}}, "headers", "headers need a list or tuple of (key, value) pairs"),
    ({"headers": "ab"}, "headers", "headers need a list or tuple of (key, value) pairs"),
    ({"headers": [("a",)]}, "headers[0]", "a header is a (key, value) pair"),
    ({"headers": [("a", b"1"), "ab"]}, "headers[1]", "a header is a (key, value) pair"),
    ({"headers": [(b"a", b"1")]}, "headers[0].key", "a header key needs a str"),
    ({"headers": [(None, b"1")]}, "headers[0].key", "a header key needs a str"),
    ({"headers": [("a", "1")]}, "headers[0].value", "a header value needs bytes or None"),
    ({"offset": 1.0}, "offset", "offset needs an int"),
    ({"timestamp": "1"}, "timestamp", "timestamp needs an int"),
    ({"offset": 1 << 127}, "offset", "offset is outside the int128 range"),
    ({"timestamp": -(1 << 127) - 1}, "timestamp", "timestamp is outside the int128 range"),
    ({"attributes": 1 << 63}, "attributes", "attributes is outside the int64 range"),
    ({"offset_delta": -(1 << 127) - 1}, "offset_delta",
     "offset_delta is outside the int128 range"),
    ({"timestamp_delta": 1 << 127}, "timestamp_delta",
     "timestamp_delta is outside the int128 range"),
    ({"timestamp_delta": None}, "timestamp_delta", "timestamp_delta needs an int"),
    ({"timestamp_type": 2}, "timestamp_type",
     "timestamp_type must be a TimestampType (-1, 0 or 1)"),
    ({"timestamp_type": 1 << 80}, "timestamp_type",
     "timestamp_type must be a TimestampType (-1, 0 or 1)"),
]


@pytest.mark.parametrize("cls", CLASSES)
@pytest.mark.parametrize(("fields", "path", "reason"), BAD)
def test_bad_fields_are_refused(cls: Any, fields: dict[str, Any], path: str,
                                reason: str) -> None:
    with pytest.raises(EncodeError) as err:
        cls(**fields)
    assert (err.value.path, err.value.reason) == (path, reason)
    with pytest.raises(EncodeError) as again:
        cls().replace(**fields)
    assert (again.value.path, again.value.reason) == (path, reason)


@pytest.mark.parametrize("cls", CLASSES)
def test_extremes_are_kept(cls: Any) -> None:
    top, bottom = (1 << 127) - 1, -(1 << 127)
    r = cls(offset=top, timestamp=bottom, attributes=(1 << 63) - 1,
            offset_delta=bottom, timestamp_delta=top, timestamp_type=-1)
    assert values(r)[:2] == (top, bottom)
    assert (r.attributes, r.offset_delta, r.timestamp_delta) == ((1 << 63) - 1, bottom, top)
    assert r.timestamp_type is TimestampType.NO_TIMESTAMP_TYPE


@pytest.mark.parametrize("cls", CLASSES)
def test_pattern_matching(cls: Any) -> None:
    match cls(offset=7, key=b"k"):
        case cls(offset, _timestamp, key):  # type: ignore[misc]
            assert (offset, key) == (7, b"k")
        case _:
            pytest.fail("no match")


# --------------------------------------------------------------------------- native only

needs_native = pytest.mark.skipif(not NATIVE, reason="the native engine is not built")


@needs_native
def test_native_record_is_not_tracked_by_the_gc() -> None:
    r = model.Record(key=b"k", headers=[("a", b"1")])
    assert not gc.is_tracked(r)
    assert not gc.is_tracked(r.headers) and not gc.is_tracked(r.headers[0])
    (batch,) = kformat.parse_batches(kformat.build_batch(kformat.make_batch([r] * 3)))
    assert not any(gc.is_tracked(x) for x in batch.records)
    assert not any(gc.is_tracked(x.headers) for x in batch.records)


@needs_native
def test_native_record_argument_errors() -> None:
    with pytest.raises(TypeError, match="at most 9 positional"):
        model.Record(*range(10))
    with pytest.raises(TypeError, match="multiple values for argument 'offset'"):
        model.Record(1, offset=2)
    with pytest.raises(TypeError, match="unexpected keyword argument 'keys'"):
        model.Record(keys=b"k")
    with pytest.raises(TypeError):
        class Sub(model.Record):  # type: ignore[misc,valid-type]
            pass


@needs_native
@pytest.mark.parametrize("fields", [
    {}, {"offset": 1 << 100, "timestamp": -5, "key": b"k", "value": b"v",
         "headers": [("a", b"1"), ("b", None)], "timestamp_type": 1, "attributes": -3,
         "offset_delta": 9, "timestamp_delta": -(1 << 62)},
])
def test_native_and_python_twins_agree(fields: dict[str, Any]) -> None:
    native, python = model.Record(**fields), PythonRecord(**fields)
    assert values(native) == values(python)
    assert hash(native) == hash(python)
    assert repr(native) == repr(python)
    assert native != python  # different classes, as two dataclasses would be
    assert pickle.loads(pickle.dumps(python)) == native


def test_parse_makes_the_same_records_on_both_engines() -> None:
    records = [kformat.Record(key=b"k%d" % i, value=b"v" * i, timestamp=1_000 + i,
                              headers=[("h", b"%d" % i)] * (i % 3)) for i in range(20)]
    for timestamp_type in (0, 1):
        for codec in kformat.Codec:
            data = kformat.build_batch(kformat.make_batch(
                records, codec=codec, base_offset=(1 << 63) - 10, timestamp_type=timestamp_type))
            seen = []
            for name in engine.available():
                with engine.using(name):
                    (batch,) = kformat.parse_batches(data)
                seen.append(batch.records)
                assert all(type(r) is model.Record for r in batch.records)
            assert all(s == seen[0] for s in seen)
            assert seen[0][-1].offset == (1 << 63) + 9  # base + delta leaves int64
            if timestamp_type:
                assert {r.timestamp for r in seen[0]} == {1_019}
                assert {r.timestamp_type for r in seen[0]} == {TimestampType.LOG_APPEND_TIME}
            else:
                assert [r.timestamp for r in seen[0]] == [r.timestamp for r in records]
