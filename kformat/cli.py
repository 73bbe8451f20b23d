"""The ``kformat`` command line: one argparse tree, each command defined in its own layer.

    kformat records decode FILE...              record batches as JSON lines
    kformat decode request|response FILE        a protocol frame as JSON
    kformat decode stream CLIENT SERVER         a captured conversation, paired by correlation id
    kformat decode pcap FILE...                 the Kafka connections of pcap/pcapng captures
    kformat proxy --upstream HOST:PORT          a decoding proxy in front of a broker
    kformat broker [--brokers N] [--topic T:N]  a Kafka cluster for tests
    kformat dump FILE...                        kafka-dump-log.sh without a JVM
    kformat grammars import DIR...              regenerate grammars/ from Kafka's JSON specs
    kformat fuzz generate|send|run|replay ...   grammar-aware fuzzing
    kformat fixtures generate|verify ...        the fixture corpus

Every command and subcommand has ``--help``; ``kformat --version`` prints the version and the
active engine. The conventions every command shares (``-`` for stdin, ``--hex``, ``--json``
errors, exit codes, quiet on a closed pipe) are in :mod:`kformat.console` and docs/cli.md.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from kformat.console import (
    INTERRUPTED,
    OK,
    PROBLEMS,
    USAGE,
    Console,
    InputError,
    Parser,
    UsageError,
    missing_extra,
)
from kformat.errors import KFormatError

__all__ = ["COMMANDS", "build_parser", "engine_name", "main", "run", "version_text"]

COMMANDS: dict[str, str] = {
    "records": "kformat.outputs.cli",
    "decode": "kformat.protocol.cli",
    "dump": "kformat.segments.dump",
    "grammars": "kformat.protocol.importer",
    "fuzz": "kformat.fuzz.cli",
    "fixtures": "kformat.corpus.cli",
    "proxy": "kformat.live.proxy",
    "broker": "kformat.broker.cli",
}
"""Top-level command -> the module whose ``register(commands)`` adds its parser (with
``run(args, console) -> int`` set as the ``run`` default of each leaf)."""


def engine_name() -> str | None:
    """The active engine ("native" or "python") when this build has engine selection."""
    try:
        engine = importlib.import_module("kformat.engine")
    except ImportError:
        return None
    return str(engine.active())


def version_text() -> str:
    """What ``kformat --version`` prints: the version, and the engine when there is a choice."""
    from kformat import __version__

    engine = engine_name()
    return f"kformat {__version__}" + (f" (engine: {engine})" if engine else "")


class _Version(argparse.Action):
    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0,
                         help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(version_text())
        parser.exit(0)


def build_parser(argv: Sequence[str] = ()) -> Parser:
    """The parser tree. Only the module of the command in ``argv`` is imported (all of them
    for ``--help``, an unknown command, or shell completion)."""
    parser = Parser(prog="kformat", description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=_Version, help="print the version and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    wanted = next((a for a in argv if not a.startswith("-")), None)
    names = [wanted] if wanted in COMMANDS and "_ARGCOMPLETE" not in os.environ else COMMANDS
    for name in names:
        importlib.import_module(COMMANDS[name]).register(commands)
    return parser


def _autocomplete(parser: argparse.ArgumentParser) -> None:
    if "_ARGCOMPLETE" not in os.environ:
        return
    try:
        import argcomplete
    except ImportError:
        return
    argcomplete.autocomplete(parser)


def run(argv: Sequence[str], console: Console | None = None, **defaults: object) -> int:
    """Parse ``argv`` and run the command; returns the exit status (docs/cli.md, "The
    convention"). Every error ends here as one line on stderr: a usage error, a file that
    cannot be read or a missing extra with status 2, an input with problems (a
    :class:`~kformat.errors.KFormatError`, :class:`~kformat.console.InputError`) with 1.
    ``defaults`` are set on the parsed arguments (library callers' hooks)."""
    console = Console() if console is None else console
    args_list = list(argv)
    console.json = "--json" in args_list
    try:
        parser = build_parser(args_list)
        console.prog = _prog(parser, args_list)
        _autocomplete(parser)
        args = parser.parse_args(args_list)
        for name, value in defaults.items():
            setattr(args, name, value)
        console.json = bool(getattr(args, "json", False))
        return int(args.run(args, console) or 0)
    except UsageError as exc:
        console.error(exc, hint=exc.hint)
        return USAGE
    except ImportError as exc:
        advice = missing_extra(exc)
        if advice is None:
            raise
        console.error(type(exc)(advice))
        return USAGE
    except BrokenPipeError:
        _quiet_closed_pipe(console)
        return OK
    except OSError as exc:  # a file that cannot be opened or read
        console.error(exc)
        return USAGE
    except (KFormatError, InputError) as exc:
        console.error(exc)
        return PROBLEMS
    except KeyboardInterrupt:
        return INTERRUPTED
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else USAGE)


def _prog(parser: argparse.ArgumentParser, argv: Sequence[str]) -> str:
    """``kformat COMMAND [SUBCOMMAND]``: the deepest command ``argv`` names."""
    words = ["kformat"]
    for arg in argv:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs or arg not in subs[0].choices:
            if subs and not arg.startswith("-"):
                break
            continue
        parser = subs[0].choices[arg]
        words.append(arg)
    return " ".join(words)


def _quiet_closed_pipe(console: Console) -> None:
    """The reader went away (``| head``): send what is still buffered to /dev/null so the
    interpreter's last flush does not fail again."""
    try:
        fd = console.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """The ``kformat`` console script."""
    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    raise SystemExit(main())
