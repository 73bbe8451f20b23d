"""Finding the next batch after bytes that do not frame one (the reader's resync).

After garbage, a damaged length or a batch that does not decode, the reader looks for the
next position where a whole batch of a known magic starts: a length field within bounds,
the magic byte at 16, and -- what makes a false find unlikely -- a stored CRC equal to the
CRC of the bytes it covers (CRC-32C from ``attributes`` on for magic 2, CRC-32 from
``magic`` on for magic 0/1: "Record Batch" and "Message Sets" in Kafka's implementation
documentation). The scan reads at most ``limit`` bytes past the start, so it is bounded.
"""

from __future__ import annotations

import re
import struct

from kformat.records.batch import BATCH_OVERHEAD, CRC_OFFSET
from kformat.records.checksum import crc32, crc32c
from kformat.records.framing import PEEK, min_length
from kformat.spark.files import RandomAccess

__all__ = ["DEFAULT_RESYNC_LIMIT", "find_batch", "plausible_batch"]

DEFAULT_RESYNC_LIMIT = 16 << 20
_CANDIDATE = re.compile(rb"(?s)(?=.{16}[\x00\x01\x02])")
_HEAD = struct.Struct(">qiiB")
_BLOCK = 1 << 20


def plausible_batch(source: RandomAccess, pos: int, end: int, max_batch_size: int,
                    head: bytes | None = None) -> int | None:
    """The size of the batch at ``pos`` when one whose CRC matches lies wholly before
    ``end``; else None."""
    if head is None or len(head) < PEEK:
        head = source.read_at(pos, PEEK)
    if len(head) < PEEK:
        return None
    base, length, _, magic = _HEAD.unpack_from(head)
    minimum = min_length(magic)
    size = BATCH_OVERHEAD + length
    if base < 0 or minimum is None or length < minimum or size > max_batch_size \
            or pos + size > end:
        return None
    batch = source.read_at(pos, size)
    if len(batch) < size:
        return None
    if magic == 2:
        stored = int.from_bytes(batch[CRC_OFFSET:CRC_OFFSET + 4], "big")
        return size if crc32c(batch[CRC_OFFSET + 4:]) == stored else None
    stored = int.from_bytes(batch[12:16], "big")
    return size if crc32(batch[16:]) == stored else None


def find_batch(source: RandomAccess, start: int, end: int, *, limit: int,
               max_batch_size: int) -> int | None:
    """The first position in ``[start, min(end, start + limit))`` where a whole,
    CRC-valid batch ending by ``end`` starts; None when there is none."""
    stop = min(end, start + max(0, limit))
    at = start
    while at < stop:
        block = source.read_at(at, min(_BLOCK, stop - at) + 17)
        scan_to = min(_BLOCK, stop - at)
        for m in _CANDIDATE.finditer(block):
            p = m.start()
            if p >= scan_to:
                break
            if plausible_batch(source, at + p, end, max_batch_size,
                               head=block[p:p + 17]) is not None:
                return at + p
        at += scan_to
    return None
