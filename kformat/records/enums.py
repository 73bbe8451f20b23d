"""The enumerations of record batches: Kafka's ids as ``IntEnum`` members, so values compare
equal to the ints on the wire and print with their names.

* :class:`Codec`: the compression codec, ``attributes`` bits 0-2 (Kafka's
  ``CompressionType``), made from :data:`kformat.records.codecs.CODECS`.
* :class:`TimestampType`: what a batch's or record's timestamp means, ``attributes`` bit 3 of
  magic 1 and 2 (Kafka's ``TimestampType``); magic 0 has no timestamps.

In JSON output both are written as the lowercase member name (docs/json.md).
"""

from __future__ import annotations

from enum import IntEnum

from kformat.records.codecs import Codec  # derived from the codec table, one entry per codec

__all__ = ["Codec", "TimestampType", "as_codec", "as_timestamp_type", "json_name"]


class TimestampType(IntEnum):
    """Kafka's ``TimestampType`` ids: ``attributes`` bit 3 is 0 for CreateTime and 1 for
    LogAppendTime; ``NO_TIMESTAMP_TYPE`` (-1) is what Kafka reports for magic 0."""

    NO_TIMESTAMP_TYPE = -1
    CREATE_TIME = 0
    LOG_APPEND_TIME = 1


_CODECS = {int(c): c for c in Codec}
_TIMESTAMP_TYPES = {int(t): t for t in TimestampType}


def as_codec(value: int) -> Codec | int:
    """``value`` as a :class:`Codec` member; an id Kafka does not define stays an int."""
    return _CODECS.get(value, value) if isinstance(value, int) else value


def as_timestamp_type(value: int) -> TimestampType | int:
    """``value`` as a :class:`TimestampType` member (``True``/``False`` work, as bit 3 is
    often written as a bool); anything else stays as it is."""
    return _TIMESTAMP_TYPES.get(value, value) if isinstance(value, int) else value


def json_name(value: int, enum: type[IntEnum]) -> str:
    """The lowercase member name for JSON (``"gzip"``, ``"log_append_time"``); an id the
    enumeration lacks is ``"unknown(<id>)"``."""
    try:
        return enum(value).name.lower()
    except ValueError:
        return f"unknown({value})"
