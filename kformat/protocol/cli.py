"""``kformat decode``: protocol frames and captured conversations as JSON.

    kformat decode request FILE [--framed]
    kformat decode response FILE --api Metadata --version 12 [--framed]
    kformat decode stream CLIENT_BYTES SERVER_BYTES [--max-frame-size N]
    kformat decode pcap FILE... [--port N]...        (see :mod:`kformat.capture.cli`)

FILE holds one frame: header + body, or with ``--framed`` its 4-byte size prefix first.
Bodies show the fields their version has (``--all-fields``: every field, at its default where
the version lacks it); ``--records`` shows ``records`` fields as batches with their records
(:mod:`kformat.protocol.shape`).
``request`` and ``response`` print one JSON object; ``stream`` prints one JSON line per
exchange. Values use the reversible mapping of :mod:`kformat.jsonable` (bytes as
``{"$bytes": base64}``...). Exit status: 0 when everything decoded, 1 when something did not
(the error, with path and offset, is in the output), 2 on a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from kformat.errors import KFormatError
from kformat.jsonable import to_jsonable
from kformat.protocol.api import Request, Response, grammar, parse_request, parse_response
from kformat.protocol.framing import DEFAULT_MAX_FRAME_SIZE, Exchange, decode_conversation, unframe
from kformat.protocol.shape import body_json

__all__ = ["exchange_json", "main", "message_json"]


def message_json(message: Request | Response, *, all_fields: bool = False,
                 records: bool = False) -> dict[str, Any]:
    """The JSON form of a parsed request or response (see :func:`body_json` for the options)."""
    out: dict[str, Any] = {
        "api_key": message.api_key,
        "api_name": message.api_name,
        "api_version": message.api_version,
        "header_version": message.header_version,
        "correlation_id": message.correlation_id,
    }
    if isinstance(message, Request):
        out["client_id"] = message.client_id
    else:
        out["parsed_as_version"] = message.parsed_as_version
    out["header"] = to_jsonable(message.header)
    kind = "request" if isinstance(message, Request) else "response"
    version = message.api_version if isinstance(message, Request) else message.parsed_as_version
    out["body"] = body_json(grammar(message.api_key, version, kind), message.body,
                            all_fields=all_fields, records=records)
    if message.trailing:
        out["trailing"] = message.trailing.hex()
    return out


def exchange_json(ex: Exchange, *, all_fields: bool = False, records: bool = False) -> dict[str, Any]:
    """The JSON form of an :class:`Exchange` (raw frames only where nothing parsed)."""
    out: dict[str, Any] = {"status": ex.status, "correlation_id": ex.correlation_id,
                           "request_offset": ex.request_offset,
                           "response_offset": ex.response_offset}
    if ex.request is not None:
        out["request"] = message_json(ex.request, all_fields=all_fields, records=records)
    elif ex.request_frame is not None:
        out["request_frame"] = to_jsonable(ex.request_frame)
    if ex.response is not None:
        out["response"] = message_json(ex.response, all_fields=all_fields, records=records)
    elif ex.response_frame is not None:
        out["response_frame"] = to_jsonable(ex.response_frame)
    if ex.error is not None:
        out["error"] = {**ex.error.to_dict(), "stream": ex.error_stream}
    return out


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kformat decode",
                                     description="Decode Kafka protocol frames as JSON.")
    sub = parser.add_subparsers(dest="what", required=True)
    req = sub.add_parser("request", help="one request frame")
    req.add_argument("file", type=Path)
    req.add_argument("--framed", action="store_true", help="FILE starts with the 4-byte size")
    resp = sub.add_parser("response", help="one response frame (needs the request's api and version)")
    resp.add_argument("file", type=Path)
    resp.add_argument("--api", required=True, help="api key or name, e.g. 3 or Metadata")
    resp.add_argument("--version", required=True, type=int, help="the request's api version")
    resp.add_argument("--framed", action="store_true", help="FILE starts with the 4-byte size")
    stream = sub.add_parser("stream", help="a captured connection, paired by correlation id")
    stream.add_argument("client", type=Path, help="bytes the client sent")
    stream.add_argument("server", type=Path, help="bytes the broker sent")
    stream.add_argument("--max-frame-size", type=int, default=DEFAULT_MAX_FRAME_SIZE)
    for p in (req, resp, stream):
        p.add_argument("--indent", type=int, default=None, help="pretty-print JSON")
        p.add_argument("--all-fields", action="store_true",
                       help="also fields the version lacks (at their defaults)")
        p.add_argument("--records", action="store_true",
                       help="records fields as batches with their records")
        p.add_argument("--strict", action="store_true",
                       help="bytes after a body are an error (default: shown as trailing)")
    sub.add_parser("pcap", help="Kafka conversations in pcap/pcapng captures", add_help=False)
    return parser


def _emit(value: Any, out: TextIO, indent: int | None) -> None:
    out.write(json.dumps(value, indent=indent, ensure_ascii=False) + "\n")


def _api(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = sys.stdout if out is None else out
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["pcap"]:
        from kformat.capture.cli import main as pcap_main

        return pcap_main(argv[1:], out=out)
    args = _parser().parse_args(argv)
    shown = {"all_fields": args.all_fields, "records": args.records}
    try:
        if args.what == "stream":
            exchanges = decode_conversation(args.client.read_bytes(), args.server.read_bytes(),
                                            max_frame_size=args.max_frame_size,
                                            strict=args.strict)
            for ex in exchanges:
                _emit(exchange_json(ex, **shown), out, args.indent)
            return 1 if any(ex.error is not None for ex in exchanges) else 0
        data = args.file.read_bytes()
        if args.framed:
            data = unframe(data)
        if args.what == "request":
            message: Request | Response = parse_request(data, strict=args.strict)
        else:
            message = parse_response(data, _api(args.api), args.version, strict=args.strict)
        _emit(message_json(message, **shown), out, args.indent)
        return 0
    except KFormatError as exc:
        _emit(exc.to_dict(), out, args.indent)
        print(f"kformat decode: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"kformat decode: {exc}", file=sys.stderr)
        return 2
