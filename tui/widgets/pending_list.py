"""``PendingList``: the prompts waiting for the referee's answer, required ones marked."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..rules.core.state import Pending


def prompt_text(p: Pending) -> Text:
    """One prompt as a list entry: mark, id, text, and what it takes."""
    if p.kind == "choice":
        takes = " | ".join(p.choices)
    elif p.kind == "roll":
        takes = f"roll {p.dice}" + (" or decline" if "decline" in p.choices else "")
    elif p.kind == "number":
        lo = "" if p.min is None else f"{p.min:g}"
        hi = "" if p.max is None else f"{p.max:g}"
        takes = f"number {lo}..{hi}" if (lo or hi) else "number"
    else:
        takes = "yes | no"
    mark = ("● REQUIRED ", "bold red") if p.required else ("○ optional ", "dim")
    return Text.assemble(
        mark,
        (p.id, "bold"), "  ", p.text, "\n",
        ("   answer: ", "dim"), (takes, "italic"), (f"   [{p.rule}]" if p.rule else "", "dim cyan"),
    )


class PendingList(OptionList):
    """The current segment's pending prompts; Enter (or the screen's ``a``) answers the highlighted one."""

    class Chosen(Message):
        """The referee picked prompt ``prompt_id`` to answer."""

        def __init__(self, prompt_id: str) -> None:
            super().__init__()
            self.prompt_id = prompt_id
            """The prompt's id."""

    @property
    def selected_id(self) -> str | None:
        """The highlighted prompt's id, else the first one's, else None."""
        if not self.option_count:
            return None
        index = self.highlighted if self.highlighted is not None else 0
        return self.get_option_at_index(index).id or None

    def show(self, pending: Sequence[Pending]) -> None:
        """Show ``pending``, keeping the highlight on the same prompt where it still is."""
        keep = self.selected_id
        self.clear_options()
        self.add_options([Option(prompt_text(p), id=p.id) for p in pending])
        if not pending:
            self.add_option(Option(Text("No prompts pending in this segment.", style="dim italic"), disabled=True))
        ids = [p.id for p in pending]
        if ids:
            self.highlighted = ids.index(keep) if keep in ids else 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a prompt: ask for its answer."""
        event.stop()
        if event.option.id:
            self.post_message(self.Chosen(event.option.id))
