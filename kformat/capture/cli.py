"""``kformat decode pcap FILE...``: the Kafka messages of packet captures as JSON lines.

One JSON object per message on stdout (see :mod:`kformat.capture.messages`), one summary
object per connection on stderr at the end, then the packet counts (``packets``,
``tcp_segments``, ``skipped_packets``: not IP/TCP, IPv4 fragments, unreadable headers). Exit status 0 when every message decoded, 1
when some did not, a connection was not decodable or a capture is not one or is cut short
(one error line, its position in the capture), 2 on a usage error or a file that cannot be
read (docs/cli.md). ``-`` reads a capture from standard input; gzipped captures are read too.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from kformat.capture.pcap import DEFAULT_PORTS, CaptureDecoder
from kformat.errors import KFormatError
from kformat.protocol.cli import add_body_view_options

__all__ = ["DESCRIPTION", "add_arguments", "main", "run"]

DESCRIPTION = ("Decode the Kafka connections of pcap/pcapng captures as JSON lines: one object "
               "per message on stdout, one summary per connection on stderr.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``kformat decode pcap`` (the command line's parser tree adds them)."""
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="pcap or pcapng captures ('-' reads standard input)")
    parser.add_argument("--port", type=int, action="append", dest="ports", metavar="PORT",
                        help="a broker port (repeatable; default: "
                             f"{', '.join(map(str, DEFAULT_PORTS))})")
    parser.add_argument("--no-sniff", action="store_true",
                        help="only connections on --port (no detection by the first request)")
    add_body_view_options(parser)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """``kformat decode pcap ARGS`` (kept for callers of this entry point)."""
    from kformat.cli import run as run_cli
    from kformat.console import Console

    console = Console(stdout=sys.stdout if out is None else out,
                      stderr=sys.stderr if err is None else err)
    return run_cli(["decode", "pcap", *(sys.argv[1:] if argv is None else argv)], console)


def run(args: argparse.Namespace, console: Any) -> int:
    """Decode the captures ``args`` names; 0, 1 when something did not decode, 2 on errors."""
    out, err = console.stdout, console.stderr
    decoder = CaptureDecoder(ports=args.ports or DEFAULT_PORTS, sniff=not args.no_sniff,
                             all_fields=args.all_fields, records=args.records)
    failed = False
    try:
        for record in decoder.decode(args.files, console.binary_stdin()):
            failed |= "error" in record
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    except KFormatError as exc:  # not a capture, or cut short: what was read is out already
        console.error(exc, file=getattr(exc, "where", None))
        return 1
    for line in decoder.summaries():
        failed |= _bad(line)
        err.write(json.dumps(line, ensure_ascii=False) + "\n")
    stats = decoder.read_stats
    err.write(json.dumps({"packets": stats.packets, "tcp_segments": stats.tcp,
                          "skipped_packets": stats.skipped}) + "\n")
    return 1 if failed else 0


def _bad(summary: dict[str, Any]) -> bool:
    bad: bool = summary["status"] != "kafka" or summary["errors"] > 0 or summary["gaps"] > 0
    return bad
