"""Moved to :mod:`kformat.spec.records_field` (the spec layer, below records); this name still works.

``kformat.protocol.records_field`` is the same module object as ``kformat.spec.records_field``.
"""

import sys

from kformat.spec import records_field as _moved

sys.modules[__name__] = _moved
