"""The two text files of a partition directory: ``leader-epoch-checkpoint`` and
``partition.metadata``.

``leader-epoch-checkpoint`` is one of Kafka's checkpoint files (``CheckpointFile``)::

    0                   the version, always 0
    2                   the number of entries
    0 0                 "epoch startOffset", one line per leader epoch, in order
    3 150

``partition.metadata`` (``PartitionMetadataFile``) names the topic id (KIP-516)::

    version: 0
    topic_id: <the UUID in URL-safe base64 without padding, 22 characters>

Reading follows Kafka's: lines end in ``\\n``, ``\\r\\n`` or ``\\r``; fields are split on runs of
whitespace; the entry count must match the lines that follow. Errors name the line as the path
(``entries[2]``) and its byte offset; a version other than 0 is an
:class:`~kformat.errors.UnsupportedVersionError`. These are text, not wire structures, so
they are not construct grammars.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable
from dataclasses import dataclass

from kformat.errors import InvalidValueError, TruncatedError, UnsupportedVersionError
from kformat.jsonable import kafka_uuid, parse_kafka_uuid

__all__ = [
    "EpochEntry",
    "PartitionMetadata",
    "build_leader_epoch_checkpoint",
    "build_partition_metadata",
    "format_topic_id",
    "parse_leader_epoch_checkpoint",
    "parse_partition_metadata",
    "parse_topic_id",
]

_LINE_END = re.compile(r"\r\n|\r|\n")
_SPACES = re.compile(r"\s+")
_INTEGER = re.compile(r"[+-]?[0-9]+")
_INT32 = (-(1 << 31), (1 << 31) - 1)
_INT64 = (-(1 << 63), (1 << 63) - 1)


@dataclass(frozen=True)
class EpochEntry:
    """A leader epoch and the first offset written in it."""

    epoch: int
    start_offset: int


@dataclass(frozen=True)
class PartitionMetadata:
    topic_id: uuid.UUID
    version: int = 0


# --------------------------------------------------------------------------- lines


def _lines(data: bytes | str) -> list[tuple[int, str]]:
    """(byte offset, text) per line, like ``BufferedReader.readLine``."""
    if isinstance(data, str):
        text = data
    else:
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidValueError(f"not UTF-8 text: {exc.reason}", offset=exc.start) from None
    out: list[tuple[int, str]] = []
    pos = 0
    for m in _LINE_END.finditer(text):
        out.append((pos, text[pos:m.start()]))
        pos = m.end()
    if pos < len(text):
        out.append((pos, text[pos:]))
    # offsets in characters -> bytes (the files are ASCII in practice)
    if not text.isascii():
        out = [(len(text[:at].encode("utf-8")), line) for at, line in out]
    return out


def _integer(token: str, bounds: tuple[int, int], path: str, offset: int) -> int:
    if not _INTEGER.fullmatch(token):
        raise InvalidValueError("not an integer", path=path, offset=offset, actual=token)
    value = int(token)
    if not bounds[0] <= value <= bounds[1]:
        raise InvalidValueError("integer out of range", path=path, offset=offset, actual=value)
    return value


def _line(lines: list[tuple[int, str]], i: int, path: str, end: int) -> tuple[int, str]:
    if i >= len(lines):
        raise TruncatedError("file ends before this line", path=path, offset=end,
                             expected=1, actual=0)
    return lines[i]


# --------------------------------------------------------------------------- checkpoint


def parse_leader_epoch_checkpoint(data: bytes | str) -> list[EpochEntry]:
    """Parse a ``leader-epoch-checkpoint`` file."""
    lines = _lines(data)
    end = len(data.encode("utf-8") if isinstance(data, str) else data)
    at, text = _line(lines, 0, "version", end)
    version = _integer(text, _INT32, "version", at)
    if version != 0:
        raise UnsupportedVersionError("unsupported checkpoint version", path="version",
                                      offset=at, expected=0, actual=version)
    at, text = _line(lines, 1, "count", end)
    count = _integer(text, _INT32, "count", at)
    if count < 0:
        raise InvalidValueError("negative entry count", path="count", offset=at, actual=count)
    entries = []
    for i, (at, text) in enumerate(lines[2:]):
        path = f"entries[{i}]"
        fields = _SPACES.split(text)
        if len(fields) != 2:
            raise InvalidValueError("malformed line, expected 'epoch startOffset'", path=path,
                                    offset=at, actual=text)
        entries.append(EpochEntry(_integer(fields[0], _INT32, f"{path}.epoch", at),
                                  _integer(fields[1], _INT64, f"{path}.start_offset", at)))
    if len(entries) < count:
        raise TruncatedError(f"expected {count} entries, found only {len(entries)}",
                             path="entries", offset=end, expected=count, actual=len(entries))
    if len(entries) > count:
        raise InvalidValueError(f"expected {count} entries, found {len(entries)}",
                                path=f"entries[{count}]", offset=lines[2 + count][0],
                                expected=count, actual=len(entries))
    return entries


def build_leader_epoch_checkpoint(entries: Iterable[EpochEntry]) -> bytes:
    """Build a ``leader-epoch-checkpoint`` file (version 0)."""
    items = list(entries)
    body = "".join(f"{e.epoch} {e.start_offset}\n" for e in items)
    return f"0\n{len(items)}\n{body}".encode("ascii")


# --------------------------------------------------------------------------- topic id


def format_topic_id(topic_id: uuid.UUID) -> str:
    """Kafka's ``Uuid.toString()``: URL-safe base64 of the 16 bytes, without padding
    (:func:`kformat.jsonable.kafka_uuid`)."""
    return kafka_uuid(topic_id)


def parse_topic_id(text: str, *, path: str = "topic_id", offset: int | None = None) -> uuid.UUID:
    """Kafka's ``Uuid.fromString()`` (padding optional;
    :func:`kformat.jsonable.parse_kafka_uuid`)."""
    return parse_kafka_uuid(text, path=path, offset=offset)


def parse_partition_metadata(data: bytes | str) -> PartitionMetadata:
    """Parse a ``partition.metadata`` file."""
    lines = _lines(data)
    end = len(data.encode("utf-8") if isinstance(data, str) else data)
    at, text = _line(lines, 0, "version", end)
    fields = _SPACES.split(text)
    if len(fields) != 2 or fields[0] != "version:":
        raise InvalidValueError("malformed line, expected 'version: 0'", path="version",
                                offset=at, actual=text)
    version = _integer(fields[1], _INT32, "version", at)
    if version != 0:
        raise UnsupportedVersionError("unsupported partition.metadata version", path="version",
                                      offset=at, expected=0, actual=version)
    at, text = _line(lines, 1, "topic_id", end)
    fields = _SPACES.split(text)
    if len(fields) != 2 or fields[0] != "topic_id:":
        raise InvalidValueError("malformed line, expected 'topic_id: <id>'", path="topic_id",
                                offset=at, actual=text)
    topic_id = parse_topic_id(fields[1], offset=at)
    if topic_id.int == 0:
        raise InvalidValueError("the zero topic id is reserved", path="topic_id", offset=at)
    return PartitionMetadata(topic_id, version)


def build_partition_metadata(topic_id: uuid.UUID) -> bytes:
    """Build a ``partition.metadata`` file (version 0)."""
    return f"version: 0\ntopic_id: {format_topic_id(topic_id)}\n".encode("ascii")
