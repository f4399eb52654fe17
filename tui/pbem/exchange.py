"""What the Exchange mode shows of a sealed game (issue 32): whose move, what waits to be sent, what came last, the
commands waiting for their dice, open commitments, forks, and the state of every roll, each checked again.

Game glue (with :mod:`.play` and :mod:`.sealed`): it reads the player's chain (:meth:`PbemGame.open`, with the
private copy) and the save's events, and changes nothing. A roll is **verified** when the faces the save's log holds
for it are the ones its stream gives (the seed revealed and matching its commitment, the request signed: the ledger
checked both); **typed** rolls are physical dice, unverifiable; **open** ones wait for a reveal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import msgspec

from ..rules.core.dice import DiceSpec
from .errors import PbemRefused
from .game import PbemGame
from .keys import key_path, load_key
from .ledger import Ledger
from .play import steps


class RollRow(msgspec.Struct, frozen=True):
    """One roll of the chain: its entry, command, who asked, its state and faces, and the commitment it rolls on."""

    n: int
    command: str
    by: str
    state: str
    """``verified``, ``MISMATCH``, ``open``, ``withdrawn``, ``undone``, ``typed`` (unverifiable), ``no dice``
    (played, drew none), ``refused`` (the rules refused it when its dice came) or ``revealed`` (the save does not
    hold its command yet)."""
    faces: str
    commitment: str


class ExchangeView(msgspec.Struct, frozen=True):
    """The exchange as lines and rows; ``problem`` is why the chain could not be read as this player's ("" if it was)."""

    problem: str = ""
    game: str = ""
    you: str = ""
    opponent: str = ""
    move: str = ""
    to_send: str = ""
    received: str = ""
    waiting: tuple[str, ...] = ()
    open: tuple[str, ...] = ()
    fork: str = ""
    notice: str = ""
    rolls: tuple[RollRow, ...] = ()


def player_side(chain_file: Path, keys: Path | None) -> str | None:
    """The side of this player (the key in ``keys``, None: the config folder) in the game of the chain at
    ``chain_file``; None when the chain cannot be read as this player's (no key, not a player, no chain)."""
    try:
        chain = PbemGame.open(chain_file, load_key(key_path(keys)), folder=keys)
    except PbemRefused:
        return None
    return chain.ledger.sides.get(chain.me)


HIDDEN = "a command of theirs your side view does not show"
"""What the Exchange mode says in place of a command of the other side that the player's side view hides."""


def exchange_view(chain_file: Path, keys: Path | None, events: Sequence[dict[str, Any]],
                  told: frozenset[int] | None = None) -> ExchangeView:
    """The exchange of the chain at ``chain_file``, read with the key in ``keys`` (None: the config folder), beside
    the save's ``events``; a :class:`ExchangeView` with only ``problem`` if it cannot be read as this player's.

    ``told``: the ``seq`` of the log entries the player's side view shows (None: all, the referee's view). A command
    of the other side whose entry it does not show, or not played yet, is shown as :data:`HIDDEN` (its roll's state
    and faces are still shown: they prove the dice, and say nothing of the command)."""
    try:
        chain = PbemGame.open(chain_file, load_key(key_path(keys)), folder=keys)
    except PbemRefused as exc:
        return ExchangeView(problem=str(exc))
    ledger, me, them = chain.ledger, chain.me, chain.opponent
    every = steps(ledger)
    seq_of = {step.n: events[i].get("seq") for i, step in enumerate(every[:len(events)])}

    def who(author: str) -> str:
        return "you" if author == me else "them"

    def shown(n: int, author: str, command: str) -> str:
        if told is None or author == me or (n in seq_of and seq_of[n] in told):
            return command
        return HIDDEN

    if chain.holds_turn:
        move = "Your move: play (harbormaster pbem exec), then send your turn file (harbormaster pbem send)."
    else:
        sent = chain.sent or {}
        move = f"Their move: you sent entries {sent.get('first')} to {sent.get('last')} at {sent.get('at')}; waiting for their file."
    sent_last = chain.sent["last"] if chain.sent else -1
    unsent = [e["n"] for e in ledger.entries if e["author"] == me and e["n"] > sent_last]
    to_send = (f"To send: {len(unsent)} entr{'y' if len(unsent) == 1 else 'ies'} of yours ({_span(unsent)})"
               if unsent else "To send: nothing new of yours.")
    theirs = [e["n"] for e in ledger.entries if e["author"] == them]
    last_run = _last_run(theirs)
    received = (f"Received last: entries {_span(last_run)} from them" if last_run
                else "Received: nothing from them yet" + ("" if ledger.accepted else " (they have not joined)"))
    queue = every[len(events):]
    waiting = tuple(f"entry {s.n} by {who(s.author)}: {shown(s.n, s.author, s.command)} "
                    f"({'waits for its dice' if i == 0 else f'waits behind entry {queue[0].n}'})"
                    for i, s in enumerate(queue))
    opened = tuple(f"commitment entry {ledger.commits[o.commit].n} by {who(o.author)}: {len(o.requests)} request(s) "
                   f"waiting, {o.exchanges} turn file(s) sent since without a reveal" for o in ledger.open_commitments())
    fork = chain.pending_fork
    return ExchangeView(
        game=ledger.game or "", you=f"{me} ({ledger.sides[me]})", opponent=f"{them} ({ledger.sides[them]})",
        move=move, to_send=to_send, received=received, waiting=waiting, open=opened,
        fork=f"FORK: {fork.describe()}; nothing goes on until a branch is chosen (harbormaster pbem branch GAME)"
        if fork is not None else "",
        notice=chain.notice, rolls=tuple(_rolls(ledger, events, who, shown)))


def _played(ledger: Ledger, events: Sequence[dict[str, Any]]) -> dict[str, bool]:
    """The requests whose commands the save holds, each with whether the rules refused it when its dice came (a
    note of the log says so in its place: :func:`tui.pbem.play._refused_on_reveal`)."""
    return {s.request: "refused on reveal: entry" in str(e.get("command", ""))
            for s, e in zip(steps(ledger), events) if s.kind == "request"}


def _span(ns: Sequence[int]) -> str:
    return str(ns[0]) if len(ns) == 1 else f"{ns[0]} to {ns[-1]}"


def _last_run(ns: Sequence[int]) -> list[int]:
    """The last run of consecutive indexes in ``ns`` (the opponent's last turn file's own entries)."""
    run: list[int] = []
    for n in ns:
        run = [*run, n] if run and n == run[-1] + 1 else [n]
    return run


def _rolls(ledger: Ledger, events: Sequence[dict[str, Any]], who: Any, shown: Any) -> list[RollRow]:
    drawn: dict[str, list[dict[str, Any]]] = {}
    for event in events:
        for roll in event.get("dice", ()):
            if roll.get("request"):
                drawn.setdefault(roll["request"], []).append(roll)
    rows, played = [], _played(ledger, events)
    for request in ledger.requests.values():
        commit = ledger.commits[request.commit]
        on = f"entry {commit.n} by {who(commit.author)}"
        state, faces = request.state, ""
        if state == "revealed" and request.hash in played:
            rolls = drawn.get(request.hash, [])
            state, faces = _checked(ledger, request.hash, rolls) if rolls else \
                ("refused", "") if played[request.hash] else ("no dice", "none drawn")
        rows.append(RollRow(request.n, shown(request.n, request.author, request.command), who(request.author), state,
                            faces, on))
    for entry in ledger.entries:
        if entry["kind"] == "typed-roll":
            faces = ", ".join(f"d{r['sides']}={r['face']}" for r in entry["body"]["rolls"])
            rows.append(RollRow(entry["n"], shown(entry["n"], entry["author"], entry["body"]["command"]),
                                who(entry["author"]), "typed", faces, "-"))
    return sorted(rows, key=lambda row: row.n)


def _checked(ledger: Ledger, request: str, rolls: list[dict[str, Any]]) -> tuple[str, str]:
    """``verified`` if every roll the save holds for ``request`` has the faces its stream gives, in order."""
    stream = ledger.stream(request)
    assert stream is not None  # revealed
    shown, ok = [], True
    for roll in rolls:
        spec = DiceSpec.parse(roll["spec"])
        expected = stream.rolls(spec.sides, spec.count)
        ok = ok and list(roll["faces"]) == expected
        shown.append(f"{roll['spec']}={'+'.join(map(str, roll['faces']))}")
    return ("verified" if ok else "MISMATCH"), "; ".join(shown)
