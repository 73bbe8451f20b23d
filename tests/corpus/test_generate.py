"""The generator: the committed corpus regenerates byte for byte, runs are deterministic,
and the manifest covers every API version, codec, magic and record schema."""

from __future__ import annotations

from pathlib import Path

import pytest

from kformat.corpus.formats import FORMATS
from kformat.corpus.generate import COMMITTED, SECTIONS, CorpusError, generate, render
from kformat.records.codecs import Codec
from kformat.spec.registry import load_registry
from tests.corpus.codec_versions import require_fixture_libraries
from tests.corpus.loader import ROOT, manifest
from tests.helpers import declared_versions


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def diff(a: dict[str, bytes], b: dict[str, bytes]) -> list[str]:
    out = [f"only in committed: {n}" for n in sorted(a.keys() - b.keys())]
    out += [f"only in regenerated: {n}" for n in sorted(b.keys() - a.keys())]
    out += [f"differs: {n}" for n in sorted(a.keys() & b.keys()) if a[n] != b[n]]
    return out


@pytest.mark.slow
def test_committed_corpus_regenerates_byte_for_byte() -> None:
    """Any change in an encoding shows up here (and in review as a fixture diff).

    Regenerate with ``make fixtures``. Compressed fixtures hold what the codec libraries
    wrote: when bytes differ and the installed releases are not those of constraints.txt, the
    test skips naming them (fails under ``make test``, which installs with the constraints).
    """
    files, _ = render(COMMITTED.seed, profiles=COMMITTED.profiles,
                      per_label=COMMITTED.per_label)
    problems = diff(tree(ROOT), files)
    if problems:
        require_fixture_libraries()
    assert not problems, f"{len(problems)} differences, first: {problems[:10]}"


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    only = ("records", "legacy", "internal", "conversations")
    profiles = ("boundary", "unknown-tags")
    a, b = (generate(tmp_path / name, seed=7, only=only, profiles=profiles) for name in "ab")
    assert a.counts() == b.counts()
    assert tree(tmp_path / "a") == tree(tmp_path / "b")
    assert render(7, only, profiles=profiles)[0] == tree(tmp_path / "a")
    other, first = render(8, ["records"])[0], tree(tmp_path / "a")  # the seed matters
    assert other.keys() <= first.keys()
    assert any(other[k] != first[k] for k in other if k.startswith("records/"))


def test_generate_replaces_a_previous_corpus(tmp_path: Path) -> None:
    generate(tmp_path, only=["legacy"])
    (tmp_path / "notes.txt").write_text("kept")
    manifest_ = generate(tmp_path, only=["conversations"])
    assert not (tmp_path / "legacy").exists()
    assert (tmp_path / "notes.txt").read_text() == "kept"
    assert {e["section"] for e in manifest_.entries} == {"conversations"}


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"only": ["records", "bogus"]}, "unknown sections"),
    ({"profiles": ["typical", "maximal"]}, "unknown profiles"),
    ({"profiles": []}, "unknown profiles"),
])
def test_bad_options(tmp_path: Path, kwargs: dict, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        generate(tmp_path, **kwargs)


def test_corpus_error_is_not_a_decode_error() -> None:
    assert not issubclass(CorpusError, ValueError)


# --------------------------------------------------------------------------- coverage


def test_manifest_covers_every_api_version() -> None:
    coverage = manifest()["coverage"]
    registry = load_registry()
    for kind in ("request", "response"):
        expected = {m.api_name: str(m.valid) for m in registry.by_kind(kind)}
        assert coverage[kind] == expected
    assert sum(len(list(m.valid)) for m in registry.by_kind("request")) == len(
        declared_versions("request"))


def test_manifest_covers_every_codec_and_magic() -> None:
    coverage = manifest()["coverage"]["codecs"]
    assert coverage == {
        "magic 2": sorted(c.name.lower() for c in Codec),
        "magic 1": sorted(c.name.lower() for c in Codec if c != Codec.ZSTD),
        "magic 0": sorted(c.name.lower() for c in Codec if c != Codec.ZSTD),
    }
    variants = {(e["magic"], e["codec"], e["variant"]) for e in manifest()["fixtures"]
                if e["section"] in ("records", "legacy")}
    for codec in Codec:
        for variant in ("plain", "idempotent", "transactional", "control-commit",
                        "control-abort", "delete-horizon", "empty", "log-append-time"):
            assert (2, codec.name.lower(), variant) in variants
    assert (0, "lz4", "plain") in variants  # the pre-KIP-57 framing
    assert (1, "gzip", "wrappers") in variants


def test_manifest_covers_every_record_schema() -> None:
    coverage = manifest()["coverage"]["record_schemas"]
    registry = load_registry()
    for kind in ("metadata", "coordinator-value", "data"):
        for msg in registry.by_kind(kind):
            assert msg.name in coverage, msg.name
            if not (kind == "coordinator-value" and msg.name == "LegacyOffsetCommitValue"):
                assert coverage[msg.name] == str(msg.valid), msg.name
    for msg in registry.by_kind("coordinator-key"):
        assert coverage[msg.name] == "0"


def test_manifest_counts_and_formats() -> None:
    m = manifest()
    counts = m["counts"]
    fixtures = m["fixtures"]
    assert counts["fixtures"] == len(fixtures) == counts["valid"] + counts["invalid"]
    assert set(counts["by_format"]) == set(FORMATS)
    assert set(counts["by_section"]) == set(SECTIONS)
    assert 150 <= counts["invalid"] <= 250
    assert counts["invalid_skipped"]["unannounced_error"] == 0
    assert m["profiles"] == list(COMMITTED.profiles) and m["seed"] == COMMITTED.seed


def test_every_error_mutator_is_represented() -> None:
    from kformat.fuzz.mutators import LABELS

    represented = manifest()["coverage"]["mutators"]
    wanted = {label for label, text in LABELS.items() if not text.startswith("valid:")}
    assert wanted <= set(represented)


def test_fixtures_without_peer_say_why() -> None:
    for e in manifest()["fixtures"]:
        if e["peer"] is None:
            assert e["section"] in ("request", "response", "internal", "conversations",
                                    "invalid", "records")
    from tests.corpus.loader import expectation

    for e in manifest()["fixtures"][::25]:
        exp = expectation(e["id"])
        assert (exp["peer"] is None) == ("peer_reason" in exp)
