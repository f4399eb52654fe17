"""Where base changes and redeployments may go (seed 004, 21.214, 21.224): whether a base change inverts the units,
the U.S. boxes' listed bases (21.214) and the route rule of a redeployment between a U.S. box and the mapboard
(21.214E). Pure functions of bases and tables, used by ``verbs_basing`` and ``verbs_displace``."""

from __future__ import annotations

import msgspec

from ..core.errors import RuleError
from .bases import Base
from .tables import AwawTables
from .world import AwawWorld



def inverts_on_base_change(origin: Base, dest: Base) -> str:
    """Why a base change inverts the units (21.224), or "" when it does not."""
    if origin.kind == "box" and dest.kind == "box":
        return "from one mapboard box to another (21.224)"
    if origin.kind == "sw-box" and not dest.is_box:
        return "from an SW box to a mapboard port (21.224, 25.372A)"
    if dest.kind != "sw-box" and origin.theater != dest.theater:
        return f"between theaters, {origin.theater} to {dest.theater} (21.224, 33.74B)"
    return ""


def _matches(entry: str, base: Base) -> bool:
    """A ``rebase_with`` entry (``front:F``, ``group:G`` or a base name) names ``base``."""
    if entry.startswith("front:"):
        return entry[6:] in base.fronts and not base.is_box
    if entry.startswith("group:"):
        return bool(base.group) and base.group.lower() == entry[6:].lower()
    return base.name == entry


def check_box_routes(origin: Base, dest: Base, tables: AwawTables) -> None:
    """21.214: base changes to and from the U.S. boxes only with the bases their data lists."""
    for box_base, other in ((origin, dest), (dest, origin)):
        box = tables.boxes.get(box_base.name)
        if box is not None and box.rebase_with and not any(_matches(e, other) for e in box.rebase_with):
            raise RuleError(f"rebase: base changes between the {box_base.name} box and {other.name} are not permitted; "
                            f"only with {', '.join(box.rebase_with)} ({box.rule})")


NO_PORT = "none of them"
"""The answer to the 21.214E question that no listed port is passed: the redeployment is not carried out."""


def _describe(entries: list[str]) -> str:
    """``a western front port``; ``Dutch Harbor, Pearl Harbor, Papeete or a port of the hawaiian group``."""
    words = [f"a {e[6:]} front port" if e.startswith("front:") else f"a port of the {e[6:]} group" if e.startswith("group:")
             else e for e in entries]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


class BoxRoute(msgspec.Struct, frozen=True):
    """21.214E for one redeployment between a U.S. box and the mapboard: the box, the mapboard end, what the box's data
    lists (``front:F``, ``group:G`` or names) and how the rule says it."""

    box: Base
    board: Base
    entries: list[str]

    @property
    def described(self) -> str:
        return _describe(self.entries)

    def met_by(self, base: Base) -> bool:
        return any(_matches(e, base) for e in self.entries)


def box_route(origin: Base, dest: Base, world: AwawWorld, tables: AwawTables) -> BoxRoute | None:
    """21.214E: the route rule of a redeployment between a U.S. box and the mapboard (its box's ``rebase_with`` ports:
    a western front port; Dutch Harbor, Pearl Harbor, Papeete, the Hawaiian or Society Islands), or None for any other
    redeployment."""
    for box_base, board in ((origin, dest), (dest, origin)):
        box = tables.boxes.get(box_base.name)
        if box is None or not box.rebase_with or board.is_box or box_base.kind == "sw-box":
            continue
        entries = [e for e in box.rebase_with if e.startswith(("front:", "group:"))
                   or (e not in tables.boxes and not world.bases.get(e, board).is_box)]  # 21.214E: mapboard ports only
        return BoxRoute(box_base, board, entries)
    return None


def us_box_route(origin: Base, dest: Base, ports: list[str], world: AwawWorld, tables: AwawTables) -> tuple[str, ...]:
    """21.214E: () when the redeployment is not between a U.S. box and the mapboard, or when its mapboard end or a port
    typed with ``--ports`` is one the box lists; else why it is refused (a restriction: proposed ruling A27 withdrawn)."""
    need = box_route(origin, dest, world, tables)
    if need is None:
        return ()
    passed = [world.base_at(n) for n in ports]
    if any(need.met_by(b) for b in (need.board, *(b for b in passed if b is not None))):
        return ()
    typed = ", ".join(n if b is not None else f"{n} (not a base of this game)" for n, b in zip(ports, passed))
    return (f"nr: a redeployment between the {need.box.name} box and the mapboard must terminate in or pass through "
            f"{need.described}; {need.board.name} is none" + (f", nor is {typed}" if ports else "") + " (21.214E, 28.75)",)



def friendly(base: Base, side: str, tables: AwawTables, at_start: bool) -> bool:
    """Whether ``side`` controls ``base`` (at the start of the phase with ``at_start``; 21.223, 21.23)."""
    who = base.control_at_start if at_start else base.control
    return tables.side_of(who) == side
