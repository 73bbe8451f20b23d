"""A fixture corpus given as a tar archive (a file, or standard input) instead of a folder.

``tar -C fixtures -c . | kformat fixtures verify -`` checks a corpus that never touches the
disk of the machine that checks it (a CI artifact, a corpus on another host). The archive is
unpacked into a temporary folder with the ``data`` extraction filter (no absolute paths, no
``..``, no links out of the folder, no devices), bounded in members and bytes so a hostile
archive cannot fill the disk, and removed afterwards.
"""

from __future__ import annotations

import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

__all__ = ["MAX_ARCHIVE_BYTES", "MAX_ARCHIVE_MEMBERS", "ArchiveError", "unpacked"]

MAX_ARCHIVE_MEMBERS = 200_000
"""Most members an archive may hold (the committed corpus has about 3,000 files)."""
MAX_ARCHIVE_BYTES = 4 << 30
"""Most bytes its files may unpack to (the committed corpus is a few MB)."""


class ArchiveError(ValueError):
    """The archive is unreadable, unsafe or larger than the limits."""


def _bounded(archive: tarfile.TarFile, max_members: int,
             max_bytes: int) -> Iterator[tarfile.TarInfo]:
    size = 0
    for members, member in enumerate(archive, 1):
        size += max(member.size, 0)
        if members > max_members:
            raise ArchiveError(f"the archive holds more than {max_members} members")
        if size > max_bytes:
            raise ArchiveError(f"the archive unpacks to more than {max_bytes} bytes")
        yield member


@contextmanager
def unpacked(stream: BinaryIO, *, max_members: int = MAX_ARCHIVE_MEMBERS,
             max_bytes: int = MAX_ARCHIVE_BYTES) -> Iterator[Path]:
    """The folder a tar archive (plain, gzip, bz2 or xz; read as a stream, so a pipe works)
    unpacks to; removed when the block ends. Raises :class:`ArchiveError`."""
    with tempfile.TemporaryDirectory(prefix="kformat-corpus-") as tmp:
        root = Path(tmp)
        try:
            with tarfile.open(fileobj=stream, mode="r|*") as archive:
                for member in _bounded(archive, max_members, max_bytes):
                    archive.extract(member, root, filter="data")
        except tarfile.FilterError as exc:
            raise ArchiveError(f"unsafe archive member: {exc}") from None
        except tarfile.TarError as exc:
            raise ArchiveError(f"not a readable tar archive: {exc}") from None
        yield _corpus_root(root)


def _corpus_root(root: Path) -> Path:
    """``root``, or its only folder when the archive was made from the corpus's parent
    (``tar -c fixtures``) rather than from inside it (``tar -C fixtures -c .``)."""
    if (root / "manifest.json").is_file():
        return root
    children = list(root.iterdir())
    if len(children) == 1 and (children[0] / "manifest.json").is_file():
        return children[0]
    raise ArchiveError("the archive holds no manifest.json (at its top, or in its only folder)")
