"""The ``kformat`` command line: one subcommand per wire layer, each loaded on demand.

    kformat records decode FILE            record batches as JSON lines
    kformat decode request|response FILE   a protocol frame as JSON
    kformat decode stream CLIENT SERVER    a captured conversation, paired by correlation id
    kformat decode pcap FILE...            the Kafka connections of pcap/pcapng captures
    kformat proxy --upstream HOST:PORT     a decoding proxy in front of a broker
    kformat grammars import DIR [DIR...]   regenerate grammars/ from Kafka's JSON specs
    kformat dump FILE...                   kafka-dump-log.sh without a JVM
    kformat fuzz generate|send ...         grammar-aware fuzzing
    kformat fixtures generate ...          the fixture corpus
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

# subcommand path -> "module:function" taking argv and returning an exit code
COMMANDS: dict[tuple[str, ...], str] = {
    ("records", "decode"): "kformat.records.cli:main",
    ("decode",): "kformat.protocol.cli:main",
    ("grammars", "import"): "kformat.protocol.importer:main_import",
    ("dump",): "kformat.segments.dump:main",
    ("fuzz",): "kformat.fuzz.cli:main",
    ("fixtures",): "kformat.corpus.cli:main",
    ("proxy",): "kformat.live.proxy:main",
}


def _usage() -> str:
    lines = ["usage: kformat COMMAND ...", "", "commands:"]
    lines += [f"  {' '.join(path)}" for path in COMMANDS]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    for path, target in sorted(COMMANDS.items(), key=lambda kv: -len(kv[0])):
        if tuple(args[: len(path)]) == path:
            module_name, func_name = target.split(":")
            func = getattr(importlib.import_module(module_name), func_name)
            return int(func(args[len(path):]) or 0)
    print(_usage(), file=sys.stderr if args and args[0] not in ("-h", "--help") else sys.stdout)
    return 0 if args and args[0] in ("-h", "--help") else 2


if __name__ == "__main__":
    raise SystemExit(main())
