"""Inline code for ``compile()``: a whole region parsed and built in one generated function.

Construct's compiler emits one function per block, and values travel through nested calls
and streams. For a region whose byte length is known up front (a :class:`KPrefixed` body, a
record above all) the blocks below emit *inline* code instead: statements, with locals for
values, that

* on parse, read the region once as ``bytes`` and decode it by index (``_d[_p]``), the
  position in a local, so a record costs no call per field;
* on build, compute each field's encoding as a few ``bytes`` parts, collected in one list
  and joined once per region (:class:`Parts`).

Only blocks that never read the construct context can be inlined (numbers, varints, strings
and bytes, and structs, prefixed arrays, presence markers and prefixed regions made of them;
see :func:`inlinable`). The common cases are decoded or encoded by the emitted statements;
anything else (long varints, unusual types, values out of range) calls the same runtime
reader or writer the interpreter uses (:func:`~kformat.primitives._runtime.read_at`,
:func:`~kformat.primitives._runtime.encoded`), so values, bytes and errors stay those of
:mod:`~kformat.primitives._runtime`. As everywhere in compiled code, a failure may raise
any exception: :class:`~kformat.primitives.fast.CompiledGrammar` then asks the interpreter
for the precise error. Bounds: reading past the region's end raises ``IndexError`` or
leaves the position past the end, which the region's final check refuses; counts are
checked against the bytes left before any loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from construct import Construct, Renamed

__all__ = ["Parts", "Region", "indent", "inlinable", "inline_build", "inline_parse"]


@dataclass(frozen=True)
class Region:
    """Names of the locals of inline parse code: the bytes, the position, the region end."""

    data: str = "_d"
    pos: str = "_p"
    end: str = "_e"

    def within(self, end: str) -> Region:
        return Region(self.data, self.pos, end)


def _unwrap(sc: Construct) -> Construct:
    while isinstance(sc, Renamed):
        sc = sc.subcon
    return sc


def inlinable(sc: Construct) -> bool:
    """True when ``sc`` emits inline code (``_inline_parse`` / ``_inline_build``)."""
    sc = _unwrap(sc)
    check = getattr(sc, "_inline_ok", None)
    return bool(check and check())


def inline_parse(sc: Construct, code: Any, at: Region, target: str) -> list[str]:
    """Statements decoding ``sc`` at ``at`` into the local ``target``."""
    return _unwrap(sc)._inline_parse(code, at, target)  # type: ignore[no-any-return]


class Parts:
    """The statements encoding values, and the parts (bytes expressions) they produce.

    Parts wait in ``pending`` until a statement must append to the list itself (an array's
    loop); they are then added with one ``+=`` (the first time, the list is created with
    them). A block's statements come before its parts, and may run before earlier blocks'
    pending parts are evaluated: parts only read locals their own block assigned.
    """

    def __init__(self, code: Any, out: str | None = None, created: bool = False) -> None:
        self.code = code
        self.out = out or local(code, "out")
        self.created = created
        self.lines: list[str] = []
        self.pending: list[str] = []

    def add(self, lines: list[str], parts: list[str]) -> None:
        self.lines += lines
        self.pending += parts

    def flush(self) -> None:
        """Put the pending parts in the list (creating it, empty if need be)."""
        if not self.created:
            self.lines.append(f"{self.out} = [{', '.join(self.pending)}]")
            self.created = True
        elif len(self.pending) == 1:
            self.lines.append(f"{self.out}.append({self.pending[0]})")
        elif self.pending:
            self.lines.append(f"{self.out} += {display(self.pending)}")
        self.pending = []

    def nested(self) -> Parts:
        """For statements under an ``if`` or a loop: the same list, already created."""
        self.flush()
        return Parts(self.code, self.out, created=True)

    def joined(self) -> str:
        """An expression of all the bytes (after :attr:`lines`)."""
        if not self.created:
            return join(self.pending)
        self.flush()
        return f"b''.join({self.out})"


def inline_build(sc: Construct, value: str, parts: Parts) -> None:
    """Add to ``parts`` the statements and parts encoding the local ``value``.

    Statements may rebind ``value`` (a blob's slow path does): pass a local of your own.
    """
    _unwrap(sc)._inline_build(value, parts)


def indent(lines: list[str], depth: int = 1) -> list[str]:
    pad = "    " * depth
    return [pad + line for line in lines]


def local(code: Any, prefix: str) -> str:
    """A fresh local name."""
    return f"_{prefix}{code.allocateId()}"


def display(parts: list[str]) -> str:
    """A tuple display of ``parts``."""
    return "(" + ", ".join(parts) + ",)" if parts else "()"


def join(parts: list[str]) -> str:
    """An expression for the concatenation of ``parts``."""
    if len(parts) == 1:
        return parts[0]
    return f"b''.join({display(parts)})" if parts else "b''"


# --------------------------------------------------------------------------- parse snippets


def uvarint(at: Region, target: str, max_bytes: int, max_value: str) -> list[str]:
    """An unsigned varint into ``target``: one and two bytes inline, longer ones through
    :func:`~kformat.primitives._runtime.read_uvarint` (bounds, overlong forms)."""
    d, p = at.data, at.pos
    return [
        f"{target} = {d}[{p}]",
        f"if {target} < 0x80:",
        f"    {p} += 1",
        "else:",
        f"    _c = {d}[{p} + 1]",
        "    if 0 < _c < 0x80:",
        f"        {target} = ({target} & 0x7F) | (_c << 7)",
        f"        {p} += 2",
        "    else:",
        f"        {target}, {p} = read_at(read_uvarint, {d}, {p}, {max_bytes}, {max_value})",
    ]


def length(at: Region, target: str, prefix: str) -> list[str]:
    """A length or count prefix into ``target`` (-1 for null, refusing anything below)."""
    d, p = at.data, at.pos
    if prefix == "varint":
        return [*uvarint(at, "_z", 5, "U32_MAX"), f"{target} = (_z >> 1) ^ -(_z & 1)",
                f"if {target} < -1:", "    raise InvalidValueError('negative length')"]
    if prefix == "compact":
        return [*uvarint(at, "_z", 5, "U32_MAX"), f"{target} = _z - 1"]
    size = 2 if prefix == "int16" else 4
    return [f"{target}, = {prefix.upper()}.unpack_from({d}, {p})", f"{p} += {size}",
            f"if {target} < -1:", "    raise InvalidValueError('negative length')"]


def blob(at: Region, target: str, prefix: str, nullable: bool, text: bool) -> list[str]:
    """Length-prefixed bytes (``text``: UTF-8 decoded) into ``target``."""
    d, p = at.data, at.pos
    take = f"{d}[{p}:{p} + _z]" + (".decode()" if text else "")
    if prefix == "varint":  # the zig-zag length tested in place: even is a length
        null = (["    if _z != 1:", "        raise InvalidValueError('negative length')",
                 f"    {target} = None"] if nullable
                else ["    raise InvalidValueError('null or negative length')"])
        return [*uvarint(at, "_z", 5, "U32_MAX"),
                "if _z & 1:",
                *null,
                "else:",
                "    _z >>= 1",
                f"    {target} = {take}",
                f"    {p} += _z"]
    null = f"{target} = None" if nullable else "raise InvalidValueError('null')"
    return [*length(at, "_z", prefix),
            "if _z < 0:",
            f"    {null}",
            "else:",
            f"    {target} = {take}",
            f"    {p} += _z"]


# --------------------------------------------------------------------------- build snippets


def length_part(prefix: str, n: str, checked: bool = False) -> str:
    """An expression for the ``prefix`` encoding of the length ``n`` (a local, >= 0);
    ``checked``: ``n`` is known to be below the inline limit."""
    if checked:
        return {"varint": f"UVARINT14[{n} << 1]", "compact": f"UVARINT14[{n} + 1]",
                "int16": f"INT16.pack({n})", "int32": f"INT32.pack({n})"}[prefix]
    if prefix == "varint":
        return f"(UVARINT14[{n} << 1] if {n} < 0x2000 else length_bytes({n}, 'varint'))"
    if prefix == "compact":
        return f"(UVARINT14[{n} + 1] if {n} < 0x3FFF else length_bytes({n}, 'compact'))"
    limit = 0x7FFF if prefix == "int16" else 0x7FFFFFFF
    return f"({prefix.upper()}.pack({n}) if {n} <= {limit} else length_bytes({n}, {prefix!r}))"


NULL_MARKERS = {"varint": b"\x01", "compact": b"\x00", "int16": b"\xff\xff",
                "int32": b"\xff\xff\xff\xff"}
"""The null length of each prefix (what ``b_length(None, ...)`` writes)."""


def blob_build(value: str, parts: Parts, prefix: str, nullable: bool, text: bool) -> None:
    """Length-prefixed bytes or text: the prefix and the payload as two parts. A slow path
    puts the whole encoding in the first and rebinds ``value`` (or the text's bytes) to
    ``b''``."""
    head = local(parts.code, "q")
    writer = "b_text" if text else "b_blob"
    limit = {"varint": 0x2000, "compact": 0x3FFF, "int16": 0x8000, "int32": 0x80000000}[prefix]
    if text:
        body = local(parts.code, "r")
        lines = [f"if {value}.__class__ is str and (_z := len({body} := {value}.encode())) "
                 f"< {limit}:"]
    else:
        body = value
        lines = [f"if {value}.__class__ is bytes and (_z := len({value})) < {limit}:"]
    lines.append(f"    {head} = {length_part(prefix, '_z', checked=True)}")
    if nullable:
        lines += [f"elif {value} is None:", f"    {head} = {NULL_MARKERS[prefix]!r}",
                  f"    {body} = b''"]
    lines += ["else:", f"    {head} = encoded({writer}, {value}, {prefix!r}, {nullable})",
              f"    {body} = b''"]
    parts.add(lines, [head, body])
