"""``SegmentChecklist``: what the current segment asks, the duties its rules set (with the rule), and what was done in it."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..rules.core.checklist import DONE, DUE, OPTIONAL, Checklist, Duty

MARKS = {"pending": ("☐ ", "bold yellow"), "answered": ("✓ ", "green"), "not asked": ("– ", "dim")}
DUTY_MARKS = {DUE: ("☐ ", "bold yellow"), DONE: ("✓ ", "green"), OPTIONAL: ("○ ", "yellow")}
DONE_SHOWN = 12
"""The newest commands of the segment listed; the earlier ones are counted (the Log has them all)."""


def checklist_text(c: Checklist) -> Text:
    """The checklist as text: three headed parts, one line (wrapped, never cut) per item."""
    text = Text()
    text.append("What this segment asks\n", "bold underline")
    if not c.asks:
        text.append("  no prompts in this segment\n", "dim italic")
    for a in c.asks:
        mark, style = MARKS.get(a.state, ("• ", ""))
        text.append("  " + mark, style)
        text.append("required " if a.required else "optional ", "bold red" if a.required else "dim")
        text.append(a.id, "bold")
        if a.state == "answered":  # a pending prompt's text is in the list above; one not asked needs only why
            text.append(f" — {a.text}")
        text.append(f"  {a.state}" + (f": {a.detail}" if a.detail else ""), style or "dim")
        if a.rule:
            text.append(f"  [{a.rule}]", "dim cyan")
        text.append("\n")
    text.append("Duties of the rules\n", "bold underline")
    duties: tuple[Duty, ...] = c.duties + c.leaving
    if not duties:
        text.append("  none beyond the prompts\n", "dim italic")
    for d in duties:
        mark, style = DUTY_MARKS.get(d.state, ("· ", "dim"))
        text.append("  " + mark, style)
        text.append(d.text, "bold" if d.state == DUE else "")
        if d.detail:
            text.append(f" — {d.detail}", "italic")
        if d.rule:
            text.append(f"  [{d.rule}]", "dim cyan")
        text.append("\n")
    text.append(f"Done in this segment ({c.done_count:,})\n", "bold underline")
    if not c.done:
        text.append("  nothing logged here yet\n", "dim italic")
    if c.done_count > DONE_SHOWN:
        text.append(f"  … {c.done_count - DONE_SHOWN:,} earlier (the Log, 4, has them all)\n", "dim italic")
    for e in c.done[-DONE_SHOWN:]:
        text.append(f"  #{e.seq} ", "dim")
        text.append(e.command, "bold")
        text.append(f" — {e.summary}\n")
    text.rstrip()
    return text


class SegmentChecklist(Static):
    """The Phases mode's checklist of the current segment; ``show`` renders one :class:`Checklist`."""

    def show(self, c: Checklist) -> None:
        """Render ``c``."""
        self.update(checklist_text(c))
