"""The options of the ``kafka-segments`` data source, parsed once on the driver.

No Spark here, so option handling is tested without a session. Option names are
case-insensitive (Spark lower-cases them).

=====================  =========================================================  ==========
option                 meaning                                                    default
=====================  =========================================================  ==========
``path`` / ``paths``   a file, directory or glob; ``paths`` a JSON list of them   (required)
``splitSize``          bytes per Spark partition; bigger segments are cut at      128m
                       batch boundaries (``0``: one partition per file).
                       Suffixes k, m, g.
``verifyCrc``          check batch CRCs (``crcValid`` is null when false)         true
``skipControl``        leave out the records of control batches                   false
``decode``             ``consumer_offsets``, ``transaction_state``,               (none)
                       ``cluster_metadata``, ``share_group_state`` or
                       ``remote_log_metadata``: typed columns
``onCorrupt``          ``fail``: a batch that does not decode fails the task;     fail
                       ``skip``: it is left out (and bytes that do not frame a
                       batch end that file)
``batchRows``          rows per Arrow record batch                                10000
``decompressionLimit`` cap on one batch's decompressed records (bytes)            64m
``maxBatchSize``       largest batch accepted (bytes)                             256m
``fs``, ``fs.*``       a pyarrow filesystem and its arguments (s3, gcs, hdfs,     (from the
                       azure, local), e.g. ``fs.region``                          path)
=====================  =========================================================  ==========
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["DEFAULT_SPLIT_SIZE", "Settings", "parse_bool", "parse_size"]

DEFAULT_SPLIT_SIZE = 128 << 20
_SIZE = re.compile(r"\s*([0-9]+)\s*([kmgt]?)b?\s*", re.IGNORECASE)
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def parse_size(text: str | int, name: str) -> int:
    """``"64m"`` -> 67108864; plain integers are bytes."""
    if isinstance(text, int):
        return text
    m = _SIZE.fullmatch(str(text))
    if m is None:
        raise ValueError(f"option {name}: expected a size like 1048576, 512k or 64m, "
                         f"not {text!r}")
    return int(m.group(1)) * _UNITS[m.group(2).lower()]


def parse_bool(text: str | bool, name: str) -> bool:
    if isinstance(text, bool):
        return text
    lowered = str(text).strip().lower()
    if lowered in ("true", "1", "yes"):
        return True
    if lowered in ("false", "0", "no"):
        return False
    raise ValueError(f"option {name}: expected true or false, not {text!r}")


@dataclass(frozen=True)
class Settings:
    """Everything the reader needs, picklable."""

    paths: tuple[str, ...]
    split_size: int = DEFAULT_SPLIT_SIZE
    read: dict[str, Any] = field(default_factory=dict)
    """Keyword arguments of :class:`kformat.spark.columns.ReadOptions`."""
    fs_options: tuple[tuple[str, str], ...] = ()

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> Settings:
        opts = {k.lower(): v for k, v in options.items()}
        paths: list[str] = []
        if opts.get("paths"):
            loaded = json.loads(opts["paths"])
            paths += [loaded] if isinstance(loaded, str) else list(loaded)
        if opts.get("path"):
            paths.append(opts["path"])
        if not paths:
            raise ValueError("kafka-segments needs a path: .load('/data/topic-*/*.log')")
        decode = opts.get("decode") or None
        if decode is not None:
            from kformat.spark.schema import decode_topic

            decode_topic(decode)  # raises ValueError for an unknown mode
        on_corrupt = opts.get("oncorrupt", "fail").lower()
        if on_corrupt not in ("fail", "skip"):
            raise ValueError(f"option onCorrupt: expected fail or skip, not {on_corrupt!r}")
        read: dict[str, Any] = {
            "verify_crc": parse_bool(opts.get("verifycrc", "true"), "verifyCrc"),
            "skip_control": parse_bool(opts.get("skipcontrol", "false"), "skipControl"),
            "decode": decode,
            "on_corrupt": on_corrupt,
        }
        for key, name, target in (("batchrows", "batchRows", "batch_rows"),
                                  ("decompressionlimit", "decompressionLimit",
                                   "decompression_limit"),
                                  ("maxbatchsize", "maxBatchSize", "max_batch_size")):
            if key in opts:
                read[target] = parse_size(opts[key], name)
        if read.get("batch_rows", 1) < 1:
            raise ValueError("option batchRows must be positive")
        split = parse_size(opts.get("splitsize", DEFAULT_SPLIT_SIZE), "splitSize")
        fs = tuple(sorted((k, v) for k, v in opts.items() if k == "fs" or k.startswith("fs.")))
        return cls(tuple(paths), split, read, fs)

    @property
    def decode(self) -> str | None:
        return self.read.get("decode")
