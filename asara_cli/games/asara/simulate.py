"""Simulated games: complete, legal and varied, the same for a seed. A plain random player
weighs the sampler's legal turns (:data:`TASTE`); the displays, the gifts' deal and a
checkpoint after every year are simulated too. The box's and the gift deck's splits are
unknown (R1, R6.1): the simulator assumes even ones, which the referee never relies on."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from asara_cli.games.asara.rules.areas import kind_of
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import apply, check, errors
from asara_cli.games.asara.rules.events import (
    PAIR,
    Buy,
    Checkpoint,
    Display,
    Event,
    Tile,
    Turn,
)
from asara_cli.games.asara.rules.model import Colour, Section, Variant
from asara_cli.games.asara.rules.sampler import candidate_moves, deal_gifts, simulated_gift_deck
from asara_cli.games.asara.rules.state import GameState, PlayerState, Setup, start_state
from asara_cli.games.base import SIM_NAMES, Simulated

LABELS = ("blue", "yellow", "violet", "orange", "grey")


def box(board: Board, rng: random.Random) -> dict[Section, list[Tile]]:
    """The face-down piles: each type's tiles split evenly by colour, a few gold."""
    piles: dict[Section, list[Tile]] = {}
    colours = list(Colour)
    for section in Section:
        tiles = [Tile(section, colours[i % len(colours)], i % 4 == 3)
                 for i in range(board.tiles[section])]
        rng.shuffle(tiles)
        piles[section] = tiles
    return piles


def _display(state: GameState, piles: dict[Section, list[Tile]]) -> Display | None:
    """What the refilled displays show: last year's unsold tiles and new ones from the box."""
    areas = []
    for m in state.markets:
        if m.shown is not None:
            continue
        carried = list(m.carried)  # drawn in an earlier year: out of the box already
        pile = piles[m.section]
        new = [pile.pop() for _ in range(max(0, m.count - len(carried))) if pile]
        areas.append((m.section, tuple(carried + new)))
    return Display(tuple(areas)) if areas else None


def _choose(board: Board, state: GameState, moves: Sequence[Turn], rng: random.Random
            ) -> Turn:
    """A weighted random choice among ``moves``, an illegal one drawn no more: the chances of
    drawing among the legal moves only, without checking all of them."""
    seat = state.turn
    assert seat is not None
    me = state.players[seat]
    have = Counter(t.colour for t in me.screen)
    weights = [_weight(board, me, have, m, rng) for m in moves]
    while any(weights):
        i = rng.choices(range(len(moves)), weights)[0]
        if not errors(check(board, state, moves[i])):
            return moves[i]
        weights[i] = 0.0
    raise AssertionError("the sampler offered no legal move")


def _buy(board: Board, me: PlayerState, have: Counter[Colour], action: Buy) -> float | None:
    if action.colour is None:
        return None
    weight = 4.0 + 3 * have[action.colour] + 2 * sum(
        t.colour == action.colour for t in me.towers)
    if me.money - board.price(action.colour) < 4:
        weight /= 3
    return weight


#: The plain player's taste for a move of each area kind (by the kind's name): a weight, or
#: ``None`` for a move made hardly ever (a buyer spent on nothing). Other kinds weigh 1.
TASTE: dict[str, Callable[[Board, PlayerState, Counter[Colour], Any], float | None]] = {
    "building": lambda board, me, have, action: 30.0 + 10 * action.sections,
    "market": _buy,
    "bank": lambda board, me, have, action: 12.0 if me.money < 10 else 2.0,
    "caliph": lambda board, me, have, action: 3.0,
    "coloured": lambda board, me, have, action: 1.5 if me.money < 6 else 0.4,
}


def _weight(board: Board, me: PlayerState, have: Counter[Colour], move: Turn,
            rng: random.Random) -> float:
    action = move.carried_out
    taste = TASTE.get(kind_of(action).kind)
    weight = 1.0 if taste is None else taste(board, me, have, action)
    if weight is None:
        return 0.05
    if move.action is not action:  # a Bottle Genie's wish: the fee comes on top
        weight *= 0.4
    if move.placement.buyer == PAIR:
        weight *= 0.3
    if move.gifts:
        weight *= 1.5
    return weight * (0.5 + rng.random())


def simulate_game(board: Board, seed: int, players: int = 4, pro: bool = False,
                  expansions: Sequence[str] = (), pool: Sequence[str] = SIM_NAMES
                  ) -> Simulated[Setup, Event, GameState]:
    rng = random.Random(seed)
    names = tuple(rng.sample(tuple(pool), players))
    variant = Variant.PRO if pro else Variant.BASIC
    setup = Setup(names, rng.randrange(players), variant, tuple(expansions))
    state = start_state(board, setup)
    piles = box(board, rng)
    deck = simulated_gift_deck(board, pro)
    rng.shuffle(deck)
    labels = list(LABELS)
    rng.shuffle(labels)
    events: list[Event] = []

    def push(event: Event) -> None:
        nonlocal state
        found = errors(check(board, state, event))
        if found:  # the simulator must only write legal games
            raise AssertionError(f"simulated an illegal event: {found[0].message}")
        events.append(event)
        state = apply(board, state, event).state

    while not state.over:
        display = _display(state, piles)
        if display is not None:
            push(display)
            continue
        if "gifts" in setup.expansions:
            deal = deal_gifts(board, state, deck)
            if deal is not None:
                push(deal)
                continue
        move = _choose(board, state, candidate_moves(board, state, labels), rng)
        year = state.year
        push(move)
        if state.year != year or state.over:
            push(Checkpoint(tuple((p.name, state.prestige(i))
                                  for i, p in enumerate(state.players)),
                            tuple((p.name, p.money) for p in state.players)))
    return Simulated(setup, tuple(events), state)
