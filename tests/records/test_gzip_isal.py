"""GZIP payloads inflated by ISA-L (``isal``, when installed) give what zlib gives.

:func:`kformat.records.codecs._gunzip` hands a payload to ISA-L first and keeps its bytes only
when every member inflated whole, checked (CRC-32, ISIZE) and within the cap; anything else
(an ISA-L error, a cut-short member, bytes after the last member, a header with reserved
flag bits, which ISA-L ignores and zlib refuses, more than the cap) goes to zlib's path,
whose bytes or error are the answer. These tests hold both paths equal: the same bytes, or
the same error (class, reason, expected, actual, offset), on valid and damaged payloads.
"""

from __future__ import annotations

import gzip
import io
import random
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kformat.errors import KFormatError
from kformat.records import codecs
from kformat.records.codecs import Codec, compress, decompress, decompress_into

isal_zlib = pytest.importorskip("isal.isal_zlib")

SAMPLE = b"kafka record batch payload " * 40 + bytes(range(256))


def outcome(payload: bytes, limit: int, fast: bool, native: bool = False) -> tuple[object, ...]:
    """What decompressing ``payload`` gives, with ISA-L (``fast``) or zlib alone."""
    kept = codecs._isal
    codecs._isal = isal_zlib if fast else None
    try:
        if native:
            buffer = bytearray()
            got = decompress_into(int(Codec.GZIP), memoryview(payload), buffer, limit, 2)
            return ("ok", got if isinstance(got, bytes) else bytes(buffer[:got]))
        return ("ok", decompress(Codec.GZIP, payload, limit=limit))
    except KFormatError as exc:
        return ("error", type(exc).__name__, exc.reason, exc.expected, exc.actual, exc.offset)
    finally:
        codecs._isal = kept


def same(payload: bytes, limit: int = 1 << 20) -> tuple[object, ...]:
    """The outcome, asserted equal on both paths and both entry points."""
    slow = outcome(payload, limit, fast=False)
    assert outcome(payload, limit, fast=True) == slow
    assert outcome(payload, limit, fast=True, native=True) == \
        outcome(payload, limit, fast=False, native=True)
    return slow


def member(data: bytes, level: int = 6, name: bytes | None = None) -> bytes:
    """One gzip member (with FNAME when ``name``)."""
    if name is None:
        return gzip.compress(data, compresslevel=level, mtime=0)
    out = io.BytesIO()
    with gzip.GzipFile(filename=name.decode(), mode="wb", fileobj=out, mtime=0,
                       compresslevel=level) as f:
        f.write(data)
    return out.getvalue()


def test_isal_inflates_valid_payloads() -> None:
    """The fast path runs (it is not always handed back to zlib)."""
    payload = compress(Codec.GZIP, SAMPLE)
    assert codecs._isal_members(payload, 1 << 20) == [SAMPLE]
    # a member after the first is fed in pieces, so its bytes may come in several chunks
    assert b"".join(codecs._isal_members(payload + payload, 1 << 20)) == SAMPLE + SAMPLE


@pytest.mark.parametrize("case", ["reserved flags", "trailing bytes", "cut short", "crc",
                                  "isize", "header crc", "not gzip"])
def test_zlib_decides_what_isal_does_not_take(case: str) -> None:
    packed = bytearray(compress(Codec.GZIP, SAMPLE))
    if case == "reserved flags":  # ISA-L inflates it; zlib refuses it
        packed[3] |= 0x20
    elif case == "trailing bytes":
        packed += b"\x1f\x8bxx"
    elif case == "cut short":
        del packed[-3:]
    elif case == "crc":
        packed[-8] ^= 1
    elif case == "isize":
        packed[-1] ^= 1
    elif case == "header crc":
        packed[3] |= 0x02
    else:
        packed[0] = 0
    assert codecs._isal_members(bytes(packed), 1 << 20) is None
    assert same(bytes(packed))[0] == "error"


def test_cap_is_zlibs() -> None:
    payload = compress(Codec.GZIP, SAMPLE) * 2
    n = 2 * len(SAMPLE)
    for limit in (0, 1, len(SAMPLE) - 1, len(SAMPLE), len(SAMPLE) + 1, n - 1, n, n + 1):
        got = same(payload, limit)
        assert (got[0] == "ok") == (limit >= n), (limit, got)


@settings(max_examples=150, deadline=None, database=None)
@given(parts=st.lists(st.tuples(st.binary(max_size=3000), st.integers(0, 9),
                                 st.sampled_from([None, b"x", b"segment.log"])),
                       min_size=1, max_size=3),
       repeat=st.integers(1, 50))
def test_same_bytes_on_valid_payloads(parts: list[tuple[bytes, int, bytes | None]],
                                      repeat: int) -> None:
    payload = b"".join(member(data * repeat, level, name) for data, level, name in parts)
    got = same(payload, 1 << 22)
    assert got == ("ok", b"".join(data * repeat for data, _, _ in parts))


def test_same_outcome_on_damaged_payloads() -> None:
    """Seeded damage of every kind to one- and two-member payloads: the same bytes or the
    same error on both paths, whatever ISA-L makes of it."""
    rng = random.Random(10)
    bases = [compress(Codec.GZIP, SAMPLE), member(SAMPLE * 3, 1, b"n") + member(b"", 9),
             zlib.compress(SAMPLE)]
    for _ in range(1500):
        damaged = bytearray(rng.choice(bases))
        for _ in range(rng.randint(1, 3)):
            kind = rng.random()
            at = rng.randrange(len(damaged))
            if kind < 0.5:
                damaged[at] ^= 1 << rng.randrange(8)
            elif kind < 0.7:
                damaged[at] = rng.randrange(256)
            elif kind < 0.8:
                del damaged[at:]
            elif kind < 0.9:
                damaged[3] |= rng.choice((0x20, 0x40, 0x80, 0x02, 0x04, 0x08, 0x10))
            else:
                damaged[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        if damaged:
            same(bytes(damaged), rng.choice((1 << 20, len(SAMPLE), 100)))


def test_gzip_inflater_names_the_path_that_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the benchmarks print beside their gzip figures follows the switch ``_gunzip``
    reads."""
    import importlib.metadata

    assert codecs.gzip_inflater() == f"isal {importlib.metadata.version('isal')} (ISA-L)"
    monkeypatch.setattr(codecs, "_isal", None)
    assert codecs.gzip_inflater() == f"zlib {zlib.ZLIB_RUNTIME_VERSION}"
