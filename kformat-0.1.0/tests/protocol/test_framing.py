"""Size-prefixed frames, the conversation decoder and ``kformat decode stream``."""

from __future__ import annotations

import io
import json
import struct

import pytest

from kformat import (
    Exchange,
    InvalidValueError,
    LimitExceededError,
    TruncatedError,
    build_request,
    build_response,
    decode_conversation,
    frame,
    split_frames,
    unframe,
)
from kformat.jsonable import from_jsonable
from kformat.protocol import cli
from kformat.protocol.framing import DEFAULT_MAX_FRAME_SIZE, iter_frames


def test_frame_and_unframe():
    assert frame(b"abc") == b"\x00\x00\x00\x03abc"
    assert frame(b"") == b"\x00\x00\x00\x00"
    assert unframe(b"\x00\x00\x00\x03abc") == b"abc"
    assert unframe(bytearray(b"\x00\x00\x00\x00")) == b""
    assert DEFAULT_MAX_FRAME_SIZE == 100 * 1024 * 1024


@pytest.mark.parametrize(("data", "error", "offset", "expected", "actual"), [
    (b"\x00\x00", TruncatedError, 0, 4, 2),
    (b"\x00\x00\x00\x05abc", TruncatedError, 0, 5, 3),
    (b"\x00\x00\x00\x01abc", InvalidValueError, 5, 0, 2),
    (b"\xff\xff\xff\xfe", InvalidValueError, 0, None, -2),
    (b"\x07\x00\x00\x00", LimitExceededError, 0, DEFAULT_MAX_FRAME_SIZE, 0x07000000),
])
def test_unframe_rejects(data, error, offset, expected, actual):
    with pytest.raises(error) as info:
        unframe(data)
    err = info.value
    assert type(err) is error
    assert (err.offset, err.expected, err.actual) == (offset, expected, actual)


def test_split_frames():
    stream = frame(b"one") + frame(b"") + frame(b"three") + b"\x00\x00\x00\x09par"
    frames, rest = split_frames(stream)
    assert frames == [b"one", b"", b"three"]
    assert rest == b"\x00\x00\x00\x09par"
    assert split_frames(b"") == ([], b"")
    assert split_frames(b"\x00\x00") == ([], b"\x00\x00")
    assert [off for off, _ in iter_frames(stream)] == [0, 7, 11]


def test_split_frames_guards_the_size():
    stream = frame(b"ok") + struct.pack(">i", 2000) + b"x" * 10
    with pytest.raises(LimitExceededError) as info:
        split_frames(stream, max_frame_size=1000)
    assert (info.value.offset, info.value.expected, info.value.actual) == (6, 1000, 2000)
    with pytest.raises(InvalidValueError) as info:
        split_frames(frame(b"ok") + b"\xff\xff\xff\xff")
    assert info.value.offset == 6
    # under the limit, a large declared size is just a partial frame: nothing is allocated
    assert split_frames(struct.pack(">i", 99_000_000) + b"x") == ([], struct.pack(">i", 99_000_000) + b"x")


def _conversation() -> tuple[bytes, bytes]:
    """Four requests and their answers, out of order, with the oddities a capture has."""
    client = b"".join(frame(f) for f in (
        build_request("ApiVersions", 3, {"client_software_name": "kf"}, correlation_id=1, client_id="c"),
        build_request("Metadata", 12, {"topics": None}, correlation_id=2, client_id="c"),
        build_request("Produce", 9, {"acks": 0}, correlation_id=3, client_id="c"),  # no answer
        build_request("Metadata", 4, {"topics": []}, correlation_id=4, client_id="c"),
    ))
    server = b"".join(frame(f) for f in (
        build_response("Metadata", 12, {"cluster_id": "k"}, correlation_id=2),
        build_response("ApiVersions", 3, {"error_code": 0}, correlation_id=1),
        build_response("Metadata", 4, {"controller_id": 1}, correlation_id=4),
        build_response("Metadata", 4, {}, correlation_id=77),  # nobody asked
    ))
    return client, server


def test_decode_conversation_pairs_by_correlation_id():
    client, server = _conversation()
    exchanges = decode_conversation(client, server)
    assert [(e.status, e.correlation_id) for e in exchanges] == [
        ("complete", 1), ("complete", 2), ("no-response", 3), ("complete", 4),
        ("unmatched-response", 77)]
    first = exchanges[0]
    assert isinstance(first, Exchange)
    assert (first.request.api_name, first.response.api_name) == ("ApiVersions", "ApiVersions")
    assert first.request.body["client_software_name"] == "kf"
    assert exchanges[1].response.body["cluster_id"] == "k"
    assert exchanges[3].response.api_version == 4 and exchanges[3].response.body["controller_id"] == 1
    assert exchanges[0].request_offset == 0 and exchanges[1].response_offset == 0
    unmatched = exchanges[4]
    assert unmatched.request is None and unmatched.response is None
    assert type(unmatched.error) is InvalidValueError and unmatched.error_stream == "server"
    assert unmatched.error.offset == unmatched.response_offset + 4
    assert unmatched.response_frame is not None


def test_decode_conversation_reports_partial_frames():
    client, server = _conversation()
    exchanges = decode_conversation(client + b"\x00\x00\x00\x20abc", server[:-3])
    tail_client, tail_server = exchanges[-2:]
    assert (tail_client.status, tail_client.error_stream) == ("truncated", "client")
    assert type(tail_client.error) is TruncatedError
    assert (tail_client.error.offset, tail_client.error.expected, tail_client.error.actual) == (
        len(client), 36, 7)
    assert tail_client.request_frame == b"\x00\x00\x00\x20abc"
    assert (tail_server.status, tail_server.error_stream) == ("truncated", "server")
    # the cut frame was the unmatched response: it is now the partial tail, nothing else lost
    assert [e.status for e in exchanges[:-2]] == ["complete", "complete", "no-response", "complete"]


def test_decode_conversation_reports_bad_frames_with_stream_offsets():
    good = frame(build_request("Metadata", 4, {"topics": []}, correlation_id=5, client_id="c"))
    bad_request = frame(struct.pack(">hhi", 3, 99, 6))  # unknown version
    bad_response_for_5 = frame(struct.pack(">i", 5) + b"\x00")  # Metadata v4 body cut
    answer_for_6 = frame(struct.pack(">i", 6))
    exchanges = decode_conversation(good + bad_request, bad_response_for_5 + answer_for_6)
    first, second = exchanges
    assert (first.status, first.error_stream, type(first.error)) == ("error", "server", TruncatedError)
    assert first.request is not None and first.response is None
    assert first.error.offset == 8  # frame at 0, size prefix 4, correlation id 4
    assert (second.status, second.error_stream) == ("error", "client")
    assert second.correlation_id == 6 and second.response_frame == struct.pack(">i", 6)
    assert (second.error.offset, second.error.path) == (len(good) + 4 + 2, "header.request_api_version")


def test_decode_conversation_limit_stops_the_stream():
    client = frame(build_request("Metadata", 4, {"topics": []}, correlation_id=1)) + struct.pack(">i", 5000)
    exchanges = decode_conversation(client, b"", max_frame_size=1000)
    assert [e.status for e in exchanges] == ["no-response", "error"]
    assert type(exchanges[1].error) is LimitExceededError
    assert exchanges[1].request_offset == exchanges[1].error.offset == len(client) - 4


def test_cli_decode_stream(tmp_path):
    client, server = _conversation()
    (tmp_path / "c.bin").write_bytes(client)
    (tmp_path / "s.bin").write_bytes(server)
    out = io.StringIO()
    code = cli.main(["stream", str(tmp_path / "c.bin"), str(tmp_path / "s.bin")], out=out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert code == 1  # the unmatched response is an error
    assert [line["status"] for line in lines] == [
        "complete", "complete", "no-response", "complete", "unmatched-response"]
    assert lines[1]["response"]["body"]["cluster_id"] == "k"
    assert lines[4]["error"]["stream"] == "server"
    assert from_jsonable(lines[4]["response_frame"]) == build_response("Metadata", 4, {}, correlation_id=77)
    out = io.StringIO()
    (tmp_path / "s.bin").write_bytes(server[: -len(frame(build_response("Metadata", 4, {})))])
    assert cli.main(["stream", str(tmp_path / "c.bin"), str(tmp_path / "s.bin")], out=out) == 0
