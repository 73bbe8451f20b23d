"""Length-prefixed regions: a byte length, then a structure that must fill it exactly
(a batch's ``batchLength``, a legacy message's ``message_size``, a record's ``length``;
Kafka documentation, "Message Format")."""

from __future__ import annotations

from io import BytesIO
from typing import Any

from construct import Construct

from kformat.errors import InvalidValueError, TruncatedError
from kformat.primitives import runtime as rt
from kformat.primitives.base import KConstruct
from kformat.primitives.emitting import emit_function

__all__ = ["KPrefixed"]


class KPrefixed(KConstruct):
    """A region preceded by its byte length; the inner grammar must consume it exactly.

    ``prefix`` is ``int32`` (``batchLength``, ``message_size``) or ``varint`` (a record's
    ``length``). On build the length is computed from the built bytes.
    """

    def __init__(self, prefix: str, subcon: Construct, what: str = "region") -> None:
        super().__init__()
        self.prefix = rt.check_prefix(prefix, "KPrefixed")
        self.subcon = subcon
        self.what = what
        self.min_size = {"int32": 4}.get(prefix, 1)

    def _parse(self, stream: Any, context: Any, path: str) -> Any:
        start = stream.tell()
        n = rt.p_length(stream, self.prefix, path)
        if n < 0:
            raise InvalidValueError(f"negative {self.what} length", path=path, offset=start,
                                    actual=n)
        left = rt.remaining(stream)
        if n > left:
            raise TruncatedError(f"{self.what} of {n} bytes, {left} available", path=path,
                                 offset=start, expected=n, actual=left)
        sub = rt.substream(stream, n, path)
        value = self.subcon._parsereport(sub, context, path)
        rt.expect_consumed(sub, self.what, path)
        return value

    def _build(self, obj: Any, stream: Any, context: Any, path: str) -> Any:
        sub = BytesIO()
        built = self.subcon._build(obj, sub, context, path)
        data = sub.getvalue()
        rt.b_length(len(data), stream, self.prefix, path)
        stream.write(data)
        return built

    def _emitparse(self, code: Any) -> str:
        # offsets inside are relative to the region: only errors use them, and errors come
        # from the interpreter
        return emit_function(code, "parse", "kprefixed", [
            f"n = p_length(io, {self.prefix!r})",
            "if n < 0:",
            "    raise InvalidValueError('negative length')",
            "io = BytesIO(read_exact(io, n))",
            f"value = {self.subcon._compileparse(code)}",
            "if io.tell() != n:",
            f"    raise InvalidValueError({self.what + ' not consumed'!r})",
            "return value"])

    def _emitbuild(self, code: Any) -> str:
        return emit_function(code, "build", "kprefixed", [
            "outer, io = io, BytesIO()",
            f"built = {self.subcon._compilebuild(code)}",
            "data = io.getvalue()",
            f"b_length(len(data), outer, {self.prefix!r})",
            "outer.write(data)",
            "return built"])
