"""User mistakes as data: a Location, a Problem, and the exception that carries one."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class Location:
    """A place in a file: 1-based line and column; line 0 means the whole file."""

    path: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line <= 0:
            return self.path
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input, where it is, and what was expected."""

    location: Location
    code: str
    message: str
    hint: str | None = None
    severity: str = "error"
    related: tuple[Location, ...] = field(default=())

    def sort_key(self) -> tuple[str, int, int, str, str]:
        loc = self.location
        return (loc.path, loc.line, loc.col, self.code, self.message)


class SgsError(Exception):
    """Base class: an error the user can fix, carrying the problems that describe it."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{p.location}: {p.message}" for p in problems))


class LoadError(SgsError):
    """A file could not be read as data (size, encoding, YAML syntax, structure)."""

    def __init__(self, problem: Problem, text: str | None = None) -> None:
        super().__init__([problem])
        self.problem = problem
        self.text = text
        """The file's text, where it could be read, so a report can show the line."""


class UsageError(Exception):
    """The command line itself is wrong (a path that does not exist, a bad option)."""
