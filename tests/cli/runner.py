"""Run the command line in-process with its own streams: ``(exit status, stdout, stderr)``."""

from __future__ import annotations

import io

from kformat.cli import run
from kformat.console import Console


def cli(*argv: str, stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), Console(stdout=out, stderr=err, stdin=io.BytesIO(stdin)))
    return code, out.getvalue(), err.getvalue()
