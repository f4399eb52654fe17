"""AWAW straits (seed 004, 21.211 A-I, 21.212, 21.213, 21.1321, 21.1323): control at the start of the phase."""

from __future__ import annotations

import pytest

from tests.awaw_core_fixtures import tables, world
from tui.rules.awaw.straits import check_route, find_strait, passage
from tui.rules.core.errors import RuleError


def test_21_211B_gibraltar_must_be_friendly() -> None:
    w = world([], [], hex_control={"AA7": "britain"}, phase_control={"AA7": "britain"})
    assert passage(w, find_strait("B", tables()), "allies", tables()).value == "open"
    assert passage(w, find_strait("Gibraltar", tables()), "axis", tables()).value == "closed"


def test_21_211D_kattegat_copenhagen_friendly_h33_friendly_or_neutral() -> None:
    control = {"H32": "germany", "H33": "neutral"}
    w = world([], [], hex_control=control, phase_control=control)
    assert passage(w, find_strait("D", tables()), "axis", tables()).value == "open"
    control = {"H32": "neutral", "H33": "neutral"}  # a neutral Copenhagen is not enough
    w = world([], [], hex_control=control, phase_control=control)
    assert passage(w, find_strait("Kattegat", tables()), "axis", tables()).value == "closed"


def test_21_211E_gulf_of_finland_friendly_or_neutral() -> None:
    control = {"D41": "neutral", "E41": "germany"}
    w = world([], [], hex_control=control, phase_control=control)
    assert passage(w, find_strait("E", tables()), "axis", tables()).value == "open"
    assert passage(w, find_strait("E", tables()), "allies", tables()).value == "closed"


def test_21_211A_neutral_control_is_insufficient() -> None:
    control = {"AA25": "italy", "AA26": "neutral"}
    w = world([], [], hex_control=control, phase_control=control)
    with pytest.raises(RuleError, match=r"Otranto.*21\.211G"):
        check_route(w, ["G"], "axis", tables())


def test_21_211_control_is_read_at_the_start_of_the_phase() -> None:
    """Gibraltar captured during the phase: passage still follows control at the phase's start."""
    w = world([], [], hex_control={"AA7": "germany"}, phase_control={"AA7": "britain"})
    assert [c.value for c in check_route(w, ["B"], "allies", tables())] == ["open"]
    with pytest.raises(RuleError):
        check_route(w, ["B"], "axis", tables())


def test_21_212_suez_and_21_1323_turkish_straits() -> None:
    control = {"Suez canal land hexes": "britain", "Z33": "neutral", "Z34": "neutral", "AA31": "neutral", "BB31": "neutral"}
    w = world([], [], hex_control=control, phase_control=control)
    assert passage(w, find_strait("Suez", tables()), "allies", tables()).value == "open"
    assert passage(w, find_strait("Turkish", tables()), "allies", tables()).value == "closed"  # all four must be friendly


def test_21_213_rivers_are_prohibited() -> None:
    with pytest.raises(RuleError, match=r"21\.213"):
        check_route(world([], []), [], "axis", tables(), rivers=True)


@pytest.mark.parametrize(("strait", "hexes", "rule"), [
    ("C", ("E33", "F33"), "21.211C"),  # Skagerrak
    ("F", ("F39",), "21.211F"),  # Gulf of Riga (Parnu)
    ("H", ("DD11",), "21.211H"),  # Strait of Malacca: Singapore
    ("I", ("II10", "II11"), "21.211I"),  # Sunda Strait
    ("Kiel", ("J30",), "21.1321"),  # the Kiel canal, controlled at the start of the phase
])
def test_21_211C_F_H_I_and_21_1321_every_listed_hex_must_be_friendly(strait: str, hexes: tuple[str, ...], rule: str) -> None:
    """Each of these straits is open only when every hex it lists is held by the moving side (a neutral is not enough)."""
    held = {h: "germany" for h in hexes}
    w = world([], [], hex_control=held, phase_control=held)
    s = find_strait(strait, tables())
    assert s.rule == rule and tuple(s.hexes) == hexes and s.need == "friendly"
    assert passage(w, s, "axis", tables()).value == "open"
    assert passage(w, s, "allies", tables()).value == "closed"
    one_neutral = {**held, hexes[-1]: "neutral"}
    w = world([], [], hex_control=one_neutral, phase_control=one_neutral)
    assert passage(w, s, "axis", tables()).value == "closed"
