"""The final evaluation (RULES.md R5), every expected number computed by hand.

Point tables (R5): brown 4/2, green 6/3, red 8/4, black 10/5, white 12/6, highest overall 8/4,
most towers 12/6, 1 point per full 10 Asari. The arithmetic of each case is in its id or in a
comment beside it.

Positions are written as one list of towers per seat; a tower is (colour, height) or
(colour, height, lighted windows).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.model import Colour, Tower
from asara_cli.games.asara.rules.scoring import (
    MONEY,
    MOST_TOWERS,
    OVERALL,
    Award,
    FinalEvaluation,
    FinalPosition,
    final_evaluation,
)
from asara_cli.games.base import tied_best

TowerSpec = tuple[str, int] | tuple[str, int, int]


def tower(spec: TowerSpec) -> Tower:
    colour, height, *rest = spec
    return Tower.of_height(Colour(colour), height, rest[0] if rest else 0)


def position(players: list[list[TowerSpec]], asari: list[int] | None = None) -> list[FinalPosition]:
    money = asari or [0] * len(players)
    return [FinalPosition(tuple(tower(t) for t in own), a) for own, a in zip(players, money,
                                                                             strict=True)]


def evaluate(board: Board, players: list[list[TowerSpec]], *, pro: bool = False,
             asari: list[int] | None = None) -> FinalEvaluation:
    return final_evaluation(board, position(players, asari), pro=pro)


def placed(ev: FinalEvaluation, category: str) -> list[tuple[int, int | None, int, int]]:
    """(player, place, tied, points) of every award in ``category``, sorted."""
    return sorted((a.player, a.place, a.tied, a.points) for a in ev.awards
                  if a.category == category)


def only(ev: FinalEvaluation, category: str, player: int) -> Award:
    (award,) = [a for a in ev.awards if a.category == category and a.player == player]
    return award


# --- tower categories: R5.1, R5.2, R5.3, R5.5 (basic game) -------------------------------------

TOWER_CASES = [
    # R5.1 places go to towers, not players
    pytest.param("black", [[("black", 8), ("black", 6)], [("green", 3)]],
                 [(0, 1, 1, 10), (0, 2, 1, 5)],
                 id="R5.1-one-player-1st-and-2nd-black-10+5"),
    pytest.param("red", [[("red", 5), ("red", 5)], [("red", 5)]],
                 [(0, 1, 3, 4), (0, 1, 3, 4), (1, 1, 3, 4)],
                 id="R5.1-two-of-three-tied-red-(8+4)/3=4-twice"),
    pytest.param(OVERALL, [[("white", 9), ("green", 7)], [("black", 6)]],
                 [(0, 1, 1, 8), (0, 2, 1, 4)],
                 id="R5.1-overall-one-player-1st-and-2nd-8+4"),
    pytest.param("white", [[("white", 9)], [("white", 7), ("white", 7)]],
                 [(0, 1, 1, 12), (1, 2, 2, 3), (1, 2, 2, 3)],
                 id="R5.1-one-player-both-tied-2nd-white-6/2=3-twice"),
    # R5.2 tie for 1st: (1st+2nd)/n rounded up per tower, no 2nd place
    pytest.param("black", [[("black", 7)], [("black", 7)], [("black", 5)]],
                 [(0, 1, 2, 8), (1, 1, 2, 8)],
                 id="R5.2-black-(10+5)/2=7.5->8-next-gets-nothing"),
    pytest.param("red", [[("red", 4)], [("red", 4)], [("red", 4)]],
                 [(0, 1, 3, 4), (1, 1, 3, 4), (2, 1, 3, 4)],
                 id="R5.2-red-(8+4)/3=4"),
    pytest.param("white", [[("white", 6)], [("white", 6)], [("white", 6)], [("white", 4)]],
                 [(0, 1, 3, 6), (1, 1, 3, 6), (2, 1, 3, 6)],
                 id="R5.2-white-3-way-(12+6)/3=6-4th-gets-nothing"),
    pytest.param("brown", [[("brown", 3)], [("brown", 3)], [("brown", 3)], [("brown", 3)]],
                 [(0, 1, 4, 2), (1, 1, 4, 2), (2, 1, 4, 2), (3, 1, 4, 2)],
                 id="R5.2-brown-4-way-(4+2)/4=1.5->2"),
    pytest.param("green", [[("green", 5)], [("green", 5), ("green", 2)]],
                 [(0, 1, 2, 5), (1, 1, 2, 5)],
                 id="R5.2-green-(6+3)/2=4.5->5-lower-tower-nothing"),
    pytest.param(OVERALL, [[("white", 9)], [("brown", 9)], [("red", 8)]],
                 [(0, 1, 2, 6), (1, 1, 2, 6)],
                 id="R5.2-overall-(8+4)/2=6-any-colour"),
    pytest.param(OVERALL, [[("white", 5)], [("brown", 5)], [("red", 5), ("green", 5)]],
                 [(0, 1, 4, 3), (1, 1, 4, 3), (2, 1, 4, 3), (2, 1, 4, 3)],
                 id="R5.2-overall-4-way-(8+4)/4=3"),
    # R5.3 tie for 2nd: 2nd/n rounded up
    pytest.param("white", [[("white", 9)], [("white", 7)], [("white", 7)]],
                 [(0, 1, 1, 12), (1, 2, 2, 3), (2, 2, 2, 3)],
                 id="R5.3-white-6/2=3"),
    pytest.param(OVERALL, [[("white", 10)], [("black", 7)], [("red", 7)], [("brown", 6)]],
                 [(0, 1, 1, 8), (1, 2, 2, 2), (2, 2, 2, 2)],
                 id="R5.3-overall-4/2=2-3rd-gets-nothing"),
    pytest.param("black", [[("black", 9)], [("black", 4)], [("black", 4)], [("black", 4)]],
                 [(0, 1, 1, 10), (1, 2, 3, 2), (2, 2, 3, 2), (3, 2, 3, 2)],
                 id="R5.3-black-5/3=1.67->2"),
    pytest.param("brown", [[("brown", 6)], [("brown", 3)], [("brown", 3)], [("brown", 3)]],
                 [(0, 1, 1, 4), (1, 2, 3, 1), (2, 2, 3, 1), (3, 2, 3, 1)],
                 id="R5.3-brown-2/3=0.67->1"),
    pytest.param("green", [[("green", 8)], [("green", 4)], [("green", 4)]],
                 [(0, 1, 1, 6), (1, 2, 2, 2), (2, 2, 2, 2)],
                 id="R5.3-green-3/2=1.5->2"),
    # plain 1st and 2nd, 3rd gets nothing
    pytest.param("red", [[("red", 4)], [("red", 6)], [("red", 5)]],
                 [(1, 1, 1, 8), (2, 2, 1, 4)],
                 id="R5-red-8/4-3rd-nothing"),
    # R5.5 a single tower takes 1st, no 2nd; no tower, nothing
    pytest.param("green", [[("green", 2)], [("red", 9)]], [(0, 1, 1, 6)],
                 id="R5.5-single-green-6-no-2nd"),
    pytest.param("white", [[("brown", 3)], [("red", 9)]], [],
                 id="R5.5-no-white-tower-nothing"),
    pytest.param(OVERALL, [[("brown", 3)], []], [(0, 1, 1, 8)],
                 id="R5.5-single-tower-in-game-overall-8-no-2nd"),
    pytest.param(OVERALL, [[], []], [], id="R5.5-no-towers-no-overall"),
]


@pytest.mark.parametrize(("category", "players", "expected"), TOWER_CASES)
def test_tower_categories(board: Board, category: str, players: list[list[TowerSpec]],
                          expected: list[tuple[int, int, int, int]]) -> None:
    ev = evaluate(board, players)
    assert placed(ev, category) == sorted(expected)


def test_r5_1_award_names_the_tower(board: Board) -> None:
    ev = evaluate(board, [[("black", 8), ("black", 6)], [("green", 3)]])
    black = sorted((a for a in ev.awards if a.category == "black"), key=lambda a: a.place or 0)
    assert [(a.place, a.tower.height if a.tower else None) for a in black] == [(1, 8), (2, 6)]
    assert ev.points(0) == 10 + 5 + 8 + 4 + 12  # black 10+5, overall 8+4, most towers 12 = 39


def test_r5_2_tower_after_first_tie_gets_nothing_even_if_alone(board: Board) -> None:
    # black 7, 7, then 5 (alone below a 1st tie): the 5 gets no 2nd place (R5.2)
    ev = evaluate(board, [[("black", 7)], [("black", 7)], [("black", 5)]])
    assert not [a for a in ev.awards if a.category == "black" and a.player == 2]
    assert all(a.place == 1 for a in ev.awards if a.category == "black")


# --- R5.4 most towers: counts players ------------------------------------------------------------

MOST_TOWERS_CASES = [
    pytest.param([[("red", 3)] * 3, [("red", 3)] * 2], [(0, 1, 1, 12), (1, 2, 1, 6)],
                 id="R5.4-3-vs-2-12/6"),
    pytest.param([[("red", 3)] * 4, [("red", 3)] * 4, [("red", 3)] * 2],
                 [(0, 1, 2, 9), (1, 1, 2, 9)],
                 id="R5.4-tie-1st-(12+6)/2=9-by-players-not-towers-no-2nd"),
    pytest.param([[("red", 3)] * 2, [("red", 3)] * 2, [("red", 3)] * 2],
                 [(0, 1, 3, 6), (1, 1, 3, 6), (2, 1, 3, 6)],
                 id="R5.4-tie-1st-(12+6)/3=6"),
    pytest.param([[("red", 3)]] * 4, [(0, 1, 4, 5), (1, 1, 4, 5), (2, 1, 4, 5), (3, 1, 4, 5)],
                 id="R5.4-tie-1st-(12+6)/4=4.5->5"),
    pytest.param([[("red", 3)] * 3, [("red", 3)] * 2, [("red", 3)] * 2],
                 [(0, 1, 1, 12), (1, 2, 2, 3), (2, 2, 2, 3)],
                 id="R5.4-tie-2nd-6/2=3"),
    pytest.param([[("red", 3)] * 5, [("red", 3)], [("red", 3)], [("red", 3)]],
                 [(0, 1, 1, 12), (1, 2, 3, 2), (2, 2, 3, 2), (3, 2, 3, 2)],
                 id="R5.4-tie-2nd-6/3=2"),
    pytest.param([[("red", 3)] * 3, [], []], [(0, 1, 1, 12)],
                 id="R5.4-3-0-0-zero-tower-players-place-nowhere"),
    pytest.param([[("red", 3)] * 2, []], [(0, 1, 1, 12)],
                 id="R5.4-2-0-only-1st"),
    pytest.param([[("red", 3)] * 2, [("red", 3)], []], [(0, 1, 1, 12), (1, 2, 1, 6)],
                 id="R5.4-2-1-0-zero-gets-nothing"),
    pytest.param([[], []], [], id="R5.4-nobody-built-nothing"),
]


@pytest.mark.parametrize(("players", "expected"), MOST_TOWERS_CASES)
def test_r5_4_most_towers(board: Board, players: list[list[TowerSpec]],
                          expected: list[tuple[int, int, int, int]]) -> None:
    ev = evaluate(board, players)
    assert placed(ev, MOST_TOWERS) == sorted(expected)
    assert all(a.tower is None for a in ev.awards if a.category == MOST_TOWERS)


# --- R5.6 lighted-window tiebreak (pro) ----------------------------------------------------------

TIEBREAK_CASES = [
    pytest.param("black", [[("black", 7, 1)], [("black", 7, 0)]],
                 [(0, 1, 1, 10), (1, 2, 1, 5)],
                 id="R5.6-black-tie-broken-10/5-not-8+8"),
    pytest.param("black", [[("black", 7, 0)], [("black", 7, 2)], [("black", 5)]],
                 [(1, 1, 1, 10), (0, 2, 1, 5)],
                 id="R5.6-winner-1st-next-2nd-lower-tower-nothing"),
    pytest.param("red", [[("red", 6, 1)], [("red", 6, 0)], [("red", 6, 0)]],
                 [(0, 1, 1, 8), (1, 2, 2, 2), (2, 2, 2, 2)],
                 id="R5.6-red-1-then-still-tied-2nd-4/2=2"),
    pytest.param("red", [[("red", 6, 1)], [("red", 6, 1)], [("red", 6, 0)]],
                 [(0, 1, 2, 6), (1, 1, 2, 6)],
                 id="R5.6-red-still-tied-1st-(8+4)/2=6-third-nothing"),
    pytest.param("white", [[("white", 10)], [("white", 8, 1)], [("white", 8, 0)]],
                 [(0, 1, 1, 12), (1, 2, 1, 6)],
                 id="R5.6-white-tie-for-2nd-broken-6-loser-nothing"),
    pytest.param("white", [[("white", 10)], [("white", 8, 1)], [("white", 8, 1)],
                           [("white", 8, 0)]],
                 [(0, 1, 1, 12), (1, 2, 2, 3), (2, 2, 2, 3)],
                 id="R5.6-white-2nd-still-tied-6/2=3-loser-nothing"),
    pytest.param("black", [[("black", 8, 0)], [("black", 7, 3)]],
                 [(0, 1, 1, 10), (1, 2, 1, 5)],
                 id="R5.6-height-first-lighted-only-breaks-ties"),
    pytest.param("black", [[("black", 7, 0), ("white", 5, 3)], [("black", 7, 1)]],
                 [(1, 1, 1, 10), (0, 2, 1, 5)],
                 id="R5.6-colour-counts-lighted-in-that-tower-only"),
    pytest.param(OVERALL, [[("green", 9, 0), ("brown", 4, 2)], [("red", 9, 1)]],
                 [(1, 1, 1, 8), (0, 2, 1, 4)],
                 id="R5.6-overall-counts-lighted-in-that-tower-only"),
    pytest.param(OVERALL, [[("white", 9, 1)], [("green", 9, 0)]],
                 [(0, 1, 1, 8), (1, 2, 1, 4)],
                 id="R5.6-overall-tie-broken-8/4"),
    pytest.param(MOST_TOWERS, [[("red", 3, 1), ("green", 3, 1)], [("red", 4, 1), ("white", 9)]],
                 [(0, 1, 1, 12), (1, 2, 1, 6)],
                 id="R5.6-most-towers-counts-all-lighted-2-vs-1"),
    pytest.param(MOST_TOWERS, [[("red", 3, 1), ("green", 3)], [("red", 4), ("white", 9)],
                               [("brown", 3), ("black", 3)]],
                 [(0, 1, 1, 12), (1, 2, 2, 3), (2, 2, 2, 3)],
                 id="R5.6-most-towers-1st-outright-rest-tied-2nd-6/2=3"),
    pytest.param(MOST_TOWERS, [[("red", 3, 1), ("green", 3)], [("red", 4), ("white", 9, 1)]],
                 [(0, 1, 2, 9), (1, 1, 2, 9)],
                 id="R5.6-most-towers-still-tied-(12+6)/2=9"),
    pytest.param(MOST_TOWERS, [[("red", 3)] * 3, [("red", 3, 1)] * 2],
                 [(0, 1, 1, 12), (1, 2, 1, 6)],
                 id="R5.6-most-towers-count-first-lighted-only-breaks-ties"),
]


@pytest.mark.parametrize(("category", "players", "expected"), TIEBREAK_CASES)
def test_r5_6_lighted_window_tiebreak_pro(board: Board, category: str,
                                          players: list[list[TowerSpec]],
                                          expected: list[tuple[int, int, int, int]]) -> None:
    ev = evaluate(board, players, pro=True)
    assert placed(ev, category) == sorted(expected)


BASIC_NO_TIEBREAK = [
    pytest.param("black", [[("black", 7, 1)], [("black", 7, 0)]],
                 [(0, 1, 2, 8), (1, 1, 2, 8)], id="R5.6-basic-black-(10+5)/2=7.5->8"),
    pytest.param(OVERALL, [[("white", 9, 1)], [("green", 9, 0)]],
                 [(0, 1, 2, 6), (1, 1, 2, 6)], id="R5.6-basic-overall-(8+4)/2=6"),
    pytest.param(MOST_TOWERS, [[("red", 3, 1), ("green", 3, 1)], [("red", 4), ("white", 9)]],
                 [(0, 1, 2, 9), (1, 1, 2, 9)], id="R5.6-basic-most-towers-(12+6)/2=9"),
]


@pytest.mark.parametrize(("category", "players", "expected"), BASIC_NO_TIEBREAK)
def test_r5_6_basic_game_never_breaks_ties(board: Board, category: str,
                                           players: list[list[TowerSpec]],
                                           expected: list[tuple[int, int, int, int]]) -> None:
    ev = evaluate(board, players, pro=False)
    assert placed(ev, category) == sorted(expected)


def test_r5_6_tiebreak_is_explained(board: Board) -> None:
    ev = evaluate(board, [[("black", 7, 1)], [("black", 7, 0)]], pro=True)
    assert "lighted" in only(ev, "black", 0).explanation
    assert "lighted" in only(ev, "black", 1).explanation


# --- money ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("asari", "points"),
    [(0, 0), (9, 0), (10, 1), (37, 3), (99, 9), (120, 12)],
    ids=["money-0//10=0", "money-9//10=0", "money-10//10=1", "money-37//10=3",
         "money-99//10=9", "money-120//10=12"],
)
def test_money_one_point_per_full_10(board: Board, asari: int, points: int) -> None:
    ev = evaluate(board, [[], [("red", 3)]], asari=[asari, 5])
    award = only(ev, MONEY, 0)
    assert award.points == points
    assert award.place is None
    assert str(asari) in award.explanation
    assert only(ev, MONEY, 1).points == 0  # 5 Asari: 5//10 = 0


# --- R5.7 winners --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ([40, 52, 47], (1,)),
        ([40, 52, 52], (1, 2)),
        ([52, 40, 52], (0, 2)),
        ([30, 30, 30, 30], (0, 1, 2, 3)),
        ([7, 3], (0,)),
        ([], ()),
    ],
    ids=["R5.7-single-winner", "R5.7-tie-two", "R5.7-tie-seat-order", "R5.7-all-four-tied",
         "R5.7-two-players", "R5.7-no-players"],
)
def test_r5_7_winners(totals: list[int], expected: tuple[int, ...]) -> None:
    assert tied_best(totals) == expected


# --- the rulebook's worked example ---------------------------------------------------------------

TINA, PHILIPP, WOLFGANG = 0, 1, 2

# The rulebook (EN p. 6, DE, and the Russian translation where Wolfgang is "Виталий") shows the
# towers only as pictures; the texts give the outcomes, not the heights. Heights chosen here are
# consistent with every outcome the texts state:
#
#   most towers: Wolfgang 5 and Philipp 5 tie for 1st, (12+6)/2 = 9 each; Tina's 4 gets no 2nd.
#       Tina: green, black, brown, white = 4; Philipp: black, red, red, brown, white = 5;
#       Wolfgang: white, red, brown, green, black = 5.
#   highest overall: Tina 1st (her green 9, the only tower above 7) = 8; the black towers of
#       Philipp and Tina (7 each) tie for 2nd, 4/2 = 2 each; every other tower is below 7.
#   brown: Tina 5 is 1st = 4; Wolfgang 3 and Philipp 3 tie for 2nd, 2/2 = 1 each.
#   green: Tina 9 is 1st = 6; Wolfgang 5 is 2nd = 3.
#   red: all three red towers are 4 (Philipp owns two, Wolfgang one): (8+4)/3 = 4 per tower.
#   black: Philipp 7 and Tina 7 tie for 1st, (10+5)/2 = 7.5 -> 8 each; Wolfgang's 3 gets nothing.
#   white: Wolfgang 6 is 1st = 12; Philipp 5 and Tina 5 tie for 2nd, 6/2 = 3 each.
#
# Money is not part of the example: every player has 0 Asari (0 // 10 = 0).
WORKED_EXAMPLE: list[list[TowerSpec]] = [
    [("green", 9), ("black", 7), ("brown", 5), ("white", 5)],  # Tina
    [("black", 7), ("red", 4), ("red", 4), ("brown", 3), ("white", 5)],  # Philipp
    [("white", 6), ("red", 4), ("brown", 3), ("green", 5), ("black", 3)],  # Wolfgang
]

# (category, player, place, tied, points, height of the tower that earned it or None)
WORKED_AWARDS = [
    (MOST_TOWERS, PHILIPP, 1, 2, 9, None),  # (12+6)/2 = 9
    (MOST_TOWERS, WOLFGANG, 1, 2, 9, None),  # (12+6)/2 = 9
    (OVERALL, TINA, 1, 1, 8, 9),  # green 9: 8
    (OVERALL, TINA, 2, 2, 2, 7),  # black 7: 4/2 = 2
    (OVERALL, PHILIPP, 2, 2, 2, 7),  # black 7: 4/2 = 2
    ("brown", TINA, 1, 1, 4, 5),  # 4
    ("brown", PHILIPP, 2, 2, 1, 3),  # 2/2 = 1
    ("brown", WOLFGANG, 2, 2, 1, 3),  # 2/2 = 1
    ("green", TINA, 1, 1, 6, 9),  # 6
    ("green", WOLFGANG, 2, 1, 3, 5),  # 3
    ("red", PHILIPP, 1, 3, 4, 4),  # (8+4)/3 = 4
    ("red", PHILIPP, 1, 3, 4, 4),  # (8+4)/3 = 4, his second red tower
    ("red", WOLFGANG, 1, 3, 4, 4),  # (8+4)/3 = 4
    ("black", PHILIPP, 1, 2, 8, 7),  # (10+5)/2 = 7.5 -> 8
    ("black", TINA, 1, 2, 8, 7),  # (10+5)/2 = 7.5 -> 8
    ("white", WOLFGANG, 1, 1, 12, 6),  # 12
    ("white", PHILIPP, 2, 2, 3, 5),  # 6/2 = 3
    ("white", TINA, 2, 2, 3, 5),  # 6/2 = 3
]

# Tina:     overall 8 + 2, brown 4, green 6, black 8, white 3          = 8+2+4+6+8+3   = 31
# Philipp:  most towers 9, overall 2, brown 1, red 4+4, black 8, white 3 = 9+2+1+8+8+3 = 31
# Wolfgang: most towers 9, brown 1, green 3, red 4, white 12           = 9+1+3+4+12    = 29
WORKED_TOTALS = [31, 31, 29]


@pytest.mark.parametrize("pro", [False, True], ids=["basic", "pro-no-lighted-windows"])
def test_rulebook_worked_example(board: Board, pro: bool) -> None:
    ev = evaluate(board, WORKED_EXAMPLE, pro=pro)
    got = sorted(
        (a.category, a.player, a.place, a.tied, a.points, a.tower.height if a.tower else None)
        for a in ev.awards if a.category != MONEY
    )
    assert got == sorted(WORKED_AWARDS, key=lambda x: (x[0], x[1], x[2], x[3], x[4], x[5] or 0))
    assert [only(ev, MONEY, p).points for p in (TINA, PHILIPP, WOLFGANG)] == [0, 0, 0]
    assert [ev.points(p) for p in (TINA, PHILIPP, WOLFGANG)] == WORKED_TOTALS
    # R5.7: with equal prestige before the evaluation, Tina and Philipp share the win.
    assert tied_best(WORKED_TOTALS) == (TINA, PHILIPP)


def test_rulebook_worked_example_nothing_for_places_that_do_not_exist(board: Board) -> None:
    ev = evaluate(board, WORKED_EXAMPLE)
    # Tina's 4 towers: no 2nd place after the 1st tie in most towers (R5.2/R5.4)
    assert not [a for a in ev.awards_of(TINA) if a.category == MOST_TOWERS]
    # Wolfgang's lower black tower: nothing after the black 1st tie (R5.2)
    assert not [a for a in ev.awards_of(WOLFGANG) if a.category == "black"]
    # Tina has no red tower; Philipp has no green tower (R5.5)
    assert not [a for a in ev.awards_of(TINA) if a.category == "red"]
    assert not [a for a in ev.awards_of(PHILIPP) if a.category == "green"]
    # Wolfgang has no overall place: his white 6 is below the two blacks of 7
    assert not [a for a in ev.awards_of(WOLFGANG) if a.category == OVERALL]


def test_rulebook_worked_example_philipp_paid_for_each_red_tower(board: Board) -> None:
    ev = evaluate(board, WORKED_EXAMPLE)
    reds = [a for a in ev.awards_of(PHILIPP) if a.category == "red"]
    assert [a.points for a in reds] == [4, 4]  # two towers, (8+4)/3 = 4 each (R5.1)


# --- known misprints, not followed ---------------------------------------------------------------


def test_misprint_overall_is_8_4(board: Board) -> None:
    # The English text drops the 8: highest tower overall pays 8 for 1st and 4 for 2nd.
    ev = evaluate(board, [[("brown", 9)], [("brown", 5)]])
    assert placed(ev, OVERALL) == [(0, 1, 1, 8), (1, 2, 1, 4)]


@pytest.mark.parametrize(
    ("players", "share"),
    [
        # The tied towers' owners score 39 and 5 elsewhere; irrelevant: (10+5)/2 = 7.5 -> 8.
        ([[("black", 6), ("white", 12), ("red", 12), ("green", 3)], [("black", 6)]], 8),
        # 3-way: (10+5)/3 = 5, the 1st- and 2nd-place VALUES, not 10+10 or any players' totals.
        ([[("black", 6)], [("black", 6)], [("black", 6), ("white", 9)]], 5),
        # 4-way: (10+5)/4 = 3.75 -> 4.
        ([[("black", 6)], [("black", 6)], [("black", 6)], [("black", 6)]], 4),
    ],
    ids=["misprint-tie-1st-values-not-players-points-(10+5)/2->8",
         "misprint-tie-1st-values-(10+5)/3=5", "misprint-tie-1st-values-(10+5)/4=3.75->4"],
)
def test_misprint_tie_for_1st_shares_place_values(board: Board, players: list[list[TowerSpec]],
                                                  share: int) -> None:
    ev = evaluate(board, players)
    assert {a.points for a in ev.awards if a.category == "black"} == {share}
    assert len([a for a in ev.awards if a.category == "black"]) == len(players)


def test_misprint_most_towers_tie_rule_applies(board: Board) -> None:
    # French/Italian omit the tie rule; it applies: 5 and 5 towers -> (12+6)/2 = 9 each,
    # not 12 each, not 12 and 6.
    ev = evaluate(board, [[("red", 3)] * 5, [("red", 3)] * 5])
    assert placed(ev, MOST_TOWERS) == [(0, 1, 2, 9), (1, 1, 2, 9)]


# --- explanations carry the arithmetic -----------------------------------------------------------


@pytest.mark.parametrize(
    ("category", "players", "player", "needles"),
    [
        pytest.param("black", [[("black", 7)], [("black", 7)]], 0,
                     ["(10+5)/2 = 7.5 -> 8"], id="black-tie-1st"),
        pytest.param("red", [[("red", 4)], [("red", 4)], [("red", 4)]], 2,
                     ["tied 1st", "(8+4)/3 = 4"], id="red-3-way-tie-1st"),
        pytest.param("brown", [[("brown", 3)]] * 4, 3,
                     ["tied 1st", "(4+2)/4 = 1.5 -> 2"], id="brown-4-way-tie-1st"),
        pytest.param("white", [[("white", 9)], [("white", 7)], [("white", 7)]], 1,
                     ["tied 2nd", "6/2 = 3"], id="white-tie-2nd"),
        pytest.param("black", [[("black", 9)], [("black", 4)], [("black", 4)], [("black", 4)]], 1,
                     ["tied 2nd", "5/3", "-> 2"], id="black-tie-2nd-5/3"),
        pytest.param(OVERALL, [[("white", 10)], [("black", 7)], [("red", 7)]], 2,
                     ["tied 2nd", "4/2 = 2"], id="overall-tie-2nd"),
        pytest.param(MOST_TOWERS, [[("red", 3)] * 2, [("red", 3)] * 2], 0,
                     ["tied 1st", "(12+6)/2 = 9"], id="most-towers-tie-1st"),
        pytest.param(MOST_TOWERS, [[("red", 3)] * 3, [("red", 3)] * 2, [("red", 3)] * 2], 2,
                     ["tied 2nd", "6/2 = 3"], id="most-towers-tie-2nd"),
        pytest.param("green", [[("green", 8)], [("green", 4)]], 0, ["1st", "6"],
                     id="green-1st"),
        pytest.param("green", [[("green", 8)], [("green", 4)]], 1, ["2nd", "3"],
                     id="green-2nd"),
        pytest.param(MONEY, [[("green", 8)]], 0, ["37", "3"], id="money-37"),
    ],
)
def test_explanations_contain_arithmetic(board: Board, category: str,
                                         players: list[list[TowerSpec]], player: int,
                                         needles: list[str]) -> None:
    ev = evaluate(board, players, asari=[37] * len(players))
    text = only(ev, category, player).explanation
    for needle in needles:
        assert needle in text, (needle, text)


def test_black_tie_explanation_prefix(board: Board) -> None:
    ev = evaluate(board, [[("black", 7)], [("black", 7)]])
    for p in (0, 1):
        assert only(ev, "black", p).explanation.startswith(
            "black: tied 1st, (10+5)/2 = 7.5 -> 8 per tower")


def test_every_award_is_explained(board: Board) -> None:
    ev = evaluate(board, WORKED_EXAMPLE, asari=[37, 12, 0])
    assert all(a.explanation.strip() for a in ev.awards)


# --- properties ----------------------------------------------------------------------------------

TOWER_CATEGORIES = [*(c.value for c in Colour), OVERALL]

towers_st = st.builds(
    lambda colour, height, frac: Tower.of_height(colour, height, round(frac * (height - 2))),
    st.sampled_from(list(Colour)),
    st.integers(2, 12),
    st.floats(0, 1),
)
positions_st = st.lists(
    st.builds(lambda ts, a: FinalPosition(tuple(ts), a),
              st.lists(towers_st, min_size=0, max_size=6), st.integers(0, 120)),
    min_size=2, max_size=4,
)


def _values(board: Board, category: str) -> tuple[int, int]:
    if category == OVERALL:
        p = board.final_overall
    elif category == MOST_TOWERS:
        p = board.final_most_towers
    else:
        p = board.final_colour[Colour(category)]
    return p.first, p.second


def _multiset(ev: FinalEvaluation) -> Counter[Any]:
    return Counter((a.category, a.player, a.points, a.place, a.tied, a.tower) for a in ev.awards)


@settings(max_examples=150, deadline=None)
@given(positions=positions_st, pro=st.booleans(), data=st.data())
def test_property_final_evaluation(board: Board, positions: list[FinalPosition], pro: bool,
                                   data: st.DataObject) -> None:
    ev = final_evaluation(board, positions, pro=pro)

    def key(seat_tower: tuple[int, Tower]) -> tuple[int, ...]:
        _, t = seat_tower
        return (t.height, t.lighted) if pro else (t.height,)

    owned = [(seat, t) for seat, p in enumerate(positions) for t in p.towers]
    for category in [*TOWER_CATEGORIES, MOST_TOWERS]:
        first, second = _values(board, category)
        awards = [a for a in ev.awards if a.category == category]
        places = {a.place for a in awards}
        assert places <= {1, 2}
        firsts = [a for a in awards if a.place == 1]
        seconds = [a for a in awards if a.place == 2]
        if category == MOST_TOWERS:
            builders = [s for s, p in enumerate(positions) if p.towers]
            assert {a.player for a in awards} <= set(builders)  # zero-tower players: nothing
            candidates_n = len(builders)
            if builders:
                # 1st place goes exactly to the players with the best (count[, all lighted])
                def count_key(s: int) -> tuple[int, ...]:
                    ts = positions[s].towers
                    return (len(ts), sum(t.lighted for t in ts)) if pro else (len(ts),)

                top = max(count_key(s) for s in builders)
                assert sorted(a.player for a in firsts) == [
                    s for s in builders if count_key(s) == top]
        else:
            mine = [x for x in owned if category == OVERALL or x[1].colour == category]
            candidates_n = len(mine)
            # 1st place goes exactly to the towers with the best (height[, lighted]) key
            if mine:
                best = max(key(x) for x in mine)
                assert Counter((a.player, a.tower) for a in firsts) == Counter(
                    x for x in mine if key(x) == best)
        if candidates_n == 0:
            assert awards == []
            continue
        assert firsts
        n = len(firsts)
        assert all(a.tied == n for a in firsts)
        if n > 1:
            assert not seconds  # a tie for 1st leaves no 2nd place (R5.2)
            share = math.ceil((first + second) / n)
            assert all(a.points == share for a in firsts)
            total = sum(a.points for a in awards)
            assert first + second <= total < first + second + n  # rounding up never loses
        else:
            assert firsts[0].points == first
            if seconds:
                m = len(seconds)
                assert all(a.tied == m for a in seconds)
                assert all(a.points == math.ceil(second / m) for a in seconds)
                assert second <= sum(a.points for a in seconds) < second + m
            else:
                assert candidates_n == 1  # only a lone candidate leaves 2nd unpaid (R5.5)

    # money: asari // 10, one award per seat
    for seat, p in enumerate(positions):
        assert only(ev, MONEY, seat).points == p.asari // 10

    # deterministic, and independent of the order of each player's towers
    assert final_evaluation(board, positions, pro=pro) == ev
    shuffled = [FinalPosition(tuple(data.draw(st.permutations(p.towers))), p.asari)
                for p in positions]
    again = final_evaluation(board, shuffled, pro=pro)
    assert _multiset(again) == _multiset(ev)
    assert [again.points(s) for s in range(len(positions))] == [
        ev.points(s) for s in range(len(positions))]
