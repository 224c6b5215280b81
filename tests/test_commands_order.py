"""The real mistake first in a move command (games/*/commands.py): at a finished game a move
is refused because the game is over, before any of its words is read."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from terminal import asara

SAMPLES = Path(__file__).parent.parent / "sample_games"


@pytest.mark.parametrize("sample, words, rule", [
    ("four-player-pro.toml", ["build", "2", "window", "black", "-c", "blue"], "[R5]"),
    ("four-player-pro.toml", ["build", "2", "--new", "white 2 base", "-c", "blue"], "[R5]"),
    ("yspahan/yspahan-4p.toml", ["gold", "--play", "foo"], "[Y4.6]"),
    ("yspahan/yspahan-4p.toml", ["draw", "foo", "--row", "bag"], "[Y4.6]"),
])
def test_a_move_at_a_finished_game_is_refused_as_over_before_its_words(
        tmp_path: Path, sample: str, words: list[str], rule: str) -> None:
    shutil.copy(SAMPLES / sample, tmp_path / "g.toml")
    before = (tmp_path / "g.toml").read_bytes()
    ran = asara(tmp_path, *words, "--log", "g.toml")
    assert ran.returncode == 1, ran.stderr
    assert ran.stderr.startswith(f"refused: the game is over: no more turns (see `asara "
                                 f"score`) {rule}"), ran.stderr
    assert (tmp_path / "g.toml").read_bytes() == before
