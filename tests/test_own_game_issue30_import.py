"""Issue 30 ("your own game"), items 12 and 15: ``scenario import`` lists every problem of every file at once (up to
a cap, said when reached) and writes nothing; export keeps the scenario's ``illustrative`` flag and ``note``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.cli import main


def _exported(ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The bundled game of ``ruleset`` exported as CSV files in ``tmp_path / 'csv'``."""
    save = tmp_path / "bundled.hm"
    assert main(["new", str(save), "--ruleset", ruleset]) == 0
    assert main(["scenario", "export", str(save), "-o", str(tmp_path / "csv")]) == 0
    capsys.readouterr()
    return tmp_path / "csv"


def _edit(path: Path, line: int, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` once in line ``line`` (1 first) of the file ``path``."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert old in lines[line - 1], (path.name, line, lines[line - 1])
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    path.write_text("".join(lines), encoding="utf-8")


def _import(ruleset: str, folder: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main(["scenario", "import", "--ruleset", ruleset, str(folder), "-o", str(out)])
    return code, capsys.readouterr().err.splitlines()


def test_issue30_12_import_names_every_bad_row_of_every_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30.12: bad cells and rows the rule set refuses, in three files, are all listed in one run (file, line,
    column), in file and line order; a row naming a port left out for its own problem (Palermo's nation) is not
    listed again; nothing is written."""
    csv = _exported("europa", tmp_path, capsys)
    _edit(csv / "ports.csv", 2, ",major,", ",huge,")  # Alexandria: the rule set's check
    _edit(csv / "ports.csv", 3, "Eastern Mediterranean", "Nowhere Sea")  # Haifa
    _edit(csv / "ports.csv", 5, ",0,1,", ",0,x,")  # Benghazi: a cell
    _edit(csv / "ports.csv", 20, ",standard,", ",tiny,")  # Palermo, named by port_nations.csv
    _edit(csv / "beaches.csv", 2, ",axis,", ",nobody,")
    _edit(csv / "beaches.csv", 3, ",axis,", ",nobody,")
    _edit(csv / "port_nations.csv", 2, "Naples", "Atlantis")
    out = tmp_path / "mine.toml"
    code, err = _import("europa", csv, out, capsys)
    assert code == 2
    assert err == [
        "harbormaster: beaches.csv, line 2, column owner: 'nobody' is not a side (axis, allied)",
        "harbormaster: beaches.csv, line 3, column owner: 'nobody' is not a side (axis, allied)",
        "harbormaster: port_nations.csv, line 2, column port: no such port in [[ports]]",
        "harbormaster: ports.csv, line 2, column type: 'huge' is not a port type (great, major, standard, mulberry, minor, jetty)",
        "harbormaster: ports.csv, line 3, column sea_zone: 'Nowhere Sea' is not a sea zone; one of: Baltic Sea, Norwegian Sea, "
        "Denmark Sea, North Sea / North Atlantic, English Channel, French Atlantic, African Atlantic Coast, Arctic Ocean, "
        "Western Mediterranean, Central Mediterranean, Tyrrhenian Sea, Adriatic Sea, Eastern Mediterranean, Aegean Sea, "
        "South Aegean Interdiction Zone, Red Sea, Indian Ocean, Persian Gulf, Caspian Sea (33.B)",
        "harbormaster: ports.csv, line 5, column reduced: 'x' is not a whole number from -10000 to 10000",
        "harbormaster: ports.csv, line 20, column type: 'tiny' is not a port type (great, major, standard, mulberry, minor, jetty)",
        "harbormaster: nothing was written",
    ]
    assert not out.exists()


def test_issue30_12_a_base_left_out_is_not_blamed_on_its_units(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30.12: a base refused for a bad cell (Scapa Flow's ``operational``) leaves its units unblamed, while a
    unit's own bad cell elsewhere and a unit naming a base that never was are both listed."""
    csv = _exported("awaw", tmp_path, capsys)
    _edit(csv / "bases.csv", 2, ",true,", ",maybe,")
    _edit(csv / "bases.csv", 3, ",port,", ",castle,")  # Rosyth: the rule set's check
    units = (csv / "units.csv").read_text(encoding="utf-8").splitlines()
    bad_factor = next(i for i, line in enumerate(units, 1) if ",Scapa Flow," not in line and i > 1)
    line = units[bad_factor - 1].split(",")
    line[3] = "many"
    units[bad_factor - 1] = ",".join(line)
    atlantis = next(i for i, text in enumerate(units, 1) if ",Scapa Flow," not in text and i > bad_factor)
    line = units[atlantis - 1].split(",")
    line[4] = "Atlantis"
    units[atlantis - 1] = ",".join(line)
    (csv / "units.csv").write_text("\n".join(units) + "\n", encoding="utf-8")
    out = tmp_path / "mine.toml"
    code, err = _import("awaw", csv, out, capsys)
    assert code == 2
    assert [line.removeprefix("harbormaster: ").split(": ")[0] for line in err] == [
        "bases.csv, line 2, column operational", "bases.csv, line 3, column kind",
        f"units.csv, line {bad_factor}, column factors", f"units.csv, line {atlantis}, column base", "nothing was written"]
    assert "'many' is not a whole number" in err[2] and "'Atlantis' is not a base of this scenario" in err[3]
    assert not out.exists()


def test_issue30_12_the_list_is_capped_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30.12: past 100 problems the list stops, and its last line says that more were found."""
    csv = _exported("awaw", tmp_path, capsys)
    header = (csv / "units.csv").read_text(encoding="utf-8").splitlines()[0]
    rows = [f"U{i},britain,destroyer,x{i},Scapa Flow" + "," * (header.count(",") - 4) for i in range(130)]
    (csv / "units.csv").write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    out = tmp_path / "mine.toml"
    code, err = _import("awaw", csv, out, capsys)
    assert code == 2
    assert len(err) == 102
    assert err[0] == "harbormaster: units.csv, line 2, column factors: 'x0' is not a whole number from -10000 to 10000"
    assert err[99].startswith("harbormaster: units.csv, line 101, column factors: 'x99' ")
    assert err[100:] == ["harbormaster: ... and more: only the first 100 problems are listed (fix them and import again)",
                         "harbormaster: nothing was written"]
    assert not out.exists()


@pytest.mark.parametrize("ruleset", ["europa", "awaw"])
def test_issue30_15_export_keeps_illustrative_and_note_and_round_trips(ruleset: str, tmp_path: Path, data: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30.15: the bundled (illustrative) scenario exported and imported back has the same scenario table, its
    ``illustrative`` flag and ``note`` included; so has a game made from that import, exported again."""
    from tui.engine.setup import load_ruleset, load_scenario
    from tui.scenario.build import normal, read_toml_scenario

    bundled = load_scenario(data, load_ruleset(ruleset, data).default_scenario)
    assert bundled.info.illustrative and bundled.info.note
    csv = _exported(ruleset, tmp_path, capsys)
    first = tmp_path / "first.toml"
    assert _import(ruleset, csv, first, capsys)[0] == 0
    assert normal(ruleset, read_toml_scenario(first))["scenario"] == normal(ruleset, bundled.raw)["scenario"]
    assert main(["new", str(tmp_path / "again.hm"), "--scenario", str(first)]) == 0
    assert main(["scenario", "export", str(tmp_path / "again.hm"), "-o", str(tmp_path / "again")]) == 0
    second = tmp_path / "second.toml"
    assert _import(ruleset, tmp_path / "again", second, capsys)[0] == 0
    assert normal(ruleset, read_toml_scenario(second))["scenario"] == normal(ruleset, bundled.raw)["scenario"]


def test_issue30_15_the_title_follows_the_game(tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30.15: ``setup edit scenario`` gives the game its own name, flag and note: the title shows the name, the
    export writes them, undo gives the scenario's back; a bad flag is refused in one line, nothing changed."""
    from tui.session import memory_game
    from tui.widgets.game_header import HeaderInfo

    from tests.conftest import fixed_clock

    game = memory_game(data, "logistics", seed=1, clock=fixed_clock)
    assert HeaderInfo.from_game(game, "").game == "Channel Coast (illustrative Victory Logistics)"
    assert game.execute("board 12 10 --empty").ok
    result = game.execute("setup edit scenario 'name=Operation Mine' illustrative=no 'note=Our own board.'")
    assert result.ok, result.message
    assert result.message == "Setup: edited scenario: name=Operation Mine, illustrative=false, note=Our own board."
    assert HeaderInfo.from_game(game, "").game == "Operation Mine"
    from tui.scenario.export import from_game

    info = from_game(game.state, game.ruleset, game.meta)["scenario"]
    assert (info["name"], info["illustrative"], info["note"]) == ("Operation Mine", False, "Our own board.")
    before = game.state
    refused = game.execute("setup edit scenario illustrative=perhaps")
    assert not refused.ok and refused.message == "scenario illustrative: 'perhaps' is not true or false"
    assert game.state == before
    assert game.execute("undo").ok
    assert HeaderInfo.from_game(game, "").game == "A blank 12 x 10 board"  # the blank board's own title (30.15)
