"""``check`` and ``batch`` exactly (``tui/rules/europa/check_verbs.py``): every refusal whole, the records a run of
checks leaves (which earlier checks of the player-turn are kept), typed dice given as ``dice=``, and a log written
before issue 12 whose ``check`` left parts to the questions.

Rules: ``003_5744b160e91bc227.txt`` 33.A (an item of cargo is checked once per sea zone per naval movement phase),
33.D (the contact roll, 2d6, by the enemy player), 33.E (the result, 1d6; 2 and 3: R and ½E units "are allowed no
further movement during the rest of the player-turn"; SP/SRPs checked in 3 RE increments), 33.B.1.a (the short
route, -5), 33.B.8 (Red Sea); RULINGS E26 (a naval movement phase is all its segments).
"""

from __future__ import annotations

from tests.test_europa_referee import game, ok, refused, to  # noqa: F401 (game is a fixture)
from tui.rules.core.dice import DiceSpec, roll_typed

USAGE_CHECK = ("check [ZONE SIDE KIND[:RES][@NAME]] [--guided] [--tight|--loose|--outside] "
               "[--short|--far|--soviet|--soviet-base] [--force] [--dice N,N,..|dice=N,N,..]")
USAGE_BATCH = "batch ZONE SIDE ITEM... [--tight|--loose] [--short|--far] [--force] [--dice N,N,..|dice=N,N,..]"
RETURNED = ("R: Returned: {0}. The naval unit is turned back to its port of origin and any cargo is disembarked; all "
            "involved units may not move for the rest of the player-turn (a reinforcement embarked on NTs goes to the "
            "closest friendly-owned port, by an all-water route, from which it entered the sea zone, or to the hex "
            "where it entered play).")
ALLIED_ROLLS = "contact rolls made by the Allied player, the enemy of the shipping checked (33.D)"


def checks(game, state=None) -> list[tuple]:
    return [(c.item, c.phase.partition("/")[2], c.nsn, c.contact_roll, c.result, c.forced)
            for c in (state or game.state).world.sea.checks]


# --- refusals, whole ----------------------------------------------------------------------------------------------


def test_batch_usage_and_the_missing_items_are_refused_whole(game) -> None:
    assert refused(game, "batch 'Central Med'").message == f"usage: {USAGE_BATCH}"
    assert refused(game, "batch 'Central Med' axis").message == "which cargo items? e.g. sp:3@convoy-1 unit@7-6 empty-nt (33.A)"


def test_check_too_many_arguments_names_the_extra_words(game) -> None:
    assert refused(game, "check 'Central Med' axis unit extra").message == f"too many arguments: extra; usage: {USAGE_CHECK}"
    # with --cargo, every word after the side is extra
    assert refused(game, "check 'Central Med' axis --cargo unit@h extra more").message == (
        f"too many arguments: extra more; usage: {USAGE_CHECK}")
    # --cargo and no word after the side: checked (33.A)
    assert ok(game, "check 'Central Med' axis --cargo unit@h dice=1,1").message == (
        "Axis shipping, Central Mediterranean: h, combat unit, Central Mediterranean: NSN 10, 2d6 2 — not contacted (33.D)")


def test_a_key_the_command_does_not_take_is_refused_not_ignored(game) -> None:
    assert refused(game, "check 'Central Med' axis unit@x foo=bar --dice 1,1").message == (
        "'foo=bar': this command takes no foo= (it takes dice=)")
    assert refused(game, "batch 'Central Med' axis unit@y sea=2 --dice 1,1").message == (
        "'sea=2': this command takes no sea= (it takes dice=)")
    # the key in any case; the value is everything after the first '='
    assert ok(game, "check 'Central Med' axis unit@z DICE=1,1").details[0] == (
        "33.D contact: z in Central Mediterranean: 2d6 = 1+1 = 2 (typed)")
    assert refused(game, "check 'Central Med' axis unit@w dice=1,1=2").message == (
        "a die face must be a whole number (from 1 to 1000), not '1=2'")


def test_one_interdiction_zone_column_at_most(game) -> None:
    """33.E Table 6: the outside, loose or tight column; two or three given are refused alike."""
    for given in ("--tight --loose", "--outside --tight", "--tight --loose --outside"):
        assert refused(game, f"check 'Central Med' axis unit@q {given}").message == "give one of --outside, --loose, --tight"


def test_a_blank_check_name_is_refused_before_anything_is_asked(game) -> None:
    assert refused(game, "check 'Central Med' --name ' '").message == (
        "a check's name (--name) cannot be blank (' ' has no visible character)")


def test_33A_the_same_item_twice_in_one_batch_is_refused_in_any_case(game) -> None:
    """33.A: once per sea zone per naval movement phase, within one command too (names compared in any case)."""
    assert refused(game, "batch 'Central Med' axis unit@a unit@A --dice 1,1,1,1").message == (
        "A was already checked in the Central Mediterranean this naval movement phase (in this command): 33.A checks "
        "an item once per sea zone per naval movement phase (RULINGS E26: the whole phase, all its segments). Repeat "
        "with --force to check again (recorded)")


def test_33A_a_second_check_names_the_first_and_its_result(game) -> None:
    ok(game, "check 'Central Med' axis unit@n1 --dice 1,1")
    assert refused(game, "check 'Central Med' axis unit@N1 --dice 1,1").message == (
        "N1 was already checked in the Central Mediterranean this naval movement phase (NSN 10, 2d6 2): 33.A checks an "
        "item once per sea zone per naval movement phase (RULINGS E26: the whole phase, all its segments). Repeat with "
        "--force to check again (recorded)")
    ok(game, "check 'Central Med' axis unit@7-6 --dice 3,3,4")
    assert refused(game, "check 'Central Med' axis unit@7-6 --dice 1,1").message.startswith(
        "7-6 was already checked in the Central Mediterranean this naval movement phase (NSN 10, 2d6 6, R): 33.A")


def test_33E_an_item_turned_back_may_not_be_checked_elsewhere_this_player_turn(game) -> None:
    """33.E 2: R, "all involved units may not move for the rest of the player-turn"; --force checks it anyway."""
    r = ok(game, "check 'Central Med' axis unit@7-6 --dice 3,3,4")
    assert r.message == ("Axis shipping, Central Mediterranean: 7-6, combat unit, Central Mediterranean: NSN 10, 2d6 6 "
                         "— CONTACT; 1d6 4 (outside) = " + RETURNED.format("7-6"))
    text = ("7-6 was turned back (R) in the Central Mediterranean this player-turn: all involved units are allowed no "
            "further movement during the rest of the player-turn (33.E 2, 3). Repeat with --force to check it anyway "
            "(recorded)")
    assert refused(game, "check 'Western Med' axis unit@7-6 --dice 1,1").message == text
    assert refused(game, "check 'Aegean' axis unit@7-6 --dice 1,1").message == text
    r = ok(game, "check 'Western Med' axis unit@7-6 --force --dice 1,1")
    assert r.details == ["33.D contact: 7-6 in Western Mediterranean: 2d6 = 1+1 = 2 (typed)", ALLIED_ROLLS]
    assert checks(game)[-1] == ("7-6", "axis-turn/initial", 12, 2, "", False)


def test_33A_force_repeats_a_check_in_the_same_zone_and_says_so(game) -> None:
    ok(game, "check 'Central Med' axis unit@7-6 --dice 3,3,4")
    r = ok(game, "check 'Central Med' axis unit@7-6 --force --dice 1,1")
    assert r.message == ("Axis shipping, Central Mediterranean: 7-6, combat unit, Central Mediterranean: NSN 10, 2d6 2 — "
                         "not contacted (33.D)")
    assert r.details == ["33.D contact: 7-6 in Central Mediterranean: 2d6 = 1+1 = 2 (typed)", ALLIED_ROLLS,
                         "forced by the referee: second check this phase of 7-6 (recorded)"]
    assert checks(game) == [("7-6", "axis-turn/initial", 10, 6, "R", False), ("7-6", "axis-turn/initial", 10, 2, "", True)]


def test_forced_items_of_a_batch_are_listed_together(game) -> None:
    ok(game, "batch 'Central Med' axis unit@a unit@b --dice 1,1,1,1")
    r = ok(game, "batch 'Central Med' axis unit@a unit@b --force --dice 1,1,1,1")
    assert r.details[-1] == "forced by the referee: second check this phase of a, b (recorded)"
    assert [c[5] for c in checks(game)] == [False, False, True, True]


# --- typed dice as dice= -----------------------------------------------------------------------------------------


def test_dice_typed_as_a_key_are_used_stage_by_stage(game) -> None:
    """33.D then 33.E, from one row of faces."""
    r = ok(game, "check 'Central Med' axis unit@d dice=3,3,4")
    assert r.details == ["33.D contact: d in Central Mediterranean: 2d6 = 3+3 = 6 (typed)",
                         "33.E result: d in Central Mediterranean: 1d6 = 4 = 4 (typed)", ALLIED_ROLLS]
    r = ok(game, "batch 'Central Med' axis unit@f sp:6@g dice=1,1,1,1,1,1")
    assert r.message == "Axis shipping, Central Mediterranean: 3 item(s) checked, 0 contacted (33.A, 33.D, 33.E)"
    assert r.details == ["33.D contact: f in Central Mediterranean: 2d6 = 1+1 = 2 (typed)",
                         "33.D contact: g/1 in Central Mediterranean: 2d6 = 1+1 = 2 (typed)",
                         "33.D contact: g/2 in Central Mediterranean: 2d6 = 1+1 = 2 (typed)",
                         "f, combat unit, Central Mediterranean: NSN 10, 2d6 2 — not contacted (33.D)",
                         "g/1 (3 REs), SPs/SRPs, Central Mediterranean: NSN 10, 2d6 2 — not contacted (33.D)",
                         "g/2 (3 REs), SPs/SRPs, Central Mediterranean: NSN 10, 2d6 2 — not contacted (33.D)",
                         ALLIED_ROLLS]


def test_typed_dice_that_run_out_or_are_left_over_check_nothing(game) -> None:
    assert refused(game, "check 'Central Med' axis unit@e dice=3,3").message == (
        "the typed dice ran out at 33.E result: e in Central Mediterranean (1d6): type every die in a row in dice=, "
        "or leave dice= out to roll")
    assert refused(game, "check 'Central Med' axis unit@a dice=1,1,1,1").message == (
        "typed dice 1, 1 left over: the last roll was 33.D contact: a in Central Mediterranean, and it ended the "
        "command: nothing was checked")
    assert refused(game, "check 'Central Med' axis unit@b dice=3,3,4,5").message == (
        "typed dice 5 left over: the last roll was 33.E result: b in Central Mediterranean, and it ended the "
        "command: nothing was checked")


def test_guided_check_with_dice_typed_as_a_key_asks_no_roll(game) -> None:
    """--guided asks what is missing (here the 33.B.1.a route); dice typed (dice= or --dice) are not asked for."""
    asked = game.execute("check --guided 'Central Med' axis unit@g dice=1,1")
    assert not asked.ok and asked.needs_answer is not None
    r = ok(game, "check --guided 'Central Med' axis unit@g --route none dice=1,1")
    assert r.message == ("Axis shipping, Central Mediterranean: g, combat unit, Central Mediterranean: NSN 10, 2d6 2 — "
                         "not contacted (33.D)")
    r = ok(game, "check --guided 'Central Med' axis unit@h --route short --dice 6,6,2")
    assert checks(game)[-1] == ("h", "axis-turn/initial", 5, 12, "NE", False)


def test_a_check_name_given_names_the_item(game) -> None:
    r = ok(game, "check 'Central Med' axis unit@q --name Convoy --dice 1,1")
    assert r.message.startswith("Axis shipping, Central Mediterranean: Convoy, combat unit")
    ok(game, "check 'Central Med' axis unit --dice 1,1")
    assert [c[0] for c in checks(game)] == ["Convoy", "#1"]


# --- ports decide zones: the port tables reach the checks ---------------------------------------------------------


def test_33B8_allied_red_sea_nsn_4_while_massaua_is_axis(game) -> None:
    """33.B.8.b, 33.B.10 Table 3: Allied shipping in the Red Sea NSN 4 while Massaua is Axis-owned; column 4 contacts
    on 3 and 10-12."""
    ok(game, "capture Massaua axis")
    ok(game, "check 'Red Sea' allied unit@r --dice 1,2,4")
    assert checks(game)[-1] == ("r", "axis-turn/initial", 4, 3, "R", False)


def test_western_med_nsn_read_from_the_ports_there(game) -> None:
    ok(game, "check 'Western Med' axis unit@w --dice 1,1")
    ok(game, "check 'Western Med' allied unit@v --dice 1,1")
    assert [c[2] for c in checks(game)] == [12, 6]


# --- the records a run of checks keeps (33.A; 33.E 2, 3) ---------------------------------------------------------


def test_33E_records_keep_this_phase_and_earlier_holds_of_the_player_turn(game) -> None:
    """A later phase keeps the checks of this player-turn that hold their item (R, ½E: contacted), and drops the
    rest; the other player-turn keeps none of them."""
    for face in (1, 5, 6):
        ok(game, f"check central-med axis unit@u{face} --dice 3,3,{face}")
    ok(game, "check central-med axis unit@c --dice 1,1")
    assert [c[4] for c in checks(game)] == ["NE", "R", "½E", ""]
    to(game, "axis-turn/exploitation/exploitation-naval")
    ok(game, "check central-med axis unit@e --dice 1,1")
    assert checks(game) == [("u5", "axis-turn/initial", 10, 6, "R", False),
                            ("u6", "axis-turn/initial", 10, 6, "½E", False),
                            ("e", "axis-turn/exploitation", 10, 2, "", False)]
    to(game, "allied-turn/initial/initial-naval")
    ok(game, "check central-med allied unit@f --dice 1,1")
    assert checks(game) == [("f", "allied-turn/initial", 6, 2, "", False)]


# --- a log written before issue 12: check, then one answer per question ---------------------------------------------


def replayed(game, lines: list[str], faces: tuple[int, ...]):
    """The state a log gives: the commands so far, then ``lines`` (the last answers the roll with ``faces``)."""
    rolls = [roll_typed(DiceSpec.parse("2d6"), faces[:2], "33.D contact").to_dict()]
    if len(faces) > 2:
        rolls.append(roll_typed(DiceSpec.parse("1d6"), faces[2:], "33.E result").to_dict())
    events = list(game.events)
    for n, line in enumerate(lines, len(events) + 1):
        events.append({"seq": n, "status": "applied", "command": line, "dice": rolls if line == lines[-1] else []})
    return game.replay(events=events)


def test_issue12_old_check_with_zone_side_name_and_route_flag_replays(game) -> None:
    """The check's own name and --short (33.B.1.a: NSN 10 - 5 = 5) are kept through the questions; 2d6 12 contacts,
    1d6 2 on SPs = 1RE (33.E Table 6)."""
    state = replayed(game, ["check 'Central Med' axis --name Convoy --short", "answer check-1:cargo sp",
                            "answer check-1:res 2", "answer check-1:route none", "answer check-1:roll 6,6,2"], (6, 6, 2))
    assert checks(game, state) == [("Convoy", "axis-turn/initial", 5, 12, "1RE", False)]
    assert state.world.sea.checks[0].flags == ("short",)


def test_issue12_old_check_with_cargo_and_side_asks_the_zone_and_keeps_force(game) -> None:
    """A second check of the item in the zone this phase, forced (33.A), from an old log."""
    ok(game, "check central-med axis unit@Convoy --dice 1,1")
    state = replayed(game, ["check --cargo unit@Convoy --side axis --force", "answer check-2:zone 'Central Mediterranean'",
                            "answer check-2:route none", "answer check-2:roll 6,6,2"], (6, 6, 2))
    assert checks(game, state) == [("Convoy", "axis-turn/initial", 10, 2, "", False),
                                   ("Convoy", "axis-turn/initial", 10, 12, "NE", True)]


def test_issue12_old_check_of_a_zone_only_asks_the_side_then_the_cargo(game) -> None:
    state = replayed(game, ["check 'Red Sea' --name Dhow", "answer check-1:side allied", "answer check-1:cargo unit",
                            "answer check-1:roll 1,2,4"], (1, 2, 4))
    assert checks(game, state) == [("Dhow", "axis-turn/initial", 0, 3, "", False)]


def test_a_complete_check_is_never_guided_when_replayed(game) -> None:
    """A whole ``check`` in a log replays as it ran: no question, no counted serial beyond its own."""
    state = replayed(game, ["check 'Central Med' axis unit --dice 3,3,4"], (3, 3, 4))
    assert checks(game, state) == [("#1", "axis-turn/initial", 10, 6, "R", False)]
    assert not [p for p in state.flow.pending if p.id.startswith("check-")]


def test_33D_whose_roll_the_contact_is_explains_itself(game) -> None:
    """33.D: "the enemy player rolls two dice and consults the ANTI-SHIPPING TABLE": Axis shipping, the Allied roll;
    the check's route flag (33.B.1.a --short, NSN 10 - 5 = 5) is kept on its record."""
    r = ok(game, "check 'Central Med' axis unit@a --short --dice 6,6,6")
    last = r.explanations[-1]
    assert (last.name, last.value, last.rule, [(t.label, t.value, t.rule) for t in last.terms], last.notes) == (
        "contact roll made by", "allied", "33.D", [("shipping checked", "Axis", "33.D"), ("rolled by its enemy", "Allied", "33.D")],
        ('33.D: "the enemy player rolls two dice and consults the ANTI-SHIPPING TABLE"',))
    assert [e.name for e in r.explanations] == ["final naval status number", "contact", "shipping result",
                                                "½E: Half Eliminated", "contact roll made by"]
    check = game.state.world.sea.checks[-1]
    assert (check.nsn, check.flags, check.result) == (5, ("short",), "½E")
    r = ok(game, "check 'Central Med' allied unit@b --dice 1,1")
    assert [(t.label, t.value) for t in r.explanations[-1].terms] == [("shipping checked", "Allied"),
                                                                      ("rolled by its enemy", "Axis")]
