"""Preloading: a resident Harbormaster, already loaded, that starts each screen as a forked copy of itself.

Most of a start is Python loading code: Textual, Harbormaster's own modules
and its rule sets (about twice a bare Textual app's start, measured in
``scripts/benchmark.py``). The first ``harbormaster`` run in a terminal starts
a preloader in the background; later runs hand it their terminal and arguments
over a private socket, and it forks a copy of itself, already loaded, that runs
the command line's own path (lock, open, checks, the screen) on that terminal.
The copy is an ordinary process of the same user: it takes the save's lock,
writes durably, and ends with the screen; the client waits for it, passes it
the terminal's signals (resize, hang-up, terminate) and exits with its code.

Anything unusual falls back to a start from scratch: no terminal, the
preloader absent or busy, its code or data older than the files on disk (it
then ends, and the next run starts a new one), a different environment for
what is read at import time (``TEXTUAL_*``, ``PYTHON*``, the locale,
``HARBORMASTER_DATA``), or ``HARBORMASTER_PRELOAD=0``. The preloader
(:mod:`tui.preloader`) ends after :data:`IDLE_SECONDS` with no start and no
screen of its own running. Its socket lives in a folder only
this user can open (``$XDG_RUNTIME_DIR`` or ``/tmp/harbormaster-UID``), and it
serves only connections from this user.

This module is the console script's entry point (:func:`launch`), so it
imports only the standard library until it is sure it must start from scratch.
"""

from __future__ import annotations

import marshal
import os
import signal
import stat
import sys
import time
import zlib

TYPE_CHECKING = False
if TYPE_CHECKING:  # for annotations only: the client imports as little as it can before it knows it needs it
    import socket

IDLE_SECONDS = 15 * 60
"""The preloader ends after this long with no screen of its own running and no start (``HARBORMASTER_PRELOAD_IDLE``
overrides it, in seconds: tests). A game played for hours keeps it, so quitting and starting again is quick."""
START_DELAY = 2.0
"""Seconds the preloader waits before loading, so the start that launched it has the machine to itself."""
SWITCH = "HARBORMASTER_PRELOAD"
"""``0`` turns preloading off (always start from scratch)."""
RUNTIME = "HARBORMASTER_RUNTIME_DIR"
"""Overrides the folder of the preloader's socket (tests)."""
REPORT = "HARBORMASTER_PRELOAD_REPORT"
"""A file to which the client appends how it started (``preloaded PID`` or ``scratch``): for tests and the benchmark."""
HERE = os.path.dirname(os.path.abspath(__file__))
HEAD = 4
"""Bytes of a message's length, before its body (a ``marshal``-ed dict: the same interpreter on both ends)."""


# ------------------------------------------------------------------ shared
def runtime_dir() -> str | None:
    """The preloader's folder (made if missing), or None if it is not this user's alone."""
    given = os.environ.get(RUNTIME)
    if given:
        folder = given
    else:
        base = os.environ.get("XDG_RUNTIME_DIR") or os.environ.get("TMPDIR") or "/tmp"
        folder = os.path.join(base, f"harbormaster-{os.getuid()}")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        st = os.lstat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o077:
        return None
    return folder


def _data_folder() -> str:
    return os.environ.get("HARBORMASTER_DATA") or next(
        (p for p in (os.path.join(HERE, "data"), os.path.join(os.path.dirname(HERE), "data")) if os.path.isdir(p)), "")


def fingerprint() -> int:
    """A checksum of what a start loads: Harbormaster's code, its data, Textual's code and the interpreter."""
    roots = [HERE, _data_folder()]
    try:
        import importlib.util

        spec = importlib.util.find_spec("textual")
        if spec is not None and spec.origin:
            roots.append(os.path.dirname(spec.origin))
    except (ImportError, ValueError):
        pass
    parts = [sys.version, sys.executable]
    for root in roots:
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".py", ".tcss", ".toml", ".md")):
                    try:
                        st = os.stat(os.path.join(folder, name))
                    except OSError:
                        continue
                    parts.append(f"{folder}/{name}:{st.st_mtime_ns}:{st.st_size}")
    return zlib.crc32("\n".join(parts).encode())


def import_environment(env: dict[str, str]) -> dict[str, str]:
    """The variables read when modules are imported (so a preloaded copy must have been loaded under the same)."""
    return {k: v for k, v in env.items()
            if k.startswith(("TEXTUAL", "PYTHON")) or k in ("ESCDELAY", "LANG", "LC_ALL", "LC_CTYPE", "HARBORMASTER_DATA")}


def send_message(sock: socket.socket, message: dict[str, object], fds: list[int] | None = None) -> None:
    import socket
    import struct

    payload = marshal.dumps(message)
    data = len(payload).to_bytes(HEAD, "big") + payload
    if fds:
        sock.sendmsg([data], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, struct.pack(f"{len(fds)}i", *fds))])
    else:
        sock.sendall(data)


def recv_message(sock: socket.socket, with_fds: int = 0) -> tuple[dict[str, object] | None, list[int]]:
    """One message (None at the end of the connection) and the descriptors sent with it."""
    import socket
    import struct

    fds: list[int] = []
    head = b""
    while len(head) < HEAD:
        if with_fds and not fds:
            chunk, ancillary, _flags, _addr = sock.recvmsg(HEAD - len(head), socket.CMSG_SPACE(with_fds * 4))
            for level, kind, payload in ancillary:
                if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                    fds.extend(struct.unpack(f"{len(payload) // 4}i", payload[: len(payload) // 4 * 4]))
        else:
            chunk = sock.recv(HEAD - len(head))
        if not chunk:
            return None, fds
        head += chunk
    size = int.from_bytes(head, "big")
    body = b""
    while len(body) < size:
        chunk = sock.recv(size - len(body))
        if not chunk:
            return None, fds
        body += chunk
    message = marshal.loads(body)
    return (message, fds) if isinstance(message, dict) else (None, fds)


def _report(how: str) -> None:
    where = os.environ.get(REPORT)
    if where:
        with open(where, "a", encoding="utf-8") as out:
            out.write(how + "\n")


# ------------------------------------------------------------------ client
def launch() -> None:
    """The ``harbormaster`` console script: through the preloader when it can, else from scratch."""
    argv = sys.argv[1:]
    if argv[:1] == ["preloader"]:
        sys.exit(preloader_command(argv[1:]))
    code = run_preloaded(argv)
    if code is None:
        _report("scratch")
        from .cli import main

        code = main(argv)
    sys.exit(code)


def preloader_command(argv: list[str]) -> int:
    """``harbormaster preloader status|stop``: whether a preloader serves this user, or end it."""
    if argv not in (["status"], ["stop"]):
        print("usage: harbormaster preloader status|stop", file=sys.stderr)
        return 2
    folder = runtime_dir()
    pid = _serving(folder) if folder else None
    if pid is None:
        print("no preloader is running" + (f" (folder {folder})" if folder else " (no private folder for one)"))
        return 0
    if argv == ["status"]:
        print(f"a preloader is running: pid {pid}, socket {os.path.join(folder or '', 'preload.sock')}")
        return 0
    os.kill(pid, signal.SIGTERM)
    print(f"stopped the preloader (pid {pid})")
    return 0


def _serving(folder: str) -> int | None:
    """The pid of the preloader holding ``folder``'s lock, or None when none holds it."""
    import fcntl

    try:
        with open(os.path.join(folder, "preload.lock"), "r+") as guard:
            try:
                fcntl.flock(guard, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:  # held: by the preloader, which wrote its pid first thing
                time.sleep(0.05)
                guard.seek(0)
                return int(guard.read().split()[0])
            fcntl.flock(guard, fcntl.LOCK_UN)
            return None
    except (OSError, ValueError, IndexError):
        return None


def wanted() -> bool:
    """Whether to use (and start) the preloader: a screen in a terminal, not turned off."""
    return os.environ.get(SWITCH, "1") != "0" and all(os.isatty(fd) for fd in (0, 1, 2))


def run_preloaded(argv: list[str]) -> int | None:
    """Run ``harbormaster ARGV`` in a preloaded copy on this terminal and return its exit code, or None to start
    from scratch (starting a preloader for next time where there is none)."""
    if not wanted():
        return None
    folder = runtime_dir()
    if folder is None:
        return None
    import socket

    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(2.0)
        sock.connect(os.path.join(folder, "preload.sock"))
        send_message(sock, {"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ), "umask": _umask(),
                     "key": fingerprint(), "encoding": sys.stdout.encoding, "errors": sys.stdout.errors}, [0, 1, 2])
        reply, _ = recv_message(sock)
    except OSError:
        sock.close()
        start_preloader(folder)
        return None
    if not reply or not reply.get("ok"):
        sock.close()
        if reply and reply.get("restart"):
            start_preloader(folder)
        return None
    return _wait_for(sock, int(reply["pid"]))


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _wait_for(sock: socket.socket, pid: int) -> int:
    """Pass the terminal's signals to the copy running the screen; its exit code when it ends."""
    import termios

    try:
        saved = termios.tcgetattr(0)
    except termios.error:
        saved = None
    _report(f"preloaded {pid}")

    def forward(signum: int, _frame: object) -> None:
        try:
            os.kill(pid, signum)
        except ProcessLookupError:
            pass

    for sig in (signal.SIGWINCH, signal.SIGHUP, signal.SIGTERM, signal.SIGINT, signal.SIGQUIT, signal.SIGCONT):
        signal.signal(sig, forward)
    sock.settimeout(None)
    try:
        reply, _ = recv_message(sock)
    except OSError:
        reply = None
    sock.close()
    if reply is None or "exit" not in reply:  # it ended without a word (killed): give the terminal back as it was
        if saved is not None:
            try:
                termios.tcsetattr(0, termios.TCSADRAIN, saved)
            except termios.error:
                pass
        sys.stderr.write("\x1b[?1049l\x1b[?25h")  # leave the screen's alternate buffer, show the cursor
        sys.stderr.write("harbormaster: the screen ended unexpectedly; every command it acknowledged is saved.\n")
        return 1
    code = reply["exit"]
    return code if isinstance(code, int) else 1


def start_preloader(folder: str) -> None:
    """Start a preloader in the background (detached from this terminal and session), for the next start."""
    try:
        pid = os.fork()
    except OSError:
        return
    if pid:
        try:
            os.waitpid(pid, 0)  # the intermediate process exits at once; the preloader is orphaned, not a zombie
        except ChildProcessError:
            pass
        return
    try:
        os.setsid()
        if os.fork():
            os._exit(0)
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        code = f"import sys; sys.path.insert(0, {os.path.dirname(HERE)!r}); from tui.preloader import serve; serve({folder!r})"
        os.execv(sys.executable, [sys.executable, "-c", code])
    finally:
        os._exit(0)
