"""Kafka conversations in packet captures (pcap and pcapng), as JSON lines.

The link, IP and TCP layers are read with dpkt (a small, pure-Python packet library from
PyPI that reads both file formats; chosen over scapy for its import cost and because it has
no global state): Ethernet (with VLAN tags), Linux cooked captures (SLL and SLL2), BSD
loopback (``NULL`` and ``LOOP``), raw IP, IPv4 and IPv6. Each TCP connection is reassembled
per direction by :class:`~kformat.capture.tcp.TcpStream` and handed to a
:class:`~kformat.capture.messages.ConnectionDecoder`.

Captures may be gzipped (``.pcap.gz``, ``.pcapng.gz``) or read from standard input (``-``).
In pcapng each packet is read with its own interface's link type and timestamp resolution
(:mod:`kformat.capture.files`); packets of a link type kformat does not read are counted as
skipped.

A connection is Kafka when one end uses one of ``ports`` (by default 9092, 9093, 9094 and
29092; that end is the broker unless a SYN says otherwise), or, with ``sniff``, when the
first bytes one end sends parse as a request frame with a known api key and version.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Final

from kformat.capture.files import open_capture
from kformat.capture.files import packets as capture_packets
from kformat.capture.messages import ConnectionDecoder, plausible_request
from kformat.capture.tcp import TcpStream
from kformat.errors import DecodeError, KFormatError

__all__ = ["DEFAULT_PORTS", "CaptureDecoder", "Segment", "decode_pcap", "read_segments"]

DEFAULT_PORTS: Final = (9092, 9093, 9094, 29092)
SNIFF_LIMIT: Final = 65536
"""Bytes held per direction while deciding whether an unknown-port connection is Kafka."""

LINKTYPE_NULL: Final = 0
LINKTYPE_ETHERNET: Final = 1
LINKTYPE_RAW: Final = 101
LINKTYPE_LOOP: Final = 108
LINKTYPE_LINUX_SLL: Final = 113
LINKTYPE_IPV4: Final = 228
LINKTYPE_IPV6: Final = 229
LINKTYPE_LINUX_SLL2: Final = 276
_RAW_ALIASES: Final = (12, 14)  # DLT_RAW on some systems, written by old libpcaps
SUPPORTED_LINKTYPES: Final = frozenset({
    LINKTYPE_NULL, LINKTYPE_ETHERNET, LINKTYPE_RAW, LINKTYPE_LOOP, LINKTYPE_LINUX_SLL,
    LINKTYPE_IPV4, LINKTYPE_IPV6, LINKTYPE_LINUX_SLL2, *_RAW_ALIASES})


def _dpkt() -> Any:
    try:
        import dpkt
        import dpkt.sll
        import dpkt.sll2
    except ImportError as exc:  # pragma: no cover - dpkt is a declared dependency
        raise DecodeError("reading captures needs dpkt (pip install 'kformat[capture]')") from exc
    return dpkt


@dataclass(frozen=True, slots=True)
class Segment:
    """One TCP segment from a capture."""

    ts: float
    src: str
    sport: int
    dst: str
    dport: int
    seq: int
    flags: int
    data: bytes
    ack_number: int = 0

    @property
    def syn(self) -> bool:
        return bool(self.flags & 0x02)

    @property
    def ack(self) -> bool:
        return bool(self.flags & 0x10)

    @property
    def fin_or_rst(self) -> bool:
        return bool(self.flags & 0x05)


def _ip_from_version(dpkt: Any, buf: bytes) -> Any:
    if not buf:
        return None
    version = buf[0] >> 4
    if version == 4:
        return dpkt.ip.IP(buf)
    if version == 6:
        return dpkt.ip6.IP6(buf)
    return None


def _network_layer(dpkt: Any, linktype: int, buf: bytes) -> Any:
    """The IPv4/IPv6 packet inside a link-layer frame, or None."""
    if linktype == LINKTYPE_ETHERNET:
        inner = dpkt.ethernet.Ethernet(buf).data
    elif linktype == LINKTYPE_LINUX_SLL:
        inner = dpkt.sll.SLL(buf).data
    elif linktype == LINKTYPE_LINUX_SLL2:
        inner = dpkt.sll2.SLL2(buf).data
    elif linktype in (LINKTYPE_NULL, LINKTYPE_LOOP):
        return _ip_from_version(dpkt, buf[4:])  # the 4-byte family, either byte order
    elif linktype in (LINKTYPE_RAW, LINKTYPE_IPV4, LINKTYPE_IPV6, *_RAW_ALIASES):
        return _ip_from_version(dpkt, buf)
    else:
        raise DecodeError(f"link type {linktype} is not supported (Ethernet, Linux cooked "
                          f"SLL/SLL2, loopback and raw IP are)", actual=linktype)
    return inner if isinstance(inner, dpkt.ip.IP | dpkt.ip6.IP6) else None


def _address(dpkt: Any, ip: Any, raw: bytes) -> str:
    family = socket.AF_INET6 if isinstance(ip, dpkt.ip6.IP6) else socket.AF_INET
    return str(ipaddress.ip_address(socket.inet_ntop(family, raw)))


@dataclass
class ReadStats:
    packets: int = 0
    tcp: int = 0
    skipped: int = 0  # not IP/TCP, fragments, or undecodable link/IP headers


def read_segments(path: str | Path, stats: ReadStats | None = None,
                  stdin: BinaryIO | None = None) -> Iterator[Segment]:
    """The TCP segments of a pcap or pcapng capture (gzipped or not; ``-`` reads ``stdin``), in
    file order. A capture that is neither, or is cut short, raises the
    :class:`~kformat.errors.DecodeError` naming its position; :class:`OSError` when the file
    cannot be read."""
    dpkt = _dpkt()
    stats = ReadStats() if stats is None else stats
    with open_capture(str(path), stdin) as fh:
        linktype, packets = capture_packets(dpkt, fh)
        if linktype not in SUPPORTED_LINKTYPES:
            raise DecodeError(f"link type {linktype} is not supported (Ethernet, Linux "
                              f"cooked SLL/SLL2, loopback and raw IP are)", actual=linktype)
        for ts, buf, link in packets:
            stats.packets += 1
            try:
                ip = _network_layer(dpkt, link, buf) if link in SUPPORTED_LINKTYPES else None
            except (dpkt.dpkt.Error, ValueError, IndexError, KeyError, struct.error,
                    TypeError):
                stats.skipped += 1
                continue
            tcp = getattr(ip, "data", None)
            if ip is None or not isinstance(tcp, dpkt.tcp.TCP):
                stats.skipped += 1
                continue
            if isinstance(ip, dpkt.ip.IP) and (ip.mf or ip.offset):  # an IPv4 fragment
                stats.skipped += 1
                continue
            stats.tcp += 1
            yield Segment(ts, _address(dpkt, ip, ip.src), tcp.sport,
                          _address(dpkt, ip, ip.dst), tcp.dport, tcp.seq, tcp.flags,
                          bytes(tcp.data), tcp.ack)


def _endpoint(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


@dataclass
class _Connection:
    a: tuple[str, int]
    b: tuple[str, int]
    streams: dict[tuple[str, int], TcpStream] = field(default_factory=dict)
    client: tuple[str, int] | None = None
    decoder: ConnectionDecoder | None = None
    held: list[tuple[tuple[str, int], str, Any, float]] = field(default_factory=list)
    held_bytes: int = 0
    ignored: bool = False
    closed: bool = False

    def stream(self, src: tuple[str, int]) -> TcpStream:
        return self.streams.setdefault(src, TcpStream())


class CaptureDecoder:
    """Decode captures into message records; :meth:`summaries` describes each connection."""

    def __init__(self, *, ports: Iterable[int] = DEFAULT_PORTS, sniff: bool = True,
                 all_fields: bool = False, records: bool = False) -> None:
        self.ports = frozenset(ports)
        self.sniff = sniff
        self.options = {"all_fields": all_fields, "records": records}
        self.connections: list[_Connection] = []
        self._open: dict[frozenset[tuple[str, int]], _Connection] = {}
        self.read_stats = ReadStats()

    def decode(self, paths: Iterable[str | Path],
               stdin: BinaryIO | None = None) -> Iterator[dict[str, Any]]:
        """Message records of every file, then of what the end of the captures completes. A
        capture that does not read raises its error with ``where`` set to its name."""
        for path in paths:
            try:
                for seg in read_segments(path, self.read_stats, stdin):
                    yield from self.segment(seg)
            except KFormatError as exc:
                exc.where = "standard input" if str(path) == "-" else str(path)
                raise
        yield from self.finish()

    def segment(self, seg: Segment) -> Iterator[dict[str, Any]]:
        src, dst = (seg.src, seg.sport), (seg.dst, seg.dport)
        key = frozenset((src, dst))
        conn = self._open.get(key)
        if conn is not None and seg.syn and not seg.ack and conn.closed:
            yield from self._close(conn)
            conn = None
        if conn is None:
            conn = _Connection(src, dst)
            self._open[key] = conn
            self.connections.append(conn)
        if seg.ack and dst in conn.streams:  # bytes the peer acknowledged and we never saw
            yield from self._events(conn, dst, conn.streams[dst].acked(seg.ack_number), seg.ts)
        if seg.syn:
            conn.stream(src).syn(seg.seq)
            if not seg.ack and conn.client is None:
                conn.client = src
        events = conn.stream(src).add(seg.seq + (1 if seg.syn else 0), seg.data)
        if seg.fin_or_rst:
            conn.closed = True
            conn.stream(src).finished = bool(seg.flags & 0x01)
            events += conn.stream(src).flush()
        yield from self._events(conn, src, events, seg.ts)

    def _events(self, conn: _Connection, src: tuple[str, int], events: list[Any],
                ts: float) -> Iterator[dict[str, Any]]:
        if conn.ignored or not events:
            return
        if conn.decoder is None:
            conn.held += [(src, kind, value, ts) for kind, value in events]
            conn.held_bytes += sum(len(v) for k, v in events if k == "data")
            if not self._decide(conn):
                return
            held, conn.held = conn.held, []
            for side, kind, value, when in held:
                yield from self._apply(conn, side, kind, value, when)
            return
        for kind, value in events:
            yield from self._apply(conn, src, kind, value, ts)

    def _apply(self, conn: _Connection, src: tuple[str, int], kind: str, value: Any,
               ts: float) -> Iterator[dict[str, Any]]:
        assert conn.decoder is not None
        side = "client" if src == conn.client else "server"
        if kind == "gap":
            conn.decoder.gap(side, value)
            return
        for decoded in conn.decoder.feed(side, value, ts):
            yield decoded.record

    def _decide(self, conn: _Connection) -> bool:
        """Whether the connection is Kafka (and which end is the client), once known."""
        a_port, b_port = conn.a[1] in self.ports, conn.b[1] in self.ports
        if conn.client is None and a_port != b_port:
            conn.client = conn.b if a_port else conn.a
        if conn.client is None and a_port and b_port:
            conn.client = conn.a if conn.a[1] > conn.b[1] else conn.b
        if conn.client is not None and (a_port or b_port):
            return self._start(conn)
        if not self.sniff:
            conn.ignored = True
            return False
        for end in (conn.a, conn.b):  # the first bytes each end sent
            first = b"".join(v for s, k, v, _ in conn.held if s == end and k == "data")[:12]
            if len(first) < 12:
                continue
            if conn.client in (None, end) and plausible_request(first[4:]):
                conn.client = end
                return self._start(conn)
        if conn.held_bytes > SNIFF_LIMIT or any(k == "gap" for _, k, _, _ in conn.held):
            conn.ignored = True
            conn.held = []
        return False

    def _start(self, conn: _Connection) -> bool:
        assert conn.client is not None
        server = conn.b if conn.client == conn.a else conn.a
        conn.decoder = ConnectionDecoder(_endpoint(*conn.client), _endpoint(*server),
                                         all_fields=self.options["all_fields"],
                                         records=self.options["records"])
        for end, side in ((conn.client, "client"), (server, "server")):
            stream = conn.streams.get(end)
            if stream is None or not stream.saw_syn:  # the capture began mid-connection
                conn.decoder.mid_stream(side)
        return True

    def _close(self, conn: _Connection) -> Iterator[dict[str, Any]]:
        for src, stream in conn.streams.items():
            yield from self._events(conn, src, stream.flush(), 0.0)
        self._open.pop(frozenset((conn.a, conn.b)), None)

    def finish(self) -> Iterator[dict[str, Any]]:
        """Flush every connection (holes left become gaps)."""
        for conn in list(self._open.values()):
            yield from self._close(conn)

    def summaries(self) -> list[dict[str, Any]]:
        """One summary per Kafka connection, in the order they were first seen."""
        out = []
        for conn in self.connections:
            if conn.decoder is None:
                continue
            line = conn.decoder.summary()
            client = conn.client
            assert client is not None  # a decoder starts once the client end is known
            streams = [conn.streams.get(client)] + [s for e, s in conn.streams.items()
                                                    if e != client]
            tcp = {"retransmitted_bytes": 0, "overlapping_bytes": 0, "conflicting_overlaps": 0}
            for s in streams:
                if s is not None:
                    tcp["retransmitted_bytes"] += s.retransmitted
                    tcp["overlapping_bytes"] += s.overlapping
                    tcp["conflicting_overlaps"] += s.conflicts
            line["tcp"] = tcp
            out.append(line)
        return out


def decode_pcap(paths: Iterable[str | Path] | str | Path, **options: Any) -> Iterator[dict[str, Any]]:
    """Message records (dicts, see :mod:`kformat.capture.messages`) of the Kafka connections
    in one or more captures. ``options`` are those of :class:`CaptureDecoder`."""
    if isinstance(paths, str | Path):
        paths = [paths]
    decoder = CaptureDecoder(**options)
    try:
        yield from decoder.decode(paths)
    except KFormatError:
        raise
