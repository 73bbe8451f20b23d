"""``kformat fixtures generate|verify``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kformat.cli import main


def test_generate_then_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "corpus"
    assert main(["fixtures", "generate", "--out", str(out), "--only", "legacy,conversations",
                 "--seed", "5", "--profiles", "typical"]) == 0
    assert "fixtures (" in capsys.readouterr().out
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["seed"] == 5 and manifest["sections"] == ["legacy", "conversations"]
    assert main(["fixtures", "verify", str(out)]) == 0
    assert "0 problems" in capsys.readouterr().out


def test_verify_reports_damage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["fixtures", "generate", "--out", str(tmp_path), "--only", "records,invalid",
          "--per-label", "1"])
    capsys.readouterr()
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    valid = next(e for e in manifest["fixtures"] if e["valid"])
    invalid = next(e for e in manifest["fixtures"] if not e["valid"])
    path = tmp_path / valid["files"]["data"]
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))
    exp_path = tmp_path / invalid["expectation"]
    exp = json.loads(exp_path.read_text())
    exp["error"]["offset"] = -5
    exp_path.write_text(json.dumps(exp))
    (tmp_path / "records" / "stray.json").write_text("{}")
    assert main(["fixtures", "verify", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{valid['id']}: data: size or sha256 differs" in out
    assert f"{invalid['id']}: raised" in out
    assert "records/stray.json: expectation not in the manifest" in out


def test_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fixtures", "generate", "--out", str(tmp_path), "--only", "nope"]) == 2
    assert "unknown sections" in capsys.readouterr().err
    assert main(["fixtures", "generate"]) == 2
    assert capsys.readouterr().err == ("kformat fixtures generate: the following arguments are "
                                       "required: --out (see kformat fixtures generate --help)\n")


def test_parquet_manifest(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    assert main(["fixtures", "generate", "--out", str(tmp_path), "--only", "legacy",
                 "--parquet"]) == 0
    table = pq.read_table(tmp_path / "manifest.parquet")
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert table.num_rows == len(manifest["fixtures"])
    assert table.column("id").to_pylist() == [e["id"] for e in manifest["fixtures"]]
