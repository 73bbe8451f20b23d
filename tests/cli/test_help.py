"""Every command's ``--help`` is plain text: no reStructuredText markup (````literal````,
``:mod:`` and other roles) in any description or option help, and every option says what it
does. Walks the whole argparse tree, so a new command or option is checked too."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from kformat.cli import build_parser

MARKUP = re.compile(r"``|:(?:mod|func|class|meth|attr|data|exc|obj|ref|doc):`")


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


PARSERS = list(_parsers(build_parser(["--help"])))


@pytest.mark.parametrize("parser", PARSERS, ids=[p.prog for p in PARSERS])
def test_help_is_plain_text_and_every_option_has_help(parser: argparse.ArgumentParser) -> None:
    text = parser.format_help()
    assert not MARKUP.search(text), f"{parser.prog} --help shows markup: " \
        f"{MARKUP.search(text).group(0)!r}"  # type: ignore[union-attr]
    silent = [a.option_strings[0] if a.option_strings else a.dest for a in parser._actions
              if a.help is None and not isinstance(a, argparse._SubParsersAction)]
    assert not silent, f"{parser.prog}: no help for {silent}"
