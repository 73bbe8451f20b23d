"""``kformat records decode``: JSON lines out, errors as JSON on stderr with path and offset."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

import kformat
from kformat.cli import main


def _write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "batches.bin"
    path.write_bytes(data)
    return path


def test_decode_prints_one_line_per_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    batch = kformat.make_batch([(b"k1", b"v1"), (None, b"v2")], codec=kformat.Codec.GZIP,
                               base_offset=40)
    path = _write(tmp_path, kformat.build_batch(batch))
    assert main(["records", "decode", str(path)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["record"]["offset"] for line in lines] == [40, 41]
    assert lines[0]["record"]["value"] == {"$bytes": base64.b64encode(b"v1").decode()}
    assert lines[1]["record"]["key"] is None


def test_truncated_tail_is_reported_as_a_last_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    data = kformat.build_batch(kformat.make_batch([(b"k", b"v")]))
    path = _write(tmp_path, data + data[:30])
    assert main(["records", "decode", str(path)]) == 1  # shown, and a problem of the input
    last = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert last["truncated"] == {"position": len(data), "available": 30, "needed": len(data)}


def test_strict_mode_fails_with_a_json_error(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    data = kformat.build_batch(kformat.make_batch([(b"k", b"v")]))
    path = _write(tmp_path, data[:30])
    assert main(["records", "decode", "--strict", str(path)]) == 1
    assert main(["records", "decode", "--strict", "--json", str(path)]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == json.dumps({
        "error": "TruncatedError", "path": "", "offset": 0,
        "reason": "batch at offset 0 cut short", "file": str(path)})


def test_crc_mismatch_is_an_error_unless_checks_are_off(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    data = bytearray(kformat.build_batch(kformat.make_batch([(b"k", b"v")])))
    data[-2] ^= 0x01  # the value byte: b"v" becomes b"w", the batch stays well formed
    path = _write(tmp_path, bytes(data))
    assert main(["records", "decode", "--json", str(path)]) == 1
    error = json.loads(capsys.readouterr().err)
    assert (error["error"], error["path"], error["offset"]) == ("CorruptRecordError", "crc", 17)
    assert main(["records", "decode", "--no-verify-crc", "--value-decoder", "string",
                 str(path)]) == 0
    line = json.loads(capsys.readouterr().out.splitlines()[0])
    assert line["record"]["value"] == "w"
