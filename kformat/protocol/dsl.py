"""Moved to :mod:`kformat.spec.dsl` (the spec layer, below records); this name still works.

``kformat.protocol.dsl`` is the same module object as ``kformat.spec.dsl``.
"""

import sys

from kformat.spec import dsl as _moved

sys.modules[__name__] = _moved
