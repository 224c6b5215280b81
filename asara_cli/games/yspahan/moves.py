"""The legal moves of the player to move, in the words of the one-shot commands (``goods
chest chest8 N2``, ``supervisor barrel E2 --camel bag3``), each with the event it makes
(``games/base.py``: ``LegalMoves``).

A move here is a turn's action on a row: the camels, the gold, each set of shops the cubes
may go to (every one: the placements are many, so they are grouped by row), the supervisor
to each cell the mover can pay for, with each owner's camel choice and the order of the
cubes sent, and a card drawn. The cards played around it, the card discarded for a die and
the building are options of the same command, not listed. A card the table has not named
(hands secret) is drawn ``hidden``; with open hands every kind that may come is listed. The
shops and the cubes come from the sampler's own steps (``rules/sampler.py``) on a scratch
table, and each move listed has passed the referee's ``check``.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator, Sequence
from itertools import permutations, product

from asara_cli.games.base import LegalMove
from asara_cli.games.yspahan.rules.board import CAMELS_ROW, GOLD_ROW, Board
from asara_cli.games.yspahan.rules.engine import _Run, check, errors
from asara_cli.games.yspahan.rules.events import (
    HIDDEN,
    INNER,
    Action,
    Camels,
    Draw,
    Event,
    Gold,
    Goods,
    Send,
    Shop,
    Supervisor,
    Turn,
)
from asara_cli.games.yspahan.rules.sampler import _shops
from asara_cli.games.yspahan.rules.state import OVER, ROLL, SECRET, GameState, Table, thaw

_SECRET_CARD = "the card drawn is the player's secret (hands secret): drawn hidden"
_ANY_CARD = "the card drawn is not known yet: each kind that may come"


def legal_moves(board: Board, state: GameState) -> tuple[LegalMove[Event], ...]:
    """Every action of the player to move on each row, in words; empty when the dice are
    to be rolled or the game is over."""
    if state.phase in (ROLL, OVER) or state.to_move is None:
        return ()
    t = thaw(board, state)
    seat = t.order[t.done]
    name = t.names[seat]
    found: list[LegalMove[Event]] = []
    rows = [(i, r) for i, r in enumerate(t.tower) if r is not None and r[1]]
    for index, (value, dice, _) in rows:
        row = board.rows[index]
        for action, words, note in _actions(board, t, seat, index, row, value, dice):
            turn = Turn(name, row, action)
            if not errors(check(board, state, turn)):
                found.append(LegalMove(words, turn, _group(row, action), note))
    if not rows:
        for card, note in _cards(t, 0):
            turn = Turn(name, None, Draw(card))
            if not errors(check(board, state, turn)):
                found.append(LegalMove(_draw_words(card, None), turn, "draw", note))
    return tuple(found)


def moves_note(board: Board, state: GameState) -> str | None:
    if state.phase == OVER or state.to_move is None:
        return "the game is over: no more moves [Y4.6]"
    if state.phase == ROLL:
        who = state.setup.players[state.to_move]
        return (f"{who} rolls the dice: record what they show, e.g. asara roll 1 1 3 3 5 5 6 "
                f"6 6 (--yellow for the yellow dice bought) [Y2.3]")
    return ("each action without the cards played around it, the card discarded for a die "
            "(--discard) or a building (--build): add them to the words")


def _group(row: str, action: Action) -> str:
    kind = {Camels: "camels", Gold: "gold", Goods: "goods", Supervisor: "supervisor",
            Draw: "draw"}[type(action)]
    return kind if kind in ("camels", "gold") else f"{kind} {row}"


def _actions(board: Board, t: Table, seat: int, index: int, row: str, value: int, dice: int
             ) -> Iterator[tuple[Action, str, str]]:
    run = _Run(board, t.copy(), t.events + 1, None)
    run.t.tower[index] = None
    if row == CAMELS_ROW:
        yield Camels(), "camels", ""
    elif row == GOLD_ROW:
        yield Gold(), "gold", ""
    elif run.capacity(seat, row) > 0:
        hoist = board.buildings["hoist"].bonus if "hoist" in t.built[seat] else 0
        want = min(dice + hoist, run.capacity(seat, row))
        for shops in _placements(board, run, seat, row, want):
            yield Goods(shops), _join(["goods", row, *_shop_words(shops)]), ""
    yield from _supervisor(board, run, seat, row, value)
    for card, note in _cards(run.t, 0):
        yield Draw(card), _draw_words(card, row), note


def _placements(board: Board, run: _Run, seat: int, row: str, want: int
                ) -> list[tuple[Shop, ...]]:
    """Every set of ``want`` shops the cubes may go to, one cube after another (Y3.4);
    each set once, whatever the order its cubes were put in."""
    found: dict[tuple[tuple[str, int], ...], tuple[Shop, ...]] = {}
    seen: set[tuple[tuple[str, int], ...]] = set()

    def walk(r: _Run, placed: tuple[Shop, ...]) -> None:
        key = tuple(sorted(_canonical(board, s) for s in placed))
        if key in seen:  # the same cubes put in another order: the same table
            return
        seen.add(key)
        if len(placed) == want:
            found[key] = placed
            return
        for shop in _shops(r, seat, row):
            nxt = _Run(board, r.t.copy(), r.number, None)
            nxt.place(seat, shop, row)
            walk(nxt, (*placed, shop))

    walk(run, ())
    return list(found.values())


def _canonical(board: Board, shop: Shop) -> tuple[str, int]:
    """A shop as its souk and its place there (a corner shop faces two cells: one shop)."""
    souk = board.souk(shop.souk)
    assert souk is not None
    if shop.cell == INNER:
        return shop.souk, -1
    return shop.souk, next(i for i, cells in enumerate(souk.street) if shop.cell in cells)


def _shop_words(shops: Sequence[Shop]) -> list[str]:
    return [w for s in shops for w in (s.souk, "inner" if s.cell == INNER else s.cell)]


def _cards(t: Table, drawn: int) -> list[tuple[str | None, str]]:
    """The cards a draw may bring (``drawn``: cards drawn earlier in the move), each with
    what the table has not told."""
    if t.setup.hands == SECRET:
        left = t.deck + sum(t.discard.values()) - drawn
        return [(HIDDEN, _SECRET_CARD)] if left > 0 else [(None, "")]
    pool = t.discard if t.deck == 0 else t.deck_kinds
    kinds = sorted(k for k, c in pool.items() if c > 0)
    if not kinds:
        return [(None if t.deck == 0 else HIDDEN, "")]
    return [(k, _ANY_CARD) for k in kinds]


def _supervisor(board: Board, run: _Run, seat: int, row: str, value: int
                ) -> Iterator[tuple[Action, str, str]]:
    """The supervisor to every cell the mover can pay for; the cubes facing it sent in
    each order, each owner keeping it for a camel or not, each caravanserai's card."""
    t = run.t
    free = board.buildings["bath"].bonus if "bath" in t.built[seat] else 0
    for to in board.cells:
        if max(0, abs(board.distance(t.supervisor, to) - value) - free) > t.gold[seat]:
            continue
        waiting = [s for s, i in board.faces[to] if t.street[s][i]]
        for order in permutations(waiting):
            camels = [(False, True) if t.camels[t.owner[s]] > 0 else (False,) for s in order]
            for kept in product(*camels):
                for cards in _draws(t, order):
                    sends = tuple(Send(board.souks[s].id, k, c)
                                  for s, k, (c, _) in zip(order, kept, cards, strict=True))
                    note = next((n for _, n in cards if n), "")
                    yield Supervisor(to, sends), _supervisor_words(t, row, to, sends), note


def _draws(t: Table, order: Sequence[int]) -> list[list[tuple[str | None, str]]]:
    """The cards the caravanserais draw for the cubes sent in ``order`` (none for a cube
    whose owner has none)."""
    options = []
    drawn = 0
    for s in order:
        if "caravanserai" in t.built[t.owner[s]]:
            options.append(_cards(t, drawn))
            drawn += 1
        else:
            options.append([(None, "")])
    return [list(c) for c in product(*options)]


def _supervisor_words(t: Table, row: str, to: str, sends: Sequence[Send]) -> str:
    words = ["supervisor", row, to]
    if len(sends) > 1:
        for s in sends:
            words += ["--order", s.souk]
    for s in sends:
        if s.camel:
            words += ["--camel", s.souk]
    if t.setup.hands != SECRET:
        for s in sends:
            if s.card is not None:
                words += ["--draws", s.card]
    return _join(words)


def _draw_words(card: str | None, row: str | None) -> str:
    words = ["draw"]
    if card is None:
        words.append("none")
    elif card != HIDDEN:
        words.append(card)
    return _join(words + ([] if row is None else ["--row", row]))


def _join(words: list[str]) -> str:
    return shlex.join(words)


def core(board: Board, event: object) -> object | None:
    """What a played turn is listed as, to compare: its player, row and action, the shops
    of its cubes as one set (``None`` for anything else, and for a turn whose cards played
    first or discard changed what the row could do)."""
    if not isinstance(event, Turn) or event.before or event.discard is not None:
        return None
    action = event.action
    if isinstance(action, Goods):
        return event.player, event.row, sorted(_canonical(board, s) for s in action.shops)
    return event.player, event.row, action
