"""Kafka conversations from captures and live connections, as JSON lines.

* :func:`decode_pcap` / :class:`CaptureDecoder`: pcap and pcapng files (``kformat decode pcap``);
* :class:`ConnectionDecoder`: one connection's frames, paired by correlation id (also used by
  ``kformat proxy``);
* :class:`TcpStream`: TCP reassembly of one direction.
"""

from kformat.capture.messages import ConnectionDecoder, Decoded, error_json
from kformat.capture.pcap import DEFAULT_PORTS, CaptureDecoder, Segment, decode_pcap, read_segments
from kformat.capture.tcp import TcpStream

__all__ = [
    "DEFAULT_PORTS",
    "CaptureDecoder",
    "ConnectionDecoder",
    "Decoded",
    "Segment",
    "TcpStream",
    "decode_pcap",
    "error_json",
    "read_segments",
]
