"""Fuzzed command lines for every verb of every rule set, through the engine and through the CLI.

A seeded generator writes plausible and hostile lines (names from the game's
own views, numbers of every kind, huge digit strings, NaN, quoted words that
begin with ``--``, undeclared options, unicode, empty strings) for every verb
the rule set and the engine know, so a verb added later is fuzzed without a
change here. For each line:

* no traceback, through ``Game.execute`` and through ``harbormaster exec``;
* a refusal leaves the save byte-identical;
* an accepted command replays to the same state: its logged text, parsed
  again with its recorded dice, gives the state the game moved to; and every
  CLI call re-opens the save with ``verify`` (the whole log replayed).

``scripts/proofs.py --fuzz N`` runs it and prints the figures; the tests run
a small version.
"""

from __future__ import annotations

import contextlib
import io
import random
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tui.engine.command import ENGINE_OPTIONS, VALUE_OPTIONS, parse, quote
from tui.engine.game import Game
from tui.engine.setup import RULESETS
from tui.paths import data_dir
from tui.rules.core.dice import Roll
from tui.session import create_game, open_game

NUMBERS = ["0", "1", "2", "3", "1.5", "½", "0.5", "12", "99", "999", "1000", "-1", "-0", "+2", "nan", "inf", "-inf",
           "1e9", "0x10", "٣", "9" * 20, "9" * 400, "1/2", "", "2,5", "3 4"]
ODD = ["''", "--", "-", "--x", "'--x 2'", "\"--it's\"", "--=3", "a=b", "=", "é→ß", "\u00a0", "'tab\there'", "#", ";", "\\\\",
       "'\"'", "x" * 300, "yes", "no", "on", "off", "roll", "decline", "add", "edit", "remove", "step", "clear", "tow",
       "arrive", "sink", "available", "capture", "bomb", "tight", "loose", "none", "dice", "app", "typed", "1d6", "2d6+1",
       "sp:3", "unit@u1", "empty-nt", "sp:1@c1", "rp", "D", "F*", "S"]
KEYS = ["role", "type", "range", "tbf", "mission", "distance", "ma", "cargo", "mps", "dice", "result", "hits", "owner",
        "capacity", "hex", "zone", "harbour", "supply", "track", "inland", "naval_base", "theatre", "nation", "reduced"]


@dataclass
class FuzzReport:
    """Figures of a fuzz run."""

    cases: int = 0
    accepted: int = 0
    refused: int = 0
    tracebacks: int = 0
    changed_by_refusal: int = 0
    replay_mismatches: int = 0
    cli_cases: int = 0
    cli_accepted: int = 0
    cli_refused: int = 0
    cli_failures: int = 0
    verbs: set[str] = field(default_factory=set)
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when nothing went wrong."""
        return not (self.tracebacks or self.changed_by_refusal or self.replay_mismatches or self.cli_failures)


def vocabulary(game: Game) -> dict[str, list[str]]:
    """Words of this game by view (``ports``, ``zones``, ...): every name, id and key the view shows;
    ``""`` holds them all with the sides and the pending prompts."""
    found: dict[str, set[str]] = {"": set(game.ruleset.sides) | {p.id for p in game.state.flow.pending}}
    for name, view in game.ruleset.views.items():
        words = found.setdefault(name, set())
        for row in view(game.state):
            for key in ("name", "id", "key", "zone", "zone_id"):
                value = row.get(key)
                if isinstance(value, str) and value:
                    words.add(value)
        found[""] |= words
    return {k: sorted(v) for k, v in found.items()}


PLACEHOLDERS = {"PORT": "ports", "FROM": "ports", "TO": "ports", "FROM-PORT": "offmap", "ZONE": "zones", "BEACH": "beaches",
                "ID": "conditions"}
"""Which view's names fill a placeholder of a verb's syntax (others take any name of the game)."""


def random_word(rng: random.Random, vocab: dict[str, list[str]]) -> str:
    """One argument word, already written as it would be typed (quoted or not)."""
    names = vocab[""]
    roll = rng.random()
    if roll < 0.4 and names:
        name = rng.choice(names)
        return quote(name) if rng.random() < 0.7 else name  # unquoted names with spaces are read as several words
    if roll < 0.65:
        return quote(rng.choice(NUMBERS))
    if roll < 0.8:
        return f"{rng.choice(KEYS)}={quote(rng.choice(NUMBERS + names[:20]))}"
    return rng.choice(ODD)


GOOD_NUMBERS = ["1", "2", "3", "0.5", "1.5", "½", "0", "4", "6", "12"]
HOSTILE = NUMBERS + ODD


def from_syntax(syntax: str, rng: random.Random, vocab: dict[str, list[str]], sides: list[str]) -> list[str]:
    """Words that follow one alternative of a verb's declared syntax (``hit PORT [N]``), placeholders filled in.

    Literal words are kept, ``a|b`` picks one, ``key=a|b`` and ``key=N`` fill
    the value, an optional ``[...]`` part is kept half the time, and the
    placeholders take a name of the game (PORT, ZONE, NAME, ...), a side
    (SIDE, OWNER) or a number (N, RES, STEPS, AMOUNT, ...).
    """
    words: list[str] = []
    for token in rng.choice(syntax.split(" | ")).split():
        optional = token.startswith("[")
        token = token.strip("[]").rstrip(".")
        if not token or (optional and rng.random() < 0.5):
            continue
        key, eq, value = token.partition("=")
        if eq and key.isalpha():
            words.append(f"{key}={quote(rng.choice(value.split('|')) if '|' in value else rng.choice(GOOD_NUMBERS))}")
        elif token.startswith("--"):
            words.append(rng.choice(token.split("|")).split()[0])
        elif "|" in token:
            words.append(quote(rng.choice(token.split("|"))))
        elif token.upper() == token and any(c.isalpha() for c in token):
            if token in ("SIDE", "OWNER"):
                words.append(rng.choice(sides))
            elif token in ("N", "RES", "STEPS", "POINTS", "AMOUNT"):
                words.append(rng.choice(GOOD_NUMBERS))
            elif token.startswith("NDM"):
                words.append(rng.choice(["1d6", "2d6", "2d6+1"]))
            elif token == "PROMPT" and vocab.get("prompts"):
                words.append(quote(rng.choice(vocab["prompts"])))
            else:
                names = vocab.get(PLACEHOLDERS.get(token, ""), []) or vocab[""]
                words.append(quote(rng.choice(names)))
        else:
            words.append(quote(token))
    return words


def random_line(game: Game, rng: random.Random, vocab: dict[str, list[str]]) -> str:
    """A random command line for a random verb of the game (rule set verbs and the engine's own).

    Half follow the verb's declared syntax (so handlers are reached), with one
    word swapped for a hostile one a good part of the time; the rest are
    random words.
    """
    pending = game.state.flow.pending
    roll = rng.random()
    if roll < 0.12:
        return "next --force"
    if roll < 0.16:
        return rng.choice(["undo", "redo"])
    if roll < 0.26 and pending:
        p = rng.choice(pending)
        value = rng.choice(list(p.choices) + NUMBERS + ["roll", "yes", "no", "decline"])
        return f"answer {quote(p.id)} {quote(value)}"
    verb = game.verbs[rng.choice(sorted(game.verbs))]
    if rng.random() < 0.6:
        vocab = {**vocab, "prompts": [p.id for p in pending]}
        words = [verb.name] + from_syntax(verb.syntax.split(" ", 1)[1] if " " in verb.syntax else "", rng, vocab,
                                          list(game.ruleset.sides))
        if words[1:] and words[1] == quote(verb.name):
            words.pop(1)  # alternatives repeat the verb (``air remove NAME``)
        if len(words) > 1 and rng.random() < 0.5:
            words[rng.randrange(1, len(words))] = rng.choice(HOSTILE) if rng.random() < 0.5 else quote(rng.choice(HOSTILE))
        elif rng.random() < 0.3:
            words.append(rng.choice(HOSTILE))
        return " ".join(words)
    words = [verb.name] + [random_word(rng, vocab) for _ in range(rng.randint(0, 5))]
    options = sorted(set(verb.options) | ENGINE_OPTIONS) + ["bogus", "x"]
    for _ in range(rng.choices([0, 1, 2], [6, 3, 1])[0]):
        name = rng.choice(options)
        if name == "roll" or (name == "dice" and rng.random() < 0.3):
            words.append("--roll")
        elif name in VALUE_OPTIONS:
            words.append(f"--{name} {quote(rng.choice(NUMBERS + vocab[''][:10] + ['3,4', '6', '1,1,6,6,3']))}")
        else:
            words.append(f"--{name}")
    return " ".join(words)


def _replays(game: Game, before: Any, event: dict[str, Any]) -> bool:
    """The logged text of ``event``, parsed again with its recorded dice, takes ``before`` to the game's state."""
    cmd = parse(event["command"], "replay")
    recorded = [Roll.from_dict(d) for d in event["dice"]]
    state, _, _ = game._run(game.verbs[cmd.verb], cmd, before, event["seq"], recorded)
    return state == game.state


def engine_fuzz(game: Game, path: Path, cases: int, rng: random.Random, report: FuzzReport) -> None:
    """``cases`` random lines through ``Game.execute`` on a JSON save."""
    vocab = vocabulary(game)
    for i in range(cases):
        if i % 50 == 0:
            vocab = vocabulary(game)
        line = random_line(game, rng, vocab)
        before_bytes, before_state, events = path.read_bytes(), game.state, len(game.events)
        report.cases += 1
        report.verbs.add(line.split(" ", 1)[0])
        try:
            result = game.execute(line, "exec")
        except Exception:  # a traceback is a failure of the proof
            report.tracebacks += 1
            report.failures.append(f"engine traceback on {line[:80]!r}: {traceback.format_exc(limit=3)[-400:]}")
            continue
        if not result.ok:
            report.refused += 1
            if path.read_bytes() != before_bytes or game.state != before_state:
                report.changed_by_refusal += 1
                report.failures.append(f"refused but changed: {line[:80]!r}: {result.message[:80]}")
            continue
        report.accepted += 1
        if len(game.events) > events:  # a new command (undo and redo change an event's status)
            try:
                same = _replays(game, before_state, game.events[-1])
            except Exception as exc:
                same = False
                report.failures.append(f"{game.events[-1]['command'][:80]!r} does not replay: {exc}")
            if not same:
                report.replay_mismatches += 1
                report.failures.append(f"{line[:80]!r} logged as {game.events[-1]['command'][:80]!r} replays differently")
    problem = game.verify()
    if problem:
        report.replay_mismatches += 1
        report.failures.append(f"the whole log does not replay: {problem[:200]}")


def cli_fuzz(ruleset_id: str, path: Path, cases: int, rng: random.Random, report: FuzzReport) -> None:
    """``cases`` random lines through ``harbormaster exec`` (in process); each call re-opens and verifies the save."""
    from tui.cli import main as cli

    viewer = open_game(path, data_dir(), mode="read")
    vocab = vocabulary(viewer)
    for _ in range(cases):
        viewer = open_game(path, data_dir(), mode="read")
        line = random_line(viewer, rng, vocab)
        before = path.read_bytes()
        out, err = io.StringIO(), io.StringIO()
        report.cli_cases += 1
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = cli(["exec", str(path), line])
        except BaseException:  # SystemExit or a traceback: both are failures here
            report.cli_failures += 1
            report.failures.append(f"cli traceback on {line[:80]!r}: {traceback.format_exc(limit=3)[-400:]}")
            continue
        if "Traceback" in err.getvalue():
            report.cli_failures += 1
            report.failures.append(f"cli printed a traceback for {line[:80]!r}")
        if code == 0:
            report.cli_accepted += 1
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as shown:
                if cli(["show", str(path), "phase"]) != 0:  # re-opened with the whole log replayed
                    report.cli_failures += 1
                    report.failures.append(f"after {line[:80]!r} the save no longer opens: {shown.getvalue()[:200]}")
        elif code == 1:
            report.cli_refused += 1
            if path.read_bytes() != before:
                report.cli_failures += 1
                report.failures.append(f"cli refused {line[:80]!r} but the save changed")
        else:
            report.cli_failures += 1
            report.failures.append(f"cli exit {code} for {line[:80]!r}: {err.getvalue()[:200]}")


def fuzz_test(folder: Path, cases: int, rng: random.Random, cli_share: float = 0.1, log=print) -> FuzzReport:
    """``cases`` random lines per rule set: most through the engine, ``cli_share`` of them through the CLI.

    Each rule set gets fresh saves every 400 engine cases (so the log stays a
    realistic length) and every 60 CLI cases.
    """
    report = FuzzReport()
    for rid in sorted(RULESETS):
        cli_cases = max(1, int(cases * cli_share)) if cases else 0
        engine_cases = cases - cli_cases
        done, round_no = 0, 0
        while done < engine_cases:
            n = min(400, engine_cases - done)
            path = folder / f"fuzz-{rid}-{round_no}.json"
            game = create_game(path, data_dir(), rid, seed=rng.randrange(10**6))
            try:
                engine_fuzz(game, path, n, rng, report)
            finally:
                game.close()
            done += n
            round_no += 1
        done = 0
        while done < cli_cases:
            n = min(60, cli_cases - done)
            path = folder / f"fuzz-cli-{rid}-{round_no}.json"
            create_game(path, data_dir(), rid, seed=rng.randrange(10**6)).close()
            cli_fuzz(rid, path, n, rng, report)
            done += n
            round_no += 1
        log(f"  {rid}: {report.cases} engine cases and {report.cli_cases} CLI cases so far")
    return report
