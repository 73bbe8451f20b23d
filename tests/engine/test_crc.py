"""The extension's CRC-32C (``_native.crc32c``, kformat/engine/crc.c): equal to the crc32c
package on every path the CPU has, at every length around the folds' steps, and what the
magic 2 batch plan's CRC node runs. (CRC-32, the same code with zlib's polynomial:
tests/engine/test_legacy_native.py.)"""

from __future__ import annotations

import random
from typing import Any

import crc32c
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kformat import engine
from kformat.engine.plan import Op
from kformat.records.batch import RecordBatchV2
from kformat.records.checksum import crc32c as records_crc32c

pytestmark = pytest.mark.skipif("native" not in engine.available(),
                                reason="the native engine is not built here")


def native() -> Any:
    module = engine.extension()
    if module is None:
        with engine.using("native"):
            module = engine.extension()
    assert module is not None
    return module


# lengths around every step: 64 (the folds start), 16-byte lanes, 256 (four 512-bit
# registers), their multiples, and long inputs
LENGTHS = [*range(0, 600), 1023, 1024, 1025, 4096, 4111, (1 << 16) + 13, (1 << 20) + 7]


@pytest.mark.parametrize("level", [0, 1, 2])
def test_every_crc32c_path_is_the_crc32c_packages(level: int) -> None:
    """The tables (0), PCLMULQDQ (1) and VPCLMULQDQ (2), each where the CPU has it (the best
    below it otherwise), at every alignment."""
    rng = random.Random(level)
    for n in LENGTHS:
        data = rng.randbytes(n + 3)
        for skip in (0, 3):
            crc, ran = native()._crc32_at(memoryview(data)[skip:skip + n], level, True)
            assert crc == crc32c.crc32c(data[skip:skip + n]), (n, skip, ran)
            assert ran <= level


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000), st.integers(0, 7))
def test_native_crc32c_is_the_records_layers(data: bytes, skip: int) -> None:
    assert native().crc32c(data) == records_crc32c(data)
    assert native().crc32c(memoryview(data)[skip:]) == records_crc32c(data[skip:])
    assert native().crc32c(bytearray(data)) == records_crc32c(data)


def test_the_batch_plan_checks_with_the_native_crc32c() -> None:
    """plan.py picks the extension's own function for the batch's ``crc32c`` CrcGuard (no
    Python call per batch)."""
    with engine.using("native"):
        from kformat.primitives import CompiledGrammar

        plan = CompiledGrammar(RecordBatchV2).plan
        crc = next(node for node in _nodes(plan) if node and node[0] == Op.CRC.value)
        assert crc[2] is native().crc32c


def test_bad_arguments() -> None:
    with pytest.raises(TypeError):
        native().crc32c("text")
    with pytest.raises(TypeError):
        native()._crc32_at(b"x", "level")


def _nodes(obj: Any) -> Any:
    if isinstance(obj, tuple):
        yield obj
        for item in obj:
            yield from _nodes(item)
