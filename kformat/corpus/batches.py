"""Record-batch fixtures: magic 2 for every codec x attribute combination, and magic 0/1
message sets for every codec (Kafka documentation, "Message Format"; KIP-98 for transactions and control batches).

Magic 2 variants, each with every codec (none, gzip, snappy, lz4, zstd):

``plain``           three records: headers (one null-valued, one non-ASCII key), a null
                    key, an empty value, compressible JSON
``idempotent``      producer id, epoch and base sequence set
``transactional``   the transactional bit plus a producer
``control-commit``  a COMMIT marker (control + transactional bits, one control record)
``control-abort``   an ABORT marker
``delete-horizon``  a compacted batch: offset gaps, a tombstone, ``lastOffsetDelta`` past the
                    last record, the delete-horizon bit and ``baseTimestamp`` as the horizon
``empty``           no records, as the log cleaner retains a producer's last batch
``log-append-time`` the timestamp-type bit; every record reports ``maxTimestamp``

Magic 0 and 1, each with none, gzip, snappy and lz4 (magic 0 LZ4 uses the pre-KIP-57 frame
checksum): ``plain`` (three messages, or one wrapper holding three), ``wrappers`` (two
wrappers in a row, compressed codecs only) and, for magic 1, ``log-append-time``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from kformat.corpus.fixture import Fixture
from kformat.corpus.peers import record_peer
from kformat.corpus.values import BASE_TIMESTAMP, stable_rng
from kformat.records.api import build_batch, make_batch
from kformat.records.codecs import Codec, codecs_for
from kformat.records.control import control_record
from kformat.records.model import Batch

__all__ = ["LEGACY_VARIANTS", "V2_VARIANTS", "legacy_fixtures", "v2_batch", "v2_fixtures"]

V2_VARIANTS: Final = ("plain", "idempotent", "transactional", "control-commit",
                      "control-abort", "delete-horizon", "empty", "log-append-time")
LEGACY_VARIANTS: Final = ("plain", "wrappers", "log-append-time")
V2_CODECS: Final = codecs_for(2)
LEGACY_CODECS: Final = codecs_for(1)


def _records(rng: Any, count: int, *, headers: bool, start: int = 0) -> list[dict[str, Any]]:
    words = ("alpha", "bravo", "kafka", "delta", "echo")
    out = []
    for i in range(count):
        text = " ".join(rng.choice(words) for _ in range(12))
        value = f'{{"id":{start + i},"text":"{text} {text}"}}'.encode()
        item: dict[str, Any] = {
            "key": None if i == 1 else f"user-{rng.randrange(1000)}".encode(),
            "value": b"" if i == 2 else value,
            "timestamp": BASE_TIMESTAMP + rng.randrange(0, 60_000),
        }
        if headers and i == 0:
            item["headers"] = [("trace-id", rng.randbytes(8)), ("ü-origin", None),
                               ("content-type", b"application/json")]
        out.append(item)
    return out


def v2_batch(variant: str, codec: Codec, seed: int = 0) -> Batch:
    """The magic 2 batch of one variant and codec."""
    rng = stable_rng(seed, "records", variant, int(codec))
    base_offset = rng.randrange(0, 10_000)
    producer: dict[str, Any] = {"producer_id": rng.randrange(1_000, 100_000),
                                "producer_epoch": rng.randrange(0, 10)}
    common: dict[str, Any] = {"codec": codec, "base_offset": base_offset, "partition_leader_epoch":
              rng.randrange(0, 20)}
    if variant in ("control-commit", "control-abort"):
        marker = control_record(variant.removeprefix("control-"),
                                coordinator_epoch=rng.randrange(0, 50),
                                timestamp=BASE_TIMESTAMP + rng.randrange(0, 60_000))
        return make_batch([marker], is_control=True, is_transactional=True, **producer,
                          **common)
    if variant == "empty":
        batch = make_batch([], base_timestamp=BASE_TIMESTAMP, **producer,
                           base_sequence=rng.randrange(0, 1000), **common)
        batch.last_offset_delta = rng.randrange(1, 10)  # the cleaned records' offsets
        return batch
    records = _records(rng, 3, headers=True)
    extra: dict[str, Any] = {}
    if variant == "idempotent":
        extra = {**producer, "base_sequence": rng.randrange(0, 1000)}
    elif variant == "transactional":
        extra = {**producer, "base_sequence": rng.randrange(0, 1000), "is_transactional": True}
    elif variant == "log-append-time":
        extra = {"timestamp_type": 1}
    elif variant == "delete-horizon":
        for i, r in enumerate(records):
            r["offset"] = base_offset + (0, 3, 7)[i]
        records[1]["value"] = None
    batch = make_batch(records, **extra, **common)
    if variant == "log-append-time":
        batch.max_timestamp = BASE_TIMESTAMP + 120_000  # the broker's append time
    elif variant == "delete-horizon":
        batch.has_delete_horizon = True
        batch.base_timestamp = BASE_TIMESTAMP + 86_400_000  # delete.retention.ms later
        batch.records = [r.replace(timestamp_delta=r.timestamp - batch.base_timestamp)
                         for r in batch.records]
        batch.last_offset_delta = 9  # the last record of the original batch was cleaned
    return batch


def _legacy_batch(magic: int, codec: Codec, variant: str, rng: Any, base_offset: int) -> Batch:
    records = _records(rng, 3, headers=False, start=base_offset)
    if variant == "log-append-time":
        # the broker's append time; inner messages carry it too, since readers report the
        # wrapper's timestamp and a rebuild writes that one (the canonical form)
        for r in records:
            r["timestamp"] = BASE_TIMESTAMP + 120_000
    elif magic == 1:
        records[2]["value"] = None  # a tombstone
    return make_batch(records, codec=codec, magic=magic, base_offset=base_offset,
                      timestamp_type=1 if variant == "log-append-time" else 0)


def _meta(magic: int, codec: Codec, variant: str) -> dict[str, Any]:
    return {"magic": magic, "codec": codec.name.lower(), "variant": variant}


def v2_fixtures(seed: int = 0) -> Iterator[Fixture]:
    """Every magic 2 variant with every codec."""
    for variant in V2_VARIANTS:
        for codec in V2_CODECS:
            data = build_batch(v2_batch(variant, codec, seed))
            peer, reason = record_peer(2, codec, variant)
            yield Fixture(id=f"records/v2-{codec.name.lower()}-{variant}",
                          format="kafka.record-batch", section="records", files={"data": data},
                          meta=_meta(2, codec, variant), peer=peer, peer_reason=reason)


def legacy_fixtures(seed: int = 0) -> Iterator[Fixture]:
    """Magic 0 and 1 message sets for every codec they allow."""
    for magic in (0, 1):
        for codec in LEGACY_CODECS:
            for variant in LEGACY_VARIANTS:
                if (variant == "log-append-time" and magic == 0) or (
                        variant == "wrappers" and codec == Codec.NONE):
                    continue
                rng = stable_rng(seed, "legacy", magic, int(codec), variant)
                base = rng.randrange(0, 10_000)
                parts = [_legacy_batch(magic, codec, variant, rng, base)]
                if variant == "wrappers":
                    parts.append(_legacy_batch(magic, codec, variant, rng, base + 3))
                data = b"".join(build_batch(b) for b in parts)
                peer, reason = record_peer(magic, codec, variant)
                yield Fixture(id=f"legacy/m{magic}-{codec.name.lower()}-{variant}",
                              format="kafka.legacy-message-set", section="legacy",
                              files={"data": data}, meta=_meta(magic, codec, variant),
                              peer=peer, peer_reason=reason)
