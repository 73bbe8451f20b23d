"""``kformat records decode FILE...``: record batches (any magic) as JSON lines."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import IO, Any

from kformat.console import (
    OK,
    PROBLEMS,
    USAGE,
    Console,
    add_input_options,
    command_group,
    leaf_options,
    read_input,
)
from kformat.errors import CorruptRecordError, KFormatError, TruncatedError
from kformat.outputs.decoders import PLAIN_DECODERS
from kformat.outputs.jsonlines import decode_to_json_lines, json_lines_past_crc_mismatches
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT

__all__ = ["main", "register"]

DECODER_CHOICES = ("bytes", *PLAIN_DECODERS)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub = command_group(commands, "records",
                        help="record batches (magic 0, 1, 2): decode to JSON lines",
                        description="Record batches and legacy message sets.")
    decode = sub.add_parser(
        "decode", help="every record of FILE as one JSON object per line",
        description="Print every record of FILE (concatenated batches of magic 0, 1 or 2) as "
        "one JSON object per line (docs/json.md). FILE '-' reads standard input. Exit status "
        "0, 1 when a batch did not decode (the error on stderr), 2 on a usage error.")
    decode.add_argument("files", nargs="+", metavar="FILE",
                        help="files of record batches ('-' reads standard input)")
    add_input_options(decode)
    decode.add_argument("--no-verify-crc", action="store_true",
                        help="do not check CRCs (forensic reads)")
    decode.add_argument("--strict", action="store_true",
                        help="stop at a CRC mismatch or a partial trailing batch instead of "
                             "reporting it and reading on")
    decode.add_argument("--decompression-limit", type=int, default=DEFAULT_DECOMPRESSION_LIMIT,
                        metavar="BYTES",
                        help="refuse a batch that inflates past this many bytes "
                             f"(default {DEFAULT_DECOMPRESSION_LIMIT})")
    decode.add_argument("--key-decoder", choices=DECODER_CHOICES, default="bytes",
                        help="show keys as text (default: bytes, as {\"$bytes\": base64})")
    decode.add_argument("--value-decoder", choices=DECODER_CHOICES, default="bytes",
                        help="show values as text (default: bytes)")
    leaf_options(decode)
    decode.set_defaults(run=run_decode)


def run_decode(args: argparse.Namespace, console: Console) -> int:
    status = OK
    for name in args.files:
        try:
            data = read_input(name, console, hex_text=args.hex)
        except OSError as exc:
            console.error(exc, file=name)
            status = max(status, USAGE)
            continue
        bad_crc: list[int] = []
        try:
            tail = _print_lines(data, args, console.stdout, bad_crc)
        except KFormatError as exc:
            console.error(exc, file=name)
            status = max(status, PROBLEMS)
            continue
        if bad_crc:  # shown with "crc_valid": false, read on past: a problem of the input
            console.error(CorruptRecordError(
                f"{len(bad_crc)} batch(es) whose stored CRC does not match, read on past "
                f"(\"crc_valid\": false)", offset=bad_crc[0]), file=name)
            status = max(status, PROBLEMS)
        if tail is not None:  # a partial last batch: shown on stdout, a problem of the input
            needed = "?" if tail["needed"] is None else tail["needed"]
            console.error(TruncatedError(
                f"last batch cut short: {tail['available']} of {needed} bytes present",
                offset=tail["position"]), file=name)
            status = max(status, PROBLEMS)
    return status


def _print_lines(data: bytes, args: argparse.Namespace, out: IO[str],
                 bad_crc: list[int]) -> dict[str, Any] | None:
    """Print the records of ``data``; the partial last batch's ``truncated`` fields, if any.
    Reads on past a CRC mismatch (unless ``--strict``), adding the batch's position to
    ``bad_crc``."""
    decoders = {"key_decoder": None if args.key_decoder == "bytes" else args.key_decoder,
                "value_decoder": None if args.value_decoder == "bytes" else args.value_decoder}
    if args.no_verify_crc or args.strict:
        lines = decode_to_json_lines(data, verify_crc=not args.no_verify_crc,
                                     strict=args.strict,
                                     decompression_limit=args.decompression_limit, **decoders)
    else:
        lines = json_lines_past_crc_mismatches(
            data, decompression_limit=args.decompression_limit, **decoders)
    tail = None
    for line in lines:
        out.write(line + "\n")
        if line.startswith('{"truncated"'):
            tail = json.loads(line)["truncated"]
        elif '"crc_valid": false' in line:
            position = json.loads(line)["batch"]["position"]
            if position not in bad_crc:
                bad_crc.append(position)
    return tail


def main(argv: Sequence[str] | None = None) -> int:
    """``kformat records decode ARGS`` (kept for callers of the old entry point)."""
    import sys

    from kformat.cli import run

    return run(["records", "decode", *(sys.argv[1:] if argv is None else argv)])
