"""kformat: every Apache Kafka wire structure, declared once as construct grammars."""

from kformat.errors import (
    CorruptRecordError,
    DecodeError,
    EncodeError,
    GrammarError,
    InvalidValueError,
    KFormatError,
    LimitExceededError,
    TruncatedError,
    UnsupportedCodecError,
    UnsupportedVersionError,
)

__version__ = "0.1.0"

__all__ = [
    "CorruptRecordError",
    "DecodeError",
    "EncodeError",
    "GrammarError",
    "InvalidValueError",
    "KFormatError",
    "LimitExceededError",
    "TruncatedError",
    "UnsupportedCodecError",
    "UnsupportedVersionError",
    "__version__",
]
