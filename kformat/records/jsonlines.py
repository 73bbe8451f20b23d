"""The former home of :mod:`kformat.outputs.jsonlines`: ``kformat.records.jsonlines`` is the same module."""

import sys

from kformat.outputs import jsonlines

sys.modules[__name__] = jsonlines
