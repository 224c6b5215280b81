"""Scoring (YSPAHAN.md Y2.4, Y4, Y5) and the rulebook's worked examples, with the expected
numbers worked out by hand from the rulebook text in the comments."""

from __future__ import annotations

import random

import pytest
from yspahan_helpers import WHITE, YELLOW, board, give, put, run, shop, souk_at, table

from asara_cli.games.base import tied_best
from asara_cli.games.yspahan.rules.engine import replay
from asara_cli.games.yspahan.rules.events import (
    Build,
    Camels,
    Draw,
    Event,
    Gold,
    Goods,
    Roll,
    Send,
    Supervisor,
    Turn,
)
from asara_cli.games.yspahan.rules.sampler import play_game
from asara_cli.games.yspahan.rules.scoring import (
    building_points,
    caravan_evaluation,
    last_day_order,
    souk_points,
    tower_rows,
)
from asara_cli.games.yspahan.rules.state import OVER, ROLL, Setup, Table

RULEBOOK = ("Blue", "Green", "Red", "Yellow")  # the rulebook's example, clockwise
BLUE, GREEN, RED, YELLOW_P = range(4)


# --- Y2.4 the tower ---------------------------------------------------------------------------


def test_y2_4_rulebook_roll() -> None:
    """9 white + 2 yellow showing 1,1,1,2,3,3,5,5,6,6,6: camels 3, bag 1, barrel 2, chest 2,
    vase empty, gold 3 (the rulebook's example)."""
    rows = tower_rows(6, WHITE, YELLOW)
    dice = [None if r is None else (r[0], r[1]) for r in rows]
    assert dice == [(1, 3), (2, 1), (3, 2), (5, 2), None, (6, 3)]


@pytest.mark.parametrize(("white", "expected"), [
    # one value: every die on the camel row (the rulebook's "all nine the same")
    ((4,) * 9, [(4, 9), None, None, None, None, None]),
    # only 2s and 5s: 2s on camels, 5s on gold
    ((2, 2, 2, 2, 5, 5, 5, 5, 5), [(2, 4), None, None, None, None, (5, 5)]),
    # all six values: the vase row is used
    ((1, 2, 3, 4, 5, 6, 6, 6, 6), [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 4)]),
    # five values: the vase row stays empty, the highest goes to gold
    ((2, 3, 4, 5, 6, 6, 6, 6, 6), [(2, 1), (3, 1), (4, 1), (5, 1), None, (6, 5)]),
])
def test_y2_4_rows(white: tuple[int, ...], expected: list[tuple[int, int] | None]) -> None:
    rows = tower_rows(6, white)
    assert [None if r is None else (r[0], r[1]) for r in rows] == expected


# --- the rulebook's example turn by turn (Y2.3-Y3.8) ----------------------------------------


def rulebook_position() -> Table:
    """Before Blue's roll. The chest quarter as in the example: Blue has 2 of the yellow
    souk's 3 shops (chest6), Red 1 of the blue souk's 2 (chest4), the pink souk (chest8)
    empty. On the street this project reads: the supervisor on W2; Blue's cube in barrel3's
    corner shop (facing E1 and S1, both 3 cells from W2: the rulebook's "A" cells); Yellow's
    cubes in bag3 facing W1+S1 and S2 (S2 is 4 cells away: the rulebook's "B"). Yellow owns
    the pasture and the market, 3 camels and 4 gold."""
    t = table(RULEBOOK)
    t.phase, t.tower = ROLL, [None] * 6
    put(t, BLUE, "chest6", "W6", "W8")
    put(t, RED, "chest4", "W2")
    put(t, BLUE, "barrel3", "S1")
    put(t, YELLOW_P, "bag3", "W1", "S2")
    t.supervisor = "W2"
    t.built[YELLOW_P].extend(["pasture", "market"])
    t.camels[YELLOW_P], t.gold[YELLOW_P] = 3, 4
    return t


def test_rulebook_example() -> None:
    t = rulebook_position()
    events: list[Event] = [
        # Blue pays 2 gold for 2 yellow dice and rolls (yellow: the 1 and the 2)
        Roll("Blue", WHITE, YELLOW),
        # Blue takes the 3 camels; then the yellow dice leave: the bag row is gone
        Turn("Blue", "camels", Camels()),
        # Green takes the 3 gold
        Turn("Green", "gold", Gold()),
        # Red has 2 cubes: completes the blue souk (B), then starts the pink one
        Turn("Red", "chest", Goods((shop("chest4@W4"), shop("chest8@N2")))),
        # Yellow moves the supervisor with the 3s: 4 cells for 1 gold, to S2; the yellow cube
        # goes to the first camel (2 points); then the caravanserai, the 3rd building (5)
        Turn("Yellow", "barrel", Supervisor("S2", (Send("bag3"),)),
             build=Build("caravanserai")),
    ]
    assert run(t, *events) == []
    assert (t.gold[BLUE], t.camels[BLUE]) == (0, 3)
    assert t.gold[GREEN] == 5
    assert t.owner[souk_at(t, "chest4")] == RED
    assert t.filled[souk_at(t, "chest4")] == 2
    assert t.owner[souk_at(t, "chest8")] == RED
    assert (t.gold[YELLOW_P], t.camels[YELLOW_P], t.score[YELLOW_P]) == (0, 0, 7)
    assert t.caravan == [YELLOW_P] and t.hand[YELLOW_P] == {}
    assert [(e.source, e.points) for e in t.ledger] == [("caravan", 2), ("building", 5)]


def test_rulebook_example_red_cannot_use_the_yellow_souk() -> None:
    """Red's second cube cannot go into A (the yellow souk holds Blue's cubes)."""
    t = rulebook_position()
    found = run(t, Roll("Blue", WHITE, YELLOW), Turn("Blue", "camels", Camels()),
                Turn("Green", "gold", Gold()),
                Turn("Red", "chest", Goods((shop("chest4@W4"), shop("chest6@W10")))))
    assert [(v.event, v.rule) for v in found] == [(4, "Y3.4.2")]


def test_rulebook_example_moving_three_sends_blue() -> None:
    """With exactly 3 steps the supervisor reaches an "A" cell: at E1 Blue's cube goes
    alone, at S1 Blue's and Yellow's go, in Yellow's order."""
    for to, sends in (("E1", (Send("barrel3"),)), ("S1", (Send("bag3"), Send("barrel3")))):
        t = rulebook_position()
        assert run(t, Roll("Blue", WHITE, YELLOW), Turn("Blue", "camels", Camels()),
                   Turn("Green", "gold", Gold()), Turn("Red", "chest", Goods((
                       shop("chest4@W4"), shop("chest8@N2")))),
                   Turn("Yellow", "barrel", Supervisor(to, sends))) == []
        assert t.gold[YELLOW_P] == 4  # no change of steps, nothing paid
        assert t.caravan == ([BLUE] if to == "E1" else [YELLOW_P, BLUE])


# --- Y4.2 the caravan ------------------------------------------------------------------------


# The rulebook's evaluation: Green 2 cubes, highest in the middle row: 2 x 2 = 4; Blue the
# same: 4; Yellow 4 cubes, one on top: 4 x 3 = 12; Red 1 cube in the middle: 1 x 2 = 2.
# Laid out on the 4-player caravan (4 camels a row): places 0-3 bottom, 4-7 middle, 8- top.
CARAVAN = [GREEN, BLUE, YELLOW_P, YELLOW_P, GREEN, BLUE, YELLOW_P, RED, YELLOW_P]


def test_y4_2_rulebook_caravan_evaluation() -> None:
    scores = {c.player: c.points for c in caravan_evaluation(CARAVAN, 4, (1, 2, 3))}
    assert scores == {GREEN: 4, BLUE: 4, YELLOW_P: 12, RED: 2}


def last_turn_of_the_week(t: Table) -> None:
    """The position at day 7's last turn (Yellow's), one row left on the tower."""
    t.day, t.done = 7, 3
    t.tower = [[1, 2, 0], None, None, None, None, None]


def test_y4_5_rulebook_week_end() -> None:
    """Blue completed the yellow chest souk: 6; Red the blue souk: 4, the pink unfinished: 0;
    then the caravan (as above) scores and its cubes stay; cubes leave the quarters; the
    supervisor returns to C; Green, the left neighbour of day 7's Blue, starts week 2."""
    t = table(RULEBOOK)
    last_turn_of_the_week(t)
    put(t, BLUE, "chest6", "W6", "W8", "W10")
    put(t, RED, "chest4", "W2", "W4")
    put(t, RED, "chest8", "N2")
    t.caravan = list(CARAVAN)
    t.supervisor = "E5"
    home = list(t.cubes)
    assert run(t, Turn("Yellow", "camels", Camels())) == []
    souks = [(e.player, e.points) for e in t.ledger if e.source == "souk"]
    assert souks == [(RED, 4), (BLUE, 6)]  # in board order: chest4, chest6
    caravan = {e.player: e.points for e in t.ledger if e.source == "caravan_week"}
    assert caravan == {GREEN: 4, BLUE: 4, YELLOW_P: 12, RED: 2}
    assert t.score == [10, 4, 6, 12]
    assert t.caravan == CARAVAN  # the cubes stay (Y4.2 b)
    assert all(o == -1 for o in t.owner) and sum(t.filled) == 0
    assert t.cubes == [home[0] + 3, home[1], home[2] + 3, home[3]]
    assert (t.week, t.day, t.supervisor, t.phase, t.start) == (2, 1, "C", ROLL, GREEN)
    assert all(e.week == 1 and e.day == 7 and e.event == 1 for e in t.ledger)


def test_y4_5_rulebook_week_end_with_markets() -> None:
    """With markets Blue scores 8 and Red 6."""
    t = table(RULEBOOK)
    last_turn_of_the_week(t)
    put(t, BLUE, "chest6", "W6", "W8", "W10")
    put(t, RED, "chest4", "W2", "W4")
    put(t, RED, "chest8", "N2")
    t.built[BLUE].append("market")
    t.built[RED].append("market")
    run(t, Turn("Yellow", "camels", Camels()))
    assert [(e.player, e.points) for e in t.ledger if e.source == "souk"] == [(RED, 6),
                                                                              (BLUE, 8)]
    assert [e.explanation for e in t.ledger if e.player == BLUE] == [
        "chest6 complete at the week end: 6 + 2 market = 8"]


def test_y6_8_reopened_souk_and_a_kept_cube() -> None:
    """Ben completed chest4 (W2, W4). On the week's last turn Dia's supervisor stops at W2
    (C to W2 with a 2: free). Sent, the souk is reopened and scores 0; kept for a camel, it
    stays complete and scores 4."""
    for camel, points in ((False, 0), (True, 4)):
        t = table()
        last_turn_of_the_week(t)
        t.tower[0] = [2, 2, 0]
        put(t, 1, "chest4", "W2", "W4")
        t.camels[1] = 1
        assert run(t, Turn("Dia", "camels", Supervisor("W2", (Send("chest4", camel),)))) == []
        assert sum(e.points for e in t.ledger if e.source == "souk") == points


# --- Y1.4 buildings, Y5 player counts, Y4.7 ------------------------------------------------


def test_building_points_by_order() -> None:
    assert [building_points((0, 0, 5, 5, 5, 10), k) for k in range(1, 7)] == [0, 0, 5, 5, 5, 10]
    assert souk_points(6, True, 2) == 8 and souk_points(4, False, 2) == 4


def test_y5_1_three_players_caravan_of_nine() -> None:
    """3 players: 3 camels a row. 8 cubes lie (Cid's); Ann's is the 9th: top row, 0 points,
    then the full caravan scores: Cid 8 cubes x 3 = 24, Ann 1 x 3 = 3, and empties."""
    t = table(("Ann", "Ben", "Cid"))
    t.caravan = [2] * 8
    put(t, 1, "bag3", "W3")
    assert run(t, Turn("Ann", "barrel", Supervisor("W3", (Send("bag3"),)))) == []
    assert t.score == [0, 3, 24] and t.caravan == []


def test_y5_2_last_day_order() -> None:
    """Scores 10, 5, 10, 5; day 20 started with Ben (seat 1). Ascending: Ben and Dia (5)
    first; Dia sat farther clockwise from Ben (2 seats against 0), so Dia, Ben; then Ann (3
    seats from Ben) before Cid (1 seat)."""
    assert last_day_order([10, 5, 10, 5], 1) == [3, 1, 0, 2]


def test_y5_2_engine_orders_the_last_day() -> None:
    t = table()
    t.week, t.day = 3, 6
    t.start, t.order, t.done = 1, [1, 2, 3, 0], 3
    t.score = [10, 5, 10, 5]
    t.tower = [[1, 2, 0], None, None, None, None, None]
    assert run(t, Turn("Ann", "camels", Camels())) == []
    assert (t.day, t.order, t.start, t.previous_start) == (7, [3, 1, 0, 2], 3, 1)
    # Cid would roll by rotation; the lowest score (Dia) rolls instead
    (v,) = run(t.copy(), Roll("Cid", WHITE))
    assert v.rule == "Y5.2"
    # rows without yellow dice: camels 1, bag 3, barrel 5, gold 6
    assert run(t, Roll("Dia", WHITE), Turn("Dia", "gold", Gold()),
               Turn("Ben", "camels", Camels()), Turn("Ann", "bag", Draw("gold3")),
               Turn("Cid", "barrel", Draw("souk"))) == []
    assert t.phase == OVER and t.to_move is None


def test_y5_2_three_players_rotate_as_usual() -> None:
    t = table(("Ann", "Ben", "Cid"))
    t.week, t.day = 3, 6
    t.start, t.order, t.done = 1, [1, 2, 0], 2
    t.score = [10, 5, 0]
    t.tower = [[1, 2, 0], None, None, None, None, None]
    assert run(t, Turn("Ann", "camels", Camels())) == []
    assert t.order == [2, 0, 1]


def test_y6_10_rotation_continues_across_week_ends() -> None:
    """4 players, Ann oldest: day d is started by seat (d - 1) mod 4, weeks or not: day 8
    (week 2, day 1) by Dia, day 15 by Cid."""
    b = board()
    events = play_game(b, Setup(("Ann", "Ben", "Cid", "Dia")), random.Random(5))
    rolls = [e.player for e in events if isinstance(e, Roll)]
    assert len(rolls) == 21
    assert rolls[:20] == [("Ann", "Ben", "Cid", "Dia")[d % 4] for d in range(20)]


def test_winners_share_a_tie() -> None:
    """Y4.7: all tied players win."""
    assert tied_best([30, 41, 41, 12]) == (1, 2)
    assert tied_best([]) == ()


def test_final_replay_reports_winners() -> None:
    b = board()
    setup = Setup(("Ann", "Ben", "Cid"))
    r = replay(b, setup, play_game(b, setup, random.Random(1)))
    assert r.complete
    best = max(r.totals())
    assert r.winners() == tuple(i for i, s in enumerate(r.totals()) if s == best)


def test_give_helper_keeps_the_deck_consistent() -> None:
    t = table()
    give(t, 0, "gold3")
    assert t.deck == 17 and t.deck_kinds["gold3"] == 1
