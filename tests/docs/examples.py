"""The code examples of the docs pages and the README, as data for the tests that run them."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]


def python_blocks(page: Path) -> list[str]:
    """Every ```python block of ``page`` (indented ones too, dedented)."""
    text = page.read_text(encoding="utf-8")
    blocks = re.findall(r"^([ \t]*)```python\n(.*?)^\1```", text, flags=re.S | re.M)
    return [textwrap.dedent(body) for _, body in blocks]


def examples(*, spark: bool) -> list[tuple[str, int, str]]:
    """(page, index, code) of every Python example; ``spark``: only those of docs/spark.md
    (which need a SparkSession), else all the others."""
    out = []
    for page in PAGES:
        if (page.name == "spark.md") is not spark:
            continue
        for i, code in enumerate(python_blocks(page)):
            out.append((page.relative_to(ROOT).as_posix(), i, code))
    return out
