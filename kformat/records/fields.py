"""The former home of :mod:`kformat.outputs.fields`: ``kformat.records.fields`` is the same module."""

import sys

from kformat.outputs import fields

sys.modules[__name__] = fields
