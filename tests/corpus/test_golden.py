"""Every committed fixture as a golden vector (docs/fixtures.md: a ``.bin`` beside its expectation).

Valid fixtures: reading the bytes gives the expected value, writing the expected value gives
the bytes. Invalid fixtures: reading raises exactly the expected error class, with the
expected path and offset. One parametrised test; a new fixture needs no new test code.
"""

from __future__ import annotations

import pytest

from kformat.corpus.verify import check_fixture
from tests.corpus.loader import ROOT, expectation, manifest

pytestmark = pytest.mark.usefixtures("each_engine")


@pytest.mark.parametrize("fixture_id", [e["id"] for e in manifest()["fixtures"]])
def test_fixture(fixture_id: str) -> None:
    assert check_fixture(ROOT, expectation(fixture_id)) == []


def test_manifest_lists_every_expectation() -> None:
    listed = {e["expectation"] for e in manifest()["fixtures"]}
    on_disk = {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*.json")
               if p.name != "manifest.json"}
    assert listed == on_disk
    bins = {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*.bin")}
    named = {path for e in manifest()["fixtures"] for path in e["files"].values() if path}
    assert bins == named
