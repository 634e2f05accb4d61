"""`main`: the `tslab` command's entry. It parses the arguments, runs the command, and turns a user
error into one line and exit status 2 (an interrupt, a closed pipe and a bug each into theirs)."""
from __future__ import annotations

import errno
import os
import sys

from tslab.desktop.app import EXIT_INTERRUPTED
from tslab.desktop.cli.analyses import cmd_context, cmd_muon, cmd_sr
from tslab.desktop.cli.catalogue import cmd_keys, cmd_presets, cmd_scenario
from tslab.desktop.cli.comm import cmd_comm
from tslab.desktop.cli.common import EXIT_USAGE, WARNINGS, UserError, print_warnings
from tslab.desktop.cli.export import cmd_export
from tslab.desktop.cli.gui import cmd_gui
from tslab.desktop.cli.memory import cmd_memory
from tslab.desktop.cli.mesh import cmd_mesh, cmd_topology
from tslab.desktop.cli.moe import cmd_moe
from tslab.desktop.cli.parser import build_parser
from tslab.desktop.cli.schedule import cmd_schedule
from tslab.desktop.cli.step_time import cmd_plan, cmd_time
from tslab.desktop.cli.validate import cmd_validate

COMMANDS = {"gui": cmd_gui, "presets": cmd_presets, "keys": cmd_keys, "scenario": cmd_scenario, "memory": cmd_memory,
            "mesh": cmd_mesh, "topology": cmd_topology, "schedule": cmd_schedule, "comm": cmd_comm, "moe": cmd_moe,
            "time": cmd_time, "plan": cmd_plan, "validate": cmd_validate, "context": cmd_context, "muon": cmd_muon,
            "sr": cmd_sr, "export": cmd_export}


class _ClosedStdout:
    """Standard output of a process started with it closed (`tslab … >&-`, where Python sets
    sys.stdout to None): every write fails, naming standard output."""

    def write(self, data) -> int:
        from tslab.models.files import WriteError
        raise WriteError(errno.EBADF, "closed", "standard output")

    def flush(self) -> None:
        pass

    @property
    def buffer(self) -> _ClosedStdout:
        return self


class _Stdout:
    """sys.stdout while a command runs. A write or flush that fails (standard output closed, a full
    device) becomes one user error naming standard output; BrokenPipeError (the reader, e.g.
    `head`, stopped reading) stays the quiet end it was. After either, the file descriptor is
    pointed at the null device so that what is still buffered cannot fail again when Python
    flushes standard output at exit (the Python documentation's advice on SIGPIPE)."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._guard(self._stream.write, text)

    def flush(self) -> None:
        self._guard(self._stream.flush)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)

    def _guard(self, call, *args):
        from tslab.models.files import WriteError, reason
        try:
            return call(*args)
        except BrokenPipeError:
            self._discard()
            raise
        except OSError as exc:
            self._discard()
            error = exc if isinstance(exc, WriteError) else WriteError(exc.errno or 0, reason(exc), "standard output")
            raise UserError(str(error)) from None

    def _discard(self) -> None:
        try:
            fd = self._stream.fileno()
            null = os.open(os.devnull, os.O_WRONLY)
        except (OSError, ValueError, AttributeError):  # closed, or not a file (a test's capture)
            return
        try:
            os.dup2(null, fd)
        except OSError:
            pass
        finally:
            os.close(null)


def main(argv: list[str] | None = None) -> int:
    # The bundled app: a multiprocessing worker starts through main too. Only then is the module
    # imported (it costs the bundle's every start-up several milliseconds otherwise).
    if getattr(sys, "frozen", False) and "--multiprocessing-fork" in sys.argv:
        import multiprocessing
        multiprocessing.freeze_support()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("--version", "-h", "--help")):
        argv.insert(0, "gui")
    stdout = sys.stdout
    sys.stdout = _Stdout(_ClosedStdout() if stdout is None else stdout)
    WARNINGS.clear()
    try:
        args = build_parser().parse_args(argv)
        status = COMMANDS[args.command or "gui"](args)
        sys.stdout.flush()  # a full device or a closed descriptor shows here, as one error line
        print_warnings()
        return status
    except UserError as exc:
        print(f"tslab: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug, not a user error: one clear line, details on request
        if os.environ.get("TSLAB_DEBUG"):
            raise
        print(f"tslab: error: internal error: {type(exc).__name__}: {exc} "
              f"(set TSLAB_DEBUG=1 for a traceback)", file=sys.stderr)
        return 1
    finally:
        sys.stdout = stdout
