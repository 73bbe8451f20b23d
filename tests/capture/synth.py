"""Hand-built captures: Kafka conversations cut into TCP segments, written with dpkt.

Segments can be reordered, duplicated, overlapped or dropped, to exercise reassembly; files
are written as pcap or pcapng with any of the link types ``kformat.capture`` reads.
"""

from __future__ import annotations

import ipaddress
import struct
from dataclasses import dataclass
from pathlib import Path

import dpkt
import dpkt.sll
import dpkt.sll2

SYN, FIN, ACK, PSH = 0x02, 0x01, 0x10, 0x08
LINKTYPES = {"ethernet": 1, "null": 0, "loop": 108, "raw": 101, "sll": 113, "sll2": 276}


@dataclass
class Packet:
    ts: float
    src: str
    sport: int
    dst: str
    dport: int
    seq: int
    ack: int
    flags: int
    data: bytes = b""


def _ip(p: Packet):
    tcp = dpkt.tcp.TCP(sport=p.sport, dport=p.dport, seq=p.seq % 2**32, ack=p.ack % 2**32,
                       flags=p.flags, win=65535, data=p.data)
    tcp.off = 5
    if ":" in p.src:
        ip = dpkt.ip6.IP6(src=ipaddress.ip_address(p.src).packed, dst=ipaddress.ip_address(p.dst).packed,
                          nxt=dpkt.ip.IP_PROTO_TCP, hlim=64, data=tcp, plen=len(bytes(tcp)))
        ip.extension_hdrs = {}
        return ip
    ip = dpkt.ip.IP(src=ipaddress.ip_address(p.src).packed, dst=ipaddress.ip_address(p.dst).packed,
                    p=dpkt.ip.IP_PROTO_TCP, ttl=64, data=tcp)
    ip.len = 20 + len(bytes(tcp))
    return ip


def link_frame(linktype: str, p: Packet) -> bytes:
    ip = _ip(p)
    v6 = ":" in p.src
    ethtype = dpkt.ethernet.ETH_TYPE_IP6 if v6 else dpkt.ethernet.ETH_TYPE_IP
    if linktype == "ethernet":
        return bytes(dpkt.ethernet.Ethernet(src=b"\x02\0\0\0\0\1", dst=b"\x02\0\0\0\0\2",
                                            type=ethtype, data=ip))
    if linktype == "sll":
        return bytes(dpkt.sll.SLL(type=0, hrd=772, hlen=6, hdr=b"\0" * 8, ethtype=ethtype, data=ip))
    if linktype == "sll2":
        return bytes(dpkt.sll2.SLL2(ethtype=ethtype, intindex=1, hrd=772, type=0, hlen=6,
                                    hdr=b"\0" * 8, data=ip))
    if linktype == "null":
        return struct.pack("<I", 30 if v6 else 2) + bytes(ip)
    if linktype == "loop":
        return struct.pack(">I", 30 if v6 else 2) + bytes(ip)
    return bytes(ip)


def write(path: Path, packets: list[Packet], linktype: str = "ethernet", fmt: str = "pcapng") -> Path:
    with open(path, "wb") as fh:
        if fmt == "pcapng":
            writer = dpkt.pcapng.Writer(fh, snaplen=262144, linktype=LINKTYPES[linktype])
        else:
            writer = dpkt.pcap.Writer(fh, snaplen=262144, linktype=LINKTYPES[linktype])
        for p in packets:
            writer.writepkt(link_frame(linktype, p), ts=p.ts)
    return path


class Conversation:
    """One TCP connection; ``send`` appends data segments in either direction."""

    def __init__(self, client=("10.0.0.1", 50000), server=("10.0.0.2", 9092), *,
                 isn_client=1000, isn_server=5000, handshake=True, t0=1700000000.0):
        self.client, self.server = client, server
        self.seq = {client: isn_client, server: isn_server}
        self.t = t0
        self.packets: list[Packet] = []
        if handshake:
            self._add(client, SYN, b"")
            self.seq[client] += 1
            self._add(server, SYN | ACK, b"")
            self.seq[server] += 1
            self._add(client, ACK, b"")

    def _other(self, side):
        return self.server if side == self.client else self.client

    def _add(self, side, flags, data, seq=None):
        self.t += 0.001
        other = self._other(side)
        p = Packet(self.t, side[0], side[1], other[0], other[1],
                   self.seq[side] if seq is None else seq, self.seq[other], flags, data)
        self.packets.append(p)
        return p

    def send(self, side, data: bytes, mss: int = 0) -> list[Packet]:
        """``data`` from ``side`` (client or server address), cut in ``mss``-byte segments."""
        side = self.client if side == "client" else self.server if side == "server" else side
        out = []
        step = mss or len(data) or 1
        for i in range(0, len(data), step):
            out.append(self._add(side, PSH | ACK, data[i:i + step]))
            self.seq[side] += len(data[i:i + step])
        return out

    def close(self):
        for side in (self.client, self.server):
            self._add(side, FIN | ACK, b"")
            self.seq[side] += 1
