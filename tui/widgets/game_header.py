"""``GameHeader``: which game, which turn, whose turn, which phase and segment, and READ-ONLY.

Attributes go down: a screen builds a :class:`HeaderInfo` from the game and
sets ``header.info``; the widget only renders it.
"""

from __future__ import annotations


import msgspec
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from ..engine.game import Game
from ..engine.lineage import describe_parent
from ..engine.sides import told_next_step
from .next_step import NextStepLine


BOTH = "Both sides"
"""What the header names as the side in a segment of no player turn (weather, initiative, production)."""


def side_title(side: str) -> str:
    """A side as the screens name it: ``Axis``; ``Both sides`` where no side is phasing."""
    return side.title() if side else BOTH


class HeaderInfo(msgspec.Struct, frozen=True):
    """Everything the header shows, already worded."""

    game: str = ""
    """The scenario name."""
    turn: str = ""
    """``Jan I 1943``."""
    side: str = ""
    """The phasing side, e.g. ``Axis``; ``Both sides`` in segments outside the player turns (a weather segment)."""
    acting: str = ""
    """The acting side when it is not the phasing side (reaction phases), else empty."""
    phase: str = ""
    """The phase (``Initial phase``)."""
    segment: str = ""
    """The segment (``Naval movement``), empty when the phase has no segments."""
    read_only: bool = False
    """The game is open read-only."""
    mode: str = ""
    """The mode being shown (``Ports``)."""
    branch: str = ""
    """``what-if branch of game.json at #12`` when the game is a what-if branch, else empty."""
    next_step: str = ""
    """What the rules ask now (issue 22 point 10), drawn by :class:`NextStepLine` under the turn line."""

    @classmethod
    def from_game(cls, game: Game, mode: str) -> HeaderInfo:
        """Word the header for ``game`` as seen in ``mode``."""
        seg = game.segment
        names = seg.names[2:]  # below game turn and player turn
        phase = names[0] if names else seg.names[-1]
        segment = " › ".join(names[1:])
        side = game.phasing_side
        acting = game.acting_side
        return cls(
            game=str(game.state.settings.get("scenario_name") or game.meta.get("scenario_name") or game.meta.get("scenario") or "game"),
            turn=game.turn_label,
            side=side_title(side),
            acting=acting.title() if acting != side else "",
            phase=phase,
            segment=segment,
            read_only=bool(game.read_only),
            mode=mode,
            branch=describe_parent(game.meta, short=True),
            next_step=told_next_step(game),
        )


def title_line(info: HeaderInfo, width: int) -> Text:
    """The top line's left part within ``width`` columns: ``⚓ Harbormaster``, the game, a branch's origin; the
    word Harbormaster goes first when they do not fit (then the end of the game's name is cut)."""
    def assemble(brand: str) -> Text:
        title = Text.assemble((brand, "bold"), "  ", (info.game, ""))
        if info.branch:
            title.append_text(Text.assemble("  ", (info.branch, "bold magenta")))
        return title

    full = assemble("⚓ Harbormaster")
    return full if full.cell_len <= width else assemble("⚓")


WORDED = 98
"""From this width on the turn line may name its parts (Turn, Side, Phase, Segment); below, the values alone."""


def where_line(info: HeaderInfo, width: int) -> Text:
    """The turn line within ``width`` columns (issue 22 point 13: it was cut at 120): turn │ side │ phase › segment,
    the richest wording that fits — with the words Turn/Side/Phase/Segment and "(phasing)", then without them, then
    with narrower separators, then without the phase's name (the segment names where the turn is); only then cut."""
    phasing = info.side != BOTH

    def assemble(labels: bool, phase: bool, sep: str, arrow: str) -> Text:
        label = (lambda word: (word + " ", "dim")) if labels else (lambda word: ("", ""))
        line = Text.assemble(
            label("Turn") if not info.turn.startswith("Turn ") else "", (info.turn, "bold"),  # not "Turn Turn 1"
            (sep, "dim"), label("Side"), (info.side, "bold"),
            (f" (phasing; {info.acting} acts)" if info.acting else (" (phasing)" if labels and phasing else ""), "dim"),
        )
        if phase or not info.segment:
            line.append_text(Text.assemble((sep, "dim"), label("Phase"), (info.phase, "bold")))
        if info.segment:
            line.append_text(Text.assemble((arrow if phase else sep, "dim"), label("Segment"), (info.segment, "bold")))
        return line

    tries = [(True, True, "  │  ", "  ›  "), (False, True, "  │  ", "  ›  "), (False, True, " │ ", " › "),
             (False, False, " │ ", " › ")]
    for labels, phase, sep, arrow in tries[0 if width >= WORDED else 1:]:
        line = assemble(labels, phase, sep, arrow)
        if line.cell_len <= width:
            return line
    return line  # the narrowest; the widget cuts it with an ellipsis


class GameHeader(Widget):
    """Three lines at the top of every mode: game and mode, turn · side · phase › segment, then the next step (which
    takes a fourth when it is long)."""

    DEFAULT_CSS = """
    GameHeader {
        dock: top;
        height: auto;
        background: $panel;
        color: $foreground;
    }
    GameHeader #hdr-top { height: 1; }
    GameHeader .hdr-line { text-wrap: nowrap; text-overflow: ellipsis; }
    GameHeader #hdr-game { width: 1fr; padding: 0 1; text-style: bold; }
    GameHeader #hdr-badge {
        width: auto; display: none; padding: 0 1; margin-right: 1;
        background: $error; color: $text; text-style: bold;
    }
    GameHeader.-read-only #hdr-badge { display: block; }
    GameHeader #hdr-mode { width: auto; padding: 0 1; background: $primary; color: $text; text-style: bold; }
    GameHeader #hdr-where { height: 1; padding: 0 1; background: $boost; }
    """

    info: reactive[HeaderInfo] = reactive(HeaderInfo, layout=False)
    """What to show; set by the screen."""

    def compose(self) -> ComposeResult:
        """Game name, READ-ONLY badge and mode on one line; where the turn is on the next."""
        with Horizontal(id="hdr-top"):
            yield Static(id="hdr-game", classes="hdr-line")
            yield Static("READ-ONLY", id="hdr-badge")
            yield Static(id="hdr-mode")
        yield Static(id="hdr-where", classes="hdr-line")
        yield NextStepLine(id="hdr-next")

    def watch_info(self, info: HeaderInfo) -> None:
        """Render ``info``."""
        if not self.is_mounted:
            return
        self.set_class(info.read_only, "-read-only")
        room = self.size.width - 2 - len(info.mode) - 2 - (len("READ-ONLY") + 3 if info.read_only else 0)
        self.query_one("#hdr-game", Static).update(title_line(info, room))
        self.query_one("#hdr-mode", Static).update(info.mode)
        where = where_line(info, self.size.width - 2)  # its padding: one column each side
        self.query_one("#hdr-where", Static).update(where)
        self.query_one(NextStepLine).show(info.next_step)

    def on_mount(self) -> None:
        """Render whatever was set before mounting."""
        self.watch_info(self.info)

    def on_resize(self) -> None:
        """Word the turn line for the new width."""
        self.watch_info(self.info)
