"""Import Kafka's JSON message specs into kformat grammar files (``grammars/**/*.kfg``).

Kafka keeps one JSON file per message spec, written with ``//`` and ``/* */`` comments. The
importer reads the trunk spec directories (``message``, ``metadata``, ``coordinator/*``,
``storage``, ``streams``, ``raft``, ``generator-test``) and older release directories such as
``kafka-3.9/message``, merges each spec across them and writes one ``.kfg`` file per spec.

Merge rule, per spec: the valid versions are the union of every release's. A version the
newer spec knows is described by the newer spec; a version only an older release knows is
described by that release. Field lists are merged by field name, preserving order; a field's
version sets become ``(newer set - older-only versions) | (older set & older-only versions)``,
so every version's effective field list equals its source. Fields whose type, tag or default
changed between releases become two entries with disjoint versions. Requests and responses
pair by API key, so a renamed API (key 74) stays one API and keeps its old name as an alias.

Only facts are carried over (names, types, versions, tags, defaults, flags); the ``about``
texts and comments of the specs are not.
"""

from __future__ import annotations

import argparse
import base64
import json
import re
import sys
import tempfile
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from kformat.errors import GrammarError
from kformat.spec.dsl import format_grammar, parse_grammar
from kformat.spec.schema import (
    INT_RANGES,
    MAX_VERSION,
    NO_DEFAULT,
    NONE,
    FieldDef,
    MessageDef,
    StructDef,
    TypeRef,
    VersionSet,
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
T = TypeVar("T")


# --------------------------------------------------------------------------- reading the JSON


def strip_json_comments(text: str) -> str:
    """Remove ``//`` and ``/* */`` comments, leaving string literals untouched."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise GrammarError("unterminated /* comment")
            out.append(" ")
            i = j + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def load_spec(path: Path) -> dict[str, Any]:
    """Parse one JSON-with-comments spec file."""
    try:
        spec = json.loads(strip_json_comments(path.read_text(encoding="utf-8")))
    except (ValueError, GrammarError) as exc:
        raise GrammarError(f"cannot read spec: {exc}", path=str(path)) from None
    if not isinstance(spec, dict):
        raise GrammarError("a spec must be a JSON object", path=str(path))
    return spec


def _bool(value: Any) -> bool:
    """Jackson's coercion: JSON booleans, and the strings ``"true"``/``"false"``."""
    if isinstance(value, str):
        return value.strip().lower() == "true"
    return bool(value)


def _json_default(raw: Any, type_: TypeRef) -> Any:
    """The typed default a JSON ``default`` means to Kafka's generator.

    JSON ``null`` reaches the generator as "no default", so it yields :data:`NO_DEFAULT`;
    the string ``"null"`` is the null value.
    """
    if raw is None:
        return NO_DEFAULT
    text = ("true" if raw else "false") if isinstance(raw, bool) else str(raw)
    base = type_.base
    if text == "null" and (type_.can_be_nullable or base == "uuid"):
        return None
    if text == "":
        return "" if base == "string" and not type_.is_array else NO_DEFAULT
    if type_.is_array or type_.is_struct or base in ("bytes", "records"):
        raise GrammarError(f"default {text!r} is not valid for type {type_}")
    if base == "string":
        return text
    if base == "bool":
        if text.lower() not in ("true", "false"):
            raise GrammarError(f"default {text!r} is not valid for type {type_}")
        return text.lower() == "true"
    if base in INT_RANGES:
        negative = text.startswith("-")
        digits = text[1:] if negative else text
        value = int(digits[2:], 16) if digits.startswith("0x") else int(digits, 10)
        return -value if negative else value
    if base == "float64":
        return float(text)
    padded = text + "=" * (-len(text) % 4)
    return uuid.UUID(bytes=base64.urlsafe_b64decode(padded))


def _json_field(spec: dict[str, Any]) -> FieldDef:
    tagged = VersionSet.parse(spec.get("taggedVersions", "none"))
    versions = VersionSet.parse(spec["versions"]) if "versions" in spec else tagged
    type_ = TypeRef.parse(spec["type"].strip())
    flexible = spec.get("flexibleVersions")
    return FieldDef(
        name=spec["name"],
        type=type_,
        versions=versions,
        nullable=VersionSet.parse(spec.get("nullableVersions", "none")),
        tag=int(spec["tag"]) if spec.get("tag") is not None else None,
        tagged=tagged,
        explicit_default=_json_default(spec.get("default"), type_),
        ignorable=_bool(spec.get("ignorable", False)),
        flexible_override=VersionSet.parse(flexible) if flexible else None,
        fields=tuple(_json_field(f) for f in spec.get("fields", ())),
        map_key=_bool(spec.get("mapKey", False)),
        zero_copy=_bool(spec.get("zeroCopy", False)),
        entity_type=spec.get("entityType") or None,
    )


def spec_to_message(spec: dict[str, Any], source: str, path: str | None = None) -> MessageDef:
    """Convert one parsed JSON spec into a :class:`MessageDef` (not yet validated)."""
    try:
        valid = VersionSet.parse(spec["validVersions"])
        unstable = NONE
        if _bool(spec.get("latestVersionUnstable", False)) and valid:
            unstable = VersionSet.of([valid.highest or 0])
        return MessageDef(
            name=spec["name"],
            kind=spec["type"],
            valid=valid,
            flexible=VersionSet.parse(spec.get("flexibleVersions", "none")),
            fields=tuple(_json_field(f) for f in spec.get("fields", ())),
            api_key=int(spec["apiKey"]) if spec.get("apiKey") is not None else None,
            unstable=unstable,
            listeners=tuple(spec.get("listeners", ())),
            source=source,
            common_structs={
                cs["name"]: StructDef(
                    cs["name"],
                    VersionSet.parse(cs["versions"]),
                    tuple(_json_field(f) for f in cs.get("fields", ())),
                )
                for cs in spec.get("commonStructs", ())
            },
            path=path,
        )
    except (KeyError, ValueError, TypeError) as exc:
        raise GrammarError(f"malformed spec: {exc!r}", path=path) from None
    except GrammarError as exc:
        raise GrammarError(exc.reason, path=path) from None


# --------------------------------------------------------------------------- merging releases


def _merge_order(
    new: Sequence[T], old: Sequence[T], key: Callable[[T], str]
) -> list[tuple[T | None, T | None]]:
    """Pair items by key, keeping ``new``'s order and slotting old-only items after their
    nearest preceding old item that ``new`` also has."""
    new_pos = {key(x): i for i, x in enumerate(new)}
    old_by = {key(x): x for x in old}
    inserts: dict[int, list[T]] = defaultdict(list)
    anchor = -1
    for item in old:
        if key(item) in new_pos:
            anchor = new_pos[key(item)]
        else:
            inserts[anchor].append(item)
    out: list[tuple[T | None, T | None]] = [(None, o) for o in inserts[-1]]
    for i, item in enumerate(new):
        out.append((item, old_by.get(key(item))))
        out += [(None, o) for o in inserts[i]]
    return out


@dataclass(frozen=True)
class _Merger:
    """Merges a newer and an older definition of one spec.

    ``old_only`` are the versions only the older release knows; ``valid`` is the union.
    """

    old_only: VersionSet
    valid: VersionSet
    new_flexible: VersionSet
    old_flexible: VersionSet

    def combine(self, new: VersionSet, old: VersionSet) -> VersionSet:
        out = (new - self.old_only) | (old & self.old_only)
        top = self.valid.highest
        if (new.open_ended or old.open_ended) and out and not out.open_ended and top is not None:
            lo, hi = out.ranges[-1]
            if lo <= top <= hi:  # versions above the valid range are free: keep "N+"
                out = VersionSet((*out.ranges[:-1], (lo, MAX_VERSION)))
        return out

    def _flex(self, new: FieldDef | None, old: FieldDef | None) -> VersionSet | None:
        new_o = new.flexible_override if new else None
        old_o = old.flexible_override if old else None
        if new_o is None and old_o is None:
            return None
        return self.combine(
            (new_o if new_o is not None else self.new_flexible) if new else NONE,
            (old_o if old_o is not None else self.old_flexible) if old else NONE,
        )

    def field(self, new: FieldDef | None, old: FieldDef | None) -> list[FieldDef]:
        if new is not None and old is not None and _differs(new, old):
            return self.field(new, None) + self.field(None, old)
        base = new if new is not None else old
        assert base is not None
        n = new if new is not None else _EMPTY
        o = old if old is not None else _EMPTY
        merged = replace(
            base,
            versions=self.combine(n.versions, o.versions),
            nullable=self.combine(n.nullable, o.nullable),
            tagged=self.combine(n.tagged, o.tagged),
            flexible_override=self._flex(new, old),
            explicit_default=base.explicit_default if base.has_default else o.explicit_default,
            fields=self.fields(n.fields, o.fields),
        )
        if not merged.versions & self.valid:
            return []
        if not merged.tagged:
            merged = replace(merged, tag=None)
        return [merged]

    def fields(self, new: Sequence[FieldDef], old: Sequence[FieldDef]) -> tuple[FieldDef, ...]:
        out: list[FieldDef] = []
        for n, o in _merge_order(new, old, lambda f: f.name):
            out += self.field(n, o)
        return tuple(out)

    def structs(self, new: dict[str, StructDef], old: dict[str, StructDef]) -> dict[str, StructDef]:
        out = {}
        for n, o in _merge_order(list(new.values()), list(old.values()), lambda s: s.name):
            base = n if n is not None else o
            assert base is not None
            versions = self.combine(n.versions if n else NONE, o.versions if o else NONE)
            if versions & self.valid:
                fields = self.fields(n.fields if n else (), o.fields if o else ())
                out[base.name] = StructDef(base.name, versions, fields)
        return out


_EMPTY = FieldDef("Empty", TypeRef("int8"), NONE)


def _differs(new: FieldDef, old: FieldDef) -> bool:
    """True when two definitions of a field disagree on the wire (type, tag or default)."""
    if new.type != old.type or new.tag != old.tag or new.default != old.default:
        return True
    return new.type.is_struct and bool(new.fields) != bool(old.fields)


def merge_messages(new: MessageDef, old: MessageDef) -> MessageDef:
    """Merge an older release's definition ``old`` into the newer ``new`` (see module doc)."""
    aliases = list(new.aliases)
    for name in (old.name, *old.aliases):
        if name != new.name and name not in aliases:
            aliases.append(name)
    old_only = old.valid - new.valid
    if not old_only:
        return replace(new, aliases=tuple(aliases))
    valid = new.valid | old_only
    m = _Merger(old_only, valid, new.flexible, old.flexible)
    return replace(
        new,
        valid=valid,
        flexible=m.combine(new.flexible, old.flexible),
        unstable=(new.unstable - old_only) | (old.unstable & old_only),
        listeners=new.listeners if new.valid else old.listeners,
        aliases=tuple(aliases),
        fields=m.fields(new.fields, old.fields),
        common_structs=m.structs(dict(new.common_structs), dict(old.common_structs)),
    )


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
            "These files are generated from Kafka's JSON specs and carry only their facts (names,",
            "types, versions, tags, defaults, flags), none of their documentation text. Versions",
            "that newer Kafka releases dropped are merged back in from the older release; for a",
            "version both know, the newer definition is used.",
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


def register(commands: argparse._SubParsersAction) -> None:
    grammars = commands.add_parser(
        "grammars", help="kformat's grammar files: regenerate them from Kafka's JSON specs",
        description="kformat's .kfg grammar files (grammars/README.md).")
    sub = grammars.add_subparsers(dest="action", metavar="ACTION", required=True)
    imp = sub.add_parser(
        "import", help="generate grammar files from Kafka's JSON message specs",
        description="Generate kformat grammar files from Kafka's JSON message specs.")
    imp.add_argument("dirs", nargs="+", type=Path, metavar="DIR",
                     help="spec root or spec group folders")
    imp.add_argument("--out", type=Path, default=Path("grammars"),
                     help="output folder (default: grammars)")
    imp.add_argument("--check", action="store_true",
                     help="write nothing; exit 1 if --out is not up to date")
    from kformat.console import leaf_options

    leaf_options(imp)
    imp.set_defaults(run=run_import)


def run_import(args: argparse.Namespace, console: Any) -> int:
    """``kformat grammars import DIR [DIR...] [--out grammars] [--check]``."""
    try:
        if args.check:
            with tempfile.TemporaryDirectory() as tmp:
                import_specs(args.dirs, Path(tmp))
                stale = _diff_trees(Path(tmp), args.out)
            for rel in stale:
                console.error(f"out of date: {rel}")
            return 1 if stale else 0
        written = import_specs(args.dirs, args.out)
    except GrammarError as exc:
        console.error(exc)
        return 2
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
