"""``kformat fixtures generate|verify``: write a fixture corpus, or check one.

    kformat fixtures generate --out DIR [--seed N] [--only SECTION,...] [--profiles P,...]
                              [--per-label N] [--parquet] [--committed]
    kformat fixtures verify DIR|ARCHIVE.tar[.gz]|-

``--committed`` uses the options of the committed ``fixtures/`` corpus (typical and
unknown-tags profiles, 8 invalid cases per mutator); ``docs/fixtures.md`` has the details.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path

from kformat.console import (
    OK,
    PROBLEMS,
    STDIN,
    Console,
    InputError,
    UsageError,
    command_group,
    leaf_options,
)
from kformat.corpus.archive import ArchiveError, unpacked
from kformat.corpus.generate import COMMITTED, DEFAULTS, SECTIONS, generate
from kformat.corpus.values import PROFILES
from kformat.corpus.verify import Report, verify

__all__ = ["main", "register"]


def _csv(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub = command_group(commands, "fixtures", help="generate or verify a fixture corpus",
                        description=__doc__, raw=True)
    gen = sub.add_parser("generate", help="write a corpus (replacing one already there)",
                         description="Write a fixture corpus (docs/fixtures.md), replacing "
                                     "one already in the folder.")
    gen.add_argument("--out", required=True, help="output folder")
    gen.add_argument("--seed", type=int, default=None, help="seed (default 0)")
    gen.add_argument("--only", type=_csv, default=None,
                     help=f"sections, comma-separated: {','.join(SECTIONS)}")
    gen.add_argument("--profiles", type=_csv, default=None,
                     help=f"value profiles, comma-separated: {','.join(PROFILES)}")
    gen.add_argument("--per-label", type=int, default=None,
                     help="invalid fixtures per mutator label (default 8)")
    gen.add_argument("--parquet", action="store_true",
                     help="also write manifest.parquet (needs pyarrow)")
    gen.add_argument("--committed", action="store_true",
                     help="the options of the committed fixtures/ corpus")
    ver = sub.add_parser("verify", help="re-read every fixture and check its expectation",
                         description="Re-read every fixture of a corpus and check it against "
                                     "its expectation; exit status 1 when any differs. The "
                                     "corpus is a folder, or a tar archive of one (a file, or "
                                     "- for standard input: tar -C fixtures -c . | kformat "
                                     "fixtures verify -).")
    ver.add_argument("dir", help="corpus folder (holding manifest.json), a tar archive of "
                                 "one, or - to read the archive from standard input")
    for leaf, action in ((gen, _generate), (ver, _verify)):
        leaf_options(leaf)
        leaf.set_defaults(run=action)


def _verify(args: argparse.Namespace, console: Console) -> int:
    if args.dir != STDIN and Path(args.dir).is_dir():
        report = verify(args.dir)
    else:
        report = _verify_archive(args.dir, console)
    for fixture_id, problem in report.problems:
        console.stdout.write(f"{fixture_id}: {problem}\n")
    console.stdout.write(f"{report.checked} fixtures checked, {len(report.problems)} problems\n")
    return OK if report.ok else PROBLEMS


def _verify_archive(name: str, console: Console) -> Report:
    try:
        with ExitStack() as stack:
            stream = (console.binary_stdin() if name == STDIN
                      else stack.enter_context(open(name, "rb")))
            root = stack.enter_context(unpacked(stream))
            return verify(root)
    except ArchiveError as exc:
        raise InputError("standard input" if name == STDIN else name, exc) from None


def _generate(args: argparse.Namespace, console: Console) -> int:
    base = COMMITTED if args.committed else DEFAULTS
    try:
        manifest = generate(
            args.out, seed=base.seed if args.seed is None else args.seed, only=args.only,
            profiles=base.profiles if args.profiles is None else tuple(args.profiles),
            per_label=base.per_label if args.per_label is None else args.per_label,
            parquet=args.parquet)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    counts = manifest.counts()
    console.stdout.write(
        f"{counts['fixtures']} fixtures ({counts['valid']} valid, {counts['invalid']} "
        f"invalid), {counts['files']} files, {counts['bytes']} bytes of fixture data "
        f"in {args.out}\n")
    return OK


def main(argv: Sequence[str] | None = None) -> int:
    """``kformat fixtures ARGS`` (kept for callers of the old entry point)."""
    from kformat.cli import run

    return run(["fixtures", *(sys.argv[1:] if argv is None else argv)])
