"""Europa coast commands exactly (seed 000_fc2911a77a0e7562.txt: 31.A.8, 31.A.12, 31.A.13, 31.B): what the verbs of
``tui/rules/europa/coast_verbs.py`` say and refuse, played through the engine on the Mediterranean 1943 scenario (Gela
and Salerno beaches Axis, Sollum beach Allied; Mulberries A and B unavailable in Britain).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import fixed_clock
from tui.session import memory_game
from tests.exact import refused, said

ALLIED_NAVAL = "allied-turn/initial/initial-naval"


def game_at(data: Path, key: str = ""):
    """A new Mediterranean 1943 game (seed 1), advanced to segment ``key`` (the first one when blank)."""
    game = memory_game(data, "europa", seed=1, clock=fixed_clock)
    for _ in range(200):
        if not key or game.segment.key == key:
            return game
        assert game.execute("next --force").ok
    raise AssertionError(f"never reached {key}")


@pytest.fixture
def axis(data: Path):
    """The Axis initial naval phase."""
    return game_at(data)


@pytest.fixture
def allied(data: Path):
    """The Allied initial naval phase (an Allied naval movement step)."""
    return game_at(data, ALLIED_NAVAL)


def test_31_B_1_beaches_added_captured_removed(axis) -> None:
    """31.B.1: a captured beach is friendly for naval transport from the next phase; 31.B: beaches and their owners."""
    assert said(axis, "beach add Anzio allied hex=U1 zone=tyrr") == ("Beach added: Anzio, allied (31.B)", [], "referee", [])
    beach = axis.state.world.sea.beaches["Anzio"]
    assert (beach.owner, beach.hex, beach.sea_zone) == ("allied", "U1", "tyrr")
    assert said(axis, "beach capture Anzio axis") == (
        "Anzio captured by axis (31.B.1)",
        ["Anzio is friendly to the axis for naval transport and amphibious landings from the next phase (31.B.1)"], "axis", [])
    assert axis.state.world.sea.beaches["Anzio"].owner == "axis"
    assert said(axis, "beach capture Anzio allied")[:3] == (
        "Anzio captured by allied (31.B.1)",
        ["Anzio is friendly to the allied for naval transport and amphibious landings from the next phase (31.B.1)"], "allied")
    assert said(axis, "beach remove Anzio") == ("Beach removed: Anzio", [], "referee", [])
    assert "Anzio" not in axis.state.world.sea.beaches
    assert refused(axis, "beach") == "usage: beach add NAME OWNER [hex=..] [zone=..] | beach capture NAME SIDE | beach remove NAME"
    assert refused(axis, "beach land Gela") == refused(axis, "beach")
    assert refused(axis, "beach add X") == "usage: beach add NAME OWNER [hex=..] [zone=..]"
    assert refused(axis, "beach add gela BEACH allied") == "there is already a beach called gela BEACH"
    assert refused(axis, "beach add Anzio allied zone=nowhere") == "no sea zone called 'nowhere' (33.B)"
    assert refused(axis, "beach capture Sollum beach") == "usage: beach capture NAME axis|allied (31.B.1)"
    assert refused(axis, "beach remove Sollum beach x") == "too many arguments: x"


def test_31_A_13_transports_as_jetties(axis) -> None:
    """31.A.13; proposed ruling P4: each NT/LC/LB that did not move is one jetty; the beach's owner acts."""
    assert said(axis, "jetty Sollum beach 2") == (
        "Sollum beach: 2 NT/LC/LB that did not move act as jetties: intrinsic supply for 6 REs of units (31.A.13)", [],
        "allied", ["intrinsic supply (REs of units)"])
    assert axis.state.world.sea.beaches["Sollum beach"].jetties == 2
    assert refused(axis, "jetty Sollum beach") == "usage: jetty BEACH N"
    assert refused(axis, "jetty Sollum beach 1 2") == "usage: jetty BEACH N"
    assert refused(axis, "jetty Sollum beach x") == "NTs/LCs/LBs acting as jetties must be a whole number (from 0 to 999), not 'x'"
    assert refused(axis, "jetty Sollum beach 1000") == "NTs/LCs/LBs acting as jetties must be from 0 to 999, not '1000'"


def test_31_A_8_naval_groups_in_transit(axis) -> None:
    """31.A.8: a step counter advanced each naval movement step; STEPS or ma=N from an off-map port's distance."""
    assert said(axis, "transit add G1 axis Naples Tripoli 2 cargo=sp") == (
        "G1 (axis) in transit Naples → Tripoli: 2 naval movement step(s) (31.A.8)", [], "axis", [])
    group = axis.state.world.sea.groups["G1"]
    assert (group.side, group.origin, group.destination, group.steps, group.cargo) == ("axis", "Naples", "Tripoli", 2, "sp")
    assert said(axis, "transit step G1") == ("G1: step 1 of 2 towards Tripoli (31.A.8)", [], "axis", [])
    assert said(axis, "transit remove G1") == ("G1 taken off the transit track (31.A.8)", [], "axis", [])
    assert said(axis, "transit add G2 allied Gibraltar Bombay 3")[:3] == (
        "G2 (allied) in transit Gibraltar → Bombay: 3 naval movement step(s) (31.A.8)", [], "allied")
    assert axis.state.world.sea.groups["G2"].cargo == ""  # no cargo= : an empty group
    assert said(axis, "transit step G2")[::2] == ("G2: step 1 of 3 towards Bombay (31.A.8)", "allied")
    assert said(axis, "transit remove G2")[::2] == ("G2 taken off the transit track (31.A.8)", "allied")
    usage = "usage: transit add NAME SIDE FROM TO STEPS|ma=N [cargo=..] | transit step NAME | transit remove NAME"
    assert refused(axis, "transit") == usage
    assert refused(axis, "transit go G1") == usage
    assert refused(axis, "transit add G1 axis") == usage
    assert refused(axis, "transit add G1 axis a b c d e") == usage
    assert refused(axis, "transit step") == "usage: transit step NAME"
    assert refused(axis, "transit remove G2 G3") == "usage: transit remove NAME"
    assert said(axis, 'transit add GA allied "United Kingdom ports" "Gibraltar (24A west edge)" ma=6')[0] == (
        "GA (allied) in transit United Kingdom ports → Gibraltar (24A west edge): 6 naval movement step(s) (31.A.8)")
    assert said(axis, 'transit add GB allied "Gibraltar (24A west edge)" "United Kingdom ports" ma=7')[0].endswith(
        ": 6 naval movement step(s) (31.A.8)")  # 36 hexes from the off-map port at either end, 7 a step
    assert refused(axis, 'transit add GE allied "United Kingdom ports" "Gibraltar (24A west edge)" ma=0') == (
        "ma= (hexes per naval movement step) must be from 1 to 999, not '0'")
    assert refused(axis, "transit add GC axis Naples Tripoli x") == (
        "STEPS (naval movement steps) must be a whole number (from 0 to 999), not 'x'")
    assert refused(axis, "transit add GC axis Naples Tripoli 1000") == (
        "STEPS (naval movement steps) must be from 0 to 999, not '1000'")
    assert refused(axis, "transit add GD axis Naples Tripoli 0") == "a move takes 1 or more naval movement steps (31.A.8)"
    assert refused(axis, 'transit add "" axis Naples Tripoli 2') == "a transit group's name cannot be blank"
    assert refused(axis, "transit add G3 axis Naples Tripoli") == (
        "give STEPS, or ma=N to work them out from the off-map port's distance (31.A.8)")
    assert refused(axis, "transit add G3 axis Naples Tripoli ma=5") == (
        "ma=N needs an off-map port at one end to read the distance (31.A.8)")


def test_31_B_2_to_31_B_4_landing_on_a_beach(allied) -> None:
    """31.B.2; RULINGS E9: 1½ REs a phase in ½ REs, heavy equipment double (in ¼ REs); 31.B.4: SPs/SRPs ask about a
    friendly partial ZOC, else half are lost."""
    assert said(allied, "land Sollum beach 0.5") == (
        "Sollum beach: ½ REs landed; 1 REs of beach capacity left this phase (31.B.2; RULINGS E9)", [], "allied",
        ["beach capacity taken"])
    assert said(allied, "land Sollum beach 0.25 --he")[0] == (
        "Sollum beach: ¼ REs landed (heavy equipment, double); ½ REs of beach capacity left this phase (31.B.2; RULINGS E9)")
    assert said(allied, "land Sollum beach 0.5 2 --supply")[:2] == (
        "Sollum beach: ½ REs landed; 0 REs of beach capacity left this phase (31.B.2; RULINGS E9)",
        ["answer zoc-1:sollum-beach yes|no: half of the points are lost unless unloaded in a friendly partial ZOC (31.B.4)"])
    prompt = allied.state.pending_prompt("zoc-1:sollum-beach")
    assert (prompt.kind, prompt.effect, prompt.required, prompt.rule, prompt.subject, prompt.args, prompt.expires) == (
        "confirm", "beach-zoc", True, "31.B.4", "Sollum beach", {"points": 2.0}, "segment")
    assert prompt.text == ("2 SP/SRP points landed at Sollum beach: unloaded in a friendly partial ZOC (the unit spends "
                           "its whole MA), judged before the combat phase? No: half are lost")
    assert said(allied, "answer zoc-1:sollum-beach no") == (
        "Sollum beach: 1 SP/SRP points lost (31.B.4)", [], "allied", ["SP/SRP points lost"])
    assert refused(allied, "land Sollum beach") == "usage: land BEACH RES [POINTS] [--he] [--supply] [--lc [result=LETTER]]"
    assert refused(allied, "land Sollum beach 1 2 3") == refused(allied, "land Sollum beach")
    assert refused(allied, "land Sollum beach 0.25") == "REs must be in steps of 0.5, not '0.25'"
    assert refused(allied, "land Gela beach 0.5") == "Gela beach is not allied-owned for naval transport: axis-owned"


def test_31_B_3_landing_craft_damage(data: Path) -> None:
    """31.B.3; RULINGS E22: LCs/LBs unloading roll on the SUCCESS TABLE, or the letter read on the real chart."""
    game = game_at(data, ALLIED_NAVAL)
    assert said(game, "land Sollum beach 0.5 --lc")[1] == [
        "31.B.3 LC/LB damage at Sollum beach: 1d6 = 3 = 3 (app, seed 1680720022)", "SUCCESS TABLE 1d6 3 = F (RULINGS E22)",
        "LCs/LBs unloading: F — the LCs/LBs suffer 1 point of damage (31.B.3)"]
    details = said(game, "land Sollum beach 0.5 --lc result=f")[1]
    assert details == ["LCs/LBs unloading: F — the LCs/LBs suffer 1 point of damage (31.B.3)"]
    assert refused(game, "land Sollum beach 0.5 --lc result=Q") == (
        "'Q' is not a SUCCESS TABLE result: one of D, F*, F, S, S*")


def test_31_A_12_mulberries_made_available_towed_arriving_and_sunk(allied) -> None:
    """31.A.12: made available in Britain, towed in an Allied naval step, arriving at an Allied beach; wrecked with its
    towing unit."""
    assert said(allied, 'mulberry available "Mulberry A"') == (
        "Mulberry A available to the Allies in Britain (31.A.12)", [], "allied", [])
    assert said(allied, 'mulberry tow "Mulberry A" "United Kingdom ports" LST 1') == (
        "Mulberry A towed from United Kingdom ports by LST 1: naval step 1 of 2 (31.A.12)",
        ["It must arrive at an Allied-owned beach hex by the end of its second naval movement step, or it is wrecked"],
        "allied", [])
    assert said(allied, 'mulberry arrive "Mulberry A" Sollum beach mps=20') == (
        "Mulberry A arrives at Sollum beach after 20 MPs: emplacing, non-functioning side up (31.A.12)",
        ["The emplacement roll comes at the beginning of the next Allied initial phase"], "allied", [])
    mulberry = allied.state.world.sea.mulberries["Mulberry A"]
    assert (mulberry.status, mulberry.beach, mulberry.mps) == ("emplacing", "Sollum beach", 20)
    said(allied, 'mulberry available "Mulberry B"')
    assert said(allied, 'mulberry tow "Mulberry B" "United Kingdom ports"')[0] == (
        "Mulberry B towed from United Kingdom ports: naval step 1 of 2 (31.A.12)")
    assert said(allied, 'mulberry sink "Mulberry B"') == (
        "Mulberry B wrecked and removed from play: its towing unit was sunk (31.A.12)", [], "allied", [])
    usage = ("usage: mulberry available NAME | mulberry tow NAME FROM-PORT [UNIT] | mulberry arrive NAME BEACH [mps=N] | "
             "mulberry sink NAME")
    assert refused(allied, "mulberry") == usage
    assert refused(allied, 'mulberry foo "Mulberry A"') == usage
    assert refused(allied, 'mulberry tow "Mulberry B"') == "usage: mulberry tow NAME FROM-PORT [TOWING-UNIT]"
    assert refused(allied, 'mulberry arrive "Mulberry B"') == "usage: mulberry arrive NAME BEACH [mps=N]"


def test_31_A_12_towing_and_arriving_only_in_an_allied_naval_step(axis) -> None:
    """31.A.12: a Mulberry is towed, and arrives, during an Allied naval movement step only."""
    said(axis, 'mulberry available "Mulberry A"')
    assert refused(axis, 'mulberry tow "Mulberry A" "United Kingdom ports"') == (
        "A Mulberry may be towed only during an Allied naval movement step (31.A.12); this is Axis player turn › Initial "
        "phase › Naval movement")
    assert refused(axis, 'mulberry arrive "Mulberry A" Sollum beach') == (
        "A towed Mulberry arrives only during an Allied naval movement step (31.A.12); this is Axis player turn › Initial "
        "phase › Naval movement")
