"""TCP reassembly of one direction of a connection: sequence numbers to an ordered byte stream.

* Sequence numbers are taken relative to the first one seen (the SYN's + 1 when the SYN was
  captured) and unwrapped past 2**32.
* A segment entirely before the next expected byte is a retransmission: counted, dropped.
* A segment overlapping bytes already delivered gives only its new bytes (the first copy
  wins, as in most stacks; a differing overlap is counted in ``conflicts``).
* A segment after the next expected byte waits (out of order) until the hole is filled.
* A hole that is never filled (the capture missed packets) becomes a *gap*: when the peer
  acknowledges bytes after it (:meth:`TcpStream.acked`), when the waiting data exceeds
  ``max_pending`` bytes, or at :meth:`TcpStream.flush` (FIN, RST or the end of the capture),
  the stream skips to the first byte it has and reports the gap's length.

:meth:`TcpStream.add` and :meth:`TcpStream.flush` return events: ``("data", bytes)`` and
``("gap", length)``, in stream order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

__all__ = ["DEFAULT_MAX_PENDING", "TcpStream"]

DEFAULT_MAX_PENDING: Final = 8 * 1024 * 1024
_MOD: Final = 1 << 32

Event = tuple[str, bytes | int]


@dataclass
class TcpStream:
    """One direction of a TCP connection (see the module doc)."""

    max_pending: int = DEFAULT_MAX_PENDING
    next: int | None = None  # next expected absolute stream position (None: nothing seen)
    base: int | None = None  # the sequence number of stream position 0
    pending: dict[int, bytes] = field(default_factory=dict)
    pending_bytes: int = 0
    retransmitted: int = 0
    overlapping: int = 0
    conflicts: int = 0
    gaps: int = 0
    gap_bytes: int = 0
    delivered: int = 0
    finished: bool = False  # a FIN was seen: it takes one sequence number after the data
    saw_syn: bool = False  # the stream's start was captured
    _delivered_tail: bytes = b""

    def syn(self, seq: int) -> None:
        """A SYN with ``seq``: the stream starts at ``seq + 1``."""
        if self.base is None:
            self.base = (seq + 1) % _MOD
            self.next = 0
            self.saw_syn = True

    def _position(self, seq: int) -> int:
        """The absolute stream position of ``seq``, the unwrapped value nearest ``next``."""
        assert self.base is not None and self.next is not None
        rel = (seq - self.base) % _MOD
        anchor = self.next
        candidate = anchor - (anchor % _MOD) + rel
        best = min((candidate - _MOD, candidate, candidate + _MOD), key=lambda c: abs(c - anchor))
        return best

    def add(self, seq: int, data: bytes) -> list[Event]:
        """A segment carrying ``data`` at sequence number ``seq``."""
        if not data:
            return []
        if self.base is None:
            self.base, self.next = seq % _MOD, 0
        start = self._position(seq)
        end = start + len(data)
        assert self.next is not None
        if end <= self.next:
            self.retransmitted += len(data)
            self._check_overlap(start, data)
            return []
        if start < self.next:
            self.overlapping += self.next - start
            self._check_overlap(start, data[:self.next - start])
            data, start = data[self.next - start:], self.next
        if start > self.next:
            held = self.pending.get(start)
            if held is None or len(held) < len(data):
                self.pending_bytes += len(data) - (len(held) if held else 0)
                self.pending[start] = data
            else:
                self.retransmitted += len(data)
            events: list[Event] = []
            if self.pending_bytes > self.max_pending:
                events += self._skip_gap()
            return events
        return self._deliver(data) + self._drain()

    def _check_overlap(self, start: int, data: bytes) -> None:
        """Count a retransmitted copy whose bytes differ from those delivered (if still known)."""
        assert self.next is not None
        tail_start = self.next - len(self._delivered_tail)
        if start >= tail_start:
            known = self._delivered_tail[start - tail_start:start - tail_start + len(data)]
            if known != data[:len(known)]:
                self.conflicts += 1

    def _deliver(self, data: bytes) -> list[Event]:
        assert self.next is not None
        self.next += len(data)
        self.delivered += len(data)
        self._delivered_tail = (self._delivered_tail + data)[-65536:]
        return [("data", data)]

    def _drain(self) -> list[Event]:
        events: list[Event] = []
        assert self.next is not None
        while self.pending:
            first = min(self.pending)
            if first > self.next:
                break
            data = self.pending.pop(first)
            self.pending_bytes -= len(data)
            end = first + len(data)
            if end <= self.next:
                self.retransmitted += len(data)
                continue
            if first < self.next:
                self.overlapping += self.next - first
                data = data[self.next - first:]
            events += self._deliver(data)
        return events

    def _skip_gap(self) -> list[Event]:
        assert self.next is not None
        first = min(self.pending)
        length = first - self.next
        self.gaps += 1
        self.gap_bytes += length
        self.next = first
        self._delivered_tail = b""
        return [("gap", length), *self._drain()]

    def acked(self, ack: int) -> list[Event]:
        """The peer acknowledged every byte before sequence number ``ack``: bytes up to there
        that the capture lacks are a gap now (Wireshark's "ACKed unseen segment")."""
        if self.base is None or self.next is None:
            return []
        position = self._position(ack) - (1 if self.finished else 0)
        if position <= self.next or position - self.next > _MOD // 2:
            return []
        if self.pending and min(self.pending) <= position:
            return self._skip_gap()
        length = position - self.next
        self.gaps += 1
        self.gap_bytes += length
        self.next = position
        self._delivered_tail = b""
        return [("gap", length)]

    def flush(self) -> list[Event]:
        """The end of this direction: every hole left becomes a gap."""
        events: list[Event] = []
        while self.pending:
            events += self._skip_gap()
        return events
