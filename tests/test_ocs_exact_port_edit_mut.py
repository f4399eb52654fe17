"""OCS set-up ``port add|edit|remove`` exactly (``tui/rules/ocs/port_edit.py``): the port each command leaves (every
field), the line it says and each refusal, word for word. Ports carry capacity and a Damage Track (OCS 19.0a-b), a
supply source mark (19.0e) and hits (19.0b; RULINGS O1: 0 to 4). The world is the bundled Western Desert scenario
(Tripoli 6 SP supply source, Derna 1 SP: Axis; Tobruk 4 SP with its own track: Allied); 1 SP = 4 Tokens.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace

from tests.conftest import fixed_clock
from tui.engine.setup import load_ruleset
from tui.rules.core.errors import RuleError
from tui.rules.core.names import recording_names
from tui.rules.ocs.port_edit import port_command, side_of
from tui.rules.ocs.ports import Port
from tui.session import memory_game

USAGE = ("usage: port add NAME owner=SIDE capacity=AMOUNT [hex=..] [supply=yes] [track=A,B,..] | "
         "port edit NAME key=value ... | port remove NAME")
KEYS = "owner, capacity, hex, supply, track, hits, note"
TRIPOLI_NOTE = "The Axis main supply port (supply source, 19.0e)."
TRIPOLI = Port(name="Tripoli", owner="axis", capacity=24, supply_source=True, note=TRIPOLI_NOTE)


@pytest.fixture(scope="module")
def tables(data: Path):
    return load_ruleset("ocs", data).tables


@pytest.fixture(scope="module")
def world(data: Path):
    return memory_game(data, "ocs", seed=1, clock=fixed_clock).state.world


def run(world, line: str, tables):
    """``port`` + the words of ``line`` (a value holding spaces is one word when joined by ``|``)."""
    return port_command(world, [w.replace("|", " ") for w in line.split()], tables)


def refusal(world, line: str, tables) -> str:
    with pytest.raises(RuleError) as exc:
        run(world, line, tables)
    return str(exc.value)


# --- the sub-command --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["", "move Tripoli", "Add Sollum", "REMOVE Tripoli"])
def test_usage_when_no_or_an_unknown_sub_command(world, tables, line: str) -> None:
    """No sub-command (not even a crash on an empty line) or another word: the usage line, exactly."""
    assert refusal(world, line, tables) == USAGE


# --- port add -----------------------------------------------------------------------------------------------------------

def test_add_a_port_of_several_words(world, tables) -> None:
    """19.0a: a new port with its capacity; its name keeps its single spaces; added at the end."""
    new, said = run(world, "add Sidi Barrani owner=allied capacity=1T", tables)
    assert said == "Port added: Sidi Barrani, allied, capacity 1T"
    assert new.ports["Sidi Barrani"] == Port(name="Sidi Barrani", owner="allied", capacity=1)
    assert list(new.ports) == [*world.ports, "Sidi Barrani"]


def test_add_a_port_by_its_damage_track_alone(world, tables) -> None:
    """19.0b: a track= instead of capacity= will do (its first box is the capacity); blank boxes are dropped, a side
    prefix names the side."""
    new, said = run(world, "add Sollum owner=al TRACK=1|SP,|2T|,,1T", tables)
    assert said == "Port added: Sollum, allied, capacity 1 SP"
    assert new.ports["Sollum"] == Port(name="Sollum", owner="allied", capacity=4, damage_track=(4, 2, 1))


def test_add_refusals(world, tables) -> None:
    """A name is needed, and both owner= and capacity= (or track=)."""
    assert refusal(world, "add", tables) == "port add NAME owner=SIDE capacity=AMOUNT ..."
    assert refusal(world, "add owner=axis capacity=1T", tables) == "port add NAME owner=SIDE capacity=AMOUNT ..."
    need = "port add NAME owner=SIDE capacity=AMOUNT (or track=A,B,..) [hex=..] [supply=yes]"
    assert refusal(world, "add Sollum owner=axis", tables) == need
    assert refusal(world, "add Sollum capacity=1T", tables) == need
    assert refusal(world, "add Sollum owner=axis hex=1", tables) == need
    assert refusal(world, "add tripoli owner=axis capacity=1T", tables) == "there is already a port called tripoli"


def test_add_refuses_a_blank_name_while_commands_are_recorded(world, tables) -> None:
    """Issue 18.7: a name of no visible character is refused, naming what it is."""
    with recording_names():
        with pytest.raises(RuleError) as exc:
            port_command(world, ["add", "\u200b", "owner=axis", "capacity=1T"], tables)
    assert str(exc.value) == "a port's name cannot be blank ('\u200b' has no visible character)"


# --- port edit ----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("pair", "changed"), [
    ("hex=C1234", {"hex": "C1234"}),
    ("HEX=W0101", {"hex": "W0101"}),
    ("note=a=b", {"note": "a=b"}),
    ("Note=one|two", {"note": "one two"}),
    ("supply=No", {"supply_source": False}),
    ("supply=off", {"supply_source": False}),
    ("supply=yes", {"supply_source": True}),
    ("hits=3", {"hits": 3}),
    ("hits=0", {}),
    ("owner=all", {"owner": "allied"}),
    ("capacity=2|SP|1T", {"capacity": 9}),
    ("track=3|SP,|2|SP,1|SP", {"capacity": 12, "damage_track": (12, 8, 4)}),
    ("Track=6|SP,5|SP,4|SP,3|SP,2|SP", {"capacity": 24, "damage_track": (24, 20, 16, 12, 8)}),
])
def test_edit_sets_one_field(world, tables, pair: str, changed: dict) -> None:
    """Each key sets its field and nothing else (a value keeps any '=' after the first; 19.0b track: capacity
    follows the first box; 19.0e supply yes/no)."""
    new, said = run(world, f"edit Tripoli {pair}", tables)
    assert said == f"Port edited: Tripoli ({pair.replace('|', ' ')})"
    assert new.ports["Tripoli"] == replace(TRIPOLI, **changed)
    assert list(new.ports) == list(world.ports)


def test_edit_supply_yes_on_a_port_that_is_not_a_source(world, tables) -> None:
    """19.0e: Derna is no supply source; supply=YES (any case) makes it one."""
    new, _ = run(world, "edit Derna supply=YES", tables)
    assert new.ports["Derna"] == Port(name="Derna", owner="axis", capacity=4, supply_source=True)


def test_edit_hits_back_to_zero(world, tables) -> None:
    """19.0d: repaired down to 0 hits (0 is allowed, RULINGS O1)."""
    hit = world.with_port(replace(world.ports["Tripoli"], hits=2))
    new, said = run(hit, "edit Tripoli hits=0", tables)
    assert said == "Port edited: Tripoli (hits=0)" and new.ports["Tripoli"] == TRIPOLI


def test_edit_several_keys_says_them_all(world, tables) -> None:
    new, said = run(world, "edit Tripoli hits=1 hex=X1", tables)
    assert said == "Port edited: Tripoli (hits=1, hex=X1)"
    assert new.ports["Tripoli"] == replace(TRIPOLI, hits=1, hex="X1")


def test_edit_keeps_the_marks_of_the_turn(world, tables) -> None:
    """19.0a/c/d: capacity used, the oversize unit and this turn's reductions and repairs stay as they were."""
    marked = world.with_port(replace(world.ports["Tripoli"], used=5, oversize=2, reduced_this_turn=1,
                                     repaired_this_turn=1, hits=1))
    new, _ = run(marked, "edit Tripoli note=x", tables)
    assert new.ports["Tripoli"] == replace(TRIPOLI, used=5, oversize=2, reduced_this_turn=1, repaired_this_turn=1,
                                           hits=1, note="x")


@pytest.mark.parametrize(("line", "said"), [
    ("edit Tripoli", f"port edit Tripoli key=value ...; keys: {KEYS}"),
    ("edit Tripoli foo hits=1", "expected key=value after the port name, got foo"),
    ("edit Tripoli foo bar hits=1", "expected key=value after the port name, got foo bar"),
    ("edit Tripoli owner=zz", "'zz' is not a side (axis or allied)"),
    ("edit Tripoli enemy-zoc=yes", f"cannot set 'enemy_zoc'; keys: {KEYS}"),
    ("edit Tripoli used=1", f"cannot set 'used'; keys: {KEYS}"),
    ("edit Tripoli supply=maybe", "supply must be yes or no, not 'maybe' (19.0e)"),
    ("edit Tripoli hits=x", "hits (19.0b) must be a whole number (from 0 to 999), not 'x'"),
    ("edit Tripoli hits=-1", "hits (19.0b) must be from 0 to 999, not '-1'"),
    ("edit Tripoli hits=1000", "hits (19.0b) must be from 0 to 999, not '1000'"),
    ("edit Tripoli hits=5", "hits: must be 0 to 4 (19.0b; RULINGS O1)"),
    ("edit Tobruk capacity=9", "capacity: must equal the first box of its damage_track"),
    ("edit Tripoli track=1|SP", "damage_track: needs 2 to 5 boxes (0 to 4 hits), not 1"),
    ("edit Tripoli track=1|SP,2|SP", "damage_track: capacities must not rise with more hits"),
    ("edit Tripoli capacity=",
     "capacity: the amount must be SP and Tokens like 3 SP 2T, 2SP, 1T or 1.5 (SP), not ''"),
])
def test_edit_refusals(world, tables, line: str, said: str) -> None:
    """Each refusal word for word; a scenario check names the column without its 'port.' prefix."""
    assert refusal(world, line, tables) == said


def test_side_of_reads_a_unique_prefix_and_names_the_sides(tables) -> None:
    assert side_of("AX", tables) == "axis" and side_of("allied", tables) == "allied"
    for text in ("", "x", "a"):
        with pytest.raises(RuleError) as exc:
            side_of(text, tables)
        assert str(exc.value) == f"'{text}' is not a side (axis or allied)"


# --- port remove --------------------------------------------------------------------------------------------------------

def test_remove_takes_out_that_port_only(world, tables) -> None:
    new, said = run(world, "remove tripoli", tables)
    assert said == "Port removed: Tripoli"
    assert new.ports == {n: p for n, p in world.ports.items() if n != "Tripoli"}
    assert list(new.ports) == ["Benghazi", "Derna", "Bardia", "Tobruk", "Mersa Matruh", "Alexandria"]
    assert new.first == world.first and new.allowance == world.allowance


def test_remove_refusals(world, tables) -> None:
    assert refusal(world, "remove Tripoli hits=1", tables) == "port remove NAME takes nothing else"
    assert refusal(world, "remove Tripoli foo", tables) == "expected key=value after the port name, got foo"
