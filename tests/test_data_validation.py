"""Issue 8 point 8 (data files): a bad byte or a bad number names the file, the table and the key.

A data file with a byte that is not UTF-8 is refused naming the file and the
line (not a ``UnicodeDecodeError``); infinity, NaN, negative and absurd numbers
fail validation naming the file, table and key. The number check is generic:
every number of every table of every data file, whatever rule set reads it.
"""

from __future__ import annotations

import copy
import math
import shutil
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from tui.engine.setup import RULESETS, load_ruleset, load_scenario
from tui.paths import data_dir
from tui.rules.core import data as core_data
from tui.rules.core.data import DATA_LIMIT, read_toml
from tui.rules.core.errors import DataError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


@pytest.fixture
def copy_data(tmp_path: Path) -> Path:
    """A private copy of the bundled data folder to damage."""
    target = tmp_path / "data"
    shutil.copytree(data_dir(), target)
    return target


def test_a_non_utf8_byte_names_the_file_and_the_line(copy_data: Path) -> None:
    path = copy_data / "rulesets" / "europa.toml"
    lines = path.read_bytes().split(b"\n")
    lines[24] = lines[24] + b"  # caf\xe9"  # a Latin-1 e-acute on line 25
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(DataError) as exc:
        load_ruleset("europa", copy_data)
    message = str(exc.value)
    assert "europa.toml" in message and "line 25" in message and "UTF-8" in message


def test_a_non_utf8_scenario_names_the_file_and_the_line(copy_data: Path) -> None:
    path = copy_data / "scenarios" / "mediterranean-1943.toml"
    path.write_bytes(b"\xff" + path.read_bytes())
    with pytest.raises(DataError) as exc:
        load_scenario(copy_data, "mediterranean-1943")
    assert "mediterranean-1943.toml" in str(exc.value) and "line 1" in str(exc.value)


@pytest.mark.parametrize("bad", ["inf", "-inf", "nan", "+nan", "-1", "1e12", "99999999"])
def test_re_capacity_out_of_range_names_file_table_and_key(copy_data: Path, bad: str) -> None:
    """31.A.1 Table 1: a major port's RE capacity must be a finite number, 0 or more, not absurd."""
    path = copy_data / "rulesets" / "europa.toml"
    text = path.read_text(encoding="utf-8")
    assert text.count("re_capacity = 6\n") == 1
    path.write_text(text.replace("re_capacity = 6\n", f"re_capacity = {bad}\n"), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_ruleset("europa", copy_data)
    message = str(exc.value)
    assert "europa.toml" in message and "port_summary" in message and "major.re_capacity" in message, message


def _numbers(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The path of every number in a parsed TOML document."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _numbers(value, path + (str(key),))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _numbers(value, path + (str(i),))
    elif isinstance(node, (int, float)) and not isinstance(node, bool):
        yield path


def _set(doc: Any, path: tuple[str, ...], value: Any) -> None:
    for key in path[:-1]:
        doc = doc[int(key)] if isinstance(doc, list) else doc[key]
    if isinstance(doc, list):
        doc[int(path[-1])] = value
    else:
        doc[path[-1]] = value


def _data_files() -> list[Path]:
    return sorted(data_dir().rglob("*.toml"))


@pytest.mark.parametrize("file", _data_files(), ids=lambda p: p.name)
def test_every_number_of_every_data_file_is_finite_and_bounded(file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each number of the file in turn made infinite, NaN or absurd: the real loader names file, table and key."""
    source = file.read_text(encoding="utf-8")
    original = tomllib.loads(source)
    parse = core_data._parse_toml
    paths = list(_numbers(original))
    assert paths, f"{file.name} has no numbers?"
    bad_values = [math.inf, -math.inf, math.nan, DATA_LIMIT * 10, -DATA_LIMIT * 10]
    for i, path in enumerate(paths):
        doc = copy.deepcopy(original)
        _set(doc, path, bad_values[i % len(bad_values)])
        # Only this file reads as the damaged copy (a rule set may load several files).
        monkeypatch.setattr(core_data, "_parse_toml", lambda text, doc=doc: doc if text == source else parse(text))
        with pytest.raises(DataError) as exc:
            if file.parent.name == "rulesets":
                # a rule set's own file is named by its id; a further file of it by the id and a suffix
                ruleset = file.stem if file.stem in RULESETS else file.stem.split("-")[0]
                load_ruleset.__wrapped__(ruleset, data_dir())  # not the cache: a damaged copy must never be kept
            else:
                load_scenario(data_dir(), file.stem)
        message = str(exc.value)
        assert file.name in message and f"table {path[0]}" in message, message
        if len(path) > 1:
            assert ".".join(path[1:]) in message, message


def test_every_rule_set_file_is_covered() -> None:
    """The generic test above walks every rule set's file (new rule sets included, once their file exists)."""
    names = {p.stem for p in _data_files() if p.parent.name == "rulesets"}
    assert set(RULESETS) <= names


def test_good_files_still_load() -> None:
    for file in _data_files():
        assert read_toml(file)


@pytest.mark.parametrize("file, old, new, where", [
    ("europa.toml", "tow_steps = 2\n", "tow_steps = -2\n", "table mulberry, key tow_steps"),  # 31.A.12 Table 2
    ("europa.toml", "first_column = 0\n", "first_column = -1\n", "table anti_shipping_table, key first_column"),  # 33.D
    ("europa.toml", "last_year = 1945\n", "last_year = -1945\n", "table port_destruction, key last_year"),  # 31.A.6
])
def test_a_negative_number_where_none_belongs_names_file_table_and_key(copy_data: Path, file: str, old: str, new: str, where: str) -> None:
    """A field that does not declare itself signed is 0 or more, whichever rule set's schema it is in."""
    path = copy_data / "rulesets" / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_ruleset.__wrapped__(path.stem, copy_data)
    assert file in str(exc.value) and where in str(exc.value) and "0 or more" in str(exc.value)


def test_signed_modifiers_still_load() -> None:
    """33.B.10 and 31.A.12: the negative modifiers of the bundled data are declared Signed and load."""
    rs = load_ruleset.__wrapped__("europa", data_dir())
    assert rs.tables is not None


# --- the generic check, as a new rule set's schema would meet it ---------------------------------
from tui.rules.core.data import DataModel, Signed, convert  # noqa: E402


class _Row(DataModel):
    count: int
    modifier: Signed = 0


class _Table(DataModel):
    rows: dict[str, _Row]
    steps: list[float] = []


@pytest.mark.parametrize("raw, where", [
    ({"rows": {"a": {"count": -1}}}, "table t, key rows.a.count"),
    ({"rows": {"a": {"count": 1}}, "steps": [1.0, -0.5]}, "table t, key steps.1"),
    ({"rows": {"a": {"count": 1, "modifier": 20000}}}, "table t, key rows.a.modifier"),
])
def test_a_new_schema_gets_ranges_without_declaring_them(raw: dict, where: str) -> None:
    """Plain ``int``/``float`` fields of any schema are 0 or more and bounded; ``Signed`` ones may be negative."""
    with pytest.raises(DataError) as exc:
        convert(raw, _Table, "new.toml", prefix="t")
    assert "new.toml" in str(exc.value) and where in str(exc.value)
    assert convert({"rows": {"a": {"count": 0, "modifier": -3}}}, _Table, "new.toml").rows["a"].modifier == -3
