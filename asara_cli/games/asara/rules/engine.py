"""The referee: ``check`` says whether an event is legal in a state, ``apply`` performs it,
``replay`` folds a whole log (RULES.md R2-R6).

``check`` and ``apply`` are kept apart on purpose (as a chess library keeps "is it legal?"
apart from "push it"): a validator collects violations, a recorder refuses, and a replay can
keep going past an illegal event to list later problems without trusting them.

Both work on one mutable table (``table.py``) that a replay changes in place, event after
event; callers get frozen states (``GameState``), made only where they ask for one.

Where things are: a turn's placement in ``turn.py``, each area's action in ``areas/``, the
Caliph's gifts in ``gifts.py``, the year end in ``yearend.py``, the facts (displays,
checkpoints) here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from msgspec import Struct

from asara_cli.core.findings import (
    CHECKPOINT,
    ERROR,
    NOTE,
    WARNING,
    CannotApply,
    Verdicts,
    Violation,
    errors,
)
from asara_cli.core.i18n import N_, _, ngettext
from asara_cli.core.names import same_name
from asara_cli.games.asara.rules import gifts, terms
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import Checkpoint, Display, Event, GiftsDealt, Turn
from asara_cli.games.asara.rules.model import Variant
from asara_cli.games.asara.rules.scoring import FinalEvaluation
from asara_cli.games.asara.rules.state import (
    KNOWN_EXPANSIONS,
    SUPPORTED_EXPANSIONS,
    TILES_OF,
    GameState,
    LedgerEntry,
    PlayerState,
    Setup,
    missing,
    sorted_tiles,
    start_state,
)
from asara_cli.games.asara.rules.table import Table, new_table, snapshot, thaw
from asara_cli.games.asara.rules.turn import Findings, apply_turn, check_turn, play_turn
from asara_cli.games.asara.rules.yearend import YearEnd, next_turn
from asara_cli.games.base import Replayed

__all__ = ["CHECKPOINT", "ERROR", "NOTE", "WARNING", "Applied", "CannotApply", "Replay",
           "Violation", "YearEnd", "apply", "check", "check_setup", "errors", "replay"]


# --- check ----------------------------------------------------------------------------------


def check(board: Board, state: GameState | Table, event: Event) -> tuple[Violation, ...]:
    """Everything wrong (and noteworthy) about ``event`` in ``state``; empty when clean.
    ``state`` is left as it was."""
    if isinstance(state, GameState):
        state = thaw(state)
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


def _check_display(state: Table, event: Display, number: int) -> tuple[Violation, ...]:
    out = []
    for section, tiles in event.areas:
        market = state.market(section)
        if not TILES_OF[section].issuperset(tiles):
            w = next(t for t in tiles if t.section != section)
            out.append(Violation(number, None, "R3.1", _(
                "the {section} display cannot show {a_tile}").format(
                section=terms.section(section), a_tile=terms.a_tile(w.section, w.colour, w.gold))))
            continue
        if len(tiles) != market.count:
            out.append(Violation(number, None, "R3.1", ngettext(
                "the {section} display should hold {n} tile; {listed} are listed",
                "the {section} display should hold {n} tiles; {listed} are listed",
                market.count).format(section=terms.section(section), n=market.count,
                                     listed=len(tiles))))
            continue
        if market.shown is not None:
            # as multisets: one order for both (each tile has its own place in it)
            if sorted_tiles(market.shown) != sorted_tiles(tiles):
                shown = ", ".join(terms.tile(t.section, t.colour, t.gold)
                                  for t in market.shown) or _("nothing")
                out.append(Violation(number, None, "R3.1", _(
                    "the {section} display is known to show {tiles}").format(
                    section=terms.section(section), tiles=shown)))
            continue
        gone = missing(tiles, market.carried)
        if gone:
            g = gone[0]
            out.append(Violation(number, None, "R3.1", _(
                "the {section} display still holds the unsold {tile} from last year, and it "
                "is not listed").format(section=terms.section(section),
                                        tile=terms.tile(g.section, g.colour, g.gold))))
    return tuple(out)


def _check_checkpoint(state: Table, event: Checkpoint, number: int
                      ) -> tuple[Violation, ...]:
    out = []
    prestige = state.prestige_all() if event.prestige else ()
    money = [p.money for p in state.players] if event.money else []
    for said, pairs, counted in ((_PRESTIGE_SHOWN, event.prestige, prestige),
                                 (_MONEY_COUNTED, event.money, money)):
        for name, shown in pairs:
            seat = state.seats.get(name)  # as the header writes it, nearly always
            if seat is None and (seat := state.seat(name)) is None:
                out.append(Violation(number, name, CHECKPOINT, _(
                    "no player is named {name}").format(name=repr(name))))
            elif counted[seat] != shown:
                have = counted[seat]
                out.append(Violation(number, name, CHECKPOINT, _(said).format(
                    player=name, shown=shown, have=have, difference=f"{shown - have:+d}")))
    return tuple(out)


_PRESTIGE_SHOWN = N_("the prestige track shows {player} at {shown}; the moves recorded give "
                     "{have} (a difference of {difference})")
_MONEY_COUNTED = N_("{player} counts {shown} Asari; the moves recorded give {have} (a "
                    "difference of {difference})")


# --- apply ----------------------------------------------------------------------------------


class Applied(Struct, frozen=True):
    """What an event did: ``moved`` is the state right after it, ``state`` the state after
    the year end it may have triggered (``year_end``); the same when there was none."""

    state: GameState
    moved: GameState
    year_end: YearEnd | None = None


def apply(board: Board, state: GameState, event: Event) -> Applied:
    """Carry out ``event`` on a frozen state (the table of :func:`carry_out`, thawed and
    frozen again). Does not check legality (call :func:`check` first); raises
    :class:`CannotApply` only when the event cannot be carried out at all."""
    t = thaw(state)
    if not isinstance(event, Turn):
        _fact(t, event)
    elif t.turn == (seat := apply_turn(board, t, event)):  # else passed to another already
        moved = snapshot(t)
        year_end = next_turn(board, t, seat)
        return Applied(snapshot(t), moved, year_end)
    done = snapshot(t)
    return Applied(done, done)


def carry_out(board: Board, t: Table, event: Event) -> YearEnd | None:
    """Carry out ``event`` on the table in place, and the year end it may trigger. An
    event that cannot be carried out at all changes nothing but the count of events."""
    if not isinstance(event, Turn):
        _fact(t, event)
        return None
    return _turn_done(board, t, play_turn(board, t, event, t.events + 1, Findings(None), True))


def _turn_done(board: Board, t: Table, seat: int | None) -> YearEnd | None:
    """After a turn carried out by ``seat`` (``None``: it could not be, and only counts as
    an event): the turn passes on, or the year ends."""
    if seat is None:
        t.events += 1
        return None
    if t.turn != seat:  # passed already, to another player holding buyers
        return None
    return next_turn(board, t, seat)


def _fact(t: Table, event: Display | GiftsDealt | Checkpoint) -> None:
    """A stated fact or a checkpoint (never a year end)."""
    match event:
        case Display():
            for section, tiles in event.areas:
                m = t.markets[section]
                m.shown = list(sorted_tiles(tiles))
                m.carried = []
        case GiftsDealt():
            gifts.apply_deal(t, event)
        case Checkpoint():
            pass
        case _:
            assert_never(event)
    t.events += 1


# --- setup and replay -----------------------------------------------------------------------


def check_setup(board: Board, setup: Setup) -> tuple[Violation, ...]:
    """Problems with the players, start player or expansions (event 0, the header)."""
    out = []
    n = len(setup.players)
    if not board.min_players <= n <= board.max_players:
        out.append(Violation(0, None, "R1", _(
            "ASARA is for {least} to {most} players, not {n}").format(
            least=board.min_players, most=board.max_players, n=n)))
    twice = same_name(setup.players)
    if twice:
        a, b = twice
        if a == b:
            text = _("two players are named {name} (names are compared ignoring case)")
        else:
            text = _("two players are named {name} and {other} (names are compared ignoring "
                     "case)")
        out.append(Violation(0, b, "R1", text.format(name=repr(a), other=repr(b))))
    if n and not 0 <= setup.start < n:
        out.append(Violation(0, None, "R1", _("the start player is not one of the players")))
    for x in setup.expansions:
        if x not in SUPPORTED_EXPANSIONS:
            what = terms.expansion(x) if x in KNOWN_EXPANSIONS else repr(x)
            rule = "R6.1" if x == "gifts" else "R6.2" if x == "genie" else "R6"
            out.append(Violation(0, None, rule, _("the expansion {expansion} is not "
                                                  "known").format(expansion=what)))
        if x == "genie" and setup.variant != Variant.PRO:
            out.append(Violation(0, None, "R6.2",
                                 _("the Bottle Genie is only in the pro game")))
    if len(setup.buyers) > board.buyer_colours:
        declared = ngettext("{declared} is declared", "{declared} are declared",
                            len(setup.buyers)).format(declared=len(setup.buyers))
        out.append(Violation(0, None, "R1", ngettext(
            "buyers come in {colours} colour; {declared}",
            "buyers come in {colours} colours; {declared}",
            board.buyer_colours).format(colours=board.buyer_colours, declared=declared)))
    if len(set(setup.buyers)) < len(setup.buyers):
        out.append(Violation(0, None, "R1", _("a buyer colour is declared twice")))
    return tuple(out)


class Replay(Replayed[Board, Setup, Event, GameState], frozen=True):
    """ASARA's replay of a log (:class:`~asara_cli.games.base.Replayed`); ``replay(...,
    states=True)`` keeps every state at once."""

    def again(self, events: Sequence[Event], states: bool = False) -> Replay:
        return replay(self.board, self.setup, events, states=states)

    def totals(self) -> tuple[int, ...]:
        return self.state.prestige_all()

    @property
    def ledger(self) -> tuple[LedgerEntry, ...]:
        return self.state.ledger

    @property
    def final(self) -> FinalEvaluation | None:
        return self.state.final


def replay(board: Board, setup: Setup, events: Sequence[Event], *, states: bool = False
           ) -> Replay:
    """Fold ``events`` over the start state, on one table changed in place; frozen states
    are made at the end (and after every event of the legal prefix with ``states=True``).

    The state stops at the first illegal event. Checking goes on past it on a shadow table
    that carries out the illegal event anyway; what it finds is marked ``later``. A checkpoint
    that disagrees is an error but not an illegal move, so the state goes on past it.
    """
    events = tuple(events)
    problems = check_setup(board, setup)
    if problems:
        empty = (_empty_state(setup) if any(v.rule == "R1" for v in problems)
                 else start_state(board, setup))
        return Replay(empty, problems, (), 0, board, setup, events,
                      (empty,) if states else ())
    t = new_table(board, setup)
    kept = [snapshot(t)] if states else []
    verdicts = Verdicts()
    out: list[Violation] = []
    report = Findings(out)
    for event in events:
        number = t.events + 1
        if isinstance(event, Turn):  # checked and carried out in one walk
            seat = play_turn(board, t, event, number, report, True)
            if seat is None or t.turn == seat:  # (_turn_done, without the call: most turns)
                _turn_done(board, t, seat)
            if out:  # most turns have no findings
                verdicts.add(number, out)
                out.clear()
        else:
            findings = check(board, t, event)
            _fact(t, event)
            if findings:
                verdicts.add(number, findings)
        if states and verdicts.stopped is None:
            kept.append(snapshot(t))
    return Replay.made(verdicts, kept, t, board, setup, events, new_table, carry_out, snapshot)


def _empty_state(setup: Setup) -> GameState:
    return GameState(setup=setup, players=tuple(PlayerState(n, 0, 0) for n in setup.players),
                     year=1, turn=None, caliph=0, areas=(), markets=(), draw_pile=0,
                     lighted_stack=0)
