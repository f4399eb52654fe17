"""Seed 002 read exactly, Factories ¶1-¶7 and the optional building rules (RULINGS L4), and the rule data that
carries them: what each rule function decides and what it tells the referee, word for word.

On the Channel Coast board: Portsea 0302 is a 3 PP coastal city with 2 PP Navy and 1 PP Air, Kingsbridge 0608 an
inland 2 PP city with 2 PP Army, Harlow 0417 a 2 PP city with 1 PP Army, Calvade 1602 a 3 PP coastal city with
1 PP Navy and 1 PP Air, Wexham 1103 a 1 PP coastal city without factories.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import msgspec
from msgspec.structs import replace
import pytest

from logistics_exact import board, refusal, state_with
from tui.paths import data_dir
from tui.rules.core.errors import DataError
from tui.rules.core.explain import Explained, Term
from tui.rules.logistics import factories as F
from tui.rules.logistics import views as V
from tui.rules.logistics.tables import load_tables


def test_factories_p3_exchange_refusals_and_a_kind_the_city_already_has() -> None:
    """Factories ¶3 (a factory is exchanged for a 0 PP factory of a *different* type, only if no production is done)
    and ¶2 (Navy Factories only in coastal cities): exchanging Portsea's Air Factory for Navy keeps its 2 PP Navy
    Factory as it is."""
    w, t = board()
    assert F.exchange(w, "0302", "air", "navy", t).factories["0302"] == {"navy": 2}
    new = F.exchange(w, "0608", "army", "air", t)
    assert new.factories["0608"] == {"air": 0} and new.exchanged == ("0608",)
    assert refusal(F.exchange, w, "0608", "army", "navy", t) == \
        "Kingsbridge is not coastal: Navy Factories only in coastal cities (Factories ¶2)"
    assert refusal(F.exchange, w, "0608", "air", "navy", t) == "Kingsbridge (0608) has no Air Factory (Factories ¶3)"
    assert refusal(F.exchange, w, "0608", "army", "army", t) == \
        "a factory is exchanged for one of a different type, not Army for Army (Factories ¶3)"
    assert refusal(F.exchange, replace(w, produced=("0608",)), "0608", "army", "air", t) == \
        "Kingsbridge (0608) produced this turn: factories are exchanged only if no production is done (Factories ¶3)"


RULES = data_dir() / "rulesets" / "logistics.toml"


@pytest.mark.parametrize(("old", "new", "where", "problem"), [
    ('[storm.dice]\nvalue = "2d6"', '[storm.dice]\nvalue = "2x6"', "table storm, key dice.value", None),
    ('[storm.dice]\nvalue = "2d6"', '[storm.dice]\nvalue = "1d6"', "table storm, key dice.value",
     "needs two dice: the direction die, then the distance die (Storms ¶4)"),
    ('dice = "1d6"', 'dice = "d"', "table storm, key mulberry_adjacent.dice", None),
    ('[initiative.dice]\nvalue = "2d6"', '[initiative.dice]\nvalue = "two"', "table initiative, key dice.value", None),
    ('value = ["N", "NE", "SE", "S", "SW", "NW"]', 'value = ["N", "NE", "SE", "S", "SW", "N"]',
     "table storm, key directions.value", "must name the six directions N, NE, SE, S, SW, NW once each"),
    ('value = ["N", "NE", "SE", "S", "SW", "NW"]', 'value = ["N", "NE", "SE", "S", "SW", "NW", "N"]',
     "table storm, key directions.value", "must name the six directions N, NE, SE, S, SW, NW once each"),
    ('value = "centre"', 'value = "wrap"', "table storm, key off_map.value", "only 'centre' is known (RULINGS L1)"),
    ('sides = ["allied", "axis"]', 'sides = ["allied", "allied"]', "table players, key sides",
     "must be two distinct lower-case names without spaces"),
    ('sides = ["allied", "axis"]', 'sides = ["allied", "Axis"]', "table players, key sides",
     "must be two distinct lower-case names without spaces"),
    ('sides = ["allied", "axis"]', 'sides = ["allied", "the axis"]', "table players, key sides",
     "must be two distinct lower-case names without spaces"),
    ('sides = ["allied", "axis"]', 'sides = ["allied", ""]', "table players, key sides",
     "must be two distinct lower-case names without spaces"),
    ('value = ["air", "navy", "army"]', 'value = ["air", "navy", "tank"]', "table factories, key kinds.value",
     "must be air, navy and army"),
    ('[factories.coastal_only]\nvalue = ["navy"]', '[factories.coastal_only]\nvalue = ["sub"]',
     "table factories, key coastal_only.value", "'sub' is not a factory kind"),
    ('value = ["city", "town"]', 'value = ["city", "village"]', "table airfields, key forbidden_terrain.value",
     "'village' is not a terrain kind"),
    ('factories = ["air"]', 'factories = ["glider"]', "table optional, key airborne-building.factories",
     "'glider' is not a factory kind"),
    ('value = "one-kind"', 'value = "every-kind"', "table factories, key resources.value",
     "only 'one-kind' is known (RULINGS L4)"),
])
def test_rule_data_a_reading_the_rules_cannot_take_is_refused_naming_table_and_key(
        tmp_path: Path, old: str, new: str, where: str, problem: str | None) -> None:
    """RULINGS L1 (two storm dice, six directions, restart at the centre), L3 (initiative dice), L4 (resources to one
    factory kind), Factories ¶1-¶2 (air, navy, army; Navy coastal), Airfields ¶3 (terrain kinds), the optional
    building rules: a data file that breaks them is refused with its file, table and key."""
    text = RULES.read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "logistics.toml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_tables(bad)
    assert (caught.value.file, caught.value.where) == ("logistics.toml", where)
    if problem is not None:
        assert caught.value.problem == problem
    else:  # the dice parser's own reason, naming what it read
        typed = new.split('"')[1]
        assert caught.value.problem == f"'{typed}' is not a dice expression (use NdM with optional +K/-K, e.g. 2d6+1)"


def test_rule_data_the_bundled_tables_load_and_read_as_the_seed() -> None:
    """Factories ¶1 (air, navy, army), ¶3 (each builds like units), Storms ¶4 (the loser's two dice)."""
    t = load_tables(RULES)
    assert t.sides == ("allied", "axis") and t.kinds == ("air", "navy", "army")
    assert t.builds("navy") == ["navy"] and t.builds("air") == ["air"]


def test_factories_table_rows_factories_p1_p6_p7() -> None:
    """Factories ¶1 (each factory's PP), ¶6 (growth due below the size), ¶7 (a resource added to one kind, L4), Storms
    ¶3 (a storm city produces): the Factories table's rows."""
    w, t = board()
    w = F.convert_resource(w, "0417", 2, "army", t)
    w = replace(w, storm="0302", produced=("0417",), exchanged=("0302",))
    rows = {r["hex"]: r for r in V.city_rows(state_with(w, 2), t)}
    assert rows["0302"] == {"name": "Portsea", "noun": "city", "hex": "0302", "owner": "allied", "size": 3, "coastal": True,
                            "air": 1, "navy": 2, "army": None, "total": 3, "produces": "1 air, 2 navy", "resource": "",
                            "growth": 0, "storm": True, "produced": False, "exchanged": True,
                            "like_unit": "air"}
    assert rows["0417"] == {"name": "Harlow", "noun": "city", "hex": "0417", "owner": "allied", "size": 2, "coastal": False,
                            "air": None, "navy": None, "army": 1, "total": 1, "produces": "3 army", "resource": "2 PP army",
                            "growth": 1, "storm": False, "produced": True, "exchanged": False,
                            "like_unit": "army"}
    assert rows["1103"]["produces"] == "" and rows["1103"]["total"] == 0


def test_rule_data_a_file_already_read_is_taken_as_given() -> None:
    """The tables come from the parsed data when it is given (the rule cache's copy), not from reading the file again:
    Mulberries ¶1's port capacity changed in the parsed data is the one loaded."""
    raw = tomllib.loads(RULES.read_text(encoding="utf-8"))
    raw["mulberries"]["port_capacity"]["value"] = 3
    assert load_tables(RULES, raw).mulberries.port_capacity.value == 3


def test_factories_p1_p2_set_up_and_removed_in_a_city() -> None:
    """Factories ¶1 (factories replace a City's PP), ¶2 (only in cities, within the size): a first factory in a city
    without any; removing a city's last factory leaves it none, the other cities untouched; a kind it lacks stays
    lacking, and removing a kind it lacks is refused, the world unchanged (bad input changes nothing)."""
    w, t = board()
    assert F.set_factory(w, "1103", "navy", 1, t).factories["1103"] == {"navy": 1}  # Wexham, coastal, size 1
    gone = F.set_factory(w, "0608", "army", None, t)
    assert "0608" not in gone.factories and gone.factories == {h: f for h, f in w.factories.items() if h != "0608"}
    assert refusal(F.set_factory, w, "0302", "army", None, t) == "Portsea (0302) has no Army Factory to remove (Factories ¶2)"
    assert refusal(F.exchange, w, "1103", "air", "army", t) == "Wexham (1103) has no Air Factory (Factories ¶3)"


def test_factories_p3_and_the_optional_rules_name_every_unit_a_factory_builds() -> None:
    """Factories ¶3 (like units) and the optional Engineer, Airborne and Marine building rules: the unit types offered."""
    assert F.unit_kinds(board()[1]) == ("air", "navy", "army", "engineer", "airborne", "marine")


def test_factories_p3_production_refused_names_the_city_and_the_rule() -> None:
    """Factories ¶1 (a city produces through its factories), ¶3 (only like units; no production after an exchange) and
    the optional building rules (the refusal says which switch allows the unit)."""
    w, t = board()
    assert refusal(F.produce, w, "1103", "air", "air", {}, t) == "Wexham (1103) has no Air Factory (Factories ¶1)"
    assert refusal(F.produce, replace(w, exchanged=("0302",)), "0302", "air", "air", {}, t) == \
        "Portsea (0302) exchanged a factory this turn: no production there (Factories ¶3)"
    assert refusal(F.produce, w, "0302", "navy", "army", {}, t) == "the Navy Factory builds only navy units, not army (Factories ¶3)"
    assert refusal(F.produce, w, "0302", "air", "airborne", {}, t) == (
        "the Air Factory builds only air units, not airborne (Factories ¶3; switch on the optional rule airborne-building "
        "(Airborne building (optional)))")
    new, rule = F.produce(w, "0302", "air", "airborne", {"airborne-building": "on"}, t)
    assert (new.produced, rule) == (("0302",), "Airborne building (optional)")
    two = msgspec.structs.replace(t, factories=msgspec.structs.replace(
        t.factories, builds=msgspec.structs.replace(t.factories.builds, navy=["navy", "marine"])))
    assert refusal(F.produce, w, "0302", "navy", "army", {}, two) == \
        "the Navy Factory builds only navy, marine units, not army (Factories ¶3)"


def test_factories_p1_p4_p6_p7_a_citys_figures_explained() -> None:
    """Factories ¶1-¶2 (factories within the city size), ¶6 (growth while below it), ¶7 with RULINGS L4 (a resource's
    PP added to one kind), ¶4 (intrinsic 1-1-1 defence firing last): Harlow, a 2 PP city with a 1 PP Army Factory and
    2 resource PP, produces 3 Army PP and grows by 1."""
    w, t = board()
    w = F.convert_resource(w, "0417", 2, "army", t)
    assert F.city_figures(w, "0417", t) == [
        Explained("Factory PP", 1, "Factories ¶2", (Term("Army Factory", 1, "Factories ¶1"),
                                                     Term("city size (the maximum)", 2, "Factories ¶2"))),
        Explained("Growth at the end of production", 1, "Factories ¶6", (
            Term("factories now", 1), Term("city size", 2), Term("below the maximum", 1, "Factories ¶6")),
            (t.factories.growth_pp.note,)),
        Explained("Army PP produced", 3, "Factories ¶3", (
            Term("Army Factory", 1, "Factories ¶1"), Term("resource PPs converted here", 2, "Factories ¶7; RULINGS L4")),
            ("builds only: army (and optional units where switched on)",)),
        Explained("Intrinsic defence", "1-1-1", "Factories ¶4", (), ("fires last in a combat round; factories cannot move",)),
    ]
    full = F.city_figures(w, "0302", t)[1]
    assert (full.value, full.terms[-1]) == (0, Term("at the maximum: nothing", 0, "Factories ¶6"))


def test_factories_p6_the_end_of_production_grows_every_city_below_its_size() -> None:
    """Factories ¶6 ("every City which currently has less than its maximum Factories receives an automatic 1PP
    increase"; issue 21 point 3): a city with one possible factory grows in it; one with several in the factory
    chosen, else not, and the log says whether its choice was skipped with --force; the choices are then spent."""
    w, t = board()
    assert F.growth_asked(w, t) == [
        ("1103", "Wexham (1103) grows by 1 PP at the end of production: which factory?", ("air", "navy", "army")),
        ("1602", "Calvade (1602) grows by 1 PP at the end of production: which factory?", ("air", "navy"))]
    new, lines = F.end_of_production(replace(w, growth_to={"1602": "navy"}), {"1103"}, t)
    assert lines == [
        "End of production: 5 city(ies) below the maximum grew by 1 PP, 1 did not (no factory chosen) (Factories ¶6)",
        "Harlow (0417): +1 PP Army (2 of 2)", "Dunmore (0704): +1 PP Navy (1 of 1)", "Ashford (0914): +1 PP Air (2 of 2)",
        "Wexham (1103): no growth — its choice was skipped with --force (air, navy, army)",
        "Calvade (1602): +1 PP Navy (3 of 3)", "Lorch (2117): +1 PP Air (1 of 1)"]
    assert new.growth_to == {} and new.factories["1602"] == {"navy": 2, "air": 1} and "1103" not in new.factories
    _, lines = F.end_of_production(w, set(), t)
    assert lines[0] == "End of production: 4 city(ies) below the maximum grew by 1 PP, 2 did not (no factory chosen) (Factories ¶6)"
    assert lines[4:6] == ["Wexham (1103): no growth — no factory was chosen (air, navy, army)",
                          "Calvade (1602): no growth — no factory was chosen (air, navy)"]


def test_factories_p6_a_growth_choice_only_below_the_size_and_to_the_citys_factories() -> None:
    """Factories ¶6: a full city does not grow; a city's growth goes to one of its own factories (Calvade: Air or
    Navy, not Army); the choice is kept for the end of production."""
    w, t = board()
    for call in (F.choose_growth, F.grow):
        assert refusal(call, w, "0302", "air", t) == "Portsea (0302) is at its maximum of 3 PP: no growth (Factories ¶6)"
        assert refusal(call, w, "1602", "army", t) == "the growth of Calvade (1602) goes to one of its factories: air, navy"
    assert F.choose_growth(w, "1602", "navy", t).growth_to == {"1602": "navy"}
    assert F.grow(w, "1602", "air", t).factories["1602"] == {"navy": 1, "air": 2}


def test_factories_p2_p6_a_city_without_factories_grows_a_kind_it_may_hold() -> None:
    """Factories ¶6 with ¶2 (Navy Factories only in coastal cities): a city with no factory may grow any kind it could
    hold: all three on the coast (Wexham), no Navy inland (Kingsbridge stripped of its Army Factory)."""
    w, t = board()
    assert F.growth_choices(w, "1103", t) == ("air", "navy", "army")
    bare = F.set_factory(w, "0608", "army", None, t)
    assert F.growth_choices(bare, "0608", t) == ("air", "army")
    assert F.growth_choices(w, "1602", t) == ("air", "navy")


def test_factories_p7_l4_resources_go_to_one_factory_type_of_the_city() -> None:
    """Factories ¶7 ("Resources may be converted to PPs in Factories normally, but apply to the factory type(s)") and
    RULINGS L4 (one kind per city, chosen by the owner): Portsea's 2 + 1 resource PP all go to its Air Factory."""
    w, t = board()
    assert refusal(F.convert_resource, w, "0302", 2, "army", t) == \
        "Portsea (0302) has no Army Factory: resources apply to the city's factory types (Factories ¶7; RULINGS L4)"
    assert refusal(F.convert_resource, w, "1103", 2, "army", t) == \
        "Wexham (1103) has no Army Factory: resources apply to the city's factory types (Factories ¶7; RULINGS L4)"
    assert refusal(F.convert_resource, w, "0303", 1, "air", t) == "0303 is not a city (factories stand only in cities, Factories ¶2)"
    once = F.convert_resource(w, "0302", 2, "air", t)
    assert once.resources == {"0302": ("air", 2)}
    assert refusal(F.convert_resource, once, "0302", 1, "navy", t) == (
        "Portsea (0302)'s resources this production go to its Air Factory: one factory type per city (Factories ¶7; RULINGS L4)")
    twice = F.convert_resource(once, "0302", 1, "air", t)
    assert twice.resources == {"0302": ("air", 3)}
    made = F.production(twice, "0302", t)
    assert (made["air"].value, made["navy"].value) == (4, 2)


def test_factories_p5_hits_take_pp_steps_down_to_the_0pp_step() -> None:
    """Factories ¶5 ("their zero (0) PP step cannot be eliminated"): three hits on Kingsbridge's 2 PP Army Factory take
    two steps; a 0 PP factory takes none; a factory the city lacks is refused; a rule data minimum above 0 is kept."""
    w, t = board()
    assert refusal(F.hit_factory, w, "1103", "air", 1, t) == "Wexham (1103) has no Air Factory (Factories ¶5)"
    assert refusal(F.hit_factory, w, "0302", "army", 1, t) == "Portsea (0302) has no Army Factory (Factories ¶5)"
    new, taken = F.hit_factory(w, "0608", "army", 3, t)
    assert (new.factories["0608"], taken) == ({"army": 0}, 2)
    new, taken = F.hit_factory(w, "0704", "navy", 1, t)
    assert (new.factories["0704"], taken) == ({"navy": 0}, 0)
    floor = msgspec.structs.replace(t, factories=msgspec.structs.replace(
        t.factories, min_pp=msgspec.structs.replace(t.factories.min_pp, value=1)))
    new, taken = F.hit_factory(w, "0608", "army", 3, floor)
    assert (new.factories["0608"], taken) == ({"army": 1}, 1)


def test_factories_p1_a_factory_kind_by_name_naval_is_navy() -> None:
    """Factories ¶1 ("Specific Air, Navy and Army Factories"; the seed also says "Naval Factories"): a kind is typed by
    name, any case, a unique beginning, or "naval"; anything else is refused with the kinds."""
    t = board()[1]
    assert (F.kind_of(" Naval ", t), F.kind_of("ar", t), F.kind_of("AIR", t), F.kind_of("nav", t)) == ("navy", "army", "air", "navy")
    assert refusal(F.kind_of, "a", t) == "'a' is not a factory kind (air, navy, army)"
    assert refusal(F.kind_of, "", t) == "'' is not a factory kind (air, navy, army)"
    assert refusal(F.kind_of, "tank", t) == "'tank' is not a factory kind (air, navy, army)"


def test_factories_p1_p5_only_the_three_kinds_and_never_below_0_pp() -> None:
    """Factories ¶1 (Air, Navy and Army Factories) and ¶5 (the 0 PP step is the lowest): another kind or a negative PP
    is refused, naming the rule."""
    w, t = board()
    assert refusal(F.set_factory, w, "0302", "tank", 1, t) == "no factory kind 'tank' (air, navy, army; Factories ¶1)"
    assert refusal(F.set_factory, w, "0302", "air", -1, t) == "a factory has 0 PP or more, not -1 (Factories ¶5)"


def test_factories_p3_what_a_factory_builds_is_listed_in_its_figure() -> None:
    """Factories ¶3 ("Factories can only produce like units"): the figure of what a factory produces lists its units."""
    w, t = board()
    two = msgspec.structs.replace(t, factories=msgspec.structs.replace(
        t.factories, builds=msgspec.structs.replace(t.factories.builds, navy=["navy", "marine"])))
    assert F.production(w, "0302", two)["navy"].notes == ("builds only: navy, marine (and optional units where switched on)",)
