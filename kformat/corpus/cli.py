"""``kformat fixtures generate|verify``: write a fixture corpus, or check one.

    kformat fixtures generate --out DIR [--seed N] [--only SECTION,...] [--profiles P,...]
                              [--per-label N] [--parquet] [--committed]
    kformat fixtures verify DIR

``--committed`` uses the options of the committed ``fixtures/`` corpus (typical and
unknown-tags profiles, 8 invalid cases per mutator); ``docs/fixtures.md`` has the details.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from kformat.corpus.generate import COMMITTED, DEFAULTS, SECTIONS, generate
from kformat.corpus.values import PROFILES
from kformat.corpus.verify import verify

__all__ = ["main"]


def _csv(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kformat fixtures",
                                     description="Generate or verify a fixture corpus.")
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="write a corpus (replacing one already there)")
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
    ver = sub.add_parser("verify", help="re-read every fixture and check its expectation")
    ver.add_argument("dir", help="corpus folder (holding manifest.json)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.command == "verify":
        report = verify(args.dir)
        for fixture_id, problem in report.problems:
            print(f"{fixture_id}: {problem}")
        print(f"{report.checked} fixtures checked, {len(report.problems)} problems")
        return 0 if report.ok else 1
    base = COMMITTED if args.committed else DEFAULTS
    try:
        manifest = generate(
            args.out, seed=base.seed if args.seed is None else args.seed, only=args.only,
            profiles=base.profiles if args.profiles is None else tuple(args.profiles),
            per_label=base.per_label if args.per_label is None else args.per_label,
            parquet=args.parquet)
    except ValueError as exc:
        print(f"kformat fixtures: {exc}", file=sys.stderr)
        return 2
    counts = manifest.counts()
    print(f"{counts['fixtures']} fixtures ({counts['valid']} valid, {counts['invalid']} "
          f"invalid), {counts['files']} files, {counts['bytes']} bytes of fixture data "
          f"in {args.out}")
    return 0
