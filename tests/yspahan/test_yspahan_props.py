"""Properties of whole random games from the sampler (YSPAHAN.md Y2-Y6): they replay with no
finding; cubes, gold, camels and cards are conserved; every score is the sum of its ledger;
replays are deterministic; check-then-apply gives what replay gives; the same game with hands
secret scores the same; and over a few games the sampler uses every action, building and
card."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from yspahan_helpers import FOUR, board, profile

from asara_cli.games.yspahan.rules.board import Board, board_from_mapping
from asara_cli.games.yspahan.rules.engine import advance, apply, check, replay
from asara_cli.games.yspahan.rules.events import Event, Roll, Supervisor, Turn
from asara_cli.games.yspahan.rules.sampler import play_game, secret
from asara_cli.games.yspahan.rules.state import (
    SECRET,
    SOURCES,
    GameState,
    Setup,
    new_table,
    snapshot,
    thaw,
)

games = st.tuples(st.integers(0, 2**32 - 1), st.sampled_from([3, 4]), st.integers(0, 3))
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def game(seed: int, n: int, oldest: int, b: Board | None = None
         ) -> tuple[Board, Setup, list[Event]]:
    b = b or board()
    setup = Setup(FOUR[:n], oldest % n)
    return b, setup, play_game(b, setup, random.Random(seed))


def conserved(b: Board, s: GameState) -> None:
    """Supply + holdings (+ board) are what they were at the start (Y6.14 counts unlimited
    supplies from 0)."""
    n = len(s.players)
    start_gold = (b.gold_supply or 0)
    start_camels = (b.camel_supply or 0)
    assert s.gold_supply + sum(p.gold for p in s.players) == start_gold
    assert s.camel_supply + sum(p.camels for p in s.players) == start_camels
    home = 0 if b.cube_supply is None else b.cube_supply - 1
    for seat, p in enumerate(s.players):
        in_shops = sum(k.filled for k in s.souks if k.owner == seat)
        on_caravan = s.caravan.count(seat)
        assert p.cubes + in_shops + on_caravan + len(p.buildings) == home, (seat, p)
        assert p.gold >= 0 and p.camels >= 0  # Y6.16
    assert s.deck + len(s.discard) + sum(p.cards for p in s.players) == b.deck
    assert len(s.caravan) < b.caravan_size(n)


def ledger_adds_up(s: GameState) -> None:
    for seat, p in enumerate(s.players):
        assert p.score == sum(e.points for e in s.ledger if e.player == seat)
    for e in s.ledger:
        assert e.source in SOURCES and e.points > 0
        assert 1 <= e.week <= 3 and 1 <= e.day <= 7 and 1 <= e.event <= s.events
        assert e.explanation


@SETTINGS
@given(games)
def test_random_games_replay_clean_and_conserve(g: tuple[int, int, int]) -> None:
    b, setup, events = game(*g)
    r = replay(b, setup, events, states=True)
    assert r.violations == () and r.notes == ()
    assert r.complete and r.state.over
    n = len(setup.players)
    assert sum(isinstance(e, Roll) for e in events) == 21
    assert sum(isinstance(e, Turn) for e in events) == 21 * n
    assert len(r.states) == len(events) + 1
    for s in r.states:
        conserved(b, s)
        ledger_adds_up(s)
    assert r.state == r.states[-1]
    # every ledger entry after the first week end counts in the total
    assert sum(r.totals()) == sum(e.points for e in r.ledger)


@SETTINGS
@given(games)
def test_replay_is_deterministic_and_check_apply_agree(g: tuple[int, int, int]) -> None:
    b, setup, events = game(*g)
    one = replay(b, setup, events)
    two = replay(b, setup, events)
    assert one.state == two.state
    t = new_table(b, setup)
    state = snapshot(t)
    for e in events:
        before = snapshot(t)
        assert check(b, t, e) == ()
        assert snapshot(t) == before  # check changes nothing
        assert check(b, state, e) == ()  # on a frozen state, through thaw
        apply(b, t, e)
        state = advance(b, state, e)
        assert snapshot(t) == state
        assert thaw(b, before) is not t and snapshot(thaw(b, before)) == before
    assert snapshot(t) == one.state


@SETTINGS
@given(games)
def test_secret_hands_score_the_same(g: tuple[int, int, int]) -> None:
    b, setup, events = game(*g)
    hidden = Setup(setup.players, setup.oldest, (), SECRET)
    open_ = replay(b, setup, events)
    closed = replay(b, hidden, secret(events))
    assert closed.violations == () and closed.notes == ()
    assert closed.totals() == open_.totals()
    assert closed.state.deck == open_.state.deck


@SETTINGS
@given(games)
def test_limited_supplies_only_warn(g: tuple[int, int, int]) -> None:
    """With 25 cubes a player and 30 gold and camels (Y6.14), the same kind of game gives at
    most warnings, and conservation still holds from those limits."""
    data = profile()
    data["supplies"] = {"cubes": 25, "gold": 30, "camels": 30}
    b, setup, events = game(*g, b=board_from_mapping(data))
    r = replay(b, setup, events, states=True)
    assert r.violations == ()
    assert {v.rule for v in r.notes} <= {"Y6.14"}
    for s in r.states:
        conserved(b, s)


@SETTINGS
@given(games, st.integers(0, 10**6))
def test_an_illegal_event_stops_the_replay(g: tuple[int, int, int], pick: int) -> None:
    """One turn given to the wrong player: the replay stops there, keeps the state before it,
    and marks what it finds afterwards as later."""
    b, setup, events = game(*g)
    turns = [i for i, e in enumerate(events) if isinstance(e, Turn)]
    i = turns[pick % len(turns)]
    e = events[i]
    assert isinstance(e, Turn)
    other = setup.players[(setup.players.index(e.player) + 1) % len(setup.players)]
    broken = [*events[:i], Turn(other, e.row, e.action, e.discard, e.build, e.before,
                                 e.after, e.last), *events[i + 1:]]
    r = replay(b, setup, broken)
    assert r.stopped == i + 1
    first = r.violations[0]
    last_day = sum(isinstance(x, Roll) for x in events[:i]) == 21
    rule = "Y5.2" if last_day and len(setup.players) == 4 else "Y2.1"
    assert (first.event, first.rule, first.later) == (i + 1, rule, False)
    assert all(v.later for v in r.violations if v.event > i + 1)
    assert r.state == replay(b, setup, events[:i]).state
    assert r.state.events == i


def test_the_sampler_uses_everything() -> None:
    """Over 16 games (3 and 4 players) every action, building and card effect turns up, and
    the rarer moments: a turn with no row left, a discard for +1 die, a camel paid to keep a
    cube, a caravanserai draw, a full caravan, yellow dice, a card played before the roll."""
    b = board()
    seen: Counter[str] = Counter()
    for seed in range(16):
        _, _, events = game(seed, 3 + seed % 2, seed)
        r = replay(b, Setup(FOUR[:3 + seed % 2], seed % (3 + seed % 2)), events)
        assert r.valid
        for line in r.ledger:
            seen["ledger:" + line.source] += 1
        for e in events:
            if isinstance(e, Roll):
                seen["yellow"] += bool(e.yellow)
                seen["roll-play"] += bool(e.plays)
                continue
            if not isinstance(e, Turn):
                continue
            seen[type(e.action).__name__] += 1
            seen["no-row"] += e.row is None
            seen["discard"] += e.discard is not None
            if isinstance(e.action, Supervisor):
                seen["camel-kept"] += any(s.camel for s in e.action.sends)
                seen["serai-draw"] += any(s.card for s in e.action.sends)
            if e.build:
                seen["build:" + e.build.building] += 1
                for kind in e.build.cards:
                    seen["card:" + b.cards[kind].effect] += 1
            for p in e.plays:
                seen["card:" + b.cards[p.kind].effect] += 1
    wanted = ({"Camels", "Gold", "Goods", "Supervisor", "Draw", "no-row", "discard",
               "camel-kept", "serai-draw", "yellow", "roll-play"}
              | {"build:" + x for x in b.buildings}
              | {"ledger:" + x for x in SOURCES}
              | {"card:" + c.effect for c in b.cards.values()})
    missing = sorted(w for w in wanted if not seen[w])
    assert not missing, missing
