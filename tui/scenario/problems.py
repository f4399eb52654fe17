"""What is wrong with a scenario, and where: a file, a line and a column."""

from __future__ import annotations

import msgspec


class Problem(msgspec.Struct, frozen=True):
    """One problem: ``line`` 0 is the whole file; ``column`` "" names no column."""

    file: str
    line: int
    column: str
    message: str

    def __str__(self) -> str:
        if not self.file:  # about the whole import (the problems were too many to list)
            return self.message
        where = [self.file]
        if self.line:
            where.append(f"line {self.line}")
        if self.column:
            where.append(f"column {self.column}")
        return f"{', '.join(where)}: {self.message}"


class ScenarioRefused(Exception):
    """A scenario that is not valid; ``problems`` lists every problem found (nothing was written)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))
