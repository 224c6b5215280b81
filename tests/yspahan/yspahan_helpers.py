"""Small builders for the Yspahan referee's tests: the packaged board, a table laid out by
hand (a position reached in play, written down directly), and short readers of findings."""

from __future__ import annotations

import copy
import functools
import tomllib
from collections.abc import Sequence
from importlib import resources
from typing import Any

from asara_cli.core.findings import Violation
from asara_cli.games.yspahan.rules.board import Board, board_from_mapping
from asara_cli.games.yspahan.rules.engine import apply, check
from asara_cli.games.yspahan.rules.events import INNER, Event, Shop
from asara_cli.games.yspahan.rules.scoring import tower_rows
from asara_cli.games.yspahan.rules.state import TURN, Setup, Table, new_table

FOUR = ("Ann", "Ben", "Cid", "Dia")
THREE = FOUR[:3]
#: The rulebook's roll (Y2.4): 9 white and 2 yellow dice; the yellow ones show 1 and 2 (the
#: rulebook removes "the last yellow die, on the bag row" after Blue took the camels).
WHITE = (1, 1, 3, 3, 5, 5, 6, 6, 6)
YELLOW = (1, 2)


@functools.cache
def _profile_text() -> str:
    return resources.files("asara_cli.games.yspahan").joinpath(
        "data/standard.toml").read_text("utf-8")


def profile() -> dict[str, Any]:
    """A fresh parsed copy of the packaged profile; a test may change it freely."""
    return copy.deepcopy(tomllib.loads(_profile_text()))


@functools.cache
def board() -> Board:
    return board_from_mapping(profile())


def table(players: Sequence[str] = FOUR, *, white: Sequence[int] = WHITE,
          yellow: Sequence[int] = YELLOW, b: Board | None = None, hands: str = "open",
          oldest: int = 0) -> Table:
    """Day 1 after the start player's roll (the rulebook's by default): the start player's
    turn is next. The roll's gold is not taken: a position laid out by hand."""
    b = b or board()
    t = new_table(b, Setup(tuple(players), oldest, (), hands))
    t.tower = tower_rows(len(b.rows), white, yellow)
    t.phase = TURN
    return t


def souk_at(t: Table, souk_id: str) -> int:
    """The index of the souk ``souk_id`` on ``t``'s board (one the board has)."""
    s = t.board.souk_index(souk_id)
    assert s is not None, souk_id
    return s


def put(t: Table, seat: int, souk: str, *cells: str) -> None:
    """Cubes of ``seat`` laid in ``souk`` facing ``cells`` (``inner`` for an inner shop)."""
    b = t.board
    s = b.souk_index(souk)
    assert s is not None
    for cell in cells:
        if cell == INNER:
            t.inner[s] += 1
        else:
            index = b.souks[s].shop_at(cell)
            assert index is not None, (souk, cell)
            t.street[s][index] = True
        t.filled[s] += 1
        t.owner[s] = seat
        t.cubes[seat] -= 1


def give(t: Table, seat: int, *cards: str) -> None:
    """Cards dealt to ``seat`` from the deck (open hands)."""
    for kind in cards:
        t.hand[seat][kind] = t.hand[seat].get(kind, 0) + 1
        t.deck_kinds[kind] -= 1
        t.deck -= 1


def rules(found: Sequence[Violation]) -> list[tuple[str, str]]:
    """``(rule, severity)`` of each finding."""
    return [(v.rule, v.severity) for v in found]


def run(t: Table, *events: Event) -> list[Violation]:
    """Check then apply each event on ``t``; every finding, in order."""
    out: list[Violation] = []
    for e in events:
        out.extend(check(t.board, t, e))
        apply(t.board, t, e)
    return out


def shop(text: str) -> Shop:
    """``chest8@N2`` or ``chest8`` (an inner shop)."""
    souk, _, cell = text.partition("@")
    return Shop(souk, cell or INNER)
