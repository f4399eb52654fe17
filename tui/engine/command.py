"""The one ``Command`` type: a key, a palette entry or a typed line all become one of these.

The text language is ``VERB ARG ... [--option [VALUE]]``. Words are split like
a shell line: whitespace separates them, ``'single'`` and ``"double"`` quotes
keep spaces (``hit "Port Sudan"``; rule sets also accept names unquoted), and
a backslash escapes one character. A word is an option only when it begins
with an unquoted ``--``: quoting it (``note '--x 2'``) makes it an argument.

Options: ``--dice 3,5`` (typed physical dice; repeat for several rolls),
``--roll`` (the app rolls) and ``--force`` (confirm, e.g. skipping a required
prompt) are the engine's own and every command takes them; a verb accepts the
other options it declares in ``Verb.options``. Options that take a value
(``--name X`` or ``--name=X``) are listed in :data:`VALUE_OPTIONS`.

:func:`render` writes the canonical text of a command, the form the log keeps:
it parses back to exactly the same command, whatever the arguments hold.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Set
from typing import Any

import msgspec
from msgspec import field

from ..rules.core.text import control_problem

#: Options every command takes (the engine reads them: dice, who rolls, confirmation).
ENGINE_OPTIONS = frozenset({"dice", "roll", "force"})


class _ValueOptions(Set[str]):
    """The options that take a value (``--name X`` or ``--name=X``): the engine's ``--dice`` and every option an
    installed rule set declares in ``RuleSetPlugin.value_options``; every other option is a flag. Read on first use
    (a line with an option), so a start that reads no command imports no rule set for it."""

    def _all(self) -> frozenset[str]:
        from .registry import value_options

        return ENGINE_VALUE_OPTIONS | value_options()

    def __contains__(self, name: object) -> bool:
        return name in self._all()

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._all()))

    def __len__(self) -> int:
        return len(self._all())


#: The engine's own options that take a value.
ENGINE_VALUE_OPTIONS = frozenset({"dice"})
VALUE_OPTIONS: Set[str] = _ValueOptions()

#: Longest command line read (a paste of a whole file is not a command).
MAX_LINE = 4000

_SAFE = re.compile(r"[\w@%+=:,./-]+")  # words written without quotes (unicode letters and digits included)
_OPTION_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*", re.ASCII)


class CommandSyntaxError(ValueError):
    """The line cannot be read as a command at all."""


class Command(msgspec.Struct, frozen=True):
    """A referee's command: verb, positional arguments, options and the text it came from."""

    verb: str
    args: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    source: str = "line"  # line | key | palette | exec | replay | script

    def with_options(self, **extra: Any) -> Command:
        """The same command with more options, its text rewritten to match (for the log)."""
        options = dict(self.options)
        options.update(extra)
        return Command(self.verb, self.args, options, render(self.verb, self.args, options), self.source)


class Word(msgspec.Struct, frozen=True):
    """One word of a line; ``option`` when it began with an unquoted ``--`` and has more after it."""

    text: str
    option: bool


def split_words(text: str) -> list[Word]:
    """Split a line into words (shell-like quoting); raise :class:`CommandSyntaxError` if a quote is left open."""
    if "'" not in text and '"' not in text and "\\" not in text:  # nothing quoted or escaped: every word is plain
        return [Word(word, word.startswith("--") and len(word) > 2) for word in text.split()]
    return split_quoted(text)


def split_quoted(text: str) -> list[Word]:
    """:func:`split_words` character by character, reading quotes and backslashes (any line; the plain case is
    quicker through :func:`split_words`, which gives the same words)."""
    words: list[Word] = []
    buf: list[str] = []
    plain = 0  # how many leading characters of the word were neither quoted nor escaped
    in_word = False
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            if in_word:
                words.append(_word(buf, plain))
                buf, plain, in_word = [], 0, False
            i += 1
            continue
        whole = len(buf) == plain
        in_word = True
        if ch == "'":
            end = text.find("'", i + 1)
            if end < 0:
                raise CommandSyntaxError(f"cannot read '{_short(text)}': no closing quotation")
            buf.extend(text[i + 1:end])
            i = end + 1
        elif ch == '"':
            i += 1
            while True:
                if i >= n:
                    raise CommandSyntaxError(f"cannot read '{_short(text)}': no closing quotation")
                c = text[i]
                if c == '"':
                    i += 1
                    break
                if c == "\\" and i + 1 < n and text[i + 1] in '"\\':
                    c = text[i + 1]
                    i += 1
                buf.append(c)
                i += 1
        elif ch == "\\":
            if i + 1 >= n:
                raise CommandSyntaxError(f"cannot read '{_short(text)}': nothing after the last backslash")
            buf.append(text[i + 1])
            i += 2
        else:
            buf.append(ch)
            i += 1
            if whole:
                plain += 1
    if in_word:
        words.append(_word(buf, plain))
    return words


def _word(buf: list[str], plain: int) -> Word:
    text = "".join(buf)
    # An option needs its leading "--" unquoted, and something after it.
    return Word(text, plain >= 2 and text.startswith("--") and len(text) > 2)


def parse(text: str, source: str = "line", *, canonical: bool = True) -> Command:
    """Read a command line; raise :class:`CommandSyntaxError` with a readable message.

    The command's ``text`` is its canonical form; with ``canonical=False`` it is the line as given (replaying the log,
    whose lines were written canonical and whose text the replay does not use, skips rewriting each one)."""
    if len(text) > MAX_LINE:
        raise CommandSyntaxError(f"a command line is at most {MAX_LINE} characters (this one has {len(text)})")
    text = text.strip()
    if text.startswith(":"):
        text = text[1:].strip()
    if not text:
        raise CommandSyntaxError("empty command (type 'help' for the list of commands)")
    if "--" not in text and "'" not in text and '"' not in text and "\\" not in text:  # words only: most lines
        verb, *plain = text.split()
        args = tuple(plain)
        return Command(verb.lower(), args, {}, render(verb.lower(), args, {}) if canonical else text, source)
    return _parse_words(text, source, canonical)


def _parse_words(text: str, source: str, canonical: bool) -> Command:
    """:func:`parse` of a stripped, non-empty line that may hold options, quotes or backslashes."""
    words = split_words(text)
    if not words:
        raise CommandSyntaxError("empty command (type 'help' for the list of commands)")
    verb, rest = words[0].text.lower(), words[1:]
    args: list[str] = []
    options: dict[str, Any] = {}
    i = 0
    while i < len(rest):
        word = rest[i]
        if word.option:
            name, eq, value = word.text[2:].partition("=")
            name = name.lower()
            if not _OPTION_NAME.fullmatch(name):
                raise CommandSyntaxError(f"'{_short(word.text)}' is not an option (quote it to give it as an argument: '{_short(word.text)}')")
            if name in VALUE_OPTIONS:
                if not eq:
                    if i + 1 >= len(rest):
                        raise CommandSyntaxError(f"--{name} needs a value")
                    i += 1
                    value = rest[i].text
                if name == "dice":
                    options.setdefault("dice", []).append(value)
                else:
                    options[name] = value
            elif eq:
                raise CommandSyntaxError(f"--{name} takes no value")
            else:
                options[name] = True
        else:
            args.append(word.text)
        i += 1
    return Command(verb, tuple(args), options, render(verb, tuple(args), options) if canonical else text, source)


def typed_problem(line: str | Command) -> str | None:
    """Why a command a referee typed (a line, or a form's ``Command``) cannot be taken: a control character in it
    (issue 18.5: it would reach other players' terminals from the save). None if it is clean.

    A tab between the words of a line reads as a space; anywhere in a word it is refused like any control
    character. The log's own commands are not checked here (an old save may hold them: they replay, and are
    shown escaped).
    """
    if isinstance(line, str):
        problem = control_problem(line, tab=True)
        if problem is not None:
            return problem
        try:
            line = parse(line, "line")
        except CommandSyntaxError:
            return None  # the parser's own message says what is wrong
    words = [line.verb, *line.args]
    for name, value in line.options.items():
        words.append(name)
        words.extend(str(v) for v in value) if isinstance(value, (list, tuple)) else words.append(str(value))
    for word in words:
        problem = control_problem(word)
        if problem is not None:
            return problem
    return None


def quote(word: str) -> str:
    """A word as the canonical text writes it: bare when that reads back the same, else quoted (single quotes, or
    double quotes with ``\\`` and ``\"`` escaped when the word holds a single quote)."""
    if word and _SAFE.fullmatch(word) and not word.startswith("--"):
        return word
    return _quoted(word)


def _quoted(word: str) -> str:
    """A word always in quotes (single quotes, or double quotes when it holds a single quote)."""
    if "'" in word:  # "it's" reads better than 'it'"'"'s'
        return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "'" + word + "'"


def render(verb: str, args: tuple[str, ...], options: dict[str, Any]) -> str:
    """The canonical text of a command (what the log shows and replay parses back to the same command)."""
    # A bare verb that begins with ":" would read back as the command-line prefix (": :" is the verb ":"), so quote it.
    parts = [_quoted(verb) if verb.startswith(":") else quote(verb)] + [quote(a) for a in args]
    for name, value in options.items():
        if value is True:
            parts.append(f"--{name}")
        elif isinstance(value, (list, tuple)):
            parts.extend(f"--{name} {quote(str(v))}" for v in value)
        elif value not in (None, False):
            parts.append(f"--{name} {quote(str(value))}")
    return " ".join(parts)


def with_names(cmd: Command, resolved: list[tuple[str, str]]) -> Command:
    """``cmd`` with the names the referee abbreviated written in full (issue 12.9: ``capture tob axis`` is logged as
    ``capture Tobruk axis``).

    ``resolved`` lists ``(typed, full name)`` pairs in the order the rule set resolved them. Each replaces the first
    argument not yet replaced that is exactly the typed text (also as ``key=typed``), or a run of arguments that
    spells it (``Port Sud`` typed unquoted becomes the one argument ``'Port Sudan'``), or else the value of a
    rule-set option. The engine keeps the result only if it replays to the same state.
    """
    words: list[list[Any]] = [[a, False] for a in cmd.args]  # [text, already replaced]
    options = dict(cmd.options)
    for typed, full in resolved:
        if typed == full:
            continue
        if not _replace_word(words, typed, full):
            for name, value in options.items():
                if name not in ENGINE_OPTIONS and value == typed:
                    options[name] = full
                    break
    args = tuple(w[0] for w in words)
    if args == cmd.args and options == cmd.options:
        return cmd
    return Command(cmd.verb, args, options, render(cmd.verb, args, options), cmd.source)


def _replace_word(words: list[list[Any]], typed: str, full: str) -> bool:
    for word in words:
        text, done = word
        if done:
            continue
        key, eq, value = text.partition("=")
        if text == typed or (eq and key and value == typed):
            word[:] = [f"{key}={full}" if text != typed else full, True]
            return True
    run = typed.split()
    if len(run) > 1:
        for i in range(len(words) - len(run) + 1):
            window = words[i:i + len(run)]
            if not any(w[1] for w in window) and [w[0] for w in window] == run:
                words[i:i + len(run)] = [[full, True]]
                return True
    return False


def unknown_options(cmd: Command, declared: tuple[str, ...] | frozenset[str]) -> list[str]:
    """The options of ``cmd`` that neither the verb declares nor the engine reads."""
    return [o for o in cmd.options if o not in declared and o not in ENGINE_OPTIONS]


def _short(text: str, limit: int = 40) -> str:
    """Echo typed text without flooding the message."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"
