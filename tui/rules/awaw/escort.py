"""Sea escort (21.6): destroyers and transports for NRs, oil and BRPs, the initial leg, and failure.

Pure functions over the operations tables. :func:`escort_requirement` gives
the destroyer factors and transports a sea escort needs (21.64 A-E), by the
leg's kind (destroyers on the mapboard, 21.64F; transports to or from a box,
21.64G-H, confirmed by the referee: RULINGS A2). :func:`check_initial_leg`
applies 21.65A with the distance the referee types (RULINGS A1), and
:func:`escort_result` says what becomes of the cargo after an interception
(21.66).
"""

from __future__ import annotations

import msgspec


from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .ops_common import Requirement, ceil_div, none_needed, power_name
from .ops_tables import OpsTables

LEGS = ("destroyers", "transports")
"""How a leg of a sea escort is carried: by destroyers (mapboard) or transports (to or from a box)."""


class Cargo(msgspec.Struct, frozen=True):
    """What one sea escort carries: ground and air factors, oil counters, BRPs."""

    factors: int = 0
    oil: int = 0
    brps: int = 0

    def __post_init__(self) -> None:
        if min(self.factors, self.oil, self.brps) < 0:
            raise RuleError("cargo cannot be negative")

    @property
    def empty(self) -> bool:
        """Nothing to carry."""
        return not (self.factors or self.oil or self.brps)


def escort_requirement(cargo: Cargo, power: str, leg: str, t: OpsTables) -> Requirement:
    """Destroyer factors and transports a sea escort of ``cargo`` by ``power`` needs on a ``leg`` (21.64).

    A destroyer leg needs one factor per ground or air factor (A) and three per
    European Axis oil counter (B); BRP grants never use destroyers (D). A
    transport leg needs one transport per five ground or air factors (C) and
    per five BRPs (D), rounded up, and one per Western Allied or Japanese oil
    counter (E).
    """
    if leg not in LEGS:
        raise RuleError(f"a sea escort leg is carried by destroyers or transports, not '{leg}' (21.64F-H)")
    e = t.escort
    axis = power in t.powers.european_axis.value
    if cargo.oil and leg == "transports" and axis:
        raise RuleError(f"{power_name(power)} ships oil with destroyers, three factors a counter, not transports (21.64B)")
    if cargo.oil and leg == "destroyers" and not axis:
        raise RuleError(f"{power_name(power)} ships oil with transports, one a counter, not destroyers (21.64E)")
    if cargo.brps and leg == "destroyers":
        raise RuleError("BRP grants are sea escorted by transports, not destroyers (21.64D)")
    if leg == "destroyers":
        terms = []
        if cargo.factors:
            terms.append(Term(f"{cargo.factors} ground/air factors x {e.destroyers_per_factor.value}",
                              cargo.factors * e.destroyers_per_factor.value, e.destroyers_per_factor.rule))
        if cargo.oil:
            terms.append(Term(f"{cargo.oil} oil counters x {e.oil_destroyers_per_counter.value} (European Axis)",
                              cargo.oil * e.oil_destroyers_per_counter.value, e.oil_destroyers_per_counter.rule))
        value = sum(term.value for term in terms)
        dd = Explained("destroyer factors for sea escort", value, "21.64A, B", tuple(terms))
        return Requirement(dd, none_needed("transports for sea escort", "21.64F", "a destroyer leg uses no transports"))
    terms = []
    if cargo.factors:
        per = e.factors_per_transport
        terms.append(Term(f"{cargo.factors} ground/air factors / {per.value}, rounded up", ceil_div(cargo.factors, per.value), per.rule))
    if cargo.brps:
        per = e.brps_per_transport
        terms.append(Term(f"{cargo.brps} BRPs / {per.value}, rounded up", ceil_div(cargo.brps, per.value), per.rule))
    if cargo.oil:
        per_oil = e.oil_transports_per_counter
        terms.append(Term(f"{cargo.oil} oil counters x {per_oil.value}", cargo.oil * per_oil.value, per_oil.rule))
    value = sum(term.value for term in terms)
    tr = Explained("transports for sea escort", value, "21.64C-E", tuple(terms), (t.escort.transport_legs.note,))
    return Requirement(none_needed("destroyer factors for sea escort", "21.64G", "a transport leg uses no destroyers"), tr)


HOME_ESCORTS = (("western-allies", "Hawaiian", "hawaiian_islands", "21.3615C"), ("japan", "Japan", "", "21.3616E"))
"""The sea escorts home of 21.3615C and 21.3616E: who (a bloc or a power), the island group, the data's list of its
places, the rule (proposed A31)."""


def home_escort(power: str, bloc: str, dest: tuple[str, str], destroyer_bases: list[tuple[str, str]], t: OpsTables) -> str:
    """21.3615C, 21.3616E: a sea escort that NRs units back to the Hawaiian Islands (Western Allies) or Japan (Japan)
    with destroyers based there; the rule, or "" when it is not one. Places are ``(name, island group)``."""
    for who, group, listed, rule in HOME_ESCORTS:
        names = {n.lower() for n in t.group(listed)} if listed else set()
        if who in (power, bloc) and _home(dest, group, names) and destroyer_bases and all(
                _home(b, group, names) for b in destroyer_bases):
            return rule
    return ""


def _home(place: tuple[str, str], group: str, names: set[str]) -> bool:
    """A place ``(name, island group)`` is home for a sea escort: in ``group`` or one of the listed ``names``."""
    return place[1].lower() == group.lower() or place[0].lower() in names


def check_initial_leg(distance: int | None, theater: str, t: OpsTables, home_rule: str = "",
                      naval_range: int = 0) -> Explained:
    """21.65A: destroyers not based in the embarkation hex must reach it on the initial leg.

    ``distance`` is the referee's count of hexes by water from the destroyers'
    base to the embarkation hex (``None`` or 0: based there; RULINGS A1).
    Refuses a distance beyond one leg (20 Europe, 10 Pacific), or beyond
    ``naval_range`` for a sea escort home (``home_rule``: 21.3615C, 21.3616E).
    """
    leg = t.escort.initial_leg
    limit = leg.of(theater)
    if home_rule and distance and distance <= naval_range:
        return Explained("destroyers reach the embarkation hex", True, home_rule,
                         (Term("hexes by water to the embarkation hex (typed, RULINGS A1)", distance, "21.65A"),
                          Term(f"naval range ({theater}): an island within it may be NRed home", naval_range, home_rule)))
    if not distance:
        return Explained("destroyers reach the embarkation hex", True, "21.65A",
                         (Term("based in the embarkation hex", 0, "21.65A"),))
    if distance > limit:
        raise RuleError(f"destroyers {distance} hexes from the embarkation hex cannot reach it on the initial leg: at most "
                        f"{limit} in the {theater.title()} (21.65A, 21.3612)")
    return Explained("destroyers reach the embarkation hex", True, "21.65A",
                     (Term("hexes by water to the embarkation hex (typed, RULINGS A1)", distance, "21.65A"),
                      Term(f"initial leg limit ({theater})", limit, leg.rule)))


def escort_result(required: int, surviving: int, transport_lost: bool, defeated: bool, origin: str) -> Explained:
    """What becomes of sea escorted cargo after an interception (21.66).

    ``required`` destroyer factors, ``surviving`` after the naval combat;
    ``transport_lost`` if a transport carrying it was eliminated; ``defeated``
    if the escort lost the naval combat. The value is ``eliminated``,
    ``returned`` (to ``origin``, 21.66B) or ``delivered``.
    """
    terms = [Term("destroyer factors required", required, "21.66C"), Term("destroyer factors surviving", surviving, "21.66C")]
    if required and surviving < required:
        return Explained("sea escorted cargo", "eliminated", "21.66C", tuple(terms),
                         ("Fewer destroyer factors survive than the cargo requires: the cargo is eliminated, whoever won.",))
    if transport_lost:
        return Explained("sea escorted cargo", "eliminated", "21.66C, 22.82",
                         (Term("a transport carrying it was eliminated", 1, "21.66C"),))
    if defeated:
        return Explained("sea escorted cargo", "returned", "21.66B", tuple(terms),
                         (f"The escort lost the naval combat: the cargo returns to {origin} and debarks; the naval units "
                          "return to their original base (21.66B); ground and air units may SR and TR from there (21.66D).",))
    return Explained("sea escorted cargo", "delivered", "21.65", tuple(terms))
