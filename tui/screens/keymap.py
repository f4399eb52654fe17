"""What a key means: the app's global keys, which no mode binds, and the meanings a mode key may have in one game.

The rules of the keys (issue 22 points 3 and 4), checked by ``tests/test_keymap.py`` over every mode of every rule
set:

* a capital letter is never a mode's key: typing a name as it is written (``RM-CA-Taranto``, ``Rouvel``) jumps to it
  in any table; ``R`` (briefing) and ``T`` (take over) are the app's, everywhere;
* a mode never binds a global key (``GLOBAL_KEYS``): ``1``-``9``, ``:``, ``n``, ``ctrl+z``/``ctrl+y``, ``?``, ``R``,
  ``T``, ``ctrl+p``, ``q`` mean the same in every mode, and ``/`` searches the table in every mode;
* in one game a key has one meaning across its modes, or two where ``SHARED`` lists them: a key of the Phases or
  Log mode (``a`` answer, ``b`` branch, ``f`` filter, ``h`` hide ``next``, ``l`` load older) that is also a verb on
  a row of another mode, or a verb of one mode that is another verb of a second mode (each rule set's plugin lists
  them in ``shared_keys``). No key has three.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from textual.keys import key_to_character

from ..engine.registry import plugin
from ..engine.setup import RULESETS

GLOBAL_KEYS: frozenset[str] = frozenset({
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "colon", "n", "ctrl+z", "ctrl+y", "question_mark", "R", "T", "ctrl+p", "q", "slash",
})
"""Keys of the app that mean the same in every mode (the README's key table); no mode binds them."""

SEARCH = "search"
"""The one meaning ``/`` has in a mode: search the table (every table binds it)."""

MOST_MEANINGS = 2
"""At most this many meanings for one key across the modes of one game."""

class _Shared(Mapping[str, Mapping[str, frozenset[str]]]):
    """Per installed rule set: the keys with two meanings across its modes, and the two (action names, or action ids
    of the rule set's tables), as its plugin declares them (``RuleSetPlugin.shared_keys``). Every other key has one."""

    def __getitem__(self, rid: str) -> Mapping[str, frozenset[str]]:
        if rid not in RULESETS:
            raise KeyError(rid)
        return plugin(rid).shared_keys

    def __iter__(self) -> Iterator[str]:
        return iter(RULESETS)

    def __len__(self) -> int:
        return len(RULESETS)


SHARED: Mapping[str, Mapping[str, frozenset[str]]] = _Shared()
"""Per rule set: the keys with two meanings across its modes (its plugin's ``shared_keys``)."""


MULTIPLEXER_PREFIXES: frozenset[str] = frozenset({"ctrl+a", "ctrl+b"})
"""Keys a terminal multiplexer takes for itself (``ctrl+b`` tmux's prefix, ``ctrl+a`` screen's): no mode binds them,
so every action works inside tmux or screen (issue 30 item 3)."""


UNNAMED: dict[str, str] = {"plus": "+", "minus": "-", "at": "@"}
"""Printable keys whose Textual name has no Unicode name to look up (``plus`` is ``+``, PLUS SIGN; ``minus``, ``at``)."""


def key_shown(key: str) -> str:
    """How a key is written for the referee: a printable character key as the character (``asterisk`` -> ``*``,
    ``equals_sign`` -> ``=``), any other by its name (``ctrl+e``, ``space``)."""
    character = key_to_character(key) or UNNAMED.get(key) if len(key) > 1 and "+" not in key else None
    return character if character and character.isprintable() and not character.isspace() else key


def is_capital(key: str) -> bool:
    """Whether Textual key name ``key`` is a capital letter (typed with shift: a name's first letter)."""
    return len(key) == 1 and key.isupper()
