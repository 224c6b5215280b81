"""The game contract is checked by mypy: a game package that lacks a member of
:class:`asara_cli.games.base.Game`, or mistypes one, does not type-check.

Each game declares ``GAME: Game[Board, Setup, Event, Outcome] = ...``; here copies of the real
games' packages, each broken in one way, are handed to mypy, and its verdict names the member.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "asara_cli" / "games"

#: (file name, game package, what to replace, its broken replacement, what mypy must say)
BROKEN = [
    ("asara_without_ledger.py", "asara",
     "    def ledger(self, outcome: Replay)", "    def ledgers(self, outcome: Replay)",
     ['"Asara" is missing following "Game" protocol member:', "    ledger"]),
    ("yspahan_turn_text_mistyped.py", "yspahan",
     "    def turn_text(self, outcome: Replay) -> str | None:",
     "    def turn_text(self, outcome: Replay, week: int) -> str | None:",
     ['Following member(s) of "Yspahan" have conflicts:',
      "def turn_text(self, outcome: Replay, week: int) -> str | None"]),
    # a part games/base.py's GameParts gives is held to the types the game names for it
    ("yspahan_parts_mistyped.py", "yspahan",
     '"Replay", "GameState", "GameState"]):', '"Replay", "GameState", "Board"]):',
     ['Following member(s) of "Yspahan" have conflicts:',
      "def recording(self) -> Recording[Board, Replay, GameState, Roll | Turn | Checkpoint, "
      "Board]"]),
]


def _mypy(files: list[Path], cache: Path) -> str:
    from mypy import api

    stdout, stderr, _ = api.run(["--strict", "--cache-dir", str(cache), "--no-color-output",
                                 *map(str, files)])
    return stdout + stderr


@pytest.fixture(scope="module")
def verdict(tmp_path_factory: pytest.TempPathFactory) -> str:
    """mypy's report on every broken copy (one run: mypy takes seconds to start cold)."""
    folder = tmp_path_factory.mktemp("broken")
    files = []
    for name, package, old, new, _ in BROKEN:
        source = (GAMES / package / "__init__.py").read_text("utf-8")
        assert source.count(old) == 1, f"{package}: {old!r} is not in GAME's class once"
        (folder / name).write_text(source.replace(old, new), "utf-8")
        files.append(folder / name)
    here = Path.cwd()
    os.chdir(ROOT)  # mypy finds asara_cli from the working folder
    try:
        return _mypy(files, folder / "cache")
    finally:
        os.chdir(here)


@pytest.mark.parametrize("case", BROKEN, ids=[b[0] for b in BROKEN])
def test_mypy_refuses_a_game_breaking_the_contract(
        verdict: str, case: tuple[str, str, str, str, list[str]]) -> None:
    name, _, _, _, expected = case
    mine = [line for line in verdict.splitlines() if f"{name}:" in line]
    errors = [line for line in mine if ": error: " in line]
    # one error, where GAME is declared: the copy is otherwise sound
    assert len(errors) == 1, verdict
    assert "Incompatible types in assignment" in errors[0] and "Game[" in errors[0], verdict
    notes = [line.split(": note: ", 1)[1].strip() for line in mine if ": note: " in line]
    for want in expected:
        assert want.strip() in notes, verdict

def test_every_game_declares_its_game_with_the_protocol() -> None:
    """What mypy checks is each package's declaration: every game of the registry (and the
    tests' toy game) has one, ``GAME: Game[...]``."""
    import importlib.util

    from asara_cli.games import GAMES as PACKAGED

    modules = [*PACKAGED.values(), "toygame"]
    for module in modules:
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None, module
        source = Path(spec.origin).read_text("utf-8")
        assert re.search(r"^GAME: Game\[\w+(, \w+)*\] = ", source, re.M), module


def _declared_parts(cls: type) -> dict[str, int]:
    """Each part a game's class takes from one of its modules by name, with the number of
    arguments its annotation (``Callable[[...], ...]``, read as written) declares."""
    import ast

    from asara_cli.games.base import _Found

    parts: dict[str, int] = {}
    for klass in reversed(cls.__mro__):
        for name, value in vars(klass).items():
            if isinstance(value, _Found):
                written = ast.parse(str(klass.__annotations__[name]), mode="eval").body
                assert isinstance(written, ast.Subscript), name
                assert isinstance(written.slice, ast.Tuple), name
                arguments = written.slice.elts[0]
                assert isinstance(arguments, ast.List), name
                parts[name] = len(arguments.elts)
    return parts


def test_each_part_found_by_name_is_there_and_takes_its_declared_arguments() -> None:
    """``games/base.py`` finds some parts by a module's and a function's name: mypy cannot see
    that the function is there or how it is called, so this does, for every game."""
    import inspect

    from asara_cli.games import all_games

    for game in all_games():
        parts = _declared_parts(type(game))
        assert {"replay", "read_event", "next_words", "register_commands"} <= set(parts)
        for name, arguments in parts.items():
            function = getattr(game, name)
            assert callable(function), f"{game.name}.{name}"
            inspect.signature(function).bind(*[None] * arguments)  # TypeError names the mismatch
