"""The game log's JSON Schema for editors (``python -m asara_cli.logfile.schema >
docs/asara-log.schema.json``; a test holds the file to it): the generic keys here, each
game's own part from the registry (``Game.schema``).
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

from asara_cli.core.schema import Schema, string
from asara_cli.games import DEFAULT, all_games, game
from asara_cli.logfile.board import STANDARD, load_board
from asara_cli.logfile.game import FORMAT, GENERIC_KEYS, MOVERS, SCHEMA_NAME

if TYPE_CHECKING:
    from asara_cli.games.base import SomeGame

#: Characters a player's name may not hold (core/names.py): controls, separators and the
#: format characters an editor is likely to meet, listed by hand so that the schema does
#: not change with the Unicode version of the Python that writes it.
_HIDDEN = ("\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u200b-\\u200f\\u2028-\\u202e"
           "\\u2060-\\u2064\\u2066-\\u206f\\ufeff")


def _spelled(word: str) -> str:
    """``word`` as a pattern matching it in any case (``ASARA``: ``[aA][sS]...``)."""
    return "".join(f"[{c.lower()}{c.upper()}]" if c.lower() != c.upper()
                   else c if c.isalnum() or c == " " else "\\" + c for c in word)


def game_pattern(g: SomeGame) -> str:
    """What ``game = "..."`` may say for ``g``: its key, name, title or an alias, in any case,
    with white space around (as the registry's ``find_game`` reads it)."""
    names = sorted({n.strip().casefold() for n in (g.key, g.name, g.title, *g.aliases)})
    return f"^\\s*({'|'.join(_spelled(n) for n in names)})\\s*$"


def _this_game(g: SomeGame) -> Schema:
    """The ``if`` that holds for a log of ``g`` (a log naming no game is the default's)."""
    s: Schema = {"properties": {"game": {"pattern": game_pattern(g)}}}
    if g.key != DEFAULT:
        s["required"] = ["game"]
    return s


def _generic(games: list[SomeGame]) -> dict[str, Schema]:
    keys = ", ".join(f'"{g.key}" ({g.name})' for g in games)
    types = list(dict.fromkeys(t for g in games for t in g.event_types()))
    properties: dict[str, Schema] = {
        "format": {"type": "integer", "const": FORMAT,
                   "description": f"Log format version: {FORMAT}."},
        "game": {"type": "string", "pattern": "|".join(game_pattern(g) for g in games),
                 "examples": [g.key for g in games],
                 "description": f"The game played: {keys}; absent: {game(DEFAULT).name}."},
        "players": {"type": "array", "minItems": 1, "uniqueItems": True,
                    "items": {**string("\\S", "A player's name: not blank, no control "
                                              "characters; unlike every other name, "
                                              "ignoring case."),
                              "not": {"pattern": f"[{_HIDDEN}]"}},
                    "description": "Player names in seat order, clockwise."},
        "board": {"type": "string", "minLength": 1, "default": STANDARD,
                  "description": f'"{STANDARD}" or a path to a board profile, relative to '
                                 f'the log.'},
        "date": string(None, "The day played: a TOML date such as 2024-05-05 (with a time, "
                           "that day's game), or text, which counts as undated."),
        "place": string(None, "Where the game was played."),
        "notes": string(None, "Free text about the game."),
        "movers": {"type": "string", "enum": list(MOVERS), "default": "turn",
                   "description": 'Who a move recorded at the table is for: "turn" (the '
                                  'turn implies it) or "named" (`asara new --name-movers`: '
                                  "every move names its mover with -p, and a move for "
                                  "another player is refused)."},
    }
    assert list(properties) == list(GENERIC_KEYS)
    return {**properties, "event": {
        "type": "array",
        "description": "The events in the order they happened, one [[event]] table each.",
        "items": {"type": "object", "required": ["type"],
                  "properties": {"type": {"enum": types, "description": "What happened."},
                                 "note": string(None, "Free text kept with the event.")}},
    }}


def log_schema() -> Schema:
    """The generic keys, then each game's part under an ``if`` on ``game``."""
    games = all_games()
    properties = _generic(games)
    own: dict[str, Schema] = {}  # the games' header keys, as the top level shows them
    cases: list[Schema] = []
    definitions: dict[str, Schema] = {}
    for g in games:
        part = g.schema(load_board(None, g.key))
        log = {**part["log"], "properties": dict(part["log"].get("properties", {}))}
        header = {k: v for k, v in log.get("properties", {}).items() if k != "event"}
        if set(header) != set(g.header_keys):
            raise ValueError(f"{g.key}: the schema describes the header keys "
                             f"{sorted(header)}, the game reads {sorted(g.header_keys)}")
        for k in g.header_keys:
            # a key two games read alike is shown with its schema; read otherwise, the
            # game's own part says how
            own[k] = header[k] if own.get(k, header[k]) == header[k] else {
                "description": "Depends on the game."}
        for name in part.get("definitions", {}):
            if not name.startswith(g.key) or name in definitions:
                raise ValueError(f"{g.key}: a definition named {name!r}")
        definitions.update(part.get("definitions", {}))
        players: Schema = {"minItems": g.min_players, "maxItems": g.max_players}
        log["properties"] = {"players": players, **log.get("properties", {})}
        allowed = [*GENERIC_KEYS, *g.header_keys, "event"]
        if set(allowed) != set(GENERIC_KEYS) | set(own) | {"event"}:
            log["propertyNames"] = {"enum": allowed}
        cases.append({"if": _this_game(g), "then": log})
        if part.get("board"):
            on_board = _this_game(g)
            on_board["properties"]["board"] = {"const": STANDARD}
            cases.append({"if": on_board, "then": part["board"]})
    for case in cases:  # a header key shown alike at the top is not repeated per game
        shown = case["then"].get("properties", {})
        for k in [k for k in shown if k in own and shown[k] == own[k]]:
            del shown[k]
    # the header keys in the order a log writes them: the game's after the players
    order = [*GENERIC_KEYS[:3], *own, *GENERIC_KEYS[3:], "event"]
    merged = {**properties, **own}
    games_named = ", ".join(g.name for g in games)
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": SCHEMA_NAME,
        "title": f"asara-cli game log (format {FORMAT})",
        "description": f"A game of {games_named} recorded event by event; see "
                       f"docs/log-format.md. Generated from the games asara-cli knows: "
                       f"python -m asara_cli.logfile.schema > docs/{SCHEMA_NAME}",
        "type": "object",
        "required": ["format", "players"],
        "additionalProperties": False,
        "properties": {k: merged[k] for k in order},
        "allOf": cases,
        "definitions": definitions,
    }


def schema_text() -> str:
    """The schema as the docs keep it: JSON, two-space indents, a newline at the end."""
    return json.dumps(log_schema(), indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    sys.stdout.write(schema_text())


if __name__ == "__main__":
    main()
