"""Typing text into a field in a pilot test as a quick typist does: every key, in order, then one wait.

Textual's ``Pilot.press`` waits for the app to be idle twice after every key
(about 40 ms of sleeping each, however little the key did), so a 60-character
command line typed with it took some 2.5 s, and the long keyboard tests spent
most of their time asleep. :func:`type_keys` sends the same key events through
the same driver, in the same order, and waits as ``press`` does only once they
are all sent: the app handles each key exactly as before (the events queue in
order), only sooner. Use it for text typed into a field that already has the
focus; a key that opens or closes a screen still goes through ``press``.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from textual import events
from textual._wait import wait_for_idle
from textual.keys import _character_to_key
from textual.pilot import Pilot


async def type_keys(pilot: Pilot[Any], text: str) -> None:
    """Type ``text`` key by key into the focused field, then wait as :meth:`Pilot.press` does after its last key."""
    app: Any = pilot.app
    driver = app._driver
    assert driver is not None
    for char in text:
        key = char if char.isalnum() else _character_to_key(char)
        event = events.Key(key, char)
        event.set_sender(app)
        driver.send_message(event)
    await wait_for_idle(0)
    await app._animator.wait_until_complete()
    await wait_for_idle(0)
    await pilot._wait_for_screen()


#: How long a pilot test waits for the state it expects before it fails (seconds). Generous on purpose: a test
#: waits for the state, never for the clock, and a loaded two-core machine may take many times longer than a quiet
#: one (issue 29.8); a passing test never waits this long.
SETTLE = 60.0


async def until(pilot: Pilot[Any], check: Callable[[], Any], timeout: float = SETTLE) -> None:
    """Let the app run until ``check()`` is true (workers and modals take a few turns of the loop)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {check}")
        await pilot.pause(0.01)


async def click(pilot: Pilot[Any], selector: str, tries: int = 20) -> None:
    """Click the widget ``selector`` of the top screen once it is laid out, and again if the click landed on another
    widget (a dialog still being laid out on a loaded machine moves its buttons after their region was read: issue
    29.8). :meth:`Pilot.click` says where its click landed; a click that missed does nothing to the widget."""
    app: Any = pilot.app
    for _ in range(tries):
        await until(pilot, lambda: bool(app.screen.query(selector)) and app.screen.query_one(selector).region.area > 0)
        if await pilot.click(selector):
            return
        await pilot.pause(0.05)
    raise AssertionError(f"{selector}: {tries} clicks landed elsewhere")
