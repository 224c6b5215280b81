"""What validate says about a log, as plain data: the same for every game."""

from __future__ import annotations

from typing import Any

from asara_cli.core.findings import Violation
from asara_cli.core.shown import show_path
from asara_cli.games.base import Outcome
from asara_cli.logfile.game import GameLog, describe_violation


def violation_dict(log: GameLog, v: Violation) -> dict[str, Any]:
    return {
        "event": v.event,
        "line": log.line_of(v.event),
        "player": v.player,
        "type": log.event_type(v.event),
        "rule": v.rule,
        "severity": v.severity,
        "message": v.message,
        "later": v.later,
        "text": describe_violation(log, v),
    }


def validation_dict(log: GameLog, result: Outcome) -> dict[str, Any]:
    return {
        "file": show_path(log.path),
        "valid": result.valid,
        "complete": result.complete,
        "events": len(log.events),
        "stopped_at": result.stopped,
        "violations": [violation_dict(log, v) for v in result.violations],
        "notes": [violation_dict(log, v) for v in result.notes],
    }
