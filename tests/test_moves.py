"""The legal moves of a position (``games/base.py``: ``LegalMoves``), held to the referee
over simulated positions of every game: every move listed passes the referee's ``check``
(sound), every move the simulator played is listed (complete), and the words of each listed
move, read by the game's own command layer, make the move's event.

The default run walks a few hundred positions per game; ``ASARA_MOVES_GAMES=N`` walks the
positions of N simulated games per player count and flag set instead (thousands)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import cache

import pytest

from asara_cli.games import ENV_GAMES, game
from asara_cli.games import GAMES as PACKAGED
from asara_cli.games.base import SIM_NAMES, SomeGame
from asara_cli.logfile.board import load_board

TOY = "pebbles=toygame"
KEYS = [*PACKAGED, TOY.split("=")[0]]
#: Simulated games per player count and flag set (more with $ASARA_MOVES_GAMES).
GAMES_EACH = int(os.environ.get("ASARA_MOVES_GAMES", "1"))
#: Every how many events a position is taken in the default run (all of them when more
#: games are asked for).
STRIDE = 1 if GAMES_EACH > 1 else 2
#: How many moves the default run lists at least, per game.
ENOUGH = {"asara": 1000, "yspahan": 1000, "pebbles": 30}
#: How many simulated moves the default run finds listed at least, per game.
PLAYED = {"asara": 100, "yspahan": 100, "pebbles": 5}


@pytest.fixture(scope="module", autouse=True)
def _toy_registered() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV_GAMES, TOY)
        yield


def _flag_sets(g: SomeGame) -> list[frozenset[str]]:
    names = [f.name for f in g.simulate_flags]
    return [frozenset(), *([frozenset(names)] if names else [])]


@cache
def _positions(key: str) -> tuple[tuple[object, tuple[object, ...], object, object], ...]:
    """(setup, events before, position, the event the simulator played there) for simulated
    games of ``key``: every player count, no flag and every flag."""
    g = game(key)
    board = load_board(None, key)
    rules = g.recording()
    found: list[tuple[object, tuple[object, ...], object, object]] = []
    for flags in _flag_sets(g):
        for players in range(g.min_players, g.max_players + 1):
            for seed in range(GAMES_EACH):
                setup, events = g.simulate(board, seed, players, flags, SIM_NAMES)
                state = rules.position(g.replay(board, setup, ()))
                for i, event in enumerate(events):
                    if i % STRIDE == 0:
                        found.append((setup, events[:i], state, event))
                    state = rules.after(rules.apply(board, state, event))
    return tuple(found)


@pytest.mark.parametrize("key", KEYS)
def test_every_listed_move_passes_the_referees_check(key: str) -> None:
    g = game(key)
    board = load_board(None, key)
    rules = g.recording()
    listed = 0
    for _setup, before, state, _event in _positions(key):
        for move in g.legal_moves(board, state):
            errors = [v for v in rules.check(board, state, move.event) if v.is_error]
            assert not errors, (key, len(before), move.words, errors)
            assert move.words and move.group, move
            listed += 1
    assert listed > ENOUGH[key], listed  # the positions had moves to list


def _listed_form(key: str, board: object, event: object) -> object:
    """The event a simulated move is listed as: itself (Yspahan: the turn without the cards
    played around it, the discard and the building, which the list leaves to options)."""
    if key == "yspahan":
        from asara_cli.games.yspahan.moves import core
        from asara_cli.games.yspahan.rules.board import Board

        assert isinstance(board, Board)
        return core(board, event)
    if key == "asara":
        from asara_cli.games.asara.rules.events import Turn

        return event if isinstance(event, Turn) else None  # a fact the table states
    return event


@pytest.mark.parametrize("key", KEYS)
def test_every_move_the_simulator_plays_is_listed(key: str) -> None:
    g = game(key)
    board = load_board(None, key)
    played = 0
    for _setup, before, state, event in _positions(key):
        moves = g.legal_moves(board, state)
        if not moves:  # a fact the table states (a roll, a deal, a checkpoint)
            continue
        wanted = _listed_form(key, board, event)
        if wanted is None:
            continue
        listed = [_listed_form(key, board, m.event) for m in moves]
        assert wanted in listed, (key, len(before), wanted)
        played += 1
    assert played > PLAYED[key], played
