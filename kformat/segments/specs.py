"""Message grammars the segment files reuse from the protocol layer, loaded on first use.

``AbortedTxn`` (``.txnindex`` entries), ``ProducerSnapshot`` (``.snapshot`` files),
``ControlRecordTypeSchema`` and ``EndTxnMarker`` (control records) are declared once, in the
grammars generated from Kafka's JSON specs; this module only looks them up.
"""

from __future__ import annotations

import functools
from typing import Any

from kformat.errors import GrammarError, KFormatError, UnsupportedVersionError
from kformat.primitives import CompiledGrammar, Int16, KStruct

__all__ = ["parse_versioned", "spec_grammar"]


@functools.cache
def spec_grammar(name: str, version: int) -> KStruct:
    """The body grammar of the spec ``name`` at ``version``."""
    from kformat.protocol.compiler import body_grammar
    from kformat.protocol.registry import load_registry

    try:
        return body_grammar(load_registry().message(name), version)
    except GrammarError as exc:  # no such version: the data names one we have no grammar for
        raise UnsupportedVersionError(f"{name} has no version {version}", path="version",
                                      offset=0, actual=version) from exc


@functools.cache
def _compiled(name: str, version: int) -> CompiledGrammar:
    return CompiledGrammar(spec_grammar(name, version), name)


_VERSION = CompiledGrammar(KStruct("version" / Int16), "version prefix")


def parse_versioned(name: str, data: bytes) -> tuple[int, dict[str, Any]]:
    """A version-prefixed message (``MessageUtil.toVersionPrefixedBytes``): INT16 version,
    then the body of spec ``name`` at that version, which must fill the rest."""
    version = _VERSION.parse(data, exact=False)["version"]
    grammar = _compiled(name, version)
    try:
        return version, grammar.parse(data[2:])
    except KFormatError as exc:
        offset = None if exc.offset is None else exc.offset + 2
        raise type(exc)(exc.reason, path=exc.field_path, offset=offset,
                        expected=exc.expected, actual=exc.actual) from None
