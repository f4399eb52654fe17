"""Issue 19, "Decode the save typed": a save read typed (tui/store/typed.py) is the very data orjson reads from the same
bytes, and it is read typed only when the event check field by field (tui/session/savecheck.py) would accept every event;
anything else takes the other path, whose messages are unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from test_savecheck_events import LOGGED, fields, json_values
from tui.paths import data_dir
from tui.session.savecheck import SavedDataError, check_events
from tui.session import create_game, open_game
from tui.store.save import SaveFile
from tui.store.typed import load_save

ROLL = {"spec": "2d6", "faces": [3, 4], "modifier": 0, "total": 7, "source": "app", "seed": 12, "purpose": "raid"}


def _save(events: list[Any], **tables: Any) -> bytes:
    """A save's bytes holding ``events`` (numbered by their place)."""
    data = {"meta": {"1": {"app": "harbormaster", "schema": 1}}, "events": {str(n): e for n, e in enumerate(events, 1)},
            "state": {"1": {"current": {}, "initial": {}}}, **tables}
    return orjson.dumps(data)


def _accepted(events: list[Any]) -> bool:
    try:
        check_events(events)
    except SavedDataError:
        return False
    return True


@settings(max_examples=400, deadline=None)
@given(changes=st.dictionaries(fields | st.sampled_from(["extra"]), json_values | st.just("<gone>"), max_size=3),
       seq=st.integers(1, 3), roll=st.dictionaries(st.sampled_from([*ROLL, "other"]), json_values, max_size=2))
def test_issue19_a_save_read_typed_is_what_orjson_reads_and_only_of_events_the_full_check_accepts(
        changes: dict[str, Any], seq: int, roll: dict[str, Any]) -> None:
    """Issue 19: an event changed in up to three fields (any JSON value, a field removed or one added) and a roll
    changed in up to two: either it is not read typed, or it is read as orjson reads it, field order included, and the
    check field by field accepts every event."""
    event = {**LOGGED, "seq": seq, "dice": [{**ROLL, **roll}]}
    for key, value in changes.items():
        if value == "<gone>":
            event.pop(key, None)
        else:
            event[key] = value
    raw = _save([{**LOGGED, "seq": n, "dice": [ROLL]} for n in range(1, seq)] + [event])
    typed = load_save(raw)
    if typed is None:
        return
    plain = orjson.loads(raw)
    assert typed == plain
    assert [list(e) for e in typed["events"].values()] == [list(e) for e in plain["events"].values()]
    assert [list(r) for e in typed["events"].values() for r in e["dice"]] == [
        list(r) for e in plain["events"].values() for r in e["dice"]]
    assert _accepted(list(plain["events"].values()))


def test_issue19_what_is_not_of_the_logged_shape_is_not_read_typed() -> None:
    """Issue 19: another table, an unknown field, a number orjson reads as a float, a blank command, events out of
    order: each is read the other way (and checked field by field)."""
    good = {**LOGGED, "dice": [ROLL]}
    assert load_save(_save([good])) is not None
    assert load_save(_save([{**good, "undone_at": "2026-11-25T04:30:00+00:00", "status": "undone"}])) is not None
    assert load_save(_save([good], other={"1": {}})) is None
    assert load_save(_save([{**good, "note": "x"}])) is None
    assert load_save(_save([{**good, "dice": [{**ROLL, "seed": 2**64 - 1}]}])) is None  # orjson: a whole number
    assert load_save(_save([good]).replace(b'"seed":12', b'"seed":123456789012345678901234567890')) is None
    assert load_save(_save([{**good, "command": " "}])) is None
    assert load_save(_save([good, {**good, "seq": 3}])) is None
    assert load_save(_save([good]).replace(b'"seq":1', b'"seq":true')) is None
    assert load_save(b'{"meta": ') is None and load_save(b"\xff") is None and load_save(b"[]") is None


def test_issue19_a_game_written_by_the_app_opens_typed_and_a_damaged_event_as_before(tmp_path: Path) -> None:
    """Issue 19: a save the app wrote (rolls, an undone command) is read typed; one with an event edited by hand is
    not, and is refused with the message the check field by field gives."""
    path = tmp_path / "g.json"
    game = create_game(path, data_dir(), seed=7)
    for line in ["hit Tobruk 2", "roll 2d6 weather", "use Alexandria 2 --he", "undo"]:
        assert game.execute(line).ok, line
    game.close()
    raw = path.read_bytes()
    assert load_save(raw) == orjson.loads(raw) and orjson.dumps(load_save(raw)) == orjson.dumps(orjson.loads(raw))
    store = SaveFile.open(path)
    assert store.events_typed and [e["status"] for e in store.log()][-2:] == ["applied", "undone"]
    assert store.log()[-1]["undone_at"] and store.log()[-2]["dice"][0]["spec"] == "2d6"
    store.close()
    reopened = open_game(path, data_dir(), mode="read", verify=True)
    assert reopened.events[-1]["command"] == "use Alexandria 2 --he" and reopened.events[-1]["status"] == "undone"
    reopened.close()
    data = orjson.loads(path.read_bytes())
    data["events"]["2"]["summary"] = 5
    path.write_bytes(orjson.dumps(data))
    store = SaveFile.open(path)
    assert not store.events_typed
    store.close()
    try:
        open_game(path, data_dir(), mode="read")
    except Exception as exc:  # GameOpenError
        assert "the save is damaged: event 2 has summary 5, not text" in str(exc)
    else:
        raise AssertionError("a damaged event was accepted")
