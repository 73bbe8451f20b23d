"""Where record batches are read from: a bytes-like buffer (read in place) or a binary file
(read batch by batch in bounded chunks), behind one ``peek``/``take`` interface."""

from __future__ import annotations

import os
from typing import IO, Any

__all__ = ["BufferInput", "FileInput", "Source", "open_source"]

Source = bytes | bytearray | memoryview | os.PathLike[str] | IO[bytes]
"""What :func:`~kformat.records.api.iter_batches` reads: bytes, a binary file, or a path."""

_CHUNK = 1 << 20


class BufferInput:
    """A bytes-like input, read in place."""

    def __init__(self, data: bytes | bytearray | memoryview) -> None:
        view = memoryview(data)
        self.view = view if view.format == "B" and view.ndim == 1 else view.cast("B")
        self.whole = data if data.__class__ is bytes else None  # one batch: no copy

    def peek(self, pos: int, n: int) -> bytes:
        return bytes(self.view[pos:pos + n])

    def take(self, pos: int, n: int) -> bytes | int:
        """The next ``n`` bytes, or how many there are when fewer (nothing is copied)."""
        left = len(self.view) - pos
        if left < n:
            return left
        if pos == 0 and n == left and self.whole is not None:
            return self.whole
        return bytes(self.view[pos:pos + n])

    def close(self) -> None:
        self.view.release()


class FileInput:
    """A binary file read sequentially, batch by batch, in bounded chunks."""

    def __init__(self, file: IO[bytes], owned: bool) -> None:
        self.file = file
        self.owned = owned
        self.pending = b""  # bytes peeked at but not taken yet

    def _read(self, n: int) -> bytes:
        parts, have = [], 0
        while have < n:
            chunk = self.file.read(min(_CHUNK, n - have))
            if not chunk:
                break
            parts.append(chunk)
            have += len(chunk)
        return b"".join(parts)

    def peek(self, pos: int, n: int) -> bytes:
        if len(self.pending) < n:
            self.pending += self._read(n - len(self.pending))
        return self.pending[:n]

    def take(self, pos: int, n: int) -> bytes | int:
        """The next ``n`` bytes, or how many there were when fewer (they are consumed)."""
        head, self.pending = self.pending[:n], self.pending[n:]
        data = head + self._read(n - len(head)) if len(head) < n else head
        return data if len(data) == n else len(data)

    def close(self) -> None:
        if self.owned:
            self.file.close()


def open_source(source: Any) -> BufferInput | FileInput:
    """The input for ``source``; a path is opened here (closed by the input's ``close``)."""
    if isinstance(source, bytes | bytearray | memoryview):
        return BufferInput(source)
    if isinstance(source, str):
        raise TypeError("record batches are bytes, not str: pass bytes (the data), a binary "
                        "file, or a pathlib.Path (a file name: pathlib.Path(name))")
    if isinstance(source, os.PathLike):
        return FileInput(open(source, "rb"), owned=True)  # closed by the iterator
    if hasattr(source, "read"):
        return FileInput(source, owned=False)
    raise TypeError(f"expected bytes, a binary file or a pathlib.Path, not "
                    f"{type(source).__name__}")

