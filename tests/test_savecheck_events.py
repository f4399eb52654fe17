"""Issue 12 (start-up) with issue 8 (bad input): the quick look at a save's events accepts exactly what the full
check accepts, and every refusal names what is wrong as the full check does."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui.session.savecheck import SavedDataError, check_event, check_events

LOGGED: dict[str, Any] = {
    "seq": 1, "time": "2026-11-25T04:28:57+00:00", "turn": "Jan I 1943", "segment": "axis-turn/initial/initial-movement",
    "segment_title": "Axis player turn › Initial phase › Movement", "side": "axis", "actor": "axis",
    "command": "hit Tobruk 2", "source": "line", "dice": [{"spec": "1d6", "faces": [3]}], "summary": "Tobruk: 2 hits",
    "details": [], "status": "applied",
}
"""An event as the app logs it."""

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False) | st.sampled_from(["", " ", "\t\n", "x", "applied", "undone", "abandoned", "next"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["a", "spec"]), inner, max_size=2),
    max_leaves=6,
)
fields = st.sampled_from([*LOGGED, "undone_at"])


def _verdict(check, *args) -> str | None:
    try:
        check(*args)
    except SavedDataError as exc:
        return str(exc)
    return None


@settings(max_examples=600, deadline=None)
@given(changes=st.dictionaries(fields, json_values | st.just("<gone>"), max_size=3), seq=st.integers(1, 3))
def test_the_quick_look_refuses_and_names_exactly_what_the_full_check_does(changes: dict[str, Any], seq: int) -> None:
    """Issue 12: an event changed in up to three fields (any JSON value, or the field removed) is refused by the
    log check exactly when the field-by-field check refuses it, with the same message."""
    event = {**LOGGED, "seq": seq}
    for key, value in changes.items():
        if value == "<gone>":
            event.pop(key, None)
        else:
            event[key] = value
    events = [{**LOGGED, "seq": n} for n in range(1, seq)] + [event]
    assert _verdict(check_events, events) == _verdict(check_event, seq, event)


@pytest.mark.parametrize("event, message", [
    ({**LOGGED, "undone_at": 3}, "event 1 has undone_at 3, not text"),
    ({**LOGGED, "dice": [{"spec": "1d6"}, 4]}, "event 1 has dice that are not a list of rolls"),
    ({**LOGGED, "command": "  "}, "event 1 has command '  ', not a command line"),
    ({**LOGGED, "seq": True}, "event 1 has seq True; events must be numbered 1, 2, 3 ... in order"),
    ({k: v for k, v in LOGGED.items() if k != "time"}, None),  # fields the app always writes may be missing
    ({**LOGGED, "dice": []}, None),
])
def test_events_the_quick_look_does_not_take_are_checked_field_by_field(event: dict[str, Any], message: str | None) -> None:
    """Issue 12 and issue 8: a refusal names the event and the field; an event without a logged text field passes."""
    assert _verdict(check_events, [event]) == message
