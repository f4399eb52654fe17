"""Wires the Europa tables, verbs, effects and views into a :class:`RuleSet`.

Ports (31.A) come from :mod:`.ports` and :mod:`.verbs`; the sea (33) and the
rest of 31 (31.A.8, 31.A.11-31.A.13, 31.B) from :mod:`.sea_verbs`,
:mod:`.coast_verbs`, :mod:`.nothing_shipped`, :mod:`.sea_rules` and :mod:`.sea_views`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec.structs import replace

from ..core.actions import ACTING_SIDE, OTHER_SIDE, Action, Field
from ..core.actions import SIDES as SIDE_CHOICES
from ..core.errors import RuleError
from ..core.explain import Explained, fmt_number
from ..core.loader import Cache, RuleData, load_data
from ..core.phases import SEQUENCE, Reported, Sequence, build_sequence, turn_label
from ..core.ruleset import check_sequence_names, Column, Context, Outcome, RuleSet, Verb
from ..core.state import GameState, Pending
from . import destruction as D
from . import ports as P
from .coast_verbs import build_coast_verbs
from .duties import build_duties
from .nothing_shipped import KEY as NOTHING_SHIPPED_KEY
from .nothing_shipped import VERB as NOTHING_SHIPPED
from .nothing_shipped import build_nothing_shipped_verb
from .sea_rules import build_answers, build_conditions, build_effects
from .sea_verbs import build_sea_verbs
from .sea_views import COLUMNS, build_views, explain_sea, sea_markers
from .seatables import SEA_TABLES, SeaTables
from .tables import PORT_TABLES, PortTables
from .verbs import build_verbs
from .yards import yard_figure
from .world import (HARBOURS, PORT_TYPES, SIDES, EuropaWorld, check_saved_zones, resolve_name, world_from_data,
                    world_from_scenario, world_to_data)
from .zones import slp_count

PORT_COLUMNS = (
    Column("name", "Port", 14),
    Column("owner", "Owner", 7, priority=2),
    Column("type", "Type", 9, priority=1),
    Column("harbour", "Harbour", 10, priority=1),
    Column("markers", "Markers", 22, priority=3, wrap=True),
    Column("re_capacity", "RE cap", 6, priority=2),
    Column("capacity_left", "Left", 5, priority=2),
    Column("he_capacity", "HE cap", 6, priority=2),
    Column("acts_as", "Acts as", 9),
    Column("intrinsic_sp", "Intr SP", 7),
    Column("max_nt_res", "Max NT", 6),
    Column("slp_cost", "SLP", 4, priority=3),
    Column("naval_base", "Base", 4, priority=3),
    Column("sea_zone", "Sea zone", 14, priority=3),
    Column("slp_count", "SLP+sea", 7, priority=1),
)


# --- the keys of the Ports and Sea Zones modes (RuleSet.actions; see core/actions.py) -------------
_PORT_FORM = (
    Field("name", "Name", required=True, prefill="name", placeholder="e.g. Port Sudan"),
    Field("type", "Type", "choice", choices=PORT_TYPES, default="standard", prefill="type"),
    Field("owner", "Owner", "choice", choices_from=SIDE_CHOICES, prefill="owner"),
    Field("harbour", "Harbour", "choice", choices=HARBOURS, default="none", prefill="harbour"),
    Field("hex", "Hex", prefill="hex", placeholder="e.g. 19A:2416"),
    Field("sea_zone", "Sea zone", prefill="sea_zone", placeholder="e.g. Red Sea", choices_from="zones:zone"),
)
PORT_ACTIONS = (
    Action("hit", "h", "Hit", "hit {name} {n}", "Inflict port hits (31.A.3)", "31.A.3", target="ports",
           text="31.A.3: hits inflicted (natural harbour halves, artificial doubles).",
           fields=(Field("n", "Hits", "number", default=1, min=1, step=1, max_from="hits_to_max"),)),
    Action("repair", "r", "Repair", "repair {name} {n}", "Remove Port Hit markers (31.A.3)", "31.A.3", target="ports",
           text="31.A.3: Port Hits repaired (½ for a fractional marker).",
           fields=(Field("n", "Port Hits", "number", default=1, min=0.5, step=0.5, max_from="hits"),)),
    Action("reduce", "d", "Reduce", "reduce {name} {n}", "Place or raise a Reduced marker (31.A.5)", "31.A.5", target="ports",
           text="31.A.5: levels to reduce (at most 4 in all).", footer=False,
           fields=(Field("n", "Levels", "number", default=1, min=1, max=4, step=1),)),
    Action("upgrade", "u", "Upgrade", "upgrade {name}", "Raise a reduced port one level (31.A.5)", "31.A.5", target="ports", footer=False),
    Action("collateral", "c", "Collateral", "collateral {name}", "Toggle the Collateral Damage marker (31.A.4)", "31.A.4",
           target="ports", footer=False),
    Action("capture", "x", "Capture", "capture {name} {side} --nation={nation}", "Change the owner; may offer a destruction roll (31.A.4, 31.A.6)",
           "31.A.4, 31.A.6; RULINGS E13", target="ports",
           text="31.A.4: captured by which side? Collateral Damage is placed; 31.A.6 may offer the loser a destruction roll. "
                "The port takes its captor's nation (RULINGS E13): the scenario's default is filled in.",
           fields=(Field("side", "Side", "choice", choices_from=SIDE_CHOICES, prefill=OTHER_SIDE),
                   Field("nation", "Owning nation", prefill="captor_nation", placeholder="blank: the scenario's default"))),
    Action("use", "e", "Use", "use {name} {res} {he} {supply}", "Use capacity: REs, heavy equipment, supply (31.A.1)", "31.A.1",
           target="ports", title="Use capacity of", dialog="Use {name}", ok="Use",
           text="31.A.1: REs embarking or disembarking through the port this phase ({capacity_left} REs left). "
                "Count each unit's base RE size, not its transport size (Table 1 note 6).",
           fields=(Field("res", "REs", "number", default=1, min=0.5, step=0.5, required=True, max_from="capacity_left"),
                   Field("he", "Heavy equipment", "flag", option="--he"),
                   Field("supply", "Supply (SPs/SRPs)", "flag", option="--supply"))),
    Action("intrinsic", "i", "Intrinsic", "intrinsic {name}", "Declare intrinsic supply capacity used (31.A.2)", "31.A.2",
           target="ports", footer=False, title="Intrinsic supply at"),
    Action("dedicate", "t", "NTs", "dedicate {name} {res} --hqs={hqs}", "Dedicate NTs and Army HQs (31.A.1 note #)", "31.A.1 note #",
           target="ports", footer=False, title="Dedicate NTs to", ok="Dedicate",
           text="31.A.1 note #: NTs lower the SLP cost after one RE per Army HQ tracing supply.",
           fields=(Field("res", "REs of NTs", "number", default=1, min=0, step=0.5, required=True),
                   Field("hqs", "Army HQs", "number", min=0, step=1, placeholder="blank: unchanged"))),
    Action("mines", "m", "Mines", "mines {name} {n}", "Set the mine points in the port hex (31.A.2)", "31.A.2", target="ports",
           footer=False, title="Mines at", text="31.A.2: mine points in the port hex (each one level of interdiction).",
           fields=(Field("n", "Mine points", "number", default=1, min=0, step=1),)),
    Action("add", "a", "Add", "port add {name} {type} {owner} harbour={harbour} hex={hex} zone={sea_zone}",
           "Add a port (name, type, owner, harbour, hex, sea zone)", "31.A.1", title="Add a port", dialog="Add a port",
           text="31.A.1: the port's printed type and where it is.", ok="Add", fields=_PORT_FORM),
    Action("edit", "o", "Edit", "port edit {name} type={type} owner={owner} harbour={harbour} hex={hex} zone={sea_zone}",
           "Edit the port's type, owner, harbour, hex, sea zone", "31.A.1", target="ports", dialog="Edit port {name}",
           text="31.A.1: the port's printed type and where it is.", ok="Save", changed_only=True,
           fields=(replace(_PORT_FORM[0], disabled=True), *_PORT_FORM[1:])),
)
"""The Ports mode's keys."""


def zone_actions(sea: SeaTables) -> tuple[Action, ...]:
    """The Sea Zones mode's keys: the guided check, batch checks, nothing shipped this phase, conditions, Malta,
    interference, the interdiction zone, Mulberries and naval supply lines (33, 31.A.12)."""
    mulberry = Field("name", "Mulberry", "choice", choices_from="mulberries:name")
    return (
        Action("check", "c", "Check", "check {zone_id} {side} --guided",
               "Guided anti-shipping check in the selected zone for the selected side: cargo, REs, route, then the rolls "
               "(one event in the log)", "33.A, 33.D, 33.E", target="zones", title="Guided anti-shipping check"),
        Action("batch", "b", "Batch", "batch {zone} {side} {items} --{iz} --{route} dice={dice}",
               "Check many cargo items in one go, with the physical dice typed in a row", "33.A, 33.D, 33.E", target="zones",
               title="Batch anti-shipping checks", dialog="Batch anti-shipping checks", ok="Check",
               text="33.A: each item KIND[:RES][@NAME] once per zone per naval movement phase (again: "
                    "type it with --force). Dice: every die in a row; blank, {blank_dice}.",
               fields=(Field("zone", "Sea zone", "choice", choices_from="zones:zone", prefill="zone"),
                       Field("side", "Side", "choice", choices_from=SIDE_CHOICES, prefill=ACTING_SIDE),
                       Field("items", "Cargo items", required=True, words=True, placeholder="sp:7@convoy unit@7-6 empty-nt"),
                       Field("iz", "Interdiction zone", "choice", choices=("", "outside", "loose", "tight")),
                       Field("route", "Route", "choice", choices=("", "short", "far")),
                       Field("dice", "Physical dice", placeholder="e.g. 3,4,6 (blank: {blank_dice})"))),
        Action(NOTHING_SHIPPED, NOTHING_SHIPPED_KEY, "No shipping", NOTHING_SHIPPED,
               "Nothing shipped this phase by the side whose shipping moves: the anti-shipping checks due are done for "
               "the phase (logged; refused once that side's shipping was checked)", "33.A", footer=False,
               title="Nothing shipped this phase"),
        Action("condition", "t", "Toggle", "condition {id} {value}", "Flip the selected referee condition (a number is asked)",
               "33.B.10", target="conditions", title="Toggle condition", dialog="Condition {id}", text="{text} ({rule})",
               fields=(Field("value", "Value", "flag", prefill="value", flip=True, step=1),)),
        Action("malta", "m", "Malta", "malta {n}", "Set the Malta status number: the Axis Central Med NSN follows it",
               "33.B.1.a", title="Malta status number", dialog="Malta status number",
               text="33.B.1.a: the Axis Central Mediterranean NSN and the Allied West/Central Med lines follow it.",
               fields=(Field("n", "Malta status number", "number", min=sea.anti_shipping_table.first_column,
                             max=sea.anti_shipping_table.last_column, step=1),)),
        Action("interfere", "i", "Interfere", "interfere {area} {how}", "Italian naval interference attempt (Allied initial phase)",
               "33.B.2.b", footer=False, title="Italian naval interference", dialog="Italian naval interference", ok="Attempt",
               text="33.B.2.b: roll on the SUCCESS TABLE with the history modifiers, give the letter read on the real chart, or decline.",
               fields=(Field("area", "Area", "choice", choices=tuple(sea.italian_interference.areas)),
                       Field("how", "Roll or result", "choice", choices=("roll", "decline", *sea.success_table.letters)))),
        Action("interdict", "z", "Interdict", "interdict {kind}", "Declare the South Aegean naval interdiction zone (Allied initial phase)",
               "33.B.7", footer=False, title="South Aegean interdiction zone", dialog="South Aegean interdiction zone",
               text="33.B.7: tight or loose, until the next Allied initial phase (conditions a-d must hold).",
               fields=(Field("kind", "Kind", "choice", choices=("tight", "loose")),)),
        Action("bomb", "ctrl+b", "Bomb", "interdict bomb {n}", "Bombing hits on the interdiction zone: each lowers its NSN by 1 this turn",
               "33.B.7 d)", footer=False, title="Bomb the interdiction zone", dialog="Bomb the interdiction zone",
               text="33.B.7 d): bombing hits on the naval interdiction zone this turn.",
               fields=(Field("n", "Hits", "number", default=1, min=1, step=1),)),
        Action("mulberry", "u", "Mulberry", "", "Mulberries: make available, tow, arrive at a beach, sink", "31.A.12",
               footer=False, menu=("mulberry-available", "mulberry-tow", "mulberry-arrive", "mulberry-sink")),
        Action("mulberry-available", "", "Make available", "mulberry available {name}", "A Mulberry becomes available to the Allies in Britain",
               "31.A.12", title="Mulberry: make available", fields=(mulberry,)),
        Action("mulberry-tow", "", "Tow", "mulberry tow {name} {origin} {unit}", "Tow a Mulberry from a port in Britain (Allied naval step, calm seas)",
               "31.A.12", title="Mulberry: tow", ok="Tow",
               text="31.A.12: towed in calm seas during an Allied naval movement step; it must arrive within two steps.",
               fields=(mulberry, Field("origin", "From port", required=True, placeholder="e.g. United Kingdom ports"),
                       Field("unit", "Towing unit", placeholder="optional"))),
        Action("mulberry-arrive", "", "Arrive", "mulberry arrive {name} {beach} mps={mps}", "A towed Mulberry arrives at an Allied beach hex",
               "31.A.12", title="Mulberry: arrive", ok="Arrive",
               text="31.A.12: it emplaces at the next Allied initial phase; MPs towed beyond 15 worsen the roll.",
               fields=(mulberry, Field("beach", "Beach", "choice", choices_from="beaches:name"),
                       Field("mps", "MPs towed", "number", default=0, min=0))),
        Action("mulberry-sink", "", "Sink", "mulberry sink {name}", "The towing unit was sunk: the Mulberry is wrecked",
               "31.A.12", title="Mulberry: towing unit sunk", fields=(mulberry,)),
        Action("supply-line", "s", "Supply line", "supply-line {port} {zones}", "The sea zones a port's naval supply line crosses (33.F)",
               "33.F", target="zones", footer=False, title="Naval supply line", dialog="Naval supply line", ok="Set",
               text="33.F: the NSN of every sea zone crossed is added to the SLP count of the port traced from.",
               fields=(Field("port", "Port", "choice", choices_from="ports:name"),
                       Field("zones", "Sea zones crossed", required=True, words=True, prefill="zone",
                             placeholder="e.g. Eastern Mediterranean Aegean, or none"))),
    )


def track_ownership(verb: Verb) -> Verb:
    """Wrap a verb that may change port owners so every side's ports "ever owned" are kept (33.B.8.a)."""
    inner = verb.handler
    assert inner is not None

    def handler(ctx: Context, args: list[str], opts: dict[str, Any]) -> Outcome:
        outcome = inner(ctx, args, opts)
        world: EuropaWorld = outcome.world
        sea = world.sea
        for port in world.ports.values():
            sea = sea.owned_once(port.owner, port.name)
        return outcome if sea is world.sea else replace(outcome, world=replace(world, sea=sea))

    return replace(verb, handler=handler)


DATA = RuleData("europa", (("europa.toml", (PORT_TABLES, SEA_TABLES, SEQUENCE)),))
"""What the rule set reads: the port tables, the sea tables and the turn sequence of ``europa.toml``."""


def load_sea(data_dir: Path, cache: Cache | None = None) -> SeaTables:
    """The sea tables :func:`load` builds the rule set with (chapter 33 and 31.A.8-31.B), for tests and tools."""
    return load_data(data_dir, DATA, cache)[1]


def load(data_dir: Path, cache: Cache | None = None) -> RuleSet:
    """Load ``rulesets/europa.toml`` (through ``cache`` if given) and build the rule set; data errors name file,
    table and key."""
    path = data_dir / "rulesets" / "europa.toml"
    tables: PortTables
    sea: SeaTables
    tables, sea, spec = load_data(data_dir, DATA, cache)
    sequence = build_sequence(spec, path.name)
    label = lambda turn: turn_label(sequence.calendar, turn)  # noqa: E731 - a one-line labeller

    def record_usable(ctx: Context, world: EuropaWorld, side: str) -> tuple[EuropaWorld, list[str]]:
        """31.A: a player may use only the ports he owns at the start of his initial phase."""
        owned = tuple(n for n, p in world.ports.items() if p.owner == side)
        usable = {**world.usable, side: owned}
        return replace(world, usable=usable), [f"{side.title()} may use {len(owned)} port(s) this turn (owned now, 31.A)"]

    def remove_usage(ctx: Context, world: EuropaWorld, side: str) -> tuple[EuropaWorld, list[str]]:
        """31.A.1 / E11: Port Used and Capacity Used markers of the owning side go."""
        cleared = []
        ports = dict(world.ports)
        for name, port in world.ports.items():
            if port.owner == side and (port.capacity_used or port.nts_dedicated or port.intrinsic_used or port.he_used):
                ports[name] = P.clear_usage(port)
                cleared.append(name)
        line = f"Port Used / Capacity Used removed from {len(cleared)} {side} port(s) (31.A.1)"
        if cleared:  # markers removed: part of the event's summary (issue 22 point 7)
            return replace(world, ports=ports), [Reported(line + ": " + ", ".join(cleared))]
        return replace(world, ports=ports), [line]

    def answer_sea_state(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """Sea conditions this game turn (calm, rough, stormy), used by Mulberry towing and emplacement (31.A.12)."""
        world: EuropaWorld = ctx.state.world
        return Outcome(replace(world, sea_state=value), f"Sea conditions this turn: {value} (31.A.12)")

    def answer_destroy(ctx: Context, prompt: Pending, value: str) -> Outcome:
        """31.A.6: the losing player may roll to destroy the port; 1-5 destroys it."""
        world: EuropaWorld = ctx.state.world
        port = world.port(prompt.subject)
        if value.lower() in ("decline", "no"):
            return Outcome(world, f"{port.name}: the {tables.port_destruction.from_side} player declines to destroy it (31.A.6)")
        roll = ctx.roll(prompt.dice, f"31.A.6 destruction of {port.name}")
        result = D.destruction_result(roll.total, tables)
        if not result.value:
            return Outcome(world, f"{port.name}: destruction roll {roll.total} — not destroyed (31.A.6)", explanations=(result,))
        new = D.destroy(port, tables)
        return Outcome(
            world.with_port(new),
            f"{port.name}: destruction roll {roll.total} — destroyed: Reduced {new.reduced}, {fmt_number(new.hits)} Port Hits (31.A.6)",
            explanations=(result,),
        )

    def port_rows(state: GameState) -> list[dict[str, Any]]:
        rows = []
        for port in state.world.ports.values():
            fig = P.port_figures(port, tables)
            row: dict[str, Any] = {k: v.value for k, v in fig.items()}
            row.update(name=port.name, owner=port.owner, type=port.type, harbour=port.harbour, sea_zone=port.sea_zone, hex=port.hex)
            row["markers"] = ", ".join(f"{m} {v}".strip() for m, v in P.markers(port, tables))
            row["usable"] = port.name in state.world.usable.get(port.owner, ())
            row["nation"] = port.nation
            row["hits"] = port.hits  # the most a repair takes (31.A.3)
            row["hits_to_max"] = P.hits_to_max(port, tables)  # the most hits that still count (31.A.3)
            row["captor_nation"] = state.world.captor_nation(port.name, "axis" if port.owner == "allied" else "allied")
            row["slp_count"] = slp_count(state.world, sea, tables, port).value
            if port.inland:
                row["inland_route"] = P.inland_route(port).value
            rows.append(row)
        return rows

    def marker_rows(state: GameState, seq: Sequence) -> list[dict[str, Any]]:
        rows = []
        for port in state.world.ports.values():
            for name, value in P.markers(port, tables):
                if name in ("Port Used", "Capacity Used"):
                    expires = f"end of the {port.owner.title()} reinforcement phase (31.A.1)"
                elif name == "Collateral Damage":
                    expires = "until removed (31.A.4)"
                elif name in ("Port Hit",):
                    expires = "until repaired (31.A.3)"
                elif name == "Marshalling Yard Hit":
                    expires = "until repaired, one at a time (Table 1 note 3; RULINGS E14)"
                elif name.startswith("Reduced") or name == "Destroyed":
                    expires = "until upgraded (31.A.5)"
                else:
                    expires = "while it applies"
                rows.append({"marker": name, "value": value, "place": port.name, "side": port.owner, "expires": expires})
        return rows + sea_markers(state, sea, label)

    def explain(state: GameState, name: str) -> list[Explained]:
        world: EuropaWorld = state.world
        try:
            key = resolve_name(name, list(world.ports))
        except RuleError:
            return explain_sea(state, sea, tables, name)
        port = world.ports[key]
        figures = list(P.port_figures(port, tables).values()) + [slp_count(world, sea, tables, port)]
        if port.yard_hits:
            figures.append(yard_figure(port, tables))
        if port.inland:
            figures.append(P.inland_route(port))
        return figures

    answers = {"destroy-port": answer_destroy, "sea-state": answer_sea_state, **build_answers(sea, tables)}
    verbs = build_verbs(tables, sea)
    for name in ("capture", "port"):
        verbs[name] = track_ownership(verbs[name])
    verbs.update(build_sea_verbs(sea, tables, answers))
    verbs.update(build_coast_verbs(sea, tables))
    verbs.update(build_nothing_shipped_verb())
    rs = RuleSet(
        id="europa",
        name="Europa — 31 Ports and Beaches, 33 Anti-Shipping Forces",
        sides=SIDES,
        sequence=sequence,
        verbs=verbs,
        effects={"record-usable-ports": record_usable, "remove-usage-markers": remove_usage, **build_effects(sea, tables)},
        answers=answers,
        conditions=build_conditions(sea, tables),
        world_to_data=world_to_data,
        world_from_data=lambda data: check_saved_zones(world_from_data(data), sea),
        views={"ports": port_rows, **build_views(sea, tables, label, sequence)},
        columns={"ports": PORT_COLUMNS, **COLUMNS},
        markers=marker_rows,
        explain=explain,
        world_from_scenario=lambda raw, file: world_from_scenario(raw, file, sea),
        default_scenario="mediterranean-1943",
        source_files=(str(path),),
        tables=tables,
        actions={"ports": PORT_ACTIONS, "zones": zone_actions(sea)},
        duties=build_duties(sea, tables),
    )
    check_sequence_names(rs, path.name)
    return rs
