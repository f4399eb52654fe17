"""The one ``Command`` type: a key, a palette entry or a typed line all become one of these.

The text language is ``VERB ARG ... [--option [VALUE]]``. Arguments are split
like a shell line, so names with spaces may be quoted (``hit "Port Sudan"``),
though rule sets also accept them unquoted. Options: ``--dice 3,5`` (typed
physical dice; repeat for several rolls), ``--roll`` (the app rolls), ``--force``
(confirm, e.g. skipping a required prompt), and rule-set options such as
``--he``.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from typing import Any

# Options that take a value; every other option is a flag.
VALUE_OPTIONS = frozenset({"dice", "side", "hq", "hqs", "cargo", "sea-zone", "hex", "harbour", "type", "owner", "nation", "theatre", "name",
                           # awaw (seed 004): distances by water and the route (RULINGS A1), fronts, destinations
                           "distance", "legs", "ports", "exception", "front", "straits", "to",
                           "by", "power", "reach", "surviving", "odds", "attackers", "ctl",
                           "result", "cves", "air-range", "codebreaking",
                           "target", "hex-kind", "fronts", "from", "group",
                           "with", "ships", "attempt", "missing", "survivors", "final-round", "damaged", "sunk", "transports-lost", "air-support"})


class CommandSyntaxError(ValueError):
    """The line cannot be read as a command at all."""


@dataclass(frozen=True)
class Command:
    """A referee's command: verb, positional arguments, options and the text it came from."""

    verb: str
    args: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    source: str = "line"  # line | key | palette | exec | replay

    def with_options(self, **extra: Any) -> Command:
        """The same command with more options, its text rewritten to match (for the log)."""
        options = dict(self.options)
        options.update(extra)
        return Command(self.verb, self.args, options, render(self.verb, self.args, options), self.source)


def parse(text: str, source: str = "line") -> Command:
    """Read a command line; raise :class:`CommandSyntaxError` with a readable message."""
    text = text.strip()
    if text.startswith(":"):
        text = text[1:].strip()
    if not text:
        raise CommandSyntaxError("empty command (type 'help' for the list of commands)")
    try:
        tokens = shlex.split(text)
    except ValueError as exc:
        raise CommandSyntaxError(f"cannot read '{text}': {exc}") from None
    verb, rest = tokens[0].lower(), tokens[1:]
    args: list[str] = []
    options: dict[str, Any] = {}
    i = 0
    while i < len(rest):
        token = rest[i]
        if token.startswith("--") and len(token) > 2:
            name, eq, value = token[2:].partition("=")
            name = name.lower()
            if name in VALUE_OPTIONS:
                if not eq:
                    if i + 1 >= len(rest):
                        raise CommandSyntaxError(f"--{name} needs a value")
                    i += 1
                    value = rest[i]
                if name == "dice":
                    options.setdefault("dice", []).append(value)
                else:
                    options[name] = value
            elif eq:
                raise CommandSyntaxError(f"--{name} takes no value")
            else:
                options[name] = True
        else:
            args.append(token)
        i += 1
    return Command(verb, tuple(args), options, render(verb, tuple(args), options), source)


def render(verb: str, args: tuple[str, ...], options: dict[str, Any]) -> str:
    """The canonical text of a command (what the log shows and replay parses)."""
    parts = [verb] + [shlex.quote(a) for a in args]
    for name, value in options.items():
        if value is True:
            parts.append(f"--{name}")
        elif isinstance(value, list):
            parts.extend(f"--{name} {shlex.quote(str(v))}" for v in value)
        elif value not in (None, False):
            parts.append(f"--{name} {shlex.quote(str(value))}")
    return " ".join(parts)
