"""What the table sees after a recorded move: one compact line, the end-of-year evaluation,
and after year four the final evaluation (RULES.md R2-R5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
    Placement,
    Turn,
    gold_text,
)
from asara_cli.games.asara.rules.gifts import use_text
from asara_cli.games.asara.rules.model import Variant
from asara_cli.games.asara.rules.state import GameState
from asara_cli.games.asara.rules.text import a_buyer, plural

if TYPE_CHECKING:  # rich is imported where a year's end is drawn: a move's line needs none
    from rich.console import RenderableType
    from rich.table import Table


def buyer_text(p: Placement) -> str:
    if p.buyer is None:
        return "a face-down buyer"
    if p.buyer == PAIR:
        return "a pair"
    return a_buyer(p.buyer)


def move_text(board: Board, event: Event) -> str:
    """What an event did, in words: ``Tina buys a gold black window for 6 (a blue buyer,
    window market)``."""
    if isinstance(event, Display):
        shown = "; ".join(
            f"{s}: {', '.join(gold_text(t.colour, t.gold) for t in tiles) or 'empty'}"
            for s, tiles in event.areas)
        return f"display stated: {shown}"
    if isinstance(event, GiftsDealt):
        return "gifts dealt: " + "; ".join(f"{a} {s}: {g}" for a, s, g in event.gifts)
    if isinstance(event, Checkpoint):
        parts = [f"{n} {v}" for n, v in event.prestige]
        parts += [f"{n} {v} Asari" for n, v in event.money]
        return f"checkpoint: {', '.join(parts)}"
    p = event.placement
    text = kind_of(event.action).text(board, p.player, p.space, event.action, buyer_text(p))
    if event.gifts:
        gifts = "gift" if len(event.gifts) == 1 else "gifts"
        text += f"; {gifts} first: {', '.join(map(use_text, event.gifts))}"
    return text


def result_line(board: Board, before: GameState, done: Applied, event: Event,
                numbered: bool = True) -> str:
    """What a recorded move did, in at most two lines: the move, mover first (with a tower's
    new height and a buyer colour new to the game) and its event number, then the mover's
    money, prestige and buyers after it (before any end-of-year evaluation it triggered) and
    who moves next, with theirs."""
    after = done.moved
    first = move_text(board, event)
    number = f"; event #{after.events}" if numbered else ""
    if isinstance(event, Checkpoint):  # recorded only when it agrees: say so
        first += " (agrees with the moves recorded)"
    if isinstance(event, GiftsDealt):
        # a gift nobody claimed stays, and the deal adds one to its space (R6.1): say so
        dealt = {(a, s) for a, s, _ in event.gifts}
        left = [f"{a} {s}: {g}" for a, s, g in before.gifts if (a, s) in dealt]
        if left:
            first += f" (also there, left from last year: {'; '.join(left)})"
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
        notes.append(f"new buyer colour {new[0]}: {len(after.labels)} of "
                     f"{board.buyer_colours}")
    if notes:
        first += f" ({'; '.join(notes)})"
    first += number
    second = (f"   {p.name}: {p.money} Asari, {after.prestige(seat)} prestige, "
              f"{plural(p.buyers, 'buyer')}.")
    return f"{first}\n{second}{_next(done, ' ')}"


def _next(done: Applied, sep: str) -> str:
    """`` Next: Paul (22 Asari, 4 buyers).``, or nothing when the year or the game ended."""
    state = done.state
    if done.year_end is not None or state.turn is None:
        return ""
    q = state.players[state.turn]
    return f"{sep}Next: {q.name}, {q.money} Asari, {plural(q.buyers, 'buyer')}."


def year_end_view(board: Board, done: Applied) -> RenderableType:
    """The end-of-year evaluation just done (R4), then the next year's start or, after the
    last year, a short final summary (R5); ``asara score`` keeps the full explanation."""
    from rich.console import Group
    from rich.text import Text

    assert done.year_end is not None
    after = done.state
    year = done.year_end.year
    scores = done.year_end.scores
    names = [p.name for p in after.players]
    pro = after.setup.variant == Variant.PRO
    last = after.final is not None
    # the money the players hold now: with the next year's income, except after the last year
    money = "Asari" if last else f"Asari (+{board.yearly_money})"
    parts: list[RenderableType] = [Text(f"End of year {year}: evaluation (R4)", style="bold")]
    table = _table()
    columns = [("player", "left"), ("towers", "right"), ("gold", "right")]
    columns += [("lighted", "right")] if pro else []
    columns += [("Caliph", "right"), ("points", "right"), ("prestige", "right"),
                (money, "right")]
    for col, justify in columns:
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    for s in scores:
        row: list[Text | str] = [Text(names[s.player]), str(s.towers), str(s.gold)]
        row += [str(s.lighted)] if pro else []
        row += ["1" if s.caliph else "-", f"+{s.points}",
                str(after.prestige_before_final(s.player)),
                str(after.players[s.player].money)]
        table.add_row(*row)
    parts.append(table)
    if not last:
        starter = names[after.turn] if after.turn is not None else "-"
        parts.append(Text(
            f"Year {after.year} of {board.years}: everyone took {board.yearly_money} Asari "
            f"and a new hand; {starter} starts (Caliph's patronage). The displays are "
            f"refilled: `asara display ...` records them (optional)."))
        return Group(*parts)
    return Group(*parts, final_summary(after))


def final_summary(state: GameState) -> RenderableType:
    """After the last year: per player the prestige before the final evaluation, what it
    gave and the total, best first, and the winner(s)."""
    from rich.console import Group
    from rich.text import Text

    assert state.final is not None
    names = [p.name for p in state.players]
    totals = state.prestige_all()
    table = _table(title="Final evaluation (R5)", title_justify="left")
    for col, justify in (("player", "left"), ("before", "right"), ("final", "right"),
                         ("total", "right"), ("", "left")):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    best = max(totals)
    for seat in sorted(range(len(names)), key=lambda x: -totals[x]):
        before = state.prestige_before_final(seat)
        table.add_row(Text(names[seat]), str(before), f"+{totals[seat] - before}",
                      str(totals[seat]), "wins" if totals[seat] == best else "")
    winners = [names[s] for s in range(len(names)) if totals[s] == best]
    verdict = (f"{winners[0]} wins with {best}." if len(winners) == 1 else
               f"{' and '.join(winners)} share the win with {best}.")
    return Group(table, Text(f"{verdict} Every award and its arithmetic: asara score."))


def _table(**options: Any) -> Table:
    """A table as the year ends draw them."""
    from rich import box
    from rich.table import Table

    return Table(box=box.SIMPLE_HEAD, **options)
