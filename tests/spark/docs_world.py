"""The places docs/spark.md's examples read and write, made real for the tests that run them.

The examples use a broker's paths (``/data/kafka-logs/orders-*``, ``/backup/...``,
``/data/out``), a relative ``logs/`` folder and an S3 endpoint (``http://minio:9000``,
``s3://kafka-archive/...``). :func:`build` writes a folder holding all of them (``orders-0`` to
``orders-3``, ``orders-3`` with a second segment at offset 1,000,000 written on 2024-05-02 so
the filter example finds rows) and :func:`pointed` rewrites only those places in an
example's code; everything else runs as written.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from kformat.records.api import build_batch, make_batch
from kformat.segments.partition import write_partition_dir

TOPIC = "orders"
PARTITIONS = 4
MAY_2024 = 1_714_608_000_000  # 2024-05-02 00:00:00 UTC, in ms
CODECS = ("none", "gzip", "snappy", "lz4", "zstd")


def _segment(base_offset: int, base_timestamp: int, batches: int, per_batch: int,
             partition: int) -> list[bytes]:
    out = []
    for b in range(batches):
        offset = base_offset + b * per_batch
        records = [{"key": f"k{offset + i}".encode(), "value": f"order {offset + i}".encode() * 3,
                    "timestamp": base_timestamp + (offset - base_offset + i) * 1000,
                    "headers": [("source", f"p{partition}".encode())]}
                   for i in range(per_batch)]
        out.append(build_batch(make_batch(records, base_offset=offset,
                                          codec=CODECS[(b + partition) % len(CODECS)])))
    return out


def build(root: Path, consumer_offsets: Path) -> Path:
    """``root/kafka-logs/orders-{0..3}``, ``root/backup`` (a copy of them plus
    ``__consumer_offsets-0``), ``root/logs`` (a link to ``kafka-logs``), ``root/out``."""
    logs = root / "kafka-logs"
    for p in range(PARTITIONS):
        segments = [_segment(0, 1_700_000_000_000, 6, 25, p)]
        if p == 3:
            segments.append(_segment(1_000_000, MAY_2024, 4, 25, p))
        write_partition_dir(logs, TOPIC, p, segments)
    backup = root / "backup"
    shutil.copytree(logs, backup)
    shutil.copytree(consumer_offsets, backup / consumer_offsets.name)
    (root / "logs").symlink_to("kafka-logs")
    (root / "out").mkdir()
    return root


def log_files(root: Path) -> list[Path]:
    return sorted((root / "kafka-logs").glob("*/*"))


def pointed(code: str, root: Path, endpoint: str | None = None) -> str:
    """``code`` with the docs' places replaced by those under ``root`` (and the S3 endpoint
    by ``endpoint``, ``http://host:port``, credentials ``testing``)."""
    code = code.replace('"/data/kafka-logs', f'"{root}/kafka-logs')
    code = code.replace('"/backup/', f'"{root}/backup/')
    code = code.replace('"/data/out"', f'"{root}/out"')
    if endpoint is not None:
        code = code.replace('"http://minio:9000"', f'"{endpoint}"')
        code = code.replace('"minio:9000"', f'"{endpoint.removeprefix("http://")}"')
        code = re.sub(r'(\.option\("storage\.(?:key|secret)", )"\.\.\."\)', r'\1"testing")', code)
    return code
