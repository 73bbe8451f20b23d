"""``kformat decode``: protocol frames and captured conversations as JSON.

    kformat decode request FILE [--framed]
    kformat decode response FILE --api Metadata --api-version 12 [--framed]
    kformat decode request|response FILE --body --api Metadata -V 12
    kformat decode stream CLIENT_BYTES SERVER_BYTES [--max-frame-size N]
    kformat decode pcap FILE... [--port N]...        (see :mod:`kformat.capture.cli`)

FILE holds one frame: header + body, or with ``--framed`` its 4-byte size prefix first, or
with ``--body`` only a body (no header, no size). Bodies show the fields their version has
(``--all-fields``: every field, at its default where the version lacks it); ``--records``
shows ``records`` fields as batches with their records (:mod:`kformat.protocol.shape`). ``-`` reads standard input, ``--hex`` hex
text. ``request`` and ``response`` print one JSON object; ``stream`` prints one JSON line per
exchange. Values follow docs/json.md (bytes as ``{"$bytes": base64}``...). A frame given with
its size prefix but without ``--framed`` (or the reverse) fails with a hint saying what to
add or remove. Exit status: 0 when everything decoded, 1 when something did not (the error,
with path and offset, on stderr; for ``stream`` in the exchange's JSON), 2 on a usage error.
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
from collections.abc import Sequence
from typing import IO, Any, TextIO

from kformat.console import (
    OK,
    PROBLEMS,
    USAGE,
    Console,
    UsageError,
    add_input_options,
    command_group,
    leaf_options,
    read_input,
    short_help,
)
from kformat.errors import KFormatError
from kformat.jsonable import to_jsonable
from kformat.protocol.api import (
    Request,
    Response,
    compiled_grammar,
    grammar,
    parse_request,
    parse_response,
    resolve_api,
)
from kformat.protocol.framing import DEFAULT_MAX_FRAME_SIZE, Exchange, decode_conversation, unframe
from kformat.protocol.shape import body_json
from kformat.spec.registry import load_registry

__all__ = ["add_body_view_options", "bare_body_json", "exchange_json", "main", "message_json",
           "register"]

_SIZE = struct.Struct(">i")


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
    version = message.api_version if isinstance(message, Request) \
        or message.parsed_as_version is None else message.parsed_as_version
    out["body"] = body_json(grammar(message.api_key, version, kind), message.body,
                            all_fields=all_fields, records=records)
    if message.trailing:
        out["trailing"] = message.trailing.hex()
    return out


def bare_body_json(api_key: int, api_name: str, api_version: int, kind: str, body: Any, *,
                   all_fields: bool = False, records: bool = False) -> dict[str, Any]:
    """The JSON form of a body decoded without its header (``--body``)."""
    return {"api_key": api_key, "api_name": api_name, "api_version": api_version,
            "body": body_json(grammar(api_key, api_version, kind), body,
                              all_fields=all_fields, records=records)}


def exchange_json(ex: Exchange, *, all_fields: bool = False, records: bool = False
                  ) -> dict[str, Any]:
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


# --------------------------------------------------------------------------- parser


def api_argument(text: str) -> int | str:
    """An ``--api`` value: an API key or name, checked when the command line is parsed, so an
    unknown one is a usage error naming the closest API ("did you mean")."""
    api: int | str = int(text) if text.lstrip("-").isdigit() else text
    try:
        resolve_api(api)
    except KFormatError as exc:
        raise argparse.ArgumentTypeError(exc.reason) from None
    return api


def check_api_version(api: int | str, version: int, kind: str) -> None:
    """An ``--api``/``--api-version`` pair names a grammar: an unknown version is a usage
    error (exit status 2) naming the valid range, not a problem with the input."""
    try:
        grammar(resolve_api(api), version, kind)
    except KFormatError as exc:
        raise UsageError(f"argument -V/--api-version: {exc.reason}") from None


def api_list_argument(text: str) -> str:
    """An ``--apis`` value: comma-separated API names or keys, each checked as
    :func:`api_argument` checks one; the text itself is returned."""
    for part in text.split(","):
        if part.strip():
            api_argument(part.strip())
    return text


def add_body_view_options(p: argparse.ArgumentParser) -> None:
    """How a decoded body is shown: ``--all-fields`` and ``--records`` (every command that
    prints protocol bodies as JSON)."""
    p.add_argument("--all-fields", action="store_true",
                   help="also fields the version lacks (at their defaults)")
    p.add_argument("--records", action="store_true",
                   help="records fields as batches with their records")


def _output_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--indent", type=int, default=None, help="pretty-print JSON")
    add_body_view_options(p)
    p.add_argument("--strict", action="store_true",
                   help="bytes after a body are an error (default: shown as trailing)")
    add_input_options(p)
    leaf_options(p)


def _frame_options(p: argparse.ArgumentParser, *, api_required: bool) -> None:
    p.add_argument("file", metavar="FILE", help="the frame ('-' reads standard input)")
    p.add_argument("--api", type=api_argument, required=api_required, default=None,
                   help="api key or name, e.g. 3 or Metadata"
                   + ("" if api_required else " (with --body)"))
    p.add_argument("-V", "--api-version", type=int, required=api_required, default=None,
                   help="the api version" + ("" if api_required else " (with --body)"))
    shape = p.add_mutually_exclusive_group()
    shape.add_argument("--framed", action="store_true",
                       help="FILE starts with the 4-byte size prefix")
    shape.add_argument("--body", action="store_true",
                       help="FILE is a body alone (no header): needs --api and --api-version")
    _output_options(p)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub = command_group(commands, "decode",
                        help="protocol frames and captured conversations as JSON",
                        description=__doc__, raw=True, dest="what", metavar="WHAT")
    req = sub.add_parser("request", help="one request frame",
                         description="Decode one request frame (header + body) as JSON.")
    _frame_options(req, api_required=False)
    req.set_defaults(run=_run_frame)
    resp = sub.add_parser(
        "response", help="one response frame (needs the request's api and version)",
        description="Decode one response frame as JSON; a response does not say its api or "
                    "version, so --api and --api-version/-V are required.")
    _frame_options(resp, api_required=True)
    resp.set_defaults(run=_run_frame)
    stream = sub.add_parser(
        "stream", help="a captured connection, paired by correlation id",
        description=short_help(decode_conversation.__doc__) or "Decode a conversation.")
    stream.add_argument("client", metavar="CLIENT", help="bytes the client sent ('-': stdin)")
    stream.add_argument("server", metavar="SERVER", help="bytes the broker sent ('-': stdin)")
    stream.add_argument("--max-frame-size", type=int, default=DEFAULT_MAX_FRAME_SIZE,
                        help="refuse frames larger than this many bytes "
                             f"(default {DEFAULT_MAX_FRAME_SIZE})")
    _output_options(stream)
    stream.set_defaults(run=_run_stream)
    from kformat.capture import cli as capture_cli

    pcap = sub.add_parser("pcap", help="Kafka conversations in pcap/pcapng captures",
                          description=capture_cli.DESCRIPTION)
    capture_cli.add_arguments(pcap)
    leaf_options(pcap)
    pcap.set_defaults(run=capture_cli.run)


# --------------------------------------------------------------------------- running


def _emit(value: Any, out: IO[str], indent: int | None) -> None:
    out.write(json.dumps(value, indent=indent, ensure_ascii=False) + "\n")


def _looks_framed(data: bytes) -> bool:
    """The first 4 bytes are the big-endian length of the rest: a size-prefixed frame."""
    return len(data) >= 8 and _SIZE.unpack_from(data)[0] == len(data) - 4


def _decode_frame(args: argparse.Namespace, data: bytes) -> dict[str, Any]:
    if args.body:
        if args.api is None or args.api_version is None:
            raise UsageError("--body needs --api and --api-version/-V")
        key = resolve_api(args.api)
        body = compiled_grammar(key, args.api_version, args.what).parse(data)
        return bare_body_json(key, load_registry().request(key).api_name, args.api_version,
                              args.what, body, all_fields=args.all_fields, records=args.records)
    if args.framed:
        data = unframe(data)
    shown = {"all_fields": args.all_fields, "records": args.records}
    if args.what == "request":
        return message_json(parse_request(data, strict=args.strict), **shown)
    return message_json(parse_response(data, args.api, args.api_version, strict=args.strict),
                        **shown)


def _framing_hint(args: argparse.Namespace, data: bytes) -> str | None:
    """What to add or remove when the error comes from a framing mismatch."""
    if args.body:
        return None
    if not args.framed and _looks_framed(data):
        try:
            _decode_frame(argparse.Namespace(**{**vars(args), "framed": True}), data)
        except KFormatError:
            return None
        return (f"FILE starts with a 4-byte size prefix ({len(data) - 4}, the length of the "
                f"rest): add --framed")
    if args.framed and not _looks_framed(data):
        try:
            _decode_frame(argparse.Namespace(**{**vars(args), "framed": False}), data)
        except KFormatError:
            return None
        return "FILE has no 4-byte size prefix: remove --framed"
    return None


def _run_frame(args: argparse.Namespace, console: Console) -> int:
    if args.api is not None and args.api_version is not None:
        check_api_version(args.api, args.api_version, args.what)
    try:
        data = read_input(args.file, console, hex_text=args.hex)
    except OSError as exc:
        console.error(exc, file=args.file)
        return USAGE
    try:
        result = _decode_frame(args, data)
    except KFormatError as exc:
        console.error(exc, file=args.file, hint=_framing_hint(args, data))
        return PROBLEMS
    _emit(result, console.stdout, args.indent)
    return OK


def _run_stream(args: argparse.Namespace, console: Console) -> int:
    if args.client == "-" and args.server == "-":
        raise UsageError("only one of CLIENT and SERVER can be standard input")
    streams = []
    for name in (args.client, args.server):
        try:
            streams.append(read_input(name, console, hex_text=args.hex))
        except OSError as exc:
            console.error(exc, file=name)
            return USAGE
    exchanges = decode_conversation(*streams, max_frame_size=args.max_frame_size,
                                    strict=args.strict)
    for ex in exchanges:
        _emit(exchange_json(ex, all_fields=args.all_fields, records=args.records),
              console.stdout, args.indent)
    failed = [ex for ex in exchanges if ex.error is not None]
    if failed:
        first = failed[0]
        name = args.server if first.error_stream == "server" else args.client
        assert first.error is not None  # what failed holds
        console.error(first.error, file=name,
                      hint=f"{len(failed)} of {len(exchanges)} exchanges did not decode")
    return PROBLEMS if failed else OK


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """``kformat decode ARGS`` (kept for callers of the old entry point)."""
    from kformat.cli import run

    console = Console() if out is None else Console(stdout=out)
    return run(["decode", *(sys.argv[1:] if argv is None else argv)], console)
