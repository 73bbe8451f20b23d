"""kformat: every Apache Kafka wire structure, declared once as construct grammars."""

from typing import TYPE_CHECKING

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
from kformat.protocol.api import Request, Response, grammar

if TYPE_CHECKING:  # signatures typed by API and version (kformat/messages/calls.pyi)
    from kformat.messages.calls import (
        build_request,
        build_response,
        compiled_grammar,
        parse_request,
        parse_response,
    )
else:
    from kformat.protocol.api import (
        build_request,
        build_response,
        compiled_grammar,
        parse_request,
        parse_response,
    )
from kformat.protocol.framing import Exchange, decode_conversation, frame, split_frames, unframe
from kformat.records import (
    Batch,
    Batches,
    BatchIterator,
    Codec,
    Record,
    RecordBatchBuilder,
    TimestampType,
    TruncatedTail,
    build_batch,
    control_record,
    decode_control,
    decode_to_json_lines,
    iter_batches,
    make_batch,
    parse_batches,
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
__all__ += [  # protocol messages (kformat.protocol.api, kformat.protocol.framing)
    "Exchange",
    "Request",
    "Response",
    "build_request",
    "build_response",
    "compiled_grammar",
    "decode_conversation",
    "frame",
    "grammar",
    "parse_request",
    "parse_response",
    "split_frames",
    "unframe",
]
__all__ += [  # record batches (kformat.records)
    "Batch",
    "BatchIterator",
    "Batches",
    "Codec",
    "Record",
    "RecordBatchBuilder",
    "TimestampType",
    "TruncatedTail",
    "build_batch",
    "control_record",
    "decode_control",
    "decode_to_json_lines",
    "iter_batches",
    "make_batch",
    "parse_batches",
]
