"""Building blocks for the file framing around message specs reused from the protocol layer.

The entries of ``.txnindex`` (``AbortedTxn``) and of producer snapshots (``ProducerSnapshot``)
are declared once, by the protocol layer's grammars generated from Kafka's JSON specs. The
files add a framing of their own, which these blocks declare:

* :class:`KVersion`: the INT16 version written before a version-prefixed message
  (``MessageUtil.toVersionPrefixedBytes``). It must be one of the versions the file format
  has; anything else is an :class:`~kformat.errors.UnsupportedVersionError` at its offset.
* :class:`Flatten`: merges a struct's fields into the enclosing struct (the version and the
  message body become one dict).
* :class:`Crc32cPatched`: a struct whose first field is a ``UINT32`` CRC-32C of every byte
  after it, up to the end of the input: ``ProducerStateManager`` builds the snapshot with a
  zero CRC and patches it in afterwards. Parsing checks the CRC before decoding the rest (a
  mismatch is a :class:`~kformat.errors.CorruptRecordError`, ``expected`` the stored CRC,
  ``actual`` the computed one); building patches the computed CRC in.

Each implements construct's interpreted path (``_parse``/``_build``) and the compiled one
(``_emitparse``/``_emitbuild``) through the shared functions below.
"""

from __future__ import annotations

from io import BytesIO
from typing import IO, Any

from construct import Construct

from kformat.errors import (
    CorruptRecordError,
    EncodeError,
    TruncatedError,
    UnsupportedVersionError,
)
from kformat.primitives import _runtime as rt
from kformat.primitives.base import KConstruct, min_size_of
from kformat.records.checksum import crc32c

__all__ = ["Crc32cPatched", "Flatten", "KVersion"]

_IMPORT = "import kformat.segments._blocks as _sb"


# --------------------------------------------------------------------------- runtime


def p_version(io: IO[bytes], allowed: tuple[int, ...], path: str = "") -> int:
    start = io.tell()
    version = rt.p_fixed(io, rt.INT16, path)
    if version not in allowed:
        raise UnsupportedVersionError("unsupported version", path=path, offset=start,
                                      expected=allowed[0] if len(allowed) == 1 else allowed,
                                      actual=version)
    return version


def b_version(obj: Any, io: IO[bytes], allowed: tuple[int, ...], path: str = "") -> Any:
    if obj not in allowed:
        raise EncodeError("unsupported version", path=path, expected=allowed, actual=obj)
    return rt.b_fixed(obj, io, rt.INT16, path)


def open_crc32c(io: IO[bytes], verify: bool, path: str = "") -> IO[bytes]:
    """The rest of ``io`` as a region whose first 4 bytes are the CRC-32C of the others."""
    start = io.tell()
    crc_path = f"{path} -> crc" if path else "crc"
    region = rt.substream(io, rt.remaining(io), path)
    data = region.getvalue()
    if len(data) < 4:
        raise TruncatedError(f"needed 4 bytes, {len(data)} available", path=crc_path,
                                offset=start, expected=4, actual=len(data))
    if verify:
        stored = rt.UINT32.unpack_from(data)[0]
        computed = crc32c(data[4:])
        if computed != stored:
            raise CorruptRecordError("CRC-32C mismatch", path=crc_path, offset=start,
                                     expected=stored, actual=computed)
    return region


def close_crc32c(region: BytesIO, io: IO[bytes], path: str = "") -> None:
    """Patch the CRC-32C of ``region[4:]`` into its first 4 bytes and write it to ``io``."""
    data = region.getvalue()
    if len(data) < 4:
        raise EncodeError("the CRC-covered struct must start with a UINT32 crc", path=path)
    io.write(rt.UINT32.pack(crc32c(data[4:])))
    io.write(data[4:])


# --------------------------------------------------------------------------- blocks


class KVersion(KConstruct):
    """An INT16 version field restricted to ``allowed`` values."""

    min_size = 2

    def __init__(self, *allowed: int) -> None:
        super().__init__()
        self.allowed = tuple(allowed)

    def _parse(self, stream: Any, context: Any, path: str) -> int:
        return p_version(stream, self.allowed, path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        return b_version(obj, stream, self.allowed, path)

    def _sizeof(self, context: Any, path: str) -> int:
        return 2

    def _emitparse(self, code: Any) -> str:
        code.append(_IMPORT)
        return f"_sb.p_version(io, {self.allowed!r})"

    def _emitbuild(self, code: Any) -> str:
        code.append(_IMPORT)
        return f"_sb.b_version(obj, io, {self.allowed!r})"

    def __repr__(self) -> str:
        return f"KVersion{self.allowed!r}"


class Flatten(KConstruct):
    """A struct whose fields merge into the enclosing :class:`~kformat.primitives.KStruct`."""

    flatten = True

    def __init__(self, subcon: Construct) -> None:
        super().__init__()
        self.subcon = subcon
        self.min_size = min_size_of(subcon)
        self.flagbuildnone = True

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        return self.subcon._parsereport(stream, context, path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        return self.subcon._build(obj, stream, context, path)

    def _emitparse(self, code: Any) -> str:
        return self.subcon._compileparse(code)

    def _emitbuild(self, code: Any) -> str:
        return self.subcon._compilebuild(code)

    def __repr__(self) -> str:
        return f"Flatten({self.subcon!r})"


class Crc32cPatched(KConstruct):
    """``subcon`` (a struct starting with ``crc: UINT32``) filling the rest of the input, with
    that CRC-32C covering every byte after it. Flattens into the enclosing struct.

    ``verify=False`` skips the comparison (to dump a damaged file).
    """

    flatten = True
    min_size = 4

    def __init__(self, subcon: Construct, *, verify: bool = True) -> None:
        super().__init__()
        self.subcon = subcon
        self.verify = verify
        self.flagbuildnone = True

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        region = open_crc32c(stream, self.verify, path)
        value = self.subcon._parsereport(region, context, path)
        rt.expect_consumed(region, "CRC-covered region", path)
        return value

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        region = BytesIO()
        self.subcon._build(obj, region, context, path)
        close_crc32c(region, stream, path)
        return obj

    def _emitparse(self, code: Any) -> str:
        self._runtime(code)
        code.append(_IMPORT)
        fname = f"parse_crc32c_patched_{code.allocateId()}"
        code.append(f"""
def {fname}(outer, this):
    io = _sb.open_crc32c(outer, {self.verify})
    value = {self.subcon._compileparse(code)}
    expect_consumed(io, 'CRC-covered region')
    return value
""")
        return f"{fname}(io, this)"

    def _emitbuild(self, code: Any) -> str:
        self._runtime(code)
        code.append(_IMPORT)
        fname = f"build_crc32c_patched_{code.allocateId()}"
        code.append(f"""
def {fname}(obj, outer, this):
    io = BytesIO()
    {self.subcon._compilebuild(code)}
    _sb.close_crc32c(io, outer)
    return obj
""")
        return f"{fname}(obj, io, this)"

    def __repr__(self) -> str:
        return f"Crc32cPatched({self.subcon!r}, verify={self.verify})"
