"""Plain decoders for record keys and values, as the command line shows them.

``--key-decoder`` / ``--value-decoder`` of ``kformat records decode`` and ``kformat dump``
take a name from :data:`PLAIN_DECODERS`; ``kformat dump --key-decoder-class`` /
``--value-decoder-class`` take the Java decoder class names of ``kafka-dump-log.sh``, mapped
by :data:`JAVA_DECODER_CLASSES`:

=========================  ======================================================
``string``                 UTF-8, what is not UTF-8 replaced (Kafka's ``StringDecoder``)
``int`` / ``long``         a big-endian INT32 / INT64 (``IntegerDecoder`` / ``LongDecoder``)
``hex`` / ``base64``       the bytes as text (``DefaultDecoder`` shows ``hex``)
``bytes``                  no decoding: JSON output keeps ``{"$bytes": base64}``
=========================  ======================================================
"""

from __future__ import annotations

import base64
from collections.abc import Callable

__all__ = ["JAVA_DECODER_CLASSES", "PLAIN_DECODERS", "decode_plain", "java_decoder"]


def _utf8(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _int(data: bytes) -> str:
    return str(int.from_bytes(data[:4].rjust(4, b"\x00"), "big", signed=True))


def _long(data: bytes) -> str:
    return str(int.from_bytes(data[:8].rjust(8, b"\x00"), "big", signed=True))


PLAIN_DECODERS: dict[str, Callable[[bytes], str]] = {
    "string": _utf8,
    "hex": bytes.hex,
    "base64": lambda data: base64.b64encode(data).decode("ascii"),
    "int": _int,
    "long": _long,
}
"""Decoder name -> bytes to text."""

_JAVA_SHORT = {
    "StringDecoder": "string",
    "DefaultDecoder": "hex",
    "IntegerDecoder": "int",
    "LongDecoder": "long",
}
JAVA_DECODER_CLASSES: dict[str, str] = {
    f"{package}.{cls}": name
    for package in ("kafka.serializer", "org.apache.kafka.tools.api")
    for cls, name in _JAVA_SHORT.items()
}
"""``kafka-dump-log.sh`` decoder classes (Kafka's ``kafka.serializer`` package, and
``org.apache.kafka.tools.api`` where Kafka 3.7 moved them) -> :data:`PLAIN_DECODERS` name."""


def java_decoder(class_name: str) -> str:
    """The plain decoder for a Java decoder class name (the bare class name works too).
    Raises ``ValueError`` naming the classes kformat knows."""
    name = JAVA_DECODER_CLASSES.get(class_name) or _JAVA_SHORT.get(class_name)
    if name is None:
        known = ", ".join(sorted(JAVA_DECODER_CLASSES))
        raise ValueError(f"kformat cannot load Java classes; {class_name!r} is none of the "
                         f"decoders it knows ({known}): use --key-decoder/--value-decoder "
                         f"({', '.join(PLAIN_DECODERS)})")
    return name


def decode_plain(data: bytes | None, kind: str = "string") -> str | None:
    """``data`` as text by the named decoder; ``None`` stays ``None``."""
    return None if data is None else PLAIN_DECODERS[kind](data)
