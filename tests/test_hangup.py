"""Issue 29, point 1: a session never outlives its terminal.

After SIGHUP, SIGTERM, or a terminal that is gone (EIO, a served tab whose
server left), the process lets go of the lock and ends within 2 s, in every
state: start-up, a dialog open, a write in flight, ``serve``'s tabs. The proof
in small (``scripts/proofs_hangup.py``) stops the real app in a pseudo-terminal;
the unit tests pin the two pieces: the bounded ending and the terminal writer
that no longer blocks on a terminal that is gone.
"""

from __future__ import annotations

import errno
import io
import random
import signal
import threading
import time
from pathlib import Path

import pytest

from tui.app import ending as ending_module
from tui.app.ending import Ending

ROOT = Path(__file__).resolve().parent.parent


def _load_proof():
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("proofs_hangup", ROOT / "scripts" / "proofs_hangup.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["proofs_hangup"] = module  # dataclasses look their module up while the script loads
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


# ------------------------------------------------------------------ the bounded ending (no Textual)
def test_29_1_a_hang_up_asks_the_app_to_leave_and_ends_the_process_after_the_grace() -> None:
    """Issue 29.1: SIGHUP asks the app to leave (as ``q``) and arms one deadline: if the app has not left after the
    grace, the process ends at once with 128 + the signal (the operating system then drops the lock)."""
    exits: list[int] = []
    left = threading.Event()
    ending = Ending(grace=0.05, exit_now=exits.append)
    ending.leave = left.set
    ending.on_signal(signal.SIGHUP)
    ending.on_signal(signal.SIGTERM)  # a second signal arms nothing more
    assert left.is_set() and ending.requested and ending.signals == [signal.SIGHUP, signal.SIGTERM]
    deadline = time.monotonic() + 5
    while not exits and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.1)
    assert exits == [128 + signal.SIGHUP]


def test_29_1_a_signal_while_starting_up_still_ends_the_process() -> None:
    """Issue 29.1: at start-up there is no app to ask yet (``leave`` is None): the deadline alone ends the process."""
    exits: list[int] = []
    ending = Ending(grace=0.05, exit_now=exits.append)
    ending.on_signal(signal.SIGTERM)
    deadline = time.monotonic() + 5
    while not exits and time.monotonic() < deadline:
        time.sleep(0.01)
    assert exits == [128 + signal.SIGTERM]


def test_29_1_an_app_that_fails_to_be_asked_still_ends() -> None:
    """Issue 29.1: an app already tearing down may raise when asked to leave: the signal handler never raises, and
    the deadline still stands."""
    exits: list[int] = []
    ending = Ending(grace=0.05, exit_now=exits.append)

    def broken() -> None:
        raise RuntimeError("no loop")

    ending.leave = broken
    ending.on_signal(signal.SIGHUP)
    deadline = time.monotonic() + 5
    while not exits and time.monotonic() < deadline:
        time.sleep(0.01)
    assert exits == [128 + signal.SIGHUP]


def test_29_1_install_and_restore_put_back_the_handlers_found() -> None:
    """Issue 29.1: the handlers are the session's only while it runs."""
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGHUP, signal.SIGTERM)}
    ending = Ending()
    ending.install()
    try:
        assert signal.getsignal(signal.SIGHUP) == ending.on_signal and signal.getsignal(signal.SIGTERM) == ending.on_signal
    finally:
        ending.restore()
    assert {sig: signal.getsignal(sig) for sig in before} == before


# ------------------------------------------------------------------ the terminal writer
class DeadTerminal(io.StringIO):
    """A terminal that is gone: every write fails with EIO."""

    def write(self, text: str) -> int:
        raise OSError(errno.EIO, "Input/output error")


def test_29_1_a_writer_whose_terminal_is_gone_reports_the_hang_up_and_never_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29.1: Textual's writer thread died at the first EIO and its 30-slot queue then blocked the app for good.
    Ours reports the hang-up once, takes 500 more writes without blocking, and stops at once."""
    from tui.app import terminal

    lost: list[bool] = []
    monkeypatch.setattr(terminal, "terminal_lost", lambda: lost.append(True))
    writer = terminal.TerminalWriter(DeadTerminal())
    writer.start()
    done = threading.Event()

    def write_many() -> None:
        for n in range(500):
            writer.write(f"frame {n}")
        writer.stop()
        done.set()

    threading.Thread(target=write_many, daemon=True).start()
    assert done.wait(10), "the writes or the stop blocked"
    assert lost == [True] and writer.gone and not writer.is_alive()


def test_29_1_a_writer_with_its_terminal_writes_everything_in_order() -> None:
    """Issue 29.1: while the terminal is there the writer is Textual's own: every text written, in order."""
    from tui.app.terminal import TerminalWriter

    out = io.StringIO()
    writer = TerminalWriter(out)
    writer.start()
    for n in range(100):
        writer.write(f"{n};")
    writer.stop()
    assert out.getvalue().startswith("".join(f"{n};" for n in range(100))) and not writer.gone


def test_29_1_the_drivers_are_guarded_and_other_classes_left_as_they_are() -> None:
    """Issue 29.1: the app's driver (a terminal's, or a served tab's) reports a terminal that is gone; the headless
    driver of tests is left as it is."""
    from textual.drivers.headless_driver import HeadlessDriver
    from textual.drivers.linux_driver import LinuxDriver
    from textual.drivers.web_driver import WebDriver

    from tui.app.terminal import _LinuxGuard, _WebGuard, guarded

    assert issubclass(guarded(LinuxDriver), _LinuxGuard) and issubclass(guarded(LinuxDriver), LinuxDriver)
    assert issubclass(guarded(WebDriver), _WebGuard) and issubclass(guarded(WebDriver), WebDriver)
    assert guarded(HeadlessDriver) is HeadlessDriver


def test_29_1_a_served_tab_whose_input_ends_hangs_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29.1: a served tab's input ends when ``serve`` is gone; the app must not carry on holding the lock. An
    input that ends because the app is leaving (``exit_event`` set) is no hang-up."""
    from tui.app import terminal

    lost: list[bool] = []
    monkeypatch.setattr(terminal, "terminal_lost", lambda: lost.append(True))

    class Base:
        def __init__(self) -> None:
            self.exit_event = threading.Event()

        def run_input_thread(self) -> None:
            return  # the end of the input

    class Tab(terminal._WebGuard, Base):
        pass

    tab = Tab()
    tab.run_input_thread()
    assert lost == [True]
    tab.exit_event.set()
    tab.run_input_thread()
    assert lost == [True]


def test_29_1_terminal_lost_is_a_hang_up_of_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29.1: a terminal that is gone without a signal takes the path of a hang-up: SIGHUP to this process."""
    sent: list[tuple[int, int]] = []
    monkeypatch.setattr(ending_module.os, "kill", lambda pid, sig: sent.append((pid, sig)))
    ending_module.terminal_lost()
    assert sent == [(ending_module.os.getpid(), signal.SIGHUP)]


# ------------------------------------------------------------------ the proof, in small
@pytest.mark.slow
def test_29_1_the_hang_up_proof_in_small(tmp_path: Path) -> None:
    """Issue 29.1: the real app in a pseudo-terminal, stopped by every kind (the terminal closing, SIGHUP, SIGTERM,
    EIO with no signal, a stalled terminal, a served tab's server going), in every state (any moment from start-up,
    a dialog open, a write in flight): each ends (within 2 s as scripts/proofs.py measures it), no lock is held, and
    the writer run right after writes."""
    proof = _load_proof()
    stops = len(proof.KINDS) * len(proof.STATES)
    # Every stop must end and free the lock; the 2 s figure itself is measured by scripts/proofs.py, not asserted
    # here: a test never asserts a wall-clock time, and a machine loaded on both cores may not schedule the
    # ending process for a while (issue 29.8). The bound below only catches a process that never ends.
    bound = 10 * proof.LIMIT
    report = proof.hangup_test(tmp_path, stops, random.Random(29), limit=bound)
    assert report.failures == []
    assert report.stops == stops and report.ended_in_time == stops and report.locks_held == 0
    assert report.writers_refused == 0 and report.slowest < bound


def test_29_1_a_terminal_that_hangs_up_while_nothing_touches_it_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29.1: a terminal closed while the app still starts (no signal: the app is not its controlling process,
    and nothing has read or written it yet) is noticed within a poll and reported as a hang-up; a live terminal is
    not, and nothing is watched for a file that is no terminal."""
    import os

    lost: list[bool] = []
    monkeypatch.setattr(ending_module, "terminal_lost", lambda: lost.append(True))
    master, slave = os.openpty()
    ending = Ending()
    try:
        ending.watch_terminal(slave)
        time.sleep(3 * ending_module.WATCH_MS / 1000)
        assert lost == []
        os.close(master)
        deadline = time.monotonic() + 5
        while not lost and time.monotonic() < deadline:
            time.sleep(0.01)
        assert lost == [True]
    finally:
        ending.restore()
        os.close(slave)
    read, write = os.pipe()
    try:
        quiet = Ending()
        quiet.watch_terminal(read)
        assert not quiet._watching
    finally:
        os.close(read)
        os.close(write)
