"""Airfields, Mulberries, bridges and canals (seed 002: Airfields ¶1-¶6, Mulberries ¶1-¶2, Destruction ¶1-¶3).

Engineers build and upgrade airfields and rebuild destroyed bridges and
canals in the Production Phase, Marines place Mulberries in a production turn,
each losing 1 cv (the app reminds; it holds no units). Hits on these targets
count within the battle being fought (RULINGS L5): two in one battle make a
Major Airfield Minor, destroy a Mulberry, a bridge or a canal. Airfields and
Mulberries are captured by an enemy unit alone in the hex; the captor may use
them from the next turn.
"""

from __future__ import annotations

from msgspec.structs import replace


from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .tables import LogisticsTables
from .world import Airfield, LogisticsWorld, Mulberry


def build_airfield(world: LogisticsWorld, hex_id: str, side: str, tables: LogisticsTables) -> LogisticsWorld:
    """An Engineer builds a Minor Airfield in its hex, any terrain but City or Town (Airfields ¶1, ¶3)."""
    a = tables.airfields
    if hex_id in world.airfields:
        kind = "Major" if world.airfields[hex_id].major else "Minor"
        raise RuleError(f"{world.label(hex_id)} already has a {kind} Airfield ({a.build_cost_cv.rule}; upgrade a Minor one, {a.upgrade_cost_cv.rule})")
    terrain = world.place(hex_id).terrain
    if world.is_sea(hex_id):
        raise RuleError(f"{world.label(hex_id)} is a sea hex: an Engineer builds an airfield in its own land hex ({a.build_cost_cv.rule})")
    if terrain in a.forbidden_terrain.value:
        raise RuleError(f"{world.label(hex_id)} is a {terrain.title()} hex: airfields in any terrain but City or Town ({a.forbidden_terrain.rule})")
    return replace(world, airfields={**world.airfields, hex_id: Airfield(hex_id, side)})


def upgrade_airfield(world: LogisticsWorld, hex_id: str, side: str, tables: LogisticsTables) -> LogisticsWorld:
    """An Engineer converts an existing Minor Airfield into a Major one (Airfields ¶2)."""
    rule = tables.airfields.upgrade_cost_cv.rule
    field = world.airfields.get(hex_id)
    if field is None:
        raise RuleError(f"no airfield in {world.label(hex_id)}: only an existing Minor Airfield is converted ({rule})")
    if field.major:
        raise RuleError(f"the airfield in {world.label(hex_id)} is already Major ({rule})")
    if field.owner != side:
        raise RuleError(f"the airfield in {world.label(hex_id)} is {field.owner}'s, not {side}'s ({rule})")
    return replace(world, airfields={**world.airfields, hex_id: replace(field, major=True)})


def place_mulberry(world: LogisticsWorld, hex_id: str, side: str, tables: LogisticsTables) -> LogisticsWorld:
    """A Marine places a Mulberry in its hex during a production turn (Mulberries ¶1)."""
    m = tables.mulberries
    if hex_id in world.mulberries:
        raise RuleError(f"{world.label(hex_id)} already has a Mulberry ({m.cost_cv.rule})")
    if m.coastal_only.value and not world.coastal(hex_id):
        raise RuleError(f"{world.label(hex_id)} is not coastal: a Mulberry is a port, placed only in a coastal hex "
                        f"({m.coastal_only.rule}; RULINGS L6)")
    return replace(world, mulberries={**world.mulberries, hex_id: Mulberry(hex_id, side)})


def crossing(world: LogisticsWorld, kind: str, ident: str) -> str:
    """The id of a bridge (``0807-0808``, either order) or canal (its hex); refuses unknown ones (Destruction ¶1)."""
    if kind == "bridge":
        parts = ident.replace("/", "-").split("-")
        if len(parts) != 2:
            raise RuleError(f"a bridge is named by its two hexes, e.g. 0807-0808, not '{ident}'")
        a, b = (world.hex(p) for p in parts)
        bid = "-".join(sorted((a, b)))
    else:
        bid = world.hex(ident)
    found = world.crossings.get(bid)
    if found is None or found.kind != kind:
        known = ", ".join(c.id for c in world.crossings.values() if c.kind == kind) or "none"
        raise RuleError(f"no {kind} at {bid} (the map's {kind}s: {known})")
    return bid


def target_key(kind: str, ident: str) -> str:
    """The key of a target in the battle's hit count (``bridge:0807-0808``)."""
    return f"{kind}:{ident}"


def hit(world: LogisticsWorld, kind: str, ident: str, n: int, tables: LogisticsTables) -> tuple[LogisticsWorld, str]:
    """``n`` hits on an airfield, Mulberry, bridge or canal in the battle being fought; two in one battle take effect."""
    if n < 1:
        raise RuleError("at least 1 hit")
    key = target_key(kind, ident)
    hits = world.battle.get(key, 0) + n
    if kind == "airfield":
        rule = tables.airfields.hits_to_reduce.rule
        field = world.airfields.get(ident)
        if field is None:
            raise RuleError(f"no airfield in {world.label(ident)}")
        if not field.major:
            raise RuleError(f"the airfield in {world.label(ident)} is Minor: only Major Airfields are targets, and none is ever destroyed ({rule})")
        if hits >= tables.airfields.hits_to_reduce.value:
            new = replace(world, airfields={**world.airfields, ident: replace(field, major=False)},
                          battle={k: v for k, v in world.battle.items() if k != key})
            return new, f"Major Airfield in {world.label(ident)}: {hits} hits in this battle — reduced to a Minor Airfield ({rule})"
        return replace(world, battle={**world.battle, key: hits}), f"Major Airfield in {world.label(ident)}: {hits} hit in this battle; a second one makes it Minor ({rule})"
    if kind == "mulberry":
        rule = tables.mulberries.hits_to_destroy.rule
        if ident not in world.mulberries:
            raise RuleError(f"no Mulberry in {world.label(ident)}")
        if hits >= tables.mulberries.hits_to_destroy.value:
            new = replace(world, mulberries={h: m for h, m in world.mulberries.items() if h != ident},
                          battle={k: v for k, v in world.battle.items() if k != key})
            return new, f"Mulberry in {world.label(ident)}: {hits} hits in this battle — destroyed ({rule})"
        return replace(world, battle={**world.battle, key: hits}), f"Mulberry in {world.label(ident)}: {hits} hit in this battle; a second one destroys it ({rule})"
    rule = f"{tables.destruction.hits_to_destroy.rule}; RULINGS L5"
    found = world.crossings[ident]
    name = f"{kind.title()} {ident}" + (f" ({found.name})" if found.name else "")
    if found.destroyed:
        raise RuleError(f"{name} is already destroyed (Destruction marker; rebuild it with an Engineer, {tables.destruction.rebuild_cost_cv.rule})")
    if hits >= tables.destruction.hits_to_destroy.value:
        new = replace(world, crossings={**world.crossings, ident: replace(found, destroyed=True)},
                      battle={k: v for k, v in world.battle.items() if k != key})
        return new, f"{name}: {hits} hits in this battle — destroyed; Destruction marker placed: no movement or supply across it ({rule})"
    return replace(world, battle={**world.battle, key: hits}), f"{name}: {hits} hit in this battle; a second one in the same battle destroys it ({rule})"


def end_battle(world: LogisticsWorld) -> tuple[LogisticsWorld, list[str]]:
    """The battle is over: single hits leave nothing (RULINGS L5)."""
    if not world.battle:
        return world, []
    lost = ", ".join(k.replace(":", " ") for k in world.battle)
    return replace(world, battle={}), [f"Battle over: the single hits on {lost} leave nothing (RULINGS L5)"]


def rebuild(world: LogisticsWorld, kind: str, ident: str, side: str, tables: LogisticsTables) -> LogisticsWorld:
    """An Engineer rebuilds a destroyed bridge or canal; a bridge only when both its hexes are friendly (Destruction ¶2, ¶3)."""
    d = tables.destruction
    found = world.crossings[ident]
    if not found.destroyed:
        raise RuleError(f"the {kind} at {ident} is not destroyed ({d.rebuild_cost_cv.rule})")
    if kind == "bridge" and d.bridge_needs_both_friendly.value:
        hostile = [h for h in found.hexes if world.control(h) != side]
        if hostile:
            who = ", ".join(f"{h} ({world.control(h) or 'nobody'})" for h in hostile)
            raise RuleError(f"a bridge is rebuilt only when both of its hexes are friendly to {side}: {who} ({d.bridge_needs_both_friendly.rule})")
    elif world.control(found.hexes[0]) not in ("", side):
        raise RuleError(f"{found.hexes[0]} is held by {world.control(found.hexes[0])}: {side}'s Engineer is not there ({d.bridge_needs_both_friendly.rule})")
    return replace(world, crossings={**world.crossings, ident: replace(found, destroyed=False)})


def capture(world: LogisticsWorld, hex_id: str, side: str, turn: int, tables: LogisticsTables) -> tuple[LogisticsWorld, list[str]]:
    """An enemy unit alone in the hex takes it: the hex, its airfield (usable next turn), Mulberry (a port next turn)
    and factories (at their current strength) change hands (Airfields ¶5, Mulberries ¶2, Factories ¶5)."""
    place = world.place(hex_id)
    if place.control == side and all(x.owner == side for x in (world.airfields.get(hex_id), world.mulberries.get(hex_id)) if x):
        raise RuleError(f"{world.label(hex_id)} is already {side}'s")
    lines = [f"{world.label(hex_id)} now controlled by {side}"]
    new = world.with_place(replace(place, control=side))
    field = world.airfields.get(hex_id)
    if field and field.owner != side:
        delay = tables.airfields.capture_delay_turns.value
        new = replace(new, airfields={**new.airfields, hex_id: replace(field, owner=side, usable_from=turn + delay)})
        lines.append(f"{'Major' if field.major else 'Minor'} Airfield captured: {side}'s air units may use it from turn {turn + delay} ({tables.airfields.capture_delay_turns.rule})")
    mul = world.mulberries.get(hex_id)
    if mul and mul.owner != side:
        delay = tables.mulberries.capture_delay_turns.value
        new = replace(new, mulberries={**new.mulberries, hex_id: replace(mul, owner=side, usable_from=turn + delay)})
        lines.append(f"Mulberry captured: no port for {side} until turn {turn + delay} ({tables.mulberries.capture_delay_turns.rule})")
    if world.factories.get(hex_id):
        held = ", ".join(f"{k} {pp} PP" for k, pp in world.factories[hex_id].items())
        lines.append(f"Factories captured at their current strength: {held} (Factories ¶5)")
    return new, lines


def airfield_figure(world: LogisticsWorld, hex_id: str, turn: int, tables: LogisticsTables) -> Explained:
    """Air units that can operate from the airfield now (Airfields ¶2, ¶5, ¶6)."""
    a = tables.airfields
    field = world.airfields[hex_id]
    base = a.air_units.major if field.major else a.air_units.minor
    terms = [Term(f"{'Major' if field.major else 'Minor'} Airfield", base, a.air_units.rule)]
    value = base
    if turn < field.usable_from:
        terms.append(Term(f"captured: not for {field.owner}'s air units until turn {field.usable_from}", -base, a.capture_delay_turns.rule))
        value = 0
    return Explained(f"Air units at {hex_id}", value, a.air_units.rule, tuple(terms),
                     ("not counted for stacking (Airfields ¶3)", f"not a supply source ({a.supply_source.rule})"))


def mulberry_figure(world: LogisticsWorld, hex_id: str, turn: int, tables: LogisticsTables) -> Explained:
    """The Mulberry's port capacity now (Mulberries ¶1, ¶2)."""
    m = tables.mulberries
    mul = world.mulberries[hex_id]
    terms = [Term("Mulberry port capacity", m.port_capacity.value, m.port_capacity.rule)]
    value = m.port_capacity.value
    if turn < mul.usable_from:
        terms.append(Term(f"captured: no port for {mul.owner} until turn {mul.usable_from}", -value, m.capture_delay_turns.rule))
        value = 0
    return Explained(f"Mulberry port capacity at {hex_id}", value, m.port_capacity.rule, tuple(terms),
                     ("supply may be traced to an adjacent hex and on by road (Mulberries ¶1)",))


def air_base_figure(world: LogisticsWorld, hex_id: str, tables: LogisticsTables) -> Explained:
    """A City or Town is an air base for two air units without a marker (Airfields ¶2: a Major Airfield is "same as a
    City or Town")."""
    a = tables.airfields.air_units
    place = world.place(hex_id)
    kind = place.terrain.title()
    return Explained(f"Air units at {hex_id}", a.city, a.rule, (Term(f"{kind} {place.name}".strip(), a.city, a.rule),),
                     ("no airfield marker is built in a City or Town (Airfields ¶3)",))
