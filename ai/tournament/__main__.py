"""``python -m ai.tournament ...`` is ``tabletop-trio tournament ...``."""

import sys

from .cli import main

sys.exit(main())
