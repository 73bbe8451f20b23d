"""One fixture (its bytes and its expectation) and how it is written to disk.

A fixture ``<id>`` is written as ``<id>.bin`` (role ``data``) or ``<id>.<role>.bin`` (other
roles) plus ``<id>.json``, its expectation::

    {
      "id": "request/Metadata/v12-typical",
      "format": "kafka.request",
      "section": "request",
      "files": {"data": {"path": "request/Metadata/v12-typical.bin", "size": 61,
                         "sha256": "..."}},
      "api_key": 3, "api_name": "Metadata", "version": 12, "kind": "request", ...
      "value": {...}                 the decoded value (kformat.jsonable form), or
      "error": {"class": "CorruptRecordError", "path": "batches[0]...", "offset": 17,
                "reason": "..."},    the error reading the bytes must raise
      "peer": ["kio"] | null,        the peers that decode it to the same values
      "peer_reason": "..."           why no peer can (when "peer" is null)
    }

JSON is written with sorted keys, one-space indents, UTF-8 and a final newline; nothing
depends on the clock or the host, so the same inputs give the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from kformat.errors import KFormatError
from kformat.jsonable import to_jsonable

__all__ = ["EXPECTATION_VERSION", "Fixture", "dumps", "dumps_manifest", "error_dict",
           "file_name"]

EXPECTATION_VERSION: Final = 1
"""Bumped when the expectation-file schema changes incompatibly."""


def dumps(value: Any) -> str:
    """The canonical JSON text of the corpus (sorted keys, stable layout)."""
    return json.dumps(value, sort_keys=True, indent=1, ensure_ascii=False,
                      allow_nan=False) + "\n"


def dumps_manifest(manifest: dict[str, Any]) -> str:
    """The manifest's JSON text: like :func:`dumps`, but ``fixtures`` comes last with one
    entry per line (the index stays small and diffs stay readable)."""
    head = {k: v for k, v in manifest.items() if k != "fixtures"}
    text = dumps(head).rstrip()
    assert text.endswith("}")
    lines = [" " + json.dumps(e, sort_keys=True, ensure_ascii=False, allow_nan=False)
             for e in manifest.get("fixtures", [])]
    return text[:-1].rstrip() + ',\n "fixtures": [\n' + ",\n".join(lines) + "\n ]\n}\n"


def file_name(fixture_id: str, role: str) -> str:
    """``<id>.bin`` for the ``data`` role, ``<id>.<role>.bin`` for the others."""
    return f"{fixture_id}.bin" if role == "data" else f"{fixture_id}.{role}.bin"


def error_dict(exc: KFormatError) -> dict[str, Any]:
    """The expected-error entry of an invalid fixture."""
    return {"class": type(exc).__name__, "path": exc.path, "offset": exc.offset,
            "reason": exc.reason}


@dataclass
class Fixture:
    """A fixture before it is written: its files, its metadata and its expectation.

    ``value`` is the parsed Python value (converted with :func:`to_jsonable` on write);
    ``error`` the expected error (:func:`error_dict`) of an invalid fixture.
    """

    id: str
    format: str
    section: str
    files: dict[str, bytes | None]
    meta: dict[str, Any] = field(default_factory=dict)
    value: Any = None
    error: dict[str, Any] | None = None
    peer: list[str] | None = None
    peer_reason: str | None = None

    @property
    def valid(self) -> bool:
        return self.error is None

    def file_entries(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for role, data in sorted(self.files.items()):
            if data is None:
                out[role] = None
                continue
            out[role] = {"path": file_name(self.id, role), "size": len(data),
                         "sha256": hashlib.sha256(data).hexdigest()}
        return out

    def expectation(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "expectation_version": EXPECTATION_VERSION,
            "id": self.id,
            "format": self.format,
            "section": self.section,
            "files": self.file_entries(),
            "peer": self.peer,
            **to_jsonable(self.meta),
        }
        if self.peer is None:
            out["peer_reason"] = self.peer_reason or "no independent implementation reads it"
        if self.error is None:
            out["value"] = to_jsonable(self.value)
        else:
            out["error"] = self.error
        return out

    def render(self) -> tuple[dict[str, bytes], dict[str, Any]]:
        """``({relative path: bytes}, manifest entry)``: the files as they are written."""
        expectation = self.expectation()
        out = {file_name(self.id, role): data for role, data in self.files.items()
               if data is not None}
        out[f"{self.id}.json"] = dumps(expectation).encode("utf-8")
        entry = {k: expectation[k] for k in ("id", "format", "section", "peer")}
        entry["expectation"] = f"{self.id}.json"
        entry["files"] = {role: (None if f is None else f["path"])
                          for role, f in expectation["files"].items()}
        entry["valid"] = self.valid
        for key in ("api_key", "api_name", "version", "kind", "profile", "topic", "schema",
                    "key_schema", "record_type", "control_type", "codec", "magic", "variant",
                    "label"):
            if key in self.meta:
                entry[key] = self.meta[key]
        if self.error is not None:
            entry["error"] = self.error["class"]
        return out, entry

    def write(self, root: Path) -> dict[str, Any]:
        """Write the files and the expectation under ``root``; return the manifest entry."""
        files, entry = self.render()
        for name, data in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        return entry
