"""Sea supply, oil shipments and BRP grants by sea (21.42, 21.56): what each needs.

Sea supply lines from ports need no naval units (21.421A); each Western
Allied line from a mapboard box needs one transport (21.421B). Oil counters
need one transport each (Western Allies, Japan) or three destroyer factors
(European Axis) (21.422); Western Allied BRP grants need one transport per
five BRPs (21.423). The same activities are legal in post-combat supply
determination (21.56). All figures come from the operations tables.
"""

from __future__ import annotations

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .ops_common import Requirement, ceil_div, none_needed, power_name
from .ops_tables import OpsTables


def sea_supply_transports(lines_from_boxes: int, lines_from_ports: int, power: str, t: OpsTables) -> Requirement:
    """Transports for sea supply lines (21.421): none from ports (A), one per Western Allied line from a box (B)."""
    s = t.supply.box_line_transports
    if lines_from_boxes and power not in t.powers.western_allies.value:
        raise RuleError(f"only Western Allied sea supply lines are traced from mapboard boxes, not {power_name(power)}'s (21.421B, 30.365)")
    terms = []
    if lines_from_ports:
        terms.append(Term(f"{lines_from_ports} lines from ports need no naval units", 0, "21.421A"))
    if lines_from_boxes:
        terms.append(Term(f"{lines_from_boxes} lines from mapboard boxes x {s.value}", lines_from_boxes * s.value, s.rule))
    tr = Explained("transports for sea supply", lines_from_boxes * s.value, "21.421", tuple(terms), (s.note,))
    return Requirement(none_needed("destroyer factors for sea supply", "21.421", "sea supply needs no destroyers"), tr)


def oil_requirement(counters: int, power: str, t: OpsTables) -> Requirement:
    """Sea escort for ``counters`` oil counters shipped by ``power`` (21.422, 21.64B, E)."""
    s = t.supply
    if counters < 1:
        raise RuleError("ship at least one oil counter (21.422)")
    if power in s.oil_by_destroyers.value:
        per = s.oil_destroyers_per_counter
        dd = Explained("destroyer factors for oil shipments", counters * per.value, per.rule,
                       (Term(f"{counters} oil counters x {per.value} destroyer factors (European Axis)", counters * per.value, per.rule),))
        return Requirement(dd, none_needed("transports for oil shipments", "21.422", "European Axis oil goes with destroyers"))
    if power in s.oil_by_transports.value:
        per = s.oil_transports_per_counter
        tr = Explained("transports for oil shipments", counters * per.value, per.rule,
                       (Term(f"{counters} oil counters x {per.value} transport", counters * per.value, per.rule),))
        return Requirement(none_needed("destroyer factors for oil shipments", "21.422", "this power ships oil with transports"), tr)
    raise RuleError(f"{power_name(power)} cannot ship oil by sea: only the Western Allies, Japan and the European Axis may (21.422)")


def brp_grant_requirement(brps: int, power: str, t: OpsTables) -> Requirement:
    """Transports for a Western Allied BRP grant by sea: one per five BRPs, rounded up (21.423, 21.64D)."""
    s = t.supply
    if power not in s.brp_grant_powers.value:
        raise RuleError(f"only Western Allied BRP grants may be made by sea, not {power_name(power)}'s (21.423)")
    if brps < 1:
        raise RuleError("a BRP grant is of at least 1 BRP (21.423)")
    per = s.brps_per_transport
    n = ceil_div(brps, per.value)
    tr = Explained("transports for a BRP grant", n, per.rule,
                   (Term(f"{brps} BRPs / {per.value}, rounded up", n, per.rule),), (per.note,))
    return Requirement(none_needed("destroyer factors for a BRP grant", "21.64D", "BRP grants need no destroyers"), tr)
