"""Europa coast commands, exact outcomes against the surviving mutants of ``tui/rules/europa/coast_verbs.py`` (seed
000_fc2911a77a0e7562.txt: 31.A.12 Mulberries, 31.B.1-31.B.4 beaches and landing; RULINGS E9, E22) on the
Mediterranean 1943 scenario (seed 1) in the Allied initial naval phase.
"""

from __future__ import annotations

from tests.conftest import fixed_clock
from tests.exact import refused, said
from tui.paths import data_dir
from tui.session import memory_game

ALLIED = "allied-turn/initial/initial-naval"


def allied():
    game = memory_game(data_dir(), "europa", None, seed=1, clock=fixed_clock)
    for _ in range(200):
        if game.segment.key == ALLIED:
            return game
        assert game.execute("next --force").ok
    raise AssertionError(ALLIED)


def test_31_A_12_towed_by_a_named_unit_and_arriving_with_fractional_mps() -> None:
    """31.A.12: the towing unit's whole name is kept; the MPs towed may be given without mps= (12½); then an Axis
    capture of its beach dooms it at the end of the Allies' next player turn."""
    game = allied()
    said(game, 'mulberry available "Mulberry A"')
    assert said(game, 'mulberry tow "Mulberry A" "United Kingdom ports" LST 1 2') == (
        "Mulberry A towed from United Kingdom ports by LST 1 2: naval step 1 of 2 (31.A.12)",
        ["It must arrive at an Allied-owned beach hex by the end of its second naval movement step, or it is wrecked"],
        "allied", [])
    m = game.state.world.sea.mulberries["Mulberry A"]
    assert (m.status, m.origin, m.towed_by, m.steps) == ("towing", "United Kingdom ports", "LST 1 2", 1)
    assert refused(game, 'mulberry arrive "Mulberry A" "Sollum beach" mps=x') == (
        "MPs towed must be a number (from 0 to 999), not 'x'")
    assert refused(game, 'mulberry arrive "Mulberry A" "Sollum beach" mps=1000') == (
        "MPs towed must be from 0 to 999, not '1000'")
    assert said(game, 'mulberry arrive "Mulberry A" "Sollum beach" 12.5') == (
        "Mulberry A arrives at Sollum beach after 12½ MPs: emplacing, non-functioning side up (31.A.12)",
        ["The emplacement roll comes at the beginning of the next Allied initial phase"], "allied", [])
    m = game.state.world.sea.mulberries["Mulberry A"]
    assert (m.status, m.mps, m.beach, m.hex, m.zone, m.arrived_turn, m.arrived_side) == (
        "emplacing", 12.5, "Sollum beach", "Sollum coast", "Eastern Mediterranean", game.state.flow.turn, "allied")
    assert said(game, 'beach capture "Sollum beach" axis') == (
        "Sollum beach captured by axis (31.B.1)",
        ["Sollum beach is friendly to the axis for naval transport and amphibious landings from the next phase (31.B.1)",
         "Mulberry A: the enemy holds its hex; it is wrecked at the end of the Allies' next player turn (31.A.12)"],
        "axis", [])
    m = game.state.world.sea.mulberries["Mulberry A"]
    assert (m.lost_turn, m.lost_side) == (game.state.flow.turn, "allied")
    assert refused(game, 'mulberry tow "Mulberry B" "United Kingdom ports"') == (
        "Mulberry B is unavailable: only an available Mulberry in Britain can be towed (31.A.12)")


def test_31_A_12_arriving_with_mps_given_as_a_key() -> None:
    """31.A.12: ``mps=N`` names the MPs towed; none given is 0."""
    game = allied()
    said(game, 'mulberry available "Mulberry A"')
    said(game, 'mulberry tow "Mulberry A" "United Kingdom ports"')
    assert said(game, 'mulberry arrive "Mulberry A" Sollum beach')[0] == (
        "Mulberry A arrives at Sollum beach after 0 MPs: emplacing, non-functioning side up (31.A.12)")
    assert game.state.world.sea.mulberries["Mulberry A"].towed_by == ""


def test_31_B_1_a_beach_added_with_its_hex_and_zone() -> None:
    """31.B: a beach's hex and sea zone are recorded as given; the beach's owner is a side."""
    game = allied()
    assert said(game, "beach add Anzio Bay allied hex=U1 zone=tyrr") == (
        "Beach added: Anzio Bay, allied (31.B)", [], "referee", [])  # set-up data (issue 32)
    b = game.state.world.sea.beaches["Anzio Bay"]
    assert (b.name, b.owner, b.hex, b.sea_zone, b.used, b.jetties) == ("Anzio Bay", "allied", "U1", "tyrr", 0.0, 0)
    said(game, "beach add Nettuno axis")
    b = game.state.world.sea.beaches["Nettuno"]
    assert (b.owner, b.hex, b.sea_zone) == ("axis", "", "")
    assert refused(game, "beach add anzio bay axis") == "there is already a beach called anzio bay"
    assert refused(game, "beach capture Anzio Bay") == "usage: beach capture NAME axis|allied (31.B.1)"
    assert refused(game, "beach capture Anzio Bay axis allied") == "usage: beach capture NAME axis|allied (31.B.1)"
    assert refused(game, "beach capture Anzio Bay allied") == "Anzio Bay is already allied-owned"
    assert said(game, "beach capture Nettuno allied") == (
        "Nettuno captured by allied (31.B.1)",
        ["Nettuno is friendly to the allied for naval transport and amphibious landings from the next phase (31.B.1)"],
        "allied", [])


def test_31_B_2_heavy_equipment_and_31_B_3_landing_craft() -> None:
    """31.B.2; RULINGS E9: heavy equipment double, in ¼ REs, 1½ REs a phase; 31.B.3; RULINGS E22: S* avoids damage,
    typed or rolled."""
    game = allied()
    said(game, "beach add Anzio allied")
    assert refused(game, "land Anzio 1 --he") == (
        "Anzio: 2 REs of beach capacity exceed the 1½ left this movement phase (31.B.2; RULINGS E9; heavy equipment "
        "counts double)")
    assert said(game, "land Anzio 0.25 --he") == (
        "Anzio: ¼ REs landed (heavy equipment, double); 1 REs of beach capacity left this phase (31.B.2; RULINGS E9)",
        [], "allied", ["beach capacity taken"])
    assert game.state.world.sea.beaches["Anzio"].used == 0.5
    assert said(game, "land Anzio 0.5 --lc result=S*") == (
        "Anzio: ½ REs landed; ½ REs of beach capacity left this phase (31.B.2; RULINGS E9)",
        ["LCs/LBs unloading: S* — damage avoided (31.B.3)"], "allied", ["beach capacity taken"])
    assert said(game, "land Anzio 0.5 --lc --dice 6")[:3] == (
        "Anzio: ½ REs landed; 0 REs of beach capacity left this phase (31.B.2; RULINGS E9)",
        ["31.B.3 LC/LB damage at Anzio: 1d6 = 6 = 6 (typed)", "SUCCESS TABLE 1d6 6 = S* (RULINGS E22)",
         "LCs/LBs unloading: S* — damage avoided (31.B.3)"], "allied")
    assert game.state.world.sea.beaches["Anzio"].used == 1.5


def test_31_B_4_the_points_landed_and_their_prompt() -> None:
    """31.B.4: the SP/SRP points (POINTS, else the REs) are asked about; numbers from 0 to 999; one prompt each landing."""
    game = allied()
    said(game, "beach add Anzio allied")
    assert refused(game, "land Anzio 0.5 x --supply") == "SP points must be a number (from 0 to 999), not 'x'"
    assert refused(game, "land Anzio 0.5 1000 --supply") == "SP points must be from 0 to 999, not '1000'"
    assert refused(game, "land Anzio 1000") == "REs must be from 0 to 999, not '1000'"
    assert said(game, "land Anzio 0.5 --supply") == (
        "Anzio: ½ REs landed; 1 REs of beach capacity left this phase (31.B.2; RULINGS E9)",
        ["answer zoc-1:anzio yes|no: half of the points are lost unless unloaded in a friendly partial ZOC (31.B.4)"],
        "allied", ["beach capacity taken"])
    p = game.state.pending_prompt("zoc-1:anzio")
    assert (p.kind, p.effect, p.required, p.rule, p.subject, p.args, p.raised, p.expires) == (
        "confirm", "beach-zoc", True, "31.B.4", "Anzio", {"points": 0.5}, ALLIED, "segment")
    assert p.text == ("½ SP/SRP points landed at Anzio: unloaded in a friendly partial ZOC (the unit spends its whole "
                      "MA), judged before the combat phase? No: half are lost")
    assert game.state.world.sea.serial == 1
    said(game, "land Anzio 0.5 4 --supply")
    assert game.state.pending_prompt("zoc-2:anzio").args == {"points": 4.0}
    assert game.state.world.sea.serial == 2
