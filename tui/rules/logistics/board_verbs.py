"""The board-editing verbs (issue 21, "Your own board"): ``board``, ``hex``, ``road``, ``rail``, ``river``,
``bridge``, ``canal``.

They read the referee's words and call the pure edits of ``board.py``; like
every command they are logged, so ``undo`` takes an edit back and a save
replays it. Each verb is a module-level function; the builder only binds them when the rule set loads. Every edit is
the referee's (``actor``): the board is the game's set-up, which a game by e-mail does not change (issue 32).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from msgspec.structs import replace

from ..core.errors import RuleError
from ..core.numbers import read_int
from ..core.ruleset import Context, Outcome, Verb
from .board import MAX_SIDE, empty, other_end, path, resize, set_crossing, set_flag, set_links, set_place, set_river, set_terrain
from .tables import LogisticsTables
from .world import REFEREE, SEA, LogisticsWorld, bridge_id


def _board(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """The board's size in hexes, or a blank board (``--empty``)."""
    if len(args) != 2:
        raise RuleError("usage: board COLUMNS ROWS [--empty] (the map's size in hexes; --empty: a blank board)")
    columns = read_int(args[0], "columns", 1, MAX_SIDE)
    rows = read_int(args[1], "rows", 1, MAX_SIDE)
    world: LogisticsWorld = ctx.state.world
    if opts.get("empty"):
        new = empty(world, columns, rows)
        # a blank board is no longer the scenario the game was made from: its title and note must not say it is
        title = f"A blank {columns} x {rows} board"
        settings = {**ctx.state.settings, "scenario_name": title, "illustrative": "false", "note": ""}
        return Outcome(new, f"Board: a blank {columns} x {rows} hexes, {new.grid.hex_id(new.grid.corner())} to "
                       f"{new.grid.hex_id(new.grid.far_corner())}; centre and storm {new.centre}",
                       (f"The game's title is now '{title}' (it named the scenario the game was made from); give it "
                        "your own with: setup edit scenario name=NAME",),
                       state=replace(ctx.state.with_world(new), settings=settings), actor=REFEREE)
    if (world.grid.columns, world.grid.rows) == (columns, rows):
        raise RuleError(f"the board is already {columns} x {rows} hexes")
    new = resize(world, columns, rows)
    last = new.grid.hex_id(new.grid.far_corner())
    return Outcome(new, f"Board: {columns} x {rows} hexes, {new.grid.hex_id(new.grid.corner())} to {last}; centre {new.centre}",
                   actor=REFEREE)


def _hex(tables: LogisticsTables, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """A hex's terrain, sea or land, city or town, coast or resource."""
    usage = ("usage: hex HEX terrain KIND | hex HEX sea | hex HEX land | hex HEX city NAME SIZE | hex HEX town NAME | "
             "hex HEX coastal on|off | hex HEX resource PP")
    if len(args) < 2:
        raise RuleError(usage)
    world: LogisticsWorld = ctx.state.world
    hid = world.hex(args[0])
    what, rest = args[1].lower(), args[2:]
    if what == "terrain" and len(rest) == 1:
        new = set_terrain(world, hid, rest[0].lower(), tables)
        said = rest[0].lower()
    elif what in ("sea", "land") and not rest:
        new = set_terrain(world, hid, SEA if what == "sea" else "clear", tables)
        said = "sea" if what == "sea" else "land (clear)"
    elif what == "city" and len(rest) >= 2:
        size = read_int(rest[-1], "the city's size (PP)", 1, 99)
        new = set_place(world, hid, "city", " ".join(rest[:-1]), size)
        said = f"city {' '.join(rest[:-1])}, size {size} PP"
    elif what == "town" and rest:
        new = set_place(world, hid, "town", " ".join(rest), 0)
        said = f"town {' '.join(rest)}"
    elif what == "coastal" and len(rest) == 1 and rest[0].lower() in ("on", "off"):
        new = set_flag(world, hid, "coastal", rest[0].lower() == "on")
        said = f"coastal {rest[0].lower()} (a land hex next to the sea is coastal anyway)"
    elif what == "resource" and len(rest) == 1:
        pp = read_int(rest[0], "resource PP", 0, 99)
        new = set_flag(world, hid, "resource", pp)
        said = f"resource {pp} PP" if pp else "no resource"
    else:
        raise RuleError(usage)
    return Outcome(new, f"Hex {hid}: {said}", actor=REFEREE)


def _links(kind: str, ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """Lay (or take up, ``--remove``) a road or railway through adjacent hexes."""
    world: LogisticsWorld = ctx.state.world
    hexes = path(world, args)
    remove = bool(opts.get("remove"))
    new = set_links(world, kind, hexes, remove)
    return Outcome(new, f"{'Taken up' if remove else 'Laid'}: {kind} {' '.join(hexes)}", actor=REFEREE)


def _river(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """A river along the hexside between two adjacent hexes (``--remove`` takes it away)."""
    world: LogisticsWorld = ctx.state.world
    if len(args) != 2:
        raise RuleError("usage: river HEX HEX|DIRECTION [--remove] (a river along the hexside between them)")
    a = world.hex(args[0])
    b = other_end(world, a, args[1])
    remove = bool(opts.get("remove"))
    return Outcome(set_river(world, a, b, remove), f"River {'removed from' if remove else 'on'} hexside {bridge_id(a, b)}",
                   actor=REFEREE)


def _bridge(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """A bridge over a river hexside (``--remove`` takes it away)."""
    world: LogisticsWorld = ctx.state.world
    if len(args) < 2:
        raise RuleError("usage: bridge HEX HEX|DIRECTION [NAME] [--remove] (over a river hexside)")
    a = world.hex(args[0])
    b = other_end(world, a, args[1])
    remove = bool(opts.get("remove"))
    new = set_crossing(world, "bridge", (a, b), " ".join(args[2:]), remove)
    return Outcome(new, f"Bridge {bridge_id(a, b)} {'removed' if remove else 'built'}{' ' + ' '.join(args[2:]) if args[2:] else ''}",
                   actor=REFEREE)


def _canal(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
    """A canal in a hex (``--remove`` takes it away)."""
    world: LogisticsWorld = ctx.state.world
    if not args:
        raise RuleError("usage: canal HEX [NAME] [--remove]")
    a = world.hex(args[0])
    remove = bool(opts.get("remove"))
    new = set_crossing(world, "canal", (a,), " ".join(args[1:]), remove)
    return Outcome(new, f"Canal {a} {'removed' if remove else 'dug'}{' ' + ' '.join(args[1:]) if args[1:] else ''}",
                   actor=REFEREE)


def board_verbs(tables: LogisticsTables) -> list[Verb]:
    """The board-editing verbs: ``board``, ``hex``, ``road``, ``rail``, ``river``, ``bridge``, ``canal``."""
    why = "issue 21: the referee's own board"
    return [
        Verb("board", "board COLUMNS ROWS [--empty]", "Set-up: the board's size in hexes; what stands off the new board is dropped (--empty: a blank board).", why, _board, anytime=True, group="board", options=("empty",)),
        Verb("hex", "hex HEX terrain KIND | sea | land | city NAME SIZE | town NAME | coastal on|off | resource PP",
             "Set-up: a hex's terrain, sea or land, city (size in PP) or town, coast, resource.", why, partial(_hex, tables), anytime=True, group="board"),
        Verb("road", "road HEX HEX|DIR ... [--remove]", "Set-up: lay (or take up) a road through adjacent hexes; a direction (N NE SE S SW NW) names the next hex.", why, partial(_links, "road"), anytime=True, group="board", options=("remove",)),
        Verb("rail", "rail HEX HEX|DIR ... [--remove]", "Set-up: lay (or take up) a railway through adjacent hexes.", why, partial(_links, "rail"), anytime=True, group="board", options=("remove",)),
        Verb("river", "river HEX HEX|DIR [--remove]", "Set-up: a river along the hexside between two adjacent hexes.", why, _river, anytime=True, group="board", options=("remove",)),
        Verb("bridge", "bridge HEX HEX|DIR [NAME] [--remove]", "Set-up: a bridge over a river hexside (a Logistics target, Destruction ¶1).", why, _bridge, anytime=True, group="board", options=("remove",)),
        Verb("canal", "canal HEX [NAME] [--remove]", "Set-up: a canal in a hex (a Logistics target, Destruction ¶1).", why, _canal, anytime=True, group="board", options=("remove",)),
    ]
