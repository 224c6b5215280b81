"""PEBBLES' part of a log: no header key of its own, one event type, and its JSON Schema."""

from __future__ import annotations

from collections.abc import Sequence

from asara_cli.core.names import find
from asara_cli.games.base import Data, FieldReader, SchemaPart
from toygame.rules import Board, Place, Setup

EVENT_KEYS = {"place": ("player", "well")}


def read_setup(header: FieldReader, players: tuple[str, ...]) -> Setup:
    return Setup(players)


def read_event(kind: str, r: FieldReader, names: Sequence[str]) -> Place:
    written = r.text("player", None, "a player's name", required=True)
    assert written is not None  # required
    player = written if written in names else find(written, names)
    if player is None:
        raise r.error("player", f"{written!r} is not one of the players ({', '.join(names)})")
    well = r.whole("well", "a well's number", required=True)
    assert well is not None  # required
    return Place(player, well)


def event_type(event: Place) -> str:
    return "place"


def setup_to_dict(setup: Setup) -> Data:
    return {}


def event_to_dict(event: Place) -> Data:
    return {"type": "place", "player": event.player, "well": event.well}


def log_part(board: Board) -> SchemaPart:
    event = {"properties": {
        "player": {"type": "string", "description": "Who places the pebble (P2)."},
        "well": {"type": "integer", "minimum": 1, "description": "The well it goes into (P3)."},
    }, "required": ["player", "well"]}
    return {"log": {"properties": {"event": {"items": {"$ref": "#/definitions/pebbles-event"}}}},
            "board": {"properties": {"event": {"items": {"properties": {"well": {
                "maximum": len(board.wells)}}}}}},
            "definitions": {"pebbles-event": event}}
