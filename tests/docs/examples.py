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


SHELL = {"", "sh", "shell", "bash", "console", "text"}


def shell_blocks(page: Path) -> list[str]:
    """Every fenced block of ``page`` in a shell language (sh, shell, bash, console, text)
    or with none, read fence by fence so a closing fence never opens a block."""
    blocks: list[str] = []
    body: list[str] | None = None
    language = ""
    for line in page.read_text(encoding="utf-8").splitlines():
        fence = re.match(r"\s*```(\w*)\s*$", line)
        if fence is None:
            if body is not None:
                body.append(line)
        elif body is None:
            body, language = [], fence.group(1)
        else:
            if language in SHELL:
                blocks.append("\n".join(body) + "\n")
            body = None
    return blocks


def kformat_command_lines() -> list[tuple[str, str]]:
    """(page, command line) of every ``kformat ...`` line of a shell block, with its comment,
    a ``$`` prompt and the output it pipes into removed, continuation lines joined."""
    out = []
    for page in PAGES:
        for block in shell_blocks(page):
            for line in re.sub(r"\\\n\s*", " ", block).splitlines():
                line = re.sub(r"^\$\s+", "", line.strip())
                line = re.split(r"\s+#\s", line)[0].strip()
                if not line.startswith("kformat "):
                    continue
                out.append((page.relative_to(ROOT).as_posix(), line))
    return out
