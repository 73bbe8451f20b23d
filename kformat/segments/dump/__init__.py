"""``kformat dump FILE...``: Kafka's ``kafka-dump-log.sh`` (``DumpLogSegments``) without a JVM.

Output follows the Java tool's layout line for line, so scripts written against it keep
working::

    Dumping 00000000000000000000.log
    Log starting offset: 0
    baseOffset: 0 lastOffset: 2 count: 3 baseSequence: -1 lastSequence: -1 producerId: -1
      producerEpoch: -1 partitionLeaderEpoch: 0 isTransactional: false isControl: false
      deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: 1700000000000 size: 120
      magic: 2 compresscodec: none crc: 123456 isvalid: true            (one line)
    | offset: 0 CreateTime: 1700000000000 keySize: 3 valueSize: 5 sequence: -1 headerKeys: []

Files are dispatched on their suffix: ``.log`` (and KRaft ``.checkpoint`` snapshots),
``.index``, ``.timeindex``, ``.txnindex``, ``.snapshot`` (producer state), plus the
``leader-epoch-checkpoint`` and ``partition.metadata`` text files; a directory dumps every
file in it. Index files are verified against the ``.log`` next to them.

Where kformat differs from the Java tool:

* every problem found (bad CRC, cut-short last batch, index entries pointing at the wrong
  batch, timestamps out of order...) is reported as ``FILE:POSITION: KIND: DETAIL`` on
  stderr (see :mod:`kformat.segments.checks`), and the exit code is 1 when there was any;
* a bad batch never aborts the dump; nor does a failing decoder (the record shows
  ``Error at offset N, skipping. ...`` as Kafka's does);
* ``--json`` writes one JSON object per line on stdout (batches, records, index entries and
  problems, each with ``"type"`` and ``"file"``), keys named like the text labels;
* a progress bar is drawn on stderr while reading ``.log`` files, only when stderr is a TTY.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import IO

from kformat.console import (
    OK,
    PROBLEMS,
    STDIN,
    Console,
    UsageError,
    add_input_options,
    leaf_options,
    read_input,
)
from kformat.outputs.decoders import java_decoder
from kformat.segments.decoders import (
    PLAIN_DECODERS,
    TOPIC_KINDS,
    RecordDecoder,
)
from kformat.segments.dump.dumper import Dumper, DumpOptions
from kformat.segments.dump.progress import Progress
from kformat.segments.dump.text import batch_fields, format_batch, format_fields, record_fields

__all__ = [
    "DumpOptions",
    "Dumper",
    "Progress",
    "batch_fields",
    "format_batch",
    "format_fields",
    "main",
    "record_fields",
]


# --------------------------------------------------------------------------- CLI


_DECODER_OPTIONS = {
    "offsets_decoder": "offsets",
    "transaction_log_decoder": "transaction_log",
    "cluster_metadata_decoder": "cluster_metadata",
    "share_group_state_decoder": "share_group_state",
    "remote_log_metadata_decoder": "remote_log_metadata",
}


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = commands.add_parser(
        "dump", help="kafka-dump-log.sh without a JVM: segments, indexes, snapshots",
        description="Dump Kafka log segments, indexes, producer snapshots and checkpoint "
                    "files (kafka-dump-log.sh without a JVM, with its option names). FILE '-' "
                    "reads a log segment from standard input. Problems go to stderr; the exit "
                    "code is 1 when any was found, 2 on a usage error.")
    p.add_argument("paths", nargs="*", metavar="FILE",
                   help="files (or partition directories) to dump; '-' reads a segment from "
                        "standard input")
    p.add_argument("--files", default=None, metavar="FILE1,FILE2",
                   help="comma-separated files, as the Java tool takes them")
    p.add_argument("--deep-iteration", action="store_true",
                   help="print every record, not only batches")
    p.add_argument("--print-data-log", action="store_true",
                   help="print keys and values (implies --deep-iteration)")
    p.add_argument("--skip-record-metadata", action="store_true",
                   help="leave out each record's offset, timestamp and sizes")
    p.add_argument("--verify-index-only", action="store_true",
                   help="verify indexes against the log without printing their entries")
    p.add_argument("--index-sanity-check", action="store_true",
                   help="only run the broker's startup sanity check on indexes")
    p.add_argument("--max-bytes", type=int, default=None,
                   help="read only the batches within the first N bytes of each log")
    p.add_argument("--max-message-size", type=int, default=None,
                   help="accepted for compatibility; batches are read whole anyway")
    p.add_argument("--key-decoder", choices=sorted(PLAIN_DECODERS), default=None,
                   help="how to show keys with --print-data-log (default string)")
    p.add_argument("--value-decoder", choices=sorted(PLAIN_DECODERS), default=None,
                   help="how to show values with --print-data-log (default string)")
    p.add_argument("--key-decoder-class", default=None, metavar="CLASS",
                   help="the Java tool's key decoder (kafka.serializer.StringDecoder, "
                        "IntegerDecoder, LongDecoder, DefaultDecoder); implies "
                        "--print-data-log")
    p.add_argument("--value-decoder-class", default=None, metavar="CLASS",
                   help="the Java tool's value decoder (as --key-decoder-class); implies "
                        "--print-data-log")
    group = p.add_mutually_exclusive_group()
    for option, topic in _DECODER_OPTIONS.items():
        group.add_argument(f"--{option.replace('_', '-')}", action="store_true",
                           help=f"decode records as {TOPIC_KINDS[topic]} records")
    add_input_options(p)
    leaf_options(p, json_help="one JSON object per line (docs/json.md), problems included")
    p.set_defaults(run=run_dump, record_decoder=None)


def _plain_decoder(args: argparse.Namespace, which: str) -> str:
    """``--key-decoder`` or ``--key-decoder-class`` (mapped), not both."""
    name, java = getattr(args, f"{which}_decoder"), getattr(args, f"{which}_decoder_class")
    if java is None:
        return name or "string"
    if name is not None:
        raise UsageError(f"give --{which}-decoder or --{which}-decoder-class, not both")
    try:
        return java_decoder(java)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def options_from_args(args: argparse.Namespace,
                      record_decoder: RecordDecoder | None = None) -> DumpOptions:
    kind = next((TOPIC_KINDS[v] for k, v in _DECODER_OPTIONS.items() if getattr(args, k)),
                None)
    java_decoders = args.key_decoder_class is not None or args.value_decoder_class is not None
    return DumpOptions(
        deep_iteration=args.deep_iteration,
        print_data_log=args.print_data_log or java_decoders,
        skip_record_metadata=args.skip_record_metadata,
        verify_index_only=args.verify_index_only,
        index_sanity_check=args.index_sanity_check, max_bytes=args.max_bytes,
        topic_kind=kind, record_decoder=record_decoder,
        key_decoder=_plain_decoder(args, "key"), value_decoder=_plain_decoder(args, "value"),
        json=args.json)


def _hook_available() -> bool:
    try:
        from kformat.protocol import topics  # noqa: F401
    except ImportError:
        return False
    return True


def run_dump(args: argparse.Namespace, console: Console) -> int:
    """``kformat dump``: 0, 1 when problems were found, 2 on a usage error."""
    paths = list(args.paths) + [f for f in (args.files or "").split(",") if f]
    if not paths:
        raise UsageError("no files given (FILE... or --files FILE1,FILE2)")
    options = options_from_args(args, args.record_decoder)
    if options.topic_kind is not None and args.record_decoder is None \
            and not _hook_available():
        raise UsageError("the internal-topic decoders need kformat.protocol.topics, which this "
                         "installation lacks")
    if args.hex and STDIN not in paths:
        raise UsageError("--hex applies to a log segment read from standard input ('-')")
    dumper = Dumper(options, console.stdout, console.stderr, Progress(console.stderr),
                    stdin=lambda: read_input(STDIN, console, hex_text=args.hex))
    for path in paths:
        dumper.dump(path)
    console.stdout.flush()
    return PROBLEMS if dumper.problems else OK


def main(argv: Sequence[str] | None = None, *, out: IO[str] | None = None,
         err: IO[str] | None = None, record_decoder: RecordDecoder | None = None) -> int:
    """``kformat dump ARGS``; returns 0, 1 when problems were found, 2 on a usage error.

    ``record_decoder`` replaces the internal-topic decoder hook (default:
    ``kformat.protocol.topics.decode_record``).
    """
    from kformat.cli import run

    console = Console(stdout=sys.stdout if out is None else out,
                      stderr=sys.stderr if err is None else err)
    return run(["dump", *(sys.argv[1:] if argv is None else argv)], console,
               record_decoder=record_decoder)


if __name__ == "__main__":
    raise SystemExit(main())
