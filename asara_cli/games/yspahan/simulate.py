"""Simulated Yspahan games: complete, legal and varied, the same for a seed. A plain player
takes the best (:func:`_worth`) of a few random legal turns the sampler offers; every card
drawn is named, and a checkpoint follows every week end."""

from __future__ import annotations

import random
from collections.abc import Sequence

from asara_cli.games.base import Simulated
from asara_cli.games.yspahan.rules.board import Board
from asara_cli.games.yspahan.rules.engine import apply, check, errors
from asara_cli.games.yspahan.rules.events import Checkpoint, Event
from asara_cli.games.yspahan.rules.sampler import random_event, secret
from asara_cli.games.yspahan.rules.state import (
    OPEN,
    ROLL,
    SECRET,
    GameState,
    Setup,
    Table,
    new_table,
    snapshot,
)

NAMES = ("Tina", "Paul", "Anna", "Ben", "Cleo", "Omar", "Lena", "Max")
COLOURS = ("blue", "red", "green", "yellow")


def _worth(t: Table, seat: int) -> float:
    """How well off ``seat`` is, for choosing among turns: points weigh most."""
    return (4 * t.score[seat] + 3 * len(t.built[seat]) + 0.7 * t.gold[seat]
            + 0.8 * t.camels[seat] + 0.5 * t.hand_size(seat)
            + sum(1.2 * t.filled[s] for s in range(len(t.owner)) if t.owner[s] == seat))


def _choose(board: Board, table: Table, rng: random.Random, choices: int) -> Event | None:
    """The best of ``choices`` random legal events (a roll: the first one)."""
    first = random_event(board, table, rng)
    if first is None or table.phase == ROLL or choices <= 1:
        return first
    seat = table.order[table.done]
    best, value = first, -1e9
    for event in [first, *(random_event(board, table, rng) for _ in range(choices - 1))]:
        assert event is not None
        trial = table.copy()
        apply(board, trial, event)
        worth = _worth(trial, seat) + rng.random()
        if worth > value:
            best, value = event, worth
    return best


def simulate_game(board: Board, seed: int, players: int = 4, *, secret_hands: bool = False,
                  checkpoints: bool = True, choices: int = 4,
                  names: Sequence[str] = NAMES) -> Simulated[Setup, Event, GameState]:
    """One complete legal game from ``seed``. ``secret_hands``: every card drawn logged
    ``hidden`` (Y7); ``choices``: how many random turns the player weighs (1: the sampler's)."""
    rng = random.Random(seed)
    names = tuple(rng.sample(tuple(names), players))
    colours = list(COLOURS)
    rng.shuffle(colours)
    setup = Setup(names, rng.randrange(players), tuple(colours[:players]), OPEN)
    table = new_table(board, setup)
    events: list[Event] = []

    def push(event: Event) -> None:
        found = errors(check(board, table, event))
        if found:  # the simulator must only write legal games
            raise AssertionError(f"simulated an illegal event: {found[0].message}")
        apply(board, table, event)
        events.append(event)

    while True:
        event = _choose(board, table, rng, choices)
        if event is None:
            break
        week = table.week
        push(event)
        if checkpoints and (table.week != week or table.phase == "over"):
            push(Checkpoint(tuple(zip(names, table.score, strict=True)),
                            tuple(zip(names, table.gold, strict=True)),
                            tuple(zip(names, table.camels, strict=True))))
    if secret_hands:
        setup, events = Setup(names, setup.oldest, setup.colours, SECRET), secret(events)
    return Simulated(setup, tuple(events), snapshot(table))
