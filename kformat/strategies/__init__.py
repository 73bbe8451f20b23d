"""Hypothesis strategies derived from kformat's grammars, for your own tests.

Every strategy here is derived by walking a grammar (see :mod:`kformat.strategies.grammar`),
never written per message, and draws values valid by construction that shrink to small ones::

    from hypothesis import given
    import kformat
    from kformat import strategies as ks

    @given(ks.request_frames("Produce", 9))
    def test_my_proxy_forwards_produce(frame):
        assert my_proxy.forward(frame.framed) == frame.framed

    @given(ks.message_bodies("Metadata", 12, "response"))
    def test_my_client_reads_metadata(body):
        data = kformat.build_response("Metadata", 12, body, correlation_id=1)
        assert my_client.read_metadata(data)

Arguments are checked when the strategy is made: an unknown API or version raises
:class:`~kformat.errors.UnsupportedVersionError` at once, a bad option :class:`ValueError`.

:data:`STRATEGIES` lists every public function that returns a strategy (a meta-test checks
each is documented).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kformat.strategies.frames import Frame, encoded, request_frames, response_frames
from kformat.strategies.grammar import (
    from_grammar,
    message_bodies,
    record_schema_values,
    unknown_tag_numbers,
)
from kformat.strategies.primitives import (
    booleans,
    bytes_values,
    float64,
    int8,
    int16,
    int32,
    int64,
    integers_of,
    string_values,
    uint8,
    uint16,
    uint32,
    unsigned_varint,
    uuids,
    varint,
    varlong,
)
from kformat.strategies.records import (
    batch_bytes,
    batches,
    comparable,
    control_batches,
    legacy_batches,
    legacy_message_sets,
    record_payloads,
    record_sets,
    v2_batches,
)

__all__ = [
    "STRATEGIES",
    "Frame",
    "batch_bytes",
    "batches",
    "booleans",
    "bytes_values",
    "comparable",
    "control_batches",
    "encoded",
    "float64",
    "from_grammar",
    "int8",
    "int16",
    "int32",
    "int64",
    "integers_of",
    "legacy_batches",
    "legacy_message_sets",
    "message_bodies",
    "record_payloads",
    "record_schema_values",
    "record_sets",
    "request_frames",
    "response_frames",
    "string_values",
    "uint8",
    "uint16",
    "uint32",
    "unknown_tag_numbers",
    "unsigned_varint",
    "uuids",
    "v2_batches",
    "varint",
    "varlong",
]

STRATEGIES: dict[str, Callable[..., Any]] = {
    fn.__name__: fn
    for fn in (
        # primitives (Kafka's protocol guide, "Protocol Primitive Types")
        int8, uint8, int16, uint16, int32, uint32, int64, varint, varlong, unsigned_varint,
        integers_of, float64, booleans, uuids, string_values, bytes_values,
        # grammars
        from_grammar, message_bodies, record_schema_values, unknown_tag_numbers,
        # records
        record_payloads, v2_batches, control_batches, legacy_batches, batches, batch_bytes,
        legacy_message_sets, record_sets,
        # frames and encodings
        request_frames, response_frames, encoded,
    )
}
"""Every public function returning a hypothesis strategy, by name."""
