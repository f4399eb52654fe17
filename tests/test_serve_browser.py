"""``harbormaster serve`` in a real browser: Debian's Chromium driven by Playwright (no browser download).

The test starts ``serve`` on a free loopback port, opens the page, waits for
the header, presses keys and sees the change (on screen and in the save),
then opens a second tab, which is a live read-only viewer. The terminal is
drawn on a canvas, so what the page shows is read from the terminal output
the server streams to it (its WebSocket frames, ANSI codes removed).

Where Chromium or Playwright is missing the test is skipped, except in CI
(``CI`` set), where it fails: ``.ci/run`` installs both. Set
``HARBORMASTER_BROWSER_SHOT=FILE`` to keep a screenshot of the first tab.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.conftest import fixed_clock
from tests.test_serve_guard import ps
from tui.web.serve import exposure_warning, is_loopback
from tui.session import create_game

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ANSI = re.compile(r"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")
WAIT = 60.0  # seconds: a cold Python start of the app on a busy two-core machine takes a few


def _missing(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing in CI: .ci/run installs it (apt-get install chromium; pip install -e '.[test]')")
    pytest.skip(f"{what} is missing (apt-get install chromium; pip install -e '.[test]')")


def chromium() -> str:
    """The system Chromium, or skip (fail in CI)."""
    for candidate in ("/usr/bin/chromium", shutil.which("chromium") or "", shutil.which("chromium-browser") or ""):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    _missing("chromium")
    raise AssertionError  # unreachable


def start_serve(save: Path, *extra: str) -> tuple[subprocess.Popen[bytes], dict[str, str]]:
    """``harbormaster serve SAVE --port N ...``; (process, its printed addresses: ``writer``, ``watcher``, ``base``)."""
    return ps.start_serve(save, *extra)


stop = ps.stop


class Tab:
    """A browser tab on the served app, reading what the terminal draws from the server's frames."""

    def __init__(self, page: Any, url: str) -> None:
        self.page = page
        self.frames: list[str] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        page.goto(url)

    def _frame(self, payload: Any) -> None:
        raw = payload if isinstance(payload, (bytes, bytearray)) else str(payload).encode()
        self.frames.append(raw.decode("utf-8", "replace"))

    def mark(self) -> int:
        """Where the output is now: :meth:`wait_for` after a mark sees only what came later."""
        return len(self.frames)

    def text(self, since: int = 0) -> str:
        """What the terminal was sent since ``since``, without escape codes."""
        return ANSI.sub("", "".join(self.frames[since:]))

    def wait_for(self, *words: str, since: int = 0, timeout: float = WAIT) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text(since)
            if all(w in text for w in words):
                return text
            self.page.wait_for_timeout(100)
        raise AssertionError(f"never drawn: {words}; last output: {self.text(since)[-400:]!r}")

    def press(self, *keys: str) -> None:
        # xterm.js reads keys from its hidden textarea; focusing it must not scroll the page
        self.page.evaluate("document.querySelector('.xterm-helper-textarea').focus({preventScroll: true})")
        for key in keys:
            self.page.keyboard.press(key)


def events(save: Path) -> dict[str, Any]:
    return json.loads(save.read_text())["events"]


@pytest.fixture
def browser() -> Iterator[Any]:
    path = chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright (the Python package)")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def save(tmp_path: Path, data: Path) -> Path:
    path = tmp_path / "game.json"
    create_game(path, data, seed=4, clock=fixed_clock).close()
    return path


def test_each_tab_is_a_session_the_first_writes_the_others_watch(browser: Any, save: Path, tmp_path: Path) -> None:
    """Issue 13 (the game in a browser): keys act in the first tab; a second tab is read-only and follows it.
    Issue 18.1: the referee's printed address (with its token) opens the game in one step."""
    proc, urls = start_serve(save)
    url = urls["writer"]
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        first = Tab(context.new_page(), url)
        first.wait_for("⚓ Harbormaster", "Mediterranean, January 1943", "Jan I 1943", "Naval movement")
        at = first.mark()
        first.press("2")  # Ports mode
        first.wait_for("Ports", "Alexandria", since=at)
        at = first.mark()
        first.press("n")  # next segment: a command, written to the save before it is shown
        first.wait_for("#1", "Movement", since=at)
        assert [e["command"] for e in events(save).values()] == ["next --pass"]
        first.page.wait_for_timeout(1000)  # let the header and the toast settle for the picture
        first.page.evaluate("[window, document.documentElement, document.body, document.querySelector('#terminal')]"
                            ".forEach(e => e.scrollTo && e.scrollTo(0, 0))")  # typing scrolled the page by a row
        first.page.screenshot(path=str(tmp_path / "browser.png"))
        shot = os.environ.get("HARBORMASTER_BROWSER_SHOT")
        if shot:
            shutil.copyfile(tmp_path / "browser.png", shot)

        second = Tab(context.new_page(), url)
        second.wait_for("⚓ Harbormaster", "READ-ONLY", "Held by")
        at = second.mark()
        second.press("n")
        second.wait_for("read-only", since=at)
        assert len(events(save)) == 1  # the viewer's key changed nothing

        at = second.mark()
        first.press("n")  # the writer acts; the viewer follows within a second
        second.wait_for("Updated by the referee", "#2", since=at)
        assert len(events(save)) == 2
        context.close()
    finally:
        stop(proc)


def test_read_only_serves_viewers_only(browser: Any, save: Path) -> None:
    """--read-only: even the first tab cannot change the game (issue 18.1: it prints the watchers' address only)."""
    before = save.read_bytes()
    proc, urls = start_serve(save, "--read-only")
    url = urls["watcher"]
    try:
        tab = Tab(browser.new_page(), url)
        tab.wait_for("⚓ Harbormaster", "READ-ONLY", "Opened read-only")
        at = tab.mark()
        tab.press("n")
        tab.wait_for("read-only", since=at)
    finally:
        stop(proc)
    assert save.read_bytes() == before


def test_18_1_a_watchers_link_opened_first_cannot_write(browser: Any, save: Path) -> None:
    """Issue 18.1: the watchers' printed address, opened before any referee tab, runs read-only; the page loads with
    the token's cookie only (scripts, WebSocket), and a page of another site cannot open the socket."""
    proc, urls = start_serve(save)
    try:
        page = browser.new_page()
        tab = Tab(page, urls["watcher"])
        tab.wait_for("⚓ Harbormaster", "READ-ONLY", "Opened read-only")
        at = tab.mark()
        tab.press("n")
        tab.wait_for("read-only", since=at)
        assert events(save) == {}
        cookies = page.context.cookies()
        assert [(c["httpOnly"], c["sameSite"]) for c in cookies] == [(True, "Strict")]
        foreign = browser.new_page()  # another site's page, in the same browser as the cookie
        foreign.route("http://evil.example.com/", lambda route: route.fulfill(body="<html></html>", content_type="text/html"))
        foreign.goto("http://evil.example.com/")
        ws = urls["base"].replace("http:", "ws:") + "/ws"
        verdict = foreign.evaluate("""url => new Promise(done => { const s = new WebSocket(url);
            s.onopen = () => done("opened"); s.onerror = () => done("refused"); })""", ws)
        assert verdict == "refused"
    finally:
        stop(proc)


def test_only_loopback_is_quiet() -> None:
    """Binding beyond loopback warns that anyone reaching the port can act as the referee, unless read-only."""
    assert all(is_loopback(h) for h in ("127.0.0.1", "127.0.1.1", "::1", "localhost"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "::", "192.168.1.5", "example.org"))
    assert exposure_warning("127.0.0.1", 8000, False) is None
    assert exposure_warning("0.0.0.0", 8000, True) is None
    warning = exposure_warning("0.0.0.0", 8000, False)
    assert warning is not None and "plain HTTP" in warning and "referee's token" in warning and "ssh -L" in warning


def test_serve_on_every_address_prints_the_warning(save: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", str(save), "--host", "0.0.0.0", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        time.sleep(0.5)
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=2).close()
                break
            except OSError:
                time.sleep(0.2)
    finally:
        stop(proc)
    err = proc.stderr.read().decode() if proc.stderr else ""
    assert "WARNING: serving on 0.0.0.0" in err and "plain HTTP" in err
