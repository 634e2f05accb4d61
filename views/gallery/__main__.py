"""``python -m tslab.views.gallery [PRESET]``: the Figure Gallery window alone on a preset."""
from __future__ import annotations

import sys

from tslab.views.gallery.view import main

if __name__ == "__main__":
    sys.exit(main())
