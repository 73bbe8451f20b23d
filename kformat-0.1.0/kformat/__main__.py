"""``python -m kformat`` is the ``kformat`` command."""

from kformat.cli import main

raise SystemExit(main())
