"""One convention for every command (docs/cli.md, "The convention"), held by one table.

Every leaf of the argparse tree is a row of ``TABLE``, found by walking the tree, so a new
command fails :func:`test_every_command_is_in_the_table` until it joins. Each row gives, per
situation (a missing file, an unreadable file, garbage, an empty input, a truncated input,
stdin ``-``, an unknown option value, an unknown API name), the command line and the exit
status it must end with, or why the situation does not apply. Every case then holds: the exit
status; no traceback; for a failure, stderr is exactly one line, ``kformat COMMAND: WHERE:
ErrorClass: reason`` (one JSON object with ``--json``); a usage failure writes nothing to
stdout, and stdout never holds the error.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import socket
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import kformat
from kformat.cli import build_parser
from kformat.console import OK, PROBLEMS, USAGE
from tests.cli.runner import cli

SITUATIONS = ("missing", "unreadable", "garbage", "empty", "truncated", "stdin",
              "bad_option_value", "unknown_api")


@dataclass(frozen=True)
class Case:
    argv: tuple[str, ...]
    code: int
    stdin: str = ""  # the name of a file in the workspace fed on stdin
    xfail: str = ""  # a fix that lands elsewhere; the row is enabled when it does


@dataclass(frozen=True)
class NA:
    reason: str


def c(*argv: str, code: int, stdin: str = "", xfail: str = "") -> Case:
    return Case(tuple(argv), code, stdin, xfail)


NO_FILE = NA("reads no input file")
NO_API = NA("takes no API name")

# Placeholders, filled from the workspace: {missing} a path that does not exist, {dir} a
# directory given where a file is read, {garbage} {empty} and per command {good} {trunc}.
TABLE: dict[str, dict[str, Case | NA]] = {
    "records decode": {
        "missing": c("records", "decode", "{missing}", code=USAGE),
        "unreadable": c("records", "decode", "{dir}", code=USAGE),
        "garbage": c("records", "decode", "{garbage}", code=PROBLEMS),
        "empty": c("records", "decode", "{empty}", code=OK),
        "truncated": c("records", "decode", "{batch_trunc}", code=PROBLEMS),
        "stdin": c("records", "decode", "-", code=OK, stdin="batch"),
        "bad_option_value": c("records", "decode", "--key-decoder", "nope", "{batch}",
                              code=USAGE),
        "unknown_api": NO_API,
    },
    "decode request": {
        "missing": c("decode", "request", "{missing}", code=USAGE),
        "unreadable": c("decode", "request", "{dir}", code=USAGE),
        "garbage": c("decode", "request", "{garbage}", code=PROBLEMS),
        "empty": c("decode", "request", "{empty}", code=PROBLEMS),
        "truncated": c("decode", "request", "{request_trunc}", code=PROBLEMS),
        "stdin": c("decode", "request", "-", code=OK, stdin="request"),
        "bad_option_value": c("decode", "request", "--indent", "wide", "{request}",
                              code=USAGE),
        "unknown_api": c("decode", "request", "--body", "--api", "Metadta", "-V", "12",
                         "{request}", code=USAGE),
    },
    "decode response": {
        "missing": c("decode", "response", "{missing}", "--api", "Metadata", "-V", "12",
                     code=USAGE),
        "unreadable": c("decode", "response", "{dir}", "--api", "Metadata", "-V", "12",
                        code=USAGE),
        "garbage": c("decode", "response", "{garbage}", "--api", "Metadata", "-V", "12",
                     code=PROBLEMS),
        "empty": c("decode", "response", "{empty}", "--api", "Metadata", "-V", "12",
                   code=PROBLEMS),
        "truncated": c("decode", "response", "{response_trunc}", "--api", "Metadata", "-V",
                       "12", code=PROBLEMS),
        "stdin": c("decode", "response", "-", "--api", "Metadata", "-V", "12", code=OK,
                   stdin="response"),
        "bad_option_value": c("decode", "response", "{response}", "--api", "Metadata", "-V",
                              "twelve", code=USAGE),
        "unknown_api": c("decode", "response", "{response}", "--api", "Metadta", "-V", "12",
                         code=USAGE),
    },
    "decode stream": {
        "missing": c("decode", "stream", "{missing}", "{server}", code=USAGE),
        "unreadable": c("decode", "stream", "{client}", "{dir}", code=USAGE),
        "garbage": c("decode", "stream", "{garbage}", "{server}", code=PROBLEMS),
        "empty": c("decode", "stream", "{empty}", "{empty}", code=OK),
        "truncated": c("decode", "stream", "{client}", "{server_trunc}", code=PROBLEMS),
        "stdin": c("decode", "stream", "-", "{server}", code=OK, stdin="client"),
        "bad_option_value": c("decode", "stream", "--max-frame-size", "big", "{client}",
                              "{server}", code=USAGE),
        "unknown_api": NO_API,
    },
    "decode pcap": {
        "missing": c("decode", "pcap", "{missing}", code=USAGE),
        "unreadable": c("decode", "pcap", "{dir}", code=USAGE),
        "garbage": c("decode", "pcap", "{garbage}", code=PROBLEMS),
        "empty": c("decode", "pcap", "{empty}", code=PROBLEMS),
        "truncated": c("decode", "pcap", "{pcap_trunc}", code=PROBLEMS),
        "stdin": c("decode", "pcap", "-", code=OK, stdin="pcap"),
        "bad_option_value": c("decode", "pcap", "--port", "kafka", "{pcap}", code=USAGE),
        "unknown_api": NO_API,
    },
    "dump": {
        "missing": c("dump", "{missing}", code=USAGE),
        "unreadable": c("dump", "--files", "{garbage}/00000000000000000000.log", code=USAGE),
        "garbage": c("dump", "{garbage_log}", code=PROBLEMS),
        "empty": c("dump", "{empty_log}", code=OK),
        "truncated": c("dump", "{trunc_log}", code=PROBLEMS),
        "stdin": c("dump", "-", code=OK, stdin="batch"),
        "bad_option_value": c("dump", "--value-decoder", "nope", "{log}", code=USAGE),
        "unknown_api": NO_API,
    },
    "grammars import": {
        "missing": c("grammars", "import", "{missing}", "--out", "{out}", code=USAGE),
        "unreadable": c("grammars", "import", "{garbage}", "--out", "{out}", code=USAGE),
        "garbage": c("grammars", "import", "{spec_garbage}", "--out", "{out}",
                     code=PROBLEMS),
        "empty": c("grammars", "import", "{spec_empty}", "--out", "{out}", code=PROBLEMS),
        "truncated": c("grammars", "import", "{spec_trunc}", "--out", "{out}",
                       code=PROBLEMS),
        "stdin": c("grammars", "import", "-", "--out", "{out}", code=USAGE),
        "bad_option_value": c("grammars", "import", "{spec_garbage}", "--out", "{garbage}",
                              code=USAGE),
        "unknown_api": NO_API,
    },
    "grammars types": {
        "missing": NA("reads the installed grammars"),
        "unreadable": NA("reads the installed grammars"),
        "garbage": c("grammars", "types", "--check", "--out", "{garbage}", code=PROBLEMS),
        "empty": c("grammars", "types", "--check", "--out", "{empty_dir}", code=PROBLEMS),
        "truncated": NA("reads the installed grammars"),
        "stdin": c("grammars", "types", "-", code=USAGE),
        "bad_option_value": c("grammars", "types", "--out", "{garbage}", code=USAGE),
        "unknown_api": NO_API,
    },
    "broker": {
        "missing": NO_FILE, "unreadable": NO_FILE, "garbage": NO_FILE, "empty": NO_FILE,
        "truncated": NO_FILE,
        "stdin": c("broker", "-", code=USAGE),
        "bad_option_value": c("broker", "--kafka-version", "9.9", code=USAGE),
        "unknown_api": NO_API,
    },
    "fuzz generate": {
        "missing": NO_FILE, "unreadable": NO_FILE, "garbage": NO_FILE, "empty": NO_FILE,
        "truncated": NO_FILE,
        "stdin": c("fuzz", "generate", "-", "--out", "{out}", code=USAGE),
        "bad_option_value": c("fuzz", "generate", "--kind", "answer", "--out", "{out}",
                              code=USAGE),
        "unknown_api": c("fuzz", "generate", "--api", "Metadta", "--api-version", "12",
                         "--out", "{out}", code=USAGE),
    },
    "fuzz send": {
        "missing": c("fuzz", "send", "--target", "{closed}", "--in", "{missing}", code=USAGE),
        "unreadable": c("fuzz", "send", "--target", "{closed}", "--in", "{garbage}",
                        code=USAGE),
        "garbage": c("fuzz", "send", "--target", "{closed}", "--in", "{manifest_garbage}",
                     code=PROBLEMS),
        "empty": c("fuzz", "send", "--target", "{closed}", "--in", "{empty_dir}",
                   code=USAGE),
        "truncated": c("fuzz", "send", "--target", "{closed}", "--in", "{manifest_trunc}",
                       code=PROBLEMS),
        "stdin": c("fuzz", "send", "--target", "{closed}", "--in", "-", code=USAGE),
        "bad_option_value": c("fuzz", "send", "--target", "nohostport", "--in",
                              "{manifest_garbage}", code=USAGE),
        "unknown_api": NO_API,
    },
    "fuzz run": {
        "missing": NO_FILE, "unreadable": NO_FILE, "garbage": NO_FILE, "empty": NO_FILE,
        "truncated": NO_FILE,
        "stdin": c("fuzz", "run", "-", code=USAGE),
        "bad_option_value": c("fuzz", "run", "--engines", "turbo", "--inputs", "1",
                              code=USAGE),
        "unknown_api": NO_API,
    },
    "fuzz campaign": {
        "missing": c("fuzz", "campaign", "--target-cmd", "true", "--script", "{missing}",
                     "--out", "{out}", "--max-runs", "1", code=USAGE),
        "unreadable": c("fuzz", "campaign", "--target-cmd", "true", "--script", "{dir}",
                        "--out", "{out}", "--max-runs", "1", code=USAGE),
        "garbage": c("fuzz", "campaign", "--target-cmd", "true", "--script", "{garbage}",
                     "--out", "{out}", "--max-runs", "1", code=PROBLEMS),
        "empty": c("fuzz", "campaign", "--target-cmd", "true", "--script", "{empty}",
                   "--out", "{out}", "--max-runs", "1", code=PROBLEMS),
        "truncated": c("fuzz", "campaign", "--target-cmd", "true", "--script",
                       "{framelog_trunc}", "--out", "{out}", "--max-runs", "1",
                       code=PROBLEMS),
        "stdin": c("fuzz", "campaign", "--target-cmd", "true", "--script", "-", "--out",
                   "{out}", "--max-runs", "1", code=USAGE),
        "bad_option_value": c("fuzz", "campaign", "--target-cmd", "true", "--script",
                              "{garbage}", "--mutate", "all", "--out", "{out}", code=USAGE),
        "unknown_api": c("fuzz", "campaign", "--target-cmd", "true", "--script", "{garbage}",
                         "--apis", "Metadta", "--out", "{out}", code=USAGE),
    },
    "fuzz replay": {
        "missing": c("fuzz", "replay", "{missing}", code=USAGE),
        "unreadable": c("fuzz", "replay", "{empty_dir}", code=USAGE),
        "garbage": c("fuzz", "replay", "{garbage_json}", code=PROBLEMS),
        "empty": c("fuzz", "replay", "{empty_json}", code=PROBLEMS),
        "truncated": c("fuzz", "replay", "{finding_trunc}", code=PROBLEMS),
        "stdin": c("fuzz", "replay", "-", "--entry", "batches", code=OK, stdin="batch"),
        "bad_option_value": c("fuzz", "replay", "-", "--entry", "nope", code=USAGE,
                              stdin="batch"),
        "unknown_api": NO_API,
    },
    "fixtures generate": {
        "missing": NO_FILE, "unreadable": NO_FILE, "garbage": NO_FILE, "empty": NO_FILE,
        "truncated": NO_FILE,
        "stdin": c("fixtures", "generate", "-", "--out", "{out}", code=USAGE),
        "bad_option_value": c("fixtures", "generate", "--out", "{out}", "--only", "nothing",
                              code=USAGE),
        "unknown_api": NO_API,
    },
    "fixtures verify": {
        "missing": c("fixtures", "verify", "{missing}", code=USAGE),
        "unreadable": c("fixtures", "verify", "{empty_dir}", code=USAGE),
        "garbage": c("fixtures", "verify", "{garbage}", code=PROBLEMS),
        "empty": c("fixtures", "verify", "{empty}", code=PROBLEMS),
        "truncated": c("fixtures", "verify", "{tar_trunc}", code=PROBLEMS),
        "stdin": c("fixtures", "verify", "-", code=OK, stdin="tar"),
        "bad_option_value": NA("takes no option with a value"),
        "unknown_api": NO_API,
    },
    "proxy": {
        "missing": c("proxy", "--upstream", "{closed}", "--listen", "127.0.0.1:0", "--log",
                     "{missing}/log.jsonl", "--max-lifetime", "0", code=USAGE),
        "unreadable": c("proxy", "--upstream", "{closed}", "--listen", "127.0.0.1:0",
                        "--log", "{dir}", "--max-lifetime", "0", code=USAGE),
        "garbage": c("proxy", "--upstream", "nohostport", code=USAGE),
        "empty": c("proxy", "--upstream", "", code=USAGE),
        "truncated": c("proxy", "--upstream", "{busy}", "--listen", "{busy}",
                       "--max-lifetime", "0", code=USAGE),
        "stdin": NA("logs to stdout by default (--log -); a running proxy is tests/live's"),
        "bad_option_value": c("proxy", "--upstream", "{closed}", "--mutate", "sideways",
                              code=USAGE),
        "unknown_api": c("proxy", "--upstream", "{closed}", "--listen", "127.0.0.1:0",
                         "--mutate", "responses", "--apis", "Metadta", "--max-lifetime",
                         "0", code=USAGE),
    },
}
"""For ``proxy`` the file situations are its own: ``garbage`` a ``--upstream`` that is no
HOST:PORT, ``empty`` an empty one, ``truncated`` a ``--listen`` port in use, ``stdin`` the log
to stdout (``--log -``)."""


def _leaves(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[str]:
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield " ".join(path)
    for action in subs:
        for name, sub in action.choices.items():
            yield from _leaves(sub, (*path, name))


def test_every_command_is_in_the_table() -> None:
    assert set(_leaves(build_parser(["--help"]))) == set(TABLE)
    for command, row in TABLE.items():
        assert set(row) == set(SITUATIONS), command


def _frame(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    root = tmp_path_factory.mktemp("convention")
    files: dict[str, str] = {}

    def put(name: str, data: bytes, filename: str | None = None) -> None:
        path = root / (filename or f"{name}.bin")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        files[name] = str(path)

    batch = kformat.build_batch(kformat.make_batch([(b"k", b"v"), (None, b"w")]))
    request = kformat.build_request("Metadata", 12, {}, correlation_id=7, client_id="c")
    response = kformat.build_response("Metadata", 12, {}, correlation_id=7)
    put("batch", batch)
    put("batch_trunc", batch[:-3])
    put("request", request)
    put("request_trunc", request[:-2])
    put("response", response)
    put("response_trunc", response[:-2])
    put("client", _frame(request))
    put("server", _frame(response))
    put("server_trunc", _frame(response)[:-2])
    put("garbage", b"\xde\xad\xbe\xef not kafka \xff" * 4)
    put("empty", b"")
    put("log", batch, "log/00000000000000000000.log")
    put("empty_log", b"", "empty_log/00000000000000000000.log")
    put("garbage_log", b"\xff" * 70, "garbage_log/00000000000000000000.log")
    put("trunc_log", batch[:-3], "trunc_log/00000000000000000000.log")
    put("garbage_json", b"{not json", "garbage.json")
    put("empty_json", b"", "empty.json")
    put("finding_trunc", b'{"entry": "batches", "seed": 1, "in', "finding.json")
    put("spec_garbage", b"{not json", "spec_garbage/message/MetadataRequest.json")
    files["spec_garbage"] = str(root / "spec_garbage" / "message")
    put("spec_trunc", b'{"apiKey": 3, "type": "request", "name": "MetadataRequest", "valid',
        "spec_trunc/message/MetadataRequest.json")
    files["spec_trunc"] = str(root / "spec_trunc" / "message")
    (root / "spec_empty" / "message").mkdir(parents=True)
    files["spec_empty"] = str(root / "spec_empty" / "message")
    put("manifest_garbage", b"{not json", "manifest_garbage/manifest.json")
    files["manifest_garbage"] = str(root / "manifest_garbage")
    put("manifest_trunc", b'{"seed": 1, "kind": "requ', "manifest_trunc/manifest.json")
    files["manifest_trunc"] = str(root / "manifest_trunc")
    put("framelog_trunc", b'{"format": "kformat-fuzz-frames/1", "n": 1, "dir', "frames.jsonl")
    (root / "empty_dir").mkdir()
    files["empty_dir"] = str(root / "empty_dir")
    (root / "dir").mkdir()
    files["dir"] = str(root / "dir")
    files["missing"] = str(root / "no-such-file")
    files["out"] = str(root / "out")

    from tests.capture.synth import Conversation, write

    conv = Conversation()
    conv.send("client", _frame(request))
    conv.send("server", _frame(response))
    conv.close()
    pcap = write(root / "c.pcapng", conv.packets).read_bytes()
    put("pcap", pcap)
    put("pcap_trunc", pcap[:-7])

    from kformat.corpus.generate import generate

    corpus = root / "corpus"
    generate(corpus, only=("internal",), profiles=("minimal",))
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        tar.add(corpus, arcname=".")
    put("tar", buf.getvalue())
    put("tar_trunc", buf.getvalue()[: len(buf.getvalue()) // 2])

    with socket.socket() as closed:  # a loopback port nobody listens on
        closed.bind(("127.0.0.1", 0))
        files["closed"] = f"127.0.0.1:{closed.getsockname()[1]}"
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    files["busy"] = f"127.0.0.1:{busy.getsockname()[1]}"
    try:
        yield files
    finally:
        busy.close()


PROBLEMS_ON_STDOUT = {"dump"}
"""With ``--json``, ``kformat dump`` writes the problems it finds as result objects on stdout
(``"type": "problem"``), beside the batches."""

CASES = [(command, situation, case) for command, row in TABLE.items()
         for situation, case in row.items() if isinstance(case, Case)]


def _params() -> list[object]:
    out = []
    for command, situation, case in CASES:
        marks = [pytest.mark.xfail(reason=case.xfail, run=False)] if case.xfail else []
        out.append(pytest.param(command, situation, case, marks=marks,
                                id=f"{command.replace(' ', '-')}-{situation}"))
    return out


def _argv(case: Case, files: dict[str, str]) -> list[str]:
    return [arg.format(**files) for arg in case.argv]


LINE = re.compile(r"kformat (?P<command>[a-z ]+?): (?:(?P<where>[^:]+(?::\d+)?): )?"
                  r"(?P<cls>[A-Z][A-Za-z]+(?:Error|Exception|Warning)): (?P<reason>\S.*)")


@pytest.mark.parametrize(("command", "situation", "case"), _params())
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_the_convention(command: str, situation: str, case: Case, as_json: bool,
                        workspace: dict[str, str]) -> None:
    argv = _argv(case, workspace)
    if as_json:
        argv.append("--json")
    stdin = Path(workspace[case.stdin]).read_bytes() if case.stdin else b""
    code, out, err = cli(*argv, stdin=stdin)
    assert "Traceback" not in err and "Traceback" not in out
    assert code == case.code, (code, err)
    if code == OK:
        return
    if as_json and command in PROBLEMS_ON_STDOUT and code == PROBLEMS:
        problems = [json.loads(line) for line in out.splitlines()]
        assert err == "" and any(p.get("type") == "problem" for p in problems), out
        return
    lines = err.splitlines()
    assert len(lines) == 1, err
    if as_json:
        obj = json.loads(lines[0])
        assert re.fullmatch(r"[A-Z][A-Za-z]+", obj["error"]) and obj["reason"], obj
        reason = obj["reason"]
    else:
        match = LINE.fullmatch(lines[0])
        assert match is not None, lines[0]
        assert match["command"] == command, lines[0]
        reason = match["reason"]
    assert lines[0] not in out and reason
    if code == USAGE:
        assert out == ""


# An API version the grammars do not have is a usage error too (exit 2), in every command that
# takes --api-version, named with the valid range, before any input is read.
UNKNOWN_VERSION = {
    "decode request": ("decode", "request", "--body", "--api", "Metadata", "-V", "99",
                       "{request}"),
    "decode response": ("decode", "response", "{response}", "--api", "Metadata", "-V", "99"),
    "fuzz generate": ("fuzz", "generate", "--api", "Produce", "-V", "99", "--out", "{out}"),
    "fuzz generate response": ("fuzz", "generate", "--kind", "response", "--api", "Produce",
                               "-V", "99", "--out", "{out}"),
}


@pytest.mark.parametrize("command", sorted(UNKNOWN_VERSION))
def test_an_unknown_api_version_is_a_usage_error(command: str,
                                                  workspace: dict[str, str]) -> None:
    argv = [arg.format(**workspace) for arg in UNKNOWN_VERSION[command]]
    code, out, err = cli(*argv)
    api = "Metadata" if "Metadata" in argv else "Produce"
    kind = "Request" if "request" in argv or command == "fuzz generate" else "Response"
    assert (code, out) == (USAGE, "")
    assert err == (f"kformat {' '.join(argv[:2])}: -V/--api-version: UsageError: "
                   f"{api}{kind} has no version 99 (valid: 0-13)\n")
