"""Issue 18, point 1: nobody drives a served game without its secret; point 6: ``serve --port`` refusals.

``harbormaster serve`` prints a referee's and a watchers' address, each with
its own random token. Without a valid token, or from a foreign ``Origin``, the
page, its scripts and the WebSocket are refused (403); a tab opened with the
watchers' token never writes. The knocks are those of ``scripts/proofs.py``
(``scripts/proofs_serve.py``), against a real ``serve`` on a free port.
"""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.accounts import ps
from tests.conftest import fixed_clock
from tui.web.guard import WATCH, WRITE, Tokens, allowed_origins, parse_origin
from tui.session import create_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def save(tmp_path: Path, data: Path) -> Path:
    path = tmp_path / "game.json"
    create_game(path, data, seed=4, clock=fixed_clock).close()
    return path


@pytest.fixture
def served(save: Path) -> Iterator[dict[str, str]]:
    """A running ``serve`` of ``save``: its addresses (``base``, ``writer``, ``watcher``)."""
    proc, urls = ps.start_serve(save)
    try:
        yield urls
    finally:
        ps.stop(proc)


def _token(urls: dict[str, str], role: str) -> str | None:
    return ps.token_of(urls.get(role))


def test_18_1_tokens_are_random_one_per_role_and_compared_whole() -> None:
    """Issue 18.1: two random tokens (the writer's, the watchers'); --read-only makes the watchers' only."""
    a, b = Tokens.new(read_only=False), Tokens.new(read_only=False)
    assert a.writer and len(a.writer) >= 43 and len(a.watcher) >= 43
    assert len({a.writer, a.watcher, b.writer, b.watcher}) == 4
    assert a.role(a.writer) == WRITE and a.role(a.watcher) == WATCH
    assert a.role(b.writer) is None and a.role(a.writer[:-1]) is None and a.role(a.writer + "x") is None
    assert a.role("") is None and a.role(None) is None and a.role("é" * 43) is None
    ro = Tokens.new(read_only=True)
    assert ro.writer is None and ro.role(ro.watcher) == WATCH and ro.role("None") is None


def test_18_1_only_the_served_address_and_the_public_url_are_allowed_origins() -> None:
    """Issue 18.1: the loopback names of the bound port and --public-url; any other site, port or scheme is foreign."""
    origins = allowed_origins("127.0.0.1", 8000, "https://games.example.org/hm")
    for ok in ("http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000", "https://games.example.org",
               "HTTPS://Games.Example.org:443"):
        assert parse_origin(ok) in origins, ok
    for foreign in ("http://evil.example.com", "http://127.0.0.1:8001", "https://127.0.0.1:8000", "http://games.example.org",
                    "http://127.0.0.1.evil.example.com:8000", "null", "", "file://", "http://localhost:99999"):
        assert parse_origin(foreign) not in origins, foreign
    tunnel = allowed_origins("127.0.0.1", 8000, "http://127.0.0.1:9000")  # ssh -L 9000:127.0.0.1:8000
    assert {parse_origin("http://localhost:9000"), parse_origin("http://127.0.0.1:8000")} <= tunnel
    assert parse_origin("http://example.org:9000") not in tunnel


def test_18_1_without_a_token_the_page_and_the_websocket_are_refused(served: dict[str, str]) -> None:
    """Issue 18.1: no token: the page, its script and both WebSocket routes answer 403 (before: 200 and 101)."""
    base = served["base"]
    assert ps.page_status(f"{base}/") == 403
    assert ps.page_status(f"{base}/static/js/textual.js") == 403
    assert ps.page_status(f"{base}/download/x") == 403
    assert ps.websocket_status(f"{base}/ws?width=80&height=24") == 403
    assert ps.websocket_status(f"{base}/ws/watch") == 403
    assert ps.websocket_status(f"{base}/ws", origin=base) == 403


def test_18_1_the_printed_address_opens_in_one_step_and_leaves_a_strict_cookie(served: dict[str, str]) -> None:
    """Issue 18.1: the printed URL answers the page and an HttpOnly SameSite=Strict cookie; the cookie alone then opens."""
    base, writer = served["base"], _token(served, "writer")
    assert writer and served["writer"] == f"{base}/?token={writer}"
    with urllib.request.urlopen(served["writer"], timeout=10) as response:
        assert response.status == 200
        page = response.read().decode()
        cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and writer in cookie
    assert f'data-session-websocket-url="ws://127.0.0.1:{base.rsplit(":", 1)[1]}/ws"' in page
    port = base.rsplit(":", 1)[1]
    with urllib.request.urlopen(f"http://localhost:{port}/?token={writer}", timeout=10) as response:
        assert f'data-session-websocket-url="ws://localhost:{port}/ws"' in response.read().decode()  # same site as the page
    jar = cookie.split(";", 1)[0]
    assert ps.page_status(f"{base}/static/js/textual.js", cookie=jar) == 200
    assert ps.websocket_status(f"{base}/ws", origin=base, cookie=jar) == 101


def test_18_1_a_wrong_token_is_refused(served: dict[str, str]) -> None:
    """Issue 18.1: a made-up token, a cut one, or one in a cookie: 403 on the page and the WebSocket."""
    base, writer = served["base"], _token(served, "writer") or ""
    for wrong in ("nope", writer[:-1], writer + "A", "A" * len(writer)):
        assert ps.page_status(f"{base}/?token={wrong}") == 403, wrong
        assert ps.websocket_status(f"{base}/ws?token={wrong}", origin=base) == 403, wrong
        assert ps.websocket_status(f"{base}/ws", origin=base, cookie=f"harbormaster-serve-{base.rsplit(':', 1)[1]}={wrong}") == 403
    # a right token in the cookie does not rescue a wrong one in the address
    assert ps.page_status(f"{base}/?token=nope", cookie=f"harbormaster-serve-{base.rsplit(':', 1)[1]}={writer}") == 403


def test_18_1_a_foreign_origin_is_refused_even_with_the_token(served: dict[str, str]) -> None:
    """Issue 18.1 (cross-site WebSocket hijacking): the referee's token from another site's page is refused."""
    base, writer = served["base"], _token(served, "writer")
    port = base.rsplit(":", 1)[1]
    for origin in ("http://evil.example.com", "null", f"http://127.0.0.1:{int(port) + 1}", f"https://127.0.0.1:{port}"):
        assert ps.websocket_status(f"{base}/ws?token={writer}", origin=origin) == 403, origin
        assert ps.page_status(f"{base}/?token={writer}", origin=origin) == 403, origin
    assert ps.page_status(f"{base}/?token={writer}", host=f"evil.example.com:{port}") == 403  # DNS rebinding
    assert ps.page_status(f"{base}/?token={writer}", origin=f"http://localhost:{port}") == 200  # the control
    assert ps.websocket_status(f"{base}/ws?token={writer}", origin=base) == 101


def test_18_1_the_watchers_token_cannot_write(served: dict[str, str], save: Path) -> None:
    """Issue 18.1: the first tab, opened with the watchers' token (even on the writer's route), is read-only; its keys
    write nothing. The same key from the referee's tab writes (the control). Before: the first tab was the writer."""
    base, writer, watcher = served["base"], _token(served, "writer"), _token(served, "watcher")
    before = ps.events(save)
    drawn = ps.tab_presses(ps.websocket_url(base, watcher), "n", origin=base)
    assert "READ-ONLY" in drawn and ps.events(save) == before
    assert watcher and watcher != writer
    drawn = ps.tab_presses(ps.websocket_url(base, writer, "/ws/watch"), "n", origin=base)  # a watcher page's route
    assert "READ-ONLY" in drawn and ps.events(save) == before
    ps.tab_presses(ps.websocket_url(base, writer), "n", origin=base)
    assert ps.events(save) == before + 1


def test_18_1_read_only_prints_and_accepts_the_watchers_token_only(save: Path) -> None:
    """Issue 18.1: ``serve --read-only`` has no referee address; its one address opens read-only tabs."""
    proc, urls = ps.start_serve(save, "--read-only")
    try:
        assert "writer" not in urls and urls["watcher"].startswith(f"{urls['base']}/?token=")
        assert ps.page_status(urls["watcher"]) == 200
        before = ps.events(save)
        drawn = ps.tab_presses(ps.websocket_url(urls["base"], _token(urls, "watcher")), "n", origin=urls["base"])
        assert "READ-ONLY" in drawn and ps.events(save) == before
    finally:
        ps.stop(proc)


@pytest.mark.multiuser
@pytest.mark.skipif(bool(ps.second_user_missing()), reason=ps.second_user_missing() or "possible")
def test_18_1_a_second_unix_user_on_loopback_without_the_token_is_refused(served: dict[str, str]) -> None:
    """Issue 18.1: another account of the host (made with useradd, removed after) reaches 127.0.0.1 but gets nothing:
    every knock (page, script, WebSocket, any Origin) is refused, and no process's command line shows a token."""
    with ps.second_user() as user:
        result: dict[str, Any] = ps.knock_as(user, served["base"])
    with pytest.raises(KeyError):
        pwd.getpwnam(user)  # removed
    assert result["uid"] not in (0, os.getuid())
    assert result["knocks"] and all(status == 403 for _, status in result["knocks"]), result["knocks"]
    for token in (_token(served, "writer"), _token(served, "watcher")):
        assert token and token not in result["commands"]


@pytest.mark.parametrize("port", ["99999", "-1", "0", "65536", "abc", ""])
def test_18_6_serve_refuses_a_bad_port_in_one_line(tmp_path: Path, port: str) -> None:
    """Issue 18.6: ``serve --port 99999`` (and -1, non-numbers): a one-line refusal, exit 2, no traceback, nothing created."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "tui.cli", "serve", str(tmp_path / "g.json"), "--port", port],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "port" in out.stderr and "Traceback" not in out.stderr
    assert out.stdout == "" and list(tmp_path.iterdir()) == []


def test_18_6_serve_refuses_a_public_url_that_is_not_http(tmp_path: Path) -> None:
    """Issue 18.6 (the same rule): ``--public-url`` must be an http(s) address with a host; else one line, exit 2."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for bad in ("ftp://x", "example.org", "http://"):
        out = subprocess.run([sys.executable, "-m", "tui.cli", "serve", str(tmp_path / "g.json"), "--public-url", bad],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and "public-url" in out.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.multiuser
def test_18_1_the_serve_proof_in_small(tmp_path: Path) -> None:
    """Issue 18.1: ``scripts/proofs.py --serve`` in small: no unauthorised knock accepted, watchers write nothing,
    the referee's tab (the control) writes."""
    report = ps.serve_test(tmp_path, rounds=1)
    assert report.unauthorised >= 11 and report.accepted == 0, report.failures
    assert report.watcher_tabs == 1 and report.watcher_writes == 0 and report.writer_writes == 1
    assert report.cross_user_skipped or (report.cross_user >= 8 and report.cross_user_accepted == 0 and not report.token_visible)


def test_22_8_a_token_per_side_names_its_side_and_nothing_else() -> None:
    """Issue 22 point 8: one more random token per side; each opens that side's role only."""
    from tui.web.guard import side_role

    t = Tokens.new(read_only=False, sides=("axis", "allied"))
    assert set(t.sides) == {"axis", "allied"} and len({t.writer, t.watcher, *t.sides.values()}) == 4
    assert t.role(t.sides["axis"]) == side_role("axis") and t.role(t.sides["allied"]) == side_role("allied")
    assert t.role(t.sides["axis"][:-1]) is None and side_role("axis") not in (WRITE, WATCH)


def test_22_8_a_sides_token_opens_its_read_only_side_view_that_cannot_write(served: dict[str, str], save: Path) -> None:
    """Issue 22 point 8: ``serve`` prints one address per side; its tab (on either route) runs the side's read-only
    view: it shows the side view's banner, and ``n`` writes nothing. The referee's tab writes (the control)."""
    base, writer = served["base"], _token(served, "writer")
    axis = _token(served, "side:axis")
    assert axis and _token(served, "side:allied") and axis not in (writer, _token(served, "watcher"))
    assert ps.page_status(served["side:axis"]) == 200
    before = ps.events(save)
    for route in ("/ws", "/ws/watch"):
        drawn = ps.tab_presses(ps.websocket_url(base, axis, route), "n", origin=base)
        assert "READ-ONLY" in drawn and "Axis side view" in drawn and ps.events(save) == before, route
    ps.tab_presses(ps.websocket_url(base, writer), "n", origin=base)
    assert ps.events(save) == before + 1


def test_22_8_the_side_tab_runs_the_app_with_its_side() -> None:
    """Issue 22 point 8: the command a side's tab runs is ``harbormaster PATH --read-only --side SIDE``."""
    from tui.web.serve import app_command

    command = app_command(Path("/tmp/g.json"), False, "axis")
    assert command.endswith("/tmp/g.json --read-only --side axis")
    assert "--side" not in app_command(Path("/tmp/g.json"), False)


def test_22_8_serve_side_serves_that_sides_view_only(save: Path) -> None:
    """Issue 22 point 8: ``serve --side allies`` (any spelling: the game's word is ``allied``) prints the Allied
    players' address only; its tab is the Allied read-only view and writes nothing."""
    proc, urls = ps.start_serve(save, "--side", "allies")
    try:
        assert set(urls) == {"base", "side:allied"}, urls
        before = ps.events(save)
        drawn = ps.tab_presses(ps.websocket_url(urls["base"], _token(urls, "side:allied")), "n", origin=urls["base"])
        assert "READ-ONLY" in drawn and "Allied side view" in drawn and ps.events(save) == before
    finally:
        ps.stop(proc)


def test_22_8_serve_refuses_a_side_the_game_lacks(save: Path) -> None:
    """Issue 22 point 8: ``serve --side soviet`` is refused in one line naming the sides; exit 2."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "tui.cli", "serve", str(save), "--side", "soviet", "--port", "1"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert "no side 'soviet'" in out.stderr and "axis, allied" in out.stderr
