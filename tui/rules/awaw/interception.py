"""Who may intercept what: displaced units (21.232) and interceptions in straits (21.2111), pure checks for ``intercept``.

``intercept`` is the non-phasing side's verb, except against displaced
units: they may be intercepted by "additional enemy naval forces, including
submarines, as they move along the route" (21.232A, D), whichever side is
moving, so ``--displaced UNITS`` names them and the intercepting side is
their enemy. ``--in-strait NAME=SIDE`` says the interceptors enter a strait
on their own side of it (21.2111): a strait closed to them does not bar
that, but a force intercepts on one side only; a patrol that intercepted on
one side of a strait this player turn may not intercept on the other.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .common import words_list
from .straits import find_strait, passage
from .tables import AwawTables, Strait
from .units import NavalUnit
from .world import AwawWorld


def displaced_side(world: AwawWorld, opts: dict[str, Any], tables: AwawTables, step: str = "") -> str:
    """21.232A, D: with ``--displaced UNITS``, the side that may intercept them ("" without the option).

    The units must be displaced ones on their way (inverted, 21.233; not sunk, not at sea) and of one side; the
    intercepting side is the other, whoever's player turn it is. In ground movement (``step``), where bases are
    captured, only displaced units are intercepted."""
    names = words_list(opts, "displaced")
    if not names:
        if step.endswith("ground-movement"):
            raise RuleError("intercept: in ground movement only displaced units are intercepted; name them with "
                            "--displaced UNITS (21.232)")
        return ""
    targets = world.units_named(names)
    sides = {tables.side_of(u.power) for u in targets}
    if len(sides) != 1:
        raise RuleError("intercept: the displaced units named are of more than one side (21.232)")
    bad = [u.id for u in targets if u.sunk or u.at_sea or not u.inverted]
    if bad:
        raise RuleError(f"intercept: {', '.join(bad)} {'is' if len(bad) == 1 else 'are'} not displaced units on their way "
                        "(displaced units are inverted, 21.233)")
    who = sides.pop()
    return next(s for s in tables.sides if s != who)


def read_strait(opts: dict[str, Any], tables: AwawTables) -> tuple[Strait, str] | None:
    """``--in-strait NAME=SIDE``: the strait whose hex the interceptors enter and their side of it (21.2111)."""
    value = opts.get("in-strait")
    if value in (None, "", True):
        return None
    name, sep, where = str(value).partition("=")
    if not sep or not name.strip() or not where.strip():
        raise RuleError("intercept: --in-strait takes NAME=SIDE, the strait and the interceptors' side of it "
                        "(--in-strait Gibraltar=atlantic) (21.2111)")
    return find_strait(name.strip(), tables), where.strip().lower()


def check_strait_side(world: AwawWorld, units: list[NavalUnit], strait: Strait, where: str, who: str,
                      sides: dict[str, str], tables: AwawTables) -> Explained:
    """21.2111: the interceptors are on side ``where`` of ``strait``; refuse any that intercepted this player turn on the
    other side (``sides``: unit id -> ``strait id=side`` recorded); return the check, noting a strait closed to them."""
    key = f"{strait.id}={where}"
    other = [u.id for u in units if sides.get(u.id, key).split("=")[0] == strait.id and sides.get(u.id, key) != key]
    if other:
        raise RuleError(f"intercept: {', '.join(other)} intercepted on the other side of the {strait.name} this player turn; "
                        "naval units may not intercept on both sides of a strait, and forces on different sides may not "
                        "combine in a single interception in the strait hex (21.2111)")
    closed = passage(world, strait, who, tables).value != "open"
    term = Term(f"passage of the {strait.name} for the {who} side", "closed: entered to intercept on one side" if closed
                else "open", "21.2111")
    return Explained(f"Interception in the {strait.name} on the {where} side", "one side only", "21.2111", (term,),
                     ("Only enemy activities entering or leaving this side of the strait may be intercepted; a patrol "
                      "there intercepts on its own side only (21.2111).",))


def strait_side(strait: Strait, base: Any) -> str:
    """The side of ``strait`` that ``base`` is on (21.2111): the side that names it, else the one side whose fronts it
    is on ("" when the data does not tell)."""
    named = [s for s, members in strait.sides.items() if base.name in members]
    if named:
        return named[0]
    by_front = [s for s, members in strait.sides.items() if set(base.fronts) & set(members)]
    return by_front[0] if len(by_front) == 1 else ""


def check_sides_apart(world: AwawWorld, units: list[NavalUnit], hex_: str, in_strait: tuple[Strait, str] | None,
                      who: str, tables: AwawTables) -> None:
    """21.2111: in the hex of a strait closed to the interceptors, forces from its two sides "may not combine in a
    single interception in the strait hex", and with ``--in-strait NAME=SIDE`` every port the interceptors come from
    is on that side (a strait whose sides the data lists; units at sea and ports on no known side are the referee's)."""
    for strait in tables.straits:
        named = in_strait is not None and in_strait[0].id == strait.id
        if not strait.sides or (hex_ not in strait.hexes and not named):
            continue
        if named and in_strait[1] not in strait.sides:
            raise RuleError(f"intercept: the {strait.name} has the sides {', '.join(strait.sides)}, not "
                            f"'{in_strait[1]}' (21.2111)")
        if not named and passage(world, strait, who, tables).value == "open":
            continue
        known = {u.id: strait_side(strait, world.bases[u.base]) for u in units if not u.at_sea and u.base in world.bases}
        apart = sorted({v for v in known.values() if v})
        if len(apart) > 1:
            by = " and ".join(f"{', '.join(k for k, v in known.items() if v == side)} on the {side} side" for side in apart)
            raise RuleError(f"intercept: {by} of the {strait.name}: forces on different sides of a strait closed to "
                            f"them may not combine in a single interception in the strait hex (21.2111)")
        wrong = [k for k, v in known.items() if named and v and v != in_strait[1]]
        if wrong:
            raise RuleError(f"intercept: {', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} based on the "
                            f"{known[wrong[0]]} side of the {strait.name}, not the {in_strait[1]} side (21.2111)")


def record_strait_side(rec: dict[str, Any], units: list[NavalUnit], strait: Strait, where: str) -> dict[str, Any]:
    """The operations record with the strait side each unit intercepted on (21.2111)."""
    return {**rec, "strait_sides": {**rec.get("strait_sides", {}), **{u.id: f"{strait.id}={where}" for u in units}}}
