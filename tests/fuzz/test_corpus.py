"""``kformat fuzz generate``: deterministic corpora whose every mutant raises its promise."""

from __future__ import annotations

import json

import pytest

from kformat.cli import main as kformat_main
from kformat.errors import UnsupportedVersionError
from kformat.fuzz.corpus import generate, load
from kformat.fuzz.subjects import run_entry

LIMIT = 1 << 16


def _check(directory) -> dict:
    manifest, cases = load(directory)
    params = dict(manifest["params"])
    if manifest["kind"] == "response":
        params.update(api_key=manifest["api_key"], api_version=manifest["version"])
    for entry, data in cases:
        error = run_entry(manifest["entry"], data, **params)
        got = type(error).__name__ if error is not None else None
        assert got == entry["expected_error"], (entry, str(error))
    return manifest


def test_generate_via_the_cli_is_deterministic_and_every_label_holds(tmp_path, capsys):
    args = ["fuzz", "generate", "--api", "Produce", "--api-version", "9", "--count", "120",
            "--seed", "7", "--decompression-limit", str(LIMIT)]
    assert kformat_main([*args, "--out", str(tmp_path / "a")]) == 0
    assert kformat_main([*args, "--out", str(tmp_path / "b")]) == 0
    files = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert files == sorted(p.name for p in (tmp_path / "b").iterdir())
    assert len(files) == 121  # 120 cases + manifest.json
    for name in files:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    manifest = _check(tmp_path / "a")
    assert manifest["seed"] == 7 and manifest["api"] == "Produce" and manifest["version"] == 9
    labels = {c["label"] for c in manifest["cases"]}
    assert "valid" in labels and len(labels) >= 20
    assert {"decompression_bomb", "legacy_nesting_too_deep", "crc_flip", "truncate",
            "api_key_unknown", "tagged_duplicate", "varint_overlong"} <= labels
    assert "wrote 120 cases" in capsys.readouterr().err


def test_a_different_seed_gives_different_cases():
    a = generate("request", "Metadata", 12, count=30, seed=1, decompression_limit=LIMIT)
    b = generate("request", "Metadata", 12, count=30, seed=2, decompression_limit=LIMIT)
    assert [c.data for c in a.cases] != [c.data for c in b.cases]


@pytest.mark.parametrize(("kind", "api", "version"), [
    ("response", "Fetch", 12), ("batches", None, None), ("request", "ApiVersions", 3),
    ("request", "ControlledShutdown", 0), ("response", "ApiVersions", 0),
])
def test_every_kind_of_corpus_keeps_its_promises(tmp_path, kind, api, version):
    corpus = generate(kind, api, version, count=80, seed=3, decompression_limit=LIMIT)
    corpus.write(tmp_path)
    manifest = _check(tmp_path)
    assert json.loads((tmp_path / "manifest.json").read_text())["count"] == 80
    assert len(manifest["cases"]) == 80


def test_unknown_api_or_version_fail_at_once(tmp_path, capsys):
    with pytest.raises(UnsupportedVersionError):
        generate("request", "NoSuchApi", 1, count=1)
    assert kformat_main(["fuzz", "generate", "--api", "Produce", "-V", "99",
                         "--out", str(tmp_path)]) == 2
    assert "no version 99" in capsys.readouterr().err
    assert kformat_main(["fuzz", "generate", "--api", "Produce", "--out", str(tmp_path)]) == 2


def test_load_refuses_other_directories(tmp_path):
    (tmp_path / "manifest.json").write_text("{}")
    with pytest.raises(ValueError):
        load(tmp_path)
