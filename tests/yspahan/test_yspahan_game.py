"""Yspahan as the generic layers see it (games/yspahan/__init__.py): scores split by source
and week add up to the totals, the ledger's lines, standings after each week, sources and
filters; and the simulator: complete legal games for 3 and 4 players from a seed, the same
game for the same seed, every action, building and card within a few games."""

from __future__ import annotations

from collections import Counter

import pytest
from yspahan_helpers import board

from asara_cli.games.yspahan import GAME
from asara_cli.games.yspahan.rules.engine import replay
from asara_cli.games.yspahan.rules.events import Checkpoint, Roll, Turn
from asara_cli.games.yspahan.simulate import NAMES, simulate_game


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 4), (3, 3), (4, 4)])
def test_simulated_games_are_complete_legal_and_checked(seed: int, players: int) -> None:
    sim = simulate_game(board(), seed, players)
    result = replay(board(), sim.setup, sim.events)
    assert result.complete and result.valid and result.state == sim.state
    rolls = sum(isinstance(e, Roll) for e in sim.events)
    turns = sum(isinstance(e, Turn) for e in sim.events)
    checkpoints = [e for e in sim.events if isinstance(e, Checkpoint)]
    assert (rolls, turns, len(checkpoints)) == (21, 21 * players, 3)  # Y1: 3 weeks x 7 days
    assert dict(checkpoints[-1].scores) == {p.name: p.score for p in sim.state.players}
    assert simulate_game(board(), seed, players) == sim  # the same seed, the same game


def test_simulated_secret_hands_score_the_same() -> None:
    open_ = simulate_game(board(), 9, 4)
    hidden = simulate_game(board(), 9, 4, secret_hands=True)
    assert hidden.setup.hands == "secret"
    result = replay(board(), hidden.setup, hidden.events)
    assert result.complete and result.valid
    assert result.state.scores == open_.state.scores


def test_simulated_games_use_every_action_building_and_card() -> None:
    used: Counter[str] = Counter()
    for seed in range(12):
        for e in simulate_game(board(), seed, 3 + seed % 2).events:
            if isinstance(e, Turn):
                used[type(e.action).__name__] += 1
                used.update(p.kind for p in e.plays)
                if e.build is not None:
                    used[e.build.building] += 1
                    used.update(e.build.cards)
    wanted = {"Camels", "Gold", "Goods", "Supervisor", "Draw", *board().buildings,
              *board().cards}
    assert wanted <= set(used), wanted - set(used)


def test_the_game_method_for_simulate() -> None:
    setup, events = GAME.simulate(board(), 5, 3, frozenset(), NAMES)
    assert len(setup.players) == 3 and GAME.replay(board(), setup, events).complete


def test_scores_split_by_source_and_week_add_up() -> None:
    sim = simulate_game(board(), 21, 4)
    played = GAME.replay(board(), sim.setup, sim.events)
    scores = GAME.scores(played, sim.setup)
    assert [s.name for s in scores] == list(sim.setup.players)
    assert {s.seat for s in scores} == {1, 2, 3, 4}
    oldest = sim.setup.players[sim.setup.oldest]
    assert next(s.seat for s in scores if s.name == oldest) == 1
    known = {x.key for x in GAME.sources(board())}
    for s in scores:
        assert sum(v for _, v in s.sources) == s.total
        assert {k for k, _ in s.sources} <= known
    ledger = GAME.ledger(played)
    assert sum(line.points for line in ledger) == sum(s.total for s in scores)
    # week-end awards are evaluations (no event of their own); the rest name their event
    assert all(line.event is None for line in ledger
               if line.source.startswith(("souks", "caravan_week")))
    # the standings are ASARA's shape: a stage (a week) and every seat's points after it
    standings = GAME.standings(played)
    assert [label for label, _ in standings] == ["week 1", "week 2", "week 3"]
    assert [len(r) for _, r in standings] == [4] * 3
    assert standings[-1][1] == [s.total for s in scores]
    for w, (_, row) in enumerate(standings, start=1):
        assert row == [sum(line.points for line in ledger if line.player == s.name
                           and line.period <= w) for s in scores]
    assert GAME.winners(played) == tuple(sim.setup.players[s] for s in played.winners())


def test_sources_name_the_weeks_and_group_them() -> None:
    souks2 = GAME.source("souks2")
    assert (souks2.period, souks2.group, souks2.label) == (2, "souks", "souks, week 2")
    assert GAME.source("caravan_week3").group == GAME.source("caravan_full").group
    keys = [x.key for x in GAME.sources(None)]
    assert keys[:4] == ["buildings", "souks1", "souks2", "souks3"]
    assert len(keys) == len(set(keys)) == 11
    assert [GAME.source(k).order for k in keys] == sorted(GAME.source(k).order for k in keys)


def test_facts_and_words() -> None:
    sim = simulate_game(board(), 2, 3, secret_hands=True)
    assert GAME.facts(sim.setup) == {"hands": "secret"}
    assert GAME.describe({"hands": "secret"}) == "game with hands kept secret"
    assert GAME.describe({"hands": "open"}) == "game with open hands"
    played = GAME.replay(board(), sim.setup, sim.events[:5])
    assert GAME.progress(played).startswith("in progress: week 1, day 2")
    assert GAME.turn_text(played) is not None
    assert GAME.move_text(board(), sim.events[0]).startswith(f"{sim.events[0].player} rolls")  # type: ignore[union-attr]


def test_the_simulate_flag_keeps_hands_secret() -> None:
    assert [f.name for f in GAME.simulate_flags] == ["secret"]
    setup, events = GAME.simulate(board(), 7, 4, frozenset({"secret"}), NAMES)
    assert setup.hands == "secret" and len(setup.players) == 4
    assert GAME.replay(board(), setup, events).complete


def test_the_report_table_lists_buildings_and_holdings() -> None:
    sim = simulate_game(board(), 4, 3)
    played = GAME.replay(board(), sim.setup, sim.events)
    (summary,) = GAME.summaries(played)
    assert summary.head == ("player", "buildings", "gold", "camels", "cards")
    assert [r[0] for r in summary.rows] == list(sim.setup.players)
    assert [r[2] for r in summary.rows] == [str(p.gold) for p in sim.state.players]


def test_simulated_players_come_from_the_names_given() -> None:
    names = ("Ana", "Bo", "Cy", "Di", "Ed")
    setup, _ = GAME.simulate(board(), 3, 4, frozenset(), names)
    assert set(setup.players) <= set(names) and len(setup.players) == 4
