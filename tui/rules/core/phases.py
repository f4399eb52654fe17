"""The phase state machine: a rule set's turn sequence, declared as data.

A rule set's data file declares steps keyed by id. A step has a name, an
optional side (inherited by its children), ``children`` (ids of other steps,
so one phase definition serves both player turns), the commands legal in it,
the prompts the referee must answer there, and effects run on enter and on
exit. :func:`build_sequence` flattens the tree into a list of leaf
:class:`Segment` s; advancing (``next``) walks that list, running the exit
effects of every step being left and the enter effects of every step being
entered, in order, and wraps into the next game turn.

Like boardgame.io's flow, the flow bookkeeping (turn, segment, pending
prompts) is kept apart from game data, and transitions are pure.
"""

from __future__ import annotations

from typing import Any

import msgspec

from .data import DataModel, convert
from .errors import DataError
from .loader import Tables


class EffectSpec(DataModel):
    """A named effect run on entering or leaving a step, e.g. ``remove-usage-markers``."""

    effect: str
    note: str = ""
    rule: str = ""


class Reported(str):
    """A line an effect returns that is also part of the summary of the event that ran it: what the app did on its own
    (an automatic effect of the rules, e.g. the end-of-production growth), shown by the Log, the screen and the
    briefings alike (DESIGN "Prompts and effects"). Any other line of an effect is a detail of that event."""


def reported(lines: "list[str] | tuple[str, ...]") -> list[str]:
    """Every line of ``lines`` as :class:`Reported`: what an effect did, part of the summary of the event that ran it
    (``next``, ``goto``: issue 22 point 7)."""
    return [line if isinstance(line, Reported) else Reported(line) for line in lines]


class PromptSpec(DataModel):
    """A decision the rules require at a step.

    ``kind`` is ``choice`` (one of ``choices``), ``number`` (between ``min`` and
    ``max``), ``roll`` (``dice`` rolled by the app or typed in) or ``confirm``
    (yes/no on a board condition the app cannot see). ``when`` names a
    condition of the rule set that must hold for the prompt to be asked;
    ``effect`` names the rule-set effect applied with the answer. ``each``
    names an expansion of the rule set that asks the prompt once per item
    (each city that must choose): prompt ``ID-ITEM``, with the item's own text
    and choices; nothing is asked where there is no item.
    """

    id: str
    text: str
    kind: str
    choices: list[str] = []
    dice: str = ""
    min: float | None = None
    max: float | None = None
    required: bool = False
    rule: str = ""
    when: str = ""
    effect: str = ""
    each: str = ""
    note: str = ""


class StepSpec(DataModel):
    """One step of the turn sequence (game turn, player turn, phase or segment)."""

    name: str
    side: str = ""
    acting: str = ""  # "" = the phasing side; "other" = the non-phasing side acts here; "each" = each side does its own
    children: list[str] = []
    commands: list[str] | None = None  # verbs legal here (inherited by children); None = any
    prompts: list[PromptSpec] = []
    on_enter: list[EffectSpec] = []
    on_exit: list[EffectSpec] = []
    note: str = ""
    rule: str = ""
    when: str = ""
    """A condition of the rule set (inherited by children): where it does not hold, ``next`` passes the step's segments
    on its own (their effects still run) and says so in the log (a turn without production)."""


class SequenceSpec(DataModel):
    """The ``[sequence]`` table of a rule set file."""

    root: str
    steps: dict[str, StepSpec]
    calendar: str = "number"  # "half-month" | "month" | "season" | "number"
    note: str = ""


class BoundEffect(msgspec.Struct, frozen=True):
    """An effect together with the side of the step that declared it."""

    effect: str
    side: str
    step: str
    rule: str = ""


class Segment(msgspec.Struct, frozen=True):
    """A leaf of the turn sequence, with everything inherited from its ancestors."""

    index: int
    path: tuple[str, ...]
    names: tuple[str, ...]
    side: str
    acting: str
    commands: frozenset[str] | None
    prompts: tuple[PromptSpec, ...]
    enter: tuple[BoundEffect, ...]
    exit: tuple[BoundEffect, ...]
    when: str = ""
    """The condition under which the segment applies (``""``: always); see :attr:`StepSpec.when`."""

    @property
    def key(self) -> str:
        """Stable id such as ``axis-turn/initial/initial-naval``."""
        return "/".join(self.path)

    @property
    def title(self) -> str:
        """Readable name without the game-turn level, e.g. ``Axis player turn › Initial phase › Naval movement``."""
        return " › ".join(self.names[1:] or self.names)

    @property
    def phase_ids(self) -> tuple[str, ...]:
        """Ids of every step on the path (used for "legal in the movement phase" checks)."""
        return self.path


class Sequence(msgspec.Struct, frozen=True):
    """The flattened turn sequence of one rule set."""

    segments: tuple[Segment, ...]
    calendar: str
    steps: dict[str, StepSpec]

    def __len__(self) -> int:
        return len(self.segments)

    def at(self, index: int) -> Segment:
        """The segment at ``index``."""
        return self.segments[index]

    def find(self, key: str) -> Segment | None:
        """The segment whose key or last id is ``key``, or None."""
        for seg in self.segments:
            if seg.key == key:
                return seg
        for seg in self.segments:
            if seg.path[-1] == key:
                return seg
        return None


SEQUENCE: Tables[SequenceSpec] = Tables(SequenceSpec, table="sequence")
"""The ``[sequence]`` table of a rule set file, for the rule set's :class:`~.loader.RuleData`."""


def build_sequence(raw: Any, file: str) -> Sequence:
    """Validate the ``[sequence]`` table (parsed, or already a :class:`SequenceSpec`) and flatten it; errors name
    file, table and key."""
    spec = raw if isinstance(raw, SequenceSpec) else convert(raw, SequenceSpec, file, prefix="sequence")
    if spec.root not in spec.steps:
        raise DataError(file, "table sequence, key root", f"names step '{spec.root}', which is not defined")
    if spec.calendar not in CALENDARS:
        raise DataError(file, "table sequence, key calendar", f"must be one of {', '.join(CALENDARS)}")
    leaves: list[Segment] = []

    def walk(
        step_id: str,
        trail: tuple[str, ...],
        names: tuple[str, ...],
        side: str,
        acting: str,
        commands: frozenset[str] | None,
        enter: tuple[BoundEffect, ...],
        prompts: tuple[PromptSpec, ...],
        stack: tuple[str, ...],
        when: str = "",
    ) -> tuple[BoundEffect, ...]:
        step = spec.steps[step_id]
        when = step.when or when
        side = step.side or side
        acting = step.acting or acting
        if step.commands is not None:
            commands = frozenset(step.commands)
        mine_enter = tuple(BoundEffect(e.effect, side, step_id, e.rule) for e in step.on_enter)
        mine_exit = tuple(BoundEffect(e.effect, side, step_id, e.rule) for e in step.on_exit)
        trail = trail + (step_id,)
        names = names + (step.name,)
        if not step.children:
            leaves.append(
                Segment(
                    index=len(leaves),
                    path=trail[1:] or trail,
                    names=names,
                    side=side,
                    acting=acting,
                    commands=commands,
                    prompts=prompts + tuple(step.prompts),
                    enter=enter + mine_enter,
                    exit=mine_exit,
                    when=when,
                )
            )
            return mine_exit
        first = True
        for child in step.children:
            if child not in spec.steps:
                raise DataError(file, f"table sequence, key steps.{step_id}.children", f"names step '{child}', which is not defined")
            if child in stack:
                raise DataError(file, f"table sequence, key steps.{step_id}.children", f"step '{child}' contains itself")
            walk(
                child, trail, names, side, acting, commands,
                enter + mine_enter if first else (),
                prompts + tuple(step.prompts) if first else (),
                stack + (child,),
                when,
            )
            first = False
        # The parent's exit effects run after its last leaf's own exit effects.
        last = leaves[-1]
        leaves[-1] = msgspec.structs.replace(last, exit=last.exit + mine_exit)
        return mine_exit

    walk(spec.root, (), (), "", "", None, (), (), (spec.root,))
    if not leaves:
        raise DataError(file, "table sequence", "has no segments")
    return Sequence(tuple(leaves), spec.calendar, spec.steps)


# --- where something happens, said briefly -----------------------------------

def summarise_segments(sequence: Sequence, chosen: "list[Segment] | tuple[Segment, ...]") -> str:
    """Say which segments ``chosen`` are, briefly: whole phases by name, the same part of every player turn once.

    ``any segment``; ``Movement phase of each player turn``; ``any segment except Reinforcement phase of each
    player turn``; ``Allied player turn › Initial phase``. The one wording of where a verb is legal, used by
    every refusal and by ``help VERB`` in every rule set (issue 12, bug 4). Empty when ``chosen`` is empty.
    """
    every = sequence.segments
    wanted = {s.index for s in chosen}
    if not wanted:
        return ""
    if len(wanted) == len(every):
        return "any segment"
    direct = _render_cover(every, _cover(every, wanted))
    rest = _cover(every, {s.index for s in every} - wanted)
    if len(rest) < len(_cover(every, wanted)):
        return f"any segment except {_render_cover(every, rest)}"
    return direct


def _cover(every: tuple[Segment, ...], wanted: set[int]) -> list[tuple[str, ...]]:
    """The fewest steps (as path prefixes, in sequence order) whose segments are exactly ``wanted``."""
    out: list[tuple[str, ...]] = []
    for seg in every:
        if seg.index not in wanted:
            continue
        for depth in range(1, len(seg.path) + 1):
            prefix = seg.path[:depth]
            if all(s.index in wanted for s in every if s.path[:depth] == prefix):
                if prefix not in out:
                    out.append(prefix)
                break
    return out


def _step_title(every: tuple[Segment, ...], prefix: tuple[str, ...], start: int = 0) -> str:
    """The names of the steps of ``prefix`` from ``start`` on, ``A › B``."""
    seg = next(s for s in every if s.path[:len(prefix)] == prefix)
    return " › ".join(seg.names[1 + start:1 + len(prefix)])


def _and(items: list[str]) -> str:
    """``A, B and C``; ``A; B; and C`` when a name has a comma of its own (``Patrols, base changes``)."""
    if len(items) == 1:
        return items[0]
    sep = "; " if any("," in i for i in items) else ", "
    return f"{sep.join(items[:-1])}{sep.rstrip() if sep == '; ' else ''} and {items[-1]}"


def _render_cover(every: tuple[Segment, ...], cover: list[tuple[str, ...]]) -> str:
    """Name the steps of ``cover``; a part found in every one of alike top steps (player turns) is named once."""
    shapes: dict[str, frozenset[tuple[str, ...]]] = {}
    for seg in every:
        shapes[seg.path[0]] = shapes.get(seg.path[0], frozenset()) | {seg.path[1:]}
    families: dict[frozenset[tuple[str, ...]], list[str]] = {}
    for top, shape in shapes.items():
        if shape != frozenset({()}):
            families.setdefault(shape, []).append(top)
    groups: list[tuple[str, list[str]]] = []  # (how the group is named, its items), in order
    done: set[tuple[str, ...]] = set()
    for prefix in cover:
        if prefix in done:
            continue
        family = families.get(shapes[prefix[0]], [])
        alike = [(top, *prefix[1:]) for top in family]
        if len(family) > 1 and all(p in cover for p in alike):
            done.update(alike)
            label = _family_label(every, family)
            if len(prefix) == 1:
                groups.append((f"any segment of {label}", []))
                continue
            item = _step_title(every, prefix, start=1)
            group = next((g for g in groups if g[0] == label), None)
            if group is None:
                groups.append((label, [item]))
            else:
                group[1].append(item)
        else:
            done.add(prefix)
            groups.append(("", [_step_title(every, prefix)]))
    parts = []
    for label, items in groups:
        if not items:
            parts.append(label)
        elif label:
            parts.append(f"{_and(items)} of {label}")
        else:
            parts.append(items[0])
    return "; ".join(parts)


def _family_label(every: tuple[Segment, ...], tops: list[str]) -> str:
    """``each player turn`` for the Axis and Allied player turns: the words their names end with."""
    names = [next(s.names[1] for s in every if s.path[0] == top).split() for top in tops]
    common: list[str] = []
    while all(len(n) > len(common) for n in names) and len({n[-1 - len(common)].lower() for n in names}) == 1:
        common.insert(0, names[0][-1 - len(common)])
    return f"each {' '.join(common).lower()}" if common else f"each of {_and([' '.join(n) for n in names])}"


# --- calendars: how game turns are labelled ---------------------------------

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
SEASONS = ("Spring", "Summer", "Fall", "Winter")
CALENDARS = ("half-month", "month", "season", "number")


def parse_start(calendar: str, text: str) -> int:
    """Turn a scenario's start label (``Jan I 1943``, ``Mar 1941``, ``1``) into an absolute turn number."""
    parts = text.split()
    try:
        if calendar == "half-month":
            month, half, year = parts
            return (int(year) * 12 + MONTHS.index(month)) * 2 + ("I", "II").index(half)
        if calendar == "month":
            month, year = parts
            return int(year) * 12 + MONTHS.index(month)
        if calendar == "season":
            season, year = parts
            return int(year) * 4 + SEASONS.index(season.title())
        return int(text)
    except (ValueError, IndexError):
        example = {"half-month": "Jan I 1943", "month": "Jan 1943", "season": "Fall 1939"}.get(calendar, "1")
        raise DataError("scenario", "start", f"'{text}' is not a {calendar} turn like '{example}'") from None


def turn_label(calendar: str, absolute: int) -> str:
    """Label an absolute turn number: ``Jan I 1943`` for half-months, ``Turn 3`` for numbers."""
    if calendar == "half-month":
        month_index, half = divmod(absolute, 2)
        year, month = divmod(month_index, 12)
        return f"{MONTHS[month]} {('I', 'II')[half]} {year}"
    if calendar == "month":
        year, month = divmod(absolute, 12)
        return f"{MONTHS[month]} {year}"
    if calendar == "season":  # four turns a year, named as A World at War names them (Winter 1939 follows Fall 1939)
        year, season = divmod(absolute, 4)
        return f"{SEASONS[season]} {year}"
    return f"Turn {absolute}"


def turn_year(calendar: str, absolute: int) -> int | None:
    """The calendar year of a turn, or None for numbered turns."""
    if calendar == "half-month":
        return absolute // 24
    if calendar == "month":
        return absolute // 12
    if calendar == "season":
        return absolute // 4
    return None


# --- going to a segment ahead (``goto``) ---------------------------------------

NEXT_TURN = "next-turn"
"""The name ``goto`` gives the first segment of the next game turn."""


class Ahead(msgspec.Struct, frozen=True):
    """A segment ``goto`` can reach from the current one: its shortest name, the segment, and whether a new game turn starts."""

    name: str
    segment: Segment
    next_turn: bool = False

    @property
    def label(self) -> str:
        """``initial-movement — Movement (Axis player turn)``: short enough for one line of a choice list."""
        names = self.segment.names
        where = names[-1] + (f" ({names[1]})" if len(names) > 2 else "")
        return f"{self.name} — {where}" + (", next game turn" if self.next_turn else "")


def segments_ahead(sequence: Sequence, index: int) -> list[Ahead]:
    """Every segment after ``index`` to the end of the game turn, then the next game turn's first one.

    A segment is named by the last part of its key where it is the nearest one
    ahead with that part (``reinforcement``), else by its whole key
    (``allied-turn/reinforcement``); the next turn's first segment is ``next-turn``.
    """
    out: list[Ahead] = []
    seen: set[str] = set()
    for seg in sequence.segments[index + 1:]:
        leaf = seg.path[-1].lower()
        out.append(Ahead(seg.path[-1] if leaf not in seen else seg.key, seg))
        seen.add(leaf)
    out.append(Ahead(NEXT_TURN, sequence.segments[0], True))
    return out


def _spellings(seg: Segment) -> tuple[str, ...]:
    """What a referee may type for ``seg``: its key, the last part of its key, its own name, its title."""
    return (seg.key.lower(), seg.path[-1].lower(), seg.names[-1].lower(), seg.title.lower())


def resolve_ahead(sequence: Sequence, index: int, name: str) -> Ahead:
    """The segment ahead that ``name`` names: exact (any case) first, the nearest one ahead; else a unique prefix.

    Raises :class:`~tui.rules.core.errors.RuleError` for a name that is
    ambiguous, behind (or the current segment) or unknown, listing the names
    ahead.
    """
    from .errors import RuleError

    wanted = " ".join(name.split()).lower()
    ahead = segments_ahead(sequence, index)
    allowed = ", ".join(a.name for a in ahead)
    if not wanted:
        raise RuleError(f"goto which segment? Ahead: {allowed}")
    for a in ahead:
        if wanted == a.name.lower() or (not a.next_turn and wanted in _spellings(a.segment)):
            return a
    starts: list[Ahead] = []
    for a in ahead:
        names = (a.name.lower(),) if a.next_turn else (a.name.lower(), *_spellings(a.segment))
        if any(n.startswith(wanted) for n in names):
            starts.append(a)
    # the same segment reached by several spellings counts once; the nearest of segments sharing a leaf name wins
    leaves = {(s.segment.path[-1], s.next_turn) for s in starts}
    if len(starts) == 1 or (len(leaves) == 1 and starts):
        return starts[0]
    if starts:
        raise RuleError(f"'{name}' could be {', '.join(s.name for s in starts)}: type more of the name")
    current = sequence.at(index)
    if wanted in _spellings(current):
        raise RuleError(f"'{name}' is the current segment. Ahead: {allowed}")
    if any(wanted in _spellings(s) for s in sequence.segments[:index]):
        raise RuleError(f"'{name}' is behind the current segment: goto only moves forward, at most to the next game turn "
                        f"({NEXT_TURN}). Ahead: {allowed}")
    raise RuleError(f"no segment called '{name}' ahead. Ahead: {allowed}")
