"""A smoke test for an installed kformat (run by the interpreter of the venv under test).

    python smoke.py FIXTURES_DIR [--engine native]

Checks, against the installed distribution and not a source checkout: every codec round
trips, committed fixtures parse, the grammars and the licence files shipped, the ``kformat``
command runs; with ``--engine native``, that the C extension was compiled for this
interpreter and is the active engine. Prints one ``ok: ...`` line per check and exits 1 on
the first failure.
"""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path


def main(fixtures: Path, engine: str | None = None) -> int:
    import kformat
    import kformat.engine

    assert "site-packages" in kformat.__file__, f"kformat imported from {kformat.__file__}"
    versions = {n: importlib.metadata.version(n)
                for n in ("construct", "lz4", "zstandard", "python-snappy", "cramjam", "crc32c")}
    print("ok: kformat", kformat.__version__, "with", json.dumps(versions))
    if engine is not None:
        active = kformat.engine.active()
        assert active == engine, f"{kformat.engine.describe()}; expected {engine!r}"
        print(f"ok: Python {sys.version.split()[0]}, {kformat.engine.describe()}")

    records = [kformat.Record(key=b"k%d" % i, value=b"v" * i, timestamp=1_700_000_000_000 + i)
               for i in range(50)]
    for codec in kformat.Codec:
        data = kformat.build_batch(kformat.make_batch(records, codec=codec, base_offset=7))
        (batch,) = kformat.parse_batches(data)
        assert batch.crc_valid and [r.value for r in batch.records] == [r.value for r in records]
        assert batch.codec == codec
    for magic in (0, 1):  # runs of legacy entries, read in one native call
        for codec in (c for c in kformat.Codec if c.value < 4):
            data = b"".join(kformat.build_batch(kformat.make_batch(
                records, codec=codec, magic=magic, base_offset=50 * n)) for n in range(3))
            batches = kformat.parse_batches(data)
            assert [r.value for b in batches for r in b.records] == \
                [r.value for r in records] * 3, (magic, codec)
            assert batches[-1].position + batches[-1].size == len(data), (magic, codec)
    print("ok: every codec round trips")

    manifest = json.loads((fixtures / "manifest.json").read_text(encoding="utf-8"))
    parsed = 0
    for entry in manifest["fixtures"]:
        if entry["format"] == "kafka.record-batch" and entry.get("valid", True):
            for name in entry["files"].values():
                kformat.parse_batches((fixtures / name).read_bytes(), strict=True)
                parsed += 1
    assert parsed > 0
    print(f"ok: {parsed} committed record-batch fixtures parse")

    frame = kformat.build_request("Metadata", 12, {"topics": None}, correlation_id=7,
                                  client_id="smoke")
    assert kformat.parse_request(frame).api_name == "Metadata"
    print("ok: grammars load from the wheel (Metadata v12 request)")

    dist = importlib.metadata.distribution("kformat")
    names = {Path(str(f)).name for f in dist.files or ()}
    assert {"LICENSE", "NOTICE"} <= names, sorted(n for n in names if n.isupper())
    assert dist.metadata["License-Expression"] == "Apache-2.0"
    print("ok: LICENSE and NOTICE in the wheel, License-Expression Apache-2.0")

    exe = Path(sys.executable).with_name("kformat")
    out = subprocess.run([str(exe), "--version"], capture_output=True, text=True, check=True)
    assert kformat.__version__ in out.stdout, out.stdout
    print("ok: kformat --version:", out.stdout.strip())
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    wanted = args[args.index("--engine") + 1] if "--engine" in args else None
    raise SystemExit(main(Path(args[0]), wanted))
