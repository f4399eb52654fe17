"""What a key means: the app's global keys, which no mode binds, and the meanings a mode key may have in one game.

The rules of the keys (issue 22 points 3 and 4), checked by ``tests/test_keymap.py`` over every mode of every rule
set:

* a capital letter is never a mode's key: typing a name as it is written (``RM-CA-Taranto``, ``Rouvel``) jumps to it
  in any table; ``R`` (briefing) and ``T`` (take over) are the app's, everywhere;
* a mode never binds a global key (``GLOBAL_KEYS``): ``1``-``8``, ``:``, ``n``, ``ctrl+z``/``ctrl+y``, ``?``, ``R``,
  ``T``, ``ctrl+p``, ``q`` mean the same in every mode, and ``/`` searches the table in every mode;
* in one game a key has one meaning across its modes, or two where ``SHARED`` lists them: a key of the Phases or
  Log mode (``a`` answer, ``b`` branch, ``f`` filter, ``h`` hide ``next``, ``l`` load older) that is also a verb on
  a row of another mode, or a verb of the Ports mode that is another verb of the Sea Zones mode (Europa). No key
  has three.
"""

from __future__ import annotations

GLOBAL_KEYS: frozenset[str] = frozenset({
    "1", "2", "3", "4", "5", "6", "7", "8", "colon", "n", "ctrl+z", "ctrl+y", "question_mark", "R", "T", "ctrl+p", "q", "slash",
})
"""Keys of the app that mean the same in every mode (the README's key table); no mode binds them."""

SEARCH = "search"
"""The one meaning ``/`` has in a mode: search the table (every table binds it)."""

MOST_MEANINGS = 2
"""At most this many meanings for one key across the modes of one game."""

SHARED: dict[str, dict[str, frozenset[str]]] = {
    "europa": {
        "a": frozenset({"answer", "add"}),  # Phases: answer a prompt · Ports and Setup: add a port (an entity)
        "b": frozenset({"branch", "batch"}),  # Log: branch here · Sea Zones: a batch of checks
        "c": frozenset({"collateral", "check"}),  # Ports · Sea Zones: an anti-shipping check
        "d": frozenset({"reduce", "remove"}),  # Ports: reduce a port · Setup: remove an entity
        "e": frozenset({"use", "edit"}),  # Ports: use capacity · Setup: edit an entity
        "h": frozenset({"hide_next", "hit"}),  # Log · Ports
        "i": frozenset({"intrinsic", "interfere"}),  # Ports · Sea Zones
        "m": frozenset({"mines", "malta"}),  # Ports · Sea Zones
        "t": frozenset({"dedicate", "condition"}),  # Ports · Sea Zones
        "u": frozenset({"upgrade", "mulberry"}),  # Ports · Sea Zones
    },
    "ocs": {
        "a": frozenset({"answer", "add"}),  # Phases · Ports and Setup
        "d": frozenset({"reduce", "remove"}),  # Ports · Setup
        "e": frozenset({"negate", "edit"}),  # Ports: negate (19.0a) · Setup
        "h": frozenset({"hide_next", "hit"}),
        "l": frozenset({"load_older", "load"}),  # Log · Ports: load SPs
    },
    "awaw": {
        "a": frozenset({"answer", "add"}),  # Phases · Setup (the uninversion allowance is ctrl+a in Naval)
        "b": frozenset({"branch", "rebase"}),  # Log · Naval: base change
        "c": frozenset({"control", "carrier-mission"}),  # Ports · Naval
        "d": frozenset({"displace", "remove"}),  # Naval · Setup
        "e": frozenset({"eliminate", "edit"}),  # Naval · Setup
        "k": frozenset({"sink", "kind"}),  # Naval · Setup: which kind of entity
        "h": frozenset({"hide_next", "harbor"}),  # Log · Naval: harbor attack
        "l": frozenset({"load_older", "plan"}),  # Log · Naval: the planner
        "o": frozenset({"operational", "ship-oil"}),  # Ports · Naval
        "space": frozenset({"toggle_node", "mark"}),  # toggles the row: Phases opens or closes a phase, Naval marks a unit
    },
    "logistics": {
        "a": frozenset({"answer", "add"}),  # Phases · Setup (an airfield is i on the Map)
        "b": frozenset({"branch", "battle"}),  # Log · Map
        "f": frozenset({"filter", "factory"}),  # Log · Factories
        "e": frozenset({"edit", "exchange"}),  # Map and Setup: edit (the board, an entity) · Factories: exchange
        "h": frozenset({"hide_next", "hit"}),  # Log · Map and Factories: a hit
        "p": frozenset({"answer_pending", "produce"}),  # Map: answer the pending prompt · Factories: produce
    },
}
"""Per rule set: the keys with two meanings across its modes, and the two (action names, or action ids of the rule
set's tables). Every other key has one."""


def is_capital(key: str) -> bool:
    """Whether Textual key name ``key`` is a capital letter (typed with shift: a name's first letter)."""
    return len(key) == 1 and key.isupper()
