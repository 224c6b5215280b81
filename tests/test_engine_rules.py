"""The referee, rule by rule (RULES.md R1-R5): each case is a short game, the rule id it must
break and the event number where it breaks. Expected numbers are worked out by hand in the
comments (start money: the start player 20, the next 21, R1)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import ERROR, NOTE, WARNING, Replay, Violation, replay
from asara_cli.games.asara.rules.events import (
    PAIR,
    Addition,
    Bank,
    Bribe,
    Build,
    Buy,
    Caliph,
    Checkpoint,
    Coloured,
    Display,
    Event,
    Lighted,
    LightedWindow,
    NewTower,
    Part,
    Placement,
    Recruit,
    Tile,
    Turn,
)
from asara_cli.games.asara.rules.model import Colour, Section, Variant
from asara_cli.games.asara.rules.state import Setup

TWO = Setup(("Tina", "Paul"), 0, Variant.BASIC)
TWO_PRO = Setup(("Tina", "Paul"), 0, Variant.PRO)
FOUR_PRO = Setup(("Tina", "Paul", "Anna", "Ben"), 0, Variant.PRO)


# --- small builders, so each case reads like the table talk --------------------------------


def _tile(text: str) -> tuple[Colour, bool]:
    words = text.split()
    return Colour(words[-1]), words[0] == "gold"


def buy(who: str, buyer: str | None, area: str, tile: str | None = None,
        space: int | None = None) -> Turn:
    colour, gold = _tile(tile) if tile else (None, False)
    return Turn(Placement(who, buyer, space), Buy(Section(area), colour, gold))


def _parts(text: str) -> tuple[Part, ...]:
    out = []
    for item in text.split(","):
        words = item.split()
        out.append(Part(Section(words[-1]), words[0] == "gold"))
    return tuple(out)


def build(who: str, buyer: str, plot: int, new: Sequence[str] = (), add: Sequence[str] = (),
          lighted: Sequence[str] = ()) -> Turn:
    towers = []
    for t in new:
        colour, parts = t.split(":")
        towers.append(NewTower(Colour(colour.strip()), _parts(parts)))
    adds = []
    for a in add:
        head, parts = a.split(":")
        words = head.split()
        adds.append(Addition(Colour(words[0]), int(words[1]) if len(words) > 1 else 1,
                             _parts(parts)))
    lit = []
    for x in lighted:
        words = x.split()
        lit.append(LightedWindow(Colour(words[0]), 1, "gold" in words))
    return Turn(Placement(who, buyer, plot), Build(tuple(towers), tuple(adds), tuple(lit)))


def col(who: str) -> Turn:
    return Turn(Placement(who, None), Coloured())


def run(events: Sequence[Event], setup: Setup = TWO, *, board: Board) -> Replay:
    return replay(board, setup, events)


def first_error(r: Replay) -> Violation:
    assert r.violations, "expected a violation"
    return r.violations[0]


def alternate(n: int, players: Sequence[str] = ("Tina", "Paul")) -> list[Event]:
    """``n`` coloured-building turns in seat order (each +5, no follow suit)."""
    return [col(players[i % len(players)]) for i in range(n)]


# Tina buys a red base and a red turret, Paul takes +5 twice: Tina 20-5-5 = 10.
RED_TOWER_READY: list[Event] = [
    buy("Tina", "blue", "base", "red"), col("Paul"),
    buy("Tina", "blue", "turret", "red"), col("Paul"),
]


# --- one table: (id, events, setup, rule, event number) ------------------------------------

CASES: list[tuple[str, Sequence[Event], Setup, str, int]] = [
    # R2: Tina is the start player; Paul cannot go first.
    ("R2-turn-order", [col("Paul")], TWO, "R2", 1),
    ("R2-unknown-player", [col("Otto")], TWO, "R2", 1),
    # R2.1: blue is led in the trunk market; Paul's green must follow (a pair would do).
    ("R2.1-follow-suit", [buy("Tina", "blue", "trunk"), buy("Paul", "green", "trunk")],
     TWO, "R2.1", 2),
    # R2.1: a pair first sets nothing; Paul's green sets green; Tina's blue breaks it.
    ("R2.1-pair-sets-nothing",
     [buy("Tina", PAIR, "trunk"), buy("Paul", "green", "trunk"), buy("Tina", "blue", "trunk")],
     TWO, "R2.1", 3),
    # R2: Tina plays four pairs (8 of 9 buyers); her 9th buyer cannot make a pair.
    ("R2-pair-needs-two",
     [buy("Tina", PAIR, "trunk"), col("Paul"), buy("Tina", PAIR, "window"), col("Paul"),
      buy("Tina", PAIR, "base"), col("Paul"), buy("Tina", PAIR, "turret"), col("Paul"),
      Turn(Placement("Tina", PAIR), Caliph())], TWO, "R2", 9),
    # R2.2: one buyer per space.
    ("R2.2-space-taken",
     [buy("Tina", "blue", "trunk", space=1), buy("Paul", PAIR, "trunk", space=1)],
     TWO, "R2.2", 2),
    # R2.2: the trunk market has 4 spaces; the 5th buyer finds none.
    ("R2.2-area-full",
     [buy("Tina", "blue", "trunk"), buy("Paul", "blue", "trunk"), buy("Tina", "blue", "trunk"),
      buy("Paul", "blue", "trunk"), buy("Tina", "blue", "trunk")], TWO, "R2.2", 5),
    ("R2.2-no-such-space", [buy("Tina", "blue", "trunk", space=5)], TWO, "R2.2", 1),
    # R2.3: Tina 20 - 8 (white turret) - 8 (white base) = 4; a white window costs 8.
    ("R2.3-money",
     [buy("Tina", "blue", "turret", "white"), col("Paul"), buy("Tina", "blue", "base", "white"),
      col("Paul"), buy("Tina", "blue", "window", "white")], TWO, "R2.3", 5),
    # R3.1: the table stated the trunk display; a gold black trunk is not in it.
    ("R3.1-not-in-display",
     [Display(((Section.TRUNK, tuple(Tile(Section.TRUNK, c) for c in
                                     (Colour.RED, Colour.RED, Colour.BROWN, Colour.GREEN,
                                      Colour.BLACK, Colour.WHITE, Colour.WHITE))),)),
      buy("Tina", "blue", "trunk", "gold black")], TWO, "R3.1", 2),
    # R3.1: the trunk display holds 7 tiles (R1), not 6.
    ("R3.1-display-count",
     [Display(((Section.TRUNK, tuple(Tile(Section.TRUNK, Colour.RED) for _ in range(6))),))],
     TWO, "R3.1", 1),
    # R3.2: a new tower needs its base and turret in the same build.
    ("R3.2-tower-law-no-turret",
     [buy("Tina", "blue", "base", "red"), col("Paul"), build("Tina", "blue", 1, ["red: base"])],
     TWO, "R3.2", 3),
    # R3.2: nothing bought, nothing to build with.
    ("R3.2-not-behind-screen", [build("Tina", "blue", 2, ["red: base, turret"])], TWO,
     "R3.2", 1),
    # R3.2: plot 3 builds 3 sections; building 2 there needs plot 2 occupied.
    ("R3.2-next-higher-plot-vacant",
     [*RED_TOWER_READY, build("Tina", "blue", 3, ["red: base, turret"])], TWO, "R3.2", 5),
    # R3.2: only trunks and windows go onto a standing tower; and it must stand.
    ("R3.2-add-to-missing-tower",
     [buy("Tina", "blue", "window", "black"), col("Paul"),
      build("Tina", "blue", 1, add=["black: window"])], TWO, "R3.2", 3),
    ("R3.2-too-many-sections",
     [*RED_TOWER_READY, build("Tina", "blue", 1, ["red: base, turret"])], TWO, "R3.2", 5),
    # R3.3: bank space 1 pays 12 (the one known value).
    ("R3.3-bank-known-value", [Turn(Placement("Tina", "blue", 1), Bank(10))], TWO, "R3.3", 1),
    # R3.3: no bank value is above 12, even where the profile does not know it.
    ("R3.3-bank-above-max", [Turn(Placement("Tina", "blue", 2), Bank(13))], TWO, "R3.3", 1),
    # R3.3: a bank space once a year (R2.2 spaces).
    ("R3.3-bank-space-once",
     [Turn(Placement("Tina", "blue", 2), Bank(6)),
      Turn(Placement("Paul", "blue", 2), Bank(6))], TWO,
     "R2.2", 2),
    # R3.3: the coloured building takes one face-down buyer.
    ("R3.3-coloured-face-down", [Turn(Placement("Tina", "blue"), Coloured())], TWO, "R3.3", 1),
    # R3.4: the House of Spies has spaces 3 and 5 only.
    ("R3.4-spies-space", [Turn(Placement("Tina", "blue", 4), Bribe(Section.TURRET))], TWO,
     "R2.2", 1),
    # R3.4 with R2.3: Tina 20 - 8 - 8 = 4 cannot pay bribery 5.
    ("R3.4-spies-money",
     [buy("Tina", "blue", "turret", "white"), col("Paul"), buy("Tina", "blue", "base", "white"),
      col("Paul"), Turn(Placement("Tina", "blue", 5), Bribe(Section.TURRET))], TWO, "R2.3", 5),
    # R3.6 / R3.7: the tent and the lighted windows are pro only.
    ("R3.6-basic-game", [Turn(Placement("Tina", "blue"), Recruit(2))], TWO, "R3.6", 1),
    ("R3.7-basic-game", [Turn(Placement("Tina", "blue"), Lighted(4))], TWO, "R3.7", 1),
    # R3.7: the offers are pay 4 or pay 10.
    ("R3.7-offer", [Turn(Placement("Tina", "blue"), Lighted(5))], TWO_PRO, "R3.7", 1),
    ("R3.7-keeps-too-many",
     [Turn(Placement("Tina", "blue"), Lighted(4, (Colour.RED, Colour.RED)))], TWO_PRO, "R3.7", 1),
    # R3.7: a lighted window goes onto a window already standing; this tower has none.
    ("R3.7-no-window-under",
     [*RED_TOWER_READY, build("Tina", "blue", 2, ["red: base, turret"]), col("Paul"),
      Turn(Placement("Tina", "green"), Lighted(4, (Colour.RED,))), col("Paul"),
      build("Tina", "blue", 1, lighted=["red"])], TWO_PRO, "R3.7", 9),
    # R3.7: the kept colour is green; it cannot light a red window.
    ("R3.7-wrong-colour",
     [buy("Tina", "blue", "base", "brown"), col("Paul"), buy("Tina", "blue", "turret", "brown"),
      col("Paul"), buy("Tina", "blue", "window", "brown"), col("Paul"),
      build("Tina", "blue", 3, ["brown: base, window, turret"]), col("Paul"),
      Turn(Placement("Tina", "green"), Lighted(4, (Colour.GREEN,))), col("Paul"),
      build("Tina", "blue", 1, lighted=["brown"])], TWO_PRO, "R3.7", 11),
    # R1: five buyer colours; a sixth label cannot be.
    ("R1-six-buyer-colours",
     [buy("Tina", "a", "trunk"), buy("Paul", "b", "base"), buy("Tina", "c", "window"),
      buy("Paul", "d", "turret"), Turn(Placement("Tina", "e"), Caliph()),
      Turn(Placement("Paul", "f", 1), Bank(12))], TWO, "R1", 6),
    # R3.6: 4 players hold 7 each (28 of 45): the deck keeps 17, enough for 8 recruits of 2.
    ("R3.6-deck-runs-out",
     [Turn(Placement(p, PAIR), Recruit(1)) for p in ("Tina", "Paul", "Anna", "Ben") * 2]
     + [Turn(Placement("Tina", PAIR), Recruit(1))], FOUR_PRO, "R3.6", 9),
]


@pytest.mark.parametrize(("events", "setup", "rule", "number"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_rule_broken(board: Board, events: list[Event], setup: Setup, rule: str,
                     number: int) -> None:
    r = run(events, setup, board=board)
    v = first_error(r)
    assert (v.rule, v.event) == (rule, number), v.message
    assert r.stopped == number
    assert len(r.states) == number  # the state stops just before the illegal event
    # the same game without the last event is legal
    assert run(events[:number - 1], setup, board=board).valid


def test_money_message_has_the_facts(board: Board) -> None:
    events = dict((c[0], c[1]) for c in CASES)["R2.3-money"]
    v = first_error(run(events, board=board))
    assert v.message == "Tina has 4 Asari; the white window costs 8"
    assert v.player == "Tina"


# --- legal cases the rules allow -------------------------------------------------------------


def test_pair_may_replace_the_colour(board: Board) -> None:  # R2.1
    r = run([buy("Tina", "blue", "trunk"), buy("Paul", PAIR, "trunk")], board=board)
    assert r.valid


def test_next_higher_plot_when_occupied(board: Board) -> None:  # R3.2 exception
    events: list[Event] = [
        buy("Tina", "blue", "base", "red"), buy("Paul", "blue", "base", "green"),
        buy("Tina", "blue", "turret", "red"), buy("Paul", "blue", "turret", "green"),
        build("Tina", "blue", 2, ["red: base, turret"]),
        build("Paul", "blue", 3, ["green: base, turret"]),  # plot 2 taken: 2 sections on 3
    ]
    r = run(events, board=board)
    assert r.valid, r.violations
    paul = r.state.players[1]
    assert paul.money == 21 - 4 - 4 - 3  # green costs 4; plot 3 costs 3
    assert r.state.prestige(1) == 2  # +1 per section placed, not per plot


def test_nothing_bought_is_a_warning(board: Board) -> None:  # R3.1
    r = run([buy("Tina", "blue", "trunk")], board=board)
    assert r.valid
    assert [(n.rule, n.severity) for n in r.notes] == [("R3.1", WARNING)]


def test_missing_display_is_noted_once_per_area_and_year(board: Board) -> None:
    r = run([buy("Tina", "blue", "trunk", "red"), buy("Paul", "blue", "trunk", "green")],
            board=board)
    assert r.valid
    assert [(n.rule, n.severity, n.event) for n in r.notes] == [("R3.1", NOTE, 1)]


def test_unknown_bank_value_is_trusted_with_a_note(board: Board) -> None:  # R3.3
    r = run([Turn(Placement("Tina", "blue", 3), Bank(7))], board=board)
    assert r.valid
    assert r.state.players[0].money == 27
    assert [n.rule for n in r.notes] == ["R3.3"]


def test_coloured_building_unlimited(board: Board) -> None:  # R3.3
    r = run(alternate(12), board=board)
    assert r.valid
    assert r.state.players[0].money == 20 + 6 * 5


def test_bribery_pays_fee_and_price(board: Board) -> None:  # R3.4
    r = run([Turn(Placement("Tina", "blue", 5), Bribe(Section.TURRET, Colour.BLACK))], board=board)
    assert r.valid
    assert r.state.players[0].money == 20 - 5 - 6
    assert r.state.market(Section.TURRET).pile == 20 - 7 - 1
    assert r.state.market(Section.TURRET).count == 7  # never a display tile


def test_bribery_may_take_nothing(board: Board) -> None:  # R3.4
    r = run([Turn(Placement("Tina", "blue", 3), Bribe(Section.BASE))], board=board)
    assert r.valid and r.state.players[0].money == 17


def test_players_without_buyers_are_skipped(board: Board) -> None:  # R2
    # Tina uses 4 pairs and 1 single (9 buyers) in 5 turns; Paul then plays 4 in a row.
    tina = [buy("Tina", PAIR, a) for a in ("trunk", "window", "base", "turret")]
    events: list[Event] = []
    for t in tina:
        events += [t, col("Paul")]
    events += [col("Tina")]  # her 9th buyer
    events += [col("Paul")] * 5  # Paul's 5th..9th: Tina is skipped
    r = run(events, board=board)
    assert r.valid, r.violations
    assert r.state.year == 2  # 18 buyers placed: the year ended
    late = run([*events[:10], col("Tina")], board=board)
    assert first_error(late).rule == "R2" and first_error(late).event == 11


def test_caliph_holder_starts_the_new_year(board: Board) -> None:  # R3.5, R4
    year1 = [col("Tina"), Turn(Placement("Paul", "blue"), Caliph()), *alternate(16)]
    r = run(year1, board=board)
    assert r.valid and r.state.year == 2 and r.state.turn == 1
    # the end-of-year evaluation paid the Caliph to Paul, not to the start player
    assert r.state.prestige_all() == (0, 1)
    wrong = run([*year1, col("Tina")], board=board)
    assert first_error(wrong).rule == "R2" and first_error(wrong).event == 19


def test_recruit_adds_two_buyers(board: Board) -> None:  # R3.6
    r = run([Turn(Placement("Tina", "blue"), Recruit(3))], TWO_PRO, board=board)
    assert r.valid
    tina = r.state.players[0]
    assert (tina.buyers, tina.money) == (9 - 1 + 2, 17)
    assert r.state.draw_pile == 45 - 18 - 2


def test_lighted_window_built_and_scored(board: Board) -> None:  # R3.7, R4
    events: list[Event] = [
        buy("Tina", "blue", "base", "brown"), col("Paul"),
        buy("Tina", "blue", "turret", "brown"), col("Paul"),
        buy("Tina", "blue", "window", "gold brown"), col("Paul"),
        build("Tina", "blue", 3, ["brown: base, gold window, turret"]), col("Paul"),
        Turn(Placement("Tina", "green"), Lighted(4)), col("Paul"),  # colour kept: secret
        build("Tina", "blue", 1, lighted=["brown gold"]), col("Paul"),
    ]
    r = run(events, TWO_PRO, board=board)
    assert r.valid, r.violations
    assert [n.rule for n in r.notes if n.severity == NOTE].count("R3.7") == 1
    tower = r.state.players[0].towers[0]
    assert (tower.height, tower.lighted, tower.visible_gold) == (3, 1, 0)
    # Tina: 20 - 3 - 3 - 3 - 3 (plot 3) - 4 - 1 (plot 1) = 3
    assert r.state.players[0].money == 3
    # finish year 1: Tina has 9 - 6 = 3 buyers, Paul 9 - 6 = 3
    r = run([*events, *alternate(6)], TWO_PRO, board=board)
    assert r.state.year == 2
    # Tina: build 3 + 1; year end: 1 tower + 0 visible gold + 1 lighted + Caliph = 3
    assert r.state.prestige(0) == 3 + 1 + 3


def test_checkpoint_confirms_and_reports_difference(board: Board) -> None:  # R4
    year1: list[Event] = [*RED_TOWER_READY, build("Tina", "blue", 2, ["red: base, turret"]),
                          *alternate(13, ("Paul", "Tina"))]
    # Tina: +2 for the build; end of year: 1 tower + Caliph = 2; total 4. Paul nothing.
    # Money: Tina 20 - 5 - 5 - 2 + 6 * 5 + 20 = 58; Paul 21 + 9 * 5 + 20 = 86.
    ok = run([*year1, Checkpoint((("Tina", 4), ("Paul", 0)), (("Tina", 58), ("Paul", 86)))],
             board=board)
    assert ok.valid, ok.violations
    bad = run([*year1, Checkpoint((("Tina", 5),)), col("Tina")], board=board)
    assert [(v.rule, v.event) for v in bad.violations] == [("checkpoint", 19)]
    assert "Tina at 5; the moves recorded give 4" in bad.violations[0].message
    assert bad.stopped is None  # a checkpoint is not a move: the state goes on


def test_later_problems_are_marked(board: Board) -> None:
    events: list[Event] = [col("Paul"), col("Paul"), buy("Tina", "blue", "trunk", space=9)]
    r = run(events, board=board)
    assert [(v.event, v.later) for v in r.violations][:1] == [(1, False)]
    assert any(v.later and v.event == 3 and v.rule == "R2.2" for v in r.violations)
    assert r.stopped == 1 and len(r.states) == 1


def test_whole_game_of_coloured_buildings(board: Board) -> None:  # R4, R5
    # 4 years x 18 turns. Tina: 20 + 4 * 45 + 3 * 20 = 260 -> 26; Caliph 4 years -> 4.
    # Paul: 21 + 180 + 60 = 261 -> 26. No towers: no other awards.
    r = run(alternate(72), board=board)
    assert r.complete
    assert r.totals() == (30, 26)
    assert r.winners() == (0,)
    over = run(alternate(73), board=board)
    assert (first_error(over).rule, first_error(over).event) == ("R5", 73)


def test_expansions_in_the_header(board: Board) -> None:  # R6
    assert replay(board, Setup(("Tina", "Paul"), 0, Variant.BASIC, ("gifts",)), []).valid
    assert replay(board, Setup(("Tina", "Paul"), 0, Variant.PRO, ("gifts", "genie")), []).valid
    # R6.2: the Bottle Genie is played with the pro rules only
    r = replay(board, Setup(("Tina", "Paul"), 0, Variant.BASIC, ("genie",)), [])
    assert [(v.rule, v.event) for v in r.violations] == [("R6.2", 0)]
    r = replay(board, Setup(("Tina", "Paul"), 0, Variant.BASIC, ("dragons",)), [])
    assert [(v.rule, v.event) for v in r.violations] == [("R6", 0)]


def test_player_count(board: Board) -> None:  # R1
    r = replay(board, Setup(("Tina",), 0), [])
    assert r.violations[0].rule == "R1"


def test_severity_values() -> None:
    assert {ERROR, WARNING, NOTE} == {"error", "warning", "note"}


def test_a_tile_is_one_value_however_it_is_made() -> None:
    # Tiles compare by identity (for speed), so every way of making one must give the same
    # object, and a tile made twice must still equal itself after a pickle (batch workers).
    import copy
    import dataclasses
    import pickle

    red = Tile(Section.BASE, Colour.RED)
    assert Tile(Section.BASE, Colour.RED, False) is red
    assert Tile("base", "red", 0) is red  # type: ignore[arg-type]
    assert Tile("base", "red").colour is Colour.RED  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(red)) is red
    assert copy.deepcopy(red) is red
    gold = dataclasses.replace(red, gold=True)
    assert gold is Tile(Section.BASE, Colour.RED, True) and gold != red
    assert len({red, Tile(Section.BASE, Colour.RED), gold}) == 2
    with pytest.raises(ValueError):
        Tile("roof", "red")  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        red.gold = True


def test_values_are_frozen_hashable_and_pickle_as_batch_workers_need(board: Board) -> None:
    # the values callers see are msgspec's frozen structs: what the project relies on
    import pickle

    import msgspec
    from msgspec.structs import replace

    from asara_cli.games.asara.rules.state import start_state
    from asara_cli.stats import GameRecord, Seat

    state = start_state(board, Setup(("Ann", "Ben")))
    moved = replace(state, turn=1, year=2)
    assert type(moved) is type(state) and moved != state
    assert moved.players is state.players and (state.turn, state.year) == (0, 1)
    assert hash(moved) == hash(replace(state, turn=1, year=2))
    with pytest.raises(AttributeError):
        moved.turn = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        replace(state, turns=1)
    assert pickle.loads(pickle.dumps(state)) == state  # batch's workers pickle records
    record = GameRecord("a.toml", "d", "valid", seats=(Seat("Ann", 1, 30, 1, True, ()),))
    assert pickle.loads(pickle.dumps(record)) == record
    assert isinstance(record, msgspec.Struct) and not hasattr(record, "__dict__")


def test_a_replay_makes_states_only_when_asked_and_they_are_the_same(board: Board) -> None:
    # issue 22: one table per replay; Replay.at and Replay.states make frozen states on
    # request, and must give what a replay keeping every state gives, legal or not
    from asara_cli.games.asara import GAME
    from asara_cli.games.asara.rules.table import new_table, snapshot, thaw

    setup, events = GAME.simulate(board, 5, 3, frozenset({"pro"}), ("A", "B", "C"))
    broken = (*events[:40], events[45], *events[40:])  # a turn out of its place
    for log in (events, broken):
        kept = replay(board, setup, log, states=True)
        lazy = replay(board, setup, log)
        assert not lazy.kept and lazy.state == kept.state == kept.states[-1]
        assert lazy.states == kept.states
        assert [lazy.at(n) for n in range(-1, len(log) + 2)] == [
            kept.at(n) for n in range(-1, len(log) + 2)]
        assert (lazy.stopped is None) == (log is events)
        for state in kept.states[::7]:  # a table thawed from a state freezes to it again
            assert snapshot(thaw(state)) == state
    assert snapshot(new_table(board, setup)) == kept.states[0]
