"""Invalid fixtures: valid inputs broken by the structure-aware mutators, with their errors.

A fixed list of valid subjects (record batches of every magic and codec, requests and
responses with and without records, flexible and not) is run through every mutator of
:data:`kformat.fuzz.mutators.MUTATORS` with a seed derived from ``(seed, subject, label)``.
A mutant becomes a fixture when its reading procedure (:mod:`kformat.corpus.formats`) raises
the error class the mutator announced; its path and offset are recorded as raised. Mutants
the mutator calls valid (``expected_error`` None) are left out, and so are the rare ones
where the error class differs from the announcement: :func:`invalid_fixtures` counts those
in ``stats`` so that they can be reported.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from kformat.corpus.batches import v2_batch
from kformat.corpus.fixture import Fixture, error_dict
from kformat.corpus.formats import decode
from kformat.corpus.protocol import request_frame, response_frame
from kformat.corpus.values import stable_rng
from kformat.errors import KFormatError
from kformat.records.api import build_batch, make_batch
from kformat.records.codecs import Codec, codecs_for
from kformat.spec.registry import load_registry

__all__ = ["DECOMPRESSION_LIMIT", "InvalidStats", "invalid_fixtures", "subjects"]

DECOMPRESSION_LIMIT: Final = 65_536
"""The decompression limit invalid fixtures are read with (small, so bombs stay cheap)."""
PEER_REASON: Final = "peers are not compared on invalid input (their error models differ)"

# (name, entry, api, version, profile): the request and response subjects
_PROTOCOL: Final = (
    ("produce-v3", "request", "Produce", 3, "typical"),
    ("produce-v9", "request", "Produce", 9, "unknown-tags"),
    ("fetch-v4", "request", "Fetch", 4, "typical"),
    ("metadata-v0", "request", "Metadata", 0, "typical"),
    ("metadata-v12", "request", "Metadata", 12, "unknown-tags"),
    ("create-topics-v5", "request", "CreateTopics", 5, "typical"),
    ("join-group-v9", "request", "JoinGroup", 9, "typical"),
    ("describe-topic-partitions-v0", "request", "DescribeTopicPartitions", 0, "typical"),
    ("fetch-v4", "response", "Fetch", 4, "typical"),
    ("fetch-v13", "response", "Fetch", 13, "unknown-tags"),
    ("metadata-v12", "response", "Metadata", 12, "typical"),
    ("api-versions-v3", "response", "ApiVersions", 3, "typical"),
    ("describe-cluster-v1", "response", "DescribeCluster", 1, "unknown-tags"),
    ("consumer-group-heartbeat-v0", "response", "ConsumerGroupHeartbeat", 0, "typical"),
)


@dataclass
class InvalidStats:
    """What happened to the mutants: kept, valid (skipped), unannounced error (skipped)."""

    kept: int = 0
    valid: int = 0
    mismatched: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class _Subject:
    name: str
    section: str
    format: str
    make: Callable[[], Any]
    meta: dict[str, Any]


def _legacy(magic: int, codec: Codec) -> bytes:
    items = [(b"k%d" % i, b"value-%d " % i * 8) for i in range(3)]
    return build_batch(make_batch(items, codec=codec, magic=magic, base_offset=40,
                                  base_timestamp=1_700_000_000_000))


def subjects(seed: int = 0) -> list[_Subject]:
    """The valid inputs the mutators break, in a fixed order (sections taking turns)."""
    from kformat.fuzz.subjects import batches_subject, request_subject, response_subject

    limit = {"decompression_limit": DECOMPRESSION_LIMIT}
    out: list[_Subject] = []
    for codec in codecs_for(2):
        for variant in ("plain", "transactional") if codec == Codec.NONE else ("plain",):
            data = build_batch(v2_batch(variant, codec, seed))
            out.append(_Subject(f"v2-{codec.name.lower()}-{variant}", "records",
                                "kafka.record-batch",
                                functools.partial(batches_subject, data, **limit), dict(limit)))
    for magic in (0, 1):
        for codec in codecs_for(magic):
            data = _legacy(magic, codec)
            out.append(_Subject(f"m{magic}-{codec.name.lower()}", "legacy",
                                "kafka.legacy-message-set",
                                functools.partial(batches_subject, data, **limit), dict(limit)))
    registry = load_registry()
    for name, entry, api, version, profile in _PROTOCOL:
        if entry == "request":
            framed = request_frame(registry.request(api), version, profile, seed)
            make = functools.partial(request_subject, framed, **limit)
            meta: dict[str, Any] = dict(limit)
        else:
            framed = response_frame(registry.response(api), version, profile, seed)
            key = registry.response(api).api_key
            assert key is not None  # responses have their API key
            make = functools.partial(response_subject, framed, key, version, **limit)
            meta = {"api_key": key, "api_name": api, "version": version, **limit}
        out.append(_Subject(name, entry, f"kafka.{entry}", make, meta))
    return _interleave(out)


def _interleave(items: list[_Subject]) -> list[_Subject]:
    """Round-robin over the sections, so that the per-label cap spreads over all of them."""
    groups: dict[str, list[_Subject]] = {}
    for item in items:
        groups.setdefault(item.section, []).append(item)
    out: list[_Subject] = []
    while any(groups.values()):
        for group in groups.values():
            if group:
                out.append(group.pop(0))
    return out


def invalid_fixtures(seed: int = 0, per_label: int = 8,
                     stats: InvalidStats | None = None) -> Iterator[Fixture]:
    """Up to ``per_label`` invalid fixtures per mutator label (in subject order)."""
    from kformat.fuzz.mutators import LABELS, MUTATORS

    stats = stats if stats is not None else InvalidStats()
    kept: dict[str, int] = {}
    for subject_def in subjects(seed):
        subject = subject_def.make()
        for label in sorted(MUTATORS):
            if kept.get(label, 0) >= per_label:
                continue
            mutation = MUTATORS[label](subject, stable_rng(seed, subject_def.name,
                                                           subject_def.section, label))
            if mutation is None:
                continue
            if mutation.expected_error is None:
                stats.valid += 1
                continue
            meta = {**subject_def.meta, "label": label, "mutation": LABELS[label],
                    "entry": subject.entry, "source": f"{subject_def.section}/"
                    f"{subject_def.name}", "target_path": mutation.target_path,
                    "edit_offset": mutation.offset, "detail": mutation.detail}
            raised = _raised(subject_def.format, mutation.data, meta)
            if raised is None or type(raised).__name__ != mutation.expected_error:
                stats.mismatched.append({**mutation.to_dict(), "source": meta["source"],
                                         "raised": None if raised is None
                                         else error_dict(raised)})
                continue
            kept[label] = kept.get(label, 0) + 1
            stats.kept += 1
            yield Fixture(id=f"invalid/{subject_def.section}/{subject_def.name}-{label}",
                          format=subject_def.format, section="invalid",
                          files={"data": mutation.data}, meta=meta, error=error_dict(raised),
                          peer=None, peer_reason=PEER_REASON)


def _raised(format_id: str, data: bytes, meta: dict[str, Any]) -> KFormatError | None:
    try:
        decode(format_id, {"data": data}, meta)
    except KFormatError as exc:
        return exc
    return None
