"""One codec table: every list of codecs in kformat is derived from ``records.codecs.CODECS``."""

from __future__ import annotations

import pytest

import kformat
from kformat.corpus import batches as corpus_batches
from kformat.errors import EncodeError, UnsupportedCodecError
from kformat.fuzz.hostile import BOMB_CODECS
from kformat.outputs.arrow_python import CODEC_NAMES
from kformat.records import codecs, legacy_blocks
from kformat.strategies import records as record_strategies


def test_the_enumeration_is_the_table() -> None:
    assert [(c.name.lower(), int(c)) for c in kformat.Codec] == [
        (spec.name, spec.id) for spec in codecs.CODECS
    ]
    assert kformat.Codec is codecs.Codec
    assert kformat.Codec.__module__ == "kformat.records.enums"  # pickles as before


def test_kafka_compression_type_ids() -> None:
    # Kafka's CompressionType: none 0, gzip 1, snappy 2, lz4 3, zstd 4 (KIP-110)
    assert {spec.name: spec.id for spec in codecs.CODECS} == {
        "none": 0, "gzip": 1, "snappy": 2, "lz4": 3, "zstd": 4
    }


def test_codecs_per_magic_follow_min_magic() -> None:
    assert [int(c) for c in codecs.codecs_for(2)] == [0, 1, 2, 3, 4]
    assert [int(c) for c in codecs.codecs_for(0)] == [0, 1, 2, 3]
    assert codecs.codecs_for(1) == codecs.codecs_for(0)
    assert [int(c) for c in codecs.compressed_codecs()] == [1, 2, 3, 4]


def test_every_list_derives_from_the_table() -> None:
    assert tuple(int(c) for c in codecs.codecs_for(1)) == legacy_blocks.LEGACY_CODECS
    assert codecs.codecs_for(2) == corpus_batches.V2_CODECS
    assert codecs.codecs_for(1) == corpus_batches.LEGACY_CODECS
    assert tuple(int(c) for c in codecs.codecs_for(2)) == record_strategies.CODECS
    assert tuple(int(c) for c in codecs.codecs_for(1)) == record_strategies.LEGACY_CODECS
    assert codecs.compressed_codecs(2) == BOMB_CODECS
    assert tuple(spec.name for spec in codecs.CODECS) == CODEC_NAMES


@pytest.mark.parametrize("spec", codecs.CODECS, ids=lambda s: s.name)
def test_every_entry_round_trips_at_every_allowed_magic(spec: codecs.CodecSpec) -> None:
    data = b"kafka " * 1000
    for magic in (0, 1, 2):
        if magic < spec.min_magic:
            with pytest.raises(EncodeError, match=spec.reference):
                codecs.compress(spec.id, data, magic=magic)
            with pytest.raises(UnsupportedCodecError, match=spec.reference):
                codecs.decompress(spec.id, b"x", magic=magic, limit=1 << 20)
            continue
        packed = codecs.compress(spec.id, data, magic=magic)
        assert codecs.decompress(spec.id, packed, magic=magic, limit=len(data)) == data
        if spec.levels is not None:
            default, low, high = spec.levels
            for level in (low, high):
                again = codecs.compress(spec.id, data, magic=magic, level=level)
                assert codecs.decompress(spec.id, again, magic=magic, limit=len(data)) == data
            assert codecs.compress(spec.id, data, magic=magic, level=default) == packed
            with pytest.raises(EncodeError, match="level out of range"):
                codecs.compress(spec.id, data, magic=magic, level=high + 1)
            for wrong in ("1", 1.5, True):
                with pytest.raises(EncodeError, match="level must be an int"):
                    codecs.compress(spec.id, data, magic=magic, level=wrong)
        else:
            with pytest.raises(EncodeError, match="takes no compression level"):
                codecs.compress(spec.id, data, magic=magic, level=1)


def test_find_codec_refuses_what_kafka_lacks() -> None:
    assert codecs.find_codec(5) is None
    assert codecs.find_codec([1]) is None
    assert codecs.find_codec(kformat.Codec.LZ4).name == "lz4"
