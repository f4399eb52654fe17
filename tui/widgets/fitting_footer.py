"""``FittingFooter``: Textual's footer, fitted to the terminal's width instead of cut off at the right edge.

At 80 columns a mode's keys and the app's keys do not all fit on one line.
Rather than let the line run off the screen (the last key half shown), the
footer leaves out the keys that matter least until the rest fit: Quit first
(``q`` still works, ``?`` lists it), then the mode's own keys that its key
legend already shows, then Undo/Redo, then the mode's other keys; the command
line, Next, Help and the mode keys stay. ``?`` lists every key whatever the width.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby

import msgspec
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel, KeyGroup

KEEP = {"command_line": 4, "next": 4, "help": 4, "undo": 2, "redo": 2, "quit": 0}
"""How much each app key matters (higher stays longer); a mode switch (``mode(...)``) is 4."""
PALETTE_ROOM = 14
"""Columns the command palette's key takes at the right end, when shown."""
LEGEND_KEY = 1
"""A mode's own key that the mode's key legend lists anyway."""
MODE_KEY = 3
"""A mode's own key found nowhere else on screen."""


class _Item(msgspec.Struct):
    """One footer entry: a key, or a group of keys sharing a label (``12345 Modes``)."""

    bindings: list[tuple[Binding, bool, str]]
    grouped: bool
    label: str
    weight: int
    width: int
    """Columns taken: ``k label`` and a space, or a group's `` keys label ``."""


class FittingFooter(Footer):
    """A compact footer that never runs past the right edge (see the module's note for what goes first)."""

    def __init__(self, *, legend_keys: frozenset[str] = frozenset(), **kwargs: object) -> None:
        super().__init__(compact=True, **kwargs)  # type: ignore[arg-type]
        self.legend_keys = legend_keys
        """The keys the mode's key legend shows (they leave the footer before others)."""
        self.left_out: list[str] = []
        """The keys left out at the current width (``?`` lists them)."""
        self._fitted_to = 0
        self._shown: tuple[int, tuple[object, ...]] | None = None
        """The width and the signature of the entries composed last (see :meth:`bindings_changed`)."""

    def _weight(self, binding: Binding, from_app: bool) -> int:
        action = binding.action.split("(")[0]
        if from_app:
            return 4 if action == "mode" else KEEP.get(action, 3)
        return LEGEND_KEY if binding.key in self.legend_keys else MODE_KEY

    def _items(self) -> list[_Item]:
        """The footer's entries as Textual's footer groups them, each with its width and weight."""
        by_action: defaultdict[str, list[tuple[Binding, bool, str, bool]]] = defaultdict(list)
        for node, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled, tooltip, node is self.app))
        items: list[_Item] = []
        for group, runs in groupby(by_action.values(), lambda multi: multi[0][0].group):
            runs_list = list(runs)
            if group is not None and len(runs_list) > 1:
                bindings = [(m[0][0], m[0][1], m[0][2]) for m in runs_list]
                weight = max(self._weight(m[0][0], m[0][3]) for m in runs_list)
                keys = sum(len(self.app.get_key_display(b)) for b, _, _ in bindings)
                items.append(_Item(bindings, True, group.description, weight, 1 + keys + 1 + len(group.description) + 1))
            else:
                for multi in runs_list:
                    binding, enabled, tooltip, from_app = multi[0]
                    width = len(self.app.get_key_display(binding)) + 1 + len(binding.description) + 1
                    items.append(_Item([(binding, enabled, tooltip)], False, binding.description,
                                       self._weight(binding, from_app), width))
        return items

    @staticmethod
    def fit(items: list[_Item], room: int) -> list[_Item]:
        """The items kept in ``room`` columns: the lightest (rightmost first among equals) leave until the rest fit."""
        kept = list(items)
        while kept and sum(i.width for i in kept) > room:
            lightest = min(range(len(kept)), key=lambda n: (kept[n].weight, -n))
            del kept[lightest]
        return kept

    def _plan(self) -> tuple[int, list[_Item], list[_Item], tuple[Binding, bool, str] | None]:
        """What the footer shows now: the width fitted to, every entry, the entries kept, and the palette's key."""
        width = self.size.width or self.app.size.width
        show_palette = self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE
        items = self._items()
        kept = self.fit(items, width - (PALETTE_ROOM if show_palette else 0))
        palette = None
        if show_palette:
            try:
                _node, binding, enabled, tooltip = self.screen.active_bindings[self.app.COMMAND_PALETTE_BINDING]
            except KeyError:
                pass
            else:
                palette = (binding, enabled, binding.tooltip or binding.description)
        return width, items, kept, palette

    @staticmethod
    def _signature(kept: list[_Item], palette: tuple[Binding, bool, str] | None) -> tuple[object, ...]:
        """What the footer's entries look like: two plans with the same signature compose the same widgets."""
        entries = tuple((i.grouped, i.label, tuple((b.key, b.key_display, b.description, b.action, enabled, tooltip)
                                                   for b, enabled, tooltip in i.bindings)) for i in kept)
        return entries, None if palette is None else (palette[0].key, palette[1], palette[2])

    def bindings_changed(self, screen: Screen) -> None:
        """Compose again only if the keys shown change (Textual's footer composes again on every change of bindings:
        each focus change, each screen shown; a mode's first switch used to build its footer a dozen times)."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._refit)

    async def _refit(self) -> None:
        if not self.is_attached:
            return
        width, _items, kept, palette = self._plan()
        if (width, self._signature(kept, palette)) != self._shown:
            await self.recompose()

    def compose(self) -> ComposeResult:
        """Textual's footer entries, leaving out what does not fit the width."""
        if not self._bindings_ready:
            return
        width, items, kept, palette = self._plan()
        self._fitted_to = width
        self._shown = (width, self._signature(kept, palette))
        self.left_out = [b.key_display or b.key for i in items if i not in kept for b, _, _ in i.bindings]
        self.styles.grid_size_columns = len(kept)
        # The keys are made compact from the start: bound to the footer's ``compact`` only, each would restyle itself
        # once mounted (a dozen restyles per footer composed).
        for item in kept:
            if item.grouped:
                with KeyGroup(classes="-compact"):
                    for binding, enabled, tooltip in item.bindings:
                        yield FooterKey(binding.key, self.app.get_key_display(binding), "", binding.action,
                                        disabled=not enabled, tooltip=tooltip or binding.description,
                                        classes="-grouped -compact").data_bind(compact=Footer.compact)
                yield FooterLabel(item.label)
            else:
                binding, enabled, tooltip = item.bindings[0]
                yield FooterKey(binding.key, self.app.get_key_display(binding), binding.description, binding.action,
                                disabled=not enabled, tooltip=tooltip, classes="-compact").data_bind(compact=Footer.compact)
        if palette is not None:
            binding, enabled, tooltip = palette
            yield FooterKey(binding.key, self.app.get_key_display(binding), binding.description, binding.action,
                            classes="-command-palette", disabled=not enabled, tooltip=tooltip)

    def on_resize(self, event: events.Resize) -> None:
        """Fit again when the width changed."""
        if self._bindings_ready and event.size.width and event.size.width != self._fitted_to:
            self.call_after_refresh(self._refit)
