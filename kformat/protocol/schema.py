"""Moved to :mod:`kformat.spec.schema` (the spec layer, below records); this name still works.

``kformat.protocol.schema`` is the same module object as ``kformat.spec.schema``.
"""

import sys

from kformat.spec import schema as _moved

sys.modules[__name__] = _moved
