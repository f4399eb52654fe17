"""How a session ends, whatever ends it: ``q``, the SSH link dropping (SIGHUP), SIGTERM, or a terminal that is gone.

Every command is durable before it is shown as done, so ending loses nothing:
the app is asked to leave as ``q`` does, and if it has not left within
:data:`GRACE` seconds the process ends at once. The operating system drops the
save's lock (a ``flock``) when the process ends, however it ends, so another
writer can open the game straight away. A write in flight when the process ends
is rolled back by the store's atomic replace (its temporary file is swept later).

Why the bound is needed: Textual's terminal writer is a thread fed through a
30-slot queue. When the terminal goes away, its first write fails (EIO), the
thread dies, and the next 30 writes fill the queue; the 31st blocks the app for
good, and so does the shutdown, which writes to restore the terminal. Such a
process ignored SIGHUP and SIGTERM and kept the lock until someone killed it by
hand. :class:`TerminalWriter` mends the cause (a writer whose terminal is gone
drops what it is given and reports the hang-up); the bound is the guarantee.

A terminal that is gone without a signal (EIO on reading or writing it, the
end of a served tab's input, or a hang-up the terminal reports while the app is
still starting and touches it not) is reported as a hang-up: the process sends
itself SIGHUP, so every ending takes the same path.
"""

from __future__ import annotations

import os
import select
import signal
import threading
from types import FrameType
from typing import Callable

__all__ = ["GRACE", "Ending", "terminal_lost"]

#: Seconds the app gets to leave on its own after a hang-up or SIGTERM before the process ends at once (the promise
#: is 2 s from the signal to a free lock; a busy machine needs the margin).
GRACE = 1.0

#: Milliseconds between two looks at whether the terminal hung up (:meth:`Ending.watch_terminal`).
WATCH_MS = 100

#: The signals that end a session.
ENDING_SIGNALS = (signal.SIGHUP, signal.SIGTERM)


def terminal_lost() -> None:
    """The terminal (or a served tab's pipe) is gone: end the session as a hang-up does (SIGHUP to this process).

    Where no handler is installed, SIGHUP's default action ends the process at once, which also frees the lock."""
    os.kill(os.getpid(), signal.SIGHUP)


class Ending:
    """The ending signals of one session: each asks the app to leave, and the first one arms a bounded hard exit."""

    def __init__(self, grace: float = GRACE, exit_now: Callable[[int], None] = os._exit) -> None:
        self.grace = grace
        self.signals: list[int] = []
        #: Asks the running app to leave, as ``q`` does; None while there is no app to ask (start-up).
        self.leave: Callable[[], None] | None = None
        self._exit_now = exit_now
        self._deadline: threading.Timer | None = None
        self._previous: dict[int, object] = {}
        self._watching = False

    def install(self) -> None:
        """Handle SIGHUP and SIGTERM from now on (call from the main thread, before anything slow)."""
        self._previous = {sig: signal.signal(sig, self.on_signal) for sig in ENDING_SIGNALS}

    def watch_terminal(self, fd: int) -> None:
        """Look every :data:`WATCH_MS` ms whether terminal ``fd`` hung up, until :meth:`restore`: a terminal that
        closes while the app is still starting (nothing reads or writes it yet), and sends no signal, is noticed too.
        Nothing is watched if ``fd`` is no terminal."""
        if fd < 0 or not os.isatty(fd):
            return
        self._watching = True
        threading.Thread(target=self._watch, args=(fd,), name="harbormaster-hangup", daemon=True).start()

    def _watch(self, fd: int) -> None:
        poller = select.poll()
        poller.register(fd, 0)  # no events asked: poll still reports a hang-up or an error
        while self._watching:
            if poller.poll(WATCH_MS):
                self._watching = False
                terminal_lost()

    def restore(self) -> None:
        """Put back the handlers found by :meth:`install` and stop watching the terminal; a deadline already armed
        still stands."""
        self._watching = False
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)  # type: ignore[arg-type]
        self._previous = {}

    @property
    def requested(self) -> bool:
        """Whether an ending signal came."""
        return bool(self.signals)

    def on_signal(self, signum: int, frame: FrameType | None = None) -> None:
        """A hang-up or SIGTERM: arm the deadline (once), then ask the app to leave."""
        self.signals.append(signum)
        if self._deadline is None:
            self._deadline = threading.Timer(self.grace, self._exit_now, args=(128 + signum,))
            self._deadline.daemon = True
            self._deadline.start()
        if self.leave is not None:
            try:
                self.leave()
            except Exception:  # an app that is already tearing down: the deadline ends the process
                pass
