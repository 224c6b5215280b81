"""The games asara-cli referees, found by name at run time.

Each game is a package under ``asara_cli/games/`` whose ``GAME`` implements
:class:`asara_cli.games.base.Game`. Adding a game is one line in :data:`GAMES`. The generic
layers never import a game's package; they ask :func:`find_game` (a test holds them to it).

A game outside the package is registered for one run by ``$ASARA_GAMES`` (``key=module``
pairs, separated by commas): the test suite registers its toy game so, in its own process
and in an ``asara`` it starts, and a game being written can be tried so before it has its
line in :data:`GAMES` (docs/architecture.md).
"""

from __future__ import annotations

import difflib
import os
from importlib import import_module
from typing import TYPE_CHECKING

from asara_cli.core.i18n import _

if TYPE_CHECKING:
    from asara_cli.games.base import SomeGame

#: Every game: its key (a log's ``game = "..."``) and the package holding its ``GAME``.
GAMES: dict[str, str] = {
    "asara": "asara_cli.games.asara",
    "yspahan": "asara_cli.games.yspahan",
}

#: The game of a log or a board profile that names none (every log before there were two).
DEFAULT = "asara"

#: Games from outside the package, for one run: ``key=module,key=module``.
ENV_GAMES = "ASARA_GAMES"


def registered() -> dict[str, str]:
    """Every game's key and the module holding its ``GAME``: :data:`GAMES`, then those
    ``$ASARA_GAMES`` adds (read at each call: cheap, and a test may set it)."""
    extra = os.environ.get(ENV_GAMES, "").strip()
    if not extra:
        return GAMES
    games = dict(GAMES)
    for pair in extra.split(","):
        key, sep, module = (part.strip() for part in pair.partition("="))
        if not (sep and key.isidentifier() and key == key.casefold()
                and all(part.isidentifier() for part in module.split("."))):
            from asara_cli.errors import InputError

            raise InputError(_("${variable}: {pair} is not key=module, the key in lower case "
                               "and the module's full name (such as dice=my_games.dice)"
                               ).format(
                                   variable=ENV_GAMES, pair=repr(pair.strip())))
        games.setdefault(key, module)  # a game of the package keeps its key
    return games


class UnknownGame(LookupError):
    """A name that is no game's key or alias; ``str()`` says which games there are."""

    def __init__(self, name: str) -> None:
        known = [g.key for g in all_games()]
        aliases = [a for g in all_games() for a in g.aliases]
        near = difflib.get_close_matches(name.casefold(), [*known, *aliases], n=1)
        message = (_("no game called {name} (did you mean {near}?); asara-cli knows {known}")
                   if near else _("no game called {name}; asara-cli knows {known}"))
        super().__init__(message.format(name=repr(name), near=repr(near[0]) if near else "",
                                        known=", ".join(known)))
        self.name = name


def game(key: str) -> SomeGame:
    """The game whose key is ``key`` exactly (a key read from a checked log)."""
    where = registered()[key]
    if key in GAMES:
        module = import_module(where)
    else:  # a registration of $ASARA_GAMES: the user's to fix
        from asara_cli.errors import InputError

        try:
            module = import_module(where)
        except Exception as e:  # whatever its code raises as it loads: not a bug of ours
            raise InputError(_("${variable}: the game {key} is in {module}, which does not "
                               "import ({problem})").format(
                                   variable=ENV_GAMES, key=repr(key), module=repr(where),
                                   problem=str(e) or type(e).__name__)) from None
        if not _is_game(getattr(module, "GAME", None)):
            raise InputError(_("${variable}: {module} has no GAME for the game {key} (a "
                               "game, as games/base.py's Game declares one)").format(
                variable=ENV_GAMES, module=repr(where), key=repr(key)))
    # the one place a game's own types are forgotten (games/base.py, SomeGame)
    found: SomeGame = module.GAME
    return found


def _is_game(found: object) -> bool:
    """Whether ``found`` has every member games/base.py's ``Game`` declares (looked up
    without running any of its code: a property is not called)."""
    from inspect import getattr_static
    from typing import Generic, Protocol

    from asara_cli.games.contract import Game

    missing = object()
    names = {name for part in Game.__mro__ if part not in (object, Generic, Protocol)
             for name in (*vars(part), *vars(part).get("__annotations__", {}))
             if not name.startswith("_")}
    return not isinstance(found, type | None) and all(
        getattr_static(found, name, missing) is not missing
        for name in names)


def all_games() -> list[SomeGame]:
    return [game(key) for key in registered()]


def find_game(name: str | None) -> SomeGame:
    """The game called ``name`` (its key, name or an alias; case does not matter);
    ``None`` is the default game. Raises :class:`UnknownGame`."""
    if name is None:
        return game(DEFAULT)
    wanted = name.strip().casefold()
    if wanted in registered():
        return game(wanted)
    for g in all_games():
        if wanted in (g.name.casefold(), g.title.casefold(), *g.aliases):
            return g
    raise UnknownGame(name)
