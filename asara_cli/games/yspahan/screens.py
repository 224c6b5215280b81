"""A replayed Yspahan game for people (rich, within 80 columns) and as plain data: status,
score, the week end just scored, the board profile and a move in a few words. Names from a
file are drawn as :class:`~rich.text.Text`, never as markup."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from asara_cli.core.i18n import N_, NP_, SOURCE, _, language, ngettext, pgettext
from asara_cli.core.words import both, ordinal
from asara_cli.games.yspahan.rules import events as ev
from asara_cli.games.yspahan.rules import terms
from asara_cli.games.yspahan.rules.board import Board
from asara_cli.games.yspahan.rules.state import (
    CARAVAN_WEEK,
    OVER,
    ROLL,
    SOUK,
    GameState,
    LedgerEntry,
    Setup,
)
from asara_cli.render.tables import group, rich_text, table

if TYPE_CHECKING:  # rich is imported where a view is drawn: a move's line and --json need none
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from asara_cli.games.yspahan.rules.engine import Flow, Replay

WIDTH = 80


def _table(*columns: str | tuple[str, str], **options: Any) -> Table:
    return table(*columns, pad_edge=False, **options)


def _rich(template: str, **values: str | Text) -> Text:
    """A translated ``template`` with its ``{placeholders}`` filled by strings or styled Text."""
    out = rich_text()
    for i, piece in enumerate(re.split(r"\{(\w+)\}", template)):
        out.append(values[piece] if i % 2 else piece)
    return out


def _and_text(items: Sequence[Text]) -> Text:
    """:func:`~asara_cli.core.words.both` for styled items."""
    out = items[0] if items else rich_text()
    for item in items[1:]:
        out = _rich(_("{first} and {second}"), first=out, second=item)
    return out


def _colour(colour: str) -> Text:
    return rich_text(terms.colour(colour), style=COLOUR_STYLES.get(colour, ""))


# --- a move in a few words ------------------------------------------------------------------


def shop_shown(shop: ev.Shop) -> str:
    """A shop as a person reads it: ``chest8 N2`` (``Truhe8 N2``)."""
    cell = pgettext("shop", "inner") if shop.cell == ev.INNER else shop.cell
    return f"{terms.souk(shop.souk)} {cell}"


def play_shown(p: ev.Play) -> str:
    """A card played as a person reads it (``exchange 2 into gold``); a message per shape."""
    card = terms.card(p.kind)
    if p.k is not None and p.into is not None:
        text = pgettext("card played", "{card} {k} into {what}").format(
            card=card, k=p.k, what=terms.row(p.into))
    elif p.k is not None:
        text = pgettext("card played", "{card} {k}").format(card=card, k=p.k)
    elif p.shop is not None:
        text = pgettext("card played", "{card} onto {shop}").format(
            card=card, shop=shop_shown(p.shop))
    else:
        text = card
    if p.card is None:
        return text
    return pgettext("caravanserai", "{what} (caravanserai draw: {card})").format(
        what=text, card=terms.card(p.card))


def send_shown(s: ev.Send) -> str:
    """A cube sent as a person reads it (``bag3 (kept for a camel)``); a message per shape."""
    souk = terms.souk(s.souk)
    if s.camel and s.card is not None:
        return pgettext("sent", "{souk} (kept for a camel; caravanserai draw: {card})").format(
            souk=souk, card=terms.card(s.card))
    if s.camel:
        return pgettext("sent", "{souk} (kept for a camel)").format(souk=souk)
    if s.card is not None:
        return pgettext("caravanserai", "{what} (caravanserai draw: {card})").format(
            what=souk, card=terms.card(s.card))
    return souk


def _plays(plays: Sequence[ev.Play]) -> str:
    return ", ".join(play_shown(p) for p in plays)


def action_text(event: ev.Turn) -> str:
    """What the turn's action did, in the log's terms."""
    a = event.action
    if isinstance(a, ev.Camels):
        return _("takes camels")
    if isinstance(a, ev.Gold):
        return _("takes gold")
    if isinstance(a, ev.Goods):
        shops = ", ".join(shop_shown(s) for s in a.shops) or pgettext("goods", "none")
        return _("goods: {shops}").format(shops=shops)
    if isinstance(a, ev.Supervisor):
        if a.sends:
            return _("supervisor to {cell}; sends {cubes}").format(
                cell=a.to, cubes=", ".join(send_shown(s) for s in a.sends))
        return _("supervisor to {cell}").format(cell=a.to)
    assert isinstance(a, ev.Draw)
    if a.card is None:
        return _("draws nothing (no card left)")
    return _("draws {card}").format(card=terms.card(a.card))


def move_text(board: Board, event: ev.Event) -> str:
    """One event in a few words (the recording commands and ``undo`` say it)."""
    if isinstance(event, ev.Roll):
        values = {"player": event.player, "white": " ".join(map(str, event.white)),
                  "yellow": " ".join(map(str, event.yellow)),
                  "cost": len(event.yellow) * board.yellow_cost, "cards": _plays(event.plays)}
        if event.plays:
            text = (_("{player} plays {cards}; rolls {white}, yellow {yellow} ({cost} gold)")
                    if event.yellow else _("{player} plays {cards}; rolls {white}"))
        else:
            text = (_("{player} rolls {white}, yellow {yellow} ({cost} gold)")
                    if event.yellow else _("{player} rolls {white}"))
        return text.format(**values)
    if isinstance(event, ev.Checkpoint):
        parts = []
        for counted, pairs in ((_("score {counts}"), event.scores),
                               (_("gold {counts}"), event.gold),
                               (_("camels {counts}"), event.camels)):
            if pairs:
                parts.append(counted.format(counts=", ".join(f"{n} {v}" for n, v in pairs)))
        return _("checkpoint: {counts}").format(counts="; ".join(parts))
    parts = []
    if event.before:
        parts.append(_("plays {cards}").format(cards=_plays(event.before)))
    if event.row is None:
        taken = pgettext("move line", "no row left")
    elif event.discard:
        taken = _("takes the {row} row (+1 die: discards {card})").format(
            row=terms.row(event.row), card=terms.card(event.discard))
    else:
        taken = _("takes the {row} row").format(row=terms.row(event.row))
    # TRANSLATORS: the row taken ("takes the camels row") and what the turn did with it
    # ("takes camels", "supervisor to N4"), one step of a turn's line
    parts.append(pgettext("move line", "{row}; {action}").format(row=taken,
                                                               action=action_text(event)))
    if event.after:
        parts.append(_("plays {cards}").format(cards=_plays(event.after)))
    if event.build is not None:
        building = terms.building(event.build.building)
        if event.build.cards:
            parts.append(_("builds the {building} with {cards}").format(
                building=building, cards=", ".join(terms.cards(event.build.cards))))
        else:
            parts.append(_("builds the {building}").format(building=building))
    if event.last:
        parts.append(_("plays {cards}").format(cards=_plays(event.last)))
    # German runs the steps on from the name as one sentence (``Tina nimmt …; …``)
    return pgettext("move line", "{player}: {steps}").format(player=event.player,
                                                             steps="; ".join(parts))


def turn_text(state: GameState) -> str | None:
    """``Week 2, day 3, Ann to move.``; ``None`` when the game is over."""
    if state.phase == OVER or state.to_move is None:
        return None
    who = state.players[state.to_move].name
    if state.phase == ROLL:
        return _("Week {week}, day {day}: {player} rolls (start player).").format(
            week=state.week, day=state.day, player=who)
    return _("Week {week}, day {day}, {player} to move.").format(
        week=state.week, day=state.day, player=who)


def progress(played: Replay) -> str:
    state = played.state
    if played.complete:
        names = [state.players[s].name for s in played.winners()]
        return ngettext("complete; {names} wins", "complete; {names} win", len(names)
                        ).format(names=both(names))
    who = state.players[state.to_move].name if state.to_move is not None else "-"
    return (_("in progress: week {week}, day {day}, {player} to roll") if state.phase == ROLL
            else _("in progress: week {week}, day {day}, {player} to move")).format(
        week=state.week, day=state.day, player=who)


# --- status ------------------------------------------------------------------------------------


#: How a player's colour (Y1; the log's ``colours``) is drawn on a terminal.
COLOUR_STYLES = {"blue": "bold blue", "red": "bold red", "green": "bold green",
                 "yellow": "bold yellow"}


def colour_of(setup: Setup, seat: int) -> str | None:
    return setup.colours[seat] if 0 <= seat < len(setup.colours) else None


def player_text(setup: Setup, seat: int, name: str | None = None) -> Text:
    """``Ann (blue)``, the colour word in its colour (a terminal may show none); the name (or
    the label ``name``) alone when the log records no colours."""
    text = rich_text(setup.players[seat] if name is None else name)
    colour = colour_of(setup, seat)
    if colour is not None:
        text.append(" (").append(_colour(colour)).append(")")
    return text


def _breaks(width: int, items: Sequence[str | Text], limit: int) -> list[str]:
    """What goes before each of ``items`` after ``width`` columns: `` · ``, or a break where the
    next item would pass ``limit`` (between items, never inside one)."""
    before = []
    for i, item in enumerate(items):
        if i and width + 3 + len(item) > limit:
            before.append(" ·\n  ")
            width = 2
        else:
            before.append(" · " if i else "")
            width += 3 if i else 0
        width += len(item)
    return before


def tower_text(board: Board, state: GameState) -> Text:
    """Today's tower (:func:`_tower_line`), on as many lines as 80 columns need."""
    from rich.text import Text

    if state.phase == ROLL or all(r is None for r in state.tower):
        return Text(_("Tower:") + " ").append(
            _("not rolled yet") if state.phase == ROLL else _("empty"), style="dim")
    return Text.assemble(*_tower_line(board, state))


def _tower_line(board: Board, state: GameState) -> list[tuple[str, str]]:
    """``Tower: bag 2: 3 dice, 1 yellow · ...``, bottom to top, in styled pieces (no rich: a
    move's line shows it too)."""
    items = []
    for name, row in zip(board.rows, state.tower, strict=True):
        shown = terms.row(name)
        if row is None or not row.dice:
            items.append((f"{shown} -", "dim"))
            continue
        dice = ngettext("{n} die", "{n} dice", row.dice).format(n=row.dice)
        if row.yellow == row.dice:
            dice = _("{dice}, yellow").format(dice=dice)
        elif row.yellow:
            dice = _("{dice}, {n} yellow").format(dice=dice, n=row.yellow)
        items.append((f"{shown} {row.value}: {dice}", "bold"))
    head = _("Tower:") + " "
    pieces = [(head, "")]
    for before, item in zip(_breaks(len(head), [t for t, _s in items], WIDTH - 4), items,
                            strict=True):
        pieces += [(before, ""), item]
    return pieces


def souk_cells(board: Board, state: GameState) -> list[tuple[str, list[Text]]]:
    """Each quarter's souks: id, owner and filled/shops (✓ when complete)."""
    out = []
    for quarter in board.quarters:
        cells = []
        for si in board.souks_of(quarter):
            souk, held = board.souks[si], state.souks[si]
            t = rich_text(f"{terms.souk(souk.id)} ")
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
    items = []
    for si, shop in board.faces.get(state.supervisor, ()):
        held, souk = state.souks[si], terms.souk(board.souks[si].id)
        owner = held.owner if shop < len(held.street) and held.street[shop] else None
        if owner is None:
            items.append(rich_text(_("{souk} (empty)").format(souk=souk)))
            continue
        colour = colour_of(state.setup, owner)
        name = state.players[owner].name
        if colour is None:
            items.append(rich_text(_("{souk} ({player}'s cube)").format(souk=souk, player=name)))
        else:
            items.append(_rich(_("{souk} ({player}'s cube, {colour})"), souk=souk,
                               player=name, colour=_colour(colour)))
    if not items:
        return rich_text(_("Supervisor on {cell}").format(cell=state.supervisor))
    return _rich(_("Supervisor on {cell}, facing {shops}"), cell=state.supervisor,
                 shops=_and_text(items))


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
    labels = short_names([p.name for p in state.players])
    players = len(state.players)
    per_row = board.caravan_camels[players]
    coloured = bool(state.setup.colours)
    text = rich_text(_("Caravan {n}/{size}:").format(
        n=len(state.caravan), size=board.caravan_size(players)) + " ")
    # with colours, a caravan row a line, bottom first, each cube's owner and colour
    for r, row in enumerate(board.caravan_rows):
        if r:
            text.append("\n  " if coloured else " · ")
        text.append(f"{terms.caravan_row(row)} ")
        cubes = state.caravan[r * per_row:(r + 1) * per_row]
        for i in range(per_row):
            if i:
                text.append(" ")
            if i < len(cubes):
                text.append_text(player_text(state.setup, cubes[i], labels[cubes[i]]))
            else:
                text.append("-", style="dim")
    return text


def _players_table(state: GameState) -> Table:
    table = _table("", _("player"), (_("score"), "right"),
                   (pgettext("gold coins", "gold"), "right"), (_("camels"), "right"),
                   (_("cards"), "right"), _("buildings"), fold=True)
    start = pgettext("start player mark", "S")
    for seat, p in enumerate(state.players):
        mark = ("▶" if seat == state.to_move else "") + (start if seat == state.start else "")
        cards = str(p.cards)
        if state.setup.hands != "secret" and p.hand:
            cards += f" ({' '.join(terms.cards(p.hand))})"
        built = " ".join(terms.buildings(p.buildings)) or "-"
        kept = credit(state, seat)
        if kept:  # a cost card's credit for the next building (cost_card_credit_kept)
            built += "; " + _("kept for a building: {waived}").format(waived=kept)
        table.add_row(mark, player_text(state.setup, seat), str(p.score), str(p.gold),
                      str(p.camels), rich_text(cards), built)
    return table


def credit(state: GameState, seat: int) -> str:
    """The cost card's credit ``seat`` keeps for a later building (Y-R13), if any."""
    from asara_cli.games.yspahan.rules.engine import waived

    return waived(seat < len(state.credit_camels) and state.credit_camels[seat],
                  seat < len(state.credit_gold) and state.credit_gold[seat])


def _verdict(state: GameState) -> str:
    """``Ann wins with 62.`` or ``Ann and Ben share the win with 60.`` (Y4.7)."""
    from asara_cli.games.base import tied_best

    seats = tied_best(state.scores)
    names, best = [state.players[s].name for s in seats], state.players[seats[0]].score
    if len(names) == 1:
        return _("{player} wins with {points}.").format(player=names[0], points=best)
    return _("{players} share the win with {points}.").format(players=both(names),
                                                              points=best)


def status_view(board: Board, state: GameState, title: str, full: bool = False
                ) -> RenderableType:
    """The table after some event, within 80 columns; ``full`` adds :func:`_full`."""
    head = rich_text(title, style="bold")
    when = turn_text(state) or _("The game is over: {verdict}").format(
        verdict=_verdict(state))
    parts: list[RenderableType] = [head, rich_text(when), tower_text(board, state)]
    for quarter, cells in souk_cells(board, state):
        line = rich_text(f"{terms.good(quarter)}: ")
        fits = len(line) + sum(len(c) for c in cells) + 3 * (len(cells) - 1) <= WIDTH
        # English keeps the lines it always had, byte for byte (the console wraps them);
        # other languages' longer words are broken between souks, never inside one
        if fits or language() == SOURCE:
            parts.append(line.append_text(rich_text(" · ").join(cells)))
        else:
            for before, cell in zip(_breaks(len(line), cells, WIDTH - 2), cells, strict=True):
                line.append(before)
                line.append_text(cell)
            parts.append(line)
    parts += [supervisor_text(board, state), caravan_text(board, state), _players_table(state)]
    deck = (_("Deck {deck}, discard pile {discards}.") if state.over else
            _("Deck {deck}, discard pile {discards}. ▶ next to move, S start player."))
    parts.append(rich_text(deck.format(deck=state.deck, discards=len(state.discard)), style="dim"))
    if full:
        parts += _full(board, state)
    return group(parts)


def _full(board: Board, state: GameState) -> list[RenderableType]:
    """Every souk shop by shop, the caravan camel by camel, and the cards."""
    souks = _table(_("souk"), _("owner"), _("street-side shops"), pgettext("shop", "inner"),
                   _("points"), fold=True, title=_("Souks, shop by shop (● a cube, ○ empty)"))
    for si, souk in enumerate(board.souks):
        held = state.souks[si]
        street = " ".join(f"{'+'.join(cells)} {'●' if cube else '○'}"
                          for cells, cube in zip(souk.street, held.street, strict=True))
        owner = (rich_text("-", style="dim") if held.owner is None
                 else player_text(state.setup, held.owner))
        inner = f"{held.inner}/{souk.inner}" if souk.inner else "-"
        souks.add_row(terms.souk(souk.id), owner, street or "-", inner, str(souk.value))
    caravan = _table(pgettext("caravan", "camel"), pgettext("caravan", "row"), _("cube of"),
                     _("points on landing"), title=_("The caravan, camel by camel (Y4.1)"))
    n = len(state.players)
    for place in range(board.caravan_size(n)):
        row = board.caravan_row(n, place)
        who = (player_text(state.setup, state.caravan[place]) if place < len(state.caravan)
               else rich_text("-", style="dim"))
        caravan.add_row(ordinal(place + 1, "camel"), terms.caravan_row(board.caravan_rows[row]),
                        who, str(board.caravan_points[row]))
    parts: list[RenderableType] = [souks, caravan]
    nothing = pgettext("cards", "nothing")
    if state.setup.hands != "secret":
        none = _("no cards")
        hands = "; ".join(f"{p.name}: {', '.join(terms.cards(p.hand)) or none}"
                          for p in state.players)
        parts.append(rich_text(_("Hands (open): {hands}.").format(hands=hands)))
        left = ", ".join(pgettext("deck count", "{card} {n}").format(card=terms.card(k), n=n)
                         for k, n in state.deck_kinds if n) or nothing
        parts.append(rich_text(_("The deck holds: {cards}.").format(cards=left)))
    else:
        holds = "; ".join(ngettext("{player} holds {n} card", "{player} holds {n} cards",
                                  p.cards).format(player=p.name, n=p.cards)
                         for p in state.players)
        parts.append(rich_text(_("Hands are secret: {hands}.").format(hands=holds)))
    shown = ", ".join(terms.cards(state.discard)) or nothing
    parts.append(rich_text(_("The discard pile: {cards}.").format(cards=shown)))
    return parts


def status_dict(board: Board, state: GameState) -> dict[str, Any]:
    n = len(state.players)
    return {
        "week": state.week,
        "day": state.day,
        "phase": state.phase,
        "over": state.over,
        "to_move": None if state.to_move is None else state.players[state.to_move].name,
        "start_player": state.players[state.start].name,
        "after_event": state.events,
        "tower": [{"row": name, "value": r.value, "dice": r.dice, "yellow": r.yellow}
                  for name, r in zip(board.rows, state.tower, strict=True)
                  if r is not None and r.dice],
        "souks": [{"souk": board.souks[si].id, "quarter": board.souks[si].quarter,
                   "owner": None if held.owner is None else state.players[held.owner].name,
                   "filled": held.filled, "shops": board.souks[si].shops}
                  for si, held in enumerate(state.souks)],
        "supervisor": state.supervisor,
        "caravan": [state.players[s].name for s in state.caravan],
        "caravan_size": board.caravan_size(n),
        "deck": state.deck,
        "discard": list(state.discard),
        "players": [{"name": p.name, "colour": colour_of(state.setup, seat),
                     "score": p.score, "gold": p.gold, "camels": p.camels,
                     "cards": p.cards, "hand": list(p.hand), "hidden": p.hidden,
                     "buildings": list(p.buildings),
                     **({"kept_for_a_building": kept} if (kept := credit(state, seat)) else {})}
                    for seat, p in enumerate(state.players)],
    }


# --- score -------------------------------------------------------------------------------------


#: The sources of points (the ledger's words), in the order the score shows them, and how
#: its columns name them (``pgettext("score column", ...)``; the first space breaks the head)
_SOURCE_COLUMNS = {"building": NP_("score column", "buildings"),
                   "souk": NP_("score column", "souks"),
                   "caravan": NP_("score column", "caravan places"),
                   "caravan_full": NP_("score column", "caravan full"),
                   "caravan_week": NP_("score column", "caravan week end"),
                   "goldvp": NP_("score column", "gold card"),
                   "camelvp": NP_("score column", "camel card")}


def points_by_week(state: GameState) -> list[tuple[str, list[int]]]:
    """Each player's points after each week begun (the last week's are the final score)."""
    return [(p.name, [sum(e.points for e in state.ledger if e.player == seat and e.week <= w)
                      for w in range(1, state.week + 1)]) for seat, p in enumerate(state.players)]


def week_labels(state: GameState, shown: bool = False) -> list[str]:
    """What each column of :func:`points_by_week` is; ``shown``: translated (not for JSON)."""
    after = _("after week {week}") if shown else "after week {week}"
    so_far = _("week {week} so far (day {day})") if shown else "week {week} so far (day {day})"
    return [after.format(week=w) if w < state.week or state.over
            else so_far.format(week=w, day=state.day) for w in range(1, state.week + 1)]


def score_view(board: Board, played: Replay, title: str) -> RenderableType:
    """Every point by week: a summary per source, then each entry with its arithmetic."""
    state = played.state
    names = [p.name for p in state.players]
    parts: list[RenderableType] = [rich_text(title, style="bold")]
    summary = _table(_("player"), fold=True)
    sources = [k for k in _SOURCE_COLUMNS if any(e.source == k for e in state.ledger)]
    for k in sources:
        summary.add_column(pgettext("score column", _SOURCE_COLUMNS[k]).replace(" ", "\n", 1),
                           justify="right")
    summary.add_column(_("total"), justify="right")
    for seat, name in enumerate(names):
        mine = [e for e in state.ledger if e.player == seat]
        summary.add_row(rich_text(name), *(str(sum(e.points for e in mine if e.source == k))
                                           for k in sources), str(state.players[seat].score))
    parts.append(summary)
    for week in range(1, state.week + 1):
        entries = [e for e in state.ledger if e.week == week]
        if not entries:
            continue
        lines = _table(show_header=False, title=_("Week {week}").format(week=week),
                       title_style="bold")
        lines.add_column("day", justify="right")
        lines.add_column("player", overflow="fold", max_width=16)
        lines.add_column("points", justify="right")
        lines.add_column("for", overflow="fold")
        for e in entries:
            lines.add_row(_("day {day}").format(day=e.day), rich_text(names[e.player]),
                          f"+{e.points}", e.explanation)
        parts.append(lines)
    parts.append(rich_text(_verdict(state), style="bold") if played.complete
                 else rich_text(_("The game is not finished: totals so far."), style="dim"))
    return group(parts)


def score_dict(board: Board, played: Replay) -> dict[str, Any]:
    state = played.state
    return {
        "game": "yspahan",
        "complete": played.complete,
        "valid": played.valid,
        "winners": [state.players[s].name for s in played.winners()],
        "players": [{"name": p.name, "score": p.score,
                     "by_source": {k: sum(e.points for e in state.ledger
                                          if e.player == seat and e.source == k)
                                   for k in _SOURCE_COLUMNS}}
                    for seat, p in enumerate(state.players)],
        "weeks": [{"name": name, "after_week": running}
                  for name, running in points_by_week(state)],
        # what each entry of after_week is: a week ended, or the week being played so far
        "week_labels": week_labels(state),
        "ledger": [{"week": e.week, "day": e.day, "event": e.event,
                    "player": state.players[e.player].name, "points": e.points,
                    "source": e.source, "explanation": e.explanation} for e in state.ledger],
    }


def score_chart(played: Replay, title: str) -> RenderableType:
    rows = points_by_week(played.state)
    labels = week_labels(played.state, shown=True)
    best = max((v for _, r in rows for v in r), default=0) or 1
    width = max((len(name) for name, _ in rows), default=0)
    parts: list[RenderableType] = [rich_text(title, style="bold")]
    room = WIDTH - min(width, 20) - 14
    for week in range(len(rows[0][1]) if rows else 0):
        parts.append(rich_text(labels[week]))
        for name, running in rows:
            line = rich_text(f"  {name[:20]:<{min(width, 20)}} ")
            line.append("█" * round(running[week] * room / best), style="cyan")
            line.append(f" {running[week]}")
            parts.append(line)
    return group(parts)


# --- the week end just scored (the recording commands) -------------------------------------------


def week_end_view(board: Board, before: GameState, after: GameState) -> RenderableType:
    """The week end scored by the last turn, then where the game goes on (or its end)."""
    scored = _week_end(before, after)
    table = _table(_("player"), (_("points"), "right"), _("for"),
                   title=_("End of week {week} (Y4.5)").format(week=before.week))
    for e in scored:
        table.add_row(player_text(after.setup, e.player), f"+{e.points}", e.explanation)
    if not scored:
        table.add_row("-", "", _("no complete souk, no cube on the caravan"))
    parts: list[RenderableType] = [table]
    scores = ", ".join(f"{p.name} {p.score}" for p in after.players)
    if after.over:
        parts.append(rich_text(_("The game is over ({scores}). {verdict} Every point: asara "
                                 "score.").format(scores=scores, verdict=_verdict(after))))
    else:
        parts.append(rich_text(_("Scores: {scores}. The quarters are empty, the supervisor is "
                                 "back on {cell}; {next}").format(
            scores=scores, cell=board.centre, next=turn_text(after) or "")))
    return group(parts)


def result_line(board: Board, before: GameState, after: GameState, event: ev.Event,
                numbered: bool = True) -> str:
    """The move recorded (``#12 Ann: takes the camels row; takes camels``; a check has no
    number), then what the table moves by hand for each player it touched, and who is next."""
    from asara_cli.games.yspahan.rules.engine import moved

    lines = [f"{f'#{after.events} ' if numbered else ''}{move_text(board, event)}."]
    if isinstance(event, ev.Roll):
        line = "".join(text for text, _style in _tower_line(board, after))
        lines += ["  " + x for x in line.split("\n")]
    if not isinstance(event, ev.Checkpoint):
        lines += _touched(before, after, event, moved(board, before, event))
    week_end = _week_end(before, after)
    if week_end:
        by = {e.player: 0 for e in week_end}
        for e in week_end:
            by[e.player] += e.points
        names = ", ".join(f"{after.players[s].name} +{n}" for s, n in by.items())
        lines.append("  " + _("The week end scores apart from the move: {points} (below)."
                              ).format(points=names))
    nxt = turn_text(after)
    if nxt is not None:
        lines.append("  " + (_last_day(board, after) or nxt))
    return "\n".join(lines)


def _week_end(before: GameState, after: GameState) -> list[LedgerEntry]:
    """The points the week end scored since ``before`` (the souks and the caravan)."""
    return [e for e in after.ledger[len(before.ledger):] if e.source in (SOUK, CARAVAN_WEEK)]


def _touched(before: GameState, after: GameState, event: ev.Roll | ev.Turn,
             flows: Sequence[Flow]) -> list[str]:
    """A line per player the move touched, the mover first, and what each holds now."""
    mover = after.seat(event.player)
    # the mover's line always after a turn; after a roll only when the roll cost something
    items: dict[int, list[str]] = {} if mover is None or isinstance(event, ev.Roll) else {
        mover: []}
    for f in flows:
        amounts = []
        if f.gold:
            amounts.append(pgettext("gold coins", "{n} gold").format(n=f"{f.gold:+d}"))
        if f.camels:
            amounts.append(ngettext("{n} camel", "{n} camels", abs(f.camels)).format(
                n=f"{f.camels:+d}"))
        if f.cards:
            amounts.append(ngettext("{n} card", "{n} cards", abs(f.cards)).format(
                n=f"{f.cards:+d}"))
        items.setdefault(f.player, []).append(
            f"{', '.join(amounts)} ({f.why})" if amounts else f.why)
    for e in after.ledger[len(before.ledger):]:
        if e.source in (SOUK, CARAVAN_WEEK):
            continue
        why = re.sub(rf"\s*[:=] {e.points}$", "", e.explanation)
        items.setdefault(e.player, []).append(
            ngettext("{n} point: {why}", "{n} points: {why}", e.points).format(
                n=f"{e.points:+d}", why=why))
    out = []
    for seat, parts in items.items():
        p = after.players[seat]
        now = _("now {gold} gold, {camels}, {cards}, {points}").format(
            gold=p.gold, camels=ngettext("{n} camel", "{n} camels", p.camels).format(n=p.camels),
            cards=ngettext("{n} card", "{n} cards", p.cards).format(n=p.cards),
            points=ngettext("{n} point", "{n} points", p.score).format(n=p.score))
        out.append(f"  {p.name}: {'; '.join([*parts, now])}.")
    return out


def _last_day(board: Board, state: GameState) -> str | None:
    """The 4-player last day's order by score, said as it begins (Y5.2)."""
    last = (state.week, state.day) == (board.weeks, board.days)
    if not (last and state.phase == ROLL and len(state.players) == 4 and state.done == 0):
        return None
    order = ", ".join(f"{state.players[s].name} ({state.players[s].score})"
                      for s in state.order)
    return _("Week {week}, day {day}, the last day: turns go by score, lowest first (Y5.2; "
             "a tie goes to the one sitting farthest clockwise from yesterday's start "
             "player): {order}. {player} rolls (start player).").format(
        week=state.week, day=state.day, order=order,
        player=state.players[state.order[0]].name)


# --- the board profile ---------------------------------------------------------------------------


#: The packaged profile's description (data/standard.toml), in the catalogue so that it is
#: read in the language in use; a table's own profile says what its author wrote.
STANDARD_DESCRIPTION = N_("Yspahan, 3-4 players: the printed board, street and card sheet as "
                          "the rules reference (Y1) reads them")


def board_view(board: Board) -> RenderableType:
    description = (_(STANDARD_DESCRIPTION) if board.description == STANDARD_DESCRIPTION
                   else board.description)
    parts: list[RenderableType] = [
        rich_text(_("Board profile {profile}: {description}").format(
            profile=board.profile, description=description), style="bold"),
        rich_text(_("{least}-{most} players, {weeks} weeks of {days} days; {white} white dice + "
                    "{yellow} yellow ({cost} gold each); start: {gold} gold, {camels}.").format(
            least=board.min_players, most=board.max_players, weeks=board.weeks,
            days=board.days, white=board.white_dice, yellow=board.yellow_dice,
            cost=board.yellow_cost, gold=board.start_gold,
            camels=ngettext("{n} camel", "{n} camels", board.start_camels).format(
                n=board.start_camels))),
        rich_text(_("Tower rows, bottom to top: {rows}.").format(
            rows=", ".join(terms.row(r) for r in board.rows))),
        *street_parts(board),
    ]
    souks = _table(_("souk"), _("quarter"), _("points"), _("shops"),
                   _("street-side shops face"), pgettext("shop", "inner"), title=_("Souks (Y1.1)"))
    for s in board.souks:
        souks.add_row(terms.souk(s.id), terms.good(s.quarter), str(s.value), str(s.shops),
                      " · ".join("+".join(c) for c in s.street), str(s.inner))
    parts.append(souks)
    arms = ", ".join(f"{a}1-{a}{n}" for a, n in board.arms)
    parts.append(rich_text(_("Street: {centre} and the arms {arms}.").format(
        centre=board.centre, arms=arms)))
    per = ", ".join(ngettext("{n} player: {camels}", "{n} players: {camels}", n).format(
        n=n, camels=c) for n, c in board.caravan_camels.items())
    parts.append(rich_text(_("Caravan rows {rows}: points {points}, factors {factors}; camels per "
                             "row ({camels}).").format(
        rows=", ".join(terms.caravan_row(r) for r in board.caravan_rows),
        points=board.caravan_points, factors=board.caravan_factors, camels=per)))
    buildings = _table(_("building"), _("camels"), pgettext("gold coins", "gold"), _("bonus"),
                       title=_("Buildings (Y1.4)"))
    for b in board.buildings.values():
        buildings.add_row(terms.building(b.id), str(b.camels), str(b.gold), str(b.bonus))
    parts.append(buildings)
    parts.append(rich_text(_("Building points, 1st to {last}: {points}.").format(
        last=ordinal(len(board.building_points), "building"),
        points=", ".join(map(str, board.building_points)))))
    parts += _cards_and_switches(board)
    return group(parts)


def _cards_and_switches(board: Board) -> list[RenderableType]:
    cards = _table(_("card"), _("effect"), _("copies"), _("certainty"),
                   title=_("Cards (Y1.5): a deck of {n}").format(n=board.deck))
    for c in board.cards.values():
        cards.add_row(terms.card(c.id), terms.effect(c.effect), str(c.copies),
                      terms.certainty(c.certainty))
    switched = _table(_("switch"), _("on"), _("when on"),
                      title=_("Switches, where the rulebook is silent"))
    caps = ", ".join(f"{terms.card(c.id)} {c.cap}" for c in board.cards.values()
                     if c.cap is not None)
    for name, on in switches(board).items():
        switched.add_row(name, _("yes") if on else _("no"), _(SWITCHES[name]).format(caps=caps))
    return [cards, switched]


#: The board profile's switches, each with what ``true`` means (docs/rulings.md).
SWITCHES = {
    "caravanserai_on_card": N_("the caravanserai draws for the caravan card's cube too "
                               "(Y6.5)"),
    "cost_card_credit_kept": N_("Boardspace: a nocamels or nogold card played without a "
                                "building waives that part of a later one (Y6.12)"),
    "vp_card_caps": N_("Boardspace: goldvp and camelvp return at most their caps "
                       "({caps}), more is refused (Y1.5)"),
}


def switches(board: Board) -> dict[str, bool]:
    return {name: bool(getattr(board, name)) for name in SWITCHES}


def street_parts(board: Board) -> list[RenderableType]:
    """The street map (games/yspahan/street.py) and what it cannot show."""
    from asara_cli.games.yspahan.street import street_notes, street_text

    drawn = street_text(board)
    if not drawn:
        return []
    return [rich_text(_("The street: each cell's name, and the souk of each shop it faces "
                        "(print it: asara board --game yspahan --format svg > street.svg)"),
                      style="bold"),
            rich_text(drawn, no_wrap=True, overflow="crop"),
            *(rich_text(line) for line in street_notes(board))]


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
        "switches": switches(board),
    }


__all__ = ["board_dict", "board_view", "move_text", "progress", "result_line",
           "score_chart", "score_dict", "score_view", "status_dict", "status_view",
           "turn_text", "week_end_view"]
