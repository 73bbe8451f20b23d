"""The former home of :mod:`kformat.outputs.decoders`: ``kformat.records.decoders`` is the same module."""

import sys

from kformat.outputs import decoders

sys.modules[__name__] = decoders
