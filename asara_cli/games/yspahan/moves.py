"""The legal moves of the player to move, in the words of the one-shot commands (``goods
chest chest8 N2``, ``supervisor barrel E2 --camel bag3``), each with the event it makes
(``games/base.py``: ``LegalMoves``).

A move here is a turn's first steps: a card played before taking a row (``--play``: each
kind the mover may hold, with each number, exchange, shop and card drawn its effect takes;
a second card is not listed, see :data:`FIRST`), then the action on a row: the
camels, the gold, each set of shops the cubes may go to (every one: the placements are
many, so they are grouped by row), the supervisor to each cell the mover can pay for, with
each owner's camel choice and the order of the cubes sent, and a card drawn; the row's own
action also with each kind of card discarded for a die (``--discard``). The cards played
after the action and the building are options of the same command, not listed. A card the
table has not named (hands secret) is drawn ``hidden``, and played or discarded as each kind
the hand may hold; with open hands every kind that may come is listed. The shops and the
cubes come from the sampler's own steps (``rules/sampler.py``) on a scratch table, and each
move listed has passed the referee's ``check``.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator, Sequence
from itertools import permutations, product

from asara_cli.core.i18n import N_, _
from asara_cli.games.base import LegalMove
from asara_cli.games.yspahan.codec import play_text
from asara_cli.games.yspahan.rules.board import CAMELS_ROW, GOLD_ROW, Board
from asara_cli.games.yspahan.rules.engine import _BEFORE, _Run, check, errors
from asara_cli.games.yspahan.rules.events import (
    HIDDEN,
    INNER,
    INTO_CAMELS,
    INTO_GOLD,
    Action,
    Camels,
    Draw,
    Event,
    Gold,
    Goods,
    Play,
    Send,
    Shop,
    Supervisor,
    Turn,
)
from asara_cli.games.yspahan.rules.sampler import _shops
from asara_cli.games.yspahan.rules.state import OVER, ROLL, SECRET, GameState, Table, thaw

_SECRET_CARD = N_("the card drawn is the player's secret (hands secret): drawn hidden")
#: The most cards listed played before the row: with two, a secret hand's pairs of kinds,
#: each with every shop a souk card may fill, make tens of thousands of moves.
FIRST = 1

_SECRET_HAND = N_("the hand is secret: each kind of card it may hold")
_ANY_CARD = N_("the card drawn is not known yet: each kind that may come")


def legal_moves(board: Board, state: GameState) -> tuple[LegalMove[Event], ...]:
    """Every action of the player to move on each row, in words, alone, after the cards
    played first (``--play``) and with a card discarded for a die (``--discard``); empty
    when the dice are to be rolled or the game is over."""
    if state.phase in (ROLL, OVER) or state.to_move is None:
        return ()
    t = thaw(board, state)
    seat = t.order[t.done]
    name = t.names[seat]
    found: list[LegalMove[Event]] = []
    for plays, after in _before(board, t, seat):
        head = " ".join(_join(["--play", play_text(p)]) for p in plays)
        rows = [(i, r) for i, r in enumerate(after.tower) if r is not None and r[1]]
        for index, (value, dice, _taken) in rows:
            row = board.rows[index]
            for action, words, note, discard in _actions(board, after, seat, index, row,
                                                         value, dice):
                turn = Turn(name, row, action, discard, before=plays)
                if not errors(check(board, state, turn)):
                    found.append(LegalMove(_with(words, head), turn,
                                           _group(row, action, plays, discard),
                                           note or _secret(t, seat, plays, discard)))
        if not rows:
            for card, note in _cards(after, 0):
                turn = Turn(name, None, Draw(card), before=plays)
                if not errors(check(board, state, turn)):
                    found.append(LegalMove(_with(_draw_words(card, None), head), turn,
                                           _group(None, Draw(card), plays, None),
                                           note or _secret(t, seat, plays, None)))
    order = {g: i for i, g in enumerate(dict.fromkeys(m.group for m in found))}
    return tuple(sorted(found, key=lambda m: order[m.group]))  # each group together


def _secret(t: Table, seat: int, plays: Sequence[Play], discard: str | None) -> str:
    """The note of a move with a card whose kind the table has not been told."""
    hand = t.hand[seat]
    used = [p.kind for p in plays] + ([discard] if discard is not None else [])
    return "" if all(hand.get(k, 0) > 0 for k in used) else _(_SECRET_HAND)


def _with(words: str, head: str) -> str:
    return f"{words} {head}" if head else words


def _before(board: Board, t: Table, seat: int) -> list[tuple[tuple[Play, ...], Table]]:
    """Each set of up to :data:`FIRST` cards the mover may play before taking a row (each
    kind at most once, in the order of their names), with the table after them: none
    first."""
    out: list[tuple[tuple[Play, ...], Table]] = []

    def walk(table: Table, plays: tuple[Play, ...], kinds: list[str]) -> None:
        out.append((plays, table))
        if len(plays) >= FIRST:
            return
        for i, kind in enumerate(kinds):
            for play in _plays(board, table, seat, kind):
                run = _Run(board, table.copy(), table.events + 1, [])
                run.play(seat, play, _BEFORE)
                if errors(run.out or []):  # the referee's own step refuses it here
                    continue
                walk(run.t, (*plays, play), kinds[i + 1:])

    walk(t, (), _kinds(board, t, seat))
    return out


def _kinds(board: Board, t: Table, seat: int) -> list[str]:
    """The kinds of card the mover may hold: those known, and with cards of secret kind
    (hands secret) every kind."""
    if t.hidden[seat] > 0:
        return sorted(board.cards)
    return sorted(k for k, c in t.hand[seat].items() if c > 0)


def _plays(board: Board, t: Table, seat: int, kind: str) -> list[Play]:
    """Every way to play a card of ``kind`` before the row: its number, what it exchanges
    into, the shop its cube goes to, the card a caravanserai draws."""
    ck = board.cards[kind]
    effect = ck.effect
    if effect in ("camels", "gold"):
        return [Play(kind)]
    if effect == "caravan":
        if "caravanserai" in t.built[seat] and board.caravanserai_on_card:
            scratch = t.copy()  # drawn once the caravan card is in the discard pile
            scratch.discard[kind] = scratch.discard.get(kind, 0) + 1
            return [Play(kind, card=c) for c, _ in _cards(scratch, 0)]
        return [Play(kind)]
    if effect == "souk":
        run = _Run(board, t.copy(), t.events + 1, None)
        return [Play(kind, shop=s) for q in board.quarters for s in _shops(run, seat, q)]
    if effect in ("goldvp", "camelvp"):
        have = t.gold[seat] if effect == "goldvp" else t.camels[seat]
        return [Play(kind, k=k) for k in range(1, min(have, ck.cap or have) + 1)]
    if effect == "exchange":
        return [Play(kind, k=k, into=into) for into in (INTO_GOLD, INTO_CAMELS)
                for k in range(1, (t.camels[seat] if into == INTO_GOLD else t.gold[seat]) + 1)]
    return []


def moves_note(board: Board, state: GameState) -> str | None:
    if state.phase == OVER or state.to_move is None:
        return _("the game is over: no more moves [Y4.6]")
    if state.phase == ROLL:
        who = state.setup.players[state.to_move]
        return _("{player} rolls the dice: record what they show, e.g. asara roll 1 1 3 3 5 5 "
                 "6 6 6 (--yellow for the yellow dice bought) [Y2.3]").format(player=who)
    return _("a second card played before the row (--play), cards played after the action "
             "(--after, --last) and a building (--build) are added to the words")


def _group(row: str | None, action: Action, plays: Sequence[Play], discard: str | None
           ) -> str:
    kind = {Camels: "camels", Gold: "gold", Goods: "goods", Supervisor: "supervisor",
            Draw: "draw"}[type(action)]
    name = kind if kind in ("camels", "gold") or row is None else f"{kind} {row}"
    if discard is not None:
        name += " --discard"
    return f"--play {' '.join(p.kind for p in plays)}: {name}" if plays else name


def _actions(board: Board, t: Table, seat: int, index: int, row: str, value: int, dice: int
             ) -> Iterator[tuple[Action, str, str, str | None]]:
    """Each action on the row: alone, and the row's own action with each kind of card the
    mover may discard for a die (Y2.5; for the supervisor or a draw it adds nothing)."""
    run = _Run(board, t.copy(), t.events + 1, None)
    run.t.tower[index] = None
    discards = [None, *_kinds(board, t, seat)]
    for discard in discards:
        extra = 0 if discard is None else 1
        tail = "" if discard is None else " " + _join(["--discard", discard])
        if row == CAMELS_ROW:
            yield Camels(), "camels" + tail, "", discard
        elif row == GOLD_ROW:
            yield Gold(), "gold" + tail, "", discard
        elif run.capacity(seat, row) > 0:
            scratch = run if discard is None else _Run(board, run.t.copy(), run.number, None)
            if discard is not None:
                scratch.use_card(seat, discard, "discard")
            hoist = board.buildings["hoist"].bonus if "hoist" in t.built[seat] else 0
            want = min(dice + extra + hoist, run.capacity(seat, row))
            for shops in _placements(board, scratch, seat, row, want):
                yield (Goods(shops), _join(["goods", row, *_shop_words(shops)]) + tail, "",
                       discard)
    for action, words, note in _supervisor(board, run, seat, row, value):
        yield action, words, note, None
    for card, note in _cards(run.t, 0):
        yield Draw(card), _draw_words(card, row), note, None


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
        return [(HIDDEN, _(_SECRET_CARD))] if left > 0 else [(None, "")]
    pool = t.discard if t.deck == 0 else t.deck_kinds
    kinds = sorted(k for k, c in pool.items() if c > 0)
    if not kinds:
        return [(None if t.deck == 0 else HIDDEN, "")]
    note = _(_ANY_CARD)
    return [(k, note) for k in kinds]


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
    # each owner who holds a camel when their cube is sent says whether they keep it (a
    # keep earlier in the same send counts): the command asks for that choice, never assumes
    left = dict(enumerate(t.camels))
    for s in sends:
        souk = t.board.souk_index(s.souk)
        owner = -1 if souk is None else t.owner[souk]
        if left.get(owner, 0) > 0:
            words += ["--camel" if s.camel else "--no-camel", s.souk]
            left[owner] -= s.camel
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
    """What a played turn is listed as, to compare: its player, row, the cards played
    first, the card discarded and the action, the shops of its cubes as one set (``None``
    for anything else, and for a turn with more cards played first than are listed)."""
    if not isinstance(event, Turn) or len(event.before) > FIRST:
        return None
    action = event.action
    if isinstance(action, Goods):
        return (event.player, event.row, event.before, event.discard,
                sorted(_canonical(board, s) for s in action.shops))
    return event.player, event.row, event.before, event.discard, action
