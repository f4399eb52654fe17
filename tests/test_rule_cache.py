"""Issue 19, "one rule-set loader for every rule set": the converted, checked rule set is cached on disk.

The cache (``tui/rules/core/loader.py`` decides what an entry holds and when
to trust it; ``tui/engine/rulecache.py`` keeps the bytes) gives exactly what
converting the files gives, for every rule set; a changed data file is
picked up at the next load; a damaged, foreign or wrong-typed entry is
ignored and rebuilt, never trusted; a cache that cannot be written is
skipped; links planted in the folder are never followed. Every test here
uses a cache folder of its own (tests/conftest.py keeps the user's away).
"""

from __future__ import annotations

import importlib
import os
import pickle
import shutil
import subprocess
import sys
import types
from pathlib import Path
from typing import Any, Callable

import msgspec
import pytest

from tui.engine.rulecache import DiskCache
from tui.engine.setup import RULESETS, load_ruleset
from tui.paths import data_dir
from tui.rules.core import data as core_data
from tui.rules.core import loader
from tui.rules.core.loader import RuleData, Tables, cache_key, decode_entry, encode_entry, entry_name, load_data

ROOT = Path(__file__).resolve().parent.parent
IDS = sorted(RULESETS)


def _spec(rid: str) -> RuleData:
    return importlib.import_module(f"tui.rules.{rid}.ruleset").DATA


def _key(spec: RuleData, data: Path, version: str) -> bytes:
    key = cache_key(spec, [p.read_bytes() for p in spec.paths(data)], version)
    assert key is not None
    return key


def _no_toml(text: str) -> Any:
    raise AssertionError("the TOML was parsed: the cache was not used")


@pytest.fixture
def copy_data(tmp_path: Path) -> Path:
    """A private copy of the bundled data folder (a house-rule folder)."""
    target = tmp_path / "data"
    shutil.copytree(data_dir(), target)
    return target


@pytest.mark.parametrize("rid", IDS)
def test_issue19_the_cached_rule_set_equals_the_fresh_one(rid: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: for europa, ocs, awaw and logistics, the tables read back from the cache are the tables converted from
    the files (same types, same values, same order), and a rule set builds from them without reading TOML."""
    spec, data = _spec(rid), data_dir()
    fresh = load_data(data, spec)
    cache = DiskCache(tmp_path / "cache")
    assert load_data(data, spec, cache) == fresh  # converted, then kept
    assert (tmp_path / "cache" / entry_name(spec, data)).is_file()
    monkeypatch.setattr(core_data, "_parse_toml", _no_toml)
    cached = load_data(data, spec, cache)
    assert [type(p) for p in cached] == [type(p) for p in fresh]
    assert cached == fresh
    assert msgspec.msgpack.encode(cached) == msgspec.msgpack.encode(fresh)  # dict order too
    rs = importlib.import_module(f"tui.rules.{rid}.ruleset").load(data, cache)
    assert rs.tables == fresh[0] and rs.id == rid


def test_issue19_the_engine_loads_through_the_user_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: ``load_ruleset`` keeps the converted rule set in the cache folder (``HARBORMASTER_CACHE`` here),
    made private (0700)."""
    monkeypatch.setenv("HARBORMASTER_CACHE", str(tmp_path / "cache"))
    load_ruleset.__wrapped__("ocs", data_dir())
    assert (tmp_path / "cache" / entry_name(_spec("ocs"), data_dir())).is_file()
    assert (tmp_path / "cache").stat().st_mode & 0o777 == 0o700


def test_issue19_a_changed_data_file_is_picked_up_at_the_next_load(copy_data: Path, tmp_path: Path) -> None:
    """Issue 19 (done means): editing a data file after it was cached changes the next load (31.A.1 Table 1)."""
    spec, cache = _spec("europa"), DiskCache(tmp_path / "cache")
    assert load_data(copy_data, spec, cache)[0].port_summary["major"].re_capacity == 6
    path = copy_data / "rulesets" / "europa.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("re_capacity = 6\n", "re_capacity = 7\n"), encoding="utf-8")
    assert load_data(copy_data, spec, cache)[0].port_summary["major"].re_capacity == 7
    assert load_data(copy_data, spec, DiskCache(tmp_path / "cache"))[0].port_summary["major"].re_capacity == 7


def test_issue19_a_changed_data_file_is_picked_up_by_the_next_process(copy_data: Path, tmp_path: Path) -> None:
    """Issue 19 (done means): the next start (a new process, the same cache folder) reads the edited file."""
    env = {**os.environ, "HARBORMASTER_DATA": str(copy_data), "HARBORMASTER_CACHE": str(tmp_path / "cache")}
    code = ("from tui.engine.setup import load_ruleset; from tui.paths import data_dir; "
            "print(load_ruleset('europa', data_dir()).tables.port_summary['major'].re_capacity)")

    def start() -> str:
        return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout.strip()

    assert start() == "6.0"
    entry = tmp_path / "cache" / entry_name(_spec("europa"), copy_data)
    assert entry.is_file()
    path = copy_data / "rulesets" / "europa.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("re_capacity = 6\n", "re_capacity = 7\n"), encoding="utf-8")
    assert start() == "7.0"
    assert start() == "7.0"  # and from the rebuilt entry


class _Planted:
    """A pickle that would leave a file behind if anything unpickled it."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        return (Path.touch, (self.marker,))


def _damages(spec: RuleData, data: Path, tmp_path: Path) -> dict[str, Callable[[bytes], bytes]]:
    key = _key(spec, data, DiskCache(tmp_path).version)
    body_at = len(loader.MAGIC) + 64
    return {
        "empty": lambda good: b"",
        "truncated": lambda good: good[: len(good) // 2],
        "header only": lambda good: good[:body_at],
        "a byte flipped in the body": lambda good: good[:-10] + bytes([good[-10] ^ 0x01]) + good[-9:],
        "the body's hash damaged": lambda good: good[: body_at - 1] + bytes([good[body_at - 1] ^ 0xFF]) + good[body_at:],
        "not ours": lambda good: b"PK\x03\x04" + good,
        "wrong types, framed right": lambda good: encode_entry(("not a table",) * len(spec.parts), key),
        "one table short": lambda good: encode_entry(load_data(data, spec)[:-1], key),
        "pickle": lambda good: pickle.dumps(_Planted(tmp_path / "unpickled")),
        "JSON of the tables": lambda good: msgspec.json.encode(load_data(data, spec)),
    }


@pytest.mark.parametrize("damage", ["empty", "truncated", "header only", "a byte flipped in the body", "the body's hash damaged",
                                    "not ours", "wrong types, framed right", "one table short", "pickle", "JSON of the tables"])
def test_issue19_a_damaged_cache_entry_is_rebuilt(damage: str, tmp_path: Path) -> None:
    """Issue 19 (done means): a damaged, truncated or wrong-typed entry is ignored (never trusted, never unpickled):
    the rule set is converted from its files and the entry written again."""
    spec, data = _spec("europa"), data_dir()
    cache = DiskCache(tmp_path / "cache")
    fresh = load_data(data, spec, cache)
    entry = tmp_path / "cache" / entry_name(spec, data)
    good = entry.read_bytes()
    entry.write_bytes(_damages(spec, data, tmp_path)[damage](good))
    assert load_data(data, spec, cache) == fresh
    assert entry.read_bytes() == good
    assert not (tmp_path / "unpickled").exists()


def test_issue19_a_foreign_cache_entry_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: an entry of another key (another version of the app, other data) is not read; the load converts the
    files and keeps its own entry."""
    spec, data = _spec("logistics"), data_dir()
    folder = tmp_path / "cache"
    load_data(data, spec, DiskCache(folder, version="0.0.1"))
    entry = folder / entry_name(spec, data)
    old = entry.read_bytes()
    parsed: list[str] = []
    parse = core_data._parse_toml
    monkeypatch.setattr(core_data, "_parse_toml", lambda text: parsed.append("x") or parse(text))
    assert load_data(data, spec, DiskCache(folder, version="0.0.2")) == load_data(data, spec)
    assert parsed  # converted from the file, not read from the other version's entry
    assert entry.read_bytes() != old
    assert decode_entry(entry.read_bytes(), _key(spec, data, "0.0.2"), spec) is not None


def test_issue19_the_key_covers_the_code_that_converts_and_checks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: the key hashes the source of the structs' and the checks' modules, so a change to that code is a new
    key; the modules are the ones that decide what loads."""
    assert {"tui.rules.core.loader", "tui.rules.core.data", "tui.rules.core.phases", "tui.rules.europa.tables",
            "tui.rules.europa.seaschema", "tui.rules.europa.seacheck"} <= set(loader.code_modules(_spec("europa")))
    assert "tui.rules.awaw.ruleset" in loader.code_modules(_spec("awaw"))  # the cross-file check
    source = tmp_path / "probe.py"
    source.write_text("LIMIT = 1\n", encoding="utf-8")
    probe = types.ModuleType("tui.rules.core._probe")
    probe.__file__ = str(source)
    monkeypatch.setitem(sys.modules, probe.__name__, probe)
    monkeypatch.setattr(loader, "_CODE", {})
    spec = RuleData("probe", (("ocs.toml", (Tables(dict[str, Any], table="players"),)),), modules=(probe.__name__,))
    first = _key(spec, data_dir(), "1")
    assert _key(spec, data_dir(), "2") != first  # the app's version
    source.write_text("LIMIT = 2\n", encoding="utf-8")
    monkeypatch.setattr(loader, "_CODE", {})
    assert _key(spec, data_dir(), "1") != first  # the code's source
    probe.__file__ = str(tmp_path / "probe.pyc")
    monkeypatch.setattr(loader, "_CODE", {})
    assert cache_key(spec, [b""], "1") is None  # no source to hash: no cache


def test_issue19_a_house_rule_folder_has_its_own_entry(copy_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: the bundled folder and a ``HARBORMASTER_DATA`` folder each keep an entry; neither evicts the other."""
    spec, cache = _spec("ocs"), DiskCache(tmp_path / "cache")
    load_data(data_dir(), spec, cache)
    load_data(copy_data, spec, cache)
    assert entry_name(spec, data_dir()) != entry_name(spec, copy_data)
    assert len(list((tmp_path / "cache").iterdir())) == 2
    monkeypatch.setattr(core_data, "_parse_toml", _no_toml)
    assert load_data(data_dir(), spec, cache) == load_data(copy_data, spec, cache)


def test_issue19_a_link_planted_in_the_cache_folder_is_never_followed(tmp_path: Path) -> None:
    """Issue 19: an entry that is a symbolic link is neither read nor written through: the write replaces the link."""
    spec, data = _spec("ocs"), data_dir()
    folder, elsewhere = tmp_path / "cache", tmp_path / "elsewhere"
    load_data(data, spec, DiskCache(tmp_path / "other"))
    good = (tmp_path / "other" / entry_name(spec, data)).read_bytes()
    elsewhere.write_bytes(good)  # a valid entry, but reached only through the link
    folder.mkdir(mode=0o700)
    entry = folder / entry_name(spec, data)
    entry.symlink_to(elsewhere)
    cache = DiskCache(folder)
    assert cache.read(entry.name) is None
    assert load_data(data, spec, cache) == load_data(data, spec)
    assert not entry.is_symlink() and entry.read_bytes() == good
    assert elsewhere.read_bytes() == good


@pytest.mark.parametrize("how", ["writable by others", "writable by the group", "a link to a folder"])
def test_issue19_a_cache_folder_others_can_change_is_refused(how: str, tmp_path: Path) -> None:
    """Issue 19: a folder others may write to (or a link standing for the folder) is neither read nor written."""
    spec, data = _spec("ocs"), data_dir()
    folder = tmp_path / "cache"
    target = folder
    if how == "a link to a folder":
        target = tmp_path / "real"
        target.mkdir(mode=0o700)
        folder.symlink_to(target)
    else:
        folder.mkdir()
        folder.chmod(0o777 if how == "writable by others" else 0o770)
    planted = DiskCache(tmp_path / "good")
    load_data(data, spec, planted)
    shutil.copy(tmp_path / "good" / entry_name(spec, data), target / entry_name(spec, data))
    cache = DiskCache(folder)
    assert cache.read(entry_name(spec, data)) is None
    (target / entry_name(spec, data)).unlink()
    assert load_data(data, spec, cache) == load_data(data, spec)
    assert list(target.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a folder away needs root")
def test_issue19_a_cache_folder_of_another_user_is_refused(tmp_path: Path) -> None:
    """Issue 19: a cache folder not owned by the user is neither read nor written."""
    spec, data = _spec("ocs"), data_dir()
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    os.chown(folder, 12345, 12345)
    assert load_data(data, spec, DiskCache(folder)) == load_data(data, spec)
    assert list(folder.iterdir()) == []


def test_issue19_a_cache_that_cannot_be_written_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: a cache folder that cannot be made (read-only home) or a full disk changes nothing but the speed:
    the load succeeds, no half-written file stays."""
    spec, data = _spec("ocs"), data_dir()
    blocker = tmp_path / "home"
    blocker.write_text("a file where the folder would go", encoding="utf-8")
    assert load_data(data, spec, DiskCache(blocker / ".cache" / "harbormaster")) == load_data(data, spec)

    import errno

    from tui.engine import rulecache

    def full(fd: int, data_: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(rulecache.os, "write", full)
    assert load_data(data, spec, DiskCache(tmp_path / "cache")) == load_data(data, spec)
    assert list((tmp_path / "cache").iterdir()) == []


def test_issue19_tests_keep_the_users_cache_folder_away() -> None:
    """Issue 19: the suite runs with the rule-set cache off and a temporary user cache folder (tests/conftest.py)."""
    import platformdirs

    assert os.environ["HARBORMASTER_CACHE"] == "off"
    assert Path(platformdirs.user_cache_dir("harbormaster")).is_relative_to(Path(os.environ["XDG_CACHE_HOME"]))
    assert not str(Path(os.environ["XDG_CACHE_HOME"])).startswith(str(Path.home() / ".cache"))


@pytest.mark.parametrize("xdg", [None, "", "/srv/cache", "relative/cache"])
@pytest.mark.parametrize("home", ["/home/referee", "/root/", "relative-home"])
def test_issue19_cache_folder_is_platformdirs_own(monkeypatch: pytest.MonkeyPatch, xdg: str | None, home: str) -> None:
    """Issue 19: the rule-set cache folder is the one platformdirs names, found on Linux without importing it."""
    import platformdirs

    from tui.paths import cache_dir

    monkeypatch.delenv("HARBORMASTER_CACHE", raising=False)
    monkeypatch.setenv("HOME", home)
    if xdg is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    try:
        expected: Path | None = Path(platformdirs.user_cache_dir("harbormaster"))
    except RuntimeError:  # platformdirs finds no home folder: neither does the app
        expected = None
    if expected is None:
        with pytest.raises(RuntimeError):
            cache_dir()
    else:
        assert cache_dir() == expected


def test_issue19_cache_folder_on_linux_imports_no_platformdirs(tmp_path: Path) -> None:
    """Issue 19: naming the user's cache folder on Linux imports no platformdirs (a fresh interpreter)."""
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("HARBORMASTER_CACHE", "XDG_CACHE_HOME")}
    env["HOME"] = str(tmp_path)
    code = "import sys; from tui.paths import cache_dir; print(cache_dir()); print('platformdirs' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout.split()
    if sys.platform.startswith("linux"):
        assert out == [str(tmp_path / ".cache" / "harbormaster"), "False"]
