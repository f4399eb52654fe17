"""Seaborne invasions (21.51): requirements, the restrictions, and the figures of invasion combat.

Pure functions over the operations tables and plain inputs: cargo units
(:class:`transport.Cargo`), places (:class:`transport.Place`), what the
referee says of the board (hex kind, defended or not, winter, odds typed as
``3:1``; RULINGS A1, A2). Each returns an :class:`Explained` or refuses with
the rule number.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .ops_common import Requirement, ceil_div, none_needed
from .ops_tables import OpsTables
from .tables import AwawTables
from .transport import Cargo, Place
from .units import NavalUnit

HEX_KINDS = ("beach", "gibraltar", "singapore", "one-hex-island", "port", "other")
"""What the referee says the invasion hex is (21.5154)."""


def invasion_requirement(cargo: tuple[Cargo, ...], defended: bool, from_box: bool, t: OpsTables) -> Requirement:
    """Destroyer factors and transports to carry an invasion force (21.513).

    One destroyer factor per ground factor against an undefended hex (A), two
    against a defended one, counting units kept back (B); from a mapboard box
    the 21.513C reading of the data (an assumption: its text is not printed).
    """
    inv = t.invasion
    factors = sum(c.factors for c in cargo)
    if factors < 1:
        raise RuleError("a seaborne invasion carries at least one ground factor (21.513)")
    if any(c.air for c in cargo):
        raise RuleError("air units may not invade (21.514F)")
    per = inv.defended_destroyers_per_factor if defended else inv.undefended_destroyers_per_factor
    terms = [Term(f"{factors} ground factors x {per.value} ({'defended' if defended else 'undefended'} hex"
                  f"{', counting units kept back' if defended else ''})", factors * per.value, per.rule)]
    value, rule = factors * per.value, per.rule
    notes: list[str] = []
    if from_box and inv.box_destroyers_per_factor.value > per.value:
        box = inv.box_destroyers_per_factor
        value, rule = factors * box.value, box.rule  # the figure cites the clause that gave it (21.513C)
        terms.append(Term(f"from a mapboard box: {factors} x {box.value}", value, box.rule))
        notes.append(box.note)
    dd = Explained("destroyer factors for the invasion", value, rule, tuple(terms), tuple(notes))
    if not from_box:
        return Requirement(dd, none_needed("transports for the invasion", "21.513C", "not from a mapboard box"))
    lot = inv.box_factors_per_transport
    n = ceil_div(factors, lot.value)
    tr = Explained("transports for the invasion", n, lot.rule, (Term(f"{factors} ground factors / {lot.value}, rounded up", n, lot.rule),),
                   (lot.note,))
    return Requirement(dd, tr)


def check_hex(kind: str, cargo: tuple[Cargo, ...], defended: bool, wa_ctl: int, t: OpsTables) -> Explained:
    """21.5154: beach, Gibraltar, Singapore or a one-hex island; commandos alone also undefended ports at CTL 2+."""
    inv = t.invasion
    if kind not in HEX_KINDS:
        raise RuleError(f"the invasion hex is one of {', '.join(HEX_KINDS)}, not '{kind}'")
    if kind in inv.eligible_hexes.value:
        return Explained("eligible invasion hex", True, inv.eligible_hexes.rule, (Term(f"a {kind} hex", 1, inv.eligible_hexes.rule),))
    if kind == "port":
        if any(c.kind != "commando" for c in cargo):
            raise RuleError("only commandos may invade a port hex that is not a beach (21.5154)")
        if defended:
            raise RuleError("commandos may invade only undefended port hexes (21.5154)")
        need = inv.commando_min_ctl.value
        if wa_ctl < need:
            raise RuleError(f"commandos may invade ports only when the Western Allied CTL is {need} or more; it is {wa_ctl} (21.5154)")
        return Explained("eligible invasion hex", True, inv.commando_min_ctl.rule,
                         (Term("an undefended port, commandos only", 1, "21.5154"), Term("Western Allied CTL", wa_ctl, "21.5154")))
    raise RuleError(f"seaborne invasions may only be made against a beach hex, Gibraltar, Singapore or one-hex islands, not {kind} (21.5154)")


def check_range(distance: int, theater: str, commando_port: bool, t: OpsTables) -> Explained:
    """21.512A: a commando invading a port under its special capability is limited to 10 (Europe) or 5 (Pacific) hexes.

    The general 21.3614 limits are the range module's; ``distance`` is typed by the referee (RULINGS A1).
    """
    if not commando_port:
        return Explained("commando range", True, "21.512A", (Term("not a commando port invasion", 0, "21.512A"),))
    limit = t.invasion.commando_range.of(theater)
    if distance > limit:
        raise RuleError(f"a commando port invasion may reach {limit} hexes in the {theater.title()}, not {distance} (21.512A)")
    return Explained("commando range", True, "21.512A", (Term("hexes by water (typed, RULINGS A1)", distance, "21.512A"),
                                                         Term(f"limit ({theater})", limit, "21.512A")))


def check_start(embark: list[Place], cargo: tuple[Cargo, ...], transported: set[str], t: OpsTables) -> None:
    """21.512B, E; 21.514E, F; 21.437D: where invading units start and which may invade."""
    inv = t.invasion
    barred = {n.lower() for n in inv.no_invasion_bases.value}
    prohibited = set(inv.prohibited_from.value)
    for place in embark:
        if place.name.lower() in barred:
            raise RuleError(f"{place.name} may not be used as a base for seaborne invasions (21.512B)")
        if place.box and place.key in prohibited:
            raise RuleError(f"seaborne invasions from {place.name} are prohibited (21.512E)")
        if place.box and place.key not in inv.box_routes.value:
            raise RuleError(f"seaborne invasions from {place.name} are not permitted (21.512D)")
    for c in cargo:
        if c.air:
            raise RuleError(f"{c.name}: air units may not invade (21.514F)")
        if c.supply != "full":
            raise RuleError(f"{c.name} is {c.supply}ly supplied: invading units start the turn fully supplied (21.514E, F)")
        if c.oil_effect:
            raise RuleError(f"{c.name} is subject to the army oil effect and may not invade (21.514F)")
        if c.name.lower() in transported:
            raise RuleError(f"{c.name} was sea transported this turn and may not invade (21.437D)")


def check_target(target: Place) -> None:
    """21.512E: no invasion into a mapboard box."""
    if target.box:
        raise RuleError(f"invasions into a mapboard box ({target.name}) are prohibited (21.512E)")


def check_winter(winter: bool, fronts_crossed: tuple[str, ...], aleutian: bool, t: OpsTables) -> Explained:
    """21.5151: no winter invasion through western or eastern front sea hexes (A), nor of the Aleutians (B)."""
    if not winter:
        return Explained("weather allows the invasion", True, "21.5151", (Term("not a winter turn", 0, "21.5151"),))
    barred = [f for f in fronts_crossed if f in t.invasion.winter_fronts.value]
    if barred:
        raise RuleError(f"winter: seaborne invasions moving through {' and '.join(barred)} front sea hexes are prohibited (21.5151A)")
    if aleutian:
        raise RuleError("winter invasions of Aleutian islands are prohibited (21.5151B)")
    return Explained("weather allows the invasion", True, "21.5151",
                     (Term(f"winter, naval movement only on {', '.join(fronts_crossed) or 'other'} fronts", 0, "21.5151A"),))


class EnemyShip(msgspec.Struct, frozen=True):
    """An enemy naval unit in the invasion hex, for 21.5153."""

    kind: str
    factors: int
    damaged: bool = False
    in_tf: bool = False


def naval_presence(ships: list[EnemyShip], hex_base: str, t: OpsTables) -> Explained:
    """21.5153: an enemy TF, or ten or more undamaged factors not in a TF, forbid the invasion (value True: forbidden).

    Submarines, ASW and transports do not count (B); ships in Lorient or
    Famagusta never prevent it (C).
    """
    inv = t.invasion
    if hex_base.lower() in {b.lower() for b in inv.presence_exempt_bases.value}:
        return Explained("enemy naval units prevent the invasion", False, "21.5153C",
                         (Term(f"naval units in {hex_base} are on another coastline", 0, "21.5153C"),))
    counted = [s for s in ships if s.kind not in inv.presence_not_counted.value]
    tfs = [s for s in counted if s.in_tf]
    loose = sum(s.factors for s in counted if not s.in_tf and not s.damaged)
    limit = inv.naval_presence_factors.value
    terms = (Term("enemy naval units in a TF", len(tfs), "21.5153A"),
             Term("undamaged enemy factors not in a TF (no submarines, ASW, transports)", loose, "21.5153A, B"),
             Term("factors that prevent an invasion", limit, "21.5153A"))
    blocked = bool(tfs) or loose >= limit
    return Explained("enemy naval units prevent the invasion", blocked, "21.5153", terms,
                     () if blocked else ("Invasion permitted; if the attacker occupies the hex, these naval units are "
                                         "displaced (21.23) and may first attempt interception (21.5153E).",))


def read_odds(text: str) -> Fraction:
    """Odds as typed (``3:1``, ``1:2``, ``1.5:1``) as attack / defence."""
    left, sep, right = text.strip().partition(":")
    try:
        a, d = Fraction(left), Fraction(right)
    except (ValueError, ZeroDivisionError):
        raise RuleError(f"odds are typed as ATTACK:DEFENCE, e.g. 3:1 or 1:2, not '{text}'") from None
    if not sep or a <= 0 or d <= 0 or len(text) > 16:
        raise RuleError(f"odds are typed as ATTACK:DEFENCE, e.g. 3:1 or 1:2, not '{text}'")
    return a / d


def check_odds(odds: str, defended: bool, t: OpsTables) -> Explained:
    """21.5152: against a hex with an enemy unit the invasion combat must be at 1:1 or better."""
    if not defended:
        return Explained("invasion odds", "undefended", "21.5152", (Term("no enemy unit in the hex", 0, "21.5152"),))
    ratio = read_odds(odds)
    need = t.invasion.min_odds.value
    if ratio < need:
        raise RuleError(f"seaborne invasions of a hex with an enemy unit must be at {need}:1 or better, not {odds} (21.5152)")
    return Explained("invasion odds", odds, "21.5152", (Term("attack / defence (typed)", float(ratio), "21.5152"),
                                                        Term("at least", need, "21.5152")))


def check_sea_attackers(attackers: tuple[Cargo, ...], t: OpsTables) -> Explained:
    """21.517A: at most two units attack by sea, marines and commandos in excess of the limit."""
    inv = t.invasion
    exempt = [c for c in attackers if c.kind in inv.sea_attack_exempt.value]
    limited = [c for c in attackers if c.kind not in inv.sea_attack_exempt.value]
    most = inv.max_sea_attackers.value
    if len(limited) > most:
        raise RuleError(f"no more than {most} ground units may attack by sea ({len(limited)} named: "
                        f"{', '.join(c.name for c in limited)}); marines and commandos do not count (21.517A)")
    return Explained("units attacking by sea", len(attackers), "21.517A",
                     (Term("units within the limit", len(limited), "21.517A"), Term("marines and commandos beyond it", len(exempt), "21.517A"),
                      Term("limit", most, inv.max_sea_attackers.rule)))


def defender_dm(invaders: tuple[Cargo, ...], t: OpsTables) -> Explained:
    """21.517E: the defenders' +1 DM unless at least half of the invading force (in factors) are marines."""
    inv = t.invasion
    total = sum(c.factors for c in invaders)
    marines = sum(c.factors for c in invaders if c.kind == "marine")
    share = inv.marine_share.value
    none = total > 0 and marines >= share * total
    terms = (Term("invading ground factors", total, "21.517E"), Term("of them marines", marines, "21.517E"),
             Term("marine share that removes the DM", share, inv.marine_share.rule))
    return Explained("defender's invasion DM", 0 if none else inv.defender_dm.value, inv.defender_dm.rule, terms, (inv.marine_share.note,))


def defensive_air_support(strength: int, t: OpsTables) -> Explained:
    """21.517F: defensive air support flown against a seaborne invasion is tripled."""
    k = t.invasion.defensive_air_multiplier.value
    return Explained("defensive air support against the invasion", strength * k, "21.517F",
                     (Term("defensive air support", strength, "18.611C"), Term("multiplier", k, "21.517F")))


def ground_support_cap(ground_factors: int, support: int, t: OpsTables) -> Explained:
    """21.517D: ground support may not exceed three times the ground factors of the invasion attack."""
    k = t.invasion.ground_support_multiple.value
    cap = k * ground_factors
    if support > cap:
        raise RuleError(f"ground support of {support} exceeds {k} x {ground_factors} ground factors = {cap} (21.517D)")
    return Explained("ground support for the invasion", support, "21.517D",
                     (Term("ground factors in the invasion attack", ground_factors, "21.517D"), Term(f"cap ({k}x)", cap, "21.517D")))


def occupation_limit(bridgehead: bool, pacific_island: bool, island_port: bool, t: OpsTables) -> Explained:
    """21.517J: how many non-specialized units (plus specialized ones) may occupy the invasion hex."""
    o = t.invasion.occupation
    if pacific_island:
        n = o.pacific_island_port if island_port else o.pacific_island
        why = f"a Pacific one-hex island{' with a port' if island_port else ''}"
    elif bridgehead:
        n, why = o.nonspecialized, "a bridgehead counter placed"
    else:
        n, why = o.nonspecialized, "no bridgehead counter: normal stacking (12.13)"
    return Explained("non-specialized units in the invasion hex", n, o.rule,
                     (Term(why, n, o.rule), Term("plus specialized units", o.specialized, "21.517J, 12.12")))


def exploitation(attackers: tuple[Cargo, ...], in_final_round: set[str], survivors: set[str], t: OpsTables) -> Explained:
    """21.518 A-D: may a breakthrough be achieved on the invasion hex (True/False, with each condition)?

    ``in_final_round`` and ``survivors`` are lower-case names of initial
    attackers; exploiting armor's CTL is reduced by one (21.5183).
    """
    need = t.invasion.exploit_min_ctl.value
    fighting = [c for c in attackers if c.kind == "armor" and c.mech_intact and c.name.lower() in in_final_round]
    armor = [c for c in fighting if c.ctl >= need]
    untyped = [c for c in fighting if c.ctl < 0]
    survived = [c for c in attackers if c.name.lower() in survivors]
    terms = (Term("armor with intact mechanized component, CTL >= 1, in the final round", len(armor), "21.518A-C"),
             Term("initial attackers surviving in the hex", len(survived), "21.518D"))
    ok = bool(armor) and bool(survived)
    red = t.invasion.exploit_ctl_reduction.value
    notes = (f"Exploiting armor's CTL is reduced by {red} during this exploitation (21.5183); armor in reserve aboard the "
             "fleet may exploit, land-adjacent armor only if the hex was also attacked by land (21.5181).",)
    if not ok and untyped and survived:  # A, C and D hold; B waits for a CTL nobody typed: never read it as 0
        names = ", ".join(c.name for c in untyped)
        return Explained("breakthrough on the invasion hex", "not known: the armor's CTL was not typed", "21.518",
                         (*terms, Term("armor in the final round whose CTL was not typed", len(untyped), "21.518B")),
                         (f"The breakthrough is possible if the CTL of {names} is {need} or more (21.518B): type it in the "
                          "cargo as NAME:FACTORS:armor:ctl=N.", *notes))
    return Explained("breakthrough on the invasion hex", ok, "21.518", terms, notes if ok else ())


def failure(stage: str, embark: str) -> str:
    """21.516, 21.5152: what a defeated or aborted invasion does."""
    if stage == "before":
        return "The naval units return to their original base; nothing was embarked (21.516A)."
    return (f"The naval units and the surviving ground units return to {embark}; the units debark and may not move, "
            "attack or attrition for the rest of the combat phase (21.516B, C); the naval units return to their original base.")


def is_aleutian(target: str, t: OpsTables) -> bool:
    """21.5151B: is ``target`` an Aleutian island (by the data's list)?"""
    return target.lower() in {i.lower() for i in t.invasion.aleutians.islands}


def from_japan(names_groups: list[tuple[str, str]], t: OpsTables) -> bool:
    """21.512C: does an invasion start from Japan (a base listed, or of a listed island group)?"""
    spec = t.invasion.aleutians
    names = {e.lower() for e in spec.from_bases if not e.startswith("group:")}
    groups = {e[6:].lower() for e in spec.from_bases if e.startswith("group:")}
    return any(n.lower() in names or (g and g.lower() in groups) for n, g in names_groups)


def check_dutch_harbor(target: str, power: str, starts_in_japan: bool, via: str, via_held: bool,
                       t: OpsTables) -> Explained:
    """21.512C: Japan invading Dutch Harbor from Japan must control and fully supply another Aleutian island and pass
    through it on the way."""
    spec = t.invasion.aleutians
    if target.lower() != spec.target.lower() or power != spec.power or not starts_in_japan:
        return Explained("Aleutians route", True, "21.512C", (Term("not Japan invading Dutch Harbor from Japan", 0, "21.512C"),))
    if not via:
        raise RuleError(f"an invasion of {spec.target} from Japan must pass through another Aleutian island that Japan controls "
                        f"and fully supplies: name it with --via ISLAND (21.512C)")
    if via.lower() == spec.target.lower() or not is_aleutian(via, t):
        raise RuleError(f"{via} is not another Aleutian island ({', '.join(i for i in spec.islands if i != spec.target)}) (21.512C)")
    if not via_held:
        raise RuleError(f"Japan must control and fully supply {via} to invade {spec.target} from Japan; say so with --via-held "
                        "(21.512C)")
    return Explained("Aleutians route", True, "21.512C",
                     (Term(f"passes through {via}, controlled and fully supplied", 1, "21.512C"),))


def computed_odds(ground: int, land: int, added: Explained, defence: Fraction, t: OpsTables) -> Explained:
    """21.5152, 21.527, 21.517B: the invasion's odds from its ground factors attacking by sea, the ground factors joining
    by land or airdrop (``land``, 21.517B), the combat factors added by shore bombardment and ground support together
    (``added``, 21.527) over the defence strength typed; refused below 1:1 (the test made after bombardment)."""
    need = t.invasion.min_odds.value
    attack = ground + land + int(added.value)
    if defence <= 0:
        raise RuleError("the defence strength of the invasion hex is a positive number of combat factors (21.5152)")
    ratio = Fraction(attack) / defence
    text = f"{attack}:{defence.numerator if defence.denominator == 1 else f'{float(defence):g}'}"  # 3:1.5, never 3:3/2
    if ratio < need:
        raise RuleError(f"at {text} (below {need}:1) the seaborne invasion of a hex with an enemy unit may not be made, "
                        f"bombardment and ground support counted (21.5152, 21.527); add support, or record "
                        f"'invasion-result ID aborted'")
    terms = (Term("ground factors attacking by sea", ground, "21.517A"),
             Term("ground factors joining by land or airdrop", land, "21.517B"),
             Term("combat factors added by shore bombardment and ground support", int(added.value), "21.527"),
             Term("attack", attack, "21.5152"), Term("defence (typed)", float(defence), "21.5152"),
             Term("attack / defence", float(ratio), "21.5152"), Term("at least", need, t.invasion.min_odds.rule))
    return Explained("invasion odds", text, "21.5152", terms)


def surplus(cargo: tuple[Cargo, ...], landed: set[str], limit: Explained, t: OpsTables) -> tuple[str, ...]:
    """21.517K: the non-specialized units landed beyond the occupation limit (21.517J) must return to a port within range
    of the invasion hex, or the excess of the invader's choice is eliminated at the end of the combat phase.

    ``landed``: lower-case names of the units in the hex; marines and commandos count as specialized."""
    plain = [c.name for c in cargo if c.name.lower() in landed and c.kind not in t.invasion.sea_attack_exempt.value]
    over = len(plain) - int(limit.value)
    if over <= 0:
        return ()
    return (f"{over} non-specialized unit{'s' if over > 1 else ''} over the limit of {limit.value} ({', '.join(plain)}): "
            "return to a port within range of the invasion hex, or the excess of the invader's choice is eliminated at "
            "the end of the combat phase (21.517K).",)


def excess_destroyers(m: dict[str, Any], named: list[NavalUnit], carrying: list[NavalUnit], lost: list[str],
                      tables: AwawTables, t: OpsTables) -> tuple[int, list[str]]:
    """21.517C exception: destroyers that carried invading ground units may bombard only with the factors in excess of
    what the surviving ground units need, after losses at sea cost one or more of them (``lost``: their names).

    Returns the excess destroyer factors and the lost units' names (as the mission spells them)."""
    cargo = [Cargo(c["name"], c["factors"]) for c in m.get("cargo", [])]  # 21.513 counts ground factors, whatever the kind
    by_name = {c.name.lower(): c.name for c in cargo}
    gone = [by_name.get(n.lower(), "") for n in lost]
    if not lost or "" in gone:
        known = ", ".join(by_name.values())
        raise RuleError(f"bombard: {', '.join(u.id for u in named)} carry the invading units; shore bombardment comes from "
                        "naval factors not carrying ground units, unless losses at sea cost ground units: name them with "
                        f"--lost ({known}) (21.517C)")
    gone = sorted({*gone, *m.get("lost", [])})
    left = tuple(c for c in cargo if c.name not in gone)
    need = invasion_requirement(left, bool(m.get("defended")), bool(m.get("from_box")), t).destroyers.value if left else 0
    have = sum(u.factors for u in carrying if not u.sunk and not u.damaged and u.category(tables) == "destroyer")
    if have - need <= 0:
        raise RuleError(f"bombard: the carrying destroyers' {have} factors are all needed by the surviving ground units "
                        f"({need}); no excess factor may bombard (21.517C)")
    return have - need, gone
