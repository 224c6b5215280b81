"""What the table sees after a recorded move: one compact line, the end-of-year evaluation,
and after year four the final evaluation (RULES.md R2-R5)."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from asara_cli.render.final import final_tables
from asara_cli.rules.board import Board
from asara_cli.rules.engine import AREA_NAMES, plural, tower_name
from asara_cli.rules.events import (
    PAIR,
    Bank,
    Bribe,
    Build,
    Buy,
    Caliph,
    Checkpoint,
    Coloured,
    Display,
    Event,
    Lighted,
    Part,
    Placement,
    Recruit,
    area_of,
    gold_text,
)
from asara_cli.rules.state import GameState


def buyer_text(p: Placement) -> str:
    if p.buyer is None:
        return "a face-down buyer"
    if p.buyer == PAIR:
        return "a pair"
    return f"a {p.buyer} buyer"


def _parts(parts: tuple[Part, ...]) -> str:
    return ", ".join(map(str, parts))


def move_text(board: Board, event: Event) -> str:
    """What an event did, in words: ``Tina buys a gold black window for 6 (a blue buyer,
    window market)``."""
    if isinstance(event, Display):
        shown = "; ".join(
            f"{s}: {', '.join(gold_text(t.colour, t.gold) for t in tiles) or 'empty'}"
            for s, tiles in event.areas)
        return f"display stated: {shown}"
    if isinstance(event, Checkpoint):
        parts = [f"{n} {v}" for n, v in event.prestige]
        parts += [f"{n} {v} Asari" for n, v in event.money]
        return f"checkpoint: {', '.join(parts)}"
    p = event.placement
    who = p.player
    how = buyer_text(p)
    if isinstance(event, Buy):
        where = f"{event.section} market" + (f" space {p.space}" if p.space else "")
        if event.tile is None:
            return f"{who} places {how} on the {where} and buys nothing"
        return (f"{who} buys a {event.tile} for {board.price(event.tile.colour)} "
                f"({how}, {where})")
    if isinstance(event, Build):
        what = [f"new {t.colour} tower: {_parts(t.parts)}" for t in event.new]
        what += [f"{tower_name(a.colour, a.tower)} +{_parts(a.parts)}" for a in event.add]
        what += [f"lighted window on the {tower_name(lw.colour, lw.tower)}"
                 + (" (on gold)" if lw.on_gold else "") for lw in event.lighted]
        k = event.sections
        return (f"{who} builds {plural(k, 'section')} on plot {event.plot} for {event.plot} "
                f"({how}): {'; '.join(what)}")
    if isinstance(event, Bank):
        return f"{who} takes {event.amount} from the bank ({how}, space {p.space})"
    if isinstance(event, Coloured):
        return f"{who} takes {board.coloured_building_income} at the coloured building"
    if isinstance(event, Bribe):
        fee = p.space or 0
        if event.tile is None:
            return (f"{who} bribes the spies for {fee} ({how}), searches the {event.pile} "
                    f"pile and takes nothing")
        return (f"{who} bribes the spies for {fee} ({how}) and takes a {event.tile} from the "
                f"{event.pile} pile for {board.price(event.tile.colour)}")
    if isinstance(event, Caliph):
        return f"{who} takes the Caliph's patronage ({how})"
    if isinstance(event, Recruit):
        return (f"{who} recruits at the {AREA_NAMES[area_of(event)]} for {event.cost} "
                f"({how}): +{board.recruit_draw} buyers")
    assert isinstance(event, Lighted)
    keep = next((o.keep for o in board.lighted_offers if o.pay == event.pay), 0)
    kept = f" ({', '.join(event.kept)})" if event.kept else " (colour secret)"
    return (f"{who} pays {event.pay} for lighted windows ({how}) and keeps "
            f"{plural(keep, 'window')}{kept}")


def result_line(board: Board, before: GameState, after: GameState, event: Event) -> str:
    """One line after a recorded move: what happened, the mover's money and prestige after
    it (before any end-of-year evaluation it triggered), and who moves next."""
    number = after.events
    text = f"#{number} {move_text(board, event)}"
    if isinstance(event, Display | Checkpoint):
        if after.turn is not None:
            text += f". Next: {after.players[after.turn].name}."
        return text
    seat = after.seat(event.placement.player)
    assert seat is not None
    money = after.players[seat].money
    if after.year > before.year:
        money -= board.yearly_money
    prestige = sum(e.points for e in after.ledger if e.player == seat
                   and not (e.event == number and e.source in ("year", "final")))
    p = after.players[seat]
    left = p.buyers if after.year == before.year else 0  # a year ends when no buyer is left
    text += f" -> {p.name}: {money} Asari, {prestige} prestige, {plural(left, 'buyer')} left."
    if after.year == before.year and after.turn is not None:
        text += f" Next: {after.players[after.turn].name}."
    return text


def year_end_view(board: Board, before: GameState, after: GameState) -> RenderableType:
    """The end-of-year evaluation just done (R4), then the next year's start or, after the
    last year, the final evaluation (R5) with its arithmetic."""
    year = before.year
    scores = after.year_scores[-1]
    names = [p.name for p in after.players]
    parts: list[RenderableType] = [Text(f"End of year {year}: evaluation (R4)", style="bold")]
    table = Table(box=box.SIMPLE_HEAD)
    for col, justify in (("player", "left"), ("towers", "right"), ("gold", "right"),
                         ("lighted", "right"), ("Caliph", "right"), ("points", "right"),
                         ("prestige", "right"), ("Asari", "right")):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    for s in scores:
        prestige = after.prestige_before_final(s.player)
        money = after.players[s.player].money
        if not after.over:
            money -= board.yearly_money
        table.add_row(Text(names[s.player]), str(s.towers), str(s.gold), str(s.lighted),
                      "1" if s.caliph else "-", f"+{s.points}", str(prestige), str(money))
    parts.append(table)
    if after.final is None:
        starter = names[after.turn] if after.turn is not None else "-"
        parts.append(Text(
            f"Year {after.year} of {board.years}: everyone takes {board.yearly_money} Asari "
            f"and a new hand; {starter} starts (Caliph's patronage). The displays are "
            f"refilled: `asara display ...` records them (optional)."))
        return Group(*parts)
    before_final = [after.prestige_before_final(s) for s in range(len(names))]
    parts.append(Text("Final evaluation (R5)", style="bold"))
    parts.append(final_tables(names, before_final, after.final))
    return Group(*parts)
