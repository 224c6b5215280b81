"""Generic code knows no game's limits: rule ids, player counts and seat colours come from
the registry (each game declares its own)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

from asara_cli.cli import run
from asara_cli.games import all_games, game
from asara_cli.logfile.game import read_log
from asara_cli.render.report import game_page

ROOT = Path(__file__).resolve().parent.parent


def _check_samples() -> Any:
    spec = importlib.util.spec_from_file_location("check_samples",
                                                  ROOT / ".ci" / "check_samples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("line", "rule"), [
    ("# expect: R2.3", "R2.3"), ("# expect: Y3.4.2", "Y3.4.2"),
    ("# expect: checkpoint", "checkpoint"), ("#expect:R5", "R5"), ("# expect: Z1.2", None),
    ("# expect: r2.3", None),
])
def test_a_sample_names_a_rule_id_of_a_registered_game(line: str, rule: str | None) -> None:
    found = _check_samples().expected_rule().search(f"format = 1\n{line}\n")
    assert (found.group(1) if found else None) == rule


def test_every_invalid_sample_names_its_game_s_rule(tmp_path: Path) -> None:
    pattern: re.Pattern[str] = _check_samples().expected_rule()
    prefixes = {g.key: g.rule_prefix for g in all_games()}
    samples = sorted((ROOT / "sample_games").rglob("invalid/*.toml"))
    assert samples
    for path in samples:
        found = pattern.search(path.read_text("utf-8"))
        assert found is not None, path
        key = read_log(path).header.game
        assert found.group(1) == "checkpoint" or found.group(1).startswith(prefixes[key])


def test_batch_takes_the_player_counts_any_game_is_played_by(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    fewest = min(g.min_players for g in all_games())
    most = max(g.max_players for g in all_games())
    assert (fewest, most) == (2, 4)  # ASARA 2-4, Yspahan 3-4
    for n, code in ((fewest - 1, 2), (fewest, 0), (most, 0), (most + 1, 2)):
        assert run(["batch", str(ROOT / "sample_games" / "two-player-basic.toml"),
                    "--players", str(n)]) == code, n
    said = capsys.readouterr().err
    assert f"{fewest}<=x<={most}" in said


class _Recoloured:
    """A registered game whose seats have other colours."""

    def __init__(self, key: str, colours: tuple[str, ...]) -> None:
        self._game = game(key)
        self.seat_colours = colours

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def test_the_report_draws_each_seat_in_its_game_s_colour() -> None:
    from asara_cli.cli.common import replay_file

    read = replay_file(ROOT / "sample_games" / "three-player-basic.toml", None)
    page = game_page(read.game, read.result, read.log)
    for colour in read.game.seat_colours[:3]:
        assert f'fill="{colour}"' in page
    mine = ("#010203", "#040506")  # two colours for three seats: the first again
    page = game_page(_Recoloured("asara", mine), read.result, read.log)
    assert f'fill="{mine[0]}"' in page and f'fill="{mine[1]}"' in page
    assert not any(f'fill="{c}"' in page for c in read.game.seat_colours)
    legend = re.findall(r'<i style="background:(#[0-9a-f]{6})"></i>', page)
    assert legend[:3] == [mine[0], mine[1], mine[0]]
