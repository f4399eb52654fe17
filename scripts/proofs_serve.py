"""Proofs about ``harbormaster serve`` (issue 18, point 1): nobody drives a served game without its secret.

Starts a real ``serve`` and knocks on it: the page and the WebSocket with no
token, a wrong token, the right token from a foreign ``Origin``; a tab opened
with the watchers' token that presses keys; and, run as root, the same knocks
from a second Unix account made for the purpose (removed afterwards). Used by
``scripts/proofs.py`` (``--serve N``) and, in small sizes, by the tests.

The knocking client uses the standard library only, so that the second
account runs it with the system Python: ``python3 -I proofs_serve.py knock URL``.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent  # "<stdin>" as the second account: only the knock runs there
FOREIGN = "http://evil.example.com"
ANSI = re.compile(r"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")
WAIT = 60.0  # seconds: a cold start of a tab's app on a busy two-core machine takes a few
SYSTEM_PYTHON = "/usr/bin/python3"


# ------------------------------------------------------------------ the knocking client (standard library only)
def page_status(url: str, *, origin: str | None = None, cookie: str | None = None, host: str | None = None) -> int:
    """The HTTP status of a GET of ``url``, with an ``Origin``, a ``Cookie`` and a ``Host`` if given."""
    headers = {k: v for k, v in (("Origin", origin), ("Cookie", cookie), ("Host", host)) if v is not None}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def websocket_status(url: str, *, origin: str | None = None, cookie: str | None = None) -> int:
    """The status of a WebSocket handshake on ``url`` (an http:// address; 101 = accepted), then hang up."""
    parts = urlsplit(url)
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    lines = [f"GET {target} HTTP/1.1", f"Host: {parts.netloc}", "Upgrade: websocket", "Connection: Upgrade",
             f"Sec-WebSocket-Key: {base64.b64encode(secrets.token_bytes(16)).decode()}", "Sec-WebSocket-Version: 13"]
    lines += [f"{k}: {v}" for k, v in (("Origin", origin), ("Cookie", cookie)) if v is not None]
    with socket.create_connection((parts.hostname, parts.port or 80), timeout=10) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n" not in head:
            chunk = sock.recv(1024)
            if not chunk:
                break
            head += chunk
    status = head.split(b"\r\n", 1)[0].split()
    return int(status[1]) if len(status) > 1 and status[1].isdigit() else 0


def unauthorised_knocks(base: str, token: str | None = None) -> list[tuple[str, int]]:
    """(what, status) of every request that must be refused; ``token`` (a valid one) is tried from a foreign origin."""
    base = base.rstrip("/")
    wrong = secrets.token_urlsafe(32)
    knocks = [
        ("page, no token", page_status(f"{base}/")),
        ("page, wrong token", page_status(f"{base}/?token={wrong}")),
        ("script, no token", page_status(f"{base}/static/js/textual.js")),
        ("WebSocket, no token", websocket_status(f"{base}/ws?width=80&height=24")),
        ("WebSocket, no token, foreign Origin", websocket_status(f"{base}/ws", origin=FOREIGN)),
        ("WebSocket, wrong token", websocket_status(f"{base}/ws?token={wrong}", origin=base)),
        ("WebSocket, wrong cookie", websocket_status(f"{base}/ws", origin=base, cookie=f"harbormaster-serve-{urlsplit(base).port}={wrong}")),
        ("watchers' WebSocket, no token", websocket_status(f"{base}/ws/watch")),
    ]
    if token is not None:
        knocks += [
            ("page, right token, foreign Origin", page_status(f"{base}/?token={token}", origin=FOREIGN)),
            ("WebSocket, right token, foreign Origin", websocket_status(f"{base}/ws?token={token}", origin=FOREIGN)),
            ("WebSocket, right token, Origin null", websocket_status(f"{base}/ws?token={token}", origin="null")),
        ]
    return knocks


def accepted(status: int) -> bool:
    """Whether a knock got in: a page (2xx) or a WebSocket (101)."""
    return status == 101 or 200 <= status < 300


def readable_command_lines() -> str:
    """Every process's command line this account can read (a token must never be among them)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            found.append((entry / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace"))
        except OSError:
            continue
    return "\n".join(found)


# ------------------------------------------------------------------ a served game
def start_serve(save: Path, *extra: str) -> tuple[subprocess.Popen[bytes], dict[str, str]]:
    """``harbormaster serve SAVE --port N ...`` in a process group of its own; (process, addresses) once it answers.

    The addresses: ``base`` (the server), and ``writer`` and ``watcher``, the printed addresses with a token.
    """
    import threading

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", str(save), "--port", str(port), *extra],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    printed: list[str] = []

    def read() -> None:  # keeps the pipe drained for the server's whole life
        assert proc.stdout is not None
        for raw in proc.stdout:
            printed.append(raw.decode("utf-8", "replace"))

    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"serve ended: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            time.sleep(0.2)
            continue
        printed_by = time.monotonic() + 5  # the addresses are printed once the port is bound
        while time.monotonic() < printed_by and not any("Watchers" in line for line in printed):
            time.sleep(0.05)
        urls = {"base": f"http://127.0.0.1:{port}"}
        for line in printed:
            if line.strip().startswith("Referee"):
                urls["writer"] = line.split()[-1]
            elif line.strip().startswith("Watchers"):
                urls["watcher"] = line.split()[-1]
            elif " players (" in line:  # a side's address (issue 22.8): "Axis players (...): URL"
                urls[f"side:{line.split()[0].lower()}"] = line.split()[-1]
        return proc, urls
    stop(proc)
    raise AssertionError("serve did not answer")


def token_of(url: str | None) -> str | None:
    """The token in a printed address, or None."""
    return url.split("?token=", 1)[1] if url and "?token=" in url else None


def websocket_url(base: str, token: str | None, route: str = "/ws") -> str:
    """The ws:// address of a tab on ``route`` carrying ``token`` in its query (as the first request of a tab may)."""
    return base.replace("http:", "ws:", 1).rstrip("/") + route + (f"?token={token}" if token else "")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the server's process group (the server and each tab's app), then wait."""
    import signal

    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


def tab_presses(url: str, keys: str, *, origin: str, ready: str = "⚓ Harbormaster", after: tuple[str, ...] = ("read-only", "#1"),
                timeout: float = WAIT) -> str:
    """Open a tab's WebSocket on ``url`` (aiohttp), wait for ``ready``, type ``keys``, wait for one of ``after``; the text drawn."""
    import asyncio

    import aiohttp

    async def go() -> str:
        frames: list[str] = []

        def text() -> str:
            return ANSI.sub("", "".join(frames))

        async def until(words: tuple[str, ...], since: int) -> None:
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                if any(w in ANSI.sub("", "".join(frames[since:])) for w in words):
                    return
                try:
                    msg = await asyncio.wait_for(ws.receive(), 0.5)
                except asyncio.TimeoutError:
                    continue
                if msg.type == aiohttp.WSMsgType.BINARY:
                    frames.append(msg.data.decode("utf-8", "replace"))
                elif msg.type == aiohttp.WSMsgType.TEXT:
                    frames.append(msg.data)
                else:
                    return
            raise AssertionError(f"never drawn: {words}; last output {text()[-300:]!r}")

        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(url, origin=origin) as ws:
                await ws.send_str(json.dumps(["resize", {"width": 120, "height": 40}]))
                await until((ready,), 0)
                at = len(frames)
                for key in keys:
                    await ws.send_str(json.dumps(["stdin", key]))
                await until(after, at)
                return text()

    return asyncio.run(go())


def events(save: Path) -> int:
    """How many entries the save's log holds."""
    return len(json.loads(save.read_text())["events"])


# ------------------------------------------------------------------ a second Unix account
def second_user_missing() -> str:
    """Why a throw-away second account cannot be made here ("" when it can: root, useradd, the system Python)."""
    if os.geteuid() != 0:
        return "needs root (to create a second Unix account)"
    if not shutil.which("useradd") or not os.path.exists(SYSTEM_PYTHON):
        return f"needs useradd and {SYSTEM_PYTHON}"
    return ""


#: The comment (GECOS) of every throw-away account, with the making process's pid: an account whose maker is gone
#: (a run killed before its ``finally``) is removed by the next run (:func:`sweep_test_accounts`).
ACCOUNT_MARK = "harbormaster test account, made by pid "


def _userdel(name: str) -> None:
    """Remove account ``name`` and the group of its name that ``useradd`` made for it."""
    subprocess.run(["userdel", name], check=False, capture_output=True)
    subprocess.run(["groupdel", name], check=False, capture_output=True)  # where userdel left it (no USERGROUPS_ENAB)


def sweep_test_accounts() -> list[str]:
    """Remove the throw-away accounts whose making process is gone; the names removed."""
    import pwd

    swept = []
    for entry in pwd.getpwall():
        if not entry.pw_gecos.startswith(ACCOUNT_MARK):
            continue
        maker = entry.pw_gecos[len(ACCOUNT_MARK):]
        if maker.isdigit() and Path(f"/proc/{maker}").exists():
            continue  # its maker still runs: another run's account, in use
        _userdel(entry.pw_name)
        swept.append(entry.pw_name)
    return swept


@contextlib.contextmanager
def second_user() -> Iterator[str]:
    """A throw-away system account (no home, no shell, a group of its own), removed with its group on leaving, even
    when the body fails or is interrupted; one left by a killed run is removed by the next (:func:`sweep_test_accounts`)."""
    sweep_test_accounts()
    name = f"hmprobe{secrets.token_hex(3)}"
    subprocess.run(["useradd", "--system", "--no-create-home", "--user-group", "--shell", "/usr/sbin/nologin",
                    "--comment", f"{ACCOUNT_MARK}{os.getpid()}", name], check=True, capture_output=True)
    try:
        yield name
    finally:
        _userdel(name)


def knock_as(user: str, base: str) -> dict[str, Any]:
    """Run :func:`unauthorised_knocks` (no token: the account has none) as ``user``; its uid, knocks and readable command lines.

    The account runs this very file, handed to the system Python on standard input: it needs no access to the
    checkout, which may sit in a folder only its owner can enter (a 0700 home)."""
    out = subprocess.run([SYSTEM_PYTHON, "-I", "-", "knock", base], user=user, input=Path(__file__).read_text(),
                         capture_output=True, text=True, timeout=120, cwd="/")
    if out.returncode != 0:
        raise AssertionError(f"the knock as {user} failed: {out.stderr[-500:]}")
    return json.loads(out.stdout)


# ------------------------------------------------------------------ the proof
@dataclass
class ServeReport:
    """Figures of the serve probes."""

    unauthorised: int = 0
    accepted: int = 0
    watcher_tabs: int = 0
    watcher_writes: int = 0
    writer_writes: int = 0  # the control: a referee tab pressing the same key
    cross_user: int = 0
    cross_user_accepted: int = 0
    cross_user_skipped: str = ""
    token_visible: bool = False
    failures: list[str] = field(default_factory=list)


def serve_test(folder: Path, rounds: int, watcher_tabs: int = 1) -> ServeReport:
    """Open watcher tabs that press a key (then a referee tab, the control), knock ``rounds`` times (every kind of
    unauthorised request each), and knock once more as a second Unix account where one can be made."""
    sys.path.insert(0, str(ROOT))
    from tui.paths import data_dir
    from tui.session import create_game

    save = folder / "served.json"
    create_game(save, data_dir(), seed=11).close()
    report = ServeReport()
    proc, urls = start_serve(save)
    try:
        writer, watcher = token_of(urls.get("writer")), token_of(urls.get("watcher"))
        before = events(save)  # tabs first: a knock that got in would start a tab holding the writer's lock
        for _ in range(watcher_tabs):  # on /ws, the writer's route: the watchers' token alone must keep it read-only
            report.watcher_tabs += 1
            tab_presses(websocket_url(urls["base"], watcher), "n", origin=urls["base"])
        report.watcher_writes = events(save) - before
        if report.watcher_writes:
            report.failures.append(f"watcher tabs wrote {report.watcher_writes} log entries")
        if writer:  # the control: the same keys from the referee's tab do write
            before = events(save)
            tab_presses(websocket_url(urls["base"], writer), "n", origin=urls["base"])
            report.writer_writes = events(save) - before
        for _ in range(rounds):
            for what, status in unauthorised_knocks(urls["base"], writer):
                report.unauthorised += 1
                if accepted(status):
                    report.accepted += 1
                    report.failures.append(f"{what}: accepted ({status})")
        report.cross_user_skipped = second_user_missing()
        if not report.cross_user_skipped:
            with second_user() as user:
                result = knock_as(user, urls["base"])
            if result["uid"] == 0:
                report.failures.append("the second account ran as root")
            for what, status in result["knocks"]:
                report.cross_user += 1
                if accepted(status):
                    report.cross_user_accepted += 1
                    report.failures.append(f"as another user, {what}: accepted ({status})")
            report.token_visible = any(t and t in result["commands"] for t in (writer, watcher))
    finally:
        stop(proc)
    return report


if __name__ == "__main__" and len(sys.argv) == 3 and sys.argv[1] == "knock":
    print(json.dumps({"uid": os.getuid(), "knocks": unauthorised_knocks(sys.argv[2]), "commands": readable_command_lines()}))
