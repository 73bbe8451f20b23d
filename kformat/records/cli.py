"""``kformat records decode FILE...``: record batches (any magic) as JSON lines."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from kformat.errors import KFormatError
from kformat.records.api import decode_to_json_lines
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="kformat records decode",
        description="Print every record of FILE (concatenated batches of magic 0, 1 or 2) as "
        "one JSON object per line; bytes are base64.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--no-verify-crc", action="store_true",
                        help="do not check CRCs (forensic reads)")
    parser.add_argument("--strict", action="store_true",
                        help="fail on a partial trailing batch instead of reporting it")
    parser.add_argument("--decompression-limit", type=int, default=DEFAULT_DECOMPRESSION_LIMIT,
                        metavar="BYTES")
    args = parser.parse_args(argv)
    status = 0
    for path in args.files:
        try:
            for line in decode_to_json_lines(
                path,
                verify_crc=not args.no_verify_crc,
                strict=args.strict,
                decompression_limit=args.decompression_limit,
            ):
                print(line)
        except KFormatError as exc:
            print(json.dumps({"file": path, "error": exc.to_dict()}), file=sys.stderr)
            status = 1
        except OSError as exc:
            print(f"kformat records decode: {path}: {exc.strerror}", file=sys.stderr)
            status = 2
    return status
