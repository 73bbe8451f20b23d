"""``kformat dump``'s progress bar on stderr (only when stderr is a terminal)."""

from __future__ import annotations

from typing import IO

__all__ = ["Progress"]


# --------------------------------------------------------------------------- progress


class Progress:
    """A one-line progress bar, drawn only when ``stream`` is a TTY."""

    def __init__(self, stream: IO[str], width: int = 30) -> None:
        self.stream = stream
        self.width = width
        try:
            self.enabled = bool(stream.isatty())
        except (AttributeError, ValueError):
            self.enabled = False
        self._shown = -1

    def update(self, label: str, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        percent = min(100, done * 100 // total)
        if percent == self._shown:
            return
        self._shown = percent
        filled = self.width * percent // 100
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r{label} [{bar}] {percent:3d}%")
        self.stream.flush()

    def finish(self) -> None:
        if self.enabled and self._shown >= 0:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
        self._shown = -1


