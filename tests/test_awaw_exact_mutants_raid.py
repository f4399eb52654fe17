"""Exact tests of which defending ships engage a raider group (``tui/rules/awaw/raid_ships.py``; seed 004, 21.5342A-E),
written against the mutants a mutation run left alive: each test calls the pure functions on a few named ships and
asserts the whole result (the candidates, the factors left, the types sent, the next choice, the refusal).

Some inputs here are ones the verbs never pass (two dice of 6, a ship no longer in the pool): those tests say so; they
pin what the function itself answers for them (21.5342C: one fast carrier per attempt)."""

from __future__ import annotations

from typing import Any

from test_awaw_exact_ops_verbs import ops, refused
from tui.rules.awaw import raid_ships as RS
from tui.rules.awaw.raid_ships import Choice, Engaged, Ship, Types

ROWS = ops().raider_table.ships
BY = RS._rows(ROWS)

BB4 = Ship("BB4", "battleship", 4)
BC3 = Ship("BC3", "battlecruiser", 3)
BC2 = Ship("BC2", "battlecruiser", 2)
CA2 = Ship("CA2", "cruiser-2", 2, light=True)
CV1 = Ship("CV1", "fast-carrier", 1)
CV2 = Ship("CV2", "fast-carrier", 2)
CV3 = Ship("CV3", "fast-carrier", 3)


def dd(uid: str = "DD", factors: int = 3) -> Ship:
    """A destroyer counter: light, a ship per factor."""
    return Ship(uid, "destroyer", factors, light=True, whole=False)


def fleet(*ships: Ship, **left: int) -> tuple[dict[str, Ship], dict[str, int]]:
    """The ships by id, in this order, and the factors each has to give (all of them unless given)."""
    return {s.id: s for s in ships}, {s.id: left.get(s.id, s.factors) for s in ships}


def cands(face: int, ships: dict[str, Ship], avail: dict[str, int], reserved: int = 0, carrier: bool = False) -> list[str]:
    return RS.candidates(face, BY, ships, avail, reserved, carrier)


# --- candidates (21.5342A, C) -------------------------------------------------------------------------------------------


def test_21_5342A_a_destroyer_factor_only_while_one_is_left_and_not_reserved_for_the_carrier() -> None:
    """21.5342A (a "1": one destroyer factor), 21.5342C (the carrier's light factors are reserved)."""
    ships, avail = fleet(dd(factors=2))
    assert cands(1, ships, {"DD": 0}) == []  # none left
    assert cands(1, ships, avail) == ["DD"]
    assert cands(1, ships, avail, reserved=1) == ["DD"]  # 2 light factors: one for the die, one for the carrier
    assert cands(1, ships, avail, reserved=2) == []  # both are the carrier's


def test_21_5342C_a_fast_carrier_of_any_size_with_as_many_light_factors_beside_those_reserved() -> None:
    """21.5342C: the carrier is there only with as many light ship factors as its own, beside the ``reserved`` ones; a
    carrier too big for them is passed over, not the end of the list."""
    alone, avail = fleet(CV2)
    assert cands(6, alone, avail) == []  # no light ship factors at all
    ships, avail = fleet(CV2, dd(factors=2))
    assert cands(6, ships, avail) == ["CV2"]  # exactly as many
    ships, avail = fleet(CV2, dd(factors=3))
    assert cands(6, ships, avail, reserved=2) == []  # 3 light factors, 2 of them reserved: 1 left for a 2-factor carrier
    assert cands(6, ships, avail, reserved=1) == ["CV2"]
    assert cands(6, ships, avail, carrier=True) == []  # one fast carrier per attempt
    ships, avail = fleet(CV3, CV2, dd(factors=2))
    assert cands(6, ships, avail) == ["CV2"]


def test_21_5342A_a_ship_of_the_line_size_whole_and_light_ones_not_the_carriers() -> None:
    """21.5342A: a "2" is a 2-factor cruiser or battlecruiser with its two factors free, the heavy ship first; a cruiser
    whose factors a carrier needs (21.5342C) is not offered; a "3" is not a 4-factor battleship with 3 factors left."""
    ships, avail = fleet(CA2, BC2)
    assert cands(2, ships, avail) == ["BC2", "CA2"]
    assert cands(2, ships, avail, reserved=2, carrier=True) == ["BC2"]  # CA2's are the only light factors
    ships, avail = fleet(CA2, BC2, dd(factors=2))
    assert cands(2, ships, avail, reserved=2, carrier=True) == ["BC2", "CA2"]
    ships, _ = fleet(BB4)
    assert cands(3, ships, {"BB4": 3}) == []
    assert cands(4, ships, {"BB4": 4}) == ["BB4"]


# --- _take, _feasible ---------------------------------------------------------------------------------------------------


def test_21_5342A_C_the_factors_left_once_a_ship_is_taken() -> None:
    """A "1" takes one destroyer factor; a "6" takes the carrier whole and reserves its size in light factors (21.5342C);
    any other face takes its ship whole."""
    ships, avail = fleet(dd(factors=3), CV2, BC3)
    assert RS._take(1, "DD", BY, ships, avail, 0) == ({"DD": 2, "CV2": 2, "BC3": 3}, 0)
    assert RS._take(6, "CV2", BY, ships, avail, 1) == ({"DD": 3, "CV2": 0, "BC3": 3}, 3)
    assert RS._take(3, "BC3", BY, ships, avail, 0) == ({"DD": 3, "CV2": 2, "BC3": 0}, 0)
    assert avail == {"DD": 3, "CV2": 2, "BC3": 3}  # not changed in place


def test_21_5342C_feasible_one_fast_carrier_per_attempt() -> None:
    """21.5342C: "No more than one fast carrier may engage a raider group in each engagement attempt": a 6 finds no
    carrier once one engages, nor a second 6 after the first (faces the verbs never pass: they send one 6 at most)."""
    ships, avail = fleet(CV2, dd(factors=3))
    assert RS._feasible([6], BY, ships, avail, 0, False) is True
    assert RS._feasible([6], BY, ships, avail, 0, True) is False
    ships, avail = fleet(CV1, CV2, dd(factors=4))
    assert RS._feasible([6, 6], BY, ships, avail, 0, False) is False
    assert RS._feasible([6, 1], BY, ships, avail, 0, False) is True


# --- ship_types (21.5342A-D) --------------------------------------------------------------------------------------------


def test_21_5342D_the_types_sent_and_the_die_waiting_for_a_lesser_choice() -> None:
    """21.5342D: the whole :class:`Types` answer, a die waiting for the defender's lesser result (the types sent so far
    with it), then every type sent; a lesser result typed where none is there is refused, naming none."""
    ships, avail = fleet(BC3, Ship("Renown", "battlecruiser", 3), CA2, dd(factors=4))
    assert RS.ship_types([3, 4], ROWS, ships, avail, set(), {}) == Types((None, None), 1, (3, 2, 1), ())
    assert RS.ship_types([3, 4], ROWS, ships, avail, set(), {1: 3}) == Types((3, 3), None, (), ())
    lone, avail = fleet(CA2)
    assert RS.ship_types([5], ROWS, lone, avail, set(), {}) == Types((2,), None, (), (0,))
    assert refused(RS.ship_types, [4], ROWS, {}, {}, set(), {0: 2}) == (
        "no eligible ship of the die 4's type is there, and 2 is not a lesser result the defender may choose: none "
        "(21.5342D)")


# --- state_after, escort_factors, engage (21.5342C, E) ------------------------------------------------------------------


def test_21_5342E_the_factors_left_and_the_light_factors_the_carrier_still_needs() -> None:
    """21.5342C, E: after the ships named, the factors each has left, the light factors the carrier still needs and
    whether a carrier engages."""
    ships, avail = fleet(BC3)
    assert RS.state_after([3], ROWS, ships, avail, [Engaged(0, "BC3", 3)]) == ({"BC3": 0}, 0, False)
    ships, avail = fleet(CV2, dd(factors=3))
    assert RS.state_after([6], ROWS, ships, avail, [Engaged(0, "CV2", 2)]) == ({"CV2": 0, "DD": 3}, 2, True)
    assert RS.state_after([6], ROWS, ships, avail, [Engaged(0, "CV2", 2), Engaged(0, "DD", 1, "escort")]) == (
        {"CV2": 0, "DD": 2}, 1, True)
    # a ship named that the pool no longer holds (it left the SW box): its factors are still taken
    ships, _ = fleet(CA2)
    assert RS.state_after([2], ROWS, ships, {}, [Engaged(0, "CA2", 2)]) == ({"CA2": -2}, 0, False)
    # two carriers named (the verbs never send a second 6): each one's light factors are needed
    ships, avail = fleet(CV1, CV2, dd(factors=4))
    assert RS.state_after([6, 6], ROWS, ships, avail, [Engaged(0, "CV2", 2), Engaged(1, "CV1", 1)]) == (
        {"CV1": 0, "CV2": 0, "DD": 4}, 3, True)


def test_21_5342C_a_light_ship_of_one_ship_gives_all_its_factors_a_destroyer_counter_those_needed() -> None:
    """21.5342C, 21.313: a two-factor cruiser is one ship and goes whole with the carrier; destroyers give as many
    factors as it needs."""
    assert RS.escort_factors(CA2, 2, 1) == 2
    assert RS.escort_factors(dd(factors=3), 3, 2) == 2
    assert RS.escort_factors(dd(factors=3), 1, 2) == 1


def test_21_5342E_a_ship_not_among_the_candidates_is_refused_naming_them() -> None:
    ships, avail = fleet(BC3, CA2)
    assert refused(RS.engage, Choice(0, "ship", ("BC3", "Renown")), "CA2", [3], ROWS, ships, avail, []) == \
        "CA2 may not engage for this die: BC3, Renown (21.5342E)"
    assert refused(RS.engage, Choice(0, "ship", ()), "BC3", [3], ROWS, ships, avail, []) == \
        "BC3 may not engage for this die: no ship is left (21.5342E)"


# --- next_choice (21.5342C, E) ------------------------------------------------------------------------------------------


def _walk(sent: list[int], ships: dict[str, Ship], avail: dict[str, int], *names: str) -> list[Any]:
    """Each next choice, naming ``names`` in turn (the only candidate where there is one)."""
    engaged: list[Engaged] = []
    out: list[Any] = []
    todo = list(names)
    while True:
        c = RS.next_choice(sent, ROWS, ships, avail, engaged)
        out.append(c)
        if c is None or not c.candidates:
            return out
        engaged.append(RS.engage(c, c.candidates[0] if len(c.candidates) == 1 else todo.pop(0), sent, ROWS, ships, avail,
                                 engaged))


def test_21_5342C_E_the_carrier_offered_is_one_that_leaves_the_other_dice_their_types() -> None:
    """21.5342C, E: with a 6 and a 1 and light ship factors for a 2-factor carrier and a destroyer factor beside it, the
    defender may name the 2-factor carrier only (the 3-factor one would leave the 1 without its destroyer); then its
    light factors, then the die 1's destroyer factor."""
    ships, avail = fleet(CV2, CV3, dd(factors=3))
    assert RS.ship_types([6, 1], ROWS, ships, avail, set(), {}) == Types((6, 1), None, (), ())
    assert _walk([6, 1], ships, avail) == [Choice(0, "ship", ("CV2",)), Choice(0, "escort", ("DD",), 2),
                                           Choice(1, "ship", ("DD",)), None]


def test_21_5342C_E_every_later_die_is_left_its_type_not_only_the_last() -> None:
    """21.5342E: the dice 6, 2 and 1 with a 2-factor cruiser and 3 destroyer factors: the 3-factor carrier would leave
    the 1 no destroyer once the 2 has its cruiser, so only the 2-factor carrier is offered."""
    ships, avail = fleet(CV2, CV3, CA2, dd(factors=3))
    assert RS.ship_types([6, 2, 1], ROWS, ships, avail, set(), {}) == Types((6, 2, 1), None, (), ())
    assert RS.next_choice([6, 2, 1], ROWS, ships, avail, []) == Choice(0, "ship", ("CV2",))


def test_21_5342C_the_escort_offered_leaves_the_die_1_its_destroyer() -> None:
    """21.5342C, E: a 2-factor carrier with 2 destroyer factors and a 2-factor cruiser, and a die 1: the cruiser goes
    with the carrier; the destroyers would leave the 1 nothing."""
    ships, avail = fleet(CV2, dd(factors=2), CA2)
    assert RS.ship_types([6, 1], ROWS, ships, avail, set(), {}) == Types((6, 1), None, (), ())
    assert _walk([6, 1], ships, avail) == [Choice(0, "ship", ("CV2",)), Choice(0, "escort", ("CA2",), 2),
                                           Choice(1, "ship", ("DD",)), None]


def test_21_5342C_a_destroyer_with_no_factor_left_is_not_offered_as_escort() -> None:
    """21.5342C: a 3-factor carrier, one destroyer factor and a 2-factor cruiser: once the destroyer factor goes with
    it, only the cruiser is left to give the other 2."""
    ships, avail = fleet(CV3, dd(factors=1), CA2)
    assert _walk([6], ships, avail, "DD") == [Choice(0, "ship", ("CV3",)), Choice(0, "escort", ("DD", "CA2"), 3),
                                              Choice(0, "escort", ("CA2",), 2), None]


def test_21_5342C_two_dice_of_6_one_fast_carrier_per_attempt() -> None:
    """21.5342C, function level (the verbs never send a second 6): no carrier may engage for the second 6 once one
    engages for the first; the second 6 finding no carrier whatever the first does, each carrier and each escort is
    offered for the first."""
    ships, avail = fleet(CV2, CV1, dd(factors=4))
    named = [Engaged(0, "CV2", 2), Engaged(0, "DD", 2, "escort")]
    assert RS.next_choice([6, 6], ROWS, ships, avail, named) == Choice(1, "ship", ())
    ships, avail = fleet(Ship("A", "fast-carrier", 1), Ship("B", "fast-carrier", 1), CV2, dd(factors=2))
    assert RS.next_choice([6, 6], ROWS, ships, avail, []) == Choice(0, "ship", ("A", "B", "CV2"))
    ships, avail = fleet(CV1, CV2, CA2, dd(factors=1))
    assert RS.next_choice([6, 6], ROWS, ships, avail, [Engaged(0, "CV1", 1)]) == Choice(0, "escort", ("CA2", "DD"), 1)


def test_21_5342D_a_bigger_carrier_listed_first_does_not_take_the_die_1s_destroyer() -> None:
    """21.5342C-D: the dice 6 and 1, a 3-factor and a 2-factor fast carrier and 3 destroyer factors: the 2-factor
    carrier with 2 of them leaves the 1 its destroyer factor, so the 1 sends one ("He may not refuse to send out
    ships"), whichever carrier the world lists first; the defender may then name only the 2-factor carrier."""
    for ships, avail in (fleet(CV3, CV2, dd(factors=3)), fleet(CV2, CV3, dd(factors=3))):
        assert RS.ship_types([6, 1], ROWS, ships, avail, set(), {}) == Types((6, 1), None, (), ())
        assert _walk([6, 1], ships, avail) == [Choice(0, "ship", ("CV2",)), Choice(0, "escort", ("DD",), 2),
                                               Choice(1, "ship", ("DD",)), None]
