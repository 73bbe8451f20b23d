"""Moved to :mod:`kformat.spec.compiler` (the spec layer, below records); this name still works.

``kformat.protocol.compiler`` is the same module object as ``kformat.spec.compiler``.
"""

import sys

from kformat.spec import compiler as _moved

sys.modules[__name__] = _moved
