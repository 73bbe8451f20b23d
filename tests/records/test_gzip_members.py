"""A gzip payload of many members (``GZIPInputStream`` reads concatenated members as one
stream) costs time in proportion to its size, on every entry point, engine and inflater,
and gives the bytes of its members joined."""

from __future__ import annotations

import gzip
import io
import time
from collections.abc import Callable, Iterator

import pytest

from kformat import engine, make_batch
from kformat.errors import CorruptRecordError
from kformat.fuzz.hostile import EMPTY_GZIP_MEMBER, gzip_members_batch
from kformat.fuzz.subjects import batches_subject, splice
from kformat.records import build_batch, codecs, parse_batches, to_arrow
from kformat.records.codecs import Codec, decompress

ENGINES = ("native", "python")
ENTRIES: dict[str, Callable[[bytes], object]] = {"parse_batches": parse_batches,
                                                 "to_arrow": to_arrow}


@pytest.fixture(params=["zlib", "isal"])
def inflater(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if request.param == "zlib":
        monkeypatch.setattr(codecs, "_isal", None)
    else:
        pytest.importorskip("isal.isal_zlib")
        assert codecs._isal is not None
    yield request.param


def best_time(read: Callable[[bytes], object], data: bytes, rounds: int = 3) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        read(data)
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("entry", ENTRIES)
def test_many_members_cost_linear_time(inflater: str, name: str, entry: str) -> None:
    """8x the members takes < 16x the time (it took 30-60x: each member was handed, and
    copied, the whole rest of the payload)."""
    read = ENTRIES[entry]
    small, large = gzip_members_batch(4_000), gzip_members_batch(32_000)
    with engine.using(name):
        read(small)  # warm
        ratio = best_time(read, large) / best_time(read, small)
    assert ratio < 16, f"{entry} on {name}/{inflater}: 8x members took {ratio:.1f}x time"


def member(data: bytes, name: str | None = None) -> bytes:
    """One gzip member holding ``data`` (with an FNAME header field when ``name``)."""
    out = io.BytesIO()
    with gzip.GzipFile(filename=name or "", mode="wb", fileobj=out, mtime=0) as f:
        f.write(data)
    return out.getvalue()


def spread(plain: bytes) -> bytes:
    """``plain`` as one member per byte, between empty members and members whose header
    (a 1,000-byte FNAME) is longer than the first input piece a member gets."""
    parts = []
    for i in range(len(plain)):
        parts.append(member(plain[i:i + 1], name="n" * 1000 if i % 3 == 0 else None))
        parts.append(EMPTY_GZIP_MEMBER * (i % 4))
    return b"".join(parts)


RECORDS = [(b"key-%d" % i, b"value " * i) for i in range(12)]


def spread_batch() -> tuple[bytes, bytes, bytes]:
    """A batch of RECORDS whose payload is :func:`spread`, the plain batch, and the records'
    bytes."""
    plain = build_batch(make_batch(RECORDS, base_timestamp=0))
    batch = build_batch(make_batch(RECORDS, codec=Codec.GZIP, base_timestamp=0))
    subject = batches_subject(batch)
    span = subject.spans(role="compressed")[0]
    inner = decompress(Codec.GZIP, batch[span.start:span.end], limit=1 << 20)
    return splice(subject, span.start, span.end, spread(inner)), plain, inner


@pytest.mark.parametrize("name", ENGINES)
def test_members_give_their_bytes_joined(inflater: str, name: str) -> None:
    data, plain, inner = spread_batch()
    payload = spread(inner)
    assert decompress(Codec.GZIP, payload, limit=1 << 20) == inner
    # at the cap exactly, and one byte under it
    assert decompress(Codec.GZIP, payload, limit=len(inner)) == inner
    with pytest.raises(codecs.LimitExceededError) as info:
        decompress(Codec.GZIP, payload, limit=len(inner) - 1)
    assert (info.value.expected, info.value.actual) == (len(inner) - 1, len(inner))
    with engine.using(name):
        (got,) = parse_batches(data)
        assert [(r.key, r.value) for r in got.records] == RECORDS
        columns = ["offset", "key", "value"]
        assert to_arrow(data, columns=columns).to_pylist() == \
            to_arrow(plain, columns=columns).to_pylist()


@pytest.mark.parametrize("tail,reason", [
    (b"xy", "gzip: 2 trailing bytes after the last member"),
    (EMPTY_GZIP_MEMBER[:-3], "gzip: truncated member"),
])
def test_a_bad_last_member_after_many(inflater: str, tail: bytes, reason: str) -> None:
    payload = member(b"abc") + EMPTY_GZIP_MEMBER * 500 + tail
    with pytest.raises(CorruptRecordError) as info:
        decompress(Codec.GZIP, payload, limit=1 << 20, offset=7, path="records")
    assert (info.value.reason, info.value.path, info.value.offset) == (reason, "records", 7)
