"""A three-node cluster shared by a test module; every test bounded in time."""

from __future__ import annotations

import pytest

from kformat.testing import Broker

CODECS = ["none", "gzip", "snappy", "lz4", "zstd"]


@pytest.fixture(scope="module")
def cluster():
    with Broker(3, max_lifetime=300) as running:
        yield running
    assert not running.running
    internal = {k: v for k, v in running.server.closed_for.items() if k == "internal error"}
    assert internal == {}, "a handler raised"
