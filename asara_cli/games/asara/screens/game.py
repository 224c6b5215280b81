"""A replayed game as tables for people and plain data for JSON: the board state (status),
the score ledger (score) and violations (validate)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import accumulate, groupby
from typing import TYPE_CHECKING, Any

from asara_cli.core import i18n
from asara_cli.core.i18n import N_, NP_, _, ngettext, npgettext, pgettext
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.board import AreaSpec, Board
from asara_cli.games.asara.rules.engine import Replay
from asara_cli.games.asara.rules.gifts import undealt
from asara_cli.games.asara.rules.model import Colour, Tower, tower_label
from asara_cli.games.asara.rules.state import GameState, in_play
from asara_cli.games.asara.screens.final import final_dict, final_tables
from asara_cli.render.tables import group, rich_text, table

if TYPE_CHECKING:  # rich is imported where a view is drawn: the JSON shapes need none of it
    from rich.console import RenderableType
    from rich.text import Text

    from asara_cli.render.sheet import Cell

#: Tower colours on a terminal; black is drawn light on dark so it shows on any background.
COLOUR_STYLE = {
    Colour.BROWN: "bold #a0522d",
    Colour.GREEN: "bold green",
    Colour.RED: "bold red",
    Colour.BLACK: "bold black on grey70",
    Colour.WHITE: "bold bright_white on grey30",
}


# --- towers and status ---------------------------------------------------------------------------


def _tower_spans(tower: Tower, label: str) -> list[tuple[str, str]]:
    """A tower as the build command names it (``red 2``), its height, then drawn in its colour
    (LEGEND), in styled pieces."""
    style = COLOUR_STYLE[tower.colour]
    plain_windows = tower.windows - tower.lighted
    body = "█" + "▮" * tower.trunks + "▯" * plain_windows + "✦" * tower.lighted + "▲"
    spans = [(f"{terms.tower_named(label)} ({tower.height}) ", style), (body, style)]
    extras = []
    if tower.visible_gold:
        # short: the drawing of a tower fits one line of the players table
        extras.append(npgettext("tower drawing", "{n} gold", "{n} gold",
                                tower.visible_gold).format(n=tower.visible_gold))
    if tower.lighted:
        extras.append(_("{n} lit").format(n=tower.lighted))
    if extras:
        spans.append((f" ({', '.join(extras)})", "yellow"))
    return spans


def _towers_cell(towers: Sequence[Tower]) -> Text:
    from rich.text import Text

    if not towers:
        return Text("-", style="dim")
    return Text("\n").join(Text.assemble(*_tower_spans(t, tower_label(towers, i)))
                           for i, t in enumerate(towers))


def _towers_plain(towers: Sequence[Tower]) -> Cell:
    """:func:`_towers_cell` for render/sheet.py."""
    from asara_cli.render.sheet import Cell

    if not towers:
        return Cell([[("-", "")]], style="dim")
    return Cell([_tower_spans(t, tower_label(towers, i)) for i, t in enumerate(towers)])


def _screen_items(state: GameState, seat: int) -> list[str]:
    """What a player holds behind the screen, one item per kind of tile (``2 x black trunk``)."""
    p = state.players[seat]
    counted = Counter(terms.tile(t.section, t.colour, t.gold) for t in p.screen)
    counted.update(_("{colour} lighted window").format(colour=terms.coloured(c, "window"))
                   for c in p.lighted_known)
    parts = [f"{n} x {what}" if n > 1 else what for what, n in counted.items()]
    if p.lighted_unknown:
        parts.append(ngettext("{n} lighted window (colour secret)",
                              "{n} lighted windows (colour secret)",
                              p.lighted_unknown).format(n=p.lighted_unknown))
    return parts


def status_dict(board: Board, state: GameState) -> dict[str, Any]:
    turn = None if state.turn is None else state.players[state.turn].name
    return {
        "year": state.year,
        "events": state.events,
        "over": state.over,
        "turn": turn,
        "caliph": state.players[state.caliph].name if state.players else None,
        "players": [
            {
                "name": p.name,
                "money": p.money,
                "buyers": p.buyers,
                "prestige": state.prestige(seat),
                "towers": [{"name": tower_label(p.towers, i), "color": t.colour.value,
                            "height": t.height, "gold": t.visible_gold, "lighted": t.lighted}
                           for i, t in enumerate(p.towers)],
                "screen": [str(t) for t in p.screen],
                "lighted_windows": [c.value for c in p.lighted_known]
                + ["secret"] * p.lighted_unknown,
            }
            for seat, p in enumerate(state.players)
        ],
        "areas": [
            {
                "area": spec.key,
                "colour": state.area(spec.key).colour,
                "free": _free(board, state, spec),
                **({"gifts": [{"space": s, "gift": str(g)} for a, s, g in state.gifts
                              if a == spec.key]}
                   if "gifts" in state.setup.expansions else {}),
            }
            for spec in _areas_in_play(board, state)
        ],
        "markets": [
            {"section": m.section.value, "display": m.count, "pile": m.pile,
             "shown": None if m.shown is None else [str(t) for t in m.shown]}
            for m in state.markets
        ],
        "draw_pile": state.draw_pile,
    }


def _areas_in_play(board: Board, state: GameState) -> list[AreaSpec]:
    return [a for a in board.areas if in_play(board, state.setup, a.key)]


def _free(board: Board, state: GameState, spec: AreaSpec) -> list[int] | str:
    free = state.free_spaces(board, spec.key)
    if free is None:
        # the words JSON writes; a screen says them with pgettext("spaces", ...)
        return NP_("spaces", "unlimited") if spec.unlimited else NP_("spaces", "unknown")
    return list(free)


def _gifts_cell(state: GameState, spec: AreaSpec) -> str:
    """``1: asari 5, buyer; 3: prestige``: the gifts lying on each space of the area."""
    here: dict[int, list[str]] = {}
    for a, s, g in state.gifts:
        if a == spec.key:
            here.setdefault(s, []).append(terms.gift(g.kind, g.amount, g.section))
    return "; ".join(f"{s}: {', '.join(gs)}" for s, gs in sorted(here.items())) or "-"


#: what the tower drawings and the marks beside a name mean (docs/recording.md)
LEGEND = N_("Towers, bottom to top: █ base, ▮ trunk, ▯ window, ✦ lighted window, ▲ turret.\n"
            "Beside a name: ◀ to move, ♛ holds the Caliph's patronage.")


def _runs(spaces: Sequence[int]) -> str:
    """``1-4, 6``: spaces with runs of three or more shortened, so the column stays narrow."""
    out: list[str] = []
    # a run's spaces are those whose number less their position is the same
    for _step, run in groupby(enumerate(spaces), key=lambda pair: pair[1] - pair[0]):
        numbers = [n for _i, n in run]
        out += [f"{numbers[0]}-{numbers[-1]}"] if len(numbers) > 2 else map(str, numbers)
    return ", ".join(out)


#: the players table's columns: a tower is one line (its name, height and drawing)
_PLAYER_COLUMNS = ((N_("player"), "left"), (N_("Asari"), "right"), (N_("buyers"), "right"),
                   (N_("prestige"), "right"), (N_("towers"), "left"))


def _head_lines(board: Board, state: GameState) -> list[str]:
    """The lines under the title: the game over, or the year and whose turn it is."""
    if state.over:
        return [_("The game is over (year {year}): see `asara score`.").format(
            year=state.year)]
    who = state.players[state.turn].name if state.turn is not None else "-"
    lines = [ngettext("Year {year} of {years}, after {events} event: {player} to move. "
                      "Caliph's patronage: {caliph}.", "Year {year} of {years}, after {events} "
                      "events: {player} to move. Caliph's patronage: {caliph}.",
                      state.events).format(
                   year=state.year, years=board.years, events=state.events, player=who,
                   caliph=state.players[state.caliph].name)]
    if undealt(state) and not state.areas:  # R6.1: due before the year's first move
        lines.append(_("The Caliph's gifts of year {year} are not dealt yet: "
                       "record the deal with `asara gifts ...` first.").format(
                           year=state.year))
    return lines


def _player_rows(state: GameState) -> list[tuple[str, str, str, str]]:
    """Each player's name with the marks beside it, money, buyers and prestige."""
    rows = []
    for seat, p in enumerate(state.players):
        marks = (" ◀" if seat == state.turn else "") + (" ♛" if seat == state.caliph else "")
        rows.append((p.name + marks, str(p.money), str(p.buyers), str(state.prestige(seat))))
    return rows


def _area_columns(state: GameState, full: bool) -> list[str]:
    columns = [_("area"), _("follow") if not full else _("buyer colour to follow"),
               _("free") if not full else _("free spaces")]
    if "gifts" in state.setup.expansions:
        columns.append(_("Caliph's gifts (space: gifts)") if full
                       else _("gifts (space: gifts)"))
    return columns


def _area_rows(board: Board, state: GameState, full: bool) -> list[list[str]]:
    rows = []
    gifts = "gifts" in state.setup.expansions
    for spec in _areas_in_play(board, state):
        colour = state.area(spec.key).colour
        shown = terms.buyer_colour(colour) if colour else pgettext("buyer colour", "any")
        follow = shown if spec.follow_suit else "-"
        free = _free(board, state, spec)
        row = [terms.area(spec.name), follow,
               (", ".join(map(str, free)) if full else _runs(free))
               if isinstance(free, list) and free
               else (pgettext("spaces", "none") if isinstance(free, list)
                     else pgettext("spaces", free))]
        if gifts:
            row.append(_gifts_cell(state, spec))
        rows.append(row)
    return rows


#: the line under the compact board
_FULL_HINT = N_("Behind the screens and the market: asara status --full")


class StatusView:
    """The board for the table: whose turn, the players and their towers, the areas (within
    80x40 for 4 players, pro, both expansions); ``full`` adds the screens and the market.
    The compact board draws itself without rich where it fits (:meth:`plain`): rich costs
    a command about 30 ms."""

    def __init__(self, board: Board, state: GameState, title: str, full: bool = False
                 ) -> None:
        self.board, self.state, self.title, self.full = board, state, title, full

    def plain(self, width: int, colour: bool = False) -> str | None:
        """The compact board in render/sheet.py's layout; ``None`` where rich must draw it."""
        from asara_cli.render.sheet import Column, Sheet, draw

        if self.full:
            return None
        board, state = self.board, self.state
        players = Sheet(_("players"), tuple(Column(_(c), j == "right")
                                            for c, j in _PLAYER_COLUMNS),
                        tuple((*row, _towers_plain(p.towers))
                              for row, p in zip(_player_rows(state), state.players,
                                                strict=True)))
        areas = Sheet(_("areas this year"), tuple(map(Column, _area_columns(state, False))),
                      tuple(map(tuple, _area_rows(board, state, False))))
        return draw([(self.title, "bold"), *_head_lines(board, state), players, areas,
                     _(LEGEND), _(_FULL_HINT)], width, colour)

    def __rich__(self) -> RenderableType:
        from asara_cli.render.phrases import Phrases

        board, state, full = self.board, self.state, self.full
        parts: list[RenderableType] = [rich_text(self.title, style="bold")]
        parts += [rich_text(line) for line in _head_lines(board, state)]
        players = table(title=_("players"), show_edge=full)
        # German headers are wider: a tower's drawing wraps rather than lose its last words
        # ("1 leuchtend") to an ellipsis; English keeps its one line as before
        fold_towers = i18n.language() != i18n.SOURCE
        for col, justify in _PLAYER_COLUMNS:
            players.add_column(_(col), justify=justify,  # type: ignore[arg-type]
                               no_wrap=not (fold_towers and col == "towers"))
        for row, p in zip(_player_rows(state), state.players, strict=True):
            name, *numbers = row
            players.add_row(rich_text(name), *numbers, _towers_cell(p.towers))
        parts.append(players)
        if full:
            # The screens get a table of their own, so a long list wraps across the whole
            # width between tiles instead of word by word in a narrow last column.
            screens = table(title=_("behind the screens"))
            screens.add_column(_("player"), no_wrap=True)
            screens.add_column(_("sections and lighted windows not built"))
            for seat, p in enumerate(state.players):
                screens.add_row(rich_text(p.name),
                                Phrases(items=_screen_items(state, seat) or ["-"]))
            parts.append(screens)

        areas = table(title=_("areas this year"), show_edge=full)
        for i, column in enumerate(_area_columns(state, full)):
            areas.add_column(column, no_wrap=i == 0 or (i == 2 and not full))
        for cells in _area_rows(board, state, full):
            areas.add_row(*cells)
        parts.append(areas)
        parts.append(rich_text(_(LEGEND)))
        if not full:
            parts.append(rich_text(_(_FULL_HINT)))
            return group(parts)

        markets = table(_("section"), (_("on display"), "right"),
                        (_("face-down pile"), "right"), _("display as stated"), title=_("market"))
        for m in state.markets:
            shown = (_("not recorded") if m.shown is None
                     else ", ".join(terms.tile(t.section, t.colour, t.gold) for t in m.shown))
            markets.add_row(terms.section(m.section), str(m.count), str(m.pile), shown)
        parts.append(markets)
        return group(parts)


#: The board (the games' contract calls a screens module's ``status_view``)
status_view = StatusView


# --- score ---------------------------------------------------------------------------------------


def ledger_dict(state: GameState) -> list[dict[str, Any]]:
    return [
        {"player": state.players[e.player].name, "points": e.points, "source": e.source,
         "year": e.year, "event": e.event, "category": e.category,
         "explanation": e.explanation}
        for e in state.ledger
    ]


def score_dict(board: Board, result: Replay) -> dict[str, Any]:
    state = result.state
    names = [p.name for p in state.players]
    data: dict[str, Any] = {
        "variant": state.setup.variant.value,
        "board": board.profile,
        "complete": result.complete,
        "valid": result.valid,
        "year": state.year,
    }
    if state.final is not None:
        before = [state.prestige_before_final(s) for s in range(len(names))]
        data |= final_dict(names, before, [p.money for p in state.players], state.final)
    else:
        totals = state.prestige_all()
        data["players"] = [
            {"name": n, "asari": state.players[s].money, "prestige": totals[s],
             "final_points": 0, "total": totals[s], "awards": []}
            for s, n in enumerate(names)
        ]
        data["winners"] = []
    for s, p in enumerate(data["players"]):
        p["years"] = _year_subtotals(state, s)
        for key, source in (("builds", "build"), ("gifts", "gift")):
            p[key] = sum(e.points for e in state.ledger if e.player == s and e.source == source)
    data["ledger"] = ledger_dict(state)
    return data


def _last_year(state: GameState) -> int:
    return max([state.year, *(e.year for e in state.ledger)])


def _year_subtotals(state: GameState, seat: int) -> list[int]:
    """Prestige earned in each year so far: builds in it plus its end-of-year evaluation."""
    years = _last_year(state)
    return [sum(e.points for e in state.ledger if e.player == seat and e.year == y
                and e.source != "final") for y in range(1, years + 1)]


def score_view(board: Board, result: Replay, title: str) -> RenderableType:
    state = result.state
    names = [p.name for p in state.players]
    parts: list[RenderableType] = [rich_text(title, style="bold")]

    ledger = table((_("year"), "right"), (_("event"), "right"), _("player"),
                   (_("points"), "right"), _("source"), title=_("ledger: every prestige point"))
    for e in state.ledger:
        if e.source == "final":
            continue
        source = (_("build: {explanation}").format(explanation=e.explanation)
                  if e.source == "build" else e.explanation)
        ledger.add_row(str(e.year), str(e.event) if e.event else "", rich_text(names[e.player]),
                       f"+{e.points}", rich_text(source))
    # an empty table under its headings reads like a fault
    parts.append(ledger if ledger.row_count
                 else rich_text(_("ledger: no prestige scored yet") + "\n"))

    years = table(_("player"), title=_("per year"))
    last = _last_year(state)
    for y in range(1, last + 1):
        years.add_column(_("year {year}").format(year=y), justify="right")
    years.add_column(_("before final"), justify="right")
    for s, name in enumerate(names):
        subtotals = _year_subtotals(state, s)
        years.add_row(rich_text(name), *map(str, subtotals), str(sum(subtotals)))
    parts.append(years)

    if state.final is not None:
        before = [state.prestige_before_final(s) for s in range(len(names))]
        parts.append(rich_text(_("final evaluation"), style="bold"))
        parts.append(final_tables(names, before, state.final))
    else:
        totals = ", ".join(f"{n} {state.prestige(s)}" for s, n in enumerate(names))
        parts.append(rich_text(_("The game is not over (year {year}); totals so far: {totals}"
                                 ).format(year=state.year, totals=totals)))
    return group(parts)


def prestige_by_year(state: GameState) -> list[tuple[str, list[int]]]:
    """Each stage's label and every player's prestige after it: after each year (builds,
    gifts and that year's evaluation), then after the final evaluation."""
    finished = len(state.year_scores)
    running = [list(accumulate(_year_subtotals(state, s))) for s in range(len(state.players))]
    stages: list[tuple[str, list[int]]] = []
    for y in range(1, _last_year(state) + 1):
        label = _("year {year}").format(year=y)
        if y > finished:  # a year under way: only what it has earned so far, if anything
            if not any(e.year == y for e in state.ledger):
                continue
            label = _("year {year} so far").format(year=y)
        stages.append((label, [after[y - 1] for after in running]))
    if state.final is not None:
        stages.append((_("final"), list(state.prestige_all())))
    return stages


def score_chart(result: Replay, title: str, width: int = 40) -> RenderableType:
    """Bars of each player's prestige after each year and the final evaluation, scaled so
    the highest total spans ``width`` characters (fits 80 columns with names up to 12)."""
    from rich.table import Table

    state = result.state
    stages = prestige_by_year(state)
    if not stages:  # the first year under way and nobody has scored: nothing to draw
        return group([rich_text(title), rich_text(_("no prestige scored yet"))])
    top = max((v for _, values in stages for v in values), default=0) or 1
    table = Table(box=None, show_header=False, title=title, title_justify="left",
                  padding=(0, 1))
    table.add_column("stage")
    table.add_column("player", max_width=12, overflow="ellipsis")
    table.add_column("bar", min_width=width)  # the same scale when nobody has scored yet
    table.add_column("points", justify="right")
    for label, values in stages:
        for seat, value in enumerate(values):
            cells = round(value / top * width)
            bar = rich_text("█" * cells, style=_PLAYER_STYLES[seat % len(_PLAYER_STYLES)])
            table.add_row(label if seat == 0 else "", rich_text(state.players[seat].name), bar,
                          str(value))
        table.add_row("", "", "", "")
    return table


#: One colour per seat in charts (not the tower colours: players are not towers).
_PLAYER_STYLES = ("cyan", "magenta", "yellow", "blue")
