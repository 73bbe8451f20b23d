"""Mutate one live protocol frame: decode it, apply one labelled mutator, give the new bytes.

:func:`mutate_frame` is what a mutating proxy calls for each frame it picks: the frame is
decoded with kformat (a request by its own header, a response with the api key and version
of its request), traced field by field (:mod:`kformat.fuzz.subjects`), and one of the
structure-aware mutators of :mod:`kformat.fuzz.mutators` edits it; :func:`~kformat.fuzz.subjects.splice`
then re-encodes what encloses the edit (lengths, counts, CRCs, the frame size). The result
is a :class:`FrameMutation` carrying the label, the seed and both byte strings, as they go
on the wire (size prefix included: a mutation may lie about the frame size itself).

Everything is a pure function of ``(frame, seed, options)``: the same inputs give the same
bytes on every run and machine, which is what makes a logged campaign replayable.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kformat.fuzz.mutators import MUTATORS
from kformat.fuzz.subjects import Subject, request_subject, response_subject
from kformat.protocol.api import (
    parse_request,
    parse_response,
    peek_request_header,
    peek_response_header,
)
from kformat.protocol.framing import frame as size_prefixed
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT

__all__ = ["DIRECTIONS", "FrameMutation", "frame_seed", "frame_subject", "mutate_frame"]

DIRECTIONS = ("request", "response")


@dataclass(frozen=True)
class FrameMutation:
    """One mutated frame. ``original`` and ``mutated`` are wire bytes (size prefix included);
    ``expected_error`` is what kformat itself raises on ``mutated`` (``None``: it parses)."""

    direction: str
    api_key: int
    api_version: int
    correlation_id: int
    seed: int
    label: str
    target_path: str
    offset: int
    expected_error: str | None
    detail: str
    original: bytes
    mutated: bytes

    def to_dict(self) -> dict[str, Any]:
        return {"direction": self.direction, "api_key": self.api_key,
                "api_version": self.api_version, "correlation_id": self.correlation_id,
                "seed": self.seed, "label": self.label, "target_path": self.target_path,
                "offset": self.offset, "expected_error": self.expected_error,
                "detail": self.detail, "original": self.original.hex(),
                "mutated": self.mutated.hex()}


def frame_seed(run_seed: int, ordinal: int) -> int:
    """The seed of the ``ordinal``-th frame of a run seeded ``run_seed`` (32 bits, stable
    across processes and Python versions, unlike ``hash``)."""
    digest = hashlib.blake2b(f"{run_seed}:{ordinal}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")


def frame_subject(frame: bytes, direction: str, api_key: int | None = None,
                  api_version: int | None = None,
                  decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT) -> Subject:
    """The traced subject of a frame (``frame`` without its size prefix).

    A response needs the api key and version of its request. Raises a
    :class:`~kformat.errors.KFormatError` when kformat cannot decode the frame.
    """
    framed = size_prefixed(frame)
    if direction == "request":
        parse_request(frame, strict=False)  # the located error of a frame kformat cannot decode
        return request_subject(framed, decompression_limit=decompression_limit)
    if direction != "response":
        raise ValueError(f"direction must be one of {DIRECTIONS}, got {direction!r}")
    if api_key is None or api_version is None:
        raise ValueError("a response is decoded with its request's api_key and api_version")
    parsed = parse_response(frame, api_key, api_version, strict=False)
    # an ApiVersions answer read in the v0 layout (KIP-511) is mutated as what it is
    as_version = parsed.api_version if parsed.parsed_as_version is None \
        else parsed.parsed_as_version
    return response_subject(framed, api_key, as_version,
                            decompression_limit=decompression_limit)


def _header_ids(subject: Subject, api_version: int | None) -> tuple[int, int, int]:
    if subject.entry == "request":
        key, version, cid, _ = peek_request_header(subject.data, 4, client_id=False)
        return key, version, cid
    assert api_version is not None
    return subject.params["api_key"], api_version, peek_response_header(subject.data, 4)


def _error_name(subject: Subject, data: bytes) -> str | None:
    error = subject.parse(data)
    return None if error is None else type(error).__name__


def mutate_frame(frame: bytes, seed: int, *, direction: str, api_key: int | None = None,
                 api_version: int | None = None, labels: Iterable[str] | None = None,
                 true_size: bool = False,
                 decompression_limit: int = DEFAULT_DECOMPRESSION_LIMIT) -> FrameMutation | None:
    """One labelled mutation of ``frame`` (without its size prefix), drawn with ``seed``.

    The labels (default: every mutator) are tried in an order shuffled by ``seed`` until one
    applies; None when none does. A frame kformat cannot decode raises its
    :class:`~kformat.errors.KFormatError`; an unknown label raises ``ValueError``.

    ``true_size``: the carrier writes its own size prefix (a proxy framing what a hook
    returns), so the result's prefix is the payload's true length and a mutation that only
    lied about the frame size is passed over for the next label.
    """
    pool = sorted(MUTATORS if labels is None else set(labels))
    unknown = [label for label in pool if label not in MUTATORS]
    if unknown:
        raise ValueError(f"unknown mutator labels {unknown}")
    frame = bytes(frame)
    subject = frame_subject(frame, direction, api_key, api_version, decompression_limit)
    key, version, cid = _header_ids(subject, api_version)
    rng = random.Random(seed)
    rng.shuffle(pool)
    for label in pool:
        mutation = MUTATORS[label](subject, rng)
        if mutation is None or (mutation.data[4:] == subject.data[4:] and (
                true_size or mutation.data == subject.data)):
            continue
        data = size_prefixed(mutation.data[4:]) if true_size else mutation.data
        expected = mutation.expected_error
        if data != mutation.data:  # the size lie is gone: what kformat says may differ
            expected = _error_name(subject, data)
        return FrameMutation(direction, key, version, cid, seed, label, mutation.target_path,
                             mutation.offset, expected, mutation.detail, subject.data, data)
    return None
