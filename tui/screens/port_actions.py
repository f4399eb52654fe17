"""The Ports mode's actions, as data: key, verb, label, and how the arguments are asked for.

Each action's ``ask`` pushes the modals it needs and returns the command's
words (``["hit", "Tobruk", "2"]``), or None when the referee cancelled. The
screen joins them into a line and sends it up the same path as a typed
command; the palette lists the same table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from ..rules.europa.world import HARBOURS, PORT_TYPES
from .choice_prompt import ChoicePrompt
from .form_prompt import FormField, FormPrompt
from .number_prompt import NumberPrompt, number_text
from .port_form import PortForm, add_line, edit_line

if TYPE_CHECKING:
    from textual.app import App


@dataclass(frozen=True)
class PortContext:
    """What an action's questions need: the selected port's row and the values a port may take."""

    port: dict[str, Any] | None
    """The selected port (a row of the ports view), None when the table is empty."""
    sides: tuple[str, ...] = ()
    """The rule set's sides (capture, owner)."""
    types: tuple[str, ...] = PORT_TYPES
    """Port types a port form offers."""
    harbours: tuple[str, ...] = HARBOURS
    """Harbours a port form offers."""

    @property
    def name(self) -> str:
        """The selected port's name."""
        assert self.port is not None
        return str(self.port["name"])


Ask = Callable[["App[Any]", PortContext], Awaitable["list[str] | None"]]


@dataclass(frozen=True)
class PortAction:
    """One port command bound to a key on the Ports mode."""

    id: str
    """The action's id (``port('hit')``)."""
    key: str
    """The key that runs it."""
    label: str
    """Short label for the footer."""
    help: str
    """One line for the palette."""
    ask: Ask = field(repr=False)
    """Asks for the arguments; returns the command's words or None."""
    needs_port: bool = True
    """Acts on the selected port (False: adding a port)."""
    footer: bool = True
    """Shown in the footer (all are in the Ports mode's key legend and the palette)."""
    title: str = ""
    """The palette's name for it, when the short label is not enough."""

    @property
    def long_name(self) -> str:
        """The palette's name: ``title`` or the label."""
        return self.title or self.label


def bare(verb: str) -> Ask:
    """An ``ask`` that asks nothing: ``verb PORT``."""

    async def ask(app: App[Any], ctx: PortContext) -> list[str] | None:
        """Nothing to ask."""
        return [verb, ctx.name]

    return ask


def with_number(verb: str, title: str, text: str, default: float, minimum: float | None = None,
                maximum: float | None = None, step: float = 1) -> Ask:
    """An ``ask`` for ``verb PORT N``: one number, checked in the dialog."""

    async def ask(app: App[Any], ctx: PortContext) -> list[str] | None:
        """Ask for the number."""
        prompt = NumberPrompt(title.format(port=ctx.name), text, default=default, minimum=minimum, maximum=maximum, step=step)
        value = await app.push_screen_wait(prompt)
        return None if value is None else [verb, ctx.name, number_text(value)]

    return ask


async def ask_capture(app: App[Any], ctx: PortContext) -> list[str] | None:
    """``capture PORT SIDE``: by which side (the other one offered first)."""
    owner = str(ctx.port.get("owner", "")) if ctx.port else ""
    others = [s for s in ctx.sides if s != owner] or list(ctx.sides)
    side = await app.push_screen_wait(
        ChoicePrompt(f"Capture {ctx.name}", "31.A.4: captured by which side? Collateral Damage is placed; "
                     "31.A.6 may offer the loser a destruction roll.", ctx.sides, default=others[0] if others else None)
    )
    return None if side is None else ["capture", ctx.name, side]


async def ask_use(app: App[Any], ctx: PortContext) -> list[str] | None:
    """``use PORT RES [--he] [--supply]``."""
    left = ctx.port.get("capacity_left") if ctx.port else None
    values = await app.push_screen_wait(FormPrompt(f"Use {ctx.name}", [
        FormField("res", "REs", "number", default=1, required=True, minimum=0.5, step=0.5),
        FormField("he", "Heavy equipment", "bool", default=False),
        FormField("supply", "Supply (SPs/SRPs)", "bool", default=False),
    ], text="31.A.1: REs embarking or disembarking through the port this phase"
          + (f" ({number_text(left)} REs left)." if isinstance(left, (int, float)) else "."), ok="Use"))
    if values is None:
        return None
    args = ["use", ctx.name, number_text(values["res"])]
    args += ["--he"] if values["he"] else []
    args += ["--supply"] if values["supply"] else []
    return args


async def ask_dedicate(app: App[Any], ctx: PortContext) -> list[str] | None:
    """``dedicate PORT RES [--hqs N]``."""
    values = await app.push_screen_wait(FormPrompt(f"Dedicate NTs to {ctx.name}", [
        FormField("res", "REs of NTs", "number", default=1, required=True, minimum=0, step=0.5),
        FormField("hqs", "Army HQs", "number", minimum=0, step=1, placeholder="blank: unchanged"),
    ], text="31.A.1 note #: NTs lower the SLP cost after one RE per Army HQ tracing supply.", ok="Dedicate"))
    if values is None:
        return None
    args = ["dedicate", ctx.name, number_text(values["res"])]
    if values["hqs"] is not None:
        args += ["--hqs", number_text(values["hqs"])]
    return args


async def ask_add(app: App[Any], ctx: PortContext) -> list[str] | None:
    """``port add NAME TYPE OWNER harbour=.. hex=.. zone=..``."""
    values = await app.push_screen_wait(PortForm(types=ctx.types, owners=ctx.sides, harbours=ctx.harbours))
    return None if values is None else add_line(values)


async def ask_edit(app: App[Any], ctx: PortContext) -> list[str] | None:
    """``port edit NAME key=value ...`` for the fields that changed."""
    assert ctx.port is not None
    values = await app.push_screen_wait(PortForm(types=ctx.types, owners=ctx.sides, harbours=ctx.harbours, port=ctx.port))
    if values is None:
        return None
    words = edit_line(ctx.port, values)
    if words is None:
        app.notify(f"{ctx.name}: nothing changed.")
    return words


PORT_ACTIONS: tuple[PortAction, ...] = (
    PortAction("hit", "h", "Hit", "Inflict port hits (31.A.3)",
               with_number("hit", "Hit {port}", "31.A.3: hits inflicted (natural harbour halves, artificial doubles).", 1, 1, step=1)),
    PortAction("repair", "r", "Repair", "Remove Port Hit markers (31.A.3)",
               with_number("repair", "Repair {port}", "31.A.3: Port Hits repaired (½ for a fractional marker).", 1, 0.5, step=0.5)),
    PortAction("reduce", "d", "Reduce", "Place or raise a Reduced marker (31.A.5)",
               with_number("reduce", "Reduce {port}", "31.A.5: levels to reduce (at most 4 in all).", 1, 1, 4, step=1), footer=False),
    PortAction("upgrade", "u", "Upgrade", "Raise a reduced port one level (31.A.5)", bare("upgrade"), footer=False),
    PortAction("collateral", "c", "Collateral", "Toggle the Collateral Damage marker (31.A.4)", bare("collateral"), footer=False),
    PortAction("capture", "x", "Capture", "Change the owner; may offer a destruction roll (31.A.4, 31.A.6)", ask_capture),
    PortAction("use", "e", "Use", "Use capacity: REs, heavy equipment, supply (31.A.1)", ask_use, title="Use capacity of"),
    PortAction("intrinsic", "i", "Intrinsic", "Declare intrinsic supply capacity used (31.A.2)", bare("intrinsic"), footer=False, title="Intrinsic supply at"),
    PortAction("dedicate", "t", "NTs", "Dedicate NTs and Army HQs (31.A.1 note #)", ask_dedicate, footer=False, title="Dedicate NTs to"),
    PortAction("mines", "m", "Mines", "Set the mine points in the port hex (31.A.2)",
               with_number("mines", "Mines at {port}", "31.A.2: mine points in the port hex (each one level of interdiction).", 1, 0, step=1), footer=False, title="Mines at"),
    PortAction("add", "a", "Add", "Add a port (name, type, owner, harbour, hex, sea zone)", ask_add, needs_port=False, title="Add a port"),
    PortAction("edit", "E", "Edit", "Edit the port's type, owner, harbour, hex, sea zone", ask_edit),
)
"""Every port action, in footer order."""

ACTIONS_BY_ID = {a.id: a for a in PORT_ACTIONS}
