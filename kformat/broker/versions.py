"""Which request versions a broker of a given Apache Kafka release accepts.

``kafka_versions.json`` beside this module holds, for each release, the ``validVersions`` of
every request in that release's JSON message specs (Kafka's protocol guide lists the same
ranges), versions marked ``latestVersionUnstable`` left out. A broker advertises, for each
API it implements, that release's range cut to the versions kformat's grammars read.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Final

from kformat.errors import UnsupportedVersionError
from kformat.spec.registry import load_registry

__all__ = ["DEFAULT_KAFKA_VERSION", "KAFKA_VERSIONS", "release_versions", "supported_range"]

_TABLE: Final = Path(__file__).with_name("kafka_versions.json")


@functools.cache
def _releases() -> dict[str, dict[int, tuple[int, int]]]:
    data = json.loads(_TABLE.read_text(encoding="utf-8"))["releases"]
    return {release: {int(key): (lo, hi) for key, (lo, hi) in apis.items()}
            for release, apis in data.items()}


KAFKA_VERSIONS: Final = tuple(sorted(_releases(), key=lambda r: tuple(map(int, r.split(".")))))
"""The releases a broker can behave as (``--kafka-version``), oldest first."""
DEFAULT_KAFKA_VERSION: Final = KAFKA_VERSIONS[-1]


def release_versions(kafka_version: str) -> dict[int, tuple[int, int]]:
    """API key -> (min, max) request version of ``kafka_version`` (``"3.9"``, ``"4.1"``)."""
    table = _releases().get(kafka_version)
    if table is None:
        raise UnsupportedVersionError(f"no Kafka release {kafka_version!r} (known: "
                                      f"{', '.join(KAFKA_VERSIONS)})", path="kafka_version",
                                      expected=KAFKA_VERSIONS, actual=kafka_version)
    return table


def supported_range(kafka_version: str, api_key: int) -> tuple[int, int] | None:
    """The versions of ``api_key`` both the release and kformat's grammars know, or None."""
    found = release_versions(kafka_version).get(api_key)
    if found is None:
        return None
    valid = [v for v in range(found[0], found[1] + 1) if v in load_registry().request(api_key).valid]
    return (valid[0], valid[-1]) if valid else None
