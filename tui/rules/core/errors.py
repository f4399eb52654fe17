"""Errors raised by rule calculations and rule data loading."""

from __future__ import annotations


class RuleError(Exception):
    """A command is not allowed by the rules; the message says why (and cites the rule)."""


class DataError(Exception):
    """A data file (rule set or scenario) is malformed.

    The message always names the file, the table and the key that is wrong.
    """

    def __init__(self, file: str, where: str, problem: str) -> None:
        self.file = file
        self.where = where
        self.problem = problem
        super().__init__(f"{file}: {where}: {problem}")


class NeedAnswer(RuleError):
    """A command lacks a part the referee is asked for before anything happens (the guided anti-shipping check).

    Nothing changed. ``question`` is a :class:`~tui.rules.core.state.Pending` saying how to ask (kind, choices,
    text, rule; a ``roll`` question asks for the dice). The command to run next is ``words`` and ``options`` with
    the answer put in option ``into`` (a ``roll`` question's answer becomes ``--roll`` or ``--dice FACES``), so
    the answers of a guided procedure end in one complete command: one event in the log, replayed as typed.
    """

    def __init__(self, message: str, question: object, args: tuple[str, ...], options: dict[str, object], into: str) -> None:
        super().__init__(message)
        self.question = question
        self.words = args  # not ``args``: Exception keeps its message there
        self.options = options
        self.into = into
