"""What the table sees after a recorded move: one compact line, the end-of-year evaluation,
and after year four the final evaluation (RULES.md R2-R5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asara_cli.core import i18n
from asara_cli.core.i18n import _, ngettext, pgettext
from asara_cli.core.words import both
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.areas import kind_of
from asara_cli.games.asara.rules.areas.building import grown
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import Applied
from asara_cli.games.asara.rules.events import (
    PAIR,
    Build,
    Checkpoint,
    Display,
    Event,
    GiftsDealt,
    Turn,
    gold_text,
)
from asara_cli.games.asara.rules.gifts import use_words
from asara_cli.games.asara.rules.model import Variant
from asara_cli.games.asara.rules.state import GameState
from asara_cli.render.tables import group, rich_text, table

if TYPE_CHECKING:  # rich is imported where a year's end is drawn: a move's line needs none
    from rich.console import RenderableType
    from rich.text import Text


def move_text(board: Board, event: Event) -> str:
    """What an event did, in words: ``Tina buys a gold black window for 6 (a blue buyer,
    window market)``."""
    if isinstance(event, Display):
        shown = "; ".join(
            "{}: {}".format(terms.section(s),
                            ", ".join(_tile(t.colour, t.gold) for t in tiles) or _("empty"))
            for s, tiles in event.areas)
        return _("display stated: {display}").format(display=shown)
    if isinstance(event, GiftsDealt):
        return _("gifts dealt: {gifts}").format(gifts=_gifts_text(event.gifts))
    if isinstance(event, Checkpoint):
        parts = [f"{n} {v}" for n, v in event.prestige]
        parts += [_("{player} {n} Asari").format(player=n, n=v) for n, v in event.money]
        return _("checkpoint: {values}").format(values=", ".join(parts))
    p = event.placement
    buyer = (pgettext("buyer", "a face-down buyer") if p.buyer is None else
             pgettext("buyer", "a pair") if p.buyer == PAIR else terms.buyer(p.buyer))
    text = kind_of(event.action).text(board, p.player, p.space, event.action, buyer)
    if event.gifts:
        text = ngettext("{move}; gift first: {gifts}", "{move}; gifts first: {gifts}",
                        len(event.gifts)).format(move=text,
                                                 gifts=", ".join(map(use_words, event.gifts)))
    return text


def _tile(colour: object, gold: bool) -> str:
    """A tile of a display as stated: its colour, with gold (``gold black``)."""
    if i18n.language() == i18n.SOURCE:
        return gold_text(colour, gold)  # type: ignore[arg-type]
    word = terms.colour(str(colour))
    return _("{colour} with gold").format(colour=word) if gold else word


def _gifts_text(gifts: Any) -> str:
    """``bank 1: asari 4; tent 2: buyer``: gifts by area and space."""
    from asara_cli.games.asara.words import area_word

    return "; ".join(f"{area_word(a)} {s}: {terms.gift(g.kind, g.amount, g.section)}"
                     for a, s, g in gifts)


def result_line(board: Board, before: GameState, done: Applied, event: Event,
                numbered: bool = True) -> str:
    """What a recorded move did, in at most two lines: the move, mover first (with a tower's
    new height and a buyer colour new to the game) and its event number, then the mover's
    money, prestige and buyers after it (before any end-of-year evaluation it triggered) and
    who moves next, with theirs."""
    after = done.moved
    first = move_text(board, event)
    number = "; " + _("event #{n}").format(n=after.events) if numbered else ""
    if isinstance(event, Checkpoint):  # recorded only when it agrees: say so
        first += " " + _("(agrees with the moves recorded)")
    if isinstance(event, GiftsDealt):
        # a gift nobody claimed stays, and the deal adds one to its space (R6.1): say so
        dealt = {(a, s) for a, s, _ in event.gifts}
        left = [(a, s, g) for a, s, g in before.gifts if (a, s) in dealt]
        if left:
            first += " " + _("(also there, left from last year: {gifts})").format(
                gifts=_gifts_text(left))
    if not isinstance(event, Turn):
        return first + number + _next(done, "\n   ")
    seat = after.seat(event.placement.player)
    assert seat is not None
    p = after.players[seat]
    notes: list[str] = []
    action = event.carried_out
    if isinstance(action, Build):
        notes += grown(p, action, new=False)  # a new tower's parts already say its height
    new = [x for x in after.labels if x not in before.labels]
    if new and not after.setup.buyers:
        notes.append(_("new buyer colour {label}: {n} of {total}").format(
            label=terms.buyer_colour(new[0]), n=len(after.labels), total=board.buyer_colours))
    if notes:
        first += f" ({'; '.join(notes)})"
    first += number
    second = "   " + ngettext("{player}: {money} Asari, {prestige} prestige, {n} buyer.",
                             "{player}: {money} Asari, {prestige} prestige, {n} buyers.",
                             p.buyers).format(player=p.name, money=p.money,
                                              prestige=after.prestige(seat), n=p.buyers)
    return f"{first}\n{second}{_next(done, ' ')}"


def _next(done: Applied, sep: str) -> str:
    """`` Next: Paul (22 Asari, 4 buyers).``, or nothing when the year or the game ended."""
    state = done.state
    if done.year_end is not None or state.turn is None:
        return ""
    q = state.players[state.turn]
    return sep + ngettext("Next: {player}, {money} Asari, {n} buyer.",
                          "Next: {player}, {money} Asari, {n} buyers.",
                          q.buyers).format(player=q.name, money=q.money, n=q.buyers)


def year_end_view(board: Board, done: Applied) -> RenderableType:
    """The end-of-year evaluation just done (R4), then the next year's start or, after the
    last year, a short final summary (R5); ``asara score`` keeps the full explanation."""
    assert done.year_end is not None
    after = done.state
    year = done.year_end.year
    scores = done.year_end.scores
    names = [p.name for p in after.players]
    pro = after.setup.variant == Variant.PRO
    last = after.final is not None
    # the money the players hold now: with the next year's income, except after the last year
    money = _("Asari") if last else _("Asari (+{n})").format(n=board.yearly_money)
    parts: list[RenderableType] = [rich_text(_("End of year {year}: evaluation (R4)").format(
        year=year), style="bold")]
    columns: list[str | tuple[str, str]] = [_("player"), (_("towers"), "right"),
                                            (_("gold"), "right")]
    columns += [(_("lighted"), "right")] if pro else []
    columns += [(_("Caliph"), "right"), (_("points"), "right"), (_("prestige"), "right"),
                (money, "right")]
    scored = table(*columns)
    for s in scores:
        row: list[Text | str] = [rich_text(names[s.player]), str(s.towers), str(s.gold)]
        row += [str(s.lighted)] if pro else []
        row += ["1" if s.caliph else "-", f"+{s.points}",
                str(after.prestige_before_final(s.player)),
                str(after.players[s.player].money)]
        scored.add_row(*row)
    parts.append(scored)
    if not last:
        starter = names[after.turn] if after.turn is not None else "-"
        parts.append(rich_text(_(
            "Year {year} of {years}: everyone took {money} Asari and a new hand; {player} "
            "starts (Caliph's patronage). The displays are refilled: `asara display ...` "
            "records them (optional).").format(year=after.year, years=board.years,
                                               money=board.yearly_money, player=starter)))
        return group(parts)
    return group([*parts, final_summary(after)])


def final_summary(state: GameState) -> RenderableType:
    """After the last year: per player the prestige before the final evaluation, what it
    gave and the total, best first, and the winner(s)."""
    assert state.final is not None
    names = [p.name for p in state.players]
    totals = state.prestige_all()
    ranked = table(_("player"), (_("before"), "right"), (_("final"), "right"),
                   (_("total"), "right"), "", title=_("Final evaluation (R5)"))
    best = max(totals)
    for seat in sorted(range(len(names)), key=lambda x: -totals[x]):
        before = state.prestige_before_final(seat)
        mark = pgettext("winner mark", "wins") if totals[seat] == best else ""
        ranked.add_row(rich_text(names[seat]), str(before), f"+{totals[seat] - before}",
                       str(totals[seat]), mark)
    winners = [names[s] for s in range(len(names)) if totals[s] == best]
    if len(winners) == 1:
        verdict = _("{player} wins with {points}. Every award and its arithmetic: "
                    "asara score.").format(player=winners[0], points=best)
    else:
        verdict = _("{players} share the win with {points}. Every award and its "
                    "arithmetic: asara score.").format(
                        players=both(winners), points=best)
    return group([ranked, rich_text(verdict)])
