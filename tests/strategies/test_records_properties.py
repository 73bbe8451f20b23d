"""Records, batches of every magic and codec, legacy message sets: the strategies' values
build, parse back equal, rebuild byte for byte, and the two grammar paths agree."""

from __future__ import annotations

from io import BytesIO

import pytest
from hypothesis import given, settings

from kformat import build_batch, parse_batches
from kformat.primitives import parse_interpreted
from kformat.records import Codec, LegacyMessageSetEntry, RecordBatchV2
from kformat.strategies import (
    batch_bytes,
    comparable,
    control_batches,
    legacy_batches,
    legacy_message_sets,
    record_payloads,
    record_sets,
    v2_batches,
)
from kformat.strategies.records import CODECS
from tests.helpers import assert_same, budget, compiled


def _round_trip(batch):
    data = build_batch(batch)
    parsed = parse_batches(data, strict=True)
    assert len(parsed) == 1 and parsed.truncated is None
    assert_same(comparable(parsed[0]), comparable(batch), "build then parse")
    assert build_batch(parsed[0]) == data, "parse then build"
    return data


@pytest.mark.parametrize("codec", CODECS, ids=[Codec(c).name.lower() for c in CODECS])
def test_v2_batches_of_every_codec(codec):
    @settings(max_examples=budget(40, 2000))
    @given(v2_batches(codec=codec))
    def holds(batch):
        data = _round_trip(batch)
        interpreted = parse_interpreted(RecordBatchV2, data)
        assert_same(compiled(RecordBatchV2).parse_stream(BytesIO(data)), interpreted,
                    "compiled == interpreted")
        assert compiled(RecordBatchV2).build(interpreted) == data
        assert batch.codec == codec

    holds()


def test_control_batches():
    @settings(max_examples=budget(30, 1000))
    @given(control_batches())
    def holds(batch):
        _round_trip(batch)
        assert batch.is_control and batch.is_transactional and len(batch.records) == 1

    holds()


@pytest.mark.parametrize("magic", [0, 1])
def test_legacy_batches(magic):
    @settings(max_examples=budget(40, 2000))
    @given(legacy_batches(magic=magic))
    def holds(batch):
        data = _round_trip(batch)
        interpreted = parse_interpreted(LegacyMessageSetEntry, data)
        assert_same(compiled(LegacyMessageSetEntry).parse(data), interpreted)
        assert compiled(LegacyMessageSetEntry).build(interpreted) == data

    holds()


def test_legacy_message_sets_hold_wrappers_and_inner_messages():
    @settings(max_examples=budget(30, 1000))
    @given(legacy_message_sets())
    def holds(data):
        parsed = parse_batches(data, strict=True)
        assert parsed and all(b.magic in (0, 1) for b in parsed)
        assert b"".join(build_batch(b) for b in parsed) == data

    holds()


def test_batch_bytes_and_record_sets_parse():
    @settings(max_examples=budget(30, 1000))
    @given(batch_bytes(max_batches=3), record_sets())
    def holds(data, records):
        assert b"".join(build_batch(b) for b in parse_batches(data, strict=True)) == data
        assert parse_batches(records.raw, strict=True).truncated is None

    holds()


def test_record_payloads_are_walked_from_the_record_grammar():
    @settings(max_examples=budget(30, 1000))
    @given(record_payloads())
    def holds(payload):
        assert set(payload) == {"attributes", "timestamp_delta", "offset_delta", "key",
                                "value", "headers"}

    holds()


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"codec": 9}, ValueError), ({"codec": [0, 5]}, ValueError), ({"max_records": -1}, ValueError),
    ({"control": "yes"}, ValueError),
])
def test_bad_arguments_fail_at_once(kwargs, error):
    with pytest.raises(error):
        v2_batches(**kwargs)


def test_legacy_arguments_fail_at_once():
    with pytest.raises(ValueError):
        legacy_batches(magic=2)
    with pytest.raises(ValueError):
        legacy_batches(codec=4)  # zstd is magic 2 only
    with pytest.raises(ValueError):
        batch_bytes(min_batches=3, max_batches=1)
