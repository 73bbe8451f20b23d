"""The importer: comment stripping, JSON conversion, the release merge, and the committed tree.

The franz-go style check lives here too: for every spec and every version, the field list
the loaded grammar gives must equal the one read straight from Kafka's JSON (trunk for
trunk versions, kafka-3.9 for versions only 3.9 has).
"""

from __future__ import annotations

import base64
import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest

from kformat.errors import GrammarError
from kformat.protocol.importer import (
    find_spec_dirs,
    import_specs,
    load_spec,
    main_import,
    merge_messages,
    render_specs,
    spec_to_message,
    strip_json_comments,
)
from kformat.spec.dsl import format_grammar, parse_grammar
from kformat.spec.registry import load_registry
from kformat.spec.schema import NO_DEFAULT, MessageDef, validate_message

from . import GRAMMARS, specs_root

SPECS = specs_root()
needs_specs = pytest.mark.skipif(SPECS is None, reason="Kafka JSON specs not available")

# --------------------------------------------------------------------------- JSON reading


def test_strip_comments_keeps_strings() -> None:
    text = (
        '{"a": "x // not a comment", // gone\n "b": "/* kept */", /* gone\n too */ "c": "\\"//\\""}'
    )
    assert json.loads(strip_json_comments(text)) == {
        "a": "x // not a comment",
        "b": "/* kept */",
        "c": '"//"',
    }


def test_strip_comments_unterminated_block() -> None:
    with pytest.raises(GrammarError):
        strip_json_comments('{"a": 1 /* never closed')


def _spec(**overrides: Any) -> dict[str, Any]:
    spec = {
        "type": "data",
        "name": "Thing",
        "validVersions": "0-2",
        "flexibleVersions": "1+",
        "fields": [],
    }
    spec.update(overrides)
    return spec


@pytest.mark.parametrize(
    ("type_", "raw", "expected"),
    [
        ("int32", "0x7fffffff", 2147483647),
        ("int64", "-1", -1),
        ("int16", -1, -1),
        ("int8", 16, 16),
        ("bool", "true", True),
        ("bool", False, False),
        ("string", "null", None),
        ("string", "", ""),
        ("string", "compact string", "compact string"),
        ("float64", "12.34", 12.34),
        ("uuid", "H3KKO4NTRPaCWtEmm3vW7A", uuid.UUID("1f728a3b-8353-44f6-825a-d1269b7bd6ec")),
        ("[]int32", "null", None),
        ("bytes", "null", None),
        ("[]int32", None, NO_DEFAULT),  # JSON null reaches Kafka's generator as "no default"
    ],
)
def test_json_defaults(type_: str, raw: object, expected: object) -> None:
    field = {"name": "F", "type": type_, "versions": "0+", "nullableVersions": "0+", "default": raw}
    if type_ in ("int32", "int64", "int16", "int8", "bool", "float64", "uuid"):
        del field["nullableVersions"]
    msg = spec_to_message(_spec(fields=[field]), "message")
    assert msg.fields[0].explicit_default == expected
    assert type(msg.fields[0].explicit_default) is type(expected)


def test_json_quirks() -> None:
    fields = [
        {
            "name": "Tagged",
            "type": "[]int32",
            "taggedVersions": "1+",
            "tag": "0",
        },  # no versions, string tag
        {"name": "Flag", "type": "string", "versions": "0+", "ignorable": "false"},
    ]
    msg = spec_to_message(_spec(fields=fields, latestVersionUnstable=True), "message")
    assert str(msg.fields[0].versions) == "1+" and msg.fields[0].tag == 0
    assert msg.fields[1].ignorable is False
    assert str(msg.unstable) == "2"


def test_malformed_spec_names_the_file() -> None:
    with pytest.raises(GrammarError) as info:
        spec_to_message({"type": "data", "name": "X"}, "message", "x.json")
    assert info.value.path == "x.json"


# --------------------------------------------------------------------------- the merge rule


def _msg(text: str) -> MessageDef:
    return parse_grammar(text, validate=False)


NEW = """\
request ThingRequest key=9 versions=3-6 flexible=5+ listeners=broker source=message
  Name string versions=0+
  Added int32 versions=4+
  Kind int8 versions=0+ default=1
  Topics []Topic versions=0+
    Id int32 versions=0+
    Fresh bool versions=6+
"""
OLD = """\
request OldThingRequest key=9 versions=0-5 flexible=5+ listeners=zkBroker,broker source=message
  Name string versions=0+ nullable=0-1
  Legacy int64 versions=0-2
  Kind int16 versions=0+ default=1
  Topics []Topic versions=0+
    Id int32 versions=0+
    Gone string versions=0-1
"""


def _view(msg: MessageDef, version: int) -> list[tuple[Any, ...]]:
    def walk(fields: tuple) -> list[tuple[Any, ...]]:
        return [
            (
                f.name,
                str(f.type),
                f.is_nullable(version),
                f.is_tagged(version),
                walk(msg.children(f)),
            )
            for f in fields
            if f.present(version)
        ]

    return walk(msg.fields)


def test_merge_per_version_equals_sources() -> None:
    new, old = _msg(NEW), _msg(OLD)
    merged = merge_messages(new, old)
    validate_message(merged)
    assert str(merged.valid) == "0-6"
    assert merged.aliases == ("OldThingRequest",)
    assert merged.listeners == ("broker",)
    for v in merged.valid:
        source = new if v in new.valid else old
        assert _view(merged, v) == _view(source, v), v
    # Kind changed type: two entries with disjoint versions, trunk's first.
    kinds = [f for f in merged.fields if f.name == "Kind"]
    assert [(str(f.type), str(f.versions)) for f in kinds] == [("int8", "3+"), ("int16", "0-2")]
    names = [f.name for f in merged.fields]
    assert names == ["Name", "Legacy", "Added", "Kind", "Kind", "Topics"]
    assert str(merged.fields[0].nullable) == "0-1"
    assert format_grammar(parse_grammar(format_grammar(merged))) == format_grammar(merged)


def test_merge_takes_old_release_for_removed_api() -> None:
    new = _msg("request GoneRequest key=4 versions=none flexible=none source=message\n")
    old = _msg(
        "request GoneRequest key=4 versions=0-7 flexible=4+ listeners=zkBroker source=message\n"
        "  A int32 versions=0+\n  B string versions=2+ tag=0 tagged=4+\n"
    )
    merged = merge_messages(new, old)
    assert (str(merged.valid), str(merged.flexible), merged.listeners) == (
        "0-7",
        "4+",
        ("zkBroker",),
    )
    assert [str(f.versions) for f in merged.fields] == ["0+", "2+"]
    assert str(merged.fields[1].tagged) == "4+"
    validate_message(merged)


def test_merge_keeps_unstable_versions_from_both() -> None:
    new = _msg("request XRequest key=1 versions=1-3 flexible=0+ unstable=3 source=message\n")
    old = _msg("request XRequest key=1 versions=0 flexible=0+ unstable=0 source=message\n")
    assert str(merge_messages(new, old).unstable) == "0,3"


# --------------------------------------------------------------------------- against the real specs


def _vin(text: str | None, version: int) -> bool:
    """Straight from Kafka's range syntax, independent of VersionSet."""
    if text is None or text == "none":
        return False
    m = re.fullmatch(r"(\d+)(\+|-(\d+))?", text.strip())
    assert m, text
    lo = int(m.group(1))
    if m.group(2) == "+":
        return version >= lo
    return lo <= version <= int(m.group(3) or lo)


def _json_view(spec: dict[str, Any], version: int) -> list[tuple[Any, ...]]:
    commons = {c["name"]: c["fields"] for c in spec.get("commonStructs", ())}
    flexible = spec.get("flexibleVersions")

    def walk(fields: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        out = []
        for f in fields:
            present = f.get("versions", f.get("taggedVersions"))
            if not _vin(present, version):
                continue
            type_ = f["type"].strip()
            base = type_.removeprefix("[]")
            children = f.get("fields") or (commons.get(base) if base[:1].isupper() else None) or []
            tagged = _vin(f.get("taggedVersions"), version)
            out.append(
                (
                    f["name"],
                    type_,
                    _vin(f.get("nullableVersions"), version),
                    int(f["tag"]) if tagged else None,
                    _vin(f.get("flexibleVersions") or flexible, version),
                    _json_default_value(f.get("default"), type_),
                    walk(children),
                )
            )
        return out

    return walk(spec.get("fields", []))


def _json_default_value(raw: Any, type_: str) -> Any:
    """A JSON default as a typed value, the way Kafka's generator reads it."""
    if raw is None or (raw == "" and type_ != "string"):
        return "absent"
    text = str(raw).lower() if isinstance(raw, bool) else str(raw)
    if text == "null":
        return None
    if type_ in ("int8", "int16", "uint16", "int32", "uint32", "int64"):
        return int(text, 16 if "0x" in text else 10)
    if type_ == "bool":
        return text == "true"
    if type_ == "float64":
        return float(text)
    if type_ == "uuid":
        return uuid.UUID(bytes=base64.urlsafe_b64decode(text + "=="))
    return text


def _grammar_view(msg: MessageDef, version: int) -> list[tuple[Any, ...]]:
    def walk(fields: tuple) -> list[tuple[Any, ...]]:
        return [
            (
                f.name,
                str(f.type),
                f.is_nullable(version),
                f.tag if f.is_tagged(version) else None,
                f.is_flexible(version, msg.flexible),
                f.explicit_default if f.has_default else "absent",
                walk(msg.children(f)),
            )
            for f in fields
            if f.present(version)
        ]

    return walk(msg.fields)


def _source_specs() -> tuple[dict[tuple[str, str], dict], dict[tuple[str, str], dict]]:
    """(source group, spec name) -> JSON spec, for trunk and for kafka-3.9."""
    assert SPECS is not None
    trunk: dict[tuple[str, str], dict] = {}
    old: dict[tuple[str, str], dict] = {}
    for path in sorted(SPECS.rglob("*.json")):
        rel = path.relative_to(SPECS).parts
        if len(rel) < 2:
            continue
        if rel[0] == "kafka-3.9":
            spec = load_spec(path)
            old[("message", spec["name"])] = spec
        else:
            spec = load_spec(path)
            trunk[("/".join(rel[:-1]), spec["name"])] = spec
    return trunk, old


@needs_specs
def test_every_version_of_every_spec_matches_its_source() -> None:
    trunk, old = _source_specs()
    registry = load_registry(GRAMMARS)
    by_key = {
        (s["type"], s.get("apiKey")): s
        for s in old.values()
        if s["type"] in ("request", "response")
    }
    checked = 0
    assert {(m.source, m.name) for m in registry} == set(trunk)
    for msg in registry:
        t_spec = trunk[(msg.source, msg.name)]
        o_spec = old.get((msg.source, msg.name))
        if o_spec is None and msg.kind in ("request", "response"):
            o_spec = by_key.get((msg.kind, msg.api_key))
        t_valid = [v for v in range(40) if _vin(t_spec["validVersions"], v)]
        o_valid = [v for v in range(40) if o_spec and _vin(o_spec["validVersions"], v)]
        assert list(msg.valid) == sorted(set(t_valid) | set(o_valid)), msg.name
        for v in msg.valid:
            spec = t_spec if v in t_valid else o_spec
            assert spec is not None
            assert _grammar_view(msg, v) == _json_view(spec, v), f"{msg.name} v{v}"
            assert msg.is_flexible(v) == _vin(spec.get("flexibleVersions"), v), f"{msg.name} v{v}"
            checked += 1
    assert checked == sum(len(list(m.valid)) for m in registry)
    assert checked > 700


@needs_specs
def test_version_pair_counts() -> None:
    """Every request version of Kafka's specs is in the registry, and nothing else: the
    expected sets come from the specs (trunk, then kafka-3.9 for the versions trunk dropped),
    so a Kafka upgrade changes no number here."""
    trunk, old = _source_specs()
    valid: dict[int, set[int]] = {}
    flexible: dict[int, set[int]] = {}
    for spec in [*trunk.values(), *old.values()]:  # trunk first: it wins for shared versions
        if spec["type"] != "request":
            continue
        seen = valid.setdefault(spec["apiKey"], set())
        for v in range(40):
            if _vin(spec["validVersions"], v) and v not in seen:
                seen.add(v)
                if _vin(spec.get("flexibleVersions"), v):
                    flexible.setdefault(spec["apiKey"], set()).add(v)

    registry = load_registry(GRAMMARS)
    assert registry.api_keys() == tuple(sorted(valid))
    for key in registry.api_keys():
        request, response = registry.request(key), registry.response(key)
        assert (request.valid, request.flexible) == (response.valid, response.flexible)
        assert set(request.valid) == valid[key], key
        assert set(request.valid & request.flexible) == flexible.get(key, set()), key


def test_record_counts() -> None:
    registry = load_registry(GRAMMARS)

    def versions(kind: str) -> tuple[int, int]:
        found = registry.by_kind(kind)
        return len(found), sum(len(list(m.valid)) for m in found)

    assert versions("metadata") == (31, 42)  # 27 KRaft + 4 remote-log-metadata record types
    assert versions("coordinator-key") == (25, 25)
    assert versions("coordinator-value") == (25, 34)
    assert versions("data") == (14, 32)
    assert versions("header") == (2, 5)
    assert len(registry.by_kind("header", include_test=True)) == 7


# --------------------------------------------------------------------------- the committed tree


@needs_specs
def test_committed_grammars_equal_a_fresh_import(tmp_path: Path) -> None:
    assert SPECS is not None
    import_specs([SPECS], tmp_path)

    def listing(root: Path) -> dict[str, bytes]:
        return {
            p.relative_to(root).as_posix(): p.read_bytes()
            for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        }

    fresh, committed = listing(tmp_path), listing(GRAMMARS)
    assert sorted(fresh) == sorted(committed)
    stale = [k for k in fresh if fresh[k] != committed[k]]
    assert not stale, f"regenerate with `kformat grammars import`: {stale[:5]}"
    assert main_import([str(SPECS), "--out", str(GRAMMARS), "--check"]) == 0


@needs_specs
def test_import_is_deterministic_and_removes_stale_files(tmp_path: Path) -> None:
    assert SPECS is not None
    stale = tmp_path / "message" / "NoLongerASpec.kfg"
    stale.parent.mkdir(parents=True)
    stale.write_text("junk")
    import_specs([SPECS], tmp_path)
    assert not stale.exists()
    first = render_specs([SPECS])
    assert first == render_specs([SPECS])
    assert all("\r" not in text for text in first.values())
    assert main_import([str(SPECS), "--out", str(tmp_path), "--check"]) == 0
    (tmp_path / "message" / "MetadataRequest.kfg").write_text("changed\n")
    assert main_import([str(SPECS), "--out", str(tmp_path), "--check"]) == 1


@needs_specs
def test_find_spec_dirs() -> None:
    assert SPECS is not None
    found = {(d.group, d.release) for d in find_spec_dirs([SPECS])}
    assert found == {
        ("message", ()),
        ("metadata", ()),
        ("coordinator/group", ()),
        ("coordinator/share", ()),
        ("coordinator/transaction", ()),
        ("storage", ()),
        ("streams", ()),
        ("raft", ()),
        ("generator-test", ()),
        ("message", (3, 9)),
    }
    single = find_spec_dirs([SPECS / "coordinator" / "share", SPECS / "kafka-3.9" / "message"])
    assert [(d.group, d.release) for d in single] == [
        ("coordinator/share", ()),
        ("message", (3, 9)),
    ]
    with pytest.raises(GrammarError):
        find_spec_dirs([SPECS / "nope"])


@needs_specs
def test_grammars_carry_every_about_text() -> None:
    """Each trunk spec field's ``about`` is on its grammar field (whitespace made single
    spaces; an older release's wording gives way to trunk's, as its definition does); the
    specs' comments and licence headers are not carried."""
    assert SPECS is not None
    abouts: set[str] = set()

    def collect(fields: list[dict[str, Any]]) -> None:
        for f in fields:
            if f.get("about"):
                abouts.add(" ".join(f["about"].split()))
            collect(f.get("fields", []))

    for path in SPECS.rglob("*.json"):
        if path.name == "inventory.json" or path.relative_to(SPECS).parts[0].startswith("kafka-"):
            continue
        spec = load_spec(path)
        collect(spec.get("fields", []))
        for common in spec.get("commonStructs", []):
            collect(common["fields"])
    assert len(abouts) > 1000
    carried: set[str] = set()

    def visit(fields: tuple[Any, ...]) -> None:
        for f in fields:
            carried.add(f.about)
            visit(f.fields)

    for msg in load_registry(GRAMMARS):
        visit(msg.fields)
        for struct in msg.common_structs.values():
            visit(struct.fields)
    assert "The fetch session epoch, which is used for ordering requests in a session." in carried
    assert abouts <= carried
    for path in GRAMMARS.rglob("*.kfg"):
        text = path.read_text(encoding="utf-8")
        comments = [line for line in text.splitlines() if line.startswith("#")]
        assert len(comments) == 2, path
        assert "Licensed to the Apache" not in text, path
