"""Returning to base after a naval activity (seed 004, 21.33) and its exceptions, as pure checks.

21.33: survivors return to their base of origin, or to another base under
friendly control at the start of the player turn within 20 (Europe) or 10
(Pacific) hexes of the activity hex (the naval combat hex for units that
fought). The exceptions this module checks:

- during the combat phase, not to a base that is the target of an enemy
  seaborne invasion unless it is the only base available;
- units that carried out an operation from an SW box return to the SW box
  (5.91);
- after a failed base change the units return to their base of origin
  (21.222; ``rebase-failed``).

The functions take plain values (base names and hexes, the invasion hexes
announced this player turn), so they need neither the engine nor the store.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..core.errors import RuleError
from .bases import Base


def invasion_targets(ops: dict[str, Any], returning_side: str) -> list[str]:
    """The hexes of the seaborne invasions the enemy of ``returning_side`` announced this player turn (21.33).

    ``ops`` is the operations record (``AwawWorld.ops``): its ``turn`` key ends with the side whose player turn it
    is; invasions whose result is ``aborted`` or ``defeated-at-sea`` no longer target anything.
    """
    turn = str(ops.get("turn", ""))
    owner = turn.rsplit(":", 1)[-1] if ":" in turn else ""
    if not owner or owner == returning_side:
        return []
    out = []
    for m in dict(ops.get("missions", {})).values():
        if m.get("kind") == "invasion" and m.get("result") not in ("aborted", "defeated-at-sea"):
            out.append(str(m.get("hex", "")).upper())
    return out


def targeted(base: Base, hexes: Iterable[str]) -> bool:
    """Is ``base`` (by its hex or its name) one of the invasion hexes?"""
    marks = {h.upper() for h in hexes}
    return bool(marks) and ((base.hex and base.hex.upper() in marks) or base.name.upper() in marks)


def check_return(origin: Base, dest: Base, *, in_combat: bool, invaded: Iterable[str], only: bool) -> list[str]:
    """Refuse a return 21.33's exceptions forbid; else the notes the return's explanation carries.

    ``origin``: the units' base of origin; ``dest``: where they go (``origin`` itself for a return home);
    ``in_combat``: the combat phase; ``invaded``: hexes targeted by an enemy invasion this player turn;
    ``only``: the referee says ``dest`` is the only base available.
    """
    notes: list[str] = []
    if origin.kind == "sw-box" and dest.name != origin.name:
        raise RuleError(f"return: naval units carrying out an operation from the {origin.name} box must return to the SW box, "
                        f"not {dest.name} (21.33, 5.91)")
    if in_combat and targeted(dest, invaded):
        if not only:
            raise RuleError(f"return: {dest.name} is the target of an enemy seaborne invasion this combat phase; naval units may "
                            "not return there unless it is the only base available (say so with --only) (21.33)")
        notes.append(f"{dest.name} is the target of an enemy seaborne invasion: allowed as the only base available (21.33)")
    return notes
