"""Build of kformat's optional C extension, the native engine (``kformat.engine._native``).

Everything else is declared in ``pyproject.toml``. If the extension does not compile (no
compiler, no Python headers), the install still succeeds on the pure-Python engine: the
build prints a warning and records the reason in ``kformat/engine/_native_build_failure.txt``,
which ``kformat.engine.unavailable_reason()`` reports.

Compiler flags: ``CFLAGS``/``LDFLAGS`` are honoured as for any extension (a sanitizer build is
``CFLAGS='-fsanitize=address,undefined -fno-omit-frame-pointer' LDFLAGS='-fsanitize=address,undefined'
python setup.py build_ext --inplace``); ``KFORMAT_NATIVE_CFLAGS`` adds flags after kformat's
own; ``KFORMAT_NATIVE=0`` skips the extension.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ENGINE = Path("kformat") / "engine"
FAILURE_NOTE = ENGINE / "_native_build_failure.txt"
_spec = importlib.util.spec_from_file_location("_kformat_sources",
                                               Path(__file__).parent / ENGINE / "sources.py")
assert _spec is not None and _spec.loader is not None
sources = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sources)  # the C files' list and digest (kformat.engine.sources)
NATIVE_SOURCES = tuple(str(ENGINE / name) for name in sources.NATIVE_SOURCES)
NATIVE_HEADERS = tuple(str(ENGINE / name) for name in sources.NATIVE_HEADERS)


class OptionalBuildExt(build_ext):
    """Build the extension if possible; never fail the install because of it."""

    failure = ""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler at all, or the in-place copy of a failed build
            self._failed(f"{type(exc).__name__}: {exc}")

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._failed(f"{type(exc).__name__}: {exc}")
            return
        for note in self._notes():
            note.unlink(missing_ok=True)

    def _notes(self) -> list[Path]:
        notes = [Path(__file__).parent / FAILURE_NOTE]
        if not self.inplace and self.build_lib:
            notes.append(Path(self.build_lib) / FAILURE_NOTE)
        return notes

    def _failed(self, reason: str) -> None:
        if self.failure:  # the first reason is the one that matters
            return
        self.failure = reason
        message = (f"kformat: the native engine did not compile ({reason}); "
                   "kformat installs and runs on the pure-Python engine")
        print(f"WARNING: {message}")
        self.warn(message)
        for note in self._notes():
            try:
                note.parent.mkdir(parents=True, exist_ok=True)
                note.write_text(f"the extension did not compile: {reason}\n", encoding="utf-8")
            except OSError:
                pass


def extensions() -> list[Extension]:
    if os.environ.get("KFORMAT_NATIVE", "1").strip() == "0":
        return []
    # hidden visibility: the names the C files share (native.h) stay inside the extension
    flags = ["-O2", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter",
             "-Wno-missing-field-initializers", "-fno-strict-aliasing", "-fvisibility=hidden"]
    flags += shlex.split(os.environ.get("KFORMAT_NATIVE_CFLAGS", ""))
    digest = sources.source_digest(Path(__file__).parent / ENGINE) or ""
    return [Extension("kformat.engine._native", list(NATIVE_SOURCES),
                      depends=list(NATIVE_HEADERS), extra_compile_args=flags,
                      define_macros=[("KFORMAT_SOURCE_DIGEST", f'"{digest}"')])]


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
