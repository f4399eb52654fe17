"""Shore bombardment (21.52): combat factors added, caps by Naval Nationality DRM, and losses.

:func:`bombardment_value` applies 21.525 (three naval factors per combat
factor) and the caps of 21.526 by DRM category, lowest first, each cap
counting what lower categories already added (RULINGS A3). Remnants (naval
factors short of a combat factor) are kept for 21.527. :func:`fleet_losses`
and :func:`loss_options` apply 21.528x. Every figure comes from the tables.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import msgspec

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .ops_tables import OpsTables


class Bombardment(msgspec.Struct, frozen=True):
    """The outcome of 21.525-21.526: combat factors added, naval factors used and their remnant."""

    value: Explained
    used: int
    """Naval factors that count (within the caps)."""
    remnant: int
    """Naval factors within the caps that do not make a whole combat factor (21.527)."""
    unused: int
    """Naval factors beyond the caps: they add nothing."""


def _cap_row(drm: int, t: OpsTables):
    rows = [r for r in t.bombardment.drm_caps if r.drm <= drm]
    return rows[-1] if rows else t.bombardment.drm_caps[0]


def bombardment_value(ground_factors: int, by_drm: dict[int, int], t: OpsTables) -> Bombardment:
    """Combat factors that naval factors (by Naval Nationality DRM) add to an invasion of ``ground_factors`` (21.525, 21.526).

    Categories are taken from the lowest DRM up; each category's cap (1x,
    2x, 3x the ground factors) counts what lower categories added (RULINGS
    A3). Never more than 3x in all (21.517C).
    """
    b = t.bombardment
    per = b.naval_factors_per_combat_factor.value
    if ground_factors < 1:
        raise RuleError("shore bombardment supports a seaborne invasion by ground units (21.521)")
    if any(n < 0 for n in by_drm.values()):
        raise RuleError("naval factors cannot be negative")
    terms: list[Term] = [Term("ground factors in the invasion attack", ground_factors, "21.526")]
    notes = [b.mixed_drms.note]
    added = 0
    used = remnant = unused = 0
    overall = b.max_multiple.value * ground_factors
    for drm in sorted(by_drm):
        factors = by_drm[drm]
        if not factors:
            continue
        row = _cap_row(drm, t)
        cap = min(row.multiple * ground_factors, overall)
        room = max(0, cap - added)
        whole = min(factors // per, room)
        added += whole
        left = factors - whole * per
        # a remnant can still add to 21.527 only while this category has room left (then whole = factors // per,
        # so the remnant is short of a combat factor)
        rem = left if room > whole else 0
        used += whole * per + rem
        remnant += rem
        unused += left - rem
        terms.append(Term(f"DRM {drm}: {factors} naval factors / {per} = {factors // per}, cap {row.multiple} x {ground_factors}"
                          f" - {added - whole} already = {room}", whole, row.rule))
        if drm < row.drm and row.note:
            notes.append(row.note)
    if remnant:
        notes.append(f"{remnant} naval factors short of a combat factor are kept for 21.527 (with naval air remnants).")
    if unused:
        notes.append(f"{unused} naval factors beyond the caps add nothing (21.526).")
    value = Explained("shore bombardment combat factors", added, "21.525, 21.526", tuple(terms), tuple(notes))
    return Bombardment(value, used, remnant, unused)


def combined_support(bomb: Bombardment, air_support: Fraction, ground_factors: int, t: OpsTables) -> Explained:
    """21.527: shore bombardment plus ground support from air units or CVEs, remnants added together.

    ``air_support`` is the ground support in combat factors, fractions kept
    (a naval air remnant). The bombardment remnant is worth a third of a
    combat factor per naval factor; whole factors from the remnants count,
    while neither limit (21.526, 21.517D) is exceeded.
    """
    per = t.bombardment.naval_factors_per_combat_factor.value
    cap_air = t.invasion.ground_support_multiple.value * ground_factors
    whole_air = min(int(air_support), cap_air)
    rem = Fraction(bomb.remnant, per) + (air_support - int(air_support))
    extra = int(rem)
    bomb_cap = t.bombardment.max_multiple.value * ground_factors
    room = max(0, bomb_cap - bomb.value.value) + max(0, cap_air - whole_air)
    extra = min(extra, room)
    total = bomb.value.value + whole_air + extra
    terms = (Term("shore bombardment", bomb.value.value, "21.525"), Term("ground support (whole factors)", whole_air, "21.517D"),
             Term(f"remnants: {bomb.remnant} naval factors / {per} + air {float(air_support - int(air_support)):g}", extra, "21.527"))
    return Explained("combat factors added by sea and air", total, "21.527", terms)


class FleetLoss(msgspec.Struct, frozen=True):
    """The ships a fleet gives up to ground combat losses (21.5282)."""

    destroyer_factors: int = 0
    cruisers: tuple[int, ...] = ()
    """Factors of each cruiser sunk."""
    heavy: tuple[int, ...] = ()
    """Factors of each heavy ship damaged."""


def barred_factors(loss: FleetLoss, t: OpsTables) -> int:
    """21.5281: the other fleet factors barred from shore bombardment in later combat rounds by ``loss``.

    Two for each fleet factor lost; the factors left in a damaged heavy ship count towards them.
    """
    lost = loss.destroyer_factors + sum(loss.cruisers) + len(loss.heavy)
    remaining = sum(f - 1 for f in loss.heavy)
    return max(0, t.bombardment.barred_per_factor_lost.value * lost - remaining)


def fleet_losses(loss: FleetLoss, bombardment: int, t: OpsTables) -> Explained:
    """Ground combat loss factors a bombarding fleet absorbs, and the fleet factors barred afterwards (21.5281-21.5283).

    Destroyers: one factor each (A); cruisers: two loss factors sink one (B);
    heavy ships: one loss factor each, damaging it (C). The loss factors may
    not exceed the bombardment's combat value (21.5283). For each fleet
    factor lost two others are barred from later rounds; a damaged heavy
    ship's remaining factors count towards them (21.5281). Value: the loss
    factors absorbed.
    """
    b = t.bombardment
    dd = loss.destroyer_factors * b.destroyer_loss_per_factor.value
    cr = len(loss.cruisers) * b.cruiser_loss_factors.value
    hv = len(loss.heavy) * b.heavy_ship_loss_factors.value
    absorbed = dd + cr + hv
    if absorbed > bombardment:
        raise RuleError(f"fleet losses of {absorbed} factors exceed the shore bombardment's {bombardment} combat factors (21.5283)")
    lost = loss.destroyer_factors + sum(loss.cruisers) + len(loss.heavy)
    remaining = sum(f - 1 for f in loss.heavy)
    barred = barred_factors(loss, t)
    terms = (Term(f"destroyer factors eliminated x {b.destroyer_loss_per_factor.value}", dd, b.destroyer_loss_per_factor.rule),
             Term(f"{len(loss.cruisers)} cruisers sunk x {b.cruiser_loss_factors.value}", cr, b.cruiser_loss_factors.rule),
             Term(f"{len(loss.heavy)} heavy ships damaged x {b.heavy_ship_loss_factors.value}", hv, b.heavy_ship_loss_factors.rule),
             Term("fleet factors lost", lost, "21.5281"),
             Term(f"other fleet factors barred from later rounds ({b.barred_per_factor_lost.value} per factor lost, less "
                  f"{remaining} left in damaged heavy ships)", barred, b.barred_per_factor_lost.rule),
             Term("limit: shore bombardment combat factors", bombardment, "21.5283"))
    return Explained("ground combat losses taken by the bombarding fleet", absorbed, "21.5282, 21.5283", terms)


def loss_options(required: int, ground_units: tuple[int, ...], fleet_factors: int, bombardment: int) -> list[tuple[tuple[int, ...], int]]:
    """The ways to take ``required`` loss factors from invading ground units and bombarding fleet factors (21.5283).

    Each option is (the factors of the ground units lost, the fleet loss
    factors). Fleet losses never exceed the bombardment's combat value nor the
    fleet factors present; ground units are lost whole, and no option loses a
    ground unit it does not need. Ordered from most ground units lost.
    """
    out: list[tuple[tuple[int, ...], int]] = []
    seen: set[tuple[int, ...]] = set()
    units = sorted(ground_units, reverse=True)
    for k in range(len(units), -1, -1):
        for combo in combinations(units, k):
            if combo in seen:
                continue
            seen.add(combo)
            ground = sum(combo)
            fleet = max(0, required - ground)
            if fleet > min(bombardment, fleet_factors):
                continue
            if combo and ground - min(combo) >= required:
                continue  # a unit lost for nothing
            out.append((combo, fleet))
    if not out:  # more losses than may be taken: every invading unit and the fleet up to its limit
        out.append((tuple(units), min(bombardment, fleet_factors)))
    return out


def check_box(box: str | None, with_invasion_from_same_box: bool, t: OpsTables) -> None:
    """21.523: bombardment from the U.S. boxes only with an invasion from that box; India, Australia yes; South Africa no."""
    if box is None:
        return
    r = t.bombardment.box_rules
    if box in r.prohibited:
        raise RuleError(f"shore bombardment from the {box} box is prohibited (21.523C)")
    if box in r.with_invasion_from_box and not with_invasion_from_same_box:
        raise RuleError(f"shore bombardment from the {box} box only supports an invasion from that box (21.523A)")
    if box not in r.permitted and box not in r.with_invasion_from_box:
        raise RuleError(f"shore bombardment from the {box} box is not permitted (21.523)")
