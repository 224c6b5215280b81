"""ASARA's Tabs at the heavy position bench/moves.py keeps (seed 6, two players, pro with
the gifts, after event 52: gifts piled on one space, 14,425 moves): a Tab's candidates are
those of the full listing whatever was asked before, and the first Tab (the command
words) makes no group's turns."""

from __future__ import annotations

from functools import cache

import msgspec
import pytest

from asara_cli.cli.lines import split
from asara_cli.games import game
from asara_cli.games.asara import moves
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.state import GameState
from asara_cli.games.base import SIM_NAMES
from asara_cli.logfile.board import load_board


@cache
def _heavy() -> tuple[Board, GameState]:
    g, board = game("asara"), load_board(None, "asara")
    setup, events = g.simulate(board, 6, 2, frozenset({"pro", "gifts"}), SIM_NAMES)
    state = g.recording().position(g.replay(board, setup, events[:52]))
    assert isinstance(board, Board) and isinstance(state, GameState)
    return board, state


def _fresh() -> tuple[Board, GameState]:
    """The heavy position as a new value: no listing kept from another test."""
    board, state = _heavy()
    return board, msgspec.structs.replace(state)


def _typed() -> list[list[str]]:
    """The words of the first move of each group, as typed."""
    board, state = _fresh()
    firsts: dict[str, list[str]] = {}
    for move in moves.begin_with(board, state, ()):
        firsts.setdefault(move.group, split(move.words))
    return [w for w in firsts.values() if moves.PLACEHOLDER not in w]


def test_the_first_tab_makes_no_group() -> None:
    board, state = _fresh()
    commands = moves.next_words(board, state, [])
    listing = moves._listing(board, state)
    assert listing._heads.cache_info().currsize == 0
    assert listing._turns.cache_info().currsize == 0
    every = moves.begin_with(*_fresh(), ())
    assert commands == list(dict.fromkeys(split(m.words)[0] for m in every))


@pytest.mark.parametrize("listed_first", [False, True])
def test_tabs_as_the_listing_says(listed_first: bool) -> None:
    """Each Tab along the first move of every group gives the words that follow in the
    listed moves (those typed so far as their start), in the listing's order."""
    every = [split(m.words) for m in moves.begin_with(*_fresh(), ())]
    board, state = _fresh()
    if listed_first:  # the grouped listing made before the Tabs
        list(moves.begin_with(board, state, ()))
    for words in _typed():
        for n in range(len(words)):
            want = words[:n]
            expected = dict.fromkeys(w[n] for w in every if len(w) > n and w[:n] == want)
            assert moves.next_words(board, state, want) == list(expected), want
