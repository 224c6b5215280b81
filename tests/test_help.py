"""Help finds both games: `asara --help` names them and says how to list each game's
commands, and the help of a command that is every game's speaks of no one game (issue 30)."""

from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from asara_cli.cli import build_app
from asara_cli.cli.recording import COMMANDS
from asara_cli.games import all_games
from asara_cli.reference import RULE_ID

#: Commands that are every game's (their help may name a game only in an option that says
#: whose it is, "ASARA: ...").
GENERIC = ("validate", "status", "score", "board", "simulate", "batch", "report", "rules",
           *COMMANDS)

#: Words only one game uses: ASARA's, then YSPAHAN's, and rule ids of either.
ONE_GAME = re.compile(
    r"\b(buyers?|towers?|prestige|Caliph|market|screens?|years?|plots?|souks?|caravan|"
    r"camels?|supervisor|cubes?|weeks?|dice|R\d(\.\d+)*|Y\d(\.\d+)*)\b", re.IGNORECASE)


def _texts(name: str) -> list[str]:
    """The help of command ``name`` and of each of its options, as people read them."""
    group = build_app(name)
    command = typer.main.get_command(group)
    assert isinstance(command, typer.core.TyperGroup)
    sub = command.commands[name]
    texts = [sub.help or ""]
    texts += [getattr(p, "help", None) or "" for p in sub.params]
    return texts


@pytest.mark.parametrize("name", GENERIC)
def test_generic_help_speaks_of_no_one_game(name: str) -> None:
    games = tuple(g.name for g in all_games())
    for text in _texts(name):
        if text.startswith(tuple(f"{g}: " for g in games)):  # an option of one game
            continue
        if name == "rules":  # its examples are both games' rule ids, on purpose
            text = RULE_ID.sub("", text)
        found = ONE_GAME.search(text)
        assert found is None, (name, found.group(0), text)


def test_one_game_options_name_their_game_once() -> None:
    texts = _texts("simulate") + _texts("batch")
    owned = [t for t in texts if t.startswith(("ASARA: ", "YSPAHAN: "))]
    assert len(owned) >= 5  # --pro --gifts --genie --secret; --variant --expansion --hands
    for text in owned:
        game, _, rest = text.partition(": ")
        assert game.lower() not in rest.lower(), text  # not "YSPAHAN: Yspahan: ..."


def test_top_help_names_both_games_and_how_to_list_their_commands() -> None:
    result = CliRunner().invoke(build_app(), ["--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    out = result.stdout
    for g in all_games():
        assert g.name in out
        assert f"asara --game {g.key} --help" in out
    assert "Commands for every game" in out
    assert "ASARA: a new game and its moves" in out  # the default game's, named
    assert "board game ASARA." not in out


def test_another_game_s_help_lists_its_moves_under_its_name() -> None:
    app = build_app(None, ["--game", "yspahan", "--help"])
    result = CliRunner().invoke(app, ["--game", "yspahan", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    out = result.stdout
    assert "YSPAHAN: a new game and its moves (ASARA's: asara --game asara --help)" in out
    mine = out.split("YSPAHAN: a new game", 1)[1]
    for move in ("roll", "goods", "supervisor"):
        assert re.search(rf"│ {move} ", mine), move
    assert "│ buy " not in out


def test_the_readme_s_first_screen_names_both_games_and_their_commands() -> None:
    from pathlib import Path

    from asara_cli.cli import _READERS

    text = (Path(__file__).resolve().parent.parent / "README.md").read_text("utf-8")
    first = text.split("## A short tour", 1)[0]
    assert "**ASARA**" in first and "**YSPAHAN**" in first
    every = first.split("- Commands for every game:", 1)[1].split("\n-", 1)[0]
    listed = set(re.findall(r"`(\w+)`", every))
    assert listed == set(_READERS) | set(COMMANDS)
    for g in all_games():
        assert f"`asara --game {g.key} --help`" in first
