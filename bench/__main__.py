"""``python -m bench [NAME [ARGS...]]``: run one benchmark with its arguments, or all of them.

Each benchmark module has a ``main(argv) -> int``; ``python -m bench NAME --help`` lists its
options.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

BENCHES: dict[str, str] = {
    "records": "bench.records_bench",
    "protocol": "bench.protocol_bench",
    "segments": "bench.segments_bench",
    "gc": "bench.gc_bench",
}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help"):
        print(f"usage: python -m bench [{'|'.join(BENCHES)} [ARGS...]]")
        return 0
    if args and args[0] not in BENCHES:
        print(f"unknown benchmark {args[0]!r}; choose from {', '.join(BENCHES)}",
              file=sys.stderr)
        return 2
    runs = [(args[0], args[1:])] if args else [(name, []) for name in BENCHES]
    status = 0
    for name, rest in runs:
        status |= int(importlib.import_module(BENCHES[name]).main(rest) or 0)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
