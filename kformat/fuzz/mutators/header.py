"""Mutators of the request header: unknown api keys and versions."""

from __future__ import annotations

import random
import struct

from kformat.fuzz.mutators.base import (
    Mutation,
    _pick,
    mutator,
)
from kformat.fuzz.subjects import (
    Subject,
    splice,
)
from kformat.protocol.api import peek_request_header


def _unknown_api_keys() -> list[int]:
    from kformat.spec.registry import load_registry

    keys = set(load_registry().api_keys())
    return [k for k in (-1, -(1 << 15), (1 << 15) - 1, max(keys) + 1, 1000) if k not in keys]


@mutator("api_key_unknown", "a request header naming an api key with no grammar")
def api_key_unknown(subject: Subject, rng: random.Random) -> Mutation | None:
    if subject.entry != "request":
        return None
    key = _pick(rng, _unknown_api_keys())
    data = splice(subject, 4, 6, struct.pack(">h", key))
    return Mutation("api_key_unknown", "header.request_api_key", 4, "UnsupportedVersionError",
                    data, f"key {key}")


@mutator("api_version_unknown", "a request header naming a version its api does not have")
def api_version_unknown(subject: Subject, rng: random.Random) -> Mutation | None:
    if subject.entry != "request":
        return None
    from kformat.spec.registry import load_registry

    key = peek_request_header(subject.data, 4, client_id=False).api_key
    valid = load_registry().request(key).valid
    version = _pick(rng, [v for v in (-1, (valid.highest or 0) + 1, (1 << 15) - 1)
                          if v not in valid])
    data = splice(subject, 6, 8, struct.pack(">h", version))
    return Mutation("api_version_unknown", "header.request_api_version", 6,
                    "UnsupportedVersionError", data, f"version {version}")


