"""The registry lookups, and the invariants every grammar is checked against when loaded.

Each validation rule is shown with a minimal bad grammar and its good twin: the bad one must
raise exactly GrammarError pointing at ``file:line Message.Field``, the good one must load.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kformat.errors import GrammarError, UnsupportedVersionError
from kformat.spec.dsl import parse_grammar
from kformat.spec.registry import Registry, grammar_root, load_registry
from tests.helpers import grammar_header

from . import GRAMMARS

# --------------------------------------------------------------------------- lookups


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry()


def test_load_registry_is_cached(registry: Registry) -> None:
    assert load_registry() is registry
    assert load_registry(GRAMMARS) is load_registry(str(GRAMMARS))
    assert len(registry) == len(list(GRAMMARS.rglob("*.kfg")))


def test_grammar_root_finds_the_files() -> None:
    assert (grammar_root() / "message" / "MetadataRequest.kfg").is_file()
    assert (grammar_root() / "NOTICE").is_file()


def test_api_lookups(registry: Registry) -> None:
    assert (
        registry.request(3) is registry.request("Metadata") is registry.request("MetadataRequest")
    )
    assert registry.response("Metadata").name == "MetadataResponse"
    assert registry.response(3) is registry.message("MetadataResponse")
    assert registry.api_name(0) == "Produce"
    for api in ("Produce", "InitProducerId", "ShareFetch"):  # ShareFetch: an unstable v0
        msg = registry.request(api)
        _, name, attrs = grammar_header(GRAMMARS / "message" / f"{msg.name}.kfg")
        assert (name, str(msg.valid)) == (msg.name, attrs["versions"])
        assert str(msg.unstable) == attrs.get("unstable", "none")
        assert set(msg.stable) == set(msg.valid) - set(msg.unstable)


def test_renamed_api_is_one_api(registry: Registry) -> None:
    request = registry.request(74)
    assert registry.api_name(74) == "ListConfigResources"
    assert str(request.valid) == "0-1"
    assert registry.request("ListClientMetricsResources") is request
    assert registry.message("ListClientMetricsResourcesResponse") is registry.response(74)


def test_removed_apis_come_from_kafka_39(registry: Registry) -> None:
    expected = {
        4: ("LeaderAndIsr", "0-7"),
        5: ("StopReplica", "0-4"),
        6: ("UpdateMetadata", "0-8"),
        7: ("ControlledShutdown", "0-3"),
    }
    for key, (name, versions) in expected.items():
        assert (registry.api_name(key), str(registry.request(key).valid)) == (name, versions)
        assert registry.response(key).valid == registry.request(key).valid


def test_record_lookups(registry: Registry) -> None:
    assert registry.metadata_record(3).name == "PartitionRecord"
    assert registry.metadata_record(0, group="remote-log").name == "RemoteLogSegmentMetadataRecord"
    assert registry.metadata_record(0).name == "RegisterBrokerRecord"
    assert registry.coordinator_key("group", 1).name == "OffsetCommitKey"
    assert registry.coordinator_value("group", 1).name == "OffsetCommitValue"
    assert registry.coordinator_value("coordinator/share", 0).name == "ShareSnapshotValue"
    assert registry.coordinator_key("transaction", 0).name == "TransactionLogKey"


def test_by_kind(registry: Registry) -> None:
    requests = registry.by_kind("request")
    assert [m.api_key for m in requests] == list(range(len(requests)))  # Kafka's keys are dense
    assert [m.name for m in registry.by_kind("header")] == ["RequestHeader", "ResponseHeader"]
    assert "SimpleExampleMessage" in {m.name for m in registry.by_kind("header", include_test=True)}
    assert registry.message("SimpleExampleMessage").source == "generator-test"


@pytest.mark.parametrize(
    "lookup",
    [
        lambda r: r.request(999),
        lambda r: r.response("NoSuchApi"),
        lambda r: r.message("NoSuchMessage"),
        lambda r: r.metadata_record(999),
        lambda r: r.metadata_record(0, group="nope"),
        lambda r: r.coordinator_key("group", 999),
        lambda r: r.coordinator_value("nope", 0),
    ],
)
def test_unknown_lookups_raise(registry: Registry, lookup) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(UnsupportedVersionError):
        lookup(registry)


def test_registry_rejects_duplicate_keys() -> None:
    a = parse_grammar("request ARequest key=1 versions=0 flexible=none source=message\n")
    b = parse_grammar("request BRequest key=1 versions=0 flexible=none source=message\n")
    with pytest.raises(GrammarError):
        Registry([a, b])


def test_loading_names_the_bad_file(tmp_path: Path) -> None:
    good, broken = tmp_path / "good", tmp_path / "broken"
    shutil.copytree(GRAMMARS / "raft", good / "raft")
    shutil.copytree(GRAMMARS / "raft", broken / "raft")
    assert len(load_registry(good)) == 1
    bad = broken.resolve() / "raft" / "Broken.kfg"
    bad.write_text(
        "data Broken versions=0 flexible=none source=raft\n  A int32 versions=0+ nullable=0+\n"
    )
    with pytest.raises(GrammarError) as info:
        load_registry(broken)
    assert info.value.path == f"{bad}:2 Broken.A"


def test_loading_checks_file_location(tmp_path: Path) -> None:
    (tmp_path / "message").mkdir()
    (tmp_path / "message" / "Wrong.kfg").write_text(
        "data Right versions=0 flexible=none source=message\n"
    )
    with pytest.raises(GrammarError):
        load_registry(tmp_path)
    with pytest.raises(GrammarError):
        load_registry(tmp_path / "message" / "empty-dir-does-not-exist")


# --------------------------------------------------------------------------- validation rules

HEAD = "request Test key=1 versions=0-3 flexible=2+ source=message"

RULES = [
    # (rule, bad body, good body, line, field path)
    (
        "tags only in flexible versions",
        "A int32 versions=0+ tag=0 tagged=1+",
        "A int32 versions=0+ tag=0 tagged=2+",
        2,
        "A",
    ),
    (
        "tagged versions open-ended",
        "A int32 versions=2+ tag=0 tagged=2-3",
        "A int32 versions=2+ tag=0 tagged=2+",
        2,
        "A",
    ),
    (
        "tagged within versions",
        "A int32 versions=2-3 tag=0 tagged=2+",
        "A int32 versions=2+ tag=0 tagged=2+",
        2,
        "A",
    ),
    (
        "tag needs tagged",
        "A int32 versions=2+ tag=0",
        "A int32 versions=2+ tag=0 tagged=2+",
        2,
        "A",
    ),
    (
        "tagged needs tag",
        "A int32 versions=2+ tagged=2+",
        "A int32 versions=2+ tag=0 tagged=2+",
        2,
        "A",
    ),
    (
        "tags are not negative",
        "A int32 versions=2+ tag=-1 tagged=2+",
        "A int32 versions=2+ tag=1 tagged=2+",
        2,
        "A",
    ),
    (
        "no duplicate tags",
        "A int32 versions=2+ tag=0 tagged=2+\n  B int32 versions=2+ tag=0 tagged=2+",
        "A int32 versions=2+ tag=0 tagged=2+\n  B int32 versions=2+ tag=1 tagged=2+",
        3,
        "B",
    ),
    (
        "tagged is all or none nullable",
        "A string versions=2+ nullable=3+ tag=0 tagged=2+",
        "A string versions=2+ nullable=2+ tag=0 tagged=2+",
        2,
        "A",
    ),
    (
        "tagged field is no map key",
        "A int32 versions=2+ tag=0 tagged=2+ mapKey",
        "A int32 versions=2+ mapKey",
        2,
        "A",
    ),
    (
        "int is not nullable",
        "A int32 versions=0+ nullable=0+",
        "A string versions=0+ nullable=0+",
        2,
        "A",
    ),
    ("uuid is not nullable", "A uuid versions=0+ nullable=1+", "A uuid versions=0+", 2, "A"),
    (
        "bool is not nullable",
        "A bool versions=0+ nullable=1+",
        "A bytes versions=0+ nullable=1+",
        2,
        "A",
    ),
    ("versions inside valid versions", "A int32 versions=4+", "A int32 versions=3+", 2, "A"),
    (
        "nested versions inside the parent's",
        "T []T versions=0-1\n    X int32 versions=2+",
        "T []T versions=0-1\n    X int32 versions=1+",
        3,
        "T.X",
    ),
    (
        "int8 default in range",
        "A int8 versions=0+ default=200",
        "A int8 versions=0+ default=127",
        2,
        "A",
    ),
    (
        "uint16 default in range",
        "A uint16 versions=0+ default=-1",
        "A uint16 versions=0+ default=65535",
        2,
        "A",
    ),
    (
        "int64 default in range",
        "A int64 versions=0+ default=9223372036854775808",
        "A int64 versions=0+ default=9223372036854775807",
        2,
        "A",
    ),
    (
        "null default needs nullable",
        "A string versions=0+ nullable=1+ default=null",
        "A string versions=0+ nullable=0+ default=null",
        2,
        "A",
    ),
    (
        "bool has no null default",
        "A bool versions=0+ default=null",
        "A bool versions=0+ default=false",
        2,
        "A",
    ),
    (
        "struct references resolve",
        "A Missing versions=0+",
        "A Missing versions=0+\n\nstruct Missing versions=0+\n  X int8 versions=0+",
        2,
        "A",
    ),
    (
        "flexible override only for strings and bytes",
        "A int32 versions=0+ flexible=none",
        "A bytes versions=0+ flexible=none",
        2,
        "A",
    ),
    (
        "zeroCopy only for bytes",
        "A string versions=0+ zeroCopy",
        "A bytes versions=0+ zeroCopy",
        2,
        "A",
    ),
    ("field names are identifiers", "A_b int8 versions=0+", "Ab int8 versions=0+", 2, "A_b"),
    (
        "only structs have fields",
        "A int32 versions=0+\n    X int8 versions=0+",
        "A A versions=0+\n    X int8 versions=0+",
        2,
        "A",
    ),
    (
        "field names unique per version",
        "A int32 versions=0-2\n  A int64 versions=2+",
        "A int32 versions=0-2\n  A int64 versions=3+",
        3,
        "A",
    ),
    (
        "python names do not collide",
        "FooBar int8 versions=0+\n  fooBar int8 versions=0+",
        "FooBar int8 versions=0+\n  fooBaz int8 versions=0+",
        3,
        "fooBar",
    ),
    (
        "struct names unique",
        "T []S versions=0+\n    X int8 versions=0+\n  U []S versions=0+\n    Y int8 versions=0+",
        "T []S versions=0+\n    X int8 versions=0+\n  U []S2 versions=0+\n    Y int8 versions=0+",
        4,
        "U",
    ),
    (
        "common structs inside valid versions",
        "A S versions=0+\n\nstruct S versions=5+\n  X int8 versions=5+",
        "A S versions=0+\n\nstruct S versions=0+\n  X int8 versions=0+",
        4,
        "#S",
    ),
]


@pytest.mark.parametrize(("rule", "bad", "good", "line", "where"), RULES, ids=[r[0] for r in RULES])
def test_validation_rule(rule: str, bad: str, good: str, line: int, where: str) -> None:
    parse_grammar(f"{HEAD}\n  {good}\n", "good.kfg")
    with pytest.raises(GrammarError) as info:
        parse_grammar(f"{HEAD}\n  {bad}\n", "bad.kfg")
    assert type(info.value) is GrammarError
    sep = "" if where.startswith("#") else "."
    assert info.value.path == f"bad.kfg:{line} Test{sep}{where}"


HEADER_RULES = [
    (
        "unstable inside valid",
        "request Test key=1 versions=0-3 flexible=2+ unstable=4",
        "request Test key=1 versions=0-3 flexible=2+ unstable=3",
    ),
    (
        "valid versions bounded",
        "request Test key=1 versions=0+ flexible=2+",
        "request Test key=1 versions=0-9 flexible=2+",
    ),
    (
        "flexible open-ended",
        "request Test key=1 versions=0-3 flexible=2-3",
        "request Test key=1 versions=0-3 flexible=2+",
    ),
    (
        "requests have a key",
        "request Test versions=0-3 flexible=2+",
        "data Test versions=0-3 flexible=2+",
    ),
    (
        "keys are int16",
        "request Test key=40000 versions=0-3 flexible=2+",
        "request Test key=32767 versions=0-3 flexible=2+",
    ),
]


@pytest.mark.parametrize(("rule", "bad", "good"), HEADER_RULES, ids=[r[0] for r in HEADER_RULES])
def test_header_validation_rule(rule: str, bad: str, good: str) -> None:
    parse_grammar(f"{good}\n", "good.kfg")
    with pytest.raises(GrammarError) as info:
        parse_grammar(f"{bad}\n", "bad.kfg")
    assert type(info.value) is GrammarError
    assert info.value.path == "bad.kfg:1 Test"


def test_error_message_names_file_and_field() -> None:
    with pytest.raises(GrammarError) as info:
        parse_grammar(
            f"{HEAD}\n  T []T versions=0+\n    X int32 versions=0+ nullable=0+\n",
            "grammars/message/Test.kfg",
        )
    assert str(info.value).endswith("[at grammars/message/Test.kfg:3 Test.T.X]")
