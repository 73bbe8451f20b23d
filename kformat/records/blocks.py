"""Building blocks of the record layer: a checked constant, a CRC guard, a compression tunnel.

Like the primitives, each block parses and builds under construct's interpreter and emits
code for ``construct.compile()``; both paths go through the runtime functions of this module
(compiled code imports it as ``_kb``).

* :class:`Expected` reads a field that must hold one value (a batch's ``magic``) and writes
  that value on build.
* :class:`CrcGuard` is ``crc:UINT32`` followed by a structure the CRC covers, running to the
  end of the enclosing region (Kafka documentation, "Record Batch": a magic 2 batch's CRC-32C covers ``attributes`` to
  the end of the batch; a magic 0/1 message's CRC-32 covers ``magic`` to the end of the value;
  a producer-state snapshot's CRC-32C covers the entries to the end of the file).
  Parse checks the CRC before reading the structure (a mismatch raises
  :class:`~kformat.errors.CorruptRecordError`); build computes it.
* :class:`Compressed` is a tunnel around a structure that runs to the end of the enclosing
  region, compressed with the codec an expression selects (``this.attributes & 7``).
  Decompression is capped; errors raised inside keep the outer field path and report the
  offset of the compressed region, the offset inside the decompressed bytes going to the
  reason. On build, a stored payload (``_raw_records`` in the context) is written back as is
  when it still decompresses to exactly the records being built, so an unmodified batch
  rebuilds byte for byte whatever compressor wrote it.

Parameters read from the parse/build context (``grammar.parse(data, verify_crc=False)``):

* ``verify_crc`` (default ``True``): check CRCs; ``False`` is for forensic reads;
* ``decompression_limit`` (default :data:`~kformat.records.codecs.DEFAULT_DECOMPRESSION_LIMIT`);
* ``compression_level`` (default ``None``, the Java client's default level; KIP-390).
"""

from __future__ import annotations

from io import BytesIO
from typing import Any

from construct import Construct

from kformat.errors import (
    CorruptRecordError,
    EncodeError,
    KFormatError,
    UnsupportedVersionError,
)
from kformat.primitives import runtime as rt
from kformat.primitives.base import KConstruct, evaluate, min_size_of
from kformat.primitives.emitting import emit_function, emit_value
from kformat.records.checksum import crc32, crc32c
from kformat.records.codecs import DEFAULT_DECOMPRESSION_LIMIT, Codec, compress, decompress

__all__ = [
    "RAW_RECORDS",
    "Compressed",
    "CrcGuard",
    "Expected",
    "get_param",
    "sub_path",
]

IMPORT = "import kformat.records.blocks as _kb"

RAW_RECORDS = "_raw_records"
"""Context key of a stored compressed payload offered to :class:`Compressed` on build."""

_CRC = {"crc32c": (crc32c, "CRC-32C"), "crc32": (crc32, "CRC-32")}


def sub_path(path: str, name: str) -> str:
    """The path of field ``name`` inside ``path``, in construct's ``a -> b`` form."""
    return f"{path} -> {name}" if path else name


def get_param(this: Any, name: str, default: Any) -> Any:
    """A parse/build parameter from the context, under the interpreter or compiled code.

    Interpreted contexts carry ``_params``; compiled structs chain plain dicts through
    ``_`` up to construct's root context, which carries ``_params``.
    """
    node = this
    while node is not None:
        params = node.get("_params")
        if params is not None:
            value = params.get(name)
            return default if value is None else value
        node = node.get("_")
    return default


# --------------------------------------------------------------------------- Expected


def check_expected(value: Any, expected: Any, error: type[KFormatError], what: str,
                   offset: int, path: str = "") -> Any:
    if value != expected:
        raise error(f"{what} {value} is not supported here", path=path, offset=offset,
                    expected=expected, actual=value)
    return value


def expected_value(obj: Any, expected: Any, what: str, path: str = "") -> Any:
    if obj is None:
        return expected
    if obj != expected:
        raise EncodeError(f"{what} must be {expected}", path=path, expected=expected, actual=obj)
    return obj


class Expected(KConstruct):
    """A field that must hold ``value``; other values raise ``error`` (with expected/actual).

    Build writes ``value`` when the field is absent.
    """

    def __init__(self, subcon: Construct, value: Any, *,
                 error: type[KFormatError] = UnsupportedVersionError, what: str = "magic") -> None:
        super().__init__()
        self.subcon = subcon
        self.value = value
        self.error = error
        self.what = what
        self.min_size = min_size_of(subcon)
        self.flagbuildnone = True

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        start = stream.tell()
        value = self.subcon._parsereport(stream, context, path)
        return check_expected(value, self.value, self.error, self.what, start, path)

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        obj = expected_value(obj, self.value, self.what, path)
        return self.subcon._build(obj, stream, context, path)

    def _emitparse(self, code: Any) -> str:
        code.append(IMPORT)
        error = emit_value(code, "experror", self.error)
        return emit_function(code, "parse", "expected", [
            "start = io.tell()",
            f"return _kb.check_expected({self.subcon._compileparse(code)}, {self.value!r}, "
            f"{error}, {self.what!r}, start)"])

    def _emitbuild(self, code: Any) -> str:
        code.append(IMPORT)
        return emit_function(code, "build", "expected", [
            f"obj = _kb.expected_value(obj, {self.value!r}, {self.what!r})",
            f"return {self.subcon._compilebuild(code)}"])

    def __repr__(self) -> str:
        return f"Expected({self.subcon!r}, {self.value!r})"


# --------------------------------------------------------------------------- CrcGuard


def read_crc(io: Any, this: Any, algorithm: str, origin: int, what: str,
             path: str = "", *, verify: bool = True) -> int:
    """Read the stored CRC and, unless ``verify`` or ``verify_crc`` is off, check it over the
    rest of ``io``.

    Leaves ``io`` just after the CRC field. A mismatch raises :class:`CorruptRecordError`
    at the offset of the CRC field itself (``origin``, the CRC field's distance from the start
    of the guarded structure, only documents the layout).
    """
    at = io.tell()
    stored: int = rt.UINT32.unpack(rt.read_exact(io, 4, path))[0]
    if verify and get_param(this, "verify_crc", True):
        start = io.tell()
        function, name = _CRC[algorithm]
        computed = function(io.read())
        if computed != stored:
            raise CorruptRecordError(
                f"{name} mismatch in the {what}: stored {stored:#010x}, computed {computed:#010x}",
                path=path, offset=at, expected=stored, actual=computed)
        io.seek(start)
    return stored


def write_crc(data: bytes, io: Any, algorithm: str) -> None:
    """Write the CRC of ``data`` then ``data``."""
    io.write(rt.UINT32.pack(_CRC[algorithm][0](data)))
    io.write(data)


class CrcGuard(KConstruct):
    """``name:UINT32`` holding the CRC of ``subcon``, which runs to the end of the region.

    The guard is flattened into the enclosing :class:`~kformat.primitives.KStruct`: its value
    is ``{name: stored_crc, **subcon_value}``. ``origin`` is the CRC field's offset from the
    start of the guarded structure (17 in a magic 2 batch), so errors name where that
    structure starts. The stored CRC is ignored on build: the CRC is always computed.
    ``verify=False`` makes a grammar that never checks it (for forensic reads); otherwise the
    ``verify_crc`` parameter decides.
    """

    flatten = True

    def __init__(self, subcon: Construct, *, algorithm: str = "crc32c", name: str = "crc",
                 origin: int = 0, what: str = "record batch", verify: bool = True) -> None:
        super().__init__()
        if algorithm not in _CRC:
            raise ValueError(f"unknown CRC algorithm {algorithm!r}")
        self.subcon = subcon
        self.algorithm = algorithm
        self.crcname = name
        self.origin = origin
        self.what = what
        self.verify = verify
        self.min_size = 4 + min_size_of(subcon)
        self.flagbuildnone = True

    def _parse(self, stream: Any, context: Any, path: str) -> dict[str, Any]:
        stored = read_crc(stream, context, self.algorithm, self.origin, self.what,
                          sub_path(path, self.crcname), verify=self.verify)
        value = {self.crcname: stored}
        value.update(self.subcon._parsereport(stream, context, path))
        return value

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        sub = BytesIO()
        self.subcon._build(obj, sub, context, path)
        write_crc(sub.getvalue(), stream, self.algorithm)
        return obj

    def _emitparse(self, code: Any) -> str:
        code.append(IMPORT)
        return emit_function(code, "parse", "crcguard", [
            f"value = {{{self.crcname!r}: _kb.read_crc(io, this, {self.algorithm!r}, "
            f"{self.origin}, {self.what!r}, verify={self.verify})}}",
            f"value.update({self.subcon._compileparse(code)})",
            "return value"])

    def _emitbuild(self, code: Any) -> str:
        code.append(IMPORT)
        return emit_function(code, "build", "crcguard", [
            "outer, io = io, BytesIO()",
            self.subcon._compilebuild(code),
            f"_kb.write_crc(io.getvalue(), outer, {self.algorithm!r})",
            "return obj"])

    def __repr__(self) -> str:
        return f"CrcGuard({self.subcon!r}, {self.algorithm!r})"


# --------------------------------------------------------------------------- Compressed


def open_compressed(io: Any, this: Any, codec: int, magic: int, path: str = "") -> BytesIO:
    """Decompress the rest of ``io`` (capped by ``decompression_limit``) into a new stream."""
    start = io.tell()
    limit = get_param(this, "decompression_limit", DEFAULT_DECOMPRESSION_LIMIT)
    plain = decompress(codec, io.read(), limit=limit, magic=magic, offset=start, path=path)
    return BytesIO(plain)


def relocate(exc: KFormatError, start: int, codec: int) -> KFormatError:
    """The same error, placed at the compressed region (the inner offset goes to the reason)."""
    try:
        name = Codec(codec).name.lower()
    except ValueError:
        name = f"codec {codec}"
    inner = "" if exc.offset is None else f" (at byte {exc.offset} of the decompressed {name} data)"
    return exc.relocated(at=start, note=inner)


def payload_matches(codec: int, raw: Any, plain: bytes, magic: int) -> bool:
    """Whether ``raw`` decompresses to exactly ``plain`` (so it may be written back as is)."""
    if not isinstance(raw, bytes | bytearray | memoryview):
        return False
    try:
        return decompress(codec, raw, limit=len(plain), magic=magic) == plain
    except KFormatError:
        return False


def compressed_payload(plain: bytes, this: Any, codec: int, magic: int, raw_key: str,
                       path: str = "", level: int | None = None) -> bytes:
    """The bytes to write for ``plain``: the stored payload if it still matches, else new
    (at ``level``, else the context's ``compression_level``: the native engine passes it)."""
    raw = this.get(raw_key)
    if raw is not None and payload_matches(codec, raw, plain, magic):
        return bytes(raw)
    if level is None:
        level = get_param(this, "compression_level", None)
    try:
        return compress(codec, plain, magic=magic, level=level)
    except EncodeError as exc:
        raise EncodeError(exc.reason, path=path, expected=exc.expected,
                          actual=exc.actual) from None


class Compressed(KConstruct):
    """``subcon`` compressed with the codec ``codec`` selects, to the end of the region.

    Codec 0 parses ``subcon`` in place; any other value decompresses the rest of the region
    (capped by the ``decompression_limit`` parameter) and parses ``subcon`` from the result,
    which it must consume exactly. Unknown codec values and undecodable payloads raise
    :class:`~kformat.errors.UnsupportedCodecError`, an oversized one
    :class:`~kformat.errors.LimitExceededError`. ``magic`` selects the codec variants
    (:mod:`kformat.records.codecs`).
    """

    def __init__(self, subcon: Construct, *, codec: Any, magic: int = 2,
                 raw_key: str = RAW_RECORDS, what: str = "records") -> None:
        super().__init__()
        self.subcon = subcon
        self.codec = codec
        self.magic = magic
        self.raw_key = raw_key
        self.what = what
        self.min_size = 0
        self.flagbuildnone = subcon.flagbuildnone

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        codec = evaluate(self.codec, context)
        if codec == 0:
            value = self.subcon._parsereport(stream, context, path)
            rt.expect_consumed(stream, self.what, path)
            return value
        start = stream.tell()
        inner = open_compressed(stream, context, codec, self.magic, path)
        try:
            value = self.subcon._parsereport(inner, context, path)
            rt.expect_consumed(inner, f"the decompressed {self.what}", path)
        except KFormatError as exc:
            raise relocate(exc, start, codec) from None
        return value

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        codec = evaluate(self.codec, context)
        if codec == 0:
            return self.subcon._build(obj, stream, context, path)
        sub = BytesIO()
        built = self.subcon._build(obj, sub, context, path)
        stream.write(compressed_payload(sub.getvalue(), context, codec, self.magic,
                                        self.raw_key, path))
        return built

    def _emitparse(self, code: Any) -> str:
        code.append(IMPORT)
        return emit_function(code, "parse", "compressed", [
            f"codec = {self.codec!r}",
            "if codec != 0:",
            f"    io = _kb.open_compressed(io, this, codec, {self.magic})",
            f"value = {self.subcon._compileparse(code)}",
            f"expect_consumed(io, {self.what!r})",
            "return value"])

    def _emitbuild(self, code: Any) -> str:
        code.append(IMPORT)
        return emit_function(code, "build", "compressed", [
            f"codec = {self.codec!r}",
            "if codec == 0:",
            f"    return {self.subcon._compilebuild(code)}",
            "outer, io = io, BytesIO()",
            f"built = {self.subcon._compilebuild(code)}",
            "outer.write(_kb.compressed_payload(io.getvalue(), this, codec, "
            f"{self.magic}, {self.raw_key!r}))",
            "return built"])

    def __repr__(self) -> str:
        return f"Compressed({self.subcon!r}, codec={self.codec!r}, magic={self.magic})"
