"""The committed corpus, loaded once for every test module of this folder."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2] / "fixtures"


@cache
def manifest() -> dict[str, Any]:
    return json.loads((ROOT / "manifest.json").read_text(encoding="utf-8"))


@cache
def expectation(fixture_id: str) -> dict[str, Any]:
    return json.loads((ROOT / f"{fixture_id}.json").read_text(encoding="utf-8"))


def entries(**where: Any) -> list[dict[str, Any]]:
    """Manifest entries whose fields equal ``where`` (``peer`` matches membership)."""
    out = []
    for e in manifest()["fixtures"]:
        if all((v in (e.get("peer") or [])) if k == "peer" else e.get(k) == v
               for k, v in where.items()):
            out.append(e)
    return out
