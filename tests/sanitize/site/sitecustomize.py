"""Put on ``PYTHONPATH`` by ``make sanitize`` (tests/sanitize/driver.py): the native engine
``kformat.engine._native`` is imported from the sanitizer build named by
``KFORMAT_SANITIZED_NATIVE`` instead of the normal build, which stays untouched."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from typing import Any

_MODULE = "kformat.engine._native"
_PATH = os.environ.get("KFORMAT_SANITIZED_NATIVE", "")


class _SanitizedNative(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname != _MODULE:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, _PATH)
        return importlib.util.spec_from_file_location(fullname, _PATH, loader=loader)


if _PATH:
    sys.meta_path.insert(0, _SanitizedNative())
