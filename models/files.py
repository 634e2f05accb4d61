"""Writing an output file without ever replacing anything but the file it names (and reading an
input file without blocking on a FIFO nobody writes to: `read_input`).

`write_file(path, data)` decides by what `path` is (``lstat``, links not followed):

- a regular file, or nothing yet: the bytes go to a temporary file in the same directory, are
  flushed to disk (``fsync``) and renamed over the target, so a reader sees the old file or the
  new one, never a half-written one (POSIX ``rename()``: "the link named new shall remain visible
  … and refer either to the file referred to by new or old"; IEEE Std 1003.1-2017). The replaced
  file's permission bits (and, where allowed, its owner and group) carry over. Temporary files
  left by an earlier save that was killed are removed on the next save of the same target;
- a symbolic link: every level is resolved and the final target is replaced as above, so the link
  stays a link. A dangling link creates the file it points to when that file's directory exists;
- a FIFO, a character or block device, or a socket: the bytes are written through it. It is opened
  without ``O_CREAT`` and ``O_TRUNC``, so the node itself is never replaced (``tslab … --out
  /dev/full`` run as root must not turn a device node into a regular file). A FIFO is opened with
  ``O_NONBLOCK``: with no reader the open fails at once with ``ENXIO`` (POSIX ``open()``: "O_NONBLOCK
  … an open() for writing-only shall return an error if no process currently has the file open for
  reading"; Linux fifo(7)), reported as "no reader". Once open, the descriptor is made blocking
  again: a FIFO with a reader receives every byte, at the pace the reader reads;
- a directory: refused ("is a directory").

Every failure raises `WriteError`, an `OSError` whose message names the path and the reason in
plain words ("no space left on device", "no reader", "is a directory").
"""
from __future__ import annotations

import errno
import os
import re
import stat
import time
from pathlib import Path
from typing import BinaryIO

STALE_AFTER_S = 10.0  # a temporary file untouched this long belongs to no save still running
_TEMP_NAME_MAX = 200  # of the target's name kept in a temporary's name (file names stop at 255 bytes)
_TEMP_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789_"  # as tempfile.mkstemp, which earlier saves used
# After ".<name>.": "<pid>.<8 characters>.tmp" (this module) or "<8 characters>.tmp" (tempfile.mkstemp).
_TEMP_TAIL = re.compile(r"(?:(\d+)\.)?[a-z0-9_]{8}\.tmp")

_REASONS = {
    errno.ENOSPC: "no space left on device",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.EROFS: "read-only file system",
    errno.ENOENT: "no such file or directory",
    errno.ENOTDIR: "a part of the path is not a directory",
    errno.EISDIR: "is a directory",
    errno.ELOOP: "too many levels of symbolic links",
    errno.ENAMETOOLONG: "file name too long",
    errno.EFBIG: "file too large",
    errno.EIO: "input/output error",
    errno.EBADF: "not open for writing (closed)",
    errno.EPIPE: "the reader closed its end before every byte was written",
    errno.ENXIO: "no reader",
    errno.ECONNREFUSED: "no program is listening on the socket",
}
if hasattr(errno, "EDQUOT"):
    _REASONS[errno.EDQUOT] = "disk quota exceeded"


class WriteError(OSError):
    """A file that could not be written: ``str()`` is ``PATH: cannot write (REASON)``; `errno`,
    `strerror` (the reason) and `filename` (the path as given) are those of an OSError."""

    def __init__(self, code: int, reason: str, path: str | os.PathLike[str]) -> None:
        super().__init__(code, reason, os.fspath(path))

    def __str__(self) -> str:
        return f"{self.filename or repr('')}: cannot write ({self.strerror})"


def reason(exc: OSError) -> str:
    """The cause of `exc` in plain lower-case words ("no space left on device")."""
    if exc.errno in _REASONS:
        return _REASONS[exc.errno]
    text = exc.strerror or str(exc) or type(exc).__name__
    return text[:1].lower() + text[1:]


def _error(path: str | os.PathLike[str], exc: OSError) -> WriteError:
    if isinstance(exc, WriteError):
        return exc
    return WriteError(exc.errno or errno.EIO, reason(exc), path)


def write_file(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write `data` to `path` as the module docstring describes; returns the file that received
    the bytes (the final target of a symbolic link). Raises WriteError."""
    given = os.fspath(path)
    if given == "":
        raise WriteError(errno.ENOENT, "empty path: name a file", given)
    try:
        st: os.stat_result | None = os.lstat(given)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise _error(given, exc) from None
    target = Path(given)
    if st is not None and stat.S_ISLNK(st.st_mode):
        target = Path(os.path.realpath(given))  # every level; a loop resolves to a link (below)
        try:
            st = os.lstat(target)
        except FileNotFoundError:
            if not target.parent.is_dir():
                raise WriteError(errno.ENOENT, f"dangling symbolic link to {target}, whose directory "
                                 "does not exist", given) from None
            st = None
        except OSError as exc:
            raise _error(given, exc) from None
        if st is not None and stat.S_ISLNK(st.st_mode):
            raise WriteError(errno.ELOOP, _REASONS[errno.ELOOP], given)
    if st is None or stat.S_ISREG(st.st_mode):
        return _replace(given, target, data, st)
    if stat.S_ISDIR(st.st_mode):
        raise WriteError(errno.EISDIR, _REASONS[errno.EISDIR], given)
    if stat.S_ISSOCK(st.st_mode):
        _send(given, target, data)
        return target
    return _write_through(given, target, data, st)


class NoWriter(OSError):
    """An input FIFO that no program writes to (and that holds nothing): reading it would wait
    until one does, forever for a FIFO nobody opens."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(errno.ENXIO, "a FIFO with no writer and nothing in it: start the program that writes "
                                      "to it first", os.fspath(path))


def read_input(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of an input file (at most `limit` + 1 of them, so that a caller can tell "larger
    than `limit`"), without ever blocking on a FIFO that has no writer: the file is opened with
    ``O_NONBLOCK`` (POSIX ``open()``: "O_NONBLOCK … An open() for reading-only shall return
    without delay" on a FIFO), and a FIFO's first non-blocking read tells the cases apart — data,
    or EAGAIN while a writer has it open (then the descriptor is made blocking and read to the
    end, at the writer's pace), or end-of-file at once: no writer (NoWriter). Other problems raise
    the OSError of open or read (FileNotFoundError, IsADirectoryError, …)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(os.fspath(path), flags)
    try:
        chunks: list[bytes] = []
        wanted = -1 if limit is None else limit + 1
        if stat.S_ISFIFO(os.fstat(fd).st_mode):
            try:
                first = os.read(fd, 1 << 16 if wanted < 0 else min(wanted, 1 << 16))
            except BlockingIOError:  # a writer holds it open and has not written yet
                first = None
            if first == b"":
                raise NoWriter(path)
            if first:
                chunks.append(first)
                wanted = wanted if wanted < 0 else wanted - len(first)
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            if wanted != 0:
                chunks.append(handle.read(wanted))
        return b"".join(chunks)
    finally:
        os.close(fd)


def check_path(path: str | os.PathLike[str]) -> None:
    """WriteError when `path` cannot even be looked up (``lstat``): a name longer than the file
    system takes, too many levels of links, a directory without search permission. Called before
    anything is drawn or created, so that such a path fails at once, as write_file would. A path
    that does not exist yet, or whose directory does not, passes: the write names that."""
    given = os.fspath(path)
    try:
        os.lstat(given)
    except (FileNotFoundError, NotADirectoryError):
        return
    except OSError as exc:
        raise _error(given, exc) from None


def write_stream(stream: BinaryIO, data: bytes, name: str = "standard output") -> None:
    """Write `data` to an open binary stream and flush it; an OSError other than BrokenPipeError
    (a reader such as `head` that stopped reading, which callers treat as the end) becomes a
    WriteError naming `name`."""
    try:
        stream.write(data)
        stream.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise _error(name, exc) from None


# ---- regular files: temporary file, fsync, rename ------------------------------------------------

def _temp_prefix(target: Path) -> str:
    return f".{target.name[:_TEMP_NAME_MAX]}."


def _writer_gone(pid: int) -> bool:
    """True when no process `pid` runs on this machine (``kill(pid, 0)`` fails with ESRCH)."""
    if os.name == "nt":  # os.kill(pid, 0) there sends CTRL_C_EVENT: judge by age only
        return False
    if pid <= 0:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # EPERM: it runs, as another user
        return False
    return False


def stale_temp_files(target: str | os.PathLike[str], *, now: float | None = None) -> list[Path]:
    """Temporary files of earlier saves of `target` that no save is still writing: regular files
    ``.<name>.<pid>.<random>.tmp`` (or ``.<name>.<random>.tmp``) in its directory whose writer
    process is gone, or that nobody has written to for STALE_AFTER_S seconds."""
    target = Path(target)
    prefix = _temp_prefix(target)
    now = time.time() if now is None else now
    stale = []
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return []
    for entry in entries:
        match = _TEMP_TAIL.fullmatch(entry.name[len(prefix):]) if entry.name.startswith(prefix) else None
        if match is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        pid = match.group(1)
        if (pid is not None and _writer_gone(int(pid))) or now - st.st_mtime > STALE_AFTER_S:
            stale.append(Path(entry.path))
    return stale


def remove_stale_temp_files(target: str | os.PathLike[str]) -> list[Path]:
    """Remove `stale_temp_files(target)`; returns the ones removed (a file that cannot be removed
    is left: the save itself does not depend on it)."""
    removed = []
    for path in stale_temp_files(target):
        try:
            os.unlink(path)
        except OSError:
            continue
        removed.append(path)
    return removed


def _create_temp(target: Path, mode: int) -> tuple[int, Path]:
    """A new, exclusive temporary file next to `target` (``O_EXCL``, links not followed)."""
    import secrets  # here: a command that writes nothing never loads it
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        token = "".join(secrets.choice(_TEMP_ALPHABET) for _ in range(8))
        temp = target.parent / f"{_temp_prefix(target)}{os.getpid()}.{token}.tmp"
        try:
            return os.open(temp, flags, mode), temp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused temporary file name", str(target.parent))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(errno.EIO, "the file accepted no bytes")
        view = view[written:]


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable; not every system can open a directory, so best effort."""
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _replace(given: str, target: Path, data: bytes, old: os.stat_result | None) -> Path:
    directory = target.parent
    if not directory.is_dir():
        code = errno.ENOTDIR if directory.exists() else errno.ENOENT
        what = "is not a directory" if directory.exists() else "no such directory"
        raise WriteError(code, f"{what}: {directory}", given)
    remove_stale_temp_files(target)
    try:
        # A new file gets 0o666 less the umask, as open() would give it; a replaced one its own bits.
        fd, temp = _create_temp(target, 0o600 if old is not None else 0o666)
    except OSError as exc:
        raise _error(given, exc) from None
    try:
        try:
            if old is not None:
                if (old.st_uid, old.st_gid) != (os.geteuid(), os.getegid()):
                    try:
                        os.fchown(fd, old.st_uid, old.st_gid)
                    except OSError:  # only root may give a file away
                        pass
                os.fchmod(fd, stat.S_IMODE(old.st_mode) & 0o777)
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, target)
    except BaseException as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise _error(given, exc) from None
        raise
    _fsync_directory(directory)
    return target


# ---- FIFOs, devices, sockets: write through, never replace ----------------------------------------

def _write_through(given: str, target: Path, data: bytes, st: os.stat_result) -> Path:
    fifo = stat.S_ISFIFO(st.st_mode)
    flags = (os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_CLOEXEC", 0))
    try:
        fd = os.open(target, flags)  # no O_CREAT, no O_TRUNC: the node stays what it is
    except OSError as exc:
        if fifo and exc.errno == errno.ENXIO:
            raise WriteError(errno.ENXIO, "no reader: start the program that reads the FIFO first",
                             given) from None
        raise _error(given, exc) from None
    try:
        now = os.fstat(fd)
        if stat.S_ISREG(now.st_mode):  # replaced by a regular file since the lstat: replace that instead
            os.close(fd)
            fd = -1
            return _replace(given, target, data, now)
        os.set_blocking(fd, True)
        _write_all(fd, data)
        if stat.S_ISBLK(now.st_mode):
            os.fsync(fd)
    except OSError as exc:
        raise _error(given, exc) from None
    finally:
        if fd >= 0:
            os.close(fd)
    return target


def _send(given: str, target: Path, data: bytes) -> None:
    """Connect to a Unix-domain socket and send the bytes (a stream socket, or one datagram for a
    datagram socket)."""
    import socket
    family = getattr(socket, "AF_UNIX", None)
    if family is None:
        raise WriteError(errno.EOPNOTSUPP, "sockets are not supported on this system", given)
    try:
        with socket.socket(family, socket.SOCK_STREAM) as sock:
            try:
                sock.connect(os.fspath(target))
            except OSError as exc:
                if exc.errno != errno.EPROTOTYPE:
                    raise
            else:
                sock.sendall(data)
                sock.shutdown(socket.SHUT_WR)
                return
        with socket.socket(family, socket.SOCK_DGRAM) as sock:
            sock.sendto(data, os.fspath(target))
    except OSError as exc:
        raise _error(given, exc) from None
