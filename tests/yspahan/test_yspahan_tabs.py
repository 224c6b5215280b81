"""What a Tab leaves behind at a Yspahan position (issue 35 point 4): completion keeps the
last position asked about, and nothing more. The old position's walks, tables and counts
are freed by reference counting as soon as another position is asked about; a reference
cycle among them would be left to the collector's full pass, which at the heaviest known
positions took 80 to 240 ms and landed in whichever Tab came next."""

from __future__ import annotations

import gc
import shlex
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import msgspec
import pytest

from asara_cli.games import game
from asara_cli.games.base import move_groups
from asara_cli.games.yspahan import moves
from asara_cli.games.yspahan.rules.board import Board
from asara_cli.games.yspahan.rules.state import GameState
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import parse_log

POSITIONS = Path(__file__).parent / "positions"


def _board() -> Board:
    board = load_board(None, "yspahan")
    assert isinstance(board, Board)
    return board


def _state(name: str) -> GameState:
    log = parse_log((POSITIONS / f"{name}.toml").read_text("utf-8"))
    g = game("yspahan")
    state = g.recording().position(g.replay(_board(), log.header.setup, log.events))
    assert isinstance(state, GameState)
    return state


@contextmanager
def _no_collector() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _session(board: Board, state: GameState) -> int:
    """The grouped listing, then a Tab before each word of the first moves of every group
    (the souk cards' words among them, a --play typed): how many Tabs."""
    g = game("yspahan")
    tabs = 0
    for group in move_groups(g.legal_moves(board, state), 3, every=False):
        for move in group.first:
            words = shlex.split(move.words)
            for n in range(len(words)):
                g.next_words(board, state, words[:n])
                tabs += 1
    return tabs


@pytest.mark.parametrize("name", ["souk-card-then-supervisor", "caravan-card-secret-hands"])
def test_an_old_position_is_freed_without_the_collector(name: str) -> None:
    board, state = _board(), _state(name)
    with _no_collector():
        assert _session(board, state) > 100
        kept = weakref.ref(moves._LAST[0])
        moves.next_words(board, msgspec.structs.replace(state), [])  # another position
        assert kept() is None  # freed by reference counting alone
        assert gc.collect() == 0  # and no cycle was left behind


def _listed_next(board: Board, state: GameState, typed: list[str]) -> set[str]:
    """The next word after ``typed`` of every move listed grouped that begins so."""
    g = game("yspahan")
    return {words[len(typed)] for c in move_groups(g.legal_moves(board, state, typed), 10**9,
                                                   False)
            for m in c.first if len(words := shlex.split(m.words)) > len(typed)}


@pytest.mark.parametrize("name", ["souk-card-then-supervisor", "caravan-card-secret-hands",
                                  "souk-card-then-supervisor-caravanserai"])
def test_a_tab_after_the_supervisors_cell_offers_exactly_the_listed_next_words(name: str
                                                                                ) -> None:
    """After ``supervisor ROW CELL`` a Tab offers the next words of the listed moves that
    begin so, no more, no fewer; where no cube may face the cell after any cards played
    first (none does, and no souk card can fill a shop facing it), that is ``--play`` at
    most, known without walking every set of cards (issue 35)."""
    board, state = _board(), _state(name)
    g = game("yspahan")
    mover = moves._Mover(board, state)
    faced = {cell: moves._faced(mover, cell) for cell in board.cells}
    assert True in faced.values() and False in faced.values(), faced
    tried = 0
    for row in board.rows:
        for cell in board.cells:
            typed = ["supervisor", row, cell]
            offered = g.next_words(board, msgspec.structs.replace(state), typed)
            assert sorted(offered) == sorted(_listed_next(board, state, typed)), typed
            assert faced[cell] or set(offered) <= {"--play"}, typed
            tried += bool(offered)
    assert tried > 20, tried
