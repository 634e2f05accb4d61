"""`python -m tslab` runs the `tslab` command."""
import sys

try:
    from tslab.desktop.cli import main
except KeyboardInterrupt:  # a Ctrl-C while the command's module loads ends as one while it runs
    sys.exit(130)  # tslab.desktop.app.EXIT_INTERRUPTED, 128 + SIGINT

sys.exit(main())
