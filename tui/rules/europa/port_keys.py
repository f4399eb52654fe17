"""The Europa Ports mode's columns and keys (RuleSet.columns and RuleSet.actions; see core/actions.py), built when the
rule set is loaded."""

from __future__ import annotations

from msgspec.structs import replace

from ..core.actions import Action, Field
from ..core.actions import SIDES as SIDE_CHOICES
from ..core.actions import OTHER_SIDE
from ..core.ruleset import Column
from .world import HARBOURS, PORT_TYPES


def port_columns() -> tuple[Column, ...]:
    """The columns of the Ports mode."""
    return (
        Column("name", "Port", 14),
        Column("owner", "Owner", 7, priority=1),
        Column("type", "Type", 9, priority=2),
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


def port_form() -> tuple[Field, ...]:
    """The fields of a port's add and edit dialogs (31.A.1)."""
    return (
        Field("name", "Name", required=True, prefill="name", placeholder="e.g. Port Sudan"),
        Field("type", "Type", "choice", choices=PORT_TYPES, default="standard", prefill="type"),
        Field("owner", "Owner", "choice", choices_from=SIDE_CHOICES, prefill="owner"),
        Field("harbour", "Harbour", "choice", choices=HARBOURS, default="none", prefill="harbour"),
        Field("hex", "Hex", prefill="hex", placeholder="e.g. 19A:2416"),
        Field("sea_zone", "Sea zone", prefill="sea_zone", placeholder="e.g. Red Sea", choices_from="zones:zone"),
    )


def port_actions() -> tuple[Action, ...]:
    """The Ports mode's keys (31.A)."""
    form = port_form()
    return (
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
               text="31.A.1: the port's printed type and where it is.", ok="Add", fields=form),
        Action("edit", "o", "Edit", "port edit {name} type={type} owner={owner} harbour={harbour} hex={hex} zone={sea_zone}",
               "Edit the port's type, owner, harbour, hex, sea zone", "31.A.1", target="ports", dialog="Edit port {name}",
               text="31.A.1: the port's printed type and where it is.", ok="Save", changed_only=True,
               fields=(replace(form[0], disabled=True), *form[1:])),
    )
