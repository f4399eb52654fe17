"""Setup mode (issue 23): the entities of one kind of the scenario (ports, bases, units, hexes...) in a table.

``k`` chooses the kind (the files of the rule set's CSV form), ``a`` adds an entity, ``e`` edits the selected one,
``d`` removes it; each opens the app's form (type-to-filter choices, numbers checked against their range) and runs
one ``setup`` command through the app's execute path: logged, undoable, checked by the rule set's own checks. A
refusal reopens the form as it was typed, the message under the field it concerns. After the game has left its
first segment the same commands are logged as corrections. ``harbormaster scenario export SAVE -o DIR`` writes
the result as CSV files.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Any, ClassVar

import msgspec
import msgspec.inspect as mi
import msgspec.structs
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ..engine.edits import entries, fields_of, is_correction, key_of, kinds, names, scenario_of
from ..widgets.table_search import SearchTable
from .base import GameScreen
from .confirm_prompt import ConfirmPrompt
from .form_prompt import FormField, FormPrompt, field_of

if TYPE_CHECKING:
    from ..engine.game import Game

MAX_CELL = 40
"""A cell longer than this is cut short in the table (the form shows it whole)."""


class SetupScreen(GameScreen):
    """A table of the scenario's entities of one kind, with add, edit and remove."""

    CSS_PATH = "setup.tcss"
    MODE_TITLE = "Setup"
    FOCUS = SearchTable
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "kind", "Kind"),  #: Choose which kind of entity the table lists.
        Binding("a", "add", "Add"),  #: Add an entity of the kind shown.
        Binding("e", "edit", "Edit"),  #: Edit the selected entity.
        Binding("d", "remove", "Remove"),  #: Remove the selected entity.
    ]
    WRITE_ACTIONS: ClassVar[frozenset[str]] = frozenset({"add", "edit", "remove"})

    def __init__(self) -> None:
        super().__init__()
        names = list(kinds(self.game.ruleset.id))
        self.kind = next((n for n in ("ports", "bases", "units", "hexes") if n in names), names[0])
        """The kind of entity shown."""
        self.rows: list[dict[str, Any]] = []
        """The entities shown, in table order."""

    def compose_body(self) -> ComposeResult:
        """The kind and count line, then the table."""
        with Vertical(id="setup-body"):
            yield Static(id="setup-count")
            yield SearchTable(id="setup", cursor_type="row", zebra_stripes=True)

    def render_game(self, game: Game) -> None:
        """Refill the table with the entities of the chosen kind, as the game has them now."""
        kind = kinds(game.ruleset.id)[self.kind]
        self.rows = entries(game.state, game.ruleset, self.kind)
        columns = list(fields_of(kind))
        table = self.query_one(SearchTable)
        keep = table.cursor_row
        table.clear(columns=True)
        for column in columns:
            table.add_column(column, key=column)
        from ..rules.core.cells import show

        for i, row in enumerate(self.rows):
            cells = [show(row.get(c)) for c in columns]
            table.add_row(*(Text(c if len(c) <= MAX_CELL else c[:MAX_CELL - 1] + "…") for c in cells), key=str(i))
        if self.rows:
            table.move_cursor(row=min(keep, len(self.rows) - 1), animate=False)
        mode = "corrections (the game has begun: each change is logged as a correction)" if is_correction(game.initial, game.state) \
            else "set-up (before the game begins)"
        line = Text()
        line.append(f"{self.kind}: {len(self.rows)} · ", style="bold")
        line.append(f"{kind.rule} · {mode}", style="dim")
        line.append("  k kind · a add · e edit · d remove", style="dim italic")
        self.query_one("#setup-count", Static).update(line)

    def selected(self) -> tuple[int, dict[str, Any]] | None:
        """The index and entity of the selected row, or None (an empty table)."""
        table = self.query_one(SearchTable)
        if not self.rows or table.cursor_row < 0 or table.cursor_row >= len(self.rows):
            return None
        return table.cursor_row, self.rows[table.cursor_row]

    # ------------------------------------------------------------ actions
    @work(group="setup", exclusive=True)
    async def action_kind(self) -> None:
        """Ask which kind of entity to show."""
        known = kinds(self.game.ruleset.id)
        field = FormField("kind", "kind", "choice", default=self.kind, choices=tuple(known), required=True, what="kind")
        text = " · ".join(f"{name}: {k.rule}" for name, k in known.items())
        chosen = await self.app.push_screen_wait(FormPrompt("Setup: which kind?", [field], text=text, ok="Show"))
        if chosen:
            self.kind = str(chosen["kind"])
            self.query_one(SearchTable).move_cursor(row=0, animate=False)
            self.refresh_game()

    def action_add(self) -> None:
        """Add an entity of the kind shown (a table kind has one entry: it is edited)."""
        kind = kinds(self.game.ruleset.id)[self.kind]
        if kind.shape == "table":
            self.action_edit()
            return
        self._form("add", None)

    def action_edit(self) -> None:
        """Edit the selected entity."""
        picked = self.selected()
        if picked is None:
            self.notify(f"No {self.kind} to edit: press a to add one.", severity="warning")
            return
        self._form("edit", picked)

    @work(group="setup", exclusive=True)
    async def action_remove(self) -> None:
        """Remove the selected entity, once confirmed."""
        kind = kinds(self.game.ruleset.id)[self.kind]
        picked = self.selected()
        if kind.shape == "table" or picked is None:
            self.notify(f"Nothing to remove in {self.kind}.", severity="warning")
            return
        index, row = picked
        name = _key(kind, index, row)
        if not await self.app.push_screen_wait(ConfirmPrompt(f"Remove {self.kind} {name}?", "The change is logged (undo: ctrl+z).",
                                                             yes="Remove", no="Keep")):
            return
        await self._run(["setup", "remove", self.kind, name])

    @work(group="setup", exclusive=True)
    async def _form(self, action: str, picked: tuple[int, dict[str, Any]] | None) -> None:
        """Ask the entity's fields in the app's form, run the command; a refusal reopens the form as typed."""
        game = self.game
        kind = kinds(game.ruleset.id)[self.kind]
        row = picked[1] if picked else {}
        fields = form_fields(game, self.kind, row, editing=action == "edit")
        error, error_field = "", None
        while True:
            form = SetupForm(f"{action.title()} {self.kind}" + (f" {_key(kind, picked[0], row)}" if picked and kind.shape != "table" else ""),
                              fields, text=kind.rule, ok=action.title(), error=error, error_field=error_field)
            values = await self.app.push_screen_wait(form)
            if values is None:
                return
            words = ["setup", action, self.kind]
            if action == "edit" and kind.shape != "table":
                words.append(_key(kind, picked[0], row))  # type: ignore[index]
            before = row if action == "edit" else default_values(kind)
            words += [f"{f.name}={_text(values[f.name])}" for f in fields
                      if not f.disabled and _changed(values[f.name], before.get(f.name))]
            refusal = await self._run(words)
            if refusal is None:
                return
            typed = form.typed
            fields = [msgspec.structs.replace(f, default=typed.get(f.name, f.default)) for f in fields]
            error, error_field = refusal, field_of(refusal, fields, typed)

    async def _run(self, words: list[str]) -> str | None:
        """Run a setup command through the app's execute path; the refusal, or None when done."""
        result = await self.app.execute(shlex.join(words), "key", quiet=True)  # type: ignore[attr-defined]
        return None if result is None or result.ok else result.message


class SetupForm(FormPrompt):
    """The form of one entity: it starts on its first empty field (issue 30.14: text typed on opening an edit went
    into ``owner``, not the empty field it was meant for), else on its first field."""

    def _first_to_fill(self) -> FormField | None:
        return next((f for f in self.fields if not f.disabled and self._empty(f)), None)


def _key(kind: Any, index: int, row: dict[str, Any]) -> str:
    """What names an entity in a command: its key column, else its row number."""
    column = key_of(kind)
    return str(row.get(column, "")) if column else str(index + 1)


def _text(value: Any) -> str:
    """A form's value as the command's cell text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _changed(value: Any, old: Any) -> bool:
    """Whether a field goes into the command: different from the entity's (edit) or from the default (add)."""
    from ..rules.core.cells import show

    return _text(value) != show(old)


def form_fields(game: Game, kind_name: str, row: dict[str, Any], *, editing: bool) -> list[FormField]:
    """The form of one kind: a field per column, typed from the scenario's struct (its range, its allowed values).

    A new entity's fields start at the scenario format's defaults (issue 30.13: a port's ``sea_route`` is on); a name
    column offers the names it takes in this game (issue 30.14: a sea zone, a base, a port), kept as typed and made
    the full name by the ``setup`` command."""
    from ..rules.core.cells import describe, show

    kind = kinds(game.ruleset.id)[kind_name]
    key = key_of(kind)
    types = fields_of(kind)
    required = set(types) if kind.shape == "map" else {n for n in types if _required(kind.struct, n)}
    defaults = default_values(kind)
    raw = scenario_of(game.state, game.ruleset)
    out: list[FormField] = []
    for name, t in types.items():
        old = row.get(name) if row else defaults.get(name)
        choices = names(game.ruleset, raw, kind_name, name)
        base = {"name": name, "label": name, "required": name in required, "disabled": editing and name == key and bool(key),
                "placeholder": describe(t)}
        if isinstance(t, mi.BoolType):
            out.append(FormField(kind="bool", default=bool(old), **{k: v for k, v in base.items() if k != "placeholder"}))
        elif isinstance(t, (mi.IntType, mi.FloatType)):
            low, high = _bounds(t)
            out.append(FormField(kind="number", default=None if old is None else _text(old), minimum=low, maximum=high,
                                 step=1 if isinstance(t, mi.IntType) else None, **base))
        elif choices and isinstance(t, mi.StrType):
            out.append(FormField(kind="choice" if name in required else "text", default=old or None, choices=choices, what=name,
                                 **base))
        else:
            out.append(FormField(default=None if old in (None, "", [], {}) else show(old), **base))
    return out


def default_values(kind: Any) -> dict[str, Any]:
    """The scenario format's default of each field of ``kind`` that has one (a required field has none)."""
    if kind.shape == "map":
        return {}
    info = mi.type_info(kind.struct)
    assert isinstance(info, mi.StructType)
    return {f.encode_name: f.default_factory() if f.default is msgspec.NODEFAULT else f.default
            for f in info.fields if not f.required}


def _required(struct: Any, name: str) -> bool:
    from ..rules.core.cells import required

    return name in required(struct)


def _bounds(t: mi.IntType | mi.FloatType) -> tuple[float | None, float | None]:
    """The range of a number field (None: open)."""
    low = t.ge if t.ge is not None else (t.gt if t.gt is not None else None)
    high = t.le if t.le is not None else (t.lt if t.lt is not None else None)
    return low, high
