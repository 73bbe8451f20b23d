"""Finding the next batch after bytes that do not frame one (the reader's resync).

The rule is the records layer's, shared by every reader:
:func:`kformat.records.framing.find_batch` (see :mod:`kformat.records.framing`); these are
its names as the Spark source has always imported them.
"""

from __future__ import annotations

from kformat.records.framing import DEFAULT_RESYNC_LIMIT, find_batch, plausible_batch

__all__ = ["DEFAULT_RESYNC_LIMIT", "find_batch", "plausible_batch"]
