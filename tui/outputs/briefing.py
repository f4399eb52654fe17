"""Briefings: a readable report of a game for one side, or the referee's full report (Markdown or HTML).

``harbormaster report PATH [--side SIDE] [--turn T] [--format md|html]`` and
the app's ``R`` key write it. It is built from the rule set's views (the same
rows ``show`` prints), so any rule set with views fits: ports, sea zones,
shipping, beaches, bases, units, hexes.

What a side sees is decided in :mod:`tui.engine.sides` (the app's side view,
``harbormaster PATH --read-only --side SIDE``, shows the same): the other
side's rows, markers, prompts and log entries (with the answers and dice that
belong to them) are left out. The referee's report (no side) has everything,
undone and abandoned entries included, marked.
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any

import msgspec
from msgspec import field

from . import report
from ..engine.sides import OWNER_KEYS, Fog, UnknownSide, side_word, verb_of, visible
from ..engine.sides import places as sides_places
from ..engine.game import Game
from ..engine.lineage import describe_parent
from ..rules.core.text import visible as escaped
from ..store.export import refusal as export_refusal
from ..store.export import write_export


class BriefingError(Exception):
    """A briefing cannot be made (an unknown side or turn); nothing was written."""


class Doc(msgspec.Struct):
    """A briefing as blocks: ``("h1"|"h2"|"p"|"ul", ...)`` and ``("table", headers, rows)``."""

    blocks: list[tuple[Any, ...]] = field(default_factory=list)

    def add(self, kind: str, *content: Any) -> None:
        """Append one block."""
        self.blocks.append((kind, *content))


def render(game: Game, side: str | None = None, turn: str | None = None, fmt: str = "md") -> str:
    """The briefing of ``game`` for ``side`` (None: the referee) telling the log of ``turn`` (None: the last finished
    turn, :func:`last_finished`)."""
    doc = build(game, side, turn)
    text = to_html(doc) if fmt == "html" else to_markdown(doc)
    return escaped(text, lines=True)  # names and notes from the save with their control characters escaped (issue 18.5)


def check_side(game: Game, side: str | None) -> str | None:
    """The rule set's spelling of ``side`` (any spelling of it, any case), None for the referee; BriefingError for an
    unknown one (:func:`tui.engine.sides.side_word`)."""
    try:
        return side_word(game.ruleset.sides, side)
    except UnknownSide:
        raise BriefingError(f"no side '{side}' in a {game.ruleset.id} game; sides: {', '.join(game.ruleset.sides)} (or leave --side out for the referee)") from None


def log_turns(game: Game) -> list[str]:
    """The game turns a briefing can tell: those of the log, oldest first, then the current one."""
    return list(dict.fromkeys([str(e.get("turn", "")) for e in game.events] + [game.turn_label]))


def last_finished(game: Game) -> str:
    """The turn a briefing tells by default (issue 22 point 13): the last one finished, the one before the current
    turn in the log; in the game's first turn, the current one."""
    finished = [t for t in log_turns(game) if t != game.turn_label]
    return finished[-1] if finished else game.turn_label


def check_turn(game: Game, turn: str | None) -> str:
    """The turn whose log to tell: ``turn`` if the log or the game has it (None: :func:`last_finished`), else
    BriefingError listing the turns."""
    if turn is None:
        return last_finished(game)
    turns = log_turns(game)
    for known in turns:
        if known.lower() == turn.strip().lower():
            return known
    raise BriefingError(f"no turn '{turn}' in this game's log; turns: {', '.join(turns)}")


def places(game: Game, side: str) -> set[str]:
    """Names of everything ``side`` holds, in every view."""
    return sides_places(game.ruleset, game.state, side)


def _title(view: str) -> str:
    return view.replace("-", " ").capitalize()


def build(game: Game, side: str | None = None, turn: str | None = None) -> Doc:
    """The briefing as a :class:`Doc` (checked side and turn)."""
    side = check_side(game, side)
    turn = check_turn(game, turn)
    sides = game.ruleset.sides
    doc = Doc()
    who = f"{side.title()} briefing" if side else "Referee's report"
    doc.add("h1", f"{who} — {game.meta.get('scenario_name') or game.meta.get('scenario')}")
    facts = [
        f"Rule set: {game.ruleset.name} ({game.ruleset.id})",
        f"Turn: {game.turn_label}",
        f"Segment: {game.segment.title}",
        f"Phasing side: {game.phasing_side.title() or 'none (both sides)'}" + (f"; {game.acting_side.title()} acts" if game.acting_side != game.phasing_side else ""),
        f"Save revision: {game.store.revision}, {len(game.events)} log entries",
    ]
    if describe_parent(game.meta):
        facts.append(describe_parent(game.meta).capitalize())
    if side:
        facts.append(f"Only what the {side.title()} side holds or sees; the other side's places, markers and entries are left out.")
    doc.add("ul", facts)
    _views(doc, game, side, sides)
    _markers(doc, game, side, sides)
    _pending(doc, game, side)
    _log(doc, game, side, turn)
    return doc


def _views(doc: Doc, game: Game, side: str | None, sides: tuple[str, ...]) -> None:
    empty = []
    for view, rows_of in game.ruleset.views.items():
        rows = visible(rows_of(game.state), side, sides)
        if not rows:
            empty.append(_title(view))
            continue
        cols = game.ruleset.columns.get(view)
        keys = [c.key for c in cols] if cols else [k for k in rows[0] if not isinstance(rows[0][k], (dict, list))]
        headers = [c.header for c in cols] if cols else keys
        if side:  # the owner column says nothing when every row is the side's own or nobody's
            drop = [i for i, k in enumerate(keys) if k in OWNER_KEYS and all(r.get(k) in (side, None, "") for r in rows)]
            keys = [k for i, k in enumerate(keys) if i not in drop]
            headers = [h for i, h in enumerate(headers) if i not in drop]
        doc.add("h2", _title(view))
        doc.add("table", headers, [[report._cell(r.get(k)) for k in keys] for r in rows])
    if empty:
        doc.add("p", f"Nothing to report in: {', '.join(empty)}.")


def _markers(doc: Doc, game: Game, side: str | None, sides: tuple[str, ...]) -> None:
    markers = visible(game.ruleset.markers(game.state, game.ruleset.sequence), side, sides)
    doc.add("h2", "Markers and when they go")
    if not markers:
        doc.add("p", "No markers.")
        return
    doc.add("table", ["Marker", "Value", "Place", "Side", "Goes"],
            [[str(m.get("marker", "")), str(m.get("value", "")), str(m.get("place", "")), str(m.get("side", "")), str(m.get("expires", ""))] for m in markers])


def _pending(doc: Doc, game: Game, side: str | None) -> None:
    pending = Fog.of(game, side).pending(game.state.flow.pending, game.events)
    doc.add("h2", "Pending prompts")
    if not pending:
        doc.add("p", "None: nothing waits for an answer in this segment.")
        return
    doc.add("ul", [f"{p.id}: {p.text}" + (f" (choices: {', '.join(p.choices)})" if p.choices else "") + (f" (roll {p.dice})" if p.dice else "")
                   + (" — required" if p.required else "") + (f" [{p.rule}]" if p.rule else "") for p in pending])


def sentence(game: Game, event: dict[str, Any]) -> str:
    """One log entry in plain words: who, where in the turn, the command with its rule, what happened, the dice."""
    segment = str(event.get("segment_title", "")).split(" › ")[-1]
    verb = game.verbs.get(verb_of(event))
    ref = verb.rule if verb is not None else ""
    rule = f" (rule {ref})" if ref[:1].isdigit() else (f" ({ref})" if ref and ref != "dice" else "")
    actor = str(event.get("actor", "")).title() or "The referee"
    status = event.get("status", "applied")
    mark = "" if status == "applied" else f"[{status.upper()}] "
    summary = str(event.get("summary", "")).rstrip(".")
    if verb_of(event) in ("next", "goto"):  # where the game went, then what the rules did on their own (issue 22 point 7)
        head, *done = summary.split("; ")
        text = (f"{mark}#{event.get('seq')} — {segment}: {actor} moved the game on (`{event.get('command', '')}`){rule}: "
                f"{head.lstrip('→ ')}.")
        if done:
            text += " The rules did on their own: " + "; ".join(line.rstrip(".") for line in done) + "."
    else:
        text = f"{mark}#{event.get('seq')} — {segment}: {actor} did `{event.get('command', '')}`{rule}. {summary}."
    for d in event.get("dice", ()):
        faces = "+".join(str(f) for f in d.get("faces", ()))
        mod = int(d.get("modifier") or 0)
        how = f"rolled by the app, seed {d.get('seed')}" if d.get("source") == "app" else "typed from the referee's dice"
        purpose = f" for {d['purpose']}" if d.get("purpose") else ""
        text += f" Dice{purpose}: {d.get('spec')} = {faces}{f'{mod:+d}' if mod else ''} = {d.get('total')} ({how})."
    return text


def _log(doc: Doc, game: Game, side: str | None, turn: str) -> None:
    events = [e for e in Fog.of(game, side).events(game.events) if e.get("turn") == turn]
    doc.add("h2", f"The log of {turn}")
    if not events:
        doc.add("p", "Nothing happened yet in this turn." if side is None else "Nothing this side is told of happened yet in this turn.")
        return
    doc.add("ul", [sentence(game, e) for e in events])


# ------------------------------------------------------------------ output
def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(doc: Doc) -> str:
    """GitHub-flavoured Markdown."""
    out: list[str] = []
    for kind, *content in doc.blocks:
        if kind == "h1":
            out += [f"# {content[0]}", ""]
        elif kind == "h2":
            out += [f"## {content[0]}", ""]
        elif kind == "p":
            out += [content[0], ""]
        elif kind == "ul":
            out += [f"- {item}" for item in content[0]] + [""]
        elif kind == "table":
            headers, rows = content
            out.append("| " + " | ".join(_md_cell(h) for h in headers) + " |")
            out.append("|" + "|".join("---" for _ in headers) + "|")
            out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
            out.append("")
    return "\n".join(out)


def _inline(text: str) -> str:
    """Escape, then show `code` spans as <code>."""
    parts = html.escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


STYLE = ("body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#222}"
         "table{border-collapse:collapse;margin:0 0 1.5rem;font-size:.9rem}th,td{border:1px solid #bbb;padding:.2rem .5rem;text-align:left}"
         "th{background:#eef}code{background:#f3f3f3;padding:0 .2rem}")


def to_html(doc: Doc) -> str:
    """A standalone HTML page."""
    title = next((c[0] for k, *c in doc.blocks if k == "h1"), "Briefing")
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">', f"<title>{html.escape(title)}</title>",
           f"<style>{STYLE}</style></head><body>"]
    for kind, *content in doc.blocks:
        if kind in ("h1", "h2", "p"):
            out.append(f"<{kind}>{_inline(content[0])}</{kind}>")
        elif kind == "ul":
            out.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in content[0]) + "</ul>")
        elif kind == "table":
            headers, rows = content
            head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
            body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def report_name(save: Path, side: str | None, turn: str, fmt: str = "md") -> str:
    """``game-briefing-axis-jan-i-1943.md``: the briefing's file name for the save ``save`` (``referee`` for the full
    report); also the name a read-only session offers it under as a download (issue 29.3)."""
    slug = "-".join(turn.lower().split())
    return f"{save.stem}-briefing-{side or 'referee'}-{slug}.{fmt}"


def default_report_path(save: Path, side: str | None, turn: str, fmt: str = "md") -> Path:
    """``game-briefing-axis-jan-i-1943.md`` beside the save (``referee`` for the full report); ``-2``, ``-3`` ... if
    that name is taken (a briefing is never written over another file)."""
    base = report_name(save, side, turn, fmt)[: -len(fmt) - 1]
    candidate = save.with_name(f"{base}.{fmt}")
    n = 2
    while os.path.lexists(candidate):
        candidate = save.with_name(f"{base}-{n}.{fmt}")
        n += 1
    return candidate


def output_refusal(path: str, force: bool = False) -> str | None:
    """Why a briefing may not be written to ``path`` (checked before any work is done), or None."""
    return export_refusal(Path(path) if path else "", force)


def write_file(path: Path, text: str, *, force: bool = False) -> None:
    """Write ``text`` to ``path`` whole or not at all (see :func:`tui.store.export.write_export`).

    Never over a save, its backups or its lock, never through a link or onto a
    FIFO or folder, and over an existing file only with ``force`` (its mode
    kept); a new file gets the mode the umask gives. Raises
    :class:`~tui.store.export.OutputRefused` (an ``OSError``) with the reason.
    """
    write_export(path, text.encode("utf-8"), force=force)
