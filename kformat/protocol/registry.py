"""Moved to :mod:`kformat.spec.registry` (the spec layer, below records); this name still works.

``kformat.protocol.registry`` is the same module object as ``kformat.spec.registry``.
"""

import sys

from kformat.spec import registry as _moved

sys.modules[__name__] = _moved
