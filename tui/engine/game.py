"""``Game``: one running game. Every change goes parse -> validate -> apply -> event -> durable write.

State is a fold of the applied events over the initial state: undo and redo
change an event's status and restore the state before/after it; a new command
after an undo abandons the undone events (they stay in the log, marked). The
whole change of one command is one ``commit`` to the persistence, and the
in-memory game moves on only after it returned.
"""

from __future__ import annotations

import difflib
import json
from datetime import datetime, timezone
from typing import Any, Callable, Generator, Protocol

import msgspec
from msgspec import field

from ..rules.core.dice import Roll, StagedDice
from ..rules.core.errors import NeedAnswer, RuleError
from ..rules.core.explain import Explained
from ..rules.core.names import recording_names
from ..rules.core.phases import Segment, turn_label, turn_year
from ..rules.core.ruleset import Outcome, RuleSet, Verb, legal_in, where_legal
from ..rules.core.state import GameState
from . import flow
from .command import ENGINE_OPTIONS, Command, CommandSyntaxError, parse, render, typed_problem, unknown_options, with_names
from .context import SEALED, EngineContext, NeedDice, SealedDice, acting_side, phasing_side
from .edits import setup_verb
from .serialize import state_from_data, state_to_data
from .showing import show

HISTORY = 256  # states kept in memory for instant undo; older ones are replayed


class Persistence(Protocol):
    """What the engine needs from a save (the store's ``SaveFile`` provides it)."""

    revision: int

    @property
    def meta(self) -> dict[str, Any]: ...
    def events(self) -> list[dict[str, Any]]: ...
    def state(self) -> dict[str, Any]: ...
    def commit(self, *, append: Any = (), update: Any = None, state: dict[str, Any], meta: Any = None) -> int: ...


class Result(msgspec.Struct):
    """What happened to one command, for the screen or the CLI to report."""

    ok: bool
    message: str
    details: list[str] = field(default_factory=list)
    command: str = ""
    seq: int | None = None
    changed: bool = False
    needs_dice: tuple[str, str] | None = None  # (spec, purpose) when typed dice are wanted
    dice_detail: str = ""  # what that stage's roll decides (table row, modifiers), shown before it is rolled
    needs_confirm: bool = False  # repeat with --force to go ahead
    explanations: list[Explained] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)  # ids of prompts this command raised (to ask them now)
    needs_answer: Question | None = None  # a part of the command to ask for before anything happens
    actor: str = ""  # the side the rules named as acting (empty: none; the log then has the side acting in the segment)


class Question(msgspec.Struct, frozen=True):
    """A part a command lacks (``NeedAnswer``): how to ask it, and the command the answer completes."""

    prompt: Any
    """A :class:`~tui.rules.core.state.Pending` saying how to ask (kind, choices, text, rule, dice)."""
    command: Command
    """The command so far; :meth:`answered` puts the answer in."""
    into: str
    """The option the answer goes to (a ``roll`` question: ``--roll`` or ``--dice FACES``)."""

    def answered(self, text: str) -> Command:
        """The command with answer ``text`` in it (its text rewritten for the log)."""
        options = dict(self.command.options)
        if self.prompt.kind == "roll":
            if text == "roll":
                options["roll"] = True
            else:
                options["dice"] = [*options.get("dice", []), text]
        else:
            options[self.into] = text
        return Command(self.command.verb, self.command.args, options, render(self.command.verb, self.command.args, options),
                       self.command.source)


class ReplayError(Exception):
    """An event of the log cannot be replayed."""


class ReadOnlyError(RuleError):
    """The game is open read-only; nothing may change it."""


class _Scratch:
    """Persistence that keeps nothing: the commits of a :meth:`Game.scratch` copy stay in its memory."""

    def __init__(self, store: Persistence) -> None:
        self.revision = store.revision
        self._meta = dict(store.meta)

    @property
    def meta(self) -> dict[str, Any]:
        return self._meta

    def events(self) -> list[dict[str, Any]]:  # pragma: no cover - a scratch copy never re-reads its store
        return []

    def state(self) -> dict[str, Any]:  # pragma: no cover
        return {}

    def commit(self, *, append: Any = (), update: Any = None, state: dict[str, Any], meta: Any = None) -> int:
        self.revision += 1
        return self.revision


class Game:
    """A game: rule set, current state, event log and the persistence that makes it durable."""

    def __init__(self, ruleset: RuleSet, store: Persistence, clock: Callable[[], datetime] | None = None, *,
                 loaded: tuple[dict[str, Any], list[dict[str, Any]]] | None = None) -> None:
        self.ruleset = ruleset
        self.clock = clock or (lambda: datetime.now(timezone.utc))
        self.read_only = False
        #: The side whose view this is (:func:`tui.engine.sides.open_side`; read-only), None for the referee's.
        self.side: str | None = None
        #: Why the game is read-only, for the banner and refusals ("held by referee@host ...").
        self.read_only_reason = ""
        #: Who writes the game when this session only watches ("referee@host (pid 42) since ..."), else "".
        self.writer = ""
        #: Re-opens the save from disk (set by whoever opened it); used by viewers to follow the writer.
        self.reopen: Callable[[], Persistence] | None = None
        #: Called once by :meth:`close` (releases the writer's lock).
        self.on_close: Callable[[], None] | None = None
        #: For a watching session: who writes the save now (``""`` not recorded yet, None: nobody; set by whoever opened it).
        self.watch_writer: Callable[[], str | None] | None = None
        #: For a session watching only because another held the lock: open the save again as its writer
        #: (taking the lock first); raises if it cannot. None where this session may not write.
        self.take_over: Callable[[], Game] | None = None
        #: Opened without replaying its log yet: the screen replays it once shown, before it runs any command
        #: (``open_game(..., verify="later")``; :meth:`verify_steps`).
        self.unverified = False
        #: The save's log is known to replay to its saved state: checked at open (replayed, or a marker of
        #: :mod:`tui.engine.verified` for its bytes), then kept so command by command (:meth:`_keep_chain`); False
        #: once not known. :meth:`close` then marks the last bytes written as verified.
        self.chain_verified = False
        #: A marker exists for the save's bytes as they are (nothing written since the log was checked).
        self.chain_marked = False
        self.verbs: dict[str, Verb] = {**flow.core_verbs(), "setup": setup_verb(lambda: self.initial), **ruleset.verbs}
        self._adopt(store, loaded)

    def _adopt(self, store: Persistence, loaded: tuple[dict[str, Any], list[dict[str, Any]]] | None = None) -> None:
        """Take the state, initial state and log from ``store`` (or ``loaded``: the copies of its state document and
        events the opener has just read from it and checked, so a long log is not copied twice)."""
        self.store = store
        doc, events = loaded if loaded is not None else (store.state(), store.events())
        self._initial_data = doc["initial"]  # constant for the life of the save; written back as is
        self.initial = state_from_data(doc["initial"], self.ruleset)
        self.state = state_from_data(doc["current"], self.ruleset)
        self.events: list[dict[str, Any]] = events
        self._history: dict[int, GameState] = {}
        self.chain_verified = False  # a save taken from disk anew is not known to replay until it is checked
        self.chain_marked = False

    def poll(self) -> bool:
        """If another session changed the save on disk, re-open it and take its state; True if so.

        Viewers call this about twice a second. It costs one ``stat`` when
        nothing changed and never trusts an old file handle: the save is
        re-opened by path.
        """
        changed = getattr(self.store, "changed_on_disk", None)
        if self.reopen is None or changed is None or not changed():
            return False
        store = self.reopen()
        old = self.store
        self._adopt(store)
        close = getattr(old, "close", None)
        if close is not None:
            close()
        return True

    def scratch(self) -> Game:
        """A copy of this game whose commands change only the copy (nothing is written, nothing is shared).

        The app runs a guided flow there (a command and the prompts it raises, one answer after another) and runs
        the same commands on the game only once the flow is complete: Escape half-way leaves the game exactly as it
        was, with no prompt left pending (issue 12.6). Same seed and same sequence numbers, so the app's dice roll
        the same faces when the commands are run again.
        """
        copy = Game.__new__(Game)
        copy.__dict__.update(self.__dict__)
        copy.store = _Scratch(self.store)
        copy.events = list(self.events)
        copy._history = dict(self._history)
        copy.reopen = None
        copy.on_close = None
        copy.chain_verified = False  # a copy writes nothing: nothing to mark
        return copy

    def take(self, copy: Game) -> int:
        """Write durably, in one commit, what a :meth:`scratch` copy of this game did beyond it (its new events and
        the events it changed), then take its state: many commands for one durable write, as when a turn file of a
        game played by e-mail is received (issue 32, second-account attack 13). The number of events taken."""
        new = copy.events[len(self.events):]
        changed = {e["seq"]: e for e, mine in zip(copy.events, self.events) if e != mine}
        if not new and not changed:
            return 0
        self._commit(copy.state, append=new, update=changed)
        self.events = list(copy.events)
        self._history.update(copy._history)
        self.chain_verified = False  # not kept command by command here: the next open replays the log
        return len(new)

    def close(self) -> None:
        """End the session: every command is already durable, so this lets go of the lock, after marking the save's
        last bytes as verified when its log was checked at open and each command since replayed as it was logged."""
        self._mark_chain()
        if self.on_close is not None:
            self.on_close()
            self.on_close = None

    def _mark_chain(self) -> None:
        """Keep a marker for the save's bytes as last written if the chain held from a checked open to the last
        commit, and the saved current state reads back as the state the chain ended in (the next open compares its
        replay with that). Silent: a marker only spares the next open its replay."""
        if not self.chain_verified or self.chain_marked:
            return
        self.chain_marked = True
        from .rulecache import rule_cache
        from .verified import mark_verified, save_bytes

        cache = rule_cache()
        raw = save_bytes(self.store) if cache is not None else None
        if raw is None:
            return
        try:
            if state_from_data(self.store.state()["current"], self.ruleset) != self.state:
                self.chain_verified = False
                return
        except Exception:  # a store that cannot say: no marker (the next open replays)
            return
        mark_verified(self.ruleset, raw, cache)

    def _keep_chain(self, before: GameState, event: dict[str, Any], after: GameState) -> None:
        """After ``event`` was durably written taking the state from ``before`` to ``after``: the chain holds only
        if the event, as the save keeps it (JSON), replays from ``before`` to exactly ``after`` (one event's work)."""
        if not self.chain_verified:
            return
        self.chain_marked = False
        try:
            ok = json.loads(json.dumps(event)) == event and self._replay_one(before, event) == after
        except Exception:  # whatever a handler raises on replay: the chain is broken, the command stands
            ok = False
        self.chain_verified = ok

    # ------------------------------------------------------------------ info
    @property
    def meta(self) -> dict[str, Any]:
        """The save's meta data (ruleset, scenario, seed, revision, ...)."""
        return self.store.meta

    @property
    def segment(self) -> Segment:
        """The current segment of the turn sequence."""
        return self.ruleset.sequence.at(self.state.flow.index)

    @property
    def phasing_side(self) -> str:
        """The side whose player turn it is."""
        return phasing_side(self.ruleset, self.state)

    @property
    def acting_side(self) -> str:
        """The side acting in the current segment (the non-phasing one in reaction segments)."""
        return acting_side(self.ruleset, self.state)

    @property
    def turn_label(self) -> str:
        """The current game turn as players write it."""
        return turn_label(self.ruleset.sequence.calendar, self.state.flow.turn)

    @property
    def year(self) -> int | None:
        """The calendar year of the current game turn."""
        return turn_year(self.ruleset.sequence.calendar, self.state.flow.turn)

    def applied(self) -> list[dict[str, Any]]:
        """The events that make up the current state, in order."""
        return [e for e in self.events if e["status"] == "applied"]

    def redoable(self) -> list[dict[str, Any]]:
        """Undone events that ``redo`` would restore, next first."""
        return [e for e in self.events if e["status"] == "undone"]

    def legal_verbs(self) -> list[Verb]:
        """Verbs legal in the current segment, in help order."""
        seg = self.segment
        return [v for v in self.verbs.values() if legal_in(v, seg)]

    # -------------------------------------------------------------- commands
    def execute(self, line: str | Command, source: str = "script", *, sealed_dice: SealedDice | None = None,
                signer: str = "") -> Result:
        """Run one command line or ``Command``; a refusal changes nothing and says why. ``source``: where it comes from
        (``line`` typed at the app's ``:``, ``key``, ``palette``, ``exec``; ``script``: a program's own call).
        ``sealed_dice``: in a sealed game (play by e-mail), where this command's revealed dice come from; without it
        a command that rolls is answered with ``needs_dice`` and changes nothing. ``signer``: in a sealed game, the
        side that signed a command no side owns (a note): logged as its actor."""
        problem = typed_problem(line)
        if problem is not None:
            return Result(False, problem, command=line.text if isinstance(line, Command) else line)
        try:
            cmd = line if isinstance(line, Command) else parse(line, source)
        except CommandSyntaxError as exc:
            return Result(False, str(exc), command=str(line))
        verb = self.verbs.get(cmd.verb)
        if verb is None:
            close = difflib.get_close_matches(cmd.verb, list(self.verbs), n=3)
            hint = f" Did you mean {', '.join(close)}?" if close else " Type 'help' for the list."
            return Result(False, f"Unknown command '{cmd.verb}'.{hint}", command=cmd.text)
        try:
            self._check_options(verb, cmd)
            if not verb.changes:
                shown = show(self.ruleset, self.verbs, self.state, verb, cmd)
                return Result(True, shown.title, shown.lines, shown.command, explanations=shown.explanations)
            if self.read_only:
                raise ReadOnlyError(f"This game is open read-only: '{cmd.verb}' would change it. {self.read_only_reason}")
            if cmd.verb == "undo":
                return self._undo(cmd)
            if cmd.verb == "redo":
                return self._redo(cmd)
            self._check_legal(verb)
            return self._apply(verb, cmd, sealed_dice, signer)
        except NeedDice as exc:
            return Result(False, str(exc), command=cmd.text, needs_dice=(exc.spec, exc.purpose), dice_detail=exc.detail)
        except NeedAnswer as exc:
            asked = Command(cmd.verb, exc.words, dict(exc.options), render(cmd.verb, exc.words, dict(exc.options)), cmd.source)
            return Result(False, str(exc), command=cmd.text, needs_answer=Question(exc.question, asked, exc.into))
        except flow.NeedConfirm as exc:
            return Result(False, str(exc), command=cmd.text, needs_confirm=True)
        except RuleError as exc:
            return Result(False, str(exc), command=cmd.text)

    def _check_options(self, verb: Verb, cmd: Command) -> None:
        """Refuse an option the verb does not declare, naming the ones it has (a typo is never ignored)."""
        unknown = unknown_options(cmd, verb.options)
        if not unknown:
            return
        own = [f"--{o}" for o in verb.options if o not in ENGINE_OPTIONS]
        engine = ", ".join(f"--{o}" for o in sorted(ENGINE_OPTIONS))
        known = f"its options: {', '.join(own)}; and {engine} as every command" if own else f"it takes only {engine}, as every command"
        raise RuleError(f"'{verb.name}' has no option --{unknown[0]} ({known}). "
                        f"To give '--{unknown[0]}' as an argument, quote it: '--{unknown[0]}'")

    def _check_legal(self, verb: Verb) -> None:
        seg = self.segment
        if legal_in(verb, seg):
            return
        where = where_legal(self.ruleset.sequence, verb)
        hint = f" It is legal in {where}." if where else ""
        rule = f" ({verb.rule})" if verb.rule else ""
        raise RuleError(f"'{verb.name}' is not legal in {seg.title}{rule}.{hint}")

    def _run(self, verb: Verb, cmd: Command, state: GameState, seq: int, recorded: list[Roll] | None,
             seed: int | None = None, sealed_dice: SealedDice | None = None) -> tuple[GameState, Outcome, EngineContext]:
        """Apply a command to ``state`` without recording it; pure apart from dice (``seed``: the game's dice seed,
        read from the save's meta data when not given; ``sealed_dice``: a sealed game's revealed dice)."""
        if cmd.options.get("roll") and recorded is None and state.settings.get("dice") == SEALED:
            raise RuleError("this game's dice are sealed (played by e-mail): the app never rolls them, so --roll is "
                            "not allowed; the dice come from both players' contributions")
        ctx = EngineContext(
            state=state,
            ruleset=self.ruleset,
            seq=seq,
            game_seed=int(self.meta.get("seed", 0)) if seed is None else seed,
            typed=StagedDice(cmd.options.get("dice", [])),
            recorded=recorded,
            app_rolls=bool(cmd.options.get("roll")) or state.settings.get("dice", "app") == "app",
            forced_roll=bool(cmd.options.get("roll")),
            sealed_dice=sealed_dice,
        )
        if verb.handler is None:
            raise RuleError(f"'{verb.name}' cannot be applied")
        outcome = verb.handler(ctx, list(cmd.args), flow.gate_options(cmd.verb, cmd.source, cmd.options))
        left = ctx.leftover()
        if left:
            raise RuleError(f"{left}; nothing was done ('{cmd.verb}')")
        new = flow.settle(ctx, outcome)
        return new, outcome, ctx

    def _apply(self, verb: Verb, cmd: Command, sealed_dice: SealedDice | None = None, signer: str = "") -> Result:
        old = self.state
        seq = (self.events[-1]["seq"] if self.events else 0) + 1
        with recording_names() as resolved:
            new, outcome, ctx = self._run(verb, cmd, self.state, seq, None, sealed_dice=sealed_dice)
        cmd = self._with_full_names(verb, cmd, resolved, new, seq, ctx.rolls)
        seg = self.segment
        event = {
            "seq": seq,
            "time": self.clock().isoformat(timespec="seconds"),
            "turn": self.turn_label,
            "segment": seg.key,
            "segment_title": seg.title,
            "side": self.phasing_side,
            "actor": signer or outcome.actor or ctx.acting_side(),
            "command": cmd.text,
            "source": cmd.source,
            "dice": [r.to_dict() for r in ctx.rolls],
            "summary": outcome.summary,
            "details": list(outcome.details),
            "status": "applied",
        }
        abandon = {e["seq"]: {**e, "status": "abandoned"} for e in self.redoable()}
        self._commit(new, append=[event], update=abandon)
        for s, e in abandon.items():
            self._replace_event(s, e)
        self.events.append(event)
        self._keep_chain(old, event, new)
        self._remember(seq, new)
        lines = [r.describe() for r in ctx.rolls] + list(outcome.details)
        raised = [p.id for p in new.flow.pending if p.id not in {q.id for q in old.flow.pending}]
        return Result(True, outcome.summary, lines, cmd.text, seq, True, explanations=list(outcome.explanations), raised=raised,
                      actor=outcome.actor or "")

    def _with_full_names(self, verb: Verb, cmd: Command, resolved: list[tuple[str, str]], new: GameState, seq: int,
                         rolls: list[Roll]) -> Command:
        """The command as the log keeps it: names written in full, if that replays to exactly the same state (and
        the same dice); else as typed (issue 12.9)."""
        named = with_names(cmd, resolved)
        if named.text == cmd.text:
            return cmd
        try:
            again, _, ctx = self._run(verb, named, self.state, seq, list(rolls))
        except (RuleError, NeedDice):
            return cmd
        return named if again == new and ctx.rolls == list(rolls) else cmd

    def _commit(self, new: GameState, append: list[dict[str, Any]] = (), update: dict[int, dict[str, Any]] | None = None) -> None:
        """Write the change durably, then (only then) adopt the new state."""
        doc = {"initial": self._initial_data, "current": state_to_data(new, self.ruleset)}
        try:
            self.store.commit(append=list(append), update=update or {}, state=doc)
        except RuleError:
            self.chain_verified = False  # not worth telling what the file holds now: the next open replays it
            raise
        except Exception as exc:  # the store says why; nothing was changed
            self.chain_verified = False
            raise RuleError(f"Not saved, nothing changed: {exc}") from exc
        self.chain_marked = False
        self.state = new

    def _replace_event(self, seq: int, event: dict[str, Any]) -> None:
        for i, e in enumerate(self.events):
            if e["seq"] == seq:
                self.events[i] = event
                return

    def _remember(self, seq: int, state: GameState) -> None:
        self._history[seq] = state
        if len(self._history) > HISTORY:
            del self._history[min(self._history)]

    # ------------------------------------------------------------ undo/redo
    def _undo(self, cmd: Command) -> Result:
        applied = self.applied()
        if not applied:
            raise RuleError("Nothing to undo.")
        last = applied[-1]
        before = self.state_after(applied[-2]["seq"]) if len(applied) > 1 else self.initial
        undone = {**last, "status": "undone", "undone_at": self.clock().isoformat(timespec="seconds")}
        # The chain holds: ``before`` is a state the chain proved (kept after a command, or replayed from the log)
        # and a replay skips the undone event, the last applied one.
        self._commit(before, update={last["seq"]: undone})
        self._replace_event(last["seq"], undone)
        return Result(True, f"Undone #{last['seq']}: {last['command']}", [last["summary"]], cmd.text, last["seq"], True)

    def _redo(self, cmd: Command) -> Result:
        todo = self.redoable()
        if not todo:
            raise RuleError("Nothing to redo.")
        event = todo[0]
        verb = self.verbs[parse(event["command"]).verb]
        recorded = [Roll.from_dict(d) for d in event["dice"]]
        state = self.ruleset.legacy_event(self.state, event)  # an earlier version's event keeps its meaning
        new, _, _ = self._run(verb, parse(event["command"], "replay"), state, event["seq"], recorded)
        redone = {k: v for k, v in event.items() if k != "undone_at"}
        redone["status"] = "applied"
        before = self.state
        self._commit(new, update={event["seq"]: redone})
        self._replace_event(event["seq"], redone)
        self._keep_chain(before, redone, new)
        self._remember(event["seq"], new)
        return Result(True, f"Redone #{event['seq']}: {event['command']}", [event["summary"]], cmd.text, event["seq"], True)

    # --------------------------------------------------------------- replay
    def state_after(self, seq: int) -> GameState:
        """The state right after applied event ``seq`` (from memory, else replayed)."""
        if seq in self._history:
            return self._history[seq]
        return self.replay(until=seq)

    def replay(self, until: int | None = None, events: list[dict[str, Any]] | None = None) -> GameState:
        """Fold the applied events over the initial state, re-using recorded dice (never re-rolling).

        Raises :class:`ReplayError` naming the first event that does not replay.
        """
        state = self.initial
        for event in self.events if events is None else events:
            if until is not None and event["seq"] > until:
                break
            state = self._replay_one(state, event)
        return state

    def _replay_one(self, state: GameState, event: dict[str, Any], seed: int | None = None) -> GameState:
        """``state`` after ``event`` (unchanged by an event not applied); :class:`ReplayError` if it does not replay.
        ``seed`` is the game's dice seed (read from the meta data when not given: a long replay reads it once)."""
        if event["status"] != "applied":
            return state
        try:
            cmd = parse(event["command"], "replay", canonical=False)  # its text is not used here
            verb = self.verbs.get(cmd.verb)
            if verb is None:
                raise RuleError(f"unknown command '{cmd.verb}'")
            recorded = [Roll.from_dict(d) for d in event["dice"]]
            state = self.ruleset.legacy_event(state, event)  # an event of an earlier version keeps its meaning
            state, _, _ = self._run(verb, cmd, state, event["seq"], recorded, seed)
        except (RuleError, CommandSyntaxError, NeedDice, KeyError, TypeError, ValueError) as exc:
            raise ReplayError(f"event #{event.get('seq')} ({event.get('command')!r}) does not replay: {exc}") from exc
        return state

    def verify(self) -> str | None:
        """Check that the log replays to the saved state; None if it does, else what is wrong."""
        steps = self.verify_steps()
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]

    def verify_steps(self, chunk: int = 250) -> Generator[int, None, str | None]:
        """:meth:`verify` in steps, for a screen that checks the log while it is shown: yields the events replayed so
        far after every ``chunk`` of them, and returns the verdict (None: the log replays to the saved state).

        It checks the log and state as they are when it starts, whatever the game takes in meanwhile."""
        events, saved, state = self.events, self.state, self.initial
        seed = int(self.meta.get("seed", 0))  # a copy of the meta data each time it is read: once for the whole log
        try:
            for n, event in enumerate(events, start=1):
                state = self._replay_one(state, event, seed)
                if n % chunk == 0:
                    yield n
        except ReplayError as exc:
            return str(exc)
        if state != saved:
            return "replaying the log does not give the saved state (the save was changed by hand or by another program)"
        return None
