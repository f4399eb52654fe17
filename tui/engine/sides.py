"""What one side sees of a game (fog of war): shared by the briefings and the app's side view.

Side words: each rule set spells its sides one way (``ruleset.sides``:
``allied`` in one game, ``allies`` in another); :func:`side_word` accepts any usual
spelling of one (``allied``, ``allies``, ``ally``, any case, a unique
beginning) and answers the rule set's own; an unknown word is refused with
the list.

What a side does not see: a row of a view whose ``owner`` or ``side`` names
another side (its ports, its units), markers placed for another side, a
pending prompt about a place of another side or raised by an entry it is not
told of. In the log, a side is told the entries it acted, the turn-sequence
steps (``next``, ``goto``, and the answers to the sequence's own prompts),
and the other side's entries that name one of its own places; the answers to
a prompt raised by an entry it is not told of are hidden with that entry,
dice and all. The referee (side None) sees everything.

A decision of a side is never hidden from it: a prompt the rules give this
side to answer is shown to it, and so is the entry that raised it, with that
entry's answers (the Axis ``patrol``: the Allies decide whether to intercept
it, 21.416, so they are told where it goes). Who answers a prompt is learnt
from the rules themselves (:mod:`tui.engine.deciders`); an answer already
given says it in the log (its ``actor``).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import msgspec
from msgspec.structs import replace

from ..rules.core.checklist import Checklist, checklist, next_step
from ..rules.core.ruleset import RuleSet
from .command import CommandSyntaxError, parse
from .context import acting_side
from .deciders import deciders

OWNER_KEYS = ("owner", "side")
"""The row keys that say which side a row belongs to."""
TURN_VERBS = ("next", "goto", "answer")
"""Turn-sequence entries every side is told about (an ``answer`` only to a prompt of the sequence itself)."""
SPELLINGS: tuple[frozenset[str], ...] = (
    frozenset({"allied", "allies", "ally", "allieds", "allied powers", "the allies"}),
    frozenset({"axis", "axes", "axis powers", "the axis"}),
    frozenset({"soviet", "soviets", "ussr", "russia", "russian", "russians"}),
    frozenset({"german", "germans", "germany"}),
    frozenset({"japan", "japanese"}),
    frozenset({"us", "usa", "american", "americans"}),
    frozenset({"british", "britain", "uk", "commonwealth"}),
)
"""Words that name the same side; a rule set's own spelling is the one of its ``sides`` in the family."""
REFEREE = "referee"


class UnknownSide(ValueError):
    """A side word the rule set does not know (the message lists its sides)."""


def _family(word: str) -> frozenset[str]:
    word = word.lower()
    for family in SPELLINGS:
        if word in family:
            return family
    return frozenset({word, word + "s", word.removesuffix("s")})


def side_word(sides: Iterable[str], text: str | None, *, referee: bool = True) -> str | None:
    """The rule set's spelling of side ``text`` (any spelling of it, any case, or a unique beginning); None for the
    referee (``None``, ``""`` or ``referee`` when ``referee``); :class:`UnknownSide` naming the sides otherwise."""
    known = tuple(sides)
    word = " ".join((text or "").split()).lower()
    if referee and word in ("", REFEREE):
        return None
    for side in known:
        if word == side.lower() or word in _family(side):
            return side
    starts = [s for s in known if len(word) >= 2 and any(w.startswith(word) for w in _family(s) | {s.lower()})]
    if len(starts) == 1:
        return starts[0]
    listed = ", ".join(known)
    raise UnknownSide(f"no side '{text}' in this rule set; sides: {listed}" + (" (or referee)" if referee else ""))


def owner(row: dict[str, Any], sides: tuple[str, ...]) -> str | None:
    """The side ``row`` belongs to (its ``owner`` or ``side`` key naming one), else None (both sides see it)."""
    for key in OWNER_KEYS:
        value = row.get(key)
        if isinstance(value, str) and value in sides:
            return value
    return None


def visible(rows: list[dict[str, Any]], side: str | None, sides: tuple[str, ...]) -> list[dict[str, Any]]:
    """The rows ``side`` may see: all for the referee, else those held by no other side."""
    if side is None:
        return list(rows)
    return [r for r in rows if owner(r, sides) in (None, side)]


def places(ruleset: Any, state: Any, side: str) -> set[str]:
    """Names of everything ``side`` holds, in every view of ``ruleset``."""
    names: set[str] = set()
    for view in ruleset.views.values():
        names.update(str(r["name"]) for r in view(state) if r.get("name") and owner(r, ruleset.sides) == side)
    return names


def verb_of(event: dict[str, Any]) -> str:
    """The verb of a log entry (``""`` if its command does not parse)."""
    try:
        return parse(str(event.get("command", "")), "replay").verb
    except CommandSyntaxError:
        return ""


def sequence_prompts(ruleset: Any) -> set[str]:
    """Ids of the prompts the turn sequence itself asks (every side hears their answers)."""
    return {p.id.lower() for seg in ruleset.sequence.segments for p in seg.prompts}


def _answered(event: dict[str, Any]) -> str:
    try:
        args = parse(str(event.get("command", "")), "replay").args
    except CommandSyntaxError:
        return ""
    return str(args[0]).lower() if args else ""


def _of_sequence(prompt_id: str, ids: set[str]) -> bool:
    """A prompt of the sequence: its id, or ``ID-ITEM`` of one asked once per item."""
    return prompt_id in ids or any(prompt_id.startswith(f"{i}-") or prompt_id.startswith(f"{i}:") for i in ids)


class Fog(msgspec.Struct):
    """What ``side`` of a game is told (None: the referee, told everything). ``answering``: the pending prompts this
    side answers; ``raisers``: the ``seq`` of the entries that raised them (told to it whatever they name)."""

    side: str | None
    sides: tuple[str, ...]
    own: set[str]
    theirs: set[str]
    sequence: set[str]
    answering: set[str] = msgspec.field(default_factory=set)
    raisers: set[int] = msgspec.field(default_factory=set)

    @classmethod
    def of(cls, game: Any, side: str | None) -> Fog:
        """The fog of ``side`` over ``game``'s current state (its places and the other sides' ones, read from the rule
        set's own views even in a side view; the prompts it answers, tried on a copy of the game)."""
        ruleset = getattr(game, "full_ruleset", game.ruleset)
        if side is None:
            return cls(None, ruleset.sides, set(), set(), set())
        others = [s for s in ruleset.sides if s != side]
        theirs = set().union(*(places(ruleset, game.state, s) for s in others)) if others else set()
        sequence = sequence_prompts(ruleset)
        answering = {p.id for p in game.state.flow.pending
                     if not _of_sequence(p.id.lower(), sequence) and side in deciders(game, p)}
        raisers = {seq for prompt in answering if (seq := raiser(game, prompt)) is not None}
        return cls(side, ruleset.sides, places(ruleset, game.state, side), theirs, sequence, answering, raisers)

    def rows(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rows of a view or the markers this side sees."""
        return visible(rows, self.side, self.sides)

    def _own_entry(self, event: dict[str, Any]) -> bool:
        actor = event.get("actor")
        if actor == self.side or actor not in self.sides or event.get("seq") in self.raisers:
            return True
        text = f"{event.get('command', '')} {event.get('summary', '')}"
        return any(name in text for name in self.own)

    def events(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The log entries this side is told of, in order (the referee: all of them). An answer to a prompt that an
        entry raised goes with that entry: it is hidden when the entry is (its dice with it), and the entry is told
        when this side gave one of its answers (the decision was his)."""
        if self.side is None:
            return list(events)
        shown = [e for e in events if e.get("status") == "applied"]
        told: dict[int, bool] = {}  # index in shown -> whether it is told
        command: int | None = None  # the latest command (not a turn step): its prompts' answers follow it
        answers: list[int] = []  # the answers since that command
        for at, event in enumerate(shown):
            verb = verb_of(event)
            if verb in ("next", "goto"):
                command, answers = None, []
                told[at] = True
            elif verb == "answer":
                told[at] = command is None or _of_sequence(_answered(event), self.sequence) or told[command]
                answers.append(at)
                if command is not None and not told[command] and event.get("actor") == self.side:
                    for earlier in (command, *answers):  # his own decision: its entry and its answers are told
                        told[earlier] = True
            else:
                command, answers = at, []
                told[at] = self._own_entry(event)
        return [event for at, event in enumerate(shown) if told[at]]

    def hidden_last(self, events: list[dict[str, Any]]) -> bool:
        """Whether the latest command of ``events`` (not a turn step) is hidden from this side."""
        if self.side is None:
            return False
        shown = [e for e in events if e.get("status") == "applied"]
        told = {id(e) for e in self.events(shown)}
        for event in reversed(shown):
            if verb_of(event) in TURN_VERBS:
                continue
            return id(event) not in told
        return False

    def pending(self, pending: Iterable[Any], events: list[dict[str, Any]] = ()) -> list[Any]:
        """The pending prompts this side sees: not about another side's place, not raised by an entry it is not told
        of; a prompt it answers always."""
        prompts = list(pending)
        if self.side is None:
            return prompts
        hidden = self.hidden_last(list(events))
        return [p for p in prompts if p.id in self.answering
                or not ((p.subject and p.subject in self.theirs)
                        or (hidden and not _of_sequence(p.id.lower(), self.sequence)))]


def raiser(game: Any, prompt: str) -> int | None:
    """The ``seq`` of the command (not an answer, not a turn step) that raised pending ``prompt``: the entry after which
    it first waits, or the command whose answer raised it (None: it waited from the start)."""
    shown = [e for e in game.events if e.get("status") == "applied"]
    at = len(shown) - 1
    while at >= 0:
        before = game.state_after(shown[at - 1]["seq"]) if at else game.initial
        if prompt not in {p.id for p in before.flow.pending}:
            break
        at -= 1
    while at >= 0 and verb_of(shown[at]) in TURN_VERBS:
        if verb_of(shown[at]) != "answer":
            return None  # raised by moving on: the sequence's own
        at -= 1
    return shown[at]["seq"] if at >= 0 else None


# ------------------------------------------------------------------ the app's side view
def side_ruleset(ruleset: RuleSet, side: str) -> RuleSet:
    """``ruleset`` with every view and the markers showing only what ``side`` sees (the screens read these)."""
    sides = ruleset.sides

    def seen(view: Callable[[Any], list[dict[str, Any]]]) -> Callable[[Any], list[dict[str, Any]]]:
        return lambda state: visible(view(state), side, sides)

    markers = ruleset.markers
    return replace(ruleset, views={name: seen(view) for name, view in ruleset.views.items()},
                   markers=lambda state, sequence: visible(markers(state, sequence), side, sides))


def open_side(game: Any, side: str) -> None:
    """Make ``game`` a side view: read-only for good (it never takes over writing), its views, markers, prompts and
    log as ``side`` sees them (``side`` is the rule set's spelling: see :func:`side_word`)."""
    game.full_ruleset = game.ruleset
    game.ruleset = side_ruleset(game.ruleset, side)
    game.side = side
    game.read_only = True
    game.take_over = None
    game.read_only_reason = f"{side.title()} side view: only what the {side.title()} side sees; it never changes the game."


def fog(game: Any) -> Fog:
    """The fog of ``game``'s side view (the referee's, telling everything, for a game that is not one). Made once per
    state: a screen's refresh asks it for the log, the prompts, the checklist and the next step, and making it tries
    the answers of a raised prompt on a copy of the game."""
    side = getattr(game, "side", None)
    made = getattr(game, "_fog", None)
    if made is not None and made[0] is game.state and made[1] == len(game.events) and made[2] == side:
        return made[3]
    found = Fog.of(game, side)
    game._fog = (game.state, len(game.events), side, found)
    return found


def told_events(game: Any) -> list[dict[str, Any]]:
    """The log entries the game's side view shows (all of them for the referee)."""
    return fog(game).events(game.events) if getattr(game, "side", None) else game.events


def told_pending(game: Any) -> list[Any]:
    """The pending prompts the game's side view shows (all of them for the referee)."""
    pending = game.state.flow.pending
    return fog(game).pending(pending, game.events) if getattr(game, "side", None) else list(pending)


def told_checklist(game: Any) -> Checklist:
    """The Phases mode's checklist of the current segment as the game's side view tells it: the segment's entries and
    the pending prompts that side is told of (the referee: everything)."""
    if not getattr(game, "side", None):
        return checklist(game.ruleset, game.state, game.events)
    fog_ = fog(game)
    shown = {p.id for p in fog_.pending(game.state.flow.pending, game.events)}
    listed = checklist(game.ruleset, game.state, fog_.events(game.events))
    return replace(listed, asks=tuple(a for a in listed.asks if a.state != "pending" or a.id in shown))


def told_next_step(game: Any) -> str:
    """The header's "next step" line (issue 22 point 10) as the game's side view tells it: from the prompts that side
    is told of, naming the side that answers the first required one if a command raised it and one side answers it
    (the defender answers an interception prompt in the other side's turn, 21.416), else the acting side."""
    pending = told_pending(game)
    state = game.state
    if len(pending) != len(state.flow.pending):
        state = replace(state, flow=replace(state.flow, pending=tuple(pending)))
    side = acting_side(game.ruleset, state)
    required = [p for p in pending if p.required]
    ruleset = getattr(game, "full_ruleset", game.ruleset)
    raised = required and not _of_sequence(required[0].id.lower(), sequence_prompts(ruleset))
    answering = deciders(game, required[0]) if raised else set()  # a sequence prompt's is the acting side's to ask
    if len(answering) == 1:
        side = answering.pop()
    return next_step(game.ruleset, state, side)
