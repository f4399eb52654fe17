"""The OCS Ports mode's columns and keys (RuleSet.columns and RuleSet.actions; see core/actions.py), built when the
rule set is loaded."""

from __future__ import annotations

from msgspec.structs import replace

from ..core.actions import OTHER_SIDE, SIDES, Action, Field
from ..core.ruleset import Column


def port_columns() -> tuple[Column, ...]:
    """The columns of the Ports mode."""
    return (
        Column("name", "Port", 14),
        Column("owner", "Owner", 7, priority=2),
        Column("capacity", "Capacity", 9, priority=2),
        Column("used", "Used", 8),
        Column("capacity_left", "Left", 8, priority=3),
        Column("hits", "Hits", 4, priority=3),
        Column("shut_down", "Shut down", 5, priority=2),
        Column("zoc_negated", "ZOC negated", 7),
        Column("supply_capacity", "Supply cap", 9),
        Column("supply_source", "Supply source", 6),
        Column("oversize", "Oversize unit", 8),
        Column("undamaged", "Undamaged", 9),
        Column("hex", "Hex", 8, priority=1),
    )


def shipping_columns() -> tuple[Column, ...]:
    """The columns of the Sea Cap view."""
    return (
        Column("side", "Side", 8),
        Column("points", "Points", 6),
        Column("allowance", "Sea Cap", 9),
        Column("used", "Used", 9),
        Column("left", "Left", 9),
    )


def port_form() -> tuple[Field, ...]:
    """The fields of a port's add and edit dialogs (19.0a, 19.0e)."""
    return (
        Field("name", "Name", required=True, prefill="name", placeholder="e.g. Sidi Barrani"),
        Field("owner", "Owner", "choice", choices_from=SIDES, prefill="owner"),
        Field("capacity", "Capacity", prefill="undamaged", placeholder="3 SP 2T (blank with a track)"),
        Field("hex", "Hex", prefill="hex", placeholder="optional"),
        Field("supply", "Supply source", "choice", choices=("no", "yes"), prefill="supply_source"),
        Field("track", "Damage Track", prefill="damage_track", placeholder="e.g. 4SP,3SP,2SP,1SP,2T (optional)"),
    )


def port_actions() -> tuple[Action, ...]:
    """The Ports mode's keys (19.0)."""
    amount = Field("amount", "Amount", required=True, placeholder="3 SP 2T, 2SP, 1T or 1.5 (SP)")
    unit = Field("unit", "One combat unit (its TE)", "flag", option="--unit")
    form = port_form()
    return (
        Action("load", "l", "Load", "load {name} {amount} {unit}", "Load cargo or one combat unit (19.0a)", "19.0a", target="ports",
               dialog="Load at {name}", ok="Load", fields=(amount, unit),
               text="19.0a: loading and unloading share the port's capacity each phase ({capacity_left} left)."),
        Action("unload", "u", "Unload", "unload {name} {amount} {unit}", "Unload cargo or one combat unit (19.0a)", "19.0a",
               target="ports", dialog="Unload at {name}", ok="Unload", fields=(amount, unit),
               text="19.0a: loading and unloading share the port's capacity each phase ({capacity_left} left)."),
        Action("arrive", "v", "Arrive", "arrive {name} {amount} {unit}", "Arrivals without an ALT roll count against capacity (18.5g)",
               "19.0a, 18.5g", target="ports", footer=False, title="Arrival without ALT roll at", dialog="Arrive at {name}",
               ok="Arrive", fields=(amount, unit),
               text="18.5g, 19.0a: units or supplies arriving without an ALT roll use the port's capacity ({capacity_left} left)."),
        Action("ship", "s", "Ship", "ship {name} {to} {amount} {unit} {move_mode} {no_move}",
               "Sea Cap: ship cargo port to port, charging both ports and the allowance (19.0f)", "19.0f", target="ports",
               title="Sea Cap from", dialog="Sea Cap from {name}", ok="Ship",
               text="19.0f: Movement Phase only; both ports' capacities and the side's Shipping Allowance are charged. "
                    "A unit must be in Move Mode and not move before or after (asked if not ticked).",
               fields=(Field("to", "To port", "choice", choices_from="ports:name"), amount, unit,
                       Field("move_mode", "Unit in Move Mode", "flag", option="--move-mode"),
                       Field("no_move", "No move before/after", "flag", option="--no-move"))),
        Action("hit", "h", "Hit", "hit {name} {n}", "Hits from the Barrage vs. Facility Table (19.0b)", "19.0b", target="ports",
               text="19.0b: hits from the Barrage vs. Facility Table; never more than 4 on a port (RULINGS O1).",
               fields=(Field("n", "Hits", "number", default=1, min=1, max=4, step=1),)),
        Action("reduce", "d", "Reduce", "reduce {name}", "Voluntary reduction: 1 hit, once a turn, Movement Phase (19.0c)", "19.0c",
               target="ports", footer=False, title="Voluntary reduction of"),
        Action("repair", "r", "Repair", "repair {name}", "Repair 1 hit with an engineer for 1 SP, Movement Phase (19.0d)", "19.0d",
               target="ports"),
        Action("zoc", "z", "ZOC", "zoc {name}", "Toggle: the port is in an enemy ZOC, shut down (19.0a)", "19.0a", target="ports",
               footer=False, title="Enemy ZOC on/off at"),
        Action("negate", "e", "Negate", "negate {name}", "Toggle: the enemy ZOC is negated for trace supply (19.0a, 4.5a)",
               "19.0a, 4.5a", target="ports", footer=False, title="ZOC negated for supply at"),
        Action("capture", "x", "Capture", "capture {name} {side}", "The port changes hands (9.14h)", "9.14h", target="ports",
               footer=False, text="9.14h: captured by which side?",
               fields=(Field("side", "Side", "choice", choices_from=SIDES, prefill=OTHER_SIDE),)),
        Action("allowance", "t", "Allowance", "allowance {side} {points}", "Set a side's Shipping Allowance per turn (19.0f)", "19.0f",
               footer=False, title="Sea Cap allowance", dialog="Shipping Allowance", ok="Set",
               text="19.0f: points per turn; each point moves 1 SP of cargo.",
               fields=(Field("side", "Side", "choice", choices_from=SIDES), Field("points", "Points", "number", min=0, required=True))),
        Action("add", "a", "Add", "port add {name} owner={owner} capacity={capacity} hex={hex} supply={supply} track={track}",
               "Add a port (owner, capacity, hex, supply source, Damage Track)", "19.0a, 19.0e", title="Add a port",
               dialog="Add a port", ok="Add", text="19.0a, 19.0e: capacity in SP and Tokens, or the port's own Damage Track.",
               fields=form),
        Action("edit", "o", "Edit", "port edit {name} owner={owner} capacity={capacity} hex={hex} supply={supply} track={track} hits={hits}",
               "Edit the port's owner, capacity, hex, supply source, Damage Track, hits", "19.0a, 19.0b, 19.0e", target="ports",
               dialog="Edit port {name}", ok="Save", changed_only=True,
               text="19.0a, 19.0b, 19.0e: only the fields you change are sent.",
               fields=(replace(form[0], disabled=True), *form[1:],
                       Field("hits", "Hits", "number", min=0, max=4, step=1, prefill="hits"))),
    )
