"""What the referee finds about an event: violations, warnings and notes (RULES.md R1-R6)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from msgspec import Struct

from asara_cli.core.i18n import Text

ERROR = "error"
WARNING = "warning"
NOTE = "note"

#: The "rule" of a finding about a checkpoint the log disagrees with.
CHECKPOINT = "checkpoint"


class Violation(Struct, frozen=True):
    """A finding about event ``event`` (0: the header): an ``error``, a ``warning`` (a
    likely slip) or a ``note`` (a check relaxed for a missing fact); ``later``: found after
    the first illegal event, maybe its consequence."""

    event: int
    player: str | None
    rule: str
    said: Text  # the message, made into words when shown (message)
    severity: str = ERROR
    later: bool = False

    @property
    def message(self) -> str:
        return str(self.said)

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR


class CannotApply(ValueError):
    """The event cannot even be carried out on this state (e.g. it names a missing tower)."""


class Report(Protocol):
    """The small reporting callback every check shares: rule id, message, severity."""

    def __call__(self, rule: str, message: Text, severity: str = ERROR, /) -> None: ...


def errors(findings: Iterable[Violation]) -> tuple[Violation, ...]:
    return tuple(v for v in findings if v.is_error)


class Verdicts:
    """What a replay keeps of its events' findings: the errors, the first that is not a
    checkpoint's ending the legal prefix (``stopped``; a checkpoint that disagrees is no
    illegal move), those after it ``later``; the prefix's warnings and ``notes``."""

    __slots__ = ("notes", "stopped", "violations")

    def __init__(self) -> None:
        self.violations: list[Violation] = []
        self.notes: list[Violation] = []
        self.stopped: int | None = None

    def add(self, number: int, findings: Sequence[Violation]) -> None:
        """The findings of event ``number`` (asked only when there are some)."""
        errs = errors(findings)
        if self.stopped is not None:
            self.violations.extend(
                Violation(v.event, v.player, v.rule, v.said, v.severity, True) for v in errs)
            return
        self.notes.extend(v for v in findings if not v.is_error)
        self.violations.extend(errs)
        if any(v.rule != CHECKPOINT for v in errs):
            self.stopped = number
