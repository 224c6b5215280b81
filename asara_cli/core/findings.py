"""What the referee finds about an event: violations, warnings and notes (RULES.md R1-R6)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from asara_cli.core.values import frozen

ERROR = "error"
WARNING = "warning"
NOTE = "note"

#: The "rule" of a finding about a checkpoint the log disagrees with.
CHECKPOINT = "checkpoint"


@frozen
class Violation:
    """A finding about one event: ``severity`` is ``error`` (the event is illegal, or a
    checkpoint disagrees), ``warning`` (legal but probably a slip) or ``note`` (a check was
    relaxed because an optional fact is missing). ``event`` counts log events from 1 (0 is the
    header); ``later`` marks errors found after the first illegal event, on a state that
    already trusts it, so they may be consequences."""

    event: int
    player: str | None
    rule: str
    message: str
    severity: str = ERROR
    later: bool = False

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR


class CannotApply(ValueError):
    """The event cannot even be carried out on this state (e.g. it names a missing tower)."""


class Report(Protocol):
    """The small reporting callback every check shares: rule id, message, severity."""

    def __call__(self, rule: str, message: str, severity: str = ERROR, /) -> None: ...


def errors(findings: Iterable[Violation]) -> tuple[Violation, ...]:
    return tuple(v for v in findings if v.is_error)
