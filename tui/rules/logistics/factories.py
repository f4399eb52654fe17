"""Factories (seed 002, Factories ¶1-¶7; optional building rules; RULINGS L4).

Air, Navy and Army Factories replace a City's PP (¶1); they stand only in
cities, their total at most the city's size, Navy Factories only in coastal
cities (¶2); each builds only like units, and a city that does no production
may exchange a factory for a 0 PP factory of another type (¶3); they defend
with 1-1-1 firing last and never move (¶4); hits take PP steps but never the
0 PP step, and capture keeps their strength (¶5); at the end of every
Production Phase each city below its maximum gains 1 PP (¶6); resource PPs
convert into one factory type of the city (¶7, RULINGS L4).
"""

from __future__ import annotations

from typing import Mapping

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.explain import Explained, Term
from .tables import LogisticsTables
from .world import LogisticsWorld, Place

KIND_NAMES = {"air": "Air", "navy": "Navy", "army": "Army"}


def check_factories(place: Place, factories: Mapping[str, int], tables: LogisticsTables) -> None:
    """Refuse factories the city ``place`` cannot hold (Factories ¶1, ¶2); every caller has checked it is a city."""
    rule = tables.factories.coastal_only.rule
    for kind, pp in factories.items():
        if kind not in tables.kinds:
            raise RuleError(f"no factory kind '{kind}' ({', '.join(tables.kinds)}; {tables.factories.kinds.rule})")
        if pp < tables.factories.min_pp.value:
            raise RuleError(f"a factory has {tables.factories.min_pp.value} PP or more, not {pp} ({tables.factories.min_pp.rule})")
        if kind in tables.factories.coastal_only.value and not place.coastal:
            raise RuleError(f"{place.name or place.hex} is not coastal: Navy Factories only in coastal cities ({rule})")
    total = sum(factories.values())
    if total > place.size:
        raise RuleError(f"{place.name or place.hex} is a {place.size} PP city: its factories may total at most {place.size} PP, not {total} ({rule})")


def total_pp(world: LogisticsWorld, city: str) -> int:
    """The PP of every factory of the city together."""
    return sum(world.factories.get(city, {}).values())


def city_of(world: LogisticsWorld, hex_id: str) -> Place:
    """The city in ``hex_id``; refuses any other hex."""
    place = world.place(hex_id)
    if place.terrain != "city":
        raise RuleError(f"{world.label(hex_id)} is not a city (factories stand only in cities, Factories ¶2)")
    return place


def kind_of(text: str, tables: LogisticsTables) -> str:
    """A factory kind by name (``naval`` is read as navy)."""
    wanted = str(text).strip().lower()
    wanted = {"naval": "navy"}.get(wanted, wanted)
    match = [k for k in tables.kinds if k == wanted] or [k for k in tables.kinds if wanted and k.startswith(wanted)]
    if len(match) != 1:
        raise RuleError(f"'{text}' is not a factory kind ({', '.join(tables.kinds)})")
    return match[0]


def set_factory(world: LogisticsWorld, city: str, kind: str, pp: int | None, tables: LogisticsTables) -> LogisticsWorld:
    """Set up or remove (``pp`` None) one factory of a city, within the limits (Factories ¶1, ¶2)."""
    place = city_of(world, city)
    now = dict(world.factories.get(city, {}))
    if pp is None:
        if kind not in now:
            raise RuleError(f"{world.label(city)} has no {KIND_NAMES[kind]} Factory to remove (Factories ¶2)")
        now.pop(kind)
    else:
        now[kind] = pp
    check_factories(replace(place, coastal=world.coastal(city)), now, tables)
    factories = {**world.factories, city: now} if now else {h: f for h, f in world.factories.items() if h != city}
    return replace(world, factories=factories)


def exchange(world: LogisticsWorld, city: str, old: str, new: str, tables: LogisticsTables) -> LogisticsWorld:
    """Exchange the city's ``old`` factory for a 0 PP factory of type ``new`` (Factories ¶3).

    Refused in a city that produced this turn ("if no production is done").
    """
    rule = tables.factories.exchange_to_pp.rule
    place = city_of(world, city)
    now = dict(world.factories.get(city, {}))
    if old not in now:
        raise RuleError(f"{world.label(city)} has no {KIND_NAMES[old]} Factory ({rule})")
    if new == old:
        raise RuleError(f"a factory is exchanged for one of a different type, not {KIND_NAMES[old]} for {KIND_NAMES[new]} ({rule})")
    if city in world.produced:
        raise RuleError(f"{world.label(city)} produced this turn: factories are exchanged only if no production is done ({rule})")
    del now[old]
    now[new] = now.get(new, tables.factories.exchange_to_pp.value)
    check_factories(replace(place, coastal=world.coastal(city)), now, tables)
    return replace(world, factories={**world.factories, city: now}, exchanged=tuple(dict.fromkeys(world.exchanged + (city,))))


def hit_factory(world: LogisticsWorld, city: str, kind: str, hits: int, tables: LogisticsTables) -> tuple[LogisticsWorld, int]:
    """``hits`` PP steps off the city's ``kind`` factory, never its 0 PP step (Factories ¶5); returns the steps taken."""
    now = dict(world.factories.get(city, {}))
    if kind not in now:
        raise RuleError(f"{world.label(city)} has no {KIND_NAMES[kind]} Factory ({tables.factories.min_pp.rule})")
    floor = tables.factories.min_pp.value
    taken = max(0, min(hits, now[kind] - floor))
    now[kind] -= taken
    return replace(world, factories={**world.factories, city: now}), taken


def growth_due(world: LogisticsWorld, city: str, tables: LogisticsTables) -> int:
    """PP the city gains at the end of production: the growth step while below its size (Factories ¶6)."""
    place = world.place(city)
    return tables.factories.growth_pp.value if total_pp(world, city) < place.size else 0


def growth_choices(world: LogisticsWorld, city: str, tables: LogisticsTables) -> tuple[str, ...]:
    """The factories the growth may go to: the city's own, else any kind the city may hold (Factories ¶2, ¶6)."""
    own = tuple(k for k in tables.kinds if k in world.factories.get(city, {}))
    if own:
        return own
    return tuple(k for k in tables.kinds if world.coastal(city) or k not in tables.factories.coastal_only.value)


def grow(world: LogisticsWorld, city: str, kind: str, tables: LogisticsTables) -> LogisticsWorld:
    """Add the growth step to the city's ``kind`` factory (Factories ¶6)."""
    due = growth_due(world, city, tables)
    if not due:
        raise RuleError(f"{world.label(city)} is at its maximum of {world.place(city).size} PP: no growth ({tables.factories.growth_pp.rule})")
    if kind not in growth_choices(world, city, tables):
        raise RuleError(f"the growth of {world.label(city)} goes to one of its factories: {', '.join(growth_choices(world, city, tables))}")
    now = dict(world.factories.get(city, {}))
    now[kind] = now.get(kind, 0) + due
    return replace(world, factories={**world.factories, city: now})


def growth_asked(world: LogisticsWorld, tables: LogisticsTables) -> list[tuple[str, str, tuple[str, ...]]]:
    """(city, question, factories) for each city below its maximum whose growth could go to several factories: the
    owner picks one before the end of production (Factories ¶6)."""
    out = []
    for place in world.cities():
        choices = growth_choices(world, place.hex, tables)
        if growth_due(world, place.hex, tables) and len(choices) > 1:
            out.append((place.hex, f"{world.label(place.hex)} grows by {tables.factories.growth_pp.value} PP at the end of "
                        f"production: which factory?", choices))
    return out


def choose_growth(world: LogisticsWorld, city: str, kind: str, tables: LogisticsTables) -> LogisticsWorld:
    """Record the factory the city's growth goes to, applied at the end of production (Factories ¶6)."""
    rule = tables.factories.growth_pp.rule
    if not growth_due(world, city, tables):
        raise RuleError(f"{world.label(city)} is at its maximum of {world.place(city).size} PP: no growth ({rule})")
    if kind not in growth_choices(world, city, tables):
        raise RuleError(f"the growth of {world.label(city)} goes to one of its factories: {', '.join(growth_choices(world, city, tables))}")
    return replace(world, growth_to={**world.growth_to, city: kind})


def end_of_production(world: LogisticsWorld, skipped: set[str], tables: LogisticsTables) -> tuple[LogisticsWorld, list[str]]:
    """The automatic growth at the end of the Production Phase: every city below its maximum gains the growth step, in
    its one possible factory or the one chosen; a city whose choice was skipped (``skipped``: ``next --force``) does
    not grow, and the lines say so (Factories ¶6; issue 21). Returns (world, lines: a head line, then one per city)."""
    rule = tables.factories.growth_pp.rule
    step = tables.factories.growth_pp.value
    new, lines, grew = world, [], 0
    for place in world.cities():
        if not growth_due(world, place.hex, tables):
            continue
        choices = growth_choices(world, place.hex, tables)
        kind = choices[0] if len(choices) == 1 else world.growth_to.get(place.hex)
        if kind not in choices:
            why = "its choice was skipped with --force" if place.hex in skipped else "no factory was chosen"
            lines.append(f"{world.label(place.hex)}: no growth — {why} ({', '.join(choices)})")
            continue
        new = grow(new, place.hex, kind, tables)
        grew += 1
        lines.append(f"{world.label(place.hex)}: +{step} PP {KIND_NAMES[kind]} ({total_pp(new, place.hex)} of {place.size})")
    missed = len(lines) - grew
    left = f", {missed} did not (no factory chosen)" if missed else ""
    head = f"End of production: {grew} city(ies) below the maximum grew by {step} PP{left} ({rule})"
    return replace(new, growth_to={}), [head, *lines]


def grown_named(before: LogisticsWorld, after: LogisticsWorld) -> str:
    """Each city that grew from ``before`` to ``after``, by name and hex, with its new PP (``Ashford (0914) 2 PP``), in
    map order: what the growth's notification names (Factories ¶6; issue 30 item 10)."""
    return ", ".join(f"{after.label(p.hex)} {total_pp(after, p.hex)} PP" for p in after.cities()
                     if total_pp(after, p.hex) != total_pp(before, p.hex))


def convert_resource(world: LogisticsWorld, city: str, pp: int, kind: str, tables: LogisticsTables) -> LogisticsWorld:
    """Resource PPs converted in the city go to one of its factory types (Factories ¶7; RULINGS L4)."""
    rule = f"{tables.factories.resources.rule}; RULINGS L4"
    city_of(world, city)
    if kind not in world.factories.get(city, {}):
        raise RuleError(f"{world.label(city)} has no {KIND_NAMES[kind]} Factory: resources apply to the city's factory types ({rule})")
    before = world.resources.get(city)
    if before and before[0] != kind:
        raise RuleError(f"{world.label(city)}'s resources this production go to its {KIND_NAMES[before[0]]} Factory: "
                        f"one factory type per city ({rule})")
    return replace(world, resources={**world.resources, city: (kind, pp + (before[1] if before else 0))})


def production(world: LogisticsWorld, city: str, tables: LogisticsTables) -> dict[str, Explained]:
    """What each factory of the city produces this production: its PP plus any resource (Factories ¶1, ¶7; L4)."""
    out: dict[str, Explained] = {}
    resource = world.resources.get(city)
    for kind in tables.kinds:
        if kind not in world.factories.get(city, {}):
            continue
        pp = world.factories[city][kind]
        terms = [Term(f"{KIND_NAMES[kind]} Factory", pp, tables.factories.kinds.rule)]
        value = pp
        if resource and resource[0] == kind:
            terms.append(Term("resource PPs converted here", resource[1], f"{tables.factories.resources.rule}; RULINGS L4"))
            value += resource[1]
        out[kind] = Explained(f"{KIND_NAMES[kind]} PP produced", value, tables.factories.builds.rule, tuple(terms),
                              (f"builds only: {', '.join(tables.builds(kind))} (and optional units where switched on)",))
    return out


def city_figures(world: LogisticsWorld, city: str, tables: LogisticsTables) -> list[Explained]:
    """Every figure of a city: its factories' total against its size, the growth due, what each factory produces."""
    place = world.place(city)
    total = total_pp(world, city)
    size = Explained("Factory PP", total, tables.factories.coastal_only.rule, tuple(
        Term(f"{KIND_NAMES[k]} Factory", pp, tables.factories.kinds.rule) for k, pp in world.factories.get(city, {}).items()
    ) + (Term("city size (the maximum)", place.size, tables.factories.coastal_only.rule),))
    due = growth_due(world, city, tables)
    growth = Explained("Growth at the end of production", due, tables.factories.growth_pp.rule, (
        Term("factories now", total), Term("city size", place.size),
        Term("below the maximum" if due else "at the maximum: nothing", due, tables.factories.growth_pp.rule)),
        (tables.factories.growth_pp.note,))
    defence = Explained("Intrinsic defence", tables.factories.defence.value, tables.factories.defence.rule, (),
                        (f"fires {tables.factories.defence.fires} in a combat round; factories cannot move",))
    return [size, growth, *production(world, city, tables).values(), defence]


def buildable(kind: str, unit: str, settings: Mapping[str, str], tables: LogisticsTables) -> str | None:
    """The rule that lets factory ``kind`` build ``unit``, or None (Factories ¶3 and the optional rules)."""
    if unit in tables.builds(kind):
        return tables.factories.builds.rule
    for name, opt in tables.optional.items():
        if opt.unit == unit and kind in opt.factories and optional_on(name, settings, tables):
            return opt.rule
    return None


def optional_on(name: str, settings: Mapping[str, str], tables: LogisticsTables) -> bool:
    """Whether optional rule ``name`` is switched on in the game's settings (else its data default)."""
    value = settings.get(name)
    if value is None:
        return tables.optional[name].default
    return value == "on"


def unit_kinds(tables: LogisticsTables) -> tuple[str, ...]:
    """Every unit type a factory can build under some rule (for messages and dialogs)."""
    units = [u for k in tables.kinds for u in tables.builds(k)] + [o.unit for o in tables.optional.values()]
    return tuple(dict.fromkeys(units))


def produce(world: LogisticsWorld, city: str, kind: str, unit: str, settings: Mapping[str, str],
            tables: LogisticsTables) -> tuple[LogisticsWorld, str]:
    """Record that the city's ``kind`` factory builds ``unit`` this production; refuses unlike units (Factories ¶3)."""
    city_of(world, city)
    if kind not in world.factories.get(city, {}):
        raise RuleError(f"{world.label(city)} has no {KIND_NAMES[kind]} Factory ({tables.factories.kinds.rule})")
    if city in world.exchanged:
        raise RuleError(f"{world.label(city)} exchanged a factory this turn: no production there ({tables.factories.exchange_to_pp.rule})")
    rule = buildable(kind, unit, settings, tables)
    if rule is None:
        options = [f"{n} ({o.rule})" for n, o in tables.optional.items() if o.unit == unit and kind in o.factories]
        hint = f"; switch on the optional rule {options[0]}" if options else ""
        raise RuleError(f"the {KIND_NAMES[kind]} Factory builds only {', '.join(tables.builds(kind))} units, not {unit} "
                        f"({tables.factories.builds.rule}{hint})")
    return replace(world, produced=tuple(dict.fromkeys(world.produced + (city,)))), rule
