"""mutate_frame: one labelled, re-encoded mutation of a live frame, a pure function of
(frame, seed, options), pinned by golden outputs."""

from __future__ import annotations

import hashlib

import pytest

from kformat.errors import DecodeError, KFormatError, UnsupportedVersionError
from kformat.fuzz.frames import frame_seed, frame_subject, mutate_frame
from kformat.fuzz.subjects import run_entry
from tests.fuzz.live.frames import FETCH_V12, PRODUCE_V9, metadata_response

# (direction, frame, api_key, api_version, seed) -> (label, target_path, expected_error,
# detail, sha256 prefix of the mutated wire bytes)
GOLDEN = [
    (("response", "metadata", 3, 12, 0),
     ("tagged_unknown", "topics[0].partitions[0]", None, "tags [323, 324]", "7d3a76e9e5d06ba3")),
    (("response", "metadata", 3, 12, 1),
     ("array_duplicate", "topics[0].partitions", None, "element 0 repeated", "df11b7c031c58808")),
    (("response", "metadata", 3, 12, 2),
     ("length_huge", "cluster_id", "TruncatedError", "length 4294967294", "0044a0728b4bd40e")),
    (("request", "produce", None, None, 0),
     ("compressed_corrupt", "topic_data[0].partition_data[0].records.batches[0].records",
      "UnsupportedCodecError", "magic", "537f0852a8cf22f2")),
    (("request", "produce", None, None, 3),
     ("count_short", "topic_data[0].partition_data[0].records.batches[0].record_count",
      "InvalidValueError", "2 -> 1", "6313ff3aae4e1531")),
    (("response", "fetch", 1, 12, 2),
     ("length_huge", "responses[0].partitions[0].records.batches[0]", "LimitExceededError",
      "length 2147483647", "479c726ea599bfac")),
]
FRAMES = {"metadata": metadata_response(), "produce": PRODUCE_V9, "fetch": FETCH_V12}


@pytest.mark.parametrize(("given", "expected"), GOLDEN)
def test_golden_mutations(given, expected):
    direction, name, key, version, seed = given
    m = mutate_frame(FRAMES[name], seed, direction=direction, api_key=key, api_version=version)
    assert m is not None
    assert (m.label, m.target_path, m.expected_error, m.detail,
            hashlib.sha256(m.mutated).hexdigest()[:16]) == expected
    assert m.seed == seed and m.original[4:] == FRAMES[name]
    # kformat itself raises exactly what the label promises on the mutated frame
    subject = frame_subject(FRAMES[name], direction, key, version)
    error = run_entry(subject.entry, m.mutated, **subject.params)
    assert (type(error).__name__ if error else None) == m.expected_error


def test_a_small_mutation_byte_for_byte():
    m = mutate_frame(metadata_response(), 3, direction="response", api_key=3, api_version=12)
    original = m.original.hex()
    assert m.label == "bool_nonzero" and m.detail == "byte 201"
    at = 2 * 63  # topics[0].is_internal: one byte, 0 -> 201, nothing else moves
    assert m.mutated.hex() == original[:at] + "c9" + original[at + 2:]


@pytest.mark.parametrize("label", ["crc_flip", "codec_swap", "compressed_corrupt",
                                   "decompression_bomb", "number_boundary", "array_empty",
                                   "null_nullable", "varint_overlong", "tagged_duplicate"])
def test_each_field_level_label_reaches_a_fetch_response(label):
    m = mutate_frame(FETCH_V12, 7, direction="response", api_key=1, api_version=12,
                     labels=[label])
    assert m is not None and m.label == label and m.mutated != m.original
    again = mutate_frame(FETCH_V12, 7, direction="response", api_key=1, api_version=12,
                         labels=[label])
    assert again == m
    error = run_entry("response", m.mutated, api_key=1, api_version=12)
    assert (type(error).__name__ if error else None) == m.expected_error


def test_the_same_frame_and_seed_give_the_same_bytes_and_seeds_differ():
    outputs = {mutate_frame(PRODUCE_V9, seed, direction="request").mutated for seed in range(12)}
    assert len(outputs) >= 10
    for seed in range(12):
        assert mutate_frame(PRODUCE_V9, seed, direction="request") == \
            mutate_frame(PRODUCE_V9, seed, direction="request")


def test_frame_seeds_are_stable_32_bit_values():
    assert frame_seed(0, 0) == frame_seed(0, 0)
    assert len({frame_seed(1, n) for n in range(1000)}) == 1000
    assert frame_seed(7, 3) == int.from_bytes(
        hashlib.blake2b(b"7:3", digest_size=4).digest(), "big")


def test_a_frame_kformat_cannot_decode_raises_its_error():
    with pytest.raises(UnsupportedVersionError) as info:
        mutate_frame(b"\x7f\x00\x00\x00\x00\x00\x00\x01", 0, direction="request")
    assert info.value.field_path == "header.request_api_key"
    with pytest.raises(KFormatError):
        mutate_frame(metadata_response()[:10], 0, direction="response", api_key=3,
                     api_version=12)
    with pytest.raises(DecodeError):
        mutate_frame(b"\x00\x03", 0, direction="request")


def test_bad_options_are_rejected():
    with pytest.raises(ValueError, match="unknown mutator labels"):
        mutate_frame(PRODUCE_V9, 0, direction="request", labels=["no_such_label"])
    with pytest.raises(ValueError, match="api_key and api_version"):
        mutate_frame(FETCH_V12, 0, direction="response")
    with pytest.raises(ValueError, match="direction"):
        mutate_frame(FETCH_V12, 0, direction="sideways")


def test_no_applicable_label_gives_none():
    assert mutate_frame(metadata_response(), 0, direction="response", api_key=3,
                        api_version=12, labels=["crc_flip"]) is None


def test_bytes_after_the_body_do_not_stop_mutation():
    frame = metadata_response() + b"\x00\x00\x00\x00"  # as librdkafka's mock cluster writes
    m = mutate_frame(frame, 3, direction="response", api_key=3, api_version=12)
    assert m is not None and m.original[4:] == frame and m.label == "bool_nonzero"
    assert m.mutated.endswith(b"\x00\x00\x00\x00")


def test_an_apiversions_answer_in_the_v0_layout_is_mutated_as_v0():
    import kformat

    body = {"error_code": 35, "api_keys": [{"api_key": 18, "min_version": 0, "max_version": 2}]}
    frame = kformat.build_response("ApiVersions", 0, body, correlation_id=1)
    labels = set()
    for seed in range(20):
        m = mutate_frame(frame, seed, direction="response", api_key=18, api_version=3)
        assert (m.api_key, m.api_version, m.correlation_id) == (18, 3, 1)
        assert not m.label.startswith("tagged")  # v0 has no tagged fields
        labels.add(m.label)
    assert len(labels) >= 8


def test_true_size_frames_what_a_proxy_forwards():
    """A proxy writes its own size prefix: no size lies, every result changes the payload."""
    labels = set()
    for seed in range(30):
        m = mutate_frame(FETCH_V12, seed, direction="response", api_key=1, api_version=12,
                         true_size=True)
        assert int.from_bytes(m.mutated[:4], "big") == len(m.mutated) - 4
        assert m.mutated[4:] != FETCH_V12
        error = run_entry("response", m.mutated, api_key=1, api_version=12)
        assert (type(error).__name__ if error else None) == m.expected_error
        labels.add(m.label)
    assert len(labels) >= 10
