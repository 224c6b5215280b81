"""The replay rulings of docs/rulings.md ("Game log and replay", G1-G14) that the rule table
in test_engine_rules.py does not already cover."""

from __future__ import annotations

from msgspec.structs import replace

from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import replay
from asara_cli.games.asara.rules.events import (
    Addition,
    Build,
    Buy,
    Caliph,
    Checkpoint,
    Coloured,
    Display,
    Event,
    Lighted,
    NewTower,
    Part,
    Placement,
    Tile,
    Turn,
)
from asara_cli.games.asara.rules.model import Colour, Section, Variant
from asara_cli.games.asara.rules.state import Setup

TWO = Setup(("Tina", "Paul"), 0, Variant.BASIC)
BASE, TRUNK, TURRET = Part(Section.BASE), Part(Section.TRUNK), Part(Section.TURRET)


def col(who: str) -> Turn:
    return Turn(Placement(who, None), Coloured())


def buy(who: str, area: Section, colour: Colour, space: int | None = None) -> Turn:
    return Turn(Placement(who, "blue", space), Buy(area, colour))


def test_g1_unnamed_space_takes_the_first_free(board: Board) -> None:
    r = replay(board, TWO, [buy("Tina", Section.TRUNK, Colour.RED, 1),
                            buy("Paul", Section.TRUNK, Colour.RED)])
    assert r.valid
    assert r.state.area(r.state.areas[0][0]).spaces() == (1, 2)


def test_g2_second_tower_of_a_colour(board: Board) -> None:
    # Tina builds two brown towers, then adds a trunk to the second: "brown 2".
    events: list[Event] = [
        buy("Tina", Section.BASE, Colour.BROWN), col("Paul"),
        buy("Tina", Section.BASE, Colour.BROWN), col("Paul"),
        buy("Tina", Section.TURRET, Colour.BROWN), col("Paul"),
        buy("Tina", Section.TURRET, Colour.BROWN), col("Paul"),
        Turn(Placement("Tina", "blue", 4), Build((NewTower(Colour.BROWN, (BASE, TURRET)),
                                             NewTower(Colour.BROWN, (BASE, TURRET))))),
        col("Paul"),
        buy("Tina", Section.TRUNK, Colour.BROWN), col("Paul"),
        Turn(Placement("Tina", "blue", 1), Build(add=(Addition(Colour.BROWN, 2, (TRUNK,)),))),
    ]
    r = replay(board, TWO, events)
    assert r.valid, r.violations
    assert [t.height for t in r.state.players[0].towers] == [2, 3]
    third = Turn(Placement("Paul", "blue", 2),
                 Build(add=(Addition(Colour.BROWN, 3, (TRUNK, TRUNK)),)))
    r = replay(board, TWO, [*events, third])
    assert r.violations[0].rule == "R3.2" and "3rd brown tower" in r.violations[0].message


def test_g3_a_plot_that_builds_nothing(board: Board) -> None:
    r = replay(board, TWO, [Turn(Placement("Tina", "blue", 1), Build())])
    assert (r.violations[0].rule, r.violations[0].event) == ("R3.2", 1)


def test_g4_lighted_stack_low(board: Board) -> None:
    small = replace(board, lighted_window_tiles=3)
    pro = Setup(("Tina", "Paul"), 0, Variant.PRO)
    # 3 windows: Tina keeps 2 (pay 10), 1 is left; Paul may keep 1 (pay 4) but not 2.
    ok: list[Event] = [Turn(Placement("Tina", "blue"), Lighted(10)),
                       Turn(Placement("Paul", "blue"), Lighted(4))]
    assert replay(small, pro, ok).valid
    bad = replay(small, pro, [ok[0], Turn(Placement("Paul", "blue"), Lighted(10))])
    assert (bad.violations[0].rule, bad.violations[0].event) == ("R3.7", 2)


def test_g7_leftovers_stay_in_the_display(board: Board) -> None:
    colours = (Colour.RED, Colour.RED, Colour.BROWN, Colour.GREEN, Colour.BLACK,
               Colour.WHITE, Colour.WHITE)
    year1: list[Event] = [Display(((Section.TRUNK, tuple(Tile(Section.TRUNK, c)
                                                         for c in colours)),)),
                          buy("Tina", Section.TRUNK, Colour.RED)]
    year1 += [col(("Paul", "Tina")[i % 2]) for i in range(17)]  # 18 buyers in year 1
    r = replay(board, TWO, year1)
    assert r.valid and r.state.year == 2
    # year 2: one new tile joins the six left over; leaving out the black one is wrong
    no_black = (Colour.RED, Colour.BROWN, Colour.GREEN, Colour.WHITE, Colour.WHITE,
                Colour.GREEN, Colour.GREEN)
    bad = replay(board, TWO, [*year1, Display(((Section.TRUNK, tuple(
        Tile(Section.TRUNK, c) for c in no_black)),))])
    assert (bad.violations[0].rule, bad.violations[0].event) == ("R3.1", 20)
    good = (Colour.RED, Colour.BROWN, Colour.GREEN, Colour.BLACK, Colour.WHITE,
            Colour.WHITE, Colour.GREEN)
    assert replay(board, TWO, [*year1, Display(((Section.TRUNK, tuple(
        Tile(Section.TRUNK, c) for c in good)),))]).valid


def test_g8_checkpoint_after_the_end(board: Board) -> None:
    game = [col(("Tina", "Paul")[i % 2]) for i in range(72)]
    r = replay(board, TWO, [*game, Checkpoint((("Tina", 30), ("Paul", 26)))])
    assert r.valid and r.complete


def test_g12_holder_may_retake_the_caliph(board: Board) -> None:
    r = replay(board, TWO, [Turn(Placement("Tina", "blue"), Caliph())])
    assert r.valid and r.state.caliph == 0
    again = replay(board, TWO, [Turn(Placement("Tina", "blue"), Caliph()),
                                Turn(Placement("Paul", "pair"), Caliph())])
    assert (again.violations[0].rule, again.violations[0].event) == ("R2.2", 2)
