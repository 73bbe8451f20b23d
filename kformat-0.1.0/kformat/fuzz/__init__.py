"""Structure-aware fuzzing with kformat's grammars (``kformat fuzz ...``).

* :mod:`~kformat.fuzz.trace`: field boundaries of an input, from a traced parse;
* :mod:`~kformat.fuzz.subjects`: valid inputs with their spans, entry points, ``splice``;
* :mod:`~kformat.fuzz.mutators`: labelled mutators (:data:`MUTATORS`, :data:`LABELS`);
* :mod:`~kformat.fuzz.corpus`: deterministic corpora (``kformat fuzz generate``);
* :mod:`~kformat.fuzz.send`: a corpus against a live target (``kformat fuzz send``);
* :mod:`~kformat.fuzz.harness`: fuzzing kformat itself (``kformat fuzz run`` / ``replay``).
"""

from kformat.fuzz.mutators import LABELS, MUTATORS, Mutation, mutate

__all__ = ["LABELS", "MUTATORS", "Mutation", "mutate"]
