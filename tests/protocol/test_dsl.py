"""The grammar model basics and the .kfg text format: parse, write, round trip, syntax errors."""

from __future__ import annotations

import pickle
import uuid

import pytest

from kformat.errors import GrammarError
from kformat.spec.dsl import (
    format_default,
    format_grammar,
    parse_default,
    parse_grammar,
    read_grammar,
)
from kformat.spec.schema import (
    ALL,
    EMPTY_STRUCT,
    MAX_VERSION,
    NONE,
    FieldDef,
    MessageDef,
    TypeRef,
    VersionSet,
    implicit_default,
    snake_case,
)
from tests.helpers import declared_versions

from . import GRAMMARS

# --------------------------------------------------------------------------- VersionSet


@pytest.mark.parametrize(
    ("text", "ranges"),
    [
        ("none", ()),
        ("3", ((3, 3),)),
        ("1-5", ((1, 5),)),
        ("4+", ((4, MAX_VERSION),)),
        ("0-2,4+", ((0, 2), (4, MAX_VERSION))),
        ("0,2,7-9", ((0, 0), (2, 2), (7, 9))),
    ],
)
def test_version_set_parse_and_str(text: str, ranges: tuple) -> None:
    vs = VersionSet.parse(text)
    assert vs.ranges == ranges
    assert str(vs) == text
    assert VersionSet.parse(str(vs)) == vs


def test_version_set_normalises() -> None:
    assert str(VersionSet.parse("3-4,0-2")) == "0-4"
    assert str(VersionSet.parse("0-3,2-6,5+")) == "0+"
    assert VersionSet.of([5, 1, 2, 3]) == VersionSet.parse("1-3,5")


@pytest.mark.parametrize("text", ["", "x", "3-1", "+", "1-", "-1", "1+2", "40000", "0-2,,3"])
def test_version_set_rejects(text: str) -> None:
    with pytest.raises(GrammarError):
        VersionSet.parse(text)


def test_version_set_operations() -> None:
    a, b = VersionSet.parse("0-5"), VersionSet.parse("3+")
    assert str(a | b) == "0+"
    assert str(a & b) == "3-5"
    assert str(a - b) == "0-2"
    assert str(b - a) == "6+"
    assert str(ALL - VersionSet.parse("2-3")) == "0-1,4+"
    assert VersionSet.parse("1-2") <= a
    assert not b <= a
    assert a.isdisjoint(VersionSet.parse("7+"))
    assert 4 in a and 6 not in a and "4" not in a
    assert list(VersionSet.parse("0-2,5")) == [0, 1, 2, 5]
    assert list(b.upto(5)) == [3, 4, 5]
    assert len(list(b)) == MAX_VERSION - 2
    assert (a.lowest, a.highest, a.open_ended) == (0, 5, False)
    assert (b.highest, b.open_ended) == (MAX_VERSION, True)
    assert NONE.lowest is None and not NONE and str(NONE) == "none"


# --------------------------------------------------------------------------- names, types, defaults


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("PartitionIndex", "partition_index"),
        ("clientId", "client_id"),
        ("IsrNodes", "isr_nodes"),
        ("ISRNodes", "isr_nodes"),
        ("ZkMigrationReady", "zk_migration_ready"),
        ("KRaftVersionFeature", "kraft_version_feature"),
        ("isKRaftController", "is_kraft_controller"),
        ("V3AndBelowTopics", "v3_and_below_topics"),
        ("Enable2Pc", "enable_2pc"),
        ("myFloat64", "my_float64"),
        ("TopicId", "topic_id"),
        ("from", "from_"),
    ],
)
def test_snake_case(name: str, expected: str) -> None:
    assert snake_case(name) == expected


def test_type_ref() -> None:
    assert TypeRef.parse("[]Topic") == TypeRef.parse("[Topic]") == TypeRef("Topic", True)
    t = TypeRef.parse("[]Topic")
    assert (t.is_struct, t.struct_name, str(t)) == (True, "Topic", "[]Topic")
    assert TypeRef.parse("int32").struct_name is None
    assert TypeRef.parse("uuid").can_be_nullable is False
    for bad in ("Int32x!", "lowercase", "[]", "[][]int8"):
        with pytest.raises(GrammarError):
            TypeRef.parse(bad)


def test_implicit_defaults() -> None:
    assert implicit_default(TypeRef("int64")) == 0
    assert implicit_default(TypeRef("float64")) == 0.0
    assert implicit_default(TypeRef("bool")) is False
    assert implicit_default(TypeRef("string")) == ""
    assert implicit_default(TypeRef("bytes")) == b""
    assert implicit_default(TypeRef("uuid")) == uuid.UUID(int=0)
    assert implicit_default(TypeRef("records")) is None
    assert implicit_default(TypeRef("int8", True)) == ()
    assert implicit_default(TypeRef("Thing")) is EMPTY_STRUCT
    f = FieldDef("A", TypeRef("int32"), ALL)
    assert (f.has_default, f.default) == (False, 0)


@pytest.mark.parametrize(
    ("type_", "value", "text"),
    [
        ("int32", -1, "-1"),
        ("int64", 9223372036854775807, "9223372036854775807"),
        ("bool", True, "true"),
        ("float64", 12.34, "12.34"),
        ("string", 'a "b" c', '"a \\"b\\" c"'),
        ("string", "", '""'),
        ("string", None, "null"),
        ("bytes", b"", '""'),
        (
            "uuid",
            uuid.UUID("1f728a3b-8353-44f6-825a-d1269b7bd6ec"),
            "1f728a3b-8353-44f6-825a-d1269b7bd6ec",
        ),
        ("[]int32", None, "null"),
    ],
)
def test_default_text_round_trip(type_: str, value: object, text: str) -> None:
    assert format_default(value) == text
    assert parse_default(text, TypeRef.parse(type_)) == value
    assert type(parse_default(text, TypeRef.parse(type_))) is type(value)


def test_parse_default_accepts_hex_ints() -> None:
    assert parse_default("0x7fffffff", TypeRef("int32")) == 2147483647


@pytest.mark.parametrize(
    ("type_", "text"),
    [("int32", "abc"), ("bool", "1"), ("string", "abc"), ("bytes", '"x"'), ("[]int32", "1")],
)
def test_parse_default_rejects(type_: str, text: str) -> None:
    with pytest.raises(GrammarError):
        parse_default(text, TypeRef.parse(type_))


# --------------------------------------------------------------------------- round trips

EVERYTHING = """\
# a comment
request ThingRequest key=7 versions=0-4 flexible=3+ unstable=4 listeners=broker,controller aliases=OldThingRequest source=message
  Topics []Topic versions=0-1,3+ nullable=3+ mapKey
    Name string versions=0+ nullable=0+ default=null ignorable entity=topicName
    Extra Shared versions=1+
  ClientId string versions=1+ nullable=1+ flexible=none
  Tagged int64 versions=3+ tag=0 tagged=3+ default=-1
  Ratio float64 versions=0+ default=0.5
  Id uuid versions=0+ default=1f728a3b-8353-44f6-825a-d1269b7bd6ec
  Blob bytes versions=0+ zeroCopy
  Label string versions=0+ default="with spaces # and \\"quotes\\"" about="A label; a = b, \\"quoted\\" é."

struct Shared versions=0+
  Value int8 versions=0+ default=3
"""


def test_parse_everything() -> None:
    msg = parse_grammar(EVERYTHING, "thing.kfg")
    assert (msg.name, msg.kind, msg.api_key, msg.api_name) == (
        "ThingRequest",
        "request",
        7,
        "Thing",
    )
    assert (str(msg.valid), str(msg.flexible), str(msg.unstable)) == ("0-4", "3+", "4")
    assert msg.listeners == ("broker", "controller") and msg.aliases == ("OldThingRequest",)
    topics = msg.fields[0]
    assert str(topics.versions) == "0-1,3+" and topics.map_key and topics.type.is_array
    name = topics.fields[0]
    assert name.explicit_default is None and name.ignorable and name.entity_type == "topicName"
    assert name.line == 4
    assert msg.fields[1].flexible_override == NONE
    assert not msg.fields[1].is_flexible(3, msg.flexible) and msg.fields[0].is_flexible(
        3, msg.flexible
    )
    assert msg.fields[2].tag == 0 and msg.fields[2].is_tagged(3)
    assert msg.fields[-1].default == 'with spaces # and "quotes"'
    assert msg.fields[-1].about == 'A label; a = b, "quoted" é.'
    assert [f.about for f in msg.fields[:-1]] == [""] * (len(msg.fields) - 1)
    assert msg.fields[-2].zero_copy
    assert msg.struct("Shared").fields[0].default == 3
    assert msg.struct("Topic").fields == topics.fields
    assert msg.children(topics.fields[1]) == msg.common_structs["Shared"].fields
    assert [f.name for f in msg.fields_for(2)] == ["ClientId", "Ratio", "Id", "Blob", "Label"]
    assert [f.name for f in topics.fields_for(0)] == ["Name"]
    assert msg.stable == VersionSet.parse("0-3")


def test_write_read_write_identity_synthetic() -> None:
    text = format_grammar(parse_grammar(EVERYTHING))
    assert format_grammar(parse_grammar(text)) == text
    assert parse_grammar(text) == parse_grammar(EVERYTHING)


def test_write_read_write_identity_all_grammars() -> None:
    files = sorted(GRAMMARS.rglob("*.kfg"))
    assert len(files) == len({name for name, _ in declared_versions()})  # one message each
    for path in files:
        text = path.read_text(encoding="utf-8")
        msg = read_grammar(path)
        assert format_grammar(msg) == text, path
        assert parse_grammar(format_grammar(msg)) == msg


def test_about_is_documentation_only() -> None:
    """``about=`` is written last, read back exactly, and takes no part in equality."""
    text = format_grammar(parse_grammar(EVERYTHING))
    assert text.splitlines()[-4].endswith(' about="A label; a = b, \\"quoted\\" é."')
    msg = parse_grammar(text)
    assert msg.fields[-1].about == 'A label; a = b, "quoted" é.'
    bare = parse_grammar(EVERYTHING.replace(' about="A label; a = b, \\"quoted\\" é."', ""))
    assert bare == msg and bare.fields[-1].about == ""


def test_shipped_grammars_carry_about() -> None:
    msg = read_grammar(GRAMMARS / "message" / "ProduceRequest.kfg")
    assert msg.fields[2].about == "The timeout to await a response in milliseconds."
    assert msg.fields[3].fields[0].about == "The topic name."


def test_messages_pickle() -> None:
    msg = parse_grammar(EVERYTHING)
    assert msg.structs  # populate the cached property first
    assert pickle.loads(pickle.dumps(msg)) == msg
    assert pickle.loads(pickle.dumps(EMPTY_STRUCT)) is EMPTY_STRUCT


def test_format_is_deterministic_lf() -> None:
    msg = MessageDef(
        "X", "data", VersionSet.parse("0"), fields=(FieldDef("A", TypeRef("int8"), ALL),)
    )
    text = format_grammar(msg)
    assert text == format_grammar(msg)
    assert "\r" not in text and text.endswith("\n")
    assert text.splitlines()[2:] == [
        "data X versions=0 flexible=none source=message",
        "  A int8 versions=0+",
    ]


# --------------------------------------------------------------------------- syntax errors

HEADER = "data Thing versions=0-2 flexible=none source=message"


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("  A int8 versions=0+ colour=red", 2),  # unknown attribute
        ("  A int8 versions=0+ versions=1+", 2),  # attribute twice
        ("  A int8", 2),  # versions missing
        ("   A int8 versions=0+", 2),  # odd indentation
        ("  A int8 versions=0+\n      B int8 versions=0+", 3),  # skips a level
        ("\tA int8 versions=0+", 2),  # tab
        ("  A int8 versions=zero", 2),  # bad version set
        ("  A int8 versions=0+ default=big", 2),  # bad default
        ("  A in-t8 versions=0+", 2),  # bad type
        ("  A int8 versions=0+ tag=x tagged=0+", 2),  # bad tag
        ("  A int8 versions=0+\nstructure S versions=0+", 3),  # unknown block
        ("  A", 2),  # no type
        ("  A int8 versions=0+ about=plain", 2),  # about not JSON-quoted
        ('  A int8 versions=0+ about=""', 2),  # empty about
        ('  A int8 versions=0+ about="two\\nlines"', 2),  # about on two lines
        ('  A int8 versions=0+ about="bad \\x escape"', 2),  # not JSON
    ],
)
def test_syntax_errors_name_the_line(body: str, line: int) -> None:
    with pytest.raises(GrammarError) as info:
        parse_grammar(f"{HEADER}\n{body}\n", "bad.kfg")
    assert type(info.value) is GrammarError
    assert info.value.path == f"bad.kfg:{line}"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "# only a comment\n",
        "  A int8 versions=0+\n",
        "table Thing versions=0\n",
        "data Thing\n",
        "data Thing versions=0 key=one\n",
        f"{HEADER}\nstruct S versions=0+\nstruct S versions=0+\n",
    ],
)
def test_bad_headers(text: str) -> None:
    with pytest.raises(GrammarError):
        parse_grammar(text, "bad.kfg")
