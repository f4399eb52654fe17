"""Finding a row in any table: type-to-jump and the ``/`` search bar, built once for every table of the app.

:class:`Searchable` is mixed into each table (``ViewTable`` and so every
Ports, Sea Zones, panel and Naval table, the Log's ``EventLog``, the Markers
table). Two ways to find a row (issue 12):

* **Type to jump.** Letters typed on the table move the cursor to the first
  row whose name starts with them (``Tob`` -> Tobruk; the same capital again
  goes on to the next row starting with it). A letter that is a key of the
  mode or the app (``h`` hit, ``n`` next, ``R`` briefing...) keeps doing what
  it does, so a name is typed as it is written, capital first (capitals are
  rarely keys; ``RN-CA`` is found with ``/``, issue 30 item 4); once a
  jump is under way it takes every key typed within :data:`JUMP_PAUSE`
  seconds of the last one, as long as some row still matches; a key that
  matches no row ends the jump and does what it always does.
* **``/`` search.** A bar at the bottom; what is typed is looked for in
  every cell of every row (any case). The cursor follows the first match as
  you type; Enter or Down goes to the next, Up to the one before. After
  Enter the field lets go of the keys, as in vim: ``n`` and ``N`` go to the
  next and the previous match (``n`` is never "next segment" here), ``/``
  edits the text again; Esc closes the bar and leaves the cursor where it
  is; any other key closes the bar and does what it does in the mode, on
  the row found (``/victorious`` Enter ``p`` patrols with Victorious). A table that holds only a window of its
  rows (the Log) loads older ones when the search runs out.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from .row_table import RowTable

JUMP_PAUSE = 1.0
"""Seconds after which the next key starts a new jump instead of adding to the one typed."""


def plain(value: Any) -> str:
    """A cell's text as the referee reads it."""
    return value.plain if isinstance(value, Text) else str(value if value is not None else "")


class Searchable:
    """Type-to-jump and ``/`` search for a ``DataTable`` (mix it in before ``DataTable``)."""

    SEARCH_BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "search", "Search", key_display="/", show=False,
                tooltip="Search every row of the table (Enter or ↓ next match, ↑ previous, then n/N; Esc close)"),
    ]

    _jump_prefix: str = ""
    _jump_at: float = 0.0

    # ------------------------------------------------------------ what is searched (tables may say better)
    def jump_text(self, index: int) -> str:
        """The name of row ``index`` (type-to-jump matches its start): the first cell by default."""
        table: Any = self
        row = table.get_row_at(index)
        return plain(row[0]) if row else ""

    def search_text(self, index: int) -> str:
        """Everything row ``index`` shows, for the ``/`` search."""
        table: Any = self
        return " ".join(plain(c) for c in table.get_row_at(index))

    def search_more(self) -> bool:
        """Add rows the table holds back (older log entries); True if some were added."""
        return False

    # ------------------------------------------------------------ type to jump
    def _bound(self, key: str) -> bool:
        """Whether ``key`` is a key of the mode, the app or the table.

        One key, one meaning (issue 30 item 4): a bound key never starts a jump, the app's capitals included (``R``
        writes the briefing in Naval too, where ``RN-CA-Home`` starts with it); such a name is found with ``/``.
        """
        table: Any = self
        screen: Any = getattr(self, "screen", None)
        chain = getattr(screen, "_binding_chain", ()) if screen is not None else ()
        for node, bindings in chain:
            for binding in bindings.key_to_bindings.get(key, ()):
                name, _, rest = binding.action.partition("(")
                params = tuple(p.strip().strip("'\"") for p in rest.rstrip(")").split(",") if p.strip())
                # An app key that does nothing now (T when there is nobody to take over from) is free to jump; a mode's
                # key a viewer may not use is still its key (pressed, it says why nothing happens).
                if node is not table.app or node.check_action(name, params) is not False:
                    return True
        return False

    def _starts(self, prefix: str) -> Any:
        """A test of a row index: whether the row's name starts with ``prefix`` (lower case)."""
        return lambda i: self.jump_text(i).lower().lstrip().startswith(prefix)

    def _first_row(self, test: Any, start: int = 0) -> int | None:
        table: Any = self
        count = table.row_count
        for step in range(count):
            i = (start + step) % count
            if test(i):
                return i
        return None

    def jump_key(self, key: str, character: str | None, now: float | None = None) -> bool:
        """Take ``key`` as part of a jump if it is one; True when it moved (or kept) the cursor, False to let it be."""
        table: Any = self
        if not character or not character.isprintable() or not table.row_count:
            return False
        now = time.monotonic() if now is None else now
        going = bool(self._jump_prefix) and now - self._jump_at <= JUMP_PAUSE
        if not going and (not character.isalpha() or self._bound(key)):
            return False
        prefix = (self._jump_prefix if going else "") + character.lower()
        starts = self._starts
        found = self._first_row(starts(prefix))
        if found is None and going and len(set(prefix)) == 1 and not self._bound(key):  # the same letter again: the next row
            found = self._first_row(starts(character.lower()), table.cursor_row + 1)
            prefix = self._jump_prefix
        if found is None:
            if going and not self._bound(key) and character.isalpha():
                self._jump_prefix = ""
                return self.jump_key(key, character, now)  # a new jump from this letter
            self._jump_prefix = ""
            return False
        self._jump_prefix, self._jump_at = prefix, now
        table.move_cursor(row=found, animate=False)
        return True

    def _on_key(self, event: events.Key) -> None:
        """A jump key moves the cursor and goes no further (Textual then calls no other ``_on_key`` of the MRO)."""
        if self.jump_key(event.key, event.character):
            event.stop()
            event.prevent_default()

    # ------------------------------------------------------------ / search
    def action_search(self) -> None:
        """Open the search bar over this table."""
        table: Any = self
        table.app.push_screen(SearchBar(self))

    def find(self, text: str, start: int, step: int = 1) -> int | None:
        """The next row from ``start`` (itself included) in direction ``step`` whose cells hold ``text``, or None."""
        table: Any = self
        wanted = text.strip().lower()
        if not wanted:
            return None
        while True:
            count = table.row_count
            for n in range(count):
                i = (start + step * n) % count
                if wanted in self.search_text(i).lower():
                    return i
            if not self.search_more():
                return None


class SearchBar(ModalScreen[None]):
    """The ``/`` bar at the bottom: the table above follows the match as you type."""

    CSS = """
    SearchBar { align: left bottom; background: transparent; }
    SearchBar #search-bar { dock: bottom; height: 3; width: 100%; background: $panel; padding: 0 1; }
    SearchBar #search-slash { width: 2; padding-top: 1; text-style: bold; }
    SearchBar #search-input { width: 1fr; }
    SearchBar #search-count { width: auto; min-width: 14; padding-top: 1; padding-left: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", key_display="Esc"),  #: Close, the cursor stays on the match.
        Binding("down", "step(1)", "Next", key_display="↓"),  #: The next match.
        Binding("up", "step(-1)", "Previous", key_display="↑"),  #: The match before.
        Binding("n,enter", "step(1)", "Next", show=False),  #: After Enter: the next match.
        Binding("N", "step(-1)", "Previous", show=False),  #: After Enter: the match before.
        Binding("slash", "edit", "Edit", show=False),  #: After Enter: edit the text again.
    ]

    def __init__(self, table: Searchable) -> None:
        super().__init__()
        self.table = table
        """The table searched."""
        self._origin = getattr(table, "cursor_row", 0)

    def compose(self) -> ComposeResult:
        """``/``, the field, how many rows match."""
        with Horizontal(id="search-bar"):
            yield Label("/", id="search-slash")
            yield Input(placeholder="search this table (Enter/↓ next, ↑ previous, then n/N; Esc close)", id="search-input")
            yield Static("", id="search-count")

    def on_mount(self) -> None:
        """Focus the field."""
        self.query_one(Input).focus()

    @property
    def text(self) -> str:
        """What is searched for."""
        return self.query_one(Input).value

    def _go(self, start: int, step: int = 1) -> None:
        table: Any = self.table
        found = self.table.find(self.text, start, step) if table.row_count else None
        count = self.query_one("#search-count", Static)
        if found is None:
            count.update(Text("no match" if self.text.strip() else "", style="bold red"))
            return
        table.move_cursor(row=found, animate=False)
        wanted = self.text.strip().lower()
        matches = [i for i in range(table.row_count) if wanted in self.table.search_text(i).lower()]
        count.update(Text(f"{matches.index(found) + 1} of {len(matches)}" if found in matches else "", style="bold"))

    @on(Input.Changed)
    def _changed(self) -> None:
        self._go(self._origin)

    @on(Input.Submitted)
    def _next(self) -> None:
        """The next match; the field lets go of the keys (``n``/``N`` step, ``/`` edits again)."""
        self.action_step(1)
        self.set_focus(None)

    def on_key(self, event: events.Key) -> None:
        """After Enter, a key the bar does not use closes it and goes on to the mode below, as in vim: the search
        found the row, the next key acts on it (``p`` patrols the unit found, ``2`` changes mode)."""
        if self.focused is not None:
            return  # the field has the keys: it is being typed in
        if event.key in self._own_keys():
            return  # the bar's own keys (n, N, /, Enter, arrows, Esc)
        event.stop()
        event.prevent_default()
        self.dismiss(None)
        self.app.post_message(events.Key(event.key, event.character))

    @classmethod
    def _own_keys(cls) -> frozenset[str]:
        """The keys the bar itself binds (n, N, /, Enter, arrows, Esc)."""
        return frozenset(key for b in cls.BINDINGS if isinstance(b, Binding) for key in b.key.split(","))

    def action_edit(self) -> None:
        """Back to the text of the search."""
        self.query_one(Input).focus()

    def action_step(self, step: int) -> None:
        """Go to the next (``1``) or the previous (``-1``) match."""
        table: Any = self.table
        self._go(table.cursor_row + step, step)

    def action_close(self) -> None:
        """Close the bar; the cursor stays on the match."""
        self.dismiss(None)


class SearchTable(Searchable, RowTable):  # type: ignore[misc]
    """A plain ``DataTable`` with type-to-jump and ``/`` search (the Markers table)."""

    BINDINGS: ClassVar[list[BindingType]] = Searchable.SEARCH_BINDINGS
