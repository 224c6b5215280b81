"""The referee on one mutable table against the frozen referee it replaced (issue 22).

``tests/oracle_asara`` is the frozen referee as it stood before the rewrite: every event made
a new ``GameState``. Over simulated games of every variant and expansion, and over the same
games broken by random edits (events dropped, repeated, swapped, moved; players, spaces,
buyers, tiles, plots and amounts changed), both must give the same state after every event,
the same violations and notes, the same first illegal event, and the same ledger; ``check``
and ``apply`` must agree on every state as well. ``ORACLE_GAMES`` sets how many games (the
comparison of record ran thousands: docs/performance.md).
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import Any

import pytest

from asara_cli.core.values import evolve
from asara_cli.games import game
from asara_cli.games.asara.rules import engine
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import (
    PAIR,
    Bank,
    Bribe,
    Build,
    Buy,
    Event,
    Genie,
    Lighted,
    Recruit,
    Turn,
)
from asara_cli.games.asara.rules.model import Colour, Section
from asara_cli.games.asara.rules.state import Setup
from tests.oracle_asara import engine as oracle

GAMES = int(os.environ.get("ORACLE_GAMES", "24"))
FLAGS = (frozenset(), frozenset({"pro"}), frozenset({"gifts"}), frozenset({"pro", "gifts"}),
         frozenset({"genie"}), frozenset({"pro", "gifts", "genie"}))


def simulated(board: Board, seed: int) -> tuple[Setup, tuple[Event, ...]]:
    flags = FLAGS[seed % len(FLAGS)]
    setup, events = game("asara").simulate(board, seed, 2 + seed % 3, flags,
                                           ("Ada", "Bo", "Cyd", "Dee"))
    return setup, tuple(events)


def _placement(t: Turn, rng: random.Random, names: Sequence[str]) -> Turn:
    p = t.placement
    change = rng.randrange(3)
    if change == 0:
        p = evolve(p, player=rng.choice(names))
    elif change == 1:
        p = evolve(p, space=rng.choice([None, 1, 2, 3, 4, 5, 7, 12]))
    else:
        p = evolve(p, buyer=rng.choice([None, PAIR, "blue", "green", "orange", "grey"]))
    return evolve(t, placement=p)


def _action(t: Turn, rng: random.Random) -> Turn:
    a: Any = t.action
    colour = rng.choice(list(Colour))
    if isinstance(a, Buy):
        a = evolve(a, colour=rng.choice([None, colour]), gold=rng.random() < 0.5,
                   section=rng.choice(list(Section)))
    elif isinstance(a, Build):
        if a.add and rng.random() < 0.5:  # a tower that may not stand
            a = evolve(a, add=tuple(evolve(x, tower=x.tower + 1) for x in a.add))
        elif a.new:  # a section less
            a = evolve(a, new=a.new[1:])
        return evolve(t, action=a, placement=evolve(
            t.placement, space=rng.choice([1, 2, 3, 4, 5, 6, 7, 8])))
    elif isinstance(a, Bank):
        a = evolve(a, amount=a.amount + rng.choice([-3, -1, 1, 4]))
    elif isinstance(a, Bribe):
        a = evolve(a, pile=rng.choice(list(Section)), colour=rng.choice([None, colour]))
    elif isinstance(a, Recruit):
        a = evolve(a, cost=a.cost + rng.choice([-2, 1, 5]))
    elif isinstance(a, Lighted):
        a = evolve(a, pay=rng.choice([4, 10, 7]), kept=(colour,) * rng.randrange(4))
    elif isinstance(a, Genie):
        a = evolve(a, space=rng.choice([None, 1, 2, 9]))
    return evolve(t, action=a)


def mutated(events: Sequence[Event], rng: random.Random, names: Sequence[str]
            ) -> tuple[Event, ...]:
    """``events`` with one to three random edits."""
    out = list(events)
    for _ in range(rng.randint(1, 3)):
        if not out:
            break
        i = rng.randrange(len(out))
        edit = rng.randrange(6)
        if edit == 0:
            del out[i]
        elif edit == 1:
            out.insert(i, out[i])
        elif edit == 2 and i + 1 < len(out):
            out[i], out[i + 1] = out[i + 1], out[i]
        elif edit == 3:
            out.insert(rng.randrange(len(out)), out.pop(i))
        elif isinstance(out[i], Turn):
            e = out[i]
            assert isinstance(e, Turn)
            out[i] = _placement(e, rng, names) if edit == 4 else _action(e, rng)
    return tuple(out)


def compare(board: Board, setup: Setup, events: Sequence[Event]) -> None:
    old = oracle.replay(board, setup, events)
    new = engine.replay(board, setup, events, states=True)
    assert new.violations == old.violations
    assert new.notes == old.notes
    assert new.stopped == old.stopped
    assert new.states == old.states
    assert new.state == old.state
    assert new.ledger == old.ledger
    assert new.totals() == old.totals() and new.winners() == old.winners()
    assert engine.replay(board, setup, events).state == old.state  # no states kept
    # check and apply, one event at a time, on each state of the legal prefix
    for before, event in zip(old.states, events, strict=False):
        assert engine.check(board, before, event) == oracle.check(board, before, event)
        try:
            was: Any = oracle.apply(board, before, event)
        except engine.CannotApply:
            with pytest.raises(engine.CannotApply):
                engine.apply(board, before, event)
            continue
        now = engine.apply(board, before, event)
        assert (now.state, now.moved) == (was.state, was.moved)
        ends = [None if a.year_end is None else (a.year_end.year, a.year_end.scores,
                                                 a.year_end.final) for a in (now, was)]
        assert ends[0] == ends[1]  # the oracle's YearEnd is its own class: compared by field


@pytest.mark.parametrize("seed", range(GAMES))
def test_the_table_referee_agrees_with_the_frozen_one(board: Board, seed: int) -> None:
    setup, events = simulated(board, seed)
    compare(board, setup, events)


@pytest.mark.parametrize("seed", range(GAMES))
def test_they_agree_on_broken_logs_too(board: Board, seed: int) -> None:
    setup, events = simulated(board, 10_000 + seed)
    rng = random.Random(seed)
    for _ in range(8):
        compare(board, setup, mutated(events, rng, (*setup.players, "Nobody")))
