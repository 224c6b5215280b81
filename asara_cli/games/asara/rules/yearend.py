"""The turn passes clockwise; when every buyer is placed the year ends: the end-of-year
evaluation (R4), then the next year or, after the last, the final evaluation (R5)."""

from __future__ import annotations

from msgspec import Struct

from asara_cli.core.i18n import Later, Text, _
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.model import Variant
from asara_cli.games.asara.rules.scoring import (
    FinalEvaluation,
    FinalPosition,
    YearScore,
    final_evaluation,
    year_evaluation,
)
from asara_cli.games.asara.rules.state import LedgerEntry
from asara_cli.games.asara.rules.table import Table


class YearEnd(Struct, frozen=True):
    """What a year end did: the year evaluated, its scores, and after the last year the
    final evaluation."""

    year: int
    scores: tuple[YearScore, ...]
    final: FinalEvaluation | None = None


def next_turn(board: Board, state: Table, seat: int) -> YearEnd | None:
    """Clockwise to the next player holding buyers; when nobody does, the year ends (R2, R4)."""
    n = len(state.players)
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if state.players[nxt].buyers > 0:
            state.turn = nxt
            return None
    return end_year(board, state)


def end_year(board: Board, state: Table) -> YearEnd:
    """End-of-year evaluation (R4); then the next year, or the final evaluation (R5)."""
    year = state.year
    scores = year_evaluation(board, [p.towers for p in state.players], state.caliph)
    state.ledger += [LedgerEntry(s.player, s.points, "year", year, state.events,
                                 Later(_year_end_said, (year, s.said)))
                     for s in scores if s.points]
    state.year_scores.append(scores)
    if year >= board.years:
        final = final_evaluation(
            board, [FinalPosition(p.towers, max(0, p.money)) for p in state.players],
            pro=state.setup.variant == Variant.PRO)
        state.ledger += [LedgerEntry(a.player, a.points, "final", year, state.events,
                                     a.said, a.category)
                         for a in final.awards if a.points]
        state.final = final
        state.turn = None
        return YearEnd(year, scores, final)
    n = len(state.players)
    hand = board.hand_size[n]
    for m in state.markets.values():
        fill = min(board.display[m.section] - m.count, m.pile)
        if fill > 0:
            if m.shown is not None:
                m.carried = m.shown
            m.count += fill
            m.pile -= fill
            m.shown = None
    for p in state.players:
        p.money += board.yearly_money
        p.buyers = hand
    state.year = year + 1
    state.turn = state.caliph
    state.areas = {}
    state.draw_pile = board.buyers_total - hand * n
    state.label_counts = {}
    return YearEnd(year, scores)


def _year_end_said(year: int, scores: Text) -> str:
    return _("end of year {year}: {scores}").format(year=year, scores=scores)
