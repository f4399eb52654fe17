"""Who may open a served game: the secret tokens, the allowed origins, and the guarded textual-serve server.

``harbormaster serve`` makes two random tokens: the referee's (writer) token
and the watchers' token (``--read-only`` makes the watchers' one only). The
first request carries the token in its URL (``?token=...``); the page answers
with an HttpOnly, SameSite=Strict cookie holding it, so the page's scripts,
styles and WebSocket, all on the same origin, carry it without showing it.
Every route refuses a request without a valid token (403), and any request
whose ``Origin`` (sent by browsers on the WebSocket and on scripted requests)
or ``Host`` is not the served address, so a web page of another site cannot
drive the game from the referee's browser. A tab opened with the watchers'
token runs ``harbormaster PATH --read-only``: it can never write. A side's
token (one per side) opens ``harbormaster PATH --read-only --side SIDE``: the
game as that side's briefing shows it, read-only, on whichever route.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from typing import Any, Awaitable, Callable
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import web
import msgspec
from msgspec import field
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

WRITE = "write"
WATCH = "watch"
SIDE = "side:"
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARD_HOSTS = ("0.0.0.0", "::", "")
Origin = tuple[str, str, int]  # scheme, host name (lower case, no brackets), port


class Tokens(msgspec.Struct, frozen=True):
    """The secrets of one ``serve``: the writer's (None when read-only), the watchers', and one per side."""

    writer: str | None
    watcher: str
    sides: dict[str, str] = field(default_factory=dict)

    @classmethod
    def new(cls, read_only: bool, sides: tuple[str, ...] = ()) -> Tokens:
        """Fresh random tokens (256 bits each); no writer token when ``read_only``; one for each of ``sides``."""
        return cls(None if read_only else secrets.token_urlsafe(32), secrets.token_urlsafe(32),
                   {side: secrets.token_urlsafe(32) for side in sides})

    def role(self, token: str | None) -> str | None:
        """:data:`WRITE`, :data:`WATCH`, :func:`side_role` of a side, or None (no such token), compared in constant
        time (every token is compared, whichever matches)."""
        if not token:
            return None
        given = token.encode("utf-8", "replace")
        writer = self.writer is not None and secrets.compare_digest(given, self.writer.encode())
        watcher = secrets.compare_digest(given, self.watcher.encode())
        found = [side for side, secret in self.sides.items() if secrets.compare_digest(given, secret.encode())]
        return WRITE if writer else WATCH if watcher else side_role(found[0]) if found else None


def side_role(side: str) -> str:
    """The role of a side's players: their tab shows only what ``side`` sees, read-only, on any route."""
    return f"{SIDE}{side}"


def parse_origin(url: str) -> Origin | None:
    """``(scheme, host, port)`` of an http(s) URL or ``Origin`` header, the default port filled in; None if it is not one."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port or (443 if scheme == "https" else 80)


#: A ``Host`` header as browsers send it: a host name or IPv4 address, or an IPv6 address in brackets, and a port.
#: Nothing else (``@``, ``#``, ``/``, ``?``, a space), though a URL parser would find an allowed name in it.
_HOST = re.compile(r"(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def host_origin(host: str, origins: frozenset[Origin]) -> Origin | None:
    """The origin of ``origins`` the ``Host`` header ``host`` names, or None: the rebinding check (``evil@localhost``
    and ``localhost#x`` name no host a browser asks for, and are refused)."""
    if not _HOST.fullmatch(host):
        return None
    for scheme in ("http", "https"):
        found = parse_origin(f"{scheme}://{host}")
        if found in origins:
            return found
    return None


def allowed_origins(host: str, port: int, public_url: str | None) -> frozenset[Origin]:
    """The origins a served page may have: the bound address (every loopback name of it), and ``public_url``."""
    names = {host.strip("[]").lower()} - set(WILDCARD_HOSTS)
    if not names or names & set(LOOPBACK_NAMES) or host.startswith("127."):
        names |= set(LOOPBACK_NAMES)
    origins = {("http", name, port) for name in names}
    public = parse_origin(public_url) if public_url else None
    if public is not None:  # a tunnel's local end (http://127.0.0.1:9000) answers to every loopback name too
        origins |= {(public[0], name, public[2]) for name in LOOPBACK_NAMES} if public[1] in LOOPBACK_NAMES else {public}
    return frozenset(origins)


def cookie_name(port: int) -> str:
    """The cookie holding the token: one per port, since browsers share cookies between the ports of a host."""
    return f"harbormaster-serve-{port}"


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class GuardedServer(Server):
    """textual-serve's server behind the token and origin checks; each tab runs the writer's or the watchers' command."""

    def __init__(self, commands: dict[str, str], tokens: Tokens, *, host: str, port: int, title: str,
                 public_url: str, announce: Callable[[], None] = lambda: None) -> None:
        super().__init__(commands[WATCH], host=host, port=port, title=title, public_url=public_url)
        self.announce = announce
        self.commands = commands
        self.tokens = tokens
        self.origins = allowed_origins(host, port, public_url)
        self.public = parse_origin(public_url)
        self.cookie = cookie_name(port)
        self.tabs: set[AppService] = set()
        """The tabs open now: each runs an app process that may hold the writer's lock (see :meth:`hang_up_tabs`)."""

    # ------------------------------------------------------------ checks
    def refusal(self, request: web.Request) -> tuple[str | None, str]:
        """(role, why): the role the request may act as, or None and the reason it is refused."""
        origin = request.headers.get("Origin")
        if origin is not None and parse_origin(origin) not in self.origins:
            return None, f"foreign origin {origin[:80]!r}"
        if self.host_origin(request) is None:
            return None, f"unknown host {request.host[:80]!r}: open the address harbormaster serve printed"
        given = request.query.get("token")
        token = given if given is not None else request.cookies.get(self.cookie)
        role = self.tokens.role(token)
        if role is None:
            return None, "no valid token: open the address harbormaster serve printed (with its ?token=...)"
        return role, ""

    def host_origin(self, request: web.Request) -> Origin | None:
        """The allowed origin the request's ``Host`` names (its scheme taken from the public URL), or None."""
        return host_origin(request.host, self.origins)

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse (403) any request without a valid token or from a foreign origin; set the cookie from a URL token."""
        role, why = self.refusal(request)
        if role is None:
            raise web.HTTPForbidden(text=f"harbormaster serve: refused: {why}\n", headers=self.headers())
        request["role"] = role
        response = await handler(request)
        if not response.prepared:
            response.headers.update(self.headers())
            token = request.query.get("token")
            if token is not None:
                https = self.host_origin(request) == self.public and self.public is not None and self.public[0] == "https"
                response.set_cookie(self.cookie, token, path="/", httponly=True, samesite="Strict", secure=https)
        return response

    @staticmethod
    def headers() -> dict[str, str]:
        """Headers of every answer: no caching, no referrer (the URL holds the token), no framing by other sites."""
        return {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff",
                "Content-Security-Policy": "frame-ancestors 'none'"}

    # ------------------------------------------------------------ routes
    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/ws/watch", self.handle_websocket, name="watch"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, name="static"),
        ])
        return app

    async def handle_index(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        """The page: its scripts and WebSocket at the public address, or on this machine at the loopback name it was
        opened with (the cookie of ``localhost`` is not sent to ``127.0.0.1``); a watcher's page opens ``/ws/watch``."""
        origin = self.host_origin(request)
        local = self.public is None or self.public[1] in LOOPBACK_NAMES
        base = f"{origin[0]}://{request.host}" if local and origin and origin != self.public else self.public_url.rstrip("/")
        route = "websocket" if request["role"] == WRITE else "watch"
        ws = ("wss:" if base.startswith("https") else "ws:") + base.split(":", 1)[1] + str(request.app.router[route].url_for())
        context: dict[str, Any] = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": ws,
            "config": {"static": {"url": base + "/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab: the writer's command for a writer on ``/ws``, a side's view for a side's token, the read-only one
        for anyone else. The shell textual-serve starts it with ``exec``s it, so the tab's process is the app itself
        (a hang-up sent to the tab reaches it: :meth:`hang_up_tabs`)."""
        role = request["role"]
        if role == WRITE and request.match_info.route.name != "websocket":
            role = WATCH  # the writer's token on a watcher page's route; a side's role is its own on any route
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        app_service: AppService | None = None
        try:
            await websocket.prepare(request)
            app_service = AppService(f"exec {self.commands[role]}", write_bytes=websocket.send_bytes,
                                     write_str=websocket.send_str,
                                     close=websocket.close, download_manager=self.download_manager, debug=self.debug)
            await app_service.start(width, height)
            self.tabs.add(app_service)
            try:
                await self._process_messages(websocket, app_service)
            finally:
                await app_service.stop()
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # a broken tab must not stop the server; logged as textual-serve does
            logging.getLogger("textual-serve").exception(error)
        finally:
            if app_service is not None:
                self.tabs.discard(app_service)
                await app_service.stop()
        return websocket

    def hang_up_tabs(self) -> None:
        """Hang up every open tab's app (SIGHUP), as a dropped link does: each lets go of its lock at once and ends
        within ``tui.app.ending.GRACE`` seconds, without waiting for the server's own shutdown."""
        import os
        import signal

        for tab in list(self.tabs):
            process = getattr(tab, "_process", None)  # textual-serve 1.1.3 (pinned) keeps the tab's process here
            if process is not None and process.returncode is None:
                try:
                    os.kill(process.pid, signal.SIGHUP)
                except ProcessLookupError:
                    pass

    def request_exit(self) -> None:
        """Ctrl+C, SIGTERM or SIGHUP (the SSH link that started ``serve`` dropped): hang up the tabs, then stop."""
        self.hang_up_tabs()
        super().request_exit()

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C, SIGTERM or SIGHUP: ``announce`` once the port is bound; no textual-serve banner, no
        access log (its lines would hold the tokens). Stopping hangs up the tabs first and waits at most a second for
        the open connections."""
        import signal

        self.debug = debug
        self.initialize_logging()
        try:
            loop = asyncio.get_event_loop()
        except Exception:
            loop = asyncio.new_event_loop()
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            try:
                loop.add_signal_handler(sig, self.request_exit)
            except NotImplementedError:
                pass
        web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False, loop=loop,
                    shutdown_timeout=1.0, access_log=None, print=lambda *args: self.announce())
