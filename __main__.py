"""`python -m tslab` runs the `tslab` command."""
import sys

from tslab.desktop.cli import main

sys.exit(main())
