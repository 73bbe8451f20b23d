"""``kformat fixtures generate|verify``."""

from __future__ import annotations

import io
import json
import shutil
import tarfile
from pathlib import Path

import pytest

from kformat.cli import main
from kformat.corpus.archive import ArchiveError, unpacked
from tests.cli.runner import cli


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
    assert capsys.readouterr().err == ("kformat fixtures generate: UsageError: the following arguments are "
                                       "required: --out (see kformat fixtures generate --help)\n")


def test_parquet_manifest(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    assert main(["fixtures", "generate", "--out", str(tmp_path), "--only", "legacy",
                 "--parquet"]) == 0
    table = pq.read_table(tmp_path / "manifest.parquet")
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert table.num_rows == len(manifest["fixtures"])
    assert table.column("id").to_pylist() == [e["id"] for e in manifest["fixtures"]]


def _tar(root: Path, *, inside: bool, mode: str = "w") -> bytes:
    """``tar -C root -c .`` (inside) or ``tar -C root/.. -c root`` as bytes."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode=mode) as archive:
        if inside:
            for path in sorted(root.iterdir()):
                archive.add(path, arcname=path.name)
        else:
            archive.add(root, arcname=root.name)
    return buffer.getvalue()


@pytest.fixture(scope="module")
def small_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("archive") / "corpus"
    assert main(["fixtures", "generate", "--out", str(out), "--only", "legacy",
                 "--profiles", "typical"]) == 0
    return out


@pytest.mark.parametrize(("inside", "mode"), [(True, "w"), (False, "w:gz")])
def test_verify_reads_an_archive_from_stdin(small_corpus: Path, inside: bool,
                                            mode: str) -> None:
    checked = len(json.loads((small_corpus / "manifest.json").read_text())["fixtures"])
    code, out, err = cli("fixtures", "verify", "-",
                          stdin=_tar(small_corpus, inside=inside, mode=mode))
    assert (code, err) == (0, "")
    assert out.endswith(f"{checked} fixtures checked, 0 problems\n")


def test_verify_reads_an_archive_file_and_reports_damage(small_corpus: Path,
                                                         tmp_path: Path) -> None:
    damaged = tmp_path / "corpus"
    shutil.copytree(small_corpus, damaged)
    manifest = json.loads((damaged / "manifest.json").read_text())
    valid = next(e for e in manifest["fixtures"] if e["valid"])
    (damaged / valid["files"]["data"]).write_bytes(b"\x00")
    archive = tmp_path / "corpus.tar"
    archive.write_bytes(_tar(damaged, inside=True))
    code, out, _ = cli("fixtures", "verify", str(archive))
    assert code == 1
    assert f"{valid['id']}: data: size or sha256 differs from the expectation" in out


def test_verify_refuses_what_is_not_a_corpus_archive(tmp_path: Path) -> None:
    code, out, err = cli("fixtures", "verify", "-", stdin=b"not a tar archive")
    assert (code, out) == (1, "")  # read, and not a corpus archive: the input's problem
    assert err == ("kformat fixtures verify: standard input: ArchiveError: not a readable tar "
                   "archive: truncated header\n")
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "readme.txt").write_text("no manifest here")
    code, _, err = cli("fixtures", "verify", "-", stdin=_tar(empty, inside=True))
    assert code == 1
    assert "the archive holds no manifest.json" in err


def test_archive_limits_and_unsafe_members() -> None:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as archive:
        for name in ("a", "b", "c"):
            info = tarfile.TarInfo(name)
            info.size = 4
            archive.addfile(info, io.BytesIO(b"data"))
    data = buffer.getvalue()
    with pytest.raises(ArchiveError, match="more than 2 members"), \
            unpacked(io.BytesIO(data), max_members=2):
        pass
    with pytest.raises(ArchiveError, match="more than 10 bytes"), \
            unpacked(io.BytesIO(data), max_bytes=10):
        pass
    evil = io.BytesIO()
    with tarfile.open(fileobj=evil, mode="w") as archive:
        info = tarfile.TarInfo("../escape")
        info.size = 1
        archive.addfile(info, io.BytesIO(b"x"))
    with pytest.raises(ArchiveError, match=r"unsafe archive member: '\.\./escape' would be "
                       "extracted to"), unpacked(io.BytesIO(evil.getvalue())):
        pass
