"""The command line's conventions, shared by every ``kformat`` command (docs/cli.md).

* Input: a FILE argument of ``-`` reads standard input; ``--hex`` reads the input as hex text
  (whitespace, newlines and ``0x`` prefixes allowed).
* Output: results on stdout; errors on stderr only, one line of text, or one JSON object per
  line with ``--json`` (docs/json.md).
* Exit status: :data:`OK`, :data:`PROBLEMS`, :data:`USAGE`, :data:`INTERRUPTED`. A closed
  output pipe (``kformat ... | head``) ends the command quietly with :data:`OK`.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO, Any, BinaryIO, NoReturn

from kformat.errors import KFormatError

__all__ = [
    "EXTRAS",
    "INTERRUPTED",
    "OK",
    "PROBLEMS",
    "USAGE",
    "AddressError",
    "Console",
    "InputError",
    "Parser",
    "StaleOutputError",
    "UsageError",
    "add_input_options",
    "address_argument",
    "error_dict",
    "error_parts",
    "missing_extra",
    "parse_address",
    "parse_bootstrap",
    "parse_hex",
    "plain_text",
    "read_input",
]

OK = 0
"""Everything was read (or built) without a problem."""
PROBLEMS = 1
"""The input has problems: a decode error, a CRC mismatch, problems a check found, findings."""
USAGE = 2
"""The command line is wrong: an unknown option or command, an unreadable file, a missing extra."""
INTERRUPTED = 130
"""Interrupted (Ctrl-C)."""

STDIN = "-"

EXTRAS: dict[str, str] = {
    "hypothesis": "strategies",
    "atheris": "fuzz",
    "pyspark": "spark",
    "pyarrow": "spark",
    "pandas": "spark",
    "argcomplete": "completion",
    "dpkt": "capture",
}
"""Optional imports and the ``kformat[extra]`` that brings each."""

_HEX_PREFIX = re.compile(r"0[xX]")
_HEX_SPACE = re.compile(r"[\s,]+")


class UsageError(Exception):
    """A wrong command line, found by the parser or by a command (exit status :data:`USAGE`)."""

    def __init__(self, message: str, *, hint: str | None = None,
                 prog: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.prog = prog


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors raise :class:`UsageError` (the caller prints them,
    as text or JSON) instead of printing and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message, hint=f"see {self.prog} --help", prog=self.prog)

    def format_help(self) -> str:
        """The help as plain text: descriptions taken from docstrings lose their markup."""
        return plain_text(super().format_help())

    def format_usage(self) -> str:
        return plain_text(super().format_usage())


_ROLE = re.compile(r":[a-z]+:`(~?)([^`<]*?)(?: <[^>]*>)?`")
_LITERAL = re.compile(r"``(.+?)``", re.S)


def plain_text(text: str) -> str:
    """reStructuredText markup taken out of ``text``: ````x```` and ``:func:`~a.b.x``` read
    ``x``, as a terminal shows them."""
    def role(m: re.Match[str]) -> str:
        return m[2].rsplit(".", 1)[-1] if m[1] else m[2]

    return _LITERAL.sub(r"\1", _ROLE.sub(role, text))


@dataclass
class Console:
    """Where a command reads and writes; tests pass their own streams."""

    stdout: IO[str] = field(default_factory=lambda: sys.stdout)
    stderr: IO[str] = field(default_factory=lambda: sys.stderr)
    stdin: BinaryIO | None = None
    json: bool = False
    prog: str = "kformat"

    def binary_stdin(self) -> BinaryIO:
        return self.stdin if self.stdin is not None else sys.stdin.buffer

    def error(self, exc: BaseException | str, *, file: str | None = None,
              hint: str | None = None, **extra: Any) -> None:
        """One error on stderr: ``prog: WHERE: ErrorClass: reason[ (hint)]`` (WHERE: the file,
        or the option a usage error is about, when there is one), or one JSON object."""
        if self.json:
            obj = error_dict(exc, file=file, hint=hint, **extra)
            self.stderr.write(json.dumps(obj, ensure_ascii=False) + "\n")
            return
        where, cls, reason = error_parts(exc)
        where = file if file is not None else where
        head = f"{where}: " if where else ""
        tail = f" ({hint})" if hint else ""
        self.stderr.write(f"{self.prog}: {head}{cls}: {reason}{tail}\n")


class InputError(ValueError):
    """The input was read but does not hold what the command reads (exit status
    :data:`PROBLEMS`): ``where`` (a file, a file:line) and the error that says why."""

    def __init__(self, where: str | None, error: BaseException) -> None:
        super().__init__(f"{where}: {error}" if where else str(error))
        self.where = where
        self.error = error


class StaleOutputError(Exception):
    """``--check``: generated files differ from what the command would write (exit status
    :data:`PROBLEMS`); the message names them."""

    def __init__(self, stale: Sequence[object]) -> None:
        names = ", ".join(map(str, stale[:5])) + (f" and {len(stale) - 5} more"
                                                  if len(stale) > 5 else "")
        super().__init__(f"{len(stale)} files out of date: {names}")


_ARGUMENT = re.compile(r"argument (?P<option>[^:]+): (?P<reason>.*)", re.S)


def error_parts(exc: BaseException | str) -> tuple[str | None, str, str]:
    """``(where, ErrorClass, reason)`` of an error, as the one error line shows them."""
    if isinstance(exc, InputError):
        _, cls, reason = error_parts(exc.error)
        return exc.where, cls, reason
    if isinstance(exc, str):
        return None, "UsageError", exc
    if isinstance(exc, UsageError):
        match = _ARGUMENT.fullmatch(exc.message)
        if match:
            return match["option"], "UsageError", match["reason"]
        return None, "UsageError", exc.message
    if isinstance(exc, OSError) and exc.strerror:
        where = None if exc.filename is None else str(exc.filename)
        return where, type(exc).__name__, exc.strerror
    return None, type(exc).__name__, " ".join(str(exc).split()) or type(exc).__name__


def error_dict(exc: BaseException | str, *, file: str | None = None,
               hint: str | None = None, **extra: Any) -> dict[str, Any]:
    """The JSON form of an error: ``error`` (class name), ``reason``, and for kformat's own
    errors ``path`` and ``offset``; ``file`` and ``hint`` when given (docs/json.md)."""
    if isinstance(exc, InputError):
        out = error_dict(exc.error, hint=hint)
        if exc.where is not None and file is None:
            file = exc.where
        hint = None
    elif isinstance(exc, KFormatError):
        out = exc.to_dict()
    elif isinstance(exc, UsageError):
        out = {"error": "UsageError", "reason": exc.message}
        hint = hint or exc.hint
    elif isinstance(exc, str):
        out = {"error": "UsageError", "reason": exc}
    else:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        out = {"error": type(exc).__name__, "reason": reason}
    if file is not None:
        out["file"] = file
    if hint:
        out["hint"] = hint
    out.update(extra)
    return out


def parse_hex(text: str | bytes) -> bytes:
    """Bytes from hex text: pairs of hex digits, with any whitespace, commas and ``0x``
    prefixes between them (``"0x00 0x01"``, ``"00 01\\n02"``, ``"0001"``)."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("ascii")
        except UnicodeDecodeError:
            raise UsageError("--hex input is not ASCII hex text") from None
    digits = _HEX_SPACE.sub("", _HEX_PREFIX.sub(" ", text))
    if len(digits) % 2:
        raise UsageError(f"--hex input has an odd number of hex digits ({len(digits)})")
    try:
        return bytes.fromhex(digits)
    except ValueError:
        bad = next(c for c in digits if c not in "0123456789abcdefABCDEF")
        raise UsageError(f"--hex input holds {bad!r}, not a hex digit") from None


class AddressError(ValueError):
    """A ``HOST:PORT`` that is not one; the message says what was expected and what was given."""


def parse_address(text: str, *, default_host: str | None = None,
                  allow_port_zero: bool = False) -> tuple[str, int]:
    """``(host, port)`` of ``HOST:PORT``, the one parser of broker and listening addresses.

    As Kafka's ``Utils.getHost``/``getPort`` read a bootstrap address: the port is the digits
    after the last colon, brackets around an IPv6 host are dropped (``[::1]:9092``). An empty
    host is ``default_host`` when one is given (``:9092`` listens on it), else an error; port 0
    (let the system pick) only with ``allow_port_zero``. Raises :class:`AddressError`.
    """
    given = text.strip()
    host, sep, port = given.rpartition(":")
    if not sep or not port.isascii() or not port.isdigit():
        raise AddressError(f"expected HOST:PORT (such as localhost:9092), got {text!r}")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host:
        if default_host is None:
            raise AddressError(f"no host before the port in {text!r} (expected HOST:PORT, "
                               f"such as localhost:9092)")
        host = default_host
    number = int(port)
    if not (0 if allow_port_zero else 1) <= number <= 65535:
        lowest = 0 if allow_port_zero else 1
        raise AddressError(f"port {number} is out of range ({lowest}-65535) in {text!r}")
    return host, number


def parse_bootstrap(text: str, *, default_host: str | None = None) -> list[tuple[str, int]]:
    """The ``(host, port)`` of each entry of a ``HOST:PORT,HOST:PORT...`` list, as Kafka's
    ``ClientUtils.parseAndValidateAddresses`` reads ``bootstrap.servers``: entries are
    trimmed, empty ones skipped, each read by :func:`parse_address`; a list with none
    raises :class:`AddressError`."""
    addresses = [parse_address(part, default_host=default_host)
                 for part in text.split(",") if part.strip()]
    if not addresses:
        raise AddressError(f"no HOST:PORT in {text!r} (expected HOST:PORT[,HOST:PORT...])")
    return addresses


def address_argument(*, default_host: str | None = None,
                     allow_port_zero: bool = False) -> Any:
    """An argparse ``type=`` for a ``HOST:PORT`` option: :func:`parse_address`, its error the
    option's message (``argument --upstream: expected HOST:PORT ...``)."""

    def address(text: str) -> tuple[str, int]:
        try:
            return parse_address(text, default_host=default_host,
                                 allow_port_zero=allow_port_zero)
        except AddressError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    address.__name__ = "HOST:PORT"
    return address


def read_input(name: str, console: Console, *, hex_text: bool = False) -> bytes:
    """The bytes of FILE, of standard input for ``-``; decoded from hex with ``hex_text``.
    Raises :class:`OSError` when the file cannot be read."""
    if name == STDIN:
        data = console.binary_stdin().read()
    else:
        with open(name, "rb") as f:
            data = f.read()
    return parse_hex(data) if hex_text else data


def add_input_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hex", action="store_true",
                        help="the input is hex text (whitespace, newlines and 0x allowed)")


def missing_extra(exc: ImportError) -> str | None:
    """``"pip install 'kformat[spark]'"``-style advice when ``exc`` is a missing optional
    dependency, else None."""
    name = (getattr(exc, "name", None) or "").split(".")[0]
    extra = EXTRAS.get(name)
    if extra is None:
        return None
    return f"this needs {name}, from the '{extra}' extra: pip install 'kformat[{extra}]'"


def short_help(doc: str | None) -> str:
    """The first sentence of a docstring, for a subcommand's one-line help."""
    first = (doc or "").strip().split("\n\n")[0]
    return " ".join(first.split())


def command_group(commands: argparse._SubParsersAction[argparse.ArgumentParser], name: str, *,
                  help: str, description: str | None, raw: bool = False, dest: str = "action",
                  metavar: str = "ACTION") -> argparse._SubParsersAction[argparse.ArgumentParser]:
    """A top-level command holding subcommands (``kformat records decode``...): its parser
    under ``commands``, and the subparsers its subcommands are added to. ``raw`` keeps the
    description's line breaks (a module docstring)."""
    extra: dict[str, Any] = {"formatter_class": argparse.RawDescriptionHelpFormatter} \
        if raw else {}
    parser = commands.add_parser(name, help=help, description=description, **extra)
    return parser.add_subparsers(dest=dest, metavar=metavar, required=True)


def leaf_options(parser: argparse.ArgumentParser, *,
                 json_help: str = "errors as JSON lines on stderr (docs/json.md)") -> None:
    """Options every command has: ``--json`` (errors, and output where it is text, as JSON)
    and a ``--version`` that only says where the version option lives."""
    parser.add_argument("--json", action="store_true", help=json_help)
    parser.add_argument("--version", nargs="?", action=_MisplacedVersion, default=None,
                        help=argparse.SUPPRESS)


class _MisplacedVersion(argparse.Action):
    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        raise UsageError("--version only prints kformat's version (kformat --version); "
                         "an API version is given with --api-version/-V")


def argv_wants_json(argv: Sequence[str]) -> bool:
    return "--json" in argv
