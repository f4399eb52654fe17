"""Wires the Europa tables, verbs, effects and views into a :class:`RuleSet`.

Ports (31.A) come from :mod:`.ports` and :mod:`.verbs`; the sea (33) and the
rest of 31 (31.A.8, 31.A.11-31.A.13, 31.B) from :mod:`.sea_verbs`,
:mod:`.coast_verbs`, :mod:`.nothing_shipped`, :mod:`.sea_rules` and :mod:`.sea_views`.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from ..core.actions import ACTING_SIDE, Action, Field
from ..core.actions import SIDES as SIDE_CHOICES
from ..core.loader import Cache, RuleData, load_data
from ..core.phases import SEQUENCE, build_sequence
from ..core.ruleset import check_sequence_names, RuleSet
from .coast_verbs import build_coast_verbs
from .duties import build_duties
from .nothing_shipped import KEY as NOTHING_SHIPPED_KEY
from .nothing_shipped import VERB as NOTHING_SHIPPED
from .nothing_shipped import build_nothing_shipped_verb
from .port_keys import port_actions, port_columns
from .port_rules import (_answer_destroy, _answer_sea_state, _explain, _marker_rows, _port_rows, _record_usable,
                         _remove_usage, _turn_label, _world_from_data, _world_from_scenario, track_ownership)
from .sea_rules import build_answers, build_conditions, build_effects
from .sea_verbs import build_sea_verbs
from .sea_views import build_views, columns
from .seatables import SEA_TABLES, SeaTables
from .tables import PORT_TABLES, PortTables
from .verbs import build_verbs
from .world import SIDES, world_to_data

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
        Action("bomb", "asterisk", "Bomb", "interdict bomb {n}", "Bombing hits on the interdiction zone: each lowers its NSN by 1 this turn",
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
    label = partial(_turn_label, sequence)
    answers = {"destroy-port": partial(_answer_destroy, tables), "sea-state": _answer_sea_state, **build_answers(sea, tables)}
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
        effects={"record-usable-ports": _record_usable, "remove-usage-markers": _remove_usage, **build_effects(sea, tables)},
        answers=answers,
        conditions=build_conditions(sea, tables),
        world_to_data=world_to_data,
        world_from_data=partial(_world_from_data, sea),
        views={"ports": partial(_port_rows, sea, tables), **build_views(sea, tables, label, sequence)},
        columns={"ports": port_columns(), **columns()},
        markers=partial(_marker_rows, sea, tables, label),
        explain=partial(_explain, sea, tables),
        world_from_scenario=partial(_world_from_scenario, sea),
        default_scenario="mediterranean-1943",
        source_files=(str(path),),
        tables=tables,
        actions={"ports": port_actions(), "zones": zone_actions(sea)},
        duties=build_duties(sea, tables),
    )
    check_sequence_names(rs, path.name)
    return rs
