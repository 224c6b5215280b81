"""Loading a board profile: a game's packaged one, or a table's own TOML file (naming its
game; what it leaves out taken from the packaged one: ``core/profile.py``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from asara_cli.core.i18n import _
from asara_cli.core.words import describe
from asara_cli.errors import InputError
from asara_cli.games import DEFAULT, UnknownGame, find_game, game
from asara_cli.logfile.common import loads_toml, read_toml

if TYPE_CHECKING:
    from asara_cli.games.base import SomeGame

#: The packaged profile's name: the board a log names by default.
STANDARD = "standard"


def standard_profile_text(key: str = DEFAULT) -> str:
    """The text of a game's packaged profile (for ``asara board --toml``)."""
    return game(key).profile_text()


@cache
def standard_data(key: str = DEFAULT) -> dict[str, Any]:
    return loads_toml(standard_profile_text(key), STANDARD)


@cache
def _standard(key: str) -> Any:
    return game(key).board_from_mapping(standard_data(key), None)


def load_board(path: str | Path | None = None, key: str | None = None) -> Any:
    """The board profile at ``path``, or (``None`` or ``standard``) the packaged profile of
    the game ``key``; a profile of another game than ``key`` is refused."""
    return load_game_board(path, key)[1]


def load_game_board(path: str | Path | None = None, key: str | None = None
                    ) -> tuple[SomeGame, Any]:
    """:func:`load_board`, and the game whose profile it is."""
    if path is None or str(path) == STANDARD:
        return game(key or DEFAULT), _standard(key or DEFAULT)
    data, _text = read_toml(path)
    where = str(Path(path))
    named = data.get("game", DEFAULT)
    try:
        played = find_game(named if isinstance(named, str) else "")
    except UnknownGame as e:
        raise InputError(_("board profile: {problem}").format(problem=e)
                         if isinstance(named, str) else
                         _("board profile: expected the name of a game, got {value}").format(
                             value=describe(named)), path=where, key="game") from None
    if key is not None and played.key != key:
        raise InputError(_("board profile: it is a profile of {game}, not of {other}").format(
            game=played.name, other=game(key).name), path=where, key="game")
    try:
        return played, played.board_from_mapping(data, standard_data(played.key))
    except ValueError as e:
        raise InputError(_("board profile: {problem}").format(
            problem=getattr(e, "message", e)), path=where, key=getattr(e, "key", None)) from None
