"""kformat.messages: the generated TypedDicts are current, complete, and say what the parser
returns and what a build needs (every message version, both engines' values)."""

from __future__ import annotations

import typing
import uuid
from pathlib import Path
from typing import Any

import pytest

import kformat.messages
from kformat.cli import run
from kformat.errors import EncodeError
from kformat.primitives import CompiledGrammar
from kformat.protocol import typed
from kformat.protocol.api import resolve_api
from kformat.spec.compiler import body_grammar
from kformat.spec.records_field import RecordSet
from kformat.spec.registry import TEST_SOURCE, load_registry
from kformat.spec.schema import MessageDef
from tests.helpers import declared_versions
from tests.protocol.values import sample_body

MESSAGES = [m for m in load_registry() if m.source != TEST_SOURCE]
DECLS = {d.name: d for d in typed.body_types()}
_SCALARS = {"int": int, "float": float, "bool": bool, "str": str, "bytes": bytes,
            "UUID": uuid.UUID, "RecordSet": RecordSet}


def test_committed_stubs_are_current(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["grammars", "types", "--check"]) == 0
    assert run(["grammars", "types", "--out", str(tmp_path)]) == 0
    for rel, text in typed.rendered().items():
        assert (tmp_path / rel).read_text(encoding="utf-8") == text
        assert (typed.MESSAGES_DIR / rel).read_text(encoding="utf-8") == text
    stub = tmp_path / "__init__.pyi"
    stub.write_text(stub.read_text(encoding="utf-8").replace("acks: int", "acks: str"),
                    encoding="utf-8")
    capsys.readouterr()
    assert run(["grammars", "types", "--check", "--out", str(tmp_path)]) == 1
    assert capsys.readouterr().err.strip() == (
        f"kformat grammars types: {tmp_path}: StaleOutputError: 1 files out of date: "
        "__init__.pyi")


def test_every_message_version_has_its_name() -> None:
    declared = {(n, v) for n, v in declared_versions()}
    expected = {(m.name, v) for m in MESSAGES for v in m.valid}
    assert expected == {(n, v) for n, v in declared if not n.startswith(
        ("AllType", "Simple", "NullableStruct"))}
    for name, version in sorted(expected):
        assert f"{name}V{version}" in DECLS
    assert {"MetadataRequestV12", "FetchResponseV16", "RequestHeaderV2", "OffsetCommitValueV3",
            "TopicRecordV0", "TransactionLogKeyV0"} <= set(DECLS)
    assert DECLS["ProduceRequestV10"].alias_of == "ProduceRequestV9"


def test_runtime_names_are_typeddicts() -> None:
    td = kformat.messages.ProduceRequestV9
    assert typing.is_typeddict(td) and td.__module__ == "kformat.messages"
    assert kformat.messages.ProduceRequestV10 is td
    assert td.__optional_keys__ == {"transactional_id", "acks", "timeout_ms", "topic_data",
                                    "_unknown_tags", "_defaults_on_wire"}
    assert td.__required_keys__ == frozenset()
    assert td.__annotations__["topic_data"].__forward_arg__ == \
        "list[ProduceRequestTopicProduceDataV9]"
    assert "ProduceRequestV9" in dir(kformat.messages)
    with pytest.raises(AttributeError, match="no attribute 'ProduceRequestV99'"):
        _ = kformat.messages.ProduceRequestV99


def test_docstrings_carry_about_and_wire_type() -> None:
    keys = {k.name: k for k in DECLS["ProduceRequestV9"].keys}
    assert keys["timeout_ms"].doc == ("The timeout to await a response in milliseconds. "
                                      "[int32 (-2147483648 to 2147483647)]")
    assert keys["transactional_id"].annotation == "str | None"
    stub = (typed.MESSAGES_DIR / "__init__.pyi").read_text(encoding="utf-8")
    assert ('    timeout_ms: int\n    """The timeout to await a response in milliseconds. '
            '[int32 (-2147483648 to 2147483647)]"""\n') in stub


def test_api_literals_resolve() -> None:
    for msg in load_registry().by_kind("request") + load_registry().by_kind("response"):
        for literal in typed.api_literals(msg):
            assert resolve_api(literal) == msg.api_key


def _check(value: Any, annotation: str, path: str) -> None:
    """``value`` is of the generated ``annotation`` (and a nested TypedDict's keys hold)."""
    if annotation.endswith(" | None"):
        if value is None:
            return
        annotation = annotation[: -len(" | None")]
    if annotation.startswith("list["):
        assert type(value) is list, path
        for i, item in enumerate(value):
            _check(item, annotation[5:-1], f"{path}[{i}]")
    elif annotation == "dict[int, bytes]":
        assert all(type(k) is int and type(v) is bytes for k, v in value.items()), path
    elif annotation == "tuple[str, ...]":
        assert type(value) is tuple and all(type(v) is str for v in value), path
    elif annotation in _SCALARS:
        assert type(value) is _SCALARS[annotation], (path, value)
    else:
        _check_struct(value, DECLS[annotation], path)


def _check_struct(value: Any, decl: typed.TypeDecl, path: str) -> None:
    assert type(value) is dict, path
    for key in decl.keys:
        if key.name.startswith("_"):
            if key.name in value:
                _check(value[key.name], key.annotation, f"{path}.{key.name}")
            continue
        assert key.name in value, f"{path}.{key.name}"  # the parser fills every field
        _check(value[key.name], key.annotation, f"{path}.{key.name}")


def _versions() -> list[tuple[MessageDef, int]]:
    return [(m, v) for m in MESSAGES for v in m.valid]


@pytest.mark.parametrize(("msg", "version"), _versions(),
                         ids=[f"{m.name}-v{v}" for m, v in _versions()])
def test_types_match_parsed_values(msg: MessageDef, version: int) -> None:
    """A parsed body (every field set, nulls, tagged and unknown tagged fields) has each
    declared key with a value of the declared type, on the interpreter and the fast path; the
    keys it has beyond those are the other versions' fields, the ones the type leaves out."""
    decl = DECLS[f"{msg.name}V{version}"]
    decl = DECLS[decl.alias_of] if decl.alias_of else decl
    compiled = CompiledGrammar(body_grammar(msg, version), name=decl.name, native=True)
    for body in (sample_body(msg, version), sample_body(msg, version, unknown_tags=False)):
        data = compiled.build(body)
        for parsed in (compiled.parse(data), body_grammar(msg, version).parse(data)):
            _check_struct(parsed, decl, decl.name)
            others = {f.py_name for f in msg.fields} - {f.py_name for f in msg.fields_for(version)}
            assert set(parsed) - {k.name for k in decl.keys} == others


@pytest.mark.parametrize(("msg", "version"), _versions(),
                         ids=[f"{m.name}-v{v}" for m, v in _versions()])
def test_an_empty_body_builds(msg: MessageDef, version: int) -> None:
    """No top-level key is required (each takes its default), as the types say."""
    decl = DECLS[f"{msg.name}V{version}"]
    decl = DECLS[decl.alias_of] if decl.alias_of else decl
    assert not [k for k in decl.keys if k.required]
    CompiledGrammar(body_grammar(msg, version), name=decl.name, native=True).build({})


def test_required_keys_are_what_a_build_needs() -> None:
    """The only required keys are the non-nullable ``records`` fields (their default, null,
    does not build); with them a body builds, without them it does not."""
    required = sorted(f"{d.name}.{k.name}" for d in typed.body_types() for k in d.keys
                      if k.required)
    assert required == ["FetchSnapshotResponsePartitionSnapshotV0.unaligned_records",
                        "ShareFetchResponsePartitionDataV1.records"]
    snapshot = load_registry().response("FetchSnapshot")
    grammar = CompiledGrammar(body_grammar(snapshot, 0), name="FetchSnapshot v0", native=True)
    partition: dict[str, Any] = {"index": 0}
    body = {"topics": [{"name": "t", "partitions": [partition]}]}
    with pytest.raises(EncodeError, match="null in a non-nullable field") as info:
        grammar.build(body)
    assert info.value.field_path == "topics[0].partitions[0].unaligned_records"
    partition["unaligned_records"] = RecordSet(b"")
    assert grammar.parse(grammar.build(body))["topics"][0]["partitions"][0][
        "unaligned_records"] == RecordSet(b"")
