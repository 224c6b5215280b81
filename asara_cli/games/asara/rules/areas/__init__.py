"""The area kinds, registered in one place (RULES.md R3, R6.2).

Each kind is one module: its action's cost, check, apply, words and log keys. The log codec,
the move text and the recording commands are built from :data:`KINDS`; :func:`kind_of` is the
one dispatch from an action to its kind, and it is exhaustive.
"""

from __future__ import annotations

from typing import Any, assert_never

from asara_cli.games.asara.rules.areas.bank import BANK
from asara_cli.games.asara.rules.areas.base import Kind, Move
from asara_cli.games.asara.rules.areas.building import BUILDING
from asara_cli.games.asara.rules.areas.caliph import CALIPH
from asara_cli.games.asara.rules.areas.coloured import COLOURED
from asara_cli.games.asara.rules.areas.genie import GENIE
from asara_cli.games.asara.rules.areas.lighted import HOUSE
from asara_cli.games.asara.rules.areas.market import MARKET
from asara_cli.games.asara.rules.areas.spies import SPIES
from asara_cli.games.asara.rules.areas.tent import TENT
from asara_cli.games.asara.rules.events import (
    Action,
    Bank,
    Bribe,
    Build,
    Buy,
    Caliph,
    Coloured,
    Genie,
    Lighted,
    Recruit,
)

KINDS: tuple[Kind[Any], ...] = (MARKET, BUILDING, BANK, COLOURED, SPIES, CALIPH, TENT, HOUSE,
                                GENIE)
BY_LOG_TYPE: dict[str, Kind[Any]] = {k.log_type: k for k in KINDS}


def kind_of(action: Action) -> Kind[Any]:
    """The kind that checks and carries out ``action``."""
    kind = BY_ACTION_TYPE.get(type(action))
    if kind is None:  # each action type is matched once, then found by its type
        kind = BY_ACTION_TYPE[type(action)] = _match(action)
    return kind


#: The kinds found so far by their action's type (:func:`kind_of` fills it).
BY_ACTION_TYPE: dict[type, Kind[Any]] = {}
#: ``BY_ACTION_TYPE.get``, bound once for the replay's every turn: CPython (3.11 to 3.13)
#: compiles a method called on an imported name as an attribute load, bound anew each call.
kind_by_type = BY_ACTION_TYPE.get


def _match(action: Action) -> Kind[Any]:
    match action:
        case Buy():
            return MARKET
        case Build():
            return BUILDING
        case Bank():
            return BANK
        case Coloured():
            return COLOURED
        case Bribe():
            return SPIES
        case Caliph():
            return CALIPH
        case Recruit():
            return TENT
        case Lighted():
            return HOUSE
        case Genie():
            return GENIE
        case _:
            assert_never(action)


__all__ = ["BY_ACTION_TYPE", "BY_LOG_TYPE", "KINDS", "Kind", "Move", "kind_by_type", "kind_of"]
