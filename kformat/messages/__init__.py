"""Typed message bodies: a ``TypedDict`` per message version, for type checkers and editors.

``ProduceRequestV9``, ``FetchResponseV16``, ``RequestHeaderV2``, ``OffsetCommitValueV3``,
``TopicRecordV0``...: one name per grammar and version, generated from the grammars by
:mod:`kformat.protocol.typed` into ``__init__.pyi`` beside this file (each key documented with
the spec's ``about`` text and its wire type). Bodies stay plain dicts: at run time a name of
this module is built, on first use, as the same TypedDict (annotations as strings), so
``import kformat`` loads none of it.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from kformat.protocol.typed import runtime_type

    value = runtime_type(name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    from kformat.protocol.typed import names

    return sorted({*globals(), *names()})
