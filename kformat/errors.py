"""One exception tree for everything kformat raises.

``KFormatError`` is the root. Decode errors ("the peer sent something invalid") and encode
errors ("you built something invalid") are separate branches, after h11's split; grammar
errors are raised when a grammar file is loaded, never mid-parse.

Every decode error carries:

* ``path``: the field path with array indices, for example ``records[3].headers[0].key``;
* ``offset``: the absolute byte offset in the buffer handed to the entry point;
* ``expected`` / ``actual`` where they apply.

The classes also derive from :class:`construct.ConstructError`, so construct's own
combinators (``Select``, ``Optional``...) treat them as ordinary parse failures.
"""

from __future__ import annotations

import re
from typing import Any

from construct import ConstructError

__all__ = [
    "CorruptRecordError",
    "DecodeError",
    "EncodeError",
    "GrammarError",
    "InvalidValueError",
    "KFormatError",
    "LimitExceededError",
    "TruncatedError",
    "UnsupportedCodecError",
    "UnsupportedVersionError",
    "format_path",
    "join_path",
]

_ARROW = re.compile(r"\s*->\s*")
_HIDDEN = frozenset({"_tagged"})  # a flattened tagged-field section is not a path step
_ROOT = re.compile(r"^\((?:parsing|building|sizeof)\)")


def format_path(path: str | None) -> str:
    """Turn construct's ``(parsing) -> records[3] -> key`` into ``records[3].key``."""
    if not path:
        return ""
    parts = [_ROOT.sub("", p) for p in _ARROW.split(path.strip()) if p not in _HIDDEN]
    return ".".join(p for p in parts if p).replace(".[", "[").lstrip(".")


def join_path(prefix: str, path: str) -> str:
    """``value`` + ``members[0].id`` -> ``value.members[0].id``; ``items`` + ``[2]`` -> ``items[2]``."""
    if not prefix:
        return path
    if not path:
        return prefix
    return f"{prefix}{path}" if path.startswith("[") else f"{prefix}.{path}"


def _clean(path: str | None) -> str:
    """Dotted form of construct's arrow paths; other paths pass through unchanged."""
    if not path:
        return ""
    return format_path(path) if "->" in path or path.startswith("(") else path


class KFormatError(ConstructError):
    """Root of every error kformat raises."""

    def __init__(
        self,
        message: str = "",
        *,
        path: str | None = None,
        offset: int | None = None,
        expected: Any = None,
        actual: Any = None,
    ) -> None:
        self.reason = message
        self.field_path = _clean(path)
        self.offset = offset
        self.expected = expected
        self.actual = actual
        super().__init__(self._render(), path=None)

    @property
    def path(self) -> str:  # construct reads .path; we expose the dotted form
        return self.field_path

    @path.setter
    def path(self, value: str | None) -> None:  # construct assigns None in __init__
        if value:
            self.field_path = _clean(value)

    def _render(self) -> str:
        where = []
        if self.field_path:
            where.append(f"at {self.field_path}")
        if self.offset is not None:
            where.append(f"offset {self.offset}")
        text = self.reason
        detail = [f"{k} {v!r}" for k, v in (("expected", self.expected), ("actual", self.actual))
                  if v is not None]
        if detail:
            text += f" ({', '.join(detail)})"
        return f"{text} [{', '.join(where)}]" if where else text

    def __str__(self) -> str:
        return self._render()

    def relocated(
        self,
        shift: int = 0,
        *,
        at: int | None = None,
        prefix: str = "",
        note: str = "",
        lead: str = "",
        cls: type[KFormatError] | None = None,
    ) -> KFormatError:
        """A copy of this error moved into an enclosing structure.

        The offset is shifted by ``shift`` (a parse that started at ``shift`` in the outer
        buffer) or replaced by ``at``; ``prefix`` is put in front of the path, ``lead`` and
        ``note`` before and after the reason; ``cls`` changes the class. ``expected`` and ``actual`` are kept.
        """
        if at is not None:
            offset: int | None = at
        else:
            offset = None if self.offset is None else self.offset + shift
        return (cls or type(self))(lead + self.reason + note, path=join_path(prefix, self.field_path),
                                   offset=offset, expected=self.expected, actual=self.actual)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly description, used by fixtures and fuzz manifests."""
        return {
            "error": type(self).__name__,
            "path": self.field_path,
            "offset": self.offset,
            "reason": self.reason,
        }


class DecodeError(KFormatError):
    """The bytes are not a valid encoding (the peer sent something invalid)."""


class TruncatedError(DecodeError):
    """The input ended before a structure was complete.

    ``expected`` is the number of bytes needed from ``offset``, ``actual`` the number available.
    """


class InvalidValueError(DecodeError):
    """A field holds a value its type forbids (null where not nullable, a bad length...)."""


class CorruptRecordError(DecodeError):
    """Damaged data: a checksum did not match (``expected`` is the stored CRC, ``actual`` the
    computed one; ``offset`` is the CRC field's), or compressed bytes do not decompress (a bad
    gzip check value, a broken LZ4 block, a cut-short frame)."""


class UnsupportedCodecError(DecodeError):
    """Compression bits name a codec Kafka does not define, or a codec feature Kafka refuses
    (zstd below magic 2, LZ4 dependent blocks). Damaged compressed data is a
    :class:`CorruptRecordError`."""


class UnsupportedVersionError(DecodeError):
    """An api key, api version, magic or record version kformat has no grammar for."""


class LimitExceededError(DecodeError):
    """A configured limit was hit (decompressed size, nesting depth, element count)."""


class EncodeError(KFormatError):
    """A value cannot be encoded (you built something invalid)."""


class GrammarError(KFormatError):
    """A grammar file or declaration is invalid; raised when it is loaded."""
