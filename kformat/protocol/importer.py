"""Import Kafka's JSON message specs into kformat grammar files (``grammars/**/*.kfg``).

Kafka keeps one JSON file per message spec, written with ``//`` and ``/* */`` comments. The
importer reads the trunk spec directories (``message``, ``metadata``, ``coordinator/*``,
``storage``, ``streams``, ``raft``, ``generator-test``) and older release directories such as
``kafka-3.9/message``, merges each spec across them and writes one ``.kfg`` file per spec.

Reading the JSON is :mod:`kformat.protocol.jsonspecs`; the merge rule across releases is
:mod:`kformat.protocol.merging`.
"""

from __future__ import annotations

import argparse
import errno
import json
import re
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kformat.console import StaleOutputError, command_group, leaf_options
from kformat.errors import GrammarError
from kformat.protocol.jsonspecs import load_spec, spec_to_message, strip_json_comments
from kformat.protocol.merging import merge_messages
from kformat.spec.dsl import format_grammar, parse_grammar
from kformat.spec.schema import (
    MessageDef,
)

__all__ = [
    "SpecDir",
    "find_spec_dirs",
    "import_specs",
    "load_messages",
    "load_spec",
    "main_import",
    "merge_messages",
    "render_specs",
    "spec_to_message",
    "strip_json_comments",
]

TRUNK_GROUPS = (
    "message",
    "metadata",
    "coordinator",
    "storage",
    "streams",
    "raft",
    "generator-test",
)
_RELEASE_DIR = re.compile(r"kafka-(\d+(?:\.\d+)*)\Z")


# --------------------------------------------------------------------------- finding spec folders


@dataclass(frozen=True)
class SpecDir:
    """A folder of JSON specs: its group (``message``, ``coordinator/group``...) and release
    (``()`` for trunk, ``(3, 9)`` for ``kafka-3.9``)."""

    path: Path
    group: str
    release: tuple[int, ...] = ()


def _groups_under(root: Path, release: tuple[int, ...]) -> list[SpecDir]:
    found = []
    for group in TRUNK_GROUPS:
        path = root / group
        if not path.is_dir():
            continue
        if group == "coordinator":
            found += [
                SpecDir(p, f"coordinator/{p.name}", release)
                for p in sorted(path.iterdir())
                if p.is_dir()
            ]
        else:
            found.append(SpecDir(path, group, release))
    return found


def _release_of(path: Path) -> tuple[int, ...]:
    for part in reversed(path.parts):
        m = _RELEASE_DIR.match(part)
        if m:
            return tuple(int(x) for x in m.group(1).split("."))
    return ()


def find_spec_dirs(paths: Iterable[Path]) -> list[SpecDir]:
    """Spec folders under each path: a specs root (with ``message/``, ``kafka-3.9/``...)
    or a single group folder such as ``.../metadata`` or ``.../coordinator/group``."""
    found: list[SpecDir] = []
    for path in (Path(p).resolve() for p in paths):
        if not path.is_dir():
            raise GrammarError("spec folder not found", path=str(path))
        release = _release_of(path)
        inner = _groups_under(path, release)
        for sub in sorted(path.iterdir()):
            m = _RELEASE_DIR.match(sub.name)
            if m and sub.is_dir():
                inner += _groups_under(sub, tuple(int(x) for x in m.group(1).split(".")))
        if inner:
            found += inner
        elif path.parent.name == "coordinator":
            found.append(SpecDir(path, f"coordinator/{path.name}", release))
        elif path.name in TRUNK_GROUPS:
            found.append(SpecDir(path, path.name, release))
        else:
            raise GrammarError("no Kafka spec folders here", path=str(path))
    return sorted(
        set(found),
        key=lambda d: (d.release != (), tuple(-x for x in d.release), d.group, str(d.path)),
    )


# --------------------------------------------------------------------------- the import


def load_messages(spec_dirs: Iterable[Path]) -> list[MessageDef]:
    """Read every spec under ``spec_dirs`` and merge releases; sorted by (source, name)."""
    merged: dict[tuple[str, str], MessageDef] = {}
    for d in find_spec_dirs(spec_dirs):
        for path in sorted(d.path.glob("*.json")):
            msg = spec_to_message(load_spec(path), d.group, str(path))
            partner = _partner(merged, msg)
            if d.release == ():
                if partner is not None:
                    raise GrammarError(f"spec {msg.name} defined twice", path=str(path))
                merged[(d.group, msg.name)] = msg
            elif partner is None:
                merged[(d.group, msg.name)] = msg
            else:
                merged[(d.group, partner.name)] = merge_messages(partner, msg)
    return [merged[k] for k in sorted(merged)]


def _partner(merged: dict[tuple[str, str], MessageDef], msg: MessageDef) -> MessageDef | None:
    if (msg.source, msg.name) in merged:
        return merged[(msg.source, msg.name)]
    if msg.kind in ("request", "response") and msg.api_key is not None:
        for other in merged.values():
            if (other.source, other.kind, other.api_key) == (msg.source, msg.kind, msg.api_key):
                return other
    return None


def render_specs(spec_dirs: Iterable[Path]) -> dict[str, str]:
    """Every file of a ``grammars/`` tree, as relative path -> text. Each grammar is
    validated by reading it back before it is returned."""
    spec_dirs = [Path(p) for p in spec_dirs]
    files: dict[str, str] = {}
    for msg in load_messages(spec_dirs):
        rel = f"{msg.source}/{msg.name}.kfg"
        text = format_grammar(msg)
        parse_grammar(text, rel)
        files[rel] = text
    roots = _spec_roots(spec_dirs)
    notices = [
        (r / "NOTICE").read_text(encoding="utf-8") for r in roots if (r / "NOTICE").is_file()
    ]
    if notices:
        files["NOTICE"] = notices[0]
    files["README.md"] = _readme(roots)
    files["__init__.py"] = '"""kformat\'s protocol grammars: data files, see README.md."""\n'
    return dict(sorted(files.items()))


def import_specs(spec_dirs: list[Path], out_dir: Path) -> list[Path]:
    """Write the ``grammars/`` tree for ``spec_dirs`` into ``out_dir``; return the paths
    written. ``.kfg`` files that the specs no longer produce are deleted."""
    out_dir = Path(out_dir)
    files = render_specs(spec_dirs)
    written = []
    for rel, text in files.items():
        target = out_dir / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.is_file() or target.read_bytes() != text.encode("utf-8"):
            target.write_bytes(text.encode("utf-8"))
        written.append(target)
    for stale in out_dir.rglob("*.kfg"):
        if stale.relative_to(out_dir).as_posix() not in files:
            stale.unlink()
    return written


def _spec_roots(spec_dirs: list[Path]) -> list[Path]:
    roots: list[Path] = []
    for p in spec_dirs:
        for candidate in (p, *p.parents):
            if (candidate / "NOTICE").is_file() or (
                (candidate / "README.md").is_file() and (candidate / "message").is_dir()
            ):
                if candidate not in roots:
                    roots.append(candidate)
                break
    return roots


def _provenance(root: Path) -> list[str]:
    lines = []
    inventory = root / "inventory.json"
    if inventory.is_file():
        source = json.loads(inventory.read_text(encoding="utf-8")).get("source", {})
        if source.get("commit"):
            lines.append(
                f"- trunk: apache/kafka `{source['commit']}` ({source.get('projectVersion', '?')})"
            )
    readme = root / "README.md"
    if readme.is_file():
        text = readme.read_text(encoding="utf-8")
        for m in re.finditer(
            r"`(kafka-[\d.]+)/message/`.*?tag\s+`([^`]+)`\s*\(commit\s+`([0-9a-f]{40})`", text, re.S
        ):
            lines.append(
                f"- `{m.group(1)}/message`: apache/kafka tag `{m.group(2)}`, `{m.group(3)}`"
            )
    return lines


def _readme(roots: list[Path]) -> str:
    provenance = [line for r in roots for line in _provenance(r)] or ["- (not recorded)"]
    return "\n".join(
        [
            "# kformat protocol grammars",
            "",
            "One `.kfg` file per Apache Kafka message spec, grouped by where the spec lives in",
            "Kafka (`message/`, `metadata/`, `coordinator/<name>/`, `storage/`, `streams/`,",
            "`raft/`, `generator-test/`). The format is described in `kformat/protocol/dsl.py`.",
            "",
            "These files are generated from Kafka's JSON specs and carry their facts (names,",
            "types, versions, tags, defaults, flags) and each field's documentation, the spec's",
            "`about` text (`about=\"...\"`, last on the field line). Versions that newer Kafka",
            "releases dropped are merged back in from the older release; for a version both know,",
            "the newer definition is used.",
            "",
            "Specs imported:",
            "",
            *provenance,
            "",
            "Regenerate (never edit by hand):",
            "",
            "    kformat grammars import ../shared/kafka-message-specs --out grammars",
            "",
            "The specs are Apache-2.0; `NOTICE` is Apache Kafka's notice file, carried as section",
            "4(d) of the license requires for derived works.",
            "",
        ]
    )


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub = command_group(commands, "grammars",
                        help="kformat's grammar files: regenerate them from Kafka's JSON specs",
                        description="kformat's .kfg grammar files (grammars/README.md).")
    imp = sub.add_parser(
        "import", help="generate grammar files from Kafka's JSON message specs",
        description="Generate kformat grammar files from Kafka's JSON message specs.")
    imp.add_argument("dirs", nargs="+", type=Path, metavar="DIR",
                     help="spec root or spec group folders")
    imp.add_argument("--out", type=Path, default=Path("grammars"),
                     help="output folder (default: grammars)")
    imp.add_argument("--check", action="store_true",
                     help="write nothing; exit 1 if --out is not up to date")
    leaf_options(imp)
    imp.set_defaults(run=run_import)
    from kformat.protocol import typed

    typed.register(sub, leaf_options)


def run_import(args: argparse.Namespace, console: Any) -> int:
    """``kformat grammars import DIR [DIR...] [--out grammars] [--check]``."""
    if Path(args.out).exists() and not Path(args.out).is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "Not a directory", str(args.out))
    for name in args.dirs:
        if not Path(name).is_dir():
            raise (FileNotFoundError(errno.ENOENT, "No such file or directory", str(name))
                   if not Path(name).exists()
                   else NotADirectoryError(errno.ENOTDIR, "Not a directory", str(name)))
    try:
        if args.check:
            with tempfile.TemporaryDirectory() as tmp:
                import_specs(args.dirs, Path(tmp))
                stale = _diff_trees(Path(tmp), args.out)
            if stale:
                console.error(StaleOutputError(stale), file=str(args.out))
            return 1 if stale else 0
        written = import_specs(args.dirs, args.out)
    except GrammarError as exc:
        console.error(exc)
        return 1
    if not any(p.suffix == ".kfg" for p in written):
        console.error(GrammarError("no spec files to import", path=", ".join(map(str, args.dirs))))
        return 1
    console.stdout.write(f"wrote {sum(p.suffix == '.kfg' for p in written)} grammars to "
                         f"{args.out}\n")
    return 0


def main_import(argv: Sequence[str] | None = None) -> int:
    """``kformat grammars import ARGS`` (kept for callers of the old entry point)."""
    from kformat.cli import run

    return run(["grammars", "import", *(sys.argv[1:] if argv is None else argv)])


def _diff_trees(fresh: Path, committed: Path) -> list[str]:
    def listing(root: Path) -> dict[str, bytes]:
        if not root.is_dir():
            return {}
        return {
            p.relative_to(root).as_posix(): p.read_bytes()
            for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        }

    a, b = listing(fresh), listing(committed)
    return sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
