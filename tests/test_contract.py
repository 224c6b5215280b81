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
    ("asara_without_winners.py", "asara",
     "    def winners(self, outcome: Replay)", "    def winner(self, outcome: Replay)",
     ['"Asara" is missing following "Game" protocol member:', "    winners"]),
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
