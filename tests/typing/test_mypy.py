"""mypy --strict (pyproject.toml's [tool.mypy]) over the typed bodies and entry points, the
README's "Typed bodies" example, correct uses (tests/typing/good.py) and deliberate mistakes
(tests/typing/mistakes.py), which must give exactly the errors marked on their lines."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import kformat
from kformat.protocol.topics import decode_record, encode_record
from tests.typing import good

pytest.importorskip("mypy", reason="mypy is in the test extra (pyproject.toml)")

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PACKAGE = ["kformat/__init__.py", "kformat/__main__.py", "kformat/cli.py", "kformat/console.py",
           "kformat/errors.py", "kformat/jsonable.py", "kformat/main.py", "kformat/capture",
           "kformat/engine", "kformat/messages", "kformat/outputs", "kformat/primitives",
           "kformat/protocol", "kformat/records", "kformat/segments", "kformat/spec",
           "kformat/corpus", "kformat/fuzz", "kformat/strategies"]
"""What is held to --strict (pyproject.toml's [tool.mypy]). The whole package is not
strict-clean yet; these are."""
_LINE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): error: (?P<message>.*?)  \[(?P<code>[\w-]+)\]$")


def readme_example() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Typed bodies\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


@pytest.fixture(scope="module")
def mypy_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple[int, str, str]]]:
    """One mypy run over everything: {file: [(line, code, message)]}."""
    tmp = tmp_path_factory.mktemp("mypy")
    example = tmp / "readme_example.py"
    example.write_text(readme_example(), encoding="utf-8")
    files = [*PACKAGE, "tests/typing/good.py", "tests/typing/mistakes.py", str(example)]
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
         "--cache-dir", str(tmp / "cache"), "--no-error-summary", "--hide-error-context",
         *files], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert proc.returncode in (0, 1), proc.stderr + proc.stdout
    found: dict[str, list[tuple[int, str, str]]] = {}
    for line in proc.stdout.splitlines():
        m = _LINE.match(line)
        assert m or ": note: " in line, line
        if m:
            path = "readme" if m["path"] == str(example) else m["path"]
            found.setdefault(path, []).append((int(m["line"]), m["code"], m["message"]))
    return found


def test_package_and_correct_uses_are_clean(mypy_errors: dict[str, list]) -> None:
    assert set(mypy_errors) == {"tests/typing/mistakes.py"}, mypy_errors


def test_each_mistake_is_reported_exactly(mypy_errors: dict[str, list]) -> None:
    source = (HERE / "mistakes.py").read_text(encoding="utf-8").splitlines()
    marked = [(i, m[1]) for i, line in enumerate(source, 1)
              if (m := re.search(r"  # E: ([\w-]+)$", line))]
    assert len(marked) == 20
    got = mypy_errors["tests/typing/mistakes.py"]
    assert [(line, code) for line, code, _ in got] == marked
    messages = [message for _, _, message in got]
    assert messages[:6] == [
        'Extra key "ack" for TypedDict "ProduceRequestV9"',
        'Extra key "nme" for TypedDict "ProduceRequestTopicProduceDataV9"',
        'Incompatible types (expression has type "str", TypedDict item "acks" has type "int")',
        'Extra key "topic_id" for TypedDict "ProduceRequestTopicProduceDataV9"',
        'Incompatible types (expression has type "bytes", TypedDict item "records" has type '
        '"RecordSet | None")',
        'Incompatible types (expression has type "dict[str, str]", TypedDict item "topic_data" '
        'has type "list[ProduceRequestTopicProduceDataV9]")',
    ]
    for message in messages[6:9]:
        assert message.endswith("is deprecated: this body is not the TypedDict of this "
                                "ProduceRequest version (kformat.messages.ProduceRequestV<n>)")
    assert messages[9:14] == [
        'Incompatible types in assignment (expression has type "int", variable has type "str")',
        'TypedDict "ProduceResponseV9" has no key "base_offset"',
        'Incompatible types in assignment (expression has type "ProduceResponseV2", variable '
        'has type "ProduceResponseV9")',
        'Incompatible types (expression has type "str", TypedDict item "acks" has type "int")',
        'TypedDict "MetadataResponseV12" has no key "base_offset"',
    ]
    assert [m.rsplit(" is deprecated: ", 1)[1] for m in messages[14:17]] == [
        "a body is not the TypedDict of this OffsetCommit record version "
        "(kformat.messages.OffsetCommitKeyV<n>, OffsetCommitValueV<n>)",
        "a body is not the TypedDict of this OffsetCommit record version "
        "(kformat.messages.OffsetCommitValueV<n>)",
        "a body is not the TypedDict of this TopicRecord record version "
        "(kformat.messages.TopicRecordV<n>)",
    ]
    assert messages[17:] == [
        'TypedDict "TransactionLogKeyV0" has no key "transaction_id"',
        'Incompatible types in assignment (expression has type "OffsetCommitValueV0 | '
        'OffsetCommitValueV1 | OffsetCommitValueV3 | OffsetCommitValueV4", variable has type '
        '"OffsetCommitValueV3")',
        'Incompatible types in assignment (expression has type "TransactionLogValueV0 | '
        'TransactionLogValueV1 | None", variable has type "TransactionLogValueV1")',
    ]


def test_readme_example_runs() -> None:
    namespace: dict[str, object] = {}
    exec(compile(readme_example(), "README.md", "exec"), namespace)
    assert namespace["throttle"] == 0
    assert kformat.parse_request(namespace["frame"]).body["acks"] == -1  # type: ignore[arg-type]


def test_correct_uses_run() -> None:
    """good.py's calls work at run time too, with plain dicts."""
    assert kformat.parse_request(good.produce_v9()).body["timeout_ms"] == 1000
    assert len(good.produce_v13_inline()) > 0
    assert good.produce_response() == 5
    metadata = kformat.build_response("Metadata", 12, {"topics": [{"name": "t"}]})
    assert good.metadata(metadata) == ["t"]
    assert good.api_versions(kformat.build_response("ApiVersions", 3, {"error_code": 35})) == 1
    frame = kformat.build_request("Produce", 9, {"acks": 1})
    assert good.runtime_values("Produce", 9, {}) == (None, None)
    assert frame == kformat.build_request(0, 9, {"acks": 1})
    assert good.body_level() == 5
    header, value = good.records()
    key, data = encode_record("__consumer_offsets", "OffsetCommitKey",
                              {"group": "g", "topic": "t", "partition": 0}, dict(value),
                              value_version=3)
    assert decode_record("__consumer_offsets", key, data).value["offset"] == 5
    assert header["client_id"] == "me"
    assert good.internal_topics() == (5, "tx", "TopicRecord")
