"""Entry script of the PyInstaller bundle: the `tslab` command."""
from tslab.desktop.cli import main

raise SystemExit(main())
