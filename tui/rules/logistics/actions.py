"""The keys of the Map and Factories modes, as data (see ``core/actions.py``).

Map actions act on the hex under the cursor (a row of the ``map`` view,
named by its id); Factories actions on the selected city (a row of the
``ports`` view, named by the city). The screens build their bindings, key
legend, dialogs and palette entries from these tables.
"""

from __future__ import annotations

from ..core.actions import OTHER_SIDE, SIDES, Action, Field

KINDS = ("air", "navy", "army")
UNITS = ("air", "navy", "army", "engineer", "airborne", "marine")
TERRAINS = ("clear", "forest", "marsh", "mountain", "sea")
_BOARD = "issue 21: the referee's own board"


def _hits() -> Field:
    """How many hits, in this battle."""
    return Field("n", "Hits in this battle", "number", default=1, min=1, max=9, step=1)


def _kind(present: bool = False) -> Field:
    """A factory kind; ``present``: a factory of the selected city (the Factories table has a column per kind, empty
    where the city has none)."""
    return Field("kind", "Factory", "choice", choices=KINDS, present=present)


def _to() -> Field:
    """The direction of the next hex."""
    return Field("to", "Towards", "choice", choices=("N", "NE", "SE", "S", "SW", "NW"))


def _hit(target: str, label: str, verb: str, rule: str, text: str, fields: tuple[Field, ...] = (), requires: str = "") -> Action:
    """A Map key hitting one kind of target (one hits field unless ``fields`` are given)."""
    return Action(f"hit-{target}", "", label, verb, f"Hit the {target} here: {text}", rule, target="map", fields=fields or (_hits(),),
                  title=f"Hit {target} at", dialog=f"Hit the {target} at {{name}}", ok="Hit", text=f"{rule}: {text}",
                  requires=requires or target)


def _edit(ident: str, label: str, verb: str, text: str, fields: tuple[Field, ...] = (), key: str = "") -> Action:
    """A board-editing Map key (issue 21)."""
    return Action(f"edit-{ident}", key, label, verb, text, _BOARD, target="map", fields=fields, title=f"{label} at",
                  footer=bool(key), ok="Set")


def board_actions() -> tuple[Action, ...]:
    """The Map mode's board-editing keys: ``v`` terrain, ``w`` road, ``e`` a menu of every edit (issue 21)."""
    return (
        _edit("terrain", "Terrain", "hex {name} terrain {terrain}", "Set the hex's terrain (sea: the land next to it is coastal)",
              (Field("terrain", "Terrain", "choice", choices=TERRAINS, prefill="terrain"),), key="v"),
        _edit("road", "Road", "road {name} {to}", "Lay a road from this hex to the next one", (_to(),), key="w"),
        _edit("city", "City", "hex {name} city {city} {pp}", "A city here: its name and size in PP (Factories ¶2)",
              (Field("city", "Name", "text", required=True), Field("pp", "Size (PP)", "number", default=1, min=1, max=99, step=1))),
        _edit("town", "Town", "hex {name} town {town}", "A town here, named", (Field("town", "Name", "text", required=True),)),
        _edit("rail", "Railway", "rail {name} {to}", "Lay a railway from this hex to the next one", (_to(),)),
        _edit("river", "River", "river {name} {to}", "A river along one of this hex's sides", (_to(),)),
        _edit("bridge", "Bridge", "bridge {name} {to}", "A bridge over the river on one of this hex's sides (Destruction ¶1)", (_to(),)),
        _edit("canal", "Canal", "canal {name}", "A canal in this hex (Destruction ¶1)"),
        _edit("resource", "Resource", "hex {name} resource {pp}", "The hex's resource PP (0: none; Factories ¶7)",
              (Field("pp", "Resource PP", "number", default=1, min=0, max=99, step=1),)),
        _edit("coastal", "Coastal", "hex {name} coastal {flag}", "Mark the hex coastal by hand (a land hex next to the sea is anyway)",
              (Field("flag", "Coastal", "choice", choices=("on", "off")),)),
        _edit("board", "Board size", "board {columns} {rows} {empty}", "The board's size in hexes (blank: a new empty board)",
              (Field("columns", "Columns", "number", default=40, min=1, max=99, step=1),
               Field("rows", "Rows", "number", default=30, min=1, max=99, step=1),
               Field("empty", "Blank board", "flag", default=False, option="--empty"))),
        Action("edit", "e", "Edit board", "", "Edit the board at this hex: terrain, city, town, road, railway, river, bridge, canal, "
               "resource, coast, the board's size (logged: undo takes an edit back)", _BOARD, target="map", title="Edit the board at",
               menu=("edit-terrain", "edit-city", "edit-town", "edit-road", "edit-rail", "edit-river", "edit-bridge", "edit-canal",
                     "edit-resource", "edit-coastal", "edit-board")),
    )


def map_actions(sides: tuple[str, ...]) -> tuple[Action, ...]:
    """The Map mode's keys for a game of these sides (control offers each side and "none"); ``g`` goes to a hex, the
    arrows move: both are the screen's own."""
    return (
        Action("storm", "s", "Storm", "storm", "Move the storm: the initiative loser's direction and distance dice (Storms ¶4)",
               "Storms ¶4; RULINGS L1"),
        Action("control", "c", "Control", "control {name} {side}", "Set who controls the hex", "Destruction ¶3", target="map",
               title="Control of", fields=(Field("side", "Controlled by", "choice", choices=(*sides, "none"), prefill="owner"),)),
        Action("capture", "x", "Capture", "capture {name} {side}", "An enemy unit alone here takes the hex, its airfield, Mulberry and factories",
               "Airfields ¶5, Mulberries ¶2, Factories ¶5", target="map", title="Capture",
               text="Captured by which side? (airfield usable next turn; Mulberry a port next turn; factories at their strength)",
               fields=(Field("side", "Side", "choice", choices_from=SIDES, prefill=OTHER_SIDE),)),
        Action("airfield", "i", "Airfield", "airfield {name}", "An Engineer builds a Minor Airfield here (-1 cv; Production Phase)",
               "Airfields ¶1", target="map", title="Build an airfield at", requires="airfield_buildable"),
        Action("upgrade", "u", "Upgrade", "upgrade {name}", "An Engineer converts the Minor Airfield here into a Major (-1 cv)",
               "Airfields ¶2", target="map", footer=False, title="Major airfield at", requires="airfield_minor"),
        Action("mulberry", "m", "Mulberry", "mulberry {name}", "A Marine places a Mulberry here (-1 cv; production turn)",
               "Mulberries ¶1", target="map", title="Place a Mulberry at", requires="mulberry_placeable"),
        _hit("airfield", "Airfield", "hit airfield {name} {n}", "Airfields ¶4", "two hits in one battle make a Major Airfield Minor",
             requires="airfield_major"),
        _hit("mulberry", "Mulberry", "hit mulberry {name} {n}", "Mulberries ¶2", "two hits in one battle destroy it"),
        _hit("canal", "Canal", "hit canal {name} {n}", "Destruction ¶2; RULINGS L5", "two hits in one battle destroy it"),
        _hit("bridge", "Bridge", "hit bridge {bridge_intact} {n}", "Destruction ¶2; RULINGS L5",
             "two hits in one battle destroy it (the hex's first standing bridge; type `hit bridge A-B` for another)",
             requires="bridge_intact"),
        _hit("factory", "Factory", "hit factory {name} {kind} {n}", "Factories ¶5", "each hit takes a PP step; the 0 PP step stays",
             (_kind(), _hits()), requires="factories"),
        Action("hit", "h", "Hit", "", "Hits on a Logistics target in this hex (two in one battle count together, RULINGS L5)",
               "RULINGS L5", target="map", title="Hit a target at",
               menu=("hit-airfield", "hit-mulberry", "hit-bridge", "hit-canal", "hit-factory")),
        Action("battle", "b", "Battle over", "battle", "The battle is over: single hits leave nothing (RULINGS L5)", "RULINGS L5",
               footer=False),
        Action("rebuild-bridge", "", "Bridge", "rebuild bridge {bridge_destroyed}", "An Engineer rebuilds a destroyed bridge (both hexes friendly, -1 cv)",
               "Destruction ¶2, ¶3", target="map", title="Rebuild bridge at", requires="bridge_destroyed"),
        Action("rebuild-canal", "", "Canal", "rebuild canal {name}", "An Engineer rebuilds the destroyed canal here (-1 cv)",
               "Destruction ¶2, ¶3", target="map", title="Rebuild canal at", requires="canal_destroyed"),
        Action("rebuild", "r", "Rebuild", "", "An Engineer rebuilds a destroyed bridge or canal here (Production Phase, -1 cv)",
               "Destruction ¶2, ¶3", target="map", title="Rebuild at", menu=("rebuild-bridge", "rebuild-canal")),
        Action("place-storm", "t", "Put storm", "storm-place {name}", "Set-up: put the storm in this hex", "Storms ¶4",
               target="map", footer=False, title="Put the storm at"),
        *board_actions(),
    )


def factory_actions() -> tuple[Action, ...]:
    """The Factories mode's keys (the rule set's ``ports`` table lists its cities)."""
    return (
        Action("produce", "p", "Produce", "produce {name} {kind} {unit}", "The city's factory builds like units only (Factories ¶3)",
               "Factories ¶3", target="ports", title="Produce at", ok="Produce",
               text="Factories ¶3: a factory builds only like units (engineers, airborne, marines under the optional rules).",
               fields=(_kind(present=True), Field("unit", "Unit", "choice", choices=UNITS, prefill="like_unit", follows="kind"))),
        Action("resource", "o", "Resource", "resource {name} {pp} {kind}", "Resource PPs converted here go to one factory type (L4)",
               "Factories ¶7; RULINGS L4", target="ports", title="Resources at", ok="Convert",
               fields=(Field("pp", "Resource PP", "number", min=1, max=99, step=1, required=True), _kind())),
        Action("exchange", "e", "Exchange", "exchange {name} {old} {new}", "Exchange a factory for a 0 PP one of another type (no production here this turn)",
               "Factories ¶3", target="ports", title="Exchange a factory at", ok="Exchange",
               fields=(Field("old", "Factory given up", "choice", choices=KINDS, present=True),
                       Field("new", "0 PP factory taken", "choice", choices=KINDS))),
        Action("hit", "h", "Hit", "hit factory {name} {kind} {n}", "Hits take PP steps; the 0 PP step cannot be eliminated (Factories ¶5)",
               "Factories ¶5", target="ports", title="Hit a factory at", ok="Hit", fields=(_kind(present=True), _hits())),
        Action("capture", "x", "Capture", "capture {name} {side}", "Enemy Army units alone in the city take it and its factories at their strength",
               "Factories ¶5", target="ports", title="Capture",
               fields=(Field("side", "Side", "choice", choices_from=SIDES, prefill=OTHER_SIDE),)),
        Action("factory", "f", "Set factory", "factory {name} {kind} {pp}", "Set-up: a factory's PP (total at most the city's size; Navy coastal)",
               "Factories ¶1, ¶2", target="ports", footer=False, title="Set a factory at", ok="Set",
               fields=(_kind(), Field("pp", "PP (or remove)", "text", required=True, placeholder="0-3 or remove"))),
    )
    """The Factories mode's keys (the rule set's ``ports`` table lists its cities)."""
