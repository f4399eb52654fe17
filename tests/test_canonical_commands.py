"""Issue 8 point 1: an accepted command replays to the same state.

The log records each command in a canonical form that parses back to exactly
the same command (arguments that begin with ``--``, quotes, empty strings,
unicode, whitespace, ``=``), and options a verb does not declare are refused
with the verb's known options. The property test walks the verb table of every
rule set, so verbs added later are covered without touching this file.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.conftest import fixed_clock
from tui.engine import flow
from tui.engine.command import ENGINE_OPTIONS, VALUE_OPTIONS, Command, CommandSyntaxError, parse, render
from tui.engine.setup import RULESETS, load_ruleset
from tui.paths import data_dir
from tui.rules.core.ruleset import Verb
from tui.session import create_game, memory_game


@lru_cache(maxsize=None)
def verb_table() -> tuple[tuple[str, Verb], ...]:
    """(rule set, verb) for every verb of every rule set, the engine's own included."""
    rows: list[tuple[str, Verb]] = []
    for rid in sorted(RULESETS):
        verbs = {**flow.core_verbs(), **load_ruleset(rid, data_dir()).verbs}
        rows.extend((rid, v) for _, v in sorted(verbs.items()))
    return tuple(rows)


# Words a referee (or an adversary) might type: anything at all, plus the awkward cases by name.
AWKWARD = st.sampled_from(["", " ", "--x 2", "--it's", "--", "-", "--he", "--dice", "'", '"', "\\", "a=b", "--name=x",
                           "½", "Port Sudan", "tab\there", "new\nline", "\u00a0", "é→ß", "#", "$HOME", "`x`", ";", "a'b\"c"])
WORD = st.one_of(AWKWARD, st.text(max_size=12))


@st.composite
def commands(draw: st.DrawFn) -> Command:
    """A command of any verb of any rule set, with any arguments and any of the verb's options."""
    _, verb = draw(st.sampled_from(verb_table()))
    args = tuple(draw(st.lists(WORD, max_size=5)))
    options: dict[str, object] = {}
    for name in draw(st.lists(st.sampled_from(sorted(set(verb.options) | ENGINE_OPTIONS)), max_size=4, unique=True)):
        if name == "dice":
            options[name] = draw(st.lists(WORD, min_size=1, max_size=3))
        elif name in VALUE_OPTIONS:
            options[name] = draw(WORD)
        else:
            options[name] = True
    return Command(verb.name, args, options)


@settings(max_examples=1500, deadline=None)
@given(commands())
def test_the_canonical_form_parses_back_to_the_same_command(cmd: Command) -> None:
    """parse(render(command)) == command for every verb of every rule set (issue 8.1)."""
    text = render(cmd.verb, cmd.args, cmd.options)
    back = parse(text, "replay")
    assert (back.verb, back.args, back.options) == (cmd.verb, cmd.args, cmd.options), text
    assert back.text == text  # the canonical form is a fixed point


@settings(max_examples=500, deadline=None)
@given(st.lists(WORD, min_size=1, max_size=6))
@example([":", ":"])  # the verb ':' once rendered bare and read back as an empty line
def test_any_line_that_parses_has_a_canonical_form_that_parses_the_same(words: list[str]) -> None:
    """Whatever a referee types, if it reads as a command its log text reads as the same command."""
    try:
        cmd = parse(" ".join(words))
    except CommandSyntaxError:
        return
    assert parse(cmd.text) == cmd


def test_every_verb_declares_its_options_and_value_options_are_known() -> None:
    """Each rule set's verbs list their options; the engine's are not repeated as rule-set options."""
    for rid, verb in verb_table():
        assert all(isinstance(o, str) and o == o.lower() and o for o in verb.options), (rid, verb.name)


@pytest.mark.parametrize("token", ["--x 2", "--it's", "--he", "--", "--=3", "--dice"])
def test_a_quoted_token_is_an_argument_never_an_option(token: str) -> None:
    """Quoting a word that begins with ``--`` makes it an argument (issue 8.1: 'hit Tobruk '--x 2'')."""
    cmd = parse(f"note {render('x', (token,), {}).split(' ', 1)[1]}")
    assert cmd.args == (token,) and cmd.options == {}


def test_options_parse_unquoted_with_or_without_equals() -> None:
    cmd = parse("check --name=convoy --sea-zone 'Central Mediterranean' --FORCE")
    assert cmd.options == {"name": "convoy", "sea-zone": "Central Mediterranean", "force": True}
    assert parse("use Tobruk 1 --dice=''").options == {"dice": [""]}


# ------------------------------------------------------------- through the engine
def test_hit_with_a_quoted_dash_word_is_refused_and_the_save_is_untouched(tmp_path: Path) -> None:
    """Issue 8.1: ``hit Tobruk '--x 2'`` was accepted as 1 hit and replayed as 2; now it is refused (31.A.3)."""
    game = create_game(tmp_path / "g.json", data_dir(), seed=1, clock=fixed_clock)
    before = game.store.path.read_bytes()
    result = game.execute("hit Tobruk '--x 2'")
    assert not result.ok and "--x 2" in result.message
    assert game.store.path.read_bytes() == before


def test_an_unknown_option_is_refused_naming_the_verbs_options() -> None:
    """``use Tobruk 1 --x`` names --he and --supply (31.A.1) and the engine's --dice, --roll, --force."""
    game = memory_game(data_dir(), seed=1, clock=fixed_clock)
    before = game.state
    result = game.execute("use Tobruk 1 --x")
    assert not result.ok
    assert "--x" in result.message and "--he" in result.message and "--supply" in result.message and "--force" in result.message
    assert game.state == before and not game.events
    hit = game.execute("hit Tobruk --x 2")
    assert not hit.ok and "has no option --x" in hit.message and "quote" in hit.message


def test_an_ocs_unknown_option_is_refused_by_the_engine() -> None:
    """19.0a: ``load`` takes --unit and nothing else."""
    game = memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)
    result = game.execute("load Tobruk 1 --units")
    assert not result.ok and "--unit" in result.message and "--units" in result.message


def test_collateral_with_an_apostrophe_word_replays(tmp_path: Path) -> None:
    """Issue 8.1: ``collateral Aden on "--it's"`` was logged as text that no longer parses (31.A.4)."""
    game = create_game(tmp_path / "g.json", data_dir(), seed=1, clock=fixed_clock)
    before = game.store.path.read_bytes()
    result = game.execute('collateral Aden on "--it\'s"')
    if result.ok:
        assert parse(game.events[-1]["command"]).args == ("Aden", "on", "--it's")
        assert game.verify() is None
    else:
        assert game.store.path.read_bytes() == before


@pytest.mark.parametrize("line", [
    "note '--x 2' \"a b\" '' ½ é→ß 'two  spaces'",  # a tab in a word is refused since issue 18.5
    "note -- --",
    "use Tobruk 1 --he",
    "dedicate Tobruk 1 --hqs=1",
    "check 'Central Mediterranean' axis sp:1 --name '--odd name' --force dice=3,4,5",
])
def test_accepted_commands_replay_to_the_same_state(line: str, tmp_path: Path) -> None:
    """Every accepted command's log text replays to the saved state (issue 8.1)."""
    game = create_game(tmp_path / "g.json", data_dir(), seed=1, clock=fixed_clock)
    result = game.execute(line)
    assert result.ok, result.message
    assert game.verify() is None


def test_every_option_a_handler_reads_is_declared_by_a_verb_of_its_rule_set() -> None:
    """Grep the handlers: each ``opts.get("x")`` / ``opts["x"]`` of a rule set names an option one of its verbs declares."""
    import re

    root = Path(__file__).resolve().parents[1] / "tui" / "rules"
    pattern = re.compile(r"""opts(?:\.get\(|\[)\s*["']([a-z0-9-]+)["']""")
    for rid in sorted(RULESETS):
        own = {v.name: v for r, v in verb_table() if r == rid}
        declared_here = set(ENGINE_OPTIONS).union(*(set(v.options) for v in own.values()))
        read = {m for f in (root / rid).glob("*.py") for m in pattern.findall(f.read_text(encoding="utf-8"))}
        assert read, f"no option reads found under tui/rules/{rid}: the pattern no longer matches the handlers"
        assert read <= declared_here, f"{rid} handlers read undeclared options: {sorted(read - declared_here)}"


@pytest.mark.parametrize("line", [": :", ":  ::", ": ':'", ":x"])
def test_a_verb_that_begins_with_a_colon_keeps_its_canonical_form(line: str) -> None:
    """The property test's counterexample ': :': the verb ':' rendered bare read back as an empty line."""
    cmd = parse(line)
    assert parse(cmd.text) == cmd
    assert parse(render(cmd.verb, cmd.args, cmd.options), "replay").verb == cmd.verb
