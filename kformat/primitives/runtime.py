"""The runtime of kformat's blocks: what the interpreter and compiled code both call.

This module is the internal API the layers above the primitives use (records, protocol,
segments, strategies, fuzz) and what every generated module imports (``from
kformat.primitives.runtime import *``, see :mod:`kformat.primitives.emitting`). It gathers,
without adding anything:

* :mod:`~kformat.primitives.wire`: the fixed-width formats, limits and length prefixes;
* :mod:`~kformat.primitives.reading`: ``p_*`` readers, ``read_exact``, ``check_count``,
  sub-streams with absolute offsets;
* :mod:`~kformat.primitives.writing`: ``b_*`` writers and the checks of struct and array
  values on build;
* :func:`~kformat.primitives.emitting.take_constant`, how generated code receives objects.

One implementation per wire type keeps the interpreted and the compiled path equal by
construction; the property tests hold them equal in practice.
"""

from kformat.primitives import reading, wire, writing
from kformat.primitives.emitting import take_constant
from kformat.primitives.reading import *  # noqa: F403
from kformat.primitives.wire import *  # noqa: F403
from kformat.primitives.writing import *  # noqa: F403

__all__ = [*wire.__all__, *reading.__all__, *writing.__all__, "take_constant"]
