"""Finding and reading segment files: local paths with plain I/O, object stores through
``pyarrow.fs``.

The data source reads files itself (no Hadoop input format, so local paths need no jars):

* a path without a scheme is local: globs (``/data/topic-*/*.log``, ``**`` recursive) are
  expanded with :mod:`glob`, a directory stands for every ``*.log`` below it, and bytes are
  read with ``os.pread``;
* a URL (``s3://bucket/logs/*/*.log``, ``gs://``, ``abfs://``, ``file://``, ``memory://``,
  any fsspec protocol) goes through :func:`fsspec.core.url_to_fs`; options starting with
  ``storage.`` are its storage options (``storage.endpoint_url=http://127.0.0.1:9000``,
  ``storage.anon=true``, ``storage.key``/``storage.secret``); bytes are read with ranged
  reads (``cat_file(path, start, end)``: an HTTP range request on object stores), so no
  JVM jars are needed. The protocol's own package must be installed (``s3fs`` for ``s3://``:
  ``pip install 'kformat[s3]'``; ``gcsfs``, ``adlfs``);
* the ``fs`` option names a pyarrow filesystem instead (``s3``, ``gcs``, ``hdfs``,
  ``azure``, ``local``) and options starting with ``fs.`` are its keyword arguments
  (``fs.region=eu-west-1``, ``fs.endpoint_override=localhost:9000``).

:class:`FileSpec` is the picklable description a Spark task gets; it opens a
:class:`RandomAccess` (``size()``, ``read_at(offset, n)``) on the executor.
"""

from __future__ import annotations

import fnmatch
import glob
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = [
    "BytesSource",
    "FileSpec",
    "FilesystemSpec",
    "RandomAccess",
    "expand_paths",
    "filesystem_spec",
    "topic_partition",
]

URI_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
"""A path that starts with a URI scheme (``s3://``, ``file://``...)."""
_GLOB = re.compile(r"[*?\[]")
_FILESYSTEMS = {"s3": "S3FileSystem", "gcs": "GcsFileSystem", "hdfs": "HadoopFileSystem",
                "azure": "AzureFileSystem", "local": "LocalFileSystem"}


class RandomAccess(Protocol):
    """What the readers need from a file."""

    def size(self) -> int: ...

    def read_at(self, offset: int, n: int) -> bytes: ...

    def close(self) -> None: ...


class BytesSource:
    """A segment already in memory."""

    def __init__(self, data: bytes | bytearray | memoryview) -> None:
        self._data = bytes(data)

    def size(self) -> int:
        return len(self._data)

    def read_at(self, offset: int, n: int) -> bytes:
        return self._data[offset:offset + n]

    def close(self) -> None:
        pass


class _LocalFile:
    def __init__(self, path: str) -> None:
        self._fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        self._size = os.fstat(self._fd).st_size

    def size(self) -> int:
        return self._size

    def read_at(self, offset: int, n: int) -> bytes:
        parts, have = [], 0
        while have < n:
            chunk = os.pread(self._fd, n - have, offset + have)
            if not chunk:
                break
            parts.append(chunk)
            have += len(chunk)
        return parts[0] if len(parts) == 1 else b"".join(parts)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


class _FsspecFile:
    """Ranged reads of one object through an fsspec filesystem."""

    def __init__(self, filesystem: Any, path: str, size: int | None = None) -> None:
        self._fs = filesystem
        self._path = path
        self._size = int(filesystem.size(path) if size is None or size < 0 else size)

    def size(self) -> int:
        return self._size

    def read_at(self, offset: int, n: int) -> bytes:
        end = min(offset + max(0, n), self._size)
        if end <= offset:
            return b""
        return bytes(self._fs.cat_file(self._path, start=offset, end=end))

    def close(self) -> None:
        pass


class _ArrowFile:
    def __init__(self, handle: Any) -> None:
        self._handle = handle
        self._size = handle.size()

    def size(self) -> int:
        return int(self._size)

    def read_at(self, offset: int, n: int) -> bytes:
        n = max(0, min(n, self._size - offset))
        if not n:
            return b""
        data = self._handle.read_at(n, offset)
        return data if isinstance(data, bytes) else data.to_pybytes()

    def close(self) -> None:
        self._handle.close()


# --------------------------------------------------------------------------- filesystems


@dataclass(frozen=True)
class FilesystemSpec:
    """A filesystem to create on each executor: ``kind`` is ``"uri"`` (fsspec, from the
    URL's protocol; ``options`` its storage options) or a key of the ``fs`` option (a
    pyarrow filesystem; ``options`` its keyword arguments)."""

    kind: str
    options: tuple[tuple[str, Any], ...] = ()

    def create(self, uri: str | None = None) -> Any:
        if self.kind == "uri":
            assert uri is not None
            return _url_to_fs(uri, self.options)[0]
        import pyarrow.fs as pafs

        return getattr(pafs, _FILESYSTEMS[self.kind])(**dict(self.options))


def _url_to_fs(url: str, options: tuple[tuple[str, Any], ...]) -> tuple[Any, str]:
    try:
        import fsspec
    except ImportError:
        raise ImportError(f"reading {url} needs fsspec: pip install 'kformat[spark]'") from None
    return fsspec.core.url_to_fs(url, **dict(options))


def _typed(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if re.fullmatch(r"-?[0-9]+", text):
        return int(text)
    return text


def filesystem_spec(path: str, options: Mapping[str, str]) -> FilesystemSpec | None:
    """The filesystem for ``path`` and the data source options: None means local I/O."""
    kind = options.get("fs")
    if kind:
        kind = kind.lower()
        if kind not in _FILESYSTEMS:
            raise ValueError(f"fs must be one of {sorted(_FILESYSTEMS)}, not {kind!r}")
        extra = tuple(sorted((k[3:], _typed(v)) for k, v in options.items()
                             if k.lower().startswith("fs.")))
        return FilesystemSpec(kind, extra)
    if URI_SCHEME.match(path):
        storage = tuple(sorted((k[len("storage."):], _typed(v)) for k, v in options.items()
                               if k.lower().startswith("storage.")))
        return FilesystemSpec("uri", storage)
    return None


def _fs_path(path: str, spec: FilesystemSpec) -> tuple[Any, str]:
    """(filesystem, path inside it) for ``path`` under ``spec``."""
    if spec.kind == "uri":
        # resolve the fixed prefix (no glob characters), keep the pattern's tail
        prefix = _GLOB.split(path, 1)[0]
        head = prefix.rsplit("/", 1)[0] if _GLOB.search(path) else path
        filesystem, inner = _url_to_fs(head, spec.options)
        return filesystem, inner + path[len(head):]
    stripped = URI_SCHEME.sub("", path)
    return spec.create(), stripped


# --------------------------------------------------------------------------- listing


@dataclass(frozen=True)
class FileSpec:
    """One file to read: the path as reported in the ``segment`` column, the path inside
    its filesystem, and the filesystem (None: local)."""

    path: str
    inner: str
    filesystem: FilesystemSpec | None = None
    size: int = field(default=-1, compare=False)

    def sibling(self, suffix: str) -> FileSpec:
        """The file beside this one with ``suffix`` instead of its own (``.log`` ->
        ``.index``); its size is unknown."""
        def swap(path: str) -> str:
            stem, dot, _ = path.rpartition(".")
            return f"{stem}{suffix}" if dot else path + suffix

        return FileSpec(swap(self.path), swap(self.inner), self.filesystem)

    def read_all(self, limit: int = 64 << 20) -> bytes | None:
        """The whole file (at most ``limit`` bytes), or None when it cannot be read."""
        try:
            source = self.open()
        except (OSError, ValueError):
            return None
        try:
            return source.read_at(0, min(source.size(), limit))
        except OSError:
            return None
        finally:
            source.close()

    def open(self) -> RandomAccess:
        if self.filesystem is None:
            return _LocalFile(self.inner)
        if self.filesystem.kind == "uri":
            fs, inner = _fs_path(self.path, self.filesystem)
            return _FsspecFile(fs, inner, self.size)
        return _ArrowFile(self.filesystem.create().open_input_file(self.inner))


def _local(pattern: str, suffix: str) -> list[FileSpec]:
    """The files ``pattern`` names: itself, or what its glob matches; a directory (named or
    matched, as ``logs/orders-*`` matches partition directories) is searched for ``suffix``."""
    found: dict[str, int] = {}
    for match in glob.glob(pattern, recursive=True) or [pattern]:
        kind, size = _stat(match)
        if kind == "directory":
            for p in glob.glob(os.path.join(glob.escape(match), "**", f"*{suffix}"),
                               recursive=True):
                kind, size = _stat(p)
                if kind == "file":
                    found[p] = size
        elif kind == "file":
            found[match] = size
    # absolute, so executors (whose working directory is their own) open the same files
    sizes = {os.path.abspath(p): size for p, size in found.items()}
    return [FileSpec(p, p, None, sizes[p]) for p in sorted(sizes)]


def _stat(path: str) -> tuple[str, int]:
    """("file", size), ("directory", 0) or ("", 0): one ``stat`` a path (a directory of
    thousands of small segments is listed at every query's planning)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return "", 0
    if stat.S_ISREG(st.st_mode):
        return "file", st.st_size
    return ("directory" if stat.S_ISDIR(st.st_mode) else ""), 0


def _listing(filesystem: Any, spec: FilesystemSpec, inner: str, base: str | None
             ) -> tuple[str, int, list[tuple[str, int]]]:
    """(type of ``inner``: "file", "directory" or "", its size, and when ``base`` is given
    every file below ``base`` as (path, size))."""
    files: list[tuple[str, int]] = []
    if spec.kind == "uri":
        kind, size = "", -1
        if base is None:
            try:
                info = filesystem.info(inner)
            except (FileNotFoundError, OSError):
                info = {}
            kind, size = str(info.get("type", "")), int(info.get("size") or 0)
        else:
            found = filesystem.find(base, detail=True)
            files = [(p.lstrip("/") if not base.startswith("/") else p, int(i.get("size") or 0))
                     for p, i in found.items() if i.get("type") == "file"]
        return kind, size, files
    import pyarrow.fs as pafs

    if base is None:
        info = filesystem.get_file_info(inner)
        kinds = {pafs.FileType.File: "file", pafs.FileType.Directory: "directory"}
        return kinds.get(info.type, ""), int(info.size or 0), []
    infos = filesystem.get_file_info(pafs.FileSelector(base, recursive=True,
                                                       allow_not_found=True))
    return "", -1, [(i.path, int(i.size)) for i in infos if i.type == pafs.FileType.File]


def _remote(pattern: str, spec: FilesystemSpec, suffix: str) -> list[FileSpec]:
    filesystem, inner = _fs_path(pattern, spec)
    match = _GLOB.search(inner)
    if match is None:
        kind, size, _ = _listing(filesystem, spec, inner, None)
        if kind == "directory":
            base, rule = inner.rstrip("/"), None
        else:
            return [FileSpec(pattern, inner, spec, size)] if kind == "file" else []
    else:
        base, rule = inner[:match.start()].rsplit("/", 1)[0], inner
    out = []
    for path, size in _listing(filesystem, spec, inner, base)[2]:
        if rule is None and not path.endswith(suffix):
            continue
        if rule is not None and not _glob_match(path, rule) and not (
                path.endswith(suffix) and _glob_matches_folder(path, rule)):
            continue
        shown = filesystem.unstrip_protocol(path) if spec.kind == "uri" else path
        out.append(FileSpec(shown, path, spec, size))
    return sorted(out, key=lambda f: f.path)


def _glob_matches_folder(path: str, rule: str) -> bool:
    """Whether ``rule`` (no ``**``) matches a folder holding ``path``, as ``logs/orders-*``
    matches the partition folder of ``logs/orders-3/00000000000000000000.log``."""
    parts, rules = path.split("/"), rule.rstrip("/").split("/")
    return "**" not in rules and len(parts) > len(rules) and all(
        fnmatch.fnmatchcase(p, r) for p, r in zip(parts, rules, strict=False))


def _glob_match(path: str, rule: str) -> bool:
    """Glob matching where ``*`` stays inside one path component and ``**`` crosses them."""
    parts, rules = path.split("/"), rule.split("/")
    if "**" not in rules:
        return len(parts) == len(rules) and all(
            fnmatch.fnmatchcase(p, r) for p, r in zip(parts, rules, strict=True))
    return fnmatch.fnmatchcase(path, rule.replace("**", "*"))


def expand_paths(paths: str | list[str], options: Mapping[str, str] | None = None, *,
                 suffix: str = ".log") -> list[FileSpec]:
    """Every file the paths name (globs expanded, directories searched for ``suffix``)."""
    options = options or {}
    out: list[FileSpec] = []
    for pattern in [paths] if isinstance(paths, str) else paths:
        spec = filesystem_spec(pattern, options)
        out += _local(pattern, suffix) if spec is None else _remote(pattern, spec, suffix)
    seen: set[str] = set()
    unique = []
    for f in out:
        if f.path not in seen:
            seen.add(f.path)
            unique.append(f)
    return unique


def topic_partition(path: str) -> tuple[str | None, int | None]:
    """Topic and partition from the name of the directory holding ``path``
    (``<topic>-<partition>``, split on the last '-'); ``(name, None)`` when the name does not
    end in ``-<number>``, ``(None, None)`` for a file with no directory."""
    parts = path.replace("\\", "/").rstrip("/").split("/")
    if len(parts) < 2 or not parts[-2]:
        return None, None
    name = parts[-2]
    topic, dash, number = name.rpartition("-")
    if dash and topic and number.isdigit() and number.isascii():
        return topic, int(number)
    return name, None
