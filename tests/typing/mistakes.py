"""Deliberate mistakes: mypy --strict must report exactly the errors marked ``# E: <code>``
on their lines, with the messages tests/typing/test_mypy.py expects. Never run."""

from __future__ import annotations

import uuid

import kformat
from kformat.messages import (
    OffsetCommitValueV3,
    ProduceRequestV3,
    ProduceRequestV9,
    ProduceResponseV9,
    TransactionLogValueV1,
)
from kformat.protocol import topics

misspelt: ProduceRequestV9 = {"ack": 1}  # E: typeddict-unknown-key
nested: ProduceRequestV9 = {"topic_data": [{"nme": "t"}]}  # E: typeddict-unknown-key
wrong_type: ProduceRequestV9 = {"acks": "all"}  # E: typeddict-item
other_version: ProduceRequestV9 = {"topic_data": [{"topic_id": uuid.UUID(int=1)}]}  # E: typeddict-unknown-key
raw_records: ProduceRequestV9 = {"topic_data": [{"partition_data": [{"records": b""}]}]}  # E: typeddict-item
not_a_list: ProduceRequestV9 = {"topic_data": {"name": "t"}}  # E: typeddict-item
kformat.build_request("Produce", 9, {"acks": "all"})  # E: deprecated
kformat.build_request("Produce", 9, {"topic_data": [{"topic_id": uuid.UUID(int=1)}]})  # E: deprecated
v3: ProduceRequestV3 = {"acks": 1}
kformat.build_request("Produce", 13, v3)  # E: deprecated
response = kformat.parse_response(b"", "Produce", 9)
text: str = response.body["throttle_time_ms"]  # E: assignment
gone = response.body["base_offset"]  # E: typeddict-item
typed_body: ProduceResponseV9 = kformat.parse_response(b"", "Produce", 3).body  # E: assignment
kformat.compiled_grammar("Produce", 9).build({"acks": "all"})  # E: typeddict-item
kformat.compiled_grammar("Metadata", 12, "response").parse(b"")["base_offset"]  # E: typeddict-item
topics.encode_record("__consumer_offsets", "OffsetCommitKey", {"grop": "g"})  # E: deprecated
topics.encode_coordinator_value("__consumer_offsets", 1, {"offset": "5"}, 3)  # E: deprecated
topics.encode_metadata_record("TopicRecord", 0, {"name": 1})  # E: deprecated
offsets = topics.decode_coordinator_value("__consumer_offsets", 1, b"")
topics.decode_coordinator_key("__transaction_state", b"").value["transaction_id"]  # E: typeddict-item
committed: OffsetCommitValueV3 = offsets.value  # E: assignment
txn_value: TransactionLogValueV1 = topics.decode_record("__transaction_state", b"", None).value  # E: assignment
