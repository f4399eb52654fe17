"""``harbormaster serve``: the game in web browsers, through ``textual-serve``.

Every browser tab that connects starts its own ``harbormaster PATH`` process,
exactly as an SSH session does: the first one takes the writer's lock, every
other one opens the game as a live read-only viewer (and takes over when the
writer's tab closes and a new tab opens). ``--read-only`` starts every tab
with ``--read-only``: viewers only, for the players.

Anyone who can reach the port can open a tab, and the first tab is the
referee: there is no password. So the default address is the loopback one,
and any other address prints a warning unless the server is read-only.
"""

from __future__ import annotations

import ipaddress
import shlex
import socket
import sys
from pathlib import Path

from .paths import data_dir
from .session import GameOpenError, create_game, open_game

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (127.0.0.0/8, ::1, ``localhost``)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def exposure_warning(host: str, port: int, read_only: bool) -> str | None:
    """The warning to print before serving on ``host``, or None when there is nothing to warn about."""
    if is_loopback(host) or read_only:
        return None
    return (
        f"WARNING: serving on {host}:{port}, which other machines can reach. Anyone who reaches this port "
        "can open the game in a browser, and the first tab to open it is the referee: it can change the game, "
        "undo and redo, with no password. Serve players with --read-only, or keep the default 127.0.0.1 and "
        f"reach it through an SSH tunnel (ssh -L {port}:127.0.0.1:{port} THIS_HOST)."
    )


BOOTSTRAP = ("import sys; getattr(sys.flags, 'safe_path', False) or sys.path.pop(0); "
             "from tui.cli import main; sys.exit(main())")
"""``harbormaster`` run by ``python -c`` without the current folder on ``sys.path`` (``-c`` puts it first, as ``''``,
unless ``-P`` or ``PYTHONSAFEPATH`` is set)."""


def app_command(path: Path, read_only: bool) -> str:
    """The shell command each browser tab runs: this Python running ``harbormaster PATH`` (``--read-only``).

    Started in the folder ``serve`` was started in (often a game folder shared
    with others), it imports nothing from there: ``python -m`` and ``-c`` put
    that folder first on ``sys.path``, so the command takes it off before any
    other import (``-P`` would, from Python 3.11 only).
    """
    argv = [sys.executable, "-c", BOOTSTRAP, str(Path(path).resolve())]
    if read_only:
        argv.append("--read-only")
    return shlex.join(argv)


def default_public_url(host: str, port: int) -> str:
    """Where browsers reach the server: the host itself, or this machine's name when bound to every address."""
    if host in ("0.0.0.0", "::", ""):
        host = socket.getfqdn()
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def check_save(path: Path) -> str | None:
    """Make the default save if it is missing; None when the save opens, else the problem to print."""
    data = data_dir()
    try:
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            create_game(path, data).close()
            print(f"Created a new game at {path}")
            return None
        game = open_game(path, data, mode="read")
        game.store.close()  # type: ignore[attr-defined]
    except GameOpenError as exc:
        hint = f"; the newest good backup is {exc.backup} (harbormaster restore {path})" if exc.backup else ""
        return f"{exc}{hint}"
    return None


def run(path: Path, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, read_only: bool = False,
        public_url: str | None = None) -> int:
    """Serve ``path`` until Ctrl+C or SIGTERM; returns the exit status (2 when the save or the port is unusable)."""
    from textual_serve.server import Server

    path = Path(path)
    problem = check_save(path)
    if problem:
        print(f"harbormaster: {problem}", file=sys.stderr)
        return 2
    warning = exposure_warning(host, port, read_only)
    if warning:
        print(warning, file=sys.stderr)
    url = public_url or default_public_url(host, port)
    who = "viewers only (--read-only)" if read_only else "the first tab writes the game, other tabs watch it"
    print(f"Serving {path} at {url} — {who}. Ctrl+C stops.", flush=True)
    server = Server(app_command(path, read_only), host=host, port=port, title=f"Harbormaster — {path.name}", public_url=url)
    try:
        server.serve()
    except OSError as exc:
        print(f"harbormaster: cannot serve on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0

