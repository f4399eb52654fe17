"""AWAW operations (21.42-21.6) through the engine with the bundled scenario: legal segments, refusals that leave the save
byte-identical, the per-turn record (21.435G, 21.437D), missions at sea returning before exploitation, the prompts."""

from __future__ import annotations

import shlex
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.conftest import fixed_clock
from tui.paths import data_dir
from tui.session import create_game


@pytest.fixture
def game(tmp_path: Path):
    """A new game of the bundled AWAW scenario, saved as JSON (seed 1, fixed clock); the Axis move first."""
    return create_game(tmp_path / "awaw.json", data_dir(), "awaw", seed=1, clock=fixed_clock)


def to(game, key: str) -> None:
    for _ in range(80):
        if game.segment.key == key:
            return
        r = game.execute("next --force")
        assert r.ok, r.message
    raise AssertionError(f"never reached {key}")


def ok(game, line: str):
    r = game.execute(line)
    assert r.ok, f"{line}: {r.message}"
    return r


def refused(game, line: str, fragment: str) -> None:
    """Refused with ``fragment`` in the message, and the save file is byte-identical."""
    path = game.store.path
    before = path.read_bytes()
    r = game.execute(line)
    assert not r.ok and fragment in r.message, r.message
    assert path.read_bytes() == before


def unit(game, uid: str):
    return game.state.world.units[uid]


TRANSPORT = 'transport Naples Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12'


def test_every_operation_verb_has_syntax_help_rule_and_declared_options(game) -> None:
    names = ("sea-supply", "ship-oil", "grant-brp", "transport", "escort", "escort-result", "invade", "bombard",
             "invasion-losses", "carrier-mission", "raid", "raid-engage", "raid-ships", "raid-return", "protect", "support")
    for name in names:
        verb = game.ruleset.verbs[name]
        assert verb.syntax.startswith(name) and len(verb.help) > 20 and verb.rule.startswith("21."), name
        for word in verb.syntax.split():
            if word.startswith("[--") or word.startswith("--") or word.startswith("(--"):
                assert word.strip("[(").split("=")[0][2:].rstrip("])") in verb.options, (name, word)


def test_21_43_transport_only_in_the_sea_transport_segment(game) -> None:
    to(game, "first-turn/movement/naval-movement")
    refused(game, TRANSPORT, "transport")


def test_21_434A_sea_transport_inverts_the_destroyers_and_records_the_cargo(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    r = ok(game, TRANSPORT)
    assert "needs 3 destroyer factors" in r.message
    dd = unit(game, "RM-DD-Naples")
    assert dd.inverted and dd.acted
    assert game.state.world.ops["transported"] == ["Pavia"]


def test_21_434_too_few_destroyers_refused_byte_identical(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    refused(game, 'transport Naples Tripoli --cargo "Pavia:3, Bologna:2" --by RM-DD-Naples --distance 12',
            "needs 5 destroyer factors: 3 chosen")


def test_21_435G_no_second_transport_and_21_437D_no_invasion_after_transport(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    ok(game, TRANSPORT)
    refused(game, 'transport Tripoli Naples --cargo "Pavia:3" --by RM-DD-Messina --distance 12', "21.435G")
    to(game, "first-turn/combat/naval-missions")
    refused(game, 'invade Malta Messina --hex-kind one-hex-island --cargo "Pavia:3" --by RM-DD-Messina --distance 8 --supplied',
            "21.437D")


def test_21_435D_21_437C_21_3614_refusals_byte_identical(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    refused(game, 'transport Naples Malta --cargo "Bologna:2" --by RM-DD-Messina --distance 12', "21.435D")
    refused(game, 'transport Naples Tripoli --cargo "Bologna:2:infantry:oil" --by RM-DD-Messina --distance 12', "21.437C")
    refused(game, 'transport Naples Tripoli --cargo "Bologna:2" --by RM-DD-Messina --distance 41', "40-hex limit")
    refused(game, 'transport Naples Tripoli --cargo "Bologna:2" --by RM-DD-Messina', "--distance")
    refused(game, 'transport Naples Tripoli --cargo "Bologna:2" --by RM-DD-Messina --distance 12 --bogus', "no option --bogus")
    refused(game, 'transport Naples Tripoli --cargo "Bologna:2" --by KGV --distance 12', "not axis units")


def test_21_438B_air_units_ask_for_room_and_yes_carries_the_transport_out(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    r = ok(game, 'transport Naples Tripoli --cargo "X Fliegerkorps:2:air" --by RM-DD-Messina --distance 12')
    pid = next(p.id for p in game.state.flow.pending if p.id.startswith("transport-"))
    assert "21.438A, B" == game.state.pending_prompt(pid).rule and pid in r.message
    assert not unit(game, "RM-DD-Messina").acted
    ok(game, f"answer {pid} yes")
    assert unit(game, "RM-DD-Messina").acted
    assert "X Fliegerkorps" in game.state.world.ops["transported"]


def test_21_422_oil_by_european_axis_needs_three_destroyer_factors(game) -> None:
    to(game, "first-turn/movement/initial-supply")
    refused(game, "ship-oil italy 1 --by RM-DD-Brindisi", "needs 3 destroyer factors: 2 chosen")
    ok(game, "ship-oil germany 1 --by KM-DD-Norway")
    refused(game, "grant-brp italy 5 --by RM-TR-1", "21.423")


def test_21_51_invasion_goes_to_sea_and_returns_inverted_before_exploitation(game) -> None:
    to(game, "first-turn/combat/naval-missions")
    refused(game, 'invade Malta Messina --hex-kind one-hex-island --cargo "Folgore:3:airborne" --by RM-DD-Messina '
                  '--distance 8 --defended --odds 2:1 --supplied', "needs 6 destroyer factors: 4 chosen")
    refused(game, 'invade Malta Messina --hex-kind one-hex-island --cargo "Folgore:2:airborne" --by RM-DD-Messina '
                  '--distance 8 --defended --odds 1:2 --supplied', "21.5152")
    refused(game, 'invade Malta Messina --hex-kind port --cargo "Folgore:2:airborne" --by RM-DD-Messina --distance 8 --supplied',
            "21.5154")
    r = ok(game, 'invade Malta Messina --hex-kind one-hex-island --cargo "Folgore:2:airborne" --by RM-DD-Messina '
                 '--distance 8 --defended --odds 2:1 --supplied')
    mid = r.message.split(":")[0]
    dd = unit(game, "RM-DD-Messina")
    assert dd.at_sea == "mission" and dd.sea_hex == "Malta" and not dd.inverted
    ok(game, f"bombard {mid} --by Littorio,VittorioVeneto --distance 8")
    inv = game.state.world.ops["missions"][mid]
    assert inv["bombard_value"] == 2  # 10 factors / 3 = 3, capped at 1 x 2 ground factors (DRM -1 read as 1: 21.526A)
    to(game, "first-turn/combat/exploitation")
    for uid in ("RM-DD-Messina", "Littorio", "VittorioVeneto"):
        assert unit(game, uid).at_sea == "" and unit(game, uid).inverted, uid


def test_21_514E_the_app_asks_whether_the_invaders_started_in_port_fully_supplied(game) -> None:
    to(game, "first-turn/combat/naval-missions")
    ok(game, 'invade Malta Messina --hex-kind one-hex-island --cargo "Folgore:2:airborne" --by RM-DD-Messina --distance 8')
    pid = next(p.id for p in game.state.flow.pending if p.id.startswith("invade-"))
    assert game.state.pending_prompt(pid).rule == "21.514E"
    ok(game, f"answer {pid} no")
    assert unit(game, "RM-DD-Messina").at_sea == ""


def test_21_5283_invasion_losses_lists_the_ways(game) -> None:
    to(game, "first-turn/combat/naval-missions")
    r = ok(game, 'invade Malta Messina --hex-kind one-hex-island --cargo "Folgore:2:airborne" --by RM-DD-Messina '
                 '--distance 8 --supplied')
    mid = r.message.split(":")[0]
    ok(game, f"bombard {mid} --by Littorio,VittorioVeneto --distance 8")
    to(game, "first-turn/combat/regular-combat")
    r = ok(game, f"invasion-losses {mid} 2")
    assert "fleet losses at most 2" in r.message


def test_21_532_raid_checks_and_the_group_goes_to_sea(game) -> None:
    to(game, "first-turn/combat/naval-missions")
    refused(game, 'raid "Atlantic SW" --by Doria', "21.532A")  # a slow ship
    refused(game, 'raid "Atlantic SW" --by Littorio', "21.532A")
    refused(game, 'raid Malta --by Tirpitz', "not an SW box")
    r = ok(game, 'raid "Atlantic SW" --by Tirpitz,Hipper')
    assert unit(game, "Tirpitz").at_sea == "raiding"
    rid = r.message.split(":")[0]
    r = ok(game, f"raid-engage {rid} --dice 6")
    assert "3 defending ships may engage" in r.message  # 6 - 3 automatic
    ok(game, f"raid-ships {rid} 2,3,4")


def test_21_65_example_through_the_engine(game) -> None:
    """21.65 example (moved to Malta): a 3-2 infantry needs three destroyer factors; destroyers based elsewhere must reach
    the embarkation hex on the initial leg; fewer than three surviving destroyer factors eliminate the 3-2 (21.66C)."""
    to(game, "second-turn/redeployment/naval-redeployment")
    line = 'escort Malta Alexandria --cargo "3-2 Inf:3" --by '
    refused(game, line + "RN-DD-Malta", "needs 3 destroyer factors: 2 chosen")
    refused(game, line + "RN-DD-Med", "--reach")
    refused(game, line + "RN-DD-Med --reach 21", "at most 20 in the Europe")
    r = ok(game, line + "RN-DD-Med --reach 14")
    eid = r.message.split(":")[0]
    assert unit(game, "RN-DD-Med").inverted
    r = ok(game, f"escort-result {eid} --surviving 2")
    assert "is eliminated" in r.message and "21.66C" in r.message


def test_21_66B_a_defeated_escort_returns_its_cargo(game) -> None:
    to(game, "second-turn/redeployment/naval-redeployment")
    r = ok(game, 'escort Alexandria Malta --cargo "3-2 Inf:3" --by RN-DD-Med')
    eid = r.message.split(":")[0]
    r = ok(game, f"escort-result {eid} --surviving 4 --defeated")
    assert "is returned" in r.message


def test_21_55_carrier_mission_needs_fast_fleet_and_one_target(game) -> None:
    to(game, "second-turn/combat/naval-missions")
    refused(game, "carrier-mission Y20 --by Eagle,Furious --distance 18", "fast fleet factors")
    refused(game, "carrier-mission Y20 --by Eagle,Furious,Renown --distance 18 --target Cagliari,Naples", "21.557F")
    refused(game, "carrier-mission Y20 --by Wasp,Washington --distance 18", "21.553A")
    ok(game, "carrier-mission Y20 --by Eagle,Furious,Renown --distance 18 --target Cagliari")
    assert unit(game, "Eagle").at_sea == "mission"
    to(game, "second-turn/combat/exploitation")
    assert unit(game, "Eagle").at_sea == "" and unit(game, "Eagle").inverted


def test_operations_replay_from_the_log(game, tmp_path: Path) -> None:
    """The operations record and the units' states are folded from the events: reopening gives the same state."""
    from tests.conftest import reopen

    to(game, "first-turn/movement/sea-transport")
    ok(game, TRANSPORT)
    to(game, "first-turn/combat/naval-missions")
    ok(game, 'raid "Atlantic SW" --by Tirpitz,Hipper')
    state = game.state
    again = reopen(game, data_dir())
    assert again.state.world == state.world


def test_21_436A_a_transport_defeated_before_embarkation_moved_nothing(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    r = ok(game, TRANSPORT)
    mid = r.message.split(":")[0]
    r = ok(game, f"transport-result {mid} before")
    assert "21.436A" in r.message
    assert game.state.world.ops["transported"] == []  # Pavia may be carried again (21.435G does not apply)
    refused(game, f"transport-result {mid} after", "already")


def test_21_436B_after_embarkation_the_cargo_returns(game) -> None:
    to(game, "first-turn/movement/sea-transport")
    mid = ok(game, TRANSPORT).message.split(":")[0]
    r = ok(game, f"transport-result {mid} after")
    assert "return to Naples" in r.message and "21.436B" in r.message
    assert game.state.world.ops["transported"] == ["Pavia"]


def _invasion(game) -> str:
    to(game, "first-turn/combat/naval-missions")
    r = ok(game, 'invade Malta Messina --hex-kind one-hex-island --cargo "Folgore:2:airborne, 132 Arm:2:armor:ctl=1" '
                 '--by RM-DD-Messina,RM-DD-Naples --distance 8 --supplied')
    return r.message.split(":")[0]


def test_21_516B_an_invasion_defeated_at_sea_brings_the_ships_home_inverted(game) -> None:
    mid = _invasion(game)
    r = ok(game, f"invasion-result {mid} defeated-at-sea")
    assert "21.516B" in r.message
    assert unit(game, "RM-DD-Messina").at_sea == "" and unit(game, "RM-DD-Messina").inverted


def test_21_518_a_landing_with_armor_in_the_final_round_allows_a_breakthrough(game) -> None:
    mid = _invasion(game)
    to(game, "first-turn/combat/regular-combat")
    r = ok(game, f'invasion-result {mid} landed --survivors "132 Arm"')
    assert "breakthrough possible" in r.message and "bridgehead" in r.message
    mid2 = mid  # a second result for the same invasion is refused
    refused(game, f"invasion-result {mid2} repulsed", "already")


def test_21_518C_no_breakthrough_without_armor_in_the_final_round(game) -> None:
    mid = _invasion(game)
    r = ok(game, f"invasion-result {mid} landed --survivors Folgore --final-round Folgore")
    assert "breakthrough not possible" in r.message


def test_21_5282_losses_taken_from_named_bombarding_ships(game) -> None:
    mid = _invasion(game)
    ok(game, f"bombard {mid} --by RM-CA-Taranto,RM-DD-Taranto --distance 8")  # 10 factors, DRM -1 read as 1: 3 of cap 4
    to(game, "first-turn/combat/regular-combat")
    refused(game, f'invasion-losses {mid} 4 --ships "RM-DD-Messina:1"', "did not provide shore bombardment")
    refused(game, f'invasion-losses {mid} 6 --ships "RM-DD-Taranto:4"', "21.5283")
    r = ok(game, f'invasion-losses {mid} 4 --ships "RM-DD-Taranto:2"')
    assert "takes 2 of 4" in r.message
    assert unit(game, "RM-DD-Taranto").factors == 4


def test_21_537_raiders_return_inverted_and_21_5363_no_attack_on_transports_while_defenders_survive(game) -> None:
    to(game, "first-turn/combat/naval-missions")
    rid = ok(game, 'raid "Atlantic SW" --by Tirpitz,Hipper').message.split(":")[0]
    refused(game, f"raid-return {rid} --engaged --survivors 1 --transports-lost 1", "21.5363")
    ok(game, f"raid-engage {rid} --result 0")
    ok(game, f"raid-engage {rid} --attempt 2 --result 0")  # 21.538A: made before the return
    r = ok(game, f"raid-return {rid} --engaged --survivors 0 --damaged Hipper --transports-lost 1")
    assert "1 defending transports lost" in r.message
    assert unit(game, "Tirpitz").inverted and unit(game, "Tirpitz").at_sea == ""
    assert unit(game, "Hipper").damaged


def test_21_5341_the_referee_may_type_the_modified_result(game) -> None:
    to(game, "first-turn/combat/naval-missions")
    rid = ok(game, 'raid "Atlantic SW" --by Tirpitz,Hipper').message.split(":")[0]
    r = ok(game, f"raid-engage {rid} --result 0")
    assert "escapes detection" in r.message
    r = ok(game, f"raid-engage {rid} --attempt 2 --result 4")
    assert "4 defending ships may engage" in r.message
    refused(game, f"raid-engage {rid} --attempt 2 --result 1", "has been made")
    refused(game, f"raid-ships {rid} 2,3", "rolls 4 dice")
    ok(game, f"raid-ships {rid} 2,3,4,6 --missing 4")
    # the defender chooses for the 4 (marked missing) the one fast 3-factor ship (Renown), so the 3 falls to a 2-factor
    # cruiser, his choice too (21.5342D)
    ok(game, f"answer {rid}-again-die-3-lesser 'a 3-factor battleship or battlecruiser'")
    r = ok(game, f"answer {rid}-again-die-2-lesser 'a 2-factor cruiser or 2-factor battlecruiser'")
    assert ("sends a 2-factor cruiser or 2-factor battlecruiser; a 2-factor cruiser or 2-factor battlecruiser; "
            "a 3-factor battleship or battlecruiser; one fast carrier") in r.message


def test_the_naval_modes_operations_keys_name_verbs_fields_and_free_keys() -> None:
    """The operations' Naval-mode actions (naval_ops_actions): each runs an operations verb, every placeholder is a field or
    a key of the Naval screen's row (units, base, power), and no key of the app or of CORE's Naval keys is taken."""
    import re

    from tests.conftest import fixed_clock as clock
    from tui.app.commands import APP_ACTIONS
    from tui.rules.awaw.naval_actions import NAVAL_ACTIONS
    from tui.rules.awaw.naval_ops_actions import OPS_ACTIONS
    from tui.rules.core.actions import FIELD_KINDS
    from tui.session import memory_game

    g = memory_game(data_dir(), "awaw", seed=1, clock=clock)
    taken = {a.key for a in APP_ACTIONS} | {a.key for a in NAVAL_ACTIONS if a.key}
    keys = [a.key for a in OPS_ACTIONS if a.key]
    assert len(keys) == len(set(keys)) and not set(keys) & taken
    row = {"units", "base", "power", "name"}
    one_mission = SimpleNamespace(world=SimpleNamespace(ops={"turn": "1:allies", "missions": {
        "invasion-1": {"kind": "invasion", "hex": "K12", "units": []}}}))
    for a in OPS_ACTIONS:
        assert a.verb.split()[0] in g.ruleset.verbs, a.id
        assert all(f.kind in FIELD_KINDS for f in a.fields), a.id
        fields = {f.name for f in a.fields}
        for name in re.findall(r"\{([^{}]+)\}", a.verb):
            assert name in fields or (a.target == "units" and name in row), (a.id, name)
        for f in a.fields:
            if ":" in f.choices_from:
                view, _, key = f.choices_from.partition(":")
                rows = g.ruleset.views[view](g.state) or g.ruleset.views[view](one_mission)  # a new game has none
                assert key in rows[0], (a.id, f.name)


def test_the_transport_and_invade_keys_make_commands_the_engine_accepts(game) -> None:
    """A form answered as a referee would (blank optional fields left out) renders a command that carries the activity out."""
    from tui.rules.awaw.naval_ops_actions import OPS_ACTIONS
    from tui.rules.core.actions import render

    act = {a.id: a for a in OPS_ACTIONS}
    to(game, "first-turn/movement/sea-transport")
    words = render(act["transport"], {"from": "Naples", "to": "Tripoli", "cargo": "Pavia:3", "distance": 12, "legs": "",
                                      "straits": ""}, {"units": "RM-DD-Naples", "base": "Naples", "power": "italy"})
    assert ok(game, " ".join(shlex.quote(w) for w in words)).ok
    to(game, "first-turn/combat/naval-missions")
    words = render(act["invade"], {"hex": "Malta", "from": "Messina", "kind": "one-hex-island", "cargo": "Folgore:2:airborne",
                                   "distance": 8, "defended": True, "odds": "2:1", "supplied": True},
                   {"units": "RM-DD-Messina", "base": "Messina", "power": "italy"})
    r = ok(game, " ".join(shlex.quote(w) for w in words))
    assert "invasion of Malta (one-hex-island, defended)" in r.message


def test_21_5342D_G_the_app_finds_which_defending_types_are_there(game) -> None:
    """The Allies have no five-factor battleship: the 5 asks for a lesser result among those there, the defender's
    choice a 4-factor one (KGV is there, fast and ready); a 6 sends a fast carrier with its light factors (Victorious and
    the Home Fleet's cruisers and destroyers)."""
    to(game, "first-turn/combat/naval-missions")
    rid = ok(game, 'raid "Atlantic SW" --by Tirpitz,Hipper').message.split(":")[0]
    ok(game, f"raid-engage {rid} --result 2")
    ok(game, f"raid-ships {rid} 5,6")
    [ask] = [p for p in game.state.flow.pending if p.rule == "21.5342D"]
    assert ask.choices == ("a 4-factor battleship", "a 3-factor battleship or battlecruiser",
                           "a 2-factor cruiser or 2-factor battlecruiser", "one destroyer factor")
    r = ok(game, f"answer {ask.id} 'a 4-factor battleship'")
    assert "sends a 4-factor battleship; one fast carrier" in r.message
    assert any("KGV" in d for d in r.details)


def test_21_527_bombardment_with_air_support_adds_the_remnants(game) -> None:
    """4 ground factors; Littorio's 5 factors at DRM -1 (capped as 1: 21.526A) add 1 with 2 naval factors left over;
    1.5 factors of ground support add 1 and a half: the remnants 2/3 + 1/2 make one more, 3 in all (21.527)."""
    mid = _invasion(game)
    r = ok(game, f"bombard {mid} --by Littorio --distance 8 --air-support 1.5")
    assert "with 1 of ground support, 3 combat factors in all (21.527)" in r.message


def test_21_5342C_D_one_fast_carrier_per_attempt_and_each_ship_sent_once(game) -> None:
    """Two 6s: Victorious engages, the second 6 must take a lesser ship (21.5342C); five 4s: KGV, Duke of York,
    Washington and North Carolina are the only 4-factor battleships ready (Anson is inverted), so a 4 sends a
    3-factor ship (Renown) instead (21.5342D). The lesser results are the defender's choice, typed with the dice (6:4,
    4:3, 4:2); a choice of a type no longer there is refused."""
    to(game, "first-turn/combat/naval-missions")
    rid = ok(game, 'raid "Atlantic SW" --by Tirpitz,Hipper').message.split(":")[0]
    ok(game, f"raid-engage {rid} --result 7")
    refused(game, f"raid-ships {rid} 6,6:4,4,4,4,4:3,4:3", "3 is not a lesser result the defender may choose: 2, 1")
    r = ok(game, f"raid-ships {rid} 6,6:4,4,4,4,4:3,4:2")
    sent = r.message.split("sends ")[1].split(" (21.5342)")[0].split("; ")
    assert sent[0].startswith("one fast carrier") and sent[1] == "a 4-factor battleship"  # no second carrier, no 5-factor
    assert sent.count("a 4-factor battleship") == 4
    assert sent[5:] == ["a 3-factor battleship or battlecruiser", "a 2-factor cruiser or 2-factor battlecruiser"]


def test_21_63_oil_shipped_in_supply_determination_can_fail_as_an_escort(game) -> None:
    """21.63A: oil goes in initial supply determination (ship-oil), not with an NR escort; 21.66C: three destroyer
    factors per Axis oil counter, so two surviving lose the counter."""
    to(game, "first-turn/movement/initial-supply")
    r = ok(game, "ship-oil germany 1 --by KM-DD-Norway --from Trondheim --to Kiel/Hamburg")
    eid = r.message.split(":")[0]
    assert eid.startswith("escort-")
    r = ok(game, f"escort-result {eid} --surviving 2")
    assert "(1 oil) is eliminated" in r.message
    refused(game, "ship-oil germany 1 --by KM-DD-Kiel --to Malta", "21.65D")
    to(game, "first-turn/redeployment/naval-redeployment")
    refused(game, 'escort Naples Tripoli --cargo "Pavia:3" --oil 1 --by RM-DD-Naples', "no option --oil")


def test_21_434B_C_box_transport_through_the_engine(game) -> None:
    """U.S. Atlantic box to Liverpool (21.433A): 4 factors need 8 destroyer factors and 1 transport of the Atlantic SW
    box, where the scenario bases the Atlantic transports."""
    to(game, "second-turn/movement/sea-transport")
    line = 'transport "Atlantic U.S." Liverpool --cargo "1 Inf:3, 2 Arm:{n}:armor" --by USN-DD-Lant{tr} --distance 30 --legs 15,15'
    refused(game, line.format(n=4, tr=",USN-TR-Lant"), "needs 14 destroyer factors: 8 chosen (21.434B)")
    refused(game, line.format(n=1, tr=""), "needs 1 transport: 0 chosen")
    refused(game, 'transport "Atlantic U.S." Alexandria --cargo "1 Inf:3" --by USN-DD-Lant,USN-TR-Lant --distance 30 '
                     '--legs 15,15', "21.433")
    r = ok(game, line.format(n=1, tr=",USN-TR-Lant"))
    assert "needs 8 destroyer factors, 1 transport" in r.message
    assert unit(game, "USN-DD-Lant").inverted and not unit(game, "USN-TR-Lant").inverted  # SW box units (25.36)


def test_21_421B_21_423_sea_supply_and_brp_grants_use_sw_box_transports(game) -> None:
    to(game, "second-turn/movement/initial-supply")
    refused(game, "sea-supply britain 1 --by RN-TR-Med", "RN-TR-Med is at Port Said")
    r = ok(game, "sea-supply usa 2 1 --by USN-TR-Lant")
    assert "needs 0 destroyer factors and 2 transports" in r.message
    r = ok(game, "grant-brp usa 12 --by USN-TR-Lant --to Liverpool")
    assert "needs 0 destroyer factors and 3 transports" in r.message


def test_21_5153_an_enemy_task_force_in_the_hex_forbids_the_invasion(game) -> None:
    """Taranto holds the Iachino TF: no invasion (A); Brindisi holds 2 undamaged destroyer factors, fewer than 10 (A, E)."""
    to(game, "second-turn/combat/naval-missions")
    cmd = 'invade {hex} Malta --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-Malta --distance 5 --supplied'
    refused(game, cmd.format(hex="Taranto"), "21.5153A")
    r = ok(game, cmd.format(hex="Brindisi"))
    assert r.ok


def test_21_5151A_winter_invasions_through_western_front_sea_hexes(game) -> None:
    """Winter 1942: an invasion from Gibraltar crossing western front waters is prohibited; one confined to the
    Mediterranean (--fronts mediterranean) is allowed (the 21.5151 examples)."""
    for _ in range(200):
        if game.turn_label.startswith("Winter") and game.segment.key == "second-turn/combat/naval-missions":
            break
        assert game.execute("next --force").ok
    assert game.turn_label == "Winter 1942"
    cmd = 'invade U19 Gibraltar --hex-kind beach --cargo "Cdo:1:commando" --by RN-DD-ForceH --distance 12 --supplied'
    refused(game, cmd, "21.5151A")
    ok(game, cmd + " --fronts mediterranean")


def test_21_435F_no_sea_transport_to_a_bridgehead_without_a_port(game) -> None:
    """21.435F: forces may not be sea transported onto a bridgehead counter unless its hex has a port (21.37 islands aside):
    the app lands sea transport only at a base, and says why when the destination is none."""
    to(game, "first-turn/movement/sea-transport")
    refused(game, 'transport Naples Salerno-bridgehead --cargo "Pavia:3" --by RM-DD-Naples --distance 12',
            "no base called 'Salerno-bridgehead': sea transport lands only at a base, and a bridgehead counter is one only "
            "when its hex has a port (21.435F)")
    refused(game, 'transport Atlantis Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12', "no base called 'Atlantis'")
    r = game.execute('transport Atlantis Tripoli --cargo "Pavia:3" --by RM-DD-Naples --distance 12')
    assert "21.435F" not in r.message  # a misnamed base of embarkation is not about bridgeheads
