"""Build prestige (R3.2) and the end-of-year evaluation (R4), numbers computed by hand.

R4 per player: +1 per tower built, +1 per *visible* gold decoration (a gold window covered by a
lighted window no longer counts, R3.7), +1 per built lighted window, +1 for the Caliph.
"""

from __future__ import annotations

import pytest

from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.model import Colour, Tower
from asara_cli.games.asara.rules.scoring import build_prestige, year_evaluation

# --- R3.2 build prestige: +1 per section placed, lighted windows included ------------------------


@pytest.mark.parametrize(
    ("sections", "expected"),
    [
        (1, 1),  # plot 1: 1 section = 1
        (3, 3),  # plot 3: base + turret + trunk = 1+1+1 = 3
        (4, 4),  # plot 4: 3 sections + 1 lighted window (counts as a section) = 3+1 = 4
        (7, 7),  # plot 7: 7 sections = 7
        (2, 2),  # plot 5 taken with plots 2..4 occupied: 2 sections placed = 2 (not 5)
    ],
    ids=["R3.2-1-section", "R3.2-3-sections", "R3.2-lighted-window-counts",
         "R3.2-7-sections", "R3.2-fewer-sections-than-plot"],
)
def test_r3_2_build_prestige(board: Board, sections: int, expected: int) -> None:
    assert build_prestige(board, sections) == expected


# --- R4 end-of-year evaluation ------------------------------------------------------------------

BROWN, GREEN, RED, BLACK, WHITE = Colour


def test_r4_rulebook_example_wolfgang(board: Board) -> None:
    """Rulebook: Wolfgang has 2 towers, 2 gold decorations and the Caliph: (2+2+1) = 5."""
    wolfgang = [
        Tower(BROWN, trunks=1, windows=0, gold=1),  # a gold trunk
        Tower(RED, trunks=0, windows=1, gold=1, gold_windows=1),  # a gold window, uncovered
    ]
    (score,) = year_evaluation(board, [wolfgang], caliph=0)
    assert (score.player, score.towers, score.gold, score.lighted, score.caliph) == (
        0, 2, 2, 0, True)
    assert score.points == 5  # 2 towers + 2 gold + 1 Caliph = 5
    assert "2+2+1 = 5" in score.explanation


@pytest.mark.parametrize(
    ("towers", "caliph", "expected"),
    [
        pytest.param([], False, 0, id="R4-nothing-0"),
        pytest.param([], True, 1, id="R4-caliph-only-1"),
        pytest.param([Tower(WHITE)], False, 1, id="R4-one-bare-tower-1"),
        # height and colour do not matter: 3 towers = 3
        pytest.param([Tower(BROWN), Tower(WHITE, trunks=6, windows=3), Tower(BROWN)], False, 3,
                     id="R4-3-towers-any-height-3"),
        # gold on base/turret/trunk counts too: 1 tower + 3 gold = 4
        pytest.param([Tower(GREEN, trunks=2, gold=3)], False, 4, id="R4-gold-anywhere-1+3"),
        # lighted window on a plain window: gold still visible: 1 + 1 gold + 1 lighted = 3
        pytest.param([Tower(GREEN, windows=2, gold=1, gold_windows=1, lighted=1)], False, 3,
                     id="R4-lighted-on-plain-window-1+1+1"),
        # lighted window covers the gold window: 1 + 0 gold + 1 lighted = 2
        pytest.param([Tower(GREEN, windows=1, gold=1, gold_windows=1, lighted=1,
                            lighted_on_gold=1)], False, 2, id="R4-covered-gold-1+0+1"),
        # 2 gold windows, one covered, + a gold turret: 1 tower + (3-1) gold + 1 lighted = 4
        pytest.param([Tower(BLACK, windows=2, gold=3, gold_windows=2, lighted=1,
                            lighted_on_gold=1)], False, 4, id="R4-one-of-two-gold-covered-1+2+1"),
        # everything: 2 towers + 2 visible gold + 3 lighted + Caliph = 2+2+3+1 = 8
        pytest.param([Tower(RED, windows=3, gold=2, gold_windows=1, lighted=2,
                            lighted_on_gold=1),
                      Tower(WHITE, windows=1, gold=1, lighted=1)], True, 8,
                     id="R4-all-parts-2+2+3+1"),
    ],
)
def test_r4_single_player(board: Board, towers: list[Tower], caliph: bool, expected: int) -> None:
    (score,) = year_evaluation(board, [towers], caliph=0 if caliph else None)
    assert score.points == expected
    assert score.caliph is caliph
    assert score.towers == len(towers)


def test_r4_covered_gold_fields(board: Board) -> None:
    tower = Tower(GREEN, windows=2, gold=2, gold_windows=2, lighted=2, lighted_on_gold=1)
    (score,) = year_evaluation(board, [[tower]], caliph=None)
    assert (score.towers, score.gold, score.lighted) == (1, 1, 2)  # 2 gold - 1 covered = 1
    assert score.points == 4  # 1 + 1 + 2 = 4


def test_r4_several_players_seat_order_and_caliph(board: Board) -> None:
    towers = [
        [Tower(BROWN, gold=1)],  # seat 0: 1 tower + 1 gold = 2
        [],  # seat 1: nothing, but the Caliph: 1
        [Tower(RED), Tower(BLACK, windows=1, lighted=1)],  # seat 2: 2 towers + 1 lighted = 3
    ]
    scores = year_evaluation(board, towers, caliph=1)
    assert [s.player for s in scores] == [0, 1, 2]
    assert [s.points for s in scores] == [2, 1, 3]
    assert [s.caliph for s in scores] == [False, True, False]


def test_r4_no_caliph_holder(board: Board) -> None:
    scores = year_evaluation(board, [[Tower(BROWN)], [Tower(RED)]], caliph=None)
    assert [s.points for s in scores] == [1, 1]
    assert not any(s.caliph for s in scores)


def test_r4_explanation_has_arithmetic(board: Board) -> None:
    # 2 towers + 2 visible gold + 3 lighted + Caliph = 2+2+3+1 = 8
    towers = [Tower(RED, windows=3, gold=2, gold_windows=1, lighted=2, lighted_on_gold=1),
              Tower(WHITE, windows=1, gold=1, lighted=1)]
    (score,) = year_evaluation(board, [towers], caliph=0)
    assert "2+2+3+1 = 8" in score.explanation
