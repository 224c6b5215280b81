"""The games asara-cli referees, found by name at run time.

Each game is a package under ``asara_cli/games/`` whose ``GAME`` implements
:class:`asara_cli.games.base.Game`. Adding a game is one line in :data:`GAMES`. The generic
layers never import a game's package; they ask :func:`find_game` (a test holds them to it).
"""

from __future__ import annotations

import difflib
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from asara_cli.games.base import SomeGame

#: Every game: its key (a log's ``game = "..."``) and the package holding its ``GAME``.
GAMES: dict[str, str] = {
    "asara": "asara_cli.games.asara",
    "yspahan": "asara_cli.games.yspahan",
}

#: The game of a log or a board profile that names none (every log before there were two).
DEFAULT = "asara"


class UnknownGame(LookupError):
    """A name that is no game's key or alias; ``str()`` says which games there are."""

    def __init__(self, name: str) -> None:
        known = [g.key for g in all_games()]
        near = difflib.get_close_matches(name.casefold(), [*known, *_aliases()], n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        super().__init__(f"no game called {name!r}{hint}; asara-cli knows "
                         f"{', '.join(known)}")
        self.name = name


def game(key: str) -> SomeGame:
    """The game whose key is ``key`` exactly (a key read from a checked log)."""
    module = import_module(GAMES[key])
    # the one place a game's own types are forgotten (games/base.py, SomeGame)
    found: SomeGame = module.GAME
    return found


def all_games() -> list[SomeGame]:
    return [game(key) for key in GAMES]


def _aliases() -> list[str]:
    return [a for g in all_games() for a in g.aliases]


def find_game(name: str | None) -> SomeGame:
    """The game called ``name`` (its key, name or an alias; case does not matter);
    ``None`` is the default game. Raises :class:`UnknownGame`."""
    if name is None:
        return game(DEFAULT)
    wanted = name.strip().casefold()
    if wanted in GAMES:
        return game(wanted)
    for g in all_games():
        if wanted in (g.name.casefold(), g.title.casefold(), *g.aliases):
            return g
    raise UnknownGame(name)
