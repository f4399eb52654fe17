"""Plain-text and JSON views of a game, for ``harbormaster show`` (no Textual)."""

from __future__ import annotations

from typing import Any

from ..engine.game import Game
from ..engine.lineage import describe_parent, parent_link
from ..rules.core.explain import fmt_number
from ..rules.core.text import visible

CORE_VIEWS = ("ports", "markers", "phase", "log")


def views(game: Game) -> list[str]:
    """Every view of this game: the core ones and the rule set's own (zones, shipping, ...)."""
    return list(CORE_VIEWS) + [v for v in game.ruleset.views if v not in CORE_VIEWS]


def data(game: Game, view: str) -> Any:
    """JSON-ready data of one view; ports include every figure's explanation."""
    state = game.state
    if view == "ports":
        rows = game.ruleset.views["ports"](state)
        for row in rows:
            row["explanations"] = {e.name: e.to_dict() for e in game.ruleset.explain(state, row["name"])}
        return {"turn": game.turn_label, "segment": game.segment.title, "ports": rows}
    if view == "markers":
        return {"turn": game.turn_label, "markers": game.ruleset.markers(state, game.ruleset.sequence)}
    if view == "phase":
        seg = game.segment
        return {
            "game": game.meta.get("scenario_name", ""),
            "ruleset": game.ruleset.id,
            "turn": game.turn_label,
            "side": game.phasing_side,
            "segment": {"key": seg.key, "title": seg.title, "index": seg.index},
            "pending": [
                {"id": p.id, "text": p.text, "kind": p.kind, "required": p.required, "rule": p.rule, "choices": list(p.choices), "dice": p.dice}
                for p in state.flow.pending
            ],
            "sequence": [
                {"index": s.index, "key": s.key, "title": s.title, "side": game.ruleset.resolve_side(state, s.side), "current": s.index == seg.index}
                for s in game.ruleset.sequence.segments
            ],
            "settings": dict(state.settings),
            "revision": game.store.revision,
        }
    if view == "log":
        return {"parent": parent_link(game.meta), "events": game.events}
    if view in game.ruleset.views:
        return {"turn": game.turn_label, "segment": game.segment.title, view: game.ruleset.views[view](state)}
    raise ValueError(f"unknown view '{view}' (one of {', '.join(views(game))})")


def text(game: Game, view: str) -> str:
    """A terminal-friendly table of one view."""
    if view == "scenario" and view in game.ruleset.texts:  # a file to read back (`new --scenario FILE`): no heading
        return game.ruleset.texts[view](game.state)
    if view in game.ruleset.texts:
        return f"{game.turn_label} · {game.segment.title}\n" + game.ruleset.texts[view](game.state)
    payload = data(game, view)
    if view == "ports":
        cols = game.ruleset.columns["ports"]
        rows = [[_cell(r.get(c.key)) for c in cols] for r in payload["ports"]]
        return f"{game.turn_label} · {game.segment.title}\n" + _table([c.header for c in cols], rows)
    if view == "markers":
        rows = [[m["marker"], m["value"], m["place"], m["side"], m["expires"]] for m in payload["markers"]]
        return _table(["Marker", "Value", "Place", "Side", "Expires"], rows) if rows else "No markers."
    if view == "phase":
        lines = [f"{payload['game']} — {payload['turn']} — {payload['segment']['title']}"]
        for s in payload["sequence"]:
            lines.append(f"{'▶' if s['current'] else ' '} {s['title']}")
        lines.append("Pending prompts:" if payload["pending"] else "No pending prompts.")
        for p in payload["pending"]:
            lines.append(f"  {p['id']}: {p['text']}{' (required)' if p['required'] else ''}")
        return "\n".join(lines)
    if view != "log":
        cols = game.ruleset.columns.get(view)
        rows_data = payload[view]
        if not rows_data:
            return f"No {view}."
        keys = [c.key for c in cols] if cols else list(rows_data[0])
        headers = [c.header for c in cols] if cols else keys
        return _table(headers, [[_cell(r.get(k)) for k in keys] for r in rows_data])
    rows = []
    for e in payload["events"]:
        dice = "; ".join(f"{d['spec']}={d['total']} ({d['source']})" for d in e.get("dice", []))
        status = "" if e["status"] == "applied" else e["status"].upper()
        rows.append([str(e["seq"]), e["turn"], e.get("actor", ""), e["command"], e["summary"], dice, status])
    table = _table(["#", "Turn", "Side", "Command", "Result", "Dice", ""], rows) if rows else "The log is empty."
    branch = describe_parent(game.meta)
    return f"{branch[0].upper()}{branch[1:]}.\n{table}" if branch else table


def _cell(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "—"
    return fmt_number(value)


def _table(headers: list[str], rows: list[list[str]]) -> str:
    rows = [[visible(c) for c in r] for r in rows]  # a name or note from the save, control characters shown escaped
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    out = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip()]
    out.append("  ".join("-" * w for w in widths))
    out.extend("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)
    return "\n".join(out)
