"""Issue 8 point 5: numbers never raise or hang.

Every number a command reads goes through ``tui/rules/core/numbers.py`` with a
type and a range; a huge digit string, NaN, infinity or a negative count is
refused with the allowed range and changes nothing. Dice specifications have
bounds too.
"""

from __future__ import annotations

import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.rules.core.dice import DiceSpec, parse_faces
from tui.rules.core.errors import RuleError
from tui.session import memory_game

HUGE = "9" * 400
ENORMOUS = "9" * 4301  # past Python's int() limit for a decimal string


def refused(game, line: str, *fragments: str) -> str:
    before, events, revision = game.state, list(game.events), game.store.revision
    result = game.execute(line)
    assert not result.ok, f"{line[:60]} was accepted: {result.message}"
    for fragment in fragments:
        assert fragment in result.message, result.message
    assert HUGE not in result.message  # the 400 digits are not echoed back
    assert game.state == before and game.events == events and game.store.revision == revision
    return result.message


def to(game, key: str) -> None:
    for _ in range(60):
        if game.segment.key == key:
            return
        assert game.execute("next --force").ok
    raise AssertionError(f"never reached {key}")


@pytest.fixture
def europa():
    return memory_game(data_dir(), seed=1, clock=fixed_clock)


@pytest.fixture
def ocs():
    game = memory_game(data_dir(), "ocs", seed=1, clock=fixed_clock)
    to(game, "first-turn/movement/move")  # where 19.0a-b commands are legal
    return game


@pytest.mark.parametrize("line", [
    f"malta {HUGE}", "malta nan", "malta 1e9", "malta -1",
    f"hit Tobruk {HUGE}", "hit Tobruk inf", "hit Tobruk nan", "hit Tobruk -1",
    f"repair Tobruk {HUGE}", f"reduce Tobruk {HUGE}", f"mines Tobruk {HUGE}", "mines Tobruk -1",
    f"dedicate Tobruk 1 --hqs {HUGE}", f"dedicate Tobruk 1 --hqs=-1", f"use Tobruk {HUGE}",
    f"condition interdiction-hits {HUGE}",
    f"interdict bomb {HUGE}",
    f"air add Ju88 axis central role=bomber range=20 tbf={HUGE}",
    "air add Ju88 axis central role=bomber range=20 tbf=nan",
    "air add Ju88 axis central role=bomber range=20 tbf=-4",
    f"air add Ju88 axis central role=bomber range={HUGE} tbf=4",
    f"air add Ju88 axis central role=bomber range=20 tbf=4 distance={HUGE}",
    f"transit add TF1 allied Bombay Aden {HUGE}",
    f"transit add TF1 allied Bombay Aden ma={HUGE}",
    f"jetty Sollum {HUGE}",
    f"check 'Central Med' axis sp:{HUGE}", "check 'Central Med' axis sp:nan",
    f"batch 'Western Med' axis unit@u1 dice=1,{HUGE}",
    f"roll 1d6+{HUGE}", f"roll {HUGE}d6", f"roll 1d{HUGE}", "roll 1d6 --dice 1e9", f"roll 1d6 --dice {HUGE}",
])
def test_europa_numbers_are_refused_with_their_range(europa, line: str) -> None:
    """Issue 8.5: each refused cleanly, naming what was wrong, the game unchanged."""
    refused(europa, line)


def test_the_refusal_names_the_allowed_range(europa) -> None:
    """33.B.1.a: the Malta status number is a whole number in a stated range."""
    message = refused(europa, f"malta {HUGE}", "Malta status number", "from")
    assert "400-digit" in message
    assert "from 0 to" in refused(europa, "air add Ju88 axis central role=bomber range=20 tbf=-4", "TBF")


def test_a_roll_with_4301_digits_is_refused_not_raised(europa) -> None:
    """Past Python's 4,300-digit limit: a refusal, never a ValueError."""
    with pytest.raises(RuleError):
        DiceSpec.parse("1d6+" + ENORMOUS)
    with pytest.raises(RuleError):
        parse_faces(ENORMOUS)
    refused(europa, "roll 1d6+" + "9" * 3000)


@pytest.mark.parametrize("spec", ["1d6+1000000", "1d6-99999", "1d6" + "+1" * 200])
def test_dice_modifiers_have_bounds(spec: str) -> None:
    with pytest.raises(RuleError):
        DiceSpec.parse(spec)


def test_land_and_mulberry_numbers(europa) -> None:
    """31.B.2 and 31.A.12: REs, SP points and MPs towed are bounded numbers."""
    assert europa.execute("beach add Anzio allied hex=Anzio zone=Tyrrhenian").ok
    refused(europa, f"land Anzio {HUGE}")
    refused(europa, f"land Anzio 1 {HUGE} --supply")
    refused(europa, "land Anzio nan")


def test_a_number_prompt_refuses_nan_and_huge_answers(europa) -> None:
    """33.A guided check: the REs prompt takes 0.5 to 99, never NaN (which compares false with both bounds)."""
    to(europa, "axis-turn/initial/initial-naval")
    result = europa.execute("check 'Central Med' axis --cargo sp --guided")
    question = result.needs_answer
    assert question is not None and question.prompt.kind == "number" and (question.prompt.min, question.prompt.max) == (0.5, 99)
    for value in ("nan", "inf", HUGE, "-1", "100.25"):
        result = europa.execute(question.answered(value))
        assert not result.ok and result.needs_answer is None and "REs" in result.message, value


@pytest.mark.parametrize("line", [
    f"hit Tripoli {HUGE}", "hit Tripoli nan", f"allowance axis {HUGE}", "allowance axis nan", "allowance axis -1",
    f"port edit Tripoli hits={HUGE}", f"load Tripoli {HUGE}", f"load Tripoli {HUGE} SP", f"load Tripoli 1 SP {HUGE}T",
    f"load Tripoli {'9' * 3000}",
])
def test_ocs_numbers_are_refused_with_their_range(ocs, line: str) -> None:
    """19.0a-f: hits, allowances and SP/Token amounts refused cleanly."""
    refused(ocs, line)


@pytest.mark.parametrize("text", ["+-+2", "--2", "-+.5", "+", "-", ".", "1.2.3", "1e3", "0x10", "١", "1_000", " ", "½½"])
def test_read_amount_and_read_int_refuse_every_malformed_number(text: str) -> None:
    """Signs are read once: ``--2`` is refused, never a ValueError from float()."""
    from tui.rules.core.numbers import read_amount, read_int

    with pytest.raises(RuleError):
        read_amount(text, "REs", None, None)
    with pytest.raises(RuleError):
        read_int(text, "hits", None, None)


def test_malformed_signs_on_a_command_are_refused(europa) -> None:
    refused(europa, "use Tobruk --2")
    refused(europa, "use Tobruk +-+2")


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

NUMBERISH = st.one_of(st.text(max_size=30), st.text(alphabet="0123456789+-.½¼¾ eE_dD,x", max_size=40),
                      st.integers().map(str), st.floats().map(str), st.just("9" * 5000))


@settings(max_examples=1500, deadline=None)
@given(NUMBERISH)
def test_every_number_reader_refuses_or_reads_but_never_raises_anything_else(text: str) -> None:
    """Issue 8.5: numbers, dice specs, dice faces and OCS amounts (19.0a) read any text without a Python error."""
    from tui.rules.core.numbers import read_amount, read_int
    from tui.rules.ocs.amounts import parse_amount

    for read in (lambda t: read_amount(t, "x", None, None), lambda t: read_int(t, "x", None, None),
                 DiceSpec.parse, parse_faces, lambda t: parse_amount(t, 4)):
        try:
            value = read(text)
        except RuleError:
            continue
        assert value is not None


def test_a_guided_check_refuses_a_cargo_item_that_is_not_one_before_asking_the_rest(europa) -> None:
    """33.A: ``check ZONE --cargo '3 4'`` used to start the guided check and crash when the side was answered."""
    refused(europa, "check 'Central Med' --cargo '3 4'", "not a cargo kind")
    refused(europa, "check 'Central Med' --cargo sp:" + HUGE, "REs")
