"""Issue 23 (done means 3): a corpus of broken CSV files, each refused with its file, line and column, and nothing
written; a UTF-8 BOM and names holding quotes and commas (quoted) are accepted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tui.cli import main

GOOD = {
    "scenario.csv": "id,name,ruleset,start\nmine,\"My game, \"\"first\"\"\",awaw,Summer 1942\n",
    "turn.csv": "first_player\naxis\n",
    "bases.csv": "name,kind,fronts,hex,control\nScapa Flow,port,North Sea,A1,britain\n"
                 "\"Kiel, Hamburg\",port,North Sea,B2,germany\n",
    "units.csv": "id,power,type,factors,base,name\n# a comment row,,,,,\nKGV,britain,battleship,4,Scapa Flow,\"King George V, \"\"KGV\"\"\"\n"
                 "Tirpitz,germany,battleship,4,\"Kiel, Hamburg\",Tirpitz\n",
}


def fronts_and_types() -> tuple[str, str]:
    """A front and a unit type of the AWAW tables (the corpus must be valid but for its one fault)."""
    from tui.engine.setup import load_ruleset
    from tui.paths import data_dir

    t = load_ruleset("awaw", data_dir()).tables
    return next(iter(t.fronts)), next(iter(t.unit_types))


def folder(tmp_path: Path, changes: dict[str, bytes | str | None]) -> Path:
    front, kind = fronts_and_types()
    out = tmp_path / "csv"
    out.mkdir()
    for name, body in {**GOOD, **changes}.items():
        if body is None:
            continue
        if isinstance(body, str):
            body = body.replace("North Sea", front).replace("battleship", kind).encode("utf-8")
        (out / name).write_bytes(body)
    return out


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], changes: dict[str, bytes | str | None]) -> tuple[int, str, Path]:
    target = tmp_path / "game.toml"
    code = main(["scenario", "import", "--ruleset", "awaw", str(folder(tmp_path, changes)), "-o", str(target)])
    return code, capsys.readouterr().err, target


def test_issue23_the_good_corpus_imports_with_quotes_commas_comments_and_a_bom(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: quoted names holding commas and quotes, a comment row and a UTF-8 BOM are read as meant."""
    code, err, target = run(tmp_path, capsys, {"turn.csv": b"\xef\xbb\xbffirst_player\naxis\n"})
    assert code == 0, err
    text = target.read_text(encoding="utf-8")
    assert 'name = "King George V, \\"KGV\\""' in text and 'base = "Kiel, Hamburg"' in text


BROKEN = {
    "wrong encoding": ({"units.csv": "id,power,type,factors,base,name\nKGV,britain,battleship,4,Scapa Flow,K\xf6nig\n".encode("latin-1")},
                       "units.csv, line 2, column name: byte 0xf6 is not UTF-8"),
    "missing column": ({"units.csv": "id,power,type,factors,name\nKGV,britain,battleship,4,KGV\n"},
                       "units.csv, line 1, column base: the column is missing"),
    "unknown column": ({"units.csv": "id,power,type,factors,base,speed\nKGV,britain,battleship,4,Scapa Flow,30\n"},
                       "units.csv, line 1, column speed: unknown column; the columns are: id, power"),
    "duplicate names": ({"units.csv": "id,power,type,factors,base\nKGV,britain,battleship,4,Scapa Flow\nkgv,britain,battleship,2,Scapa Flow\n"},
                        "units.csv, line 3, column id: 'kgv' is listed twice (first on line 2)"),
    "out-of-range number": ({"units.csv": "id,power,type,factors,base\nKGV,britain,battleship,0,Scapa Flow\n"},
                            "units.csv, line 2, column factors: must be 1 or more"),
    "huge number": ({"units.csv": "id,power,type,factors,base\nKGV,britain,battleship,99999999,Scapa Flow\n"},
                    "units.csv, line 2, column factors: 99999999 is out of range"),
    "not a number": ({"units.csv": "id,power,type,factors,base\nKGV,britain,battleship,four,Scapa Flow\n"},
                     "units.csv, line 2, column factors: 'four' is not a whole number"),
    "unknown base": ({"units.csv": "id,power,type,factors,base\nKGV,britain,battleship,4,Atlantis\n"},
                     "units.csv, line 2, column base: 'Atlantis' is not a base of this scenario"),
    "unknown power": ({"units.csv": "id,power,type,factors,base\nKGV,narnia,battleship,4,Scapa Flow\n"},
                      "units.csv, line 2, column power: 'narnia' is not a power (germany, italy"),
    "comma inside an unquoted name": ({"units.csv": "id,power,type,factors,base,name\nKGV,britain,battleship,4,Scapa Flow,King, George\n"},
                                      "units.csv, line 2, column 7: the row has 7 cells, the header 6"),
    "quote left open": ({"units.csv": "id,power,type,factors,base,name\nKGV,britain,battleship,4,Scapa Flow,\"King George\n"},
                        "units.csv, line 2, column name: is not valid CSV"),
    "control character": ({"units.csv": "id,power,type,factors,base,name\nKGV,britain,battleship,4,Scapa Flow,\"K\x1b[31mG\"\n"},
                          "units.csv, line 2, column name: control character U+001B (escape) is not allowed"),
    "separated by semicolons": ({"units.csv": "id;power;type;factors;base\nKGV;britain;battleship;4;Scapa Flow\n"},
                                "units.csv, line 1, column id: the cells are separated by ';'"),
    "empty file": ({"units.csv": ""}, "units.csv, line 1, column id: the file is empty"),
    "empty required cell": ({"units.csv": "id,power,type,factors,base\nKGV,,battleship,4,Scapa Flow\n"},
                            "units.csv, line 2, column power: is required"),
    "bad true or false": ({"units.csv": "id,power,type,factors,base,fast\nKGV,britain,battleship,4,Scapa Flow,maybe\n"},
                          "units.csv, line 2, column fast: 'maybe' is not true or false"),
    "two rows in a one-row file": ({"turn.csv": "first_player\naxis\nallies\n"}, "turn.csv, line 3: a turn file has one row"),
    "unknown side": ({"turn.csv": "first_player\nnobody\n"}, "turn.csv, line 2, column first_player: 'nobody' is not a side"),
    "no scenario file": ({"scenario.csv": None}, "scenario.csv: is missing"),
    "unknown file": ({"ships.csv": "id\nx\n"}, "ships.csv: is not a file of a awaw scenario; the files are: scenario.csv"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_issue23_each_broken_csv_is_refused_with_file_line_and_column_and_nothing_written(
        case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: every bad row is refused with its file, line and column (and the allowed values); nothing is written."""
    changes, expected = BROKEN[case]
    code, err, target = run(tmp_path, capsys, changes)
    assert code == 2
    assert expected in err, err
    assert "Traceback" not in err and "nothing was written" in err
    assert not target.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["csv"]


def test_issue23_every_bad_row_is_named_not_only_the_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: all the rows in error are listed at once."""
    units = "id,power,type,factors,base\nA,britain,battleship,x,Scapa Flow\nB,britain,battleship,4,Scapa Flow\nC,britain,battleship,y,Scapa Flow\n"
    code, err, _ = run(tmp_path, capsys, {"units.csv": units})
    assert code == 2
    assert re.search(r"line 2, column factors.*\n.*line 4, column factors", err), err


def test_issue23_output_is_never_overwritten_without_force_nor_written_through_a_link(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: an existing scenario file is kept without --force; a symbolic link is never written through."""
    target = tmp_path / "game.toml"
    target.write_text("mine\n")
    source = folder(tmp_path, {})
    assert main(["scenario", "import", "--ruleset", "awaw", str(source), "-o", str(target)]) == 2
    assert target.read_text() == "mine\n"
    assert main(["scenario", "import", "--ruleset", "awaw", str(source), "-o", str(target), "--force"]) == 0
    assert "[[units]]" in target.read_text()
    other = tmp_path / "other.txt"
    other.write_text("keep\n")
    link = tmp_path / "link.toml"
    link.symlink_to(other)
    assert main(["scenario", "import", "--ruleset", "awaw", str(source), "-o", str(link), "--force"]) == 2
    assert other.read_text() == "keep\n" and link.is_symlink()
    assert "symbolic link" in capsys.readouterr().err
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_issue23_every_row_the_rule_set_refuses_is_named_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: units naming unknown bases or powers on several rows are all listed, each with its line."""
    units = ("id,power,type,factors,base\nA,britain,battleship,4,Atlantis\nB,britain,battleship,4,Scapa Flow\n"
             "C,narnia,battleship,4,Scapa Flow\nD,britain,battleship,4,Lemuria\n")
    code, err, target = run(tmp_path, capsys, {"units.csv": units})
    assert code == 2 and not target.exists()
    assert "units.csv, line 2, column base: 'Atlantis'" in err
    assert "units.csv, line 4, column power: 'narnia'" in err
    assert "units.csv, line 5, column base: 'Lemuria'" in err
    assert "line 3" not in err
