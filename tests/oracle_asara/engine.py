"""The referee: ``check`` says whether an event is legal in a state, ``apply`` performs it,
``replay`` folds a whole log (RULES.md R2-R6).

``check`` and ``apply`` are kept apart on purpose (as a chess library keeps "is it legal?"
apart from "push it"): a validator collects violations, a recorder refuses, and a replay can
keep going past an illegal event to list later problems without trusting them.

Where things are: a turn's placement in ``turn.py``, each area's action in ``areas/``, the
Caliph's gifts in ``gifts.py``, the year end in ``yearend.py``, the facts (displays,
checkpoints) here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import assert_never

from asara_cli.core.findings import (
    CHECKPOINT,
    ERROR,
    NOTE,
    WARNING,
    CannotApply,
    Violation,
    errors,
)
from asara_cli.core.names import same_name
from asara_cli.core.values import evolve, frozen
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import Checkpoint, Display, Event, GiftsDealt, Turn
from asara_cli.games.asara.rules.model import Variant
from asara_cli.games.asara.rules.scoring import FinalEvaluation, winners
from asara_cli.games.asara.rules.state import (
    KNOWN_EXPANSIONS,
    SUPPORTED_EXPANSIONS,
    GameState,
    LedgerEntry,
    PlayerState,
    Setup,
    missing,
    sorted_tiles,
)
from asara_cli.games.asara.rules.text import plural, tower_name
from tests.oracle_asara import gifts
from tests.oracle_asara.start import start_state
from tests.oracle_asara.turn import Prepared, apply_turn, check_turn, examine_turn
from tests.oracle_asara.yearend import YearEnd, next_turn

__all__ = ["CHECKPOINT", "ERROR", "NOTE", "WARNING", "Applied", "CannotApply", "Replay",
           "Violation", "YearEnd", "apply", "check", "check_setup", "errors", "plural",
           "replay", "tower_name"]


# --- check ----------------------------------------------------------------------------------


def check(board: Board, state: GameState, event: Event) -> tuple[Violation, ...]:
    """Everything wrong (and noteworthy) about ``event`` in ``state``; empty when clean."""
    number = state.events + 1
    match event:
        case Turn():
            return check_turn(board, state, event, number)
        case Display():
            return _check_display(state, event, number)
        case GiftsDealt():
            return gifts.check_deal(board, state, event, number)
        case Checkpoint():
            return _check_checkpoint(state, event, number)
        case _:
            assert_never(event)


def _check_display(state: GameState, event: Display, number: int) -> tuple[Violation, ...]:
    out = []
    for section, tiles in event.areas:
        market = state.market(section)
        wrong = [t for t in tiles if t.section != section]
        if wrong:
            out.append(Violation(number, None, "R3.1",
                                 f"the {section} display cannot show a {wrong[0]}"))
            continue
        if len(tiles) != market.count:
            out.append(Violation(number, None, "R3.1",
                                 f"the {section} display should hold "
                                 f"{plural(market.count, 'tile')}; {len(tiles)} are listed"))
            continue
        if market.shown is not None:
            if Counter(market.shown) != Counter(tiles):
                shown = ", ".join(str(t) for t in market.shown) or "nothing"
                out.append(Violation(number, None, "R3.1",
                                     f"the {section} display is known to show {shown}"))
            continue
        gone = missing(tiles, market.carried)
        if gone:
            out.append(Violation(number, None, "R3.1",
                                 f"the {section} display still holds the unsold {gone[0]} "
                                 f"from last year, and it is not listed"))
    return tuple(out)


def _check_checkpoint(state: GameState, event: Checkpoint, number: int
                      ) -> tuple[Violation, ...]:
    out = []
    for what, pairs in (("prestige", event.prestige), ("money", event.money)):
        for name, shown in pairs:
            seat = state.seat(name)
            if seat is None:
                out.append(Violation(number, name, CHECKPOINT, f"no player is named {name!r}"))
                continue
            if what == "prestige":
                have = state.prestige(seat)
                if have != shown:
                    out.append(Violation(
                        number, name, CHECKPOINT,
                        f"the prestige track shows {name} at {shown}; the moves recorded give "
                        f"{have} (a difference of {shown - have:+d})"))
            else:
                have = state.players[seat].money
                if have != shown:
                    out.append(Violation(
                        number, name, CHECKPOINT,
                        f"{name} counts {shown} Asari; the moves recorded give {have} "
                        f"(a difference of {shown - have:+d})"))
    return tuple(out)


# --- apply ----------------------------------------------------------------------------------


@frozen
class Applied:
    """What an event did: ``moved`` is the state right after it, ``state`` the state after
    the year end it may have triggered (``year_end``); the same when there was none."""

    state: GameState
    moved: GameState
    year_end: YearEnd | None = None


def apply(board: Board, state: GameState, event: Event) -> Applied:
    """Carry out ``event``. Does not check legality (call :func:`check` first); raises
    :class:`CannotApply` only when the event cannot be carried out at all."""
    if isinstance(event, Turn):
        return Applied(*_turn(board, state, event))
    done = _fact(state, event)
    return Applied(done, done)


def _turn(board: Board, state: GameState, event: Turn, prepared: Prepared | None = None
          ) -> tuple[GameState, GameState, YearEnd | None]:
    """A turn's state after any year end, its state before, and the year end."""
    moved, seat = apply_turn(board, state, event, prepared)
    if moved.turn != seat:  # passed already, to another player holding buyers
        return moved, moved, None
    after, year_end = next_turn(board, moved, seat)
    return after, moved, year_end


def _fact(state: GameState, event: Display | GiftsDealt | Checkpoint) -> GameState:
    """The state after a stated fact or a checkpoint (never a year end)."""
    match event:
        case Display():
            markets = state.markets
            for section, tiles in event.areas:
                m = next(x for x in markets if x.section == section)
                m = evolve(m, shown=sorted_tiles(tiles), carried=())
                markets = tuple(m if x.section == section else x for x in markets)
            done = evolve(state, markets=markets, events=state.events + 1)
        case GiftsDealt():
            done = evolve(gifts.apply_deal(state, event), events=state.events + 1)
        case Checkpoint():
            done = evolve(state, events=state.events + 1)
        case _:
            assert_never(event)
    return done


# --- setup and replay -----------------------------------------------------------------------


def check_setup(board: Board, setup: Setup) -> tuple[Violation, ...]:
    """Problems with the players, start player or expansions (event 0, the header)."""
    out = []
    n = len(setup.players)
    if not board.min_players <= n <= board.max_players:
        out.append(Violation(0, None, "R1", f"ASARA is for {board.min_players} to "
                                            f"{board.max_players} players, not {n}"))
    twice = same_name(setup.players)
    if twice:
        a, b = twice
        also = "" if a == b else f" and {b!r}"
        out.append(Violation(0, b, "R1", f"two players are named {a!r}{also} (names are "
                                         f"compared ignoring case)"))
    if n and not 0 <= setup.start < n:
        out.append(Violation(0, None, "R1", "the start player is not one of the players"))
    for x in setup.expansions:
        if x not in SUPPORTED_EXPANSIONS:
            what = KNOWN_EXPANSIONS.get(x)
            rule = "R6.1" if x == "gifts" else "R6.2" if x == "genie" else "R6"
            out.append(Violation(0, None, rule,
                                 f"the expansion {what or repr(x)} is not known"))
        if x == "genie" and setup.variant != Variant.PRO:
            out.append(Violation(0, None, "R6.2", "the Bottle Genie is only in the pro game"))
    if len(setup.buyers) > board.buyer_colours:
        out.append(Violation(0, None, "R1", f"buyers come in {board.buyer_colours} colours; "
                                            f"{len(setup.buyers)} are declared"))
    if len(set(setup.buyers)) < len(setup.buyers):
        out.append(Violation(0, None, "R1", "a buyer colour is declared twice"))
    return tuple(out)


@frozen
class Replay:
    """The result of replaying a log.

    ``states[i]`` is the state after event ``i`` (``states[0]`` before any event), for the
    legal prefix only: the list stops before the first illegal event (``stopped``).
    ``violations`` are the errors, the first ones with ``later=False``; ``notes`` are warnings
    and relaxed-check notes from the legal prefix."""

    states: tuple[GameState, ...]
    violations: tuple[Violation, ...]
    notes: tuple[Violation, ...]
    stopped: int | None

    @property
    def state(self) -> GameState:
        return self.states[-1]

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def complete(self) -> bool:
        """The game reached its final evaluation without an illegal event."""
        return self.stopped is None and self.state.over

    @property
    def ledger(self) -> tuple[LedgerEntry, ...]:
        return self.state.ledger

    @property
    def final(self) -> FinalEvaluation | None:
        return self.state.final

    def at(self, n: int) -> GameState:
        """The state after event ``n`` (0: before any), or the last legal one before it."""
        return self.states[max(0, min(n, len(self.states) - 1))]

    def totals(self) -> tuple[int, ...]:
        return self.state.prestige_all()

    def winners(self) -> tuple[int, ...]:
        return winners(self.totals()) if self.complete else ()


def replay(board: Board, setup: Setup, events: Sequence[Event]) -> Replay:
    """Fold ``events`` over the start state.

    The state stops at the first illegal event. Checking goes on past it on a shadow state
    that carries out the illegal event anyway; what it finds is marked ``later``. A checkpoint
    that disagrees is an error but not an illegal move, so the state goes on past it.
    """
    problems = check_setup(board, setup)
    state0 = start_state(board, setup) if not any(
        v.rule == "R1" for v in problems) else None
    if problems or state0 is None:
        empty = state0 or _empty_state(setup)
        return Replay((empty,), problems, (), 0)
    states = [state0]
    found: list[Violation] = []
    notes: list[Violation] = []
    stopped: int | None = None
    state = state0
    for event in events:
        number = state.events + 1
        # check(...), keeping what the check of a turn worked out for carrying it out
        prepared = None
        if isinstance(event, Turn):
            findings, prepared = examine_turn(board, state, event, number)
        else:
            findings = check(board, state, event)
        if findings:  # most events have none
            errs = errors(findings)
            if stopped is not None:
                found.extend(evolve(v, later=True) for v in errs)
            else:
                notes.extend(v for v in findings if not v.is_error)
                found.extend(errs)
                if any(v.rule != CHECKPOINT for v in errs):
                    stopped = number
        try:  # apply(...).state, without making an Applied for every event
            state = _turn(board, state, event, prepared)[0] if isinstance(
                event, Turn) else _fact(state, event)
        except CannotApply:
            state = evolve(state, events=number)
        if stopped is None:
            states.append(state)
    return Replay(tuple(states), tuple(found), tuple(notes), stopped)


def _empty_state(setup: Setup) -> GameState:
    return GameState(setup=setup, players=tuple(PlayerState(n, 0, 0) for n in setup.players),
                     year=1, turn=None, caliph=0, areas=(), markets=(), draw_pile=0,
                     lighted_stack=0)
