"""OCS Sea Cap shipping (rule 19.0f): each side's Shipping Allowance and the port-to-port move.

Each point of allowance moves 1 SP of cargo (``cargo_per_point`` in the data;
units by their Transport Equivalents, 4.7), only in the Movement Phase, never
at a port in an enemy ZOC (negation does not help, 4.5a), and both ports'
capacities are charged (19.0f D). The Move Mode and no-movement conditions
(19.0f A, C) are board facts the app asks about; see :mod:`.verbs`.
"""

from __future__ import annotations

from msgspec.structs import replace


from ..core.errors import RuleError
from ..core.explain import Explained, Term
from . import ports as P
from .tables import OcsTables
from .world import OcsWorld


def allowance_tokens(world: OcsWorld, side: str, tables: OcsTables) -> int:
    """The side's Shipping Allowance per turn, as cargo in Tokens (19.0f E)."""
    return world.allowance.get(side, 0)


def points(tokens: int, tables: OcsTables) -> float:
    """Cargo in Tokens as points of Shipping Allowance (19.0f E)."""
    value = tokens / tables.tokens(tables.sea_cap.cargo_per_point)
    return int(value) if value == int(value) else value


def left_tokens(world: OcsWorld, side: str, tables: OcsTables) -> int:
    """Cargo the side may still ship this turn, in Tokens (19.0f E)."""
    return max(0, allowance_tokens(world, side, tables) - world.shipped.get(side, 0))


def allowance(world: OcsWorld, side: str, tables: OcsTables) -> Explained:
    """The side's Shipping Allowance this turn, as the cargo it moves (19.0f, 19.0f E)."""
    per = tables.sea_cap.cargo_per_point
    cargo = allowance_tokens(world, side, tables)
    terms = (Term(f"{side} Shipping Allowance per turn (points, scenario)", points(cargo, tables), "19.0f"),
             Term("cargo per point of allowance", P.fmt(tables.tokens(per), tables), per.rule))
    return Explained(f"{side} Sea Cap", P.fmt(allowance_tokens(world, side, tables), tables), "19.0f", terms,
                     tuple(n for n in (per.note,) if n))


def allowance_used(world: OcsWorld, side: str, tables: OcsTables) -> Explained:
    """Allowance used by the side this turn (19.0f E)."""
    used = world.shipped.get(side, 0)
    return Explained(f"{side} Sea Cap used", P.fmt(used, tables), "19.0f E",
                     (Term("cargo shipped this turn", P.fmt(used, tables), "19.0f E"),),
                     ("resets at the end of the turn",))


def allowance_left(world: OcsWorld, side: str, tables: OcsTables) -> Explained:
    """Allowance the side has left this turn (19.0f E)."""
    terms = (Term("allowance", P.fmt(allowance_tokens(world, side, tables), tables), "19.0f"),
             Term("used this turn", P.fmt(world.shipped.get(side, 0), tables), "19.0f E"))
    return Explained(f"{side} Sea Cap left", P.fmt(left_tokens(world, side, tables), tables), "19.0f E", terms)


def shipping_figures(world: OcsWorld, side: str, tables: OcsTables) -> dict[str, Explained]:
    """Every Sea Cap figure of a side, keyed for display (19.0f)."""
    return {"allowance": allowance(world, side, tables), "used": allowance_used(world, side, tables),
            "left": allowance_left(world, side, tables)}


def ship(world: OcsWorld, side: str, origin: str, destination: str, tokens: int, unit: bool,
         tables: OcsTables) -> tuple[OcsWorld, list[str]]:
    """Ship ``tokens`` of cargo (one combat unit's Transport Equivalent when ``unit``) from port to port.

    19.0f: enemy ZOC at either port forbids it (F); the allowance must cover
    it (E); both ports' capacities are charged, the single oversize unit of
    19.0a included (D). Returns the new world and lines for the log.
    """
    new = _charge(world, side, origin, destination, tokens, unit, tables)
    return new, _report(world, new, side, (world.port(origin).name, world.port(destination).name), tables)


def ship_mixed(world: OcsWorld, side: str, origin: str, destination: str, parts: list[tuple[int, bool]],
               tables: OcsTables) -> tuple[OcsWorld, list[str]]:
    """Ship one shipment of any combination of SP, combat units and Transport Points (19.0f D).

    ``parts`` are (Tokens, is a combat unit); each is charged to both ports and the allowance as :func:`ship`
    does, and the shipment is all or nothing: a part the ports' capacities or the allowance cannot take refuses
    the whole shipment (an oversize unit cannot share its port with anything else, 19.0a). The lines for the log
    give each port and the allowance once, after the whole shipment: the same totals as one ``ship`` per part.
    """
    if not parts:
        raise RuleError("a shipment needs at least one part: SP, a combat unit or Transport Points (19.0f D)")
    new = world
    for tokens, unit in parts:
        new = _charge(new, side, origin, destination, tokens, unit, tables)
    return new, _report(world, new, side, (world.port(origin).name, world.port(destination).name), tables)


def _charge(world: OcsWorld, side: str, origin: str, destination: str, tokens: int, unit: bool,
            tables: OcsTables) -> OcsWorld:
    """One part of a shipment checked (19.0f, E, F) and charged to both ports and the side's allowance (19.0f D)."""
    start, end = world.port(origin), world.port(destination)
    if start.name == end.name:
        raise RuleError(f"Sea Cap moves units from port to port: {start.name} twice (19.0f)")
    if tokens <= 0:
        raise RuleError("the cargo must be above 0 (19.0f E)")
    for port in (start, end):
        if port.owner != side:
            raise RuleError(f"{port.name} is held by {port.owner}: {side} cannot ship through it (19.0f; capture 9.14h)")
        if port.enemy_zoc:
            raise RuleError(f"{port.name} is in an enemy ZOC: Sea Cap cannot use it, and negation does not help "
                            "(19.0f F, 4.5a)")
    left = left_tokens(world, side, tables)
    if tokens > left:
        raise RuleError(f"{P.fmt(tokens, tables)} of cargo exceeds the {P.fmt(left, tables)} of {side} Sea Cap left "
                        f"this turn; each point moves {P.fmt(tables.tokens(tables.sea_cap.cargo_per_point), tables)} (19.0f E)")
    try:
        loaded, _ = P.charge(start, tokens, unit, tables)
        unloaded, _ = P.charge(end, tokens, unit, tables)
    except RuleError as exc:
        raise RuleError(f"{exc} — Sea Cap charges both ports (19.0f D)") from None
    shipped = {**world.shipped, side: world.shipped.get(side, 0) + tokens}
    return replace(world.with_port(loaded).with_port(unloaded), shipped=shipped)


def _report(before: OcsWorld, after: OcsWorld, side: str, names: tuple[str, str], tables: OcsTables) -> list[str]:
    """Lines for the log: each port's use this phase (an oversize unit said so), then the side's allowance (19.0a, E)."""
    lines = []
    for name in names:
        port = after.ports[name]
        if port.oversize and not before.ports[name].oversize:
            lines.append(f"{port.name}: oversize unit, its whole capacity is used this phase (19.0a)")
        lines.append(f"{port.name}: {P.fmt(port.used, tables)} used this phase, {P.fmt(P.left_tokens(port, tables), tables)} left (19.0a)")
    lines.append(f"{side} Sea Cap: {P.fmt(after.shipped.get(side, 0), tables)} used, "
                 f"{P.fmt(left_tokens(after, side, tables), tables)} left this turn (19.0f E)")
    return lines
