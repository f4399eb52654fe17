"""The missions of the player turn as views show them, and the "why?" of an invasion (21.51, 21.52, 21.528).

The operations record (``world.ops``, kept by ``verbs_ops``) holds the
missions announced this player turn. :func:`mission_rows` lists them for
``show missions`` and briefings; :func:`explain_mission` recomputes an
invasion's figures from the record for ``why invasion-N``: the defenders'
invasion DM (21.517E), the shore bombardment over every ship bombarding it
(21.525, 21.526, RULINGS A3, A5) and the fleet factors barred from later
combat rounds (21.5281).
"""

from __future__ import annotations

from typing import Any

from ..core.explain import Explained, Term
from ..core.ruleset import Column
from ..core.state import GameState
from . import bombardment as BO
from . import invasion as I
from .ops_helpers import mission_key
from .ops_tables import OpsTables
from .transport import Cargo

MISSION_COLUMNS = (
    Column("name", "Mission", 14), Column("kind", "Kind", 10), Column("hex", "Hex", 10), Column("side", "Side", 7),
    Column("defender_dm", "Def DM", 6, priority=1), Column("bombardment", "Bomb", 4, priority=1),
    Column("barred", "Barred", 6, priority=2), Column("result", "Result", 12),
)
"""The columns of the missions view."""


def _missions(state: GameState) -> tuple[str, dict[str, dict[str, Any]]]:
    ops = state.world.ops
    side = str(ops.get("turn", "")).partition(":")[2]
    return side, dict(ops.get("missions", {}))


def _attackers(m: dict[str, Any]) -> tuple[Cargo, ...]:
    """The initial attackers of invasion record ``m``: the DM (21.517E) and the bombardment caps (21.526) read their
    factors and kinds."""
    names = set(m.get("attackers", []))
    return tuple(Cargo(c["name"], c["factors"], c["kind"]) for c in m.get("cargo", []) if c["name"] in names)


def mission_rows(state: GameState) -> list[dict[str, Any]]:
    """One row per mission of this player turn: id, kind, hex, side, and an invasion's DM, bombardment and barred factors;
    ``invasion`` holds the id of an invasion whose result is not recorded yet (what a bombardment supports, 21.52, and
    what ``invasion-result`` ends, 21.516-21.518), "" on any other row; ``raid`` the id of a raider group still at sea
    (what the raid's engagement, ships and return name, 21.534-21.538); ``mission`` the id of any mission without a result
    (what an interception targets and a patrol supports, 21.4182)."""
    side, missions = _missions(state)
    rows = []
    for mid, m in missions.items():
        invasion = m.get("kind") == "invasion"
        rows.append({"name": mid, "kind": m.get("kind", ""), "hex": m.get("hex") or m.get("to") or "", "side": side,
                     "units": list(m.get("units", [])),
                     "invasion": mid if invasion and not m.get("result") else "",  # an invasion still open (21.52, 21.516)
                     "raid": mid if m.get("kind") == "raid" and not m.get("returned") else "",  # raiders at sea (21.534-21.538)
                     "mission": "" if m.get("result") else mid,  # what an interception targets and a patrol supports (21.4182)
                     "defender_dm": m.get("defender_dm") if invasion else None,
                     "bombardment": m.get("bombard_value", 0) if invasion else None,
                     "barred": m.get("barred", 0) if invasion else None,
                     "result": m.get("result", "")})
    return rows


def explain_mission(state: GameState, name: str, t: OpsTables) -> list[Explained]:
    """The "why?" of invasion ``name`` (its id, any case): DM, shore bombardment, fleet factors barred; [] otherwise."""
    _, missions = _missions(state)
    key = mission_key({"missions": missions, "aliases": state.world.ops.get("aliases", {})}, name)
    if key is None or missions[key].get("kind") != "invasion":
        return []
    m = missions[key]
    attackers = _attackers(m)
    ground = sum(c.factors for c in attackers)
    by_drm = {int(k): int(v) for k, v in m.get("bombard_drm", {}).items()}
    if by_drm:
        bomb = BO.bombardment_value(ground, by_drm, t).value
    else:
        bomb = Explained("shore bombardment combat factors", 0, "21.525",
                         (Term("no ships bombard this invasion yet", 0, "21.52"),))
    per = t.bombardment.barred_per_factor_lost
    barred = Explained("fleet factors barred from later combat rounds", int(m.get("barred", 0)), per.rule,
                       (Term("fleet factors lost to ground combat (invasion-losses)", int(m.get("fleet_lost", 0)), "21.5282"),
                        Term(f"{per.value} other fleet factors barred per factor lost, less the factors left in damaged heavy "
                             "ships", int(m.get("barred", 0)), per.rule)), (per.note,))
    return [I.defender_dm(attackers, t), bomb, barred]
