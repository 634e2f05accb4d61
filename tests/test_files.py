"""Output files: `--out` replaces a regular file (or a link's target) atomically, writes through a
FIFO, a device or a socket without replacing it, refuses a directory, and reports every failure
as one error line naming the path and the reason.

Special files are made inside each test's temporary folder only: a character device with the
numbers of the null device (1, 3) or of the full device (1, 7) behaves like it, and is the test's
own node to check afterwards."""
from __future__ import annotations

import errno
import os
import select
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tslab.models import files
from tslab.models.document import load_scenario
from tslab.models.files import STALE_AFTER_S, WriteError, write_file
from tslab.models.scenario import Scenario, ScenarioError
from tslab.models.scenario_files import save_scenario

pytestmark = pytest.mark.skipif(os.name != "posix", reason="FIFOs, device nodes and lstat semantics are POSIX")

NULL, FULL = (1, 3), (1, 7)  # Linux's memory-device numbers of /dev/null and /dev/full
NO_SUCH_PID = 4_194_305  # above Linux's largest pid_max (2**22): never a running process


def tslab(*args: str, **kwargs) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "TSLAB_DEBUG")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("timeout", 120)
    return subprocess.run([sys.executable, "-m", "tslab", *args], text=True, env=env, **kwargs)


def one_error_line(result: subprocess.CompletedProcess[str], *needles: str) -> str:
    """Exit 2, exactly one stderr line `tslab: error: …` holding every needle, no traceback."""
    assert result.returncode == 2, (result.returncode, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("tslab: error: ") and "internal error" not in lines[0], lines[0]
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def device_twin(tmp_path: Path, name: str, numbers: tuple[int, int]) -> Path:
    """A character device node in tmp_path with the given major and minor numbers."""
    path = tmp_path / name
    try:
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(*numbers))
        os.close(os.open(path, os.O_WRONLY))  # a file system mounted nodev refuses to open it
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot make a usable device node here: {exc}")
    return path


def is_char_device(path: Path, numbers: tuple[int, int]) -> bool:
    st = os.lstat(path)
    return stat.S_ISCHR(st.st_mode) and (os.major(st.st_rdev), os.minor(st.st_rdev)) == numbers


def read_fifo(path: Path, ready: threading.Event, received: list[bytes]) -> None:
    """Open the FIFO for reading (without waiting for a writer), say so, then read until the
    writer closes it."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    ready.set()
    poll = select.poll()
    poll.register(fd, select.POLLIN)
    deadline = time.monotonic() + 10
    try:
        while time.monotonic() < deadline:
            if not poll.poll(100):
                continue
            try:
                chunk = os.read(fd, 1 << 16)
            except BlockingIOError:
                continue
            if not chunk:  # the writer came and went
                return
            received.append(chunk)
    finally:
        os.close(fd)


# ---------------------------------------------------------------------------------------------
# Regular files and new files: temporary file, fsync, rename

def test_regular_file_is_replaced_atomically_and_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "lecture.toml"
    path.write_bytes(b"old")
    path.chmod(0o640)
    witness = tmp_path / "hard-link"
    os.link(path, witness)  # the old inode: a rename leaves it whole, an in-place write would not
    assert write_file(path, b"new bytes") == path
    assert path.read_bytes() == b"new bytes"
    assert witness.read_bytes() == b"old"
    assert os.stat(path).st_ino != os.stat(witness).st_ino
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hard-link", "lecture.toml"]


def test_new_file_gets_the_umask_mode(tmp_path: Path) -> None:
    umask = os.umask(0o027)
    try:
        write_file(tmp_path / "new.toml", b"x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(os.stat(tmp_path / "new.toml").st_mode) == 0o640


def test_failed_rename_keeps_the_old_file_and_leaves_no_temporary(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.toml"
    path.write_bytes(b"old")

    def full(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(WriteError) as caught:
        write_file(path, b"new")
    assert str(caught.value) == f"{path}: cannot write (no space left on device)"
    assert caught.value.errno == errno.ENOSPC and isinstance(caught.value, OSError)
    assert path.read_bytes() == b"old" and os.listdir(tmp_path) == ["a.toml"]


def test_missing_directory_and_empty_path_are_named(tmp_path: Path) -> None:
    with pytest.raises(WriteError, match="no such directory"):
        write_file(tmp_path / "no" / "x.toml", b"x")
    with pytest.raises(WriteError, match="empty path"):
        write_file("", b"x")
    (tmp_path / "file").write_bytes(b"")
    with pytest.raises(WriteError, match="not a directory"):
        write_file(tmp_path / "file" / "x.toml", b"x")


def test_stale_temporaries_are_removed_on_the_next_save(tmp_path: Path) -> None:
    target = tmp_path / "lecture.toml"
    dead_writer = tmp_path / f".lecture.toml.{NO_SUCH_PID}.abcd1234.tmp"
    old_mkstemp = tmp_path / ".lecture.toml.k3j_9xq2.tmp"  # the earlier saves' tempfile.mkstemp name
    live_writer = tmp_path / f".lecture.toml.{os.getpid()}.zzzz0000.tmp"  # a save still under way
    other_target = tmp_path / f".lecture.toml.bak.{NO_SUCH_PID}.abcd1234.tmp"
    not_ours = tmp_path / ".lecture.toml.notes.tmp"
    for path in (dead_writer, old_mkstemp, live_writer, other_target, not_ours):
        path.write_bytes(b"partial")
    long_ago = time.time() - 10 * STALE_AFTER_S
    os.utime(old_mkstemp, (long_ago, long_ago))
    os.utime(not_ours, (long_ago, long_ago))

    write_file(target, b"saved")
    assert target.read_bytes() == b"saved"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["lecture.toml", live_writer.name, other_target.name, not_ours.name])

    os.utime(live_writer, (long_ago, long_ago))  # untouched for long: no save is writing it any more
    save_scenario(Scenario(), target)
    assert not live_writer.exists() and other_target.exists() and not_ours.exists()
    assert load_scenario(target) == Scenario()


# ---------------------------------------------------------------------------------------------
# Symbolic links: the target is replaced, the link stays

def test_symlink_is_written_through_to_its_target(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "lecture.toml"
    target.write_bytes(b"old")
    target.chmod(0o600)
    link = tmp_path / "current.toml"
    link.symlink_to(Path("real") / "lecture.toml")
    assert write_file(link, b"new") == target
    assert link.is_symlink() and os.readlink(link) == os.path.join("real", "lecture.toml")
    assert target.read_bytes() == b"new" and stat.S_IMODE(os.stat(target).st_mode) == 0o600
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["lecture.toml"]


def test_chain_of_two_symlinks(tmp_path: Path) -> None:
    target = tmp_path / "target.toml"
    target.write_bytes(b"old")
    middle, first = tmp_path / "middle.toml", tmp_path / "first.toml"
    middle.symlink_to(target)
    first.symlink_to(middle.name)
    write_file(first, b"new")
    assert first.is_symlink() and middle.is_symlink() and os.readlink(first) == "middle.toml"
    assert target.read_bytes() == b"new" and not target.is_symlink()


def test_dangling_link_creates_its_target_or_says_why_not(tmp_path: Path) -> None:
    link = tmp_path / "out.toml"
    link.symlink_to(tmp_path / "made.toml")
    write_file(link, b"made")
    assert link.is_symlink() and (tmp_path / "made.toml").read_bytes() == b"made"

    nowhere = tmp_path / "nowhere.toml"
    nowhere.symlink_to(tmp_path / "missing" / "x.toml")
    with pytest.raises(WriteError, match="dangling symbolic link") as caught:
        write_file(nowhere, b"x")
    assert str(nowhere) in str(caught.value) and nowhere.is_symlink()
    assert not (tmp_path / "missing").exists()


def test_symlink_loop_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    with pytest.raises(WriteError, match="symbolic links"):
        write_file(tmp_path / "a", b"x")
    assert (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()


# ---------------------------------------------------------------------------------------------
# FIFOs, devices, sockets: written through, never replaced; directories refused

def test_fifo_with_a_reader_receives_the_bytes_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    data = bytes(range(256)) * 1200  # 300 kB: more than a pipe holds, so the writer waits for the reader
    ready, received = threading.Event(), []
    reader = threading.Thread(target=read_fifo, args=(fifo, ready, received), daemon=True)
    reader.start()
    assert ready.wait(5)
    write_file(fifo, data)
    reader.join(15)
    assert not reader.is_alive()
    assert b"".join(received) == data
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(os.listdir(tmp_path)) == ["pipe"]


def test_fifo_without_a_reader_fails_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    start = time.monotonic()
    with pytest.raises(WriteError, match="no reader") as caught:
        write_file(fifo, b"x")
    assert time.monotonic() - start < 1.0
    assert caught.value.errno == errno.ENXIO and str(fifo) in str(caught.value)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)

    result = tslab("scenario", "--preset", "classroom-7b", "--out", str(fifo), timeout=20)
    one_error_line(result, str(fifo), "no reader")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_socket_receives_the_bytes_and_stays_a_socket(tmp_path: Path) -> None:
    path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(1)
    server.settimeout(10)  # a writer that never connects fails the test instead of hanging it
    received: list[bytes] = []

    def serve() -> None:
        connection, _ = server.accept()
        with connection:
            while chunk := connection.recv(1 << 16):
                received.append(chunk)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        write_file(path, b"scenario bytes" * 1000)
        thread.join(10)
    finally:
        server.close()
    assert b"".join(received) == b"scenario bytes" * 1000
    assert stat.S_ISSOCK(os.lstat(path).st_mode)


def test_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(WriteError, match="is a directory") as caught:
        write_file(tmp_path, b"x")
    assert str(tmp_path) in str(caught.value)
    with pytest.raises(ScenarioError, match="is a directory"):
        save_scenario(Scenario(), tmp_path)
    one_error_line(tslab("schedule", "--kind", "gpipe", "--ranks", "2", "--microbatches", "2", "--json",
                         "--out", str(tmp_path)), str(tmp_path), "is a directory")


def test_null_twin_stays_a_char_device_after_scenario_and_export(tmp_path: Path) -> None:
    null = device_twin(tmp_path, "null", NULL)
    link = tmp_path / "link-to-null"
    link.symlink_to(null)
    result = tslab("scenario", "--preset", "classroom-7b", "--out", str(null))
    assert result.returncode == 0 and result.stdout == "" and result.stderr == "", result.stderr
    assert is_char_device(null, NULL)
    result = tslab("export", "--tab", "memory", "--format", "png", "--out", str(null))
    assert result.returncode == 0 and result.stdout.strip() == str(null), result.stderr
    assert is_char_device(null, NULL)
    assert tslab("export", "--tab", "comm", "--format", "svg", "--out", str(link)).returncode == 0
    assert link.is_symlink() and is_char_device(null, NULL)
    assert sorted(os.listdir(tmp_path)) == ["link-to-null", "null"]


def test_full_twin_says_no_space_left_and_stays_a_device(tmp_path: Path) -> None:
    full = device_twin(tmp_path, "full", FULL)
    with pytest.raises(WriteError, match="no space left on device"):
        write_file(full, b"x")
    for argv in (("scenario", "--preset", "classroom-7b", "--out", str(full)),
                 ("schedule", "--kind", "1f1b", "--ranks", "4", "--microbatches", "8", "--csv", "--out", str(full)),
                 ("export", "--tab", "memory", "--format", "svg", "--out", str(full))):
        one_error_line(tslab(*argv), str(full), "no space left")
        assert is_char_device(full, FULL)
    assert os.listdir(tmp_path) == ["full"]


# ---------------------------------------------------------------------------------------------
# The command line: bad --out values and standard output

def assert_memory_png(data: bytes) -> None:
    """`data` is the memory figure as a PNG: at the export size, in the ledger's colours."""
    from test_export import H, W, has_colour, png_array

    from tslab.views.charts import ITEM_COLOURS
    pixels = png_array(data)
    assert pixels.shape == (H, W, 3)
    for key in ("params", "grads", "optimizer", "activations"):
        assert has_colour(pixels, ITEM_COLOURS[key]), key


def test_empty_out_and_a_suffix_naming_another_format_are_one_line(tmp_path: Path) -> None:
    for argv in (("scenario", "--preset", "classroom-7b", "--out", ""),
                 ("schedule", "--kind", "gpipe", "--ranks", "2", "--microbatches", "2", "--json", "--out", ""),
                 ("export", "--tab", "memory", "--format", "png", "--out", "")):
        one_error_line(tslab(*argv, cwd=tmp_path), "--out", "empty")
    pdf = tmp_path / "m.pdf"
    one_error_line(tslab("export", "--tab", "memory", "--format", "png", "--out", str(pdf)), str(pdf), ".pdf", "png")
    assert os.listdir(tmp_path) == []
    # A matching suffix (in any case) or one that names no figure format is written as given.
    for name in ("m.PNG", "m.figure"):
        assert tslab("export", "--tab", "memory", "--format", "png", "--out", str(tmp_path / name)).returncode == 0
        assert_memory_png((tmp_path / name).read_bytes())


def test_out_into_a_missing_directory_is_one_line(tmp_path: Path) -> None:
    target = tmp_path / "no" / "s.json"
    one_error_line(tslab("schedule", "--kind", "gpipe", "--ranks", "2", "--microbatches", "2", "--json",
                         "--out", str(target)), str(target), "no such directory")
    assert not target.parent.exists()


def test_dash_is_standard_output(tmp_path: Path) -> None:
    result = tslab("scenario", "--preset", "classroom-7b", "--out", "-", cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("schema_version = 3\n")
    png = subprocess.run([sys.executable, "-m", "tslab", "export", "--tab", "memory", "--format", "png", "--out", "-"],
                         capture_output=True, cwd=tmp_path, timeout=120,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert png.returncode == 0, png.stderr
    assert_memory_png(png.stdout)
    one_error_line(tslab("export", "--tab", "all", "--format", "png", "--out", "-", cwd=tmp_path), "--tab all")
    assert os.listdir(tmp_path) == []


def test_closed_stdout_is_one_line_and_exit_2(tmp_path: Path) -> None:
    def closed_stdout(*args: str) -> subprocess.CompletedProcess[str]:  # `tslab … >&-` in a shell
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        env.pop("TSLAB_DEBUG", None)
        return subprocess.run(["sh", "-c", 'exec "$0" "$@" >&-', sys.executable, "-m", "tslab", *args],
                              stderr=subprocess.PIPE, text=True, env=env, timeout=120)

    one_error_line(closed_stdout("scenario", "--preset", "classroom-7b"), "standard output", "closed")
    one_error_line(closed_stdout("export", "--tab", "memory", "--format", "png", "--out", "-"),
                   "standard output", "closed")
    # With --out the closed standard output is not used: success.
    result = closed_stdout("scenario", "--preset", "classroom-7b", "--out", str(tmp_path / "s.toml"))
    assert result.returncode == 0 and result.stderr == "" and (tmp_path / "s.toml").exists()


def test_full_device_as_stdout_is_one_line_and_exit_2(tmp_path: Path) -> None:
    full = device_twin(tmp_path, "full", FULL)
    with open(full, "wb") as stdout:  # a device node: opening it truncates nothing
        for argv in (("scenario", "--preset", "classroom-7b"),
                     ("mesh", "--preset", "deepseek-v3", "--json")):  # one small write, many large ones
            result = tslab(*argv, stdout=stdout, stderr=subprocess.PIPE, capture_output=False)
            one_error_line(result, "standard output", "no space left")
    assert is_char_device(full, FULL)


def test_a_reader_that_stops_early_is_a_quiet_exit_0() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    with subprocess.Popen([sys.executable, "-m", "tslab", "mesh", "--preset", "deepseek-v3", "--json"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.read(10) == b'{"world_si'  # megabytes follow: the writer meets the closed pipe
        process.stdout.close()  # like `| head -c 10`
        stderr = process.stderr.read().decode()
        assert process.wait(timeout=120) == 0
    assert all(line.startswith("tslab: warning: ") for line in stderr.splitlines()), stderr


def test_reasons_are_plain_words() -> None:
    assert files.reason(OSError(errno.ENOSPC, "No space left on device")) == "no space left on device"
    assert files.reason(OSError(errno.EXDEV, "Invalid cross-device link")) == "invalid cross-device link"
    error = WriteError(errno.EISDIR, "is a directory", Path("figures"))
    assert str(error) == "figures: cannot write (is a directory)" and error.filename == "figures"
