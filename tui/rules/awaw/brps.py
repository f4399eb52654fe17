"""The BRP ledger of naval operations: what each offensive naval activity of the player turn is charged, on which front.

Patrols (21.414A), raids (21.531C, 21.5331), seaborne invasions, sea
transports (21.1322) and fast carrier missions (21.554A) are paid in BRPs
"for all participating naval units on the front" of the activity; submarines
cost nothing (9.56A). The rate per naval factor is set by 9.7, which the
rule text does not print, so the ledger counts the naval factors charged on
each front and gives BRPs only where chapter 21 names them (the setup
raiders of 21.5331, one BRP each). The front:

- an invasion of, or a sea transport to, a base: the base's front; Gibraltar
  is charged to the Mediterranean whoever comes (21.1322), another two-front
  port to the front the units come from when it is one of its own;
- a fast carrier mission with an invasion: the invasion's front (21.554A);
- otherwise ``--brp-front F`` as typed, else the single front of the units'
  bases of origin, flagged as an assumption; "?" when neither says.

The ledger lives in the operations record (``world.ops["brps"]``), so it is
the current player turn's; the log keeps the earlier ones.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import RuleError
from ..core.ruleset import Column
from ..core.state import GameState
from .bases import Base
from .tables import AwawTables
from .units import NavalUnit

CHARGED_TO = {"gibraltar": ("mediterranean", "21.1322")}
"""Two-front ports whose invasion or sea transport is charged to one front, whoever comes (21.1322)."""

LEDGER_COLUMNS = (
    Column("mission", "Mission", 14), Column("what", "Activity", 26), Column("front", "Front", 13),
    Column("factors", "Factors", 7), Column("brps", "BRPs", 5, priority=1), Column("rule", "Rule", 10, priority=2),
    Column("note", "Note", 30, priority=3),
)
"""The columns of the BRP ledger view (``show brps``)."""


def paying_factors(units: list[NavalUnit], tables: AwawTables) -> int:
    """The naval factors an offensive activity pays for: every unit but submarines (9.56A)."""
    return sum(u.factors for u in units if u.category(tables) != "submarine")


def typed_front(opts: dict[str, Any], tables: AwawTables) -> str:
    """``--brp-front F``, checked against the game's fronts ("" when not typed)."""
    value = opts.get("brp-front")
    if value in (None, "", True):
        return ""
    front = str(value).strip().lower()
    if front not in tables.fronts:
        raise RuleError(f"--brp-front: '{value}' is not a front ({', '.join(tables.fronts)})")
    return front


def front_of(target: Base | None, origins: list[Base], typed: str) -> tuple[str, str]:
    """The front an invasion, sea transport or carrier mission is charged to, and why (see the module's text)."""
    if target is not None and target.name.lower() in CHARGED_TO:
        front, rule = CHARGED_TO[target.name.lower()]
        return front, f"an invasion of, or a sea transport to, {target.name} is charged to the {front} front ({rule})"
    if typed:
        return typed, "the front typed (--brp-front)"
    came = {f for b in origins for f in b.fronts if len(b.fronts) == 1}
    if target is not None and target.fronts:
        if len(target.fronts) == 1:
            return target.fronts[0], f"the front of {target.name}"
        mine = [f for f in target.fronts if f in came]
        if len(mine) == 1:
            return mine[0], f"{target.name} is a two-front port: the front the units come from (21.132)"
    if len(came) == 1 and all(len(b.fronts) == 1 for b in origins):
        front = next(iter(came))
        return front, "assumed: the front of the units' bases of origin; type --brp-front if the activity is on another"
    return "?", "the front is not known: the referee names it (--brp-front)"


def charge(rec: dict[str, Any], mission: str, what: str, front: str, why: str, factors: int, rule: str,
           brps: int | None = None) -> dict[str, Any]:
    """The operations record with one more ledger line."""
    line = {"mission": mission, "what": what, "front": front, "factors": factors, "brps": brps, "rule": rule, "note": why}
    return {**rec, "brps": [*rec.get("brps", []), line]}


def charge_text(front: str, why: str, factors: int, brps: int | None = None) -> str:
    """``BRPs for 6 naval factors on the western front (why)``."""
    if brps is not None:
        return f"{brps} BRPs on the {front} front ({why})"
    if front == "?":
        return f"BRPs for {factors} naval factors: {why}"
    return f"BRPs for {factors} naval factors on the {front} front ({why})"


def ledger_rows(state: GameState) -> list[dict[str, Any]]:
    """The BRP ledger of this player turn: one row per activity charged, then one total per front (side: the payer)."""
    ops = state.world.ops
    side = str(ops.get("turn", "")).partition(":")[2]
    lines = [dict(line, side=side) for line in ops.get("brps", [])]
    totals: dict[str, dict[str, Any]] = {}
    for line in lines:
        t = totals.setdefault(line["front"], {"mission": "total", "what": f"{line['front']} front", "front": line["front"],
                                              "factors": 0, "brps": None, "rule": "", "note": "", "side": side})
        t["factors"] += line["factors"]
        if line["brps"] is not None:
            t["brps"] = (t["brps"] or 0) + line["brps"]
    return [*lines, *totals.values()]
