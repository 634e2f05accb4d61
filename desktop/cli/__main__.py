"""`python -m tslab.desktop.cli` runs the `tslab` command, as `python -m tslab` does."""
import sys

from tslab.desktop.cli.entry import main

if __name__ == "__main__":
    sys.exit(main())
