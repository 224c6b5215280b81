"""Smaller frictions of the session and the commands (issue 36, point 6), each with a test:
a hint the session prints names its commands as typed there, a count in the toolbar, the
examples of the help, a refusal that says the real mistake, a genie's wish that leaves its
space free, a check that cannot know a card drawn, and `asara moves --log`. Terminals are
80x40 (pexpect); every wait is on what the session prints, never a sleep."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from terminal import env, prompt


@pytest.fixture
def spawned() -> Iterator[list[pexpect.spawn]]:
    children: list[pexpect.spawn] = []
    yield children
    for c in children:
        if c.isalive():
            c.terminate(force=True)


def _spawn(tmp_path: Path, children: list[pexpect.spawn], *args: str) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-m", "asara_cli", *args], cwd=str(tmp_path),
                          env=env(tmp_path), dimensions=(40, 80), encoding="utf-8",
                          timeout=60)
    children.append(child)
    return child


# --- the hints of a new game started in the session ------------------------------------------


@pytest.mark.parametrize(("lang", "options", "first", "hint"), [
    # the year-1 deal of the Caliph's gifts: `gifts ...`, not `asara gifts ...`
    ("en", "-p Tina -p Paul --gifts", "Tina", "gifts base"),
    # Yspahan's first roll, in German: `würfeln ...`, not `asara würfeln ...`
    ("de", "-p Tina -p Paul -p Anna --game yspahan", "Tina", "würfeln"),
])
def test_the_hints_of_a_new_game_name_the_session_s_commands(
        tmp_path: Path, spawned: list[pexpect.spawn], lang: str, options: str, first: str,
        hint: str) -> None:
    table = _spawn(tmp_path, spawned, "--lang", lang, "play", "n.toml")
    prompt(table, "neu" if lang == "de" else "new")
    table.sendline(options)
    table.expect(r"\x1b\[6n")  # the session's prompt about to be drawn: what came before
    said = " ".join(str(table.before).split())
    table.send("\x1b[1;1R")
    table.expect(f"{first}>")
    table.sendline("quit")
    table.expect(pexpect.EOF)
    assert hint in said
    assert f"asara {hint}" not in said


# --- the toolbar's count of buyers ------------------------------------------------------------


@pytest.mark.parametrize(("buyers", "said"), [(1, "1 buyer |"), (2, "2 buyers |"),
                                              (0, "0 buyers |")])
def test_the_toolbar_counts_the_mover_s_buyers(buyers: int, said: str) -> None:
    from msgspec.structs import replace

    from asara_cli.games import game
    from asara_cli.games.asara.rules.state import GameState
    from asara_cli.logfile.board import load_board

    asara = game("asara")
    board = load_board(None, "asara")
    setup, _events = asara.simulate(board, 0, 2, frozenset(), ("Tina", "Paul"))
    state = asara.recording().position(asara.replay(board, setup, ()))
    assert isinstance(state, GameState) and state.turn is not None
    players = list(state.players)
    mover, other = players[state.turn], players[1 - state.turn]
    players[state.turn] = replace(mover, buyers=buyers)
    line = asara.recording().situation(  # type: ignore[attr-defined]
        board, replace(state, players=tuple(players)))
    assert (f"{mover.name} to move: {mover.money} Asari, {said} buyers left: {other.name} "
            f"{other.buyers}") in line


# --- the buyer colours of the help's examples -------------------------------------------------


def test_the_examples_place_buyers_of_a_buyer_colour() -> None:
    """A buyer card's colour is never a tower colour (R1, RULES.md: "colours are not tower
    colours"; the rulebook names blue, violet): each example of ASARA's move commands
    places a buyer of a colour the rulebook names."""
    import re

    from asara_cli.games.asara.commands import MOVES
    from asara_cli.games.asara.rules.model import Colour

    placed = []
    for name, command in MOVES:
        example = (command.__doc__ or "").partition("Example:")[2]
        placed += [(name, c) for c in re.findall(r"(?:--card|-c) (\w+)", example)]
    assert len(placed) >= 8  # buy, build, bank, bribe, caliph, recruit, lighted, genie
    assert {c for _name, c in placed} <= {"blue", "violet"}
    assert not {c for _name, c in placed} & {str(c) for c in Colour}
