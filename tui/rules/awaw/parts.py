"""What a group of AWAW verbs adds to the rule set: verbs, effects, prompt answers and Naval-mode keys.

The rule set (``ruleset.py``) is assembled from several such parts: the
roster and basing verbs, patrols and harbor attacks, and the operations of
21.42-21.6 (``verbs_ops.build_ops``). Merging refuses a name two parts both
define, so one part can never silently replace another's verb.
"""

from __future__ import annotations

import msgspec
from msgspec import field


from ..core.actions import Action
from ..core.errors import DataError
from ..core.ruleset import Answer, Condition, Effect, Verb


class OpsParts(msgspec.Struct, frozen=True):
    """One part of the AWAW rule set."""

    verbs: dict[str, Verb]
    """Commands, by name."""
    effects: dict[str, Effect] = field(default_factory=dict)
    """Named effects the turn sequence may run on entering or leaving a step."""
    answers: dict[str, Answer] = field(default_factory=dict)
    """Named prompt-answer effects."""
    actions: tuple[Action, ...] = ()
    """Keys of the Naval mode (their ``target`` is ``"units"``: the selected units)."""
    conditions: dict[str, Condition] = field(default_factory=dict)
    """Named conditions for prompts."""


def merge(parts: list[OpsParts], file: str) -> OpsParts:
    """All parts in one; a name defined twice is a :class:`DataError` naming both the kind and the name."""
    verbs: dict[str, Verb] = {}
    effects: dict[str, Effect] = {}
    answers: dict[str, Answer] = {}
    conditions: dict[str, Condition] = {}
    actions: list[Action] = []
    for part in parts:
        for kind, into, new in (("verb", verbs, part.verbs), ("effect", effects, part.effects),
                                ("answer", answers, part.answers), ("condition", conditions, part.conditions)):
            for name, value in new.items():
                if name in into:
                    raise DataError(file, f"{kind} {name}", "is defined by two parts of the rule set")
                into[name] = value  # type: ignore[index]
        for action in part.actions:
            if any(a.id == action.id or (a.key and a.key == action.key) for a in actions):
                raise DataError(file, f"action {action.id}", f"its id or key '{action.key}' is used twice in the Naval mode")
            actions.append(action)
    return OpsParts(verbs, effects, answers, tuple(actions), conditions)
