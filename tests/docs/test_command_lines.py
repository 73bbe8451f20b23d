"""Every ``kformat`` command line the docs show parses with the real command-line parser: an
option renamed or removed shows up here, not in a user's terminal."""

from __future__ import annotations

import re
import shlex

import pytest

from kformat.cli import build_parser
from kformat.console import UsageError
from tests.docs.examples import kformat_command_lines

_OPTIONAL = re.compile(r"\[[^\[\]]*\]")


def _concrete(line: str) -> str | None:
    """The line with its optional ``[...]`` groups dropped and its pipes cut; None when it
    shows alternatives (``generate|verify``) or an elision (``...``) rather than one command."""
    while _OPTIONAL.search(line):
        line = _OPTIONAL.sub("", line)
    if re.search(r"\(.*\|.*\)", line):  # (--a X | --b Y): one of
        return None
    line = re.split(r" (?:\||<|>|2>) ", line)[0]
    if "|" in line or "..." in line:
        return None
    return line


LINES = [(page, line, concrete) for page, line in kformat_command_lines()
         if (concrete := _concrete(line)) is not None]


@pytest.mark.parametrize(("page", "line", "concrete"), LINES,
                         ids=[f"{p}:{n}" for n, (p, _, _) in enumerate(LINES)])
def test_the_command_line_parses(page: str, line: str, concrete: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    argv = shlex.split(concrete)[1:]
    if argv in (["--help"], ["--version"]):
        return
    try:
        build_parser().parse_args(argv)
    except (SystemExit, UsageError) as exc:
        pytest.fail(f"{page}: `{line}` does not parse: {capsys.readouterr().err.strip()} "
                    f"{exc}")


def test_the_docs_show_command_lines() -> None:
    pages = {page for page, _, _ in LINES}
    assert len(LINES) >= 30 and {"README.md", "docs/cli.md", "docs/fuzzing.md"} <= pages
