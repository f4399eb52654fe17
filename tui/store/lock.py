"""One writer per save: a lock file beside it (``SAVE.lock``), never the save itself.

The save is replaced on every write, so a lock on the save's own inode would
be lost at the first command; ``SAVE.lock`` is a stable file that is only ever
locked (``flock`` through ``filelock``), never replaced. The holder's host,
pid, user and start time are written beside it (``SAVE.lock.info``) so that
another session can say who holds the game. The operating system drops the
lock when the holding process dies, however it dies, so a crashed session
never leaves a game locked.
"""

from __future__ import annotations

import getpass
import json
import os
import socket
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from filelock import FileLock, Timeout


def lock_path(save: Path) -> Path:
    """``SAVE.lock`` beside the save."""
    return save.with_name(save.name + ".lock")


def info_path(save: Path) -> Path:
    """``SAVE.lock.info``: who holds the lock."""
    return save.with_name(save.name + ".lock.info")


@dataclass(frozen=True)
class Holder:
    """Who holds a save's lock."""

    host: str
    pid: int
    user: str
    started: str

    def describe(self) -> str:
        """``referee@tablehost (pid 4242) since 2026-11-21 19:00 UTC``."""
        try:
            when = datetime.fromisoformat(self.started).strftime("%Y-%m-%d %H:%M UTC")
        except ValueError:
            when = self.started
        return f"{self.user}@{self.host} (pid {self.pid}) since {when}"


def read_holder(save: Path) -> Holder | None:
    """The recorded holder of ``save``'s lock, or None if nothing (readable) is recorded."""
    try:
        data = json.loads(info_path(save).read_text(encoding="utf-8"))
        return Holder(str(data["host"]), int(data["pid"]), str(data["user"]), str(data["started"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


class SaveLock:
    """The writer's lock on one save; ``acquire`` never blocks longer than asked."""

    def __init__(self, save: Path) -> None:
        self.save = save
        self._lock = FileLock(str(lock_path(save)), timeout=0, is_singleton=False)

    @property
    def held(self) -> bool:
        """Whether this session holds the lock."""
        return self._lock.is_locked

    def acquire(self, wait: float = 0.0) -> bool:
        """Take the lock, waiting at most ``wait`` seconds; on success record the holder. False if another holds it."""
        try:
            self._lock.acquire(timeout=wait, poll_interval=0.05)
        except Timeout:
            return False
        me = {
            "host": socket.gethostname(),
            "pid": os.getpid(),
            "user": _user(),
            "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        }
        tmp = info_path(self.save).with_suffix(".info.tmp")
        try:
            tmp.write_text(json.dumps(me), encoding="utf-8")
            os.replace(tmp, info_path(self.save))
        except OSError:
            pass  # who holds it is a courtesy to other sessions; the lock itself is what counts
        return True

    def release(self) -> None:
        """Let go of the lock (and forget the holder record)."""
        if self._lock.is_locked:
            try:
                if (read_holder(self.save) or Holder("", -1, "", "")).pid == os.getpid():
                    info_path(self.save).unlink()
            except OSError:
                pass
            self._lock.release(force=True)


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no user name for this uid (containers)
        return str(os.getuid())
