"""Textual's drivers, made to notice a terminal that is gone and never to block on it (see :mod:`tui.app.ending`).

Textual 8.2.8's terminal writer (``textual.drivers._writer_thread.WriterThread``)
dies at the first failed write and leaves its 30-slot queue with no reader; the
next writes, and the shutdown's, then block the app for good. Its input thread
turns EIO into a panic, which writes to the terminal too. A served tab's driver
reads to the end of its input (the server is gone) and carries on as if nothing
happened. Here, each of those is reported as a hang-up (:func:`tui.app.ending.terminal_lost`),
and the writer of a terminal that is gone drops what it is given.

This is a workaround of a fault upstream (docs/upstream-textual-writer-thread.md
is the report); it changes nothing while the terminal is there.
"""

from __future__ import annotations

import queue
import sys
from typing import IO

from textual.driver import Driver
from textual.drivers import linux_driver
from textual.drivers._writer_thread import WriterThread

from .ending import terminal_lost

__all__ = ["TerminalWriter", "guarded"]

#: Seconds a write waits for room in the writer's queue before it looks again whether the writer is still there.
RECHECK = 0.25


class TerminalWriter(WriterThread):
    """Textual's terminal writer, which outlives its terminal: after a failed write it reports the hang-up, drops
    everything it is given, and still ends when stopped."""

    def __init__(self, file: IO[str]) -> None:
        super().__init__(file)
        self.gone = False

    def write(self, text: str) -> None:
        """Queue ``text``; dropped once the terminal is gone (never blocks on a writer that has stopped reading)."""
        while not self.gone:
            try:
                self._queue.put(text, timeout=RECHECK)
                return
            except queue.Full:
                continue

    def run(self) -> None:
        """Write what is queued; on a failed write (EIO, a broken pipe) report the hang-up and drain until stopped."""
        try:
            super().run()
        except (OSError, ValueError):  # ValueError: the file was closed under it
            self.gone = True
            terminal_lost()
            while self._queue.get() is not None:
                pass

    def stop(self) -> None:
        """Stop the thread; bounded when the terminal is gone."""
        if self.gone:
            try:
                self._queue.put_nowait(None)
            except queue.Full:
                pass
            self.join(RECHECK)
            return
        super().stop()


class _LinuxGuard:
    """A terminal driver whose input thread reports EIO as a hang-up instead of a panic."""

    exit_event: object

    def run_input_thread(self) -> None:
        try:
            super().run_input_thread()  # type: ignore[misc]
        except OSError:
            terminal_lost()


class _WebGuard:
    """A served tab's driver: the end of its input, or a write to a server that is gone, is a hang-up."""

    exit_event: object

    def run_input_thread(self) -> None:
        super().run_input_thread()  # type: ignore[misc]
        if not self.exit_event.is_set():  # type: ignore[attr-defined]
            terminal_lost()  # the input ended while the app was still running: the server is gone

    def write(self, data: str) -> None:
        try:
            super().write(data)  # type: ignore[misc]
        except OSError:
            terminal_lost()


def guarded(driver_class: type[Driver]) -> type[Driver]:
    """``driver_class`` made to notice a terminal that is gone (terminal and web drivers); any other class as it is."""
    linux_driver.WriterThread = TerminalWriter  # type: ignore[misc]  # looked up here when the driver starts its writer
    web = sys.modules.get("textual.drivers.web_driver")  # imported already when it is the chosen driver
    if web is not None and issubclass(driver_class, web.WebDriver):
        return type(f"Guarded{driver_class.__name__}", (_WebGuard, driver_class), {})
    if issubclass(driver_class, linux_driver.LinuxDriver):
        return type(f"Guarded{driver_class.__name__}", (_LinuxGuard, driver_class), {})
    return driver_class
