"""A payload the compiled path rejected is not inflated again by the interpreter's re-parse."""

from __future__ import annotations

import pytest

import kformat
from kformat.records import codecs
from kformat.records.model import Record


def test_a_decompression_bomb_is_inflated_once(monkeypatch: pytest.MonkeyPatch) -> None:
    batch = kformat.make_batch([Record(value=b"\0" * (4 << 20))], codec=kformat.Codec.GZIP)
    data = kformat.build_batch(batch)
    real = codecs._DECODERS[codecs.Codec.GZIP]
    calls = []

    def counting(payload: bytes, out: object, magic: int) -> None:
        calls.append(len(payload))
        real(payload, out, magic)

    monkeypatch.setitem(codecs._DECODERS, codecs.Codec.GZIP, counting)
    with pytest.raises(kformat.LimitExceededError) as info:
        kformat.parse_batches(data, decompression_limit=1 << 20)
    assert len(calls) == 1
    # the error is still the interpreter's precise one
    assert (info.value.path, info.value.offset, info.value.expected) == ("records", 61, 1 << 20)


def test_the_memo_does_not_outlive_the_parse_call() -> None:
    batch = kformat.make_batch([Record(value=b"\0" * (2 << 20))], codec=kformat.Codec.GZIP)
    data = kformat.build_batch(batch)
    with pytest.raises(kformat.LimitExceededError):
        kformat.parse_batches(data, decompression_limit=1 << 20)
    (back,) = kformat.parse_batches(data, decompression_limit=4 << 20)
    assert back.records[0].value == b"\0" * (2 << 20)
