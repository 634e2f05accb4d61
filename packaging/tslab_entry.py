"""Entry script of the PyInstaller bundle: the `tslab` command.

Desktops open a scenario file by passing its path alone: the .desktop entry's `Exec=tslab %f`,
the Windows file association's `"tslab.exe" "%1"`, macOS's open-document event through argv
emulation. A lone argument that names an existing .toml file therefore opens it in the app, as
`tslab gui --scenario FILE` does; every other command line goes to the CLI unchanged.

A frozen program is also how multiprocessing's spawn method starts a worker process; such a
command line (`--multiprocessing-fork`) goes to multiprocessing.freeze_support(), as PyInstaller's
documentation asks of the entry script; the entry imports multiprocessing only then.
"""
import os
import sys

from tslab.desktop.cli import main


def document_argv(argv: list[str]) -> list[str]:
    if len(argv) == 1 and argv[0].lower().endswith(".toml") and os.path.isfile(argv[0]):
        return ["gui", "--scenario", argv[0]]
    return argv


if __name__ == "__main__":
    if "--multiprocessing-fork" in sys.argv:  # a worker of multiprocessing's spawn method (Windows)
        import multiprocessing
        multiprocessing.freeze_support()
    raise SystemExit(main(document_argv(sys.argv[1:])))
