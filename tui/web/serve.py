"""``harbormaster serve``: the game in web browsers, through ``textual-serve``.

Every browser tab that connects starts its own ``harbormaster PATH`` process,
exactly as an SSH session does: the first one takes the writer's lock, every
other one opens the game as a live read-only viewer (and takes over when the
writer's tab closes and a new tab opens). ``--read-only`` starts every tab
with ``--read-only``: viewers only, for the players.

Nobody opens a tab without a secret: ``serve`` prints the referee's address
and the watchers' address, each with its own random token, and refuses any
request without one or from a foreign origin (:mod:`tui.web.guard`). A
watcher's tab always runs read-only. Each side's players get their own
address too: their tab runs ``harbormaster PATH --read-only --side SIDE``,
the game live with that side's fog of war (as its briefing), never
writing; ``--side SIDE`` serves that side's players only. The traffic is plain HTTP, so the default
address is the loopback one, and any other address prints a warning unless
the server is read-only.
"""

from __future__ import annotations

import ipaddress
import shlex
import socket
import sys
from pathlib import Path

from ..paths import data_dir
from .guard import WATCH, WRITE, GuardedServer, Tokens, parse_origin, side_role
from ..engine.sides import UnknownSide, side_word
from ..session import GameOpenError, create_game, open_game

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def parse_port(text: str) -> int:
    """A TCP port from the command line (1 to 65535); ValueError with the one-line reason otherwise."""
    try:
        port = int(text)
    except ValueError:
        raise ValueError(f"a port is a number from 1 to 65535, not {text!r}") from None
    if not 1 <= port <= 65535:
        raise ValueError(f"a port is a number from 1 to 65535, not {port}")
    return port


def check_public_url(text: str) -> str:
    """A ``--public-url`` (http or https, with a host); ValueError with the one-line reason otherwise."""
    if parse_origin(text) is None:
        raise ValueError(f"an http:// or https:// address with a host is needed, not {text!r}")
    return text.rstrip("/")


def token_url(base: str, token: str) -> str:
    """The address a browser opens in one step: ``base`` with the token in its query."""
    return f"{base.rstrip('/')}/?token={token}"


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
        f"WARNING: serving on {host}:{port}, which other machines can reach, over plain HTTP: anyone who can see "
        "the traffic between a browser and this machine can read the referee's token and change the game. Serve "
        "players with --read-only, or keep the default 127.0.0.1 and reach it through an SSH tunnel "
        f"(ssh -L {port}:127.0.0.1:{port} THIS_HOST)."
    )


BOOTSTRAP = ("import sys; getattr(sys.flags, 'safe_path', False) or sys.path.pop(0); "
             "from tui.cli import main; sys.exit(main())")
"""``harbormaster`` run by ``python -c`` without the current folder on ``sys.path`` (``-c`` puts it first, as ``''``,
unless ``-P`` or ``PYTHONSAFEPATH`` is set)."""


def app_command(path: Path, read_only: bool, side: str | None = None) -> str:
    """The shell command each browser tab runs: this Python running ``harbormaster PATH`` (``--read-only``,
    ``--side SIDE``: a side's view, always read-only).

    Started in the folder ``serve`` was started in (often a game folder shared
    with others), it imports nothing from there: ``python -m`` and ``-c`` put
    that folder first on ``sys.path``, so the command takes it off before any
    other import (``-P`` would, from Python 3.11 only).
    """
    argv = [sys.executable, "-c", BOOTSTRAP, str(Path(path).resolve())]
    if read_only or side is not None:
        argv.append("--read-only")
    if side is not None:
        argv += ["--side", side]
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
    problem, _ = open_sides(path)
    return problem


def open_sides(path: Path) -> tuple[str | None, tuple[str, ...]]:
    """Make the default save if it is missing; (None, its rule set's sides) when the save opens, else (the problem
    to print, ())."""
    data = data_dir()
    try:
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            game = create_game(path, data)
            game.close()
            print(f"Created a new game at {path}")
            return None, tuple(game.ruleset.sides)
        game = open_game(path, data, mode="read")
        game.store.close()  # type: ignore[attr-defined]
    except GameOpenError as exc:
        hint = f"; the newest good backup is {exc.backup} (harbormaster restore {path})" if exc.backup else ""
        return f"{exc}{hint}", ()
    return None, tuple(game.ruleset.sides)


def run(path: Path, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, read_only: bool = False,
        public_url: str | None = None, side: str | None = None) -> int:
    """Serve ``path`` until Ctrl+C or SIGTERM; returns the exit status (2 when the save, the side or the port is
    unusable). ``side``: one side's players only (every tab that side's read-only view)."""
    path = Path(path)
    if side is not None and not path.exists():
        print(f"harbormaster: no game at {path} to show to a side; nothing was created", file=sys.stderr)
        return 2
    problem, sides = open_sides(path)
    if problem:
        print(f"harbormaster: {problem}", file=sys.stderr)
        return 2
    if side is not None:
        try:
            sides = (side_word(sides, side, referee=False),)  # type: ignore[assignment]
        except UnknownSide:
            print(f"harbormaster: no side '{side}' in this game; sides: {', '.join(sides)}", file=sys.stderr)
            return 2
        read_only = True
    warning = exposure_warning(host, port, read_only)
    if warning:
        print(warning, file=sys.stderr)
    url = public_url or default_public_url(host, port)
    tokens = Tokens.new(read_only, sides)

    def announce() -> None:
        if side is not None:
            print(f"Serving {path} at {url} — the {sides[0].title()} players' view only (--side). Ctrl+C stops.")
        elif tokens.writer is None:
            print(f"Serving {path} at {url} — viewers only (--read-only). Ctrl+C stops.")
        else:
            print(f"Serving {path} at {url} — the first referee tab writes the game, other tabs watch it. Ctrl+C stops.")
            print(f"  Referee (can change the game; keep it to yourself): {token_url(url, tokens.writer)}")
        if side is None:
            print(f"  Watchers (read-only, everything): {token_url(url, tokens.watcher)}")
        for name, token in tokens.sides.items():
            print(f"  {name.title()} players (read-only, only what the {name.title()} side sees): {token_url(url, token)}")
        sys.stdout.flush()

    watch = app_command(path, True, sides[0] if side is not None else None)  # --side: no tab sees everything
    commands = {WRITE: watch if side is not None else app_command(path, read_only), WATCH: watch,
                **{side_role(name): app_command(path, True, name) for name in tokens.sides}}
    server = GuardedServer(commands, tokens, host=host, port=port, title=f"Harbormaster — {path.name}", public_url=url,
                           announce=announce)
    try:
        server.serve()
    except OSError as exc:
        print(f"harbormaster: cannot serve on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0

