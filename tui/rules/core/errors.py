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
