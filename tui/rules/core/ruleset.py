"""What a rule set provides to the engine, and what the engine provides to a rule set.

A rule set is a :class:`RuleSet`: its verbs (commands with syntax, help, rule
and a handler), named effects for the phase machine and prompt answers,
named conditions for prompts, and the conversion of its world to and from
plain data. Handlers receive a :class:`Context` and return an
:class:`Outcome`; they never touch dice generators or storage directly, so
replay is exact.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

import msgspec
from msgspec import field

from .actions import Action
from .dice import Roll
from .explain import Explained
from .phases import Segment, Sequence, summarise_segments
from .state import GameState, Pending


class Context(Protocol):
    """What a verb handler or effect may use: state, position, dice."""

    state: GameState
    segment: Segment
    year: int | None
    turn_label: str

    def roll(self, spec: str, purpose: str, detail: str = "") -> Roll:
        """Resolve one stage's roll: typed by the referee, rolled by the app, or recorded (replay).

        ``detail`` (the table row that matters, the modifiers) is shown when the dice are asked for.
        """
        ...

    def roll_typed(self, spec: str, faces: tuple[int, ...], purpose: str) -> Roll:
        """Record physical dice the handler read from its own arguments (e.g. a row of dice for a batch)."""
        ...


class Outcome(msgspec.Struct, frozen=True):
    """What a handler did: the new world, a one-line summary, and any prompts it raises or settles."""

    world: Any
    summary: str
    details: tuple[str, ...] = ()
    explanations: tuple[Explained, ...] = ()
    raise_prompts: tuple[Pending, ...] = ()
    settle_prompts: tuple[str, ...] = ()
    actor: str = ""  # the side acting, when not the phasing side
    state: Any = None  # a whole new GameState (flow verbs only); otherwise ``world`` replaces the world


Handler = Callable[[Context, list[str], dict[str, Any]], Outcome]
Effect = Callable[[Context, Any, str], tuple[Any, list[str]]]  # (ctx, world, side) -> (world, log lines)
Answer = Callable[[Context, Pending, str], Outcome]  # (ctx, prompt, answer text) -> outcome
Condition = Callable[[GameState, Segment], bool]
Expansion = Callable[[GameState, Segment], list[tuple[str, str, tuple[str, ...]]]]  # -> (item, text, choices) per prompt


class Verb(msgspec.Struct, frozen=True):
    """One command of the text language.

    ``anytime`` verbs are legal in every segment (set-up and housekeeping);
    the others only where the sequence lists them. ``changes`` is False for
    verbs that only show something. ``options`` names every option the handler
    reads besides the engine's own (``--dice``, ``--roll``, ``--force``): the
    engine refuses any other, listing these; an option that takes a value is
    also listed in its plugin's ``value_options`` (``core/plugin.py``).
    """

    name: str
    syntax: str
    help: str
    rule: str
    handler: Handler | None = None
    anytime: bool = False
    changes: bool = True
    group: str = "game"
    options: tuple[str, ...] = ()
    where: Callable[[Segment], bool] | None = None
    """Where the rules allow the verb at all (e.g. an Allied initial phase); None: wherever the sequence lists it."""


def legal_in(verb: Verb, seg: Segment) -> bool:
    """Whether ``verb`` is legal in segment ``seg``: listed there (or anytime), and where its rule allows it.

    The one test the engine refuses commands with and ``help`` lists segments from.
    """
    listed = verb.anytime or seg.commands is None or verb.name in seg.commands
    return listed and (verb.where is None or verb.where(seg))


def legal_segments(sequence: Sequence, verb: Verb) -> list[Segment]:
    """Every segment of ``sequence`` where ``verb`` is legal (see :func:`legal_in`)."""
    return [s for s in sequence.segments if legal_in(verb, s)]


def where_legal(sequence: Sequence, verb: Verb) -> str:
    """Where ``verb`` is legal, said briefly (``Movement phase of each player turn``; see :func:`summarise_segments`).

    The wording of every refusal and of ``help VERB``.
    """
    return summarise_segments(sequence, legal_segments(sequence, verb)) or "nowhere in this sequence"


class Column(msgspec.Struct, frozen=True):
    """A column of an entity table in the UI and in ``show``: a key and a header.

    ``width`` caps a text column (0: as wide as its longest value). On a
    terminal too narrow for every column, the table keeps the columns of
    highest ``priority`` on screen (the rest go past the right edge, counted
    in the first column's header); a ``wrap`` column shows its whole value
    over several lines (one item of a comma-separated list per line) instead
    of cutting it. ``least`` is the narrowest a text column is made to fit a
    narrow terminal, when its values must stay readable there (0: the table's
    own floor).
    """

    key: str
    header: str
    width: int = 0
    priority: int = 0
    wrap: bool = False
    least: int = 0


class RuleSet(msgspec.Struct):
    """Everything rule-set-specific the engine and screens need."""

    id: str
    name: str
    sides: tuple[str, ...]
    sequence: Sequence
    verbs: dict[str, Verb]
    effects: dict[str, Effect] = field(default_factory=dict)
    answers: dict[str, Answer] = field(default_factory=dict)
    conditions: dict[str, Condition] = field(default_factory=dict)
    # A declared prompt with ``each`` is asked once per item these name (see ``PromptSpec``).
    expansions: dict[str, Expansion] = field(default_factory=dict)
    world_to_data: Callable[[Any], dict[str, Any]] = field(default=lambda w: w)
    world_from_data: Callable[[dict[str, Any]], Any] = field(default=lambda d: d)
    # Saves of an earlier version (e.g. a rule set's ``legacy.py``): ``upgrade_state`` takes one saved state
    # as plain data (flow, settings, world) and returns it as this version reads it (a new dict; the same one when
    # nothing is to change); ``legacy_event`` gives the state a logged event is replayed from (replay and redo only),
    # so that an event written by an earlier version keeps the meaning it had when it was applied.
    upgrade_state: Callable[[dict[str, Any]], dict[str, Any]] = field(default=lambda data: data)
    legacy_event: Callable[[GameState, dict[str, Any]], GameState] = field(default=lambda state, event: state)
    # Read-only views for screens and ``show``: each returns plain rows.
    views: dict[str, Callable[[GameState], list[dict[str, Any]]]] = field(default_factory=dict)
    columns: dict[str, tuple[Column, ...]] = field(default_factory=dict)
    markers: Callable[[GameState, Sequence], list[dict[str, Any]]] = field(default=lambda s, q: [])
    explain: Callable[[GameState, str], list[Explained]] = field(default=lambda s, name: [])
    world_from_scenario: Callable[[dict[str, Any], str], Any] = field(default=lambda raw, file: raw)
    # The concrete side a sequence step's ``side`` names in this state. Most rule sets name
    # sides directly ("axis"); one whose player order changes each turn names roles
    # ("first", "second") and resolves them from its world.
    resolve_side: Callable[[GameState, str], str] = field(default=lambda state, side: side)
    default_scenario: str = ""
    source_files: tuple[str, ...] = ()
    tables: Any = None  # the rule set's validated tables, for tests and tools
    # The keys of each mode, as data (``"ports"``, ``"zones"``): the screens build their
    # bindings, key legend, dialogs and palette entries from these (see ``actions.py``).
    actions: dict[str, tuple[Action, ...]] = field(default_factory=dict)
    # What-if figures for a chosen set of entities (a mission planner): (state, ids, choices such as
    # {"activity": "patrol", "cargo": "..."}) -> the requirements, each explained. Pure; nothing changes.
    planner: Callable[[GameState, list[str], dict[str, str]], list[Explained]] = field(default=lambda s, ids, c: [])
    planner_activities: tuple[str, ...] = ()
    # Views ``show PATH VIEW`` prints as the rule set's own text instead of a table (a hex map).
    texts: dict[str, Callable[[GameState], str]] = field(default_factory=dict)
    # A mode's name in the header where the rule set's rows are not what the mode is called
    # (``"ports": "Factories"`` when the Ports mode lists factory cities).
    mode_titles: dict[str, str] = field(default_factory=dict)
    # What the rules ask of the referee in a segment beyond its prompts (the Phases mode's checklist):
    # (state, segment) -> duties, each with its rule (see ``checklist.py``). None: the generic checklist only.
    duties: Callable[[GameState, Segment], list[Any]] = field(default=lambda s, seg: [])
    # The project's rulings (id -> text, from the data folder's RULINGS.md): "why?" shows the text of each it cites.
    rulings: dict[str, str] = field(default_factory=dict)


def check_sequence_names(rs: RuleSet, file: str) -> None:
    """Every name the turn sequence uses must exist in the rule set: effects, prompt effects and
    conditions, legal commands. Raises :class:`DataError` naming the file, table and key."""
    from .errors import DataError

    for step_id, step in rs.sequence.steps.items():
        where = f"table sequence, key steps.{step_id}"
        for key, effects in (("on_enter", step.on_enter), ("on_exit", step.on_exit)):
            for eff in effects:
                if eff.effect not in rs.effects:
                    raise DataError(file, f"{where}.{key}", f"names effect '{eff.effect}'; known: {', '.join(rs.effects)}")
        if step.when and step.when not in rs.conditions:
            raise DataError(file, f"{where}.when", f"names condition '{step.when}'; known: {', '.join(rs.conditions) or 'none'}")
        for name in step.commands or []:
            if name not in rs.verbs:
                raise DataError(file, f"{where}.commands", f"names '{name}', not a {rs.id} command")
        for prompt in step.prompts:
            if prompt.effect and prompt.effect not in rs.answers:
                raise DataError(file, f"{where}.prompts", f"prompt {prompt.id} names answer effect '{prompt.effect}'; known: {', '.join(rs.answers)}")
            if prompt.when and prompt.when not in rs.conditions:
                raise DataError(file, f"{where}.prompts", f"prompt {prompt.id} names condition '{prompt.when}'; known: {', '.join(rs.conditions)}")
            if prompt.each and prompt.each not in rs.expansions:
                raise DataError(file, f"{where}.prompts", f"prompt {prompt.id} names expansion '{prompt.each}'; known: {', '.join(rs.expansions) or 'none'}")
