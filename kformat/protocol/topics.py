"""Record schemas of Kafka's internal topics, and one entry point to decode their records.

:func:`decode_record` takes a record's key and value (bytes or None) and the topic it came
from, and returns a :class:`DecodedRecord`; :func:`encode_record` is its inverse.

==========================  ===============================================================
topic                       key / value
==========================  ===============================================================
``__consumer_offsets``      ``type:INT16 key`` / ``version:INT16 value`` (null: tombstone)
``__share_group_state``     same frame, share-coordinator records
``__transaction_state``     ``version:INT16 TransactionLogKey`` / ``version:INT16 value``
``__cluster_metadata``      null / ``frame:UVARINT(1) type:UVARINT version:UVARINT body``
``__remote_log_metadata``   null / same frame, remote-log metadata records
==========================  ===============================================================

The layouts and their sources in Kafka are documented in :mod:`kformat.protocol.coordinator`
and :mod:`kformat.protocol.kraft`; :mod:`kformat.protocol.formats` covers the consumer
protocol, Streams subscription info, principals and producer snapshots. Every function of
those modules is re-exported here.

A type checker sees these functions typed by topic and record type
(``kformat/messages/topics.pyi``, generated from the grammars): called with a literal topic
and record type (a key or value grammar name or the type number) and version, they take that
record's :mod:`kformat.messages` TypedDicts and decode to them (``decode_record`` with a
literal topic: a :class:`DecodedRecord` of the union of that topic's keys and values); any
other call takes and returns ``dict[str, Any]`` bodies. At run time they are plain functions.

Decode errors are :class:`~kformat.errors.DecodeError` subclasses whose path starts with
``key`` or ``value`` and whose offset is counted from the start of that part; unknown record
types and versions raise :class:`~kformat.errors.UnsupportedVersionError`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kformat.protocol.formats import (
    build_producer_snapshot,
    decode_consumer_assignment,
    decode_consumer_subscription,
    decode_principal,
    decode_streams_subscription,
    encode_consumer_assignment,
    encode_consumer_subscription,
    encode_principal,
    encode_streams_subscription,
    parse_producer_snapshot,
)
from kformat.protocol.kraft import (
    ControlType,
    decode_control_key,
    decode_control_value,
    encode_control_key,
    encode_control_value,
)
from kformat.protocol.topic_records import TOPICS, DecodedRecord, compiled_grammar, grammar
from kformat.protocol.versioned import Versioned, compiled_for, grammar_for

if TYPE_CHECKING:  # signatures typed by topic and record type (kformat/messages/topics.pyi)
    from kformat.messages.topics import (
        decode_coordinator_key,
        decode_coordinator_value,
        decode_metadata_record,
        decode_record,
        encode_coordinator_key,
        encode_coordinator_value,
        encode_metadata_record,
        encode_record,
    )
else:
    from kformat.protocol.coordinator import (
        decode_coordinator_key,
        decode_coordinator_value,
        encode_coordinator_key,
        encode_coordinator_value,
    )
    from kformat.protocol.kraft import decode_metadata_record, encode_metadata_record
    from kformat.protocol.topic_records import decode_record, encode_record

__all__ = [
    "TOPICS",
    "ControlType",
    "DecodedRecord",
    "Versioned",
    "build_producer_snapshot",
    "compiled_for",
    "compiled_grammar",
    "decode_consumer_assignment",
    "decode_consumer_subscription",
    "decode_control_key",
    "decode_control_value",
    "decode_coordinator_key",
    "decode_coordinator_value",
    "decode_metadata_record",
    "decode_principal",
    "decode_record",
    "decode_streams_subscription",
    "encode_consumer_assignment",
    "encode_consumer_subscription",
    "encode_control_key",
    "encode_control_value",
    "encode_coordinator_key",
    "encode_coordinator_value",
    "encode_metadata_record",
    "encode_principal",
    "encode_record",
    "encode_streams_subscription",
    "grammar",
    "grammar_for",
    "parse_producer_snapshot",
]
