"""Runs of magic 2 batches read by the native engine in one call (``_native.v2_batches``,
:func:`kformat.records.conversion.parse_v2_run`): the same batches as the path it replaces
(framing, the compiled batch plan and ``from_v2``, batch by batch), the same errors.

"The current path" below is ``parse_batches`` / ``iter_batches`` with the run switched off
(:func:`current`), on the same native engine: any field the run sets differently, any batch
it reads that the current path rejects, any error it changes, fails these tests.
"""

from __future__ import annotations

import gc
import io
import json
import random
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kformat
from kformat import engine
from kformat import strategies as ks
from kformat.errors import KFormatError
from kformat.records import conversion, reading
from kformat.records.codecs import Codec
from kformat.records.framing import TIMESTAMP_TYPE_FLAG, TRANSACTIONAL_FLAG
from kformat.records.model import Batch, Record
from tests.helpers import corrupted

pytestmark = [pytest.mark.skipif("native" not in engine.available(),
                                 reason="the native engine is not built here"),
              # the native engine active whatever KFORMAT_ENGINE chose: these tests are about
              # it (the ones that compare it with the Python engine switch to that themselves)
              pytest.mark.usefixtures("on_native")]


FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
LIMIT = 1 << 20


@contextmanager
def current() -> Iterator[None]:
    """The path the run replaces: each magic 2 batch framed, parsed and converted alone."""
    saved = reading.parse_v2_run
    reading.parse_v2_run = lambda *args, **kwargs: []  # type: ignore[assignment]
    try:
        yield
    finally:
        reading.parse_v2_run = saved


def run(data: bytes, verify: bool = True, limit: int = LIMIT,
        max_batch_size: int = 1 << 30) -> list[Batch]:
    return conversion.parse_v2_run(data, 0, verify_crc=verify, limit=limit,
                                   max_batch_size=max_batch_size, memo={})


def outcome(fn: Any) -> tuple[Any, ...]:
    try:
        batches = fn()
    except KFormatError as exc:
        return ("error", type(exc), exc.path, exc.offset, exc.expected, exc.actual, str(exc))
    truncated = getattr(batches, "truncated", None)
    return ("value", [(vars(b), [type(getattr(b, f)) for f in vars(b)]) for b in batches],
            truncated)


def both(data: Any, **options: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """``parse_batches`` and ``iter_batches`` on the run and on the current path, native."""
    with engine.using("native"):
        fast = outcome(lambda: kformat.parse_batches(data, **options))
        fast_iter = outcome(lambda: list(kformat.iter_batches(data, **options)))
        with current():
            slow = outcome(lambda: kformat.parse_batches(data, **options))
            slow_iter = outcome(lambda: list(kformat.iter_batches(data, **options)))
    return (fast, fast_iter), (slow, slow_iter)


def same_batches(found: list[Batch], expected: list[Batch]) -> None:
    """Equal in every field, those equality skips (``raw_records``, ``wire``) included, in
    the same order and of the same types (enum members, bools)."""
    assert [vars(b) for b in found] == [vars(b) for b in expected]
    for a, b in zip(found, expected, strict=True):
        assert type(a) is Batch and list(vars(a)) == list(vars(b))
        assert [type(getattr(a, f)) for f in vars(b)] == [type(getattr(b, f)) for f in vars(b)]
        assert [type(r) for r in a.records] == [type(r) for r in b.records]


def current_batches(data: bytes, **options: Any) -> list[Batch]:
    with engine.using("native"), current():
        return list(kformat.parse_batches(data, **options))


def build(records: list[Record], **kwargs: Any) -> bytes:
    return kformat.build_batch(kformat.make_batch(records, **kwargs))


RECORDS = [Record(key=b"k%d" % i, value=b"value %d " % i * 9, headers=(("h", b"x"),))
           for i in range(20)]
BATCHES = {codec.name.lower(): build(RECORDS, codec=codec, base_offset=100)
           for codec in Codec}


# --------------------------------------------------------------------------- valid input


@pytest.mark.parametrize("codec", sorted(BATCHES))
@pytest.mark.parametrize("verify", [True, False])
def test_a_batch_of_every_codec_reads_in_c_as_the_current_path_reads_it(codec: str,
                                                                        verify: bool) -> None:
    data = BATCHES[codec]
    found = run(data, verify)
    assert len(found) == 1  # read by the run: no decline
    same_batches(found, current_batches(data, verify_crc=verify))
    assert (found[0].raw_records is None) == (codec == "none")
    assert found[0].crc_valid is (True if verify else None)
    fast, slow = both(data, verify_crc=verify)
    assert fast == slow


@settings(max_examples=150, deadline=None)
@given(ks.batch_bytes(ks.v2_batches(), max_batches=4), st.booleans())
def test_generated_runs_read_in_c_as_the_current_path_reads_them(data: bytes,
                                                                 verify: bool) -> None:
    """Every codec, control and transactional batches, unused attribute bits, any header
    value: the run reads all of it (no decline), field for field as the current path."""
    found = run(data, verify)
    assert sum(b.size for b in found) == len(data)
    same_batches(found, current_batches(data, verify_crc=verify))
    for batch in found:
        assert kformat.build_batch(batch) == data[batch.position:batch.position + batch.size]


def test_the_attribute_bits_give_the_named_fields_from_v2_gives() -> None:
    """All 128 combinations of the codec and named flag bits, and the bits above them."""
    for attributes in [*range(128), 0x80 | 0x18, 0x7F00 | 0x2A, -1 & 0x7FFF]:
        codec = attributes & 7
        if codec > 4:
            continue
        batch = kformat.make_batch(RECORDS[:2], codec=codec)
        batch.attributes = attributes
        batch.timestamp_type = 1 if attributes & TIMESTAMP_TYPE_FLAG else 0
        batch.is_transactional = bool(attributes & TRANSACTIONAL_FLAG)
        batch.is_control = bool(attributes & 0x20)
        batch.has_delete_horizon = bool(attributes & 0x40)
        if batch.is_control:
            batch.records = []
            batch.last_offset_delta = 0
        data = kformat.build_batch(batch)
        found = run(data)
        assert len(found) == 1, attributes
        same_batches(found, current_batches(data))


def test_the_fixture_corpus_reads_the_same() -> None:
    """The committed record fixtures: valid ones read by the run in full, invalid ones fail
    with the same error (class, path, offset, message) as on the current path."""
    valid = sorted((FIXTURES / "records").glob("v2-*.bin"))
    for path in valid:
        data = path.read_bytes()
        found = run(data)
        assert sum(b.size for b in found) == len(data), path.name
        same_batches(found, current_batches(data))
        fast, slow = both(data)
        assert fast == slow, path.name
    invalid = sorted((FIXTURES / "invalid" / "records").glob("v2-*.bin"))
    for path in invalid:
        data = path.read_bytes()
        meta = json.loads(path.with_suffix(".json").read_text())
        options = {"decompression_limit": meta.get("decompression_limit", LIMIT),
                   "strict": True}
        fast, slow = both(data, **options)
        assert fast == slow, path.name
        assert fast[0][0] == "error" and fast[0][1].__name__ == meta["error"]["class"], path.name
        assert (fast[0][2], fast[0][3]) == (meta["error"]["path"], meta["error"]["offset"])
    assert len(valid) >= 30 and len(invalid) >= 30


# --------------------------------------------------------------------------- where a run stops

def legacy_entry() -> bytes:
    return kformat.build_batch(kformat.make_batch([Record(key=b"a", value=b"b")], magic=1))


def test_a_run_stops_where_the_current_path_must_have_its_say() -> None:
    """Another magic, a cut-short batch, a bad length, a batch over max_batch_size, a CRC
    mismatch: the run ends before it, and the reader goes on (or fails) as before."""
    none, snappy = BATCHES["none"], BATCHES["snappy"]
    bad_crc = bytearray(snappy)
    bad_crc[-1] ^= 1
    bad_length = bytearray(none)
    bad_length[8:12] = (3).to_bytes(4, "big")
    legacy = legacy_entry()
    cases = [
        (none + snappy + legacy + none, 2),
        (none + snappy + bytes(bad_crc) + none, 2),
        (none + snappy + bytes(bad_length), 2),
        (none + snappy + none[:-1], 2),
        (none + snappy + none[:10], 2),
        (legacy + none, 0),
        (none + b"\0" * 16 + b"\x07" + b"\0" * 60, 1),  # magic 7
    ]
    for data, stop in cases:
        assert [b.position for b in run(data)] == [0, len(none)][:stop]
        for options in ({}, {"verify_crc": False}, {"strict": True},
                        {"max_batch_size": len(snappy)}, {"decompression_limit": 100}):
            fast, slow = both(data, **options)
            assert fast == slow, (stop, options)
    big = snappy + none + snappy
    assert [b.position for b in run(big, max_batch_size=len(snappy))] == [0]


def test_a_mixed_log_keeps_every_position() -> None:
    legacy = legacy_entry()
    data = BATCHES["gzip"] + legacy + BATCHES["zstd"] + BATCHES["lz4"] + legacy + BATCHES["none"]
    fast, slow = both(data)
    assert fast == slow and fast[0][0] == "value"
    assert [b["magic"] for b, _ in fast[0][1]] == [2, 1, 2, 2, 1, 2]


def test_an_iterator_reads_ahead_a_bounded_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """iter_batches reads at most about _ITER_RUN_BYTES ahead per native call (at least one
    batch), parse_batches a whole run; both return what the current path returns."""
    monkeypatch.setattr(reading, "_ITER_RUN_BYTES", len(BATCHES["none"]) + 1)
    data = BATCHES["none"] * 5
    calls = []
    real = conversion.parse_v2_run

    def counting(*args: Any, **kwargs: Any) -> list[Batch]:
        found = real(*args, **kwargs)
        calls.append(len(found))
        return found

    monkeypatch.setattr(reading, "parse_v2_run", counting)
    with engine.using("native"):
        iterated = list(kformat.iter_batches(data))
    assert calls == [2, 2, 1]
    same_batches(iterated, current_batches(data))
    calls.clear()
    with engine.using("native"):
        same_batches(list(kformat.parse_batches(data)), iterated)
    assert calls == [5]


def test_inputs_other_than_bytes_read_the_same() -> None:
    data = BATCHES["snappy"] + BATCHES["none"] + BATCHES["snappy"][:30]
    expected = both(data)
    assert expected[0] == expected[1]
    for source in (bytearray(data), memoryview(data)):
        fast, slow = both(source)
        assert fast == slow == expected[0]
    with engine.using("native"):
        assert outcome(lambda: kformat.parse_batches(io.BytesIO(data))) == expected[0][0]


def test_without_the_native_engine_nothing_runs_ahead() -> None:
    with engine.using("python"):
        assert run(BATCHES["none"]) == []
        assert len(kformat.parse_batches(BATCHES["none"])) == 1


# --------------------------------------------------------------------------- hostile bytes


@pytest.mark.parametrize("codec", ["none", "gzip", "snappy", "lz4", "zstd"])
def test_corrupted_bytes_give_the_same_batches_or_error(codec: str) -> None:
    frame = BATCHES[codec] + BATCHES["none"]
    rng = random.Random(codec)
    for _ in range(150):
        data = bytes(corrupted(frame, rng))
        for options in ({}, {"verify_crc": False}):
            fast, slow = both(data, **options)
            assert fast == slow, (data.hex(), options)


@pytest.mark.parametrize("codec", ["none", "snappy"])
def test_every_truncation_reads_the_same(codec: str) -> None:
    data = BATCHES["none"] + BATCHES[codec]
    for cut in range(0, len(data), 3):
        for options in ({}, {"strict": True}):
            fast, slow = both(data[:cut], **options)
            assert fast == slow, (cut, options)


def test_a_decompression_bomb_in_a_run_is_inflated_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The run fails on it and the current path raises the precise error, from the failure
    the run left in the reader's parse memo (not by inflating it again)."""
    from kformat.records import codecs

    bomb = build([Record(value=b"\0" * (4 << 20))], codec=Codec.GZIP)
    real = codecs._DECODERS[Codec.GZIP]
    calls = []

    def counting(payload: bytes, out: object, magic: int) -> None:
        calls.append(len(payload))
        real(payload, out, magic)

    monkeypatch.setitem(codecs._DECODERS, Codec.GZIP, counting)
    for data in (BATCHES["none"] + bomb, bomb):
        calls.clear()
        with engine.using("native"), pytest.raises(kformat.LimitExceededError) as info:
            kformat.parse_batches(data, decompression_limit=1 << 20)
        assert len(calls) == 1
        assert (info.value.path, info.value.offset) == ("records", len(data) - len(bomb) + 61)


def test_the_batches_are_tracked_their_fields_and_records_are_not() -> None:
    """The batch stays tracked by the cyclic GC: a cycle through an attribute set later is
    collected (3.11 and 3.12 track the dict again, 3.13 stores the value inline)."""
    (batch,) = run(BATCHES["gzip"])
    assert gc.is_tracked(batch) and not gc.is_tracked(vars(batch))
    assert not gc.is_tracked(batch.records)
    gone = weakref.ref(batch)
    batch.note = [batch]
    del batch
    gc.collect()
    assert gone() is None


def test_a_run_out_of_step_fails_instead_of_rereading(monkeypatch):
    # a defect that leaves a run's batches at their defaults (position 0, size 0) must not
    # make the reader read the same bytes forever
    import dataclasses

    data = b"".join(kformat.build_batch(kformat.make_batch([kformat.Record(value=b"x")],
                                                           base_offset=n))
                    for n in range(3))
    real = reading.parse_v2_run

    def stuck(*args, **kwargs):
        return [dataclasses.replace(b, position=0, size=0) for b in real(*args, **kwargs)]

    monkeypatch.setattr(reading, "parse_v2_run", stuck)
    with pytest.raises(RuntimeError, match="native run out of step at offset 0"):
        kformat.parse_batches(data)
    with pytest.raises(RuntimeError, match="out of step"):
        list(kformat.iter_batches(data))
