"""Position sheets: the final towers and money of a game that kept no log (``asara tally``).

The format is fixed by issue 2 and documented in the README::

    variant = "pro"
    [[players]]
    name = "Tina"
    asari = 37
    prestige = 54
    towers = [{ color = "green", height = 8, lighted = 1 }, { color = "black", height = 6 }]
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from msgspec import Struct

from asara_cli.core.names import hidden_character, name_key
from asara_cli.errors import InputError
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import plural
from asara_cli.games.asara.rules.model import Colour, Tower, Variant
from asara_cli.logfile.common import describe, header_lines, read_toml

TOP_KEYS = {"variant", "players", "title", "date", "place", "notes"}
PLAYER_KEYS = {"name", "asari", "prestige", "towers"}
TOWER_KEYS = {"color", "height", "lighted"}


class SheetPlayer(Struct, frozen=True):
    """One player's line of a position sheet: money, prestige so far, towers."""

    name: str
    asari: int
    prestige: int
    towers: tuple[Tower, ...]


class Sheet(Struct, frozen=True):
    """A position sheet for `asara tally`: the final towers and money of a game."""

    path: str
    variant: Variant
    players: tuple[SheetPlayer, ...]

    @property
    def pro(self) -> bool:
        return self.variant is Variant.PRO


class _Where:
    """Error context: the file, and the line of the player's ``[[players]]`` table if known."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.player_lines = header_lines(text, "players")
        self.tower_lines = header_lines(text, "players.towers")

    def fail(self, message: str, *, key: str | None = None, seat: int | None = None,
             name: str | None = None) -> InputError:
        line = None
        player = None
        if seat is not None:
            player = f"player {seat + 1}" + (f" ({name})" if name else "")
            if seat < len(self.player_lines):
                line = self.player_lines[seat]
        return InputError(message, path=self.path, line=line, player=player, key=key)


def _unknown_keys(given: dict[str, Any], allowed: set[str]) -> str | None:
    for key in given:
        if key not in allowed:
            close = difflib.get_close_matches(key, sorted(allowed), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else (
                f"; expected one of {', '.join(sorted(allowed))}")
            return f"unknown key '{key}'{hint}"
    return None


def _whole(value: Any, fail: Any, key: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(f"expected a whole number, got {describe(value)}", key=key)
    if value < minimum:
        raise fail(f"must be at least {minimum}, got {value}", key=key)
    return value


def parse_sheet(path: str | Path, board: Board) -> Sheet:
    """Read and check a position sheet; raise :class:`InputError` naming file, player, key."""
    name = str(path)
    data, text = read_toml(path)
    where = _Where(name, text)

    if "event" in data or "format" in data:
        raise where.fail("this is a game log, not a position sheet: use `asara score` (or "
                         "`asara validate`) for a log")
    problem = _unknown_keys(data, TOP_KEYS)
    if problem:
        raise where.fail(problem)

    raw_variant = data.get("variant", Variant.BASIC.value)
    if not isinstance(raw_variant, str) or raw_variant.lower() not in {v.value for v in Variant}:
        raise where.fail(f"unknown variant {describe(raw_variant)}; expected \"basic\" or "
                         f"\"pro\"", key="variant")
    variant = Variant(raw_variant.lower())

    players_raw = data.get("players")
    if players_raw is None:
        raise where.fail("no players: add a [[players]] table for each player in seat order",
                         key="players")
    if not isinstance(players_raw, list) or not all(isinstance(p, dict) for p in players_raw):
        raise where.fail("expected [[players]] tables", key="players")
    count = len(players_raw)
    if not board.min_players <= count <= board.max_players:
        raise where.fail(f"{plural(count, 'player')}; ASARA is for "
                         f"{board.min_players} to {board.max_players} (R1)", key="players")

    players: list[SheetPlayer] = []
    seen: dict[str, int] = {}
    for seat, raw in enumerate(players_raw):
        players.append(_player(raw, seat, variant, where))
        folded = name_key(players[-1].name)
        if folded in seen:
            raise where.fail(f"the name '{players[-1].name}' is used by player {seen[folded] + 1} "
                             f"too; names must differ", key="name", seat=seat,
                             name=players[-1].name)
        seen[folded] = seat
    return Sheet(name, variant, tuple(players))


def _player(raw: dict[str, Any], seat: int, variant: Variant, where: _Where) -> SheetPlayer:
    name = raw.get("name")
    shown = name if isinstance(name, str) else None

    def fail(message: str, *, key: str | None = None) -> InputError:
        return where.fail(message, key=key, seat=seat, name=shown)

    problem = _unknown_keys(raw, PLAYER_KEYS)
    if problem:
        raise fail(problem)
    if name is None:
        raise fail("missing", key="name")
    if not isinstance(name, str) or not name.strip():
        raise fail(f"expected a non-empty name, got {describe(name)}", key="name")
    hidden = hidden_character(name)
    if hidden is not None:
        raise fail(f"the name holds the control character {hidden}; write it plainly",
                   key="name")
    asari = _whole(raw.get("asari", 0), fail, "asari", 0)
    prestige = _whole(raw.get("prestige", 0), fail, "prestige", 0)

    towers_raw = raw.get("towers", [])
    if not isinstance(towers_raw, list):
        raise fail(f"expected a list of towers, got {describe(towers_raw)}", key="towers")
    towers = []
    for i, t in enumerate(towers_raw):
        key = f"towers[{i}]"
        if not isinstance(t, dict):
            raise fail(f"expected a table like {{ color = \"red\", height = 4 }}, got "
                       f"{describe(t)}", key=key)
        problem = _unknown_keys(t, TOWER_KEYS)
        if problem:
            raise fail(problem, key=key)
        colour_raw = t.get("color")
        if colour_raw is None:
            raise fail("missing", key=f"{key}.color")
        colours = [c.value for c in Colour]
        if not isinstance(colour_raw, str) or colour_raw.lower() not in colours:
            raise fail(f"unknown colour {describe(colour_raw)}; expected one of "
                       f"{', '.join(colours)}", key=f"{key}.color")
        if "height" not in t:
            raise fail("missing", key=f"{key}.height")
        height = t["height"]
        if isinstance(height, int) and not isinstance(height, bool) and height < 2:
            raise fail(f"a tower has at least a base and a turret, so height is at least 2, "
                       f"got {height} (R3.2)", key=f"{key}.height")
        height = _whole(height, fail, f"{key}.height", 2)
        lighted = _whole(t.get("lighted", 0), fail, f"{key}.lighted", 0)
        if lighted and variant is not Variant.PRO:
            raise fail(f"{plural(lighted, 'lighted window')}, but lighted "
                       f"windows are only in the pro variant; set variant = \"pro\" (R3.7)",
                       key=f"{key}.lighted")
        towers.append(Tower.of_height(Colour(colour_raw.lower()), height, lighted))
    return SheetPlayer(name.strip(), asari, prestige, tuple(towers))
