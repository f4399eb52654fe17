"""``DicePrompt``: a roll the rules call for — the app rolls it, or the referee types physical dice (or declines)."""

from __future__ import annotations

from typing import Any, ClassVar, Iterable

from textual import events, on
from textual._time import get_time
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from ..rules.core.dice import DiceSpec, parse_faces, roll_typed
from ..rules.core.errors import RuleError
from .form_prompt import COMPACT_BELOW
from .prompt import Prompt, digits_text

ROLL = "roll"
DECLINE = "decline"
FACE_KEYS = frozenset("0123456789,")
"""Keys that go into the typed faces wherever the focus is on the dice dialog (issue 22 point 1): the digits and the
comma between faces (typed fast, ``5,6`` reaches the dialog before the field has the focus). Not the mode keys on a
dialog that opened by itself for an optional roll, before the referee moved into the field (issue 30 item 1)."""
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
"""A six-sided die's face, 1 to 6, drawn beside its number when the faces are shown."""
FACES_ONLY = r"[0-9, ]*"
"""What the faces field takes as it is typed (issue 22 point 2): digits, commas and spaces; a letter is never a face."""
SOURCES = {"typed": "typed by the referee", "app": "rolled by the app"}
"""How each source of dice is named when the faces used are shown."""


class FacesInput(Input):
    """The typed faces: digits and commas only, and no key pressed before its dialog was put up (issue 22 point 2:
    ``2 A l e`` pressed quickly after ``n``, meant for the screen, landed in the dice field of a prompt that opened by
    itself)."""

    def __init__(self, opened_at: float, **kwargs: Any) -> None:
        super().__init__(restrict=FACES_ONLY, **kwargs)
        self.opened_at = opened_at
        """When the dialog was put up (the time of its key events): an earlier key was meant for something else."""

    async def _on_key(self, event: events.Key) -> None:
        if event.time < self.opened_at:
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)


def split_digits(dice: DiceSpec, text: str) -> str:
    """``text`` with its faces separated when it is one digit per die of dice up to 9 sides (``34`` for 2d6 is ``3,4``).

    Typed physical dice at the table are read one digit per die; the separator is then one key too many
    (issue 22 "Done means": the keys of an anti-shipping check). Anything else is left as typed."""
    typed = text.strip()
    if dice.count > 1 and dice.sides <= 9 and typed.isdigit() and len(typed) == dice.count:
        return ",".join(typed)
    return text


def check_faces(spec: str, text: str) -> str:
    """Typed faces for ``spec`` as ``3,5`` (or ``35``, one digit a die); raise ValueError with the reason when they
    cannot be those dice."""
    try:
        dice = DiceSpec.parse(spec)
        faces = parse_faces(split_digits(dice, text))
        roll_typed(dice, faces)
    except RuleError as exc:
        raise ValueError(str(exc)) from None
    return ",".join(str(f) for f in faces)


class DicePrompt(Prompt["str | None"]):
    """Dismisses with ``"roll"``, ``"decline"`` or the typed faces (``"3,5"``); None on escape.

    With ``typed`` (the game's ``set dice typed``: the referee rolls physical dice) the faces
    field comes first and has the focus, Enter uses the typed faces, and the app rolls only on
    its own key (ctrl+r) or a click on its button, never on Enter (issue 12, bug 1).

    A digit typed anywhere on the dialog (Roll focused included) goes into the faces field, and
    Enter then uses the typed faces: physical dice are never thrown away for an app roll (issue 22
    point 1).

    Opened by itself for an optional roll (:meth:`Prompt.opened_by_itself`: the Axis interference roll raised on
    entering the Allied initial phase), the dialog is not the referee's yet (issue 30 items 1 and 2): Cancel has the
    focus, so Enter closes it with the roll left pending and never rolls; ``1``-``8`` switch mode (the roll left
    pending) until the referee moves into the faces field by Tab, a click, or a face key that is no mode key (``0``,
    ``9``, ``,``); from then on digits are faces.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+r", "roll", "Roll", priority=True),  #: Let the app roll (seeded, logged).
    ]

    def __init__(self, title: str, text: str, spec: str, *, decline: bool = False, typed: bool = False) -> None:
        super().__init__()
        self.title_text = title
        """What the roll is for."""
        self.text = text
        """The rule and what the result means."""
        self.spec = spec
        """The dice, e.g. ``1d6`` or ``2d6+1``."""
        self.decline = decline
        """Whether the roll may be declined (an optional roll)."""
        self.typed = typed
        """Whether the referee rolls physical dice here: the faces field leads and Enter never lets the app roll."""
        self.opened_at = get_time()
        """When the dialog was put up: keys pressed before it were meant for the screen under it and are dropped."""

    def compose(self) -> ComposeResult:
        """What is rolled, a field for typed dice, the Roll button, Decline when allowed; typed dice first when typed."""
        with Vertical(id="dialog", classes="-dice"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.text:
                yield Static(self.text, classes="dialog-text", markup=False)
            yield Static(f"Dice: [b]{self.spec}[/b]", classes="dialog-text")
            if self.typed:
                yield from self._faces("Type the faces of your dice:")
                yield from self._buttons()
            else:
                yield from self._buttons()
                yield from self._faces("…or type the faces of your physical dice:")
            yield Static(self.hint(), classes="dialog-hint")

    def hint(self) -> str:
        """What Enter, ctrl+r, the digits and Esc do here (docs/screens.md's key table says the same)."""
        if self.leave_keys:
            roll = "ctrl+r lets the app roll" if self.typed else "ctrl+r rolls"
            return (f"Enter or Esc: not now (the roll stays pending) · {roll} · {digits_text(self.leave_keys)} switch "
                    "mode until Tab or a click puts you in the faces field, where digits are faces")
        if self.typed:
            return "Enter uses the typed faces · ctrl+r lets the app roll · Esc: not now"
        return "Enter rolls · or type the faces (digits go to the field) + Enter · Esc: not now"

    def _faces(self, label: str) -> ComposeResult:
        yield Label(label, classes="dialog-text")
        with Horizontal(classes="dialog-row"):
            yield FacesInput(self.opened_at, placeholder=f"faces for {self.spec}, e.g. {self._example()}", id="faces",
                             select_on_focus=False)
            yield Button("Use typed", id="typed", variant="primary" if self.typed else "default")
        yield Static("", id="error", classes="dialog-error", markup=False)

    def _buttons(self) -> ComposeResult:
        with Horizontal(classes="dialog-buttons"):
            roll = Button("Let the app roll (ctrl+r)" if self.typed else "Roll (ctrl+r)", id="roll",
                          variant="default" if self.typed else "primary")
            if self.typed:  # never focused: Enter cannot reach it, only its key or a click
                roll.can_focus = False
            yield roll
            if self.decline:
                yield Button("Decline", id="decline", variant="warning")
            yield Button("Cancel", id="cancel")

    def _example(self) -> str:
        try:
            dice = DiceSpec.parse(self.spec)
        except RuleError:
            return "3"
        return ",".join(str(min(dice.sides, 3 + i)) for i in range(dice.count))

    def on_mount(self) -> None:
        """Focus the faces field when the referee rolls, else Roll; Cancel when the dialog opened by itself for an
        optional roll (Enter then closes it, issue 30 item 2)."""
        super().on_mount()
        self.query_one("#cancel" if self.leave_keys else "#faces" if self.typed else "#roll").focus()

    @on(events.DescendantFocus)
    def _moved_in(self, event: events.DescendantFocus) -> None:
        """The faces field took the focus (Tab, a click, a face key): the referee is in it, digits are faces."""
        if event.widget.id == "faces":
            self.moved_in = True

    def on_resize(self, event: events.Resize) -> None:
        """On a short terminal (80x24), one line a button and a field and no blank lines, so the faces field, a
        refusal under it and the hint stay on screen (issue 22: found playing a turn at 80x24)."""
        compact = event.size.height < COMPACT_BELOW
        self.set_class(compact, "-compact")
        for widget in self.query("#dialog Input, #dialog Button").results():
            widget.compact = compact  # type: ignore[attr-defined]

    def on_key(self, event: events.Key) -> None:
        """A digit typed outside the faces field goes into it (and the field takes the focus); a key pressed before the
        dialog was put up does nothing here (issue 22 point 2); a mode key on a dialog that opened by itself, before
        the referee moved into the field, closes it to switch mode (issue 30 item 1)."""
        if event.time < self.opened_at:
            event.stop()
            event.prevent_default()
            return
        if self.leave_for_key(event):
            return
        field = self.query_one("#faces", Input)
        if event.character not in FACE_KEYS or self.focused is field:
            return
        event.stop()
        event.prevent_default()
        field.focus()
        field.value += event.character
        field.cursor_position = len(field.value)

    def action_roll(self) -> None:
        """Let the app roll."""
        self.dismiss(ROLL)

    @on(Button.Pressed, "#roll")
    def _roll(self) -> None:
        self.dismiss(ROLL)

    @on(Button.Pressed, "#decline")
    def _decline(self) -> None:
        self.dismiss(DECLINE)

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    @on(Button.Pressed, "#typed")
    def _typed(self) -> None:
        field = self.query_one("#faces", Input)
        try:
            faces = check_faces(self.spec, field.value)
        except ValueError as exc:
            error = self.query_one("#error", Static)
            error.update(f"✗ {exc}")
            error.add_class("-shown")
            field.focus()
            return
        self.dismiss(faces)


def faces_used(dice: Iterable[dict[str, Any]]) -> tuple[list[list[int]], str]:
    """The faces each roll of an event used (``[[3, 4]]``) and who rolled them (``typed by the referee``)."""
    stages: list[list[int]] = []
    sources: list[str] = []
    for roll in dice:
        faces = [int(f) for f in roll.get("faces", ())]
        if not faces:
            continue
        stages.append(faces)
        source = str(roll.get("source", ""))
        if source not in sources:
            sources.append(source)
    return stages, " and ".join(SOURCES.get(s, s or "rolled") for s in sources)


def big_number(text: str) -> str:
    """``text`` (digits and spaces) drawn three lines high, as Textual's ``Digits`` draws it."""
    from textual.renderables.digits import DIGITS, DIGITS3X3_BOLD
    rows: list[list[str]] = [[], [], []]
    for character in text:
        at = DIGITS.find(character)
        for i, row in enumerate(rows):
            row.append(DIGITS3X3_BOLD[at * 3 + i].ljust(3) if at >= 0 else character if i == 2 else " ")
    return "\n".join("".join(row).rstrip() for row in rows)


def dice_notice(dice: Iterable[dict[str, Any]], *, large: bool = True) -> tuple[str, str] | None:
    """What to show after a roll (issue 22 point 1): (message, title), the faces large then each die, and who rolled them.

    ``dice`` are the rolls an event records; None when it rolled nothing. Several stages' rolls
    are shown one after another (``·`` between stages). ``large=False`` (a small terminal): only the line of each die,
    so the toast does not cover the screen (issue 22 point 5, found at 80x24).
    """
    stages, source = faces_used(dice)
    if not stages:
        return None
    big = big_number("  ".join(" ".join(str(f) for f in faces) for faces in stages))
    small = "  ·  ".join("   ".join(f"{DIE_FACES[f - 1]} {f}" if 1 <= f <= 6 else str(f) for f in faces) for faces in stages)
    return (f"{big}\n{small}" if large else small), f"Dice used: {source}"
