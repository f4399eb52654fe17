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

from typing import Any

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
