"""The preloader itself: a resident Harbormaster, already loaded, that forks a copy of itself for each start.

:mod:`tui.preload` is the client (the console script) and the wire both ends
speak; this module is what runs in the background: it loads everything a start
loads once (:func:`preload`), then answers each start on its private socket
(:func:`serve`) with a forked copy that takes the client's terminal, folder and
environment and runs the command line's own path (:func:`_run_copy`).
"""

from __future__ import annotations

import os
import signal
import sys
import time
from typing import TYPE_CHECKING

from .preload import IDLE_SECONDS, START_DELAY, fingerprint, import_environment, recv_message, runtime_dir, send_message

if TYPE_CHECKING:
    import socket


def preload() -> None:
    """Load what a start loads: the command line, the screens and dialogs, Textual's widgets, every rule set."""
    import gc
    import importlib
    import pkgutil

    from . import screens, widgets
    from .engine.setup import RULESETS, load_ruleset
    from .paths import data_dir

    for package in (screens, widgets):
        for info in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{info.name}")
    importlib.import_module(".cli", __package__)
    importlib.import_module(".app", __package__)
    for ruleset in RULESETS:
        load_ruleset(ruleset, data_dir())
    gc.collect()
    gc.freeze()  # what every copy shares: never walked by a copy's collector (and its pages stay shared)


def serve(folder: str | None = None) -> None:
    """Run the preloader on ``folder`` (see :func:`runtime_dir`) until it is idle for :data:`IDLE_SECONDS` (no start,
    no screen of its own running), its code or data change, or another preloader holds the folder."""
    import fcntl
    import select
    import socket

    folder = folder or runtime_dir()
    if folder is None:
        return
    guard = open(os.path.join(folder, "preload.lock"), "w")  # noqa: SIM115 - held for the preloader's life
    try:
        fcntl.flock(guard, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return  # another preloader serves this folder
    guard.write(f"{os.getpid()}\n")  # who serves it (``kill $(cat preload.lock)`` ends it)
    guard.flush()
    time.sleep(float(os.environ.get("HARBORMASTER_PRELOAD_DELAY", START_DELAY)))
    key = fingerprint()
    environment = import_environment(dict(os.environ))
    preload()
    path = os.path.join(folder, "preload.sock")
    if os.path.lexists(path):
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    os.chmod(path, 0o600)
    server.listen(8)
    signal.signal(signal.SIGCHLD, _reap)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    idle = float(os.environ.get("HARBORMASTER_PRELOAD_IDLE", IDLE_SECONDS))
    idle_until = time.monotonic() + idle
    try:
        while True:
            try:
                ready, _, _ = select.select([server], [], [], max(0.0, idle_until - time.monotonic()))
            except InterruptedError:
                continue
            if not ready:
                if _running_copies():  # a screen it started still runs: not idle
                    idle_until = time.monotonic() + idle
                    continue
                return
            try:
                conn, _ = server.accept()
            except InterruptedError:
                continue
            idle_until = time.monotonic() + idle
            if not _serve_one(conn, server, key, environment):
                return
    finally:
        try:
            os.unlink(path)  # ours: this preloader holds the folder's lock
        except OSError:
            pass
        server.close()


_COPIES: set[int] = set()
"""The copies (screens) this preloader forked that still run (as far as SIGCHLD has said)."""


def _running_copies() -> bool:
    """Whether a copy still runs; forgets those already gone (one may have ended before it was noted down)."""
    for pid in list(_COPIES):
        try:
            if os.waitpid(pid, os.WNOHANG)[0] == 0:
                continue
        except ChildProcessError:
            pass
        _COPIES.discard(pid)
    return bool(_COPIES)


def _reap(_signum: int, _frame: object) -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        _COPIES.discard(pid)


def _serve_one(conn: socket.socket, server: socket.socket, key: int, environment: dict[str, str]) -> bool:
    """Answer one start; False when the preloader must end (its code or data changed)."""
    import socket
    import struct

    fds: list[int] = []
    try:
        conn.settimeout(5.0)
        creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        _pid, uid, _gid = struct.unpack("3i", creds)
        if uid != os.getuid():
            return True
        request, fds = recv_message(conn, with_fds=3)
        if request is None or len(fds) != 3:
            return True
        if request.get("key") != key or fingerprint() != key:
            send_message(conn, {"ok": False, "why": "the code or data changed since the preloader started", "restart": True})
            return False
        if import_environment(request.get("env", {})) != environment:
            send_message(conn, {"ok": False, "why": "another environment"})
            return True
        child = os.fork()
        if child == 0:
            _run_copy(conn, server, request, fds)  # never returns
        _COPIES.add(child)
        return True
    except (OSError, ValueError, KeyError, TypeError):
        return True
    finally:
        for fd in fds:
            try:
                os.close(fd)
            except OSError:
                pass
        conn.close()


def _run_copy(conn: socket.socket, server: socket.socket, request: dict[str, object], fds: list[int]) -> None:
    """In the forked copy: take the client's terminal, folder and environment, run the command line, report its code."""
    import io
    import threading
    import traceback

    code = 1
    try:
        server.close()
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        os.setsid()
        for target, fd in zip((0, 1, 2), fds):
            os.dup2(fd, target)
        for fd in fds:
            os.close(fd)
        fds.clear()
        os.chdir(request["cwd"])
        os.umask(int(request["umask"]))
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = ["harbormaster", *request["argv"]]
        encoding, errors = request.get("encoding") or "utf-8", request.get("errors") or "strict"
        sys.stdin = sys.__stdin__ = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding=encoding, errors=errors)
        sys.stdout = sys.__stdout__ = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "w", closefd=False)), encoding=encoding,
                                                       errors=errors, line_buffering=True)
        sys.stderr = sys.__stderr__ = io.TextIOWrapper(io.BufferedWriter(io.FileIO(2, "w", closefd=False)), encoding=encoding,
                                                       errors="backslashreplace", line_buffering=True)
        conn.settimeout(None)
        send_message(conn, {"ok": True, "pid": os.getpid()})

        def client_gone() -> None:  # the client was killed: end the screen as a dropped terminal would
            try:
                conn.recv(1)
            except OSError:
                pass
            os.kill(os.getpid(), signal.SIGHUP)

        threading.Thread(target=client_gone, daemon=True).start()
        from .cli import main

        try:
            code = main(request["argv"])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # noqa: BLE001 - reported on the terminal, as a start from scratch would
        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        try:
            send_message(conn, {"exit": code})
        except OSError:
            pass
        os._exit(code)


if __name__ == "__main__":
    serve()
