"""Where a verb is legal, said briefly and the same way everywhere (issue 12, bug 4).

A refusal used to list every legal segment (~17 for Europa's ``use``); it now names whole phases and
the same part of every player turn once. The wording is shared: the engine's refusal, ``help VERB``
and OCS's own Movement Phase check use :func:`tui.rules.core.phases.summarise_segments`.
"""

from __future__ import annotations

import pytest

from tui.paths import data_dir
from tui.engine.setup import RULESETS, load_ruleset
from tui.rules.core.phases import _cover, summarise_segments
from tui.rules.core.ruleset import legal_segments, where_legal
from tui.session import memory_game


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_the_summary_names_exactly_the_legal_segments(ruleset: str) -> None:
    """For every verb of every rule set, the steps the summary names hold exactly the segments it is legal in."""
    seq = load_ruleset(ruleset, data_dir()).sequence
    for verb in load_ruleset(ruleset, data_dir()).verbs.values():
        legal = {s.index for s in legal_segments(seq, verb)}
        named = {s.index for p in _cover(seq.segments, legal) for s in seq.segments if s.path[:len(p)] == p}
        assert named == legal, verb.name
        assert where_legal(seq, verb), verb.name


@pytest.mark.parametrize(("ruleset", "verb", "where"), [
    ("europa", "hit", "any segment"),
    ("europa", "capture", "any segment except Reinforcement phase of each player turn"),
    ("europa", "use", "any segment except Initial phase › Combat and Exploitation phase › Exploitation combat "
                      "of each player turn"),
    ("europa", "interfere", "Allied player turn › Initial phase"),
    ("ocs", "ship", "Movement phase of each player turn"),
    ("awaw", "construct", "End of player turn › Construction of each player turn"),
    ("logistics", "storm", "Storm movement"),
    ("logistics", "battle", "Combat of each player turn"),
])
def test_the_summary_names_phases_and_player_turns_once(ruleset: str, verb: str, where: str) -> None:
    rules = load_ruleset(ruleset, data_dir())
    assert where_legal(rules.sequence, rules.verbs[verb]) == where


def test_a_refusal_summarises_where_the_verb_is_legal() -> None:
    """Europa ``use`` in a combat segment: one short sentence, not fourteen segment titles."""
    game = memory_game(data_dir(), seed=1)
    for _ in range(2):
        assert game.execute("next").ok  # Axis initial phase › Combat
    r = game.execute("use Tobruk 1")
    assert not r.ok
    assert r.message.endswith("It is legal in any segment except Initial phase › Combat and "
                              "Exploitation phase › Exploitation combat of each player turn.")
    assert r.message.count("›") < 6


def test_help_verb_says_the_same() -> None:
    game = memory_game(data_dir(), "ocs", seed=1)
    r = game.execute("help ship")
    assert "legal in: Movement phase of each player turn" in r.details


def test_an_empty_choice_is_said_as_nothing() -> None:
    seq = load_ruleset("europa", data_dir()).sequence
    assert summarise_segments(seq, []) == ""
