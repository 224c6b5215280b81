"""Properties of whole games played from ``legal_moves``: they always validate; money, tiles
and buyer cards are conserved; every prestige point is in the ledger (RULES.md R1-R5)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import apply, check, errors, replay
from asara_cli.games.asara.rules.events import (
    Action,
    Bank,
    Bribe,
    Build,
    Buy,
    Checkpoint,
    Coloured,
    Event,
    Genie,
    GiftKind,
    GiftsDealt,
    Lighted,
    Recruit,
    Tile,
    Turn,
)
from asara_cli.games.asara.rules.model import Colour, Section, Variant
from asara_cli.games.asara.rules.sampler import deal_gifts, legal_moves, simulated_gift_deck
from asara_cli.games.asara.rules.state import (
    GameState,
    Setup,
    missing,
    sorted_tiles,
    start_state,
)

LABELS = ("blue", "yellow", "violet", "orange", "grey")
NAMES = ("Tina", "Paul", "Anna", "Ben")

games = st.tuples(st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4]),
                  st.sampled_from(list(Variant)), st.integers(0, 3),
                  st.sampled_from([(), ("gifts",), ("genie",), ("gifts", "genie")]))


def play(board: Board, seed: int, n: int, variant: Variant, start: int,
         expansions: tuple[str, ...] = ()) -> tuple[Setup, list[Event], list[GameState]]:
    """A random legal game: at each turn pick one of ``legal_moves``; the Caliph's gifts
    dealt at each year's start when the game uses them."""
    rng = random.Random(seed)
    if variant != Variant.PRO:
        expansions = tuple(x for x in expansions if x != "genie")  # the genie is pro (R6.2)
    setup = Setup(NAMES[:n], start % n, variant, expansions)
    state = start_state(board, setup)
    events: list[Event] = []
    states = [state]
    deck = simulated_gift_deck(board, variant == Variant.PRO)
    rng.shuffle(deck)
    while not state.over:
        deal = deal_gifts(board, state, deck) if "gifts" in expansions else None
        if deal is not None:
            assert not errors(check(board, state, deal)), deal
            events.append(deal)
            state = apply(board, state, deal).state
            states.append(state)
            continue
        moves = legal_moves(board, state, LABELS)
        assert moves, "legal_moves is empty while the game runs"
        # favour real moves over the ever-present coloured building
        # builds are few among the moves offered: take one most times it is possible
        builds = [m for m in moves if isinstance(m.action, Build)]
        real = [m for m in moves if not isinstance(m.action, Coloured)]
        if builds and rng.random() < 0.7:
            move = rng.choice(builds)
        elif real and rng.random() < 0.8:
            move = rng.choice(real)
        else:
            move = rng.choice(moves)
        assert not errors(check(board, state, move)), move
        events.append(move)
        state = apply(board, state, move).state
        states.append(state)
    return setup, events, states


def _money(board: Board, space: int | None, action: Action | None) -> int:
    """What an action pays (+) or costs (-), worked out from the rules, not the engine."""
    if isinstance(action, Genie):  # R6.2: the genie's space, then the wished move's own cost
        return -(space or 0) + _money(board, action.space, action.move)
    if isinstance(action, Buy):
        return -board.prices[action.colour] if action.colour else 0
    if isinstance(action, Build):
        return -(space or 0)
    if isinstance(action, Bank):
        return action.amount
    if isinstance(action, Coloured):
        return 5
    if isinstance(action, Bribe):
        return -(space or 0) - (board.prices[action.colour] if action.colour else 0)
    if isinstance(action, Recruit):
        return -action.cost
    if isinstance(action, Lighted):
        return -action.pay
    return 0


FAST = settings(max_examples=6, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(games)
def test_random_legal_games_validate_and_conserve(
        board: Board, game: tuple[int, int, Variant, int, tuple[str, ...]]) -> None:
    setup, events, states = play(board, *game)
    n = len(setup.players)
    r = replay(board, setup, events)
    assert r.valid and r.complete, r.violations[:3]
    assert r.states == tuple(states)

    # Money, worked out from the events alone (R1, R2.3, R3, R4): start by seat, +20 a year.
    money = [board.start_money[(s - setup.start) % n] + 3 * board.yearly_money
             for s in range(n)]
    for e in events:
        assert not isinstance(e, Checkpoint)
        if isinstance(e, GiftsDealt):
            continue
        assert isinstance(e, Turn)
        seat = setup.players.index(e.placement.player)
        for use in e.gifts:  # R6.1: money gifts, compulsory purchases, lighted for 4
            if use.gift.kind == GiftKind.ASARI:
                money[seat] += use.gift.amount or 0
            elif use.gift.kind == GiftKind.BUY and use.colour is not None:
                money[seat] -= board.prices[use.colour]
            elif use.gift.kind == GiftKind.LIGHTED and use.taken:
                money[seat] -= 4
        money[seat] += _money(board, e.placement.space, e.action)
    assert [p.money for p in r.state.players] == money
    for s in states:
        assert all(p.money >= 0 for p in s.players)  # R2.3

    # Tiles: display + pile + behind screens + in towers = the box (R1).
    for s in states:
        for section in Section:
            m = s.market(section)
            behind = sum(1 for p in s.players for t in p.screen if t.section == section)
            built = 0
            for p in s.players:
                for t in p.towers:
                    built += {Section.BASE: 1, Section.TURRET: 1, Section.TRUNK: t.trunks,
                              Section.WINDOW: t.windows}[section]
            assert m.count + m.pile + behind + built == board.tiles[section]
        lit = sum(len(p.lighted_known) + p.lighted_unknown + sum(t.lighted for t in p.towers)
                  for p in s.players)
        assert s.lighted_stack + lit == (board.lighted_window_tiles
                                         if setup.variant == Variant.PRO else 0)

    # Buyer cards: in hands + in the deck + on the board this year = 45 (R1).
    placed = 0
    year = 1
    for e, before, after in zip(events, states[:-1], states[1:], strict=True):
        if before.year != year:
            year, placed = before.year, 0
        if not isinstance(e, Turn):
            continue
        placed += 2 if e.placement.buyer == "pair" else 1
        if after.year == year and not after.over:
            assert sum(p.buyers for p in after.players) + after.draw_pile + placed == 45

    # Score = build points (from the events) + end-of-year scores + final awards.
    built_points = Counter[int]()
    for e in events:
        if not isinstance(e, Turn):
            continue
        action = e.action.move if isinstance(e.action, Genie) else e.action
        seat = setup.players.index(e.placement.player)
        if isinstance(action, Build):
            built_points[seat] += action.sections
        built_points[seat] += 2 * sum(u.gift.kind == GiftKind.PRESTIGE for u in e.gifts)
    assert r.final is not None and len(r.state.year_scores) == 4
    for seat in range(n):
        expected = (built_points[seat]
                    + sum(ys[seat].points for ys in r.state.year_scores)
                    + r.final.points(seat))
        assert r.state.prestige(seat) == expected
        assert sum(x.points for x in r.ledger if x.player == seat) == expected
    # every ledger entry names its source
    assert {x.source for x in r.ledger} <= {"build", "gift", "year", "final"}
    assert all(x.explanation for x in r.ledger)


@settings(max_examples=3, deadline=None)
@given(games)
def test_true_checkpoints_pass(
        board: Board, game: tuple[int, int, Variant, int, tuple[str, ...]]) -> None:
    setup, events, states = play(board, *game)
    cut = len(events) // 2
    s = states[cut]
    cp = Checkpoint(tuple((p.name, s.prestige(i)) for i, p in enumerate(s.players)),
                    tuple((p.name, p.money) for p in s.players))
    r = replay(board, setup, [*events[:cut], cp, *events[cut:]])
    assert r.valid and r.complete


tiles = st.lists(st.builds(Tile, st.sampled_from(Section), st.sampled_from(Colour),
                           st.booleans()), max_size=12)


@given(tiles, tiles)
def test_tile_multisets_agree_with_counter(have: list[Tile], need: list[Tile]) -> None:
    # missing searches lists (quick for a screen's few tiles); a Counter is the plain
    # statement of the same multiset arithmetic.
    short = Counter(need)
    short.subtract(Counter(have))
    assert missing(have, need) == sorted_tiles(short.elements())
