"""Tests for kformat.protocol: grammar model, .kfg format, importer and registry."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GRAMMARS = REPO / "grammars"


def specs_root() -> Path | None:
    """Kafka's JSON specs next to the repo (``<repo>/../shared/kafka-message-specs``), if present."""
    for candidate in (
        REPO.parent / "shared" / "kafka-message-specs",
        Path("/work/shared/kafka-message-specs"),
    ):
        if (candidate / "message").is_dir():
            return candidate
    return None
