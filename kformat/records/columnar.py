"""The former home of :mod:`kformat.outputs.columnar`: ``kformat.records.columnar`` is the same module."""

import sys

from kformat.outputs import columnar

sys.modules[__name__] = columnar
