"""Position sheets: the final towers and money of a game that kept no log (``asara tally``;
the format: README, issue 2)."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from msgspec import Struct

from asara_cli.core.i18n import _, ngettext
from asara_cli.core.names import hidden_character, name_key
from asara_cli.core.words import describe
from asara_cli.errors import InputError
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.model import Colour, Tower, Variant
from asara_cli.logfile.common import header_lines, read_toml

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
    """Where an error is: the file, and the line of the player's ``[[players]]`` table."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.player_lines = header_lines(text, "players")

    def fail(self, message: str, *, key: str | None = None, seat: int | None = None,
             name: str | None = None) -> InputError:
        line = None
        player = None
        if seat is not None:
            player = (_("player {n} ({name})").format(n=seat + 1, name=name) if name
                      else _("player {n}").format(n=seat + 1))
            if seat < len(self.player_lines):
                line = self.player_lines[seat]
        return InputError(message, path=self.path, line=line, player=player, key=key)


def _known_keys(given: dict[str, Any], allowed: set[str], fail: Any, key: str | None = None
                ) -> None:
    for unknown in (k for k in given if k not in allowed):
        close = difflib.get_close_matches(unknown, sorted(allowed), n=1)
        said = (_("unknown key '{key}'; did you mean '{close}'?") if close
                else _("unknown key '{key}'; expected one of {keys}"))
        raise fail(said.format(key=unknown, close=(close or [""])[0],
                               keys=", ".join(sorted(allowed))), key=key)


def _whole(value: Any, fail: Any, key: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(_("expected a whole number, got {value}").format(value=describe(value)),
                   key=key)
    if value < minimum:
        raise fail(_("must be at least {minimum}, got {value}").format(minimum=minimum,
                                                                       value=value), key=key)
    return value


def parse_sheet(path: str | Path, board: Board) -> Sheet:
    """Read and check a position sheet; raise :class:`InputError` naming file, player, key."""
    name = str(path)
    data, text = read_toml(path)
    where = _Where(name, text)

    if "event" in data or "format" in data:
        raise where.fail(_("this is a game log, not a position sheet: use `asara score` (or "
                           "`asara validate`) for a log"))
    _known_keys(data, TOP_KEYS, where.fail)

    raw_variant = data.get("variant", Variant.BASIC.value)
    if not isinstance(raw_variant, str) or raw_variant.lower() not in {v.value for v in Variant}:
        raise where.fail(_("unknown variant {value}; expected \"basic\" or \"pro\"").format(
            value=describe(raw_variant)), key="variant")
    variant = Variant(raw_variant.lower())

    players_raw = data.get("players")
    if players_raw is None:
        raise where.fail(_("no players: add a [[players]] table for each player in seat "
                           "order"), key="players")
    if not isinstance(players_raw, list) or not all(isinstance(p, dict) for p in players_raw):
        raise where.fail(_("expected [[players]] tables"), key="players")
    count = len(players_raw)
    if not board.min_players <= count <= board.max_players:
        raise where.fail(ngettext("{n} player; ASARA is for {min} to {max} (R1)",
                                  "{n} players; ASARA is for {min} to {max} (R1)", count).format(
                                      n=count, min=board.min_players, max=board.max_players),
                         key="players")

    players: list[SheetPlayer] = []
    seen: dict[str, int] = {}
    for seat, raw in enumerate(players_raw):
        players.append(_player(raw, seat, variant, where))
        folded = name_key(players[-1].name)
        if folded in seen:
            raise where.fail(_("the name '{name}' is used by player {n} too; names must "
                               "differ").format(name=players[-1].name, n=seen[folded] + 1),
                             key="name", seat=seat,
                             name=players[-1].name)
        seen[folded] = seat
    return Sheet(name, variant, tuple(players))


def _player(raw: dict[str, Any], seat: int, variant: Variant, where: _Where) -> SheetPlayer:
    name = raw.get("name")
    shown = name if isinstance(name, str) else None

    def fail(message: str, *, key: str | None = None) -> InputError:
        return where.fail(message, key=key, seat=seat, name=shown)

    _known_keys(raw, PLAYER_KEYS, fail)
    if name is None:
        raise fail(_("missing"), key="name")
    if not isinstance(name, str) or not name.strip():
        raise fail(_("expected a non-empty name, got {value}").format(value=describe(name)),
                   key="name")
    hidden = hidden_character(name)
    if hidden is not None:
        raise fail(_("the name holds the control character {character}; write it plainly"
                     ).format(character=hidden), key="name")
    asari = _whole(raw.get("asari", 0), fail, "asari", 0)
    prestige = _whole(raw.get("prestige", 0), fail, "prestige", 0)

    towers_raw = raw.get("towers", [])
    if not isinstance(towers_raw, list):
        raise fail(_("expected a list of towers, got {value}").format(
            value=describe(towers_raw)), key="towers")
    towers = []
    for i, t in enumerate(towers_raw):
        key = f"towers[{i}]"
        if not isinstance(t, dict):
            raise fail(_("expected a table like {example}, got {value}").format(
                example='{ color = "red", height = 4 }', value=describe(t)), key=key)
        _known_keys(t, TOWER_KEYS, fail, key)
        colour_raw = t.get("color")
        if colour_raw is None:
            raise fail(_("missing"), key=f"{key}.color")
        colours = [c.value for c in Colour]
        if not isinstance(colour_raw, str) or colour_raw.lower() not in colours:
            raise fail(_("unknown colour {value}; expected one of {colours}").format(
                value=describe(colour_raw), colours=", ".join(colours)), key=f"{key}.color")
        if "height" not in t:
            raise fail(_("missing"), key=f"{key}.height")
        height = t["height"]
        if isinstance(height, int) and not isinstance(height, bool) and height < 2:
            raise fail(_("a tower has at least a base and a turret, so height is at least 2, "
                         "got {height} (R3.2)").format(height=height), key=f"{key}.height")
        height = _whole(height, fail, f"{key}.height", 2)
        lighted = _whole(t.get("lighted", 0), fail, f"{key}.lighted", 0)
        if lighted and variant is not Variant.PRO:
            raise fail(ngettext("{n} lighted window, but lighted windows are only in the pro "
                                "variant; set variant = \"pro\" (R3.7)",
                                "{n} lighted windows, but lighted windows are only in the pro "
                                "variant; set variant = \"pro\" (R3.7)", lighted).format(
                                    n=lighted), key=f"{key}.lighted")
        towers.append(Tower.of_height(Colour(colour_raw.lower()), height, lighted))
    return SheetPlayer(name.strip(), asari, prestige, tuple(towers))
