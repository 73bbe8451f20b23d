"""Capture files: pcap and pcapng, plain or gzipped, from a path or standard input.

pcapng is read block by block here rather than by dpkt's reader, which applies the first
interface's link type and timestamp resolution to every packet: each Enhanced (or obsolete)
Packet Block is read with the ``if_tsresol`` and ``if_tsoffset`` of the interface it names,
and the link type of that interface (pcapng, IETF draft-ietf-opsawg-pcapng, "Interface
Description Block"). A capture cut short raises :class:`~kformat.errors.TruncatedError` at the
position (in the uncompressed capture) where the cut block starts.
"""

from __future__ import annotations

import gzip
import io
import struct
import zlib
from collections.abc import Iterator
from typing import Any, BinaryIO, Final

from kformat.errors import DecodeError, InvalidValueError, TruncatedError

__all__ = ["GZIP_MAGIC", "Packet", "open_capture", "packets"]

GZIP_MAGIC: Final = b"\x1f\x8b"
PCAPNG_MAGIC: Final = b"\x0a\x0d\x0d\x0a"
_BT_IDB, _BT_PB, _BT_EPB = 1, 2, 6
_MAX_BLOCK: Final = 64 << 20
"""A pcapng block longer than this is corrupt (a packet is at most a few hundred KiB)."""

Packet = tuple[float, bytes, int]
"""``(timestamp, link-layer bytes, link type)``."""


def open_capture(name: str, stdin: BinaryIO | None = None) -> BinaryIO:
    """The capture ``name`` names (``-``: ``stdin``), seekable and gunzipped when gzipped.
    Raises :class:`OSError` when the file cannot be read."""
    if name == "-":
        raw: BinaryIO = io.BytesIO((stdin or io.BytesIO()).read())
    else:
        raw = open(name, "rb")  # noqa: SIM115 - the caller closes it
    if raw.read(2) != GZIP_MAGIC:
        raw.seek(0)
        return raw
    if name == "-":
        raw.seek(0)
        return gzip.GzipFile(fileobj=raw, mode="rb")  # type: ignore[return-value]
    raw.close()
    return gzip.open(name, "rb")  # type: ignore[return-value]


def packets(dpkt: Any, fh: BinaryIO) -> tuple[int, Iterator[Packet]]:
    """``(first interface's link type, packets)`` of a pcap or pcapng capture; a file that is
    neither raises :class:`~kformat.errors.DecodeError` at once."""
    magic = _read(fh, 4, 0)
    fh.seek(0)
    if magic == PCAPNG_MAGIC:
        it = _pcapng(dpkt, fh)
        first = next(it)  # the first interface's link type, once its block is read
        return int(first[2]), it
    try:
        reader = dpkt.pcap.Reader(fh)
    except (ValueError, struct.error, EOFError, dpkt.dpkt.Error, gzip.BadGzipFile,
            zlib.error) as exc:
        raise DecodeError(f"not a pcap or pcapng file ({exc})", offset=0) from None
    linktype = int(reader.datalink())
    return linktype, _pcap(reader, fh, linktype)


def _read(fh: BinaryIO, n: int, position: int) -> bytes:
    try:
        return fh.read(n)
    except (EOFError, gzip.BadGzipFile, zlib.error, OSError) as exc:
        if isinstance(exc, OSError) and not isinstance(exc, gzip.BadGzipFile):
            raise
        raise TruncatedError(f"capture cut short ({exc})", offset=position) from None


def _pcap(reader: Any, fh: BinaryIO, linktype: int) -> Iterator[Packet]:
    position = fh.tell()
    count = 0
    while True:
        try:
            ts, buf = next(iter(reader))
        except StopIteration:
            return
        except (ValueError, struct.error, EOFError, gzip.BadGzipFile, zlib.error) as exc:
            raise TruncatedError(f"capture cut short after {count} packets ({exc})",
                                 offset=position) from None
        count += 1
        position = fh.tell()
        yield float(ts), bytes(buf), linktype


def _pcapng(dpkt: Any, fh: BinaryIO) -> Iterator[Any]:
    """Yields the first interface's ``(None, None, linktype)`` once, then the packets."""
    ng = dpkt.pcapng
    order = "<"
    interfaces: list[tuple[int, float, int]] = []  # (link type, divisor, offset seconds)
    announced = False
    count = 0
    while True:
        start = fh.tell()
        head = _read(fh, 8, start)
        if not head:
            if not announced:
                raise DecodeError("not a pcap or pcapng file (no interface)", offset=start)
            return
        if len(head) < 8:
            raise TruncatedError(f"capture cut short after {count} packets: a block header "
                                 f"of {len(head)} of 8 bytes", offset=start)
        if head[:4] == PCAPNG_MAGIC:  # a section header: byte order, interfaces anew
            bom = _read(fh, 4, start)
            order = {b"\x4d\x3c\x2b\x1a": "<", b"\x1a\x2b\x3c\x4d": ">"}.get(bom, "")
            if not order:
                raise DecodeError("not a pcap or pcapng file (bad byte-order magic)",
                                  offset=start + 8)
            interfaces = []
            head += bom
        btype, length = struct.unpack(order + "II", head[:8])
        if length < 12 or length % 4 or length > _MAX_BLOCK:
            raise InvalidValueError(f"pcapng block length {length} is not a multiple of 4 "
                                    f"between 12 and {_MAX_BLOCK}", offset=start + 4,
                                    actual=length)
        buf = head + _read(fh, length - len(head), start)
        if len(buf) < length:
            raise TruncatedError(f"capture cut short after {count} packets: a block of "
                                 f"{length} bytes, {len(buf)} present", offset=start)
        le = order == "<"
        try:
            if btype == _BT_IDB:
                idb = (ng.InterfaceDescriptionBlockLE if le else ng.InterfaceDescriptionBlock)(buf)
                interfaces.append(_interface(idb, order))
                if not announced:
                    announced = True
                    yield None, None, idb.linktype
            elif btype in (_BT_EPB, _BT_PB):
                cls = ((ng.EnhancedPacketBlockLE if le else ng.EnhancedPacketBlock)
                       if btype == _BT_EPB else (ng.PacketBlockLE if le else ng.PacketBlock))
                blk = cls(buf)
                if blk.iface_id >= len(interfaces):
                    raise InvalidValueError(f"packet of interface {blk.iface_id}, which the "
                                            f"section does not describe", offset=start + 8,
                                            actual=blk.iface_id)
                linktype, divisor, offset = interfaces[blk.iface_id]
                count += 1
                yield (offset + ((blk.ts_high << 32) | blk.ts_low) / divisor,
                       bytes(blk.pkt_data), linktype)
        except (dpkt.dpkt.Error, struct.error, ValueError, IndexError) as exc:
            raise InvalidValueError(f"pcapng block of type {btype} does not decode ({exc})",
                                    offset=start) from None


def _interface(idb: Any, order: str) -> tuple[int, float, int]:
    divisor, offset = 1e6, 0
    for opt in idb.opts:
        if opt.code == 9:  # if_tsresol: 10^-n, or 2^-n with the high bit set
            value = opt.data[0]
            divisor = float((2 if value & 0x80 else 10) ** (value & 0x7F))
        elif opt.code == 14:  # if_tsoffset: seconds added to every timestamp
            offset = struct.unpack(order + "q", opt.data[:8])[0]
    return int(idb.linktype), divisor, offset
