"""PEBBLES, the test suite's toy game: the referee (pure, standard library only).

P1  Two to four players sit in a ring; the game lasts ``rounds`` rounds.
P2  In a round each player places ``turns`` pebbles, one a turn, in seat order from the
    round's start player (the first player in round 1, the next seat in each round after).
P3  A pebble goes into a well of the board; a well holds one pebble a round.
P4  A pebble scores its well's value (``wells``). At a round's end, whoever scored most with
    that round's pebbles gets ``bonus`` points (``bonus``; tied players all get them). Most
    points wins; tied players share the win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from asara_cli.core.findings import ERROR, Verdicts, Violation


@dataclass(frozen=True, slots=True)
class Board:
    """The numbers of a table: each well's value, rounds, pebbles a player places a round,
    the round bonus."""

    wells: tuple[int, ...]
    rounds: int
    turns: int
    bonus: int


def board_from_mapping(data: Mapping[str, object]) -> Board:
    """A board from a parsed profile; ``ValueError`` names what is wrong."""
    wells = data.get("wells")
    if not (isinstance(wells, list) and wells
            and all(type(w) is int and w > 0 for w in wells)):
        raise ValueError("wells: expected a list of positive whole numbers")
    numbers = {}
    for key in ("rounds", "turns", "bonus"):
        value = data.get(key)
        if type(value) is not int or value < 1:
            raise ValueError(f"{key}: expected a positive whole number")
        numbers[key] = value
    if numbers["turns"] * 4 > len(wells):
        raise ValueError("wells: four players need a well for each pebble of a round")
    return Board(tuple(wells), numbers["rounds"], numbers["turns"], numbers["bonus"])


@dataclass(frozen=True, slots=True)
class Setup:
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Place:
    """The one event: ``player`` puts a pebble into well ``well`` (counted from 1)."""

    player: str
    well: int


@dataclass(frozen=True, slots=True)
class Point:
    """A ledger line: ``player`` (a seat) got ``points`` in ``round`` from ``source``."""

    round: int
    event: int | None
    player: int
    points: int
    source: str
    explanation: str


@dataclass(frozen=True, slots=True)
class State:
    players: tuple[str, ...]
    round: int = 1
    placed: int = 0  # pebbles placed in this round
    taken: tuple[int, ...] = ()  # wells holding a pebble in this round
    ledger: tuple[Point, ...] = field(default=())
    events: int = 0  # events carried out
    over: bool = False

    @property
    def to_move(self) -> int | None:
        """The seat of the player to move; ``None`` once the last round is over."""
        if self.over:
            return None
        return (self.round - 1 + self.placed) % len(self.players)

    def totals(self) -> list[int]:
        totals = [0] * len(self.players)
        for p in self.ledger:
            totals[p.player] += p.points
        return totals


def check(board: Board, state: State, event: Place) -> list[Violation]:
    number = state.events + 1
    seat = state.to_move
    if seat is None:
        return [Violation(number, event.player, "P1", "the game is over")]
    if event.player != state.players[seat]:
        return [Violation(number, event.player, "P2",
                          f"it is {state.players[seat]}'s turn, not {event.player}'s")]
    if not 1 <= event.well <= len(board.wells):
        return [Violation(number, event.player, "P3",
                          f"there is no well {event.well} (wells 1 to {len(board.wells)})")]
    if event.well in state.taken:
        return [Violation(number, event.player, "P3",
                          f"well {event.well} already holds a pebble this round")]
    return []


def apply(board: Board, state: State, event: Place) -> State:
    number = state.events + 1
    seat = state.players.index(event.player)
    value = board.wells[event.well - 1]
    ledger = (*state.ledger, Point(state.round, number, seat, value, "wells",
                                   f"a pebble in well {event.well}"))
    placed = state.placed + 1
    if placed < len(state.players) * board.turns:
        return replace(state, placed=placed, taken=(*state.taken, event.well), ledger=ledger,
                       events=number)
    this_round = [0] * len(state.players)
    for p in ledger:
        if p.round == state.round and p.source == "wells":
            this_round[p.player] += p.points
    best = max(this_round)
    bonus = tuple(Point(state.round, None, s, board.bonus, "bonus",
                        f"most from round {state.round}'s pebbles ({best})")
                  for s, v in enumerate(this_round) if v == best)
    return replace(state, round=state.round + 1, placed=0, taken=(),
                   ledger=(*ledger, *bonus), events=number,
                   over=state.round == board.rounds)


class Played:
    """A replayed log: the findings (:class:`~asara_cli.games.base.Outcome`) and the state
    after every event of the legal prefix."""

    def __init__(self, board: Board, setup: Setup, events: Sequence[Place]) -> None:
        self.board, self.setup = board, setup
        verdicts = Verdicts()
        state = State(setup.players)
        self.states = [state]
        if not 2 <= len(setup.players) <= 4:
            verdicts.add(0, [Violation(0, None, "P1", f"{len(setup.players)} players: "
                                                      "PEBBLES is for 2 to 4")])
        for number, event in enumerate(events, 1):
            if verdicts.stopped is not None:
                break
            if event.player not in setup.players:
                found = [Violation(number, event.player, "P1", "not one of the players")]
            else:
                found = check(board, state, event)
            if found:
                verdicts.add(number, found)
                continue
            state = apply(board, state, event)
            self.states.append(state)
        self.violations = tuple(verdicts.violations)
        self.notes = tuple(verdicts.notes)
        self.stopped = verdicts.stopped
        self.state = state

    @property
    def valid(self) -> bool:
        return not any(v.severity == ERROR for v in self.violations)

    @property
    def complete(self) -> bool:
        return self.valid and self.state.over

    def at(self, number: int) -> State:
        """The state after event ``number``, or the last legal one before it."""
        return self.states[max(0, min(number, len(self.states) - 1))]

    def winners(self) -> tuple[int, ...]:
        if not self.complete:
            return ()
        totals = self.state.totals()
        return tuple(s for s, t in enumerate(totals) if t == max(totals))


def simulate(board: Board, seed: int, players: Sequence[str]) -> tuple[Place, ...]:
    """A complete legal game: each pebble into a free well picked by a small generator of
    the seed (the same seed, the same game)."""
    import random

    rng = random.Random(seed)
    state, events = State(tuple(players)), []
    while (seat := state.to_move) is not None:
        free = [w for w in range(1, len(board.wells) + 1) if w not in state.taken]
        event = Place(state.players[seat], rng.choice(free))
        events.append(event)
        state = apply(board, state, event)
    return tuple(events)
