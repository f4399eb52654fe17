"""Exact tests of what the AWAW rule set binds at load (seed 004, chapter 21), guarding ``tui/rules/awaw/ruleset.py``,
``duties.py`` and the column tables of ``views.py``: the sides a sequence names (``first``/``second``), the acting
side, the bases the Naval mode's forms offer, the view columns, the "why?" and the checklist duties (21.112,
21.516-21.518, 21.537A)."""

from __future__ import annotations

from types import SimpleNamespace

from msgspec.structs import replace

from tests.awaw_game import awaw_game, to
from tui.rules.awaw import views as V
from tui.rules.awaw.duties import overstack_duties
from tui.rules.awaw.ruleset import _acting, _acting_side, awaw_duties, invasion_duties
from tui.rules.core.checklist import DONE, DUE, INFO

COLUMNS = {
    "unit": [('name', 'Unit', 14, 0), ('power', 'Power', 8, 2), ('type', 'Type', 12, 1), ('factors', 'Factors', 7, 2), ('fast', 'Fast', 4, 0), ('base', 'Base', 14, 3), ('front', 'Front', 9, 1), ('tf', 'TF', 5, 0), ('state', 'State', 9, 2), ('sea_hex', 'At sea in', 8, 1), ('acted', 'Acted', 5, 0)],  # noqa: E501
    "port": [('name', 'Base', 16, 0), ('owner', 'Held by', 8, 2), ('kind', 'Kind', 12, 1), ('fronts', 'Front(s)', 20, 0), ('capacity', 'Capacity', 8, 2), ('used', 'Used', 5, 2), ('left', 'Left', 9, 3), ('units', 'Units', 5, 0), ('operational', 'Operational', 11, 0), ('hex', 'Hex', 6, 0)],  # noqa: E501
    "zone": [('name', 'Front / SW box', 16, 0), ('side', 'Side', 7, 0), ('based', 'Based', 7, 0), ('at_sea', 'At sea', 7, 0), ('ready', 'Ready', 6, 0), ('inverted', 'Inverted', 8, 0), ('sea', 'Forces at sea', 30, 0)],  # noqa: E501
    "strait": [('name', 'Strait', 24, 0), ('axis', 'Axis', 6, 0), ('allies', 'Allies', 6, 0), ('hexes', 'Hexes', 20, 0), ('rule', 'Rule', 8, 0)],  # noqa: E501
}
"""Each table's columns: (key, header, width, priority); none wraps."""


def test_the_view_columns_of_the_naval_ports_sea_zones_and_straits_tables() -> None:
    """The tables the screens draw: their columns, headers, widths and which stay on a narrow terminal."""
    rs = awaw_game().ruleset
    for name, view in (("unit", "units"), ("port", "ports"), ("zone", "zones"), ("strait", "straits")):
        cols = getattr(V, f"{name}_columns")()
        assert [(c.key, c.header, c.width, c.priority) for c in cols] == COLUMNS[name]
        assert not any(c.wrap for c in cols)
        assert rs.columns[view] == cols
    assert sorted(rs.columns) == ["brps", "missions", "ports", "straits", "units", "zones"]
    assert sorted(rs.views) == ["brps", "enemy-bases", "missions", "own-bases", "ports", "return-bases", "straits", "units",
                                "zones"]


def test_first_and_second_are_the_sides_the_game_says_move_first_and_second() -> None:
    """The sequence's ``first`` is the side the initiative put first (the tables' first side until then), ``second``
    the other; any other side is itself."""
    game = awaw_game()
    rs, st = game.ruleset, game.state
    assert [rs.resolve_side(st, s) for s in ("first", "second", "allies", "axis", "x")] == ["axis", "allies", "allies",
                                                                                             "axis", "x"]
    allied = replace(st, world=replace(st.world, first="allies"))
    assert [rs.resolve_side(allied, s) for s in ("first", "second")] == ["allies", "axis"]
    unset = replace(st, world=replace(st.world, first=""))
    assert [rs.resolve_side(unset, s) for s in ("first", "second")] == ["axis", "allies"]


def test_the_acting_side_is_the_segments_or_the_other_one() -> None:
    """A segment acted in by the other side (a reaction) is the other side's; a side that is not one of the game's is
    kept."""
    game = awaw_game()
    t, st = game.ruleset.tables, game.state
    seg = lambda side, acting: SimpleNamespace(side=side, acting=acting)  # noqa: E731
    assert _acting_side(t, st, seg("first", "")) == "axis"
    assert _acting_side(t, st, seg("first", "other")) == "allies"
    assert _acting_side(t, st, seg("second", "other")) == "axis"
    assert _acting_side(t, st, seg("", "other")) == ""
    assert _acting(t, SimpleNamespace(state=st, segment=seg("second", ""))) == "allies"


def test_the_bases_the_naval_forms_offer_are_the_phasing_sides_and_the_enemys() -> None:
    """The phasing side's bases (its destinations), 'origin' and those as return bases (21.33), the enemy's (neither
    the phasing side's nor a neutral's) as targets."""
    game = awaw_game()
    to(game, "Patrols, base changes, SW deployments")
    rs, st = game.ruleset, game.state
    ports = rs.views["ports"](st)
    own = rs.views["own-bases"](st)
    assert own == [r for r in ports if r["side"] == "axis"] and len(own) == 10
    assert rs.views["return-bases"](st) == [{"name": "origin"}, *own]
    assert rs.views["enemy-bases"](st) == [r for r in ports if r["side"] == "allies"]
    assert {r["side"] for r in ports} == {"allies", "axis", "neutral"}
    assert rs.views["units"](st) == V.unit_rows(st, rs.tables)
    assert rs.views["zones"](st) == V.zone_rows(st, rs.tables)
    assert rs.views["straits"](st) == V.strait_rows(st, rs.tables)
    assert rs.markers(st, rs.sequence) == V.marker_rows(st, rs.sequence, rs.tables)
    assert rs.explain(st, "Malta") == V.explain(st, "Malta", rs.tables)


def _segment(game, key: str):
    """The segment of the sequence with ``key``."""
    return next(s for s in game.ruleset.sequence.segments if s.key == key)


def test_21_112_overstacked_bases_are_due_in_the_overstacking_segment_and_noted_elsewhere() -> None:
    """21.112: none overstacked: done in the overstacking segment, nothing elsewhere; overstacked: due there (the
    remedy), information elsewhere (the excess may not be used)."""
    game = awaw_game()
    over, none = overstack_duties(lambda s: {"Malta": 3, "Suda Bay": 1}), overstack_duties(lambda s: {})
    remedy, other = _segment(game, "first-turn/redeployment/overstacking"), _segment(game, "first-turn/movement/naval-movement")
    st = game.state
    assert [(d.text, d.rule, d.state) for d in none(st, remedy)] == [("No base is overstacked", "21.112", DONE)]
    assert none(st, other) == []
    (d,) = over(st, remedy)
    assert (d.text, d.rule, d.state, d.detail) == ("Overstacked bases to remedy (excess naval factors): Malta (+3), Suda Bay (+1)",
                                                  "21.112", DUE, "move or eliminate the excess (e on the Naval mode)")
    (d,) = over(st, other)
    assert (d.text, d.rule, d.state) == ("Overstacked bases (excess may not be used this player turn): Malta (+3), Suda Bay "
                                          "(+1)", "21.112", INFO)


def test_21_516_21_537A_the_checklist_joins_overstacking_invasions_and_raids_in_that_order() -> None:
    """The AWAW duties: overstacking (21.112), open invasions (21.516-21.518), raiders at sea (21.537A, only with a
    phasing side)."""
    game = awaw_game()
    st = game.state
    missions = {"invasion-4": {"kind": "invasion", "hex": "Y20"}, "invasion-5": {"kind": "invasion", "result": "landed"},
                "raid-6": {"kind": "raid", "units": ["RM-CA-Messina"], "sw_box": "Atlantic SW"}}
    units = {**st.world.units, "RM-CA-Messina": st.world.units["RM-CA-Messina"].change(at_sea="raiding")}
    world = replace(st.world, units=units, ops={"turn": f"{st.flow.turn}:axis", "missions": missions})
    st = replace(st, world=world)
    combat = _segment(game, "first-turn/combat/regular-combat")
    over = overstack_duties(lambda s: {"Malta": 3})
    duties = awaw_duties(over, lambda s: "axis")(st, combat)
    assert [(d.text, d.rule, d.state) for d in duties] == [
        ("Overstacked bases (excess may not be used this player turn): Malta (+3)", "21.112", INFO),
        ("Seaborne invasions without a recorded outcome: invasion-4 (Y20)", "21.516-21.518", DUE),
        ("Raider groups at sea: raid-6 (Atlantic SW: RM-CA-Messina)", "21.537A", DUE)]
    assert duties[1].detail == "invasion-result ID landed|repulsed|defeated-at-sea|aborted"
    assert duties[2].detail == "raid-return ID: all raiding groups must attempt to return to port"
    assert [d.rule for d in awaw_duties(over)(st, combat)] == ["21.112", "21.516-21.518"]
    missions_seg = _segment(game, "first-turn/combat/naval-missions")
    assert [(d.rule, d.state) for d in invasion_duties(st, missions_seg)] == [("21.516-21.518", INFO)]
    assert invasion_duties(st, _segment(game, "first-turn/movement/naval-movement")) == []
    assert [d.rule for d in awaw_duties(over, lambda s: "allies")(st, combat)] == ["21.112", "21.516-21.518"]


def test_why_of_a_front_by_its_display_name_and_of_a_strait_by_name() -> None:
    """The "why?" of a front read by its name as the tables print it (its sea area, 21.11), and of a strait by its name
    (its passage for each side, 21.211); an unknown name explains nothing."""
    from awaw_core_fixtures import base, tables, unit, world

    t = tables()
    renamed = replace(t, fronts={**t.fronts, "western": replace(t.fronts["western"], name="Western Front")})
    w = world([base("Malta"), base("Plymouth", fronts=("western",))], [unit("A", base="Plymouth")])
    st = SimpleNamespace(world=w)
    assert V.explain(st, "Western Front", renamed) == V.explain(st, "western", renamed) != []
    straits = V.explain(st, "Gibraltar", t)
    assert [e.name for e in straits] == ["Passage of the Gibraltar for axis", "Passage of the Gibraltar for allies"]
    assert V.explain(st, "Atlantis", t) == []
