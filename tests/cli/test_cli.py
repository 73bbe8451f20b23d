"""The command line as a whole: the parser tree, --version, stdin, --hex, --body, framing hints,
errors and exit codes, a closed pipe, kafka-dump-log.sh's option names (docs/cli.md)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import kformat
from kformat.cli import COMMANDS, build_parser, run, version_text
from kformat.console import PROBLEMS, USAGE, Console, parse_hex, plain_text
from kformat.outputs.decoders import JAVA_DECODER_CLASSES
from tests.cli.runner import cli

ROOT = Path(__file__).resolve().parents[2]
LOG = "00000000000000000000.log"


def batches() -> bytes:
    batch = kformat.make_batch([(b"k1", b"v1"), (None, b"\x00\x00\x00\x07")],
                               codec=kformat.Codec.GZIP, base_offset=40,
                               base_timestamp=1_700_000_000_000)
    return kformat.build_batch(batch)


def request_frame() -> bytes:
    return kformat.build_request("Metadata", 12, {"topics": None}, correlation_id=7,
                                 client_id="me")


# --------------------------------------------------------------------------- the parser tree


def _parsers(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
             ) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, (*path, name))


ALL = [path for path, _ in _parsers(build_parser())]


def test_every_top_level_command_is_in_the_tree() -> None:
    assert {path[0] for path in ALL if path} == set(COMMANDS)


FOLDERS_ONLY = {("grammars", "import")}
"""Commands whose positional arguments are folders only (a spec tree cannot come on stdin)."""


def test_every_file_argument_says_dash_reads_stdin() -> None:
    """Every command that takes a file takes ``-`` for standard input, and says so."""
    seen = []
    for path, parser in _parsers(build_parser()):
        if path in FOLDERS_ONLY:
            continue
        for action in parser._actions:
            if not action.option_strings and not isinstance(action,
                                                            argparse._SubParsersAction):
                seen.append(path)
                assert "'-'" in (action.help or "") or "- " in (action.help or ""), (
                    path, action.dest, action.help)
    assert len(seen) >= 9


@pytest.mark.parametrize("path", ALL, ids=lambda p: " ".join(p) or "kformat")
def test_every_command_has_help_with_a_description(path: tuple[str, ...],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    parser = dict(_parsers(build_parser()))[path]
    assert parser.description and len(parser.description) > 20
    assert run([*path, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: kformat{''.join(' ' + p for p in path)}")
    assert plain_text(parser.description).split()[0] in out


def test_version_prints_the_version_and_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--version"]) == 0
    out = capsys.readouterr().out
    assert out == version_text() + "\n"
    assert out.startswith(f"kformat {kformat.__version__}")
    try:
        from kformat import engine  # type: ignore[attr-defined]
    except ImportError:
        assert "engine" not in out
    else:
        assert f"(engine: {engine.active()})" in out


def test_version_is_never_an_api_version() -> None:
    code, out, err = cli("decode", "response", "x.bin", "--api", "3", "--version", "12")
    assert (code, out) == (USAGE, "")
    assert "an API version is given with --api-version/-V" in err


def test_unknown_command_names_the_choices() -> None:
    code, out, err = cli("dumpp")
    assert (code, out) == (USAGE, "")
    assert "invalid choice: 'dumpp'" in err
    for name in COMMANDS:
        assert repr(name) in err


def test_no_command_is_a_usage_error() -> None:
    code, _, err = cli()
    assert code == USAGE and "required: COMMAND" in err


def test_usage_errors_as_json() -> None:
    code, out, err = cli("records", "decode", "--json")
    assert (code, out) == (USAGE, "")
    assert json.loads(err) == {"error": "UsageError",
                               "reason": "the following arguments are required: FILE",
                               "hint": "see kformat records decode --help"}


def test_module_entry_point(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "kformat", "--version"], capture_output=True,
                          text=True, check=True, cwd=ROOT)
    assert done.stdout == version_text() + "\n"


# --------------------------------------------------------------------------- input


def test_hex_text_forms() -> None:
    assert parse_hex("0x00 0x01\n0x0a") == b"\x00\x01\x0a"
    assert parse_hex("00 01\n02 ff\r\n") == b"\x00\x01\x02\xff"
    assert parse_hex("DEADbeef") == b"\xde\xad\xbe\xef"
    assert parse_hex(b"0x0A,0x0B") == b"\n\x0b"


@pytest.mark.parametrize(("text", "message"), [
    ("0x0", "odd number of hex digits (1)"),
    ("zz", "holds 'z', not a hex digit"),
])
def test_bad_hex_is_a_usage_error(text: str, message: str) -> None:
    code, out, err = cli("records", "decode", "--hex", "-", stdin=text.encode())
    assert (code, out) == (USAGE, "")
    assert message in err


def test_records_decode_from_stdin_binary_and_hex(tmp_path: Path) -> None:
    data = batches()
    (tmp_path / "b.bin").write_bytes(data)
    expected = cli("records", "decode", str(tmp_path / "b.bin"))
    assert expected[0] == 0 and len(expected[1].splitlines()) == 2
    assert cli("records", "decode", "-", stdin=data) == expected
    hex_text = "\n".join(" ".join(f"0x{b:02x}" for b in data[i:i + 16])
                         for i in range(0, len(data), 16))
    assert cli("records", "decode", "--hex", "-", stdin=hex_text.encode()) == expected
    (tmp_path / "b.hex").write_text(data.hex(" "))
    assert cli("records", "decode", "--hex", str(tmp_path / "b.hex")) == expected


def test_records_decode_key_and_value_decoders(tmp_path: Path) -> None:
    code, out, _ = cli("records", "decode", "--key-decoder", "string", "--value-decoder", "int",
                       "-", stdin=batches())
    records = [json.loads(line)["record"] for line in out.splitlines()]
    assert code == 0
    assert [(r["key"], r["value"]) for r in records] == [("k1", "30257"), (None, "7")]


def test_decode_request_from_stdin_and_hex() -> None:
    frame = request_frame()
    code, out, _ = cli("decode", "request", "-", stdin=frame)
    doc = json.loads(out)
    assert (code, doc["api_name"], doc["correlation_id"], doc["client_id"]) == \
        (0, "Metadata", 7, "me")
    assert cli("decode", "request", "--hex", "-", stdin=frame.hex().encode())[1] == out


@pytest.mark.parametrize("kind", ["request", "response"])
def test_decode_body_without_header(kind: str) -> None:
    from kformat.protocol.cli import message_json

    if kind == "request":
        frame = kformat.build_request("Metadata", 12, {"topics": None}, correlation_id=1)
        message = kformat.parse_request(frame)
        header = 2 + 2 + 4 + 2 + 1  # key, version, correlation id, null client id, no tags
    else:
        frame = kformat.build_response("Metadata", 12, {
            "throttle_time_ms": 0, "brokers": [], "cluster_id": None, "controller_id": 1,
            "topics": []}, correlation_id=1)
        message = kformat.parse_response(frame, "Metadata", 12)
        header = 4 + 1  # correlation id, no tags
    code, out, err = cli("decode", kind, "-", "--body", "--api", "Metadata", "-V", "12",
                         stdin=frame[header:])
    assert (code, err) == (0, "")
    assert json.loads(out) == {"api_key": 3, "api_name": "Metadata", "api_version": 12,
                               "body": message_json(message)["body"]}


def test_body_needs_api_and_version() -> None:
    code, _, err = cli("decode", "request", "-", "--body", stdin=b"\x00")
    assert code == USAGE and "--body needs --api and --api-version/-V" in err


def test_a_framed_file_without_framed_says_add_framed() -> None:
    framed = kformat.frame(request_frame())
    code, out, err = cli("decode", "request", "-", "--json", stdin=framed)
    assert (code, out) == (PROBLEMS, "")
    error = json.loads(err)
    assert error["hint"] == (f"FILE starts with a 4-byte size prefix ({len(framed) - 4}, the "
                             "length of the rest): add --framed")
    assert cli("decode", "request", "-", "--framed", stdin=framed)[0] == 0


def test_an_unframed_file_with_framed_says_remove_framed() -> None:
    code, out, err = cli("decode", "request", "-", "--framed", stdin=request_frame())
    assert (code, out) == (PROBLEMS, "")
    assert err.endswith("(FILE has no 4-byte size prefix: remove --framed)\n")


def test_a_response_frame_hint_too() -> None:
    frame = kformat.build_response("ApiVersions", 3, {"error_code": 0, "api_keys": [],
                                                      "throttle_time_ms": 0}, correlation_id=9)
    code, _, err = cli("decode", "response", "-", "--api", "ApiVersions", "-V", "3",
                       stdin=kformat.frame(frame))
    assert code == PROBLEMS and "add --framed" in err


def test_decode_stream_reads_one_side_from_stdin(tmp_path: Path) -> None:
    request = kformat.frame(request_frame())
    (tmp_path / "client.bin").write_bytes(request)
    response = kformat.frame(kformat.build_response("Metadata", 12, {
        "throttle_time_ms": 0, "brokers": [], "cluster_id": None, "controller_id": 1,
        "topics": []}, correlation_id=7))
    assert cli("decode", "stream", str(tmp_path / "client.bin"), "-", stdin=b"") == (0, json.dumps(
        {"status": "no-response", "correlation_id": 7, "request_offset": 0,
         "response_offset": None, "request": json.loads(cli("decode", "request", "--framed",
                                                            "-", stdin=request)[1])}) + "\n", "")
    (tmp_path / "client.hex").write_text(request.hex("\n", 8))  # --hex: both sides are hex
    code, out, err = cli("decode", "stream", str(tmp_path / "client.hex"), "--hex", "-",
                         stdin=response.hex(" ").encode())
    assert (code, err) == (0, "")
    assert json.loads(out)["response"]["body"]["controller_id"] == 1
    assert cli("decode", "stream", "-", "-")[0] == USAGE


# --------------------------------------------------------------------------- errors


def test_unreadable_file_is_a_usage_error_on_stderr(tmp_path: Path) -> None:
    missing = tmp_path / "missing.bin"
    code, out, err = cli("records", "decode", str(missing))
    assert (code, out) == (USAGE, "")
    assert err == f"kformat records decode: {missing}: FileNotFoundError: No such file or directory\n"
    code, out, err = cli("records", "decode", "--json", str(missing))
    assert json.loads(err) == {"error": "FileNotFoundError", "reason": "No such file or directory",
                               "file": str(missing)}


def test_decode_errors_go_to_stderr_only(tmp_path: Path) -> None:
    code, out, err = cli("records", "decode", "--strict", "-", stdin=batches()[:30])
    assert (code, out) == (PROBLEMS, "")
    assert err.startswith("kformat records decode: -: TruncatedError: ")


def test_missing_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pyarrow(args: argparse.Namespace, console: Console) -> int:
        raise ModuleNotFoundError("No module named 'pyarrow'", name="pyarrow")

    from kformat.corpus import cli as corpus_cli

    monkeypatch.setattr(corpus_cli, "_generate", no_pyarrow)
    code, out, err = cli("fixtures", "generate", "--out", "x", "--parquet")
    assert (code, out) == (USAGE, "")
    assert err == ("kformat fixtures generate: ModuleNotFoundError: this needs pyarrow, from the 'spark' extra: "
                   "pip install 'kformat[spark]'\n")
    assert "Traceback" not in err


# --------------------------------------------------------------------------- a closed pipe


@pytest.fixture
def big_log(tmp_path: Path) -> Path:
    records = [(b"key-%d" % i, b"value-%d" % i * 20) for i in range(2000)]
    path = tmp_path / LOG
    path.write_bytes(b"".join(kformat.build_batch(kformat.make_batch(
        records[i:i + 100], base_offset=i)) for i in range(0, len(records), 100)))
    return path


@pytest.mark.parametrize("command", [
    ["records", "decode"],
    ["dump", "--deep-iteration", "--print-data-log"],
    ["dump", "--json", "--deep-iteration"],
])
def test_a_closed_pipe_ends_quietly_with_status_0(big_log: Path, command: list[str]) -> None:
    kformat_cmd = " ".join([f"'{sys.executable}'", "-m", "kformat", *command, str(big_log)])
    script = f"{kformat_cmd} 2>stderr.txt | head -n 2 >/dev/null; echo ${{PIPESTATUS[0]}}"
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=True,
                          cwd=big_log.parent, timeout=120)
    assert done.stdout.strip() == "0"
    assert (big_log.parent / "stderr.txt").read_text() == ""


# --------------------------------------------------------------------------- dump, Java names


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / LOG
    path.write_bytes(batches())
    return path


def test_dump_takes_a_log_from_stdin(log: Path) -> None:
    code, out, _ = cli("dump", "--deep-iteration", "-", stdin=log.read_bytes())
    from_file = cli("dump", "--deep-iteration", str(log))[1]
    assert code == 0
    assert out.splitlines()[0] == "Dumping <stdin>"
    assert out.splitlines()[1:] == from_file.splitlines()[2:]
    hexed = cli("dump", "--deep-iteration", "--hex", "-", stdin=log.read_bytes().hex().encode())
    assert hexed[1] == out


# Command lines as Kafka's documentation and tests write them (kafka-dump-log.sh): the
# DumpLogSegments tests, and the KRaft section of Kafka's operations guide.
JAVA_COMMAND_LINES = [
    "--print-data-log --files {log}",
    "--print-data-log --deep-iteration --files {log}",
    "--value-decoder-class kafka.serializer.StringDecoder --files {log}",
    "--key-decoder-class kafka.serializer.StringDecoder --files {log}",
    "--deep-iteration --files {log}",
    "--files {log} --print-data-log",
]


@pytest.mark.parametrize("line", JAVA_COMMAND_LINES)
def test_kafka_dump_log_command_lines(line: str, log: Path) -> None:
    code, out, err = cli("dump", *line.format(log=log).split())
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:2] == [f"Dumping {log}", "Log starting offset: 0"]
    assert lines[2].startswith("baseOffset: 40 lastOffset: 41 count: 2 ")
    assert lines[3].startswith("| offset: 40 CreateTime: 1700000000000 keySize: 2 valueSize: 2")
    if "decoder" in line or "print-data-log" in line:
        assert lines[3].endswith(" key: k1 payload: v1")


def test_java_decoder_classes_map_to_kformat_decoders(log: Path) -> None:
    out = cli("dump", "--files", str(log), "--value-decoder-class",
              "kafka.serializer.IntegerDecoder", "--key-decoder-class",
              "org.apache.kafka.tools.api.DefaultDecoder")[1]
    assert out.splitlines()[4].endswith(" payload: 7")
    assert out.splitlines()[3].endswith(" key: 6b31 payload: 30257")
    assert JAVA_DECODER_CLASSES["kafka.serializer.LongDecoder"] == "long"


def test_unknown_java_decoder_class_is_a_usage_error(log: Path) -> None:
    code, out, err = cli("dump", "--files", str(log), "--value-decoder-class",
                         "com.example.AvroDecoder")
    assert (code, out) == (USAGE, "")
    assert "kformat cannot load Java classes; 'com.example.AvroDecoder'" in err


def test_cluster_metadata_decoder_as_kafka_docs_write_it(tmp_path: Path) -> None:
    import uuid

    from kformat.protocol.topics import encode_record

    _, value = encode_record("__cluster_metadata", "TopicRecord", None,
                             {"name": "orders", "topic_id": uuid.UUID(int=1)})
    folder = tmp_path / "metadata_log_dir" / "__cluster_metadata-0"
    folder.mkdir(parents=True)
    (folder / LOG).write_bytes(kformat.build_batch(kformat.make_batch([(None, value)])))
    line = "--cluster-metadata-decoder --files metadata_log_dir/__cluster_metadata-0/" + LOG
    import os

    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        code, out, err = cli("dump", *line.split())
    finally:
        os.chdir(cwd)
    assert (code, err) == (0, "")
    assert '"name":"orders"' in out.splitlines()[3]


def test_every_java_option_is_accepted(log: Path) -> None:
    parser = dict(_parsers(build_parser()))[("dump",)]
    options = {s for a in parser._actions for s in a.option_strings}
    for name in ("--files", "--deep-iteration", "--print-data-log", "--key-decoder-class",
                 "--value-decoder-class", "--offsets-decoder", "--transaction-log-decoder",
                 "--cluster-metadata-decoder", "--remote-log-metadata-decoder",
                 "--share-group-state-decoder", "--index-sanity-check", "--verify-index-only",
                 "--max-bytes", "--skip-record-metadata", "--max-message-size"):
        assert name in options, name


# --------------------------------------------------------------------------- completion


@pytest.mark.parametrize(("line", "expected"), [
    ("kformat dum", "dump "),
    ("kformat decode resp", "response "),
    ("kformat dump --key-decoder-c", "--key-decoder-class "),
])
def test_shell_completion_through_argcomplete(tmp_path: Path, line: str, expected: str) -> None:
    pytest.importorskip("argcomplete", reason="the 'completion' extra")
    out = tmp_path / "completions.txt"
    env = {"PATH": "/usr/bin:/bin", "_ARGCOMPLETE": "1", "COMP_LINE": line,
           "COMP_POINT": str(len(line)), "_ARGCOMPLETE_STDOUT_FILENAME": str(out)}
    subprocess.run(["bash", "-c", f"'{sys.executable}' -m kformat 8>&1 9>&2"], env=env,
                   check=True, cwd=ROOT, timeout=60)
    assert out.read_text().split("\v") == [expected]
