"""A replayed Yspahan game for people (rich renderables, within 80 columns) and as plain data
for ``--json``: the table (status), every point by week (score), the week end just scored,
the board profile, and a move in a few words.

Names from a file are drawn as :class:`~rich.text.Text` (never as markup); the consoles of
``asara_cli/cli/common.py`` escape control characters.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from asara_cli.core.words import ordinal, plural
from asara_cli.games.yspahan.rules.board import Board
from asara_cli.games.yspahan.rules.events import (
    INNER,
    Camels,
    Checkpoint,
    Draw,
    Event,
    Gold,
    Goods,
    Play,
    Roll,
    Supervisor,
    Turn,
)
from asara_cli.games.yspahan.rules.state import (
    CARAVAN_WEEK,
    OVER,
    ROLL,
    SOUK,
    GameState,
    LedgerEntry,
    Setup,
)

if TYPE_CHECKING:  # rich is imported where a view is drawn: a move's line and --json need none
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from asara_cli.games.yspahan.played import Played
    from asara_cli.games.yspahan.rules.engine import Flow

WIDTH = 80


def _table(**options: Any) -> Table:
    from rich import box
    from rich.table import Table

    return Table(box=box.SIMPLE_HEAD, pad_edge=False, **options)


# --- a move in a few words ------------------------------------------------------------------


def _plays(plays: Sequence[Play]) -> str:
    from asara_cli.games.yspahan.codec import play_text

    return ", ".join(play_text(p) for p in plays)


def action_text(event: Turn) -> str:
    """What the turn's action did, as the log says it."""
    from asara_cli.games.yspahan.codec import send_text, shop_text

    a = event.action
    if isinstance(a, Camels):
        return "takes camels"
    if isinstance(a, Gold):
        return "takes gold"
    if isinstance(a, Goods):
        return "goods: " + (", ".join(shop_text(s) for s in a.shops) or "none")
    if isinstance(a, Supervisor):
        sent = "; sends " + ", ".join(send_text(s) for s in a.sends) if a.sends else ""
        return f"supervisor to {a.to}{sent}"
    assert isinstance(a, Draw)
    return f"draws {a.card if a.card is not None else 'nothing (no card left)'}"


def move_text(board: Board, event: Event) -> str:
    """One event in a few words (the recording commands and ``undo`` say it)."""
    if isinstance(event, Roll):
        text = f"{event.player} rolls {' '.join(map(str, event.white))}"
        if event.yellow:
            text += (f", yellow {' '.join(map(str, event.yellow))} "
                     f"({event.yellow and len(event.yellow) * board.yellow_cost} gold)")
        if event.plays:
            text = f"{event.player} plays {_plays(event.plays)}; " + text[len(event.player) + 1:]
        return text
    if isinstance(event, Checkpoint):
        parts = [f"{what} " + ", ".join(f"{n} {v}" for n, v in pairs)
                 for what, pairs in (("score", event.scores), ("gold", event.gold),
                                     ("camels", event.camels)) if pairs]
        return "checkpoint: " + "; ".join(parts)
    parts = []
    if event.before:
        parts.append(f"plays {_plays(event.before)}")
    if event.row is None:
        parts.append("no row left")
    else:
        row = f"takes the {event.row} row"
        if event.discard:
            row += f" (+1 die: discards {event.discard})"
        parts.append(row)
    parts.append(action_text(event))
    if event.after:
        parts.append(f"plays {_plays(event.after)}")
    if event.build is not None:
        cards = f" with {', '.join(event.build.cards)}" if event.build.cards else ""
        parts.append(f"builds the {event.build.building}{cards}")
    if event.last:
        parts.append(f"plays {_plays(event.last)}")
    return f"{event.player}: " + "; ".join(parts)


def _when(state: GameState) -> str:
    return f"Week {state.week}, day {state.day}"


def turn_text(state: GameState) -> str | None:
    """``Week 2, day 3: Ann rolls.`` or ``Week 2, day 3, Ann to move.``; ``None`` when the
    game is over."""
    if state.phase == OVER or state.to_move is None:
        return None
    who = state.players[state.to_move].name
    if state.phase == ROLL:
        return f"{_when(state)}: {who} rolls (start player)."
    return f"{_when(state)}, {who} to move."


def progress(played: Played) -> str:
    state = played.state
    if played.complete:
        names = [state.players[s].name for s in played.winners()]
        return f"complete; {' and '.join(names)} {'win' if len(names) > 1 else 'wins'}"
    who = state.players[state.to_move].name if state.to_move is not None else "-"
    doing = "to roll" if state.phase == ROLL else "to move"
    return f"in progress: week {state.week}, day {state.day}, {who} {doing}"


# --- status ------------------------------------------------------------------------------------


def _name(state: GameState, seat: int | None) -> str:
    return "-" if seat is None else state.players[seat].name


#: How a player's colour (Y1; the log's ``colours``) is drawn on a terminal.
COLOUR_STYLES = {"blue": "bold blue", "red": "bold red", "green": "bold green",
                 "yellow": "bold yellow"}


def colour_of(setup: Setup, seat: int) -> str | None:
    """The colour of ``seat``'s cubes and pieces, if the log records colours."""
    return setup.colours[seat] if 0 <= seat < len(setup.colours) else None


def player_text(setup: Setup, seat: int, name: str | None = None) -> Text:
    """A player where their cubes or pieces are meant: the name (or ``name``, a short
    label), then the colour word in its colour, ``Ann (blue)``; the name alone when the log
    records no colours. The word is there for a terminal without colour, and the report."""
    from rich.text import Text

    text = Text(setup.players[seat] if name is None else name)
    colour = colour_of(setup, seat)
    if colour is not None:
        text.append(" (")
        text.append(colour, style=COLOUR_STYLES.get(colour, ""))
        text.append(")")
    return text


def tower_items(board: Board, state: GameState) -> list[tuple[str, str]]:
    """Today's tower, bottom to top, as ``(text, style)`` items: each row's value and how
    many dice it holds, the yellow ones counted (``bag 2: 3 dice, 1 yellow``), ``vase -``
    for an empty row."""
    items = []
    for name, row in zip(board.rows, state.tower, strict=True):
        if row is None or not row.dice:
            items.append((f"{name} -", "dim"))
            continue
        dice = "1 die" if row.dice == 1 else f"{row.dice} dice"
        if row.yellow:
            dice += (", yellow" if row.yellow == row.dice else f", {row.yellow} yellow")
        items.append((f"{name} {row.value}: {dice}", "bold"))
    return items


def _packed(head: str, items: Sequence[str], width: int = WIDTH - 4) -> list[str]:
    """``head`` and ``items`` joined by `` · `` into lines of at most ``width`` columns,
    broken only between items (a row's words stay together)."""
    lines = [head]
    for i, item in enumerate(items):
        joined = lines[-1] + ("" if i == 0 else " · ") + item
        if i and len(joined) > width:
            lines[-1] += " ·"
            lines.append("  " + item)
        else:
            lines[-1] = joined
    return lines


def tower_text(board: Board, state: GameState) -> Text:
    """Today's tower (:func:`tower_items`), on as many lines as 80 columns need."""
    from rich.text import Text

    if state.phase == ROLL or all(r is None for r in state.tower):
        text = Text("Tower: ")
        text.append("not rolled yet" if state.phase == ROLL else "empty", style="dim")
        return text
    text = Text("Tower: ")
    width = len(text)
    for i, (item, style) in enumerate(tower_items(board, state)):
        if i and width + 3 + len(item) > WIDTH - 4:  # as _packed breaks the move's line
            text.append(" ·\n  ")
            width = 2
        elif i:
            text.append(" · ")
            width += 3
        text.append(item, style=style)
        width += len(item)
    return text


def souk_cells(board: Board, state: GameState) -> list[tuple[str, list[Text]]]:
    """Each quarter's souks: id, owner and filled/shops (✓ when complete)."""
    from rich.text import Text

    out = []
    for quarter in board.quarters:
        cells = []
        for si in board.souks_of(quarter):
            souk, held = board.souks[si], state.souks[si]
            t = Text(f"{souk.id} ")
            if held.owner is None:
                t.append("-", style="dim")
            else:
                t.append_text(player_text(state.setup, held.owner))
                t.append(f" {held.filled}/{souk.shops}")
                if held.filled == souk.shops:
                    t.append(" ✓", style="green")
            cells.append(t)
        out.append((quarter, cells))
    return out


def supervisor_text(board: Board, state: GameState) -> Text:
    from rich.text import Text

    text = Text(f"Supervisor on {state.supervisor}")
    facing = board.faces.get(state.supervisor, ())
    shops = []
    for si, shop in facing:
        held = state.souks[si]
        cube = held.street[shop] if shop < len(held.street) else False
        shops.append((board.souks[si].id, held.owner if cube else None))
    if shops:
        text.append(", facing ")
        for i, (souk, owner) in enumerate(shops):
            if i:
                text.append(" and ")
            text.append(souk)
            if owner is None:
                text.append(" (empty)")
            else:
                text.append(f" ({state.players[owner].name}'s cube")
                colour = colour_of(state.setup, owner)
                if colour is not None:
                    text.append(", ")
                    text.append(colour, style=COLOUR_STYLES.get(colour, ""))
                text.append(")")
    return text


def short_names(names: Sequence[str]) -> list[str]:
    """The shortest prefixes (at least 3 letters, or the whole name) that tell the players
    apart, for the caravan's camels."""
    longest = max((len(n) for n in names), default=0)
    for k in range(3, longest + 1):
        labels = [n[:k] for n in names]
        if len({x.casefold() for x in labels}) == len(labels):
            return labels
    return list(names)


def caravan_text(board: Board, state: GameState) -> Text:
    from rich.text import Text

    n = len(state.players)
    labels = short_names([p.name for p in state.players])
    per_row = board.caravan_camels.get(n, 0)
    coloured = bool(state.setup.colours)
    text = Text(f"Caravan {len(state.caravan)}/{per_row * len(board.caravan_rows)}: ")
    # with colours, a caravan row a line, bottom first, each cube's owner and colour
    for r, row in enumerate(board.caravan_rows):
        if r:
            text.append("\n  " if coloured else " · ")
        text.append(f"{row} ")
        cubes = state.caravan[r * per_row:(r + 1) * per_row]
        for i in range(per_row):
            if i:
                text.append(" ")
            if i < len(cubes):
                text.append_text(player_text(state.setup, cubes[i], labels[cubes[i]]))
            else:
                text.append("-", style="dim")
    return text


def _players_table(board: Board, state: GameState) -> Table:
    from rich.text import Text

    table = _table()
    for col, justify in (("", "left"), ("player", "left"), ("score", "right"),
                         ("gold", "right"), ("camels", "right"), ("cards", "right"),
                         ("buildings", "left")):
        table.add_column(col, justify=justify, overflow="fold")  # type: ignore[arg-type]
    for seat, p in enumerate(state.players):
        mark = ("▶" if seat == state.to_move else "") + ("S" if seat == state.start else "")
        cards = str(p.cards)
        if state.setup.hands != "secret" and p.hand:
            cards += f" ({' '.join(p.hand)})"
        table.add_row(mark, player_text(state.setup, seat), str(p.score), str(p.gold),
                      str(p.camels), Text(cards), " ".join(p.buildings) or "-")
    return table


def _verdict(state: GameState) -> str:
    """``Ann wins with 62.`` or ``Ann and Ben share the win with 60.`` (Y4.7)."""
    from asara_cli.games.yspahan.rules.scoring import winners

    seats = winners(state.scores)
    names = [state.players[s].name for s in seats]
    best = state.players[seats[0]].score
    return (f"{names[0]} wins with {best}." if len(names) == 1 else
            f"{' and '.join(names)} share the win with {best}.")


def status_view(board: Board, state: GameState, title: str, full: bool = False
                ) -> RenderableType:
    """The table after some event, within 80 columns; ``full``: every souk's shops, the
    caravan camel by camel, the cards (what the deck still holds, with open hands)."""
    from rich.console import Group
    from rich.text import Text

    head = Text(title, style="bold")
    when = turn_text(state) or f"The game is over: {_verdict(state)}"
    parts: list[RenderableType] = [head, Text(when), tower_text(board, state)]
    for quarter, cells in souk_cells(board, state):
        line = Text(f"{quarter}: ")
        line.append_text(Text(" · ").join(cells))
        parts.append(line)
    parts += [supervisor_text(board, state), caravan_text(board, state),
              _players_table(board, state)]
    deck = f"Deck {state.deck}, discard pile {len(state.discard)}."
    marks = "" if state.over else " ▶ next to move, S start player."
    parts.append(Text(deck + marks, style="dim"))
    if full:
        parts += _full(board, state)
    return Group(*parts)


def _full(board: Board, state: GameState) -> list[RenderableType]:
    """What ``status --full`` adds: every souk shop by shop (the cell each street-side shop
    faces, ● holding a cube), the caravan camel by camel, and the cards."""
    from rich.text import Text

    souks = _table(title="Souks, shop by shop (● a cube, ○ empty)", title_justify="left")
    for col in ("souk", "owner", "street-side shops", "inner", "points"):
        souks.add_column(col, overflow="fold")
    for si, souk in enumerate(board.souks):
        held = state.souks[si]
        street = " ".join(f"{'+'.join(cells)} {'●' if cube else '○'}"
                          for cells, cube in zip(souk.street, held.street, strict=True))
        owner = Text("-", style="dim") if held.owner is None else player_text(state.setup,
                                                                             held.owner)
        inner = f"{held.inner}/{souk.inner}" if souk.inner else "-"
        souks.add_row(souk.id, owner, street or "-", inner, str(souk.value))
    caravan = _table(title="The caravan, camel by camel (Y4.1)", title_justify="left")
    for col in ("camel", "row", "cube of", "points on landing"):
        caravan.add_column(col)
    per_row = board.caravan_camels.get(len(state.players), 0)
    for place in range(per_row * len(board.caravan_rows)):
        row = place // per_row if per_row else 0
        who = (player_text(state.setup, state.caravan[place]) if place < len(state.caravan)
               else Text("-", style="dim"))
        caravan.add_row(ordinal(place + 1), board.caravan_rows[row], who,
                        str(board.caravan_points[row]))
    parts: list[RenderableType] = [souks, caravan]
    if state.setup.hands != "secret":
        hands = "; ".join(f"{p.name}: {', '.join(p.hand) or 'no cards'}"
                          for p in state.players)
        parts.append(Text(f"Hands (open): {hands}."))
        left = ", ".join(f"{k} {n}" for k, n in state.deck_kinds if n) or "nothing"
        parts.append(Text(f"The deck holds: {left}."))
    else:
        parts.append(Text("Hands are secret: " + "; ".join(
            f"{p.name} holds {plural(p.cards, 'card')}" for p in state.players) + "."))
    shown = ", ".join(state.discard) or "nothing"
    parts.append(Text(f"The discard pile: {shown}."))
    return parts


def status_dict(board: Board, state: GameState) -> dict[str, Any]:
    """The same as plain data."""
    n = len(state.players)
    return {
        "week": state.week,
        "day": state.day,
        "phase": state.phase,
        "over": state.over,
        "to_move": _name(state, state.to_move) if state.to_move is not None else None,
        "start_player": state.players[state.start].name,
        "after_event": state.events,
        "tower": [{"row": name, "value": r.value, "dice": r.dice, "yellow": r.yellow}
                  for name, r in zip(board.rows, state.tower, strict=True)
                  if r is not None and r.dice],
        "souks": [{"souk": board.souks[si].id, "quarter": board.souks[si].quarter,
                   "owner": _name(state, held.owner) if held.owner is not None else None,
                   "filled": held.filled, "shops": board.souks[si].shops}
                  for si, held in enumerate(state.souks)],
        "supervisor": state.supervisor,
        "caravan": [state.players[s].name for s in state.caravan],
        "caravan_size": board.caravan_camels.get(n, 0) * len(board.caravan_rows),
        "deck": state.deck,
        "discard": list(state.discard),
        "players": [{"name": p.name, "colour": colour_of(state.setup, seat),
                     "score": p.score, "gold": p.gold, "camels": p.camels,
                     "cards": p.cards, "hand": list(p.hand), "hidden": p.hidden,
                     "buildings": list(p.buildings)}
                    for seat, p in enumerate(state.players)],
    }


# --- score -------------------------------------------------------------------------------------


_SOURCE_WORDS = {"building": "buildings", "souk": "souks", "caravan": "caravan places",
                 "caravan_full": "caravan full", "caravan_week": "caravan week end",
                 "goldvp": "gold card", "camelvp": "camel card"}


def points_by_week(state: GameState) -> list[tuple[str, list[int]]]:
    """Each player's points after each week begun (the last week's are the final score)."""
    weeks = state.week
    rows = []
    for seat, p in enumerate(state.players):
        running = []
        for w in range(1, weeks + 1):
            running.append(sum(e.points for e in state.ledger
                               if e.player == seat and e.week <= w))
        rows.append((p.name, running))
    return rows


def week_labels(state: GameState) -> list[str]:
    """What each column of :func:`points_by_week` is: ``after week 1`` for a week that has
    ended, ``week 2 so far (day 3)`` for the week being played."""
    return [f"after week {w}" if w < state.week or state.over
            else f"week {w} so far (day {state.day})" for w in range(1, state.week + 1)]


def score_view(board: Board, played: Played, title: str) -> RenderableType:
    """Every point by week: a summary per source, then each entry with its arithmetic."""
    from rich.console import Group
    from rich.text import Text

    state = played.state
    names = [p.name for p in state.players]
    parts: list[RenderableType] = [Text(title, style="bold")]
    summary = _table()
    summary.add_column("player", overflow="fold")
    sources = [k for k in _SOURCE_WORDS if any(e.source == k for e in state.ledger)]
    for k in sources:
        summary.add_column(_SOURCE_WORDS[k].replace(" ", "\n", 1), justify="right")
    summary.add_column("total", justify="right")
    for seat, name in enumerate(names):
        mine = [e for e in state.ledger if e.player == seat]
        summary.add_row(Text(name), *(str(sum(e.points for e in mine if e.source == k))
                                      for k in sources), str(state.players[seat].score))
    parts.append(summary)
    for week in range(1, state.week + 1):
        entries = [e for e in state.ledger if e.week == week]
        if not entries:
            continue
        lines = _table(show_header=False, title=f"Week {week}", title_justify="left",
                       title_style="bold")
        lines.add_column("day", justify="right")
        lines.add_column("player", overflow="fold", max_width=16)
        lines.add_column("points", justify="right")
        lines.add_column("for", overflow="fold")
        for e in entries:
            lines.add_row(f"day {e.day}", Text(names[e.player]), f"+{e.points}",
                          e.explanation)
        parts.append(lines)
    if played.complete:
        winners = [names[s] for s in played.winners()]
        best = state.players[played.winners()[0]].score
        verdict = (f"{winners[0]} wins with {best}." if len(winners) == 1 else
                   f"{' and '.join(winners)} share the win with {best}.")
        parts.append(Text(verdict, style="bold"))
    else:
        parts.append(Text("The game is not finished: totals so far.", style="dim"))
    return Group(*parts)


def _entry(state: GameState, e: LedgerEntry) -> dict[str, Any]:
    return {"week": e.week, "day": e.day, "event": e.event,
            "player": state.players[e.player].name, "points": e.points, "source": e.source,
            "explanation": e.explanation}


def score_dict(board: Board, played: Played) -> dict[str, Any]:
    state = played.state
    return {
        "game": "yspahan",
        "complete": played.complete,
        "valid": played.valid,
        "winners": [state.players[s].name for s in played.winners()],
        "players": [{"name": p.name, "score": p.score,
                     "by_source": {k: sum(e.points for e in state.ledger
                                          if e.player == seat and e.source == k)
                                   for k in _SOURCE_WORDS}}
                    for seat, p in enumerate(state.players)],
        "weeks": [{"name": name, "after_week": running}
                  for name, running in points_by_week(state)],
        # what each entry of after_week is: a week ended, or the week being played so far
        "week_labels": week_labels(state),
        "ledger": [_entry(state, e) for e in state.ledger],
    }


def score_chart(played: Played, title: str) -> RenderableType:
    """Each player's points after each week as bars."""
    from rich.console import Group
    from rich.text import Text

    rows = points_by_week(played.state)
    labels = week_labels(played.state)
    best = max((v for _, r in rows for v in r), default=0) or 1
    width = max((len(name) for name, _ in rows), default=0)
    parts: list[RenderableType] = [Text(title, style="bold")]
    room = WIDTH - min(width, 20) - 14
    for week in range(len(rows[0][1]) if rows else 0):
        parts.append(Text(labels[week]))
        for name, running in rows:
            line = Text(f"  {name[:20]:<{min(width, 20)}} ")
            line.append("█" * round(running[week] * room / best), style="cyan")
            line.append(f" {running[week]}")
            parts.append(line)
    return Group(*parts)


# --- the week end just scored (the recording commands) -------------------------------------------


def week_end_view(board: Board, before: GameState, after: GameState) -> RenderableType:
    """The week end scored by the last turn: each complete souk, the caravan's evaluation,
    then where the game goes on (or its end)."""
    from rich.console import Group
    from rich.text import Text

    week = before.week
    scored = [e for e in after.ledger[len(before.ledger):]
              if e.source in (SOUK, CARAVAN_WEEK)]
    table = _table(title=f"End of week {week} (Y4.5)", title_justify="left")
    table.add_column("player")
    table.add_column("points", justify="right")
    table.add_column("for")
    for e in scored:
        table.add_row(player_text(after.setup, e.player), f"+{e.points}", e.explanation)
    if not scored:
        table.add_row("-", "", "no complete souk, no cube on the caravan")
    parts: list[RenderableType] = [table]
    scores = ", ".join(f"{p.name} {p.score}" for p in after.players)
    if after.over:
        best = max(p.score for p in after.players)
        winners = [p.name for p in after.players if p.score == best]
        verdict = (f"{winners[0]} wins with {best}." if len(winners) == 1 else
                   f"{' and '.join(winners)} share the win with {best}.")
        parts.append(Text(f"The game is over ({scores}). {verdict} Every point: asara "
                          f"score."))
    else:
        parts.append(Text(f"Scores: {scores}. The quarters are empty, the supervisor is back "
                          f"on {board.centre}; {turn_text(after) or ''}"))
    return Group(*parts)


def result_line(board: Board, before: GameState, after: GameState, event: Event,
                numbered: bool = True) -> str:
    """The move recorded and what the table moves for it by hand: ``#12 Ann: takes the
    camels row; takes camels``, then a line for each player it touched (gold, camels and
    cards gained or paid and why, the move's own points; where that player now stands),
    the tower after a roll, a week end's points apart (the week end's screen follows), and
    who is next (the order of the 4-player last day, Y5.2). ``numbered``: with the event's
    number (a check only has none)."""
    from asara_cli.games.yspahan.rules.engine import moved

    lines = [f"{f'#{after.events} ' if numbered else ''}{move_text(board, event)}."]
    if isinstance(event, Roll):
        lines += ["  " + x for x in _packed("Tower: ", [t for t, _ in tower_items(board, after)])]
    if not isinstance(event, Checkpoint):
        lines += _touched(board, before, after, event, moved(board, before, event))
    scored = after.ledger[len(before.ledger):]
    week_end = [e for e in scored if e.source in (SOUK, CARAVAN_WEEK)]
    if week_end:
        by = {e.player: 0 for e in week_end}
        for e in week_end:
            by[e.player] += e.points
        names = ", ".join(f"{after.players[s].name} +{n}" for s, n in by.items())
        lines.append(f"  The week end scores apart from the move: {names} (below).")
    nxt = turn_text(after)
    if nxt is not None:
        lines.append("  " + (_last_day(board, after) or nxt))
    return "\n".join(lines)


def _touched(board: Board, before: GameState, after: GameState, event: Roll | Turn,
             flows: Sequence[Flow]) -> list[str]:
    """A line per player the move touched, the mover first: each flow and the move's own
    points (a week end's are apart), then what that player holds now."""
    mover = after.seat(event.player)
    # the mover's line always after a turn; after a roll only when the roll cost something
    items: dict[int, list[str]] = {} if mover is None or isinstance(event, Roll) else {
        mover: []}
    for f in flows:
        amounts = [f"{n:+d} {what}" for n, what in ((f.gold, "gold"),
                                                   (f.camels, "camel" if abs(f.camels) == 1
                                                    else "camels"),
                                                   (f.cards, "card" if abs(f.cards) == 1
                                                    else "cards")) if n]
        items.setdefault(f.player, []).append(
            f"{', '.join(amounts)} ({f.why})" if amounts else f.why)
    for e in after.ledger[len(before.ledger):]:
        if e.source in (SOUK, CARAVAN_WEEK):
            continue
        why = re.sub(rf"\s*[:=] {e.points}$", "", e.explanation)
        points = "point" if e.points == 1 else "points"
        items.setdefault(e.player, []).append(f"{e.points:+d} {points}: {why}")
    out = []
    for seat, parts in items.items():
        p = after.players[seat]
        now = (f"now {p.gold} gold, {plural(p.camels, 'camel')}, {plural(p.cards, 'card')}, "
               f"{plural(p.score, 'point')}")
        out.append(f"  {p.name}: {'; '.join([*parts, now])}.")
    return out


def _last_day(board: Board, state: GameState) -> str | None:
    """The 4-player last day's order by score, said as it begins (Y5.2)."""
    last = (state.week, state.day) == (board.weeks, board.days)
    if not (last and state.phase == ROLL and len(state.players) == 4 and state.done == 0):
        return None
    order = ", ".join(f"{state.players[s].name} ({state.players[s].score})"
                      for s in state.order)
    return (f"{_when(state)}, the last day: turns go by score, lowest first (Y5.2; a tie "
            f"goes to the one sitting farthest clockwise from yesterday's start player): "
            f"{order}. {state.players[state.order[0]].name} rolls (start player).")


# --- the board profile ---------------------------------------------------------------------------


def board_view(board: Board) -> RenderableType:
    from rich.console import Group
    from rich.text import Text

    parts: list[RenderableType] = [
        Text(f"Board profile {board.profile}: {board.description}", style="bold"),
        Text(f"{board.min_players}-{board.max_players} players, {board.weeks} weeks of "
             f"{board.days} days; {board.white_dice} white dice + {board.yellow_dice} yellow "
             f"({board.yellow_cost} gold each); start: {board.start_gold} gold, "
             f"{plural(board.start_camels, 'camel')}."),
        Text(f"Tower rows, bottom to top: {', '.join(board.rows)}."),
        *street_parts(board),
    ]
    souks = _table(title="Souks (Y1.1)", title_justify="left")
    for col in ("souk", "quarter", "points", "shops", "street-side shops face", "inner"):
        souks.add_column(col)
    for s in board.souks:
        souks.add_row(s.id, s.quarter, str(s.value), str(s.shops),
                      " · ".join("+".join(c) for c in s.street), str(s.inner))
    parts.append(souks)
    arms = ", ".join(f"{a}1-{a}{n}" for a, n in board.arms)
    parts.append(Text(f"Street: {board.centre} and the arms {arms}."))
    per = ", ".join(f"{n} players: {c}" for n, c in board.caravan_camels.items())
    parts.append(Text(f"Caravan rows {', '.join(board.caravan_rows)}: points "
                      f"{board.caravan_points}, factors {board.caravan_factors}; camels per "
                      f"row ({per})."))
    buildings = _table(title="Buildings (Y1.4)", title_justify="left")
    for col in ("building", "camels", "gold", "bonus"):
        buildings.add_column(col)
    for b in board.buildings.values():
        buildings.add_row(b.id, str(b.camels), str(b.gold), str(b.bonus))
    parts.append(buildings)
    parts.append(Text(f"Building points, 1st to {ordinal(len(board.building_points))}: "
                      f"{', '.join(map(str, board.building_points))}."))
    cards = _table(title=f"Cards (Y1.5): a deck of {board.deck}", title_justify="left")
    for col in ("card", "effect", "copies", "certainty"):
        cards.add_column(col)
    for c in board.cards.values():
        cards.add_row(c.id, c.effect, str(c.copies), c.certainty)
    parts.append(cards)
    return Group(*parts)


def street_parts(board: Board) -> list[RenderableType]:
    """The street map (games/yspahan/street.py) and what it cannot show, for ``asara board``."""
    from rich.text import Text

    from asara_cli.games.yspahan.street import street_notes, street_text

    drawn = street_text(board)
    if not drawn:
        return []
    return [Text("The street: each cell's name, and the souk of each shop it faces (print "
                 "it: asara board --game yspahan --format svg > street.svg)", style="bold"),
            Text(drawn, no_wrap=True, overflow="crop"),
            *(Text(line) for line in street_notes(board))]


def board_dict(board: Board) -> dict[str, Any]:
    return {
        "game": "yspahan",
        "profile": board.profile,
        "description": board.description,
        "players": {"min": board.min_players, "max": board.max_players},
        "weeks": board.weeks,
        "days": board.days,
        "dice": {"white": board.white_dice, "yellow": board.yellow_dice,
                 "yellow_cost": board.yellow_cost, "faces": board.faces_per_die},
        "rows": list(board.rows),
        "souks": [{"souk": s.id, "quarter": s.quarter, "value": s.value, "shops": s.shops,
                   "street": [list(c) for c in s.street], "inner": s.inner}
                  for s in board.souks],
        "street": {"centre": board.centre, "arms": dict(board.arms)},
        "caravan": {"rows": list(board.caravan_rows), "points": list(board.caravan_points),
                    "factors": list(board.caravan_factors),
                    "camels": {str(k): v for k, v in board.caravan_camels.items()}},
        "buildings": {b.id: {"camels": b.camels, "gold": b.gold, "bonus": b.bonus}
                      for b in board.buildings.values()},
        "building_points": list(board.building_points),
        "cards": {"deck": board.deck,
                  "kinds": {c.id: {"effect": c.effect, "copies": c.copies,
                                   "certainty": c.certainty} for c in board.cards.values()}},
    }


__all__ = ["INNER", "board_dict", "board_view", "move_text", "progress", "result_line",
           "score_chart", "score_dict", "score_view", "status_dict", "status_view",
           "turn_text", "week_end_view"]
