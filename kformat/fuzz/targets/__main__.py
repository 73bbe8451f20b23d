import sys

from kformat.fuzz.targets.main import main

sys.exit(main())
