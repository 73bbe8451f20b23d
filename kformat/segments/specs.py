"""Message grammars the segment files reuse from the protocol layer, loaded on first use.

``AbortedTxn`` (``.txnindex`` entries), ``ControlRecordTypeSchema`` and ``EndTxnMarker``
(control records) are declared once, in the grammars generated from Kafka's JSON specs; this
module only looks them up. (Producer snapshots and control-record values have their own
entry points in :mod:`kformat.protocol.formats` and :mod:`kformat.protocol.kraft`.)
"""

from __future__ import annotations

import functools

from kformat.errors import GrammarError, UnsupportedVersionError
from kformat.primitives import KStruct

__all__ = ["spec_grammar"]


@functools.cache
def spec_grammar(name: str, version: int) -> KStruct:
    """The body grammar of the spec ``name`` at ``version``."""
    from kformat.spec.compiler import body_grammar
    from kformat.spec.registry import load_registry

    try:
        return body_grammar(load_registry().message(name), version)
    except GrammarError as exc:  # no such version: the data names one we have no grammar for
        raise UnsupportedVersionError(f"{name} has no version {version}", path="version",
                                      offset=0, actual=version) from exc
