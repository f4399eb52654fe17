"""The verbs that change nothing: ``help`` (every verb, or one in full) and ``why`` (a rule set's explanation).

The engine runs them without a turn of the game: :class:`~.game.Game` passes
what they read (the rule set, its verbs, the state) and reports what they show.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

import msgspec
from msgspec import field

from ..rules.core.errors import RuleError
from ..rules.core.explain import Explained
from ..rules.core.names import recording_names
from ..rules.core.ruleset import Verb, where_legal
from ..rules.core.rulings import cited_rulings
from ..rules.core.state import GameState
from .command import with_names


class Shown(msgspec.Struct):
    """What a verb that changes nothing shows: a title, its lines, the command as understood and any explanations."""

    title: str
    lines: list[str]
    command: str
    explanations: list[Explained] = field(default_factory=list)


def show(ruleset: Any, verbs: Mapping[str, Verb], state: GameState, verb: Verb, cmd: Any) -> Shown:
    """Verbs that change nothing: help and why (``ruleset``'s explanations of ``state``)."""
    if verb.name == "help":
        return Shown(*help_text(ruleset, verbs, cmd.args[0] if cmd.args else None), cmd.text)
    if verb.name == "why":
        if not cmd.args:
            raise RuleError("why what? e.g. why Tobruk")
        with recording_names() as resolved:
            explained = ruleset.explain(state, " ".join(cmd.args))
        if not explained:
            raise RuleError(f"nothing called '{' '.join(cmd.args)}' to explain")
        named = with_names(cmd, resolved)  # "why tob" is titled "Why: Tobruk" (issue 12.9)
        lines = [line for e in explained for line in e.lines()]
        lines += [f"RULINGS {rid}: {text}" for rid, text in cited_rulings(explained, ruleset.rulings)]
        return Shown(f"Why: {' '.join(named.args)}", lines, named.text, explained)
    raise RuleError(f"'{verb.name}' shows nothing")


#: Words that end with a full stop without ending a sentence ("Barrage vs. Fortified", "e.g. Tobruk").
ABBREVIATIONS = frozenset({"vs", "e.g", "i.e", "cf", "etc", "No", "no", "Nos", "approx", "incl", "max", "min", "St", "p", "pp",
                           "fig", "Fig", "ca", "viz", "resp", "ed", "al", "Mt", "ft", "km", "mi"})
_SENTENCE_END = re.compile(r"\.\s+(?=\S)")


def ends_at_abbreviation(text: str) -> bool:
    """Whether ``text`` ends with an abbreviation or an initial (``Barrage vs``, ``31.A``), not a finished sentence."""
    word = re.split(r"[\s(\[]", text.rstrip(". "))[-1]
    return word in ABBREVIATIONS or bool(re.fullmatch(r"[A-Za-z]|[\w.]*\.[A-Za-z0-9]", word))


def summary(text: str) -> str:
    """The first sentence of a verb's help: up to the first full stop that ends a sentence (not ``vs.``, ``e.g.``, an
    initial or a rule number such as ``31.A.``), without the full stop; the whole text when it is one sentence."""
    for match in _SENTENCE_END.finditer(text):
        head = text[:match.start()]
        if ends_at_abbreviation(head + ".") or text[match.end()].islower():
            continue
        return head
    return text.rstrip().removesuffix(".")


def help_text(ruleset: Any, verbs: Mapping[str, Verb], verb_name: str | None) -> tuple[str, list[str]]:
    """(title, lines) of help: every verb with syntax and rule, or one verb in full."""
    if verb_name:
        verb = verbs.get(verb_name.lower())
        if verb is None:
            raise RuleError(f"no command '{verb_name}'")
        return verb.syntax, [verb.help, f"rule: {verb.rule or '—'}", f"legal in: {where_legal(ruleset.sequence, verb)}"]
    lines = []
    group = None
    for verb in sorted(verbs.values(), key=lambda v: (v.group, v.name)):
        if verb.group != group:
            group = verb.group
            lines.append(f"[{group}]")
        rule = f"  ({verb.rule})" if verb.rule else ""
        lines.append(f"  {verb.syntax:<46}  {summary(verb.help)}{rule}")
    return "Commands (help VERB for one in full)", lines
